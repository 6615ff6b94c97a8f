"""Answer shapes: what a question asks for, and which shapes a statement has.

"How many weapon slots" wants a number, "can I ..." a may/must/not, "who rolls" a Player's role,
"what happens" a consequence, "when" a time. A statement with the shape asked for says more of
the question: in ranking (number, permission, who) and in choosing quotes (all of them).
"""

from __future__ import annotations

import re

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


def _shapes_asked(question: str, patterns: tuple) -> frozenset[str]:
    return frozenset(shape for shape, pattern in patterns if pattern.search(question))


def quote_asks(question: str) -> frozenset[str]:
    """Answer shapes that choose among a section's statements but do not rank sections."""
    return _shapes_asked(question, (("consequence", _WHAT_HAPPENS), ("time", _WHEN), ("list", _KINDS),
                                    ("negation", _NEGATED_QUESTION)))


def asks(question: str) -> frozenset[str]:
    """What kind of answer a question wants, from its question words: a number, a permission."""
    return _shapes_asked(question, (("number", _HOW_MANY), ("permission", _PERMISSION), ("who", _WHO)))


# --- which shapes a statement has -----------------------------------------------------------------

_NUMBER = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|once|twice|any amount|more than one|not capped)\b", re.I)
_MODAL = re.compile(r"\b(?:may|must|cannot|can|only|not|allows?|allowed|unless)\b", re.I)
_ROLE = re.compile(
    r"\bwhich Player\b|\bPlayer(?:'s)? (?:to the|who)\b|\bidentif(?:y|ies|ied)\b"
    r"|\bPlayer (?:rolls|resolves|chooses|receives|gains|takes|draws|manages|decides|is the)\b"
)
# A statement that makes something happen: a conditional with its consequence, an instruction.
_CONSEQUENCE = re.compile(
    r"^(?:If|When|Whenever|After|Once|Before)\b[^.]*,\s|\b(?:is|are) (?:discarded|removed|returned|placed|drawn|resolved)\b"
    r"|^(?:Resolve|Draw|Discard|Return|Pause|Shuffle|Place|Reduce|Remove|Reveal|Roll)\b"
)
_TIMING = re.compile(
    r"\b(?:during|before|after|whenever|at the (?:start|end|beginning)|occurs|immediately|until|first time|once)\b", re.I
)
# A catalogue: a bulleted list, or four or more items in a row ("Players, Loot, Dungeon Bombs, ...").
_ENUMERATION = re.compile(r"\n\s*[-•]|(?:[^,.]+,){3,}[^,.]*\b(?:or|and)\b")
_NEGATED = re.compile(r"\b(?:not|no|cannot|never|without|none|empty|nothing|neither|nor)\b", re.I)
# A document's preamble: "This document defines Loot management procedures."
_GENERIC = re.compile(r"^This document\b")

# A statement's shapes, by the name of the question's ask each one answers.
_SHAPES = (
    ("number", _NUMBER), ("permission", _MODAL), ("who", _ROLE), ("consequence", _CONSEQUENCE),
    ("time", _TIMING), ("negation", _NEGATED), ("list", _ENUMERATION), ("generic", _GENERIC),
)


def statement_shapes(text: str) -> frozenset[str]:
    """The answer shapes a statement's text has ("number", "permission", ..., "list", "generic"), read from its first
    2,000 characters (the rules' longest statement has 940): _ENUMERATION backtracks over a long run without
    commas, and a 100,000-character statement in an added document made one `ask` take minutes."""
    text = text[:2000]
    return frozenset(name for name, pattern in _SHAPES if pattern.search(text))


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
