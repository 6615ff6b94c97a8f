"""08 CONSUMABLE_LOOT, MAGIC_LOOT: `use`.
"""

from __future__ import annotations

from referee.parsing import quoted
from referee import citations as R
from referee.loot_and_inventory.patron_mats import label, locate
from referee.loot_and_inventory.cards import held_card, is_gear
from referee.loot_and_inventory.defense_and_stat_bonuses import Recalc
from referee.loot_and_inventory.places import pile_rules, take_out, to_pile
from referee.loot_and_inventory.loot_management_window import (
    check_displaced_first, close_if_done, interrupting, LootWindowProc, obligations,
)


def judge_use(work, move, d) -> None:
    player = move.player
    name = held_card(work, d, player, move.card)
    if name is None:
        return
    card = work.cards.get(name)
    place = locate(work, name)
    top = work.top
    in_window = place[0] == "window"
    if in_window and not (isinstance(top, LootWindowProc) and top.player == player):
        top.refuse(work, d, move)  # the card waits in a window below: what is on top finishes first
    elif in_window:
        check_displaced_first(work, d, top, name)
    if card.type == "plot":
        d.violate("plot-armor-is-not-used", f"{label(name)} is not used: it is not an Armor card and not Consumable Loot; it "
                  f"grants its Defense while Equipped", R.PLOT_ARMOR_NOT_ARMOR_CARD, R.PLOT_ARMOR_DEFENSE,
                  R.CONSUMABLE_DEFINITION, fix="if a rule says it can be used, --override \"REASON\"")
    elif is_gear(card) and not card.consumable:
        d.violate("gear-is-not-used", f"{label(name)} is not used: Armor works while Equipped and Weapons are used "
                  f"for Attacks ({work.settings.not_loaded('06_COMBAT_ENCOUNTER')})",
                  R.EQUIPPED_WEAPONS_AVAILABLE if card.type == "weapon" else R.ARMOR_EQUIPPED_PROVIDES,
                  R.CONSUMABLE_DEFINITION, R.CONSUMABLE_CARD_TEXT, fix="if its card text says it can be used, --override \"card text\"")
    elif in_window and not card.consumable:
        d.violate("not-consumable", f"{name} is not Consumable: using it does not place it",
                  R.CONSUMABLE_DEFINITION, R.LMW_NO_UNRESOLVED, R.LMW_DECIDE_EACH,
                  fix=f"equip, store or discard {name} (describe it with --consumable if its card says it is "
                      f"consumed)")
    checking = next((p for p in reversed(work.stack) if p.kind == "check"), None)
    if card.anytime:
        d.say(f"{name}'s card gives its own timing, which the table says allows it now", R.CONSUMABLE_CARD_TEXT,
              *((R.LMW_USE_TIMING,) if in_window else ()))
        if checking is not None:
            d.interpret("check-finishes-first")
            d.oblige(f"if it changes the Check: `referee modifier PLAYER N --because {quoted(name)}`; then "
                     f"{checking.finish_hint()}")
    else:
        active = work.active_player.name
        rules = (R.CONSUMABLE_DEFAULT_TIMING,) + ((R.LMW_CONSUMABLE_LEGAL, R.CONSUMABLE_IN_WINDOW) if in_window else ())
        from referee.game_structure import refuse_outside_a_player_turn

        own_position = f"{name} gives no timing of its own, so it is used during one's own Player Turn"
        if not work.own_player_turn(player) and not refuse_outside_a_player_turn(work, d, player, own_position,
                                                                                  *rules):
            d.violate("use-on-another-players-turn", f"it is {active}'s turn: {name} gives no timing of its own, so "
                      f"{player} uses it only during "
                      f"their own Player Turn", *rules, fix=f"use it on {player}'s own turn (or describe the card's "
                                                            f"own timing with --anytime)")
        busy = interrupting(work, d, player)
        if busy:
            if busy[-1].kind == "check":
                d.interpret("check-finishes-first")
            d.violate("use-while-resolving", f"{busy[-1].title()} is being resolved: {name} gives no timing of its "
                      f"own",
                      *rules, fix=work.top.finish_hint(work.before))  # what finishes first now (the top)
        d.cite(*rules)
    recalc = Recalc(work.before, player)
    effect = " ".join(move.effect.split()) or "what its card says"
    applied = _effect_move(player, effect)
    if applied is None:
        d.report(f"{player} uses {name}: {effect} (card text; record its effects: heal, gain, damage, ...)",
                 R.CONSUMABLE_CARD_TEXT, R.MAGIC_USE_AS_INSTRUCTED)
    else:  # an effect the referee knows how to apply (heal N, gain N health|kaos|reroll): applied with the use
        from referee import registry

        d.report(f"{player} uses {name}: {effect} (card text, as the table reports it)", R.CONSUMABLE_CARD_TEXT,
                 R.MAGIC_USE_AS_INSTRUCTED)
        registry.judge(applied)(work, applied, d)
    if card.consumable:
        take_out(work, d, name)
        where = to_pile(work, name)
        freed = f"; Backpack Slot {place[2] + 1} is free" if place[0] == "backpack" else ""
        d.say(f"{name} is used up and goes to {where}{freed}", R.CONSUMABLE_DISCARD_AFTER, *pile_rules(card),
              *((R.CONSUMABLE_FREES_SLOT,) if freed and isinstance(top, LootWindowProc) else ()), kind="cards")
        if in_window:
            d.cite(R.LMW_OPTION_USE)
    recalc.say(work, d)
    if in_window:
        close_if_done(work, d)
    obligations(work, d, player)


def _effect_move(player: str, effect: str):
    """The move a card's reported effect is, when it is one the referee applies itself: "heal 3" (HEAL_VS_GAIN),
    "gain 2 health|kaos|reroll"; None for anything else (the table records it)."""
    import re

    from referee.moves import Gain, Heal

    found = re.fullmatch(r"(heal|gain)\s+([0-9]{1,3})(?:\s+(health|hp|kaos|reroll|reroll tokens?|tokens?))?", effect,
                         re.IGNORECASE)
    if found is None or int(found.group(2)) < 1:
        return None
    verb, amount, what = found.group(1).lower(), int(found.group(2)), (found.group(3) or "health").lower()
    if verb == "heal":
        return Heal(player=player, amount=amount) if what in ("health", "hp") else None
    resource = {"hp": "health", "health": "health", "kaos": "kaos"}.get(what, "reroll")
    return Gain(player=player, amount=amount, resource=resource)
