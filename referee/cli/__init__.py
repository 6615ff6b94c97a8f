"""The `referee` command line: parse, call the library (`referee.Game`), render. No rules logic here.

Only this package (and the display modules it alone uses) imports typer or rich, and only it prints or exits.
Imports of everything heavy (rich, whoosh, the engine) happen inside the commands that need them: the table
waits on every command.

    application.py  the Typer app, the one table from errors to exit codes, the commands registered so far
    run.py      the click command an invocation needs (only its own), invoke (the session), main() (the console script)
    common.py   the shared options, the console, opening the game
    moves.py    every move command, made from the notation grammar (referee.notation)
    game.py     new, status, undo, history, interpretations, inventory, discards, deck, encounters, board
    rules.py    rules list/show/refs/add/check, ask
    session.py  play (the interactive session), demo
"""

from __future__ import annotations

from referee.cli import game, rules, session  # noqa: F401  (their commands register on the app)
from referee.cli.application import EXIT_BAD_INPUT, EXIT_BUSY, EXIT_OK, EXIT_REFUSED
from referee.cli.run import command_for, invoke, main


def __getattr__(name: str):
    """`referee.cli.app`: the whole app, every move command made (tests, --help). A command run from the shell
    makes only its own move command (run.command_for): the grammar's commands cost time to make."""
    if name == "app":
        from referee.cli import application
        from referee.cli.moves import register

        register()
        return application.app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main", "invoke", "command_for", "EXIT_OK", "EXIT_REFUSED", "EXIT_BAD_INPUT", "EXIT_BUSY"]
