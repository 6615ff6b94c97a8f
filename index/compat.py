"""Whoosh's compat module, imported without what a lookup never uses (see `whoosh_compat`). Low in the package:
building the index (index.postings) imports it, and the package re-exports it as `index.whoosh_compat`."""

from __future__ import annotations

import sys as _sys
import types as _types

__all__ = ["whoosh_compat"]


def whoosh_compat() -> None:
    """Import whoosh.compat (for building an index: Whoosh's scoring imports it) without the
    urllib.request it imports (http.client, email, ssl: about 17 ms, python -X importtime) for
    `urlretrieve`, which whoosh never calls. While whoosh.compat loads, a stand-in answers that one
    import; it is gone again before anything else can import urllib.request, and its `urlretrieve`
    loads the real one if ever called."""
    if "whoosh.compat" in _sys.modules or "urllib.request" in _sys.modules:
        return

    def _urlretrieve(*args, **kwargs):
        from urllib.request import urlretrieve

        return urlretrieve(*args, **kwargs)

    stand_in = _types.ModuleType("urllib.request")
    stand_in.urlretrieve = _urlretrieve
    _sys.modules["urllib.request"] = stand_in
    try:
        import whoosh.compat  # noqa: F401
    finally:
        if _sys.modules.get("urllib.request") is stand_in:
            del _sys.modules["urllib.request"]
