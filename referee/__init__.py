"""Viva La Dungeon table referee: tracks the game, judges moves, looks up rules."""

__version__ = "0.1.0"
