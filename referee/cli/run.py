"""Running a command: the click command an invocation needs (only its own, built once), `invoke` for the session and
the demo, and `main`, the console script."""

from __future__ import annotations

import sys

import typer

from referee.cli.application import (
    EXIT_BAD_INPUT, EXIT_REFUSED, app, error_message, exit_code_for, made_by_hand, one_command,
)
from referee.cli.moves import register

__all__ = ["command_for", "invoke", "main", "process_ends_with_this_command"]

_BUILT: dict[str, object] = {}  # click commands already built in this process (the session reuses them)


def command_for(words: list[str]):
    """The click command for this invocation, building only the sub-command it names.

    A known command name gets an app holding just that one (application.one_command); a move command is made only
    when it is the one asked for (referee.cli.moves.register). Anything else (no name, --help, a typo) gets the
    whole app, with click's usual messages; `referee --version` gets the app without its commands (it needs none).
    """
    import copy

    import typer.main

    if words and all(w.startswith("-") for w in words) and "--version" in words:
        bare = copy.copy(app)
        bare.registered_commands, bare.registered_groups = [], []
        return typer.main.get_command(bare)
    name = next((w for w in words if not w.startswith("-")), None)
    if name in _BUILT:
        return _BUILT[name]
    if name is not None and name not in {"--help", "-h"}:
        if not made_by_hand(name):
            register({name})  # a move command is made only when it is the one asked for (notation costs time)
        command = one_command(name)
        if command is not None:
            return _BUILT.setdefault(name, command)
    register()
    return typer.main.get_command(app)


def invoke(words: list[str]) -> int:
    """Run one referee command in this process and return its exit code (the demo, the session)."""
    from typer.exceptions import TyperException  # typer 0.28 vendors click: its errors derive from this

    try:
        result = command_for(words).main(args=words, prog_name="referee", standalone_mode=False)
    except typer.Exit as stop:
        return stop.exit_code
    except typer.Abort:
        sys.stderr.write("referee: aborted\n")
        return EXIT_REFUSED
    except TyperException as error:  # usage errors: unknown command, bad option, missing argument
        if hasattr(error, "show"):
            error.show()
        else:
            sys.stderr.write(f"referee: {error}\n")
        return getattr(error, "exit_code", EXIT_BAD_INPUT)
    except Exception as error:  # a library error outside a command (building the command line itself)
        code = exit_code_for(error)
        if code is None:
            raise
        sys.stderr.write(f"referee: {error_message(error)}\n")
        return code
    return result if isinstance(result, int) else 0


_ONE_COMMAND = [False]  # set by `main`: the console script runs one command, then its process ends


def process_ends_with_this_command() -> bool:
    """True in the console script (`main`: one command, then the process ends), False in `invoke` (the session,
    the demo) and under a test runner."""
    return _ONE_COMMAND[0]


def main() -> None:
    """The console script. A library error no command caught is still bad input, never a traceback."""
    _ONE_COMMAND[0] = True
    for stream in (sys.stdout, sys.stderr):
        # A path or a name holding bytes that are not UTF-8 (read from argv as surrogates) is printed escaped
        # (\udcff, also valid inside a JSON string) instead of failing mid-output.
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        command_for(sys.argv[1:])(prog_name="referee")
    except Exception as error:
        code = exit_code_for(error)
        if code is None:
            raise
        sys.stderr.write(f"referee: {error_message(error)}\n")
        raise SystemExit(code) from None
