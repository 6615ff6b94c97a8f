"""The rules database: every statement of the official rule documents, citable as `DOC > SECTION`.

Build side (sqlite-utils, run rarely): `rulesdb.build.build_database`.
Read side (plain sqlite3, on every command): `open_rules()` returns a `RulesDB`.
"""

from __future__ import annotations

from importlib import import_module

# Each name loaded on first use: a command that only cites rules (`rulesdb.keys`) never opens the database.
_EXPORTS = {
    **dict.fromkeys(("AmbiguousKey", "RulesError", "SourceError", "UnknownKey"), "rulesdb.errors"),
    **dict.fromkeys(("Reference", "SectionView", "Statement"), "rulesdb.model"),
    **dict.fromkeys(("RulesDB", "open_rules"), "rulesdb.store"),
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(_EXPORTS[name]), name)
    return value
