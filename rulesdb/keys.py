"""The rule documents' own citation form, `DOC_ID > SECTION_ID`: read by every command that cites a rule, so it
loads nothing else (the rules database is opened only by the commands that read it)."""

from __future__ import annotations

__all__ = ["key_of", "split_key"]


def key_of(doc_id: str, section_id: str) -> str:
    """The rule documents' own citation form: `08_LOOT_AND_INVENTORY > PLOT_ARMOR`."""
    return f"{doc_id} > {section_id}"


def split_key(key: str) -> tuple[str, str]:
    """(doc_id, section_id) of a key written by key_of."""
    doc_id, _, section_id = key.partition(" > ")
    return doc_id, section_id
