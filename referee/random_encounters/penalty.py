"""10 ENCOUNTER_PENALTY, RANDOM_ENCOUNTER_FAILURE: the Penalty in printed order, as far as possible (a damage die
rolled by the Player to the left, Loot discarded, Health and Kaos lost); `encounter roll`, `encounter discard`.
"""

from __future__ import annotations

from referee.records import replace
from referee import citations as R
from referee import core_concepts
from referee.errors import InvalidMove
from referee.game_structure import DeathProc, next_in_turn_order
from referee.moves import STATUSES, Damage, GainStatus
from referee.random_encounters.procedure import EncounterProc, current_encounter
from referee.random_encounters.deck import encounter_card
from referee.random_encounters.completion import complete_encounter, ended_for_fallen, paused_by_death
from referee.random_encounters.event_reward import succeeded
from referee.parsing import quoted
from referee.random_encounters.completion_options import (
    discard_for_option, eligible_text, lose_health, match_discard, no_encounter, plot_armor_asked, plot_armor_counted,
    plot_armor_note,
)


def consume_check_result(work, d, check, success) -> None:
    """The Check of a Check option resolved: the encounter (now on top) succeeds or fails."""
    enc = work.stack[-1]
    if enc.step != "check":
        return  # a Check the table declared during the Penalty or a Combat Encounter: not the option's
    option = encounter_card(work, enc.card)["options"][enc.option - 1]
    if option["reward"] and any(p.dropped for p in check.participants):
        d.cite(R.EVENT_REWARD_FINAL_RESULT)
    if success:
        d.say(f"the Check succeeded: {enc.player} succeeds at '{enc.card}'", R.CHECK_OPTION_SUCCESS, R.RE_SUCCESS)
        enc = replace(enc, step="reward" if option["reward"] else "complete")
        work.stack[-1] = enc
        return succeeded(work, d, enc, option, R.CHECK_OPTION_REWARD)
    d.say(f"the Check failed: {enc.player} fails '{enc.card}' and resolves the Encounter Penalty",
          R.PENALTY_ON_FAIL, R.CHECK_OPTION_FAILURE, R.RE_FAILURE, R.RE_FAILURE_PENALTY, R.PENALTY_ON_FAIL)
    if option["reward"]:
        d.say("no Event Reward: the Check failed", R.EVENT_REWARD_NOT_ON_FAIL, R.RE_REWARD_NOT_ON_FAIL)
    enc = replace(enc, step="penalty", next=0)
    work.stack[-1] = enc
    run_penalty(work, d, enc)


def _left_of(work, name: str) -> str:
    """The Player to `name`'s left: the next Player in Turn Order who is still in the game (damage-roller)."""
    left = next_in_turn_order(work, work.settings.players.index(name))
    return name if left is None else work.players[left].name


def run_penalty(work, d, enc: EncounterProc) -> None:
    """Resolve the Penalty from instruction `enc.next` until one needs the table, Death pauses, or it is done."""
    from referee.loot_and_inventory import eligible_loot

    card = encounter_card(work, enc.card)
    items = card["penalty"]
    who = enc.player
    if not items:
        d.say(f"'{enc.card}' has no Penalty (the card says so)", R.RE_HAS_PENALTY)
    if len(items) > 1:
        d.cite(R.RE_PRINTED_ORDER)
    i = enc.next
    while i < len(items):
        item, label = items[i], f"Penalty {i + 1}/{len(items)}"
        if work.player(who).state == "removed":
            d.say(f"{who} was removed from the game: the rest of the Penalty is not resolved", R.RE_DEATH_REMOVED_ENDS)
            break
        if ended_for_fallen(work, d, enc):
            return
        kind = item["kind"]
        if kind == "damage" and "die" in item:
            roller = _left_of(work, who)
            enc = replace(enc, next=i, awaiting="roll", roller=roller, die=item["die"])
            work.stack[-1] = enc
            d.interpret("damage-roller")
            d.say(f"{label}: d{item['die']} Damage to {who}: {roller}, to {who}'s left, rolls the d{item['die']}",
                  R.PENALTY_DAMAGE_DIE, R.DAMAGE_ROLLER, R.DAMAGE_ROLLER_NOT_DEALER, R.DICE_OTHERS, kind="tokens")
            return d.oblige(enc.finish_hint(work))
        if kind == "discard":
            eligible = eligible_loot(work, who)
            if not eligible:
                d.say(f"{label}: discard {item['amount']} Loot: {who} has no eligible Loot left{plot_armor_note(work, d, who)}; "
                      f"this instruction is skipped and the Penalty is resolved as far as possible",
                      R.PENALTY_AS_FAR_AS_POSSIBLE, R.PENALTY_LOOT_DISCARD, R.RE_AS_MUCH_AS_POSSIBLE, kind="cards")
                i += 1
                continue
            enc = replace(enc, next=i, awaiting="discard", die=min(item["amount"], len(eligible)))
            work.stack[-1] = enc
            d.say(f"{label}: {who} discards {enc.die} Loot (eligible: {eligible_text(work, d, eligible)})",
                  R.PENALTY_LOOT_DISCARD, R.RE_LOOT_BY_08, kind="cards")
            if len(eligible) < item["amount"]:
                d.say(f"{who} holds only {len(eligible)} eligible Loot{plot_armor_note(work, d, who)}: the discard is "
                      f"resolved as far as possible", R.PENALTY_AS_FAR_AS_POSSIBLE)
            return _await_discard(work, d, enc, eligible)
        if kind == "combat":
            enc = replace(enc, next=i + 1, step="combat", awaiting="")
            work.stack[-1] = enc
            d.say(f"{label}: a Combat Encounter begins ({item['text']}); '{enc.card}' stays in the interrupted "
                  f"resolution area until it and any Death Process are over", R.PENALTY_COMBAT, R.RE_COMBAT_BY_06_AGAIN,
                  R.RE_COMBAT_CARD_WAITS, R.RE_COMBAT_BY_06)
            d.report(f"the Combat Encounter: {work.settings.not_loaded('06_COMBAT_ENCOUNTER')} defines it; the table "
                     f"resolves it and records its Damage and Deaths")
            return d.oblige(enc.finish_hint(work))
        if kind == "other":
            enc = replace(enc, next=i, awaiting="report")
            work.stack[-1] = enc
            d.report(f"{label}: '{item['text']}': the table resolves it and records what changes (its Loot by 08, "
                     f"inside the encounter), then `referee encounter continue`", R.PENALTY_OTHER, R.RE_LOOT_MANAGE_BY_08)
            return d.oblige(enc.finish_hint(work))
        enc = replace(enc, next=i + 1, awaiting="")
        work.stack[-1] = enc  # before an effect that may start a Death Process above it
        _penalty_now(work, d, enc, item, label)
        i += 1
        if paused_by_death(work, d, enc):
            return
    complete_encounter(work, d, enc, "failure")


def _await_discard(work, d, enc: EncounterProc, eligible: list[str]) -> None:
    """The Penalty waits for a Loot discard. When only a Plot Armor whose eligibility the table decides is left
    (plot-armor-eligible = table-decides), the referee asks: discard it (it counts) or continue (it does not)."""
    plot = plot_armor_asked(work, d, eligible) if enc.step == "penalty" else ""  # an option chosen has its answer
    if plot and eligible == [plot]:
        d.say(f"{enc.player} holds no other eligible Loot: the rules do not say whether Plot Armor is eligible Loot, "
              f"so the table decides", R.RE_LOOT_ELIGIBLE, R.LOOT_PLOT_ARMOR_SPECIAL)
        return d.oblige(f"`referee encounter discard {enc.player.lower()} {quoted(plot)}` if the table counts it as "
                        f"eligible Loot, or `referee encounter continue` if it does not (the Penalty is then resolved "
                        f"as far as possible)")
    return d.oblige(enc.finish_hint(work))


def judge_plot_armor_not_counted(work, d, enc: EncounterProc) -> bool:
    """`encounter continue` while a Loot discard waits on a Plot Armor whose eligibility the table decides: the table
    does not count it, so the instruction is resolved as far as possible. False when that is not the question."""
    from referee.loot_and_inventory import eligible_loot

    if enc.step != "penalty" or enc.awaiting != "discard":
        return False
    eligible = eligible_loot(work, enc.player)
    plot = plot_armor_asked(work, d, eligible)
    if not plot or eligible != [plot]:
        return False
    d.say(f"the table does not count {plot} as eligible Loot: Penalty {enc.next + 1} of '{enc.card}' is resolved as "
          f"far as possible", R.RE_LOOT_ELIGIBLE, R.PENALTY_AS_FAR_AS_POSSIBLE, R.RE_AS_MUCH_AS_POSSIBLE)
    enc = replace(enc, next=enc.next + 1, awaiting="", die=0)
    work.stack[-1] = enc
    run_penalty(work, d, enc)
    return True


def _affected(work, d, enc, item: dict, label: str) -> list[str]:
    """Who an instruction affects; for all Players, in the order the Core Timing Principle gives (said in the ruling)."""
    if not item.get("all"):
        return [enc.player]
    order = core_concepts.timing_order(work, all_players(work, d))
    d.interpret("simultaneous-order")
    d.say(f"{label} affects all Players: each resolves it; resolved at the same time, the Active Player's first, "
          f"then in Turn Order: {', '.join(order) or 'no one'}", R.ENCOUNTERING_ALL, R.TIMING_ACTIVE_FIRST,
          R.TIMING_FEWEST_UNRESOLVED)
    return order


def all_players(work, d) -> list[str]:
    """Who "all Players" are for a Random Encounter that affects all Players (interpretation all-players, always
    named on the ruling with who was left out): every Player not Removed, or Surviving Players only."""
    from referee.game_structure import STATE_NAMES

    reading = d.interpret("all-players")
    keep = ("surviving",) if reading == "surviving-only" else ("surviving", "fallen", "zombie")
    names = [p.name for p in work.players if work.player(p.name).state in keep]
    out = [f"{p.name} ({STATE_NAMES[work.player(p.name).state]})" for p in work.players
           if p.name not in names]
    which = "Surviving Players only" if reading == "surviving-only" else "every Player not Removed"
    d.say(f"\"all Players\" are {which}: {', '.join(names) or 'no one'}"
          + (f"; not affected: {', '.join(out)}" if out else ""),
          R.ENCOUNTERING_ALL, *((R.PLAYER_TURN_NOT_OTHERS,) if out else ()),
          *((R.TURN_ORDER_REMOVED_SKIPPED,) if any(work.player(p.name).state == "removed" for p in work.players) else ()))
    return names


def _penalty_now(work, d, enc, item: dict, label: str) -> None:
    below = len(work.stack)
    order = _affected(work, d, enc, item, label)
    for who in order:
        _penalty_for(work, d, enc, item, label, who)
    deaths = work.stack[below:]
    if len(deaths) > 1 and all(isinstance(p, DeathProc) for p in deaths):
        # resolved in the same order: the Active Player's Death Process on top, then Turn Order
        ranked = sorted(deaths, key=lambda p: order.index(p.player), reverse=True)
        if ranked != deaths:
            work.stack[:] = work.stack[:below] + ranked


def _penalty_for(work, d, enc, item: dict, label: str, who: str) -> None:
    kind = item["kind"]
    d.cite(R.PENALTY_DEFINITION)
    if kind == "damage":
        d.say(f"{label}: {item['amount']} Damage to {who}", R.PENALTY_HEALTH, R.DAMAGE_BY_ENCOUNTERS)
        core_concepts.judge_damage(work, Damage(player=who, amount=item["amount"], source=f"'{enc.card}'"), d)
    elif kind == "health":
        lose_health(work, d, who, item["amount"], label)
    elif kind == "kaos":
        held = work.player(who).kaos
        lost = min(held, item["amount"])
        work.player(who).kaos = held - lost
        if lost < item["amount"]:
            d.say(f"{label}: {who} loses {item['amount']} Kaos but holds {held}: Kaos is reduced to 0",
                  R.PENALTY_KAOS_FLOOR, R.PENALTY_KAOS, kind="tokens")
        else:
            d.say(f"{label}: {who} loses {lost} Kaos → {held - lost}", R.PENALTY_KAOS, kind="tokens")
    elif kind == "status":
        d.say(f"{label}: {STATUSES[item['status']]} for {who}", R.PENALTY_STATUS_GAIN)
        core_concepts.judge_gain_status(work, GainStatus(player=who, status=item["status"]), d)
    elif kind == "move":
        d.report(f"{label}: forced movement ({item['text']}): the table moves {who}'s piece", R.PENALTY_FORCED_MOVEMENT)


def judge_roll(work, move, d) -> None:
    enc = current_encounter(work)
    if enc is None:
        return no_encounter(d)
    if work.stack[-1] is not enc or enc.awaiting != "roll":
        d.violate("no-damage-die-waiting", f"no damage die is waiting to be rolled for '{enc.card}'", R.PENALTY_DAMAGE_DIE,
                  fix=(work.stack[-1]).finish_hint())
        return d.impossible()
    if not 1 <= move.value <= enc.die:
        raise InvalidMove(f"a d{enc.die} shows 1 to {enc.die}, not {move.value}")
    if move.player != enc.roller:
        d.interpret("damage-roller")
        d.violate("damage-rolled-by-the-left", f"{enc.roller} rolls this Damage: the Player to {enc.player}'s left",
                  R.DAMAGE_ROLLER,
                  fix=f"{enc.finish_hint(work)}; --override if the card names another roller")
    how = " (virtual roll)" if move.virtual else ""
    rolled = replace(enc, roller=move.player, awaiting="apply", value=move.value)
    who = _die_reroller(work, rolled)
    if work.player(who).rerolls >= 1:  # the roll waits: it may be rerolled before it is resolved
        d.interpret("damage-die-reroll")
        work.stack[-1] = rolled
        d.say(f"{move.player} rolls the d{enc.die}{how}: {move.value}, Damage to {enc.player} once resolved; "
              f"{who} holds a Reroll Token and may spend it before the roll is resolved", R.REROLL_WHEN,
              R.PENALTY_DAMAGE_DIE, R.DAMAGE_ROLLER_NOT_DEALER, kind="tokens")
        return d.oblige(f"`referee reroll {who.lower()} N` (1 Reroll Token: the d{enc.die} again), or `referee "
                        f"resolve` to apply the {move.value}")
    d.say(f"{move.player} rolls the d{enc.die}{how}: {move.value} Damage to {enc.player}", R.PENALTY_DAMAGE_DIE,
          R.DAMAGE_ROLLER_NOT_DEALER, R.DAMAGE_BY_ENCOUNTERS)
    _apply_die(work, d, enc, move.value)


def _die_reroller(state, enc: EncounterProc) -> str:
    """Who may spend a Reroll Token on a Penalty's damage die (interpretation damage-die-reroll, read quietly)."""
    from referee import interpretations

    reading = interpretations.reading(state.settings.interpretations, "damage-die-reroll")
    return enc.roller if reading == "roller" else enc.player


def _apply_die(work, d, enc: EncounterProc, value: int) -> None:
    """The damage die is resolved: its Damage is applied, then the Penalty goes on in printed order."""
    after = replace(enc, next=enc.next + 1, awaiting="", roller="", die=0, value=0, dropped=())
    work.stack[-1] = after
    core_concepts.judge_damage(work, Damage(player=enc.player, amount=value, source=f"'{enc.card}'"), d)
    if not paused_by_death(work, d, after):
        run_penalty(work, d, after)


def judge_die_reroll(work, move, d) -> None:
    """A Reroll Token spent on a Penalty's damage die before it is resolved (01 REROLL_TOKENS: any roll of dice)."""
    enc = work.stack[-1]
    if len(move.dice) != 1:
        d.violate("reroll-all-dice", f"the Damage roll is one d{enc.die}: a reroll rerolls that die", R.REROLL_ALL_DICE,
                  fix=f"`referee reroll {move.player.lower()} N` (the d{enc.die})")
        return d.impossible()
    value = move.dice[0]
    if not 1 <= value <= enc.die:
        raise InvalidMove(f"a d{enc.die} shows 1 to {enc.die}, not {value}")
    who = _die_reroller(work, enc)
    d.interpret("damage-die-reroll")
    if move.player != who:
        d.violate("damage-reroll-not-theirs", f"{who} may spend a Reroll Token on this roll, not {move.player}",
                  R.REROLL_WHEN,
                  fix=f"`referee reroll {who.lower()} N`, or `referee resolve`")
    held = work.player(move.player).rerolls
    if held < 1:
        d.violate("no-reroll-token", f"{move.player} holds no Reroll Token", R.REROLL_WHEN, fix="`referee resolve`")
        return d.impossible()
    work.player(move.player).rerolls = held - 1
    core_concepts.return_reroll_tokens(work, d, 1)
    d.interpret("spent-reroll-supply")
    how = " (virtual roll)" if move.virtual else ""
    d.say(f"{move.player} spends 1 Reroll Token and rerolls the d{enc.die}: ~~{enc.value}~~ → {value}{how}; the new "
          f"result must be kept: {value} Damage to {enc.player}", R.REROLL_WHEN, R.REROLL_ALL_DICE, R.REROLL_KEEP_NEW,
          R.REROLL_ONE_PER_ROLL, R.PENALTY_DAMAGE_DIE)
    _apply_die(work, d, replace(enc, dropped=enc.dropped + (enc.value,)), value)


def judge_die_resolve(work, move, d) -> None:
    """A Penalty's damage die is resolved as rolled, with no Reroll Token spent on it."""
    enc = work.stack[-1]
    d.say(f"the d{enc.die} is resolved as rolled: {enc.value} Damage to {enc.player}", R.PENALTY_DAMAGE_DIE)
    _apply_die(work, d, enc, enc.value)


def judge_discard(work, move, d) -> None:
    """A Loot discard the card waits for: the Penalty's, or the chosen discard option's (`encounter discard`, or
    08's `discard` typed while it waits)."""
    from referee.loot_and_inventory import eligible_loot
    from referee.random_encounters.completion_options import option_resolved

    enc = current_encounter(work)
    if enc is None:
        return no_encounter(d)
    if work.stack[-1] is not enc or enc.awaiting != "discard":
        # what decides: the card is at another step (an option is chosen first; its instructions go in printed order)
        first = (R.RE_PROC_CHOOSE,) if enc.step == "choose" else (R.RE_PRINTED_ORDER,)
        d.violate("no-loot-discard-waiting", f"'{enc.card}' is not waiting for a Loot discard", *first,
                  R.PENALTY_LOOT_DISCARD, fix=work.stack[-1].finish_hint(work.before))
        return d.impossible()
    penalty = enc.step == "penalty"
    if move.player != enc.player:
        d.violate("penalty-discard-not-theirs", f"the {'Penalty' if penalty else 'option'} is {enc.player}'s: "
                  f"{enc.player} discards", R.ENCOUNTERING_PLAYER_DEFINITION,
                  R.PENALTY_ON_FAIL if penalty else R.RE_LOOT_ELIGIBLE, fix=enc.finish_hint(work))
        return d.impossible()  # the card names no Loot of theirs: nothing to discard
    eligible = eligible_loot(work, enc.player)
    card = match_discard(work, d, enc.player, move.card, eligible)
    plot_armor_counted(work, d, enc.player, [card])
    left = enc.die - 1
    after = replace(enc, die=left) if left else replace(enc, next=enc.next + (1 if penalty else 0), awaiting="", die=0)
    work.stack[-1] = after
    if penalty:
        discard_for_option(work, d, enc.player, [card], f"Penalty of Random Encounter '{enc.card}'")
        d.cite(R.PENALTY_LOOT_DISCARD, R.RE_LOOT_DISCARD_PILE, R.RE_LOOT_BY_08)
    else:
        discard_for_option(work, d, enc.player, [card], f"Random Encounter '{enc.card}', option {enc.option}")
        d.cite(R.RE_LOOT_ELIGIBLE, R.RE_LOOT_DISCARD_PILE, R.RE_LOOT_BY_08)
    if left:
        return _await_discard(work, d, after, eligible_loot(work, enc.player))
    if penalty:
        return run_penalty(work, d, after)
    option_resolved(work, d, after, encounter_card(work, enc.card)["options"][enc.option - 1])
