"""Named exceptions of the referee library: one tree under RefereeError. The CLI maps them to exit codes in one
table (`referee.cli.application.exit_code_for`).

    RefereeError
    ├── InvalidMove          the notation cannot be read (bad number, missing argument, unknown option)
    │   ├── UnknownName      no Player / card / Stat of that name (with the nearest names)
    │   │   └── CardElsewhere    a card the move may not name, where it is (the notation passes it on to be judged)
    │   ├── AmbiguousName    a name several things start with (with the choices)
    │   └── PositionError    a position file that cannot be started from (the line that says it, when known)
    ├── IllegalMove          the rules refuse the move; `.ruling` says why and what would make it legal
    │   └── CannotApply      not even an override could apply it: there is nothing it would do
    ├── NothingToUndo        undo with no live move, or not the move the table expected
    ├── NotBetweenMoves      export asked for while a procedure is pending, or after the game ended: a refusal
    ├── GameFileError        the game file cannot be read, is not a referee game, or already exists
    │   ├── NoGame           no game chosen
    │   ├── GameBusy         another terminal holds the write lock past the busy timeout
    │   └── GameDamaged      damage found in the game file: no move is recorded until it is repaired or restored
    └── RulesError           the rules database cannot be built or read
"""

from __future__ import annotations

__all__ = [
    "RefereeError", "InvalidMove", "UnknownName", "CardElsewhere", "AmbiguousName", "IllegalMove", "CannotApply", "NothingToUndo",
    "PositionError", "NotBetweenMoves", "GameFileError", "NoGame", "GameBusy", "GameDamaged", "GameMovedOn",
    "RulesError",
]


class RefereeError(ValueError):
    """Base of every error the referee library raises."""


class InvalidMove(RefereeError):
    """What the table typed cannot be read as a move: bad input, not a ruling."""


class UnknownName(InvalidMove):
    """No `what` (Player, card, Stat, ...) called `name`; `suggestions` are the nearest names."""

    def __init__(self, message: str, *, name: str = "", what: str = "", suggestions: tuple[str, ...] = ()):
        super().__init__(message)
        self.name, self.what, self.suggestions = name, what, tuple(suggestions)


class CardElsewhere(UnknownName):
    """The card named is not among the ones to choose from but is elsewhere on the table (`card`, `place`): a move
    naming it is judged by the rules (a card the Player no longer holds is a ruling, not bad input)."""

    def __init__(self, message: str, *, card: str, place: tuple | None):
        super().__init__(message, name=card, what="card")
        self.card, self.place = card, place


class AmbiguousName(InvalidMove):
    """`name` could be several `what`s: `choices`."""

    def __init__(self, message: str, *, name: str = "", what: str = "", choices: tuple[str, ...] = ()):
        super().__init__(message)
        self.name, self.what, self.choices = name, what, tuple(choices)


class PositionError(InvalidMove):
    """A position file (`referee new --position FILE`) that cannot be started from: `line` is the file's line that
    says it (None when the position came without its text)."""

    def __init__(self, message: str, *, line: int | None = None):
        super().__init__(message)
        self.line = line


class IllegalMove(RefereeError):
    """The rules refuse the move; `ruling` says why, citing the rules, and what would make it legal."""

    def __init__(self, ruling):
        self.ruling = ruling
        super().__init__("; ".join(v.message for v in ruling.violations) or "refused")


class CannotApply(IllegalMove):
    """Even an override cannot apply this move: there is nothing it would do."""


class NothingToUndo(RefereeError):
    """Undo asked for with no live move to take back, or the last live move is not the one expected: a refusal."""


class GameMovedOn(RefereeError):
    """A move declared on the state after move `expected` (the last live move the declarer saw), when another move
    came in (or an undo) since: `last` is the last live move now. A refusal: nothing changes."""

    def __init__(self, message: str, *, expected: int, last: int):
        super().__init__(message)
        self.expected, self.last = expected, last


class NotBetweenMoves(RefereeError):
    """A position is a moment between moves: it cannot be exported while a procedure is pending (`pending`: the
    stack, top first) or once the game has ended."""

    def __init__(self, message: str, *, pending: tuple = ()):
        super().__init__(message)
        self.pending = tuple(pending)


class GameFileError(RefereeError):
    """The game file cannot be read, is not a referee game, or already exists."""


class NoGame(GameFileError):
    """No game is chosen: no --game, no REFEREE_GAME, no current game."""


class GameBusy(GameFileError):
    """Another terminal holds the game file's write lock for longer than the busy timeout."""


class GameDamaged(GameFileError):
    """Damage was found in the game file (a page that cannot be read, a checksum that no longer holds): it is marked,
    and no move is recorded in it until `referee games check --repair` rebuilds it or a copy is restored."""


class RulesError(RefereeError):
    """The rules database cannot be built or read (the rulesdb error is its __cause__)."""

