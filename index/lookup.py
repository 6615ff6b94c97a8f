"""The lookup: an open index that reads a question, ranks sections and quotes them.

    question  (index.question)  clean, refuse, section keys, spelling, slang, game terms -> concepts
    shapes    (index.shapes)    what the question asks for, what each statement says
    ranking   (index.ranking)   BM25F per concept over statements and heads -> sections best first
    quotes    (index.quotes)    the deciding statements of each section, verbatim, best first
    handoffs  (index.handoffs)  documents not loaded that the answer continues in; see also
Each concept is looked up as terms and phrases of its stems (never from the raw text), in each
term's BM25F scores computed when the index was built (`index.postings`). Every reading goes
through `RulesIndex.rank`: search, bench and tune alike.
"""

from __future__ import annotations

import difflib

from index.answer import answer_for, question_parts
from index.classifier import Classifier
from index.corpus import Corpus
from index.errors import BadQuery
from index.handoffs import handoffs, see_also
from index.lexicon import Concept, Lexicon
from index.model import LookupResult, SectionHit
from index.question import QuestionReader, Reading, checked_question, looks_like_key
from index.quotes import QuoteChooser, quote
from index.ranking import Ranker
from index.shapes import asks as asks_of
from index.shapes import quote_asks as quote_asks_of
from index.situations import data_hash, situation_sequence
from index.spell import Corrector, speller_vocabulary
from index.store import SKIPPED_KINDS, open_or_build
from index.text import CLAUSE_BREAK, QUERY_STOPWORDS, remember_stems, words
from index.weights import Weights
from rulesdb.keys import key_of

__all__ = ["RulesIndex", "open_index"]

_OPEN: dict[tuple[str, str, str], "RulesIndex"] = {}
# Sections after the first whose first quote the answer's margin is measured against (the first
# that quotes another sentence).
ANSWER_RIVALS = 2


def open_index(db) -> "RulesIndex":
    # The rulebook index's file is part of the key: edited, it is read (and indexed) again.
    cache_key = (str(db.path), db.content_hash, data_hash())
    found = _OPEN.get(cache_key)
    if found is None:
        found = _OPEN[cache_key] = RulesIndex(db)
    return found


class RulesIndex:
    """An open index: the documents (`corpus`), the question reader, the ranker and the quote
    chooser, kept for reuse."""

    def __init__(self, db, weights: Weights | None = None):
        self.db = db
        meta = open_or_build(db)
        tables = meta["tables"]
        remember_stems(tables["stems"])
        self.corpus = Corpus(db, tables["corpus"], tables["postings"])
        self.lexicon = Lexicon(meta["lexicon"], tables["glossary"])
        # A third of players' questions have a word the speller looks up: its deletion index is made at build.
        self.corrector = Corrector(
            speller_vocabulary(meta["frequencies"], self.lexicon), protected=meta.get("protected", ()),
            deletions=tables["deletions"],
        )
        weights = weights or Weights()
        self.reader = QuestionReader(self.lexicon, self.corrector, weights)
        self.ranker = Ranker(self.corpus, self.lexicon, weights, tables["asking_stems"])
        self.classifier = Classifier.from_tables(tables.get("classifier"))
        self.quotes = QuoteChooser(
            self.corpus, weights, self.ranker.answers, tables.get("entry_links"),
            Classifier.from_tables(tables.get("statement_classifier")),
        )
        self._weights = weights

    @property
    def weights(self) -> Weights:
        return self._weights

    @weights.setter
    def weights(self, weights: Weights) -> None:
        # bench/tune.py swaps weights on one open index, keeping its term scores.
        self._weights = self.reader.weights = self.ranker.weights = self.quotes.weights = weights

    def read(self, query: str) -> tuple[list[Concept], list[tuple[str, str]]]:
        """Concepts of the question and the spelling corrections made."""
        concepts, corrections, _fixed = self.reader.read(query, asks_of(query))
        return concepts, corrections

    def rank(self, question: str, explain: dict | None = None, names: frozenset[str] = frozenset()) -> Reading:
        """How the lookup reads a question and ranks the sections (search, bench and tune all
        rank through here): concepts, spelling corrections, the asks, the sections best first.
        `names`: the table's words to leave out (`QuestionReader.read`)."""
        asks = asks_of(question)
        concepts, corrections, fixed = self.reader.read(question, asks, names)
        quote_asks = asks | quote_asks_of(question)
        if any(("variabl",) in dict(c.alternatives) for c in concepts):
            quote_asks |= {"value"}  # "what's the refund set to": a Variable's value answers it
        sequence = situation_sequence(fixed)
        ranked = self.ranker.rank(concepts, asks, sequence, explain) if concepts else []
        if ranked and self.weights.classifier:
            ranked = self._classified(ranked, sequence, explain)
        # Every stem the question says or means: its words (spelling fixed) and its concepts' words.
        said = {s for s in sequence if s != CLAUSE_BREAK}
        said.update(s for c in concepts for alt, _ in c.alternatives for s in alt)
        return Reading(concepts, corrections, asks, quote_asks, ranked, frozenset(said), sequence)

    def _classified(self, ranked: list, sequence: tuple[str, ...], explain: dict | None) -> list:
        """The ranked sections with the section classifier's say added: per nat of log-likelihood
        below the likeliest ranked section, `Weights.classifier` of the best section's score. A
        section no training question names (a document added to these rules) gets the median."""
        likelihoods = self.classifier.log_likelihoods(sequence, self.weights.classifier_smoothing)
        known = sorted(likelihoods[key] for key, _score, _found in ranked if key in likelihoods)
        if not known:
            return ranked
        best, median = known[-1], known[len(known) // 2]
        scale = self.weights.classifier * max(ranked[0][1], 0.0)
        out = []
        for key, score, found in ranked:
            part = scale * (likelihoods.get(key, median) - best)
            if explain is not None and key in explain:
                explain[key]["section classifier"] = round(part, 2)
            out.append((key, score + part, found))
        out.sort(key=lambda item: (-item[1], item[0]))
        return out

    def search(self, query: str, limit: int = 5, names=()) -> LookupResult:
        """Best sections for `query`; `names` are the table's own words (Players' names) the
        question may use, left out of the lookup."""
        shown = checked_question(query)
        limit = max(1, min(int(limit), 50))
        if looks_like_key(shown):
            direct = self._direct(shown)
            if direct is not None:
                return direct
        table_words = frozenset(w for name in names for w in words(name))
        reading = self.rank(shown, names=table_words)
        concepts, corrections = reading.concepts, reading.corrections
        if not concepts:
            raise BadQuery(shown, "the question has only common words (like 'what', 'and', 'not'); name what it is about")
        stems_looked_up = {s for c in concepts for alt, _ in c.alternatives for s in alt}
        hits, first = [], None
        for key, score, found in reading.ranked[:limit]:
            hit, ordered = self._hit(key, score, found, reading, stems_looked_up)
            first = first or (hit, ordered)
            hits.append(hit)
        answers = self._answers(shown, reading, *first, hits, table_words) if first else ()
        hits = tuple(hits)
        result = LookupResult(
            query=shown,
            results=hits,
            terms=tuple(c.surface for c in concepts),
            corrections=tuple(corrections),
            answer=answers[0] if answers else None,
            answers=answers,
        )
        if not hits:
            result = self._nothing(result)
        return result

    def _answer(self, question: str, reading: Reading, hit: SectionHit, ordered: list, hits=()):
        """The one-line answer read from the first quote of the first section (`index.answer`)."""
        if not hit.quotes:
            return None
        # How far the first quote leads the next, and the first section the next one that would
        # answer with another sentence (two sections that quote the same rule first agree): a near
        # tie is no plain answer.
        lead = ordered[0][0] / ordered[1][0] if len(ordered) > 1 and ordered[1][0] > 0 else float("inf")
        ranked, top = reading.ranked, reading.ranked[0][1]
        shown = {h.key: h for h in hits}
        runner_up = 0.0
        stems_looked_up = {s for c in reading.concepts for alt, _ in c.alternatives for s in alt}
        for key, score, found in ranked[1:ANSWER_RIVALS + 1]:
            other = shown.get(key) or self._hit(key, score, found, reading, stems_looked_up)[0]
            if not other.quotes or other.quotes[0].text != hit.quotes[0].text:
                runner_up = score
                break
        margin = (top - runner_up) / top if top > 0 else 0.0
        return answer_for(question, reading.concepts, hit.key, hit.quotes[0], hit.title, lead, self.lexicon.game_words, margin)

    def _answers(self, question: str, reading: Reading, hit: SectionHit, ordered: list, hits, names: frozenset[str]) -> tuple:
        """One answer line per question the message asks (`question_parts`): a message with two
        questions is read twice more, each question with the story told before it."""
        parts = question_parts(question)
        if len(parts) == 1:
            answer = self._answer(question, reading, hit, ordered, hits)
            return (answer,) if answer else ()
        answers = []
        for part in parts:
            part_reading = self.rank(part, names=names)
            if not part_reading.concepts or not part_reading.ranked:
                continue
            key, score, found = part_reading.ranked[0]
            looked_up = {s for c in part_reading.concepts for alt, _ in c.alternatives for s in alt}
            part_hit, part_ordered = self._hit(key, score, found, part_reading, looked_up)
            answer = self._answer(part, part_reading, part_hit, part_ordered)
            if answer is not None and answer not in answers:  # two ways of asking one thing: one line
                answers.append(answer)
        return tuple(answers)

    def _hit(self, key: str, score: float, found, reading: Reading, stems_looked_up) -> tuple[SectionHit, list]:
        """The section as a hit with its quotes, and its statements' (value, n), best first."""
        section = self.corpus.section(key)
        ordered = self.quotes.order(
            key, *found, asks=reading.quote_asks, concepts=reading.concepts, question_stems=reading.stems,
            sequence=reading.sequence,
        )
        by_n = {st.n: st for st in section.statements}
        quotes = tuple(quote(by_n[n], stems_looked_up) for n in self.quotes.choose(section, ordered))
        return SectionHit(
            doc_id=section.doc_id,
            section_id=section.section_id,
            title=section.title,
            score=score,
            quotes=quotes,
            see_also=see_also(section),
            handoffs=handoffs(
                section, quotes, self.corpus.missing_documents(), self.corpus.title_stems.get(key, frozenset()),
                stems_looked_up,
            ),
        ), ordered

    def _direct(self, text: str) -> LookupResult | None:
        from rulesdb import AmbiguousKey, UnknownKey

        try:
            doc_id, section_id = self.db.resolve(text)
        except (UnknownKey, AmbiguousKey):
            if ">" in text:
                raise
            return None
        key = key_of(doc_id, section_id)
        section = self.corpus.section(key)
        quotes = tuple(quote(st) for st in section.statements if st.kind not in SKIPPED_KINDS)
        hit = SectionHit(
            doc_id=doc_id,
            section_id=section_id,
            title=section.title,
            score=1.0,
            quotes=quotes,
            see_also=see_also(section),
            handoffs=handoffs(section, quotes, self.corpus.missing_documents(), self.corpus.title_stems.get(key, frozenset())),
        )
        return LookupResult(query=text, results=(hit,), direct=True)

    def _nothing(self, result: LookupResult) -> LookupResult:
        typed = [w for w in words(result.query) if w not in QUERY_STOPWORDS]
        suggestions: list[str] = []
        for word in typed:
            for cand in self.corrector.candidates(word, 2)[:3]:
                if cand != word and cand not in QUERY_STOPWORDS and cand not in suggestions:
                    suggestions.append(cand)
        titles = {title: key for key, title in self.corpus.titles.items()}
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
