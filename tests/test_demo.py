"""`referee demo` plays its script to the end with every verdict as scripted."""

from __future__ import annotations

from typer.testing import CliRunner

from referee.cli import app
from referee.demo import SCRIPT
from referee.store import current_game_path


def test_demo_plays_every_step_with_the_scripted_verdict(tmp_path):
    pointer = current_game_path()
    pointer.parent.mkdir(parents=True, exist_ok=True)
    pointer.write_text("/somewhere/the-users-game.sqlite")
    kept = tmp_path / "demo.sqlite"
    result = CliRunner().invoke(app, ["demo", "--keep", str(kept)])
    assert result.exit_code == 0, result.output[-3000:]
    assert "did not go as scripted" not in result.output
    assert result.output.count("$ referee ") == len(SCRIPT)
    assert "VICTORY" in result.output
    assert kept.exists()
    assert pointer.read_text() == "/somewhere/the-users-game.sqlite"  # the user's current game is untouched


def test_demo_script_expects_refusals_as_well_as_legal_moves():
    assert {step.exit_code for step in SCRIPT} == {0, 1}
