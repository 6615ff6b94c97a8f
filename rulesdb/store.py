"""Read side of the rules database: plain sqlite3, opened on every command, so it stays light.

`open_rules()` finds the database for the current rule documents (bundled + added by the user)
in the user cache, building it when it is missing, stale or unreadable.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import sqlite3
from pathlib import Path

from rulesdb.errors import AmbiguousKey, RulesError, UnknownKey
from rulesdb.folders import cache_dir, data_dir
from rulesdb.keys import key_of
from rulesdb.model import Reference, SectionView, Statement

__all__ = ["RulesDB", "open_rules", "user_sources", "add_document", "MAX_DOCUMENT_BYTES"]

# An added document's size limit: the lookup indexes every statement, and a 60,000-section document made each
# `ask` take 10 s and 500 MB; the official documents are 8-30 KB.
MAX_DOCUMENT_BYTES = 1024 ** 2


def user_sources() -> list[Path]:
    return sorted((data_dir() / "rules").glob("*.txt"))


def open_rules() -> "RulesDB":
    """The rules database for the bundled documents plus the user's added ones.

    The cache file is verified against the checksum in its name before it is used: a damaged, foreign
    or stale cache is rebuilt, never served. An added document that no longer parses (a copy cut short
    by an older version, a hand edit) is set aside as `NAME.broken` and named in `RulesDB.set_aside`:
    it never keeps the bundled rules from loading. So is one whose bytes no longer match the checksum its name
    carries (edited or damaged since `rules add` kept it): never served as the rules that were added.
    """
    from rulesdb.errors import SourceError
    from rulesdb.sources import bundled_sources, content_hash

    set_aside: list[str] = []
    excluded: set[Path] = set()
    for changed in _changed_since_added(user_sources()):
        excluded.add(changed)
        set_aside.append(_set_aside(changed, f"{changed} is not the document `rules add` kept (its name carries the "
                                             f"checksum of what was added: it was edited or damaged since)"))
    while True:
        sources = bundled_sources() + [p for p in user_sources() if p not in excluded]
        version = content_hash(sources)
        db = _verified_cache(cache_dir(), version)
        if db is None:
            try:
                db = _build(sources, version)
            except SourceError as error:
                broken = next((p for p in sources if p not in bundled_sources() and error.source in (p.name, str(p))),
                              None)
                if broken is None:
                    raise
                excluded.add(broken)
                set_aside.append(_set_aside(broken, error))
                continue
        db.set_aside = tuple(set_aside)
        return db


def _verified_cache(folder: Path, version: str) -> "RulesDB | None":
    """The cache file for `version` whose bytes match the checksum in its name; damaged ones are removed."""
    from rulesdb.cache import discard, has_temporaries, remove_abandoned
    from rulesdb.sources import file_checksum

    try:
        candidates = sorted(folder.glob(f"rules-{version[:16]}-*.sqlite"))
    except OSError:
        return None
    for where in (folder, data_dir() / "rules"):  # a build or a `rules add` killed since: cleaned at the next start
        if has_temporaries(where):
            remove_abandoned(where)
    for path in candidates:
        checksum = path.stem.rsplit("-", 1)[-1]
        try:
            if path.is_file() and len(checksum) == 16 and file_checksum(path).startswith(checksum):
                db = RulesDB(path)
                if db.content_hash == version:
                    return db
                db.close()
        except (OSError, sqlite3.DatabaseError, RulesError):
            pass
        discard(path)
    return None


def _build(sources: list[Path], version: str) -> "RulesDB":
    """Build the cache for these sources; in a private folder for this process when the cache is unwritable."""
    import atexit
    import shutil
    import tempfile

    from rulesdb.build import build_cache
    from rulesdb.cache import remove_abandoned

    folder = cache_dir()
    try:
        path = build_cache(sources, folder, version)
    except OSError:  # REFEREE_HOME read-only, a file, or a full disk: the rules still load, uncached
        folder = Path(tempfile.mkdtemp(prefix="referee-rules-"))
        atexit.register(shutil.rmtree, folder, True)
        path = build_cache(sources, folder, version)
    remove_abandoned(folder)
    _remove_stale(path)
    return RulesDB(path)


def _changed_since_added(documents: list[Path]) -> list[Path]:
    """The added documents whose bytes no longer match the checksum their kept name carries (`NAME-1a2b3c4d.txt`):
    an edited copy is never served as the rules that were added."""
    import hashlib

    changed = []
    for document in documents:
        named = re.search(r"-([0-9a-f]{8})\.txt$", document.name)
        try:
            if named and hashlib.sha256(document.read_bytes()).hexdigest()[:8] != named.group(1):
                changed.append(document)
        except OSError:
            pass  # unreadable: the build says so
    return changed


def _set_aside(document: Path, error: RulesError | str) -> str:
    """Rename a user's rule document that no longer parses out of the loaded set; say what was done."""
    target = document.with_name(document.name + ".broken")
    try:
        os.replace(document, target)
    except OSError:
        return f"{error}: {document} is not loaded (it could not be set aside; remove it by hand)"
    return f"{error}: set aside as {target}, not loaded (fix it, then `referee rules add` it again)"


def add_document(file: Path) -> "RulesDB":
    """Ingest another rule document: checked by a full build first, so a bad file changes nothing.

    The copy kept among the user's documents is written under a temporary name and renamed into place:
    an add killed midway leaves either no copy or a whole one.
    """
    import hashlib

    from rulesdb.cache import remove_abandoned, temporary_name
    from rulesdb.errors import SourceError
    from rulesdb.sources import bundled_sources, content_hash

    file = Path(file)
    try:
        data = file.read_bytes()
    except OSError as error:
        raise SourceError(str(file), 0, f"cannot read: {error.strerror or error}") from None
    if len(data) > MAX_DOCUMENT_BYTES:
        line = data[:MAX_DOCUMENT_BYTES].count(b"\n") + 1
        raise SourceError(file.name, line, f"the document passes {MAX_DOCUMENT_BYTES // 1024 ** 2} MB here "
                          f"({len(data):,} bytes; the official ones are under 30 KB): not ingested")
    open_rules()  # sets aside any earlier document that no longer parses, before it could be blamed here
    rules_dir = data_dir() / "rules"
    stored = rules_dir / f"{_short_stem(file.stem)}-{hashlib.sha256(data).hexdigest()[:8]}.txt"
    sources = bundled_sources() + [p for p in user_sources() if p != stored] + [file]
    db = _build(sources, content_hash(sources))  # raises SourceError before anything is kept
    temporary = temporary_name(stored)
    try:
        rules_dir.mkdir(parents=True, exist_ok=True)
        remove_abandoned(rules_dir)
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, stored)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise RulesError(f"cannot keep a copy in {rules_dir}: {error.strerror or error}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return db


def _short_stem(stem: str, limit: int = 120) -> str:
    """A file name's stem cut to `limit` bytes, so the kept copy's name fits every file system (255)."""
    while len(os.fsencode(stem)) > limit:
        stem = stem[:-1]
    return stem


def _remove_stale(current: Path) -> None:
    from rulesdb.cache import discard

    for old in current.parent.glob("rules-*.sqlite"):
        if old != current:
            discard(old)


class RulesDB:
    """Read-only access to one built rules database."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        if not self.path.is_file():
            raise RulesError(f"no rules database at {self.path}")
        self._db = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        try:
            meta = dict(self._db.execute("select key, value from meta").fetchall())
            self.content_hash: str = meta["content_hash"]
        except (sqlite3.DatabaseError, KeyError) as error:
            self._db.close()
            raise RulesError(f"{self.path} is not a rules database ({error})") from None
        self.built_at: str = meta.get("built_at", "")
        self.set_aside: tuple[str, ...] = ()  # added documents left out because they no longer parse (open_rules)
        self._sections: list[tuple[str, str, str]] | None = None

    def close(self) -> None:
        self._db.close()

    def _rows(self, sql: str, *params) -> list[sqlite3.Row]:
        return self._db.execute(sql, params).fetchall()

    # --- documents ---------------------------------------------------------------------------

    def documents(self) -> list[dict]:
        rows = self._rows(
            "select d.*, (select count(*) from sections s where s.doc_id = d.doc_id) as section_count,"
            " (select group_concat(file, ', ') from sources f where f.doc_id = d.doc_id) as files"
            " from documents d order by d.doc_id"
        )
        return [dict(row) for row in rows]

    def missing_documents(self) -> list[str]:
        """Documents the loaded rules refer to that are not loaded."""
        rows = self._rows(
            "select distinct to_doc from refs where to_doc is not null"
            " and to_doc not in (select doc_id from documents) order by to_doc"
        )
        return [row[0] for row in rows]

    def document_title(self, doc_id: str) -> str:
        row = self._rows("select title from known_documents where doc_id = ?", doc_id)
        return row[0][0] if row and row[0][0] else doc_id

    # --- sections ----------------------------------------------------------------------------

    def sections(self, doc_id: str | None = None) -> list[SectionView]:
        sql = "select * from sections" + (" where doc_id = ?" if doc_id else "") + " order by doc_id, position"
        return [
            SectionView(r["doc_id"], r["section_id"], r["title"], r["position"], bool(r["inferred"]))
            for r in self._rows(sql, *([doc_id] if doc_id else []))
        ]

    def section(self, key: str) -> SectionView:
        doc_id, section_id = self.resolve(key)
        row = self._rows("select * from sections where doc_id = ? and section_id = ?", doc_id, section_id)[0]
        statements = self.statements(doc_id, section_id)
        variables = tuple(
            (r["name"], r["value"])
            for r in self._rows(
                "select name, value from variables where doc_id = ? and section_id = ? order by name",
                doc_id,
                section_id,
            )
        )
        sources = tuple(
            sorted({s for r in self._rows(
                "select source, twin_source from statements where doc_id = ? and section_id = ?",
                doc_id, section_id) for s in r if s})
        )
        return SectionView(
            doc_id,
            section_id,
            row["title"],
            row["position"],
            bool(row["inferred"]),
            statements=tuple(statements),
            variables=variables,
            references=tuple(self.refs_from(key_of(doc_id, section_id))),
            sources=sources,
        )

    def resolve(self, key: str) -> tuple[str, str]:
        """`DOC > SECTION`, a unique SECTION_ID, or forgiving forms ("08 > gear swap", "Plot Armor")."""
        names = self._section_names()
        text = " ".join(key.split())
        doc_part, _, section_part = text.rpartition(">")
        doc_part, section_part = doc_part.strip(), section_part.strip()
        wanted = _normal_id(section_part)
        candidates = sorted(
            {(d, s) for d, s in names.get(wanted, ()) if not doc_part or _doc_matches(doc_part, d)}
        )
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            raise AmbiguousKey(key, [key_of(d, s) for d, s in candidates])
        pool = [(d, s) for d, s, _ in self._sections if not doc_part or _doc_matches(doc_part, d)] or [
            (d, s) for d, s, _ in self._sections
        ]
        by_id = {s: (d, s) for d, s in pool}
        near = difflib.get_close_matches(wanted, list(by_id), n=3, cutoff=0.6)
        raise UnknownKey(key, [key_of(*by_id[s]) for s in near])

    def _section_names(self) -> dict[str, list[tuple[str, str]]]:
        """Each section under its id and its normalised title, read once per database."""
        if self._sections is None:
            self._sections = [
                (r[0], r[1], r[2]) for r in self._rows("select doc_id, section_id, title from sections")
            ]
            self._names: dict[str, list[tuple[str, str]]] = {}
            for doc_id, section_id, title in self._sections:
                for name in {section_id, _normal_id(title)}:
                    self._names.setdefault(name, []).append((doc_id, section_id))
        return self._names

    # --- statements --------------------------------------------------------------------------

    def statements(self, doc_id: str | None = None, section_id: str | None = None) -> list[Statement]:
        clauses, params = [], []
        if doc_id:
            clauses.append("s.doc_id = ?")
            params.append(doc_id)
        if section_id:
            clauses.append("s.section_id = ?")
            params.append(section_id)
        where = (" where " + " and ".join(clauses)) if clauses else ""
        rows = self._rows(
            "select s.* from statements s join sections c using (doc_id, section_id)"
            f"{where} order by s.doc_id, c.position, s.n",
            *params,
        )
        return [
            Statement(
                r["doc_id"], r["section_id"], r["n"], r["kind"], r["text"], r["label"], tuple(json.loads(r["items"]))
            )
            for r in rows
        ]

    def has_statement(self, doc_id: str, section_id: str, quote: str) -> bool:
        """Is `quote` verbatim one statement of that section (or one item of a statement's list)?"""
        for statement in self.statements(doc_id, section_id):
            if quote == statement.text or quote in statement.items:
                return True
        return False

    def variable(self, name: str, doc_id: str | None = None) -> str:
        sql = "select value from variables where name = ?" + (" and doc_id = ?" if doc_id else "")
        rows = self._rows(sql, name, *([doc_id] if doc_id else []))
        if not rows:
            known = [r[0] for r in self._rows("select distinct name from variables")]
            raise UnknownKey(name, difflib.get_close_matches(name, known, n=3))
        return rows[0][0]

    def variables(self) -> list[dict]:
        return [dict(r) for r in self._rows("select * from variables order by doc_id, name")]

    # --- references --------------------------------------------------------------------------

    def refs_from(self, key: str) -> list[Reference]:
        doc_id, section_id = self.resolve(key)
        return self._references("from_doc = ? and from_section = ?", doc_id, section_id)

    def refs_to(self, key: str) -> list[Reference]:
        doc_id, section_id = self.resolve(key)
        return self._references("to_doc = ? and to_section = ?", doc_id, section_id)

    def _references(self, where: str, *params) -> list[Reference]:
        loaded = {r[0] for r in self._rows("select doc_id from documents")}
        rows = self._rows(
            f"select distinct from_doc, from_section, to_doc, to_section, to_name, how from refs where {where}"
            " order by id",
            *params,
        )
        return [
            Reference(r[0], r[1], r[2], r[3], r[4], r[5], r[2] in loaded if r[2] else False) for r in rows
        ]

    # --- consistency -------------------------------------------------------------------------

    def check(self) -> dict:
        """The consistency report: disagreeing sources, dangling references, missing documents."""
        dangling = [
            dict(r)
            for r in self._rows(
                "select distinct from_doc, from_section, to_name from refs"
                " where how = 'explicit' and to_doc is null order by from_doc, from_section"
            )
        ]
        return {
            "content_hash": self.content_hash,
            "documents": [d["doc_id"] for d in self.documents()],
            "missing_documents": self.missing_documents(),
            "disagreements": [dict(r) for r in self._rows("select * from disagreements order by id")],
            "dangling_references": dangling,
            "parse_notes": [r[0] for r in self._rows("select note from parse_notes")],
        }


def _normal_id(text: str) -> str:
    return re.sub(r"[^A-Z0-9]+", "_", text.upper()).strip("_")


def _doc_matches(part: str, doc_id: str) -> bool:
    """"08", "08_LOOT_AND_INVENTORY", "loot and inventory", "LOOT": a prefix of the id or its name."""
    wanted = _normal_id(part)
    return doc_id == wanted or doc_id.startswith(wanted) or doc_id.split("_", 1)[-1].startswith(wanted)
