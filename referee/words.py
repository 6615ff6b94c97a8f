"""How the referee words a count in its sentences."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, word: str) -> str:
    """ "1 card", "0 cards", "3 cards": the count and the word, with an "s" unless the count is one."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
