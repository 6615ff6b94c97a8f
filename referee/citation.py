"""A Citation: one statement of the loaded rules, verbatim, cited as `DOC_ID > SECTION_ID` (what every ruling,
interpretation and refusal points at; the quotes themselves are in referee/citations.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rulesdb.model import key_of, split_key

__all__ = ["Citation"]


@dataclass(frozen=True)
class Citation:
    """One statement of the loaded rules, verbatim: cited as `DOC > SECTION`."""

    doc_id: str
    section_id: str
    quote: str

    @property
    def key(self) -> str:
        return key_of(self.doc_id, self.section_id)

    def to_json(self) -> dict:
        return {"key": self.key, "quote": self.quote}

    @classmethod
    def from_json(cls, data: dict) -> "Citation":
        return cls(*split_key(data["key"]), data["quote"])
