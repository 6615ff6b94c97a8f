"""Which rule documents make up the rules, and their version. Light: read on every command."""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["SCHEMA_VERSION", "BUNDLED_DIR", "bundled_sources", "content_hash"]

SCHEMA_VERSION = "1"  # bump when the database layout changes: every cache is rebuilt
BUNDLED_DIR = Path(__file__).resolve().parent / "data"


def bundled_sources() -> list[Path]:
    """The official rule documents shipped inside the package, unchanged."""
    return sorted(BUNDLED_DIR.glob("*.txt"))


def content_hash(paths: list[Path]) -> str:
    """The rules version: a hash of the documents' contents (file names do not count)."""
    digests = sorted(hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in paths)
    return hashlib.sha256((SCHEMA_VERSION + "".join(digests)).encode()).hexdigest()
