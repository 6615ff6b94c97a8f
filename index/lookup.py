"""Reading a question and ranking sections: the lookup itself.

1. Clean the text (Unicode, surrogates), refuse what cannot be a question (`BadQuery`).
2. Direct keys (`PLOT_ARMOR`, `08 > gear swap`) go straight to their section.
3. Words -> spelling correction against the rules' vocabulary -> concepts: table slang and
   abbreviations expanded as phrases, game terms kept whole (`index.lexicon`).
4. One Whoosh query built from those terms (never from the raw text: no query syntax
   reaches Whoosh), scored BM25F over statements and section heads.
5. Statement scores are aggregated per section. Quotes (`_quote_order`, top sections only): a
   statement's coverage of the question's concepts, each weighted by its strength and by how few
   of the section's statements say it (the title's words pick none), times the answer's shape
   (number, may/not, role, consequence, time, negation, list) and the statement's kind; near
   duplicates dropped, most deciding first.
6. The rulebook index (index/rulebook_index.tsv, the situations players name) names a section's
   subject in players' words: context of its statements, as the title is (a concept no statement
   says in the player's words still counts, once), and the question's word pairs found as a
   phrase in one entry count again. Its naming also counts as the title's does in choosing
   quotes (a concept the head names picks fewer statements); quotes stay verbatim statements.
   Known cost: a rule's own sentence asked as a question finds its section first 352 times in
   440 with the index, 415 without (its entries name other sections' concepts); measured on
   players' questions the index is worth 10-15 points top-1, so it stays.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

from whoosh import scoring
from whoosh.query import Phrase, Term

from index.errors import BadQuery
from rulesdb.model import key_of
from index.lexicon import Concept, Lexicon
from index.model import Handoff, LookupResult, Quote, SectionHit
from index.situations import data_hash, situation_sequence
from index.spell import Corrector
from index.store import SKIPPED_KINDS, open_or_build
from index.text import CLAUSE_BREAK, INDEX_STOPWORDS, QUERY_STOPWORDS, clause_words, clean, stem, stems, words

__all__ = ["RulesIndex", "open_index", "Weights", "MAX_QUERY_CHARS", "MAX_QUERY_WORDS"]

MAX_QUERY_CHARS = 1000  # a question, not a document: longer is refused, in bounded time
MAX_QUERY_WORDS = 40
MAX_QUOTED_WORDS = 5  # words of asking a player quotes ("says 'you'") looked up; more is no question

_KEY_LIKE = re.compile(r"^\s*(?:[A-Za-z0-9_]+\s*>\s*[\w ]+|[A-Z0-9]+(?:_[A-Z0-9]+)+|[A-Z]{3,})\s*$")
# "Dungeon Bombs are defined in 07_DUNGEON_BOMBS.": a signpost, not a rule; it matches the
# question's words in very few others, so BM25 would rank it above the rules that answer.
_POINTER = re.compile(r"^[^.]*\b(?:is|are) (?:defined|handled|initiated|determined) (?:in|by) [0-9A-Z_ ,and]+\.$")
_DEFINED_IN = re.compile(r"^(?:The )?(.+?) (is|are) (?:defined|handled|initiated) (?:in|by) ")


# Stems of the words of how people ask: the "situations" field dropped them before stemming.
_ASKING_STEMS = frozenset(stem(w) for w in QUERY_STOPWORDS)

_NUMBER = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|once|twice|any amount|more than one|not capped)\b", re.I)
_MODAL = re.compile(r"\b(?:may|must|cannot|can|only|not|allows?|allowed|unless)\b", re.I)
_HOW_MANY = re.compile(r"\bhow (?:many|much|often|far)\b|\b(?:max|maximum|limit|cap|capped|per)\b", re.I)
_PERMISSION = re.compile(r"^\W*(?:so\s+)?(?:can|could|may|am|is|are|do|does|did|will|would|should|must|have to|has to|allowed)\b|\b(?:can|allowed|legal|able to)\b", re.I)

# "who rolls it", "whose turn", "which player": the answer names a Player by role. As a question
# word only: at the start of a clause or after a verb of saying, never the relative pronoun
# after a noun ("someone whose backpack is empty", "a player who died").
_WHO = re.compile(
    r"(?:^|[,.;:!?(\-]\s*|\b(?:so|and|but|then|or|says?|said|decides?|knows?|tells?|asks?|is|about)\s+)"
    r"who(?:se|m|s)?\b|\bwho's\b|\bwhich (?:player|one of us|of us)\b|\b(?:someone|somebody) else\b",
    re.I,
)
_ROLE = re.compile(
    r"\bwhich Player\b|\bPlayer(?:'s)? (?:to the|who)\b|\bidentif(?:y|ies|ied)\b"
    r"|\bPlayer (?:rolls|resolves|chooses|receives|gains|takes|draws|manages|decides|is the)\b"
)


# "what happens to...", "now what", "what do I do": the answer is what the rules make happen.
_WHAT_HAPPENS = re.compile(
    r"\bwhat (?:happens|happened|now|then|do (?:i|we|you) do)\b|\b(?:now|then) what\b|\bwhere (?:does|do|did) (?:it|they|that|this|the)\b"
    r"|\bwhat (?:do|does) (?:i|we|it|that|this) (?:do|get|draw)\b",
    re.I,
)
# "when do I...", "at what point": the answer says when.
_WHEN = re.compile(r"^\W*(?:so\s+)?when\b|\bat what point\b|\bhow (?:early|late|soon)\b|\bbefore or after\b|\bwhat (?:time|step|phase)\b", re.I)
# A statement that makes something happen: a conditional with its consequence, an instruction.
_CONSEQUENCE = re.compile(
    r"^(?:If|When|Whenever|After|Once|Before)\b[^.]*,\s|\b(?:is|are) (?:discarded|removed|returned|placed|drawn|resolved)\b"
    r"|^(?:Resolve|Draw|Discard|Return|Pause|Shuffle|Place|Reduce|Remove|Reveal|Roll)\b"
)
_TIMING = re.compile(
    r"\b(?:during|before|after|whenever|at the (?:start|end|beginning)|occurs|immediately|until|first time|once)\b", re.I
)
# "what kinds of penalties", "what dice do we need", "list the ...": the answer is a list.
_KINDS = re.compile(r"\bwhat (?:kinds?|sorts?|types?|are the|all)\b|\bwhich (?:kinds?|types?)\b|\blist\b|\bwhat \w+ (?:do|does) (?:we|i|you) need\b", re.I)
# A catalogue: a bulleted list, or four or more items in a row ("Players, Loot, Dungeon Bombs, ...").
_ENUMERATION = re.compile(r"\n\s*[-•]|(?:[^,.]+,){3,}[^,.]*\b(?:or|and)\b")
# The question says something is missing or not done ("doesn't say who", "nothing to discard",
# "out of tokens"): the deciding statement is the one about that negative case.
_NEGATED_QUESTION = re.compile(
    r"n't\b|\b(?:not|no|none|nothing|never|without|empty|out of|nobody|noone|doesnt|dont|cant|didnt|isnt|wont|hadnt|hasnt|havent|aint|wasnt)\b",
    re.I,
)
_NEGATED = re.compile(r"\b(?:not|no|cannot|never|without|none|empty|nothing)\b", re.I)
# Words a player quotes: an opening quote after a space, a closing one before a space or the end
# (so "doesn't ... who's" is no quotation).
_QUOTED = re.compile(r"(?:^|(?<=\s))['\"\u2018\u201c]([^\W_][^'\"\u2018\u2019\u201c\u201d]{0,40}?)['\"\u2019\u201d](?=\W|$)")


def _quoted_words(question: str) -> list[str]:
    return [w for m in _QUOTED.finditer(question) for w in words(m.group(1))]


# Statements that give a Variable's value, not a rule.
_VALUE_KINDS = frozenset({"variable", "variable_value"})

# A document's preamble: "This document defines Loot management procedures."
_GENERIC = re.compile(r"^This document\b")


# A statement's shapes, by the name of the question's ask each one answers.
_SHAPES = (
    ("number", _NUMBER), ("permission", _MODAL), ("who", _ROLE), ("consequence", _CONSEQUENCE),
    ("time", _TIMING), ("negation", _NEGATED), ("list", _ENUMERATION), ("generic", _GENERIC),
)


def _shapes_asked(question: str, patterns: tuple) -> frozenset[str]:
    return frozenset(shape for shape, pattern in patterns if pattern.search(question))


def _quote_asks(question: str) -> frozenset[str]:
    """Answer shapes that choose among a section's statements but do not rank sections."""
    return _shapes_asked(question, (("consequence", _WHAT_HAPPENS), ("time", _WHEN), ("list", _KINDS),
                                    ("negation", _NEGATED_QUESTION)))


def _asks(question: str) -> frozenset[str]:
    """What kind of answer a question wants, from its question words: a number, a permission."""
    return _shapes_asked(question, (("number", _HOW_MANY), ("permission", _PERMISSION), ("who", _WHO)))


@dataclass(frozen=True)
class Weights:
    """Ranking knobs. Set once from half of the dev questions, not per question (bench/lookup.py)."""

    title: float = 2.0  # a word of the section title (on the section head document)
    terms: float = 1.5  # a defined term, abbreviation or Variable of the section
    phrase: float = 1.5  # a game term matched as a whole phrase, against its words apart
    partial: float = 0.5  # each word of a game term found without the others
    expansion: float = 0.8  # the rules' word for the player's slang, against the player's word
    head: float = 1.0  # the section head: title and defined terms
    cover: float = 0.4  # concepts the best statement misses, found in other statements
    plain: float = 0.6  # a word that is not one of the game's terms ("while", "placed")
    whole: float = 0.15  # the whole section as one text (classic section-level BM25)
    pointer: float = 0.5  # "X is defined in DOC": a signpost to another document
    context: float = 1.0  # how much of the title's match a statement that misses the concept inherits
    summary: float = 0.6  # a "... Summary" section restates rules whose own sections carry its gist
    title_bonus: float = 0.25  # the title's match once more, on top of the best statement, when the question names part of it
    title_full: float = 1.0  # the same when the question names the whole title
    titled: float = 0.3  # in a quote, a concept the section's title already names
    asked: float = 1.3  # in a quote, the answer's shape asked for: a number, a "may"/"not"
    quote_ratio: float = 0.15  # quote statements scoring at least this share of the best
    distinct: float = 2.0  # exponent: in a quote, a concept fewer of the section's statements say counts more
    saturate: float = 0.0  # exponent: a statement earns a concept's weight by saying it (0) or by its score (1)
    kind_low: float = 0.3  # an abbreviation, a one-word row, a document's preamble, as a quote
    asked_quote: float = 1.3  # in a quote, a consequence for "what happens", a time for "when"
    negation: float = 1.2  # in a quote, a "not"/"no" statement for a question about what is missing or not done
    enumeration: float = 0.6  # a catalogue of many items, as a quote, when the question does not ask for a list
    dedupe: float = 0.8  # a quote sharing this share (Jaccard) of its words with one already chosen is left out
    situations: float = 0.5  # the rulebook index naming a concept of the section: context of its statements, as the title is
    situation_phrase: float = 1.0  # a pair of the question's words found as a phrase in an entry (times `situations`)
    specific: float = 0.35  # exponent: a concept many sections share counts less beside a rarer one of the question
    phrase_norm: float = 1.0  # exponent: a phrase's score (the sum of its words') divided by its length to this power
    asked_rank: float = 0.5  # exponent of `asked` in ranking: a statement shaped like the answer (who, how many, may)


_OPEN: dict[tuple[str, str, str], "RulesIndex"] = {}



def open_index(db) -> "RulesIndex":
    # The rulebook index's file is part of the key: edited, it is read (and indexed) again.
    cache_key = (str(db.path), db.content_hash, data_hash())
    found = _OPEN.get(cache_key)
    if found is None:
        found = _OPEN[cache_key] = RulesIndex(db)
    return found


@dataclass(frozen=True)
class Reading:
    """A question as the lookup read it, and the sections it ranked (`RulesIndex.rank`)."""

    concepts: list
    corrections: list
    asks: frozenset
    quote_asks: frozenset
    ranked: list


class RulesIndex:
    """An open index: the Whoosh searcher, the lexicon and the speller, kept for reuse."""

    def __init__(self, db, weights: Weights | None = None):
        self.db = db
        self.weights = weights or Weights()
        meta, self.ix = open_or_build(db)
        self.lexicon = Lexicon(meta["lexicon"])
        vocabulary = dict(meta["frequencies"])
        for word in self.lexicon.vocabulary | QUERY_STOPWORDS:
            vocabulary[word] = vocabulary.get(word, 0) + 1000
        self.corrector = Corrector(vocabulary, protected=meta.get("protected", ()))
        # situations_B=0: no length normalization on the rulebook index's field. Only the 89
        # section heads carry it, so its average length over all documents is a fraction of any
        # head's, and with the usual B a word said seven times would count nearly seven times.
        # A section's entries are the ways players ask about it; more of them dilute nothing.
        self.searcher = self.ix.searcher(weighting=scoring.BM25F(situations_B=0.0))
        self._titles: dict[str, str] = {}
        self._keys: dict[int, str] = {}
        self._ns: dict[int, int] = {}
        self._title_stems: dict[str, frozenset[str]] = {}
        self._pointers: set[int] = set()
        self._summaries: set[str] = set()
        self._texts: dict[int, str] = {}
        self._section_sizes: dict[str, int] = {}
        self._kinds: dict[int, str] = {}
        self._quote_stems: dict[int, frozenset[str]] = {}
        self._shape_cache: dict[int, frozenset[str]] = {}
        self._doc_stems: dict[int, frozenset[str]] = {}
        self._match_cache: dict[str, dict[int, float]] = {}
        self._sections: dict = {}
        for docnum, fields in self.searcher.reader().iter_docs():
            self._keys[docnum] = fields["key"]
            self._ns[docnum] = fields["n"]
            if fields["n"] == 0:
                self._titles[fields["key"]] = fields["text"]
                if fields["text"].lower().endswith("summary"):
                    self._summaries.add(fields["key"])
                self._title_stems[fields["key"]] = frozenset(stems(fields["text"]))
            else:
                self._texts[docnum] = fields["text"]
                self._kinds[docnum] = fields.get("kind", "")
                if fields["n"] > 0:
                    self._section_sizes[fields["key"]] = self._section_sizes.get(fields["key"], 0) + 1
                    self._quote_stems[docnum] = frozenset(stems(fields["text"], drop=QUERY_STOPWORDS))
                    self._doc_stems[docnum] = frozenset(stems(fields["text"]))
                if _POINTER.match(fields["text"]):
                    self._pointers.add(docnum)

    def _section(self, key: str):
        """Sections are immutable for this rules version: read each once per process."""
        found = self._sections.get(key)
        if found is None:
            found = self._sections[key] = self.db.section(key)
        return found

    # --- reading the question ---------------------------------------------------------------

    def read(self, query: str) -> tuple[list[Concept], list[tuple[str, str]]]:
        """Concepts of the question and the spelling corrections made."""
        concepts, corrections, _fixed = self._read(query, _asks(query))
        return concepts, corrections

    def _read(self, query: str, asks: frozenset[str]):
        tokens = clause_words(clean(query), limit=MAX_QUERY_WORDS)
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
        for quoted in _quoted_words(query)[:MAX_QUOTED_WORDS]:
            # The card's own word, quoted by the player ("card says 'you'"): asked about, even
            # when it is a word of how people ask.
            concept = Concept(quoted, (((stem(quoted),), 1.0),))
            if quoted in QUERY_STOPWORDS and quoted not in INDEX_STOPWORDS and concept not in concepts:
                concepts.append(concept)
        if concepts and "who" in asks and not any("player" in alt for c in concepts for alt, _ in c.alternatives):
            # "who" asks for a Player: the rules name them by role ("the Encountering Player").
            concepts.append(Concept("who", ((("player",), self.weights.expansion),)))
        return concepts, corrections, fixed

    def _field_queries(self, stems: tuple[str, ...]):
        """(field, query, boost) for one alternative: a word, or a phrase on its own."""
        w = self.weights
        if len(stems) == 1:
            (s,) = stems
            return [
                ("body", Term("body", s), 1.0),
                ("title", Term("title", s), w.title),
                ("terms", Term("terms", s), w.terms),
                ("whole", Term("whole", s), w.whole),
            ]
        return [
            ("body", Phrase("body", list(stems), slop=1), w.phrase),
            ("title", Phrase("title", list(stems)), w.phrase * w.title),
            ("terms", Phrase("terms", list(stems)), w.phrase * w.terms),
            ("whole", Phrase("whole", list(stems), slop=1), w.phrase * w.whole),
        ]

    def _matches(self, query) -> dict[int, float]:
        """docnum -> score of one term or phrase query. A term's scores depend on the index only,
        never on the question: kept per process (bounded), so a session pays for each once."""
        cache_key = repr(query)
        found = self._match_cache.get(cache_key)
        if found is not None:
            return found
        if len(self._match_cache) > 20000:
            self._match_cache.clear()
        found = self._match_cache[cache_key] = {}
        matcher = query.matcher(self.searcher)
        while matcher.is_active():
            found[matcher.id()] = matcher.score()
            matcher.next()
        return found

    def concept_scores(self, concept: Concept) -> dict[int, float]:
        """docnum -> how well that document says this concept (best alternative, best field)."""
        best: dict[int, float] = {}
        for stems, weight in concept.alternatives:
            scores: dict[int, float] = {}
            # A phrase scores the sum of its words' scores: "discard pile" would count as two
            # concepts beside "dropped". Divided by its length to the power `phrase_norm`.
            norm = len(stems) ** self.weights.phrase_norm if len(stems) > 1 else 1.0
            for _field, query, boost in self._field_queries(stems):
                for doc, score in self._matches(query).items():
                    scores[doc] = max(scores.get(doc, 0.0), score * boost / norm)
            if len(stems) > 1:
                # The words of a game term found apart still count, for less.
                apart: dict[int, float] = {}
                for s in stems:
                    word: dict[int, float] = {}
                    for _field, query, boost in self._field_queries((s,)):
                        for doc, score in self._matches(query).items():
                            word[doc] = max(word.get(doc, 0.0), score * boost)
                    for doc, score in word.items():
                        apart[doc] = apart.get(doc, 0.0) + self.weights.partial * score
                for doc, score in apart.items():
                    scores[doc] = max(scores.get(doc, 0.0), score)
            for doc, score in scores.items():
                score *= weight
                if score > best.get(doc, 0.0):
                    best[doc] = score
        return best

    # --- answering ----------------------------------------------------------------------------

    def search(self, query: str, limit: int = 5) -> LookupResult:
        shown = clean(query).strip()
        if len(shown) > MAX_QUERY_CHARS:
            raise BadQuery(shown[:60], f"the question is {len(shown)} characters long; ask in at most {MAX_QUERY_CHARS}")
        if not words(shown):
            raise BadQuery(shown, "the question has no words to look up")
        limit = max(1, min(int(limit), 50))
        if _KEY_LIKE.match(shown):
            direct = self._direct(shown)
            if direct is not None:
                return direct
        reading = self.rank(shown)
        concepts, corrections = reading.concepts, reading.corrections
        if not concepts:
            raise BadQuery(shown, "the question has only common words (like 'what', 'and', 'not'); name what it is about")
        stems_looked_up = {s for c in concepts for alt, _ in c.alternatives for s in alt}
        ranked, quote_asks = reading.ranked, reading.quote_asks
        hits = tuple(
            self._hit(key, score, self._quote_order(key, *found, asks=quote_asks, concepts=concepts), stems_looked_up)
            for key, score, found in ranked[:limit]
        )
        result = LookupResult(
            query=shown,
            results=hits,
            terms=tuple(c.surface for c in concepts),
            corrections=tuple(corrections),
        )
        if not hits:
            result = self._nothing(result, concepts)
        return result

    def rank(self, question: str, explain: dict | None = None) -> "Reading":
        """How the lookup reads a question and ranks the sections (search, bench and tune all
        rank through here): concepts, spelling corrections, the asks, the sections best first."""
        asks = _asks(question)
        concepts, corrections, fixed = self._read(question, asks)
        quote_asks = asks | _quote_asks(question)
        if any(("variabl",) in dict(c.alternatives) for c in concepts):
            quote_asks |= {"value"}  # "what's the refund set to": a Variable's value answers it
        ranked = self._rank(concepts, asks, situation_sequence(fixed), explain) if concepts else []
        return Reading(concepts, corrections, asks, quote_asks, ranked)

    def _is_game_term(self, concept: Concept) -> bool:
        game = self.lexicon.game_words
        return any(all(s in game for s in stems) for stems, _ in concept.alternatives)

    def situation_concepts(self, concepts: list[Concept]) -> dict[str, list[float]]:
        """section key -> per concept, how strongly the section's rulebook-index entries name it.

        Each concept's best alternative on the "situations" field (BM25F over all of a section's
        entries: a section many entries describe with a word is about that word). In ranking this
        is context of the section's statements, as its title is (`Weights.situations`): it fills
        in a concept the statements do not say in the player's words, never adds to one they do.
        """
        found: dict[str, list[float]] = {}
        for i, concept in enumerate(concepts):
            best: dict[int, float] = {}
            for stems_, weight in concept.alternatives:
                stems_ = tuple(s for s in stems_ if s not in _ASKING_STEMS)
                if not stems_:
                    continue
                query = Term("situations", stems_[0]) if len(stems_) == 1 else Phrase("situations", list(stems_))
                for doc, score in self._matches(query).items():
                    best[doc] = max(best.get(doc, 0.0), weight * score)
            for doc, score in best.items():
                found.setdefault(self._keys[doc], [0.0] * len(concepts))[i] = score
        return found

    def situation_phrases(self, concepts: list[Concept], sequence: tuple[str, ...] = ()) -> dict[str, float]:
        """section key -> the question's pairs of neighbouring words found as a phrase in one of its
        entries (after the words of how people ask are dropped, as the entries were): "deck ran
        out" is an entry, "ran" and "deck" apart are two words. Never across a clause break; a
        pair inside one concept ("player's turn", a game term) is that concept's, not counted again.
        """
        found: dict[str, float] = {}
        for pair in _word_pairs(concepts, sequence):
            for doc, score in self._matches(Phrase("situations", list(pair))).items():
                key = self._keys[doc]
                found[key] = found.get(key, 0.0) + score
        return found

    def _sections_saying(self, concept: Concept) -> int:
        """How many sections say this concept anywhere (any alternative, in their whole text or
        title): the section-level document frequency."""
        keys: set[str] = set()
        for stems_, _weight in concept.alternatives:
            for field in ("whole", "title"):
                query = Term(field, stems_[0]) if len(stems_) == 1 else Phrase(field, list(stems_), slop=1)
                keys.update(self._keys[doc] for doc in self._matches(query))
        return len(keys)

    def _specificity(self, concepts: list[Concept]) -> list[float]:
        """Per concept, a factor <= 1: its section-level IDF against the rarest concept of the
        question, to the power `specific`. "discard pile" said in a dozen sections counts less
        beside "dropped" said in two: the rarer word names the situation, the common one the
        area. A question of one concept, or concepts equally rare, is unchanged."""
        gamma = self.weights.specific
        if not gamma or len(concepts) < 2:
            return [1.0] * len(concepts)
        total = len(self._titles) or 1
        idfs = []
        for concept in concepts:
            n = self._sections_saying(concept)
            idfs.append(math.log((total + 1) / (n + 0.5)) if n else None)
        known = [x for x in idfs if x is not None]
        top = max(known, default=0.0)
        if top <= 0:
            return [1.0] * len(concepts)
        return [1.0 if x is None else max(0.0, x / top) ** gamma for x in idfs]

    def _rank(
        self, concepts: list[Concept], asks: frozenset[str] = frozenset(), sequence: tuple[str, ...] = (),
        explain: dict | None = None,
    ) -> list[tuple[str, float, list[tuple[float, int]]]]:
        """Sections best first, with their statements' scores.

        A section scores its head (title, defined terms) plus its single best statement over
        all concepts of the question, so the sentence that decides the question pulls its
        section up. Concepts that statement misses are credited from the section's other
        statements at a discount (`cover`): a section repeating one word in ten statements
        gains nothing over saying it once.
        """
        w = self.weights
        per_concept = []
        specificity = self._specificity(concepts)
        for concept, factor in zip(concepts, specificity):
            scores = self.concept_scores(concept)
            if not self._is_game_term(concept):
                factor *= w.plain
            if factor != 1.0:
                scores = {doc: score * factor for doc, score in scores.items()}
            per_concept.append(scores)
        looked_up = {s for c in concepts for alt, _ in c.alternatives for s in alt}
        heads: dict[str, list[float]] = {}
        whole: dict[str, float] = {}
        statement: dict[int, list[float]] = {}
        for i, scores in enumerate(per_concept):
            for doc, score in scores.items():
                n = self._ns[doc]
                if n == -1:
                    key = self._keys[doc]
                    whole[key] = whole.get(key, 0.0) + score
                elif n == 0:
                    key = self._keys[doc]
                    heads.setdefault(key, [0.0] * len(per_concept))[i] = score
                else:
                    if doc in self._pointers:
                        score *= w.pointer
                    statement.setdefault(doc, [0.0] * len(per_concept))[i] = score
        by_section: dict[str, list[int]] = {}
        for doc in statement:
            by_section.setdefault(self._keys[doc], []).append(doc)
        named = self.situation_concepts(concepts) if w.situations else {}
        phrases = self.situation_phrases(concepts, sequence) if w.situations and w.situation_phrase else {}
        ranked = []
        zero = [0.0] * len(per_concept)
        shapes: dict[int, float] = {}

        def shape(doc):
            # A statement with the shape of the answer asked for (who: a Player's role; how
            # many: a number; can I: a may/must/not) says more of the question, in ranking too.
            found = shapes.get(doc)
            if found is None:
                found = shapes[doc] = self._answers(doc, asks) ** w.asked_rank if w.asked_rank else 1.0
            return found

        for key in set(heads) | set(by_section) | set(whole) | set(named) | set(phrases):
            docs = by_section.get(key, [])
            # A title the question only half names ("Plot Armor" for "armor") counts for half.
            title = self._title_stems.get(key) or frozenset(("",))
            share = w.head * self._title_named(title, concepts) / len(title)
            head = [share * score for score in heads.get(key, zero)]
            if key in named:
                # The rulebook index names the section's subject in players' words: context, as
                # the title is, for concepts its statements do not say.
                head = [max(h, w.situations * x) for h, x in zip(head, named[key])]
            # The head (title, index naming) is the context of every statement under it: a concept
            # counts once per statement, from the statement's words or from the head, never twice.
            def value(doc):
                return shape(doc) * sum(s + w.context * max(0.0, h - s) for s, h in zip(statement[doc], head))

            # The head's match once more (the title and the rulebook index's naming): in full when
            # the head names every concept of the question (a keyword lookup: "loot management
            # window"; a situation the index names whole), less when the question says more than
            # the head names ("bag slots all taken": the situation is in the rest). Measured: the
            # title alone here loses 4-6 points top-1 on every question set.
            bonus = w.title_full if all(head) else w.title_bonus
            score = whole.get(key, 0.0) + bonus * sum(head)  # whole: already weighted
            if docs:
                best = max(docs, key=value)
                said = [shape(best) * (s + w.context * max(0.0, h - s)) for s, h in zip(statement[best], head)]
                cover = [max(statement[d][i] for d in docs) for i in range(len(per_concept))]
                score += sum(said) + w.cover * sum(max(0.0, c - b) for c, b in zip(cover, said))
            else:
                score += sum(head)
            score += w.situations * w.situation_phrase * phrases.get(key, 0.0)
            if explain is not None:
                explain[key] = {
                    "whole": whole.get(key, 0.0),
                    "head": [round(h, 2) for h in head],
                    "said": [round(x, 2) for x in said] if docs else None,
                    "best": self._texts.get(best) if docs else None,
                    "cover": w.cover * sum(max(0.0, c - b) for c, b in zip(cover, said)) if docs else 0.0,
                    "named by the rulebook index": [round(w.situations * x, 2) for x in named.get(key, ())],
                    "rulebook index phrases": w.situations * w.situation_phrase * phrases.get(key, 0.0),
                }
            if key in self._summaries:
                score *= w.summary
            ranked.append((key, score, (docs, head, statement)))
        ranked.sort(key=lambda item: (-item[1], item[0]))
        return ranked

    def _title_named(self, title: frozenset[str], concepts: list[Concept]) -> float:
        """How many of a title's words the question names. A word of a game term the title does
        not hold whole counts `partial`: "end of turn ... order" names "Turn Order" half-way."""
        named: dict[str, float] = {}
        for concept in concepts:
            for alt, _weight in concept.alternatives:
                credit = 1.0 if len(alt) == 1 or title.issuperset(alt) else self.weights.partial
                for s in alt:
                    if s in title and credit > named.get(s, 0.0):
                        named[s] = credit
        return sum(named.values())

    def _quote_order(self, key, docs, head, statement, asks=frozenset(), concepts=()) -> list[tuple[float, int]]:
        """(value, n) of a section's statements, the most deciding first.

        A statement decides what the question adds to its section's subject: each concept of the
        question counts by how strongly the rules say it (its best score in the section), more the
        fewer of the section's statements say it (a concept every statement shares, like the
        title's, picks none of them: `distinct`), less when the title names it (`titled`). A
        statement earns a concept's weight by saying it (`saturate`: 0 = said or not, 1 = in
        proportion to its score, so a long statement repeating a word gains little). Then the
        answer's shape (`_answers`: a number, a may/must/not, a Player's role, a consequence, a
        time) and the kind of statement (an abbreviation or a table of contents says no rule).
        Ties go to the statement that says the concepts more strongly, then to the section's order.
        """
        w = self.weights
        docs = [d for d in docs if self._ns[d] > 0]
        if not docs:
            return []
        k = len(head)
        size = max(len(docs), self._section_sizes.get(key, len(docs)))
        weights = []
        for i in range(k):
            strength = max(statement[d][i] for d in docs)
            said = sum(1 for d in docs if statement[d][i] > 0)
            if strength <= 0:
                weights.append((0.0, 1.0))
                continue
            distinct = (math.log(1 + size / said) / math.log(1 + size)) ** w.distinct if size > 1 else 1.0
            titled = w.titled if head[i] > 0 else 1.0
            weights.append((strength * distinct * titled, strength))
        out = []
        for d in docs:
            value = 0.0
            for i, (weight, strength) in enumerate(weights):
                s = statement[d][i]
                if s > 0 and weight:
                    # Matched where the words are not (an entry's label): as the words apart.
                    said = (self._says(d, concepts[i]) or w.partial) if concepts else 1.0
                    value += weight * said * (s / strength) ** w.saturate
            value *= self._answers(d, asks) * self._kind_prior(d, asks)
            # Equal coverage: the statement that says the concepts more strongly (BM25), then the
            # section's order.
            strength = sum(s * (w.titled if h > 0 else 1.0) for s, h in zip(statement[d], head))
            out.append((round(value, 9), strength, self._ns[d]))
        out.sort(key=lambda item: (-item[0], -item[1], item[2]))
        return [(value, n) for value, _strength, n in out]

    def _says(self, doc: int, concept: Concept) -> float:
        """How a statement says a concept: in the question's own word (1), in the rules' word for
        the player's slang (its expansion weight), or a game term's words apart (`partial`)."""
        bag = self._doc_stems[doc]
        best = 0.0
        for stems_, weight in concept.alternatives:
            found = sum(1 for s in stems_ if s in bag)
            if found == len(stems_):
                best = max(best, weight)
            elif found:
                best = max(best, weight * self.weights.partial * found / len(stems_))
        return best

    def _kind_prior(self, doc: int, asks: frozenset[str] = frozenset()) -> float:
        """An abbreviation ("TN"), a signpost to a document or a document's own preamble says no
        rule of the game: quoted only when nothing else of the section fits."""
        has = self._features(doc)
        if self._kinds.get(doc) == "abbreviation" or len(self._quote_stems.get(doc, ())) < 2:
            return self.weights.kind_low
        if "generic" in has:
            return self.weights.kind_low
        if self._kinds.get(doc) in _VALUE_KINDS and not asks & {"number", "value"}:
            # "CRITICAL_SUCCESS_REWARD: 1 Kaos" says how much, not what happens: quoted first
            # only for a question about an amount or a Variable's value.
            return self.weights.kind_low
        if "list" in has:
            # A list names many things by the way: it matches a question's words without
            # deciding it, unless the question asks for the list.
            return self.weights.asked_quote if "list" in asks else self.weights.enumeration
        return 1.0

    def _features(self, doc: int) -> frozenset[str]:
        """The answer shapes a statement has, read once per statement per process."""
        found = self._shape_cache.get(doc)
        if found is None:
            text = self._texts.get(doc, "")
            found = self._shape_cache[doc] = frozenset(
                name for name, pattern in _SHAPES if pattern.search(text)
            )
        return found

    def _answers(self, doc: int, asks: frozenset[str]) -> float:
        """How much a statement has the shape of the answer asked for (1.0 = no preference)."""
        if not asks:
            return 1.0
        has = self._features(doc)
        w = self.weights
        factor = 1.0
        for ask, weight in (("number", w.asked), ("permission", w.asked), ("who", w.asked),
                            ("consequence", w.asked_quote), ("time", w.asked_quote), ("negation", w.negation)):
            if ask in asks and ask in has:
                factor *= weight
        return factor

    def _hit(self, key: str, score: float, stmts, stems_looked_up) -> SectionHit:
        section = self._section(key)
        by_n = {st.n: st for st in section.statements}
        chosen = []
        if stmts:
            top = stmts[0][0]
            chosen = []
            seen = []
            for value, n in stmts:
                if len(chosen) == 3 or value < self.weights.quote_ratio * top:
                    break
                if n not in by_n:
                    continue
                bag = frozenset(stems(by_n[n].text, drop=QUERY_STOPWORDS))
                if any(len(bag & other) >= self.weights.dedupe * len(bag | other) > 0 for other in seen):
                    continue  # says again what a quote above says
                chosen.append(n)
                seen.append(bag)
        if not chosen:
            first = next((st for st in section.statements if st.kind in {"definition", "rule"}), None)
            first = first or (section.statements[0] if section.statements else None)
            chosen = [first.n] if first else []
        quotes = tuple(self._quote(by_n[n], stems_looked_up) for n in chosen)
        return SectionHit(
            doc_id=section.doc_id,
            section_id=section.section_id,
            title=section.title,
            score=score,
            quotes=quotes,
            see_also=_see_also(section),
            handoffs=self._handoffs(section, quotes, stems_looked_up),
        )

    @staticmethod
    def _quote(statement, stems_looked_up) -> Quote:
        spans = tuple(
            (m.start(), m.end())
            for m in re.finditer(r"[^\W_]+", statement.text)
            if m.group(0).lower() not in INDEX_STOPWORDS and stem(m.group(0).lower()) in stems_looked_up
        )
        return Quote(statement.n, statement.kind, statement.text, spans)

    def _handoffs(self, section, quotes, stems_looked_up=frozenset()) -> tuple[Handoff, ...]:
        """The documents not loaded that the answer hands off to: named in a quote, or in another
        statement of the section that says something of the question beyond the title ("death
        process steps": "resolve the Death Process according to 09_DEATH_AND_VICTORY")."""
        missing = set(self._missing())
        found: dict[str, Handoff] = {}
        title = self._title_stems.get(section.key, frozenset())
        quoted = {quote.n for quote in quotes}
        texts = [quote.text for quote in quotes] + [
            st.text for st in section.statements
            if st.n not in quoted and any(doc in st.text for doc in missing)
            and (frozenset(stems(st.text, drop=QUERY_STOPWORDS)) - title) & stems_looked_up
        ]
        for text in texts:
            for doc in sorted(missing, key=text.find):
                if doc in text and doc not in found:
                    m = _DEFINED_IN.match(text)
                    if m:
                        message = f"{m.group(1)} {m.group(2)} defined in {doc}, which is not loaded."
                    else:
                        message = f"The rest of this is in {doc}, which is not loaded."
                    found[doc] = Handoff(doc, message)
        for ref in section.references:
            if ref.to_doc in missing and ref.to_doc not in found and any(ref.to_name in q.text for q in quotes):
                found[ref.to_doc] = Handoff(ref.to_doc, f"{ref.to_name} is defined in {ref.to_doc}, which is not loaded.")
        return tuple(found.values())

    def _missing(self) -> list[str]:
        if not hasattr(self, "_missing_docs"):
            self._missing_docs = list(self.db.missing_documents())
        return self._missing_docs

    def _direct(self, text: str) -> LookupResult | None:
        from rulesdb import AmbiguousKey, UnknownKey

        try:
            doc_id, section_id = self.db.resolve(text)
        except (UnknownKey, AmbiguousKey):
            if ">" in text:
                raise
            return None
        section = self._section(key_of(doc_id, section_id))
        quotes = tuple(Quote(st.n, st.kind, st.text) for st in section.statements if st.kind not in SKIPPED_KINDS)
        hit = SectionHit(
            doc_id=doc_id,
            section_id=section_id,
            title=section.title,
            score=1.0,
            quotes=quotes,
            see_also=_see_also(section),
            handoffs=self._handoffs(section, quotes),
        )
        return LookupResult(query=text, results=(hit,), direct=True)

    def _nothing(self, result: LookupResult, concepts: list[Concept]) -> LookupResult:
        typed = [w for w in words(result.query) if w not in QUERY_STOPWORDS]
        suggestions: list[str] = []
        for word in typed:
            for cand in self.corrector.candidates(word, 2)[:3]:
                if cand != word and cand not in QUERY_STOPWORDS and cand not in suggestions:
                    suggestions.append(cand)
        titles = {title: key for key, title in self._titles.items()}
        close = difflib.get_close_matches(" ".join(typed), list(titles), n=3, cutoff=0.3)
        if not close:
            scored = sorted(
                titles,
                key=lambda t: -max((difflib.SequenceMatcher(None, w, tw.lower()).ratio() for w in typed for tw in t.split()), default=0),
            )
            close = scored[:3]
        return LookupResult(
            query=result.query,
            results=(),
            terms=result.terms,
            corrections=result.corrections,
            did_you_mean=tuple(suggestions[:5]),
            closest_titles=tuple(f"{titles[t]}  {t}" for t in close),
        )


def _word_pairs(concepts: list[Concept], sequence: tuple[str, ...]) -> set[tuple[str, str]]:
    """Pairs of neighbouring words of the question (`situation_sequence`), never across a clause
    break, minus pairs inside one concept (a game term was searched as a phrase already)."""
    inside = set()
    for concept in concepts:
        for stems_, _weight in concept.alternatives:
            stems_ = tuple(s for s in stems_ if s not in _ASKING_STEMS)
            inside.update(stems_[i : i + 2] for i in range(len(stems_) - 1))
    pairs = {tuple(sequence[i : i + 2]) for i in range(len(sequence) - 1)} - inside
    return {pair for pair in pairs if pair[0] != pair[1] and CLAUSE_BREAK not in pair}


def _see_also(section) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    own = section.key
    for ref in section.references:
        if ref.loaded and ref.to_doc and ref.to_section:
            target = key_of(ref.to_doc, ref.to_section)
            if target != own:
                seen.setdefault(target, None)
    return tuple(seen)
