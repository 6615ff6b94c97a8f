"""Viva La Dungeon table referee: tracks the game, judges moves, looks up rules.

The library's front door is `referee.Game` (see docs/python-api.md):

    >>> import referee
    >>> game = referee.Game.new(path, players=["Mara", "Ivo"], health=10, turn_actions=2)   # doctest: +SKIP
    >>> game.play(game.parse("damage ivo 3"))                                               # doctest: +SKIP

Names are loaded on first use, so `import referee` costs nothing a command does not need.
"""

from __future__ import annotations

from referee.lazy import exports

__version__ = "0.1.0"

_EXPORTS = {
    "Game": "referee.game", "Logged": "referee.game", "Asked": "referee.game",
    "LegalMove": "referee.legal_moves",
    "Ruling": "referee.ruling", "Violation": "referee.ruling", "Citation": "referee.citation",
    "Move": "referee.moves", "MOVE_TYPES": "referee.moves",
    "Record": "referee.records", "encode": "referee.records", "decode": "referee.records", "replace": "referee.records",
    **{name: "referee.errors" for name in (
        "RefereeError", "InvalidMove", "UnknownName", "AmbiguousName", "IllegalMove", "CannotApply", "NothingToUndo", "GameMovedOn",
        "PositionError", "NotBetweenMoves", "GameFileError", "NoGame", "GameBusy", "GameDamaged", "RulesError")},
}
_exported = exports(__name__, _EXPORTS)


def __getattr__(name: str):
    """A name of _EXPORTS, a move class (each move's declaration exports it: referee.Equip), or `__all__`; each loaded
    on first use."""
    if name in _EXPORTS:
        return _exported(name)
    if not (name[:1].isupper() or name == "__all__"):  # a submodule (`from referee import engine`), a dunder
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    moves = _exported("MOVE_TYPES").values()
    if name == "__all__":
        return ["__version__", *_EXPORTS, *(cls.__name__ for cls in moves)]
    found = next((cls for cls in moves if cls.__name__ == name), None)
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted(__getattr__("__all__"))
