"""`referee play`: the interactive session runs the same commands, with the same rulings, in one process."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def session(lines: list[str]):
    return runner.invoke(app, ["play"], input="\n".join(lines) + "\n")


def test_a_session_plays_moves_and_answers_like_the_command_line(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([
        f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}',
        "damage ivo 2",
        "referee gain mara 1 kaos",  # typing `referee` out of habit is fine
        "quit",
        "damage ivo 5",  # never read: the session ended
    ])
    assert result.exit_code == 0, result.output
    state = json.loads(runner.invoke(app, ["status", "--json", "--game", str(game)]).stdout)
    assert [p["health"] for p in state["players"]] == [8, 6]
    assert state["players"][0]["kaos"] == 1


def test_bad_lines_are_answered_and_the_session_goes_on(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([
        f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}',
        "bogus",
        '"unbalanced',
        "damage ivo -3",
        "kaos mara 1",  # refused: no Check
        "demo",
        "damage ivo 1",
    ])
    assert "No such command 'bogus'" in result.output
    assert "cannot read that line" in result.output
    assert "digits 0-9" in result.output
    assert "not available inside a session" in result.output
    assert "Traceback" not in result.output
    state = json.loads(runner.invoke(app, ["status", "--json", "--game", str(game)]).stdout)
    assert state["players"][1]["health"] == 7  # only the legal move changed the game
    assert result.exit_code == 0  # the last command decided it


def test_the_session_ends_with_the_last_commands_exit_code(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}', "kaos mara 1"])
    assert result.exit_code == 1
