"""Ranking the sections for a question's concepts.

Whoosh scores each concept (BM25F) on statements, section heads (title, defined terms, the
rulebook index's entries) and whole sections. A section scores its head, its single best
statement over all the question's concepts (so the sentence that decides pulls its section up),
the concepts that statement misses (discounted) and its whole text. The rulebook index
(index/rulebook_index.tsv) names a section's subject in players' words: context of its
statements, as the title is (a concept no statement says in the player's words still counts,
once), and the question's word pairs found as a phrase in one entry count again. Each statement
also carries its own players' questions (field "asked": index/statement_questions.tsv and the
rulebook index's entries whose note names it): a concept said there counts for the statement, and
the question's words against the closest statement's questions (BM25) count for its section.
Known cost: a rule's own sentence asked as a question finds its section first 373 times in 439
with the rulebook index and the statements' questions, 418 without either (their words name other
sections' concepts; bench/lookup.py); on the eleven blind sets of players' questions they are worth
29 points top-1 (0.581 -> 0.870), so they stay.
"""

from __future__ import annotations

import math

from index.lexicon import Concept
from index.shapes import answer_factor
from index.text import CLAUSE_BREAK, QUERY_STOPWORDS, stem

__all__ = ["Ranker", "RankedSection", "asking_stems"]


def asking_stems() -> frozenset[str]:
    """Stems of the words of how people ask: the "situations" field dropped them before stemming.
    Stemmed once per index build and kept in its tables (stemming them all is about 3 ms)."""
    return frozenset(stem(w) for w in QUERY_STOPWORDS)

# (section key, score, (its statements' docnums, the head's score per concept, docnum -> score
# per concept)): what quoting reads after ranking.
RankedSection = tuple


class Ranker:
    """Scores sections for concepts over one open index (`Corpus`), with the lexicon's game words."""

    def __init__(self, corpus, lexicon, weights, asking=None):
        self.corpus = corpus
        self.lexicon = lexicon
        self.weights = weights
        self.asking = frozenset(asking) if asking is not None else asking_stems()  # `asking_stems`

    def _field_queries(self, stems: tuple[str, ...]):
        """(field, words, boost) for one alternative: a word, or a phrase on its own (`Corpus.matches`)."""
        w = self.weights
        if len(stems) == 1:
            return [
                ("body", stems, 1.0),
                ("title", stems, w.title),
                ("terms", stems, w.terms),
                ("whole", stems, w.whole),
                ("asked", stems, w.asked_field),
            ]
        return [
            ("body", stems, w.phrase),
            ("title", stems, w.phrase * w.title),
            ("terms", stems, w.phrase * w.terms),
            ("whole", stems, w.phrase * w.whole),
            ("asked", stems, w.phrase * w.asked_field),
        ]

    def concept_scores(self, concept: Concept) -> dict[int, float]:
        """docnum -> how well that document says this concept (best alternative, best field)."""
        matches = self.corpus.matches
        best: dict[int, float] = {}
        for stems, weight in concept.alternatives:
            scores: dict[int, float] = {}
            # A phrase scores the sum of its words' scores: "discard pile" would count as two
            # concepts beside "dropped". Divided by its length to the power `phrase_norm`.
            norm = len(stems) ** self.weights.phrase_norm if len(stems) > 1 else 1.0
            for field, words_, boost in self._field_queries(stems):
                if not boost:
                    continue
                for doc, score in matches(field, words_).items():
                    scores[doc] = max(scores.get(doc, 0.0), score * boost / norm)
            if len(stems) > 1:
                # The words of a game term found apart still count, for less.
                apart: dict[int, float] = {}
                for s in stems:
                    word: dict[int, float] = {}
                    for field, words_, boost in self._field_queries((s,)):
                        for doc, score in matches(field, words_).items():
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
                stems_ = tuple(s for s in stems_ if s not in self.asking)
                if not stems_:
                    continue
                for doc, score in self.corpus.matches("situations", stems_).items():
                    best[doc] = max(best.get(doc, 0.0), weight * score)
            for doc, score in best.items():
                found.setdefault(self.corpus.keys[doc], [0.0] * len(concepts))[i] = score
        return found

    def situation_phrases(self, concepts: list[Concept], sequence: tuple[str, ...] = ()) -> dict[str, float]:
        """section key -> the question's pairs of neighbouring words found as a phrase in one of its
        entries (after the words of how people ask are dropped, as the entries were): "deck ran
        out" is an entry, "ran" and "deck" apart are two words. Never across a clause break; a
        pair inside one concept ("player's turn", a game term) is that concept's, not counted again.
        """
        found: dict[str, float] = {}
        for pair in _word_pairs(concepts, sequence, self.asking):
            for doc, score in self.corpus.matches("situations", tuple(pair)).items():
                key = self.corpus.keys[doc]
                found[key] = found.get(key, 0.0) + score
        return found

    def asked_match(self, sequence: tuple[str, ...]) -> dict[str, float]:
        """section key -> how closely the question says what players ask of one of its statements
        (`Corpus.asked_scores` of the question's words, `situation_sequence`), the best statement's."""
        found: dict[str, float] = {}
        for doc, score in self.corpus.asked_scores(set(sequence) - {CLAUSE_BREAK}).items():
            key = self.corpus.keys[doc]
            found[key] = max(found.get(key, 0.0), score)
        return found

    def _sections_saying(self, concept: Concept) -> int:
        """How many sections say this concept anywhere (any alternative, in their whole text or
        title): the section-level document frequency."""
        keys: set[str] = set()
        for stems_, _weight in concept.alternatives:
            for field in ("whole", "title"):
                keys.update(self.corpus.keys[doc] for doc in self.corpus.matches(field, tuple(stems_)))
        return len(keys)

    def specificity(self, concepts: list[Concept]) -> list[float]:
        """Per concept, a factor <= 1: its section-level IDF against the rarest concept of the
        question, to the power `specific`. "discard pile" said in a dozen sections counts less
        beside "dropped" said in two: the rarer word names the situation, the common one the
        area. A question of one concept, or concepts equally rare, is unchanged."""
        gamma = self.weights.specific
        if not gamma or len(concepts) < 2:
            return [1.0] * len(concepts)
        total = len(self.corpus.titles) or 1
        idfs = []
        for concept in concepts:
            n = self._sections_saying(concept)
            idfs.append(math.log((total + 1) / (n + 0.5)) if n else None)
        known = [x for x in idfs if x is not None]
        top = max(known, default=0.0)
        if top <= 0:
            return [1.0] * len(concepts)
        return [1.0 if x is None else max(0.0, x / top) ** gamma for x in idfs]

    def answers(self, doc: int, asks: frozenset[str]) -> float:
        """How much a statement has the shape of the answer asked for (1.0 = no preference)."""
        if not asks:
            return 1.0
        return answer_factor(self.corpus.shapes(doc), asks, self.weights)

    def rank(
        self, concepts: list[Concept], asks: frozenset[str] = frozenset(), sequence: tuple[str, ...] = (),
        explain: dict | None = None,
    ) -> list[RankedSection]:
        """Sections best first, with their statements' scores.

        A section scores its head (title, defined terms) plus its single best statement over
        all concepts of the question, so the sentence that decides the question pulls its
        section up. Concepts that statement misses are credited from the section's other
        statements at a discount (`cover`): a section repeating one word in ten statements
        gains nothing over saying it once.
        """
        w = self.weights
        corpus = self.corpus
        per_concept = []
        specificity = self.specificity(concepts)
        for concept, factor in zip(concepts, specificity):
            scores = self.concept_scores(concept)
            if not self._is_game_term(concept):
                factor *= w.plain
            if factor != 1.0:
                scores = {doc: score * factor for doc, score in scores.items()}
            per_concept.append(scores)
        heads: dict[str, list[float]] = {}
        whole: dict[str, float] = {}
        statement: dict[int, list[float]] = {}
        for i, scores in enumerate(per_concept):
            for doc, score in scores.items():
                n = corpus.ns[doc]
                if n == -1:
                    key = corpus.keys[doc]
                    whole[key] = whole.get(key, 0.0) + score
                elif n == 0:
                    key = corpus.keys[doc]
                    heads.setdefault(key, [0.0] * len(per_concept))[i] = score
                else:
                    if doc in corpus.pointers:
                        score *= w.pointer
                    statement.setdefault(doc, [0.0] * len(per_concept))[i] = score
        by_section: dict[str, list[int]] = {}
        for doc in statement:
            by_section.setdefault(corpus.keys[doc], []).append(doc)
        named = self.situation_concepts(concepts) if w.situations else {}
        phrases = self.situation_phrases(concepts, sequence) if w.situations and w.situation_phrase else {}
        asked = self.asked_match(sequence) if w.nearest else {}
        ranked = []
        zero = [0.0] * len(per_concept)
        shapes: dict[int, float] = {}

        def shape(doc):
            # A statement with the shape of the answer asked for (who: a Player's role; how
            # many: a number; can I: a may/must/not) says more of the question, in ranking too.
            found = shapes.get(doc)
            if found is None:
                found = shapes[doc] = self.answers(doc, asks) ** w.asked_rank if w.asked_rank else 1.0
            return found

        for key in set(heads) | set(by_section) | set(whole) | set(named) | set(phrases) | set(asked):
            docs = by_section.get(key, [])
            # A title the question only half names ("Plot Armor" for "armor") counts for half.
            title = corpus.title_stems.get(key) or frozenset(("",))
            share = w.head * self.title_named(title, concepts) / len(title)
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
            score += w.nearest * asked.get(key, 0.0)
            if explain is not None:
                explain[key] = {
                    "whole": whole.get(key, 0.0),
                    "head": [round(h, 2) for h in head],
                    "said": [round(x, 2) for x in said] if docs else None,
                    "best": corpus.texts.get(best) if docs else None,
                    "cover": w.cover * sum(max(0.0, c - b) for c, b in zip(cover, said)) if docs else 0.0,
                    "named by the rulebook index": [round(w.situations * x, 2) for x in named.get(key, ())],
                    "rulebook index phrases": w.situations * w.situation_phrase * phrases.get(key, 0.0),
                    "nearest statement's questions": w.nearest * asked.get(key, 0.0),
                }
            if key in corpus.summaries:
                score *= w.summary
            ranked.append((key, score, (docs, head, statement)))
        ranked.sort(key=lambda item: (-item[1], item[0]))
        return ranked

    def title_named(self, title: frozenset[str], concepts: list[Concept]) -> float:
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


def _word_pairs(concepts: list[Concept], sequence: tuple[str, ...], asking: frozenset[str]) -> set[tuple[str, str]]:
    """Pairs of neighbouring words of the question (`situation_sequence`), never across a clause
    break, minus pairs inside one concept (a game term was searched as a phrase already; `asking`:
    the stems of the words of asking, left out as the entries left them out)."""
    inside = set()
    for concept in concepts:
        for stems_, _weight in concept.alternatives:
            stems_ = tuple(s for s in stems_ if s not in asking)
            inside.update(stems_[i : i + 2] for i in range(len(stems_) - 1))
    pairs = {tuple(sequence[i : i + 2]) for i in range(len(sequence) - 1)} - inside
    return {pair for pair in pairs if pair[0] != pair[1] and CLAUSE_BREAK not in pair}
