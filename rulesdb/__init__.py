"""The rules database: every statement of the official rule documents, citable as `DOC > SECTION`.

Build side (plain sqlite3, run rarely): `rulesdb.build.build_database`.
Read side (plain sqlite3, on every command): `open_rules()` returns a `RulesDB`.
"""

from rulesdb.errors import AmbiguousKey, RulesError, SourceError, UnknownKey
from rulesdb.model import Reference, SectionView, Statement
from rulesdb.store import RulesDB, open_rules

__all__ = [
    "AmbiguousKey",
    "Reference",
    "RulesDB",
    "RulesError",
    "SectionView",
    "SourceError",
    "Statement",
    "UnknownKey",
    "open_rules",
]
