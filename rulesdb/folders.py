"""Where the referee keeps its files: under REFEREE_HOME when it is set, else the platform's folders. The one place
that knows them; it loads nothing else, so a move finds its game without loading the rules database."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir", "data_dir"]


def _home() -> Path | None:
    home = os.environ.get("REFEREE_HOME")
    return Path(home) if home else None


def cache_dir() -> Path:
    """Where the rules database and its search index live (a cache: rebuilt when lost)."""
    home = _home()
    if home:
        return home / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("referee"))


def data_dir() -> Path:
    """Where the user's own files live: added rule documents, games."""
    home = _home()
    if home:
        return home / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir("referee"))
