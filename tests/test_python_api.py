"""The library's front door (referee.Game): the issue's snippet as written, docs/python-api.md's examples, parse,
the error tree."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import referee

DOCS = Path(__file__).resolve().parent.parent / "docs" / "python-api.md"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_front_door_snippet_runs_as_written(in_tmp):
    game = referee.Game.new("t.sqlite", players=["Mara", "Ivo"], health=10, turn_actions=2)
    move = game.parse("damage ivo 3")
    assert move == referee.Damage(player="Ivo", amount=3)
    ruling = game.check(move)
    assert ruling.legal and game.state.player("Ivo").health == 10  # check is pure
    game.play(move)
    assert game.state.player("Ivo").health == 7
    refused = game.parse("kaos mara 1")
    with pytest.raises(referee.IllegalMove) as error:
        game.play(refused)
    assert error.value.ruling.violations and len(game.history()) == 1
    played = game.play(referee.Gain(player="Mara", amount=1, resource="kaos"))
    assert played.number == 2
    assert game.undo() == [2]
    assert [(e.number, e.undone) for e in game.history()] == [(1, False), (2, True)]
    assert game.state.player("Mara").kaos == 0
    assert any(m.type == "damage" for m in game.legal_moves(player=None))
    game.close()
    with referee.Game.open("t.sqlite") as again:
        assert again.state.player("Ivo").health == 7


def test_the_python_api_page_examples_run(in_tmp):
    failed, attempted = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS,
                                         verbose=False, report=True)
    assert attempted > 20 and failed == 0


def test_every_library_error_is_a_referee_error():
    for name in ("InvalidMove", "UnknownName", "AmbiguousName", "IllegalMove", "CannotApply", "NothingToUndo",
                 "PositionError", "NotBetweenMoves", "GameFileError", "NoGame", "GameBusy", "RulesError"):
        assert issubclass(getattr(referee, name), referee.RefereeError), name
    assert issubclass(referee.UnknownName, referee.InvalidMove)
    assert issubclass(referee.PositionError, referee.InvalidMove)  # a bad position file is bad input (exit 2)
    assert issubclass(referee.CannotApply, referee.IllegalMove)


@pytest.fixture
def game(in_tmp):
    with referee.Game.new("g.sqlite", players=["Mara", "Ivo", "Cleo"], health=10, turn_actions=2,
                          stats={"mara": {"brawn": 2}}) as g:
        yield g


@pytest.mark.parametrize("line, expected", [
    ("damage IV 3", referee.Damage(player="Ivo", amount=3)),
    ("damage ivo 3 --source 'Spike Trap'", referee.Damage(player="Ivo", amount=3, source="Spike Trap")),
    ("referee heal cleo 2", referee.Heal(player="Cleo", amount=2)),
    ("gain mara 1 hp", referee.Gain(player="Mara", amount=1, resource="health")),
    ("lose mara 1 rer", referee.Lose(player="Mara", amount=1, resource="reroll")),
    ("gain-status ivo gboy", referee.GainStatus(player="Ivo", status="goblin")),
    ("declare mara brawn --tn 12 --bonus -2", referee.DeclareCheck(player="Mara", stat="Brawn", tn=12, bonus=-2)),
    ("declare mara brawn --vs ivo", referee.DeclareCheck(player="Mara", stat="Brawn", opponents=("Ivo",))),
    ("end turn", referee.EndTurn(complete=True)),  # nothing to record: the turn completes
    ("end-turn --bomb", referee.EndTurn()),  # the Dungeon Bomb did something: wait at its step
    ("end-turn --cube-room", referee.EndTurn(cube_room=True)),
    ("roll mara 12", referee.RollDice(player="Mara", dice=(12,), auto_resolve=True)),
    ("roll mara 12 --hold", referee.RollDice(player="Mara", dice=(12,))),
    ("death ivo fall", referee.ReportDeath(player="Ivo", outcome="fallen")),
    ("declare ivo PERC --tn 9", referee.DeclareCheck(player="Ivo", stat="perception", tn=9)),
    ("draw mara armour 'Bone Pauldron' --defense=2",
     referee.DrawLoot(player="Mara", kinds=("armor",), names=("Bone Pauldron",), defense=2)),
    ("encounter draw cleo 'Spider Swarm' --by move --check 'brawn 12'",
     referee.EncounterDraw(card="Spider Swarm", cause="move", player="Cleo", checks=("brawn 12",))),
])
def test_parse_reads_table_notation_against_the_state(game, line, expected):
    assert game.parse(line) == expected


def test_parse_finds_a_card_by_a_word_inside_its_name(game):
    game.play(game.parse('draw mara weapon "Iron Axe" --melee'))
    assert game.parse("equip mara axe") == referee.Equip(player="Mara", card="Iron Axe")
    game.play(game.parse("equip mara axe"))
    game.play(game.parse('draw mara weapon "Short Bow" --ranged'))
    assert game.parse("equip mara bow ranged") == referee.Equip(player="Mara", card="Short Bow", slot="ranged")


@pytest.mark.parametrize("line, error, words", [
    ("damage zed 3", referee.UnknownName, "no Player 'zed'"),
    ("damage ivo", referee.InvalidMove, "needs N"),
    ("damage ivo 3 4", referee.InvalidMove, "does not take '4'"),
    ("damage ivo -3", referee.InvalidMove, "separate command"),
    ("damage ivo 3 --sauce x", referee.InvalidMove, "did you mean --source"),
    ("dmage ivo 3", referee.InvalidMove, "did you mean damage"),
    ("gain mara 1 gold", referee.UnknownName, "no resource 'gold'"),
    ("declare mara brwan --tn 3", referee.InvalidMove, "Brawn"),
    ("draw mara armor", referee.InvalidMove, "TYPE NAME pairs"),
    ("declare mara brawn --tn", referee.InvalidMove, "needs a value"),
    ("damage 'ivo 3", referee.InvalidMove, "cannot read that line"),
])
def test_parse_refuses_what_it_cannot_read_with_a_named_error(game, line, error, words):
    with pytest.raises(error, match=words):
        game.parse(line)


def test_an_ambiguous_name_lists_the_choices(in_tmp):
    with referee.Game.new("a.sqlite", players=["Mara", "Marek"], health=5, turn_actions=1) as g:
        with pytest.raises(referee.AmbiguousName) as error:
            g.parse("heal mar 1")
        assert error.value.choices == ("Mara", "Marek")


def test_a_move_naming_a_player_not_in_the_game_is_an_unknown_name(game):
    with pytest.raises(referee.UnknownName):
        game.check(referee.Damage(player="ivo", amount=3))  # a Move names a Player exactly; parse forgives


@pytest.mark.parametrize("stats, words", [
    ({"Cleo": {"Perception": 2}}, "Perception is a Check"),
    ({"Cleo": {"Brwan": 2}}, "did you mean Brawn"),
    ({"Zed": {"Brawn": 2}}, "no Player 'Zed'"),
])
def test_setup_refuses_stats_the_rules_do_not_name(in_tmp, stats, words):
    with pytest.raises(referee.InvalidMove, match=words):
        referee.Game.new("s.sqlite", players=["Cleo", "Ivo"], health=5, turn_actions=1, stats=stats)
    assert not Path("s.sqlite").exists()


def test_an_override_needs_a_reason_and_applies_a_refused_move(game):
    spend = referee.Gain(player="Mara", amount=1, resource="kaos")
    game.play(spend)
    game.play(game.parse("declare mara brawn --tn 5"))
    with pytest.raises(referee.InvalidMove):
        game.play(spend, override=" ")
    played = game.play(spend, override="the Lucky Charm card says so")
    assert played.override == "the Lucky Charm card says so" and not played.ruling.legal


def test_every_violation_comes_with_fix_moves_that_are_legal_now(game):
    game.push("declare mara brawn --tn 12")
    ruling = game.check(game.parse("damage ivo 2"))  # the Check finishes first
    (violation,) = ruling.violations
    assert violation.fix_moves[0] == referee.RollDice(player="Mara", dice=(1,), auto_resolve=True)
    assert {m.type for m in violation.fix_moves} == {"roll", "modifier"}  # the Check's own moves (a modifier any time)
    game.push("roll mara 9 --hold")
    ruling = game.check(game.parse("kaos mara 2"))  # Mara holds no Kaos: the way on is to resolve (or a modifier)
    assert ruling.violations[0].fix_moves and all(game.check(m).legal for m in ruling.violations[0].fix_moves)
    with pytest.raises(referee.IllegalMove) as refused:
        game.play(game.parse("kaos mara 2"))
    assert refused.value.ruling.violations[0].fix_moves == ruling.violations[0].fix_moves
    game.push("resolve")
    ruling = game.check(referee.Equip(player="Mara", card="Plot Armor (Mara)", slot="melee"))
    assert not ruling.legal and all(game.check(m).legal for v in ruling.violations for m in v.fix_moves)
