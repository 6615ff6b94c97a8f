"""The rulebook's back-of-the-book index (index/rulebook_index.tsv): situations -> sections.

Players name a situation ("looted a dead guy's sword", "the deck ran out") more often than a
rule term. A printed rulebook answers that with an index at the back: "corpse, looting a -> Loot
Opportunities". `rulebook_index.tsv` is that index, one entry a line:

    KEY<TAB>phrase<TAB># optional comment

It is searched as one more field of its section's head document (field "situations", built in
`index.store.documents`), never quoted: quotes stay verbatim rule statements. Both sides cut the
text the same way (`situation_stems`): the question's words minus the words of how people ask
(QUERY_STOPWORDS), through the rules' stemmer, so "take stuff from someone who died" is indexed
as the words a question about it keeps: take, die.

The file's content is part of the index's cache key (`data_hash`): edit an entry and the next
lookup builds a fresh index.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from index.text import CLAUSE_BREAK, QUERY_STOPWORDS, clean, stem, words

__all__ = ["RULEBOOK_INDEX", "ENTRY_BREAK", "load_entries", "data_hash", "situation_stems", "situation_sequence", "situation_text"]

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


def data_hash(path: Path | None = None) -> str:
    """Short content hash of the index file ("none" when it is missing); cached per (mtime, size)."""
    path = _path(path)
    try:
        st = os.stat(path)
    except OSError:
        return "none"
    token = (str(path), st.st_mtime_ns, st.st_size)
    found = _hash_cache.get(token)
    if found is None:
        found = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        if len(_hash_cache) > 16:
            _hash_cache.clear()
        _hash_cache[token] = found
    return found


def situation_stems(text: str) -> tuple[str, ...]:
    """The words of a situation as both the index and the question side see them."""
    return tuple(stem(w) for w in words(clean(text)) if w not in QUERY_STOPWORDS)


def situation_sequence(tokens: list[str]) -> tuple[str, ...]:
    """A question's words (`clause_words`, spelling fixed) as `situation_stems` cuts them, with
    CLAUSE_BREAK kept: a pair of words across it is no phrase of the question."""
    return tuple(t if t == CLAUSE_BREAK else stem(t) for t in tokens if t not in QUERY_STOPWORDS)


def situation_text(phrases) -> str:
    """One section's entries as the text of its "situations" field."""
    return f" {ENTRY_BREAK} ".join(phrases)
