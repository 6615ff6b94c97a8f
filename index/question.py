"""Reading a question: what it can be, what it asks for, and the concepts it is about.

1. Clean the text (Unicode, surrogates) and refuse what cannot be a question (`BadQuery`).
2. A section key (`PLOT_ARMOR`, `08 > gear swap`) is recognised as one (`looks_like_key`).
3. Words -> spelling correction against the rules' vocabulary -> concepts: table slang and
   abbreviations expanded as phrases, game terms kept whole (`index.lexicon`), a word the player
   quotes looked up even when it is a word of asking, and "who" looking for a Player.
4. The answer's shape asked for (`index.shapes`): a number, a permission, a role, ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from index.errors import BadQuery
from index.lexicon import Concept
from index.text import CLAUSE_BREAK, INDEX_STOPWORDS, QUERY_STOPWORDS, clause_words, clean, stem, words

__all__ = [
    "MAX_QUERY_CHARS", "MAX_QUERY_WORDS", "MAX_QUOTED_WORDS", "Reading", "QuestionReader",
    "checked_question", "looks_like_key", "quoted_words",
]

MAX_QUERY_CHARS = 1000  # a question, not a document: longer is refused, in bounded time
MAX_QUERY_WORDS = 40  # a long story keeps its last words (`_kept_words`)
MAX_QUOTED_WORDS = 5  # words of asking a player quotes ("says 'you'") looked up; more is no question

_KEY_LIKE = re.compile(r"^\s*(?:[A-Za-z0-9_]+\s*>\s*[\w ]+|[A-Z0-9]+(?:_[A-Z0-9]+)+|[A-Z]{3,})\s*$")

# Words a player quotes: an opening quote after a space, a closing one before a space or the end
# (so "doesn't ... who's" is no quotation).
_QUOTED = re.compile(r"(?:^|(?<=\s))['\"\u2018\u201c]([^\W_][^'\"\u2018\u2019\u201c\u201d]{0,40}?)['\"\u2019\u201d](?=\W|$)")


def quoted_words(question: str) -> list[str]:
    return [w for m in _QUOTED.finditer(question) for w in words(m.group(1))]


def checked_question(query: str) -> str:
    """The question made printable and trimmed; BadQuery when it cannot be one."""
    shown = clean(query).strip()
    if len(shown) > MAX_QUERY_CHARS:
        raise BadQuery(shown[:60], f"the question is {len(shown)} characters long; ask in at most {MAX_QUERY_CHARS}")
    if not words(shown):
        raise BadQuery(shown, "the question has no words to look up")
    return shown


def looks_like_key(text: str) -> bool:
    """`PLOT_ARMOR`, `08 > gear swap`, `TN`: maybe a section key, tried before searching."""
    return bool(_KEY_LIKE.match(text))


def _kept_words(tokens: list[str]) -> list[str]:
    """The last MAX_QUERY_WORDS words of `clause_words`: a long story tells the situation first and
    asks last ("... My backpack was full. What can I do with it?"). Measured on the 47 bench questions
    longer than 40 words: the last 40 decide the first quote 33 times, the first 40 29 times, the
    first 15 and the last 25 31 times."""
    count = 0
    for at in range(len(tokens) - 1, -1, -1):
        count += tokens[at] != CLAUSE_BREAK
        if count == MAX_QUERY_WORDS:
            return tokens[at:]
    return tokens


@dataclass(frozen=True)
class Reading:
    """A question as the lookup read it, and the sections it ranked (`RulesIndex.rank`)."""

    concepts: list
    corrections: list
    asks: frozenset
    quote_asks: frozenset
    ranked: list
    stems: frozenset = frozenset()  # every stem the question says or means (words and concepts)
    sequence: tuple = ()  # its words as the rulebook index and the classifiers read them (`situation_sequence`)


class QuestionReader:
    """Cuts a question into concepts with the speller and the lexicon of the open index."""

    def __init__(self, lexicon, corrector, weights):
        self.lexicon = lexicon
        self.corrector = corrector
        self.weights = weights

    def read(self, query: str, asks: frozenset[str], names: frozenset[str] = frozenset()):
        """(concepts, corrections, the words after spelling) of the question. `names`: the table's
        own words (its Players' names, lowercase), which say nothing of the rules: left out, never
        "corrected" into a rules word ("ivo" is no typo of "ive")."""
        tokens = [t for t in _kept_words(clause_words(clean(query))) if t not in names]
        corrections = []
        fixed = []
        for token in tokens:
            better = self.corrector.correct(token) if token != CLAUSE_BREAK else None
            if better and better != token:
                corrections.append((token, better))
                fixed.append(better)
            else:
                fixed.append(token)
        concepts = self.lexicon.concepts(fixed, self.weights.expansion)
        for quoted in quoted_words(query)[:MAX_QUOTED_WORDS]:
            # The card's own word, quoted by the player ("card says 'you'"): asked about, even
            # when it is a word of how people ask.
            concept = Concept(quoted, (((stem(quoted),), 1.0),))
            if quoted in QUERY_STOPWORDS and quoted not in INDEX_STOPWORDS and concept not in concepts:
                concepts.append(concept)
        if concepts and "who" in asks and not any("player" in alt for c in concepts for alt, _ in c.alternatives):
            # "who" asks for a Player: the rules name them by role ("the Encountering Player").
            concepts.append(Concept("who", ((("player",), self.weights.expansion),)))
        return concepts, corrections, fixed
