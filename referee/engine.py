"""The referee: `check(state, move) -> Ruling` (pure), `apply` (check, then the trusted transition).

Before a move's own rules are judged, two gates apply: a game that has ended refuses every move,
and a move that does not belong to the procedure on top of the pending stack is refused with the
rule that says that procedure finishes first.
"""

from __future__ import annotations

from importlib import import_module

from referee import citations as R
from referee.errors import CannotApply, IllegalMove, InvalidMove, UnknownName
from referee.moves import BOOKKEEPING_MOVES, Move
from referee.ruling import Draft, Ruling
from referee.state import CHECK_MOVES, CheckProc, GameState, TableSettings, transition

__all__ = ["check", "apply", "replay", "JUDGES"]

_CORE, _STRUCTURE = "referee.core_concepts", "referee.game_structure"
_LOOT, _ENCOUNTERS = "referee.loot_and_inventory", "referee.random_encounters"

# One judge per move type, in the module of the rule document that governs it, imported only when
# a move of that type is judged: a table waits on every command, and most moves need one document.
JUDGES: dict[str, tuple[str, str]] = {
    "action": (_STRUCTURE, "judge_action"),
    "end-turn": (_STRUCTURE, "judge_end_turn"),
    "death": (_STRUCTURE, "judge_death"),
    "set-state": (_STRUCTURE, "judge_set_state"),
    "declare": (_CORE, "judge_declare"),
    "roll": (_CORE, "judge_roll"),
    "reroll": (_CORE, "judge_reroll"),
    "kaos": (_CORE, "judge_kaos"),
    "modifier": (_CORE, "judge_modifier"),
    "resolve": (_CORE, "judge_resolve"),
    "damage": (_CORE, "judge_damage"),
    "heal": (_CORE, "judge_heal"),
    "gain": (_CORE, "judge_gain"),
    "lose": (_CORE, "judge_lose"),
    "gain-status": (_CORE, "judge_gain_status"),
    "remove-status": (_CORE, "judge_remove_status"),
    # 08 loot
    "card": (_LOOT, "judge_card"),
    "deck-size": (_LOOT, "judge_deck_size"),
    "draw": (_LOOT, "judge_draw"),
    "equip": (_LOOT, "judge_equip"),
    "store": (_LOOT, "judge_store"),
    "discard": (_LOOT, "judge_discard"),
    "use": (_LOOT, "judge_use"),
    "gear-swap": (_LOOT, "judge_gear_swap"),
    "take": (_LOOT, "judge_take"),
    "drop": (_LOOT, "judge_drop"),
    "recover": (_LOOT, "judge_recover"),
    # 10 random encounters
    "encounter-deck": (_ENCOUNTERS, "judge_deck"),
    "encounter-draw": (_ENCOUNTERS, "judge_draw"),
    "encounter-choose": (_ENCOUNTERS, "judge_choose"),
    "encounter-roll": (_ENCOUNTERS, "judge_roll"),
    "encounter-discard": (_ENCOUNTERS, "judge_discard"),
    "encounter-continue": (_ENCOUNTERS, "judge_continue"),
}

# A procedure may watch the moves it accepts while on top (a Random Encounter sees its Event Reward drawn) ...
OBSERVERS = {"random-encounter": (_ENCOUNTERS, "observe")}
# ... and goes on by itself when what was pushed above it is done (a Death Process, a Loot Management Window).
RESUMERS = {"random-encounter": (_ENCOUNTERS, "resume")}
# ... and says what becomes of it when the game ends while it is pending.
AT_GAME_END = {"random-encounter": (_ENCOUNTERS, "at_game_end")}


def _no_check(d: Draft, move_type: str) -> None:
    """A Check move with no Check being rolled, refused with the sentence that decides it for that move."""
    fix = "declare one first: `referee declare PLAYER STAT --tn N`"
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
        d.violate("resolve-no-check", "no Check is being rolled: there is no result to resolve",
                  R.CHECK_IS_D20_ROLL, fix=fix)
    else:
        d.violate("roll-no-check", "no Check is being rolled", R.CHECK_IS_D20_ROLL, fix=fix)


# A roll of dice other than a Check's d20, waiting to be resolved (a Penalty's damage die): rerolled or resolved.
DIE_MOVES = {"reroll": (_ENCOUNTERS, "judge_die_reroll"), "resolve": (_ENCOUNTERS, "judge_die_resolve")}


def _rule(where: tuple[str, str]):
    module, name = where
    return getattr(import_module(module), name)


def check(state: GameState, move: Move) -> Ruling:
    """Judge `move` against the rules and the current state. Never mutates `state`.

    Raises InvalidMove when the move itself is malformed (amount < 1, ...), UnknownName for a Player not in this game
    (names are resolved by `referee.notation`; a Move names a Player exactly).
    """
    if move.type not in JUDGES:
        raise InvalidMove(f"unknown move {move.type!r}")
    judge = _rule(JUDGES[move.type])
    if getattr(move, "player", None) is not None:
        _known(state, move.player)
    for name in getattr(move, "opponents", ()):
        _known(state, name)
    d = Draft(state)
    if state.ended:
        d.violate("game-over", f"the game is over: {state.winner} won", R.GAME_ENDS, R.GAME_WINNER,
                  fix="no further moves; `referee undo` takes back the last move")
        d.impossible()
        return d.finish(move)
    top = state.top
    if move.type in CHECK_MOVES and not isinstance(top, CheckProc) and move.type in DIE_MOVES and \
            getattr(top, "die_rolled", False):
        judge = _rule(DIE_MOVES[move.type])  # 01 REROLL_TOKENS: any roll of dice, a Penalty's damage die too
    elif move.type in CHECK_MOVES and not isinstance(top, CheckProc):
        if getattr(top, "kind", None) == "random-encounter" and top.step == "choose":
            top.refuse(d, move)  # 10: an option is chosen before rolling dice: that decides it
        else:
            _no_check(d, move.type)
            if top is not None:
                top.refuse(d, move)
        d.impossible()
        return d.finish(move)
    if top is not None and move.type not in top.accepts and move.type not in BOOKKEEPING_MOVES:
        top.refuse(d, move)
    observer = OBSERVERS.get(getattr(top, "kind", None))
    if observer is not None and move.type in top.accepts:
        _rule(observer)(state, move, d)
    judge(state, move, d)
    _resume_uncovered(state, d, top)
    if d.effects is not None and d.game("ended") and not state.ended:
        for proc in reversed(state.stack):
            if proc.kind in AT_GAME_END:
                _rule(AT_GAME_END[proc.kind])(state, d, proc)
    if d.effects is not None and any(p.kind == "loot-window" for p in (*state.stack, *d.stack)):
        _rule((_LOOT, "after_move"))(state, move, d)  # 08 loot: Death, Victory, Removal around Loot windows
    _rule((_STRUCTURE, "after_move"))(state, move, d)  # 02: the stack emptied under an Active Player no longer Surviving
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
        _rule(resume)(state, d, now)


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
