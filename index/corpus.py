"""What an open index holds, read once per process: its documents and the term scores asked.

The Whoosh index has one document per statement (n >= 1), per section head (n = 0: title, defined
terms, rulebook-index entries), per whole section (n = -1) and per summary gist (n = -2).
Ranking and quoting look documents up by number many times per question; `Corpus` reads the
stored fields once into plain dicts, and keeps each term's scores (they depend on the index
only, never on the question).
"""

from __future__ import annotations

from whoosh import scoring
from whoosh.query import Term

from index.handoffs import is_signpost
from index.shapes import statement_shapes
from index.text import QUERY_STOPWORDS, stems

__all__ = ["Corpus"]

_MATCH_CACHE_LIMIT = 20000


class Corpus:
    """The index's documents by number, the rules database's sections by key, both read once."""

    def __init__(self, db, ix):
        self.db = db
        self.ix = ix
        # situations_B=0: no length normalization on the rulebook index's field. Only the 89
        # section heads carry it, so its average length over all documents is a fraction of any
        # head's, and with the usual B a word said seven times would count nearly seven times.
        # A section's entries are the ways players ask about it; more of them dilute nothing.
        self.searcher = ix.searcher(weighting=scoring.BM25F(situations_B=0.0))
        self.titles: dict[str, str] = {}  # section key -> title
        self.keys: dict[int, str] = {}  # docnum -> section key
        self.ns: dict[int, int] = {}  # docnum -> statement number (0 head, -1 whole, -2 gist)
        self.title_stems: dict[str, frozenset[str]] = {}
        self.pointers: set[int] = set()  # statements that only name the document defining something
        self.summaries: set[str] = set()  # "... Summary" sections
        self.texts: dict[int, str] = {}
        self.section_sizes: dict[str, int] = {}  # section key -> how many statements
        self.kinds: dict[int, str] = {}
        self._quote_stems: dict[int, frozenset[str]] = {}
        self._doc_stems: dict[int, frozenset[str]] = {}
        self.match_cache: dict[str, dict[int, float]] = {}
        self._asked_last: tuple = (None, {})
        self._shapes: dict[int, frozenset[str]] = {}
        self._sections: dict = {}
        self._missing: list[str] | None = None
        for docnum, fields in self.searcher.reader().iter_docs():
            self.keys[docnum] = fields["key"]
            self.ns[docnum] = fields["n"]
            if fields["n"] == 0:
                self.titles[fields["key"]] = fields["text"]
                if fields["text"].lower().endswith("summary"):
                    self.summaries.add(fields["key"])
                self.title_stems[fields["key"]] = frozenset(stems(fields["text"]))
            else:
                self.texts[docnum] = fields["text"]
                self.kinds[docnum] = fields.get("kind", "")
                if fields["n"] > 0:
                    self.section_sizes[fields["key"]] = self.section_sizes.get(fields["key"], 0) + 1
                if is_signpost(fields["text"]):
                    self.pointers.add(docnum)

    def matches(self, query) -> dict[int, float]:
        """docnum -> score of one term or phrase query. A term's scores depend on the index only,
        never on the question: kept per process (bounded), so a session pays for each once."""
        cache_key = repr(query)
        found = self.match_cache.get(cache_key)
        if found is not None:
            return found
        if len(self.match_cache) > _MATCH_CACHE_LIMIT:
            self.match_cache.clear()
        found = self.match_cache[cache_key] = {}
        matcher = query.matcher(self.searcher)
        while matcher.is_active():
            found[matcher.id()] = matcher.score()
            matcher.next()
        return found

    def asked_scores(self, question_stems) -> dict[int, float]:
        """docnum -> BM25 of the question's stems against the statement's own players' questions
        (field "asked": rulebook-index entries and statement questions whose note names it). The
        last question's are kept: quoting asks once per section shown, with the same stems."""
        stems_ = frozenset(question_stems)
        if self._asked_last[0] == stems_:
            return self._asked_last[1]
        found: dict[int, float] = {}
        for s in stems_:
            for doc, score in self.matches(Term("asked", s)).items():
                found[doc] = found.get(doc, 0.0) + score
        self._asked_last = (stems_, found)
        return found

    def quote_stems(self, doc: int) -> frozenset[str]:
        """A statement's words of substance (the words of asking left out), stemmed; () for a
        document that is no statement. Stemmed when first asked for, not at start: a cold lookup
        reads a few sections' statements, not all 500."""
        found = self._quote_stems.get(doc)
        if found is None:
            text = self.texts.get(doc, "") if self.ns.get(doc, 0) > 0 else ""
            found = self._quote_stems[doc] = frozenset(stems(text, drop=QUERY_STOPWORDS))
        return found

    def doc_stems(self, doc: int) -> frozenset[str]:
        """A statement's words, stemmed (as the index cut them), when first asked for."""
        found = self._doc_stems.get(doc)
        if found is None:
            found = self._doc_stems[doc] = frozenset(stems(self.texts.get(doc, "")))
        return found

    def shapes(self, doc: int) -> frozenset[str]:
        """The answer shapes a statement has (`index.shapes`), read once per statement per process."""
        found = self._shapes.get(doc)
        if found is None:
            found = self._shapes[doc] = statement_shapes(self.texts.get(doc, ""))
        return found

    def section(self, key: str):
        """Sections are immutable for this rules version: read each once per process."""
        found = self._sections.get(key)
        if found is None:
            found = self._sections[key] = self.db.section(key)
        return found

    def missing_documents(self) -> list[str]:
        """Documents the rules cite that are not loaded, read once."""
        if self._missing is None:
            self._missing = list(self.db.missing_documents())
        return self._missing
