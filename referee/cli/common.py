"""What every command shares: the common options, the console, JSON output, opening the game."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
GameOption = Annotated[
    str | None, typer.Option("--game", help="Game file (default: $REFEREE_GAME, else the current game).")
]
DryRunOption = Annotated[bool, typer.Option("--dry-run", help="Judge the move, change nothing: can I do this?")]
WhyOption = Annotated[bool, typer.Option("--why", help="The full ruling: every rule quoted, the interpretations, "
                                                       "the fix.")]
OverrideOption = Annotated[
    str | None,
    typer.Option("--override", metavar="REASON", help="Apply even if the rules refuse it (card text wins); logged."),
]

# What every move command adds to its grammar entry's arguments and options (referee.cli.moves): {parameter: (its
# annotation, its default)}.
MOVE_OPTIONS = {"game": (GameOption, None), "dry_run": (DryRunOption, False), "override": (OverrideOption, None),
                "why": (WhyOption, False), "as_json": (JsonOption, False)}


def console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def open_game(game: str | None):
    """The game the command names (--game, $REFEREE_GAME, the current game); NoGame / GameFileError otherwise."""
    from referee.game import Game

    return Game.open(game)


def open_rules():
    from referee.game import open_rules as open_bundled

    db = open_bundled()
    for note in db.set_aside:  # an added document that no longer parses: said once, when it is set aside
        sys.stderr.write(f"referee: warning: {note}\n")
    return db
