"""Which section, and which of its statements, do players' questions with these words mean? Naive Bayes
over players' questions whose answer is known.

The ranker (index.ranking) matches the question's words against the rules' words; it cannot tell
which of two sections that both say them a player asking this way means ("what happens when I die":
DEATH, or LOOT_AND_DEATH_INTERRUPTION), nor which of a section's sentences decides. Two classifiers
learn that from questions players asked with their answer:
- sections (`section_rows`): the bench's blind sets once read (index/section_questions.tsv, counted
  `BENCH_QUESTION_WEIGHT` times: a writer chose the section for the whole question), the statement
  questions, the rulebook index's entries and the rules' own statements. Its log-likelihoods are
  added to the ranker's scores (`Weights.classifier`); it never finds a section the ranker did not.
- statements (`statement_rows`, labels `statement_label`): the same questions, each with the
  statements its note or its writer's deciding passages name, and the statements' own text. Quoting
  weighs it in (`Weights.classifier_quote`).

Features: the question's stems without the words of asking (`situation_sequence`, as the rulebook
index's field is searched) and each pair of neighbouring stems in one clause ("run out" is not "run"
and "out"). Each question counts a feature once. Counts are built with the index (`index.store`)
and kept in its tables; smoothing (`Weights.classifier_smoothing`) is applied when scoring, so it
can be tuned without a rebuild.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from collections.abc import Mapping

from index.situations import (
    SECTION_QUESTIONS, STATEMENT_QUESTIONS, entry_lines, entry_rows, situation_sequence, statement_phrases,
)
from index.text import CLAUSE_BREAK, SKIPPED_KINDS, clause_words

__all__ = ["Classifier", "bench_questions", "features", "section_rows", "statement_label", "statement_rows"]

# A bench question's writer chose its section (and deciding passages) for the whole question; a
# statement question or an index entry was written for one statement or phrase. Measured on the
# bench (leave one set out): 1 -> 0.923, 2 -> 0.927, 3 -> 0.929 top-1 over the read sets; 2 keeps
# the other rows' voice.
BENCH_QUESTION_WEIGHT = 2.0


def features(sequence) -> frozenset[str]:
    """A question's features from its `situation_sequence`: each stem, and each pair of neighbouring
    stems of one clause joined by a space (a stem never holds one)."""
    found = {s for s in sequence if s != CLAUSE_BREAK}
    found.update(f"{a} {b}" for a, b in zip(sequence, sequence[1:]) if CLAUSE_BREAK not in (a, b) and a != b)
    return frozenset(found)


def section_rows(db, leave_out: str | None = None) -> list[tuple[str, str, float]]:
    """(section key, text, weight) for the sections of `db`: the three files of players' questions
    and the rules' own statements (a rule's sentence asked as a question still finds its section:
    measured 346 -> 406 of 439 with them, players' questions unchanged). Without the rows of the
    bench set `leave_out` (the bench scoring that set)."""
    known = {view.key for view in db.sections()}
    rows = []
    for key, text, set_name, _passages in bench_questions():
        if key in known and set_name != leave_out:
            rows.append((key, text, BENCH_QUESTION_WEIGHT))
    for path in (STATEMENT_QUESTIONS, None):
        rows.extend((key, text, 1.0) for key, text, _note in entry_lines(path) if key in known)
    rows.extend((st.key, _statement_text(st), 1.0) for st in _quotable(db))
    return rows


def statement_label(key: str, n: int) -> str:
    return f"{key}#{n}"


def statement_rows(db, noted=None, leave_out: str | None = None) -> list[tuple[str, str, float]]:
    """(`statement_label`, text, weight): each statement question and rulebook-index entry for the
    statements its note names (`noted_entries`, computed when not given), each bench question for the
    statements of its section holding a passage its writer said decides it, and each statement's own
    text. Without the bench set `leave_out`."""
    from index.situations import noted_entries

    quotable = _quotable(db)
    by_section: dict[str, list] = {}
    for st in quotable:
        by_section.setdefault(st.key, []).append(st)
    if noted is None:
        noted = noted_entries(lambda key: by_section.get(key, []))
    rows = [(statement_label(*labelled), text, 1.0) for labelled, texts in statement_phrases(noted).items() for text in texts]
    rows.extend((statement_label(st.key, st.n), _statement_text(st), 1.0) for st in quotable)
    for key, text, set_name, passages in bench_questions():
        if set_name == leave_out:
            continue
        for st in by_section.get(key, ()):
            said = " ".join(_statement_text(st).split())
            if any(passage in said for passage in passages):
                rows.append((statement_label(key, st.n), text, BENCH_QUESTION_WEIGHT))
    return rows


def _quotable(db) -> list:
    return [st for st in db.statements() if st.kind not in SKIPPED_KINDS]


def _statement_text(statement) -> str:
    return " ".join((statement.text, *statement.items))


def bench_questions() -> list[tuple[str, str, str, list[str]]]:
    """(section key, question, set name, deciding passages) per row of index/section_questions.tsv."""
    return [(key, question, (note.split() or [""])[0], list(passages))
            for key, question, note, passages in entry_rows(SECTION_QUESTIONS)]


class Classifier:
    """Per feature, how many of each label's (section's or statement's) questions say it; per label,
    all its questions' features. Kept in the index's tables (`index.store`, read on every cold lookup),
    so compactly: labels by number, each feature's counts one flat list [label, count, label, count, ...]
    packed as bytes (`to_tables`) and unpacked only for the features a question says: a cold lookup
    reads a few dozen of the 27,000 (unpacking them all, as a dict of lists, was most of a cold
    lookup's reading of its tables)."""

    def __init__(self, labels: list[str], totals: list[float], counts):
        self.labels = labels
        self.totals = totals
        self.counts = counts  # feature -> flat list; a mapping that unpacks on reading, when loaded
        self.vocabulary_size = len(counts)
        self._denominators: dict[float, list[float]] = {}  # smoothing -> per label
        self._last: tuple = (None, {})  # quoting asks once per section shown, with the same words

    @classmethod
    def from_rows(cls, rows, read: dict | None = None) -> "Classifier":
        """Counted from (label, text, weight) rows. `read`: text -> its features, filled as texts are read (the
        section and statement classifiers of one build share most of their texts: one dict for both reads
        each text once)."""
        read = {} if read is None else read
        per_feature: dict[str, dict[str, float]] = {}
        totals: dict[str, float] = {}
        for key, text, weight in rows:
            found = read.get(text)
            if found is None:
                found = read[text] = features(situation_sequence(clause_words(text)))
            for feature in found:
                per = per_feature.get(feature)
                if per is None:
                    per_feature[feature] = {key: 0.0 + weight}
                elif key in per:
                    per[key] += weight
                else:
                    per[key] = 0.0 + weight
            totals[key] = totals.get(key, 0.0) + weight * len(found)
        labels = sorted(totals)
        number = {key: i for i, key in enumerate(labels)}
        counts = {}
        for feature, per in per_feature.items():
            flat = counts[feature] = []
            for key in sorted(per):
                flat.append(number[key])
                flat.append(_compact(per[key]))
        return cls(labels, [_compact(totals[key]) for key in labels], counts)

    def to_tables(self) -> dict:
        """As kept in the index's tables (marshal): the features sorted, one per line, and each one's flat
        list packed (`_pack`), one after another, with where each one starts."""
        ordered = sorted(self.counts)
        packed = [_pack(self.counts[feature]) for feature in ordered]
        starts = array(_LABEL, [0])
        for one in packed:
            starts.append(starts[-1] + len(one))
        return {"labels": self.labels, "totals": self.totals, "features": "\n".join(ordered),
                "feature_count": len(ordered), "starts": starts.tobytes(), "counts": b"".join(packed)}

    @classmethod
    def from_tables(cls, data: dict | None) -> "Classifier":
        data = data or {}
        return cls(data.get("labels", []), data.get("totals", []), _Packed(data))

    def log_likelihoods(self, sequence, smoothing: float) -> dict[str, float]:
        """label -> log P(the question's known features | label); features no training question
        says are left out (they favour no label)."""
        asked = (tuple(sequence), smoothing)
        if self._last[0] == asked:
            return self._last[1]
        said = [self.counts[f] for f in features(sequence) if f in self.counts]
        unseen = math.log(smoothing)
        denominators = self._denominators.get(smoothing)
        if denominators is None:
            denominators = self._denominators[smoothing] = [
                math.log(total + smoothing * self.vocabulary_size) for total in self.totals
            ]
        scores = [len(said) * (unseen - denominator) for denominator in denominators]
        for flat in said:
            for i in range(0, len(flat), 2):
                scores[flat[i]] += math.log(flat[i + 1] + smoothing) - unseen
        found = dict(zip(self.labels, scores))
        self._last = (asked, found)
        return found


# A feature's flat list packed: its labels (unsigned 32-bit), then its counts (64-bit floats: every
# count exactly as counted), in this machine's byte order (the tables say which; another is stale).
_LABEL, _COUNT = "I", "d"


def _pack(flat: list) -> bytes:
    return array(_LABEL, flat[0::2]).tobytes() + array(_COUNT, flat[1::2]).tobytes()


def _unpack(packed: bytes) -> list:
    size = len(packed) // (array(_LABEL).itemsize + array(_COUNT).itemsize)
    split = size * array(_LABEL).itemsize
    view = memoryview(packed)
    flat: list = [0] * (2 * size)
    flat[0::2] = view[:split].cast(_LABEL).tolist()
    flat[1::2] = view[split:].cast(_COUNT).tolist()
    return flat


class _Packed(Mapping):
    """feature -> flat list, read from the tables (`Classifier.to_tables`): the features are split into a
    sorted list when first asked for, a feature's counts unpacked when first read."""

    def __init__(self, data: dict):
        self._data = data
        self._features: list[str] | None = None
        self._open: dict[str, list] = {}

    def _where(self, feature) -> int:
        if self._features is None:
            joined = self._data.get("features", "")
            self._features = joined.split("\n") if joined else []
        at = bisect_left(self._features, feature)
        return at if at < len(self._features) and self._features[at] == feature else -1

    def __getitem__(self, feature: str) -> list:
        found = self._open.get(feature)
        if found is None:
            at = self._where(feature)
            if at < 0:
                raise KeyError(feature)
            starts = memoryview(self._data["starts"]).cast(_LABEL)
            found = self._open[feature] = _unpack(self._data["counts"][starts[at]:starts[at + 1]])
        return found

    def __contains__(self, feature) -> bool:
        return isinstance(feature, str) and self._where(feature) >= 0

    def __iter__(self):
        self._where("")
        return iter(self._features)

    def __len__(self) -> int:
        return self._data.get("feature_count", 0)


def _compact(count: float) -> float | int:
    """A whole count as an int."""
    return int(count) if count == int(count) else count
