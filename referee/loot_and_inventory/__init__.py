"""08_LOOT_AND_INVENTORY: the Patron Mats, the Loot Decks and piles, and the Loot Management Window.

Card contents are not in the rules: the table describes a card once (a per-game catalogue) and later moves name
it. Every card is in exactly one place: an Armor, Weapon or Backpack Slot, a Loot Management Window on the
pending stack, a deck, a discard pile, or the game box. One module per section group, each named after what it
enforces:

    patron_mats              INVENTORY, EQUIPMENT_SLOTS, ARMOR/WEAPON/BACKPACK_SLOTS: where every card is
    cards                    LOOT, LOOT_TYPES: the cards the table describes, their Slots, naming a card
    defense_and_stat_bonuses LOOT_AND_DEFENSE, LOOT_AND_STAT_BONUSES
    places                   moving a card between places (on the working copy of a move)
    loot_management_window   LOOT_MANAGEMENT_WINDOW, LOOT_AND_DEATH_INTERRUPTION: the procedure on the stack
    plot_armor               PLOT_ARMOR
    drawing                  DRAWING_LOOT, LOOT_DECK_EXHAUSTION: draw, deck
    equipping                EQUIPPING_LOOT, REPLACING_EQUIPPED_LOOT: equip
    storing                  STORING_LOOT: store
    discarding               DISCARDING_LOOT: discard
    consumables              CONSUMABLE_LOOT, MAGIC_LOOT: use
    gear_swap                GEAR_SWAP: gear-swap
    taking                   GAINING_AND_TAKING_LOOT, PICKPOCKET_LOOT, LOOT_OPPORTUNITIES: take, pickpocket
    dropped_weapons          WEAPON_LOOT (Dropped Weapons): drop, recover

A module imports only those before it at import time. The names below are the package's interface, each loaded
from its module on first use.
"""

from __future__ import annotations

from referee.lazy import exports

_EXPORTS = {
    "has_equipped_armor": "patron_mats",
    "last_gear_swap": "patron_mats",
    "unresolved_cards": "patron_mats",
    "PatronMat": "patron_mats",
    "deck": "patron_mats",
    "discard_pile": "patron_mats",
    "equipped": "patron_mats",
    "every_card_place": "patron_mats",
    "game_box": "patron_mats",
    "inventory": "patron_mats",
    "label": "patron_mats",
    "locate": "patron_mats",
    "occupant": "patron_mats",
    "owned_cards": "patron_mats",
    "parse_slot": "patron_mats",
    "patron_mat": "patron_mats",
    "set_aside": "patron_mats",
    "slot_label": "patron_mats",
    "stored": "patron_mats",
    "takeable": "patron_mats",
    "the_slot": "patron_mats",
    "where_text": "patron_mats",
    "windows": "patron_mats",
    "card_from_text": "cards",
    "card_summary": "cards",
    "card_text": "cards",
    "held_card": "cards",
    "is_gear": "cards",
    "legal_slots": "cards",
    "match_card": "cards",
    "shown_names": "cards",
    "resolve_card": "cards",
    "loot_defense": "defense_and_stat_bonuses",
    "stat_bonus_sources": "defense_and_stat_bonuses",
    "stat_bonuses": "defense_and_stat_bonuses",
    "holds_plot_armor": "plot_armor",
    "LootWindowProc": "loot_management_window",
    "after_move": "loot_management_window",
    "discard_effects": "discarding",
    "eligible_loot": "discarding",
}
__all__ = sorted(_EXPORTS)

__getattr__ = exports(__name__, _EXPORTS)
