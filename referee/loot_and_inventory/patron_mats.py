"""08 INVENTORY, EQUIPMENT_SLOTS, ARMOR_SLOTS, WEAPON_SLOTS, BACKPACK_SLOTS, PUBLIC_LOOT_INFORMATION: where
every card is (a Player's Patron Mat, the decks, the discard piles, the box), read from a GameState `v`: the state
before a move, or the working copy of the move being judged (`work`: what the move has already decided).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.errors import InvalidMove
from referee.state import ARMOR_SLOTS, LOOT_TYPE_LABELS, LOOT_TYPES, PatronMat

if TYPE_CHECKING:  # the window is read here, made in its own module (which imports this one)
    from referee.loot_and_inventory.loot_management_window import LootWindowProc


def label(name: str) -> str:
    """How a card is shown: Plot Armor without its owner's tag."""
    return "Plot Armor" if name.startswith("Plot Armor (") else name


def slot_label(slot: str) -> str:
    if slot.startswith("armor-"):
        return f"Armor Slot {slot[6:]}"
    if slot.startswith("backpack-"):
        return f"Backpack Slot {slot[9:]}"
    return {"melee": "Melee Weapon Slot", "ranged": "Ranged Weapon Slot"}[slot]


def the_slot(slot: str) -> str:
    """"Armor Slot 3" / "the Melee Weapon Slot", as a sentence names it."""
    return slot_label(slot) if slot.startswith(("armor-", "backpack-")) else f"the {slot_label(slot)}"


def parse_slot(text: str) -> str:
    """`armor 2`, `a2`, `armor-2`, `2`, `melee`, `ranged` -> a slot id; InvalidMove otherwise."""
    raw = "".join(str(text).split()).casefold().replace("slot", "").replace("-", "")
    for word, slot in (("melee", "melee"), ("ranged", "ranged"), ("range", "ranged")):
        if raw == word:
            return slot
    digits = raw[5:] if raw.startswith("armor") else raw[1:] if raw.startswith("a") else raw
    if digits.isascii() and digits.isdigit() and 1 <= int(digits) <= ARMOR_SLOTS:
        return f"armor-{int(digits)}"
    raise InvalidMove(f"no Equipment Slot {text!r}: armor 1-{ARMOR_SLOTS}, melee or ranged")


def equipped(v, player: str) -> list[tuple[str, str]]:
    """(slot id, card) for every occupied Equipment Slot."""
    mat = v.mat(player)
    out = [(f"armor-{i + 1}", c) for i, c in enumerate(mat.armor) if c]
    if mat.melee:
        out.append(("melee", mat.melee))
    if mat.ranged:
        out.append(("ranged", mat.ranged))
    return out


def occupant(v, player: str, slot: str) -> str | None:
    mat = v.mat(player)
    if slot.startswith("armor-"):
        return mat.armor[int(slot[6:]) - 1]
    return {"melee": mat.melee, "ranged": mat.ranged}.get(slot)


def stored(v, player: str) -> list[tuple[int, str]]:
    return [(i, c) for i, c in enumerate(v.mat(player).backpack) if c]


def inventory(v, player: str) -> list[str]:
    return [c for _, c in equipped(v, player)] + [c for _, c in stored(v, player)]


def set_aside(v, player: str) -> list[str]:
    """Cards of a Loot Management Window that did not resume because its Player is Fallen or a Zombie
    (interpretation lmw-not-surviving): in no Inventory, waiting for the table to report what 09 does with them."""
    return list(v.mat(player).set_aside)


def takeable(v, player: str) -> list[str]:
    """What another Player may be reported taking from `player`: their Inventory and their set-aside cards."""
    return inventory(v, player) + set_aside(v, player)


def patron_mat(v, player: str) -> PatronMat:
    """`player`'s Patron Mat, read from the state or the working copy of a move (GameState.mat)."""
    return v.mat(player)


def has_equipped_armor(v, player: str) -> bool:
    """Whether `player` has equipped an Armor card this game (08 PLOT_ARMOR: Plot Armor goes only the first time)."""
    return v.mat(player).armor_equipped


def last_gear_swap(v, player: str) -> int | None:
    """The turn of `player`'s last Gear Swap, or None."""
    return v.mat(player).last_gear_swap


def unresolved_cards(v) -> list[str]:
    """Window cards left unresolved when the game ended (08 LOOT_AND_DEATH_INTERRUPTION)."""
    return list(v.unresolved())


def discard_pile(v, kind: str) -> list[str]:
    """A Loot Deck's discard pile, top card last."""
    return list(v.pile(kind))


def game_box(v) -> list[str]:
    return list(v.box())


def deck(v, kind: str) -> tuple[int | None, list[str]]:
    """A Loot Deck: its size (None until the table gives it) and the known cards shuffled into it from its pile."""
    held = v.deck(kind)
    return held.size, list(held.known)


def windows(v, player: str | None = None) -> "list[tuple[int, LootWindowProc]]":
    return [(i, p) for i, p in enumerate(v.stack)
            if p.kind == "loot-window" and (player is None or p.player == player)]


def locate(v, name: str) -> tuple | None:
    """Where a card is: ("slot", player, slot) | ("backpack", player, index) | ("window", player, stack index)
    | ("set-aside", player) | ("deck", kind) | ("discard", kind) | ("box",) | ("unresolved",) | None."""
    for player in v.settings.players:
        for slot, card in equipped(v, player):
            if card == name:
                return ("slot", player, slot)
        for i, card in stored(v, player):
            if card == name:
                return ("backpack", player, i)
        if name in set_aside(v, player):
            return ("set-aside", player)
    for i, proc in windows(v):
        if name in proc.cards:
            return ("window", proc.player, i)
    for kind in LOOT_TYPES:
        if name in v.deck(kind).known:
            return ("deck", kind)
        if name in v.pile(kind):
            return ("discard", kind)
    if name in v.box():
        return ("box",)
    if name in v.unresolved():
        return ("unresolved",)
    return None


_WHERE = {  # a place's kind (its first element) -> how a ruling says where a card is
    "slot": lambda place: f"in {place[1]}'s {slot_label(place[2])}",
    "backpack": lambda place: f"in {place[1]}'s Backpack Slot {place[2] + 1}",
    "window": lambda place: f"in {place[1]}'s Loot Management Window",
    "set-aside": lambda place: f"set aside from {place[1]}'s Loot Management Window "
                               f"(the table reports what 09 does with it)",
    "deck": lambda place: f"in the {LOOT_TYPE_LABELS[place[1]]} Deck",
    "discard": lambda place: f"in the {LOOT_TYPE_LABELS[place[1]]} discard pile",
    "box": lambda place: "in the game box",
}


def where_text(place: tuple | None) -> str:
    if place is None:
        return "nowhere yet"
    said = _WHERE.get(place[0])
    return said(place) if said else "unresolved when the game ended"


def every_card_place(state) -> list[tuple[str, tuple]]:
    """Every card occurrence with its place (the invariant: each catalogued card exactly once)."""
    out = []
    for player in state.settings.players:
        out += [(c, ("slot", player, s)) for s, c in equipped(state, player)]
        out += [(c, ("backpack", player, i)) for i, c in stored(state, player)]
        out += [(c, ("set-aside", player)) for c in set_aside(state, player)]
    for i, proc in windows(state):
        out += [(c, ("window", proc.player, i)) for c in proc.cards]
    for kind in LOOT_TYPES:
        out += [(c, ("deck", kind)) for c in state.deck(kind).known]
        out += [(c, ("discard", kind)) for c in state.pile(kind)]
    out += [(c, ("box",)) for c in state.box()]
    out += [(c, ("unresolved",)) for c in state.unresolved()]
    return out


def owned_cards(v, player: str) -> list[str]:
    """Cards the player can name: their inventory, their windows, and their set-aside cards."""
    return inventory(v, player) + [c for _, w in windows(v, player) for c in w.cards] + set_aside(v, player)


def reading_of(state, id: str) -> str:
    """The reading in force, without showing it in the ruling (for hints)."""
    from referee import interpretations

    return interpretations.reading(state.settings.interpretations, id)
