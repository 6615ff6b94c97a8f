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
    **{name: "referee.errors" for name in (
        "RefereeError", "InvalidMove", "UnknownName", "AmbiguousName", "IllegalMove", "CannotApply", "NothingToUndo", "GameMovedOn",
        "PositionError", "NotBetweenMoves", "GameFileError", "NoGame", "GameBusy", "GameDamaged", "RulesError")},
}
_MOVES = ("TurnAction", "DeclareCheck", "RollDice", "Reroll", "SpendKaos", "CheckModifier", "ResolveCheck", "Damage",
          "Heal", "Gain", "Lose", "GainStatus", "RemoveStatus", "ReportDeath", "SetState", "EndTurn", "DescribeCard",
          "DrawLoot", "Equip", "Store", "DiscardLoot", "UseLoot", "GearSwap", "TakeLoot", "DeckSize", "DropWeapon",
          "RecoverWeapon", "EncounterDraw", "EncounterChoose", "EncounterRoll", "EncounterDiscard",
          "EncounterContinue", "EncounterDeck")
_EXPORTS.update({name: "referee.moves" for name in _MOVES})

__all__ = ["__version__", *_EXPORTS]


__getattr__ = exports(__name__, _EXPORTS)


def __dir__() -> list[str]:
    return sorted(__all__)
