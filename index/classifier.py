"""Which section do players' questions with these words belong to? Naive Bayes over players' questions
whose section is known.

The ranker (index.ranking) matches the question's words against the rules' words; it cannot tell
which of two sections that both say them a player asking this way means ("what happens when I die":
DEATH, or LOOT_AND_DEATH_INTERRUPTION). The classifier learns that from questions players asked with
their section: the bench's blind sets once read (index/section_questions.tsv, counted
`SECTION_QUESTION_WEIGHT` times: a writer chose the section for the whole question), the statement
questions, the rulebook index's entries and the rules' own statements. Its log-likelihoods are added to the ranker's scores
(`Weights.classifier`); it never finds a section the ranker did not rank.

Features: the question's stems without the words of asking (`situation_sequence`, as the rulebook
index's field is searched) and each pair of neighbouring stems in one clause ("run out" is not "run"
and "out"). Each question counts a feature once. Counts are built with the index (`index.store`)
and kept in its metadata; smoothing (`Weights.classifier_smoothing`) is applied when scoring, so it
can be tuned without a rebuild.
"""

from __future__ import annotations

import math
from index.situations import SECTION_QUESTIONS, STATEMENT_QUESTIONS, entry_lines, situation_sequence
from index.text import CLAUSE_BREAK, clause_words

__all__ = ["SectionClassifier", "features", "training_rows"]

# A bench question's writer chose its section for the whole question; a statement question or an
# index entry was written for one statement or phrase. Measured on the bench (leave one set out):
# 1 -> 0.923, 2 -> 0.927, 3 -> 0.929 top-1 over the read sets; 2 keeps the other rows' voice.
SECTION_QUESTION_WEIGHT = 2.0


def features(sequence) -> frozenset[str]:
    """A question's features from its `situation_sequence`: each stem, and each pair of neighbouring
    stems of one clause joined by a space (a stem never holds one)."""
    found = {s for s in sequence if s != CLAUSE_BREAK}
    found.update(f"{a} {b}" for a, b in zip(sequence, sequence[1:]) if CLAUSE_BREAK not in (a, b) and a != b)
    return frozenset(found)


def training_rows(db, leave_out: str | None = None) -> list[tuple[str, str, float]]:
    """(section key, text, weight) for the sections of `db`: the three files of players' questions
    and the rules' own statements (a rule's sentence asked as a question still finds its section:
    measured 346 -> 406 of 439 with them, players' questions unchanged). Without the rows of the
    bench set `leave_out` (the bench scoring that set)."""
    from index.store import SKIPPED_KINDS

    known = {view.key for view in db.sections()}
    rows = []
    for path, weight in ((SECTION_QUESTIONS, SECTION_QUESTION_WEIGHT), (STATEMENT_QUESTIONS, 1.0), (None, 1.0)):
        for key, text, note in entry_lines(path):
            if key not in known:
                continue
            if leave_out is not None and path == SECTION_QUESTIONS and note.split(" ")[0] == leave_out:
                continue
            rows.append((key, text, weight))
    for st in db.statements():
        if st.kind not in SKIPPED_KINDS:
            rows.append((st.key, " ".join((st.text, *st.items)), 1.0))
    return rows


class SectionClassifier:
    """Per feature, how many of each section's questions say it; per section, all its questions'
    features. Kept as the index's metadata (JSON, read on every cold lookup), so compactly: sections
    by number, each feature's counts one flat list [section, count, section, count, ...]."""

    def __init__(self, sections: list[str], totals: list[float], counts: dict[str, list]):
        self.sections = sections
        self.totals = totals
        self.counts = counts
        self.vocabulary_size = len(counts)

    @classmethod
    def from_rows(cls, rows) -> "SectionClassifier":
        per_feature: dict[str, dict[str, float]] = {}
        totals: dict[str, float] = {}
        for key, text, weight in rows:
            found = features(situation_sequence(clause_words(text)))
            for feature in found:
                per = per_feature.setdefault(feature, {})
                per[key] = per.get(key, 0.0) + weight
            totals[key] = totals.get(key, 0.0) + weight * len(found)
        sections = sorted(totals)
        number = {key: i for i, key in enumerate(sections)}
        counts = {
            feature: [x for key, count in sorted(per.items()) for x in (number[key], _compact(count))]
            for feature, per in per_feature.items()
        }
        return cls(sections, [_compact(totals[key]) for key in sections], counts)

    def to_data(self) -> dict:
        return {"sections": self.sections, "totals": self.totals, "counts": self.counts}

    @classmethod
    def from_data(cls, data: dict | None) -> "SectionClassifier":
        data = data or {}
        return cls(data.get("sections", []), data.get("totals", []), data.get("counts", {}))

    def log_likelihoods(self, sequence, smoothing: float) -> dict[str, float]:
        """section key -> log P(the question's known features | section); features no training
        question says are left out (they favour no section)."""
        said = [self.counts[f] for f in features(sequence) if f in self.counts]
        unseen = math.log(smoothing)
        scores = [
            len(said) * (unseen - math.log(total + smoothing * self.vocabulary_size)) for total in self.totals
        ]
        for flat in said:
            for i in range(0, len(flat), 2):
                scores[flat[i]] += math.log(flat[i + 1] + smoothing) - unseen
        return dict(zip(self.sections, scores))


def _compact(count: float) -> float | int:
    """A whole count as an int: shorter JSON."""
    return int(count) if count == int(count) else count
