"""The Typer application, the one table from errors to exit codes, and the entry points.

Exit codes (documented in the README):
  0  done / legal
  1  refused: an illegal move, nothing to undo, no such rules section, nothing found, an export mid-procedure
  2  bad input: usage errors, unreadable numbers or names, a bad game, rule or position file
  3  busy: another terminal is writing to the game file; try again
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2
EXIT_BUSY = 3


def exit_code_for(error: BaseException) -> int | None:
    """The exit code of a library error, from the one table; None for an error that is not the library's."""
    import sqlite3

    from referee import errors

    table = (
        (errors.GameBusy, EXIT_BUSY),
        (errors.IllegalMove, EXIT_REFUSED),
        (errors.NothingToUndo, EXIT_REFUSED),
        (errors.GameMovedOn, EXIT_REFUSED),
        (errors.NotBetweenMoves, EXIT_REFUSED),
        (errors.RefereeError, EXIT_BAD_INPUT),  # InvalidMove, UnknownName, AmbiguousName, GameFileError, RulesError
        (sqlite3.DatabaseError, EXIT_BAD_INPUT),
    )
    return next((code for kind, code in table if isinstance(error, kind)), None)


def error_message(error: BaseException) -> str:
    import sqlite3

    if isinstance(error, sqlite3.DatabaseError):
        return f"the game or rules file cannot be read ({error})"
    return str(error)


def fail(message: str, code: int = EXIT_REFUSED, *, as_json: bool = False):
    """Say why the command stops, then stop with `code` (JSON when the command was asked for JSON)."""
    from referee.cli.common import print_json

    if as_json:
        print_json({"error": message, "exit_code": code})
    else:
        sys.stderr.write(f"referee: {message}\n")
    raise typer.Exit(code)


class _Referee(typer.core.TyperGroup):
    """The root group: a library error a command lets through becomes its exit code here, once, for every command
    (and in `referee play`, which runs commands in one process). A negative number where a count is wanted
    ("damage ann -3") is bad input with parse_int's explanation, not Click's "No such option: -3"."""

    def parse_args(self, ctx, args):
        ctx.meta["referee.json"] = "--json" in args
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:  # typer >= 0.28 carries its own copy of click
            from typer._click import exceptions as click
        except ImportError:  # pragma: no cover
            import click

        _refuse_undecodable_text(self)
        try:
            return super().invoke(ctx)
        except click.NoSuchOption as error:
            name = error.option_name or ""
            if not (name[:1] == "-" and name[1:].isdigit()):
                raise
            from referee.errors import InvalidMove
            from referee.parsing import parse_int

            try:
                parse_int(name, what="the number")
            except InvalidMove as bad:
                raise click.UsageError(str(bad), ctx=error.ctx) from None
            raise
        except Exception as error:
            code = exit_code_for(error)
            if code is None:
                raise
            fail(error_message(error), code, as_json=ctx.meta.get("referee.json", False))


# Parameters that name a file: bytes that are not UTF-8 are a valid file name there (kept byte for byte).
_PATH_PARAMETERS = frozenset({"game", "position", "file", "html", "svg", "keep", "which"})


def _refuse_undecodable_text(command) -> None:
    """Every text parameter of `command` and its sub-commands refuses bytes that are not UTF-8 (argv's surrogate
    escapes) with a usage error naming the argument (exit 2, nothing changed): such text could not be shown, stored
    or written again. File names are taken as they are."""
    if getattr(command, "_text_checked", False):
        return
    command._text_checked = True
    for parameter in getattr(command, "params", ()):
        if parameter.name not in _PATH_PARAMETERS and type(parameter.type).__name__ == "StringParamType":
            parameter.type = _utf8_text(parameter.type)
    for sub in getattr(command, "commands", {}).values():
        _refuse_undecodable_text(sub)


_UTF8_TEXT: dict = {}


def _utf8_text(string_type):
    """click's STRING (typer's own copy of click, whichever it is), refusing text that holds undecodable bytes."""
    if type(string_type) in _UTF8_TEXT:
        return _UTF8_TEXT[type(string_type)]

    class Utf8Text(type(string_type)):
        def convert(self, value, param, ctx):
            value = super().convert(value, param, ctx)
            if isinstance(value, str) and any("\ud800" <= c <= "\udfff" for c in value):
                shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
                self.fail(f"'{shown}' holds bytes that are not UTF-8 text; type it again (nothing was changed)",
                          param, ctx)
            return value

    return _UTF8_TEXT.setdefault(type(string_type), Utf8Text())


def _group(help: str) -> typer.Typer:
    return typer.Typer(help=help, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]},
                       rich_markup_mode=None)


app = typer.Typer(
    cls=_Referee,
    name="referee",
    help="Table referee and rules lookup for Viva La Dungeon.",
    no_args_is_help=True,
    add_completion=True,  # `referee --install-completion`: names complete from the game (referee.cli.completion)
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
rules_app = _group("The loaded rule documents: list, show, refs, add, check.")
encounter_app = _group("Random Encounters (10_RANDOM_ENCOUNTERS): draw, choose, roll, discard, continue, deck.")
app.add_typer(rules_app, name="rules")
app.add_typer(encounter_app, name="encounter")


def _version(value: bool) -> None:
    if value:
        from referee import __version__

        print(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Table referee and rules lookup for Viva La Dungeon."""


# --- the commands registered so far --------------------------------------------------------------------


def command_name(info) -> str:
    """The command word typer gives a registered command."""
    return info.name or info.callback.__name__.replace("_", "-")


def one_command(name: str):
    """The click command of the command or group `name` as registered on the app so far, alone (typer turns every
    command into a click command on each run, ~80 ms for all of them here: a table waits on every command); None when
    none is registered under that name. The move commands are registered by referee.cli.moves."""
    import copy

    import typer.main

    commands = [info for info in app.registered_commands if command_name(info) == name][:1]
    groups = [] if commands else [info for info in app.registered_groups if info.name == name][:1]
    if not (commands or groups):
        return None
    only = copy.copy(app)
    only.registered_commands, only.registered_groups = commands, groups
    only._add_completion = False  # --install-completion belongs to `referee` alone
    return typer.main.get_command(only)


def made_by_hand(name: str) -> bool:
    """Whether `name` is a command or group written in referee.cli (not a move command made from the grammar)."""
    return any(command_name(info) == name for info in app.registered_commands) or any(
        info.name == name and info.typer_instance is not encounter_app for info in app.registered_groups)
