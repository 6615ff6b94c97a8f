"""Undo says what it undid and never takes another's move (--expect); redo plays it again; history --last."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import referee
from referee.cli import app

runner = CliRunner()


@pytest.fixture
def game(current_game):
    current_game.push("damage ivo 3")
    current_game.push("heal ivo 1")
    return current_game


def test_undo_says_which_move_it_took_back(game):
    result = runner.invoke(app, ["undo"])
    assert result.exit_code == 0 and "Undone: #2 heal Ivo 1" in result.output
    assert game.state.player("Ivo").health == 7


def test_undo_expect_refuses_when_another_move_came_last_and_changes_nothing(game):
    result = runner.invoke(app, ["undo", "--expect", "1"])
    assert result.exit_code == 1 and "the last move is #2, not #1" in result.output
    assert [e.undone for e in game.history()] == [False, False]
    with pytest.raises(referee.NothingToUndo):
        game.undo(expect=1)
    assert game.undo(expect=2) == [2]


def test_redo_plays_the_undone_moves_again_with_their_numbers_last_undo_first(game):
    game.undo()
    game.undo()
    assert game.state.player("Ivo").health == 10
    assert game.redo() == [1] and game.state.player("Ivo").health == 7
    result = runner.invoke(app, ["redo", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["redone"] == [2]
    assert game.state.player("Ivo").health == 8 and [e.undone for e in game.history()] == [False, False]
    with pytest.raises(referee.NothingToUndo):
        game.redo()


def test_redo_takes_back_exactly_the_last_undo_never_a_superseded_move(current_game):
    """`damage ann 3`, undo, `damage bob 4`, undo, redo: the redo plays #2 (the move the last undo took back); #1 was
    undone before #2 was played, so it stays undone and a second redo finds nothing."""
    current_game.push("damage mara 3")
    current_game.undo()
    current_game.push("damage ivo 4")
    current_game.undo()
    result = runner.invoke(app, ["redo"])
    assert result.exit_code == 0 and "Redone: #2 damage Ivo 4" in result.output
    assert [e.undone for e in current_game.history()] == [True, False]
    assert current_game.state.player("Mara").health == 10 and current_game.state.player("Ivo").health == 6
    with pytest.raises(referee.NothingToUndo):
        current_game.redo()


def test_redo_after_undoing_several_moves_at_once_plays_them_all_again(game):
    assert game.undo(1) == [1, 2]
    assert game.redo() == [1, 2] and game.state.player("Ivo").health == 8


def test_redo_is_refused_once_a_move_was_played_since_the_undo(game):
    game.undo()
    game.push("damage mara 1")
    with pytest.raises(referee.NothingToUndo):
        game.redo()
    result = runner.invoke(app, ["redo"])
    assert result.exit_code == 1 and "nothing to redo" in result.output


def test_history_last_shows_only_the_last_moves(game):
    result = runner.invoke(app, ["history", "--last", "1", "--json"])
    assert [e["number"] for e in json.loads(result.output)] == [2]
    assert [e.number for e in game.history(last=5)] == [1, 2]
