"""What an open index holds, read once per process: its documents and the term scores asked.

The index has one document per statement (n >= 1), per section head (n = 0: title, defined terms,
rulebook-index entries), per whole section (n = -1) and per summary gist (n = -2), and each term's
BM25F scores in every searched field (`index.postings`). Ranking and quoting look documents up by
number many times per question; `Corpus` holds them in plain dicts, read with the index's tables,
and keeps each term's scores asked (they depend on the index only, never on the question).
"""

from __future__ import annotations

from index.handoffs import is_signpost
from index.postings import Postings
from index.shapes import statement_shapes
from index.text import QUERY_STOPWORDS, stems

__all__ = ["Corpus"]

_MATCH_CACHE_LIMIT = 20000


class Corpus:
    """The index's documents by number, the rules database's sections by key, both read once.

    `table` (kept in the index's tables when it is built) holds what is read from the documents, and
    each statement's shapes and stems, so a cold lookup reads them in one go instead of stemming the
    statements it quotes."""

    def __init__(self, db, table: dict, postings: dict):
        self.db = db
        self.postings = Postings(postings)
        self._quote_stems: dict[int, frozenset[str]] = {}
        self._doc_stems: dict[int, frozenset[str]] = {}
        self.match_cache: dict[tuple[str, tuple[str, ...]], dict[int, float]] = {}
        self._asked_last: tuple = (None, {})
        self._shapes: dict[int, frozenset[str]] = {}
        self._sections: dict = {}
        self._missing: list[str] | None = None
        self.titles: dict[str, str] = table["titles"]  # section key -> title
        self.keys: dict[int, str] = table["keys"]  # docnum -> section key
        self.ns: dict[int, int] = table["ns"]  # docnum -> statement number (0 head, -1 whole, -2 gist)
        self.title_stems: dict[str, frozenset[str]] = {key: frozenset(found) for key, found in table["title_stems"].items()}
        self.pointers: set[int] = set(table["pointers"])  # statements that only name the document defining something
        self.summaries: set[str] = set(table["summaries"])  # "... Summary" sections
        self.texts: dict[int, str] = table["texts"]
        self.section_sizes: dict[str, int] = table["section_sizes"]  # section key -> how many statements
        self.kinds: dict[int, str] = table["kinds"]
        # docnum -> its shapes, its stems, its quote stems, each joined by spaces
        self._table_shapes: dict[int, str] = table["shapes"]
        self._table_stems: dict[int, str] = table["stems"]
        self._table_quote_stems: dict[int, str] = table["quote_stems"]

    @staticmethod
    def table(documents: list[dict]) -> dict:
        """What `Corpus` reads of the documents (numbered by their place), as plain values: titles, keys,
        statement numbers, texts, kinds, signposts, and each document's shapes, stems and quote stems as
        `shapes`, `doc_stems` and `quote_stems` read them, joined by spaces."""
        titles: dict[str, str] = {}
        keys: dict[int, str] = {}
        ns: dict[int, int] = {}
        title_stems: dict[str, tuple[str, ...]] = {}
        pointers: list[int] = []
        summaries: list[str] = []
        texts: dict[int, str] = {}
        section_sizes: dict[str, int] = {}
        kinds: dict[int, str] = {}
        for docnum, fields in enumerate(documents):
            keys[docnum] = fields["key"]
            ns[docnum] = fields["n"]
            if fields["n"] == 0:
                titles[fields["key"]] = fields["text"]
                if fields["text"].lower().endswith("summary"):
                    summaries.append(fields["key"])
                title_stems[fields["key"]] = stems(fields["text"])
            else:
                texts[docnum] = fields["text"]
                kinds[docnum] = fields.get("kind", "")
                if fields["n"] > 0:
                    section_sizes[fields["key"]] = section_sizes.get(fields["key"], 0) + 1
                if is_signpost(fields["text"]):
                    pointers.append(docnum)
        return {
            "titles": titles, "keys": keys, "ns": ns, "title_stems": title_stems, "pointers": pointers,
            "summaries": summaries, "texts": texts, "section_sizes": section_sizes, "kinds": kinds,
            "shapes": {doc: " ".join(sorted(statement_shapes(text))) for doc, text in texts.items()},
            "stems": {doc: " ".join(stems(text)) for doc, text in texts.items()},
            "quote_stems": {doc: " ".join(stems(text, drop=QUERY_STOPWORDS)) for doc, text in texts.items() if ns[doc] > 0},
        }

    def matches(self, field: str, terms: tuple[str, ...]) -> dict[int, float]:
        """docnum -> score of one term, or of a phrase when `terms` holds several words (`index.postings`).
        A term's scores depend on the index only, never on the question: kept per process (bounded), so a
        session pays for each once."""
        cache_key = (field, terms)
        found = self.match_cache.get(cache_key)
        if found is not None:
            return found
        if len(self.match_cache) > _MATCH_CACHE_LIMIT:
            self.match_cache.clear()
        found = self.match_cache[cache_key] = self.postings.matches(field, terms)
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
            for doc, score in self.matches("asked", (s,)).items():
                found[doc] = found.get(doc, 0.0) + score
        self._asked_last = (stems_, found)
        return found

    def quote_stems(self, doc: int) -> frozenset[str]:
        """A statement's words of substance (the words of asking left out), stemmed (kept in the index's
        tables, `table`); () for a document that is no statement."""
        found = self._quote_stems.get(doc)
        if found is None:
            kept = self._table_quote_stems.get(doc)
            found = self._quote_stems[doc] = frozenset(kept.split() if kept is not None else ())
        return found

    def doc_stems(self, doc: int) -> frozenset[str]:
        """A statement's words, stemmed (as the index cut them; kept in the index's tables, `table`)."""
        found = self._doc_stems.get(doc)
        if found is None:
            kept = self._table_stems.get(doc)
            found = self._doc_stems[doc] = frozenset(kept.split() if kept is not None else ())
        return found

    def shapes(self, doc: int) -> frozenset[str]:
        """The answer shapes a statement has (`index.shapes`; kept in the index's tables, `table`)."""
        found = self._shapes.get(doc)
        if found is None:
            kept = self._table_shapes.get(doc)
            found = self._shapes[doc] = frozenset(kept.split()) if kept is not None else frozenset()
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
