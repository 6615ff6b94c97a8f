"""Spelling correction against the rules' own (unstemmed) vocabulary.

A deletion index (SymSpell-style): every word and each of its one-letter deletions point
back to the word, so a typo finds its candidates by lookup instead of by scanning the
vocabulary. A letter swap ("sowrd") is one deletion away on both sides, so it is found too.
Candidates are then ranked by true edit distance (adjacent swaps count one) and frequency.

A word's deletions cost the square of its length, so words longer than any a player types
(LONGEST_WORD letters) are neither indexed nor corrected: a rule document with a 300 KB "word"
would otherwise cost tens of gigabytes.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from index.text import QUERY_STOPWORDS

__all__ = ["Corrector", "edit_distance", "LONGEST_WORD", "speller_vocabulary"]

LONGEST_WORD = 24  # the rules' longest word has 13 letters; English's common ones stay under 24


_RUNS = re.compile(r"(.)\1{2,}")


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class _Packed:
    """A deletion index read from `Corrector.packed_deletions`: `get` as a dict's, by bisection."""

    def __init__(self, keys: str, words: str):
        self._keys = keys.split("\n") if keys else []
        self._words = words.split("\n") if keys else []

    def get(self, key: str, default=()):
        at = bisect_left(self._keys, key)
        if at < len(self._keys) and self._keys[at] == key:
            return self._words[at].split(" ")
        return default


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Optimal-string-alignment distance (Damerau: a swap of neighbours is one edit)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


class Corrector:
    def __init__(self, frequencies: dict[str, int], protected=(), deletions: tuple[str, str] | None = None):
        """`deletions`: the deletion index of these `frequencies` as `packed_deletions` made it when the index
        was built (read only when a word is looked up); without it the index is made when first needed."""
        self.frequencies = frequencies
        self.protected = frozenset(protected)  # real words, never "corrected"
        self._index: dict[str, list[str]] | None = None
        self._deletions = deletions

    def packed_deletions(self) -> tuple[str, str] | None:
        """The deletion index as two texts, one line per key, sorted: the keys, and the words each comes from
        (space-separated). Read back (`_Packed`) it splits two strings instead of building 9,000 lists. None
        when a word holds a space or a line break (never a word of `index.text.words`)."""
        index = self._deletion_index()
        if any(" " in word or "\n" in word for word in self.frequencies):
            return None
        keys = sorted(index)
        return "\n".join(keys), "\n".join(" ".join(index[key]) for key in keys)

    def _deletion_index(self) -> dict[str, list[str]]:
        if self._index is None and self._deletions is not None:
            self._index = _Packed(*self._deletions)
        if self._index is None:
            index: dict[str, list[str]] = {}
            for word in self.frequencies:
                if 3 <= len(word) <= LONGEST_WORD:
                    index.setdefault(word, []).append(word)
                    for d in _deletes(word):
                        index.setdefault(d, []).append(word)
            self._index = index
        return self._index

    def known(self, word: str) -> bool:
        return word in self.frequencies

    def candidates(self, word: str, max_distance: int = 2) -> list[str]:
        """Known words near `word`, best first (distance, then how common)."""
        if len(word) > LONGEST_WORD:
            return []
        index = self._deletion_index()
        probes = {word} | _deletes(word)
        found: set[str] = set()
        for probe in probes:
            found.update(index.get(probe, ()))
        scored = []
        letters = sorted(word)
        for cand in found:
            distance = edit_distance(word, cand, max_distance)
            if distance <= max_distance:
                # At equal distance, the same letters in another order first: fingers swap
                # neighbours more often than a word loses or gains a letter ("diec": dice, not die).
                scored.append((distance, sorted(cand) != letters, -self.frequencies.get(cand, 0), cand))
        return [cand for *_, cand in sorted(scored)]

    def near(self, word: str, max_distance: int = 2) -> bool:
        """Whether any known word is within `max_distance` of `word`: `candidates` is not empty."""
        if len(word) > LONGEST_WORD:
            return False
        index = self._deletion_index()
        if max_distance >= 2:
            # A word met through the deletion index shares the word or one of its deletions: one deletion on
            # each side at most, so within two edits (Levenshtein, which this distance never exceeds).
            return any(index.get(probe) for probe in {word} | _deletes(word))
        seen: set[str] = set()
        for probe in {word} | _deletes(word):
            for cand in index.get(probe, ()):
                if cand not in seen:
                    seen.add(cand)
                    if edit_distance(word, cand, max_distance) <= max_distance:
                        return True
        return False

    def correct(self, word: str) -> str | None:
        """The word meant, if `word` is unknown and one correction stands out; else None."""
        if not 3 <= len(word) <= LONGEST_WORD or word in self.frequencies or word in self.protected or not word.isalpha():
            return None
        # A key held down ("loooted"): a run of three or more letters is two in English.
        squeezed = _RUNS.sub(r"\1\1", word)
        if squeezed != word:
            return self.correct(squeezed) or squeezed
        # Short words tolerate one edit; "sheild" or "diffrent" may need a swap or two.
        limit = 1 if len(word) <= 5 else 2
        found = self.candidates(word, limit)
        return found[0] if found else None


def speller_vocabulary(frequencies: dict[str, int], lexicon) -> dict[str, int]:
    """The words the speller knows and how common each is: the index's words, and the slang and the
    words of asking (index.lexicon.Lexicon's vocabulary, QUERY_STOPWORDS), counted as very common."""
    vocabulary = dict(frequencies)
    for word in lexicon.vocabulary | QUERY_STOPWORDS:
        vocabulary[word] = vocabulary.get(word, 0) + 1000
    return vocabulary
