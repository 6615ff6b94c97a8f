"""The one-line answer above the quotes, read from the deciding sentence, never invented.

"can I store plot armor in my backpack" -> "No: Plot Armor may not be stored in the Backpack
unless a rule specifically states otherwise." The line is the first quote's own words; for a
yes/no question, a Yes or No read from its main clause's may / can / must / not. It is given only
when the sentence plainly says it: the question asks yes or no (or how many) in one clause, and
the sentence says the question's game terms and leads the section's other statements. Otherwise
there is no line, and the quotes speak for themselves.
"""

from __future__ import annotations

import re

from index.model import Answer
from index.shapes import asks, quote_asks, statement_shapes
from index.text import QUERY_STOPWORDS, stems

__all__ = ["answer_for", "is_yes_no_question", "verdict_of"]


# A clause that asks yes or no: it opens with an auxiliary ("can I", "does it", "is that"), or
# the question ends on a tag ("..., right?").
_AUXILIARY = re.compile(
    r"(?:^|[,.;:!?(]\s*|\b(?:so|and|but|then|ok|okay|wait)\s+)"
    r"(?:can|could|may|might|do|does|did|is|are|was|were|will|would|should|shall|must|am|have to|has to|need to)\b",
    re.I,
)
_TAG = re.compile(r"\b(?:right|yes|yeah|correct|true|ok|okay)\s*\?*\s*$", re.I)
# A question that asks which of two ("pass or fail", "dmg or health loss") or a wh-question.
_ALTERNATIVE = re.compile(r"\b\w+ or \w+\b", re.I)
_WH = re.compile(r"(?:^|[,.;:!?(]\s*)(?:what|whats|what's|when|where|who|whose|whos|who's|why|how|which)\b", re.I)
_OBLIGATION = re.compile(r"\b(?:have to|has to|need to|needs to|must|required|forced to|got to|gotta)\b", re.I)
# How sure the line must be, measured on dev and the older blind sets (bench/lookup.py "answer
# line" rows): 32 lines in 528 questions, all 32 from the annotated deciding statement.
MIN_SAID = 0.5  # share of the question's concepts the sentence (or its section's title) says
MIN_LEAD = 1.1  # the first quote's value over the second's: a near tie is no plain answer
MIN_PREDICATE = 1 / 3  # share of the words a verdict rests on (after may / not) the question says

# A statement's main clause: after a leading "If ..., " / "When ..., ", before "unless ..." (the
# rules' standing exception, which changes no verdict).
_LEADING_CONDITION = re.compile(r"^(?:If|When|Whenever|After|Once|Before|While|During)\b[^,]*,\s*")
_UNLESS = re.compile(r"\s*\bunless\b.*$", re.S)
_NEGATIVE = re.compile(r"\b(?:may not|cannot|can not|must not|does not|do not|is not|are not|not|never)\b|^No\b")
_PERMITS = re.compile(r"\b(?:may|can|allows?)\b")
_MUST = re.compile(r"\bmust\b")
_ONLY = re.compile(r"\bonly\b")
_BUT = re.compile(r"\bbut\b")
_SOME = re.compile(r"\b(?:just|only|single|one of)\b", re.I)
_ALL = re.compile(r"\b(?:all|both|each|every|any)\b")


def is_yes_no_question(question: str) -> bool:
    """One yes/no question: an auxiliary opens a clause (or a tag closes it), no wh-word opens
    one, and it names no alternatives ("pass or fail")."""
    if _WH.search(question) or _ALTERNATIVE.search(question):
        return False
    return bool(_AUXILIARY.search(question) or _TAG.search(question))


def verdict_of(statement: str, question: str) -> str | None:
    """Yes or No as the statement's main clause says it for this question, or None when its
    words do not say it plainly ("only", an instruction, a must for a "can I")."""
    if "\n" in statement:
        return None  # a list or a procedure says many things
    main = _UNLESS.sub("", _LEADING_CONDITION.sub("", statement.strip()))
    if _ONLY.search(main) or _BUT.search(main):
        # "may only be spent on d20 Checks", "remains Equipped but is not available": which
        # part answers depends on what is asked about.
        return None
    if _SOME.search(question) and _ALL.search(main):
        return None  # "can I reroll just one die" against "reroll all dice": all is no answer to one
    obligation = bool(_OBLIGATION.search(question))
    if _NEGATIVE.search(main):
        return "No"
    if _MUST.search(main):
        return "Yes" if obligation else None
    if _PERMITS.search(main):
        return None if obligation else "Yes"
    return None


def _is_game(concept, game_words) -> bool:
    return any(all(s in game_words for s in alt) for alt, _w in concept.alternatives)


def _said(concept, bag: frozenset[str]) -> bool:
    return any(alt and all(s in bag for s in alt) for alt, _weight in concept.alternatives)


def answer_for(question: str, concepts, key: str, quote, title: str, lead: float = float("inf"), game_words=frozenset()) -> Answer | None:
    """The answer line for the first quote of the first section, or None.

    Given when the quote (with its section's title) says every game term of the question and at
    least half its concepts, leads the section's next statement (`lead`, the ratio of their quote
    values), and either the question asks how many and the quote says a number, or it asks yes or
    no and the quote's main clause says which (`verdict_of`)."""
    if quote is None or not concepts:
        return None
    bag = frozenset(stems(quote.text)) | frozenset(stems(title))
    asked = [c for c in concepts if c.surface not in QUERY_STOPWORDS]
    if sum(_said(c, bag) for c in asked) < MIN_SAID * len(asked):
        return None
    if not all(_said(c, bag) for c in asked if _is_game(c, game_words)):
        return None  # every game term the question names, the sentence says
    if lead < MIN_LEAD:
        return None
    if "number" in asks(question) and "number" in statement_shapes(quote.text):
        return Answer(quote.text, key, quote.n)
    if not is_yes_no_question(question) or "negation" in quote_asks(question):
        return None
    verdict = verdict_of(quote.text, question)
    if verdict is None:
        return None
    # Table slang in the clause that asks ("does the encounter use up an action": spend) is what the
    # verdict is about: a sentence that does not say it answers something else.
    opening = list(_AUXILIARY.finditer(question))
    asking = question[opening[-1].start():].lower() if opening else question.lower()
    if not all(_said(c, bag) for c in asked if c.surface.lower() in asking and all(w < 1 for _alt, w in c.alternatives)):
        return None
    # What the sentence allows or denies is what the question asks about: a third of the words
    # after its may / not (beyond the title's) at least are the question's ("Plot Armor is not discarded into
    # a standard Loot discard pile" does not answer "can I discard my Plot Armor").
    asked_stems = {s for c in concepts for alt, _w in c.alternatives for s in alt} | set(stems(question))
    predicate = set(stems(_predicate(quote.text), drop=QUERY_STOPWORDS)) - set(stems(title))
    if predicate and len(predicate & asked_stems) < MIN_PREDICATE * len(predicate):
        return None
    return Answer(quote.text, key, quote.n, verdict)


def _predicate(statement: str) -> str:
    """The main clause after its may / must / not: what the statement allows, requires or denies."""
    main = _UNLESS.sub("", _LEADING_CONDITION.sub("", statement.strip()))
    marker = _NEGATIVE.search(main) or _MUST.search(main) or _PERMITS.search(main)
    return main[marker.end():] if marker else main
