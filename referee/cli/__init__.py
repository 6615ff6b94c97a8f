"""The `referee` command line: parse, call the library (`referee.Game`), render. No rules logic here.

Only this package (and the display modules it alone uses) imports typer or rich, and only it prints or exits.
Imports of everything heavy (rich, whoosh, the engine) happen inside the commands that need them: the table
waits on every command.

    app.py      the Typer app, the one table from errors to exit codes, main()
    common.py   the shared options, the console, opening the game
    moves.py    every move command, made from the notation grammar (referee.notation)
    game.py     new, status, undo, history, interpretations, inventory, discards, deck, encounters, board
    rules.py    rules list/show/refs/add/check, ask
    session.py  play (the interactive session), demo
"""

from __future__ import annotations

from referee.cli import game, rules, session  # noqa: F401  (their commands register on the app)
from referee.cli.app import EXIT_BAD_INPUT, EXIT_BUSY, EXIT_OK, EXIT_REFUSED, app, command_for, invoke, main
from referee.cli.moves import register as _register_moves

_register_moves()

__all__ = ["app", "main", "invoke", "command_for", "EXIT_OK", "EXIT_REFUSED", "EXIT_BAD_INPUT", "EXIT_BUSY"]
