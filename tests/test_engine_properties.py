"""Hypothesis: any sequence of moves is either applied or refused with the state unchanged, and
replaying the applied moves' effects reproduces the state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import new_state
from referee.records import encode
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
        before = encode(state)
        try:
            ruling = engine.check(state, move)
        except InvalidMove:
            assert encode(state) == before
            continue
        assert encode(state) == before  # check is pure
        assert engine.is_legal(state, move) == ruling.legal  # the verdict without finishing the ruling
        if ruling.legal and ruling.effects is None:  # legal, but nothing to record (already so)
            continue
        if ruling.legal:
            engine.apply(state, move)
            log.append(ruling.effects)
            assert all(p.kaos >= 0 and p.rerolls >= 0 for p in state.players)
            assert state.rerolls_available() >= 0
        else:
            assert ruling.violations
    assert encode(engine.replay(state.settings, log)) == encode(state)


# The Draft a judge fills is the verdict and the table's readings it applies, nothing of the game (issue 21): the state
# is the judge's own argument, judge(work, move, d), never reached through the Draft.
DRAFT_IS_THE_VERDICT = {"applicable", "violations", "consequences", "reasons", "kinds", "obligations", "citations",
                        "interpretations", "reported", "choices"}


def test_the_draft_holds_the_verdict_only_never_the_state(rules_db, monkeypatch):
    from referee.ruling import Draft
    from referee.state import GameState

    drafts = []
    finish = Draft.finish

    def finishing(self, *args):
        drafts.append(dict(vars(self)))
        return finish(self, *args)

    monkeypatch.setattr(Draft, "finish", finishing)
    state = new_state(rules_db, players=PLAYERS)
    for move in (Damage(player="Ivo", amount=3), TurnAction(player="Ivo", action="Move"),  # legal, refused
                 DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=12), ResolveCheck()):
        engine.apply(state, move) if engine.check(state, move).legal else None
    assert len(drafts) >= 4
    for attributes in drafts:
        assert set(attributes) == DRAFT_IS_THE_VERDICT
        assert not any(isinstance(value, GameState) for value in attributes.values())


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


def test_moves_and_procedures_are_frozen_records_that_encode_and_decode_to_themselves():
    """Issue 21: one record base and one encoder/decoder for moves, procedures and rulings (referee.records)."""
    import pytest

    from referee import registry
    from referee.core_concepts import CheckProc, Participant
    from referee.moves import MOVE_TYPES, DrawLoot, Move
    from referee.records import Record, decode, encode, fields, replace
    from referee.state import Procedure

    for cls in [*MOVE_TYPES.values(), *(registry.procedure(k) for k in registry.PROCEDURES), Participant]:
        assert issubclass(cls, Record) and cls.__hash__ is not None, cls  # frozen: a value
    assert [f.name for f in fields(DrawLoot)][-3:] == ["player", "kinds", "names"]  # CardText's first, as logged
    move = Damage(player="Ivo", amount=2)
    assert move == Damage(player="Ivo", amount=2) and hash(move) == hash(Damage(player="Ivo", amount=2))
    assert repr(move) == "Damage(player='Ivo', amount=2, source='')"
    with pytest.raises(AttributeError):
        move.amount = 3
    # made and copied as a dataclass would be (fields in order, defaults, the same errors)
    assert replace(move, amount=3) == Damage("Ivo", 3) and replace(move) == move and hash(replace(move)) == hash(move)
    assert repr(replace(move, source="Trap")) == "Damage(player='Ivo', amount=2, source='Trap')"
    for bad in (lambda: Damage("Ivo"), lambda: Damage("Ivo", 2, "Trap", "more"), lambda: Damage("Ivo", 2, nope=1),
                lambda: Damage("Ivo", 2, player="Jun"), lambda: replace(move, nope=1)):
        with pytest.raises(TypeError):
            bad()
    assert encode(move) == {"type": "damage", "player": "Ivo", "amount": 2, "source": ""}
    assert decode(Move, {"type": "damage", "player": "Ivo", "amount": 2, "later": "ignored"}) == move
    drawn = DrawLoot(player="Mara", kinds=("armor",), names=("Helm",), slots=(1, 2))
    assert decode(Move, encode(drawn)) == drawn and encode(drawn)["slots"] == [1, 2]
    check = CheckProc(stat="Brawn", tn=12, initiator="Mara",
                      participants=(Participant("Mara", 2, "Brawn +2", dice=(7, 9), dropped=((3,),)),))
    assert encode(check)["kind"] == "check" and decode(Procedure, encode(check)) == check
    older = {**encode(check), "check_kind": "contested"}  # a log written before `contested` was a flag
    assert decode(Procedure, older) == CheckProc(stat="Brawn", tn=12, initiator="Mara", contested=True,
                                                 participants=check.participants)
