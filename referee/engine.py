"""The referee: `check(state, move) -> Ruling` (pure), `apply` (check, then the trusted transition).

Before a move's own rules are judged, two gates apply: a game that has ended refuses every move,
and a move that does not belong to the procedure on top of the pending stack is refused with the
rule that says that procedure finishes first.
"""

from __future__ import annotations

from referee import citations as R
from referee import registry
from referee.errors import CannotApply, IllegalMove, InvalidMove, UnknownName
from referee.moves import BOOKKEEPING_MOVES, CHECK_MOVES, MOVE_TYPES, Move
from referee.ruling import Draft, Ruling
from referee.effects import transition
from referee.state import GameState, TableSettings

__all__ = ["check", "is_legal", "judge", "apply", "replay"]


def _no_check(work: GameState, d: Draft, move_type: str) -> None:
    """A Check move with no Check being rolled, refused with the sentence that decides it for that move."""
    top = work.top
    fix = ("declare one first: `referee declare PLAYER STAT --tn N`" if top is None or "declare" in top.accepts
           else top.finish_hint(work))  # nothing is declared before the procedure on top finishes
    if move_type == "reroll":
        d.violate("reroll-no-roll", "no roll is waiting to be resolved: a Reroll Token is spent after rolling and "
                  "before the result is resolved", R.REROLL_WHEN, fix=fix)
    elif move_type == "kaos":
        d.violate("kaos-no-check", "no d20 Check is being rolled: Kaos is spent only on a d20 Check, after it is "
                  "rolled", R.KAOS_ONLY_D20, R.KAOS_AFTER_ROLL, fix=fix)
    elif move_type == "modifier":
        d.violate("modifier-no-check", "no Check is being rolled: a modifier counts toward a Check's Final Result",
                  R.FINAL_RESULT_FORMULA, R.FINAL_RESULT_DEFINITION, fix=fix)
    elif move_type == "resolve":
        d.violate("resolve-no-check", "no Check is being rolled: there is no Final Result to resolve",
                  R.FINAL_RESULT_DECIDES, R.FINAL_RESULT_DEFINITION, fix=fix)
    else:
        d.violate("roll-no-check", "no Check is being rolled: a d20 is rolled for a declared Check",
                  R.DICE_D20_FOR_CHECKS, R.CHECK_IS_D20_ROLL, fix=fix)


def check(state: GameState, move: Move) -> Ruling:
    """Judge `move` against the rules and the current state. Never mutates `state`.

    Raises InvalidMove when the move itself is malformed (amount < 1, ...), UnknownName for a Player not in this game
    (names are resolved by `referee.notation`; a Move names a Player exactly).
    """
    work, d = judge(state, move)
    return d.finish(move, work)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether `check(state, move)` is legal, without finishing its ruling (python-chess's `is_legal`)."""
    return not judge(state, move)[1].violations


def judge(state: GameState, move: Move) -> tuple[GameState, Draft]:
    """The move's working copy and the verdict on `move` as the judges leave them, before `Draft.finish` makes them a
    Ruling: a caller that only asks whether moves are legal (legal_moves tries every candidate) skips reading each
    one's effects. Raises as `check`."""
    if MOVE_TYPES.get(getattr(move, "type", None)) is not type(move):
        raise InvalidMove(f"unknown move {getattr(move, 'type', move)!r}")
    judged_by = registry.judge(move)
    if getattr(move, "player", None) is not None:
        _known(state, move.player)
    for name in getattr(move, "opponents", ()):
        _known(state, name)
    work = state.working_copy()  # the judge reads and writes the game there; `state` stays as it was
    d = Draft(state.settings.interpretations)
    if state.ended:
        d.violate("game-over", f"the game is over: {state.winner} won", R.GAME_ENDS, R.GAME_WINNER,
                  fix="no further moves; `referee undo` takes back the last move")
        d.impossible()
        return work, d
    top = state.top
    own = top.judge_for(move) if top is not None else None
    if own is not None:
        judged_by = own  # the procedure on top judges it (01 REROLL_TOKENS: a Penalty's damage die, rerolled or applied)
    elif move.type in CHECK_MOVES and getattr(top, "kind", None) != "check":
        if getattr(top, "kind", None) == "random-encounter" and top.step == "choose":
            top.refuse(work, d, move)  # 10: an option is chosen before rolling dice: that decides it
        else:
            _no_check(work, d, move.type)
            if top is not None:
                top.refuse(work, d, move)
        d.impossible()
        return work, d
    if top is not None and move.type not in top.accepts and move.type not in BOOKKEEPING_MOVES:
        top.refuse(work, d, move)
    if top is not None and move.type in top.accepts:
        top.observe(work, move, d)
    judged_by(work, move, d)
    _resume_uncovered(work, d, top)
    if d.applicable and work.ended and not state.ended:
        for proc in reversed(state.stack):
            proc.on_game_end(work, d)
    if d.applicable and any(p.kind == "loot-window" for p in (*state.stack, *work.stack)):
        registry.procedure("loot-window").after_any_move(work, move, d)  # 08: Death, Victory, Removal
    registry.resolve(registry.AFTER_EVERY_MOVE)(work, move, d)
    return work, d


def _resume_uncovered(work: GameState, d: Draft, top) -> None:
    """A procedure that was below the top and is on top again after this move resumes (Procedure.on_resume)."""
    seen: list = [top]
    while d.applicable and work.stack:
        now = work.stack[-1]
        if any(now is p for p in seen) or not any(now is p for p in work.before.stack):
            return
        seen.append(now)
        now.on_resume(work, d)


def _known(state: GameState, name: str) -> None:
    if name not in state.settings.players:
        raise UnknownName(f"no Player {name!r} in this game: {', '.join(state.settings.players)}", name=name,
                          what="Player", suggestions=state.settings.players)


def apply(state: GameState, move: Move, *, override: str | None = None) -> Ruling:
    """Check `move`; if legal (or overridden with a reason), apply it to `state` in place.

    Raises IllegalMove (state untouched) or CannotApply (an override with nothing to apply).
    """
    ruling = check(state, move)
    if not ruling.legal and not override:
        raise IllegalMove(ruling)
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
