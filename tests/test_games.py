"""`referee games` lists the games on this computer; `referee games use NAME|N` switches; new games get readable
names."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def _new(*extra):
    result = runner.invoke(app, ["new", "--players", "Mara, Ivo", "--health", "6", "--turn-actions", "2", *extra])
    assert result.exit_code == 0, result.output
    return result


def _games():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_new_game_gets_a_readable_name_and_games_lists_it_as_current():
    _new()
    _new("--name", "Friday Night!")
    games = _games()
    assert [g["name"][:8] for g in games] == ["mara-ivo", "friday-n"] and games[1]["name"] == "friday-night"
    assert [g["current"] for g in games] == [False, True]
    assert games[1]["players"] == ["Mara", "Ivo"] and games[1]["turn"] == 1 and games[1]["moves"] == 0


def test_games_use_switches_the_current_game_by_number_or_name():
    _new("--name", "first")
    _new("--name", "second")
    assert runner.invoke(app, ["damage", "ivo", "1"]).exit_code == 0  # in "second"
    result = runner.invoke(app, ["games", "use", "1"])
    assert result.exit_code == 0 and "Current game: first" in result.output
    status = json.loads(runner.invoke(app, ["status", "--json"]).output)
    assert {p["name"]: p["health"] for p in status["players"]}["Ivo"] == 6
    assert runner.invoke(app, ["games", "use", "sec"]).exit_code == 0
    assert [g["moves"] for g in _games() if g["current"]] == [1]


def test_games_use_an_unknown_game_is_bad_input_and_changes_nothing():
    _new("--name", "only")
    for which in ("7", "nope"):
        result = runner.invoke(app, ["games", "use", which])
        assert result.exit_code == 2, result.output
    assert [g["current"] for g in _games()] == [True]
