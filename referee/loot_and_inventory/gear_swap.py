"""08 GEAR_SWAP (and LOOT_SUMMARY's once per Player Turn): `gear-swap`.
"""

from __future__ import annotations

from referee import citations as R
from referee.parsing import quoted
from referee.words import plural
from referee.loot_and_inventory.patron_mats import (
    inventory, label, locate, occupant, parse_slot, slot_label, stored, the_slot,
)
from referee.loot_and_inventory.cards import (
    card_summary, held_card, illegal_slot_rules, is_gear, legal_slots, slot_rules,
)
from referee.loot_and_inventory.defense_and_stat_bonuses import Recalc
from referee.loot_and_inventory.places import dropped_stays, set_backpack, set_slot, undrop
from referee.loot_and_inventory.plot_armor import plot_armor_first, plot_leaving
from referee.moves import GearSwap


def judge_gear_swap(work, move, d) -> None:
    player = move.player
    owned = inventory(work, player)
    first = held_card(work, d, player, move.card, owned)
    other = held_card(work, d, player, move.other, owned) if move.other else None
    if first is None or (move.other and other is None):
        return
    active = work.active_player.name
    d.cite(R.GEAR_SWAP_FREE_ACTION, R.SUMMARY_GEAR_SWAP)
    from referee.game_structure import refuse_outside_a_player_turn

    own_position = "a Gear Swap is made during one's own Player Turn"
    if not work.own_player_turn(player) and not refuse_outside_a_player_turn(work, d, player, own_position,
                                                                              R.SUMMARY_GEAR_SWAP):
        d.violate("gear-swap-on-another-players-turn", f"it is {active}'s turn: a Gear Swap is made during your own "
                  f"Player Turn", R.SUMMARY_GEAR_SWAP,
                  fix=f"wait for {player}'s Player Turn")
    if d.interpret("gear-swap-limit") == "once-per-turn" and work.mat(player).last_gear_swap == work.turn:
        d.violate("second-gear-swap", f"{player} already made a Gear Swap this Player Turn (once per Player Turn)",
                  R.SUMMARY_GEAR_SWAP,
                  fix="wait for your next Player Turn")
    d.report(f"the Free Action rules ({work.settings.not_loaded('05_ACTIONS')}) decide any further limits",
             R.GEAR_SWAP_FOLLOWS_05)
    work.change_mat(player, last_gear_swap=work.turn)
    for name in filter(None, (first, other)):
        card = work.cards.get(name)
        if not is_gear(card):
            rule = R.GEAR_NOT_PLOT_ARMOR if card.type == "plot" else R.GEAR_NOT_MAGIC
            d.violate("not-gear", f"{label(name)} is not Gear: a Gear Swap moves Armor and Weapons only", rule,
                      R.GEAR_DEFINITION,
                      fix="Gear Swap only Armor or Weapon cards")
            return d.impossible()
    for name in filter(None, (first, other)):
        dropped_stays(work, d, player, name, "no Gear Swap moves it out")
    recalc = Recalc(work.before, player)
    a = locate(work, first)
    if move.slot and (other is not None or a[0] == "slot"):  # --slot chooses only where Stored Gear is Equipped
        from referee.legal_moves import legal_command

        if other is None:
            why, rule = f"{first} is Equipped: a Gear Swap moves it into an empty Backpack Slot", R.GEAR_SWAP_TO_BACKPACK
        else:
            why, rule = "an exchange Equips the Stored Gear in the Slot the Equipped Gear occupies", R.GEAR_SWAP_EXCHANGE
        without = legal_command(work.before, GearSwap(player=player, card=first, other=other or ""))  # named when legal now
        d.violate("gear-swap-slot-not-chosen", f"--slot {move.slot} is not where this Gear Swap puts a card: {why}",
                  rule, fix=f"{without} (without --slot)" if without else "leave out --slot: the Gear Swap decides "
                                                                          "where the card goes")
        return d.impossible()
    if other is None:
        if a[0] == "slot":
            return _swap_to_backpack(work, d, player, first, a, move, recalc)
        return _swap_to_slot(work, d, player, first, a, move, recalc)
    b = locate(work, other)
    if a[0] == b[0]:
        d.violate("exchange-one-of-each", f"{label(first)} and {label(other)} are both {'Equipped' if a[0] == 'slot' else 'Stored'}: an "
                  f"exchange is one Equipped Gear card with one Stored Gear card", R.GEAR_SWAP_EXCHANGE,
                  fix="name one Equipped and one Stored card")
        return d.impossible()
    (worn, worn_at), (kept, kept_at) = ((first, a), (other, b)) if a[0] == "slot" else ((other, b), (first, a))
    slot = worn_at[2]
    kept_card = work.cards.get(kept)
    if slot not in legal_slots(kept_card):
        from referee.legal_moves import legal_command

        first = legal_command(work.before, GearSwap(player=player, card=worn))  # named only when it is legal now
        d.violate("exchange-illegal-slot", f"{kept} ({card_summary(kept_card)}) is not legal for {the_slot(slot)} "
                  f"that {worn} occupies", R.GEAR_SWAP_EXCHANGE, *illegal_slot_rules(kept_card, slot), fix=(
                      f"move one card at a time, one Gear Swap per Player Turn: "
                      + (f"{first} stores {worn}, then on a later turn `referee gear-swap {player.lower()} "
                         f"{quoted(kept)}` equips {kept}" if first else
                         f"a Gear Swap that stores {worn}, then on a later turn one that equips {kept}")))
    set_slot(work, player, slot, None)
    set_backpack(work, player, kept_at[2], None)
    undrop(work, d, player, worn)
    plot_armor_first(work, d, player, kept_card, kept)
    set_slot(work, player, slot, kept)
    set_backpack(work, player, kept_at[2], worn)
    d.say(f"Gear Swap: {kept} goes from Backpack Slot {kept_at[2] + 1} to {the_slot(slot)}; {worn} goes to "
          f"Backpack Slot {kept_at[2] + 1}", R.GEAR_SWAP_EXCHANGE, R.EQUIP_STORED_GEAR_IN_SWAP, R.STORE_GEAR_IN_SWAP,
          R.EQUIP_EFFECTS_BEGIN, R.EQUIP_EFFECTS_END, kind="cards")
    _swap_done(work, d, player, recalc)


def _swap_to_backpack(work, d, player, name, at, move, recalc) -> None:
    pack = work.mat(player).backpack
    if None not in pack:
        # No empty Backpack Slot: none of the three forms of a Gear Swap applies. Discarding the card is a voluntary
        # discard (`referee discard`), which does not use up the Gear Swap; an exchange needs Stored Gear.
        gear = [c for _, c in stored(work, player) if is_gear(work.cards.get(c)) and at[2] in legal_slots(work.cards.get(c))]
        fixes = [f"exchange it with Stored Gear legal for {the_slot(at[2])}: `referee gear-swap {player.lower()} "
                 f"{quoted(name)} {quoted(gear[0])}`"] if gear else []
        fixes.append(f"or discard it (on {player}'s own Player Turn, nothing being resolved; this keeps the Gear "
                     f"Swap): `referee discard {player.lower()} {quoted(name)}`")
        why = (" --discard does not make it one: nothing is left without a legal Slot except by the swap itself"
               if move.discard else "")
        d.violate("gear-swap-backpack-full", f"{player}'s Backpack is full ({plural(len(pack), 'Slot')}): a Gear "
                  f"Swap moves Equipped Gear only "
                  f"into an empty Backpack Slot, so there is no Gear Swap that stores {name};{why}",
                  R.GEAR_SWAP_TO_BACKPACK, R.STORE_NOT_FULL, R.GEAR_SWAP_NO_SLOT, fix="; ".join(fixes))
        return d.impossible()
    index = pack.index(None)
    set_slot(work, player, at[2], None)
    set_backpack(work, player, index, name)
    undrop(work, d, player, name)
    d.say(f"Gear Swap: {name} goes from {the_slot(at[2])} to Backpack Slot {index + 1}",
          R.GEAR_SWAP_TO_BACKPACK, R.STORE_GEAR_IN_SWAP, R.EQUIP_EFFECTS_END, kind="cards")
    _swap_done(work, d, player, recalc)


def _swap_to_slot(work, d, player, name, at, move, recalc) -> None:
    card = work.cards.get(name)
    slots = legal_slots(card)
    slot = parse_slot(move.slot) if move.slot else None
    if slot is not None and slot not in slots:
        d.violate("illegal-slot", f"{name} may not be Equipped in {the_slot(slot)}", *illegal_slot_rules(card, slot),
                  fix="legal: " + ", ".join(slot_label(s) for s in slots))
    leaving = plot_leaving(work, player, card)  # Plot Armor leaves its slot before the new Armor applies
    free = [s for s in slots if occupant(work, player, s) is None or s == leaving]
    if slot is None:
        target = leaving if leaving in slots else free[0] if free else slots[0]
    else:
        target = slot
    held = None if target == leaving else occupant(work, player, target)
    if held is not None:
        # Into an occupied Slot is none of the three forms: only an exchange (Gear for Gear) uses an occupied Slot.
        others = [s for s in free if s != target]
        if is_gear(work.cards.get(held)):
            from referee.legal_moves import legal_command

            exchange = legal_command(work.before, GearSwap(player=player, card=name, other=held))  # named when legal now
            ways = ([exchange] if exchange else []) + (
                [f"choose an empty legal Slot: {', '.join(slot_label(s) for s in others)}"] if others else [])
            d.violate("gear-swap-into-an-occupied-slot", f"{the_slot(target)[:1].upper()}{the_slot(target)[1:]} "
                      f"holds {held}: moving {name} there is "
                      f"an exchange", R.GEAR_SWAP_TO_SLOT, R.GEAR_SWAP_EXCHANGE,
                      fix=", or ".join(ways) or f"an exchange with {held}, when one is legal")
        else:
            fix = (f"choose an empty legal Slot: `--slot {others[0]}` ({', '.join(slot_label(s) for s in others)})"
                   if others else f"first discard {label(held)} (`referee discard {player.lower()} {quoted(label(held))}`, "
                                  f"on your own turn), then Gear Swap {name} into the empty Slot")
            d.violate("gear-swap-into-an-occupied-slot", f"{the_slot(target)[:1].upper()}{the_slot(target)[1:]} "
                      f"holds {label(held)}, which is not Gear: "
                      f"a Gear Swap moves Stored Gear only into an empty legal Equipment Slot, or exchanges it with "
                      f"Equipped Gear" + (" (--discard does not make an occupied Slot empty)" if move.discard else ""),
                      R.GEAR_SWAP_TO_SLOT, R.GEAR_SWAP_EXCHANGE, R.GEAR_DEFINITION, fix=fix)
        return d.impossible()
    set_backpack(work, player, at[2], None)
    plot_armor_first(work, d, player, card, name)
    set_slot(work, player, target, name)
    d.say(f"Gear Swap: {name} goes from Backpack Slot {at[2] + 1} to {the_slot(target)}", R.GEAR_SWAP_TO_SLOT,
          R.EQUIP_STORED_GEAR_IN_SWAP, *slot_rules(card, target), R.EQUIP_EFFECTS_BEGIN, kind="cards")
    _swap_done(work, d, player, recalc)


def _swap_done(work, d, player, recalc) -> None:
    recalc.say(work, d)
    if d.interpretations.get("gear-swap-limit") and d.interpretations["gear-swap-limit"].reading == "once-per-turn":
        d.oblige(f"{player}'s Gear Swap for this Player Turn is used: another one is refused until their next turn")
