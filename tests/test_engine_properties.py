"""Hypothesis: any sequence of moves is either applied or refused with the state unchanged, and
replaying the applied moves' effects reproduces the state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import new_state
from referee import engine
from referee.errors import InvalidMove
from referee.moves import (
    CheckModifier, Damage, DeclareCheck, EndTurn, Gain, GainStatus, Heal, Lose, RemoveStatus, ReportDeath, ResolveCheck, Reroll,
    RollDice, SetState, SpendKaos, TurnAction,
)

PLAYERS = ("Mara", "Ivo", "Jun")
who = st.sampled_from(PLAYERS)
n = st.integers(min_value=1, max_value=6)
d20 = st.integers(min_value=1, max_value=20)
dice = st.lists(d20, min_size=1, max_size=2).map(tuple)

moves = st.one_of(
    st.builds(TurnAction, player=who, action=st.sampled_from(["Move", "Search"])),
    st.builds(DeclareCheck, player=who, kind=st.just("stat"), stat=st.just("Brawn"), tn=st.integers(0, 25)),
    st.builds(DeclareCheck, player=who, kind=st.just("contested"), stat=st.just("Brawn"),
              opponents=st.lists(who, min_size=1, max_size=2).map(tuple)),
    st.builds(RollDice, player=who, dice=dice),
    st.builds(Reroll, player=who, dice=dice),
    st.builds(SpendKaos, player=who, amount=n),
    st.builds(CheckModifier, player=who, amount=st.sampled_from([-2, 1, 3]), because=st.just("a card")),
    st.just(ResolveCheck()),
    st.builds(Damage, player=who, amount=n),
    st.builds(Heal, player=who, amount=n),
    st.builds(Gain, player=who, amount=n, resource=st.sampled_from(["health", "kaos", "reroll"])),
    st.builds(Lose, player=who, amount=n, resource=st.sampled_from(["kaos", "reroll"])),
    st.builds(GainStatus, player=who, status=st.sampled_from(["goblin", "haunted"])),
    st.builds(RemoveStatus, player=who, status=st.sampled_from(["goblin", "haunted"])),
    st.builds(ReportDeath, player=who, outcome=st.sampled_from(["removed", "fallen", "zombie", "surviving"])),
    st.builds(SetState, player=who, state=st.sampled_from(["surviving", "fallen", "zombie", "removed"])),
    st.builds(EndTurn, cube_room=st.booleans(), complete=st.booleans()),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(moves, max_size=40))
def test_any_move_sequence_applies_or_is_refused_unchanged_and_replays(rules_db, sequence):
    state = new_state(rules_db, players=PLAYERS, reroll_supply=2)
    log = []
    for move in sequence:
        before = state.to_json()
        try:
            ruling = engine.check(state, move)
        except InvalidMove:
            assert state.to_json() == before
            continue
        assert state.to_json() == before  # check is pure
        if ruling.legal and ruling.effects is None:  # legal, but nothing to record (already so)
            continue
        if ruling.legal:
            engine.apply(state, move)
            log.append(ruling.effects)
            assert all(p.kaos >= 0 and p.rerolls >= 0 for p in state.players)
            assert state.rerolls_available() >= 0
        else:
            assert ruling.violations
    assert engine.replay(state.settings, log).to_json() == state.to_json()


def test_every_registry_entry_resolves_in_the_module_of_its_rules_document():
    from referee import registry
    from referee.moves import MOVE_TYPES
    from referee.state import Procedure

    documents = ("referee.core_concepts", "referee.game_structure", "referee.loot_and_inventory",
                 "referee.random_encounters")
    for move_type, cls in MOVE_TYPES.items():  # each move's judge, as its declaration names it
        assert cls.judge.startswith(documents), move_type
        assert callable(registry.resolve(cls.judge)), move_type
    for kind, where in registry.PROCEDURES.items():
        cls = registry.procedure(kind)
        assert where.startswith(documents) and issubclass(cls, Procedure) and cls.kind == kind, kind
    assert callable(registry.resolve(registry.AFTER_EVERY_MOVE))


def test_a_deferred_class_answers_fields_and_signature_before_its_first_use():
    """dataclasses.fields and inspect.signature make it the dataclass first (issue 10), in a fresh interpreter."""
    import subprocess
    import sys

    probe = ("import dataclasses, inspect; from referee.moves import Equip; from referee.game_structure import DeathProc; "
             "print([f.name for f in dataclasses.fields(Equip)], inspect.signature(Equip), "
             "[f.name for f in dataclasses.fields(DeathProc)])")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ("['player', 'card', 'slot'] (*, player: 'str', card: 'str', slot: 'str' = '') -> None "
                   "['player', 'cause', 'source']")


def test_deferred_moves_and_procedures_are_the_frozen_dataclasses_they_declare():
    import dataclasses
    import inspect

    import pytest

    from referee.deferred import ready
    from referee.moves import MOVE_TYPES, DrawLoot
    from referee import registry
    from referee.core_concepts import Participant

    for cls in [*MOVE_TYPES.values(), *(registry.procedure(k) for k in registry.PROCEDURES), Participant]:
        ready(cls)
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert "__init__" in vars(cls) and "__hash__" in vars(cls), cls
    for cls in MOVE_TYPES.values():
        assert all(f.kw_only for f in dataclasses.fields(cls)), cls
    assert [f.name for f in dataclasses.fields(DrawLoot)][-3:] == ["player", "kinds", "names"]  # CardText's first
    assert str(inspect.signature(Damage)) == "(*, player: 'str', amount: 'int', source: 'str' = '') -> None"
    move = Damage(player="Ivo", amount=2)
    assert move == Damage(player="Ivo", amount=2) and hash(move) == hash(Damage(player="Ivo", amount=2))
    assert repr(move) == "Damage(player='Ivo', amount=2, source='')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.amount = 3
    with pytest.raises(TypeError):
        Damage("Ivo", 2)  # keyword-only, as declared
