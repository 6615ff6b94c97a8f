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


def _filled(option, end: int = 0) -> list[str]:
    """The words of a listed command with N (or -N) filled in as the table types it: a value of its range."""
    from referee.notation import split

    words = split(option["command"].split("  (")[0])
    for low, high in option["ranges"].values():
        words = [str((low, high)[end]) if w in ("N", "-N") else w for w in words]
    return words


def test_options_lists_every_legal_move_as_a_command_that_parses_back(game):
    options = _options()
    assert {o["group"] for o in options} >= {"turn", "loot", "effects", "records"}
    for option in options:
        command = option["command"].split("  (")[0]
        if any(word in command for word in ("NAME", "ACTION", "REASON")):
            continue  # words only the table knows
        move = game.parse(_filled(option))
        assert game.check(move).legal, command


def test_options_every_listed_command_runs_as_typed_on_the_command_line(game):
    """Each listed command, N filled in with either end of its range, typed as printed (the shell's words, the
    command line's own reading): a legal --dry-run, during a Check (a modifier either way) and a window."""
    game.push("gain mara 2 kaos")
    game.push("draw mara armor 'The \"Big\" Helm' --defense 1")
    game.push("equip mara big")
    game.push("declare mara brawn --tn 12")
    game.push("roll mara 9 --hold")
    options = _options()
    assert {o["move"]["type"] for o in options} >= {"modifier", "kaos", "resolve", "card"}
    for option in options:
        for end in (0, 1):
            result = runner.invoke(app, [*_filled(option, end), "--dry-run"])
            assert result.exit_code == 0, (option["command"], result.output)


def test_final_result_a_negative_modifier_is_typed_as_options_lists_it(game):
    """01 FINAL_RESULT: "d20 roll + applicable Stat modifier + Kaos spent + other applicable modifiers" — a modifier
    may lower the result; `options` lists it as `-N` and the command line reads `modifier mara -2` (it was refused as
    an unknown option -2)."""
    game.push("declare mara brawn --tn 12")
    result = runner.invoke(app, ["options"])
    assert "referee modifier Mara N|-N --because REASON  (1-99)" in result.output
    result = runner.invoke(app, ["modifier", "mara", "-2", "--because", "Cursed Ring"])
    assert result.exit_code == 0, result.output
    assert game.state.top.participants[0].modifier == -2


def test_options_text_writes_each_card_name_as_it_is_typed(game):
    """Commands that differ in one card are written once, each card as it is typed: `"Iron Axe"|"Iron Helm"`, not
    the broken `"Iron Axe"|Helm"` (a quoted name is one word)."""
    game.push("card 'Iron Helm' armor --defense 1")
    game.push("card 'Iron Axe' weapon --melee")
    game.push("draw mara armor 'Iron Helm' weapon 'Iron Axe'")
    result = runner.invoke(app, ["options"])
    assert 'referee store Mara "Iron Helm"|"Iron Axe" --slot 1|2|3' in result.output
    assert 'Helm"|Axe"' not in result.output and 'Axe"|Helm"' not in result.output


def test_while_a_check_is_rolled_only_its_own_moves_are_offered_now(game):
    game.push("gain mara 2 kaos")
    game.push("declare mara brawn --tn 12")
    now = [o for o in _options() if o["group"] == "now"]
    assert [o["command"] for o in now] == ["roll Mara N  (1-20)", "modifier Mara N --because REASON  (1-99)",
                                           "modifier Mara -N --because REASON  (1-99)"]
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
