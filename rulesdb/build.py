"""Build the rules SQLite database from rule documents (sqlite-utils; not on the per-command path).

A build writes a new file beside the target and renames it into place: a failed build, or one
racing another process, never leaves a half-written database where a reader looks.
"""

from __future__ import annotations

import hashlib
import json
import os
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


def _write(model: Model, paths: list[Path], path: Path, version: str) -> None:
    import sqlite_utils  # heavy import (~150 ms): only when building

    db = sqlite_utils.Database(path, recreate=True)
    with db.atomic():
        db["meta"].insert_all(
            [
                {"key": "schema_version", "value": SCHEMA_VERSION},
                {"key": "content_hash", "value": version},
                {"key": "built_at", "value": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
            ],
            pk="key",
        )
        db["sources"].insert_all(
            [
                {
                    "file": path.name,
                    "doc_id": next(d for d, s in model.twins.items() if path.name in s),
                    "format": _format_of(model, path.name),
                    "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                }
                for path in paths
            ],
            pk="file",
        )
        db["documents"].insert_all(
            [
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
            ],
            pk="doc_id",
        )
        db["known_documents"].insert_all(
            [
                {"doc_id": doc_id, "title": title, "loaded": int(doc_id in model.loaded)}
                for doc_id, title in sorted(_all_titles(model).items())
            ],
            pk="doc_id",
        )
        db["sections"].insert_all(
            [
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
            ],
            pk=("doc_id", "section_id"),
        )
        db["statements"].insert_all(
            [
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
            ],
            pk=("doc_id", "section_id", "n"),
        )
        db["variables"].insert_all(model.variables, pk=("doc_id", "name"))
        db["refs"].insert_all(
            [dict(reference, id=i) for i, reference in enumerate(model.references, start=1)], pk="id"
        )
        db["disagreements"].insert_all(
            [dict(d, id=i) for i, d in enumerate(model.disagreements, start=1)],
            pk="id",
            columns={"section_id": str, "line_a": int, "text_a": str, "line_b": int, "text_b": str},
        )
        if not model.disagreements:
            db["disagreements"].create(
                {"id": int, "doc_id": str, "section_id": str, "source_a": str, "line_a": int, "text_a": str,
                 "source_b": str, "line_b": int, "text_b": str},
                pk="id",
                if_not_exists=True,
            )
        db["parse_notes"].insert_all([{"note": note} for note in model.notes] or [], pk=None)
        if not model.notes:
            db["parse_notes"].create({"note": str}, if_not_exists=True)
        db["statements"].create_index(["doc_id", "section_id"], if_not_exists=True)
        db["refs"].create_index(["to_doc", "to_section"], if_not_exists=True)
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
