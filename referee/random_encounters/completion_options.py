"""10 ENCOUNTER_COMPLETION_OPTIONS, CHECK_COMPLETION_OPTIONS, NON_CHECK_COMPLETION_OPTIONS,
RANDOM_ENCOUNTERS_AND_LOOT: `encounter choose`, one option before rolling or paying, never switched.
"""

from __future__ import annotations

from referee.records import replace

from referee.parsing import quoted
from referee import citations as R
from referee import core_concepts
from referee.core_concepts import CheckProc
from referee.errors import InvalidMove
from referee.game_structure import flag_possible_death
from referee.moves import DeclareCheck, GainStatus
from referee.parsing import match_choice
from referee.words import plural
from referee.random_encounters.card_grammar import option_label
from referee.random_encounters.procedure import EncounterProc, current_encounter
from referee.random_encounters.deck import encounter_card
from referee.random_encounters.event_reward import succeeded


def plot_armor_note(work, d, player: str) -> str:
    """When `player` holds Plot Armor and the table's reading excludes it from eligible Loot: say so, named."""
    from referee.loot_and_inventory import holds_plot_armor

    if not holds_plot_armor(work, player) or d.interpret("plot-armor-eligible") != "excluded":
        return ""
    return (" (Plot Armor is not counted: interpretation plot-armor-eligible, excluded by the table; "
            "an --override applies a move that counts it)")


def plot_armor_asked(work, d, cards) -> str:
    """The Plot Armor among `cards` when whether it is eligible Loot is the table's to decide (plot-armor-eligible =
    table-decides, named on the ruling): the referee asks rather than decide. '' otherwise."""
    plot = next((c for c in cards if work.cards.get(c).type == "plot"), "")
    if not plot or d.interpret("plot-armor-eligible") != "table-decides":
        return ""
    return plot


def eligible_text(work, d, cards) -> str:
    """The eligible Loot as listed: a Plot Armor whose eligibility is the table's to decide is marked so."""
    plot = plot_armor_asked(work, d, cards)
    return ", ".join(f"{c} if the table counts it" if c == plot else c for c in cards)


def fulfillable(work, d, player: str, option: dict) -> tuple[bool, str, tuple]:
    """(can be chosen, why not or on what condition, the rules that say so)."""
    from referee.loot_and_inventory import eligible_loot

    kind = option["kind"]
    if kind == "discard":
        eligible = eligible_loot(work, player)
        if len(eligible) < option["amount"]:
            held = "no eligible Loot" if not eligible else f"only {len(eligible)} eligible Loot"
            why = f"{player} has {held} to discard" + plot_armor_note(work, d, player)
            return False, why, (R.RE_LOOT_NO_DISCARD_OPTION, R.NON_CHECK_ONLY_IF_FULFILL)
        plot = plot_armor_asked(work, d, eligible)
        if plot and len(eligible) - 1 < option["amount"]:
            return True, (f"only if the table counts {plot} as eligible Loot: the rules do not say whether Plot Armor "
                          f"is eligible Loot (the table decides)"), (R.RE_LOOT_ELIGIBLE, R.LOOT_PLOT_ARMOR_SPECIAL)
    if kind == "kaos":
        d.interpret("kaos-as-cost")
        held = work.player(player).kaos
        if held < option["amount"]:
            d.interpret("kaos-floor")
            return False, f"{player} holds {held} Kaos", (R.NON_CHECK_ONLY_IF_FULFILL, R.KAOS_RESOURCE)
    return True, "", ()


def no_encounter(d) -> None:
    d.violate("no-random-encounter", "no Random Encounter is being resolved", R.RE_BEGINS,
              fix="`referee encounter draw PLAYER CARD --by move|flee|bomb|other` first")
    d.impossible()


def judge_choose(work, move, d) -> None:
    enc = current_encounter(work)
    if enc is None:
        return no_encounter(d)
    card = encounter_card(work, enc.card)
    options = card["options"]
    if move.player != enc.player:
        d.violate("not-the-encountering-player", f"{enc.player} is the Encountering Player: only {enc.player} "
                  f"chooses", R.OPTIONS_DEFINITION, R.OPTIONS_CHOOSE_FIRST, R.ENCOUNTERING_PLAYER_DEFINITION,
                  fix=enc.finish_hint(work))
    if not 1 <= move.option <= len(options):  # an option the card does not have: bad input, like a word none matches
        listed = "; ".join(f"{i}. {option_label(o)}" for i, o in enumerate(options, 1))
        raise InvalidMove(f"'{enc.card}' has no option {move.option}: {listed}")
    if enc.step != "choose":
        enc = _switch(work, move, d, enc, options)
        if enc is None:
            return
    elif work.stack[-1] is not enc:  # something above it finishes first (the engine said what)
        return d.impossible()
    _choose(work, move, d, enc, options[move.option - 1])


def _switch(work, move, d, enc, options) -> EncounterProc | None:
    """Choosing again: refused once resolution began; returns the encounter to choose on if overridden."""
    chosen, wanted = option_label(options[enc.option - 1]), option_label(options[move.option - 1])
    top = work.stack[-1]
    check = top if enc.step == "check" and isinstance(top, CheckProc) and work.stack[-2] is enc else None
    if check is None and top is not enc:  # something else above it finishes first
        top.refuse(work, d, move)
        d.impossible()
        return None
    if move.option == enc.option:
        d.violate("option-already-chosen", f"{enc.player} already chose option {enc.option} ({chosen}) and is "
                  f"resolving it",
                  R.OPTIONS_MUST_RESOLVE_CHOSEN, fix=(check or enc).finish_hint())
        d.impossible()
        return None
    rolled = check is not None and any(p.rolled for p in check.participants)
    if check is not None and not rolled and d.interpret("switch-before-roll") == "until-rolled":
        d.say(f"{enc.player} switches from option {enc.option} ({chosen}) before rolling", R.OPTIONS_NO_SWITCH)
    else:
        finish = f"; {check.title()} must finish first" if check else ""
        if check is not None and not rolled:  # nothing rolled yet: the reading switch-before-roll decides
            d.interpret("switch-before-roll")
            d.violate("switch-before-rolling", f"{enc.player} chose option {enc.option} ({chosen}) and must resolve "
                      f"the chosen option: no switching to option {move.option} ({wanted}){finish}",
                      R.OPTIONS_MUST_RESOLVE_CHOSEN, R.OPTIONS_NO_SWITCH, fix=(check or enc).finish_hint())
        elif enc.step == "option":  # a Non-Check option chosen and waiting for its Loot or card text
            d.violate("switch-once-chosen", f"{enc.player} chose option {enc.option} ({chosen}) and must resolve "
                      f"the chosen option: no switching to option {move.option} ({wanted})",
                      R.OPTIONS_MUST_RESOLVE_CHOSEN, R.OPTIONS_NO_SWITCH, fix=enc.finish_hint(work))
        else:
            what = "has rolled dice for it" if check is not None else "has begun resolving it"
            d.violate("switch-once-resolving", f"{enc.player} chose option {enc.option} ({chosen}) and {what}: no "
                      f"switching to option {move.option} ({wanted}){finish}", R.OPTIONS_NO_SWITCH,
                      R.OPTIONS_MUST_RESOLVE_CHOSEN, fix=(check or enc).finish_hint())
        if check is None:
            d.impossible()
            return None
    work.stack.pop()  # the Check of the abandoned option (applied only by the reading above or an --override)
    enc = replace(enc, step="choose", option=0)
    work.stack[-1] = enc
    return enc


def _choose(work, move, d, enc: EncounterProc, option: dict) -> None:
    n, who = move.option, enc.player
    d.say(f"{who} chooses option {n}: {option_label(option)}", R.RE_PROC_CHOOSE, R.OPTIONS_CHOOSE_FIRST,
          R.OPTIONS_MUST_RESOLVE_CHOSEN)
    if option["kind"] == "check":
        if move.discard:
            raise InvalidMove("a Check option discards no Loot: drop --discard")
        d.cite(R.CHECK_OPTION_BEFORE_ROLLING, R.CHECK_OPTION_IDENTIFIES, R.CHECK_OPTION_BY_01)
        if option["reward"]:
            d.say("the option shows an Event Reward Indicator: the Event Reward is resolved only if the Check "
                  "succeeds", R.EVENT_REWARD_INDICATOR, R.EVENT_REWARD_AFTER_SUCCESS, R.CHECK_OPTION_REWARD)
        work.stack[-1] = replace(enc, step="check", option=n)
        check = DeclareCheck(player=who, kind=option["check"], stat=option["stat"], tn=option["tn"])
        core_concepts.judge_declare(work, check, d)
        if set(work.player(who).statuses) in ({"goblin"}, {"haunted"}) and d.obligations:  # two d20s, not one
            which = "higher" if "goblin" in work.player(who).statuses else "lower"
            d.obligations[-1] = (f"`referee roll {who.lower()} D20 D20` (two d20s, the {which} is used; or "
                                 f"`--virtual`), then `referee resolve`")
        return

    d.cite(R.NON_CHECK_CHOOSE_FIRST, R.NON_CHECK_REQUIREMENTS, R.OPTIONS_NON_CHECK)
    ok, why, cites = fulfillable(work, d, who, option)
    if not ok:
        others = [f"{i}" for i, o in enumerate(encounter_card(work, enc.card)["options"], 1)
                  if i != n and (o["kind"] == "check" or fulfillable(work, d, who, o)[0])]
        fix = f"choose an option {who} can fulfill: {', '.join(others) or 'none: --override if the card allows'}"
        if option["kind"] == "discard":
            d.violate("discard-option-without-eligible-loot", f"option {n} ({option_label(option)}) cannot be "
                      f"chosen: {why}", *cites, fix=fix)
        else:
            d.violate("option-not-fulfillable", f"option {n} ({option_label(option)}) cannot be chosen: {why}",
                      *cites, fix=fix)
        return d.impossible()
    discards = _discards_for_option(work, move, d, who, option)
    if discards is None:
        return
    kind = option["kind"]
    if kind == "discard" and not discards or kind == "other":
        return _pay_later(work, d, enc, n, option)
    enc = replace(enc, option=n, step="reward" if option["reward"] else "complete")
    work.stack[-1] = enc  # before any cost that may start a Death Process above it
    if kind == "kaos":
        held = work.player(who).kaos
        work.player(who).kaos = held - option["amount"]
        d.say(f"{who} pays {option['amount']} Kaos → {held - option['amount']}", R.NON_CHECK_REQUIREMENTS, kind="tokens")
    elif kind == "discard":
        discard_for_option(work, d, who, discards, f"Random Encounter '{enc.card}', option {n}")
        d.cite(R.RE_LOOT_ELIGIBLE, R.RE_LOOT_DISCARD_PILE, R.RE_LOOT_BY_08)
    elif kind == "status":
        core_concepts.judge_gain_status(work, GainStatus(player=who, status=option["status"]), d)
    elif kind == "health":
        lose_health(work, d, who, option["amount"], f"option {n}")
    else:
        d.report(f"{who} resolves '{option['text']}' at the table (card text; the referee records what changes)",
                 R.NON_CHECK_REQUIREMENTS)
    option_resolved(work, d, enc, option)


def _pay_later(work, d, enc: EncounterProc, n: int, option: dict) -> None:
    """A Non-Check option whose Loot (or card-specific text) is resolved after the choice, inside the encounter: it
    waits for the discard, or for the table to record what the instruction changes, then `encounter continue`."""
    from referee.loot_and_inventory import eligible_loot

    who = enc.player
    if option["kind"] == "discard":
        eligible = eligible_loot(work, who)
        enc = replace(enc, option=n, step="option", awaiting="discard", die=option["amount"])
        d.say(f"{who} now discards {option['amount']} Loot for option {n} (eligible: {eligible_text(work, d, eligible)})",
              R.NON_CHECK_CHOOSE_FIRST, R.RE_LOOT_ELIGIBLE, R.RE_LOOT_MANAGE_BY_08)
        plot = plot_armor_asked(work, d, eligible)
        if plot and len(eligible) - 1 < option["amount"]:  # only Plot Armor can pay it: choosing it is the answer
            d.say(f"the rules do not say whether Plot Armor is eligible Loot: the table decides, and choosing option "
                  f"{n} counts {plot} (`referee undo` if it does not)", R.RE_LOOT_ELIGIBLE, R.LOOT_PLOT_ARMOR_SPECIAL)
    else:
        enc = replace(enc, option=n, step="option", awaiting="report")
        d.report(f"{who} resolves '{option['text']}' at the table (card text): '{enc.card}' stays open while the "
                 f"referee records what it changes, its Loot by 08 inside the encounter", R.NON_CHECK_REQUIREMENTS,
                 R.RE_LOOT_MANAGE_BY_08)
    work.stack[-1] = enc
    d.oblige(enc.finish_hint(work))


def option_resolved(work, d, enc: EncounterProc, option: dict) -> None:
    """The chosen Non-Check option is fully resolved (`enc` on top): the encounter succeeds."""
    enc = replace(enc, step="reward" if option["reward"] else "complete", awaiting="", die=0)
    work.stack[-1] = enc
    d.say(f"{enc.player} fully resolved the option: '{enc.card}' succeeds", R.NON_CHECK_SUCCESS, R.RE_SUCCESS,
          kind="verdict")
    succeeded(work, d, enc, option, R.NON_CHECK_REWARD)


def observe_loot(work, move, d) -> None:
    """A Loot move while the card's own instruction is resolved: 08 judges it, as part of the encounter."""
    from referee.random_encounters.procedure import LOOT_INSTRUCTION_MOVES

    enc = work.stack[-1]
    if enc.awaiting != "report" or move.type not in LOOT_INSTRUCTION_MOVES["report"]:
        return
    if move.type == "discard" and not move.required:
        return  # a voluntary discard is no instruction of the card: 08 refuses it while the encounter is resolved
    what = {"draw": "draws", "take": "takes", "discard": "discards"}[move.type]
    d.say(f"{move.player} {what} Loot for '{enc.card}' (its instruction, resolved according to 08 inside the "
          f"Random Encounter, which stays open until `referee encounter continue`)", R.RE_LOOT_MANAGE_BY_08,
          *((R.RE_LOOT_DRAW_BY_08,) if move.type == "draw" else (R.RE_LOOT_DISCARD_PILE,) if move.type == "discard"
            else ()))


def _discards_for_option(work, move, d, who: str, option: dict) -> list[str] | None:
    from referee.loot_and_inventory import eligible_loot

    if option["kind"] != "discard":
        if move.discard:
            raise InvalidMove("only a discard option takes --discard")
        return []
    if not move.discard:
        return []  # chosen first; its Loot is discarded next (`encounter discard`)
    eligible = eligible_loot(work, who)
    cards = [match_discard(work, d, who, c, eligible) for c in move.discard]
    if len(cards) != option["amount"] or len(set(cards)) != len(cards):
        d.violate("discard-option-names-its-loot", f"the option discards {option['amount']} Loot: name "
                  f"{plural(option['amount'], 'card')} once each, or none and discard them next (eligible: "
                  f"{eligible_text(work, d, eligible)})", R.RE_LOOT_ELIGIBLE,
                  fix=" ".join(f"--discard {quoted(c)}" for c in eligible[:option["amount"]]))
        d.impossible()
        return None
    plot_armor_counted(work, d, who, cards)
    return cards


def plot_armor_counted(work, d, who: str, cards) -> None:
    """Plot Armor named for a Loot discard: under plot-armor-eligible = table-decides, naming it is the table's answer
    that it counts; the ruling says the rules do not decide it (under counts, the reading is named)."""
    plot = next((c for c in cards if work.cards.get(c).type == "plot"), None)
    if plot is None:
        return
    if d.interpret("plot-armor-eligible") == "table-decides":
        d.say(f"the rules do not say whether Plot Armor is eligible Loot: the table decides, and counts {plot} here",
              R.RE_LOOT_ELIGIBLE, R.LOOT_PLOT_ARMOR_SPECIAL)


def match_discard(work, d, who: str, text: str, eligible: list[str]) -> str:
    """The eligible Loot `text` names. Plot Armor, held but not counted (plot-armor-eligible), is refused by that
    reading (an --override discards it), not read as an unknown card."""
    from referee import loot_and_inventory

    try:
        return match_choice(text, eligible, what=f"eligible Loot of {who}")
    except InvalidMove:
        held = [c for c in loot_and_inventory.inventory(work, who) if c not in eligible]
        plot = next((c for c in held if work.cards.get(c).type == "plot"), None)
        if plot is None or not loot_and_inventory.label(plot).casefold().startswith(" ".join(text.split()).casefold()):
            raise
    d.violate("plot-armor-not-eligible", f"Plot Armor is not eligible Loot for {who}{plot_armor_note(work, d, who)}",
              R.RE_LOOT_ELIGIBLE, R.LOOT_PLOT_ARMOR_SPECIAL,
              fix=f"discard eligible Loot ({', '.join(eligible) or 'none held'}), or --override if the table counts it",
              reading="plot-armor-eligible")
    return plot


def discard_for_option(work, d, who: str, cards, why: str) -> None:
    from referee import loot_and_inventory

    for card in cards:
        loot_and_inventory.discard_effects(work, d, who, card, why)


def lose_health(work, d, who: str, amount: int, what: str) -> None:
    before = work.player(who).health
    work.player(who).health = before - amount
    d.say(f"{who} loses {amount} Health ({what}): {before} → {before - amount}", R.PENALTY_HEALTH, kind="tokens")
    flag_possible_death(work, d, who)
