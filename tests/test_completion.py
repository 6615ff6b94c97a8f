"""Completion from the game (referee.cli.completion): what each grammar parameter names, read from a real game, for
the session's Tab and the shell's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import referee
from referee.cli.completion import complete_line
from referee.notation import GRAMMAR, values


@pytest.fixture
def game(tmp_path):
    """Mara placing an Iron Axe from her Loot Management Window; Ivo with a Short Bow equipped and a Potion stored."""
    with referee.Game.new(tmp_path / "g.sqlite", players=["Mara", "Ivo", "Jun"], health=10, turn_actions=2,
                          stats={"mara": {"brawn": 2}}) as g:
        g.push('draw ivo weapon "Short Bow" --ranged')
        g.push('equip ivo bow')
        g.push('draw ivo common "Healing Potion" --consumable')
        g.push('store ivo potion')
        g.push('draw mara weapon "Iron Axe" --melee')
        yield g


def offered(state, line: str) -> list[str]:
    return [c.display for c in complete_line(state, line)]


def test_a_player_completes_from_the_players_of_the_game(game):
    found = complete_line(game.state, "equip ma")
    assert [(c.text, c.replace) for c in found] == [("mara", 2)]
    assert "Active Player" in found[0].meta


def test_a_card_completes_from_what_the_named_player_holds_or_places(game):
    # a word inside a name counts ("a" -> Iron Axe), as the notation reads names; the card being placed first
    assert offered(game.state, "equip mara a") == ["Iron Axe", "Plot Armor"]
    assert offered(game.state, "equip ivo ") == ["Plot Armor", "Short Bow", "Healing Potion"]
    found = complete_line(game.state, 'equip mara "ir')
    assert [(c.text, c.replace) for c in found] == [('"Iron Axe"', 3)]  # quoted, the open quote replaced


def test_a_take_names_a_card_of_its_target_not_of_the_taker(game):
    assert offered(game.state, "take mara ivo ") == ["Plot Armor", "Short Bow", "Healing Potion"]
    assert offered(game.state, "pickpocket mara ivo h") == ["Healing Potion"]
    assert "Iron Axe" not in offered(game.state, "take ivo mara ")  # in Mara's window: not takeable


def test_another_player_completes_from_the_players_not_named_yet(game):
    assert offered(game.state, "take mara ") == ["ivo", "jun"]
    assert offered(game.state, "declare ivo brawn --vs ") == ["mara", "jun"]


def test_a_slot_completes_from_the_slots_the_card_may_take(game):
    assert offered(game.state, 'equip mara "Iron Axe" ') == ["melee"]
    assert offered(game.state, "gear-swap ivo bow --slot ") == ["ranged"]
    every = offered(game.state, "equip mara zzz ")  # no such card: any Equipment Slot
    assert every == ["armor-1", "armor-2", "armor-3", "armor-4", "armor-5", "melee", "ranged"]
    assert "now Plot Armor" in complete_line(game.state, "equip mara zzz armor-1")[0].meta


def test_lose_offers_only_what_can_be_lost(game):
    assert offered(game.state, "lose ivo 1 ") == ["kaos", "reroll"]  # Health is lost with `damage`
    assert offered(game.state, "gain ivo 1 ") == ["health", "kaos", "reroll"]


def test_fixed_words_complete_from_the_rules_vocabulary(game):
    assert offered(game.state, "declare mara ") == ["brawn", "intellect", "charm", "perception", "attack"]
    assert offered(game.state, "gain-status jun h") == ["haunted"]
    assert offered(game.state, "death jun f") == ["fallen"]
    assert offered(game.state, "set-state jun z") == ["zombie"]
    assert offered(game.state, "draw jun ") == ["armor", "weapon", "common", "rare"]
    assert offered(game.state, "draw jun armor Helm ") == ["armor", "weapon", "common", "rare"]  # TYPE NAME pairs
    assert offered(game.state, "draw jun armor ") == []  # a new card's name: only the table knows it
    assert offered(game.state, "encounter draw jun Spiders --by f") == ["flee"]


def test_an_encounter_option_completes_by_number_and_by_a_word_of_it(game):
    game.push('equip mara axe')
    game.push('end-turn --complete')  # Ivo's turn
    game.push('encounter draw ivo "Spider Swarm" --by move --check "brawn 10" --pay "kaos 2" --penalty "damage 2"')
    found = complete_line(game.state, "encounter choose ivo ")
    assert [c.display for c in found] == ["1", "2", "brawn", "pay"]  # the first word naming one option alone
    assert found[0].meta == "Brawn Check vs TN 10" and found[3].meta == "pay 2 Kaos"
    assert offered(game.state, "encounter choose ivo b") == ["brawn"]
    assert game.parse("encounter choose ivo pay").option == 2  # what completes is what the notation reads


def test_options_complete_by_their_names(game):
    found = offered(game.state, "declare mara brawn --")
    assert {"--tn", "--vs", "--bonus", "--dry-run", "--json", "--game", "--override"} <= set(found)
    assert "--tn" not in offered(game.state, "declare mara brawn --tn 12 --")  # given once already
    assert {"--game", "--json"} <= set(offered(game.state, "status --"))


def test_commands_complete_with_the_words_players_say_for_them(game):
    first = offered(game.state, "")
    assert {"equip", "end-turn", "status", "ask", "help", "quit", "end turn", "next"} <= set(first)
    assert "play" not in first and "demo" not in first  # not available inside a session
    assert offered(game.state, "end ") == ["turn"]
    assert offered(game.state, "encounter d") == ["draw", "discard", "deck"]
    assert offered(game.state, "help eq") == ["equip"]
    assert "status" in offered(game.state, "gain ")  # "gain status", beside the Players


def test_without_a_game_commands_and_options_still_complete():
    assert "equip" in offered(None, "eq")
    assert offered(None, "equip ") == []
    assert "--dry-run" in offered(None, "equip --d")


def test_values_follow_the_grammar_parameters_names(game):
    take = GRAMMAR["take"]
    card = next(p for p in take.params if p.names == "card")
    assert [v for v, _ in values(game.state, take, card, {"player": "mara", "source": "iv"})] == [
        "Plot Armor", "Short Bow", "Healing Potion"]
    untyped = next(p for p in GRAMMAR["action"].params if p.name == "action")
    assert values(game.state, GRAMMAR["action"], untyped, {}) == []  # a Turn Action's name: only the table knows it


def _shell(words: str, tmp_path, game, shell="bash") -> list[str]:
    env = dict(os.environ, REFEREE_GAME=str(game.path), _REFEREE_COMPLETE=f"complete_{shell}")
    if shell == "bash":
        env.update(COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)))
    else:
        env.update(_TYPER_COMPLETE_ARGS=words, _TYPER_COMPLETE_FISH_ACTION="get-args")
    result = subprocess.run([sys.executable, "-m", "referee"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return result.stdout.splitlines()


def test_the_shell_completes_the_same_names(game, tmp_path):
    assert _shell("referee equip ma", tmp_path, game) == ["mara"]
    assert _shell("referee equip mara ", tmp_path, game) == ["Iron\\ Axe", "Plot\\ Armor"]  # bash: spaces escaped
    assert _shell("referee take mara ivo h", tmp_path, game) == ["healing\\ Potion"]  # as typed so far
    assert _shell("referee declare ivo brawn --vs ", tmp_path, game) == ["mara", "jun"]
    assert _shell("referee lose ivo 1 ", tmp_path, game, shell="fish") == ["kaos", "reroll"]
    assert _shell("referee equip mara ", tmp_path, game, shell="fish") == [
        "Iron Axe\tMara's Loot Management Window", "Plot Armor\tMara's Armor Slot 1"]


def test_shell_completion_can_be_installed(tmp_path):
    result = subprocess.run([sys.executable, "-m", "referee", "--help"], capture_output=True, text=True,
                            cwd=tmp_path)
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
