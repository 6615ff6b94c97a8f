"""legal_moves against check, by property: on positions reached by random legal play, every move legal_moves
lists is legal (every value of its ranges), and every random move check accepts is listed."""

from __future__ import annotations

from dataclasses import fields, replace

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
