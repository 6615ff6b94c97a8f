"""10_RANDOM_ENCOUNTERS, section by section: each test proves one statement the engine enforces."""

from __future__ import annotations

import pytest

from engine_helpers import (
    Damage, EndTurn, ReportDeath, ResolveCheck, Reroll, RollDice, SetState, TurnAction, new_state, play, quotes, refused,
)
from referee.records import encode
from referee import citations as R
from referee import engine
from referee.errors import InvalidMove
from referee.moves import (
    DiscardLoot, DrawLoot, EncounterChoose, EncounterContinue, EncounterDeck, EncounterDiscard, EncounterDraw, EncounterRoll,
    Store,
)
from referee.core_concepts import CheckProc
from referee.game_structure import DeathProc, EndOfTurnProc
from referee.loot_and_inventory import LootWindowProc, discard_pile
from referee.random_encounters import EncounterProc

SPIDERS = dict(card="Spider Swarm", checks=("brawn 12 easier reward", "intellect 15 harder"), pays=("kaos 2",),
               penalty=("damage d6", "kaos 3"))


@pytest.fixture
def state(rules_db):
    return new_state(rules_db, players=("Bob", "Cara", "Dan"), stats={"Cara": {"Brawn": 2}})


def draw(state, player="Cara", cause="other", **card):
    return play(state, EncounterDraw(player=player, cause=cause, **(card or SPIDERS)))


def encounter(state) -> EncounterProc:
    return next(p for p in reversed(state.stack) if isinstance(p, EncounterProc))


def check_option(state, dice, option=1, player="Cara"):
    play(state, EncounterChoose(player=player, option=option), RollDice(player=player, dice=dice))
    return play(state, ResolveCheck())


def armor_of(state, player) -> list:
    from referee.loot_and_inventory import patron_mat

    return list(patron_mat(state, player).armor)


def loot(state, player, name="Healing Draught"):
    play(state, DrawLoot(player=player, kinds=("common",), names=(name,)), Store(player=player, card=name))


# --- RANDOM_ENCOUNTER_DECK_DURING_PLAY / RANDOM_ENCOUNTER_DISCARD_PILE ------------------------------------


def test_random_encounter_deck_draws_from_the_top_and_counts_down(state):
    play(state, EncounterDeck(size=3))
    ruling = draw(state)
    assert state.encounters["deck"] == 2 and R.RE_DECK_TOP in ruling.citations


def test_random_encounter_deck_a_card_in_the_discard_pile_drawn_as_another_copy_names_the_reading(state):
    """RANDOM_ENCOUNTER_DECK_DURING_PLAY "Random Encounter cards are drawn from the top of the Random Encounter
    Deck.": a card lying in the discard pile is refused; applied as another copy (--override), the ruling names the
    interpretation another-copy."""
    draw(state)
    check_option(state, (15,), option=2)
    ruling = refused(state, EncounterDraw(player="Cara", cause="other", card="Spider Swarm"))
    assert "another copy" in ruling.violations[0].fix and "another-copy" in {i.id for i in ruling.interpretations}
    ruling = engine.apply(state, EncounterDraw(player="Cara", cause="other", card="Spider Swarm"), override="another copy")
    assert encounter(state).card == "Spider Swarm" and "another-copy" in {i.id for i in ruling.interpretations}


def test_random_encounter_deck_the_card_in_play_drawn_as_another_copy_names_the_reading(state):
    draw(state, card="Portal", checks=("brawn 30",), penalty=("other draw another Random Encounter",))
    check_option(state, (5,))
    ruling = refused(state, EncounterDraw(player="Cara", cause="other", card="Portal"))
    assert ruling.violations[0].id == "encounter-in-play" and "another-copy" in {i.id for i in ruling.interpretations}


def test_an_empty_deck_is_refreshed_from_the_shuffled_discard_pile(state):
    play(state, EncounterDeck(size=0))
    state.encounters["discard"] = ["Spider Swarm", "Other Card"]
    ruling = draw(state)
    assert R.RE_DECK_REFRESH in ruling.citations
    assert state.encounters["discard"] == [] and state.encounters["deck"] == 1


def test_both_empty_means_no_random_encounter_is_drawn(state):
    play(state, EncounterDeck(size=0))
    ruling = draw(state)
    assert ruling.legal and R.RE_DECK_BOTH_EMPTY in ruling.citations
    assert not state.stack and "Spider Swarm" not in state.encounters["cards"]


def test_resolved_cards_go_to_the_public_discard_pile(state):
    from referee.random_encounters import listing

    draw(state)
    check_option(state, (15,), option=2)  # 15 + 0 >= 15
    assert state.encounters["discard"] == ["Spider Swarm"] and not state.stack
    shown = listing(state)
    assert shown["discard"] == ["Spider Swarm"]
    assert {c["quote"] for c in shown["citations"]} >= {R.RE_DISCARD_PUBLIC.quote, R.RE_DISCARD_INSPECT.quote}


def test_random_encounter_discard_pile_a_card_lying_in_it_is_not_drawn_again(state):
    draw(state, cause="other")
    check_option(state, (15,), option=2)
    assert state.encounters["discard"] == ["Spider Swarm"]
    ruling = refused(state, EncounterDraw(player="Cara", cause="other", card="Spider Swarm"))
    assert ruling.violations[0].citations[0] == R.RE_DECK_TOP
    play(state, EncounterDeck(size=0))  # the deck ran out: its discard pile is shuffled into a new deck
    ruling = play(state, EncounterDraw(player="Cara", cause="other", card="Spider Swarm"))
    assert R.RE_DECK_REFRESH in ruling.citations


def test_random_encounter_deck_during_play_card_in_play_is_not_drawn(state):
    """RANDOM_ENCOUNTER_DECK_DURING_PLAY "Random Encounter cards are drawn from the top of the Random Encounter
    Deck.": the card being resolved is in play, not in the deck: drawing it again is refused and never listed."""
    from referee.legal_moves import legal_moves

    draw(state, player="Bob", cause="flee")
    check_option(state, (2,), player="Bob")  # Spider Swarm's Penalty: the d6 waits
    state.encounters["cards"]["Imp"] = {"options": [{"kind": "check", "check": "stat", "stat": "Brawn", "tn": 1,
                                                     "mark": "", "reward": False}],
                                        "penalty": [{"kind": "kaos", "amount": 1}], "no_penalty": False}
    ruling = refused(state, EncounterDraw(player="Bob", cause="flee", card="Spider Swarm"))
    assert ruling.violations[0].id == "encounter-in-play"
    assert ruling.violations[0].citations[0] == R.RE_DECK_TOP
    listed = [e.move for e in legal_moves(state) if e.type == "encounter-draw"]
    assert any(m.card == "Imp" for m in listed) and not any(m.card == "Spider Swarm" for m in listed)


def test_random_encounter_deck_during_play_a_card_waiting_in_the_interrupted_resolution_area_is_not_drawn(state):
    """RANDOM_ENCOUNTER_DECK_DURING_PLAY "Random Encounter cards are drawn from the top of the Random Encounter
    Deck.": a card waiting below the interruption it created is in play too, and so is not in the deck."""
    from referee.legal_moves import legal_moves

    draw(state, card="Portal", checks=("brawn 30",), penalty=("other draw another Random Encounter", "kaos 1"))
    check_option(state, (5,))
    draw(state)  # Spider Swarm, drawn by Portal's Penalty
    check_option(state, (2,))  # fails: Spider Swarm's Penalty waits for the d6
    ruling = refused(state, EncounterDraw(player="Cara", cause="other", card="Portal"))
    assert ruling.violations[0].citations[0] == R.RE_DECK_TOP and "waiting" in ruling.violations[0].message
    assert not any(e.move.card in ("Portal", "Spider Swarm") for e in legal_moves(state) if e.type == "encounter-draw")


def test_random_encounter_discard_pile_a_discarded_card_is_never_listed_while_the_deck_holds_cards(state):
    """RANDOM_ENCOUNTER_DECK_DURING_PLAY: only the refresh rule moves the discard pile back into the deck ("If a
    Player must draw a Random Encounter and the Random Encounter Deck is empty, shuffle the Random Encounter discard
    pile to create a new face-down Random Encounter Deck.")."""
    from referee.legal_moves import legal_moves

    play(state, EncounterDeck(size=5))
    draw(state)
    check_option(state, (15,), option=2)
    state.encounters["cards"]["Imp"] = {"options": [{"kind": "check", "check": "stat", "stat": "Brawn", "tn": 1,
                                                     "mark": "", "reward": False}],
                                        "penalty": [{"kind": "kaos", "amount": 1}], "no_penalty": False}
    draws = [e.move for e in legal_moves(state) if e.type == "encounter-draw"]
    assert any(m.card == "Imp" for m in draws) and not any(m.card == "Spider Swarm" for m in draws)
    play(state, EncounterDeck(size=0))
    assert any(e.move.card == "Spider Swarm" for e in legal_moves(state) if e.type == "encounter-draw")


def test_a_deck_refreshed_from_the_discard_pile_holds_exactly_those_cards(state):
    """RANDOM_ENCOUNTER_DECK_DURING_PLAY "... shuffle the Random Encounter discard pile to create a new face-down
    Random Encounter Deck.": until that deck is used up, a card that was not in the pile cannot be drawn."""
    play(state, EncounterDeck(size=1))
    draw(state, card="Imp", checks=("brawn 1",), penalty=("kaos 1",))
    check_option(state, (10,))  # Imp: deck 0, discard pile [Imp]
    ruling = refused(state, EncounterDraw(player="Cara", cause="other", **SPIDERS))
    assert R.RE_DECK_REFRESH in quotes_of(ruling) and "'Imp'" in ruling.violations[0].message
    ruling = play(state, EncounterDraw(player="Cara", cause="other", card="imp"))
    assert "(1 card)" in " ".join(ruling.consequences)
    assert state.encounters["deck"] == 0 and "refreshed" not in state.encounters
    check_option(state, (10,))
    play(state, EncounterDeck(size=3))  # the table rebuilt the deck
    assert draw(state).legal


def test_the_refreshed_deck_limit_ends_when_the_deck_is_used_up(state):
    play(state, EncounterDeck(size=0))
    state.encounters["discard"] = ["Old Card", "Imp"]
    state.encounters["cards"]["Imp"] = {"options": [{"kind": "check", "check": "stat", "stat": "Brawn", "tn": 1,
                                                     "mark": "", "reward": False}],
                                        "penalty": [{"kind": "kaos", "amount": 1}], "no_penalty": False}
    play(state, EncounterDraw(player="Cara", cause="other", card="Imp"))
    assert state.encounters["refreshed"] == ["Old Card"]
    check_option(state, (10,))
    assert refused(state, EncounterDraw(player="Cara", cause="other", **SPIDERS))


# --- ENCOUNTERING_PLAYER ---------------------------------------------------------------------------------


def test_encountering_player_of_a_failed_move_action_is_that_player(state):
    ruling = draw(state, player="Bob", cause="move")  # Bob, the Active Player, failed a Move Action
    assert encounter(state).player == "Bob" and R.ENCOUNTERING_MOVE in ruling.citations
    assert any("05_ACTIONS" in text for text in ruling.table_reported)


def test_encountering_player_of_flee_is_the_player_who_fled(state):
    ruling = draw(state, player="Dan", cause="flee")
    assert encounter(state).player == "Dan" and R.ENCOUNTERING_FLEE in ruling.citations


def test_encountering_player_of_a_dungeon_bomb_defaults_to_the_active_player_resolving_the_step(state):
    play(state, EndTurn())
    ruling = draw(state, player=None, cause="bomb")
    assert encounter(state).player == "Bob" and R.ENCOUNTERING_BOMB_DEFAULT in ruling.citations
    assert isinstance(state.stack[-2], EndOfTurnProc)  # the Dungeon Bomb resolution waits below


def test_a_dungeon_bomb_draw_with_no_step_and_no_player_is_refused(state):
    ruling = refused(state, EncounterDraw(cause="bomb", **SPIDERS))
    assert R.ENCOUNTERING_BOMB_DEFAULT in quotes_of(ruling)


def test_a_card_drawn_during_the_dungeon_bomb_step_is_drawn_by_the_dungeon_bomb_unless_the_table_says_otherwise(state):
    from referee.random_encounters import default_cause

    with pytest.raises(InvalidMove, match="say what drew it"):
        default_cause(state)  # outside the step the table must say what drew it
    play(state, EndTurn())
    assert default_cause(state) == "bomb"
    play(state, EndTurn(), TurnAction(player="Cara", action="Move"))
    with pytest.raises(InvalidMove):
        default_cause(state)


def quotes_of(ruling):
    return {c for v in ruling.violations for c in v.citations}


def test_encountering_player_a_failed_move_action_is_the_active_players(state):
    ruling = refused(state, EncounterDraw(player="Cara", cause="move", **SPIDERS))  # Bob is the Active Player
    assert ruling.violations[0].citations[0] == R.PLAYER_TURN_DEFINITION
    assert "move-action-own-turn" in [i.id for i in ruling.interpretations]
    play(state, EncounterDraw(player="Bob", cause="move", **SPIDERS))


def test_a_failed_move_action_hints_at_recording_its_turn_action(state):
    ruling = engine.check(state, EncounterDraw(player="Bob", cause="move", **SPIDERS))
    assert any("`referee action bob move`" in t for t in ruling.table_reported)
    play(state, TurnAction(player="Bob", action="Move"))
    ruling = draw(state, player="Bob")
    assert not any("referee action" in t for t in ruling.table_reported)


# --- RANDOM_ENCOUNTER: interrupts, must be resolved first, spends no Turn Action -----------------------------


def test_random_encounter_interrupts_and_must_be_fully_resolved_first(state):
    draw(state)
    ruling = refused(state, TurnAction(player="Bob", action="Open Chest"))
    violation = ruling.violations[0]
    assert "Random Encounter 'Spider Swarm' for Cara" in violation.message
    assert R.RE_FULLY_RESOLVED in violation.citations and "encounter choose cara" in violation.fix


def test_resolving_a_random_encounter_spends_no_turn_action(state):
    ruling = draw(state)
    assert state.actions_spent == 0 and R.RE_NO_TURN_ACTION in ruling.citations


def test_a_described_card_is_remembered_by_name(state):
    draw(state)
    check_option(state, (20,), option=2)
    play(state, EncounterDeck(size=0))  # the deck ran out: the discard pile is shuffled into a new deck
    ruling = play(state, EncounterDraw(player="Dan", cause="other", card="spider"))
    assert encounter(state).card == "Spider Swarm" and ruling.legal


def test_a_card_never_described_cannot_be_drawn_by_name_alone(state):
    with pytest.raises(InvalidMove, match="not been described"):
        engine.check(state, EncounterDraw(player="Cara", cause="move", card="Mystery"))


def test_a_random_encounter_includes_a_penalty_unless_the_card_says_otherwise(state):
    ruling = refused(state, EncounterDraw(player="Cara", cause="move", card="Nice Fairy", checks=("charm 10",)))
    assert R.RE_HAS_PENALTY in quotes_of(ruling)
    assert draw(state, card="Nice Fairy", checks=("charm 10",), no_penalty=True).legal


# --- ENCOUNTER_COMPLETION_OPTIONS ---------------------------------------------------------------------------


def test_an_option_is_chosen_before_rolling(state):
    draw(state)
    ruling = refused(state, RollDice(player="Cara", dice=(12,)))
    assert ruling.violations[0].citations[0] == R.OPTIONS_CHOOSE_FIRST


def test_encounter_completion_options_a_discard_before_choosing_cites_choosing_first(state):
    loot(state, "Cara", "Coin")
    draw(state)
    ruling = refused(state, DiscardLoot(player="Cara", card="Coin"))
    assert ruling.violations[0].citations[:2] == (R.OPTIONS_CHOOSE_FIRST, R.NON_CHECK_CHOOSE_FIRST)


def test_only_the_encountering_player_chooses(state):
    draw(state)
    ruling = refused(state, EncounterChoose(player="Bob", option=1))
    assert R.ENCOUNTERING_PLAYER_DEFINITION in quotes_of(ruling)


def test_no_switching_after_rolling_dice(state):
    draw(state)
    play(state, EncounterChoose(player="Cara", option=1), RollDice(player="Cara", dice=(3,)))
    ruling = refused(state, EncounterChoose(player="Cara", option=2))
    assert R.OPTIONS_NO_SWITCH in quotes_of(ruling) and "has rolled dice" in ruling.violations[-1].message


def test_no_switching_once_chosen_before_rolling_by_default(state):
    draw(state)
    play(state, EncounterChoose(player="Cara", option=1))
    ruling = refused(state, EncounterChoose(player="Cara", option=2))
    assert R.OPTIONS_MUST_RESOLVE_CHOSEN in quotes_of(ruling)
    assert "switch-before-roll" in {i.id for i in ruling.interpretations}


def test_switching_before_rolling_when_the_table_reads_it_so(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara"), choices={"switch-before-roll": "until-rolled"})
    draw(state)
    play(state, EncounterChoose(player="Cara", option=1))
    play(state, EncounterChoose(player="Cara", option=2))
    assert state.top.stat == "Intellect" and encounter(state).option == 2 and len(state.stack) == 2


def test_choosing_the_same_option_again_is_refused(state):
    draw(state)
    play(state, EncounterChoose(player="Cara", option=1))
    assert R.OPTIONS_MUST_RESOLVE_CHOSEN in quotes_of(refused(state, EncounterChoose(player="Cara", option=1)))


def test_encounter_completion_options_chosen_before_rolling_a_roll_is_refused_with_the_choose_move(state):
    """ENCOUNTER_COMPLETION_OPTIONS "The Encountering Player must choose one available Encounter Completion Option
    before rolling dice, ...": the refusal cites it and its fix is the choose command (not `declare`)."""
    draw(state)
    ruling = refused(state, RollDice(player="Cara", dice=(5,)))
    assert R.OPTIONS_CHOOSE_FIRST in quotes_of(ruling)
    assert all("declare" not in v.fix for v in ruling.violations)
    assert "referee encounter choose cara" in ruling.violations[0].fix


# --- CHECK_COMPLETION_OPTIONS / EVENT_REWARD ----------------------------------------------------------------


def test_a_check_option_declares_its_check_type_and_target_number(state):
    draw(state)
    ruling = play(state, EncounterChoose(player="Cara", option=1))
    assert isinstance(state.top, CheckProc) and (state.top.stat, state.top.tn) == ("Brawn", 12)
    assert R.CHECK_OPTION_IDENTIFIES in ruling.citations and R.CHECK_OPTION_BY_01 in ruling.citations


def test_check_option_success_without_reward_discards_and_resumes(state):
    draw(state)
    ruling = check_option(state, (15,), option=2)
    assert R.CHECK_OPTION_SUCCESS in ruling.citations and R.RE_SUCCESS_RESUME in ruling.citations
    assert not state.stack


def test_event_reward_is_resolved_before_the_card_is_discarded(state):
    draw(state)
    ruling = check_option(state, (10,))
    assert encounter(state).step == "reward" and state.encounters["discard"] == []
    assert R.RE_REWARD_BEFORE_DISCARD in ruling.citations
    play(state, DrawLoot(player="Cara", kinds=("common",), names=("Healing Draught",)))
    assert isinstance(state.stack[-1], LootWindowProc) and isinstance(state.stack[-2], EncounterProc)
    assert state.encounters["discard"] == []
    done = play(state, Store(player="Cara", card="Healing Draught"))
    assert state.encounters["discard"] == ["Spider Swarm"] and not state.stack
    assert R.RE_SUCCESS_DISCARD in done.citations


def test_the_event_reward_is_current_event_reward_read_from_the_rules(state):
    draw(state)
    check_option(state, (10,))
    ruling = refused(state, DrawLoot(player="Cara", kinds=("armor",), names=("Bone Pauldron",)))
    assert state.settings.variables["CURRENT_EVENT_REWARD"] in ruling.violations[0].message


def test_the_event_reward_is_optional_by_default(state):
    draw(state)
    check_option(state, (10,))
    ruling = play(state, EncounterContinue())
    assert "event-reward-optional" in {i.id for i in ruling.interpretations} and not state.stack


def test_the_event_reward_can_be_required_as_a_table_setting(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara"), choices={"event-reward-optional": "required"})
    draw(state)
    check_option(state, (19,))
    refused(state, EncounterContinue())


def test_no_event_reward_when_the_check_fails(state):
    draw(state)
    ruling = check_option(state, (2,))
    assert R.RE_REWARD_NOT_ON_FAIL in ruling.citations and encounter(state).step == "penalty"


def test_a_rerolled_check_uses_the_final_result_for_the_event_reward(state):
    state.player("Cara").rerolls = 1
    draw(state)
    play(state, EncounterChoose(player="Cara", option=1), RollDice(player="Cara", dice=(2,)),
         Reroll(player="Cara", dice=(14,)))
    ruling = play(state, ResolveCheck())
    assert R.EVENT_REWARD_FINAL_RESULT in ruling.citations and encounter(state).step == "reward"


def test_check_completion_option_names_a_stat_the_check_can_use(state):
    """CHECK_COMPLETION_OPTIONS "A Check Completion Option identifies the type of Check and the Target Number.":
    a Stat the game does not know is refused when the card is described, as `declare` refuses it."""
    with pytest.raises(InvalidMove, match="no Stat 'agility'"):
        engine.check(state, EncounterDraw(player="Cara", cause="move", card="Gap", checks=("agility 10",),
                                          penalty=("kaos 1",)))
    draw(state, card="Gap", checks=("br 10", "attack 12"), penalty=("kaos 1",))
    assert [o.get("stat") for o in state.encounters["cards"]["Gap"]["options"]] == ["Brawn", ""]
    play(state, EncounterChoose(player="Cara", option=1))
    assert state.top.stat == "Brawn"


def test_goblin_balls_on_ya_the_check_option_asks_for_two_d20s(state):
    """01 GOBLIN_BALLS_ON_YA "Roll 2d20 and use the higher result.": the hint after choosing says two dice."""
    state.player("Cara").statuses = ("goblin",)
    draw(state)
    ruling = play(state, EncounterChoose(player="Cara", option=1))
    assert "D20 D20" in ruling.obligations[-1]


def test_an_event_reward_drawn_by_another_player_says_who_draws_it(state):
    draw(state)
    check_option(state, (10,))
    ruling = refused(state, DrawLoot(player="Bob", kinds=("common",), names=("Healing Draught",)))
    assert not any("Cara resolves the Event Reward" in t for t in ruling.consequences)
    assert any(t.startswith("Bob draws it as the Event Reward") for t in ruling.consequences)


def test_check_completion_options_the_result_reaches_the_encounter_from_a_new_process(tmp_path):
    """Each command of the command line is its own process: `resolve` must hand the Check's result to the
    Random Encounter even when nothing in that process has loaded the encounter rules yet."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, REFEREE_HOME=str(tmp_path / "home"), REFEREE_GAME=str(tmp_path / "g.sqlite"))

    def referee(*words):
        result = subprocess.run([sys.executable, "-m", "referee", *words], capture_output=True, text=True, env=env)
        assert "Traceback" not in result.stderr
        return result

    referee("new", "--players", "Ann, Bob", "--health", "6", "--turn-actions", "2", "--game", env["REFEREE_GAME"])
    referee("encounter", "draw", "ann", "Spider Swarm", "--by", "move", "--check", "brawn 10", "--penalty",
            "damage 2")
    referee("encounter", "choose", "ann", "1")
    referee("roll", "ann", "15", "--hold")
    assert referee("resolve").returncode == 0
    status = json.loads(referee("status", "--json").stdout)
    assert status["stack"] == [] or all(p["kind"] != "random-encounter" for p in status["stack"])
    encounters = referee("encounters", "--json").stdout
    assert "Spider Swarm" in encounters


# --- NON_CHECK_COMPLETION_OPTIONS / RANDOM_ENCOUNTERS_AND_LOOT ------------------------------------------------


def test_a_non_check_option_is_refused_when_its_kaos_cannot_be_paid(state):
    draw(state)
    ruling = refused(state, EncounterChoose(player="Cara", option=3))
    assert R.NON_CHECK_ONLY_IF_FULFILL in quotes_of(ruling)


def test_paying_a_printed_kaos_cost_succeeds(state):
    state.player("Cara").kaos = 3
    draw(state)
    ruling = play(state, EncounterChoose(player="Cara", option=3))
    assert state.player("Cara").kaos == 1 and R.NON_CHECK_SUCCESS in ruling.citations and not state.stack
    assert "kaos-as-cost" in {i.id for i in ruling.interpretations}


def test_a_discard_option_is_refused_without_eligible_loot(state):
    draw(state, card="Toll Troll", checks=("brawn 18",), pays=("discard 2",), penalty=("health 2",))
    ruling = refused(state, EncounterChoose(player="Cara", option=2))  # Plot Armor alone cannot pay 2
    assert R.RE_LOOT_NO_DISCARD_OPTION in quotes_of(ruling)
    assert "plot-armor-eligible" in {i.id for i in ruling.interpretations}


def test_a_discard_option_discards_eligible_loot_to_its_matching_pile(state):
    loot(state, "Cara")
    draw(state, card="Toll Troll", checks=("brawn 18",), pays=("discard 1",), penalty=("health 2",))
    ruling = play(state, EncounterChoose(player="Cara", option=2, discard=("heal",)))
    assert discard_pile(state, "common") == ["Healing Draught"] and not state.stack
    assert R.RE_LOOT_DISCARD_PILE in ruling.citations


def test_non_check_completion_options_a_discard_option_is_chosen_first_and_its_loot_discarded_next(state):
    """NON_CHECK_COMPLETION_OPTIONS "The Encountering Player chooses the Non-Check Completion Option before paying
    costs, discarding Loot, ...": the choice of a discard option can wait for its card; the encounter stays open
    until the Loot is discarded (`encounter discard`, or 08's `discard`), then succeeds."""
    from referee.legal_moves import legal_moves

    loot(state, "Cara")
    draw(state, card="Toll Troll", checks=("brawn 18",), pays=("discard 1",), penalty=("health 2",))
    play(state, EncounterChoose(player="Cara", option=2))
    enc = encounter(state)
    assert (enc.step, enc.awaiting) == ("option", "discard") and "encounter discard cara" in enc.finish_hint()
    listed = legal_moves(state)
    assert any(e.matches(EncounterDiscard(player="Cara", card="Healing Draught")) for e in listed)
    assert any(e.matches(DiscardLoot(player="Cara", card="Healing Draught")) for e in listed)
    assert R.OPTIONS_MUST_RESOLVE_CHOSEN in quotes_of(refused(state, EncounterContinue()))
    assert R.OPTIONS_MUST_RESOLVE_CHOSEN == refused(state, EncounterChoose(player="Cara", option=1)).violations[
        0].citations[0]
    ruling = play(state, DiscardLoot(player="Cara", card="Healing Draught", required="Toll Troll"))
    assert discard_pile(state, "common") == ["Healing Draught"] and not state.stack
    assert R.NON_CHECK_SUCCESS in ruling.citations and state.encounters["discard"] == ["Toll Troll"]


def test_a_discard_option_names_each_loot_once(state):
    loot(state, "Cara")
    draw(state, card="Toll Troll", checks=("brawn 18",), pays=("discard 1",), penalty=("health 2",))
    ruling = refused(state, EncounterChoose(player="Cara", option=2, discard=("heal", "heal")))
    assert R.RE_LOOT_ELIGIBLE in quotes_of(ruling)


def test_random_encounters_and_loot_a_penalty_that_discards_loot_is_resolved_inside_the_encounter(state):
    """RANDOM_ENCOUNTERS_AND_LOOT "If a Random Encounter causes a Player to gain, take, discard, equip, store, use,
    or otherwise manage Loot, resolve that Loot procedure according to 08_LOOT_AND_INVENTORY unless the Random
    Encounter card specifically states otherwise.": the card's own discard is accepted while the card waits for it,
    and the encounter completes only at `encounter continue`."""
    from referee.legal_moves import legal_moves

    loot(state, "Cara")
    draw(state, card="Goblin", checks=("brawn 30",), penalty=("other the goblin steals one Loot: discard it",))
    check_option(state, (5,))
    assert "encounter continue" in encounter(state).finish_hint() and "--required" in encounter(state).finish_hint()
    assert any(e.matches(DiscardLoot(player="Cara", card="Healing Draught", required="x")) for e in legal_moves(state))
    refused(state, DiscardLoot(player="Cara", card="Healing Draught"))  # voluntary: no instruction of the card
    ruling = play(state, DiscardLoot(player="Cara", card="Healing Draught", required="the goblin steals it"))
    assert R.RE_LOOT_MANAGE_BY_08 in ruling.citations and discard_pile(state, "common") == ["Healing Draught"]
    assert encounter(state).card == "Goblin" and state.encounters["discard"] == []  # still open
    play(state, EncounterContinue())
    assert not state.stack and state.encounters["discard"] == ["Goblin"]


def test_random_encounters_and_loot_a_penalty_draw_opens_a_window_above_the_encounter(state):
    """RANDOM_ENCOUNTERS_AND_LOOT "If a Random Encounter causes a Player to draw Loot, resolve that draw according to
    08_LOOT_AND_INVENTORY.": the Loot Management Window stacks above the encounter, which resumes when it closes."""
    draw(state, card="Chest", checks=("brawn 30",), penalty=("other a mimic: draw 1 Common Magic",))
    check_option(state, (5,))
    ruling = play(state, DrawLoot(player="Cara", kinds=("common",), names=("Dust",)))
    assert R.RE_LOOT_DRAW_BY_08 in ruling.citations
    assert isinstance(state.stack[-1], LootWindowProc) and isinstance(state.stack[-2], EncounterProc)
    ruling = play(state, Store(player="Cara", card="Dust"))
    assert state.top is encounter(state) and encounter(state).finish_hint() in ruling.obligations
    play(state, EncounterContinue())
    assert not state.stack and state.encounters["discard"] == ["Chest"]


def test_random_encounters_and_loot_a_penalty_take_is_resolved_inside_the_encounter(state):
    from referee.moves import TakeLoot

    loot(state, "Cara")
    draw(state, card="Bandit", checks=("brawn 30",), penalty=("other the Player to your left takes one Loot",))
    check_option(state, (5,))
    play(state, TakeLoot(player="Dan", source="Cara", card="Healing Draught"))
    assert isinstance(state.stack[-1], LootWindowProc) and encounter(state).card == "Bandit"


def test_random_encounters_and_loot_a_card_specific_option_stays_open_for_its_loot(state):
    """RANDOM_ENCOUNTERS_AND_LOOT: a card-specific Non-Check option that manages Loot is resolved inside the
    encounter; NON_CHECK_COMPLETION_OPTIONS "If the Encountering Player fully resolves the Non-Check Completion
    Option, the Encountering Player succeeds ...": at `encounter continue`, once its Loot is recorded."""
    loot(state, "Cara")
    draw(state, card="Fairy", checks=("brawn 30",), pays=("other give the fairy one Loot",), penalty=("kaos 1",))
    ruling = play(state, EncounterChoose(player="Cara", option=2))
    assert encounter(state).step == "option" and R.NON_CHECK_SUCCESS not in ruling.citations
    play(state, DiscardLoot(player="Cara", card="Healing Draught", required="given to the fairy"))
    ruling = play(state, EncounterContinue())
    assert R.NON_CHECK_SUCCESS in ruling.citations and state.encounters["discard"] == ["Fairy"] and not state.stack


def test_encounter_penalty_as_much_as_possible_a_loot_instruction_without_loot_goes_on(state):
    """ENCOUNTER_PENALTY "If an Encounter Penalty cannot be fully resolved, resolve as much of the Penalty as
    possible.": with no Loot to discard, the card-specific instruction is resolved as reported and the rest follows."""
    state.player("Cara").kaos = 2
    draw(state, card="Goblin", checks=("brawn 30",), penalty=("other the goblin steals one Loot: discard it", "kaos 1"))
    check_option(state, (5,))
    play(state, EncounterContinue())
    assert not state.stack and state.player("Cara").kaos == 1


def test_random_encounters_and_loot_plot_armor_excluded_by_the_table_is_not_eligible_loot_and_says_why(rules_db):
    """RANDOM_ENCOUNTERS_AND_LOOT "... the Player must choose eligible Loot they currently possess.": a table that
    reads Plot Armor as never eligible (plot-armor-eligible=excluded) has it refused on every discard path, named."""
    state = new_state(rules_db, players=("Bob", "Cara", "Dan"), stats={"Cara": {"Brawn": 2}},
                      choices={"plot-armor-eligible": "excluded"})
    loot(state, "Cara")
    draw(state, card="Toll Troll", checks=("brawn 18",), pays=("discard 1",), penalty=("discard 1", "discard 1"))
    ruling = refused(state, EncounterChoose(player="Cara", option=2, discard=("Plot Armor",)))
    assert "plot-armor-eligible" in {i.id for i in ruling.interpretations}
    assert "Plot Armor is not eligible Loot for Cara" in ruling.violations[0].message
    assert "excluded by the table" in ruling.violations[0].message
    check_option(state, (5,))
    ruling = refused(state, EncounterDiscard(player="Cara", card="plot armor"))
    assert "plot-armor-eligible" in {i.id for i in ruling.interpretations}
    ruling = play(state, EncounterDiscard(player="Cara", card="heal"))  # only Plot Armor is left: nothing eligible
    assert not state.stack and "plot-armor-eligible" in {i.id for i in ruling.interpretations}


# --- ENCOUNTER_PENALTY / RANDOM_ENCOUNTER_FAILURE -------------------------------------------------------------


def test_a_penalty_damage_die_is_rolled_by_the_player_to_the_left(state):
    draw(state)
    check_option(state, (2,))
    assert encounter(state).roller == "Dan"
    ruling = refused(state, EncounterRoll(player="Bob", value=3))
    assert R.DAMAGE_ROLLER in quotes_of(ruling)


def test_reroll_tokens_a_penalty_damage_die_is_rerolled_before_it_is_applied(state):
    from referee.moves import Gain

    play(state, Gain(player="Dan", amount=1, resource="reroll"))
    draw(state, cause="other")
    check_option(state, (2,))  # 2 + Brawn 2 < 12: the d6 Damage, rolled by Dan (to Cara's left)
    ruling = play(state, EncounterRoll(player="Dan", value=2))
    assert state.player("Cara").health == 10 and R.REROLL_WHEN in ruling.citations  # not applied yet
    ruling = play(state, Reroll(player="Dan", dice=(5,)))
    assert state.player("Cara").health == 5 and state.player("Dan").rerolls == 0
    assert R.REROLL_KEEP_NEW in ruling.citations and "~~2~~" in " ".join(ruling.consequences)


def test_reroll_tokens_a_penalty_damage_die_not_rerolled_is_applied_by_resolve(state):
    from referee.moves import Gain

    play(state, Gain(player="Dan", amount=1, resource="reroll"))
    draw(state, cause="other")
    check_option(state, (2,))
    play(state, EncounterRoll(player="Dan", value=2), ResolveCheck())
    assert state.player("Cara").health == 8 and state.player("Dan").rerolls == 1


def test_the_player_to_the_left_skips_removed_players(state):
    state.player("Dan").state = "removed"
    draw(state)
    check_option(state, (2,))
    assert encounter(state).roller == "Bob"


def test_a_kaos_penalty_larger_than_the_kaos_held_floors_at_zero(state):
    state.player("Cara").kaos = 1
    draw(state)
    check_option(state, (2,))
    ruling = play(state, EncounterRoll(player="Dan", value=2))
    assert state.player("Cara").kaos == 0 and state.player("Cara").health == 8
    assert R.PENALTY_KAOS_FLOOR in ruling.citations and R.RE_PRINTED_ORDER in ruling.citations
    assert state.encounters["discard"] == ["Spider Swarm"] and R.RE_FAILURE_DISCARD in ruling.citations


def test_a_health_loss_penalty_reduces_health_directly(state):
    draw(state, card="Leech", checks=("brawn 30",), penalty=("health 2",))
    ruling = check_option(state, (5,))
    assert state.player("Cara").health == 8 and R.PENALTY_HEALTH in ruling.citations


def test_a_loot_discard_penalty_without_loot_resolves_as_far_as_possible(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara", "Dan"), choices={"plot-armor-eligible": "excluded"})
    draw(state, card="Thief", checks=("brawn 30",), penalty=("discard 1", "kaos 1"))
    ruling = check_option(state, (5,))
    assert R.PENALTY_AS_FAR_AS_POSSIBLE in ruling.citations and not state.stack


def test_random_encounters_and_loot_whether_plot_armor_is_eligible_the_table_decides_and_the_referee_asks(state):
    """RANDOM_ENCOUNTERS_AND_LOOT "... the Player must choose eligible Loot they currently possess." and 08 LOOT
    "Plot Armor is a special starting Loot card.": the rules do not say whether Plot Armor is eligible Loot
    (plot-armor-eligible: the table decides). With only Plot Armor left, the Penalty waits for the table's answer:
    `encounter continue` (it does not count) resolves the Penalty as far as possible."""
    draw(state, card="Thief", checks=("brawn 30",), penalty=("discard 1", "kaos 1"))
    state.player("Cara").kaos = 2
    ruling = check_option(state, (5,))
    assert encounter(state).awaiting == "discard" and "plot-armor-eligible" in {i.id for i in ruling.interpretations}
    assert any("the rules do not say whether Plot Armor is eligible Loot" in t for t in ruling.consequences)
    assert any("referee encounter continue" in o and "Plot Armor (Cara)" in o for o in ruling.obligations)
    ruling = play(state, EncounterContinue())
    assert not state.stack and state.player("Cara").kaos == 1 and "Plot Armor (Cara)" in armor_of(state, "Cara")
    assert "plot-armor-eligible" in {i.id for i in ruling.interpretations}
    assert R.PENALTY_AS_FAR_AS_POSSIBLE in ruling.citations


def test_random_encounters_and_loot_plot_armor_named_for_a_discard_is_the_tables_answer_that_it_counts(state):
    """The table decides (plot-armor-eligible): naming Plot Armor for the Penalty's discard counts it, and the ruling
    says the rules do not decide it; a discard option only Plot Armor can pay is offered so and chosen by naming it."""
    draw(state, card="Thief", checks=("brawn 30",), penalty=("discard 1",))
    check_option(state, (5,))
    ruling = play(state, EncounterDiscard(player="Cara", card="plot"))
    assert not state.stack and "Plot Armor (Cara)" not in armor_of(state, "Cara")
    assert any("the table decides, and counts Plot Armor (Cara) here" in t for t in ruling.consequences)


def test_random_encounters_and_loot_a_discard_option_only_plot_armor_can_pay_counts_it_when_chosen(state):
    """RANDOM_ENCOUNTERS_AND_LOOT "A Player may not choose a Non-Check Completion Option that requires discarding Loot
    unless they have eligible Loot to discard.": with only Plot Armor, the option is offered on the table's answer
    (plot-armor-eligible: the table decides); choosing it, or naming Plot Armor with it, counts Plot Armor, said so."""
    ruling = draw(state, card="Toll Troll", checks=("brawn 18",), pays=("discard 1",), penalty=("health 2",))
    assert any("can be chosen only if the table counts Plot Armor (Cara)" in t for t in ruling.consequences)
    ruling = engine.check(state, EncounterChoose(player="Cara", option=2))
    assert ruling.legal and any("choosing option 2 counts Plot Armor (Cara)" in t for t in ruling.consequences)
    ruling = play(state, EncounterChoose(player="Cara", option=2, discard=("Plot Armor",)))
    assert not state.stack and "plot-armor-eligible" in {i.id for i in ruling.interpretations}
    assert any("the table decides, and counts Plot Armor (Cara) here" in t for t in ruling.consequences)


def test_random_encounters_and_loot_plot_armor_counts_when_the_table_reads_it_so(rules_db):
    """plot-armor-eligible=counts: Plot Armor is eligible Loot like any other; a Penalty with only Plot Armor left
    does not wait for an answer, and `encounter continue` cannot skip it."""
    state = new_state(rules_db, players=("Bob", "Cara", "Dan"), choices={"plot-armor-eligible": "counts"})
    draw(state, card="Thief", checks=("brawn 30",), penalty=("discard 1",))
    ruling = check_option(state, (5,))
    assert not any("referee encounter continue" in o for o in ruling.obligations)
    assert refused(state, EncounterContinue()).violations[0].id == "penalty-instruction-waits"
    play(state, EncounterDiscard(player="Cara", card="plot"))
    assert not state.stack


def test_a_loot_discard_penalty_waits_for_the_players_choice(state):
    loot(state, "Cara")
    draw(state, card="Thief", checks=("brawn 30",), penalty=("discard 1",))
    check_option(state, (5,))
    assert encounter(state).awaiting == "discard"
    play(state, EncounterDiscard(player="Cara", card="heal"))
    assert discard_pile(state, "common") == ["Healing Draught"] and not state.stack


def test_random_encounters_and_loot_the_penalty_loot_discard_may_be_typed_as_08s_discard(state):
    """RANDOM_ENCOUNTERS_AND_LOOT "... resolve that Loot procedure according to 08_LOOT_AND_INVENTORY ...": the
    Penalty's Loot discard is the card's own instruction, not something the encounter must finish before."""
    loot(state, "Cara")
    draw(state, card="Thief", checks=("brawn 30",), penalty=("discard 1", "kaos 1"))
    check_option(state, (5,))
    assert refused(state, DiscardLoot(player="Bob", card="Plot Armor (Bob)", required="x")).violations[0].id == \
        "penalty-discard-not-theirs"
    ruling = play(state, DiscardLoot(player="Cara", card="Healing Draught", required="the thief"))
    assert R.PENALTY_LOOT_DISCARD in ruling.citations and discard_pile(state, "common") == ["Healing Draught"]
    assert not state.stack and state.encounters["discard"] == ["Thief"]


def test_a_card_specific_penalty_waits_for_the_table(state):
    draw(state, card="Curse", checks=("brawn 30",), penalty=("other swap seats with the next player", "kaos 1"))
    ruling = check_option(state, (5,))
    assert encounter(state).awaiting == "report" and ruling.table_reported
    play(state, EncounterContinue())
    assert not state.stack


def test_a_combat_encounter_keeps_the_card_until_it_is_over(state):
    draw(state, card="Ambush", checks=("brawn 30",), penalty=("combat two goblins", "kaos 1"))
    ruling = check_option(state, (5,))
    assert encounter(state).step == "combat" and R.RE_COMBAT_CARD_WAITS in ruling.citations
    play(state, Damage(player="Cara", amount=2))  # recorded during the Combat Encounter
    ruling = play(state, EncounterContinue())
    assert R.RE_COMBAT_RESUME in ruling.citations and state.encounters["discard"] == ["Ambush"]


def test_penalty_as_far_as_possible_a_second_loot_discard_sees_the_loot_already_discarded(rules_db):
    """ENCOUNTER_PENALTY "If an Encounter Penalty cannot be fully resolved, resolve as much of the Penalty as
    possible.": after the only Loot went to the first discard, the second finds none and the next instruction follows
    (Plot Armor excluded by the table)."""
    state = new_state(rules_db, players=("Bob", "Cara", "Dan"), choices={"plot-armor-eligible": "excluded"})
    loot(state, "Cara")
    state.player("Cara").kaos = 3
    draw(state, card="Troll Toll", checks=("brawn 30",), penalty=("discard 1", "discard 1", "kaos 2"))
    check_option(state, (5,))
    ruling = play(state, EncounterDiscard(player="Cara", card="heal"))
    assert not state.stack and state.player("Cara").kaos == 1
    assert state.encounters["discard"] == ["Troll Toll"]
    assert any("Penalty 2/3" in t and "no eligible Loot left" in t for t in ruling.consequences)
    assert not any("Healing Draught" in o for o in ruling.obligations)
    assert R.PENALTY_AS_FAR_AS_POSSIBLE in ruling.citations


@pytest.mark.parametrize("flag, text, says", [
    ("penalty", "damge d6", "did you mean damage"),
    ("penalty", "kaos 2 3", "kaos takes one amount"),
    ("penalty", "health", "health takes one amount"),
    ("penalty", "discard 1 all", "each Player chooses their own Loot"),
    ("penalty", "sing a song", "no --penalty instruction 'sing'"),
    ("pay", "kaos reward", "kaos takes one amount"),
    ("pay", "damage 2", "health N"),
])
def test_encounter_penalty_and_non_check_options_are_read_strictly(flag, text, says):
    """ENCOUNTER_PENALTY "Encounter Penalties may include: ... Other card-specific effects" and NON_CHECK_COMPLETION_OPTIONS
    "... or resolve another card-specific instruction": card text is what follows other/move/combat, never a typo."""
    from referee.random_encounters import parse_pay_option, parse_penalty

    with pytest.raises(InvalidMove, match=says) as error:
        (parse_penalty if flag == "penalty" else parse_pay_option)(text)
    assert "Write one of" in str(error.value)
    assert parse_penalty("other swap seats") == {"kind": "other", "text": "swap seats"}
    assert parse_pay_option("combat the troll") == {"kind": "other", "text": "combat the troll", "reward": False}


def test_random_encounter_failure_resume_not_for_the_move_of_a_removed_active_player(state):
    """RANDOM_ENCOUNTER_FAILURE "After the Random Encounter is complete, resume the interrupted process unless Death,
    Victory, a Combat Encounter, or another interruption changes the game state.": Bob's failed Move Action does
    not resume once Bob is removed; his turn passes once."""
    state.player("Bob").health = 2
    draw(state, player="Bob", card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,), player="Bob")
    ruling = play(state, ReportDeath(player="Bob", outcome="removed"))
    text = " | ".join(ruling.consequences)
    assert "failed Move Action resumes" not in text and "does not resume" in text
    assert text.count("Turn 2:") == 1 and state.active_player.name == "Cara"


# --- RANDOM_ENCOUNTERS_AND_DEATH / Victory ---------------------------------------------------------------------


def test_death_pauses_the_encounter_and_it_resumes_afterwards(state):
    state.player("Cara").kaos = 2
    draw(state)
    check_option(state, (2,))
    play(state, EncounterRoll(player="Dan", value=6))
    assert state.player("Cara").health == 4 and state.player("Cara").kaos == 0  # 10 - 6: not dead; Kaos 2 - 3 → 0
    state.player("Cara").health = 1
    draw(state, card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    ruling = check_option(state, (5,))
    assert isinstance(state.top, DeathProc) and isinstance(state.stack[-2], EncounterProc)
    assert R.RE_DEATH_PAUSES in ruling.citations and R.RE_DEATH_NO_LOOT_OPPORTUNITY in ruling.citations
    resumed = play(state, ReportDeath(player="Cara", outcome="surviving"))
    assert R.RE_DEATH_RESUME in resumed.citations and not state.stack


def test_a_removed_encountering_player_ends_the_encounter(state):
    state.player("Cara").health = 2
    draw(state, card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,))
    ruling = play(state, ReportDeath(player="Cara", outcome="removed"))
    assert R.RE_DEATH_REMOVED_ENDS in ruling.citations and not state.stack and not state.ended
    assert state.encounters["discard"] == ["Boulder"]


def test_victory_during_an_encounter_ends_the_game_at_once(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara"), health=2)
    draw(state, card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,))
    ruling = play(state, ReportDeath(player="Cara", outcome="removed"))
    assert state.ended and state.winner == "Bob" and not state.stack
    assert R.RE_VICTORY_STOPS in ruling.citations and state.encounters["discard"] == []
    assert "encounter-after-victory" in {i.id for i in ruling.interpretations}


def test_random_encounters_and_death_a_death_it_causes_creates_no_loot_opportunity(state):
    from referee.moves import TakeLoot

    loot(state, "Cara", "Coin")
    draw(state, player="Cara", cause="other", card="Boulder", checks=("brawn 30",), penalty=("damage 20",))
    check_option(state, (5,))
    play(state, ReportDeath(player="Cara", outcome="fallen"))
    ruling = refused(state, TakeLoot(player="Dan", source="Cara", card="Coin", how="opportunity"))
    assert ruling.violations[0].citations[0] == R.RE_DEATH_NO_LOOT_OPPORTUNITY


def test_random_encounters_and_death_a_fallen_encountering_player_is_an_interpretation(state):
    """RANDOM_ENCOUNTERS_AND_DEATH "... resume the Random Encounter only if it still has unresolved instructions that
    can be resolved.": what a Fallen Player can still resolve is RULES_EXTENSION_01_ZOMBIES', so the referee says
    which reading it applied (encountering-player-falls)."""
    state.player("Cara").health = 2
    state.player("Cara").kaos = 2
    draw(state, card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,))
    ruling = play(state, ReportDeath(player="Cara", outcome="fallen"))
    assert "encountering-player-falls" in {i.id for i in ruling.interpretations}
    assert any("RULES_EXTENSION_01_ZOMBIES" in t for t in ruling.table_reported)
    assert state.player("Cara").kaos == 1 and not state.stack


def test_encountering_player_a_random_encounter_drawn_for_a_fallen_player_names_that_player_and_the_reading(state):
    """10 ENCOUNTERING_PLAYER "If a Random Encounter is drawn by another rule or effect, that rule or effect identifies
    the Encountering Player." and 02 PLAYER_TURN "Fallen Players, Zombie Players, and Removed Players do not take
    normal Player Turns.": who resolves a card drawn for a Fallen Player is interpretation fallen-encountering-player
    (the table decides; the referee names the Player the draw names)."""
    play(state, SetState(player="Dan", state="fallen"))
    ruling = draw(state, player="Dan", card="Imp", checks=("brawn 1",), pays=("kaos 1",), penalty=("kaos 1",))
    assert encounter(state).player == "Dan" and "fallen-encountering-player" in {i.id for i in ruling.interpretations}
    assert any("the table decides, and the referee names the Player the draw names, Dan" in t
               for t in ruling.consequences)


def test_encountering_player_a_random_encounter_drawn_for_a_fallen_player_is_refused_when_the_table_reads_it_so(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara", "Dan"), choices={"fallen-encountering-player": "refuse"})
    play(state, SetState(player="Dan", state="fallen"))
    ruling = refused(state, EncounterDraw(player="Dan", cause="other", card="Imp", checks=("brawn 1",),
                                          penalty=("kaos 1",)))
    assert ruling.violations[0].interpretation == "fallen-encountering-player" and not state.stack


def test_turn_order_no_random_encounter_is_drawn_for_a_removed_player(state):
    """02 TURN_ORDER "A Removed Player's position is skipped.": a Removed Player is out of the game (interpretation
    removed-is-out), so a card drawn for them is refused, as Damage, healing and gains are; nothing changes."""
    play(state, SetState(player="Dan", state="removed"))
    ruling = refused(state, EncounterDraw(player="Dan", cause="other", card="Imp", checks=("brawn 1",),
                                          penalty=("kaos 1",)))
    assert ruling.violations[0].id == "removed-player-out"
    assert ruling.violations[0].interpretation == "removed-is-out" and not state.stack


def test_a_game_saved_with_the_former_fallen_encountering_player_reading_keeps_it_under_its_new_id():
    from referee.records import decode
    from referee.state import TableSettings

    saved = {"players": ["Bob", "Cara"], "health": 5, "health_cap": 5, "turn_actions": 2, "reroll_supply": 5,
             "interpretations": {"fallen-encountering-player": "encounter-ends"}}
    assert decode(TableSettings, saved).interpretations == {"encountering-player-falls": "encounter-ends"}


def test_a_fallen_encountering_player_ends_the_encounter_when_the_table_reads_it_so(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara", "Dan"), choices={"encountering-player-falls": "encounter-ends"})
    state.player("Cara").health = 2
    state.player("Cara").kaos = 2
    draw(state, card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,))
    ruling = play(state, ReportDeath(player="Cara", outcome="fallen"))
    assert state.player("Cara").kaos == 2 and not state.stack and state.encounters["discard"] == ["Boulder"]
    assert R.RE_DEATH_REMOVED_ENDS in ruling.citations


def test_end_of_turn_process_a_removed_active_player_during_the_dungeon_bomb_step_completes_it(state):
    """02 END_OF_TURN_PROCESS "If the Active Player becomes a Fallen Player or Removed Player during an already-begun
    Dungeon Bomb Step, complete the interrupted Dungeon Bomb resolution as far as its rules allow, then complete the
    Turn.": not "no End of Turn Process"."""
    state.player("Bob").health = 2
    play(state, EndTurn())
    draw(state, player=None, cause="bomb", card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,), player="Bob")
    ruling = play(state, ReportDeath(player="Bob", outcome="removed"))
    text = " | ".join(ruling.consequences)
    assert "no End of Turn Process" not in text and "Dungeon Bomb Step resumes" in text
    assert isinstance(state.top, EndOfTurnProc) and R.EOT_FELL_DURING_BOMB in ruling.citations


def test_an_encounter_hitting_all_players_ends_at_the_victory_check_after_each_death_process(state):
    draw(state, player="Bob", card="Quake", checks=("brawn 30",), penalty=("damage 10 all",))
    check_option(state, (5,), player="Bob")
    ruling = play(state, ReportDeath(player="Bob", outcome="removed"))
    assert not state.ended and "turn ends" in " ".join(ruling.consequences)
    ruling = play(state, ReportDeath(player="Cara", outcome="removed"))
    text = " | ".join(ruling.consequences)
    assert state.ended and state.winner == "Dan" and not state.stack, text  # Dan's Death Process is not resolved
    assert text.count("turn ends") == 0 and R.RE_VICTORY_STOPS in ruling.citations, text


def test_victory_mid_encounter_leaves_the_card_unresolved_and_listed_so(rules_db):
    """RANDOM_ENCOUNTERS_AND_DEATH "If the game ends because of Victory, do not resolve any further Random Encounter
    instructions unless a rule specifically states otherwise.": the card is neither in play nor discarded."""
    from referee.random_encounters import listing

    state = new_state(rules_db, players=("Bob", "Cara"), health=2)
    draw(state, card="Boulder", checks=("brawn 30",), penalty=("damage 3", "kaos 1"))
    check_option(state, (5,))
    play(state, ReportDeath(player="Cara", outcome="removed"))
    shown = listing(state)
    assert shown["unresolved"] == ["Boulder"] and shown["discard"] == [] and shown["in_play"] == []


# --- DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS: another interruption inside ------------------------------------


def test_an_interruption_created_by_an_encounter_is_resolved_first(state):
    draw(state, card="Portal", checks=("brawn 30",), penalty=("other draw another Random Encounter", "kaos 1"))
    check_option(state, (5,))
    ruling = draw(state, player="Cara", cause="other", card="Imp", checks=("brawn 1",), penalty=("kaos 1",))
    assert R.RE_NESTED_INTERRUPTION in ruling.citations
    check_option(state, (10,))
    assert encounter(state).card == "Portal"
    play(state, EncounterContinue())
    assert not state.stack and state.encounters["discard"] == ["Imp", "Portal"]


def test_replaying_the_effects_reproduces_an_encounter(state):
    log = []
    for move in (EncounterDraw(player="Cara", cause="other", **SPIDERS), EncounterChoose(player="Cara", option=1),
                 RollDice(player="Cara", dice=(3,)), ResolveCheck(), EncounterRoll(player="Dan", value=2)):
        log.append(engine.apply(state, move).effects)
    assert encode(engine.replay(state.settings, log)) == encode(state)


def test_card_grammar_reads_what_the_table_types():
    from referee.random_encounters import parse_check_option, parse_pay_option, parse_penalty

    assert parse_check_option("perception 14 harder reward") == {
        "kind": "check", "check": "perception", "stat": "", "tn": 14, "mark": "harder", "reward": True}
    assert parse_pay_option("discard 2 reward") == {"kind": "discard", "amount": 2, "reward": True}
    assert parse_penalty("damage d8") == {"kind": "damage", "die": 8}
    assert parse_penalty("status gboy") == {"kind": "status", "status": "goblin"}
    with pytest.raises(InvalidMove):
        parse_penalty("damage d7")
    with pytest.raises(InvalidMove):
        parse_check_option("brawn -3")


def test_a_nested_encounter_completing_names_the_next_move_once(state):
    draw(state, card="Portal", checks=("brawn 30",), penalty=("other draw another Random Encounter", "kaos 1"))
    check_option(state, (5,))
    draw(state, player="Cara", cause="other", card="Imp", checks=("brawn 1",), penalty=("kaos 1",))
    ruling = check_option(state, (10,))
    assert len(ruling.obligations) == len(set(ruling.obligations)) == 1


# --- ENCOUNTERING_PLAYER (all Players) / 01 CORE_TIMING_PRINCIPLE ---------------------------------------------


def test_an_effect_on_all_players_resolves_the_active_players_first_then_turn_order(state):
    play(state, EndTurn(complete=True))  # Cara is the Active Player now
    for p in state.players:
        p.kaos = 2
    draw(state, player="Bob", card="Quake", checks=("brawn 30",), penalty=("kaos 1 all",))
    ruling = check_option(state, (5,), player="Bob")
    assert [p.kaos for p in state.players] == [1, 1, 1]
    order_text = next(t for t in ruling.consequences if "affects all Players" in t)
    assert order_text.endswith("Cara, Dan, Bob")
    assert R.TIMING_ACTIVE_FIRST in ruling.citations and R.ENCOUNTERING_ALL in ruling.citations
    assert "simultaneous-order" in {i.id for i in ruling.interpretations}
    lines = [t for t in ruling.consequences if "loses 1 Kaos" in t]
    assert [line.split(":")[1].split()[0] for line in lines] == ["Cara", "Dan", "Bob"]


def test_several_deaths_at_once_the_active_players_death_process_is_resolved_first(state):
    """01 CORE_TIMING_PRINCIPLE "If multiple effects need to resolve at the same time, resolve the active Player's
    effects first unless a specific rule states otherwise.": the Active Player's Death Process is on top."""
    draw(state, player="Cara", card="Quake", checks=("brawn 30",), penalty=("damage 10 all", "kaos 1"))
    ruling = check_option(state, (5,))
    assert [p.player for p in state.stack if isinstance(p, DeathProc)] == ["Dan", "Cara", "Bob"]  # Bob on top
    assert state.top.player == "Bob" and R.TIMING_ACTIVE_FIRST in ruling.citations
    assert "Bob's now" in " ".join(ruling.consequences)
    waiting = refused(state, EncounterContinue())
    assert "referee death bob" in waiting.violations[0].fix
    play(state, ReportDeath(player="Bob", outcome="surviving"))
    assert state.top.player == "Cara"


def test_encountering_player_all_players_are_every_player_not_removed_a_zombie_and_a_fallen_player_too(rules_db):
    """ENCOUNTERING_PLAYER "If a Random Encounter affects all Players, each affected Player resolves the card as
    instructed by the Random Encounter.": who "all Players" are is interpretation all-players (a Zombie or Fallen
    Player is still a Player in play), named on the ruling with who was affected."""
    state = new_state(rules_db, players=("Bob", "Cara", "Dan", "Eve", "Fay"))
    play(state, SetState(player="Dan", state="zombie"), SetState(player="Cara", state="fallen"),
         SetState(player="Eve", state="removed"))
    for p in state.players:
        p.kaos = 3
    draw(state, player="Bob", card="Quake", checks=("brawn 30",), penalty=("kaos 2 all",))
    ruling = check_option(state, (5,), player="Bob")
    assert [p.kaos for p in state.players] == [1, 1, 1, 3, 1]
    assert "all-players" in {i.id for i in ruling.interpretations}
    assert any('"all Players" are every Player not Removed: Bob, Cara, Dan, Fay; not affected: Eve (a Removed Player)' in t
               for t in ruling.consequences)


def test_encountering_player_all_players_can_be_surviving_players_only_and_the_ruling_names_who_is_left_out(rules_db):
    state = new_state(rules_db, players=("Bob", "Cara", "Dan", "Eve"), choices={"all-players": "surviving-only"})
    play(state, SetState(player="Dan", state="zombie"), SetState(player="Cara", state="fallen"))
    for p in state.players:
        p.kaos = 3
    draw(state, player="Bob", card="Quake", checks=("brawn 30",), penalty=("kaos 2 all",))
    ruling = check_option(state, (5,), player="Bob")
    assert [p.kaos for p in state.players] == [1, 3, 3, 1]
    assert "all-players" in {i.id for i in ruling.interpretations}
    said = next(t for t in ruling.consequences if '"all Players"' in t)
    assert "Surviving Players only: Bob, Eve" in said and "Cara (a Fallen Player), Dan (a Zombie Player)" in said


def test_a_penalty_on_all_players_is_read_aloud_as_all_players(state):
    """ENCOUNTERING_PLAYER "If a Random Encounter affects all Players, each affected Player resolves the card as
    instructed by the Random Encounter."""
    ruling = draw(state, card="Quake", checks=("brawn 30",), penalty=("kaos 3 all",))
    assert "Penalty: lose 3 Kaos (all Players)" in " ".join(ruling.consequences)




def test_a_penalty_status_is_read_as_a_status_move_reads_it():
    """A prefix several spellings of one status share names that status, on a card as in `gain-status`."""
    from referee.notation import status_named
    from referee.random_encounters import parse_penalty

    assert status_named("gob") == "goblin"
    assert parse_penalty("status gob") == {"kind": "status", "status": status_named("gob")}
