"""08 STORING_LOOT: `store`.
"""

from __future__ import annotations

from referee.parsing import quoted
from referee import citations as R
from referee.errors import InvalidMove
from referee.state import LOOT_TYPE_LABELS
from referee.words import plural
from referee.moves import describe
from referee.loot_and_inventory.patron_mats import label, locate, reading_of, where_text
from referee.loot_and_inventory.cards import held_card, is_gear
from referee.loot_and_inventory.defense_and_stat_bonuses import Recalc
from referee.loot_and_inventory.places import set_backpack, take_out
from referee.loot_and_inventory.loot_management_window import (
    close_if_done, LootWindowProc, need_window, obligations, placements,
)


def judge_store(work, move, d) -> None:
    player = move.player
    name = held_card(work, d, player, move.card)
    if name is None:
        return
    card = work.cards.get(name)
    if card.type == "plot":
        top = work.top
        if isinstance(top, LootWindowProc) and top.player == player and name in top.cards:
            ways = [f"`referee {describe(m)}`" for m, _ in placements(work, work.before, top, name)]
            d.violate("plot-armor-not-stored", "Plot Armor may not be stored in the Backpack", R.PLOT_ARMOR_NOT_STORED,
                      *((R.LMW_MUST_DISCARD,) if len(ways) == 1 else ()),
                      fix=(f"{label(name)} cannot be equipped, stored or used here: discard it, {ways[0]}"
                           if len(ways) == 1 else f"place it another way: {' or '.join(ways)}" if ways else
                           top.finish_hint(work.before)))
        else:
            place = locate(work, name)
            d.violate("plot-armor-not-stored", "Plot Armor may not be stored in the Backpack", R.PLOT_ARMOR_NOT_STORED,
                      fix=f"Plot Armor stays where it is ({where_text(place)}) until the first Armor card sends it "
                          f"to the box" if place and place[0] == "slot" else f"{label(name)} is {where_text(place)}")
        return d.impossible()
    window = need_window(work, d, player, name, "stored", R.STORE_IN_WINDOW, R.STORE_GEAR_IN_SWAP)
    pack = work.mat(player).backpack
    if move.slot is not None:
        if not 1 <= move.slot <= len(pack):
            raise InvalidMove(f"{player} has Backpack Slots 1-{len(pack)}, not {move.slot}")
        index = move.slot - 1
        if pack[index] is not None:
            d.violate("backpack-slot-occupied", f"Backpack Slot {move.slot} holds {pack[index]}", R.STORE_EMPTY_SLOT, R.BACKPACK_SLOT_ONE_CARD,
                      fix="choose an empty Backpack Slot"
                          + (f": {', '.join(str(i + 1) for i, c in enumerate(pack) if c is None)}"
                             if None in pack else ""))
            return d.impossible()
    elif None in pack:
        index = pack.index(None)
    else:
        which = "displaced" if window and name in window.displaced else "newly acquired"
        d.interpret("backpack-size")
        if window is not None:
            can = [f"`referee {describe(m)}`" for m, _ in placements(work, work.before, window, name)]
            room = ""
            if pack and window is not None and reading_of(work, "lmw-make-room") == "yes":
                room = (f", or first discard a Backpack card (`referee discard {player.lower()} {quoted(label(pack[0]))}`, "
                        f"interpretation lmw-make-room)")
            fix = f"place the {which} {name} another way: {' or '.join(can)}{room}"
        else:
            fix = ""
        d.violate("backpack-full", f"{player}'s Backpack is full ({plural(len(pack), 'Slot')}: "
                  f"{', '.join(pack) or 'none'}): {name} "
                  f"cannot be stored", R.STORE_NOT_FULL, R.STORE_OR_DISCARD, R.LMW_MUST_DISCARD,
                  R.SUMMARY_BACKPACK, R.BACKPACK_SLOTS_DEFINED_IN_04, fix=fix)
        return d.impossible()
    if window is None:
        return d.impossible()
    recalc = Recalc(work.before, player)
    take_out(work, d, name)
    set_backpack(work, player, index, name)
    d.say(f"{name} stored in {player}'s Backpack Slot {index + 1}", R.STORE_EMPTY_SLOT, R.STORE_IN_WINDOW,
          R.BACKPACK_ANY_TYPE, kind="cards")
    from_backpack = card.backpack or card.backpack_defense is not None
    if is_gear(card) and from_backpack:
        works = ", ".join(x for x in (
            "its effects and Stat bonuses" if card.backpack else "",
            f"Defense {card.backpack_defense:+d}" if card.backpack_defense is not None else "") if x)
        d.say(f"{name}'s card says it works from the Backpack ({works}): the card text applies to this card, "
              f"although stored {LOOT_TYPE_LABELS[card.type]} otherwise gives nothing"
              + ("; it is still not available for Attacks" if card.type == "weapon" else ""),
              R.LOOT_CARD_TEXT_WINS, R.STORED_ARMOR_NOTHING if card.type == "armor" else R.STORED_WEAPON_NO_ATTACKS,
              *((R.STORED_DEFENSE_FROM_BACKPACK,) if card.backpack_defense is not None else ()))
    elif card.type == "armor":
        d.say("stored Armor gives no Defense or Stat bonuses", R.STORED_ARMOR_NOTHING)
    elif card.type == "weapon":
        d.say("a stored Weapon is not available for Attacks", R.STORED_WEAPON_NO_ATTACKS)
    elif card.backpack or card.backpack_defense:
        d.say(f"{name} works from the Backpack (its card says so)", R.MAGIC_BACKPACK_EFFECTS,
              *((R.MAGIC_BACKPACK_DEFENSE, R.STORED_DEFENSE_FROM_BACKPACK) if card.backpack_defense else ()))
    else:
        d.cite(R.MAGIC_BACKPACK_EFFECTS)
    recalc.say(work, d)
    close_if_done(work, d)
    obligations(work, d, player)
