"""Start from the position on the table (issue 11): `referee new --position FILE`, `Game.new(..., position=...)` and
`referee export`. The README's example file is the position these tests start from; each check of a position names
the file's line (and quotes the rule that decides, where one does); export -> new round-trips, and the game plays on
exactly as the original; a position is exported only between moves."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant
from typer.testing import CliRunner

from referee.records import encode
from referee.cli import app
from test_08_loot_and_inventory import Inventories, _rules_db  # the loot state machine, reused
from test_engine_properties import moves as core_moves  # 01/02 moves, reused

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def readme_position() -> str:
    """The complete example file of the README's "Start from the table's position" section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Start from the table's position"):]
    return re.search(r"```toml\n(.*?)```", section, re.S).group(1)


TABLE = readme_position()


def line_of(text: str, needle: str) -> int:
    """The number of the one line of `text` holding `needle` (the tests' own way to find the line an error names)."""
    found = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(found) == 1, (needle, found)
    return found[0]


def public(status: dict) -> dict:
    """A state's public JSON without what differs by construction: the game file, and the position a game was started
    from (in its settings)."""
    data = copy.deepcopy(status)
    data.pop("game", None)
    data["settings"].pop("position", None)
    return data


def views(game: Path) -> dict:
    """Everything public about a game, as the commands show it in JSON."""
    out = {}
    for command in (["status"], ["inventory"], ["discards"], ["deck"], ["encounters"]):
        result = run(*command, "--json", "--game", game)
        assert result.exit_code == 0, result.output
        out[command[0]] = json.loads(result.stdout)
    out["status"] = public(out["status"])
    return out


@pytest.fixture
def table(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "table.toml"
    path.write_text(TABLE, encoding="utf-8")
    return path


# --- starting from the README's position ------------------------------------------------------------------------------


def test_new_position_sets_every_player_slot_pile_and_the_turn(table, tmp_path):
    game = tmp_path / "mid.sqlite"
    result = run("new", "--position", table, "--game", game)
    assert result.exit_code == 0, result.output
    seen = views(game)
    status = seen["status"]
    assert (status["turn"], status["active_player"], status["turn_kind"]) == (7, "Ivo", "player")
    assert status["turn_actions"] == {"spent": 1, "per_turn": 2, "taken": ["Open Chest"]}
    mara, ivo, tess = status["players"]
    assert (mara["health"], mara["kaos"], mara["rerolls"], mara["statuses"]) == (6, 2, 1, ["goblin"])
    assert (ivo["health"], ivo["rerolls"], tess["state"], tess["health"]) == (9, 2, "fallen", 0)
    assert status["settings"]["stats"] == {"Mara": {"Brawn": 2, "Charm": 1}}
    assert status["reroll_tokens_available"] == 6 - 3
    mats = seen["inventory"]["players"] if "players" in seen["inventory"] else seen["inventory"]
    assert "Rusty Sword" in json.dumps(mats) and "Healing Potion" in json.dumps(mats)
    mara_mat, _, tess_mat = status["loot"]["mats"]
    assert mara_mat["armor"] == ["Bone Pauldron", None, "Iron Helm", None, None]
    assert mara_mat["dropped"] == ["Rusty Sword"]
    assert tess_mat["armor"][0] == "Plot Armor (Tess)"  # not given: the setup's Plot Armor
    assert status["loot"]["box"] == ["Plot Armor (Mara)"]
    assert status["loot"]["decks"][0] == {"kind": "armor", "unseen": 14, "known": []}
    assert status["loot"]["piles"][0] == {"kind": "armor", "cards": ["Old Boots"]}
    assert status["cards"]["Iron Helm"] == {"type": "armor", "defense": 1, "stats": {"Brawn": 1}}
    assert seen["encounters"]["deck"] == 12 and seen["encounters"]["discard"] == ["Spider Swarm"]
    assert seen["encounters"]["cards"]["Spider Swarm"]["options"][0] == "Brawn Check vs TN 12 (easier) + Event Reward"
    assert status["deaths"] == [{"player": "Tess", "outcome": "fallen", "source": "Spider Swarm"}]


def test_equipped_armor_from_a_position_gives_its_stat_bonus_to_a_check(table, tmp_path):
    """08 LOOT_AND_STAT_BONUSES: Mara's Iron Helm (Brawn +1) is Equipped in the position: Brawn 2 + 1."""
    game = tmp_path / "mid.sqlite"
    assert run("new", "--position", table, "--game", game).exit_code == 0
    for move in (["declare", "ivo", "brawn", "--tn", "5"], ["roll", "ivo", "10", "--hold"], ["resolve"]):
        assert run(*move, "--game", game).exit_code == 0
    assert run("declare", "mara", "brawn", "--tn", "15", "--game", game).exit_code == 0
    assert run("roll", "mara", "12", "3", "--hold", "--game", game).exit_code == 0  # Goblin Balls On Ya: 2d20
    result = run("resolve", "--game", game)
    shown = " ".join(result.output.split())
    assert result.exit_code == 0 and "Mara 12 +3 = 15: SUCCESS" in shown, result.output


def test_plot_armor_still_equipped_in_a_position_goes_to_the_box_on_the_first_armor(table, tmp_path):
    """08 PLOT_ARMOR: Ivo has equipped no Armor card yet (his Plot Armor is on his mat): his first Armor card sends
    it to the game box. Mara's is in the box already."""
    game = tmp_path / "mid.sqlite"
    assert run("new", "--position", table, "--game", game).exit_code == 0
    assert run("draw", "ivo", "armor", "Chain Shirt", "--defense", "3", "--game", game).exit_code == 0
    result = run("equip", "ivo", "chain", "--why", "--game", game)
    assert result.exit_code == 0 and "Plot Armor returns to the game box" in " ".join(result.output.split())
    box = json.loads(run("discards", "--json", "--game", game).stdout)
    assert "Plot Armor (Ivo)" in json.dumps(box) and "Plot Armor (Mara)" in json.dumps(box)


def test_undo_goes_back_to_the_position_not_to_the_setup(table, tmp_path):
    game = tmp_path / "mid.sqlite"
    assert run("new", "--position", table, "--game", game).exit_code == 0
    before = views(game)
    assert run("damage", "mara", "2", "--game", game).exit_code == 0
    assert views(game) != before
    assert run("undo", "--game", game).exit_code == 0
    assert views(game) == before


def test_a_game_started_at_setup_keeps_its_settings_as_before(tmp_path):
    """Old game files still open: a game without a position stores no `position` in its settings."""
    import sqlite3

    game = tmp_path / "plain.sqlite"
    assert run("new", "--players", "Mara, Ivo", "--health", "5", "--turn-actions", "2", "--game", game).exit_code == 0
    stored = json.loads(sqlite3.connect(game).execute("select value from meta where key = 'settings'").fetchone()[0])
    assert "position" not in stored
    assert json.loads(run("status", "--json", "--game", game).stdout)["turn"] == 1


# --- the settings: options and the file -------------------------------------------------------------------------------


def test_options_give_what_the_position_leaves_out_and_may_repeat_what_it_says(tmp_path):
    path = tmp_path / "bare.toml"
    path.write_text('[game]\nturn = 3\nactive = "ivo"\n\n[players.Ivo]\nkaos = 4\n', encoding="utf-8")
    game = tmp_path / "g.sqlite"
    result = run("new", "--position", path, "--players", "Mara, Ivo", "--health", "8", "--turn-actions", "3",
                 "--game", game)
    assert result.exit_code == 0, result.output
    status = json.loads(run("status", "--json", "--game", game).stdout)
    assert (status["turn"], status["active_player"], status["players"][1]["kaos"]) == (3, "Ivo", 4)
    assert status["players"][0]["health"] == 8 and status["settings"]["turn_actions"] == 3


def test_the_same_setting_in_the_file_and_as_an_option_is_accepted(table, tmp_path):
    result = run("new", "--position", table, "--health", "10", "--players", "mara, ivo, tess",
                 "--game", tmp_path / "g.sqlite")
    assert result.exit_code == 0, result.output


def test_new_without_players_or_a_position_says_what_is_required(tmp_path):
    result = run("new", "--health", "5", "--turn-actions", "2", "--game", tmp_path / "g.sqlite")
    assert result.exit_code == 2 and "--players is required" in result.output
    assert not (tmp_path / "g.sqlite").exists()


# --- a position the rules (or the format) refuse: bad input naming the line -------------------------------------------

# (id, the edits to the README's example (text, replacement), a text on the line the error must name, what the error
# says, the rule that decides (its key and the start of its quote, as the error quotes it) or None)
REFUSED = [
    ("08_WEAPON_SLOTS-a-ranged-weapon-in-the-melee-slot", [('ranged = "Short Bow"', 'melee = "Short Bow"')],
     'melee = "Short Bow"', "Short Bow (Ranged Weapon) cannot be in Ivo's Melee Weapon Slot",
     ("08_LOOT_AND_INVENTORY > WEAPON_SLOTS", "One Weapon Slot is designated for Melee Weapons.")),
    ("08_WEAPON_SLOTS-armor-in-a-weapon-slot", [('ranged = "Short Bow"', 'ranged = "Old Boots"')],
     'ranged = "Old Boots"', "Old Boots (Armor) cannot be in Ivo's Ranged Weapon Slot",
     ("08_LOOT_AND_INVENTORY > WEAPON_SLOTS", "Only Weapon cards may occupy Weapon Slots")),
    ("08_ARMOR_SLOTS-a-weapon-in-an-armor-slot", [('3 = "Iron Helm" }', '3 = "Iron Helm", 4 = "Short Bow" }'),
                                                  ('ranged = "Short Bow"', "")],
     '4 = "Short Bow"', "Short Bow (Ranged Weapon) cannot be in Mara's Armor Slot 4",
     ("08_LOOT_AND_INVENTORY > ARMOR_SLOTS", "Only Armor cards and Plot Armor may occupy Armor Slots")),
    ("08_ARMOR_SLOTS-an-armor-card-outside-its-required-slot",
     [('"Iron Helm" = { type = "armor",', '"Iron Helm" = { type = "armor", slot = 2,')], '3 = "Iron Helm"',
     "cannot be in Mara's Armor Slot 3",
     ("08_LOOT_AND_INVENTORY > ARMOR_SLOTS", "If an Armor card identifies a required Armor Slot")),
    ("08_PLOT_ARMOR-two-plot-armors-on-one-mat",
     [("[players.Ivo]", '[players.Ivo]\narmor = { 1 = "Plot Armor", 2 = "Plot Armor (Mara)" }'),
      ('box = ["Plot Armor (Mara)"]', "box = []")],
     '2 = "Plot Armor (Mara)"', "Ivo's Patron Mat holds 2 Plot Armors",
     ("08_LOOT_AND_INVENTORY > PLOT_ARMOR", "Every Player begins the game with Plot Armor")),
    ("08_PLOT_ARMOR-plot-armor-beside-an-armor-card",
     [('armor = { 1 = "Bone Pauldron", 3 = "Iron Helm" }', 'armor = { 1 = "Bone Pauldron", 2 = "Plot Armor", 3 = "Iron Helm" }'),
      ('box = ["Plot Armor (Mara)"]', "box = []")],
     '2 = "Plot Armor"', "Mara's Plot Armor is in Armor Slot 2 beside Bone Pauldron (an Armor card)",
     ("08_LOOT_AND_INVENTORY > PLOT_ARMOR", "The first time a Player equips any Armor card to any Armor Slot, discard")),
    ("08_PLOT_ARMOR-plot-armor-kept-after-equipping-an-armor-card",
     [("[players.Ivo]", "[players.Ivo]\narmor_equipped = true")],
     "armor_equipped = true", "Ivo's Plot Armor is in Armor Slot 1 while armor_equipped = true",
     ("08_LOOT_AND_INVENTORY > PLOT_ARMOR", "The first time a Player equips any Armor card to any Armor Slot, discard")),
    ("08_PLOT_ARMOR-plot-armor-in-a-backpack", [('1 = "Healing Potion" }', '1 = "Healing Potion", 2 = "Plot Armor" }')],
     '2 = "Plot Armor"', "Plot Armor cannot be in a Backpack Slot",
     ("08_LOOT_AND_INVENTORY > PLOT_ARMOR", "Plot Armor may not be stored in the Backpack")),
    ("08_PLOT_ARMOR-plot-armor-in-a-discard-pile", [('discard = ["Old Boots"]', 'discard = ["Plot Armor (Mara)"]')],
     'discard = ["Plot Armor (Mara)"]', "Plot Armor is not in a Loot Deck or discard pile",
     ("08_LOOT_AND_INVENTORY > LOOT_DECKS_AND_DISCARD_PILES", "Plot Armor is not discarded into a standard Loot "
                                                               "discard pile.")),
    ("08_LOOT_DECKS_AND_DISCARD_PILES-a-card-on-another-types-pile",
     [('discard = ["Old Boots"]', 'discard = ["Old Boots", "Healing Potion"]')], '"Healing Potion"]',
     "Healing Potion is a Common Magic card: it is not in the Armor discard pile",
     ("08_LOOT_AND_INVENTORY > LOOT_DECKS_AND_DISCARD_PILES", "Discarded Armor cards are placed in the Armor discard "
                                                               "pile.")),
    ("08_DISCARDING_LOOT-only-plot-armor-goes-to-the-box",
     [('box = ["Plot Armor (Mara)"]', 'box = ["Plot Armor (Mara)", "Old Boots"]')], "box = [",
     "Old Boots is not Plot Armor",
     ("08_LOOT_AND_INVENTORY > DISCARDING_LOOT", "When Loot is discarded, place it in its matching discard pile.")),
    ("08_WEAPON_LOOT-a-dropped-weapon-not-in-a-weapon-slot", [('dropped = ["Rusty Sword"]', 'dropped = ["Short Bow"]')],
     'dropped = ["Short Bow"]', "Short Bow is not in Mara's Weapon Slots",
     ("08_LOOT_AND_INVENTORY > WEAPON_LOOT", "A Dropped Weapon remains in its Weapon Slot")),
    ("08_INVENTORY-the-mystic-dagger-is-not-loot", [('"Old Boots" = "armor"', '"Old Boots" = "armor"\n'
                                                                            '"Mystic Dagger" = "rare"')],
     '"Mystic Dagger" = "rare"', "Mystic Dagger is not Loot",
     ("08_LOOT_AND_INVENTORY > INVENTORY", "The Mystic Dagger is not Loot.")),
    ("a-card-in-two-places", [('1 = "Healing Potion" }', '1 = "Healing Potion", 2 = "Rusty Sword" }')],
     '2 = "Rusty Sword"', "Rusty Sword is in Mara's Backpack Slot 2 and also in Mara's Melee Weapon Slot (line", None),
    ("a-card-on-two-players-mats", [('ranged = "Short Bow"', 'ranged = "Short Bow"\nbackpack = { 2 = "Healing Potion" }')],
     'backpack = { 2 = "Healing Potion" }', "Healing Potion is in Ivo's Backpack Slot 2 and also in Mara's Backpack "
     "Slot 1", None),
    ("plot-armor-on-a-mat-and-in-the-box", [('box = ["Plot Armor (Mara)"]', 'box = ["Plot Armor (Ivo)"]')],
     'box = ["Plot Armor (Ivo)"]', "Plot Armor is in the game box and also in Ivo's Armor Slot 1", None),
    ("an-undescribed-card", [('melee = "Rusty Sword"', 'melee = "Rusty Swrod"')], 'melee = "Rusty Swrod"',
     "'Rusty Swrod' is not described in [cards]; did you mean 'Rusty Sword'?", None),
    ("01_STAT_CHECKS-an-unknown-stat-name", [("stats = { Brawn = 2", "stats = { Brwan = 2")], "stats = {",
     "Mara: no Stat 'Brwan'; did you mean Brawn? (the loaded rules name Brawn, Intellect, Charm", None),
    ("01_PERCEPTION_CHECKS-perception-is-not-a-stat", [("stats = { Brawn = 2", "stats = { Perception = 2")],
     "stats = {", "Perception is a Check using Intellect or Charm", None),
    ("01_STAT_CHECKS-an-unknown-stat-on-a-card", [('"Brawn +1"', '"Brwan +1"')], '"Iron Helm" = {',
     "no Stat 'Brwan'; did you mean Brawn?", None),
    ("an-unknown-player", [("[players.Tess]", "[players.Tes5]")], "[players.Tes5]", "no Player 'Tes5'", None),
    ("an-unknown-active-player", [('active = "Ivo"', 'active = "Zed"')], 'active = "Zed"', "no Player 'Zed'", None),
    ("negative-kaos", [("kaos = 2", "kaos = -2")], "kaos = -2", "Mara's Kaos cannot be negative: -2", None),
    ("negative-reroll-tokens", [("reroll_tokens = 1", "reroll_tokens = -1")], "reroll_tokens = -1",
     "Mara's Reroll Tokens cannot be negative: -1", None),
    ("01_REROLL_TOKENS-more-tokens-than-the-supply", [("reroll_tokens = 2", "reroll_tokens = 6")], "reroll_tokens = 6",
     "the Players hold 7 Reroll Tokens by Ivo, more than the supply of 6",
     ("01_CORE_CONCEPTS > REROLL_TOKENS", "If a Player would gain a Reroll Token and no Reroll Tokens are available")),
    ("01_GOBLIN_BALLS_ON_YA-a-status-twice", [('statuses = ["goblin"]', 'statuses = ["goblin", "Goblin Balls On Ya"]')],
     "statuses = [", "Mara has Goblin Balls On Ya twice",
     ("01_CORE_CONCEPTS > GOBLIN_BALLS_ON_YA", "A Player cannot have more than one Goblin Balls On Ya effect")),
    ("02_TURN_ORDER-a-removed-player-as-active-player",
     [('active = "Ivo"', 'active = "Tess"'), ('state = "fallen"', 'state = "removed"')], 'active = "Tess"',
     "Tess is a Removed Player", ("02_GAME_STRUCTURE > TURN_ORDER", "A Removed Player's position is skipped.")),
    ("02_GAME_OBJECTIVE-one-surviving-player-means-victory", [("[players.Ivo]", '[players.Ivo]\nstate = "zombie"')],
     'state = "zombie"', "only Mara is a Surviving Player (Ivo zombie (line",
     ("02_GAME_STRUCTURE > GAME_OBJECTIVE", "When exactly one Surviving Player remains")),
    ("02_TURN_SEQUENCE-more-turn-actions-than-a-turn-has",
     [('actions_taken = ["Open Chest"]', 'actions_taken = ["Open Chest", "Move", "Search"]')], "actions_taken = [",
     "3 Turn Actions spent, and a turn has 2", ("02_GAME_STRUCTURE > TURN_SEQUENCE", "Perform Turn Actions.")),
    ("10_RANDOM_ENCOUNTER-a-described-card-without-a-penalty", [(', penalty = ["damage d6"] }', " }")],
     '"Spider Swarm" = {', "'Spider Swarm' needs its Penalty",
     ("10_RANDOM_ENCOUNTERS > RANDOM_ENCOUNTER", "A Random Encounter includes a Penalty unless")),
    ("an-encounter-option-the-grammar-cannot-read", [('"intellect 15 harder"', '"intellect fifteen"')],
     '"Spider Swarm" = {', "'Spider Swarm': the Target Number must be a whole number written with digits 0-9, not "
                           "'fifteen'", None),
    ("a-misspelt-key", [("health = 9", "helth = 9")], "helth = 9", "[players.Ivo] has no key 'helth'; did you mean "
                                                                 "'health'?", None),
    ("a-string-for-a-number", [("health = 9", 'health = "9"')], 'health = "9"', "Ivo's Health must be a whole number",
     None),
    ("not-toml", [("health = 9", "health = 9 hp")], "health = 9 hp", "not TOML", None),
    ("an-option-the-position-sets-otherwise", [], "health = 10", "--health 12 conflicts with the position's "
                                                                 "health = 10", None),
]


@pytest.mark.parametrize("case", REFUSED, ids=[row[0] for row in REFUSED])
def test_a_position_the_rules_refuse_is_bad_input_naming_its_line_and_creates_nothing(case, tmp_path, monkeypatch,
                                                                                     referee_home):
    monkeypatch.setenv("COLUMNS", "300")
    _, edits, on_line, says, rule = case
    text = TABLE
    for old, new in edits:
        assert old in text, f"the README example no longer holds {old!r}"
        text = text.replace(old, new, 1)
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    game = tmp_path / "g.sqlite"
    options = [] if edits else ["--health", "12"]
    result = run("new", "--position", path, *options, "--game", game)
    message = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert f"table.toml line {line_of(text, on_line)}: " in message, (line_of(text, on_line), message)
    assert says in message, message
    if rule is not None:
        key, quote = rule
        assert f"({key}: \"{quote}" in message, message  # the deciding rule comes first
    assert "Traceback" not in result.output
    assert not game.exists() and not list(tmp_path.glob("g.sqlite*"))
    assert not (referee_home / "data" / "current-game").exists()


def test_a_position_given_as_a_mapping_names_the_key_of_an_error(tmp_path):
    import referee

    table = {"settings": {"players": ["Mara", "Ivo"], "health": 5, "turn_actions": 2},
             "players": {"Mara": {"kaos": -1}}}
    with pytest.raises(referee.PositionError) as error:
        referee.Game.new(tmp_path / "g.sqlite", position=table)
    assert "[players.Mara.kaos]" in str(error.value) and error.value.line is None
    assert not (tmp_path / "g.sqlite").exists()


def test_an_unreadable_position_file_is_bad_input(tmp_path):
    result = run("new", "--position", tmp_path / "missing.toml", "--game", tmp_path / "g.sqlite")
    assert result.exit_code == 2 and "cannot read the position file" in result.output


# --- export: the same format, only between moves ------------------------------------------------------------------


def _fold(game: Path, upto: int | None = None):
    """The game's state after its first `upto` live moves (all of them by default), folded from its log."""
    from referee.effects import effects_from_json, transition
    from referee.state import GameState
    from referee.store import GameStore

    with GameStore(game) as store:
        rows = store._db.execute("select effects from moves where undone = 0 order by n").fetchall()
        state = GameState.initial(store.settings)
    for (effects,) in rows[:upto]:
        transition(state, effects_from_json(json.loads(effects)))
    return state


def _steps(name: str):
    from test_golden_games import parse

    steps, _ = parse(GOLDEN / name)
    return steps


def test_export_then_new_round_trips_a_golden_game_mid_game_and_it_plays_on_the_same(tmp_path, monkeypatch):
    """loot_inventory.game to just after Mara's Gear Swap: export, start a new game there, compare everything public;
    then the rest of the script on the new game gives the same exit codes and rulings (the second Gear Swap of the
    turn refused, Pickpocket, the Weapon Deck refreshed from its pile, Victory) and the same end."""
    from test_golden_games import _full

    monkeypatch.setenv("COLUMNS", "200")
    steps = _steps("loot_inventory.game")
    cut = next(i for i, s in enumerate(steps) if s["argv"] == ["gear-swap", "mara", "short"]) + 1
    original, started, exported = tmp_path / "original.sqlite", tmp_path / "started.sqlite", tmp_path / "mid.toml"
    for step in steps[:cut]:
        assert run(*step["argv"], "--game", original).exit_code == step["exit"], step
    result = run("export", exported, "--game", original)
    assert result.exit_code == 0, result.output
    assert run("export", "--game", original).stdout == exported.read_text(encoding="utf-8")
    result = run("new", "--position", exported, "--game", started)
    assert result.exit_code == 0, result.output
    assert views(started) == views(original)
    for step in steps[cut:]:
        for game in (original, started):
            result = run(*_full(step["argv"]), "--game", game)
            shown = " ".join(result.output.split())
            assert result.exit_code == step["exit"], (game.name, step["argv"], result.output)
            for text in step["expect"]:
                assert " ".join(text.split()) in shown, (game.name, step["argv"], text, result.output)
    assert views(started) == views(original)
    assert views(started)["status"]["winner"] == "Ivo"


GOLDEN_GAMES = ("loot_inventory.game", "short_game.game", "encounter_success_event_reward.game",
                "encounter_penalty_two_discards.game")


@pytest.fixture(scope="module")
def played_golden_games(tmp_path_factory):
    """Golden games played through the command line once (moves only, no --why), each in its own game file."""
    folder = tmp_path_factory.mktemp("golden-games")
    games = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_HOME", str(folder / "home"))
        for name in GOLDEN_GAMES:
            game = folder / f"{name}.sqlite"
            for step in _steps(name):
                runner.invoke(app, [*step["argv"], "--game", str(game)])
            games[name] = game
    return games


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_every_position_between_moves_round_trips_and_judges_the_rest_of_the_game_alike(name, played_golden_games,
                                                                                        rules_db):
    """At every moment between moves of a golden game, export -> new gives the same state, and every later move of
    the log, judged on the new state, makes the same effects (the same rulings)."""
    from referee import engine
    from referee.effects import effects_from_json, effects_to_json, transition
    from referee.position import export_position, parse_position, settings_from, with_position
    from referee.state import GameState
    from referee.store import GameStore
    from referee.table_settings import make_settings

    with GameStore(played_golden_games[name]) as store:
        settings_ = store.settings
        moves = [m for m in store.history() if not m.undone]
        effects = [json.loads(e) for (e,) in
                   store._db.execute("select effects from moves where undone = 0 order by n").fetchall()]
    state, points = GameState.initial(settings_), 0
    for k in range(len(moves) + 1):
        if k:
            transition(state, effects_from_json(effects[k - 1]))
        if state.stack or state.ended:
            continue
        points += 1
        pos = parse_position(export_position(state), name=f"{name}@{k}")
        again = GameState.initial(with_position(make_settings(**settings_from(pos), db=rules_db), pos))
        assert public(encode(again)) == public(encode(state)), k
        for move, expected in zip(moves[k:], effects[k:]):
            ruling = engine.apply(again, move.move, override=move.override)
            assert effects_to_json(ruling.effects) == expected, (k, move.move)
    assert points >= 3


def test_export_refuses_while_a_check_is_being_rolled_saying_what_must_finish_first(table, tmp_path):
    game, out = tmp_path / "mid.sqlite", tmp_path / "out.toml"
    assert run("new", "--position", table, "--game", game).exit_code == 0
    assert run("declare", "ivo", "brawn", "--tn", "12", "--game", game).exit_code == 0
    result = run("export", out, "--game", game)
    message = " ".join(result.output.split())
    assert result.exit_code == 1, result.output
    assert "Brawn Check for Ivo vs TN 12 must finish first" in message and "roll" in message
    assert "A position is a moment between moves" in message
    assert not out.exists()
    for move in (["roll", "ivo", "15", "--hold"], ["resolve"]):
        assert run(*move, "--game", game).exit_code == 0
    assert run("export", out, "--game", game).exit_code == 0 and out.exists()


def test_export_refuses_while_a_loot_management_window_is_open(table, tmp_path):
    game = tmp_path / "mid.sqlite"
    assert run("new", "--position", table, "--game", game).exit_code == 0
    assert run("draw", "ivo", "armor", "Chain Shirt", "--defense", "3", "--game", game).exit_code == 0
    result = run("export", "--game", game)
    assert result.exit_code == 1 and "Loot Management Window for Ivo" in result.output
    assert "08_LOOT_AND_INVENTORY > LOOT_MANAGEMENT_WINDOW" in " ".join(result.output.split())


def test_export_refuses_once_the_game_has_ended(tmp_path):
    game = tmp_path / "g.sqlite"
    assert run("new", "--players", "Mara, Ivo", "--health", "3", "--turn-actions", "2", "--game", game).exit_code == 0
    assert run("damage", "ivo", "3", "--game", game).exit_code == 0
    assert run("death", "ivo", "removed", "--game", game).exit_code == 0
    result = run("export", "--game", game)
    assert result.exit_code == 1 and "the game is over (Mara won)" in result.output


def test_export_writes_toml_that_quotes_any_name(tmp_path, rules_db):
    """Names TOML cannot write bare (spaces, quotes, backslashes, accents, a control character) come back as
    written."""
    import tomllib

    import referee

    players = ['Zoë "Z"', "O'Neil \\ Jr"]
    odd = 'Bob\'s "Lucky" Coin \\ \x7f'
    with referee.Game.new(tmp_path / "a.sqlite", players=players, health=5, turn_actions=2, rules=rules_db) as game:
        game.play(referee.DescribeCard(name=odd, kind="common", backpack=True))
        game.play(referee.DescribeCard(name="Coat", kind="armor", slots=(2, 4), armor_type='Heavy "plate"',
                                       defense=-1, stats=("Charm +2",)))
        text = game.export()
        before = encode(game.state)
    assert tomllib.loads(text)["settings"]["players"] == players
    (tmp_path / "p.toml").write_text(text, encoding="utf-8")
    with referee.Game.new(tmp_path / "b.sqlite", position=tmp_path / "p.toml", rules=rules_db) as again:
        assert public(encode(again.state)) == public(before)
        assert again.export() == text


# --- the round trip as a property ---------------------------------------------------------------------------------


def _round_trip(state, db):
    from referee.position import export_position, parse_position, settings_from, with_position
    from referee.state import GameState
    from referee.table_settings import make_settings

    pos = parse_position(export_position(state), name="x.toml")
    return GameState.initial(with_position(make_settings(**settings_from(pos), db=db), pos))


class PositionsOfAnyLootGame(Inventories):
    """Any sequence of loot moves (draws, windows, swaps, takes, deaths, Dropped Weapons): at every moment between
    moves, export -> new gives the same state."""

    @invariant()
    def a_position_between_moves_round_trips(self):
        if hasattr(self, "state") and not self.state.stack and not self.state.ended:
            assert public(encode(_round_trip(self.state, _rules_db()))) == public(encode(self.state))


PositionsOfAnyLootGame.TestCase.settings = settings(max_examples=30, stateful_step_count=30, deadline=None,
                                                    suppress_health_check=[HealthCheck.too_slow])
test_positions_of_any_loot_game_round_trip = PositionsOfAnyLootGame.TestCase


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(core_moves, max_size=30))
def test_positions_of_any_core_game_round_trip(rules_db, sequence):
    """Any sequence of 01/02 moves (Checks, tokens, statuses, deaths, turns): the position between moves round-trips."""
    from engine_helpers import new_state
    from referee import engine
    from referee.errors import InvalidMove

    state = new_state(rules_db, players=("Mara", "Ivo", "Jun"), reroll_supply=2)
    for move in sequence:
        try:
            ruling = engine.check(state, move)
        except InvalidMove:
            continue
        if ruling.legal and ruling.effects is not None:
            engine.apply(state, move)
        if not state.stack and not state.ended:
            assert public(encode(_round_trip(state, rules_db))) == public(encode(state))


# --- the library -----------------------------------------------------------------------------------------------


def test_game_new_takes_a_position_and_game_export_writes_it_back(table, tmp_path, rules_db):
    import tomllib

    import referee

    with referee.Game.new(tmp_path / "g.sqlite", position=table, rules=rules_db) as game:
        assert game.settings.position["active"] == "Ivo"
        exported = tomllib.loads(game.export())
    assert exported["game"]["turn"] == 7 and exported["players"]["Mara"]["armor"] == {"1": "Bone Pauldron",
                                                                                      "3": "Iron Helm"}
    assert exported["players"]["Ivo"]["armor"] == {"1": "Plot Armor"}
    assert exported["cards"]["Rusty Sword"] == {"type": "weapon", "melee": True}
    assert exported["encounters"]["cards"]["Spider Swarm"]["check"] == ["Brawn 12 easier reward",
                                                                        "Intellect 15 harder"]
