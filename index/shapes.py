"""Answer shapes: what a question asks for, and which shapes a statement has.

"How many weapon slots" wants a number, "can I ..." a may/must/not, "who rolls" a Player's role,
"what happens" a consequence, "when" a time. A statement with the shape asked for says more of
the question: in ranking (number, permission, who) and in choosing quotes (all of them).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["asks", "quote_asks", "statement_shapes", "answer_factor"]

# --- what a question asks for ---------------------------------------------------------------------

_HOW_MANY = re.compile(r"\bhow (?:many|much|often|far|big)\b|\b(?:max|maximum|limit|cap|capped|per|capacity|number of)\b|\bcount\b(?!\s+(?:as|for|towards?|against))", re.I)
_PERMISSION = re.compile(r"^\W*(?:so\s+)?(?:can|could|may|am|is|are|do|does|did|will|would|should|must|have to|has to|allowed)\b|\b(?:can|allowed|legal|able to)\b", re.I)

# "who rolls it", "whose turn", "which player": the answer names a Player by role. As a question
# word only: at the start of a clause or after a verb of saying, never the relative pronoun
# after a noun ("someone whose backpack is empty", "a player who died").
_WHO = re.compile(
    r"(?:^|[,.;:!?(\-]\s*|\b(?:so|and|but|then|or|says?|said|decides?|knows?|tells?|asks?|is|about)\s+)"
    r"who(?:se|m|s)?\b|\bwho's\b|\bwhich (?:player|one of us|of us)\b|\b(?:someone|somebody) else\b",
    re.I,
)
# "what happens to...", "now what", "what do I do": the answer is what the rules make happen.
_WHAT_HAPPENS = re.compile(
    r"\bwhat (?:happens|happened|now|then|do (?:i|we|you) do)\b|\b(?:now|then) what\b|\bwhere (?:does|do|did) (?:it|they|that|this|the)\b"
    r"|\bwhat (?:do|does) (?:i|we|it|that|this) (?:do|get|draw)\b",
    re.I,
)
# "when do I...", "at what point": the answer says when.
_WHEN = re.compile(r"^\W*(?:so\s+)?when\b|\bat what point\b|\bhow (?:early|late|soon)\b|\bbefore or after\b|\bwhat (?:time|step|phase)\b", re.I)
# "what kinds of penalties", "what dice do we need", "list the ...": the answer is a list.
_KINDS = re.compile(r"\bwhat (?:kinds?|sorts?|types?|are the|all)\b|\bwhich (?:kinds?|types?)\b|\blist\b|\bwhat \w+ (?:do|does) (?:we|i|you) need\b", re.I)
# The question says something is missing or not done ("doesn't say who", "nothing to discard",
# "out of tokens"): the deciding statement is the one about that negative case.
_NEGATED_QUESTION = re.compile(
    r"n't\b|\b(?:not|no|none|nothing|never|without|empty|out of|nobody|noone|doesnt|dont|cant|didnt|isnt|wont|hadnt|hasnt|havent|aint|wasnt)\b",
    re.I,
)


# "what happens when I die, step by step", "how do I work out my Defense": the procedure itself. Where
# a document that is not loaded defines it, the statement handing it off is what the rules here say.
_PROCEDURE = re.compile(
    r"\bsteps?\b|\bprocedure\b|\bprocess\b|\bhow (?:do|does|is|are|would|should|to)\b[^?.!]*\b(?:works?|calculat\w*|add\w*|"
    r"figur\w*|handl\w*|do|done|decided?)\b|\bcalculat\w*|\bformula\b|\bwork (?:\w+ )?out\b|\badd (?:\w+ )?up\b"
    r"|\bwhat (?:exactly |actually )?happens\b|\bwhat (?:do|can|does) (?:i|we|he|she|they|it) (?:actually |exactly )?(?:do|get to do)\b",
    re.I,
)
# "what do I get for it", "anything extra?": what a reward or a refund is worth, a Variable's value.
_GAINED = re.compile(
    r"\bwhat (?:do|does|did|would|will) (?:i|you|we|he|she|they|it|that|this) (?:\w+ )?(?:get|gain|earn|receive|give)\b"
    r"|\b(?:get|gain|earn|receive)s? (?:anything|something)\b|\bwhat(?:'s| is) (?:\w+ )?(?:worth|reward|prize|payout|refund)\b",
    re.I,
)


def _shapes_asked(question: str, patterns: tuple) -> frozenset[str]:
    return frozenset(shape for shape, pattern in patterns if pattern.search(question))


def quote_asks(question: str) -> frozenset[str]:
    """Answer shapes that choose among a section's statements but do not rank sections."""
    return _shapes_asked(question, (("consequence", _WHAT_HAPPENS), ("time", _WHEN), ("list", _KINDS),
                                    ("negation", _NEGATED_QUESTION), ("procedure", _PROCEDURE), ("value", _GAINED)))


def asks(question: str) -> frozenset[str]:
    """What kind of answer a question wants, from its question words: a number, a permission."""
    return _shapes_asked(question, (("number", _HOW_MANY), ("permission", _PERMISSION), ("who", _WHO)))


# --- which shapes a statement has -----------------------------------------------------------------
# Compiled when first used (`_statement_patterns`): the index keeps every statement's shapes
# (`index.corpus.Corpus.table`), so most lookups never read one.

_NUMBER = r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|once|twice|any amount|more than one|not capped)\b"
_MODAL = r"\b(?:may|must|cannot|can|only|not|allows?|allowed|unless)\b"
_ROLE = (
    r"\bwhich Player\b|\bPlayer(?:'s)? (?:to the|who)\b|\bidentif(?:y|ies|ied)\b"
    r"|\bPlayer (?:rolls|resolves|chooses|receives|gains|takes|draws|manages|decides|is the)\b"
)
# A statement that makes something happen: a conditional with its consequence, an instruction.
_CONSEQUENCE = (
    r"^(?:If|When|Whenever|After|Once|Before)\b[^.]*,\s|\b(?:is|are) (?:discarded|removed|returned|placed|drawn|resolved)\b"
    r"|^(?:Resolve|Draw|Discard|Return|Pause|Shuffle|Place|Reduce|Remove|Reveal|Roll)\b"
)
_TIMING = r"\b(?:during|before|after|whenever|at the (?:start|end|beginning)|occurs|immediately|until|first time|once)\b"
# A catalogue: a bulleted list, or four or more items in a row ("Players, Loot, Dungeon Bombs, ...").
_ENUMERATION = r"\n\s*[-•]|(?:[^,.]+,){3,}[^,.]*\b(?:or|and)\b"
_NEGATED = r"\b(?:not|no|cannot|never|without|none|empty|nothing|neither|nor)\b"
# A document's preamble: "This document defines Loot management procedures."
_GENERIC = r"^This document\b"

# A statement's shapes, by the name of the question's ask each one answers, with the pattern's flags.
_SHAPES = (
    ("number", _NUMBER, re.I), ("permission", _MODAL, re.I), ("who", _ROLE, 0), ("consequence", _CONSEQUENCE, 0),
    ("time", _TIMING, re.I), ("negation", _NEGATED, re.I), ("list", _ENUMERATION, 0), ("generic", _GENERIC, 0),
)


@lru_cache(maxsize=1)
def _statement_patterns() -> tuple:
    return tuple((name, re.compile(pattern, flags)) for name, pattern, flags in _SHAPES)


def statement_shapes(text: str) -> frozenset[str]:
    """The answer shapes a statement's text has ("number", "permission", ..., "list", "generic"), read from its first
    2,000 characters (the rules' longest statement has 940): _ENUMERATION backtracks over a long run without
    commas, and a 100,000-character statement in an added document made one `ask` take minutes."""
    text = text[:2000]
    return frozenset(name for name, pattern in _statement_patterns() if pattern.search(text))


def answer_factor(has: frozenset[str], asked: frozenset[str], weights) -> float:
    """How much a statement with shapes `has` has the shape of the answer asked for (1.0 = no
    preference)."""
    if not asked:
        return 1.0
    factor = 1.0
    for ask, weight in (("number", weights.asked), ("permission", weights.asked), ("who", weights.asked),
                        ("consequence", weights.asked_quote), ("time", weights.asked_quote), ("negation", weights.negation)):
        if ask in asked and ask in has:
            factor *= weight
    return factor
