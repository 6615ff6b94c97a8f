"""Where the index lives and how it is (re)built.

The index is a cache of the rules database: a directory beside the rules SQLite file named
after the rules' content hash, the schema version and the content hash of the rulebook index
(index/rulebook_index.tsv, `index.situations.data_hash`). It holds two files and a checksum:
the tables (TABLES: each term's BM25F scores, `index.postings`; the documents, `index.corpus`;
the classifiers' counts; the entries' links) and the metadata (META, JSON: what the index was
built from, the lexicon, the speller's words, each file's checksum). Missing, stale (another
hash) or corrupt (a file differs from the checksum recorded when it was built, or anything
fails while opening it) -> built again: a damaged index is never searched. A build writes into
a private temporary directory and renames it into place, so a reader never sees half an index
and two processes building at once never share a file: the second rename loses, and that
process keeps the index it built.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import shutil
import sys
from functools import lru_cache
from pathlib import Path

from index.errors import IndexUnavailable
from index.situations import data_hash, situation_text
from index.text import SKIPPED_KINDS, stem, words
from rulesdb.cache import remove_abandoned, temporary_name

__all__ = ["index_dir", "open_or_build", "build_into", "documents", "sources"]

# Bump when what goes into a document, how a field is indexed or scored, or the tables' or the metadata's shape
# changes: the index directory name carries it, so an old index is rebuilt instead of misread.
SCHEMA_VERSION = 18
META = "referee-index.json"
CHECKSUM = "referee-index.sha256"  # of META, which holds the checksum of every other file
# The bulk of what a lookup reads, as one marshal dump: marshal reads plain values about ten times faster than
# JSON (the classifiers' counts alone were 1.1 MB of JSON parsed on every cold ask). The file is checked against
# its checksum in META before it is read.
TABLES = "referee-index.tables"
PREFIX = "lookup-index-"


def index_dir(db) -> Path:
    return Path(db.path).parent / f"{PREFIX}{db.content_hash[:16]}-v{SCHEMA_VERSION}-{data_hash()[:8]}"


def documents(db, mined: dict, situations: dict | None = None, asked: dict | None = None):
    """One document per section (title, defined terms, rulebook-index situations) and one per
    statement (with its players' questions, `asked`: `index.situations.statement_phrases`)."""
    section_terms = mined["section_terms"]
    situations = situations or {}
    asked = asked or {}
    for section in db.sections():
        key = section.key
        terms = " ; ".join(section_terms.get(key, ()))
        doc = {
            "key": key,
            "n": 0,
            "kind": "section",
            "title": section.title,
            "terms": terms,
            "text": section.title,
        }
        if situations.get(key):
            doc["situations"] = situation_text(situations[key])
        yield doc
    for view in db.sections():
        section = db.section(view.key)
        yield {
            "key": view.key,
            "n": -1,
            "kind": "whole",
            "whole": "\n".join(st.text for st in section.statements if st.kind not in SKIPPED_KINDS),
            "text": "",
        }
    # The summary's plain-words gist of a section (index.lexicon.summary_gists): searched like a
    # statement of that section (n=-2), never quoted.
    for key, gists in mined.get("gists", {}).items():
        for gist in gists:
            yield {"key": key, "n": -2, "kind": "gist", "body": gist, "text": gist}
    for st in db.statements():
        if st.kind in SKIPPED_KINDS:
            continue
        # An entry's label is its subject ("Plot Armor: Plot Armor occupies ..."): index it.
        body = f"{st.label}: {st.text}" if st.kind == "entry" and st.label else st.text
        doc = {
            "key": st.key,
            "n": st.n,
            "kind": st.kind,
            "body": body,
            "text": st.text,
        }
        if asked.get((st.key, st.n)):
            doc["asked"] = situation_text(asked[(st.key, st.n)])
        yield doc


def sources(db) -> tuple[dict, dict, tuple, list[dict]]:
    """What an index of `db` is built from: the lexicon mined from the rules, the rulebook index's
    entries of its sections, the entries whose notes name its statements (`noted_entries`) and the
    documents, numbered by their place in the list."""
    from index.lexicon import mine
    from index.situations import load_entries, noted_entries, statement_phrases

    mined = mine(db)
    known = {section.key for section in db.sections()}
    # Entries for sections this rules database does not have (a document not loaded) are skipped.
    situations = {key: phrases for key, phrases in load_entries().items() if key in known}

    def statements_of(key):
        return [st for st in db.section(key).statements if st.kind not in SKIPPED_KINDS] if key in known else []

    noted = noted_entries(statements_of)
    return mined, situations, noted, list(documents(db, mined, situations, statement_phrases(noted)))


def build_into(db) -> dict:
    """A complete index of `db`, as its metadata with its tables (`meta["tables"]`)."""
    from index import postings
    from index.classifier import Classifier, section_rows, statement_rows
    from index.corpus import Corpus
    from index.lexicon import Lexicon, load_glossary
    from index.ranking import asking_stems
    from index.situations import entry_links
    from index.spell import Corrector, speller_vocabulary

    situations_hash = data_hash()  # before reading: a file edited mid-build keys the next build
    mined, situations, noted, docs = sources(db)
    read: dict = {}  # the classifiers' texts, each read once
    glossary = load_glossary()
    lexicon = Lexicon(mined, glossary)
    titles = {section.key: section.title for section in db.sections()}
    frequencies: dict[str, int] = {}
    for st in db.statements():
        for w in words(st.text):
            frequencies[w] = frequencies.get(w, 0) + 1
    for section in db.sections():
        for w in words(section.title):
            frequencies[w] = frequencies.get(w, 0) + 1
    # The index's words are words players use ("corpse"): the speller keeps them as typed.
    for phrases in situations.values():
        for phrase in phrases:
            for w in words(phrase):
                frequencies[w] = frequencies.get(w, 0) + 1
    return {
        "tables": {
            "byteorder": sys.byteorder,  # of the packed postings and counts
            "postings": postings.build(docs),
            "corpus": Corpus.table(docs),
            "classifier": Classifier.from_rows(section_rows(db), read).to_tables(),
            "statement_classifier": Classifier.from_rows(statement_rows(db, noted), read).to_tables(),
            "entry_links": entry_links(noted, titles),
            "glossary": glossary,
            "asking_stems": sorted(asking_stems()),
            # Every word of the rules and of the rulebook index, stemmed: `index.text.remember_stems`.
            "stems": {word: stem(word) for word in sorted(frequencies)},
            # The speller's deletion index, read only when a question has a word to correct.
            "deletions": Corrector(speller_vocabulary(frequencies, lexicon)).packed_deletions(),
        },
        "protected": protected_words(frequencies),
        "content_hash": db.content_hash,
        "schema_version": SCHEMA_VERSION,
        "situations_hash": situations_hash,
        "doc_count": len(docs),
        "lexicon": mined,
        "frequencies": frequencies,
    }


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The shipped list of common English words (index/english.txt, see its header)."""
    text = (Path(__file__).parent / "english.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def protected_words(vocabulary: dict[str, int]) -> list[str]:
    """Common English words that a speller would otherwise "correct" into a rules word.

    "deal" is one letter from "dead" and "sorting" two from "storing": a player who typed
    them meant them. Read once per index build from the shipped English list, keeping only
    the words near the rules' vocabulary, so lookups never load the list.
    """
    from index.lexicon import load_glossary
    from index.spell import Corrector
    from index.text import QUERY_STOPWORDS

    vocabulary = dict(vocabulary)
    for key, _targets in load_glossary():
        vocabulary.update(dict.fromkeys(key, 1))
    vocabulary.update(dict.fromkeys(QUERY_STOPWORDS, 1))
    near = Corrector(vocabulary)
    return sorted(word for word in english_words() if word not in vocabulary and near.near(word, 2))


def _write_meta(directory: Path, meta: dict) -> None:
    """The tables (marshal), the metadata (JSON) with the checksum of every index file, the tables
    included, and the metadata's own checksum beside it."""
    from rulesdb.sources import file_checksum

    meta = dict(meta)
    (directory / TABLES).write_bytes(marshal.dumps(meta.pop("tables")))
    meta["files"] = {p.name: file_checksum(p) for p in sorted(directory.iterdir()) if p.name != META}
    text = json.dumps(meta).encode("utf-8")
    (directory / META).write_bytes(text)
    (directory / CHECKSUM).write_text(hashlib.sha256(text).hexdigest(), encoding="ascii")


def _verified_meta(directory: Path) -> dict:
    """The metadata and its tables, once they and every index file listed match their checksums
    (ValueError if not)."""
    from rulesdb.sources import file_checksum

    text = (directory / META).read_bytes()
    if hashlib.sha256(text).hexdigest() != (directory / CHECKSUM).read_text(encoding="ascii"):
        raise ValueError("index metadata does not match its checksum")
    meta = json.loads(text)
    for name, checksum in meta["files"].items():
        if name == TABLES:
            continue
        if file_checksum(directory / name) != checksum:
            raise ValueError(f"index file {name} does not match its checksum")
    tables = (directory / TABLES).read_bytes()  # read once: checked, then loaded
    if hashlib.sha256(tables).hexdigest() != meta["files"].get(TABLES):
        raise ValueError(f"index file {TABLES} does not match its checksum")
    meta["tables"] = marshal.loads(tables)
    if meta["tables"].get("byteorder") != sys.byteorder:
        raise ValueError("index tables are of another byte order")
    return meta


def _open_existing(directory: Path, content_hash: str) -> dict:
    meta = _verified_meta(directory)
    if (
        meta.get("content_hash") != content_hash
        or meta.get("schema_version") != SCHEMA_VERSION
        or meta.get("situations_hash") != data_hash()
    ):
        raise ValueError("index metadata does not match the rules")
    if len(meta["tables"]["corpus"]["keys"]) != meta["doc_count"]:
        raise ValueError("index document count does not match its metadata")
    return meta


def _discard(directory: Path) -> None:
    """Move a broken or stale index aside first, so a concurrent reader never opens half of it."""
    trash = temporary_name(directory)
    try:
        os.rename(directory, trash)
    except OSError:
        return
    if trash.is_dir():
        shutil.rmtree(trash, ignore_errors=True)
    else:
        trash.unlink(missing_ok=True)


def _remove_stale(current: Path) -> None:
    for other in current.parent.glob(f"{PREFIX}*"):
        if other != current and other.is_dir():
            _discard(other)


def open_or_build(db) -> dict:
    """The index of `db` (its metadata with its tables), built when it is missing, stale or corrupt."""
    directory = index_dir(db)
    if directory.exists():
        try:
            return _open_existing(directory, db.content_hash)
        except Exception:  # a cache: any failure to read it means rebuild, never fatal
            _discard(directory)
    try:
        tmp = temporary_name(directory)
        tmp.mkdir(parents=True)
    except OSError:
        return _build_in_memory(db)
    remove_abandoned(directory.parent)
    try:
        meta = build_into(db)
        _write_meta(tmp, meta)
        try:
            os.rename(tmp, directory)
        except OSError:
            # Another process renamed its build into place first: that one serves the next lookups.
            shutil.rmtree(tmp, ignore_errors=True)
        _remove_stale(directory)
        return meta
    except Exception:
        shutil.rmtree(tmp, ignore_errors=True)
        return _build_in_memory(db)


def _build_in_memory(db) -> dict:
    """Last resort (read-only cache, full disk): an index that lives as long as the process."""
    try:
        return build_into(db)
    except Exception as error:  # pragma: no cover - only when the rules themselves are unreadable
        raise IndexUnavailable(f"the rules index cannot be built: {error}") from error
