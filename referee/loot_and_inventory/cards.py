"""08 LOOT, LOOT_TYPES, LOOT_AUTHORITY_BOUNDARY: the cards as the table describes them (a per-game catalogue), the
Slots each may go in, and naming a card (the notation reads names forgivingly; a judge needs the exact name).
"""

from __future__ import annotations

from referee.parsing import quoted
from referee import citations as R
from referee.errors import InvalidMove
from referee.state import ARMOR_SLOTS, LOOT_TYPE_LABELS, LOOT_TYPES, Card, plot_armor_name, stats_text
from referee.loot_and_inventory.patron_mats import label, locate, owned_cards, where_text


PILE_RULE = {"armor": R.DISCARD_ARMOR_PILE, "weapon": R.DISCARD_WEAPON_PILE, "common": R.DISCARD_COMMON_PILE,
             "rare": R.DISCARD_RARE_PILE}


WEAPON_SLOT_RULE = {"melee": R.WEAPON_MELEE_SLOT, "ranged": R.WEAPON_RANGED_SLOT}


def card_text(v, name: str) -> str:
    """A described card in a few words (card_summary of its catalogue entry)."""
    return card_summary(v.cards.get(name))


def card_from_text(kind: str, text) -> Card:
    """A catalogue entry from what the table says the card says; InvalidMove for what a card cannot say."""
    if kind not in LOOT_TYPES:
        raise InvalidMove(f"no Loot type {kind!r}: armor, weapon, common (Common Magic) or rare (Rare Magic)")
    data: dict = {"type": kind}
    if text.weapon:
        if kind != "weapon":
            raise InvalidMove("--melee/--ranged describe a Weapon card")
        if text.weapon not in ("melee", "ranged"):
            raise InvalidMove(f"a Weapon is melee or ranged, not {text.weapon!r}")
        data["weapon"] = text.weapon
    elif kind == "weapon":
        raise InvalidMove("say whether the Weapon is Melee or Ranged: add --melee or --ranged")
    if text.equip_as:
        if kind not in ("common", "rare"):
            raise InvalidMove("--equip-as is for Magic Loot whose card says how it is Equipped")
        if text.equip_as not in ("armor", "melee", "ranged"):
            raise InvalidMove(f"--equip-as takes armor, melee or ranged, not {text.equip_as!r}")
        data["equip_as"] = text.equip_as
    if text.slots:
        if kind != "armor" and data.get("equip_as") != "armor":
            raise InvalidMove("--slot restricts Armor to Armor Slots")
        for n in text.slots:
            if not 1 <= n <= ARMOR_SLOTS:
                raise InvalidMove(f"an Armor Slot is 1-{ARMOR_SLOTS}, not {n}")
        data["slots"] = tuple(sorted(set(text.slots)))
    if text.armor_type:
        data["armor_type"] = " ".join(text.armor_type.split())
    if text.defense is not None:
        data["defense"] = text.defense
    if text.stats:
        data["stats"] = tuple(parse_stat_bonuses(text.stats).items())
    for flag in ("consumable", "anytime", "backpack"):
        if getattr(text, flag):
            data[flag] = True
    if text.backpack_defense is not None:
        data["backpack_defense"] = text.backpack_defense
    return Card(**data)


def parse_stat_bonuses(items) -> dict[str, int]:
    from referee.parsing import parse_int
    from referee.table_settings import rules_stat

    out: dict[str, int] = {}
    for item in items:
        words = str(item).replace("=", " ").split()
        if len(words) < 2:
            raise InvalidMove(f"a Stat bonus is \"Stat +N\", not {item!r}")
        stat = rules_stat(" ".join(words[:-1]))  # a Stat the loaded rules name: a misspelt one is never kept
        out[stat] = parse_int(words[-1], what=f"the {stat} bonus", low=-99, high=99, signed=True)
    return out


def card_summary(card: Card) -> str:
    kind = card.type
    if kind == "plot":
        return "Plot Armor: +5 Defense while Equipped; not an Armor card, not Gear"
    parts = [LOOT_TYPE_LABELS[kind]]
    if card.weapon:
        parts[0] = f"{card.weapon.capitalize()} Weapon"
    if card.armor_type:
        parts.append(f"type {card.armor_type}")
    if card.slots:
        parts.append("Armor Slot " + "/".join(map(str, card.slots)) + " only")
    if card.equip_as:
        parts.append(f"equips as {card.equip_as}")
    if card.defense is not None:
        parts.append(f"Defense {card.defense:+d}")
    if card.stats:
        parts.append(stats_text(card.stat_bonuses))
    if card.consumable:
        parts.append("consumable")
    if card.anytime:
        parts.append("own timing")
    if card.backpack:
        parts.append("works from the Backpack")
    if card.backpack_defense is not None:
        parts.append(f"Defense {card.backpack_defense:+d} from the Backpack")
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


def shown_names(names) -> dict[str, str]:
    """{what the table calls each card: its name}: Plot Armor without its owner's tag where only one is among
    `names`."""
    names = list(dict.fromkeys(names))
    return {label(n) if sum(label(m) == label(n) for m in names) == 1 else n: n for n in names}


def match_card(v, text: str, names, *, player: str | None = None) -> str:
    """A card named forgivingly (case, unique prefix, a word of its name) among `names`. A card elsewhere on the
    table raises CardElsewhere (where it is); "Plot Armor" is `player`'s own when it is not among `names`."""
    from referee.errors import CardElsewhere
    from referee.parsing import match_choice

    names = list(dict.fromkeys(names))
    shown = shown_names(names)
    wanted = " ".join(str(text).split())
    if wanted in names:
        return wanted
    try:
        return shown[match_choice(wanted, list(shown), what="card")]
    except InvalidMove as error:
        folded = wanted.casefold()
        if folded and any(s.casefold().startswith(folded) for s in shown):
            raise  # "could be A, B": several of these cards match; the table types more of the name
        everything = [n for n in v.cards if n not in names]
        own_plot = plot_armor_name(player) if player else None
        elsewhere = None
        if own_plot in everything and (wanted == own_plot or "plot armor".startswith(folded or "-")):
            elsewhere = own_plot
        elif everything:
            try:
                elsewhere = match_choice(wanted, everything, what="card")
            except InvalidMove:
                elsewhere = None
        if elsewhere:
            place = locate(v, elsewhere)
            raise CardElsewhere(f"{label(elsewhere)} is {where_text(place)}", card=elsewhere, place=place) from error
        if not names:
            raise InvalidMove(f"no card {text!r} there (nothing to choose from)") from error
        raise


def held_card(work, d, player: str, text: str, names=None) -> str | None:
    """The card `text` names among `player`'s own (or `names`); a card elsewhere on the table is refused by the rule
    that keeps it there (nothing applied), and None is returned."""
    from referee.errors import CardElsewhere

    try:
        return resolve_card(work, text, owned_cards(work, player) if names is None else names, player=player)
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
                  R.PLOT_ARMOR_CANNOT_KEEP, R.REPLACE_PLOT_ARMOR_NOT_KEPT, R.PLOT_ARMOR_BOX, R.DISCARD_PLOT_ARMOR_BOX,
                  fix=fix)
    elif kind == "discard":
        d.violate("card-in-a-discard-pile", f"{label(name)} is {where}: {player} no longer holds it",
                  R.DISCARD_PILE_STAYS, R.DISCARD_REMOVES, fix=fix)
    elif kind == "deck":
        d.violate("card-in-a-deck", f"{label(name)} is {where}: it is drawn from there first", R.DRAW_FROM_DECK,
                  fix=f"`referee draw {player.lower()} {place[1]} {quoted(label(name))}`")
    else:
        d.violate("card-of-another-player", f"{label(name)} is {where}, not {player}'s", R.LOOT_BELONGS,
                  R.TAKE_REMOVED, fix=fix)


def is_gear(card: Card) -> bool:
    return card.type in ("armor", "weapon")


def legal_slots(card: Card) -> list[str]:
    kind = card.type
    if kind in ("armor", "plot") or card.equip_as == "armor":
        allowed = card.slots or range(1, ARMOR_SLOTS + 1)
        return [f"armor-{n}" for n in allowed]
    if kind == "weapon":
        return [card.weapon] if card.weapon else []
    if card.equip_as in ("melee", "ranged"):
        return [card.equip_as]
    return []


def slot_rules(card: Card, slot: str) -> tuple:
    if slot.startswith("armor-"):
        return (R.ARMOR_SLOTS_ONLY, R.ARMOR_SLOT_RESTRICTION) if card.slots else (R.ARMOR_SLOTS_ONLY,)
    return (R.WEAPON_SLOTS_ONLY, WEAPON_SLOT_RULE[slot])


def illegal_slot_rules(card: Card, slot: str) -> tuple:
    """The sentences that make `slot` illegal for `card`, the deciding one first."""
    kind = card.type
    if slot.startswith("armor-"):
        if kind in ("armor", "plot") or card.equip_as == "armor":
            return (R.ARMOR_SLOT_RESTRICTION, R.EQUIP_NOT_ILLEGAL_SLOT)  # a required Armor Slot elsewhere
        return (R.ARMOR_SLOTS_ONLY, R.EQUIP_NOT_ILLEGAL_SLOT)
    if kind == "weapon" or card.equip_as in ("melee", "ranged"):
        designated = R.WEAPON_MELEE_DESIGNATED if slot == "melee" else R.WEAPON_RANGED_DESIGNATED
        own = card.weapon or card.equip_as
        return (designated, WEAPON_SLOT_RULE[own], R.EQUIP_NOT_ILLEGAL_SLOT)
    return (R.WEAPON_SLOTS_ONLY, R.EQUIP_NOT_ILLEGAL_SLOT)


def judge_card(work, move, d) -> None:
    name = " ".join(move.name.split())
    if not name:
        raise InvalidMove("name the card")
    if name.startswith("Plot Armor"):
        raise InvalidMove("Plot Armor is the starting card every Player has; name the card something else")
    data = card_from_text(move.kind, move)
    if mystic_dagger(d, name):
        return
    known = work.cards.get(name)
    if known == data:  # nothing to record: legal, and nothing to apply
        d.say(f"{name} is already described exactly so: nothing changes")
        return d.impossible()
    if known is not None:
        redescribed(d, name, known, "correct it with --override \"what the card says\" (card text applies)")
    work.cards[name] = data
    d.say(f"{name}: {card_summary(data)} (the table's description of the card)", R.LOOT_CARD_RESTRICTIONS)


def redescribed(d, name: str, known: Card, fix: str) -> None:
    """A card already described is described differently (interpretation card-redescribed)."""
    if d.interpret("card-redescribed") == "override":
        d.violate("card-redescribed", f"{name} is already described as {card_summary(known)}", fix=fix,
                  reading="card-redescribed")
    else:
        d.say(f"{name} was described as {card_summary(known)}: this description replaces it",
              R.LOOT_CARD_RESTRICTIONS)


def mystic_dagger(d, name: str) -> bool:
    """The Mystic Dagger is not Loot: no Loot move names it (refused, nothing to apply)."""
    bare = name.casefold().removeprefix("the ").strip()
    if bare != "mystic dagger":
        return False
    d.violate("mystic-dagger-not-loot", f"{name} is not Loot: it is not drawn, described, equipped or stored as "
              f"Loot", R.MYSTIC_DAGGER_NOT_LOOT, R.MYSTIC_DAGGER_NOT_INVENTORY, fix="nothing to record here")
    d.impossible()
    return True
