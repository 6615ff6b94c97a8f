"""10 RANDOM_ENCOUNTERS_AND_DEATH, RANDOM_ENCOUNTERS_AND_COMBAT, RANDOM_ENCOUNTERS_AND_DUNGEON_BOMBS: what
interrupts an encounter and how it goes on (`encounter continue`), or ends with the game.
"""

from __future__ import annotations

from referee.records import replace
from referee import citations as R
from referee.random_encounters.procedure import EncounterProc, current_encounter
from referee.random_encounters.deck import encounter_card, encounters_copy
from referee.random_encounters.completion import complete_encounter, ended_for_fallen
from referee.random_encounters.event_reward import event_reward
from referee.random_encounters.completion_options import no_encounter, option_resolved
from referee.random_encounters.penalty import run_penalty, judge_plot_armor_not_counted


def judge_continue(work, move, d) -> None:
    enc = current_encounter(work)
    if enc is None:
        return no_encounter(d)
    if work.stack[-1] is not enc:
        return d.impossible()  # the engine named what finishes first
    if enc.step == "reward":
        count, kind, text = event_reward(work.settings.variables)
        if d.interpret("event-reward-optional") == "required":
            d.violate("event-reward-required", f"the Event Reward is drawn before '{enc.card}' is discarded (table "
                      f"setting)",
                      R.RE_REWARD_BEFORE_DISCARD, R.EVENT_REWARD_RESOLVES, fix=enc.finish_hint(work))
        d.say(f"{enc.player} declines the Event Reward ({text})", R.EVENT_REWARD_RESOLVES)
        return complete_encounter(work, d, enc, "success")
    if enc.step == "combat":
        d.say(f"the Combat Encounter is over: '{enc.card}' resumes", R.RE_COMBAT_RESUME, R.RE_COMBAT_CARD_WAITS)
        enc = replace(enc, step="penalty")
        work.stack[-1] = enc
        return run_penalty(work, d, enc)
    if enc.step == "option":
        option = encounter_card(work, enc.card)["options"][enc.option - 1]
        if enc.awaiting == "discard":
            d.violate("option-discard-waits", f"option {enc.option} of '{enc.card}' waits for its Loot discard: "
                      f"{enc.finish_hint(work)}", R.OPTIONS_MUST_RESOLVE_CHOSEN, R.RE_LOOT_ELIGIBLE, fix=enc.finish_hint(work))
        else:
            d.say(f"option {enc.option} of '{enc.card}' ({option['text']}) is resolved as the table reported",
                  R.NON_CHECK_REQUIREMENTS)
        return option_resolved(work, d, enc, option)
    if enc.step == "penalty" and enc.awaiting == "report":
        d.say(f"Penalty {enc.next + 1} of '{enc.card}' is resolved as the table reported", R.PENALTY_OTHER)
        enc = replace(enc, next=enc.next + 1, awaiting="")
        work.stack[-1] = enc
        return run_penalty(work, d, enc)
    if judge_plot_armor_not_counted(work, d, enc):
        return
    if enc.step == "penalty" and enc.awaiting:
        d.violate("penalty-instruction-waits", f"the Penalty of '{enc.card}' waits: {enc.finish_hint(work)}",
                  R.RE_PRINTED_ORDER, R.PENALTY_AS_FAR_AS_POSSIBLE, fix=enc.finish_hint(work))
        enc = replace(enc, next=enc.next + 1, awaiting="", roller="", die=0)  # what an --override skips
        work.stack[-1] = enc
        return run_penalty(work, d, enc)
    if enc.step == "penalty":
        return run_penalty(work, d, enc)
    if enc.step == "complete":
        return complete_encounter(work, d, enc, "success" if enc.option else "ended")
    d.violate("choose-before-continuing", f"{enc.player} has not chosen an option of '{enc.card}' yet",
              R.OPTIONS_CHOOSE_FIRST, fix=enc.finish_hint(work))
    d.impossible()


def resume(work, d, enc: EncounterProc) -> None:
    """What was above the encounter is done (a Death Process, a Loot Management Window): go on."""
    if work.player(enc.player).state == "removed":
        d.say(f"{enc.player}, the Encountering Player, was removed: '{enc.card}' ends after the Death Process "
              f"and Victory Check", R.RE_DEATH_REMOVED_ENDS, R.RE_PROC_VICTORY_CHECK)
        return complete_encounter(work, d, enc, "ended")
    if enc.step in ("option", "reward", "penalty", "combat") and ended_for_fallen(work, d, enc):
        return
    if enc.step == "complete":
        return complete_encounter(work, d, enc, "success")
    if enc.step == "penalty" and not enc.awaiting:
        d.say(f"'{enc.card}' resumes: the rest of its Penalty", R.RE_DEATH_RESUME, R.RE_NESTED_INTERRUPTION)
        return run_penalty(work, d, enc)
    if enc.finish_hint(work) not in d.obligations:
        d.oblige(enc.finish_hint(work))


def at_game_end(work, d, enc: EncounterProc) -> None:
    """Victory during the encounter: the game ends at once and nothing more of the card is resolved."""
    d.interpret("encounter-after-victory")
    d.say(f"the game is over: no further instruction of '{enc.card}' is resolved; the card is left unresolved",
          R.RE_VICTORY_STOPS, R.RE_BOMB_VICTORY, R.RE_PROC_COMPLETE)
    pile = encounters_copy(work)
    pile["unresolved"] = pile.get("unresolved", []) + [enc.card]
    work.encounters = pile
