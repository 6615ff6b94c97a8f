"""What every ruling, interpretation and refusal points at: a Citation, one statement of the loaded rules, verbatim,
cited as `DOC_ID > SECTION_ID` (the quotes themselves are in referee/citations.py); and an AppliedInterpretation, a
named reading of the register (referee/interpretations.py) where the rules are silent or ambiguous."""

from __future__ import annotations

from referee.records import Record, field
from rulesdb.keys import split_key

__all__ = ["Citation", "AppliedInterpretation"]


class Citation(Record, frozen=True):
    """One statement of the loaded rules, verbatim: cited as `DOC > SECTION` (its `key`)."""

    key: str
    quote: str

    @property
    def doc_id(self) -> str:
        return split_key(self.key)[0]

    @property
    def section_id(self) -> str:
        return split_key(self.key)[1]


class AppliedInterpretation(Record, frozen=True):
    """A named reading of an ambiguous rule that decided (part of) a ruling: the entry's id and question, the reading
    in force in this game (the default or the table's choice) and what it says."""

    id: str
    question: str
    reading: str
    text: str
    is_default: bool = field(name="default")
