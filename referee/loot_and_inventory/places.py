"""Moving a card from one place to another on a move's working copy (08 DISCARDING_LOOT's piles, the Slots, the
windows): each place is a frozen record (referee.state.Loot), replaced whole (GameState.change_mat and its siblings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.parsing import quoted
from referee import citations as R
from referee.errors import InvalidMove
from referee.state import LOOT_TYPE_LABELS
from referee.loot_and_inventory.patron_mats import label, locate, set_aside, where_text
from referee.loot_and_inventory.cards import PILE_RULE

if TYPE_CHECKING:  # the window is read here, made in its own module (which imports this one)
    from referee.loot_and_inventory.loot_management_window import LootWindowProc


def set_slot(work, player: str, slot: str, name: str | None) -> None:
    if slot.startswith("armor-"):
        armor = list(work.mat(player).armor)
        armor[int(slot[6:]) - 1] = name
        work.change_mat(player, armor=tuple(armor))
    else:
        work.change_mat(player, **{slot: name})


def undrop(work, d, player: str, name: str) -> None:
    """Take `name` off the player's Dropped list (a card that leaves its Weapon Slot is no longer Dropped)."""
    dropped = work.mat(player).dropped
    if name in dropped:
        work.change_mat(player, dropped=tuple(c for c in dropped if c != name))
        d.say(f"{name} leaves {player}'s Weapon Slot: it is no longer Dropped")


def dropped_stays(work, d, player: str, name: str, doing: str, *, discard: bool = False) -> bool:
    """A Dropped Weapon remains in its Weapon Slot until recovered or restored (WEAPON_LOOT): no Gear Swap moves it out
    and nothing is equipped over it; a voluntary discard (`discard`) follows DISCARDING_LOOT unless the table reads
    it otherwise. Interpretation dropped-weapon-stays, named whenever it decides. True when refused."""
    if name not in work.mat(player).dropped:
        return False
    reading = d.interpret("dropped-weapon-stays")
    if discard and reading == "stays":
        d.say(f"{name} is Dropped: it stays in its Weapon Slot until recovered or restored, but a voluntary discard "
              f"follows the rules for discarding Loot", R.WEAPON_DROPPED_REMAINS, R.DISCARD_OWN_TURN)
        return False
    d.violate("dropped-weapon-stays", f"{name} is Dropped: it remains in its Weapon Slot until recovered or restored, so {doing}",
              R.WEAPON_DROPPED_REMAINS, R.DROPPED_STILL_EQUIPPED,
              fix=f"`referee recover {player.lower()} {quoted(name)}` once 06_COMBAT_ENCOUNTER recovers it, or "
                  f"--override \"REASON\" if a card moves it", reading="dropped-weapon-stays")
    return True


def set_backpack(work, player: str, index: int, name: str | None) -> None:
    pack = list(work.mat(player).backpack)
    pack[index] = name
    work.change_mat(player, backpack=tuple(pack))


def set_window(work, index: int, proc: "LootWindowProc | None") -> None:
    """Replace (or remove, with None) the window at `index` of the pending stack."""
    stack = list(work.stack)
    if proc is None:
        del stack[index]
    else:
        stack[index] = proc
    if index == len(work.stack) - 1:
        if proc is None:
            work.stack.pop()
        else:
            work.stack[-1] = proc
    else:
        work.stack[:] = stack


def take_out(work, d, name: str) -> tuple:
    """Remove a card from its place (Slot, Backpack, window); returns where it was."""
    place = locate(work, name)
    if place is None:
        raise InvalidMove(f"{label(name)} is nowhere on the table")
    if place[0] == "slot":
        set_slot(work, place[1], place[2], None)
        undrop(work, d, place[1], name)
    elif place[0] == "backpack":
        set_backpack(work, place[1], place[2], None)
    elif place[0] == "set-aside":
        work.change_mat(place[1], set_aside=tuple(c for c in set_aside(work, place[1]) if c != name))
    elif place[0] == "window":
        proc = work.stack[place[2]]
        left = tuple(c for c in proc.cards if c != name)
        shrunk = type(proc)(player=proc.player, cards=left,
                                displaced=tuple(c for c in proc.displaced if c != name), source=proc.source)
        set_window(work, place[2], shrunk)
    else:
        raise InvalidMove(f"{label(name)} is {where_text(place)}")
    return place


def to_pile(work, name: str) -> str:
    """Put a card (already out of its place) on its matching discard pile, Plot Armor in the box."""
    card = work.cards.get(name)
    if card.type == "plot":
        work.change_box(work.box() + (name,))
        return "the game box"
    kind = card.type
    work.change_pile(kind, work.pile(kind) + (name,))
    return f"the {LOOT_TYPE_LABELS[kind]} discard pile"


def pile_rules(card: dict) -> tuple:
    if card.type == "plot":
        return (R.DISCARD_PLOT_ARMOR_BOX, R.PLOT_ARMOR_NOT_DISCARD_PILE, R.PLOT_ARMOR_TO_BOX)
    return (R.DISCARD_MATCHING_PILE, PILE_RULE[card.type])
