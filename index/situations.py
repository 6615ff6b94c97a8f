"""The rulebook's back-of-the-book index (index/rulebook_index.tsv): situations -> sections.

Players name a situation ("looted a dead guy's sword", "the deck ran out") more often than a
rule term. A printed rulebook answers that with an index at the back: "corpse, looting a -> Loot
Opportunities". `rulebook_index.tsv` is that index, one entry a line:

    KEY<TAB>phrase<TAB># optional comment

It is searched as one more field of its section's head document (field "situations", built in
`index.store.documents`), never quoted: quotes stay verbatim rule statements. Both sides cut the
text the same way: the question's words minus the words of how people ask (QUERY_STOPWORDS),
through the rules' stemmer (`index.schema.situation_analyzer` for the entries,
`situation_sequence` for a question), so "take stuff from someone who died" is indexed as the
words a question about it keeps: take, die.

The file's content is part of the index's cache key (`data_hash`, with the glossary and the
word rules of index/text.py): edit an entry and the next lookup builds a fresh index.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from index.text import CLAUSE_BREAK, QUERY_STOPWORDS, stem

__all__ = ["RULEBOOK_INDEX", "ENTRY_BREAK", "load_entries", "data_hash", "situation_sequence", "situation_text"]

RULEBOOK_INDEX = Path(__file__).parent / "rulebook_index.tsv"

# Between two entries in the field: a token no question contains, so a phrase never runs from
# the end of one entry into the start of the next.
ENTRY_BREAK = "zzentryzz"

_hash_cache: dict[tuple, str] = {}


def _path(path: Path | None) -> Path:
    return Path(path) if path is not None else RULEBOOK_INDEX


def load_entries(path: Path | None = None) -> dict[str, list[str]]:
    """key -> phrases, in file order. A missing file is an empty index, not an error."""
    try:
        text = _path(path).read_text(encoding="utf-8")
    except OSError:
        return {}
    entries: dict[str, list[str]] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 2:
            continue
        key = " > ".join(part.strip() for part in parts[0].split(">"))
        phrase = parts[1].strip()
        if key and phrase and not phrase.startswith("#"):
            entries.setdefault(key, []).append(phrase)
    return entries


# Besides the rules and the rulebook index, an index is built from the glossary (the speller's
# protected words) and the word rules of index/text.py (stopwords, stemming): a change to any
# of them keys a fresh index, as a change to the rulebook index does.
_BUILT_FROM = (Path(__file__).parent / "glossary.txt", Path(__file__).parent / "text.py")


def data_hash(path: Path | None = None) -> str:
    """Short content hash of the rulebook index ("none" when it is missing) and of the files the
    index is built from besides the rules (`_BUILT_FROM`); cached per (mtime, size)."""
    files = (_path(path), *_BUILT_FROM)
    try:
        token = tuple((str(f), os.stat(f).st_mtime_ns, os.stat(f).st_size) for f in files)
    except OSError:
        return "none"
    found = _hash_cache.get(token)
    if found is None:
        digest = hashlib.sha256()
        for f in files:
            digest.update(f.read_bytes())
        found = digest.hexdigest()[:12]
        if len(_hash_cache) > 16:
            _hash_cache.clear()
        _hash_cache[token] = found
    return found


def situation_sequence(tokens: list[str]) -> tuple[str, ...]:
    """A question's words (`clause_words`, spelling fixed) as the entries were cut: the words of
    asking dropped, the rest stemmed, CLAUSE_BREAK kept (a pair of words across it is no phrase
    of the question)."""
    return tuple(t if t == CLAUSE_BREAK else stem(t) for t in tokens if t not in QUERY_STOPWORDS)


def situation_text(phrases) -> str:
    """One section's entries as the text of its "situations" field."""
    return f" {ENTRY_BREAK} ".join(phrases)
