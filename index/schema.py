"""The Whoosh schema and analyzers of the rules index.

They live in an importable module on purpose: Whoosh pickles the schema into the index, so an
analyzer defined in `__main__` could not be unpickled by the next process that opens it.
The query side (`index.text`) tokenizes and stems with exactly these pieces, so a term built
for a query is spelled the way the index spelled it.
"""

from __future__ import annotations

from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from index.text import INDEX_STOPWORDS, QUERY_STOPWORDS, TOKEN_PATTERN, stem

__all__ = ["SCHEMA_VERSION", "stemming_analyzer", "situation_analyzer", "plain_analyzer", "make_schema"]

# Bump when the schema, the analyzers, what goes into a document or the metadata's shape changes: the index
# directory name carries it, so an old index is rebuilt instead of misread.
SCHEMA_VERSION = 15


def stemming_analyzer():
    # porter2, not Whoosh's default porter: porter keeps the doubled consonant
    # ("equipped" -> "equipp" but "equip" -> "equip"), which splits one word in two. The same
    # `index.text.stem` as the query side: irregular verb forms first ("stolen" -> "steal").
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | StopFilter(stoplist=INDEX_STOPWORDS, minsize=1)
        | StemFilter(stemfn=stem, cachesize=50000)
    )


def situation_analyzer():
    # The rulebook index's phrases (index/situations.py): players' words, so the words of how
    # people ask ("can", "my", "someone") are dropped exactly as a question drops them, and the
    # positions close up over them: "take stuff from someone who died" is the phrase "take die".
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | StopFilter(stoplist=QUERY_STOPWORDS, minsize=1)
        | StemFilter(stemfn=stem, cachesize=50000)
    )


def plain_analyzer():
    # Unstemmed words: the vocabulary for spelling correction (a fuzzy term on a stemmed
    # field finds nothing: "sheild" is two edits from "shield", not from "shield"'s stem).
    return RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter()


def make_schema() -> Schema:
    """Per section: a head (title, defined terms, the rulebook index's situations, n=0), a
    whole-section text (n=-1), and one document per statement (n>=1)."""
    stemmed = stemming_analyzer()
    return Schema(
        key=ID(stored=True),  # "DOC > SECTION"
        n=NUMERIC(stored=True),  # statement number inside its section, 0 for the title document
        kind=ID(stored=True),
        title=TEXT(analyzer=stemmed, phrase=True),
        body=TEXT(analyzer=stemmed, phrase=True),
        terms=TEXT(analyzer=stemmed, phrase=True),  # defined terms, abbreviations, variable names
        whole=TEXT(analyzer=stemmed, phrase=True),  # the whole section, on its own document
        situations=TEXT(analyzer=situation_analyzer(), phrase=True),  # index/rulebook_index.tsv, on the head
        asked=TEXT(analyzer=situation_analyzer(), phrase=True),  # its entries whose note names the statement
        words=TEXT(analyzer=plain_analyzer(), phrase=False),
        text=STORED(),
    )
