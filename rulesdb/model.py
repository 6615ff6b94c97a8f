"""Values the rules database returns. Frozen: a caller can hold them without copying."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesdb.keys import key_of

__all__ = ["Statement", "Reference", "SectionView"]


@dataclass(frozen=True)
class Statement:
    doc_id: str
    section_id: str
    n: int  # position inside its section, from 1
    kind: str  # rule, definition, formula, procedure, entry, table_row, references, ...
    text: str  # verbatim from the source (list items included, lines joined by "\n")
    label: str = ""  # the marker or key of a key/value block ("Backpack", "Tie rule")
    items: tuple[str, ...] = ()  # list items / procedure steps, each verbatim

    @property
    def key(self) -> str:
        return key_of(self.doc_id, self.section_id)


@dataclass(frozen=True)
class Reference:
    from_doc: str
    from_section: str | None  # None: the document's metadata (e.g. "Used by")
    to_doc: str | None  # None when only a rule name is known ("Calculate Defense")
    to_section: str | None
    to_name: str  # the words the source used
    how: str  # "explicit" (References:/Reference) or "in_text" ("according to 07_DUNGEON_BOMBS")
    loaded: bool  # is to_doc a loaded document?


@dataclass(frozen=True)
class SectionView:
    doc_id: str
    section_id: str
    title: str
    position: int
    inferred: bool
    statements: tuple[Statement, ...] = ()
    variables: tuple[tuple[str, str], ...] = ()  # (name, value) defined in this section
    references: tuple[Reference, ...] = ()
    sources: tuple[str, ...] = field(default=())  # source files this section was read from

    @property
    def key(self) -> str:
        return key_of(self.doc_id, self.section_id)
