"""01_CORE_CONCEPTS, section by section: each test proves one statement the engine enforces."""

from __future__ import annotations

import pytest

from engine_helpers import (
    Damage, DeclareCheck, Gain, GainStatus, Heal, Lose, RemoveStatus, ReportDeath, ResolveCheck, Reroll, RollDice,
    SetState, SpendKaos, TurnAction, check, new_state, play, quotes, refused,
)
from referee import citations as R
from referee import engine
from referee.errors import InvalidMove


@pytest.fixture
def state(rules_db):
    return new_state(rules_db, stats={"Mara": {"Brawn": 2, "Charm": 1}, "Ivo": {"Intellect": 3, "Charm": 1}})


def kaos(state, name):
    return state.player(name).kaos


# --- CHECKS / FINAL_RESULT / TARGET_NUMBER ---------------------------------------------------------


def test_checks_succeed_when_final_result_equals_target_number(state):
    ruling = check(state, "Mara", "Brawn", 12, 10)
    assert "SUCCESS" in ruling.consequences[0] and R.CHECK_SUCCEEDS in ruling.citations


def test_checks_fail_when_final_result_is_lower_than_target_number(state):
    ruling = check(state, "Mara", "Brawn", 13, 10)
    assert "FAILURE" in ruling.consequences[0] and R.CHECK_FAILS in ruling.citations


def test_final_result_includes_kaos_spent(state):
    state.player("Mara").kaos = 1
    ruling = check(state, "Mara", "Brawn", 13, 10, kaos=1)
    assert "SUCCESS" in ruling.consequences[0]
    assert kaos(state, "Mara") == 0


def test_stat_checks_use_the_named_stat(state):
    play(state, DeclareCheck(player="Mara", kind="stat", stat="brawn", tn=5))
    assert state.top.participants[0].modifier == 2


def test_check_finishes_first_the_table_may_record_reported_effects_during_a_check(rules_db):
    state = new_state(rules_db, choices={"check-finishes-first": "effects-during-check"})
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=5))
    ruling = play(state, Damage(player="Ivo", amount=1))
    assert state.player("Ivo").health == 9 and state.top.kind == "check"
    assert "check-finishes-first" in [i.id for i in ruling.interpretations]
    refused(state, TurnAction(player="Mara", action="Search"))  # not a reported effect: the Check finishes first


def test_stat_checks_an_unknown_stat_is_bad_input_and_an_unset_stat_is_shown(state):
    with pytest.raises(InvalidMove, match="did you mean"):
        engine.check(state, DeclareCheck(player="Mara", stat="brwn", tn=5))
    with pytest.raises(InvalidMove, match="Stat"):
        engine.check(state, DeclareCheck(player="Mara", stat="banana", tn=5))
    ruling = play(state, DeclareCheck(player="Jun", stat="intell", tn=5))
    assert "Intellect +0 (not set at setup)" in ruling.consequences[0]


def test_checks_a_roll_says_where_the_check_stands_and_what_the_player_holds(state):
    play(state, Gain(player="Mara", amount=2, resource="kaos"), Gain(player="Mara", amount=1, resource="reroll"))
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=16))
    ruling = play(state, RollDice(player="Mara", dice=(13,), auto_resolve=True))  # 13 + Brawn 2 = 15
    assert "15 vs TN 16: 1 short; Mara holds 2 Kaos, 1 Reroll Token" in ruling.consequences
    assert state.top.kind == "check"  # she holds Kaos and a token: the Check waits for her decision


def test_checks_a_roll_nothing_else_can_change_resolves_at_once(state):
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=12))
    ruling = play(state, RollDice(player="Mara", dice=(11,), auto_resolve=True))  # no token, no Kaos
    assert "13 vs TN 12: succeeds as it stands; Mara holds 0 Kaos, 0 Reroll Tokens" in ruling.consequences
    assert any("it resolves now" in c for c in ruling.consequences) and not state.stack
    assert state.last_check.endswith("success") and R.CHECK_SUCCEEDS in ruling.citations


def test_checks_a_roll_the_table_holds_open_or_a_player_with_a_card_of_its_own_timing_waits(state):
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=12))
    play(state, RollDice(player="Mara", dice=(3,)))  # auto_resolve not asked (`roll --hold`)
    assert state.top.kind == "check"
    play(state, ResolveCheck())
    from referee.moves import DrawLoot, Store

    play(state, DrawLoot(player="Ivo", kinds=("common",), names=("Lucky Charm",), anytime=True))
    play(state, Store(player="Ivo", card="Lucky Charm"))
    play(state, DeclareCheck(player="Ivo", stat="Charm", tn=12))
    play(state, RollDice(player="Ivo", dice=(3,), auto_resolve=True))
    assert state.top.kind == "check"  # the Lucky Charm's own timing may still change it


def test_final_result_waits_for_another_players_anytime_card(state):
    """01 FINAL_RESULT: the Final Result is the value "after all allowed rerolls, modifiers, and Kaos spending have
    been resolved": a roll resolves its Check at once only when no Player can still change it, and another Player's
    card with its own timing (accepted during the Check) still can."""
    from referee.moves import DrawLoot, Store, UseLoot

    play(state, DrawLoot(player="Ivo", kinds=("common",), names=("Lucky Charm",), consumable=True, anytime=True))
    play(state, Store(player="Ivo", card="Lucky Charm"))
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=12))
    ruling = play(state, RollDice(player="Mara", dice=(8,), auto_resolve=True))  # Mara: no token, no Kaos
    assert state.top.kind == "check", ruling.consequences  # Ivo's Lucky Charm may still change it
    assert not any("resolves now" in c for c in ruling.consequences)
    assert engine.check(state, UseLoot(player="Ivo", card="Lucky Charm")).legal  # the judge accepts it now
    assert R.FINAL_RESULT_DEFINITION in ruling.citations


def test_final_result_a_card_the_judges_refuse_during_the_check_does_not_hold_it_open(state):
    """01 FINAL_RESULT: only what can still change the Check keeps it open: an Equipped Weapon described with its
    own timing is not used (08 EQUIPPED_WEAPONS_AVAILABLE), so the roll resolves at once."""
    from referee.moves import DrawLoot, Equip, UseLoot

    play(state, DrawLoot(player="Mara", kinds=("weapon",), names=("Axe",), weapon="melee", anytime=True))
    play(state, Equip(player="Mara", card="Axe"))
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=12))
    assert not engine.check(state, UseLoot(player="Mara", card="Axe")).legal
    ruling = play(state, RollDice(player="Mara", dice=(11,), auto_resolve=True))
    assert not state.stack and any("resolves now" in c for c in ruling.consequences)


def test_final_result_a_roll_does_not_wait_for_a_modifier_the_table_might_report_a_named_reading(rules_db):
    """01 FINAL_RESULT counts "modifiers", and the table may report one at any time (`referee modifier`): resolving
    at the roll anyway is a reading (check-resolves-at-roll), shown when it decides; the table may choose to resolve
    every Check by `referee resolve`."""
    state = new_state(rules_db, stats={"Mara": {"Brawn": 2}})
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=12))
    ruling = play(state, RollDice(player="Mara", dice=(11,), auto_resolve=True))
    assert not state.stack and "check-resolves-at-roll" in [i.id for i in ruling.interpretations]
    state = new_state(rules_db, stats={"Mara": {"Brawn": 2}}, choices={"check-resolves-at-roll": "resolve-command"})
    play(state, DeclareCheck(player="Mara", stat="Brawn", tn=12))
    ruling = play(state, RollDice(player="Mara", dice=(11,), auto_resolve=True))
    assert state.top.kind == "check" and "check-resolves-at-roll" in [i.id for i in ruling.interpretations]
    assert play(state, ResolveCheck()).legal and not state.stack


def test_contested_checks_each_involved_player_rolls_and_the_declare_names_every_roller(state):
    ruling = play(state, DeclareCheck(player="Mara", stat="Brawn", opponents=("Ivo", "Jun")))
    assert "`referee roll mara D20` and `referee roll ivo D20` and `referee roll jun D20`" in ruling.obligations[0]
    assert R.CONTESTED_EACH_ROLLS in ruling.citations or R.CONTESTED_DEFINITION in ruling.citations


def test_contested_checks_never_resolve_by_themselves_and_the_roll_says_who_leads(state):
    play(state, DeclareCheck(player="Mara", stat="Brawn", opponents=("Ivo",)))
    ruling = play(state, RollDice(player="Mara", dice=(10,), auto_resolve=True))
    assert "waiting for Ivo to roll" in ruling.consequences
    ruling = play(state, RollDice(player="Ivo", dice=(12,), auto_resolve=True))  # Ivo: no Brawn set, +0
    assert "Mara 12, Ivo 12: Mara ahead (a tie: the initiating Player wins it)" in ruling.consequences
    assert state.top.kind == "check"


# --- PERCEPTION_CHECKS -----------------------------------------------------------------------------


def test_perception_checks_use_the_higher_of_intellect_or_charm(state):
    ruling = play(state, DeclareCheck(player="Ivo", kind="perception", tn=10))
    assert state.top.participants[0].modifier == 3 and R.PERCEPTION_HIGHER in ruling.citations


def test_perception_checks_an_unset_intellect_counts_as_plus_0_as_in_a_stat_check(rules_db):
    state = new_state(rules_db, stats={"Mara": {"Charm": -1}})
    ruling = play(state, DeclareCheck(player="Mara", kind="perception", tn=10))
    assert state.top.participants[0].modifier == 0 and R.PERCEPTION_HIGHER in ruling.citations


def test_perception_checks_with_neither_intellect_nor_charm_use_plus_0(state):
    ruling = play(state, DeclareCheck(player="Jun", kind="perception", tn=10))
    assert state.top.participants[0].modifier == 0 and R.PERCEPTION_NEITHER in ruling.citations


# --- CONTESTED_CHECKS ------------------------------------------------------------------------------


def contested(state, a_die, b_die):
    play(state, DeclareCheck(player="Mara", kind="contested", stat="Brawn", opponents=("Ivo",)),
         RollDice(player="Mara", dice=(a_die,)), RollDice(player="Ivo", dice=(b_die,)))


def test_contested_checks_highest_final_result_succeeds(state):
    contested(state, 5, 8)  # Mara 5+2=7, Ivo 8+0=8
    ruling = play(state, ResolveCheck())
    assert "Ivo wins" in ruling.consequences[0] and R.CONTESTED_HIGHEST in ruling.citations


def test_contested_checks_the_initiating_player_wins_ties(state):
    contested(state, 6, 8)
    ruling = play(state, ResolveCheck())
    assert "Mara wins as the initiating Player" in ruling.consequences[0] and R.CONTESTED_TIES in ruling.citations


def test_contested_checks_a_tie_is_decided_by_the_tie_rule_cited_first(state):
    """01 CONTESTED_CHECKS: "The initiating Player wins ties." decides a tie, so it is the ruling's first citation
    (before "Highest Final Result succeeds.", which leaves a tie open); a clear win cites the highest rule first."""
    contested(state, 6, 8)
    ruling = play(state, ResolveCheck())
    assert ruling.citations[0] == R.CONTESTED_TIES and R.CONTESTED_HIGHEST in ruling.citations
    contested(state, 5, 8)
    assert play(state, ResolveCheck()).citations[0] == R.CONTESTED_HIGHEST


def test_kaos_may_not_be_spent_on_contested_checks(state):
    state.player("Mara").kaos = 3
    contested(state, 5, 8)
    ruling = refused(state, SpendKaos(player="Mara", amount=1))
    assert {R.KAOS_NOT_CONTESTED.quote, R.CONTESTED_NO_KAOS.quote} <= quotes(ruling)


def test_contested_checks_natural_20_does_not_automatically_succeed_but_still_rewards(state):
    play(state, DeclareCheck(player="Jun", kind="contested", stat="Brawn", opponents=("Mara",)),
         RollDice(player="Jun", dice=(20,)), RollDice(player="Mara", dice=(19,)))  # Jun 20, Mara 21
    ruling = play(state, ResolveCheck())
    assert "Mara wins" in ruling.consequences[0]
    assert R.CONTESTED_NO_AUTO in ruling.citations and R.CONTESTED_CRITS_REWARD in ruling.citations
    assert kaos(state, "Jun") == 1


def test_contested_checks_are_made_by_two_or_more_players(state):
    ruling = refused(state, DeclareCheck(player="Mara", kind="contested", stat="Brawn", opponents=("Mara",)))
    assert R.CONTESTED_DEFINITION.quote in quotes(ruling)


def test_contested_checks_each_player_rolls_the_specified_perception_check(state):
    ruling = play(state, DeclareCheck(player="Mara", stat="perception", opponents=("Ivo",)))
    check = state.top
    assert check.contested and check.check_kind == "perception" and check.label() == "Contested Perception Check"
    assert [p.modifier for p in check.participants] == [1, 3]  # Mara Charm +1, Ivo Intellect +3
    assert R.PERCEPTION_HIGHER in ruling.citations and R.STAT_CHECK not in ruling.citations


def test_contested_checks_an_attack_check_is_contested_when_players_are_named(state):
    play(state, DeclareCheck(player="Mara", kind="attack", opponents=("Ivo",), bonus=2))
    check = state.top
    assert check.label() == "Contested Attack Check" and [p.modifier for p in check.participants] == [2, 0]


# --- CRITICAL_SUCCESS / CRITICAL_FAILURE --------------------------------------------------------------


def test_critical_success_automatically_succeeds_and_gains_critical_success_reward(state):
    ruling = check(state, "Jun", "Brawn", 30, 20)
    assert "SUCCESS" in ruling.consequences[0]
    assert R.CRIT_SUCCESS_AUTO in ruling.citations and R.CRIT_SUCCESS_REWARD in ruling.citations
    assert kaos(state, "Jun") == 1
    assert any("CRITICAL_SUCCESS_REWARD" in c for c in ruling.consequences)


def test_critical_success_rerolled_natural_20_does_not_gain_the_reward(state):
    state.player("Mara").rerolls = 1
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(20,)))
    ruling = play(state, Reroll(player="Mara", dice=(12,)))
    assert R.REROLL_CRIT_NO_REWARD in ruling.citations
    play(state, ResolveCheck())
    assert kaos(state, "Mara") == 0


def test_critical_success_rerolled_into_another_natural_20_keeps_the_reward(state):
    state.player("Mara").rerolls = 1
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(20,)),
         Reroll(player="Mara", dice=(20,)))
    ruling = play(state, ResolveCheck())
    assert R.CRIT_SUCCESS_REROLLED in ruling.citations and kaos(state, "Mara") == 1


def test_critical_failure_gains_critical_failure_reward(state):
    ruling = check(state, "Mara", "Brawn", 5, 1)
    assert state.player("Mara").rerolls == 1 and R.CRIT_FAILURE_REWARD in ruling.citations


def test_critical_failure_reward_is_forfeited_when_kaos_increases_a_natural_1(state):
    state.player("Mara").kaos = 2
    ruling = check(state, "Mara", "Brawn", 5, 1, kaos=2)
    assert state.player("Mara").rerolls == 0
    assert R.CRIT_FAILURE_KAOS_FORFEIT in ruling.citations
    assert "SUCCESS" in ruling.consequences[0]  # 1 + 2 + 2 = 5 >= 5: no automatic failure


def test_natural_1_does_not_fail_automatically_by_default(state):
    ruling = check(state, "Mara", "Brawn", 3, 1)  # 1 + 2 = 3
    assert "SUCCESS" in ruling.consequences[0]
    assert [i.id for i in ruling.interpretations if i.id == "nat1-autofail"]


def test_natural_1_auto_fail_is_a_table_setting(rules_db):
    state = new_state(rules_db, stats={"Mara": {"Brawn": 2}}, choices={"nat1-autofail": "auto-fail"})
    ruling = check(state, "Mara", "Brawn", 3, 1)
    assert "FAILURE" in ruling.consequences[0]


def test_final_result_other_applicable_modifiers_the_table_reports_after_the_roll(state):
    from referee.moves import CheckModifier

    play(state, DeclareCheck(player="Mara", stat="brawn", tn=15), RollDice(player="Mara", dice=(11,)))
    ruling = play(state, CheckModifier(player="Mara", amount=2, because="Lucky Charm"))
    assert R.FINAL_RESULT_FORMULA in ruling.citations and "check-finishes-first" in [i.id for i in ruling.interpretations]
    ruling = play(state, ResolveCheck())
    assert "SUCCESS (15 >= TN 15)" in ruling.consequences[0] and "Lucky Charm" in ruling.consequences[0]


def test_final_result_a_modifier_needs_a_check_being_rolled(state):
    from referee.moves import CheckModifier

    ruling = refused(state, CheckModifier(player="Mara", amount=2, because="Lucky Charm"))
    assert ruling.violations[0].citations[0] == R.FINAL_RESULT_FORMULA


def test_critical_failure_automatic_failure_by_table_setting_cites_the_natural_1_statement(rules_db):
    state = new_state(rules_db, stats={"Mara": {"Brawn": 2}}, choices={"nat1-autofail": "auto-fail"})
    ruling = check(state, "Mara", "Brawn", 3, 1)
    assert "FAILURE" in ruling.consequences[0] and R.CRIT_FAILURE in ruling.citations
    assert "nat1-autofail" in [i.id for i in ruling.interpretations]


# --- KAOS -------------------------------------------------------------------------------------------


def test_kaos_may_be_spent_after_a_d20_check_is_rolled(state):
    state.player("Mara").kaos = 1
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5))
    ruling = refused(state, SpendKaos(player="Mara", amount=1))
    assert R.KAOS_AFTER_ROLL.quote in quotes(ruling)


def test_kaos_cannot_be_spent_beyond_what_is_held(state):
    state.player("Mara").kaos = 1
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(4,)))
    refused(state, SpendKaos(player="Mara", amount=2))
    play(state, SpendKaos(player="Mara", amount=1))
    assert state.top.participants[0].final_result == 7


def test_kaos_spent_beyond_what_is_held_cites_kaos_as_the_players_resource_first(state):
    """01 KAOS: no rule forbids spending Kaos not held outright (interpretation kaos-floor): "Kaos is a Player
    resource." is what the reading rests on, cited first; "A Player may spend any amount of Kaos..." allows, it does
    not forbid."""
    state.player("Mara").kaos = 3
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(4,)))
    violation = refused(state, SpendKaos(player="Mara", amount=4)).violations[0]
    assert violation.citations[0] == R.KAOS_RESOURCE and violation.interpretation == "kaos-floor"


def test_kaos_lost_beyond_what_is_held_is_refused_citing_what_is_held_not_the_penalty_floor(state):
    """01 KAOS (interpretation lose-more-than-held): `lose` beyond what is held is refused; the first citation is
    "Kaos is a Player resource.", not 10 ENCOUNTER_PENALTY's "...reduce that Player's Kaos to 0", which says the
    opposite for a Penalty. Reroll Tokens: the rule that a token not there is not gained."""
    state.player("Mara").kaos = 1
    violation = refused(state, Lose(player="Mara", amount=2, resource="kaos")).violations[0]
    assert violation.citations[0] == R.KAOS_RESOURCE and violation.interpretation == "lose-more-than-held"
    violation = refused(state, Lose(player="Mara", amount=2, resource="reroll")).violations[0]
    assert violation.citations[0] == R.REROLL_NONE_AVAILABLE


def test_kaos_is_not_capped(state):
    ruling = play(state, Gain(player="Mara", amount=500, resource="kaos"))
    assert kaos(state, "Mara") == 500 and R.KAOS_NOT_CAPPED in ruling.citations


def test_kaos_never_goes_negative(state):
    refused(state, Lose(player="Mara", amount=1, resource="kaos"))


def test_kaos_not_held_cannot_be_spent_even_by_override(state):
    play(state, DeclareCheck(player="Mara", stat="brawn", tn=15), RollDice(player="Mara", dice=(11,)))
    ruling = refused(state, SpendKaos(player="Mara", amount=5))
    assert ruling.effects is None and not ruling.consequences


# --- REROLL_TOKENS ----------------------------------------------------------------------------------


def test_reroll_tokens_kaos_may_be_spent_only_after_all_rerolls(state):
    state.player("Mara").kaos, state.player("Mara").rerolls = 1, 1
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(4,)),
         SpendKaos(player="Mara", amount=1))
    ruling = refused(state, Reroll(player="Mara", dice=(9,)))
    assert R.REROLL_BEFORE_KAOS.quote in quotes(ruling)


def test_reroll_tokens_only_one_per_roll_and_the_new_result_must_be_kept(state):
    state.player("Mara").rerolls = 2
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(4,)),
         Reroll(player="Mara", dice=(3,)))
    ruling = refused(state, Reroll(player="Mara", dice=(9,)))
    assert {R.REROLL_ONE_PER_ROLL.quote, R.REROLL_KEEP_NEW.quote} <= quotes(ruling)


def test_reroll_tokens_none_available_means_no_token_is_gained(rules_db):
    state = new_state(rules_db, reroll_supply=1)
    play(state, Gain(player="Ivo", amount=1, resource="reroll"))
    ruling = check(state, "Mara", "Brawn", 5, 1)
    assert state.player("Mara").rerolls == 0 and R.REROLL_NONE_AVAILABLE in ruling.citations


def test_reroll_tokens_spent_return_to_the_supply_by_default(rules_db):
    state = new_state(rules_db, reroll_supply=1)
    play(state, Gain(player="Mara", amount=1, resource="reroll"))
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(4,)),
         Reroll(player="Mara", dice=(5,)), ResolveCheck())
    assert state.rerolls_available() == 1


def test_reroll_without_a_token_is_refused(state):
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5), RollDice(player="Mara", dice=(4,)))
    refused(state, Reroll(player="Mara", dice=(9,)))


# --- GOBLIN_BALLS_ON_YA / DUNGEON_HAUNTED / their interaction ------------------------------------------


def test_goblin_balls_on_ya_rolls_2d20_and_uses_the_higher_result(state):
    play(state, GainStatus(player="Mara", status="goblin"), DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=12))
    refused(state, RollDice(player="Mara", dice=(4,)))
    ruling = play(state, RollDice(player="Mara", dice=(4, 11)))
    assert state.top.participants[0].final_result == 13 and R.GOBLIN_EFFECT in ruling.citations


def test_dungeon_haunted_rolls_2d20_and_uses_the_lower_result(state):
    play(state, GainStatus(player="Mara", status="haunted"), DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=12),
         RollDice(player="Mara", dice=(4, 11)))
    assert state.top.participants[0].final_result == 6


def test_goblin_balls_on_ya_reroll_rerolls_both_d20s(state):
    state.player("Mara").rerolls = 1
    play(state, GainStatus(player="Mara", status="goblin"), DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=12),
         RollDice(player="Mara", dice=(4, 5)))
    ruling = refused(state, Reroll(player="Mara", dice=(9,)))
    assert R.GOBLIN_REROLL_BOTH.quote in quotes(ruling)
    play(state, Reroll(player="Mara", dice=(9, 2)))


def test_goblin_balls_on_ya_a_player_cannot_have_more_than_one(state):
    play(state, GainStatus(player="Mara", status="goblin"))
    ruling = play(state, GainStatus(player="Mara", status="goblin"))
    assert state.player("Mara").statuses == ("goblin",) and R.GOBLIN_IGNORE_NEW in ruling.citations


def test_goblin_balls_and_dungeon_haunted_cancel_and_are_removed_before_rolling(state):
    play(state, GainStatus(player="Mara", status="goblin"), GainStatus(player="Mara", status="haunted"),
         DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=12))
    ruling = play(state, RollDice(player="Mara", dice=(7,)))
    assert state.player("Mara").statuses == ()
    assert R.STATUSES_REMOVE_BEFORE_ROLL in ruling.citations


def test_only_the_used_die_counts_as_a_crit_by_default(state):
    play(state, GainStatus(player="Mara", status="goblin"), DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=5),
         RollDice(player="Mara", dice=(1, 9)))
    ruling = play(state, ResolveCheck())
    assert state.player("Mara").rerolls == 0
    # the 1 on the die not used gives no reward: the interpretation decided that, so the ruling shows it
    assert "two-dice-crit" in [i.id for i in ruling.interpretations]


def test_remove_status_needs_the_status(state):
    refused(state, RemoveStatus(player="Mara", status="goblin"))


def test_dungeon_haunted_the_die_used_decides_automatic_success_even_when_either_die_rewards(rules_db):
    state = new_state(rules_db, choices={"two-dice-crit": "either-die"})
    play(state, GainStatus(player="Mara", status="haunted"), DeclareCheck(player="Mara", stat="Brawn", tn=15),
         RollDice(player="Mara", dice=(1, 20)))
    ruling = play(state, ResolveCheck())
    assert "FAILURE" in ruling.consequences[0]  # "use the lower result": 1, no automatic success
    assert state.player("Mara").kaos == 1 and state.player("Mara").rerolls == 1  # both rewards (table setting)
    assert "two-dice-crit" in [i.id for i in ruling.interpretations]


def test_goblin_balls_and_dungeon_haunted_the_reminder_says_they_cancel_before_rolling(state):
    play(state, GainStatus(player="Mara", status="goblin"), GainStatus(player="Mara", status="haunted"))
    ruling = play(state, DeclareCheck(player="Mara", stat="Brawn", tn=5))
    text = " ".join(ruling.consequences)
    assert "cancel each other" in text and "use the higher" not in text and "use the lower" not in text
    assert R.STATUSES_REMOVE_BEFORE_ROLL in ruling.citations


def test_goblin_balls_on_ya_the_roll_hint_asks_for_two_d20s(rules_db):
    from referee import engine
    from referee.moves import DeclareCheck, GainStatus
    from referee.state import GameState
    from referee.table_settings import make_settings

    state = GameState.initial(make_settings(players=("Ann", "Ben"), health=5, health_cap=None, turn_actions=2,
                                            reroll_supply=3, db=rules_db))
    engine.apply(state, GainStatus(player="Ann", status="goblin"))
    engine.apply(state, DeclareCheck(player="Ann", kind="stat", stat="Brawn", tn=10))
    assert "`referee roll ann D20 D20`" in state.top.finish_hint()


# --- HEAL_VS_GAIN / DAMAGE ------------------------------------------------------------------------------


def test_heal_restores_health_only_up_to_the_health_cap(state):
    play(state, Damage(player="Mara", amount=3))
    ruling = play(state, Heal(player="Mara", amount=5))
    assert state.player("Mara").health == 10 and R.HEAL_NOT_ABOVE_CAP in ruling.citations


def test_gaining_health_may_increase_health_above_the_health_cap(state):
    ruling = play(state, Gain(player="Mara", amount=5, resource="health"))
    assert state.player("Mara").health == 15 and R.GAIN_ABOVE_CAP in ruling.citations


def test_damage_reduces_health_and_at_0_the_death_process_is_pending(state):
    ruling = play(state, Damage(player="Ivo", amount=10))
    assert state.player("Ivo").health == 0 and state.top.kind == "death"
    assert R.DEATH_DEFINED_IN_09 in ruling.citations and "09_DEATH_AND_VICTORY" in ruling.table_reported[0]


# --- REPEATING_TURN_ACTIONS -------------------------------------------------------------------------------


def test_repeating_turn_actions_costs_1_kaos(state):
    state.player("Mara").kaos = 1
    play(state, TurnAction(player="Mara", action="Search"))
    ruling = play(state, TurnAction(player="Mara", action="search"))
    assert kaos(state, "Mara") == 0 and R.REPEAT_TURN_ACTION in ruling.citations
    assert state.actions_spent == 2


def test_repeating_turn_actions_without_kaos_is_refused(state):
    play(state, TurnAction(player="Mara", action="Search"))
    ruling = refused(state, TurnAction(player="Mara", action="Search"))
    assert R.REPEAT_TURN_ACTION.quote in quotes(ruling)


def test_repeating_turn_actions_paying_kaos_is_the_kaos_as_cost_interpretation(state):
    from referee.interpretations import REGISTER

    state.player("Mara").kaos = 1
    play(state, TurnAction(player="Mara", action="Search"))
    ruling = play(state, TurnAction(player="Mara", action="Search"))
    assert "kaos-as-cost" in [i.id for i in ruling.interpretations]
    assert {R.KAOS_ONLY_D20, R.REPEAT_TURN_ACTION} <= set(REGISTER["kaos-as-cost"].citations)


# --- CORE_TIMING_PRINCIPLE / out-of-play Players ---------------------------------------------------------


def test_core_timing_principle_simultaneous_crit_rewards_go_to_the_active_player_first(rules_db):
    state = new_state(rules_db, reroll_supply=1)  # Mara is the Active Player
    play(state, DeclareCheck(player="Ivo", stat="Brawn", opponents=("Mara",)),
         RollDice(player="Ivo", dice=(1,)), RollDice(player="Mara", dice=(1,)))
    ruling = play(state, ResolveCheck())
    assert state.player("Mara").rerolls == 1 and state.player("Ivo").rerolls == 0
    assert R.TIMING_ACTIVE_FIRST in ruling.citations


def test_out_of_play_players_take_no_checks_an_interpretation(state):
    from referee.interpretations import REGISTER

    play(state, ReportDeath(player="Ivo", outcome="removed"))
    ruling = refused(state, DeclareCheck(player="Ivo", stat="Brawn", tn=5))
    assert "out-of-play-checks" in [i.id for i in ruling.interpretations]
    assert R.PLAYER_TURN_NOT_OTHERS.quote in quotes(ruling)
    refused(state, DeclareCheck(player="Mara", stat="Brawn", opponents=("Ivo",)))
    assert "interpretation" in REGISTER["out-of-play-checks"].question


def test_out_of_play_checks_the_table_may_choose_to_allow_them(rules_db):
    state = new_state(rules_db, choices={"out-of-play-checks": "allow"})
    play(state, SetState(player="Ivo", state="fallen"))
    ruling = play(state, DeclareCheck(player="Ivo", stat="Brawn", tn=5))
    assert [(i.id, i.reading) for i in ruling.interpretations] == [("out-of-play-checks", "allow")]


def test_out_of_play_players_cannot_roll_in_a_check_declared_before_they_left_play(state):
    play(state, DeclareCheck(player="Mara", stat="Brawn", opponents=("Ivo",)))
    state.player("Ivo").state = "fallen"
    refused(state, RollDice(player="Ivo", dice=(1,)))


# --- VARIABLES ---------------------------------------------------------------------------------------------


def test_variables_rewards_follow_the_rules_database_values(rules_db):
    from referee.records import replace

    state = new_state(rules_db)
    state.settings = replace(state.settings, variables={**state.settings.variables, "CRITICAL_SUCCESS_REWARD": "3 Kaos"})
    check(state, "Mara", "Brawn", 5, 20)
    assert kaos(state, "Mara") == 3


def test_every_violation_is_collected_not_only_the_first(state):
    contested(state, 5, 8)
    ruling = refused(state, SpendKaos(player="Mara", amount=2))
    assert len(ruling.violations) == 2  # contested, and Mara holds no Kaos


def test_malformed_moves_raise_bad_move(state):
    with pytest.raises(InvalidMove):
        engine.check(state, Damage(player="Nobody", amount=1))
    with pytest.raises(InvalidMove):
        engine.check(state, Damage(player="Mara", amount=0))


