"""A file the table asks for (`referee export FILE`, `referee board --html FILE`) is written whole, and a target
that is not a regular file (a pipe, /dev/null) is written to, never replaced by a plain file."""

from __future__ import annotations

import os
import stat
import threading

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def _read_fifo(path, got: list) -> threading.Thread:
    reader = threading.Thread(target=lambda: got.append(open(path, encoding="utf-8").read()))
    reader.start()
    return reader


@pytest.mark.parametrize("words", [["export"], ["board", "--html"]])
def test_a_pipe_given_as_the_file_is_written_to_and_stays_a_pipe(current_game, tmp_path, words):
    pipe = tmp_path / "out.fifo"
    os.mkfifo(pipe)
    got: list[str] = []
    reader = _read_fifo(pipe, got)
    result = runner.invoke(app, [*words, str(pipe)])
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and got and got[0]


def test_a_position_file_is_replaced_whole(current_game, tmp_path):
    target = tmp_path / "table.toml"
    assert runner.invoke(app, ["export", str(target)]).exit_code == 0
    current_game.push("damage mara 2")
    assert runner.invoke(app, ["export", str(target)]).exit_code == 0
    assert 'format = "referee-position/1"' in target.read_text() and "health = 8" in target.read_text()
    assert not [p.name for p in tmp_path.iterdir() if "writing" in p.name]  # no half-written file left behind


def test_export_never_writes_over_the_game_file_itself(current_game):
    """`referee export g.sqlite` (meant: --game g.sqlite) once replaced the game with its TOML: refused, the game
    plays on."""
    before = current_game.path.read_bytes()
    result = runner.invoke(app, ["export", str(current_game.path), "--force"])
    assert result.exit_code == 2 and "is the game file itself" in result.output, result.output
    assert current_game.path.read_bytes() == before
    assert runner.invoke(app, ["status"]).exit_code == 0


@pytest.mark.parametrize("words", [["export"], ["board", "--html"], ["board", "--svg"]])
def test_an_output_never_replaces_another_game_file_or_other_text_without_force(current_game, tmp_path, words):
    import referee

    other = tmp_path / "a.sqlite"
    referee.Game.new(other, players=["Ana", "Bo"], health=10, turn_actions=2).close()
    notes = tmp_path / "notes.txt"
    notes.write_text("Ana owes Bo a pizza\n")
    for target, says in ((other, "is a SQLite database"), (notes, "not a ")):
        before = target.read_bytes()
        result = runner.invoke(app, [*words, str(target)])
        assert result.exit_code == 2 and says in result.output and "--force" in result.output, result.output
        assert target.read_bytes() == before
    assert runner.invoke(app, ["status", "--game", str(other)]).exit_code == 0
    assert runner.invoke(app, [*words, str(notes), "--force"]).exit_code == 0 and "Ana owes" not in notes.read_text()


def test_text_that_is_not_utf8_in_the_log_is_written_replaced_never_a_traceback(current_game, tmp_path):
    """argv's undecodable bytes (read as surrogates) kept in the log: every writer writes them as U+FFFD."""
    current_game.push(["action", "mara", "Open\udcffChest"])
    for words, name in ((["export"], "p.toml"), (["board", "--html"], "b.html"), (["board", "--svg"], "b.svg")):
        result = runner.invoke(app, [*words, str(tmp_path / name)])
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        assert "Open\ufffdChest" in (tmp_path / name).read_text(encoding="utf-8") or name == "b.svg"
    assert not [p.name for p in tmp_path.iterdir() if "writing" in p.name]


def test_a_directory_given_as_the_file_is_bad_input(current_game, tmp_path):
    result = runner.invoke(app, ["export", str(tmp_path)])
    assert result.exit_code == 2 and "cannot write" in result.output
