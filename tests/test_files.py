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


def test_a_regular_file_is_replaced_whole(current_game, tmp_path):
    target = tmp_path / "table.toml"
    target.write_text("old")
    assert runner.invoke(app, ["export", str(target)]).exit_code == 0
    assert 'format = "referee-position/1"' in target.read_text()
    assert not [p.name for p in tmp_path.iterdir() if "writing" in p.name]  # no half-written file left behind


def test_a_directory_given_as_the_file_is_bad_input(current_game, tmp_path):
    result = runner.invoke(app, ["export", str(tmp_path)])
    assert result.exit_code == 2 and "cannot write" in result.output
