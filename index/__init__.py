"""Rules lookup: which section of the rules answers this question?

    from index import search
    result = search(db, "can I store plot armor in my backpack", limit=5)
    result.results[0].key   # '08_LOOT_AND_INVENTORY > PLOT_ARMOR'

An index of every statement, built from the rules database (never from the raw files) and kept
beside it, keyed by the rules' content hash (`index.store`): each term's BM25F scores, computed
when it is built (`index.postings`). Questions are read by `index.search`: spelling, table slang
and game-term phrases, then statement-level BM25F aggregated to sections. A lookup imports no
Whoosh module but its stemmer; building an index imports Whoosh's scoring (`whoosh_compat`).
"""

from __future__ import annotations

from index.compat import whoosh_compat
from index.errors import BadQuery, IndexUnavailable, LookupFailure
from index.model import Answer, Handoff, LookupResult, Quote, SectionHit

__all__ = [
    "Answer",
    "BadQuery",
    "Handoff",
    "IndexUnavailable",
    "LookupFailure",
    "LookupResult",
    "Quote",
    "SectionHit",
    "open_index",
    "search",
]


def open_index(db):
    """The lookup for this rules database, opened once per process (built when needed)."""
    from index.lookup import open_index as _open

    return _open(db)


def search(db, query: str, limit: int = 5, names=()) -> LookupResult:
    """Best sections for `query`, best first; `names` (the table's Players) are left out of the
    lookup. Raises BadQuery, IndexUnavailable."""
    return open_index(db).search(query, limit, names)
