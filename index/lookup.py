"""Reading a question and ranking sections: the lookup itself.

1. Clean the text (Unicode, surrogates), refuse what cannot be a question (`BadQuery`).
2. Direct keys (`PLOT_ARMOR`, `08 > gear swap`) go straight to their section.
3. Words -> spelling correction against the rules' vocabulary -> concepts: table slang and
   abbreviations expanded as phrases, game terms kept whole (`index.lexicon`).
4. One Whoosh query built from those terms (never from the raw text: no query syntax
   reaches Whoosh), scored BM25F over statements and section heads.
5. Statement scores are aggregated per section; the best statements become the quotes.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from whoosh import scoring
from whoosh.query import Or, Phrase, Term

from index.errors import BadQuery
from index.lexicon import Concept, Lexicon
from index.model import Handoff, LookupResult, Quote, SectionHit
from index.spell import Corrector
from index.store import open_or_build
from index.text import INDEX_STOPWORDS, QUERY_STOPWORDS, clean, stem, words

__all__ = ["RulesIndex", "open_index", "Weights", "MAX_QUERY_CHARS", "MAX_QUERY_WORDS"]

MAX_QUERY_CHARS = 1000  # a question, not a document: longer is refused, in bounded time
MAX_QUERY_WORDS = 40

_KEY_LIKE = re.compile(r"^\s*(?:[A-Za-z0-9_]+\s*>\s*[\w ]+|[A-Z0-9]+(?:_[A-Z0-9]+)+|[A-Z]{3,})\s*$")
_DEFINED_IN = re.compile(r"^(?:The )?(.+?) (is|are) (?:defined|handled|initiated) (?:in|by) ")


@dataclass(frozen=True)
class Weights:
    """Ranking knobs. Set once from the dev split, not per question (see bench/lookup.py)."""

    title: float = 2.0  # a word of the section title
    terms: float = 1.5  # a defined term, abbreviation or Variable of the section
    phrase: float = 1.5  # a game term matched as a whole phrase
    expansion: float = 0.8  # the rules' word for the player's slang
    head: float = 1.0  # the section head (title + terms) against its best statement
    spread: float = 0.3  # second and third best statements of the section
    quote_ratio: float = 0.5  # quote statements scoring at least this share of the best


_OPEN: dict[tuple[str, str], "RulesIndex"] = {}


def open_index(db) -> "RulesIndex":
    cache_key = (str(db.path), db.content_hash)
    found = _OPEN.get(cache_key)
    if found is None:
        found = _OPEN[cache_key] = RulesIndex(db)
    return found


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
        self.corrector = Corrector(vocabulary)
        self.searcher = self.ix.searcher(weighting=scoring.BM25F())
        self._titles: dict[str, str] = {}
        self._docnums: dict[str, list[int]] = {}
        for docnum, fields in self.searcher.reader().iter_docs():
            self._docnums.setdefault(fields["key"], []).append(docnum)
            if fields["n"] == 0:
                self._titles[fields["key"]] = fields["text"]

    # --- reading the question ---------------------------------------------------------------

    def read(self, query: str) -> tuple[list[Concept], list[tuple[str, str]]]:
        """Concepts of the question and the spelling corrections made."""
        tokens = words(clean(query))[:MAX_QUERY_WORDS]
        corrections = []
        fixed = []
        for token in tokens:
            better = self.corrector.correct(token)
            if better and better != token:
                corrections.append((token, better))
                fixed.append(better)
            else:
                fixed.append(token)
        return self.lexicon.concepts(fixed, self.weights.expansion), corrections

    def build_query(self, concepts: list[Concept]):
        w = self.weights
        parts = []
        for concept in concepts:
            for stems, weight in concept.alternatives:
                if len(stems) == 1:
                    (s,) = stems
                    parts.append(Term("body", s, boost=weight))
                    parts.append(Term("title", s, boost=weight * w.title))
                    parts.append(Term("terms", s, boost=weight * w.terms))
                else:
                    parts.append(Phrase("body", list(stems), slop=1, boost=weight * w.phrase))
                    parts.append(Phrase("title", list(stems), boost=weight * w.phrase * w.title))
                    parts.append(Phrase("terms", list(stems), boost=weight * w.phrase * w.terms))
                    for s in stems:
                        parts.append(Term("body", s, boost=weight / len(stems)))
                        parts.append(Term("title", s, boost=weight * w.title / len(stems)))
        return Or(parts) if parts else None

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
        concepts, corrections = self.read(shown)
        if not concepts:
            raise BadQuery(shown, "the question has only common words (like 'what', 'and', 'not'); name what it is about")
        stems_looked_up = {s for c in concepts for alt, _ in c.alternatives for s in alt}
        ranked = self._rank(self.build_query(concepts))
        hits = tuple(self._hit(key, score, stmts, stems_looked_up) for key, score, stmts in ranked[:limit])
        result = LookupResult(
            query=shown,
            results=hits,
            terms=tuple(c.surface for c in concepts),
            corrections=tuple(corrections),
        )
        if not hits:
            result = self._nothing(result, concepts)
        return result

    def _rank(self, query) -> list[tuple[str, float, list[tuple[float, int]]]]:
        w = self.weights
        heads: dict[str, float] = {}
        statements: dict[str, list[tuple[float, int]]] = {}
        if query is not None:
            for hit in self.searcher.search(query, limit=None):
                key, n = hit["key"], hit["n"]
                if n == 0:
                    heads[key] = hit.score
                else:
                    statements.setdefault(key, []).append((hit.score, n))
        ranked = []
        for key in set(heads) | set(statements):
            stmts = sorted(statements.get(key, ()), reverse=True)
            best = [s for s, _ in stmts[:3]]
            score = w.head * heads.get(key, 0.0) + (best[0] if best else 0.0) + w.spread * sum(best[1:])
            ranked.append((key, score, stmts))
        ranked.sort(key=lambda item: (-item[1], item[0]))
        return ranked

    def _hit(self, key: str, score: float, stmts, stems_looked_up) -> SectionHit:
        section = self.db.section(key)
        by_n = {st.n: st for st in section.statements}
        chosen = []
        if stmts:
            top = stmts[0][0]
            chosen = [n for s, n in stmts[:3] if s >= self.weights.quote_ratio * top and n in by_n]
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
            handoffs=self._handoffs(section, quotes),
        )

    @staticmethod
    def _quote(statement, stems_looked_up) -> Quote:
        spans = tuple(
            (m.start(), m.end())
            for m in re.finditer(r"[^\W_]+", statement.text)
            if m.group(0).lower() not in INDEX_STOPWORDS and stem(m.group(0).lower()) in stems_looked_up
        )
        return Quote(statement.n, statement.kind, statement.text, spans)

    def _handoffs(self, section, quotes) -> tuple[Handoff, ...]:
        missing = set(self._missing())
        found: dict[str, Handoff] = {}
        for quote in quotes:
            for doc in sorted(missing, key=quote.text.find):
                if doc in quote.text and doc not in found:
                    m = _DEFINED_IN.match(quote.text)
                    if m:
                        message = f"{m.group(1)} {m.group(2)} defined in {doc}, which is not loaded."
                    else:
                        message = f"{section.title}: the rest is in {doc}, which is not loaded."
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
        section = self.db.section(f"{doc_id} > {section_id}")
        quotes = tuple(Quote(st.n, st.kind, st.text) for st in section.statements)
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


def _see_also(section) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    own = section.key
    for ref in section.references:
        if ref.loaded and ref.to_doc and ref.to_section:
            target = f"{ref.to_doc} > {ref.to_section}"
            if target != own:
                seen.setdefault(target, None)
    return tuple(seen)
