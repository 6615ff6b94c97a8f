"""02_GAME_STRUCTURE, section by section: turn flow, the End of Turn Process, Death, Victory, Game End."""

from __future__ import annotations

import pytest

from engine_helpers import (
    Damage, DeclareCheck, EndTurn, Gain, ReportDeath, ResolveCheck, RollDice, SetState, TurnAction, new_state, play,
    quotes, refused,
)
from referee import citations as R


@pytest.fixture
def state(rules_db):
    return new_state(rules_db, players=("Mara", "Ivo", "Jun", "Tess"))


def active(state):
    return state.active_player.name


# --- TURN_ORDER / PLAYER_TURN / ACTIVE_PLAYER --------------------------------------------------------------


def test_turn_order_surviving_players_take_turns_in_order_and_wrap(state):
    seen = []
    for _ in range(5):
        seen.append(active(state))
        ruling = play(state, EndTurn(complete=True))
    assert seen == ["Mara", "Ivo", "Jun", "Tess", "Mara"]
    assert state.turn == 6
    assert R.TURN_ORDER_WRAPS not in ruling.citations  # Mara -> Ivo

def test_turn_order_returns_to_the_first_position(state):
    for _ in range(3):
        play(state, EndTurn(complete=True))
    ruling = play(state, EndTurn(complete=True))
    assert active(state) == "Mara" and R.TURN_ORDER_WRAPS in ruling.citations


def test_turn_order_a_removed_players_position_is_skipped(state):
    play(state, ReportDeath(player="Ivo", outcome="removed"))
    ruling = play(state, EndTurn(complete=True))
    assert active(state) == "Jun" and R.TURN_ORDER_REMOVED_SKIPPED in ruling.citations


def test_turn_order_runs_from_any_position_and_returns_to_the_first_after_the_final(state):
    from referee.game_structure import turn_order

    assert turn_order(state, 0) == [0, 1, 2, 3]
    assert turn_order(state, 2) == [2, 3, 0, 1]
    assert turn_order(state, 4) == [0, 1, 2, 3]  # the position after the final one is the first


def test_turn_order_the_next_position_skips_only_removed_players_and_comes_back_to_itself_last(state):
    from referee.game_structure import next_in_turn_order

    work = state.working_copy()
    assert next_in_turn_order(work, 3) == 0  # Tess -> Mara: wraps
    work.player("Tess").state = "removed"
    work.player("Mara").state = "removed"
    work.player("Ivo").state = "fallen"  # a Fallen Player's position is resolved (Rising as a Zombie), not skipped
    assert next_in_turn_order(work, 2) == 1  # Jun -> Tess, Mara skipped -> Ivo
    work.player("Ivo").state = "removed"
    assert next_in_turn_order(work, 2) == 2  # only Jun is left: Jun's own position comes last
    work.player("Jun").state = "removed"
    assert next_in_turn_order(work, 2) is None


def test_player_turn_is_only_the_active_players_own_and_only_a_normal_one(state):
    assert state.own_player_turn("Mara") and not state.own_player_turn("Ivo")
    play(state, SetState(player="Ivo", state="zombie"), EndTurn(complete=True))
    assert active(state) == "Ivo" and not state.own_player_turn("Ivo")  # a Zombie Turn is not a Player Turn


def test_turn_order_a_zombie_player_takes_a_zombie_turn_without_the_standard_end_of_turn_process(state):
    play(state, SetState(player="Ivo", state="zombie"))
    ruling = play(state, EndTurn(complete=True))
    assert state.turn_kind == "zombie" and R.TURN_ORDER_ZOMBIE in ruling.citations
    refused(state, TurnAction(player="Ivo", action="Bite"))
    kaos_before = state.player("Ivo").kaos
    ruling = play(state, EndTurn())
    assert active(state) == "Jun" and state.player("Ivo").kaos == kaos_before  # no TURN_ACTION_REFUND
    assert R.EOT_NOT_ZOMBIE in ruling.citations


def test_turn_order_a_fallen_player_resolves_rising_as_a_zombie(state):
    play(state, ReportDeath(player="Ivo", outcome="fallen"))
    ruling = play(state, EndTurn(complete=True))
    assert state.turn_kind == "rising" and R.TURN_ORDER_FALLEN in ruling.citations
    assert "RULES_EXTENSION_01_ZOMBIES" in " ".join(ruling.table_reported)


def test_turn_order_set_state_zombie_on_rising_cites_rising_as_a_zombie_first(state):
    """02 TURN_ORDER: "A Fallen Player resolves Rising as a Zombie according to RULES_EXTENSION_01_ZOMBIES." decides
    `set-state ivo zombie` while Ivo's position is Rising as a Zombie (it was cited nowhere)."""
    play(state, ReportDeath(player="Ivo", outcome="fallen"), EndTurn(complete=True))
    assert state.turn_kind == "rising"
    ruling = play(state, SetState(player="Ivo", state="zombie"))
    assert ruling.citations and ruling.citations[0] == R.TURN_ORDER_FALLEN, ruling.citations


def test_player_turn_a_zombie_turn_is_not_a_player_turn_for_discard_use_or_gear_swap(state):
    """02 PLAYER_TURN: "Fallen Players, Zombie Players, and Removed Players do not take normal Player Turns." decides
    a voluntary discard (08 DISCARDING_LOOT: during one's own Player Turn), a Consumable with no timing of its own
    and a Gear Swap on a Zombie's own Zombie Turn: it is not "another Player's Turn"."""
    from referee.moves import DiscardLoot, DrawLoot, GearSwap, Store, UseLoot

    play(state, DrawLoot(player="Ivo", kinds=("common",), names=("Potion",), consumable=True),
         Store(player="Ivo", card="Potion"))
    play(state, DrawLoot(player="Ivo", kinds=("weapon",), names=("Club",), weapon="melee"),
         Store(player="Ivo", card="Club"))
    play(state, SetState(player="Ivo", state="zombie"), EndTurn(complete=True))
    assert state.turn_kind == "zombie" and active(state) == "Ivo"
    for move, second in ((DiscardLoot(player="Ivo", card="Potion"), R.DISCARD_OWN_TURN),
                         (UseLoot(player="Ivo", card="Potion"), R.CONSUMABLE_DEFAULT_TIMING),
                         (GearSwap(player="Ivo", card="Club"), R.SUMMARY_GEAR_SWAP)):
        violation = refused(state, move).violations[0]
        assert violation.id == "not-a-normal-player-turn" and "another Player" not in violation.message, move
        assert violation.citations[:2] == (R.PLAYER_TURN_NOT_OTHERS, second), (move, violation.citations)


def test_turn_order_a_fallen_player_who_did_not_rise_is_not_said_to_have_risen(state):
    play(state, ReportDeath(player="Ivo", outcome="fallen"), EndTurn(complete=True))
    ruling = play(state, EndTurn())
    text = " ".join(ruling.consequences)
    assert "Rising as a Zombie is complete" not in text and "still a Fallen Player" in text


def test_removed_players_take_no_damage_healing_gains_or_statuses(state):
    from referee.moves import GainStatus, Heal

    play(state, SetState(player="Jun", state="removed"))
    for move in (Damage(player="Jun", amount=1), Heal(player="Jun", amount=1),
                 Gain(player="Jun", amount=1, resource="kaos"), GainStatus(player="Jun", status="goblin"),
                 ReportDeath(player="Jun", outcome="removed")):
        ruling = refused(state, move)
        assert ruling.violations[0].citations[0] == R.TURN_ORDER_REMOVED_SKIPPED, move
        assert "removed-is-out" in [i.id for i in ruling.interpretations], move


def test_end_of_turn_process_a_refused_end_turn_shows_no_second_refund(state):
    play(state, EndTurn())  # the refund, then the Dungeon Bomb Step waits for the table
    play(state, DeclareCheck(player="Mara", stat="brawn", tn=5))  # a Check the Dungeon Bomb calls for
    ruling = refused(state, EndTurn())
    assert not any("TURN_ACTION_REFUND" in c for c in ruling.consequences), ruling.consequences


def test_repeating_turn_actions_without_kaos_shows_no_kaos_spent(state):
    play(state, TurnAction(player="Mara", action="Search"))
    ruling = refused(state, TurnAction(player="Mara", action="Search"))
    assert not any("spends 1 Kaos" in c for c in ruling.consequences), ruling.consequences


def test_active_player_only_the_active_player_takes_turn_actions(state):
    ruling = refused(state, TurnAction(player="Ivo", action="Move"))
    assert R.ACTIVE_PLAYER.quote in quotes(ruling)


def test_player_turn_zombie_players_do_not_take_normal_player_turns(state):
    ruling = play(state, SetState(player="Mara", state="zombie"))
    assert R.PLAYER_TURN_NOT_OTHERS in ruling.citations and state.turn_kind == "zombie"
    play(state, EndTurn())
    assert state.player("Mara").kaos == 0 and active(state) == "Ivo" and not state.stack


def test_active_player_turn_actions_are_taken_by_the_active_player_only(state):
    from referee import engine

    state.player("Ivo").kaos = 1
    play(state, TurnAction(player="Mara", action="Move"), TurnAction(player="Mara", action="Search"))
    ruling = refused(state, TurnAction(player="Ivo", action="Move"))
    assert [v.message for v in ruling.violations] == ["it is Mara's turn: only the Active Player takes Turn Actions"]
    engine.apply(state, TurnAction(player="Ivo", action="Move"), override="Haste")
    assert state.player("Ivo").kaos == 1 and state.actions_spent == 2  # no repeat Kaos, not Mara's Turn Actions


def test_turn_order_a_player_removed_while_rising_as_a_zombie_passes_play_on(state):
    play(state, ReportDeath(player="Mara", outcome="fallen"))  # her turn ends; the others play, then her position
    while state.active_player.name != "Mara":
        play(state, EndTurn(complete=True))
    assert state.turn_kind == "rising"
    ruling = play(state, ReportDeath(player="Mara", outcome="removed"))
    assert state.active_player.name == state.settings.players[1] and state.turn_kind == "player"
    assert R.TURN_ORDER_REMOVED_SKIPPED in ruling.citations


def test_turn_order_a_zombie_active_player_reported_removed_passes_play_on(state):
    """A Removed Player's position is skipped: the table reports the Zombie Active Player Removed (a state record,
    not a Death Process), and the position is done."""
    play(state, ReportDeath(player="Mara", outcome="zombie"))
    assert state.turn_kind == "zombie" and active(state) == "Mara"
    ruling = play(state, SetState(player="Mara", state="removed"))
    assert active(state) == "Ivo" and state.turn_kind == "player"
    assert R.TURN_ORDER_REMOVED_SKIPPED in ruling.citations


# --- TURN_SEQUENCE / END_OF_TURN_PROCESS ---------------------------------------------------------------------


def test_turn_sequence_turn_actions_are_limited_by_the_table_setting(state):
    play(state, TurnAction(player="Mara", action="Move"), TurnAction(player="Mara", action="Search"))
    ruling = refused(state, TurnAction(player="Mara", action="Open Chest"))
    # the limit is a table setting standing in for 05_ACTIONS: TURN_END_EARLY sets no limit and is not cited
    assert R.TURN_END_EARLY.quote not in quotes(ruling) and R.TURN_SEQUENCE_ACTIONS.quote in quotes(ruling)
    assert "05_ACTIONS" in ruling.violations[0].message and "table setting" in ruling.violations[0].message
    assert "end-turn" in ruling.violations[0].fix


def test_end_of_turn_process_refunds_turn_action_refund_per_unspent_turn_action(state):
    play(state, TurnAction(player="Mara", action="Move"))
    ruling = play(state, EndTurn())
    assert state.player("Mara").kaos == 1
    assert R.EOT_REFUND in ruling.citations and "TURN_ACTION_REFUND" in ruling.consequences[0]


def test_end_of_turn_process_ending_early_refunds_every_unused_turn_action(state):
    ruling = play(state, EndTurn(complete=True))
    assert state.player("Mara").kaos == 2 and R.TURN_END_EARLY in ruling.citations


def test_end_of_turn_process_runs_in_order_refund_cube_room_dungeon_bomb_complete(state):
    play(state, EndTurn(cube_room=True))
    assert state.top.kind == "end-of-turn" and state.top.step == "cube-room" and state.player("Mara").kaos == 2
    refused(state, TurnAction(player="Mara", action="Move"))  # Turn Actions come before the End of Turn Process
    play(state, Damage(player="Mara", amount=1))  # a Cube Room End Effect, table-reported
    ruling = play(state, EndTurn())
    assert state.top.step == "dungeon-bomb" and R.BOMB_STEP_SURVIVING in ruling.citations
    ruling = play(state, EndTurn())
    assert active(state) == "Ivo" and not state.stack and R.TURN_SEQUENCE_COMPLETE in ruling.citations


def test_end_of_turn_process_fallen_before_the_dungeon_bomb_step_ends_the_turn_at_once(state):
    play(state, EndTurn(cube_room=True), Damage(player="Mara", amount=10))
    ruling = play(state, ReportDeath(player="Mara", outcome="fallen"))
    assert active(state) == "Ivo" and not state.stack
    assert R.EOT_FELL_BEFORE_BOMB in ruling.citations and R.VICTORY_AFTER_FALL in ruling.citations


def test_end_of_turn_process_removed_during_the_dungeon_bomb_step_completes_it_first(state):
    play(state, EndTurn(), Damage(player="Mara", amount=10), ReportDeath(player="Mara", outcome="removed"))
    assert state.top.kind == "end-of-turn" and active(state) == "Mara"
    play(state, EndTurn())
    assert active(state) == "Ivo"


def test_end_of_turn_process_a_zombie_player_does_not_resolve_the_standard_end_of_turn_process(state):
    play(state, Damage(player="Mara", amount=10), ReportDeath(player="Mara", outcome="zombie"))
    refused(state, TurnAction(player="Mara", action="Move"))  # no normal Player Turn any more
    ruling = play(state, EndTurn(complete=True))
    assert state.player("Mara").kaos == 0 and active(state) == "Ivo"  # no TURN_ACTION_REFUND
    assert R.EOT_NOT_ZOMBIE in ruling.citations and R.EOT_REFUND not in ruling.citations
    assert R.BOMB_STEP_TOP_CARD not in ruling.citations  # no standard Dungeon Bomb Step


def test_end_of_turn_process_a_removed_player_does_not_resolve_one_even_after_a_pending_check(state):
    from referee import engine

    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5))
    engine.apply(state, SetState(player="Mara", state="removed"), override="a card removes her")
    assert active(state) == "Mara"  # the Check is still pending
    engine.apply(state, RollDice(player="Mara", dice=(10,)), override="the card lets the roll stand")
    ruling = play(state, ResolveCheck())
    assert active(state) == "Ivo" and state.player("Mara").kaos == 0
    assert R.EOT_NOT_FALLEN_REMOVED in ruling.citations


def test_end_of_turn_process_is_not_run_for_a_removed_active_player(state):
    state.player("Mara").state = "removed"  # e.g. a log written before the turn passed by itself
    ruling = play(state, EndTurn(complete=True))
    assert active(state) == "Ivo" and state.player("Mara").kaos == 0
    assert R.EOT_NOT_FALLEN_REMOVED in ruling.citations and R.EOT_REFUND not in ruling.citations


def test_end_of_turn_process_the_cube_room_check_is_not_invented(state):
    ruling = play(state, EndTurn())
    text = " ".join(ruling.table_reported)
    assert "not reported by the table" in text and "--cube-room" in text
    assert "the table reports Mara's Portrait is not" not in text


def test_end_of_turn_process_removed_during_an_already_begun_dungeon_bomb_step(state):
    play(state, TurnAction(player="Mara", action="Move"), EndTurn())
    ruling = play(state, Damage(player="Mara", amount=10))
    assert R.EOT_DEATH_IMMEDIATELY in ruling.citations and R.BOMB_STEP_DEATH_IMMEDIATELY in ruling.citations
    play(state, ReportDeath(player="Mara", outcome="removed"))
    ruling = play(state, EndTurn())
    assert active(state) == "Ivo"
    assert R.EOT_FELL_DURING_BOMB in ruling.citations and R.EOT_BOMB_STEP not in ruling.citations


def test_end_of_turn_process_end_turn_completes_the_turn_when_the_table_has_nothing_to_record(rules_db, tmp_path):
    import referee

    with referee.Game.new(tmp_path / "g.sqlite", players=["Mara", "Ivo"], health=6, turn_actions=2,
                          rules=rules_db) as game:
        ruling = game.play(game.parse("end-turn")).ruling
        assert game.state.turn == 2 and not game.state.stack
        assert any("nothing to record" in text for text in ruling.table_reported)
        game.play(game.parse("end-turn --bomb"))  # the Dungeon Bomb did something: the step waits for it
        assert game.state.top.kind == "end-of-turn" and game.state.top.step == "dungeon-bomb"
        game.play(game.parse("damage ivo 1 --source 'the Dungeon Bomb'"))
        game.play(game.parse("end turn"))
        assert game.state.turn == 3 and not game.state.stack


# --- DEATH -------------------------------------------------------------------------------------------------------


def test_death_health_at_0_or_below_flags_one_death_process_for_a_surviving_or_zombie_player(state):
    def dying():
        return [p.player for p in state.stack if p.kind == "death"]

    play(state, Damage(player="Ivo", amount=9))
    assert dying() == []  # Health 1
    play(state, Damage(player="Ivo", amount=1))
    assert dying() == ["Ivo"]  # Health 0
    play(state, Damage(player="Ivo", amount=2))
    assert dying() == ["Ivo"] and state.player("Ivo").health == -2  # one Death Process, Health may go below 0
    play(state, ReportDeath(player="Ivo", outcome="fallen"), Damage(player="Ivo", amount=1))
    assert dying() == []  # a Fallen Player: no Death flagged
    play(state, SetState(player="Jun", state="zombie"), Damage(player="Jun", amount=10))
    assert dying() == ["Jun"]  # a Zombie Player: flagged (the Zombies extension decides what it means)


def test_death_the_death_process_must_be_fully_resolved_before_gameplay_continues(state):
    play(state, Damage(player="Ivo", amount=12))
    assert state.player("Ivo").health == -2
    ruling = refused(state, TurnAction(player="Mara", action="Move"))
    assert R.DEATH_FULLY_RESOLVED.quote in quotes(ruling)
    assert "referee death ivo" in ruling.violations[0].fix
    play(state, ReportDeath(player="Ivo", outcome="removed"))
    assert state.player("Ivo").state == "removed" and not state.stack


def test_death_of_the_active_player_during_the_turn_ends_the_turn(state):
    play(state, Damage(player="Mara", amount=10))
    ruling = play(state, ReportDeath(player="Mara", outcome="removed"))
    assert active(state) == "Ivo" and "turn-after-removal" in [i.id for i in ruling.interpretations]


def test_death_the_table_may_report_that_the_player_survives(state):
    play(state, Damage(player="Ivo", amount=10), ReportDeath(player="Ivo", outcome="surviving"))
    assert state.player("Ivo").state == "surviving" and not state.stack


def test_death_of_a_zombie_names_the_zombies_extension_not_09(state):
    play(state, SetState(player="Ivo", state="zombie"))
    ruling = play(state, Damage(player="Ivo", amount=10))
    text = " ".join(ruling.table_reported)
    assert "RULES_EXTENSION_01_ZOMBIES" in text and R.DEATH_DEFINED_IN_09 not in ruling.citations


# --- VICTORY_CHECKS / GAME_END -----------------------------------------------------------------------------------


def test_victory_checks_one_surviving_player_left_wins_immediately(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    play(state, Damage(player="Ivo", amount=10))
    ruling = play(state, ReportDeath(player="Ivo", outcome="removed"))
    assert state.ended and state.winner == "Mara"
    assert {R.VICTORY_AFTER_DEATH, R.VICTORY_IMMEDIATE, R.GAME_ENDS, R.GAME_WINNER} <= set(ruling.citations)


def test_victory_checks_run_when_a_player_falls(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    ruling = play(state, SetState(player="Ivo", state="fallen"))
    assert state.winner == "Mara" and R.VICTORY_AFTER_FALL in ruling.citations


def test_game_end_refuses_every_further_move(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    play(state, ReportDeath(player="Ivo", outcome="removed"))
    for move in (EndTurn(), Gain(player="Mara", amount=1, resource="kaos"), RollDice(player="Mara", dice=(3,))):
        ruling = refused(state, move)
        assert R.GAME_ENDS.quote in quotes(ruling)


def test_game_objective_exactly_one_surviving_player_remaining_is_victory(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    ruling = play(state, SetState(player="Mara", state="zombie"))
    assert state.winner == "Ivo" and R.VICTORY_ONE_SURVIVOR in ruling.citations


def test_victory_checks_wait_until_no_simultaneous_death_process_is_pending(state):
    play(state, Damage(player="Ivo", amount=10))
    ruling = play(state, Damage(player="Jun", amount=10))  # the same effect hits Jun
    assert [p.player for p in state.stack] == ["Ivo", "Jun"]
    assert "simultaneous-deaths" in [i.id for i in ruling.interpretations]
    play(state, ReportDeath(player="Ivo", outcome="removed"), ReportDeath(player="Jun", outcome="removed"))
    assert not state.stack and not state.ended and active(state) == "Mara"


def test_victory_checks_after_each_completed_death_process_two_players_dying_at_once(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    play(state, Damage(player="Mara", amount=10), Damage(player="Ivo", amount=10))
    ruling = refused(state, ReportDeath(player="Ivo", outcome="removed"))  # the Active Player's first
    assert R.TIMING_ACTIVE_FIRST.quote in quotes(ruling)
    ruling = play(state, ReportDeath(player="Mara", outcome="removed"))
    # Ivo is still a Surviving Player when Mara's Death Process completes: Victory occurs immediately
    assert state.ended and state.winner == "Ivo" and not state.stack
    assert R.VICTORY_AFTER_DEATH in ruling.citations
    assert R.VICTORY_IMMEDIATE in ruling.citations


def test_victory_checks_after_each_completed_death_process_three_players_dying_at_once(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo", "Jun"))
    play(state, Damage(player="Mara", amount=10), Damage(player="Ivo", amount=10), Damage(player="Jun", amount=10))
    ruling = play(state, ReportDeath(player="Mara", outcome="removed"))
    assert not state.ended and "Victory Check: 2 Surviving Players remain" in " ".join(ruling.consequences)
    play(state, ReportDeath(player="Ivo", outcome="removed"))
    assert state.ended and state.winner == "Jun" and not state.stack  # Jun's own Death Process stops: the game ended


