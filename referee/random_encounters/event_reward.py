"""10 RANDOM_ENCOUNTER_EVENT_REWARD (01 EVENT_REWARD): after success, the Event Reward before the card is
discarded.
"""

from __future__ import annotations

import re
from referee.records import replace
from referee import citations as R
from referee.moves import LOOT_KIND_ALIASES
from referee.random_encounters.procedure import EncounterProc
from referee.random_encounters.completion import complete_encounter, paused_by_death


def event_reward(variables: dict) -> tuple[int, str, str]:
    """CURRENT_EVENT_REWARD as read from the rules: (how many, which Loot type, the text)."""
    from referee.variables import VariableError

    text = variables.get("CURRENT_EVENT_REWARD", "")
    found = re.search(r"draw ([0-9]+) (Common Magic|Rare Magic|Armor|Weapon)", text, re.IGNORECASE)
    if not found:
        raise VariableError(f"CURRENT_EVENT_REWARD is {text!r}: not a Loot draw the referee can follow")
    return int(found.group(1)), LOOT_KIND_ALIASES[found.group(2).lower()], text


def succeeded(work, d, enc: EncounterProc, option: dict, reward_rule) -> None:
    """`enc` (on the stack, already at step reward/complete) succeeded: reward, or complete."""
    if paused_by_death(work, d, enc):
        return
    if enc.step == "reward":
        count, kind, text = event_reward(work.settings.variables)
        d.interpret("event-reward-optional")
        d.say(f"Event Reward for {enc.player}: {text} It is resolved before '{enc.card}' is discarded",
              reward_rule, R.RE_REWARD_BEFORE_DISCARD, R.EVENT_REWARD_RESOLVES, R.RE_REWARD_BY_01,
              R.RE_REWARD_LOOT_BY_08)
        d.oblige(enc.finish_hint(work))
        return
    complete_encounter(work, d, enc, "success")


def observe(work, move, d) -> None:
    """A move made while a Random Encounter is on top: the Event Reward's Loot draw is checked and recorded."""
    enc = work.stack[-1]
    if move.type != "draw" or enc.step != "reward":
        return
    count, kind, text = event_reward(work.settings.variables)
    if move.player != enc.player:
        d.violate("event-reward-not-theirs", f"the Event Reward is {enc.player}'s to draw", R.EVENT_REWARD_WHO,
                  R.CHECK_OPTION_REWARD, fix=enc.finish_hint(work))
    if tuple(move.kinds) != (kind,) * count:
        d.violate("event-reward-is-current", f"the Event Reward is: {text}", R.EVENT_REWARD_RESOLVES,
                  R.VARIABLES_RULE, fix=enc.finish_hint(work))
    d.interpret("event-reward-optional")
    who = (f"{enc.player} resolves the Event Reward" if move.player == enc.player
           else f"{move.player} draws it as the Event Reward (applied anyway: it is {enc.player}'s)")
    d.say(f"{who} ({text}); '{enc.card}' is discarded when the Loot is placed",
          R.EVENT_REWARD_RESOLVES, R.RE_REWARD_BEFORE_DISCARD, R.RE_REWARD_LOOT_BY_08, R.RE_LOOT_DRAW_BY_08)
    work.stack[-1] = replace(enc, step="complete")
