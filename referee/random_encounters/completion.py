"""10 RANDOM_ENCOUNTER_SUCCESS / RANDOM_ENCOUNTER_FAILURE: completing the encounter (the card discarded) and
resuming what it interrupted.
"""

from __future__ import annotations

from referee import citations as R
from referee.game_structure import DeathProc
from referee.random_encounters.procedure import EncounterProc
from referee.random_encounters.deck import encounters_copy


def paused_by_death(work, d, enc) -> bool:
    top = work.top
    if not isinstance(top, DeathProc):
        return False
    d.say(f"Death pauses '{enc.card}': the Death Process is resolved first; this Death creates no Loot Opportunity",
          R.RE_DEATH_PAUSES, R.RE_DEATH_NO_LOOT_OPPORTUNITY, R.PENALTY_DEATH_BY_09, R.RE_PROC_DEATH, R.RE_DEATH_BY_09)
    dying = [p.player for p in reversed(work.stack) if isinstance(p, DeathProc)]
    if len(dying) > 1:
        d.interpret("simultaneous-deaths")
        d.say(f"Death Processes for {', '.join(dying)}, resolved in this order (the Active Player's first, then Turn "
              f"Order): {top.player}'s now", R.TIMING_ACTIVE_FIRST, R.DEATH_FULLY_RESOLVED)
    if enc.cause == "bomb":
        d.cite(R.RE_BOMB_DEATH)
    d.oblige(f"after the Death Process and the Victory Check, '{enc.card}' resumes if anything of it is left")
    return True


_COMPLETION = {
    "success": (R.RE_SUCCESS_DISCARD, R.RE_SUCCESS_COMPLETE, R.RE_SUCCESS_RESUME),
    "failure": (R.RE_FAILURE_DISCARD, R.RE_FAILURE_COMPLETE, R.RE_FAILURE_RESUME),
    "ended": (R.RE_DEATH_REMOVED_ENDS, R.RE_DISCARD_PLACED),
}


def complete_encounter(work, d, enc: EncounterProc, outcome: str) -> None:
    """`enc` is on top: discard its card, complete it, and resume what it interrupted."""
    work.stack.pop()
    pile = encounters_copy(work)
    pile["discard"].append(enc.card)
    work.encounters = pile
    d.say(f"'{enc.card}' is discarded to the Random Encounter discard pile: the Random Encounter is complete",
          R.RE_DISCARD_PLACED, *_COMPLETION[outcome], R.RE_PROC_COMPLETE)
    below = work.top
    if enc.cause != "bomb" and work.player(enc.player).state in ("fallen", "removed"):
        # a Dungeon Bomb resolution is completed as far as its rules allow (02 END_OF_TURN_PROCESS); a Move Action,
        # Flee or effect of a Player who left play is not
        d.say(f"{enc.source} does not resume: {enc.player} is no longer a Surviving Player", R.RE_FAILURE_RESUME)
    else:
        d.say(f"{enc.source} resumes", R.RE_PROC_RESUME, *((R.RE_BOMB_RESUME,) if enc.cause == "bomb" else ()))
    if below is not None and below.finish_hint() not in d.obligations:
        d.oblige(below.finish_hint())


def ended_for_fallen(work, d, enc: EncounterProc) -> bool:
    """The Encountering Player is Fallen or a Zombie Player now: what of the card is left for them is an
    interpretation (encountering-player-falls), said whenever it decides. True when the encounter ended."""
    pstate = work.player(enc.player).state
    if pstate not in ("fallen", "zombie"):
        return False
    who = f"{enc.player}, the Encountering Player, is {'a Fallen' if pstate == 'fallen' else 'a Zombie'} Player"
    if d.interpret("encountering-player-falls") == "encounter-ends":
        d.say(f"{who}: '{enc.card}' ends (table setting)", R.RE_DEATH_REMOVED_ENDS)
        complete_encounter(work, d, enc, "ended")
        return True
    said = f"{who}: what is left of '{enc.card}' is resolved on {enc.player} as far as it can be"
    if said not in d.consequences:
        d.say(said, R.RE_DEATH_RESUME)
        d.report(f"what {'a Fallen' if pstate == 'fallen' else 'a Zombie'} Player can still resolve: "
                 f"{work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} decides it; --override an instruction "
                 f"it excludes", R.ZOMBIE_TURNS_ELSEWHERE)
    return False
