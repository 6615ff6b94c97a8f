"""Named exceptions of the rules lookup. Both are ValueErrors, like the rules database's."""

from __future__ import annotations

__all__ = ["LookupFailure", "BadQuery", "IndexUnavailable"]


class LookupFailure(ValueError):
    """Base class of every error the lookup raises."""


class BadQuery(LookupFailure):
    """The question cannot be looked up as typed: empty, no words, too long. `reason` says why."""

    def __init__(self, query: str, reason: str):
        self.query = query
        self.reason = reason
        super().__init__(reason)


class IndexUnavailable(LookupFailure):
    """The full-text index could be neither opened nor rebuilt (not even in memory)."""
