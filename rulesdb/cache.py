"""Temporary files in the cache and the user's rules folder: named after the process writing them,
so what a killed process left behind can be told from what a live one is still writing.

Every cache file or folder (the rules database, the lookup index) and every added rule document is
written under `temporary_name(final)` and renamed into place: a reader never sees half of one, and
`remove_abandoned(folder)` later deletes the temporaries whose writer is gone.
"""

from __future__ import annotations

import os
import re
import shutil
import time
import uuid
from pathlib import Path

__all__ = ["temporary_name", "remove_abandoned", "discard"]

_WRITER = re.compile(r"\.tmp-(\d+)-|\.(\d+)\.writing$")
# Left by earlier versions: `rules-*.sqlite.XXXX.tmp` (no writer named), `.tmp-lookup-index-...-PID-XXXX`,
# and folders moved aside to be deleted.
_LEGACY = ("rules-*.tmp", ".tmp-lookup-index-*", ".trash-*")
# A writer older than this is gone even if its process id now belongs to someone else.
_OLDEST_WRITE_S = 24 * 3600
_UNNAMED_WRITER_S = 600


def temporary_name(final: Path) -> Path:
    """A hidden sibling of `final` that names this process: `.NAME.tmp-PID-RANDOM`."""
    return final.with_name(f".{final.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or a platform that cannot tell: assume alive
    return True


def _abandoned(path: Path, now: float) -> bool:
    try:
        age = now - path.lstat().st_mtime
    except OSError:
        return False
    writer = _WRITER.search(path.name) or re.search(r"-(\d+)-[0-9a-f]{8}$", path.name)
    if writer is None:
        return age > _UNNAMED_WRITER_S
    return age > _OLDEST_WRITE_S or not _alive(int(next(g for g in writer.groups() if g)))


# What `referee new` left before its temporaries named their writer (`g.sqlite.creating`, and SQLite's files beside
# it), and what an output (`export`, `board --svg`) left (`.p.toml.PID.writing`): cleaned in the folder of a game
# made or an output written, where only these patterns are ours.
GAME_FOLDER = (".*.tmp-*", "*.creating", "*.creating-wal", "*.creating-shm", ".*.writing")


def remove_abandoned(folder: Path, patterns: tuple[str, ...] | None = None) -> list[Path]:
    """Delete the temporaries in `folder` whose writer is gone (`patterns`: the names to look at; by default those of
    the cache and the rules folder); returns what was removed."""
    now = time.time()
    try:
        candidates = {p for pattern in (patterns or (".*.tmp-*", *_LEGACY)) for p in folder.glob(pattern)}
    except OSError:
        return []
    return [path for path in sorted(candidates) if _abandoned(path, now) and discard(path)]


def has_temporaries(folder: Path) -> bool:
    """Whether `folder` holds a name a temporary of the cache could have: one directory read, for every start."""
    try:
        with os.scandir(folder) as entries:
            return any(e.name.startswith((".", "rules-")) and (".tmp" in e.name or e.name.startswith(".trash-"))
                       for e in entries)
    except OSError:
        return False


def discard(path: Path) -> bool:
    """Delete a cache file or folder (never through a link); False when it cannot be (another process removed it
    first, or the folder is read-only: it is only a cache)."""
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    except OSError:
        return False
    return True
