"""The referee: `check(state, move) -> Ruling` (pure), `apply` (check, then the trusted transition).

Before a move's own rules are judged, two gates apply: a game that has ended refuses every move,
and a move that does not belong to the procedure on top of the pending stack is refused with the
rule that says that procedure finishes first.
"""

from __future__ import annotations

from referee import citations as R
from referee import core_concepts, game_structure
from referee import loot_and_inventory  # 08 loot
from referee import random_encounters  # 10 random encounters
from referee.errors import BadMove, CannotApply, MoveRefused
from referee.moves import Move
from referee.ruling import Draft, Ruling
from referee.state import CHECK_MOVES, CheckProc, GameState, TableSettings, transition

__all__ = ["check", "apply", "replay", "JUDGES"]

# One judge per move type, in the module of the rule document that governs it.
JUDGES = {
    "action": game_structure.judge_action,
    "end-turn": game_structure.judge_end_turn,
    "death": game_structure.judge_death,
    "set-state": game_structure.judge_set_state,
    "declare": core_concepts.judge_declare,
    "roll": core_concepts.judge_roll,
    "reroll": core_concepts.judge_reroll,
    "kaos": core_concepts.judge_kaos,
    "resolve": core_concepts.judge_resolve,
    "damage": core_concepts.judge_damage,
    "heal": core_concepts.judge_heal,
    "gain": core_concepts.judge_gain,
    "lose": core_concepts.judge_lose,
    "gain-status": core_concepts.judge_gain_status,
    "remove-status": core_concepts.judge_remove_status,
    **loot_and_inventory.JUDGES,  # 08 loot: card, deck-size, draw, equip, store, discard, use, gear-swap, take
    # 10 random encounters
    "encounter-deck": random_encounters.judge_deck,
    "encounter-draw": random_encounters.judge_draw,
    "encounter-choose": random_encounters.judge_choose,
    "encounter-roll": random_encounters.judge_roll,
    "encounter-discard": random_encounters.judge_discard,
    "encounter-continue": random_encounters.judge_continue,
}

# A procedure may watch the moves it accepts while on top (a Random Encounter sees its Event Reward drawn) ...
OBSERVERS = {"random-encounter": random_encounters.observe}
# ... and goes on by itself when what was pushed above it is done (a Death Process, a Loot Management Window).
RESUMERS = {"random-encounter": random_encounters.resume}
# ... and says what becomes of it when the game ends while it is pending.
AT_GAME_END = {"random-encounter": random_encounters.at_game_end}


def check(state: GameState, move: Move) -> Ruling:
    """Judge `move` against the rules and the current state. Never mutates `state`.

    Raises BadMove when the move itself is malformed (a player not in this game, amount < 1).
    """
    judge = JUDGES.get(move.type)
    if judge is None:
        raise BadMove(f"unknown move {move.type!r}")
    if getattr(move, "player", None) is not None:
        _known(state, move.player)
    for name in getattr(move, "opponents", ()):
        _known(state, name)
    d = Draft(state)
    if state.ended:
        d.violate(f"the game is over: {state.winner} won", R.GAME_ENDS, R.GAME_WINNER,
                  fix="no further moves; `referee undo` takes back the last move")
        d.impossible()
        return d.finish(move)
    top = state.top
    if move.type in CHECK_MOVES and not isinstance(top, CheckProc):
        if not random_encounters.refuse_check_before_choosing(top, d):  # 10: an option is chosen before rolling
            d.violate("no Check is being rolled", R.CHECK_IS_D20_ROLL,
                      fix="declare one first: `referee declare PLAYER STAT --tn N`")
        if top is not None:
            d.violate(f"{top.title()} must finish first", *top.must_finish_first, fix=top.finish_hint())
        d.impossible()
        return d.finish(move)
    if top is not None and move.type not in top.accepts and move.type not in loot_and_inventory.BOOKKEEPING_MOVES:
        d.violate(f"{top.title()} must finish first", *top.must_finish_first, fix=top.finish_hint())
        if isinstance(top, CheckProc):
            d.interpret("check-finishes-first")
    observer = OBSERVERS.get(getattr(top, "kind", None))
    if observer is not None and move.type in top.accepts:
        observer(state, move, d)
    judge(state, move, d)
    _resume_uncovered(state, d, top)
    if d.effects is not None and d.game("ended") and not state.ended:
        for proc in reversed(state.stack):
            if proc.kind in AT_GAME_END:
                AT_GAME_END[proc.kind](state, d, proc)
    loot_and_inventory.after_move(state, move, d)  # 08 loot: Death, Victory, Removal around Loot windows
    game_structure.after_move(state, move, d)  # 02: the stack emptied under an Active Player no longer Surviving
    return d.finish(move)


def _resume_uncovered(state: GameState, d: Draft, top) -> None:
    """A procedure that was below the top and is on top again after this move resumes (RESUMERS)."""
    seen: list = [top]
    while d.effects is not None and d.stack:
        now = d.stack[-1]
        if any(now is p for p in seen) or not any(now is p for p in state.stack):
            return
        seen.append(now)
        resume = RESUMERS.get(now.kind)
        if resume is None:
            return
        resume(state, d, now)


def _known(state: GameState, name: str) -> None:
    if name not in state.settings.players:
        raise BadMove(f"no Player {name!r} in this game: {', '.join(state.settings.players)}")


def apply(state: GameState, move: Move, *, override: str | None = None) -> Ruling:
    """Check `move`; if legal (or overridden with a reason), apply it to `state` in place.

    Raises MoveRefused (state untouched) or CannotApply (an override with nothing to apply).
    """
    ruling = check(state, move)
    if not ruling.legal and not override:
        raise MoveRefused(ruling)
    if ruling.effects is None:
        raise CannotApply(ruling)
    transition(state, ruling.effects)
    return ruling


def replay(settings: TableSettings, effect_lists) -> GameState:
    """The state after the given moves' effects, folded from the initial state."""
    state = GameState.initial(settings)
    for effects in effect_lists:
        transition(state, effects)
    return state
