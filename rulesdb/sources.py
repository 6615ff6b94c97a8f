"""Which rule documents make up the rules, and their version. Light: read on every command."""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["SCHEMA_VERSION", "BUNDLED_DIR", "bundled_sources", "content_hash", "file_checksum"]

SCHEMA_VERSION = "1"  # bump when the database layout changes: every cache is rebuilt
BUNDLED_DIR = Path(__file__).resolve().parent / "data"


def bundled_sources() -> list[Path]:
    """The official rule documents shipped inside the package, unchanged."""
    return sorted(BUNDLED_DIR.glob("*.txt"))


def content_hash(paths: list[Path]) -> str:
    """The rules version: a hash of the documents' contents (file names do not count)."""
    digests = sorted(hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in paths)
    return hashlib.sha256((SCHEMA_VERSION + "".join(digests)).encode()).hexdigest()


def file_checksum(path: Path) -> str:
    """A built cache file's bytes, hashed: named in the file, so damage of any byte is seen on open."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
