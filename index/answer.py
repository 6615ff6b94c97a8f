"""The one-line answer above the quotes, read from the deciding sentence, never invented.

"can I store plot armor in my backpack" -> "No: Plot Armor may not be stored in the Backpack
unless a rule specifically states otherwise." The line is the first quote's own words, with what
the question asks read from it: for a yes/no question a Yes or No from its main clause's may / can
/ must / not; for "how many" the number it says; for any other question (what, who, when, a
keyword fragment) the sentence itself is the answer. It is given only when the lookup is sure of
the sentence (its section leads the next, the quote leads the section's next statement: `SURE`) and the sentence plainly says what is asked; otherwise there is no line,
and the quotes speak for themselves. A message with two questions is cut in two (`question_parts`),
each answered on its own.
"""

from __future__ import annotations

import re

from index.model import Answer
from index.shapes import asks, quote_asks, statement_shapes
from index.text import QUERY_STOPWORDS, stem, stems

__all__ = ["answer_for", "is_yes_no_question", "question_kind", "question_parts", "verdict_of"]


class _Pattern:
    """A regular expression compiled when first used: `referee ask` is a new process each time, and compiling
    all of this module's patterns at import cost a cold ask about a quarter of `python -c pass`; a question
    uses only those on its way."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, *args):
        self._args = args
        self._compiled = None

    def __getattr__(self, name):
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return getattr(self._compiled, name)


# A clause that asks yes or no: it opens with an auxiliary ("can I", "does it", "is that"), or
# the question ends on a tag ("..., right?", "..., can't I?").
_AUX = r"(?:can|could|may|might|do|does|did|is|are|was|were|will|would|should|shall|must|am|have to|has to|need to)"
_AUXILIARY = _Pattern(
    r"(?:^|[,.;:!?(\u2014\u2013-]\s*|\b(?:so|and|but|then|ok|okay|wait|surely)\s+)" + _AUX + r"\b(?!['\u2019]?n['\u2019]?t\b)",
    re.I,
)
# "..., can't I?", "..., doesn't it?", "..., am I?": the tag asks the statement before it.
_AUX_TAG = _Pattern(
    r"[,\u2014\u2013-]\s*(?:can|could|do|does|did|is|are|was|were|will|would|should|have|has|am|wo|ai|must)"
    r"(?:n['\u2019]?t)?\s+(?:i|we|you|they|he|she|it|there|that)\s*[?.!]*\s*$",
    re.I,
)
# "..., right?", "is that right?", "am I right?", "would you kindly confirm?": the statement before
# is a claim to confirm.
_CONFIRM = _Pattern(
    r"(?:^|[,;:\u2014\u2013-]\s*|\b(?:so|and)\s+)(?:(?:is|isn['\u2019]?t) (?:that|this|it) (?:so|right|correct|true|allowed|ok|okay|legal|fine)"
    r"|(?:is|isn['\u2019]?t) (?:that|this) (?:the rule|how it works|how it goes)|am i (?:right|correct)|is (?:true|right|correct)|(?:would|could|can) (?:you|someone|somebody) (?:kindly |please )?confirm"
    r"|right|correct|true|yes|yeah|ok|okay|no|yes or no|is that possible|is possible)\s*[?.!]*\s*$",
    re.I,
)
# A run-on question with no stop before it asks: "dungeon bomb says draw loot do we use the normal loot rules".
_ASKS_INSIDE = _Pattern(r"\b(?:do|does|did|can|could|should|will|would|is|are|must)\s+(?:i|we|you|they|he|she|it|every1|evry1|everyone|everybody)\b", re.I)
# A comparison asks about two things: one sentence is no answer to it.
_COMPARISON = _Pattern(r"\bdifference\b|\bdiffer\b|\bvs\.?\b|\bversus\b|\bcompared? (?:to|with)\b", re.I)
# A comparison named as a heading before the question it asks: "Gear vs loot - is a potion gear?"
_HEADING = _Pattern(r"^[^?:\u2014\u2013]*?(?::|\s[-\u2014\u2013]+\s|\u2014)\s*")
# A wh-word asking inside a run-on clause: "brawn check what do i add", "stolen card whose is it now".
_WH_INSIDE = _Pattern(
    r"\b(?:what|whats|which|who|whose|where|when|how)\s+(?:do|does|did|can|could|is|are|was|should|must|will|would)"
    r"\s+(?:i|we|you|they|he|she|it|that|this|my|the)\b", re.I)
# The first of two alternatives asks leave: "May I end my turn, or must I use every action?",
# "Is that permitted, or must they be visible?": its Yes or No answers the message.
_LEAVE_FIRST = _Pattern(
    r"^\W*(?:so\s+)?(?:(?:can|could|may|might)\s+(?:i|we|you|they|he|she)\b|(?:i|we|you|they|he|she)\s+(?:can|could|may)\b|is (?:that|this|it) (?:allowed|permitted|legal|ok|okay|possible|fine)\b"
    r"|is there (?:any )?way\b)", re.I)
_OR_CLAUSE = _Pattern(r",?\s+or\s+(?:(?:am|are|is|must|do|does|should|can|may|will|have|has)\s+)?(?:i|we|you|they|he|she|it|is|am|are|must|do|does)\b", re.I)
_TAG = _Pattern(r"\b(?:right|yes|yeah|correct|true|ok|okay)\s*\?*\s*$", re.I)
# A question that asks which of two ("pass or fail", "dmg or health loss") or a wh-question.
_ALTERNATIVE = _Pattern(r"\b\w+,? or (?!not\b|no\b|what\b|something\b|anything\b)\w+\b", re.I)
_WH = _Pattern(r"(?:^|[,.;:!?(\u2014\u2013-]\s*|\b(?:so|and|but|then|ok|okay)\s+)(?:what|whats|what's|when|where|who|whose|whos|who's|why|how|which)\b", re.I)
# A wh-word that asks last, in another language's word order: "Loot opportunity, it is what?"
_WH_LAST = _Pattern(r"\b(?:what|who|whom|whose|where|when|which)\s*[?!.]*\s*$", re.I)
_SUBORDINATE = _Pattern(r"^\W*(?:so\s+)?(?:when(?!\s+" + _AUX + r"\b)|whenever|if|after|once|before|while|since|as)\b[^,?]*,\s*", re.I)
_WHEN_CLAUSE = _Pattern(r"^\W*(?:so\s+)?(?:when|whenever|once|after|if)\b", re.I)
_OPENING_AUX = _Pattern(r"^\W*(?:so\s+)?(?:" + _AUX + r"|is there|are there)\b", re.I)
# A rule stated as fact, with no question mark: "Gear Swap is a Turn Action; I remember it says so."
_DECLARATIVE = _Pattern(r"^[A-Z][^?]*\b\w+\b[^?]*\s\w+\s\w+\s\w+[^?]*[.!]$")
# A question told, not asked: "She's asking whether we flip a dungeon bomb at the start or end of a turn."
_REPORTED = _Pattern(r"\b(?:whether|ask|asks|asking|asked|wonder|wonders|wondering|want to know|wants to know|explain)\b", re.I)
_HOW_MANY = _Pattern(r"\bhow (?:many|much|often)\b|\bwhat(?:['\u2019]s| is| are) the (?:max(?:imum)? |min(?:imum)? |total )?(?:number|amount) of\b", re.I)
_SURELY = _Pattern(r"^\W*surely\b", re.I)
# A keyword fragment that asks leave: "armor in backpack allowed".
_LEAVE = _Pattern(r"\b(?:allowed|legal|ok|okay|possible|can|may|permitted)\b", re.I)
# The claim a question confirms is negated: "I can't bank it, right?" has two readings of yes.
_NEGATED_CLAIM = _Pattern(
    r"\b(?:do|does|did|ca|could|is|are|was|were|wo|would|should|must|has|have|had|ai|need)n['\u2019]?t\b"
    r"|\b(?:not|no|never|cannot|nothing|nobody|none|neither|nor)\b", re.I)
# The last clause of a question ("No rare magic left, not even in the discards - surely I get something else?").
_LAST_CLAUSE = _Pattern(r"^.*(?:[,;:\u2014\u2013]|\s-+\s)\s*", re.S)
# A negated direct question ("can't I store ..."): its yes and no are ambiguous.
_NEGATED_OPENING = _Pattern(r"^\W*(?:so\s+)?" + _AUX + r"(?:n?['\u2019]?t\b|not\b|\s+\w+\s+not\b)", re.I)
_OBLIGATION = _Pattern(r"\b(?:have to|has to|need to|needs to|must|required|forced to|got to|gotta|obliged)\b", re.I)
# How sure the line must be, measured on the read blind sets (bench/lookup.py --lines).
MIN_SAID = 0.0  # share of the question's concepts the sentence (or its section's title) says
# How sure the lookup must be of the sentence, per kind of answer: (the first section's lead over
# the second, as a share of its score; the first quote's value over the section's next statement).
# A verdict or a number must also be read from the sentence (more checks), so it needs less lead
# than a sentence given as the answer by itself.
# Each kind is sure at any of its (margin, lead) pairs: a clear section with a clear quote, or a section
# less clear whose quote leads by far. Measured on the read sets (bench/lookup.py --lines, docs/lookup.md).
SURE = {"sentence": ((0.8, 4.0),), "yes/no": ((0.8, 1.5), (0.5, 10.0)), "number": ((0.3, 1.5),)}
SURE["claim"] = SURE["yes/no"]
MIN_LEAD = 1.1  # a near tie is never a plain answer
GAME_TERMS = False
# A section this clear whose quote leads its next statement this far answers the question even when the question
# says what the verdict rests on in its own words ("so I win no matter what he got" for "do not automatically
# succeed"): on fresh20 to fresh22, 7 more lines, all right; on fresh to fresh22 the lines from a deciding
# statement 0.946 -> 0.948.
WORDS_UNNEEDED = (0.8, 20.0)
MIN_PREDICATE = 0.2  # share of the words a verdict rests on (after may / not) the question says

# A statement's main clause: after a leading "If ..., " / "When ..., ", before the rules' standing
# exception "unless a rule specifically states otherwise", which changes no verdict. Any other
# "unless" (", unless they first create an empty Backpack Slot") may be what the question is about.
_LEADING_CONDITION = _Pattern(r"^(?:If|When|Whenever|After|Once|Before|While|During)\b[^,]*,\s*")
_STANDING_UNLESS = _Pattern(r"\s*\bunless\b[^.]*\b(?:specifically|states? otherwise)\b.*$", re.S)
_UNLESS = _Pattern(r"\bunless\b")
_NEGATIVE = _Pattern(r"\b(?:may not|cannot|can not|must not|does not|do not|is not|are not|not|never|no)\b|^No\b")
_PERMITS = _Pattern(r"\b(?:may|can|allows?)\b")
_MUST = _Pattern(r"\bmust\b")
_ONLY = _Pattern(r"\bonly\b", re.I)
_BUT = _Pattern(r"\bbut\b")
# The question asks about one of several ("reroll just the one bad die", "only the lower die"); "just" alone is
# the table's "simply" ("can I just stop my turn").
_SOME = _Pattern(
    r"\b(?:just|only)\s+(?:one|1|a single|(?:on |for )?the (?:one|lower|higher|low|high|bad|worse|worst|better|best|first|second|last|\d+))\b"
    r"|\b(?:just|only) (?:that|this) one\b|\bonly \w+ (?:one|1)\b|\bsingle\b|\bone of\b|\bthe one\b|\bonly (?:on|for) the\b", re.I)
# "is there any way to squeeze it in": an exception that names a way ("unless they first create an empty
# Backpack Slot") answers it Yes.
_ANY_WAY = _Pattern(r"\b(?:any way|anyway|a way|at all|ever|any chance)\b", re.I)
_ALL = _Pattern(r"\b(?:all|both|each|every|any)\b")
# "only if the card specifically states that it does": what the sentence denies unless a card says otherwise,
# as the rules' standing exception does ("Magic Loot may cause Damage only if the card specifically states
# that it does" answers "can I hit people with my scroll": No).
_ONLY_IF_STATED = _Pattern(r"\bonly if\b[^.]*\b(?:card|rule|effect)\b[^.]*\bspecifically (?:states?|says?)\b")
# The question tells what a card says: then the card may be the exception the sentence leaves open.
_CITES = _Pattern(r"\b(?:says?|said|states?|reads?|printed|written|text|wording)\b|(?:^|\s)['\"\u2018\u201c]", re.I)
# An instruction for every die of the roll ("reroll both d20s"), against a question about one of them.
_IMPERATIVE = _Pattern(r"^(?:resolve|draw|discard|return|shuffle|place|remove|reveal|roll|reroll|use|keep|apply)\b", re.I)
# A question that asks what a thing is ("is a potion gear", "are those separate steps").
_IDENTITY = _Pattern(r"^\W*(?:so\s+)?(?:is|are|was|were|isn['\u2019]?t|aren['\u2019]?t)\b", re.I)
_EVERY = _Pattern(r"\b(?:all|both)\b")
# The shapes a sentence given as the answer by itself must have when the question asks for them.
_SENTENCE_SHAPES = frozenset({"consequence", "time", "who", "list"})
# A signpost: the rule is in another document ("Random Encounter deck setup is defined in 03_SETUP."); no
# Yes, No or number is in it, and it is the answer the loaded rules give.
_SIGNPOST = _Pattern(r"^(?:If [^,]*, )?[^,.]*\b(?:is|are) (?:defined in|handled according to|described in) \d\d_[A-Z0-9_]+\.$")
_HAPPENS = _Pattern(r"\bwhat\b[^?]*\bhappen", re.I)
# "what do I actually get for the reward icon": the answer says what is gained, drawn or received.
_GETS = _Pattern(r"\bwhat\b[^?]*\b(?:get|gets|gain|gains|receive|earn|win)\b", re.I)
_GIVES = _Pattern(r"\b(?:gains?|draws?|receives?|gets?|takes?|chooses?|is granted|lose|loses)\b")
_NUMBER_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_NUMBER = _Pattern(r"\b(?:\d+|" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
# Sentences of a message: a question mark, or a stop before a capital.
_SENTENCE = _Pattern(r"(?<=\?)\s+|(?<=[.!])\s+(?=[A-Z])")


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE.split(text.strip()) if part.strip()]


# "How many weapon slots do we have, and can I put two melee weapons in them?": a second question
# joined to a first one, each opening with a word of asking.
_JOINED = _Pattern(r",\s+(?:and|but)\s+(?=(?:" + _AUX + r"|what|when|where|who|which|how)\s+(?!not\b)\w+)", re.I)
_ASKS_FIRST = _Pattern(
    r"^\W*(?:" + _AUX + r"|(?:what|when|where|who|which|how)\s+(?:\w+\s+)?(?:" + _AUX + r"|many|much|often|happens)|whats|what's)\b", re.I)


def _split_joined(sentence: str) -> list[str]:
    joined = _JOINED.search(sentence)
    if not joined or not sentence.endswith("?") or not _ASKS_FIRST.match(sentence):
        return [sentence]
    return [sentence[:joined.start()].rstrip() + "?", sentence[joined.end():]]


def question_parts(question: str) -> list[str]:
    """The questions a message asks, each with the story told before it: "I don't use my last
    action. I get something back for it? How much?" -> two; "How many weapon slots do we have, and
    can I put two melee weapons in them?" -> two. One question (or none) -> [question]."""
    sentences = [part for sentence in _sentences(question) for part in _split_joined(sentence)]
    asked = [i for i, part in enumerate(sentences) if part.endswith("?") and not _CONFIRM.match(part)]
    if len(asked) < 2:
        return [question]
    story = " ".join(part for i, part in enumerate(sentences) if i < asked[0])
    parts = []
    for before, i in zip([None, *asked], asked):
        # "How many things?", "Do we use all of them?": a question that names too little to be looked up alone
        # is read with the question before it.
        said = [w for w in re.findall(r"[a-z0-9]+", sentences[i].lower()) if w not in QUERY_STOPWORDS]
        lead = f"{sentences[before]} " if before is not None and len(said) < 3 else ""
        parts.append(f"{story} {lead}{sentences[i]}".strip())
    return parts


def _asking(question: str) -> tuple[str, str]:
    """(the sentence that asks, the sentence before it): the last question of a message, or the
    whole text when it asks with no question mark."""
    sentences = _sentences(question)
    asked = [i for i, part in enumerate(sentences) if part.endswith("?")]
    if not asked:
        return question.strip(), ""
    i = asked[-1]
    return sentences[i], (sentences[i - 1] if i else "")


def question_kind(question: str) -> tuple[str | None, str]:
    """What a question asks for and the claim it is about: ("number", ...) for how many,
    ("yes/no", ...) for a yes/no question, ("sentence", ...) for any other (what, who, when, a
    keyword fragment: the deciding sentence is the answer), (None, ...) when its yes and no would
    be ambiguous (a negated question or claim) or it asks which of two."""
    asking, before = _asking(question)
    # A leading subordinate clause ("When the fight ends, ...", "If that isn't so when we roll, ...")
    # says when, it does not ask when.
    if _COMPARISON.search(asking):
        heading = _HEADING.match(asking)
        rest = asking[heading.end():] if heading else ""
        if rest and not _COMPARISON.search(rest):
            return question_kind(rest)  # "Gear vs loot - is a potion gear?": the question after the heading
        return None, asking
    if _DECLARATIVE.match(question.strip()) and "?" not in question and not (_REPORTED.search(question) or _OPENING_AUX.match(asking)):
        # "Gear Swap is a Turn Action; I remember it says so.": a rule stated as fact, to confirm or correct.
        claim = _sentences(question)[0]
        return (None if _NEGATED_CLAIM.search(claim) else "claim"), claim
    whole, asking = asking, _SUBORDINATE.sub("", asking)
    if _AUX_TAG.search(whole) and not _ALTERNATIVE.search(whole):
        return "yes/no", whole  # "When plot armor is discarded it goes on the pile, doesn't it?"
    if _HOW_MANY.search(asking) and not _OPENING_AUX.match(asking):
        return "number", asking  # ("is there a limit on how often": yes or no)
    confirm = _CONFIRM.search(asking)
    if confirm or _SURELY.match(asking) or (_TAG.search(asking) and not _AUX_TAG.search(asking)):
        claim = asking[:confirm.start()] if confirm else asking
        if len(re.findall(r"\w+", claim)) < 3 and whole != asking:
            # "Once the deck runs out there are no more encounters, correct?": the leading clause is the claim
            confirm = _CONFIRM.search(whole)
            claim = whole[:confirm.start()] if confirm else whole
        if len(re.findall(r"\w+", claim)) < 3:
            claim = before  # "Is that so?" confirms the sentence before it
        if not claim or _NEGATED_CLAIM.search(claim) or _WH.search(claim) or _ALTERNATIVE.search(claim):
            return None, claim
        return "yes/no", claim
    inside = _ASKS_INSIDE.search(asking)
    if _WHEN_CLAUSE.match(asking) and inside and len(re.findall(r"\w+", asking[:inside.start()])) >= 3 \
            and not _WH.search(asking, inside.start()):
        return "yes/no", asking  # "when someone dies next to me can I grab their gear": when tells, can I asks
    if _WH.search(asking) or _WH_INSIDE.search(asking) or _WH_LAST.search(asking):
        return "sentence", asking
    if _NEGATED_OPENING.match(asking):
        return None, asking
    if _ALTERNATIVE.search(asking):
        # Which of two ("I go to 10 only, or to 11?"): the deciding sentence says which. Two
        # clauses whose first asks leave ("May I stop now, or must I use every action?"): its
        # Yes or No.
        if _LEAVE_FIRST.match(asking):
            first = _OR_CLAUSE.search(asking)
            return "yes/no", asking[:first.start()] if first else asking
        return "sentence", asking
    if _AUXILIARY.search(asking) or _ASKS_INSIDE.search(asking):
        return "yes/no", asking
    if asking.endswith("?"):
        # "It cost me one action?"; "So I get nothing?" is a negated claim: its yes reads both ways.
        return (None if _NEGATED_CLAIM.search(_LAST_CLAUSE.sub("", asking)) else "yes/no"), asking
    return ("yes/no" if _LEAVE.search(asking) else "sentence"), asking


# A rule the question takes as given: "Since Kaos can be spent on Contested Checks, how much ...",
# "Kaos works on contested checks. How much should I spend?"
_PREMISE = _Pattern(r"\b(?:since|because|given that|now that|seeing as|as we know)\s+([^,;?\u2014]+)", re.I)
_RULE_LIKE = _Pattern(r"\b(?:can|may|must|allowed|lets|counts?|works?|applies|apply)\b", re.I)


def premise_of(question: str) -> str | None:
    """The rule a question states as fact before it asks, or None."""
    asking, before = _asking(question)
    found = _PREMISE.search(asking) or _PREMISE.search(before)
    if found:
        return found.group(1)
    if before and not before.endswith("?") and _RULE_LIKE.search(before) and not _NEGATED_CLAIM.search(before):
        return before
    return None


def is_yes_no_question(question: str) -> bool:
    """One yes/no question: an auxiliary opens a clause (or a tag closes it), no wh-word opens
    one, and it names no alternatives ("pass or fail")."""
    return question_kind(question)[0] == "yes/no"


def _main_clause(statement: str) -> str:
    return _STANDING_UNLESS.sub("", _LEADING_CONDITION.sub("", statement.strip()))


def verdict_of(statement: str, question: str) -> str | None:
    """Yes or No as the statement's main clause says it for this question, or None when its
    words do not say it plainly ("only", an instruction, a must for a "can I", an exception)."""
    if "\n" in statement:
        return None  # a list or a procedure says many things
    main = _main_clause(statement)
    if not _NEGATIVE.search(main):
        for said, other in ((_BEFORE, _AFTER), (_AFTER, _BEFORE)):
            if said.search(question) and not said.search(main) and other.search(main):
                return None  # "spend Kaos before I roll" against "may be spent after ... is rolled": says nothing of before
    if _ONLY_IF_STATED.search(main) and not _BUT.search(main) and not _CITES.search(question):
        return "No"
    if _SOME.search(question) and _IMPERATIVE.match(main) and _EVERY.search(main) and not _BUT.search(main):
        return "No"  # "I reroll only the lower die?" against "reroll both d20s"
    if _UNLESS.search(main) and _ANY_WAY.search(question) and _NEGATIVE.search(main) and not (_ONLY.search(main) or _BUT.search(main)):
        return "Yes"  # "may not ... unless they first create an empty Backpack Slot": there is a way
    if _ONLY.search(main) or _BUT.search(main) or _UNLESS.search(main):
        # "may only be spent on d20 Checks", "remains Equipped but is not available", "unless they
        # first create an empty Backpack Slot": which part answers depends on what is asked about.
        return None
    if _SOME.search(question) and _ALL.search(main):
        return None  # "can I reroll just one die" against "reroll all dice": all is no answer to one
    obligation = bool(_OBLIGATION.search(question))
    if _NEGATIVE.search(main):
        return "No"
    if _MUST.search(main):
        return "Yes" if obligation else None
    if _PERMITS.search(main):
        if _IDENTITY.match(question):
            return None  # "is a Fall a kind of Death?" asks what a thing is; a may says what is allowed
        return None if obligation else "Yes"
    return None


# A condition asked after the question ("... if I fail the check?", "..., even when it is empty?").
_TRAILING_CONDITION = _Pattern(r"\w\W+(?:even )?(?:if|unless)\s+([^?]+)", re.I)
_STILL = _Pattern(r"\bstill\b", re.I)
# "How many kinds of dice does this game use?", "how many steps r in a turn": a list answers by its length.
_COUNT_KINDS = _Pattern(r"\bhow many (?:\w+ )?(?:kinds|types|sorts|different|separate|steps|phases|stages)\b", re.I)
_ITEM = _Pattern(r"^\s*(?:[-\u2022]|\d+\.)\s+\S", re.M)
_BEFORE = _Pattern(r"\bbefore\b", re.I)
_AFTER = _Pattern(r"\bafter(?:wards?)?\b", re.I)


# "Gear Swap is a Free Action." against "Gear Swap is a Turn Action" or "is a gear swap a turn action": the same
# subject, another kind. "Plot Armor grants +5 Defense" against "Plot Armor gives +3 Defense": another amount.
_IS_A = _Pattern(r"^(?:(?:is|are)\s+)?(?:the |a |an )?(.+?)\s+(?:is|are)\s+(?:a |an |the )?(.+?)[.?!]?$", re.I)
_ASKS_IS_A = _Pattern(r"^(?:is|are)\s+(?:the |a |an )?(.+?)\s+(?:a|an|the)\s+(.+?)[.?!]?$", re.I)
_AMOUNT = _Pattern(r"(?<![dD\w])\+?(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+([A-Za-z]+)", re.I)


def _contradicts(statement: str, claim: str) -> str | None:
    """No when the sentence says another kind or another amount of the very thing the claim names, Yes when it
    says the very kind the question asks of it; else None."""
    main = _main_clause(statement)
    if "\n" in statement or _NEGATIVE.search(main) or _MODALS.search(main):
        return None
    told = _IS_A.match(main.strip())
    said = _ASKS_IS_A.match(claim.strip()) or _IS_A.match(claim.strip().rstrip("?"))
    if told and said:
        subject, kind = set(stems(told.group(1))), set(stems(told.group(2)))
        asked_subject, asked_kind = set(stems(said.group(1))), set(stems(said.group(2)))
        if subject and subject == asked_subject and asked_kind and not asked_kind <= kind and not kind <= asked_kind:
            return "No"
        if subject and subject == asked_subject and asked_kind and asked_kind == kind:
            return "Yes"  # "Is a Gear Swap a free action?" against "Gear Swap is a Free Action."
    done = _DONE.match(main.strip())
    asked = _ASKS_DONE.search(claim)
    if done and asked and not _ONLY.search(main) and not _BUT.search(main) and not _UNLESS.search(main):
        said = set(stems(claim, drop=QUERY_STOPWORDS)) - {stem(asked.group(1).lower())}
        if stem(done.group(1).lower()) == stem(asked.group(1).lower()) and len(said & set(stems(main))) * 2 >= len(said):
            return "Yes"  # "does the bomb pause while I play the encounter out?" against "... pause the Dungeon Bomb resolution"
    amounts = {counted: _NUMBER_WORDS.get(n.lower(), n) for n, word in _AMOUNT.findall(main) for counted in stems(word)}
    for n, word in _AMOUNT.findall(claim):
        for counted in stems(word):
            if counted in amounts and amounts[counted] != _NUMBER_WORDS.get(n.lower(), n):
                return "No"
    return None


# An instruction ("pause the Dungeon Bomb resolution and resolve ...") and a question whether it is done ("does the
# bomb pause", "should we pause the fight", "do I draw both first").
_DONE = _Pattern(r"^(pause|resolve|draw|discard|return|shuffle|place|reduce|remove|reveal|roll|reroll|check|continue|resume|skip|use|keep|apply|end|complete)\b", re.I)
_ASKS_DONE = _Pattern(
    r"\b(?:do|does|did|should|shall|must|will|would)\s+(?:i|we|you|they|he|she|it|everything|everyone|the \w+|\w+)\s+(?:still\s+|just\s+|also\s+|first\s+)?(\w+)", re.I)
_MODALS = _Pattern(r"\b(?:may|can|must|only|unless|but|if)\b", re.I)


def number_of(statement: str, question: str = "") -> str | None:
    """The one number a statement says ("A Player has five Armor Slots." -> "5"), or None. Asked
    "how much Kaos for a nat 20", a roll's face ("If the Player rerolls the natural 20, ...") counts
    nothing."""
    found = set()
    asked = question or None
    for m in _NUMBER.finditer(statement):
        if asked is not None and _ROLL_FACE.search(statement, 0, m.start()):
            continue
        found.add(_NUMBER_WORDS.get(m.group(0).lower(), m.group(0)))
    return found.pop() if len(found) == 1 else None


_ROLL_FACE = _Pattern(r"\b(?:natural|nat|rolls? (?:a|an)|rolled (?:a|an))\s*$", re.I)
# A question that tells the table's numbers ("I have 3 kaos ... I want to search 2 more times") and asks for an
# amount ("How much kaos does that cost me?", "What's my total?"): the answer is worked out, not read.
_TOLD_NUMBER = _Pattern(r"(?<![dD])\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b(?!\s*(?:or|\?))", re.I)
_AMOUNT_ASKED = _Pattern(
    r"\bhow (?:many|much)\b|\bwhat(?:['\u2019]s| is| are| do| does| will)?\b[^?]*\b(?:total|result|score|now|after|left|end up|come to|use)\b",
    re.I)


def _works_out(question: str, asking: str) -> bool:
    story = question[:question.rfind(asking)] if asking in question else question
    return len(_TOLD_NUMBER.findall(story)) >= 2 and bool(_AMOUNT_ASKED.search(asking))


def _is_game(concept, game_words) -> bool:
    return any(all(s in game_words for s in alt) for alt, _w in concept.alternatives)


def _said(concept, bag: frozenset[str]) -> bool:
    return any(alt and all(s in bag for s in alt) for alt, _weight in concept.alternatives)


def answer_for(
    question: str, concepts, key: str, quote, title: str, lead: float = float("inf"), game_words=frozenset(),
    margin: float = 1.0,
) -> Answer | None:
    """The answer line for the first quote of the first section, or None.

    Given when the lookup is sure of the sentence (`margin`: the first section's lead over the
    second, as a share of its score; `lead`: the quote's value over the section's next statement),
    and the sentence says what is asked: for "how many" its one number, for yes/no a verdict its
    main clause says plainly about what the question asks (`verdict_of`, and the words after its
    may / not are the question's), for any other question the sentence itself, when it says half
    the question's concepts and every game term it names."""
    if quote is None or not concepts or lead < MIN_LEAD:
        return None
    kind, claim = question_kind(question)
    if kind in ("yes/no", "number") and _SIGNPOST.match(quote.text):
        kind = "sentence"  # "The Open Chest Action is defined in 05_ACTIONS.": where the answer is, is the answer
    if kind is None or not any(margin >= least and lead >= leads for least, leads in SURE[kind]):
        return None
    bag = frozenset(stems(quote.text)) | frozenset(stems(title))
    asked = [c for c in concepts if c.surface not in QUERY_STOPWORDS]
    if MIN_SAID and sum(_said(c, bag) for c in asked) < MIN_SAID * len(asked):
        return None
    if GAME_TERMS and not all(_said(c, bag) for c in asked if _is_game(c, game_words)):
        return None  # every game term the question names, the sentence says
    if kind in ("sentence", "number"):
        # A question that takes a wrong rule as given gets the correction first: "No — ...".
        premise = premise_of(question)
        if premise and verdict_of(quote.text, premise) == "No" and _asks_about(quote.text, title, premise, concepts):
            return Answer(quote.text, key, quote.n, "No", corrects=True)
    if kind in ("sentence", "number") and _works_out(question, claim):
        return None  # "I rolled an 11, Charm +4: what's my total?" is worked out from the table's numbers, not read
    if kind == "number":
        items = _ITEM.findall(quote.text)
        if len(items) > 1 and _COUNT_KINDS.search(claim):
            return Answer(quote.text, key, quote.n, str(len(items)))  # "How many kinds of dice?" counts the list's items
        number = number_of(quote.text, question)
        return Answer(quote.text, key, quote.n, number) if number and "number" in statement_shapes(quote.text) else None
    if kind == "sentence":
        title_bag = frozenset(stems(title))
        if "?" not in question and all(_said(c, title_bag) for c in asked):
            return None  # a section's name ("gear swap") asks for the section, not one sentence of it
        wanted = (asks(claim) | quote_asks(claim)) & _SENTENCE_SHAPES
        if _HAPPENS.search(claim):
            wanted |= {"consequence"}
        if wanted and not wanted <= statement_shapes(quote.text):
            return None  # "what happens now" is answered by what happens, "who" by a Player's role
        if _GETS.search(claim) and not _GIVES.search(quote.text):
            return None  # "what do I get" is answered by what is gained
        return Answer(quote.text, key, quote.n)
    verdict = verdict_of(quote.text, claim) or _contradicts(quote.text, claim)
    if verdict is None:
        return None
    condition = _TRAILING_CONDITION.search(claim)
    if condition and not _STILL.search(claim, 0, condition.start()):
        condition = None  # only "do I still get it if ..." makes the case the question
    if condition and not set(stems(condition.group(1), drop=QUERY_STOPWORDS)) & bag:
        return None  # "do I still get it if I fail the check?": a sentence that does not say the case answers another
    # Table slang in the clause that asks ("does the encounter use up an action": spend) is what the
    # verdict is about: a sentence that does not say it answers something else.
    asking = claim.lower()
    if not all(_said(c, bag) for c in asked if c.surface.lower() in asking and all(w < 1 for _alt, w in c.alternatives)):
        return None
    if not (margin >= WORDS_UNNEEDED[0] and lead >= WORDS_UNNEEDED[1]) and not _asks_about(quote.text, title, question, concepts):
        return None
    # A rule stated as fact that the sentence denies gets the correction first: "No — Gear Swap ...".
    return Answer(quote.text, key, quote.n, verdict, corrects=kind == "claim" and verdict == "No")


def _asks_about(statement: str, title: str, question: str, concepts) -> bool:
    """What the sentence allows or denies is what the question asks about: a third of the words
    after its may / not (beyond the title's) at least are the question's ("Plot Armor is not
    discarded into a standard Loot discard pile" does not answer "can I discard my Plot Armor")."""
    asked_stems = {s for c in concepts for alt, _w in c.alternatives for s in alt} | set(stems(question))
    predicate = set(stems(_predicate(statement), drop=QUERY_STOPWORDS)) - set(stems(title))
    return not predicate or len(predicate & asked_stems) >= MIN_PREDICATE * len(predicate)


def _predicate(statement: str) -> str:
    """The main clause after its may / must / not: what the statement allows, requires or denies."""
    main = _main_clause(statement)
    marker = _NEGATIVE.search(main) or _MUST.search(main) or _PERMITS.search(main)
    return main[marker.end():] if marker else main
