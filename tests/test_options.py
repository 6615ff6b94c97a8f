"""`referee options [PLAYER]`: every legal next move now, grouped, each as the command to type, with its cost."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import referee
from referee.cli import app

runner = CliRunner()


@pytest.fixture
def game(current_game):
    return current_game


def _options(*words):
    result = runner.invoke(app, ["options", *words, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_options_lists_every_legal_move_as_a_command_that_parses_back(game):
    options = _options()
    assert {o["group"] for o in options} >= {"turn", "loot", "effects", "records"}
    for option in options:
        command = option["command"].split("  (")[0]
        if any(word in command for word in ("NAME", "ACTION", "REASON")):
            continue  # words only the table knows
        move = game.parse(command.replace(" N", " 1") if option["ranges"] else command)
        assert game.check(move).legal, command


def test_while_a_check_is_rolled_only_its_roll_is_offered_now(game):
    game.push("gain mara 2 kaos")
    game.push("declare mara brawn --tn 12")
    now = [o for o in _options() if o["group"] == "now"]
    assert [o["command"] for o in now] == ["roll Mara N  (1-20)"]
    game.push("roll mara 9")
    now = {o["move"]["type"]: o for o in _options() if o["group"] == "now"}
    assert set(now) == {"kaos", "modifier", "resolve"} and now["kaos"]["ranges"] == {"amount": [1, 2]}
    assert now["kaos"]["cost"] == "1 Kaos each (holds 2)"


def test_a_turn_action_says_what_it_costs(game):
    game.push("action mara 'Open Chest'")
    costs = {o["command"]: o["cost"] for o in _options("mara") if o["move"]["type"] == "action"}
    assert costs == {"action Mara ACTION": "Turn Action 2 of 2"}  # repeating needs 1 Kaos: Mara holds none
    game.push("gain mara 1 kaos")
    costs = {o["command"]: o["cost"] for o in _options("mara") if o["move"]["type"] == "action"}
    assert costs['action Mara "Open Chest"'] == "repeat: 1 Kaos and a Turn Action"


def test_options_for_a_player_keeps_their_moves_and_no_ones(game):
    players = {o["move"].get("player") for o in _options("ivo")}
    assert players <= {"Ivo", None}


def test_options_text_is_grouped_with_the_procedure_on_top_first(game):
    game.push("declare ivo charm --tn 10")
    result = runner.invoke(app, ["options"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "Now: Charm Check for Ivo vs TN 10"
    assert "referee roll Ivo N" in result.output and "damage" not in result.output
