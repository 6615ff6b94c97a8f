"""Values the lookup returns. Frozen, no Whoosh objects: a caller can keep them."""

from __future__ import annotations

from dataclasses import dataclass

from rulesdb.keys import key_of

__all__ = ["Quote", "Handoff", "SectionHit", "Answer", "LookupResult"]


@dataclass(frozen=True)
class Quote:
    """One statement of a section, verbatim; `spans` are (start, end) of the matched words."""

    n: int
    kind: str
    text: str
    spans: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Handoff:
    """The answer continues in a document that is not loaded."""

    doc_id: str
    message: str  # "Attacks are defined in 06_COMBAT_ENCOUNTER, which is not loaded."


@dataclass(frozen=True)
class SectionHit:
    doc_id: str
    section_id: str
    title: str
    score: float
    quotes: tuple[Quote, ...]
    see_also: tuple[str, ...] = ()  # keys of loaded sections, or the rule names the source used
    handoffs: tuple[Handoff, ...] = ()

    @property
    def key(self) -> str:
        return key_of(self.doc_id, self.section_id)


@dataclass(frozen=True)
class Answer:
    """The one-line answer (`index.answer`): the deciding statement's own words, with a Yes or No
    read from its may / can / must / not when the question asks yes or no."""

    text: str  # the deciding statement, verbatim (the first quote of the first section)
    key: str  # its section, DOC > SECTION
    n: int  # its number in the section
    verdict: str | None = None  # "Yes" or "No"; for "how many", the number ("5")
    corrects: bool = False  # the question took a wrong rule as given: "No — " and the rule

    @property
    def line(self) -> str:
        if self.corrects:
            return f"{self.verdict} \u2014 {self.text}"
        return f"{self.verdict}: {self.text}" if self.verdict else self.text

    def to_json(self) -> dict:
        out = {"verdict": self.verdict, "text": self.text, "key": self.key}
        if self.corrects:
            out["corrects"] = True
        return out


@dataclass(frozen=True)
class LookupResult:
    query: str  # the question as received, made printable
    results: tuple[SectionHit, ...]  # best first; empty when nothing matched
    direct: bool = False  # the question was a section key
    terms: tuple[str, ...] = ()  # the words looked up, after spelling and slang
    corrections: tuple[tuple[str, str], ...] = ()  # (typed, read as)
    did_you_mean: tuple[str, ...] = ()  # when nothing matched: nearby spellings
    closest_titles: tuple[str, ...] = ()  # when nothing matched: "DOC > SECTION  Title"
    answer: Answer | None = None  # when the first quote plainly answers the (first) question
    answers: tuple[Answer, ...] = ()  # one line per question the message asks that is plainly answered

    @property
    def missing_documents(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for hit in self.results:
            for handoff in hit.handoffs:
                seen.setdefault(handoff.doc_id, None)
        return tuple(seen)

    def to_json(self) -> dict:
        """The `referee ask --json` shape; other tools read `results[].key`."""
        return {
            "query": self.query,
            "results": [
                {
                    "key": hit.key,
                    "doc_id": hit.doc_id,
                    "section_id": hit.section_id,
                    "title": hit.title,
                    "score": round(hit.score, 4),
                    "quotes": [quote.text for quote in hit.quotes],
                }
                for hit in self.results
            ],
            "missing_documents": list(self.missing_documents),
            "answer": self.answer.to_json() if self.answer else None,
            "answers": [answer.to_json() for answer in self.answers],
        }
