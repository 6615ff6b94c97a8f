"""08 PLOT_ARMOR: discarded (to the game box) the first time its Player equips any Armor card; never displaced Loot.
"""

from __future__ import annotations

from referee import citations as R
from referee.state import plot_armor_name
from referee.loot_and_inventory.patron_mats import equipped, inventory, label, occupant
from referee.loot_and_inventory.places import set_slot


def plot_leaving(v, player: str, card: dict) -> str | None:
    """The Armor Slot of the Plot Armor that equipping `card` sends to the box, if any: only the first Armor card
    the Player ever equips, and only that Player's own Plot Armor, still Equipped (PLOT_ARMOR)."""
    if card.type != "armor" or v.mat(player).armor_equipped:
        return None
    own = plot_armor_name(player)
    return next((slot for slot, held in equipped(v, player) if held == own), None)


def plot_armor_first(work, d, player: str, card: dict, name: str) -> None:
    """The first Armor card a Player equips sends their still-Equipped Plot Armor to the box first; the Player is
    marked as having equipped an Armor card, so later Armor never discards a Plot Armor again."""
    if card.type != "armor":
        return
    slot = plot_leaving(work, player, card)
    if not work.mat(player).armor_equipped:
        work.change_mat(player, armor_equipped=True)
    if slot is None:
        return
    held = occupant(work, player, slot)
    set_slot(work, player, slot, None)
    work.change_box(work.box() + (held,))
    # said first: it is discarded before the new Armor applies (not displaced Loot, not kept: the rules quoted)
    d.say(f"Plot Armor returns to the game box ({player}'s first Armor card)",
          R.PLOT_ARMOR_FIRST_ARMOR,
          R.PLOT_ARMOR_NOT_DISPLACED, R.PLOT_ARMOR_CANNOT_KEEP, R.PLOT_ARMOR_BOX, R.LMW_PLOT_ARMOR_NOT_DISPLACED,
          R.REPLACE_PLOT_ARMOR_EXCEPTION, R.PLOT_ARMOR_ONCE, kind="cards")


def second_plot_armor(work, d, player: str, card: dict, name: str) -> bool:
    """Refuse a second Plot Armor on one Patron Mat (the rules give each Player one)."""
    if card.type != "plot":
        return False
    if not holds_plot_armor(work, player, equipped_only=True):
        return False
    d.violate("second-plot-armor", f"{player} already has Plot Armor Equipped: the rules give each Player one Plot "
              f"Armor, and a second on one Patron Mat is not provided for",
              fix=f"discard {label(name)} (to the game box), or --override \"card text\"", reading="one-plot-armor")
    return True


def holds_plot_armor(v, player: str, *, equipped_only: bool = False, other_than: str | None = None) -> bool:
    """Whether `player` holds a Plot Armor card (in their Inventory, or only in an Equipment Slot), other than
    `other_than`."""
    held = [c for _, c in equipped(v, player)] if equipped_only else inventory(v, player)
    return any(v.cards.get(c).type == "plot" and c != other_than for c in held)
