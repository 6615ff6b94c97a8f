"""Build the rules SQLite database from rule documents (plain sqlite3; not on the per-command path).

A build writes a new file beside the target and renames it into place: a failed build, or one
racing another process, never leaves a half-written database where a reader looks.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

from rulesdb.cache import temporary_name
from rulesdb.errors import SourceError
from rulesdb.merge import Model, merge_documents
from rulesdb.parse import ParsedDocument, decode_source, parse_document
from rulesdb.sources import SCHEMA_VERSION, bundled_sources, content_hash, file_checksum

__all__ = ["SCHEMA_VERSION", "bundled_sources", "content_hash", "read_sources", "build_database", "build_cache"]

def read_sources(paths: list[Path]) -> list[ParsedDocument]:
    documents = []
    for path in paths:
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise SourceError(str(path), 0, f"cannot read: {error.strerror or error}") from None
        documents.append(parse_document(decode_source(data, path.name), path.name))
    return documents


def build_database(paths: list[Path], target: Path) -> Path:
    """Parse, merge and write every document to `target`, atomically. Raises SourceError."""
    target = Path(target)
    _publish(_build_beside(paths, target), target)
    return target


def build_cache(paths: list[Path], folder: Path, version: str) -> Path:
    """Build the cache file for `version` in `folder`, named `rules-VERSION-CHECKSUM.sqlite`: the checksum
    of its own bytes, published by the same rename, is what `open_rules` verifies it against."""
    folder = Path(folder)
    temporary = _build_beside(paths, folder / f"rules-{version[:16]}.sqlite")
    target = folder / f"rules-{version[:16]}-{file_checksum(temporary)[:16]}.sqlite"
    _publish(temporary, target)
    return target


def _publish(temporary: Path, target: Path) -> None:
    try:
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _build_beside(paths: list[Path], target: Path) -> Path:
    """A complete database written under a temporary name beside `target` (removed on any failure)."""
    paths = [Path(p) for p in paths]
    model = merge_documents(read_sources(paths))
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = temporary_name(target)
    try:
        _write(model, paths, temporary, content_hash(paths))
    except BaseException:
        temporary.unlink(missing_ok=True)
        Path(f"{temporary}-journal").unlink(missing_ok=True)
        raise
    return temporary


# The database's tables, as rulesdb.store reads them: each column with its type, then the primary key (the schema
# sqlite-utils made from the same rows, written out: plain sqlite3 builds it without importing sqlite-utils, which
# cost every first start about four times `python -c pass`).
_TABLES: dict[str, tuple[tuple[tuple[str, str], ...], tuple[str, ...]]] = {
    "meta": ((("key", "TEXT"), ("value", "TEXT")), ("key",)),
    "sources": ((("file", "TEXT"), ("doc_id", "TEXT"), ("format", "TEXT"), ("sha256", "TEXT")), ("file",)),
    "documents": ((("doc_id", "TEXT"), ("title", "TEXT"), ("description", "TEXT"), ("canonical_definition", "TEXT"),
                   ("purpose", "TEXT"), ("notes", "TEXT"), ("attribution", "TEXT"), ("formats", "TEXT"),
                   ("inferred_sections", "INTEGER")), ("doc_id",)),
    "known_documents": ((("doc_id", "TEXT"), ("title", "TEXT"), ("loaded", "INTEGER")), ("doc_id",)),
    "sections": ((("doc_id", "TEXT"), ("section_id", "TEXT"), ("title", "TEXT"), ("position", "INTEGER"),
                  ("inferred", "INTEGER"), ("line", "INTEGER")), ("doc_id", "section_id")),
    "statements": ((("doc_id", "TEXT"), ("section_id", "TEXT"), ("n", "INTEGER"), ("kind", "TEXT"), ("label", "TEXT"),
                    ("text", "TEXT"), ("items", "TEXT"), ("source", "TEXT"), ("line", "INTEGER"),
                    ("twin_source", "TEXT"), ("twin_line", "INTEGER"), ("twin_text", "TEXT")),
                   ("doc_id", "section_id", "n")),
    "variables": ((("doc_id", "TEXT"), ("section_id", "TEXT"), ("name", "TEXT"), ("value", "TEXT")), ("doc_id", "name")),
    "refs": ((("from_doc", "TEXT"), ("from_section", "TEXT"), ("to_doc", "TEXT"), ("to_section", "TEXT"),
              ("to_name", "TEXT"), ("how", "TEXT"), ("source", "TEXT"), ("id", "INTEGER")), ("id",)),
    "disagreements": ((("id", "INTEGER"), ("doc_id", "TEXT"), ("section_id", "TEXT"), ("source_a", "TEXT"),
                       ("line_a", "INTEGER"), ("text_a", "TEXT"), ("source_b", "TEXT"), ("line_b", "INTEGER"),
                       ("text_b", "TEXT")), ("id",)),
    "parse_notes": ((("note", "TEXT"),), ()),
}
_INDEXES = {"statements": ("doc_id", "section_id"), "refs": ("to_doc", "to_section")}


def _quoted(names) -> str:
    return ", ".join(f'"{name}"' for name in names)


def _create(db: sqlite3.Connection, table: str) -> None:
    columns, key = _TABLES[table]
    if len(key) == 1:
        parts = [f'"{name}" {kind}' + (" PRIMARY KEY" if name == key[0] else "") for name, kind in columns]
    else:
        parts = [f'"{name}" {kind}' for name, kind in columns] + ([f"PRIMARY KEY ({_quoted(key)})"] if key else [])
    db.execute(f'CREATE TABLE "{table}" ({", ".join(parts)})')
    if table in _INDEXES:
        db.execute(f'CREATE INDEX "idx_{table}_{"_".join(_INDEXES[table])}" ON "{table}" ({_quoted(_INDEXES[table])})')


def _insert(db: sqlite3.Connection, table: str, rows: list[dict]) -> None:
    names = [name for name, _ in _TABLES[table][0]]
    db.executemany(f'INSERT INTO "{table}" ({_quoted(names)}) VALUES ({", ".join("?" * len(names))})',
                   [[row.get(name) for name in names] for row in rows])


def _write(model: Model, paths: list[Path], path: Path, version: str) -> None:
    Path(path).unlink(missing_ok=True)
    db = sqlite3.connect(path)
    try:
        with db:  # one transaction
            for table in _TABLES:
                _create(db, table)
            _insert(db, "meta", [
                {"key": "schema_version", "value": SCHEMA_VERSION},
                {"key": "content_hash", "value": version},
                {"key": "built_at", "value": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
            ])
            _insert(db, "sources", [
                {
                    "file": path.name,
                    "doc_id": next(d for d, s in model.twins.items() if path.name in s),
                    "format": _format_of(model, path.name),
                    "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                }
                for path in paths
            ])
            _insert(db, "documents", [
                {
                    "doc_id": doc.doc_id,
                    "title": doc.title,
                    "description": doc.description,
                    "canonical_definition": "\n".join(doc.metadata.get("canonical definition", [])),
                    "purpose": "\n".join(doc.metadata.get("purpose", [])),
                    "notes": "\n".join(doc.metadata.get("notes", [])),
                    "attribution": doc.attribution,
                    "formats": "+".join(_format_of(model, s) for s in model.twins[doc.doc_id]),
                    "inferred_sections": int(any(s.inferred for s in doc.sections)),
                }
                for doc in model.documents
            ])
            _insert(db, "known_documents", [
                {"doc_id": doc_id, "title": title, "loaded": int(doc_id in model.loaded)}
                for doc_id, title in sorted(_all_titles(model).items())
            ])
            _insert(db, "sections", [
                {
                    "doc_id": doc.doc_id,
                    "section_id": section.section_id,
                    "title": section.title,
                    "position": position,
                    "inferred": int(section.inferred),
                    "line": section.line,
                }
                for doc in model.documents
                for position, section in enumerate(doc.sections, start=1)
            ])
            _insert(db, "statements", [
                {
                    "doc_id": doc.doc_id,
                    "section_id": section.section_id,
                    "n": n,
                    "kind": statement.kind,
                    "label": statement.label,
                    "text": statement.text,
                    "items": json.dumps(statement.items, ensure_ascii=False),
                    "source": statement.source or doc.source,
                    "line": statement.line,
                    "twin_source": statement.twin[0] if statement.twin else None,
                    "twin_line": statement.twin[1] if statement.twin else None,
                    "twin_text": statement.twin[2] if statement.twin else None,
                }
                for doc in model.documents
                for section in doc.sections
                for n, statement in enumerate(section.statements, start=1)
            ])
            _insert(db, "variables", model.variables)
            _insert(db, "refs", [dict(reference, id=i) for i, reference in enumerate(model.references, start=1)])
            _insert(db, "disagreements", [dict(d, id=i) for i, d in enumerate(model.disagreements, start=1)])
            _insert(db, "parse_notes", [{"note": note} for note in model.notes])
    finally:
        db.close()


def _format_of(model: Model, source: str) -> str:
    for doc in model.documents:
        if doc.source == source:
            return doc.format
    return "B"  # a twin merged into a format-A document


def _all_titles(model: Model) -> dict[str, str]:
    titles = dict(model.titles)
    for reference in model.references:
        if reference["to_doc"]:
            titles.setdefault(reference["to_doc"], "")
    return titles
