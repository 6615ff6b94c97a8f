"""Each term's BM25F scores, computed once when the index is built and read back by lookups without Whoosh.

A term's scores depend on the index only, never on the question. `build` indexes the documents field by field
as the Whoosh index did (the same tokens: `index.text.words`, the field's stopwords dropped and the positions
closed up over them, `index.text.stem`; the same statistics: document frequency, field lengths stored as Whoosh
stores them, one byte each) and scores every posting with Whoosh's own BM25F formula (`whoosh.scoring.bm25`,
K1 1.2, B 0.75, B 0 on the rulebook index's field: see `index.corpus`). A lookup then reads a term's postings
(`Postings.matches`) from the index's tables, unpacked when asked for: a cold lookup imports no Whoosh
module besides its stemmer and opens no Whoosh index (Whoosh's imports and the opening of its index were about a
third of every cold `referee ask`).

A phrase matches a document whose field says its words at consecutive positions and scores the sum of its words'
scores there, as Whoosh's `Phrase` query (slop 1) does: the intersection of its terms' postings, scored as a
binary tree of sums (`whoosh.util.make_binary_tree`: a + (b + c)). tests/test_lookup.py checks every term and
the rules' phrases against a Whoosh index built from the same documents.
"""

from __future__ import annotations

import math
from array import array
from itertools import accumulate

from index.text import INDEX_STOPWORDS, QUERY_STOPWORDS, stem, words

__all__ = ["FIELDS", "Postings", "build"]

# The searched fields and the words each one drops before stemming: the rules' text drops only function words; the
# players' phrases (the rulebook index's entries, the statements' own questions) also drop the words of asking, as a
# question does (`index.situations`). B: BM25's length normalization of the field.
FIELDS = {
    "title": (INDEX_STOPWORDS, 0.75),
    "body": (INDEX_STOPWORDS, 0.75),
    "terms": (INDEX_STOPWORDS, 0.75),
    "whole": (INDEX_STOPWORDS, 0.75),
    # No length normalization: only the 89 section heads carry this field, so its average length over all
    # documents is a fraction of any head's, and with the usual B a word said seven times would count nearly
    # seven times. A section's entries are the ways players ask about it; more of them dilute nothing.
    "situations": (QUERY_STOPWORDS, 0.0),
    "asked": (QUERY_STOPWORDS, 0.75),
}
K1 = 1.2

# One term's postings, packed: how many documents, then their numbers (uint32), their scores (float64), how many
# positions each has (uint32) and the positions (uint32), in document order.
_UINT, _FLOAT = "I", "d"
_UINT_SIZE, _FLOAT_SIZE = array(_UINT).itemsize, array(_FLOAT).itemsize


def field_tokens(text: str, stopwords: frozenset[str]) -> list[str]:
    """A field's value as it is indexed and searched: its words without `stopwords`, stemmed; a word's position
    is its place in this list."""
    return [stem(w) for w in words(text) if w not in stopwords]


def build(documents: list[dict]) -> dict[str, dict[str, bytes]]:
    """field -> term -> its packed postings, for documents numbered by their place in `documents`."""
    from index.compat import whoosh_compat

    whoosh_compat()  # whoosh.compat without its urllib.request import
    from whoosh.scoring import bm25
    from whoosh.util.numeric import byte_to_length, length_to_byte

    count = len(documents)
    out: dict[str, dict[str, bytes]] = {}
    for field, (stopwords, b) in FIELDS.items():
        postings: dict[str, list[tuple[int, list[int]]]] = {}
        lengths: dict[int, int] = {}
        total = 0
        for docnum, doc in enumerate(documents):
            value = doc.get(field)
            if not value:
                continue
            positions: dict[str, list[int]] = {}
            tokens = field_tokens(value, stopwords)
            for position, token in enumerate(tokens):
                positions.setdefault(token, []).append(position)
            for token, found in positions.items():
                postings.setdefault(token, []).append((docnum, found))
            if tokens:
                lengths[docnum] = byte_to_length(length_to_byte(len(tokens)))  # as Whoosh keeps it: one byte
                total += len(tokens)
        average = total / (count or 1) or 1
        packed: dict[str, bytes] = {}
        for token in sorted(postings):
            said = postings[token]
            idf = math.log(count / (len(said) + 1)) + 1
            scores = [bm25(idf, float(len(found)), lengths[docnum], average, b, K1) for docnum, found in said]
            packed[token] = b"".join((
                array(_UINT, [len(said)]).tobytes(),
                array(_UINT, [docnum for docnum, _found in said]).tobytes(),
                array(_FLOAT, scores).tobytes(),
                array(_UINT, [len(found) for _docnum, found in said]).tobytes(),
                array(_UINT, [p for _docnum, found in said for p in found]).tobytes(),
            ))
        out[field] = packed
    return out


class Postings:
    """The packed postings of `build`, unpacked per term as asked (`index.corpus.Corpus.matches` keeps the
    scores asked for)."""

    def __init__(self, packed: dict[str, dict[str, bytes]]):
        self._packed = packed

    def _read(self, field: str, term: str, positions: bool = False):
        """(docnum -> score, in document order; with `positions`, docnum -> where its positions start and end
        in the flat list, and that list) of one term; empty when the field never says it."""
        packed = self._packed.get(field, {}).get(term)
        if packed is None:
            return {}, {}, []
        view = memoryview(packed)
        size = view[:_UINT_SIZE].cast(_UINT)[0]
        at = _UINT_SIZE
        docs = view[at:at + size * _UINT_SIZE].cast(_UINT).tolist()
        at += size * _UINT_SIZE
        scores = dict(zip(docs, view[at:at + size * _FLOAT_SIZE].cast(_FLOAT).tolist()))
        if not positions:
            return scores, None, None
        at += size * _FLOAT_SIZE
        ends = list(accumulate(view[at:at + size * _UINT_SIZE].cast(_UINT).tolist()))
        at += size * _UINT_SIZE
        spans = dict(zip(docs, zip([0, *ends[:-1]], ends)))
        return scores, spans, view[at:].cast(_UINT).tolist()

    def matches(self, field: str, terms: tuple[str, ...]) -> dict[int, float]:
        """docnum -> score, in document order: of the term, or of the phrase when `terms` holds several words."""
        if len(terms) == 1:
            return self._read(field, terms[0])[0]
        read = [self._read(field, term, positions=True) for term in terms]
        if any(not scores for scores, _spans, _flat in read):
            return {}
        found: dict[int, float] = {}
        first_scores, first_spans, first_flat = read[0]
        for docnum in first_scores:
            if not all(docnum in scores for scores, _spans, _flat in read[1:]):
                continue
            later = []
            for _scores, spans, flat in read[1:]:
                start, end = spans[docnum]
                later.append(frozenset(flat[start:end]))
            start, end = first_spans[docnum]
            if any(all(p + i in positions for i, positions in enumerate(later, 1)) for p in first_flat[start:end]):
                found[docnum] = _tree_sum([scores[docnum] for scores, _spans, _flat in read])
        return found


def _tree_sum(values: list[float]) -> float:
    """The sum as Whoosh's intersection of a phrase's terms adds it: halves first, left + right."""
    if len(values) == 1:
        return values[0]
    half = len(values) // 2
    return _tree_sum(values[:half]) + _tree_sum(values[half:])
