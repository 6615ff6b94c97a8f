"""legal_moves against check, by property: on positions reached by random legal play, every move legal_moves
lists is legal (every value of its ranges), and every random move check accepts is listed."""

from __future__ import annotations

from referee.records import fields, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import new_state
from referee import engine
from referee import moves as M
from referee.errors import InvalidMove
from referee.legal_moves import legal_moves

PLAYERS = ("Mara", "Ivo", "Jun")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                           HealthCheck.too_slow])


def _legal(state, move) -> bool:
    try:
        ruling = engine.check(state, move)
        return ruling.legal and ruling.effects is not None  # legal with nothing to apply (already so) is no move
    except (InvalidMove, ValueError):
        return False


def _instance(data, entry):
    """One concrete move of a LegalMove: a value drawn from each range (free fields as listed)."""
    move = entry.move
    for name, values in entry.ranges.items():
        current = getattr(move, name)
        pick = st.sampled_from(values)
        value = tuple(data.draw(pick) for _ in current) if isinstance(current, tuple) else data.draw(pick)
        move = replace(move, **{name: value})
    return move


def _random_move(data, state):
    """A move from broad domains (most of them refused): what a table might type at any moment."""
    who = st.sampled_from(PLAYERS)
    cards = sorted(state.cards) or ["Nothing"]
    card = st.sampled_from(cards)
    amount = st.integers(1, 12)
    slot = st.sampled_from(["", "armor-1", "armor-2", "armor-5", "melee", "ranged"])
    kind = st.sampled_from(["armor", "weapon", "common", "rare"])
    options = st.one_of(
        st.builds(M.Damage, player=who, amount=amount), st.builds(M.Heal, player=who, amount=amount),
        st.builds(M.Gain, player=who, amount=amount, resource=st.sampled_from(["health", "kaos", "reroll"])),
        st.builds(M.Lose, player=who, amount=amount, resource=st.sampled_from(["kaos", "reroll"])),
        st.builds(M.SpendKaos, player=who, amount=amount),
        st.builds(M.RollDice, player=who, dice=st.lists(st.integers(1, 20), min_size=1, max_size=2).map(tuple)),
        st.builds(M.Reroll, player=who, dice=st.lists(st.integers(1, 20), min_size=1, max_size=2).map(tuple)),
        st.just(M.ResolveCheck()),
        st.builds(M.DeclareCheck, player=who, stat=st.sampled_from(["Brawn", "Charm", "perception"]),
                  tn=st.integers(0, 25)),
        st.builds(M.DeclareCheck, player=who, stat=st.just("Brawn"), opponents=st.tuples(who)),
        st.builds(M.TurnAction, player=who, action=st.sampled_from(["Move", "Open Chest"])),
        st.builds(M.EndTurn, cube_room=st.booleans(), complete=st.booleans()),
        st.builds(M.GainStatus, player=who, status=st.sampled_from(["goblin", "haunted"])),
        st.builds(M.RemoveStatus, player=who, status=st.sampled_from(["goblin", "haunted"])),
        st.builds(M.ReportDeath, player=who, outcome=st.sampled_from(M.DEATH_OUTCOMES)),
        st.builds(M.SetState, player=who, state=st.sampled_from(M.PLAYER_STATES)),
        st.builds(M.DrawLoot, player=who, kinds=st.tuples(st.just("armor")), names=st.tuples(st.just("Cap")),
                  defense=st.integers(0, 3)),
        st.builds(M.DrawLoot, player=who, kinds=st.tuples(st.just("weapon")), names=st.tuples(st.just("Club")),
                  weapon=st.just("melee")),
        st.builds(M.Equip, player=who, card=card, slot=slot),
        st.builds(M.Store, player=who, card=card, slot=st.sampled_from([None, 1, 2, 3])),
        st.builds(M.DiscardLoot, player=who, card=card),
        st.builds(M.UseLoot, player=who, card=card),
        st.builds(M.GearSwap, player=who, card=card, other=st.sampled_from(["", *cards])),
        st.builds(M.TakeLoot, player=who, source=who, card=card,
                  how=st.sampled_from(["take", "pickpocket", "opportunity"])),
        st.builds(M.DropWeapon, player=who, card=card), st.builds(M.RecoverWeapon, player=who, card=card),
        st.builds(M.DeckSize, kind=kind, size=st.integers(0, 9)),
    )
    return data.draw(options)


def _walk(data, rules_db, steps: int):
    """A position reached by random legal play from a new game (moves chosen among legal_moves)."""
    state = new_state(rules_db, players=PLAYERS, reroll_supply=3)
    for _ in range(steps):
        listed = legal_moves(state)
        if not listed:
            break
        entry = data.draw(st.sampled_from(listed))
        engine.apply(state, _instance(data, entry))
    return state


@SETTINGS
@given(data=st.data(), steps=st.integers(0, 14))
def test_every_move_legal_moves_lists_is_legal(rules_db, data, steps):
    state = _walk(data, rules_db, steps)
    for entry in legal_moves(state):
        assert _legal(state, entry.move), entry
        for name, values in entry.ranges.items():
            for value in {values[0], values[-1], data.draw(st.sampled_from(values))}:
                current = getattr(entry.move, name)
                move = replace(entry.move, **{name: tuple(value for _ in current) if isinstance(current, tuple)
                                              else value})
                assert _legal(state, move), (entry, name, value)


@SETTINGS
@given(data=st.data(), steps=st.integers(0, 14))
def test_every_legal_move_is_listed(rules_db, data, steps):
    state = _walk(data, rules_db, steps)
    listed = legal_moves(state)
    for _ in range(30):
        move = _random_move(data, state)
        if _legal(state, move):
            assert any(entry.matches(move) for entry in listed), move


def test_a_check_being_rolled_leaves_only_its_own_moves_and_bookkeeping(rules_db):
    state = new_state(rules_db, players=PLAYERS)
    engine.apply(state, M.DeclareCheck(player="Mara", stat="Brawn", tn=12))
    types = {entry.type for entry in legal_moves(state)}
    assert "roll" in types and not types & {"damage", "declare", "end-turn", "action", "resolve"}
    engine.apply(state, M.RollDice(player="Mara", dice=(9,)))
    kaos = [e for e in legal_moves(state) if e.type == "kaos"]
    assert not kaos  # Mara holds no Kaos
    assert {e.type for e in legal_moves(state)} >= {"resolve"}


def test_an_amount_the_rules_bound_is_listed_as_its_legal_range(rules_db):
    state = new_state(rules_db, players=PLAYERS)
    engine.apply(state, M.Gain(player="Mara", amount=3, resource="kaos"))
    engine.apply(state, M.DeclareCheck(player="Mara", stat="Brawn", tn=12))
    engine.apply(state, M.RollDice(player="Mara", dice=(9,)))
    (kaos,) = [e for e in legal_moves(state) if e.type == "kaos"]
    assert kaos.ranges["amount"] == range(1, 4)  # Kaos held: 3
    assert [f.name for f in fields(kaos.move)] == ["player", "amount"]


def test_legal_moves_for_a_player_keeps_their_moves_and_the_moves_of_no_one(rules_db):
    state = new_state(rules_db, players=PLAYERS)
    mine = legal_moves(state, player="Ivo")
    assert mine and all(entry.player in ("Ivo", None) for entry in mine)
    assert any(entry.type == "end-turn" for entry in mine)


# --- `options` is exact (issue 20): each kind of legal move it missed, and its order ---------------------------


def _listed(state, move) -> bool:
    return any(entry.matches(move) for entry in legal_moves(state))


def test_contested_check_two_or_more_players_each_group_of_opponents_is_listed(rules_db):
    """01 CONTESTED_CHECKS: "A Contested Check is a Check made by two or more Players against each other.": against
    two opponents as well as one."""
    state = new_state(rules_db, players=PLAYERS)
    both = M.DeclareCheck(player="Mara", stat="Brawn", opponents=("Ivo", "Jun"))
    assert _legal(state, both) and _listed(state, both)


def test_final_result_a_modifier_reported_before_the_roll_is_listed(rules_db):
    """01 FINAL_RESULT: other applicable modifiers count toward the Final Result; the table may report one as soon as
    the Check is declared (the engine accepts it), before the d20 is rolled, up or down."""
    state = new_state(rules_db, players=PLAYERS)
    engine.apply(state, M.DeclareCheck(player="Mara", stat="Brawn", tn=12))
    for amount in (2, -2):
        move = M.CheckModifier(player="Mara", amount=amount, because="Lucky Charm")
        assert _legal(state, move) and _listed(state, move)


def test_random_encounter_drawn_not_yet_described_is_listed(rules_db):
    """10 DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS: any card may come off the top of the deck; one not seen before is
    described as it is drawn (options and a Penalty), and that draw is a legal move to list."""
    state = new_state(rules_db, players=PLAYERS)
    (entry,) = [e for e in legal_moves(state) if e.type == "encounter-draw" and e.move.player == "Mara"
                and e.move.cause == "move"]
    assert "card" in entry.free and entry.move.penalty and _legal(state, entry.move)


def test_non_check_completion_option_discarding_two_loot_is_listed_with_two_cards(rules_db):
    """10 NON_CHECK_COMPLETION_OPTIONS: a "discard 2" option is chosen naming the two eligible Loot cards it
    discards; a choice naming one is refused, so the listed choice names two."""
    state = new_state(rules_db, players=PLAYERS)
    for name in ("Coin", "Skull"):
        engine.apply(state, M.DrawLoot(player="Mara", kinds=("common",), names=(name,)))
        engine.apply(state, M.Store(player="Mara", card=name))
    engine.apply(state, M.EncounterDraw(card="Toll", cause="move", player="Mara", pays=("discard 2",),
                                        penalty=("damage 2",)))
    choose = M.EncounterChoose(player="Mara", option=1, discard=("Coin", "Skull"))
    assert _legal(state, choose) and _listed(state, choose)


def test_pending_procedure_own_moves_come_first_a_window_places_its_cards_first(rules_db):
    """08 LOOT_MANAGEMENT_WINDOW: the window's cards are placed before anything else proceeds, so its own moves
    (equip, store, use, discard of its cards) come before the effects the table may report meanwhile."""
    state = new_state(rules_db, players=PLAYERS)
    engine.apply(state, M.DrawLoot(player="Mara", kinds=("armor",), names=("Iron Helm",), defense=1))
    listed = legal_moves(state)
    own = [e.type in ("equip", "store", "use", "discard") and e.move.card == "Iron Helm" for e in listed]
    assert own[0] and own.index(False) == sum(own)  # every one of them first, then the rest


def test_reroll_tokens_a_penalty_damage_die_reroll_is_listed_without_hold(rules_db):
    """01 REROLL_TOKENS: a Penalty's damage die may be rerolled before it is resolved; `--hold` (keep a Check open)
    means nothing for a die, so the listed reroll is typed without it."""
    from referee.legal_moves import typed

    state = new_state(rules_db, players=PLAYERS, reroll_supply=3)
    engine.apply(state, M.Gain(player="Ivo", amount=1, resource="reroll"))
    engine.apply(state, M.EncounterDraw(card="Spider", cause="move", player="Mara", pays=("kaos 9",),
                                        checks=("brawn 30",), penalty=("damage d6",)))
    engine.apply(state, M.EncounterChoose(player="Mara", option=1))
    engine.apply(state, M.RollDice(player="Mara", dice=(2,), auto_resolve=True))
    if state.top.kind == "check":
        engine.apply(state, M.ResolveCheck())
    engine.apply(state, M.EncounterRoll(player=state.top.roller, value=3))
    (reroll,) = [e for e in legal_moves(state) if e.type == "reroll"]
    assert "--hold" not in typed(reroll) and reroll.ranges["dice"] == range(1, 7)
