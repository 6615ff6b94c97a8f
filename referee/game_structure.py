"""02_GAME_STRUCTURE: Turn Order, Player Turns, Turn Actions, the End of Turn Process, Death, Victory.

What 03, 04, 05, 07, 09 and the Zombies extension decide (Turn Action effects, Cube Rooms, Dungeon
Bombs, the Death Process, Zombie turns) is recorded as the table reports it, never invented.
"""

from __future__ import annotations

from referee import citations as R
from referee.core_concepts import gain_tokens
from referee.errors import InvalidMove
from referee.moves import DEATH_OUTCOMES, PLAYER_STATES
from referee.state import Death, Procedure
from referee.variables import token_amount

# --- the procedures 02 puts on the pending stack: the End of Turn Process, the Death Process -----------


class EndOfTurnProc(Procedure):
    kind = "end-of-turn"
    # Effects the table records during the Cube Room check and Dungeon Bomb Step, and the step itself.
    accepts = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death",
                         "set-state", "declare", "end-turn",
                         "draw", "take", "discard",  # 08 loot: DUNGEON_BOMB_LOOT instructions
                         "encounter-draw"})  # 10: a Dungeon Bomb draws a Random Encounter
    must_finish_first = (R.TURN_SEQUENCE_END_PROCESS, R.TURN_SEQUENCE_COMPLETE, R.TURN_SEQUENCE_ACTIONS)

    def refuse(self, work, d, move) -> None:
        d.violate("end-of-turn-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint())

    player: str = ""
    step: str = "dungeon-bomb"  # cube-room | dungeon-bomb

    def title(self) -> str:
        step = "Cube Room End Effects" if self.step == "cube-room" else "Dungeon Bomb Step"
        return f"End of Turn Process for {self.player}: {step} (table-reported)"

    def finish_hint(self, state=None) -> str:
        return "record what happened, then `referee end-turn` to continue the End of Turn Process"


class DeathProc(Procedure):
    kind = "death"
    accepts = frozenset({"death", "damage"})  # damage: the same effect hitting others (simultaneous-deaths)
    must_finish_first = (R.DEATH_FULLY_RESOLVED, R.DEATH_INTERRUPTS)

    def refuse(self, work, d, move) -> None:
        d.violate("death-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint(work))

    player: str = ""
    cause: str = ""
    source: str = ""  # "random-encounter" (creates no Loot Opportunity, 10), "combat", "" (another effect)

    def title(self) -> str:
        return f"Death Process for {self.player} (09_DEATH_AND_VICTORY: the table reports the outcome)"

    def finish_hint(self, state=None) -> str:
        """The Death to report next: this one, or the Active Player's when it waits with this one among the Death
        Processes on top together (the Active Player's first, Core Timing: judge_death)."""
        name = self.player
        if state is not None:
            together = []
            for proc in reversed(state.stack):
                if not isinstance(proc, DeathProc):
                    break
                together.append(proc.player)
            if name in together and state.active_player.name in together:
                name = state.active_player.name
        return f"`referee death {name.lower()} removed|fallen|zombie|surviving`"


TURN_ORDER_OF_STATE = {"surviving": R.TURN_ORDER_SURVIVING, "zombie": R.TURN_ORDER_ZOMBIE, "fallen": R.TURN_ORDER_FALLEN,
                       "removed": R.TURN_ORDER_REMOVED_SKIPPED}
STATE_NAMES = {"surviving": "a Surviving Player", "fallen": "a Fallen Player", "zombie": "a Zombie Player",
               "removed": "a Removed Player"}


def _normal(action: str) -> str:
    return " ".join(action.split()).casefold()


# --- Turn Actions ------------------------------------------------------------------------------------


def judge_action(work, move, d) -> None:
    name, action = move.player, " ".join(move.action.split())
    if not action:
        raise InvalidMove("name the Turn Action (e.g. \"Open Chest\")")
    active = work.active_player.name
    if name != active:
        d.violate("not-the-active-player", f"it is {active}'s turn: only the Active Player takes Turn Actions",
                  R.PLAYER_TURN_DEFINITION, R.ACTIVE_PLAYER, fix=f"wait for {name}'s turn")
        # Applied only by --override (card text): it is not one of the Active Player's Turn Actions, and the
        # Kaos cost of repeating applies only during a Player's own Turn.
        d.say(f"{name} takes {action} outside {name}'s own Turn: not counted against {active}'s Turn Actions, "
              f"and no Kaos for repeating it", R.REPEAT_ONLY_OWN_TURN)
        d.report(f"what {action} does: {work.settings.not_loaded('05_ACTIONS')} and the card that allows it decide; "
                 f"the table records its effects")
        return
    if not work.own_player_turn(name) or work.player(name).state != "surviving":
        d.violate("not-a-normal-player-turn", f"{name} is {STATE_NAMES[work.player(name).state]}: only a Surviving "
                  f"Player takes a normal Player Turn",
                  R.PLAYER_TURN_NOT_OTHERS, R.PLAYER_TURN_DEFINITION,
                  fix=f"{work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} defines Zombie Turns; "
                      f"use --override if it allows this")
    repeats = sum(1 for taken in work.actions_taken if _normal(taken) == _normal(action))
    uses_action = True
    if repeats:
        reading = d.interpret("repeat-action-cost")
        uses_action = reading == "kaos-and-action"
        d.interpret("kaos-as-cost")  # 01 REPEATING_TURN_ACTIONS "spend 1 Kaos" vs 01 KAOS "only on d20 Checks"
        kaos = work.player(name).kaos
        d.cite(R.REPEAT_TURN_ACTION, R.REPEAT_ONLY_OWN_TURN)
        if kaos < 1:
            d.violate("repeat-needs-kaos", f"repeating {action} this turn costs 1 Kaos and {name} holds none",
                      R.REPEAT_TURN_ACTION, fix="take a different Turn Action, or end the turn")
            d.say(f"{name} repeats {action} without spending Kaos (applied anyway: {name} holds none)")
        else:
            work.player(name).kaos = kaos - 1
            d.say(f"{name} repeats {action}: spends 1 Kaos → {kaos - 1}", R.REPEAT_TURN_ACTION, kind="tokens")
    per_turn = work.settings.turn_actions
    spent = work.actions_spent + (1 if uses_action else 0)
    if uses_action and spent > per_turn:
        d.violate("no-turn-actions-left", f"{name} has used all {per_turn} Turn Actions this turn (the number of Turn Actions per turn is a "
                  f"table setting standing in for {work.settings.not_loaded('05_ACTIONS')})",
                  R.TURN_SEQUENCE_ACTIONS, fix="`referee end-turn`")
    work.actions_spent = spent
    work.actions_taken = work.actions_taken + (action,)
    d.say(f"{name} takes the Turn Action {action} ({spent}/{per_turn} Turn Actions used)", R.TURN_SEQUENCE_ACTIONS)
    d.report(f"what {action} does: {work.settings.not_loaded('05_ACTIONS')} defines it; the table resolves it and "
             f"records its effects (damage, gain, declare, ...)")


# --- Turn Order ----------------------------------------------------------------------------------------


def turn_order(state, start: int) -> list[int]:
    """Every position in Turn Order from `start` on: after the final position, play returns to the first."""
    n = len(state.players)
    return [(start + i) % n for i in range(n)]


def next_in_turn_order(work, position: int) -> int | None:
    """The next position after `position` whose Player is not Removed (a Removed Player's position is skipped),
    `position` itself last; None when every Player is Removed."""
    return next((i for i in turn_order(work, position + 1) if work.players[i].state != "removed"),
                None)


# --- Turn flow -----------------------------------------------------------------------------------------


def complete_turn(work, d) -> None:
    """Complete the Turn, then resolve the next position in Turn Order by the Player's state."""
    d.cite(R.TURN_SEQUENCE_COMPLETE)
    index = work.active
    nxt = next_in_turn_order(work, index)
    for passed in turn_order(work, index + 1):
        if passed == 0:
            d.cite(R.TURN_ORDER_WRAPS)
        if passed == nxt:
            break
        d.say(f"{work.players[passed].name}'s position is skipped (Removed)", R.TURN_ORDER_REMOVED_SKIPPED)
    else:
        d.say("every position in Turn Order is Removed: no next turn", R.TURN_ORDER_REMOVED_SKIPPED, kind="turn")
        return
    player = work.players[nxt]
    pstate = work.player(player.name).state
    turn = work.turn + 1
    work.active = nxt
    work.turn = turn
    work.actions_spent = 0
    work.actions_taken = ()
    d.cite(R.TURN_ORDER_BY_STATE)
    if pstate == "surviving":
        work.turn_kind = "player"
        d.say(f"Turn {turn}: {player.name}'s Player Turn ({player.name} is the Active Player)",
              R.TURN_ORDER_SURVIVING, R.ACTIVE_PLAYER, kind="turn")
    elif pstate == "zombie":
        work.turn_kind = "zombie"
        d.say(f"Turn {turn}: {player.name} takes a Zombie Turn", R.TURN_ORDER_ZOMBIE, R.PLAYER_TURN_NOT_OTHERS,
              kind="turn")
        d.report(f"{player.name}'s Zombie Turn: {work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} defines it; "
                 f"the table resolves it, then `referee end-turn`", R.ZOMBIE_TURNS_ELSEWHERE)
    else:
        work.turn_kind = "rising"
        d.say(f"Turn {turn}: {player.name} (Fallen) resolves Rising as a Zombie", R.TURN_ORDER_FALLEN,
              R.PLAYER_TURN_NOT_OTHERS, kind="turn")
        d.report(f"{player.name}'s Rising as a Zombie: {work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} "
                 f"defines it; the table reports it (`referee set-state {player.name.lower()} zombie`), then "
                 f"`referee end-turn`", R.ZOMBIE_TURNS_ELSEWHERE)


def judge_end_turn(work, move, d) -> None:
    name = work.active_player.name
    top = work.top
    if isinstance(top, EndOfTurnProc):
        return _continue_end_of_turn(work, move, d, top)
    if any(isinstance(p, EndOfTurnProc) for p in work.stack):
        return d.impossible()  # the End of Turn Process is under what must finish first (the engine said what)
    if work.turn_kind == "rising":
        now = work.player(name).state
        if now == "fallen":
            d.say(f"{name}'s position (Rising as a Zombie) is resolved as the table reported: {name} is still a Fallen "
                  f"Player (no standard End of Turn Process)", R.TURN_ORDER_FALLEN, R.EOT_NOT_FALLEN_REMOVED)
        else:
            d.say(f"{name}'s Rising as a Zombie is complete: {name} is {STATE_NAMES[now]} (no standard End of Turn "
                  f"Process)", R.TURN_ORDER_FALLEN, R.EOT_NOT_FALLEN_REMOVED)
        return complete_turn(work, d)
    if work.turn_kind != "player":
        d.say(f"{name}'s Zombie Turn is complete (no standard End of Turn Process)", R.EOT_NOT_ZOMBIE,
              R.EOT_ZOMBIE_ELSEWHERE)
        if work.turn_kind == "zombie":
            d.report(f"the Zombie End of Turn Process: {work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')}")
        return complete_turn(work, d)
    if work.player(name).state != "surviving":
        return _no_end_of_turn_process(work, d, name)
    per_turn = work.settings.turn_actions
    unspent = max(0, per_turn - work.actions_spent)
    d.cite(R.EOT_ONLY_SURVIVING, R.TURN_SEQUENCE_END_PROCESS, R.EOT_COUNT_UNSPENT)
    if unspent:
        amount, resource = token_amount(work.settings.variables, "TURN_ACTION_REFUND")
        gain_tokens(work, d, name, resource, amount * unspent,
                    f"TURN_ACTION_REFUND × {unspent} unspent Turn Action{'s' if unspent > 1 else ''}",
                    R.EOT_REFUND, R.TURN_END_EARLY, R.TURN_UNUSED_ACTIONS)
    else:
        d.say(f"{name} spent all {per_turn} Turn Actions: no TURN_ACTION_REFUND", R.EOT_REFUND, kind="tokens")
    if move.cube_room:
        d.report(f"{name}'s Portrait is in a Cube Room: resolve its Cube Room End Effects "
                 f"({work.settings.not_loaded('07_DUNGEON_BOMBS')}) and record them",
                 R.EOT_CUBE_ROOM_CHECK, R.EOT_CUBE_ROOM_EFFECTS)
        proc = EndOfTurnProc(player=name, step="cube-room")
    else:
        d.report(f"Cube Room check ({work.settings.not_loaded('07_DUNGEON_BOMBS')}): not reported by the table; "
                 f"if {name}'s Portrait is in a Cube Room, use `referee end-turn --cube-room`", R.EOT_CUBE_ROOM_CHECK)
        proc = EndOfTurnProc(player=name, step="dungeon-bomb")
    if move.complete:
        if move.cube_room:
            d.report("Cube Room End Effects: the table reports nothing to record")
        _bomb_step(work, d, name, nothing=True)
        return complete_turn(work, d)
    work.stack.append(proc)
    if proc.step == "dungeon-bomb":
        _bomb_step(work, d, name, nothing=False)
    d.oblige(proc.finish_hint())


def _no_end_of_turn_process(work, d, name: str) -> None:
    """The Active Player is no longer a Surviving Player: no standard End of Turn Process; the turn is complete."""
    pstate = work.player(name).state
    cites = (R.EOT_NOT_ZOMBIE, R.EOT_ZOMBIE_ELSEWHERE) if pstate == "zombie" else (R.EOT_NOT_FALLEN_REMOVED,)
    d.say(f"{name} is {STATE_NAMES[pstate]}: no standard End of Turn Process (no TURN_ACTION_REFUND, no Dungeon "
          f"Bomb Step); the turn is complete", R.EOT_ONLY_SURVIVING, R.PLAYER_TURN_NOT_OTHERS, *cites)
    if pstate == "zombie":
        d.report(f"the Zombie End of Turn Process: {work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')}")
    complete_turn(work, d)


def _bomb_step(work, d, name: str, nothing: bool) -> None:
    d.cite(R.EOT_BOMB_STEP, R.BOMB_STEP_SURVIVING)
    where = work.settings.not_loaded("07_DUNGEON_BOMBS")
    if nothing:
        d.report(f"Dungeon Bomb Step: {name} resolved the top card of the Dungeon Bomb Deck at the table ({where}); "
                 f"nothing to record", R.BOMB_STEP_TOP_CARD)
    else:
        d.report(f"Dungeon Bomb Step: {name} resolves the top card of the Dungeon Bomb Deck ({where}); record its "
                 f"effects, then `referee end-turn`", R.BOMB_STEP_TOP_CARD)


def _continue_end_of_turn(work, move, d, proc: EndOfTurnProc) -> None:
    name = proc.player
    pstate = work.player(name).state
    if proc.step == "cube-room":
        d.say(f"{name}'s Cube Room End Effects are recorded", R.EOT_CUBE_ROOM_EFFECTS)
        if pstate != "surviving":  # a Zombie now (Fallen/Removed ended the turn already): no standard bomb step
            work.stack.pop()
            d.say(f"{name} is {STATE_NAMES[pstate]}: no standard Dungeon Bomb Step", R.EOT_BOMB_STEP,
                  *((R.BOMB_STEP_ZOMBIE,) if pstate == "zombie" else (R.BOMB_STEP_NOT_FALLEN_REMOVED,)))
            if pstate == "zombie":
                d.report(f"the Zombie Dungeon Bomb Step: {work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')}")
            return complete_turn(work, d)
        if move.complete:
            work.stack.pop()
            _bomb_step(work, d, name, nothing=True)
            return complete_turn(work, d)
        work.stack[-1] = EndOfTurnProc(player=name, step="dungeon-bomb")
        _bomb_step(work, d, name, nothing=False)
        d.oblige("record the Dungeon Bomb Step's effects, then `referee end-turn`")
        return
    work.stack.pop()
    if pstate in ("fallen", "removed"):
        d.say(f"{name} left play during the already-begun Dungeon Bomb Step: it is completed as far as its rules "
              f"allow, then the Turn", R.EOT_FELL_DURING_BOMB)
    elif pstate == "zombie":
        d.say(f"{name}'s Dungeon Bomb Step is complete ({name} is a Zombie Player now)", R.BOMB_STEP_ZOMBIE)
    else:
        d.say(f"{name}'s Dungeon Bomb Step is complete", R.EOT_BOMB_STEP)
    complete_turn(work, d)


# --- Death, Player states, Victory -------------------------------------------------------------------


def refuse_removed(work, d, name: str, doing: str) -> None:
    """A Removed Player is out of the game: no Damage, healing, gains, statuses or Death Process for them
    (interpretation removed-is-out; 09_DEATH_AND_VICTORY is not loaded)."""
    if work.player(name).state == "removed":
        top = work.top  # what the table records next waits for the procedure on top
        wait = f"once {top.title()} is finished, then " if top is not None and "set-state" not in top.accepts else ""
        d.violate("removed-player-out", f"{name} is a Removed Player, out of the game, and cannot {doing}",
                  fix=f"if the table brings {name} back: {wait}`referee set-state {name.lower()} STATE`; or "
                      f"--override \"REASON\"", reading="removed-is-out")


def refuse_outside_a_player_turn(work, d, name: str, doing: str, *rules) -> bool:
    """`name`'s own position in Turn Order is being resolved, but not as a normal Player Turn (a Zombie Turn, Rising
    as a Zombie): what a Player does during their own Player Turn is refused, decided by 02 PLAYER_TURN (`rules`, the
    rule that ties it to the Player Turn, follow). False otherwise: another Player's turn is refused by each rule's
    own sentence."""
    if name != work.active_player.name or work.turn_kind == "player":
        return False
    what = "taking a Zombie Turn" if work.turn_kind == "zombie" else "resolving Rising as a Zombie"
    ext = work.settings.not_loaded("RULES_EXTENSION_01_ZOMBIES")
    d.violate("not-a-normal-player-turn", f"{name} is {what}, not a normal Player Turn: {doing}",
              R.PLAYER_TURN_NOT_OTHERS, *rules, R.ZOMBIE_TURNS_ELSEWHERE,
              fix=f"{ext} defines Zombie Turns; use --override if it allows this")
    return True


def death_source(work) -> str:
    """What a Death triggered now comes from, as far as a Loot Opportunity cares: a Random Encounter being resolved
    ("random-encounter", 10 RANDOM_ENCOUNTERS_AND_DEATH), a Combat Encounter it started ("combat"), or "" (another
    effect the table reports)."""
    enc = next((p for p in reversed(work.stack) if p.kind == "random-encounter"), None)
    if enc is None:
        return ""
    return "combat" if enc.step == "combat" else "random-encounter"


def flag_possible_death(work, d, name: str) -> None:
    """After `name`'s Health went down: at 0 or below (a Surviving or Zombie Player), a possible Death; the Death
    Process (09, not loaded) is the table's to report (interpretation health-below-zero)."""
    health = work.player(name).health
    if health > 0 or work.player(name).state not in ("surviving", "zombie"):
        return
    if any(isinstance(p, DeathProc) and p.player == name for p in work.stack):
        return
    cause = f"Health {health}"
    d.interpret("health-below-zero")
    eot = next((p for p in work.stack if isinstance(p, EndOfTurnProc)), None)
    work.stack.append(DeathProc(player=name, cause=cause, source=death_source(work)))
    d.say(f"{name} is at {cause}: possible Death. Gameplay pauses until the Death Process is resolved.",
          R.DEATH_INTERRUPTS, R.DEATH_FULLY_RESOLVED, kind="death")
    if eot is not None:  # during the End of Turn Process (and its Dungeon Bomb Step): resolve it immediately
        d.cite(R.EOT_DEATH_IMMEDIATELY, *((R.BOMB_STEP_DEATH_IMMEDIATELY,) if eot.step == "dungeon-bomb" else ()))
    if work.player(name).state == "zombie":
        d.report(f"what {cause} means for {name}, a Zombie Player: "
                 f"{work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} decides it (not 09_DEATH_AND_VICTORY); "
                 f"the table reports the outcome")
        return d.oblige(f"report the outcome: `referee death {name.lower()} removed|fallen|zombie|surviving`")
    d.report(
        f"the Death Process for {name}: {work.settings.not_loaded('09_DEATH_AND_VICTORY')} decides it; "
        f"the table reports the outcome",
        R.DEATH_DEFINED_IN_09,
    )
    d.oblige(f"report {name}'s Death Process: `referee death {name.lower()} removed|fallen|zombie|surviving`")


def judge_death(work, move, d) -> None:
    name, outcome = move.player, move.outcome
    if outcome not in DEATH_OUTCOMES:
        raise InvalidMove(f"unknown Death outcome {outcome!r}: {', '.join(DEATH_OUTCOMES)}")
    refuse_removed(work, d, name, "have a Death Process")
    pending = [p for p in work.stack if isinstance(p, DeathProc)]
    top = work.top
    # Death Processes on top of the stack together were triggered together (simultaneous-deaths): the Active
    # Player's first (Core Timing), the others in any order.
    together = []
    for proc in reversed(work.stack):
        if not isinstance(proc, DeathProc):
            break
        together.append(proc)
    mine = next((p for p in together if p.player == name), None)
    active = work.active_player.name
    if together and mine is None:
        d.violate("other-death-first", f"{together[0].player}'s Death Process is being resolved first", *DeathProc.must_finish_first,
                  fix=together[0].finish_hint(work))
        return d.impossible()
    if mine is not None and name != active and any(p.player == active for p in together):
        d.interpret("simultaneous-deaths")
        d.violate("active-players-death-first", f"{active}'s Death Process is pending too: the Active Player's is "
                  f"resolved first",
                  R.TIMING_ACTIVE_FIRST, fix=f"`referee death {active.lower()} removed|fallen|zombie|surviving`")
    if mine is not None:
        if mine is top:
            work.stack.pop()
        else:
            work.stack[:] = [p for p in work.stack if p is not mine]
        if len(together) > 1:
            d.interpret("simultaneous-deaths")
    elif any(p.player == name for p in pending):
        d.impossible()
        d.violate("death-not-on-top", f"{name}'s Death Process is not on top of the pending stack", R.DEATH_FULLY_RESOLVED,
                  fix=f"finish {top.title() if top else 'what is on top'} first")
        return
    else:
        d.say(f"the table reports a Death for {name}", R.DEATH_INTERRUPTS)
    source = mine.source if mine is not None else death_source(work)
    work.deaths = work.deaths + (Death(name, outcome, source),)
    where = work.settings.not_loaded("09_DEATH_AND_VICTORY")
    d.report(f"{name}'s Death Process ({where}): the table reports the outcome: {outcome}", R.DEATH_DEFINED_IN_09)
    d.cite(R.DEATH_FULLY_RESOLVED)
    if outcome in ("fallen", "zombie"):
        d.cite(R.DEATH_REPLACED)
    _change_state(work, d, name, outcome, R.DEATH_DEFINED_IN_09, after_death=True)


def judge_set_state(work, move, d) -> None:
    if move.state not in PLAYER_STATES:
        raise InvalidMove(f"unknown Player state {move.state!r}: {', '.join(PLAYER_STATES)}")
    if work.player(move.player).state == move.state:  # nothing to record: legal, and nothing to apply
        d.say(f"{move.player} is already {STATE_NAMES[move.state]}: nothing changes")
        return d.impossible()
    rising = (move.player == work.active_player.name and work.turn_kind == "rising"
              and work.player(move.player).state == "fallen")
    d.report(f"{move.player} becomes {STATE_NAMES[move.state]}: the table reports it "
             f"(09_DEATH_AND_VICTORY / RULES_EXTENSION_01_ZOMBIES decide when)")
    # the Fallen Player's position being resolved: Rising as a Zombie is what it resolves; else what the new state
    # means for the Player's position in Turn Order
    because = (R.TURN_ORDER_FALLEN, R.ZOMBIE_TURNS_ELSEWHERE) if rising else (TURN_ORDER_OF_STATE[move.state],)
    _change_state(work, d, move.player, move.state, *because, after_death=False)


def _change_state(work, d, name: str, new: str, *because, after_death: bool) -> None:
    """`because`: the sentences that make `name` `new` (the reason of the change on the ruling)."""
    old = work.player(name).state
    if new != old:
        work.player(name).state = new
        d.say(f"{name} is now {STATE_NAMES[new]}", *because, kind="death")
    else:
        d.cite(*because)
    if after_death:
        d.cite(R.VICTORY_AFTER_DEATH)
    if new == "fallen" and old != "fallen":
        d.cite(R.VICTORY_AFTER_FALL)
    if not (after_death or (new != "surviving" and old == "surviving")):
        if new == "removed" and old != "removed":  # a Zombie or Fallen Player's position, Removed: skipped now
            _active_left_play(work, d, name, new)
        return
    # After each completed Death Process, even with others pending: a Player whose Death Process is still pending
    # is a Surviving Player until it completes (VICTORY_CHECKS; interpretation simultaneous-deaths).
    waiting = [p.player for p in work.stack if isinstance(p, DeathProc)]
    survivors = [p.name for p in work.players if work.player(p.name).state == "surviving"]
    if waiting:
        d.interpret("simultaneous-deaths")
    if len(survivors) == 1:
        if waiting:
            d.say(f"the Death Process for {', '.join(waiting)} is not resolved: the game has ended",
                  R.GAME_ENDS, R.VICTORY_AFTER_DEATH, kind="game-end")
        return victory(work, d, survivors[0])
    elif not survivors:
        d.interpret("nobody-survives")
        d.say("no Surviving Player remains: no Victory; the table decides", R.VICTORY_ONE_SURVIVOR)
    else:
        d.say(f"Victory Check: {len(survivors)} Surviving Players remain, the game goes on"
              + (f"; the Death Process for {', '.join(waiting)} is next" if waiting else ""), R.VICTORY_IMMEDIATE)
    _active_left_play(work, d, name, new)


def _active_left_play(work, d, name: str, new: str) -> None:
    """The Active Player is no longer Surviving: the normal Player Turn ends (02 PLAYER_TURN, END_OF_TURN_PROCESS).
    Removed while their position is a Zombie Turn or Rising as a Zombie: the position is done, play passes."""
    if new == "removed" and name == work.before.active_player.name and work.before.turn_kind != "player":
        d.say(f"{name} is a Removed Player: {name}'s position in Turn Order is done and play passes",
              R.TURN_ORDER_REMOVED_SKIPPED)
        if not work.stack:
            complete_turn(work, d)
        return
    if new == "surviving" or not work.own_player_turn(name):
        return
    top = work.top
    bomb = next((p for p in work.stack if isinstance(p, EndOfTurnProc) and p.step == "dungeon-bomb"), None)
    if new == "zombie":
        work.turn_kind = "zombie"
        d.say(f"{name} is a Zombie Player now: {name}'s normal Player Turn ends; no standard End of Turn Process "
              f"(no TURN_ACTION_REFUND, no standard Dungeon Bomb Step)",
              R.PLAYER_TURN_NOT_OTHERS, R.EOT_ONLY_SURVIVING, R.EOT_NOT_ZOMBIE)
        d.report(f"the rest of {name}'s turn as a Zombie (the Zombie End of Turn Process): "
                 f"{work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} defines it; the table resolves it, "
                 f"then `referee end-turn`", R.EOT_ZOMBIE_ELSEWHERE)
        return
    if bomb is not None:  # on top, or below what interrupted it (a Random Encounter it drew)
        d.say(f"{name} left play during the Dungeon Bomb Step: complete it as far as its rules allow, then "
              f"`referee end-turn`", R.EOT_FELL_DURING_BOMB)
        return
    if isinstance(top, EndOfTurnProc):
        work.stack.pop()
        d.say(f"{name}'s turn ends without a Dungeon Bomb Step", R.EOT_FELL_BEFORE_BOMB)
    else:
        d.interpret("turn-after-removal")
        if work.stack:  # something else is still pending; the turn passes when it is done (after_move)
            d.say(f"{name}'s turn ends once {work.stack[-1].title()} is done (no End of Turn Process)",
                  R.EOT_NOT_FALLEN_REMOVED)
            return
        d.say(f"{name}'s turn ends (no End of Turn Process)", R.EOT_NOT_FALLEN_REMOVED)
    if work.stack:
        d.say(f"{name}'s turn passes once {work.stack[-1].title()} is done")
        return
    complete_turn(work, d)


def after_move(work, move, d) -> None:
    """The pending stack has just emptied while the Active Player is no longer Surviving: the turn passes now.

    (A Fallen or Removed Player does not resolve an End of Turn Process; without this the turn would wait for an
    `end-turn` that must not run one.)
    """
    if not d.applicable or work.ended or work.stack or not work.before.stack:
        return
    if work.turn != work.before.turn or work.turn_kind != "player":
        return  # the turn already passed during this move, or it is not a normal Player Turn
    name = work.players[work.active].name
    pstate = work.player(name).state
    if pstate == "surviving":
        return
    if pstate == "zombie":
        return _active_left_play(work, d, name, "zombie")
    d.interpret("turn-after-removal")
    d.say(f"nothing is pending any more and {name} is {STATE_NAMES[pstate]}: {name}'s turn ends "
          f"(no End of Turn Process)", R.EOT_NOT_FALLEN_REMOVED, R.PLAYER_TURN_NOT_OTHERS)
    complete_turn(work, d)


def victory(work, d, winner: str) -> None:
    work.ended = True
    work.winner = winner
    if work.stack:
        work.stack.clear()
    d.say(f"VICTORY: {winner} is the only Surviving Player and wins. The game ends.",
          R.VICTORY_IMMEDIATE, R.VICTORY_ONE_SURVIVOR, R.VICTORY_DEFAULT, R.GAME_ENDS, R.GAME_WINNER, kind="game-end")
