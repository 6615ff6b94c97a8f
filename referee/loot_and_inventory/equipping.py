"""08 EQUIPPING_LOOT, REPLACING_EQUIPPED_LOOT: `equip`.
"""

from __future__ import annotations

from referee.parsing import quoted
from referee import citations as R
from referee.loot_and_inventory.patron_mats import label, occupant, parse_slot, slot_label, the_slot
from referee.loot_and_inventory.cards import card_summary, held_card, illegal_slot_rules, legal_slots, slot_rules
from referee.loot_and_inventory.defense_and_stat_bonuses import Recalc
from referee.loot_and_inventory.places import dropped_stays, set_slot, take_out, undrop
from referee.loot_and_inventory.plot_armor import plot_armor_first, plot_leaving, second_plot_armor
from referee.loot_and_inventory.loot_management_window import close_if_done, LootWindowProc, need_window, obligations


def judge_equip(work, move, d) -> None:
    player = move.player
    name = held_card(work, d, player, move.card)
    if name is None:
        return
    card = work.cards.get(name)
    window = need_window(work, d, player, name, "equipped", R.EQUIP_IN_WINDOW, R.EQUIP_STORED_GEAR_IN_SWAP)
    slots = legal_slots(card)
    if not slots:
        rules = (R.MAGIC_NOT_EQUIPPED, R.MAGIC_USE_AS_INSTRUCTED) if card.type in ("common", "rare") else \
            (R.EQUIP_NOT_ILLEGAL_SLOT,)
        d.violate("no-legal-slot", f"{name} ({card_summary(card)}) has no legal Equipment Slot", *rules,
                  fix=f"store it, use it or discard it (or describe how its card says it is Equipped: "
                      f"`referee card {quoted(name)} {card.type} --equip-as armor|melee|ranged --override ...`)")
        return d.impossible() if window is None else None
    second_plot_armor(work, d, player, card, name)
    leaving = plot_leaving(work, player, card)
    slot = parse_slot(move.slot) if move.slot else None
    if slot is not None and slot not in slots:
        d.violate("illegal-slot", f"{name} may not be Equipped in {the_slot(slot)} ({card_summary(card)})",
                  *illegal_slot_rules(card, slot),
                  fix="legal: " + ", ".join(slot_label(s) for s in slots))  # --override: the card text allows it
    if slot is None:
        empty = [s for s in slots if occupant(work, player, s) is None]
        if leaving in slots:
            slot = leaving  # Plot Armor leaves it before the new Armor applies
        elif empty:
            slot = empty[0]
        elif len(slots) == 1:
            slot = slots[0]
        else:
            d.violate("which-slot-to-replace", f"every legal slot for {name} is occupied: say which one to replace",
                      R.EQUIP_REPLACE_IF_LEGAL, fix=f"`referee equip {player.lower()} {quoted(name)} armor N`: "
                      + ", ".join(f"{slot_label(s)} holds {label(occupant(work, player, s))}" for s in slots))
            slot = slots[0]
    if window is None:
        return d.impossible()
    held = occupant(work, player, slot)
    if held is not None and slot != leaving:
        dropped_stays(work, d, player, held, f"{name} cannot be equipped over it")
    recalc = Recalc(work.before, player)
    take_out(work, d, name)
    if slot == leaving:
        held = None  # Plot Armor is discarded, not displaced
    if held is not None:
        undrop(work, d, player, held)
    plot_armor_first(work, d, player, card, name)
    d.say(f"{name} equipped in {player}'s {slot_label(slot)}", R.EQUIP_LEGAL_SLOT,
          R.EQUIP_EMPTY_SLOT if held is None else R.EQUIP_REPLACE_IF_LEGAL, *slot_rules(card, slot),
          R.EQUIP_IN_WINDOW, R.EQUIP_EFFECTS_BEGIN, kind="cards")
    set_slot(work, player, slot, name)
    if held is not None:
        top = work.stack[-1]
        work.stack[-1] = LootWindowProc(player=player, cards=top.cards + (held,), displaced=top.displaced + (held,),
                                     source=top.source)
        d.say(f"{held} is displaced into {player}'s Loot Management Window: equip it elsewhere, store it, use it "
              f"or discard it now", R.LMW_DISPLACED, R.REPLACE_PREVIOUS_DISPLACED, R.LMW_DISPLACED_IMMEDIATELY,
              R.EQUIP_EFFECTS_END, kind="cards")
    if card.type == "armor":
        d.cite(R.ARMOR_EQUIPPED_PROVIDES, R.ARMOR_EQUIPPED_RECALC)
    recalc.say(work, d)
    close_if_done(work, d)
    obligations(work, d, player)
