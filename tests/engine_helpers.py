"""Helpers for the engine tests: a game under the real rules, moves played through the engine."""

from __future__ import annotations

from referee.records import encode
from referee import engine
from referee.moves import (  # noqa: F401  (re-exported for the tests)
    Damage, DeclareCheck, EndTurn, Gain, GainStatus, Heal, Lose, RemoveStatus, ReportDeath, ResolveCheck,
    Reroll, RollDice, SetState, SpendKaos, TurnAction,
)
from referee.state import GameState
from referee.table_settings import make_settings


def new_state(rules_db, players=("Mara", "Ivo", "Jun"), *, health=10, health_cap=None, turn_actions=2,
              reroll_supply=5, starting_kaos=0, stats=None, choices=None) -> GameState:
    settings = make_settings(players=tuple(players), health=health, health_cap=health_cap, turn_actions=turn_actions,
                             reroll_supply=reroll_supply, starting_kaos=starting_kaos, stats=stats or {},
                             choices=choices or {}, db=rules_db)
    return GameState.initial(settings)


def play(state, *moves):
    """Apply each move (it must be legal); return the last ruling."""
    ruling = None
    for move in moves:
        ruling = engine.apply(state, move)
    return ruling


def refused(state, move):
    """Check a move that must be refused, and prove it changed nothing."""
    before = encode(state)
    ruling = engine.check(state, move)
    assert not ruling.legal, ruling.consequences
    assert encode(state) == before
    return ruling


def quotes(ruling) -> set[str]:
    return {c.quote for c in ruling.citations} | {c.quote for v in ruling.violations for c in v.citations}


def check(state, player, stat, tn, *dice, kaos=0):
    """Declare, roll and resolve a one-Player Check; return the resolve ruling."""
    play(state, DeclareCheck(player=player, kind="stat", stat=stat, tn=tn), RollDice(player=player, dice=dice))
    if kaos:
        play(state, SpendKaos(player=player, amount=kaos))
    return play(state, ResolveCheck())
