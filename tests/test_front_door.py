"""`referee.Game` is the door (issue 21): a rules question about this game, the rules, the views (mats, piles, decks,
encounters, interpretations), a read-only opening and the history as Ruling objects are reached through it; every
move class is exported by the package; the command line and the board import no non-public name of the engine (a
`_private` name, or one its module leaves out of `__all__`)."""

from __future__ import annotations

import importlib
import json

import pytest
from typer.testing import CliRunner

import referee
from referee.cli import app
from referee.records import encode
from tests.test_import_graph import A, IMPORTS, KNOWN

PLAYERS = ["Mara", "Ivo"]


@pytest.fixture
def game(tmp_path):
    with referee.Game.new(tmp_path / "g.sqlite", players=PLAYERS, health=10, turn_actions=2) as opened:
        yield opened


def test_every_move_class_is_exported_by_the_package():
    from referee.moves import MOVE_TYPES

    names = {cls.__name__ for cls in MOVE_TYPES.values()}
    assert names <= set(referee.__all__)
    assert all(getattr(referee, name) is MOVE_TYPES[getattr(referee, name).type] for name in names)
    assert referee.CheckModifier.type == "modifier"


def test_the_command_line_and_the_board_import_no_non_public_name_of_the_engine():
    faces = ("referee.cli", "referee.board")
    found = []
    for module, imports in IMPORTS.items():
        if not module.startswith(faces):
            continue
        for entry in imports:
            target = entry["target"]
            if target.startswith(faces):
                continue
            public = getattr(importlib.import_module(target), "__all__", None)
            found += [(module, target, n) for n in entry["names"]
                      if (n.startswith("_") and not n.startswith("__")) or (public is not None and n not in public)]
    found += [p for p in A.private_imports(IMPORTS, KNOWN) if p[0].startswith(faces)]
    assert found == []


# The command line's and the board's imports of engine modules around referee.Game (bench/architecture.py counts them):
# issue 21 moves them onto the door; this number may only go down.
AROUND_THE_DOOR = 31


def test_the_faces_reach_around_the_door_no_more_than_they_did():
    around = A.around_the_door(IMPORTS)
    assert len(around) <= AROUND_THE_DOOR, around


def test_a_game_opened_read_only_reads_and_refuses_to_record(game):
    game.push("damage ivo 3")
    with referee.Game.open(game.path, read_only=True) as watching:
        assert watching.state.player("Ivo").health == 7 and len(watching.history()) == 1
        with pytest.raises(referee.GameFileError):
            watching.push("damage ivo 1")
    assert game.state.player("Ivo").health == 7


def test_the_history_gives_each_logged_move_with_its_ruling_as_judged(game):
    played = game.push("damage ivo 3")
    (logged,) = game.history()
    assert isinstance(logged.ruling, referee.Ruling) and logged.move == played.ruling.move
    assert encode(logged.ruling) == encode(played.ruling)
    refused = game.check(game.parse("action ivo Search"))  # not Ivo's turn: refused, with its citation
    assert not refused.legal
    game.play(refused.move, override="the card says so")
    assert game.history()[-1].ruling.violations[0].citations == refused.violations[0].citations


def test_the_views_are_the_documented_json_of_the_commands(game):
    game.push('draw mara armor "Heavy \\"Plate\\"" --defense 2')
    runner = CliRunner()

    def cli(*words):
        result = runner.invoke(app, [*words, "--json", "--game", str(game.path)])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    assert game.mats() == cli("inventory")["inventories"]
    assert game.piles() == cli("discards")
    assert game.decks() == cli("deck")["decks"]
    assert game.encounters() == cli("encounters")
    assert game.interpretations() == cli("interpretations")


def test_a_rules_question_about_this_game_gets_the_rules_and_the_ruling_of_the_move_it_names(game):
    asked = game.ask("can mara reroll now")
    assert asked.result.results and asked.now.move == "reroll Mara" and asked.now.legal is False  # no Check rolled
    before = (len(game.history()), encode(game.state))
    assert game.ask("PLOT_ARMOR").now is None  # a section key names no move
    assert (len(game.history()), encode(game.state)) == before
    assert game.rules.content_hash == game.settings.rules_hash
