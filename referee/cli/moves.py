"""The move commands, made from the notation grammar (referee.notation.GRAMMAR): one command per entry, its
arguments and options as the grammar writes them, plus --game / --dry-run / --override / --why / --json added once here.

Every move command does the same: open the game, build the Move from the raw words (the grammar's builder), judge
it (`--dry-run`: only judge), log it, render the ruling. Exit 0 applied or legal, 1 refused, 2 bad input.
"""

from __future__ import annotations

import inspect
from typing import Annotated

import typer

from referee.cli.application import EXIT_REFUSED, app, encounter_app
from referee.cli.common import MOVE_OPTIONS, console, open_game, print_json


def run_move(build, *, game: str | None, dry_run: bool, override: str | None, as_json: bool, why: bool = False) -> None:
    """Build the move against the game's state, judge it (and log it unless --dry-run), render, exit with its code.
    Library errors (bad input, a busy file) go to the one exit-code table (referee.cli.application)."""
    from referee import game_display
    from referee.errors import CannotApply, IllegalMove, InvalidMove

    if override is not None and not override.strip():
        raise InvalidMove('--override needs a reason, e.g. --override "the card says so"')
    cannot_apply = False
    with open_game(game) as current:
        move = build(current.state)
        if dry_run:
            played = game_display.Shown(current.check(move))
        else:
            try:
                played = current.play(move, override=override)
            except IllegalMove as refused:
                played, cannot_apply = game_display.Shown(refused.ruling), isinstance(refused, CannotApply)
    if as_json:
        print_json(game_display.played_json(played, dry_run=dry_run))
    else:
        game_display.print_played(console(), played, dry_run=dry_run, cannot_apply=cannot_apply, why=why)
    if not (played.applied or played.ruling.legal):
        raise typer.Exit(EXIT_REFUSED)


def _completer(notation, param):
    """The shell's completion of `param` (referee/cli/completion.py, imported only when the shell asks)."""

    def complete(ctx, incomplete):
        from referee.cli.completion import shell_completer

        return shell_completer(notation, param)(ctx, incomplete)

    return complete


def _annotation(notation, param):
    """The typer annotation and default of one grammar parameter; what it names completes in the shell."""
    complete = _completer(notation, param) if param.names else None
    if param.option:
        if param.flag:
            return Annotated[bool, typer.Option(*param.option, help=param.help)], False
        option = typer.Option(*param.option, help=param.help, metavar=param.metavar, autocompletion=complete)
        if param.many:
            return Annotated[list[str] | None, option], None
        return Annotated[str | None, option], param.default
    argument = typer.Argument(metavar=param.metavar, help=param.help, show_default=False, autocompletion=complete)
    if param.many:
        kind = list[str] if param.required else list[str] | None
        return Annotated[kind, argument], (inspect.Parameter.empty if param.required else None)
    if param.required:
        return Annotated[str, argument], inspect.Parameter.empty
    return Annotated[str | None, argument], None


def move_command(notation):
    """A command function for one grammar entry, with the common options added."""
    params, annotations = [], {}
    for param in notation.params:
        annotation, default = _annotation(notation, param)
        params.append(inspect.Parameter(param.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=annotation))
        annotations[param.name] = annotation
    for name, (annotation, default) in MOVE_OPTIONS.items():
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=annotation))
        annotations[name] = annotation
    many = {p.name for p in notation.params if p.many}

    def command(**given) -> None:
        common = {name: given.pop(name) for name in MOVE_OPTIONS}
        raw = {name: ([] if value is None and name in many else value) for name, value in given.items()}
        run_move(lambda state: notation.build(state, **raw), **common)

    command.__signature__ = inspect.Signature(params)
    command.__annotations__ = annotations
    command.__doc__ = notation.help
    command.__name__ = command.__qualname__ = notation.command.replace(" ", "_").replace("-", "_")
    return command


_REGISTERED: set[str] = set()  # grammar entries already made commands in this process


def register(commands: set[str] | None = None) -> None:
    """Make grammar entries commands, once each: every one, or those `commands` names (a command word, or
    "encounter" for its group). A cold command makes only its own (each costs its typer parameters); `deck` stays a
    view command that records a size when given one (referee.cli.game)."""
    from referee.notation import GRAMMAR

    for words, notation in GRAMMAR.items():
        group, _, name = words.rpartition(" ")
        if words == "deck" or words in _REGISTERED or commands is not None and (group or name) not in commands:
            continue
        _REGISTERED.add(words)
        # a signed number (`modifier ann -2`) is an argument, not an unknown option -2
        signed = {"ignore_unknown_options": True} if any(p.signed for p in notation.positionals) else None
        (encounter_app if group == "encounter" else app).command(name, context_settings=signed)(move_command(notation))
