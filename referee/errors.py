"""Named exceptions of the engine and the game store. The CLI turns them into exit codes."""

from __future__ import annotations

__all__ = [
    "RefereeError", "BadMove", "MoveRefused", "CannotApply", "GameFileError", "GameBusy", "NoGame", "NothingToUndo",
]


class RefereeError(ValueError):
    """Base of every engine and store error."""


class BadMove(RefereeError):
    """The move is malformed (unknown player, amount below 1, ...): bad input, not a ruling."""


class MoveRefused(RefereeError):
    """The rules refuse the move; `ruling` says why and what would make it legal."""

    def __init__(self, ruling):
        self.ruling = ruling
        super().__init__("; ".join(v.message for v in ruling.violations))


class CannotApply(RefereeError):
    """Even --override cannot apply this move: there is nothing it would do."""

    def __init__(self, ruling):
        self.ruling = ruling
        super().__init__("; ".join(v.message for v in ruling.violations) or "nothing to apply")


class GameFileError(RefereeError):
    """The game file cannot be read, is not a referee game, or already exists."""


class NoGame(RefereeError):
    """No game is chosen: no --game, no REFEREE_GAME, no current game."""


class GameBusy(RefereeError):
    """Another terminal holds the game file's write lock for longer than the busy timeout."""


class NothingToUndo(RefereeError):
    """Undo asked for with no live move to take back: a refusal, not bad input."""
