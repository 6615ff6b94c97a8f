"""Named exceptions of the rules database. All are ValueErrors, like python-chess's."""

from __future__ import annotations

__all__ = ["RulesError", "SourceError", "UnknownKey", "AmbiguousKey"]


class RulesError(ValueError):
    """Base class of every error the rules database raises."""


class SourceError(RulesError):
    """A rule document cannot be read or parsed; names the file and the line."""

    def __init__(self, source: str, line: int, message: str):
        self.source = source
        self.line = line
        self.message = message
        super().__init__(f"{source}:{line}: {message}")


class UnknownKey(RulesError):
    """No section answers to this key; `suggestions` holds the nearest keys."""

    def __init__(self, key: str, suggestions: list[str]):
        self.key = key
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no rules section {key!r}{hint}")


class AmbiguousKey(RulesError):
    """Several sections answer to this key; `choices` lists their full keys."""

    def __init__(self, key: str, choices: list[str]):
        self.key = key
        self.choices = choices
        super().__init__(f"{key!r} is ambiguous: {', '.join(choices)}")
