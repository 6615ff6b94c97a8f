"""08_LOOT_AND_INVENTORY: the Patron Mats, the Loot Decks and piles, and the Loot Management Window.

Card contents are not in the rules: the table describes a card once (a per-game catalogue) and
later moves name it. Every card is in exactly one place: an Armor, Weapon or Backpack Slot, a
Loot Management Window on the pending stack, a deck, a discard pile, or the game box.

Functions take a "view": the GameState, or the Draft of the move being judged (which answers with
what the move has already decided). Effects are absolute values of one place each.
"""

from __future__ import annotations

from referee import citations as R
from referee.deferred import deferred
from referee.errors import BadMove
from referee.state import ARMOR_SLOTS, LOOT_TYPE_LABELS, LOOT_TYPES, Procedure, plot_armor_name
from referee.words import plural

__all__ = [
    "eligible_loot", "holds_plot_armor", "discard_effects", "after_move",
    "card_from_text", "resolve_card", "match_card", "slot_label", "parse_slot", "loot_defense", "stat_bonuses",
    "stat_bonus_sources",
    "locate", "every_card_place", "card_summary", "owned_cards",
    "set_aside", "takeable", "patron_mat", "discard_pile", "game_box", "deck", "card_text",
]

# --- the Loot Management Window: a procedure on the pending stack (LOOT_MANAGEMENT_WINDOW) ---------------


@deferred(frozen=True)
class LootWindowProc(Procedure):
    """A Player places every newly acquired and displaced card before anything else proceeds."""

    kind = "loot-window"
    # Placing cards, more Loot joining the window, and effects of cards used in it (card text, table-reported).
    accepts = frozenset({"equip", "store", "use", "discard", "draw", "take", "damage", "heal", "gain", "lose",
                         "gain-status", "remove-status", "death", "set-state"})
    must_finish_first = (R.LMW_NO_UNRESOLVED, R.LMW_ENDS_ONLY_WHEN)

    def refuse(self, d, move) -> None:
        d.violate("window-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint())

    player: str = ""
    cards: tuple[str, ...] = ()  # unresolved cards, in the order they arrived
    displaced: tuple[str, ...] = ()  # which of them are displaced Loot
    source: str = ""  # "drew", "took from Ivo (Pickpocket)"

    def __post_init__(self):
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "displaced", tuple(self.displaced))

    def labels(self) -> list[str]:
        return [f"{c} ({'displaced' if c in self.displaced else 'new'})" for c in self.cards]

    def title(self) -> str:
        return f"Loot Management Window for {self.player}: {', '.join(self.labels()) or 'nothing left'}"

    def finish_hint(self) -> str:
        who = self.player.lower()
        first = self.cards[0] if self.cards else "CARD"
        return (f"place each card as its options allow (`referee inventory {who}`): `referee equip|store|use|discard "
                f"{who} \"{first}\"`")

    @staticmethod
    def after_any_move(state, move, d) -> None:
        """Death, Victory and Removal around Loot Management Windows (LOOT_AND_DEATH_INTERRUPTION)."""
        after_move(state, move, d)


PILE_RULE = {"armor": R.DISCARD_ARMOR_PILE, "weapon": R.DISCARD_WEAPON_PILE, "common": R.DISCARD_COMMON_PILE,
             "rare": R.DISCARD_RARE_PILE}
WEAPON_SLOT_RULE = {"melee": R.WEAPON_MELEE_SLOT, "ranged": R.WEAPON_RANGED_SLOT}


# --- reading a view (GameState or Draft) ------------------------------------------------------------


def _get(v, key: str):
    return v.loot(key) if callable(v.loot) else v.loot.get(key)


def _card(v, name: str) -> dict | None:
    return v.card(name) if callable(getattr(v, "card", None)) else v.cards.get(name)


def _cards(v) -> dict:
    return v.cards() if callable(v.cards) else v.cards


def _stack(v) -> list:
    return v.stack


def _settings(v):
    return v.state.settings if hasattr(v, "state") else v.settings


def _players(v) -> tuple[str, ...]:
    return _settings(v).players


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
    """`armor 2`, `a2`, `armor-2`, `2`, `melee`, `ranged` -> a slot id; BadMove otherwise."""
    raw = "".join(str(text).split()).casefold().replace("slot", "").replace("-", "")
    for word, slot in (("melee", "melee"), ("ranged", "ranged"), ("range", "ranged")):
        if raw == word:
            return slot
    digits = raw[5:] if raw.startswith("armor") else raw[1:] if raw.startswith("a") else raw
    if digits.isascii() and digits.isdigit() and 1 <= int(digits) <= ARMOR_SLOTS:
        return f"armor-{int(digits)}"
    raise BadMove(f"no Equipment Slot {text!r}: armor 1-{ARMOR_SLOTS}, melee or ranged")


def equipped(v, player: str) -> list[tuple[str, str]]:
    """(slot id, card) for every occupied Equipment Slot."""
    out = [(f"armor-{i + 1}", c) for i, c in enumerate(_get(v, f"{player}/armor")) if c]
    out += [(s, _get(v, f"{player}/{s}")) for s in ("melee", "ranged") if _get(v, f"{player}/{s}")]
    return out


def occupant(v, player: str, slot: str) -> str | None:
    if slot.startswith("armor-"):
        return _get(v, f"{player}/armor")[int(slot[6:]) - 1]
    return _get(v, f"{player}/{slot}")


def stored(v, player: str) -> list[tuple[int, str]]:
    return [(i, c) for i, c in enumerate(_get(v, f"{player}/backpack")) if c]


def inventory(v, player: str) -> list[str]:
    return [c for _, c in equipped(v, player)] + [c for _, c in stored(v, player)]


def set_aside(v, player: str) -> list[str]:
    """Cards of a Loot Management Window that did not resume because its Player is Fallen or a Zombie
    (interpretation lmw-not-surviving): in no Inventory, waiting for the table to report what 09 does with them."""
    return list(_get(v, f"{player}/set-aside") or [])


def takeable(v, player: str) -> list[str]:
    """What another Player may be reported taking from `player`: their Inventory and their set-aside cards."""
    return inventory(v, player) + set_aside(v, player)


def patron_mat(v, player: str) -> dict:
    """`player`'s Patron Mat place by place: "armor" and "backpack" (every Slot, None when empty), "melee" and
    "ranged" (a card or None), "dropped" (the Dropped Weapons)."""
    return {"armor": list(_get(v, f"{player}/armor")), "melee": _get(v, f"{player}/melee"),
            "ranged": _get(v, f"{player}/ranged"), "backpack": list(_get(v, f"{player}/backpack")),
            "dropped": list(_get(v, f"{player}/dropped"))}


def discard_pile(v, kind: str) -> list[str]:
    """A Loot Deck's discard pile, top card last."""
    return list(_get(v, f"discard/{kind}"))


def game_box(v) -> list[str]:
    return list(_get(v, "box"))


def deck(v, kind: str) -> tuple[int | None, list[str]]:
    """A Loot Deck: its size (None until the table gives it) and the known cards shuffled into it from its pile."""
    held = _get(v, f"deck/{kind}")
    return (None if held["unseen"] is None else held["unseen"] + len(held["known"])), list(held["known"])


def card_text(v, name: str) -> str:
    """A described card in a few words (card_summary of its catalogue entry)."""
    return card_summary(_card(v, name))


def windows(v, player: str | None = None) -> list[tuple[int, LootWindowProc]]:
    return [(i, p) for i, p in enumerate(_stack(v))
            if isinstance(p, LootWindowProc) and (player is None or p.player == player)]


def locate(v, name: str) -> tuple | None:
    """Where a card is: ("slot", player, slot) | ("backpack", player, index) | ("window", player, stack index)
    | ("set-aside", player) | ("deck", kind) | ("discard", kind) | ("box",) | ("unresolved",) | None."""
    for player in _players(v):
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
        if name in _get(v, f"deck/{kind}")["known"]:
            return ("deck", kind)
        if name in _get(v, f"discard/{kind}"):
            return ("discard", kind)
    if name in _get(v, "box"):
        return ("box",)
    if name in _get(v, "unresolved"):
        return ("unresolved",)
    return None


def where_text(place: tuple | None) -> str:
    if place is None:
        return "nowhere yet"
    if place[0] == "slot":
        return f"in {place[1]}'s {slot_label(place[2])}"
    if place[0] == "backpack":
        return f"in {place[1]}'s Backpack Slot {place[2] + 1}"
    if place[0] == "window":
        return f"in {place[1]}'s Loot Management Window"
    if place[0] == "set-aside":
        return f"set aside from {place[1]}'s Loot Management Window (the table reports what 09 does with it)"
    if place[0] == "deck":
        return f"in the {LOOT_TYPE_LABELS[place[1]]} Deck"
    if place[0] == "discard":
        return f"in the {LOOT_TYPE_LABELS[place[1]]} discard pile"
    if place[0] == "box":
        return "in the game box"
    return "unresolved when the game ended"


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
        out += [(c, ("deck", kind)) for c in state.loot[f"deck/{kind}"]["known"]]
        out += [(c, ("discard", kind)) for c in state.loot[f"discard/{kind}"]]
    out += [(c, ("box",)) for c in state.loot["box"]]
    out += [(c, ("unresolved",)) for c in state.loot["unresolved"]]
    return out


# --- the cards ---------------------------------------------------------------------------------------


def card_from_text(kind: str, text) -> dict:
    """A catalogue entry from what the table says the card says; BadMove for what a card cannot say."""
    if kind not in LOOT_TYPES:
        raise BadMove(f"no Loot type {kind!r}: armor, weapon, common (Common Magic) or rare (Rare Magic)")
    data: dict = {"type": kind}
    if text.weapon:
        if kind != "weapon":
            raise BadMove("--melee/--ranged describe a Weapon card")
        if text.weapon not in ("melee", "ranged"):
            raise BadMove(f"a Weapon is melee or ranged, not {text.weapon!r}")
        data["weapon"] = text.weapon
    elif kind == "weapon":
        raise BadMove("say whether the Weapon is Melee or Ranged: add --melee or --ranged")
    if text.equip_as:
        if kind not in ("common", "rare"):
            raise BadMove("--equip-as is for Magic Loot whose card says how it is Equipped")
        if text.equip_as not in ("armor", "melee", "ranged"):
            raise BadMove(f"--equip-as takes armor, melee or ranged, not {text.equip_as!r}")
        data["equip_as"] = text.equip_as
    if text.slots:
        if kind != "armor" and data.get("equip_as") != "armor":
            raise BadMove("--slot restricts Armor to Armor Slots")
        for n in text.slots:
            if not 1 <= n <= ARMOR_SLOTS:
                raise BadMove(f"an Armor Slot is 1-{ARMOR_SLOTS}, not {n}")
        data["slots"] = sorted(set(text.slots))
    if text.armor_type:
        data["armor_type"] = " ".join(text.armor_type.split())
    if text.defense is not None:
        data["defense"] = text.defense
    if text.stats:
        data["stats"] = parse_stat_bonuses(text.stats)
    for flag in ("consumable", "anytime", "backpack"):
        if getattr(text, flag):
            data[flag] = True
    if text.backpack_defense is not None:
        data["backpack_defense"] = text.backpack_defense
    return data


def parse_stat_bonuses(items) -> dict[str, int]:
    from referee.parsing import parse_int

    out: dict[str, int] = {}
    for item in items:
        words = str(item).replace("=", " ").split()
        if len(words) < 2:
            raise BadMove(f"a Stat bonus is \"Stat +N\", not {item!r}")
        stat = " ".join(words[:-1])
        out[stat[:1].upper() + stat[1:].lower()] = parse_int(words[-1], what=f"the {stat} bonus", low=-99, high=99,
                                                              signed=True)
    return out


def card_summary(card: dict) -> str:
    kind = card["type"]
    if kind == "plot":
        return "Plot Armor: +5 Defense while Equipped; not an Armor card, not Gear"
    parts = [LOOT_TYPE_LABELS[kind]]
    if card.get("weapon"):
        parts[0] = f"{card['weapon'].capitalize()} Weapon"
    if card.get("armor_type"):
        parts.append(f"type {card['armor_type']}")
    if card.get("slots"):
        parts.append("Armor Slot " + "/".join(map(str, card["slots"])) + " only")
    if card.get("equip_as"):
        parts.append(f"equips as {card['equip_as']}")
    if card.get("defense") is not None:
        parts.append(f"Defense {card['defense']:+d}")
    if card.get("stats"):
        parts.append(", ".join(f"{k} {v:+d}" for k, v in card["stats"].items()))
    if card.get("consumable"):
        parts.append("consumable")
    if card.get("anytime"):
        parts.append("own timing")
    if card.get("backpack"):
        parts.append("works from the Backpack")
    if card.get("backpack_defense") is not None:
        parts.append(f"Defense {card['backpack_defense']:+d} from the Backpack")
    return ", ".join(parts)


def resolve_card(v, text: str, names, *, player: str | None = None) -> str:
    """The card a Move names, exactly, among `names` (the cards the move may name); UnknownName otherwise, saying
    what the table may have meant (CardElsewhere when it is elsewhere on the table). Names are read forgivingly by the
    notation (match_card), never by a judge."""
    from referee.errors import UnknownName

    wanted = " ".join(str(text).split())
    if wanted in names:
        return wanted
    meant = match_card(v, wanted, names, player=player)  # raises with where the card is, or the nearest names
    raise UnknownName(f"no card {text!r} among {', '.join(label(n) for n in dict.fromkeys(names))}; "
                      f"did you mean {meant}?", name=str(text), what="card", suggestions=(meant,))


def match_card(v, text: str, names, *, player: str | None = None) -> str:
    """A card named forgivingly (case, unique prefix, a word of its name) among `names`. A card elsewhere on the
    table raises CardElsewhere (where it is); "Plot Armor" is `player`'s own when it is not among `names`."""
    from referee.errors import CardElsewhere
    from referee.parsing import match_choice

    names = list(dict.fromkeys(names))
    shown = {label(n) if sum(label(m) == label(n) for m in names) == 1 else n: n for n in names}
    wanted = " ".join(str(text).split())
    if wanted in names:
        return wanted
    try:
        return shown[match_choice(wanted, list(shown), what="card")]
    except BadMove as error:
        folded = wanted.casefold()
        if folded and any(s.casefold().startswith(folded) for s in shown):
            raise  # "could be A, B": several of these cards match; the table types more of the name
        everything = [n for n in _cards(v) if n not in names]
        own_plot = plot_armor_name(player) if player else None
        elsewhere = None
        if own_plot in everything and (wanted == own_plot or "plot armor".startswith(folded or "-")):
            elsewhere = own_plot
        elif everything:
            try:
                elsewhere = match_choice(wanted, everything, what="card")
            except BadMove:
                elsewhere = None
        if elsewhere:
            place = locate(v, elsewhere)
            raise CardElsewhere(f"{label(elsewhere)} is {where_text(place)}", card=elsewhere, place=place) from error
        if not names:
            raise BadMove(f"no card {text!r} there (nothing to choose from)") from error
        raise


def held_card(state, d, player: str, text: str, names=None) -> str | None:
    """The card `text` names among `player`'s own (or `names`); a card elsewhere on the table is refused by the rule
    that keeps it there (nothing applied), and None is returned."""
    from referee.errors import CardElsewhere

    try:
        return resolve_card(d, text, owned_cards(d, player) if names is None else names, player=player)
    except CardElsewhere as error:
        _not_held(d, player, error.card, error.place)
        d.impossible()
        return None


def _not_held(d, player: str, name: str, place: tuple | None) -> None:
    where = where_text(place)
    fix = "name a card the Player holds (`referee inventory`)"
    kind = place[0] if place else ""
    if kind == "box":
        d.violate("card-in-the-box", f"{label(name)} is in the game box: {player} no longer holds it",
                  R.PLOT_ARMOR_CANNOT_KEEP, R.PLOT_ARMOR_BOX, R.DISCARD_PLOT_ARMOR_BOX, fix=fix)
    elif kind == "discard":
        d.violate("card-in-a-discard-pile", f"{label(name)} is {where}: {player} no longer holds it",
                  R.DISCARD_PILE_STAYS, R.DISCARD_REMOVES, fix=fix)
    elif kind == "deck":
        d.violate("card-in-a-deck", f"{label(name)} is {where}: it is drawn from there first", R.DRAW_FROM_DECK,
                  fix=f"`referee draw {player.lower()} {place[1]} \"{label(name)}\"`")
    else:
        d.violate("card-of-another-player", f"{label(name)} is {where}, not {player}'s", R.LOOT_BELONGS,
                  R.TAKE_REMOVED, fix=fix)


def is_gear(card: dict) -> bool:
    return card["type"] in ("armor", "weapon")


def legal_slots(card: dict) -> list[str]:
    kind = card["type"]
    if kind in ("armor", "plot") or card.get("equip_as") == "armor":
        allowed = card.get("slots") or range(1, ARMOR_SLOTS + 1)
        return [f"armor-{n}" for n in allowed]
    if kind == "weapon":
        return [card["weapon"]] if card.get("weapon") else []
    if card.get("equip_as") in ("melee", "ranged"):
        return [card["equip_as"]]
    return []


def slot_rules(card: dict, slot: str) -> tuple:
    if slot.startswith("armor-"):
        return (R.ARMOR_SLOTS_ONLY, R.ARMOR_SLOT_RESTRICTION) if card.get("slots") else (R.ARMOR_SLOTS_ONLY,)
    return (R.WEAPON_SLOTS_ONLY, WEAPON_SLOT_RULE[slot])


def illegal_slot_rules(card: dict, slot: str) -> tuple:
    """The sentences that make `slot` illegal for `card`, the deciding one first."""
    kind = card["type"]
    if slot.startswith("armor-"):
        if kind in ("armor", "plot") or card.get("equip_as") == "armor":
            return (R.ARMOR_SLOT_RESTRICTION, R.EQUIP_NOT_ILLEGAL_SLOT)  # a required Armor Slot elsewhere
        return (R.ARMOR_SLOTS_ONLY, R.EQUIP_NOT_ILLEGAL_SLOT)
    if kind == "weapon" or card.get("equip_as") in ("melee", "ranged"):
        designated = R.WEAPON_MELEE_DESIGNATED if slot == "melee" else R.WEAPON_RANGED_DESIGNATED
        own = card.get("weapon") or card.get("equip_as")
        return (designated, WEAPON_SLOT_RULE[own], R.EQUIP_NOT_ILLEGAL_SLOT)
    return (R.WEAPON_SLOTS_ONLY, R.EQUIP_NOT_ILLEGAL_SLOT)


def loot_defense(v, player: str) -> int:
    total = 0
    for _, name in equipped(v, player):
        total += (_card(v, name) or {}).get("defense") or 0
    for _, name in stored(v, player):
        total += (_card(v, name) or {}).get("backpack_defense") or 0
    return total


def stat_bonus_sources(v, player: str) -> list[tuple[str, str, int, tuple]]:
    """(card, Stat, bonus, the rules that let it count) for every printed Stat bonus `player`'s Loot provides now:
    Equipped Loot (a Weapon's only because its card prints it), Stored Loot only when its card says it works from
    the Backpack (LOOT_AND_STAT_BONUSES)."""
    out = []
    for _, name in equipped(v, player):
        card = _card(v, name) or {}
        rules = {"armor": (R.STATS_EQUIPPED_ARMOR,), "weapon": (R.STATS_EQUIPPED_WEAPONS,)}.get(
            card.get("type"), (R.EQUIPPED_PROVIDES, R.MAGIC_USE_AS_INSTRUCTED))
        out += [(name, stat, bonus, rules) for stat, bonus in (card.get("stats") or {}).items()]
    for _, name in stored(v, player):
        card = _card(v, name) or {}
        if card.get("backpack"):
            rules = (R.STATS_STORED,) + ((R.MAGIC_BACKPACK_EFFECTS,) if not is_gear(card) else (R.LOOT_CARD_TEXT_WINS,))
            out += [(name, stat, bonus, rules) for stat, bonus in (card.get("stats") or {}).items()]
    return out


def stat_bonuses(v, player: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for _, stat, bonus, _ in stat_bonus_sources(v, player):
        out[stat] = out.get(stat, 0) + bonus
    return {k: v for k, v in out.items() if v}


def _bonus_text(bonuses: dict) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in bonuses.items()) or "none"


# --- changing places (on a Draft) -------------------------------------------------------------------


def _set_slot(d, player: str, slot: str, name: str | None) -> None:
    if slot.startswith("armor-"):
        armor = list(d.loot(f"{player}/armor"))
        armor[int(slot[6:]) - 1] = name
        d.set_loot(f"{player}/armor", armor)
    else:
        d.set_loot(f"{player}/{slot}", name)


def _undrop(d, player: str, name: str) -> None:
    """Take `name` off the player's Dropped list (a card that leaves its Weapon Slot is no longer Dropped)."""
    dropped = d.loot(f"{player}/dropped")
    if name in dropped:
        d.set_loot(f"{player}/dropped", [c for c in dropped if c != name])
        d.say(f"{name} leaves {player}'s Weapon Slot: it is no longer Dropped")


def _dropped_stays(d, player: str, name: str, doing: str) -> bool:
    """A Dropped Weapon remains in its Weapon Slot until recovered or restored (WEAPON_LOOT): refuse moving it out."""
    if name not in d.loot(f"{player}/dropped"):
        return False
    d.violate("dropped-weapon-stays", f"{name} is Dropped: it remains in its Weapon Slot until recovered or restored, so {doing}",
              R.WEAPON_DROPPED_REMAINS, R.DROPPED_STILL_EQUIPPED,
              fix=f"`referee recover {player.lower()} \"{name}\"` once 06_COMBAT_ENCOUNTER recovers it, or "
                  f"--override \"REASON\" if a card moves it")
    return True


def _set_backpack(d, player: str, index: int, name: str | None) -> None:
    pack = list(d.loot(f"{player}/backpack"))
    pack[index] = name
    d.set_loot(f"{player}/backpack", pack)


def _set_window(d, index: int, proc: LootWindowProc | None) -> None:
    """Replace (or remove, with None) the window at `index` of the pending stack."""
    stack = list(d.stack)
    if proc is None:
        del stack[index]
    else:
        stack[index] = proc
    if index == len(d.stack) - 1:
        if proc is None:
            d.pop()
        else:
            d.replace_top(proc)
    else:
        d.set_stack(stack)


def _take_out(d, name: str) -> tuple:
    """Remove a card from its place (Slot, Backpack, window); returns where it was."""
    place = locate(d, name)
    if place is None:
        raise BadMove(f"{label(name)} is nowhere on the table")
    if place[0] == "slot":
        _set_slot(d, place[1], place[2], None)
        _undrop(d, place[1], name)
    elif place[0] == "backpack":
        _set_backpack(d, place[1], place[2], None)
    elif place[0] == "set-aside":
        d.set_loot(f"{place[1]}/set-aside", [c for c in set_aside(d, place[1]) if c != name])
    elif place[0] == "window":
        proc = d.stack[place[2]]
        left = tuple(c for c in proc.cards if c != name)
        shrunk = LootWindowProc(player=proc.player, cards=left,
                                displaced=tuple(c for c in proc.displaced if c != name), source=proc.source)
        _set_window(d, place[2], shrunk)
    else:
        raise BadMove(f"{label(name)} is {where_text(place)}")
    return place


def _to_pile(d, name: str) -> str:
    """Put a card (already out of its place) on its matching discard pile, Plot Armor in the box."""
    card = d.card(name)
    if card["type"] == "plot":
        d.set_loot("box", list(d.loot("box")) + [name])
        return "the game box"
    kind = card["type"]
    d.set_loot(f"discard/{kind}", list(d.loot(f"discard/{kind}")) + [name])
    return f"the {LOOT_TYPE_LABELS[kind]} discard pile"


def _pile_rules(card: dict) -> tuple:
    if card["type"] == "plot":
        return (R.DISCARD_PLOT_ARMOR_BOX, R.PLOT_ARMOR_NOT_DISCARD_PILE, R.PLOT_ARMOR_TO_BOX)
    return (R.DISCARD_MATCHING_PILE, PILE_RULE[card["type"]])


def _close_if_done(state, d) -> None:
    """The window on top ends when nothing is left in it; the procedure below resumes."""
    top = d.top
    if isinstance(top, LootWindowProc) and not top.cards:
        d.pop()
        below = d.top
        resumes = below.title() if below is not None else f"{state.active_player.name}'s turn"
        d.say(f"{top.player}'s Loot Management Window is closed: every card is placed; {resumes} resumes",
              R.LMW_ENDS_ONLY_WHEN)


class _Recalc:
    """Defense from loot and Stat bonuses before a change, to say what the change did."""

    def __init__(self, state, *players: str):
        self.state = state
        self.before = {p: (loot_defense(state, p), stat_bonuses(state, p)) for p in dict.fromkeys(players)}

    def say(self, d) -> None:
        where = self.state.settings.not_loaded("06_COMBAT_ENCOUNTER")
        for p, (defense, bonuses) in self.before.items():
            now, now_bonuses = loot_defense(d, p), stat_bonuses(d, p)
            if now != defense:
                d.say(f"{p}'s Defense from loot {defense} → {now} (the full Defense is calculated by {where})",
                      R.DEFENSE_RECALC)
            if now_bonuses != bonuses:
                d.say(f"{p}'s Stat bonuses from loot: {_bonus_text(bonuses)} → {_bonus_text(now_bonuses)} "
                      f"(current Stats: {self.state.settings.not_loaded('04_PLAYER_STRUCTURE')})", R.STATS_RECALC)


def _plot_leaving(v, player: str, card: dict) -> str | None:
    """The Armor Slot of the Plot Armor that equipping `card` sends to the box, if any: only the first Armor card
    the Player ever equips, and only that Player's own Plot Armor, still Equipped (PLOT_ARMOR)."""
    if card["type"] != "armor" or _get(v, f"{player}/armor-equipped"):
        return None
    own = plot_armor_name(player)
    return next((slot for slot, held in equipped(v, player) if held == own), None)


def _plot_armor_first(state, d, player: str, card: dict, name: str) -> None:
    """The first Armor card a Player equips sends their still-Equipped Plot Armor to the box first; the Player is
    marked as having equipped an Armor card, so later Armor never discards a Plot Armor again."""
    if card["type"] != "armor":
        return
    slot = _plot_leaving(d, player, card)
    if not d.loot(f"{player}/armor-equipped"):
        d.set_loot(f"{player}/armor-equipped", True)
    if slot is None:
        return
    held = occupant(d, player, slot)
    _set_slot(d, player, slot, None)
    d.set_loot("box", list(d.loot("box")) + [held])
    d.say(f"Plot Armor returns to the game box, discarded before {name} applies ({name} is the first Armor card "
          f"{player} equips; Plot Armor is not displaced Loot and cannot be kept)", R.PLOT_ARMOR_FIRST_ARMOR,
          R.PLOT_ARMOR_NOT_DISPLACED, R.PLOT_ARMOR_CANNOT_KEEP, R.PLOT_ARMOR_BOX, R.LMW_PLOT_ARMOR_NOT_DISPLACED,
          R.REPLACE_PLOT_ARMOR_EXCEPTION, R.PLOT_ARMOR_ONCE)


def _second_plot_armor(d, player: str, card: dict, name: str) -> bool:
    """Refuse a second Plot Armor on one Patron Mat (the rules give each Player one)."""
    if card["type"] != "plot":
        return False
    if not holds_plot_armor(d, player, equipped_only=True):
        return False
    d.violate("second-plot-armor", f"{player} already has Plot Armor Equipped: the rules give each Player one Plot "
              f"Armor, and a second on one Patron Mat is not provided for",
              fix=f"discard {label(name)} (to the game box), or --override \"card text\"", reading="one-plot-armor")
    return True


def _open_window(d, player: str, names: list[str], source: str, displaced: tuple = ()) -> None:
    """Add cards to the player's window on top of the stack, or open one above whatever is there."""
    top = d.top
    if isinstance(top, LootWindowProc) and top.player == player:
        d.replace_top(LootWindowProc(player=player, cards=top.cards + tuple(names),
                                     displaced=top.displaced + tuple(displaced), source=top.source))
        d.cite(R.LMW_ORDER)
    else:
        d.push(LootWindowProc(player=player, cards=tuple(names), displaced=tuple(displaced), source=source))


def _need_window(state, d, player: str, name: str, verb: str, *rules) -> LootWindowProc | None:
    """The player's own window must be on top with `name` in it (and displaced Loot goes first)."""
    top = d.top
    if not (isinstance(top, LootWindowProc) and top.player == player):
        place = locate(d, name)
        gear = is_gear(d.card(name)) and place is not None and place[0] in ("slot", "backpack")
        d.violate("not-in-a-window", f"{player} is not resolving a Loot Management Window: only newly acquired or "
                  f"displaced Loot is "
                  f"{verb} this way", *rules,
                  fix=f"Stored or Equipped Gear moves by Gear Swap: `referee gear-swap {player.lower()} "
                      f"\"{name}\"`" if gear else f"{label(name)} is {where_text(place)}")
        return None
    if name not in top.cards:
        d.violate("not-in-this-window", f"{label(name)} is not waiting in {player}'s Loot Management Window "
                  f"({where_text(locate(d, name))})", R.LMW_DECIDE_EACH, fix=top.finish_hint())
        return None
    _check_displaced_first(state, d, top, name)
    return top


def _displaced_first(state, window) -> bool:
    """Whether displaced Loot in `window` must be placed before its other cards (hints; no interpretation shown)."""
    return bool(window.displaced) and reading_of(state, "displaced-first") == "displaced-first"


def _check_displaced_first(state, d, window, name: str) -> None:
    """Placing a card that is not displaced while displaced Loot waits: the readings of displaced-first differ."""
    if not window.displaced or name in window.displaced:
        return
    if d.interpret("displaced-first") == "displaced-first":
        waiting = ", ".join(window.displaced)
        d.violate("displaced-loot-first", f"displaced Loot must be placed immediately: place {waiting} before {label(name)}",
                  R.LMW_DISPLACED_IMMEDIATELY, R.REPLACE_DISPLACED_IMMEDIATELY, R.LMW_ORDER,
                  fix=f"equip, store, use or discard {window.displaced[0]} first")
    else:
        d.cite(R.LMW_ORDER)


def owned_cards(d, player: str) -> list[str]:
    """Cards the player can name: their inventory, their windows, and their set-aside cards."""
    return inventory(d, player) + [c for _, w in windows(d, player) for c in w.cards] + set_aside(d, player)


def _obligations(state, d, player: str) -> None:
    top = d.top
    if not (isinstance(top, LootWindowProc) and top.player == player and top.cards):
        return
    empty_pack = [i for i, c in enumerate(d.loot(f"{player}/backpack")) if c is None]
    first = _displaced_first(state, top)
    for name in top.cards:
        card = d.card(name)
        kind = "displaced" if name in top.displaced else "new"
        if first and name not in top.displaced:
            d.oblige(f"{player} places {label(name)} ({kind}) after the displaced {', '.join(top.displaced)} "
                     f"(interpretation displaced-first)")
            continue
        options = []
        slots = legal_slots(card)
        empty = [s for s in slots if occupant(d, player, s) is None]
        leaving = _plot_leaving(d, player, card)
        if card["type"] == "plot" and holds_plot_armor(d, player, equipped_only=True, other_than=name):
            pass  # a second Plot Armor is refused
        elif leaving:
            options.append("equip (Plot Armor then goes to the box)")
        elif empty:
            options.append(f"equip ({slot_label(empty[0])})")
        elif slots:
            options.append(f"equip (replacing {label(occupant(d, player, slots[0]))})")
        if empty_pack and card["type"] != "plot":
            options.append(f"store (Backpack Slot {empty_pack[0] + 1})")
        if _usable_now(state, d, player, card):
            options.append("use")
        options.append("discard")
        d.oblige(f"{player} places {label(name)} ({kind}): " + ", ".join(options))
    d.cite(R.LMW_DECIDE_EACH)


# --- the interface issue 6 (Random Encounters) uses -------------------------------------------------


def eligible_loot(v, player: str) -> list[str]:
    """Loot cards `player` possesses that can be discarded to pay an encounter's discard option, read from a
    view (a Draft answers after a discard earlier in the same move).

    Plot Armor is left out unless the game's reading of `plot-armor-eligible` is "counts".
    """
    from referee import interpretations

    reading = interpretations.reading(_settings(v).interpretations, "plot-armor-eligible")
    names = inventory(v, player)
    if reading != "counts":
        names = [n for n in names if _card(v, n)["type"] != "plot"]
    return names


def holds_plot_armor(v, player: str, *, equipped_only: bool = False, other_than: str | None = None) -> bool:
    """Whether `player` holds a Plot Armor card (in their Inventory, or only in an Equipment Slot), other than
    `other_than`."""
    held = [c for _, c in equipped(v, player)] if equipped_only else inventory(v, player)
    return any(_card(v, c)["type"] == "plot" and c != other_than for c in held)


def discard_effects(state, d, player: str, card: str, why: str) -> None:
    """A discard a rule requires (no timing check): the card goes to its matching pile, Plot Armor to the box."""
    name = resolve_card(d, card, owned_cards(d, player), player=player)
    recalc = _Recalc(state, player)
    place = _take_out(d, name)
    info = d.card(name)
    where = _to_pile(d, name)
    d.say(f"{player} discards {label(name)} ({where_text(place)}) to {where}: {why}", R.DISCARD_REMOVES,
          *_pile_rules(info))
    recalc.say(d)
    if place[0] == "window":
        _close_if_done(state, d)


# --- judges ------------------------------------------------------------------------------------------


def judge_card(state, move, d) -> None:
    name = " ".join(move.name.split())
    if not name:
        raise BadMove("name the card")
    if name.startswith("Plot Armor"):
        raise BadMove("Plot Armor is the starting card every Player has; name the card something else")
    data = card_from_text(move.kind, move)
    if _mystic_dagger(d, name):
        return
    known = d.card(name)
    if known == data:  # nothing to record: legal, and nothing to apply
        d.say(f"{name} is already described exactly so: nothing changes")
        return d.impossible()
    if known is not None:
        _redescribed(d, name, known, "correct it with --override \"what the card says\" (card text applies)")
    d.set_card(name, data)
    d.say(f"{name}: {card_summary(data)} (the table's description of the card)", R.LOOT_CARD_RESTRICTIONS)


def _redescribed(d, name: str, known: dict, fix: str) -> None:
    """A card already described is described differently (interpretation card-redescribed)."""
    if d.interpret("card-redescribed") == "override":
        d.violate("card-redescribed", f"{name} is already described as {card_summary(known)}", fix=fix,
                  reading="card-redescribed")
    else:
        d.say(f"{name} was described as {card_summary(known)}: this description replaces it",
              R.LOOT_CARD_RESTRICTIONS)


def _mystic_dagger(d, name: str) -> bool:
    """The Mystic Dagger is not Loot: no Loot move names it (refused, nothing to apply)."""
    bare = name.casefold().removeprefix("the ").strip()
    if bare != "mystic dagger":
        return False
    d.violate("mystic-dagger-not-loot", f"{name} is not Loot: it is not drawn, described, equipped or stored as "
              f"Loot", R.MYSTIC_DAGGER_NOT_LOOT, R.MYSTIC_DAGGER_NOT_INVENTORY, fix="nothing to record here")
    d.impossible()
    return True


def judge_deck_size(state, move, d) -> None:
    kind = move.kind
    if kind not in LOOT_TYPES:
        raise BadMove(f"no Loot Deck {kind!r}: armor, weapon, common or rare")
    deck = d.loot(f"deck/{kind}")
    if move.size < len(deck["known"]):
        d.violate("deck-smaller-than-known", f"the {LOOT_TYPE_LABELS[kind]} Deck holds "
                  f"{plural(len(deck['known']), 'known card')} ({', '.join(deck['known'])}), shuffled from its discard "
                  f"pile: it cannot have {move.size}", R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                  fix="count the deck again")
    d.set_loot(f"deck/{kind}", {"unseen": max(0, move.size - len(deck["known"])), "known": list(deck["known"])})
    d.say(f"the {LOOT_TYPE_LABELS[kind]} Deck has {plural(move.size, 'card')} (the table counts it)", R.DRAW_FROM_DECK)


def judge_draw(state, move, d) -> None:
    player = move.player
    if len(move.kinds) != len(move.names) or not move.names:
        raise BadMove("draw TYPE NAME pairs, e.g. `referee draw mara armor \"Bone Pauldron\"`")
    _out_of_play(state, d, player, "draw Loot")
    top = d.top
    if isinstance(top, LootWindowProc) and top.player != player:
        top.refuse(d, move)
    if any(not " ".join(str(text).split()) for text in move.names):
        raise BadMove("name the card: `referee draw mara armor \"Bone Pauldron\"`")
    has_text = move.card_options() != []
    if has_text and len(move.names) > 1:
        raise BadMove(f"card options ({' '.join(move.card_options())}) describe one card, and this draw names "
                      f"{len(move.names)}: describe each first with `referee card NAME TYPE ...`, then draw them "
                      f"by name")
    drawn: list[str] = []
    for kind, text in zip(move.kinds, move.names):
        if kind not in LOOT_TYPES:
            raise BadMove(f"no Loot type {kind!r}: armor, weapon, common (Common Magic) or rare (Rare Magic)")
        name = _draw_one(state, move, d, player, kind, " ".join(text.split()), has_text)
        if name:
            drawn.append(name)
    if len(move.names) > 1:
        d.cite(R.DRAW_ALL_FIRST, R.DRAW_TYPES_IN_ORDER)
    if not drawn:
        return d.impossible()
    _open_window(d, player, drawn, "drew")
    d.say(f"{player} resolves a Loot Management Window for {', '.join(drawn)}", R.DRAW_THEN_WINDOW, R.LMW_OCCURS,
          R.SUMMARY_WINDOW)
    _obligations(state, d, player)


def _draw_one(state, move, d, player: str, kind: str, text: str, has_text: bool) -> str | None:
    if _mystic_dagger(d, text):
        return None
    deck_label = f"{LOOT_TYPE_LABELS[kind]} Deck"
    deck = d.loot(f"deck/{kind}")
    pile = d.loot(f"discard/{kind}")
    if deck["unseen"] == 0 and not deck["known"]:
        if not pile:
            d.violate("deck-and-pile-empty", f"the {deck_label} and its discard pile are both empty: no more {LOOT_TYPE_LABELS[kind]} "
                      f"cards are drawn", R.EXHAUSTION_BOTH_EMPTY, R.EXHAUSTION_AS_MANY,
                      fix="draw only the cards that are there")
            return None
        deck = {"unseen": 0, "known": list(pile)}
        d.set_loot(f"discard/{kind}", [])
        d.say(f"the {deck_label} is empty: its discard pile ({len(pile)} card{'s' if len(pile) > 1 else ''}: "
              f"{', '.join(pile)}) is shuffled into a new face-down {deck_label}; drawing continues",
              R.EXHAUSTION_SHUFFLE, R.EXHAUSTION_CONTINUE, R.SUMMARY_EXHAUSTION, R.DISCARD_PILE_STAYS)
    name = None
    if deck["known"]:
        try:
            name = resolve_card(d, text, deck["known"])
        except BadMove:
            name = None
    if name is not None:
        deck = {"unseen": deck["unseen"], "known": [c for c in deck["known"] if c != name]}
    elif deck["unseen"] == 0:
        d.violate("not-in-the-refreshed-deck", f"the {deck_label} holds only {', '.join(deck['known'])} (shuffled "
                  f"from its discard pile): "
                  f"{text!r} cannot be drawn from it", R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                  fix="name the card that was drawn")
        return None
    else:
        name = next((n for n in _cards(d) if n.casefold() == text.casefold()), text)  # the catalogue, any case
        described = [n for n, c in _cards(d).items() if c["type"] == kind and locate(d, n) is None]
        if d.card(name) is None and described:
            try:  # a card the table described beforehand (`referee card`), named forgivingly
                name = resolve_card(d, text, described)
            except BadMove:
                pass
        if deck["unseen"] is not None:
            deck = {"unseen": deck["unseen"] - 1, "known": list(deck["known"])}
        known = d.card(name)
        if known is not None and locate(d, name) == ("discard", kind) and deck["unseen"] is None:
            d.violate("drawn-from-the-discard-pile", f"{name} is in the {LOOT_TYPE_LABELS[kind]} discard pile and "
                      f"the {deck_label}'s size is not known: if the deck ran out, its discard pile is shuffled into a "
                      f"new deck and {name} is drawn from it; otherwise this is another copy of {name}",
                      R.DISCARD_PILE_STAYS, R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                      fix=f"if the {deck_label} is empty: `referee deck {kind} 0`, then draw again (the discard pile "
                          f"is shuffled in); if the deck holds another copy: --override \"another copy\"")
        if known is not None and locate(d, name) is not None:
            n = 2
            while d.card(f"{name} #{n}") is not None:
                n += 1
            d.say(f"{name} is already {where_text(locate(d, name))}: this is another copy, called '{name} #{n}'")
            name = f"{name} #{n}"
            d.set_card(name, known)
        elif known is None:
            if name.startswith("Plot Armor"):
                raise BadMove("Plot Armor is not part of any standard Loot deck")
            d.set_card(name, card_from_text(kind, move))
        elif has_text and card_from_text(kind, move) != known:
            _redescribed(d, name, known, "draw it by name only, or correct it with --override \"what the card says\"")
            d.set_card(name, card_from_text(kind, move))
    card = d.card(name)
    if card["type"] != kind:
        d.violate("wrong-loot-deck", f"{name} is a {LOOT_TYPE_LABELS[card['type']]} card: it is not in the "
                  f"{deck_label}",
                  R.LOOT_TYPE_DECIDES, fix=f"draw it as {card['type']}")
    d.set_loot(f"deck/{kind}", deck)
    left = "" if deck["unseen"] is None else f"; {deck['unseen'] + len(deck['known'])} left in the deck"
    d.say(f"{player} draws {name} ({card_summary(card)}) from the top of the {deck_label}{left}",
          R.DRAW_FROM_DECK, R.DRAW_REVEALED)
    return name


def judge_equip(state, move, d) -> None:
    player = move.player
    name = held_card(state, d, player, move.card)
    if name is None:
        return
    card = d.card(name)
    window = _need_window(state, d, player, name, "equipped", R.EQUIP_IN_WINDOW, R.EQUIP_STORED_GEAR_IN_SWAP)
    slots = legal_slots(card)
    if not slots:
        rules = (R.MAGIC_NOT_EQUIPPED, R.MAGIC_USE_AS_INSTRUCTED) if card["type"] in ("common", "rare") else \
            (R.EQUIP_NOT_ILLEGAL_SLOT,)
        d.violate("no-legal-slot", f"{name} ({card_summary(card)}) has no legal Equipment Slot", *rules,
                  fix=f"store it, use it or discard it (or describe how its card says it is Equipped: "
                      f"`referee card \"{name}\" {card['type']} --equip-as armor|melee|ranged --override ...`)")
        return d.impossible() if window is None else None
    _second_plot_armor(d, player, card, name)
    leaving = _plot_leaving(d, player, card)
    slot = parse_slot(move.slot) if move.slot else None
    if slot is not None and slot not in slots:
        d.violate("illegal-slot", f"{name} may not be Equipped in {the_slot(slot)} ({card_summary(card)})",
                  *illegal_slot_rules(card, slot),
                  fix="legal: " + ", ".join(slot_label(s) for s in slots))  # --override: the card text allows it
    if slot is None:
        empty = [s for s in slots if occupant(d, player, s) is None]
        if leaving in slots:
            slot = leaving  # Plot Armor leaves it before the new Armor applies
        elif empty:
            slot = empty[0]
        elif len(slots) == 1:
            slot = slots[0]
        else:
            d.violate("which-slot-to-replace", f"every legal slot for {name} is occupied: say which one to replace",
                      R.EQUIP_REPLACE_IF_LEGAL, fix=f"`referee equip {player.lower()} \"{name}\" armor N`: "
                      + ", ".join(f"{slot_label(s)} holds {label(occupant(d, player, s))}" for s in slots))
            slot = slots[0]
    if window is None:
        return d.impossible()
    held = occupant(d, player, slot)
    if held is not None and slot != leaving:
        _dropped_stays(d, player, held, f"{name} cannot be equipped over it")
    recalc = _Recalc(state, player)
    _take_out(d, name)
    if slot == leaving:
        held = None  # Plot Armor is discarded, not displaced
    if held is not None:
        _undrop(d, player, held)
    d.say(f"{name} equipped in {player}'s {slot_label(slot)}", R.EQUIP_LEGAL_SLOT,
          R.EQUIP_EMPTY_SLOT if held is None else R.EQUIP_REPLACE_IF_LEGAL, *slot_rules(card, slot),
          R.EQUIP_IN_WINDOW, R.EQUIP_EFFECTS_BEGIN)
    _plot_armor_first(state, d, player, card, name)
    _set_slot(d, player, slot, name)
    if held is not None:
        top = d.stack[-1]
        d.replace_top(LootWindowProc(player=player, cards=top.cards + (held,), displaced=top.displaced + (held,),
                                     source=top.source))
        d.say(f"{held} is displaced into {player}'s Loot Management Window: equip it elsewhere, store it, use it "
              f"or discard it now", R.LMW_DISPLACED, R.REPLACE_PREVIOUS_DISPLACED, R.LMW_DISPLACED_IMMEDIATELY,
              R.EQUIP_EFFECTS_END)
    if card["type"] == "armor":
        d.cite(R.ARMOR_EQUIPPED_PROVIDES, R.ARMOR_EQUIPPED_RECALC)
    recalc.say(d)
    _close_if_done(state, d)
    _obligations(state, d, player)


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
    pack = d.loot(f"{player}/backpack")
    if move.slot is not None:
        if not 1 <= move.slot <= len(pack):
            raise BadMove(f"{player} has Backpack Slots 1-{len(pack)}, not {move.slot}")
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
                room = (f", or first discard a Backpack card (`referee discard {player.lower()} \"{label(pack[0])}\"`, "
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
        d.say(f"stored Armor gives no Defense or Stat bonuses", R.STORED_ARMOR_NOTHING)
    elif card["type"] == "weapon":
        d.say(f"a stored Weapon is not available for Attacks", R.STORED_WEAPON_NO_ATTACKS)
    elif card.get("backpack") or card.get("backpack_defense"):
        d.say(f"{name} works from the Backpack (its card says so)", R.MAGIC_BACKPACK_EFFECTS,
              *((R.MAGIC_BACKPACK_DEFENSE, R.STORED_DEFENSE_FROM_BACKPACK) if card.get("backpack_defense") else ()))
    else:
        d.cite(R.MAGIC_BACKPACK_EFFECTS)
    recalc.say(d)
    _close_if_done(state, d)
    _obligations(state, d, player)


def _interrupting(state, d, player: str, *, quiet: bool = False) -> list:
    """Procedures being resolved that count as "an Action or interruption" for `player`'s own Loot.

    The interpretation lmw-is-interruption is shown only when its readings differ here: the Player's own window
    is pending and nothing else is."""
    own = [p for p in d.stack if isinstance(p, LootWindowProc) and p.player == player]
    others = [p for p in d.stack if not (isinstance(p, LootWindowProc) and p.player == player)]
    if own and not others:
        reading = reading_of(state, "lmw-is-interruption") if quiet else d.interpret("lmw-is-interruption")
        return own if reading == "any-procedure-is" else []
    return others


def reading_of(state, id: str) -> str:
    """The reading in force, without showing it in the ruling (for hints)."""
    from referee import interpretations

    return interpretations.reading(state.settings.interpretations, id)


def _usable_now(state, d, player: str, card: dict) -> bool:
    """Whether `use` would be legal now by timing (hints only; the judge decides and cites)."""
    if not card.get("consumable"):
        return False
    if card.get("anytime"):
        return True
    return state.own_player_turn(player) and not _interrupting(state, d, player, quiet=True)


def judge_discard(state, move, d) -> None:
    player = move.player
    name = held_card(state, d, player, move.card)
    if name is None:
        return
    if move.required:
        d.cite(R.BOMB_LOOT_THIS_DOCUMENT) if any(p.kind == "end-of-turn" for p in d.stack) else None
        return discard_effects(state, d, player, name, f"required by {move.required}")
    _dropped_stays(d, player, name, "it is not voluntarily discarded")
    top = d.top
    in_window = isinstance(top, LootWindowProc) and top.player == player
    if in_window and name in top.cards:
        _check_displaced_first(state, d, top, name)
        d.cite(R.DISCARD_IN_WINDOW, R.LMW_OPTION_DISCARD)
    elif in_window:
        if d.interpret("lmw-make-room") == "yes":
            d.say(f"{player} may discard during their own Loot Management Window, which can empty a Backpack Slot",
                  R.DISCARD_IN_WINDOW, R.STORE_NOT_FULL)
        else:
            d.violate("discard-outside-the-window", f"only the cards in {player}'s Loot Management Window may be "
                      f"discarded during it", R.DISCARD_IN_WINDOW, R.STORE_NOT_FULL,
                      fix=f"discard {label(name)} on your own turn when nothing is being resolved",
                      reading="lmw-make-room")
    else:
        active = state.active_player.name
        if not state.own_player_turn(player):
            d.violate("discard-on-another-players-turn", f"it is {active}'s turn: {player} may not voluntarily "
                      f"discard Loot during another Player's Turn",
                      R.DISCARD_NOT_OTHERS_TURN, R.DISCARD_OWN_TURN,
                      fix=f"discard it on {player}'s own Player Turn when nothing is being resolved "
                          f"(or --required \"REASON\" when a rule or effect requires the discard)")
        busy = _interrupting(state, d, player)
        if busy:
            d.violate("discard-while-resolving", f"{busy[-1].title()} is being resolved: voluntary discards wait "
                      f"until nothing is",
                      R.DISCARD_OWN_TURN, *busy[-1].must_finish_first, fix=busy[-1].finish_hint())
        d.cite(R.DISCARD_OWN_TURN)
        d.report(f"if this is a Combat Turn ({state.settings.not_loaded('06_COMBAT_ENCOUNTER')}), a voluntary discard "
                 f"is refused: the table says whether it is", R.DISCARD_NOT_COMBAT_TURN)
    discard_effects(state, d, player, name, "voluntary")
    _obligations(state, d, player)


def judge_use(state, move, d) -> None:
    player = move.player
    name = held_card(state, d, player, move.card)
    if name is None:
        return
    card = d.card(name)
    place = locate(d, name)
    top = d.top
    in_window = place[0] == "window"
    if in_window and not (isinstance(top, LootWindowProc) and top.player == player):
        top.refuse(d, move)  # the card waits in a window below: what is on top finishes first
    elif in_window:
        _check_displaced_first(state, d, top, name)
    if card["type"] == "plot" or (is_gear(card) and not card.get("consumable")):
        d.violate("gear-is-not-used", f"{label(name)} is not used: Armor works while Equipped and Weapons are used "
                  f"for Attacks ({state.settings.not_loaded('06_COMBAT_ENCOUNTER')})",
                  R.EQUIPPED_WEAPONS_AVAILABLE if card["type"] == "weapon" else R.ARMOR_EQUIPPED_PROVIDES,
                  R.CONSUMABLE_DEFINITION, R.CONSUMABLE_CARD_TEXT, fix="if its card text says it can be used, --override \"card text\"")
    elif in_window and not card.get("consumable"):
        d.violate("not-consumable", f"{name} is not Consumable: using it does not place it", R.LMW_NO_UNRESOLVED,
                  R.LMW_DECIDE_EACH, R.CONSUMABLE_DEFINITION,
                  fix=f"equip, store or discard {name} (describe it with --consumable if its card says it is "
                      f"consumed)")
    checking = next((p for p in reversed(d.stack) if p.kind == "check"), None)
    if card.get("anytime"):
        d.say(f"{name}'s card gives its own timing, which the table says allows it now", R.CONSUMABLE_CARD_TEXT,
              *((R.LMW_USE_TIMING,) if in_window else ()))
        if checking is not None:
            d.interpret("check-finishes-first")
            d.oblige(f"if it changes the Check: `referee modifier PLAYER N --because \"{name}\"`; then "
                     f"{checking.finish_hint()}")
    else:
        active = state.active_player.name
        rules = (R.CONSUMABLE_DEFAULT_TIMING,) + ((R.LMW_CONSUMABLE_LEGAL, R.CONSUMABLE_IN_WINDOW) if in_window else ())
        if not state.own_player_turn(player):
            d.violate("use-on-another-players-turn", f"it is {active}'s turn: {name} gives no timing of its own, so "
                      f"{player} uses it only during "
                      f"their own Player Turn", *rules, fix=f"use it on {player}'s own turn (or describe the card's "
                                                            f"own timing with --anytime)")
        busy = _interrupting(state, d, player)
        if busy:
            if busy[-1].kind == "check":
                d.interpret("check-finishes-first")
            d.violate("use-while-resolving", f"{busy[-1].title()} is being resolved: {name} gives no timing of its "
                      f"own",
                      *rules, fix=busy[-1].finish_hint())
        d.cite(*rules)
    recalc = _Recalc(state, player)
    effect = move.effect.strip() or "what its card says"
    d.report(f"{player} uses {name}: {effect} (card text; record its effects: heal, gain, damage, ...)",
             R.CONSUMABLE_CARD_TEXT, R.MAGIC_USE_AS_INSTRUCTED)
    if card.get("consumable"):
        _take_out(d, name)
        where = _to_pile(d, name)
        freed = f"; Backpack Slot {place[2] + 1} is free" if place[0] == "backpack" else ""
        d.say(f"{name} is used up and goes to {where}{freed}", R.CONSUMABLE_DISCARD_AFTER, *_pile_rules(card),
              *((R.CONSUMABLE_FREES_SLOT,) if freed and isinstance(top, LootWindowProc) else ()))
        if in_window:
            d.cite(R.LMW_OPTION_USE)
    recalc.say(d)
    if in_window:
        _close_if_done(state, d)
    _obligations(state, d, player)


def judge_gear_swap(state, move, d) -> None:
    player = move.player
    owned = inventory(d, player)
    first = held_card(state, d, player, move.card, owned)
    other = held_card(state, d, player, move.other, owned) if move.other else None
    if first is None or (move.other and other is None):
        return
    active = state.active_player.name
    d.cite(R.GEAR_SWAP_FREE_ACTION, R.SUMMARY_GEAR_SWAP)
    if not state.own_player_turn(player):
        d.violate("gear-swap-on-another-players-turn", f"it is {active}'s turn: a Gear Swap is made during your own "
                  f"Player Turn", R.SUMMARY_GEAR_SWAP,
                  fix=f"wait for {player}'s Player Turn")
    if d.interpret("gear-swap-limit") == "once-per-turn" and d.loot(f"swaps/{player}") == state.turn:
        d.violate("second-gear-swap", f"{player} already made a Gear Swap this Player Turn (once per Player Turn)",
                  R.SUMMARY_GEAR_SWAP,
                  fix="wait for your next Player Turn")
    d.report(f"the Free Action rules ({state.settings.not_loaded('05_ACTIONS')}) decide any further limits",
             R.GEAR_SWAP_FOLLOWS_05)
    d.set_loot(f"swaps/{player}", state.turn)
    for name in filter(None, (first, other)):
        card = d.card(name)
        if not is_gear(card):
            rule = R.GEAR_NOT_PLOT_ARMOR if card["type"] == "plot" else R.GEAR_NOT_MAGIC
            d.violate("not-gear", f"{label(name)} is not Gear: a Gear Swap moves Armor and Weapons only", rule,
                      R.GEAR_DEFINITION,
                      fix="Gear Swap only Armor or Weapon cards")
            return d.impossible()
    for name in filter(None, (first, other)):
        _dropped_stays(d, player, name, "no Gear Swap moves it out")
    recalc = _Recalc(state, player)
    a = locate(d, first)
    if other is None:
        if a[0] == "slot":
            return _swap_to_backpack(state, d, player, first, a, move, recalc)
        return _swap_to_slot(state, d, player, first, a, move, recalc)
    b = locate(d, other)
    if a[0] == b[0]:
        d.violate("exchange-one-of-each", f"{label(first)} and {label(other)} are both {'Equipped' if a[0] == 'slot' else 'Stored'}: an "
                  f"exchange is one Equipped Gear card with one Stored Gear card", R.GEAR_SWAP_EXCHANGE,
                  fix="name one Equipped and one Stored card")
        return d.impossible()
    (worn, worn_at), (kept, kept_at) = ((first, a), (other, b)) if a[0] == "slot" else ((other, b), (first, a))
    slot = worn_at[2]
    kept_card = d.card(kept)
    if slot not in legal_slots(kept_card):
        d.violate("exchange-illegal-slot", f"{kept} ({card_summary(kept_card)}) is not legal for {the_slot(slot)} "
                  f"that {worn} occupies", R.GEAR_SWAP_EXCHANGE, *illegal_slot_rules(kept_card, slot), fix=(
                      f"move one card at a time: `referee gear-swap {player.lower()} \"{worn}\"` stores it, "
                      f"`referee gear-swap {player.lower()} \"{kept}\"` equips it (one Gear Swap per turn)"))
    _set_slot(d, player, slot, None)
    _set_backpack(d, player, kept_at[2], None)
    _undrop(d, player, worn)
    _plot_armor_first(state, d, player, kept_card, kept)
    _set_slot(d, player, slot, kept)
    _set_backpack(d, player, kept_at[2], worn)
    d.say(f"Gear Swap: {kept} goes from Backpack Slot {kept_at[2] + 1} to {the_slot(slot)}; {worn} goes to "
          f"Backpack Slot {kept_at[2] + 1}", R.GEAR_SWAP_EXCHANGE, R.EQUIP_STORED_GEAR_IN_SWAP, R.STORE_GEAR_IN_SWAP,
          R.EQUIP_EFFECTS_BEGIN, R.EQUIP_EFFECTS_END)
    _swap_done(state, d, player, recalc)


def _swap_to_backpack(state, d, player, name, at, move, recalc) -> None:
    pack = d.loot(f"{player}/backpack")
    if None not in pack:
        # No empty Backpack Slot: none of the three forms of a Gear Swap applies. Discarding the card is a voluntary
        # discard (`referee discard`), which does not use up the Gear Swap; an exchange needs Stored Gear.
        gear = [c for _, c in stored(d, player) if is_gear(d.card(c)) and at[2] in legal_slots(d.card(c))]
        fixes = [f"exchange it with Stored Gear legal for {the_slot(at[2])}: `referee gear-swap {player.lower()} "
                 f"\"{name}\" \"{gear[0]}\"`"] if gear else []
        fixes.append(f"or discard it (on {player}'s own Player Turn, nothing being resolved; this keeps the Gear "
                     f"Swap): `referee discard {player.lower()} \"{name}\"`")
        why = (" --discard does not make it one: nothing is left without a legal Slot except by the swap itself"
               if move.discard else "")
        d.violate("gear-swap-backpack-full", f"{player}'s Backpack is full ({plural(len(pack), 'Slot')}): a Gear "
                  f"Swap moves Equipped Gear only "
                  f"into an empty Backpack Slot, so there is no Gear Swap that stores {name};{why}",
                  R.GEAR_SWAP_TO_BACKPACK, R.STORE_NOT_FULL, R.GEAR_SWAP_NO_SLOT, fix="; ".join(fixes))
        return d.impossible()
    index = pack.index(None)
    _set_slot(d, player, at[2], None)
    _set_backpack(d, player, index, name)
    _undrop(d, player, name)
    d.say(f"Gear Swap: {name} goes from {the_slot(at[2])} to Backpack Slot {index + 1}",
          R.GEAR_SWAP_TO_BACKPACK, R.STORE_GEAR_IN_SWAP, R.EQUIP_EFFECTS_END)
    _swap_done(state, d, player, recalc)


def _swap_to_slot(state, d, player, name, at, move, recalc) -> None:
    card = d.card(name)
    slots = legal_slots(card)
    slot = parse_slot(move.slot) if move.slot else None
    if slot is not None and slot not in slots:
        d.violate("illegal-slot", f"{name} may not be Equipped in {the_slot(slot)}", *illegal_slot_rules(card, slot),
                  fix="legal: " + ", ".join(slot_label(s) for s in slots))
    leaving = _plot_leaving(d, player, card)  # Plot Armor leaves its slot before the new Armor applies
    free = [s for s in slots if occupant(d, player, s) is None or s == leaving]
    if slot is None:
        target = leaving if leaving in slots else free[0] if free else slots[0]
    else:
        target = slot
    held = None if target == leaving else occupant(d, player, target)
    if held is not None:
        # Into an occupied Slot is none of the three forms: only an exchange (Gear for Gear) uses an occupied Slot.
        others = [s for s in free if s != target]
        if is_gear(d.card(held)):
            d.violate("gear-swap-into-an-occupied-slot", f"{the_slot(target)[:1].upper()}{the_slot(target)[1:]} "
                      f"holds {held}: moving {name} there is "
                      f"an exchange", R.GEAR_SWAP_TO_SLOT, R.GEAR_SWAP_EXCHANGE,
                      fix=f"`referee gear-swap {player.lower()} \"{name}\" \"{held}\"`"
                          + (f", or choose an empty legal Slot: {', '.join(slot_label(s) for s in others)}"
                             if others else ""))
        else:
            fix = (f"choose an empty legal Slot: `--slot {others[0]}` ({', '.join(slot_label(s) for s in others)})"
                   if others else f"first discard {label(held)} (`referee discard {player.lower()} \"{label(held)}\"`, "
                                  f"on your own turn), then Gear Swap {name} into the empty Slot")
            d.violate("gear-swap-into-an-occupied-slot", f"{the_slot(target)[:1].upper()}{the_slot(target)[1:]} "
                      f"holds {label(held)}, which is not Gear: "
                      f"a Gear Swap moves Stored Gear only into an empty legal Equipment Slot, or exchanges it with "
                      f"Equipped Gear" + (" (--discard does not make an occupied Slot empty)" if move.discard else ""),
                      R.GEAR_SWAP_TO_SLOT, R.GEAR_SWAP_EXCHANGE, R.GEAR_DEFINITION, fix=fix)
        return d.impossible()
    _set_backpack(d, player, at[2], None)
    _plot_armor_first(state, d, player, card, name)
    _set_slot(d, player, target, name)
    d.say(f"Gear Swap: {name} goes from Backpack Slot {at[2] + 1} to {the_slot(target)}", R.GEAR_SWAP_TO_SLOT,
          R.EQUIP_STORED_GEAR_IN_SWAP, *slot_rules(card, target), R.EQUIP_EFFECTS_BEGIN)
    _swap_done(state, d, player, recalc)


def _swap_done(state, d, player, recalc) -> None:
    recalc.say(d)
    if d.interpretations.get("gear-swap-limit") and d.interpretations["gear-swap-limit"].reading == "once-per-turn":
        d.oblige(f"{player}'s Gear Swap for this Player Turn is used: another one is refused until their next turn")


def _out_of_play(state, d, player: str, doing: str) -> None:
    """A Removed Player is out of the game; what a Fallen or Zombie Player may do is the Zombies extension's."""
    from referee.game_structure import refuse_removed

    now = d.get(player, "state")
    refuse_removed(d, player, doing)
    if now in ("fallen", "zombie") and d.interpret("out-of-play-loot") == "refuse":
        ext = state.settings.not_loaded("RULES_EXTENSION_01_ZOMBIES")
        d.violate("out-of-play-loot", f"{player} is a {now.capitalize()} Player: only a Surviving Player's Loot is "
                  f"managed by these rules; what a {now.capitalize()} Player may do is {ext}'s", R.LOOT_DEATH_RESUME,
                  R.PLAYER_TURN_NOT_OTHERS, R.TURN_ORDER_FALLEN if now == "fallen" else R.TURN_ORDER_ZOMBIE,
                  R.ZOMBIE_TURNS_ELSEWHERE, fix=f"if {ext} lets {player} {doing} here: --override \"REASON\"",
                  reading="out-of-play-loot")


def judge_take(state, move, d) -> None:
    taker, source = move.player, move.source
    if source not in state.settings.players:
        raise BadMove(f"no Player {source!r} in this game")
    if taker == source:
        raise BadMove("a Player takes Loot from another Player")
    if move.how not in ("take", "pickpocket", "opportunity"):
        raise BadMove(f"unknown way to take Loot {move.how!r}")
    _out_of_play(state, d, taker, "take Loot")
    top = d.top
    if isinstance(top, LootWindowProc) and top.player != taker:
        top.refuse(d, move)
    if move.how == "pickpocket":
        pack = [c for _, c in stored(d, source)]
        d.cite(R.PICKPOCKET_DEFINED_IN_05, R.PICKPOCKET_TAKES)
        if not pack:
            d.violate("pickpocket-empty-backpack", f"{source}'s Backpack is empty: nothing can be chosen for "
                      f"Pickpocket", R.PICKPOCKET_EMPTY,
                      R.PICKPOCKET_BACKPACK_ONLY, fix="nothing to take")
            return d.impossible()
        try:
            name = resolve_card(d, move.card, pack)
        except BadMove:
            name = resolve_card(d, move.card, inventory(d, source))
            d.violate("pickpocket-backpack-only", f"{label(name)} is {where_text(locate(d, name))}: Pickpocket takes "
                      f"only from the target's "
                      f"Backpack", R.PICKPOCKET_BACKPACK_ONLY, R.TAKE_FROM_LOCATION,
                      R.WEAPON_DROPPED_NOT_STOLEN if name in d.loot(f"{source}/dropped") else R.TAKE_FROM_LOCATION,
                      fix=f"choose from {source}'s Backpack: {', '.join(pack)}")
        d.report(f"{taker}'s Pickpocket Action succeeded ({state.settings.not_loaded('05_ACTIONS')} defines it; the "
                 f"table reports it)", R.PICKPOCKET_DEFINED_IN_05)
        rules = (R.PICKPOCKET_TAKES, R.PICKPOCKET_REMOVED, R.PICKPOCKET_WINDOW)
    else:
        name = held_card(state, d, source, move.card, takeable(d, source))
        if name is None:
            return
        rules = (R.TAKE_DEFINITION, R.TAKE_REMOVED, R.TAKE_OWNER, R.TAKE_THEN_WINDOW)
        if d.card(name)["type"] == "plot" and d.interpret("plot-armor-eligible") != "counts":
            d.violate("plot-armor-not-taken", f"{source}'s Plot Armor is a special starting Loot card: whether it "
                      f"can be taken like other Loot is not said (the table decides)",
                      R.LOOT_PLOT_ARMOR_SPECIAL, R.PLOT_ARMOR_NOT_ARMOR_CARD, R.PLOT_ARMOR_AT_START,
                      reading="plot-armor-eligible",
                      fix="if the table agrees it can be taken: --override \"REASON\" (or start the game with "
                          "--interpretation plot-armor-eligible=counts)")
        if move.how == "opportunity":
            _loot_opportunity_from_a_death(state, d, taker, source)
            d.report(f"{taker}'s Loot Opportunity on {source}: {state.settings.not_loaded('09_DEATH_AND_VICTORY')} "
                     f"grants it; the table reports it", R.OPPORTUNITY_DEFINITION, R.OPPORTUNITY_BY_09,
                     R.OPPORTUNITY_NOT_HERE)
            rules += (R.OPPORTUNITY_WINDOW,)
    recalc = _Recalc(state, source, taker)
    place = _take_out(d, name)
    d.say(f"{taker} takes {label(name)} from {source} ({where_text(place)}): it leaves {source}'s Inventory", *rules)
    _open_window(d, taker, [name], f"took from {source}" + (" (Pickpocket)" if move.how == "pickpocket" else ""))
    d.say(f"{taker} resolves a Loot Management Window for {label(name)}", R.TAKE_THEN_WINDOW, R.LMW_OCCURS)
    recalc.say(d)
    if move.how == "pickpocket" and not stored(d, source):
        d.say(f"{source}'s Backpack is now empty: nothing more can be chosen from it", R.PICKPOCKET_EMPTY)
    _obligations(state, d, taker)


def _loot_opportunity_from_a_death(state, d, taker: str, source: str) -> None:
    """A Loot Opportunity is Death-related: it needs a completed Death Process of `source` that can create one (a
    Death caused by a Random Encounter creates none). 09_DEATH_AND_VICTORY decides the rest; the table reports it."""
    deaths = [death for death in d.game("deaths") if death["player"] == source]
    if any(death["source"] != "random-encounter" for death in deaths):
        return
    if deaths:
        d.violate("no-loot-opportunity-from-an-encounter", f"{source}'s Death was caused by a Random Encounter: it creates no Loot Opportunity",
                  R.RE_DEATH_NO_LOOT_OPPORTUNITY, R.OPPORTUNITY_DEFINITION, R.OPPORTUNITY_BY_09,
                  fix="if a card or 09_DEATH_AND_VICTORY grants one anyway: --override \"REASON\"")
    else:
        d.violate("no-death-recorded", f"no Death of {source} is recorded: a Loot Opportunity is a Death-related opportunity",
                  R.OPPORTUNITY_DEFINITION, R.OPPORTUNITY_BY_09,
                  fix=f"record {source}'s Death Process first (`referee death {source.lower()} ...`), or take it "
                      f"without --opportunity if another rule moves it; --override \"REASON\" if 09 grants one")


def judge_drop(state, move, d) -> None:
    _dropped_move(state, move, d, drop=True)


def judge_recover(state, move, d) -> None:
    _dropped_move(state, move, d, drop=False)


def _dropped_move(state, move, d, *, drop: bool) -> None:
    """A Weapon Dropped or recovered: 06_COMBAT_ENCOUNTER (not loaded) decides when; the table reports it."""
    player = move.player
    weapons = [c for s, c in equipped(d, player) if s in ("melee", "ranged")]
    name = held_card(state, d, player, move.card, weapons if weapons else owned_cards(d, player))
    if name is None:
        return
    combat = state.settings.not_loaded("06_COMBAT_ENCOUNTER")
    place = locate(d, name)
    if name not in weapons:
        d.violate("drop-only-equipped-weapons", f"{label(name)} is {where_text(place)}: only an Equipped Weapon can "
                  f"be Dropped or recovered",
                  R.WEAPON_DROPPED_REMAINS, R.DROPPED_STILL_EQUIPPED, fix="name a Weapon in a Weapon Slot")
        return d.impossible()
    dropped = list(d.loot(f"{player}/dropped"))
    if drop == (name in dropped):  # nothing to record: legal, and nothing to apply
        d.say(f"{name} is {'already Dropped' if drop else 'not Dropped: it is available for Attacks'}: nothing changes")
        return d.impossible()
    if drop:
        d.set_loot(f"{player}/dropped", dropped + [name])
        d.report(f"{player}'s {name} is Dropped ({combat} decides when a Weapon is Dropped and how it is recovered)")
        d.say(f"{name} stays Equipped in {the_slot(place[2])} but is not available for Attacks until recovered or "
              f"restored; it is not discarded, and it is not available to be stolen solely because it is Dropped",
              R.DROPPED_STILL_EQUIPPED, R.WEAPON_DROPPED_REMAINS, R.WEAPON_DROPPED_NOT_DISCARDED,
              R.WEAPON_DROPPED_NOT_STOLEN)
    else:
        _undrop(d, player, name)
        d.report(f"{player} recovers {name} ({combat} decides how a Dropped Weapon is recovered or restored)")
        d.say(f"{name} is available for Attacks again ({the_slot(place[2])})", R.WEAPON_DROPPED_REMAINS,
              R.EQUIPPED_WEAPONS_AVAILABLE)


# --- after any move: Death, Victory and Removal around Loot Management Windows ------------------------


def after_move(state, move, d) -> None:
    """LOOT_AND_DEATH_INTERRUPTION, applied to whatever move changed the stack or a Player's state."""
    if d.effects is None or not windows(state) and not windows(d):
        return
    if d.game("ended") and not state.ended:
        left = [c for _, w in windows(state) for c in w.cards]
        if left and not windows(d):
            d.set_loot("unresolved", list(d.loot("unresolved")) + left)
            d.say(f"the game ends with {', '.join(left)} unresolved in a Loot Management Window",
                  R.LOOT_DEATH_VICTORY_ENDS)
        return
    removed = [p for p in state.settings.players
               if d.get(p, "state") == "removed" and state.player(p).state != "removed" and windows(d, p)]
    for player in removed:
        for index, proc in reversed(windows(d, player)):
            for name in proc.cards:
                where = _to_pile(d, name)
                d.say(f"{player} is Removed: {name}, unresolved in their Loot Management Window, goes to {where}",
                      R.LOOT_DEATH_REMOVED_DISCARD, *_pile_rules(d.card(name)))
            _set_window(d, index, None)
        if player == state.active_player.name and not d.stack and d.game("active") == state.active:
            from referee.game_structure import complete_turn

            complete_turn(state, d)
    _not_surviving_windows(state, d)
    top = d.top
    below = d.stack[-2] if len(d.stack) > 1 else None
    if top is not None and top.kind == "death" and isinstance(below, LootWindowProc) and \
            not (state.stack and state.stack[-1].kind == "death"):
        d.say(f"{below.player}'s Loot management pauses until the Death Process is resolved", R.LOOT_DEATH_PAUSE,
              R.ENCOUNTER_LOOT_DEATH_PAUSES)
    if isinstance(top, LootWindowProc) and state.stack and state.stack[-1].kind == "death":
        if d.get(top.player, "state") == "surviving":
            d.say(f"{top.player}'s Loot management resumes where it was interrupted", R.LOOT_DEATH_RESUME)


def _not_surviving_windows(state, d) -> None:
    """A window whose Player is Fallen or a Zombie once no Death Process is pending any more does not resume
    (LOOT_DEATH_RESUME: only for a surviving Player); where its cards go is 09's (interpretation lmw-not-surviving)."""
    if any(p.kind == "death" for p in d.stack):
        return  # the Death Process is not completed yet: the window stays paused
    deaths_done = any(p.kind == "death" for p in state.stack)
    for index, proc in reversed(windows(d)):
        player = proc.player
        now = d.get(player, "state")
        if now not in ("fallen", "zombie") or not (deaths_done or state.player(player).state != now):
            continue
        reading = d.interpret("lmw-not-surviving")
        state_name = "a Zombie Player" if now == "zombie" else "a Fallen Player"
        d.say(f"{player} is {state_name}, not a surviving Player: their Loot Management Window does not resume",
              R.LOOT_DEATH_RESUME)
        for name in proc.cards:
            if reading == "discard":
                where = _to_pile(d, name)
                d.say(f"{name}, unresolved in {player}'s Loot Management Window, goes to {where}",
                      *_pile_rules(d.card(name)))
            else:
                d.set_loot(f"{player}/set-aside", set_aside(d, player) + [name])
                d.say(f"{name} is set aside, unresolved and in no Inventory, until the table reports what "
                      f"{state.settings.not_loaded('09_DEATH_AND_VICTORY')} does with it",
                      R.OPPORTUNITY_BY_09, R.OPPORTUNITY_DEFINITION)
        if reading != "discard":
            deaths = [death for death in d.game("deaths") if death["player"] == player]
            opportunity = ("" if deaths and all(death["source"] == "random-encounter" for death in deaths) else
                           f"record a Loot Opportunity with `referee take PLAYER {player.lower()} CARD --opportunity`, "
                           f"or ")
            d.report(f"where {', '.join(proc.cards)} {'goes' if len(proc.cards) == 1 else 'go'}: "
                     f"{state.settings.not_loaded('09_DEATH_AND_VICTORY')} decides; {opportunity}"
                     f"record a discard with `referee discard {player.lower()} CARD --required \"09_DEATH_AND_VICTORY\"`")
        _set_window(d, index, None)
