"""08 STORING_LOOT: `store`.
"""

from __future__ import annotations

from referee.parsing import quoted
from referee import citations as R
from referee.errors import InvalidMove
from referee.state import LOOT_TYPE_LABELS, mat_key
from referee.words import plural
from referee.loot_and_inventory.patron_mats import label, reading_of
from referee.loot_and_inventory.cards import held_card, is_gear, legal_slots
from referee.loot_and_inventory.defense_and_stat_bonuses import _Recalc
from referee.loot_and_inventory.places import _set_backpack, _take_out
from referee.loot_and_inventory.plot_armor import holds_plot_armor
from referee.loot_and_inventory.loot_management_window import _close_if_done, _need_window, _obligations, _usable_now


def judge_store(state, move, d) -> None:
    player = move.player
    name = held_card(state, d, player, move.card)
    if name is None:
        return
    card = d.card(name)
    if card["type"] == "plot":
        d.violate("plot-armor-not-stored", "Plot Armor may not be stored in the Backpack", R.PLOT_ARMOR_NOT_STORED,
                  fix="Plot Armor stays in its Armor Slot until the first Armor card sends it to the box")
        return d.impossible()
    window = _need_window(state, d, player, name, "stored", R.STORE_IN_WINDOW, R.STORE_GEAR_IN_SWAP)
    pack = d.loot(mat_key(player, "backpack"))
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
            can = [verb for verb, ok in (("equip", bool(legal_slots(card)) and card["type"] != "plot" or
                                          card["type"] == "plot" and not holds_plot_armor(d, player, equipped_only=True, other_than=name)),
                                         ("use", _usable_now(state, d, player, card)), ("discard", True)) if ok]
            room = ""
            if pack and window is not None and reading_of(state, "lmw-make-room") == "yes":
                room = (f", or first discard a Backpack card (`referee discard {player.lower()} {quoted(label(pack[0]))}`, "
                        f"interpretation lmw-make-room)")
            fix = f"{' or '.join(can)} the {which} {name}{room}"
        else:
            fix = ""
        d.violate("backpack-full", f"{player}'s Backpack is full ({plural(len(pack), 'Slot')}: "
                  f"{', '.join(pack) or 'none'}): {name} "
                  f"cannot be stored", R.STORE_NOT_FULL, R.STORE_OR_DISCARD, R.LMW_MUST_DISCARD,
                  R.SUMMARY_BACKPACK, R.BACKPACK_SLOTS_DEFINED_IN_04, fix=fix)
        return d.impossible()
    if window is None:
        return d.impossible()
    recalc = _Recalc(state, player)
    _take_out(d, name)
    _set_backpack(d, player, index, name)
    d.say(f"{name} stored in {player}'s Backpack Slot {index + 1}", R.STORE_EMPTY_SLOT, R.STORE_IN_WINDOW,
          R.BACKPACK_ANY_TYPE)
    from_backpack = card.get("backpack") or card.get("backpack_defense") is not None
    if is_gear(card) and from_backpack:
        works = ", ".join(x for x in (
            "its effects and Stat bonuses" if card.get("backpack") else "",
            f"Defense {card['backpack_defense']:+d}" if card.get("backpack_defense") is not None else "") if x)
        d.say(f"{name}'s card says it works from the Backpack ({works}): the card text applies to this card, "
              f"although stored {LOOT_TYPE_LABELS[card['type']]} otherwise gives nothing"
              + ("; it is still not available for Attacks" if card["type"] == "weapon" else ""),
              R.LOOT_CARD_TEXT_WINS, R.STORED_ARMOR_NOTHING if card["type"] == "armor" else R.STORED_WEAPON_NO_ATTACKS,
              *((R.STORED_DEFENSE_FROM_BACKPACK,) if card.get("backpack_defense") is not None else ()))
    elif card["type"] == "armor":
        d.say("stored Armor gives no Defense or Stat bonuses", R.STORED_ARMOR_NOTHING)
    elif card["type"] == "weapon":
        d.say("a stored Weapon is not available for Attacks", R.STORED_WEAPON_NO_ATTACKS)
    elif card.get("backpack") or card.get("backpack_defense"):
        d.say(f"{name} works from the Backpack (its card says so)", R.MAGIC_BACKPACK_EFFECTS,
              *((R.MAGIC_BACKPACK_DEFENSE, R.STORED_DEFENSE_FROM_BACKPACK) if card.get("backpack_defense") else ()))
    else:
        d.cite(R.MAGIC_BACKPACK_EFFECTS)
    recalc.say(d)
    _close_if_done(state, d)
    _obligations(state, d, player)
