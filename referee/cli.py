"""The `referee` command line: parse, call one library function, render. No rules logic here.

Only this module (and the display helpers it alone uses) imports typer or rich, and only it
prints or exits. Imports of everything heavy (rich, whoosh, sqlite-utils, the engine) happen
inside the commands that need them: the table waits on every command.

Exit codes (documented in the README):
  0  done / legal
  1  refused: an illegal move, no such rules section, nothing found
  2  bad input: usage errors, unreadable numbers or names, a bad rule document
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2

app = typer.Typer(
    name="referee",
    help="Table referee and rules lookup for Viva La Dungeon.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
rules_app = typer.Typer(
    help="The loaded rule documents: list, show, refs, add, check.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(rules_app, name="rules")

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


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


# --- shared output helpers -------------------------------------------------------------------


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _fail(message: str, code: int = EXIT_REFUSED, *, as_json: bool = False) -> NoReturn:
    if as_json:
        _print_json({"error": message, "exit_code": code})
    else:
        sys.stderr.write(f"referee: {message}\n")
    raise typer.Exit(code)


def _open_rules(as_json: bool = False):
    from rulesdb import RulesError, open_rules

    try:
        return open_rules()
    except RulesError as error:
        _fail(f"the rules database cannot be built: {error}", EXIT_BAD_INPUT, as_json=as_json)


# --- rules -----------------------------------------------------------------------------------


def main() -> None:
    app()
