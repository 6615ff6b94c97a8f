"""The position on the table: start the referee mid-game (`referee new --position FILE`) and write a game's position
(`referee export`), in one TOML format.

A game's state stays the fold of its log from `GameState.initial(settings)`: the position is validated here into plain
JSON kept in the table settings (TableSettings.position), and `GameState.initial` applies it after the standard
setup, so replay, undo and the fold cache work unchanged. A position is a moment between moves: nothing is pending.

    format = "referee-position/1"
    [settings]            players, health, turn_actions, ... (what `referee new` takes)
    [game]                turn, active, turn_kind, actions_spent, actions_taken, reroll_tokens_out, last_check
    [players.NAME]        health, kaos, reroll_tokens, statuses, state, stats, armor, melee, ranged, backpack,
                          dropped, set_aside, armor_equipped, last_gear_swap
    [cards]               "NAME" = "TYPE" or { type = "TYPE", <the options of `referee card`> }
    [loot]                box;  [loot.armor] (weapon, common, rare): size, known, discard
    [encounters]          deck, discard, refreshed;  [encounters.cards] "NAME" = { check, pay, penalty, no-penalty }
    [[deaths]]            player, outcome, source

Errors name the file's line: tomllib gives none for a value it parsed but the rules refuse, so the line is found by
reading the text for the key (and the value) that says it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path

from referee.errors import InvalidMove, NotBetweenMoves, PositionError
from referee.records import Record, encode, replace

__all__ = ["PositionFile", "FORMAT", "read_position", "parse_position", "settings_from", "check_position", "with_position",
           "export_position"]

FORMAT = "referee-position/1"
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

# The keys each part of the file may hold (a misspelt key is an error, never silently ignored).
_TOP = ("format", "settings", "game", "players", "cards", "loot", "encounters", "deaths")
_SETTINGS = ("players", "health", "health_cap", "turn_actions", "reroll_supply", "starting_kaos", "backpack_slots",
             "interpretations")
_GAME = ("turn", "active", "turn_kind", "actions_spent", "actions_taken", "reroll_tokens_out", "last_check")
_PLAYER = ("health", "kaos", "reroll_tokens", "statuses", "state", "stats", "armor", "melee", "ranged", "backpack",
           "dropped", "set_aside", "armor_equipped", "last_gear_swap")
_DECK = ("size", "known", "discard")
_ENCOUNTERS = ("deck", "discard", "refreshed", "cards")
_ENCOUNTER_CARD = ("check", "pay", "penalty", "no-penalty")
_DEATH = ("player", "outcome", "source")
# A Loot card says what `referee card` takes: its type and these options (flags are true/false).
_CARD_FLAGS = ("melee", "ranged", "consumable", "anytime", "backpack")
_CARD_OPTIONS = ("type", *_CARD_FLAGS, "slot", "armor-type", "defense", "stat", "backpack-defense", "equip-as")
TURN_KINDS = ("player", "zombie", "rising")


# --- reading the file -----------------------------------------------------------------------------------------------


class PositionFile(Record, frozen=True):
    """A position as read: the TOML data, its text (to name lines) and the file's name (for messages)."""

    data: dict
    text: str = ""
    name: str = "position"


def read_position(source) -> PositionFile:
    """A position from a file path, a PositionFile, or a mapping of the same shape (its errors name keys, not lines).
    PositionError when it cannot be read."""
    if isinstance(source, PositionFile):
        return source
    if isinstance(source, Mapping):
        return PositionFile(dict(source))
    path = Path(os.fspath(source))
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise PositionError(f"cannot read the position file {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise PositionError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    return parse_position(text, name=str(path))


def parse_position(text: str, *, name: str = "position") -> PositionFile:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        why = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error)) or "not TOML"
        if found:
            raise PositionError(f"{name} line {found.group(1)}: not TOML: {why} (column {found.group(2)})",
                                line=int(found.group(1))) from None
        raise PositionError(f"{name}: not TOML: {why}") from None
    return PositionFile(data, text, name)


class _Lines:
    """Where each key of a TOML text is assigned: (key path, line number) for every table header and `key =` line."""

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.entries: list[tuple[tuple[str, ...], int]] = []
        section: tuple[str, ...] = ()
        arrays: dict[tuple[str, ...], int] = {}
        for number, raw in enumerate(self.lines, 1):
            line = raw.strip()
            if line.startswith("[["):
                key = _key_path(line[2:])
                if key is not None:
                    arrays[key] = arrays.get(key, -1) + 1
                    section = (*key, str(arrays[key]))
                    self.entries.append((section, number))
            elif line.startswith("["):
                key = _key_path(line[1:])
                if key is not None:
                    section = key
                    self.entries.append((section, number))
            elif line and not line.startswith("#"):
                key = _key_path(line, assignment=True)
                if key is not None:
                    self.entries.append(((*section, *key), number))

    def find(self, path: tuple[str, ...], value: str | None = None) -> int | None:
        """The line that assigns `path` (or the nearest enclosing key); with `value`, the line from there on that
        holds it (an array written over several lines)."""
        best: tuple[int, int] | None = None  # (depth, line)
        for key, number in self.entries:
            if path[:len(key)] == key and (best is None or len(key) > best[0]):
                best = (len(key), number)
        if best is None:
            return None
        if value is not None:
            quoted = (json.dumps(value, ensure_ascii=False), f"'{value}'")
            for number in range(best[1], len(self.lines) + 1):
                text = self.lines[number - 1].strip()
                if number > best[1] and text.startswith("["):
                    break
                if any(q in text for q in quoted):
                    return number
        return best[1]


def _key_path(text: str, *, assignment: bool = False) -> tuple[str, ...] | None:
    """The dotted key a header (`players.Mara]`) or an assignment (`"Bone Pauldron" = ...`) starts with."""
    import tomllib

    parts, i = [], 0
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i >= len(text):
            return None
        if text[i] == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            try:
                parts.append(tomllib.loads(f"k = {text[i:j + 1]}")["k"])
            except tomllib.TOMLDecodeError:
                return None
            i = j + 1
        elif text[i] == "'":
            j = text.find("'", i + 1)
            if j < 0:
                return None
            parts.append(text[i + 1:j])
            i = j + 1
        else:
            bare = _BARE_KEY.match(text, i)
            if not bare:
                return None
            parts.append(bare.group())
            i = bare.end()
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        if assignment and not text.startswith("=", i):
            return None
        return tuple(parts)


# --- the settings `new` takes ---------------------------------------------------------------------------------------


def settings_from(position: PositionFile | None, *, players=None, health=None, health_cap=None, turn_actions=None,
                  reroll_supply=None, starting_kaos=None, backpack_slots=None, stats=None,
                  interpretations=None) -> dict:
    """make_settings' keyword arguments from the options given (None: not given) and the position's [settings] and
    Stats. Both may give a setting only if they agree: an option the file sets otherwise is a PositionError naming
    the file's line. What neither gives takes its default; players, health and turn_actions are required."""
    from referee.table_settings import SETTING_BOUNDS, SETTING_DEFAULTS, check_players

    given = {"players": players, "health": health, "health_cap": health_cap, "turn_actions": turn_actions,
             "reroll_supply": reroll_supply, "starting_kaos": starting_kaos, "backpack_slots": backpack_slots}
    check = _Checker(position or PositionFile({}))
    table = check.table(check.pos.data, (), "the position", _TOP) if position is not None else {}
    if position is not None and "format" in table and table["format"] != FORMAT:
        check.fail(f"format {table['format']!r} is not {FORMAT!r}: this referee reads {FORMAT}", ("format",))
    written = check.table(table.get("settings", {}), ("settings",), "[settings]", _SETTINGS)
    values = {}
    for key, value in given.items():
        option = "--players" if key == "players" else SETTING_BOUNDS[key][0]
        if key in written:
            mine = (check.names(written[key], ("settings", key), "players") if key == "players"
                    else check.integer(written[key], ("settings", key), f"[settings] {key}", *SETTING_BOUNDS[key][1:]))
            if key == "players":
                mine = check.guard(lambda: check_players(mine), ("settings", key))
            if value is not None and _same(key, value) != _same(key, mine):
                check.fail(f"{option} {_shown(value)} conflicts with the position's {key} = {_shown(mine)}: give it in "
                           f"one place (or the same value in both)", ("settings", key))
            value = mine
        if value is None and key in ("players", "health", "turn_actions"):
            where = f" or [settings] {key} in {check.pos.name}" if position is not None else ""
            raise InvalidMove(f"{option} is required{where}")
        values[key] = SETTING_DEFAULTS[key] if value is None else value
    values["players"] = names = tuple(values["players"])
    values["stats"] = _merged_stats(check, table, names, stats or {})
    values["choices"] = _merged_choices(check, written, dict(interpretations or {}))
    return values


def _same(key: str, value):
    return tuple(" ".join(str(n).split()).casefold() for n in value) if key == "players" else value


def _shown(value) -> str:
    return ", ".join(value) if isinstance(value, (list, tuple)) else str(value)


def _merged_stats(check: "_Checker", table: dict, names: tuple[str, ...], given: dict) -> dict:
    """The Stats the position gives each Player ([players.NAME] stats), and those given as options, checked
    (table_settings.check_stats: Brawn, Intellect, Charm); the same Stat set two ways must agree."""
    from referee.table_settings import check_stats

    merged = check_stats(dict(given), names)  # the options' own Stats: their errors are the options'
    for who, player in check.table(table.get("players", {}), ("players",), "[players]").items():
        where = ("players", who)
        name = check.player(who, names, where)
        written = check.table(check.table(player, where, f"[players.{who}]").get("stats", {}), (*where, "stats"),
                              f"[players.{who}] stats")
        for stat, value in written.items():
            value = check.integer(value, (*where, "stats", stat), f"{name}'s {stat}", -99, 99)
            known = check.guard(lambda: check_stats({name: {stat: value}}, names)[name], (*where, "stats", stat))
            for key, number in known.items():
                if merged.get(name, {}).get(key, number) != number:
                    check.fail(f"--stats sets {name}'s {key} to {merged[name][key]}, the position to {number}: give "
                               f"it in one place", (*where, "stats", stat))
                merged.setdefault(name, {})[key] = number
    return merged


def _merged_choices(check: "_Checker", written: dict, given: dict) -> dict:
    from referee import interpretations

    chosen = check.table(written.get("interpretations", {}), ("settings", "interpretations"),
                         "[settings.interpretations]")
    merged = dict(given)
    for id, reading in chosen.items():
        where = ("settings", "interpretations", id)
        reading = check.text(reading, where, f"interpretation {id}")
        try:
            interpretations.validate_choices({id: reading})
        except interpretations.UnknownInterpretation as error:
            check.fail(str(error), where)
        if merged.get(id, reading) != reading:
            check.fail(f"--interpretation {id}={merged[id]} conflicts with the position's {id} = {reading!r}", where)
        merged[id] = reading
    return merged


# --- checking the position --------------------------------------------------------------------------------------------


class _Checker:
    """Reads the position's parts, each checked; `fail` raises a PositionError naming the line that says it."""

    def __init__(self, pos: PositionFile):
        self.pos = pos
        self._lines = _Lines(pos.text) if pos.text else None

    def line(self, path: tuple, value: str | None = None) -> int | None:
        return self._lines.find(tuple(map(str, path)), value) if self._lines else None

    def fail(self, message: str, path: tuple, value: str | None = None, *citations):
        line = self.line(path, value)
        cited = _cited(citations)
        where = f"{self.pos.name} line {line}" if line else f"{self.pos.name} [{'.'.join(map(str, path))}]"
        raise PositionError(f"{where}: {message}{cited}", line=line)

    def guard(self, make, path: tuple, value: str | None = None):
        """`make()`, its InvalidMove turned into a PositionError at `path`."""
        try:
            return make()
        except PositionError:
            raise
        except InvalidMove as error:
            self.fail(str(error), path, value)

    def table(self, value, path: tuple, what: str, keys=None) -> dict:
        if not isinstance(value, dict):
            self.fail(f"{what} must be a table, not {_toml_type(value)}", path)
        if keys is not None:
            for key in value:
                if key not in keys:
                    import difflib

                    near = difflib.get_close_matches(key, keys, n=1)
                    hint = f"; did you mean {near[0]!r}?" if near else f" (keys: {', '.join(keys)})"
                    self.fail(f"{what} has no key {key!r}{hint}", (*path, key))
        return value

    def integer(self, value, path: tuple, what: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"{what} must be a whole number, not {_toml_type(value)} {value!r}", path)
        if value < 0 <= low:
            self.fail(f"{what} cannot be negative: {value}", path)
        if not low <= value <= high:
            self.fail(f"{what} must be between {low} and {high}, not {value}", path)
        return value

    def text(self, value, path: tuple, what: str, *, tidy: bool = True) -> str:
        """A string; a name's spaces tidied (as moves tidy names), free text kept as written."""
        if not isinstance(value, str):
            self.fail(f"{what} must be a string, not {_toml_type(value)} {value!r}", path)
        return " ".join(value.split()) if tidy else value

    def flag(self, value, path: tuple, what: str) -> bool:
        if not isinstance(value, bool):
            self.fail(f"{what} is true or false, not {value!r}", path)
        return value

    def texts(self, value, path: tuple, what: str, *, tidy: bool = True) -> list[str]:
        """A list of strings (a single string is a list of one)."""
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.fail(f"{what} must be a list of strings, not {_toml_type(value)}", path)
        return [self.text(v, path, what, tidy=tidy) for v in value]

    def names(self, value, path: tuple, what: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(f"{what} must be a list of names, e.g. [\"Mara\", \"Ivo\"]", path)
        return value

    def player(self, text, names: tuple[str, ...], path: tuple) -> str:
        from referee.parsing import match_player

        return self.guard(lambda: match_player(str(text), names), path)

    def choice(self, text, choices, path: tuple, what: str) -> str:
        from referee.parsing import match_choice

        return self.guard(lambda: match_choice(self.text(text, path, what), choices, what=what), path)


def with_position(settings, position: PositionFile):
    """`settings` (table_settings.make_settings) starting from `position`, checked against them (PositionError naming
    its line) and kept in them as plain JSON."""
    from referee.records import replace

    return replace(settings, position=check_position(position, settings))


def check_position(position: PositionFile, settings) -> dict:
    """The position validated against the table settings, as the plain JSON GameState.initial applies: every Player in
    Turn Order with every slot, every deck and pile, the Random Encounter deck, the turn. PositionError naming the
    line for anything the rules (or the format) refuse; nothing is created."""
    from referee.state import GameState

    check = _Checker(position)
    data = check.table(position.data, (), "the position", _TOP)
    blank = GameState.initial(replace(settings, position=None))  # the standard setup: what a card is read against
    cards = _check_cards(check, data.get("cards", {}))
    places = _Places(check)
    players = _check_players(check, data.get("players", {}), settings, cards, places)
    decks, discards, box = _check_loot(check, data.get("loot", {}), settings, cards, places)
    encounters = _check_encounters(check, data.get("encounters", {}), blank)
    game = _check_game(check, data.get("game", {}), settings, players)
    deaths = _check_deaths(check, data.get("deaths", []), settings.players)
    return {"format": 1, **game, "players": players, "cards": encode(cards), "decks": decks, "discards": discards,
            "box": box, "encounters": encounters, "deaths": deaths}


class _Places:
    """Every card named so far and where (the rules keep each card in exactly one place)."""

    def __init__(self, check: _Checker):
        self.check, self.seen = check, {}

    def put(self, card: str, where: str, path: tuple, shown: str) -> None:
        from referee.loot_and_inventory import label

        if card in self.seen:
            first, first_path, first_shown = self.seen[card]
            line = self.check.line(first_path, first_shown)
            at = f" (line {line})" if line else ""
            copy = "" if card.startswith("Plot Armor (") else \
                f"; a second copy of the card is another card: describe it as \"{card} #2\""
            self.check.fail(f"{label(card)} is {where} and also {first}{at}: a card is in one place{copy}", path,
                            shown)
        self.seen[card] = (where, path, shown)


def _check_cards(check: _Checker, table) -> dict:
    """[cards]: each Loot card as `referee card` describes it: "NAME" = "TYPE", or { type = "TYPE", melee = true,
    defense = 2, stat = ["Brawn +1"], ... }."""
    from referee import citations as R
    from referee.loot_and_inventory import card_from_text
    from referee.notation import loot_kind
    from referee.table_settings import rules_stat

    catalogue: dict[str, dict] = {}
    for raw, said in check.table(table, ("cards",), "[cards]").items():
        path = ("cards", raw)
        name = " ".join(raw.split())
        if not name:
            check.fail("a card needs a name", path)
        if name.casefold().startswith("plot armor"):
            check.fail(f"{name!r}: Plot Armor is the starting card every Player has (name it on a Patron Mat as "
                       f"\"Plot Armor\", or in the box as \"Plot Armor (NAME)\"); it is not described",
                       path, None, R.LOOT_PLOT_ARMOR_SPECIAL)
        if name.casefold().removeprefix("the ").strip() == "mystic dagger":
            check.fail(f"{name} is not Loot: it is not described, held or discarded as Loot", path, None,
                       R.MYSTIC_DAGGER_NOT_LOOT, R.MYSTIC_DAGGER_NOT_INVENTORY)
        if name.casefold() in {n.casefold() for n in catalogue}:
            check.fail(f"{name} is described twice", path)
        options = {"type": said} if isinstance(said, str) else check.table(said, path, f"card {name!r}")
        options = {key.replace("_", "-"): value for key, value in options.items()}
        check.table(options, path, f"card {name!r}", _CARD_OPTIONS)
        if "type" not in options:
            check.fail(f"say {name}'s type: armor, weapon, common or rare (type = \"armor\")", path)
        text = {flag: check.flag(options.get(flag, False), (*path, flag), f"{name}'s {flag}") for flag in _CARD_FLAGS}
        slots = options.get("slot", [])
        text["slot"] = [str(check.integer(n, (*path, "slot"), f"{name}'s slot", 1, 5))
                        for n in (slots if isinstance(slots, list) else [slots])]
        for key in ("defense", "backpack-defense"):
            text[key.replace("-", "_")] = (None if key not in options else
                                           str(check.integer(options[key], (*path, key), f"{name}'s {key}", -99, 99)))
        text["armor_type"] = check.text(options.get("armor-type", ""), (*path, "armor-type"), f"{name}'s armor-type")
        text["equip_as"] = check.text(options.get("equip-as", ""), (*path, "equip-as"), f"{name}'s equip-as")
        text["stat"] = check.texts(options.get("stat", []), (*path, "stat"), f"{name}'s stat")
        kind = check.guard(lambda: loot_kind(check.text(options["type"], (*path, "type"), f"{name}'s type")),
                           (*path, "type"))
        card = check.guard(lambda: card_from_text(kind, _described(name, kind, text)), path)
        if card.stats:
            card = replace(card, stats=tuple((check.guard(lambda: rules_stat(stat), (*path, "stat"), stat), n)
                                             for stat, n in card.stats))
        catalogue[name] = card
    return catalogue


def _described(name: str, kind: str, text: dict):
    from referee.moves import DescribeCard
    from referee.notation import card_text_fields

    return DescribeCard(name=name, kind=kind, **card_text_fields(**text))


def _card_named(check: _Checker, text, cards: dict, path: tuple, owner: str | None, players) -> str:
    """The card a place names: a described card (exact name, any case), or a Plot Armor ("Plot Armor" is the mat's
    owner's own; "Plot Armor (NAME)" anyone's)."""
    import difflib

    from referee.state import plot_armor_name

    name = check.text(text, path, "a card")
    plot = re.fullmatch(r"plot armou?r(?:\s*\((.*)\))?", name, re.IGNORECASE)
    if plot:
        if plot.group(1) is None:
            if owner is None:
                check.fail("say whose Plot Armor this is: \"Plot Armor (NAME)\"", path, name)
            return plot_armor_name(owner)
        return plot_armor_name(check.player(plot.group(1), players, path))
    if name in cards:
        return name
    same = next((n for n in cards if n.casefold() == name.casefold()), None)
    if same is not None:
        return same
    near = difflib.get_close_matches(name, list(cards), n=1, cutoff=0.6)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    check.fail(f"{name!r} is not described in [cards]{hint} (add it as `referee card` takes it: "
               f"\"{name}\" = {{ type = \"armor\", defense = 2 }})", path, name)


def _card_type(cards: dict, name: str):
    from referee.state import Card

    return cards.get(name) or Card(type="plot", defense=5)


def _check_players(check: _Checker, table, settings, cards: dict, places: _Places) -> list[dict]:
    from referee import citations as R
    from referee.loot_and_inventory.cards import illegal_slot_rules, legal_slots, card_summary
    from referee.loot_and_inventory import label, slot_label
    from referee.moves import PLAYER_STATES, STATUSES
    from referee.notation import status_named
    from referee.state import ARMOR_SLOTS, plot_armor_name

    names = settings.players
    given: dict[str, tuple] = {}
    for who, player in check.table(table, ("players",), "[players]").items():
        name = check.player(who, names, ("players", who))
        if name in given:
            check.fail(f"{name} is given twice ([players.{given[name][0]}] and [players.{who}])", ("players", who))
        given[name] = (who, check.table(player, ("players", who), f"[players.{who}]", _PLAYER))
    out = []
    held_total = 0
    for name in names:
        who, player = given.get(name, (name, {}))
        at = ("players", who)

        def integer(key, what, low, high, default):
            return check.integer(player[key], (*at, key), what, low, high) if key in player else default

        mat = {"name": name, "health": integer("health", f"{name}'s Health", -999, 999, settings.health),
               "kaos": integer("kaos", f"{name}'s Kaos", 0, 999, settings.starting_kaos),
               "rerolls": integer("reroll_tokens", f"{name}'s Reroll Tokens", 0, 999, 0)}
        held_total += mat["rerolls"]
        if held_total > settings.reroll_supply:
            check.fail(f"the Players hold {held_total} Reroll Tokens by {name}, more than the supply of "
                       f"{settings.reroll_supply} (reroll_supply)", (*at, "reroll_tokens"), None,
                       R.REROLL_NONE_AVAILABLE)
        statuses = []
        for text in check.texts(player.get("statuses", []), (*at, "statuses"), f"{name}'s statuses"):
            status = check.guard(lambda: status_named(text), (*at, "statuses"), text)
            if status in statuses:
                check.fail(f"{name} has {STATUSES[status]} twice", (*at, "statuses"), text,
                           R.GOBLIN_AT_MOST_ONE if status == "goblin" else R.HAUNTED_AT_MOST_ONE)
            statuses.append(status)
        mat["statuses"] = statuses
        mat["state"] = (check.choice(player["state"], PLAYER_STATES, (*at, "state"), "Player state")
                        if "state" in player else "surviving")

        def card_at(where: str, text, slot_path) -> str:
            card = _card_named(check, text, cards, slot_path, name, names)
            places.put(card, f"in {name}'s {where}", slot_path, check.text(text, slot_path, "a card"))
            return card

        def slotted(slot: str, text, slot_path) -> str:
            card = card_at(slot_label(slot), text, slot_path)
            if slot not in legal_slots(_card_type(cards, card)):
                described = card_summary(_card_type(cards, card))
                check.fail(f"{label(card)} ({described}) cannot be in {name}'s {slot_label(slot)}", slot_path,
                           check.text(text, slot_path, "a card"), *illegal_slot_rules(_card_type(cards, card), slot)[:1])
            return card

        armor: list[str | None] = [None] * ARMOR_SLOTS
        if "armor" not in player:
            armor[0] = plot_armor_name(name)  # the setup's Plot Armor, in Armor Slot 1
            places.put(armor[0], f"in {name}'s Armor Slot 1 as at setup (no armor is given for {name}; "
                                 f"armor = {{}} says it has gone)", (*at, "armor"), "Plot Armor")
        for slot, text in _numbered(check, player.get("armor", {}), (*at, "armor"), f"{name}'s armor", ARMOR_SLOTS):
            armor[slot - 1] = slotted(f"armor-{slot}", text, (*at, "armor", str(slot)))
        plots = [c for c in armor if c and _card_type(cards, c).type == "plot"]
        if len(plots) > 1:
            check.fail(f"{name}'s Patron Mat holds {len(plots)} Plot Armors ({', '.join(plots)}): the rules give each "
                       f"Player one (reading one-plot-armor)", (*at, "armor"), None, R.PLOT_ARMOR_AT_START,
                       R.PLOT_ARMOR_ONE_SLOT)
        mat["armor"] = armor
        for slot in ("melee", "ranged"):
            mat[slot] = slotted(slot, player[slot], (*at, slot)) if slot in player else None
        backpack: list[str | None] = [None] * settings.backpack_slots
        for slot, text in _numbered(check, player.get("backpack", {}), (*at, "backpack"), f"{name}'s backpack",
                                    settings.backpack_slots, R.BACKPACK_SLOTS_DEFINED_IN_04):
            card = card_at(f"Backpack Slot {slot}", text, (*at, "backpack", str(slot)))
            if _card_type(cards, card).type == "plot":
                check.fail(f"{label(card)} cannot be in a Backpack Slot", (*at, "backpack", str(slot)),
                           check.text(text, at, "a card"), R.PLOT_ARMOR_NOT_STORED)
            backpack[slot - 1] = card
        mat["backpack"] = backpack
        dropped = []
        for text in check.texts(player.get("dropped", []), (*at, "dropped"), f"{name}'s dropped"):
            card = _card_named(check, text, cards, (*at, "dropped"), name, names)
            if card not in (mat["melee"], mat["ranged"]) or card in dropped:
                check.fail(f"{label(card)} is not in {name}'s Weapon Slots: a Dropped Weapon is an Equipped Weapon "
                           f"(it remains in its Weapon Slot)", (*at, "dropped"), text, R.WEAPON_DROPPED_REMAINS)
            dropped.append(card)
        mat["dropped"] = dropped
        set_aside = []
        for text in check.texts(player.get("set_aside", []), (*at, "set_aside"), f"{name}'s set_aside"):
            # Plot Armor too: taken under interpretation plot-armor-eligible, it waits in the taker's window, and
            # is set aside with it when they Fall (loot_management_window: lmw-not-surviving)
            card = card_at("set-aside cards", text, (*at, "set_aside"))
            set_aside.append(card)
        mat["set_aside"] = set_aside
        wears_armor = any(c and _card_type(cards, c).type == "armor" for c in armor)
        mat["armor_equipped"] = (check.flag(player["armor_equipped"], (*at, "armor_equipped"),
                                            f"{name}'s armor_equipped") if "armor_equipped" in player else wears_armor)
        if plot_armor_name(name) in armor and mat["armor_equipped"]:
            # the first Armor card equipped sends the Player's own Plot Armor to the box: never both on one mat
            worn = next((c for c in armor if c and _card_type(cards, c).type == "armor"), None)
            slot = armor.index(plot_armor_name(name)) + 1
            beside = f"beside {label(worn)} (an Armor card)" if worn else "while armor_equipped = true"
            check.fail(f"{name}'s Plot Armor is in Armor Slot {slot} {beside}: the first time a Player equips any "
                       f"Armor card, their Plot Armor is discarded to the game box first; remove one of them",
                       (*at, "armor", str(slot)) if "armor" in player else (*at, "armor_equipped"), None,
                       R.PLOT_ARMOR_FIRST_ARMOR, R.PLOT_ARMOR_BOX)
        mat["last_gear_swap"] = (check.integer(player["last_gear_swap"], (*at, "last_gear_swap"),
                                               f"{name}'s last_gear_swap", 1, 10**9)
                                 if "last_gear_swap" in player else None)
        out.append(mat)
    surviving = [mat["name"] for mat in out if mat["state"] == "surviving"]
    if len(surviving) == 1:
        others = [(given[m["name"]][0], m) for m in out if m["state"] != "surviving" and "state" in given[m["name"]][1]]
        lines = [(check.line(("players", who, "state")), m) for who, m in others]
        said = ", ".join(f"{m['name']} {m['state']}" + (f" (line {n})" if n else "") for n, m in lines)
        check.fail(f"only {surviving[0]} is a Surviving Player ({said}): Victory has occurred and the game is over; a "
                   f"position is a game in progress", ("players", others[0][0], "state"), None,
                   R.VICTORY_ONE_SURVIVOR)
    return out


def _numbered(check: _Checker, table, path: tuple, what: str, count: int, *citations):
    """(slot number, card) of a table of numbered slots: { 1 = "Bone Pauldron", 3 = "Old Helm" }."""
    for key, text in check.table(table, path, what).items():
        if not (key.isascii() and key.isdigit() and 1 <= int(key) <= count):
            check.fail(f"{what}: no Slot {key!r}: the Slots are 1 to {count}", (*path, key), None, *citations)
        yield int(key), text


def _check_loot(check: _Checker, table, settings, cards: dict, places: _Places):
    """[loot]: the game box; [loot.TYPE]: the deck's size, the cards known to be in it (shuffled from its discard
    pile), the discard pile (top card last)."""
    from referee import citations as R
    from referee.loot_and_inventory.cards import PILE_RULE
    from referee.loot_and_inventory import label
    from referee.state import LOOT_TYPE_LABELS, LOOT_TYPES, plot_armor_name

    names = settings.players
    check.table(table, ("loot",), "[loot]", ("box", *LOOT_TYPES))
    decks, discards = {}, {}
    for kind in LOOT_TYPES:
        at = ("loot", kind)
        deck = check.table(table.get(kind, {}), at, f"[loot.{kind}]", _DECK)
        described = LOOT_TYPE_LABELS[kind]
        piles = {}
        for key, where, rule in (("known", f"in the {described} Deck", R.LOOT_TYPE_DECIDES),
                                 ("discard", f"in the {described} discard pile", PILE_RULE[kind])):
            piles[key] = []
            for text in check.texts(deck.get(key, []), (*at, key), f"[loot.{kind}] {key}"):
                card = _card_named(check, text, cards, (*at, key), None, names)
                own = _card_type(cards, card).type
                if own == "plot":
                    check.fail(f"{label(card)} is not in a Loot Deck or discard pile", (*at, key), text,
                               R.PLOT_ARMOR_NOT_DISCARD_PILE if key == "discard" else R.PLOT_ARMOR_NOT_IN_A_DECK)
                if own != kind:
                    check.fail(f"{card} is a {LOOT_TYPE_LABELS[own]} card: it is not {where}", (*at, key), text, rule)
                places.put(card, where, (*at, key), text)
                piles[key].append(card)
        size = (check.integer(deck["size"], (*at, "size"), f"the {described} Deck's size", 0, 9999)
                if "size" in deck else (len(piles["known"]) if piles["known"] else None))
        if size is not None and size < len(piles["known"]):
            check.fail(f"the {described} Deck holds {len(piles['known'])} known cards: its size cannot be {size}",
                       (*at, "size"), None, R.EXHAUSTION_SHUFFLE)
        decks[kind] = {"unseen": None if size is None else size - len(piles["known"]), "known": piles["known"]}
        discards[kind] = piles["discard"]
    box = []
    for text in check.texts(table.get("box", []), ("loot", "box"), "[loot] box"):
        card = _card_named(check, text, cards, ("loot", "box"), None, names)
        if _card_type(cards, card).type != "plot":
            check.fail(f"{card} is not Plot Armor: discarded Loot goes to its matching discard pile, not the box",
                       ("loot", "box"), text, R.DISCARD_MATCHING_PILE, R.DISCARD_PLOT_ARMOR_BOX)
        places.put(card, "in the game box", ("loot", "box"), text)
        box.append(card)
    for name in names:  # a Plot Armor on no Patron Mat has been discarded: it is in the game box
        if plot_armor_name(name) not in places.seen:
            box.append(plot_armor_name(name))
    return decks, discards, box


def _check_encounters(check: _Checker, table, blank) -> dict:
    """[encounters]: the Random Encounter Deck's size, its discard pile (top card last), the cards of a deck refreshed
    from the discard pile, and the cards described (with the options of `referee encounter draw`)."""
    from referee import citations as R
    from referee.moves import EncounterDraw
    from referee.random_encounters.drawing import encounter_card

    table = check.table(table, ("encounters",), "[encounters]", _ENCOUNTERS)
    out: dict = {"deck": None, "discard": [], "cards": {}}
    if "deck" in table:
        out["deck"] = check.integer(table["deck"], ("encounters", "deck"), "the Random Encounter Deck's size", 0, 9999)
    seen: dict[str, str] = {}
    for key, where in (("discard", "in the Random Encounter discard pile"), ("refreshed", "in the refreshed deck")):
        for name in check.texts(table.get(key, []), ("encounters", key), f"[encounters] {key}"):
            if name in seen:
                check.fail(f"'{name}' is {where} and also {seen[name]}: a card is in one place", ("encounters", key),
                           name)
            seen[name] = where
            out.setdefault(key, []).append(name)
    if "refreshed" in out:
        if out["deck"] is None:
            out["deck"] = len(out["refreshed"])
        if out["deck"] != len(out["refreshed"]):
            check.fail(f"a deck refreshed from the discard pile holds exactly those cards: {len(out['refreshed'])}, "
                       f"not {out['deck']}", ("encounters", "deck"), None, R.RE_DECK_REFRESH)
    for raw, said in check.table(table.get("cards", {}), ("encounters", "cards"), "[encounters.cards]").items():
        path = ("encounters", "cards", raw)
        name = " ".join(raw.split())
        said = {key.replace("_", "-"): value for key, value in
                check.table(said, path, f"Random Encounter {name!r}").items()}
        check.table(said, path, f"Random Encounter {name!r}", _ENCOUNTER_CARD)
        move = EncounterDraw(card=name, cause="other",
                             checks=tuple(check.texts(said.get("check", []), (*path, "check"), f"{name}'s check")),
                             pays=tuple(check.texts(said.get("pay", []), (*path, "pay"), f"{name}'s pay")),
                             penalty=tuple(check.texts(said.get("penalty", []), (*path, "penalty"), f"{name}'s penalty")),
                             no_penalty=check.flag(said.get("no-penalty", False), (*path, "no-penalty"),
                                                   f"{name}'s no-penalty"))
        try:
            card = encounter_card(blank, move)
        except InvalidMove as error:
            check.fail(f"'{name}': {error}", path)
        if not card["options"]:
            check.fail(f"'{name}' needs an Encounter Completion Option (check = [\"brawn 12\"], pay = [\"kaos 2\"])",
                       path, None, R.OPTIONS_ONE_OR_MORE)
        if not card["penalty"] and not card["no_penalty"]:
            check.fail(f"'{name}' needs its Penalty (penalty = [\"damage d6\"]), or no-penalty = true if the card "
                       f"says so", path, None, R.RE_HAS_PENALTY)
        out["cards"][name] = card
    return out


def _check_game(check: _Checker, table, settings, players: list[dict]) -> dict:
    """[game]: the turn, the Active Player (not Removed), whose kind of turn it is, the Turn Actions taken."""
    from referee import citations as R

    table = check.table(table, ("game",), "[game]", _GAME)
    states = {p["name"]: p["state"] for p in players}
    if "active" in table:
        active = check.player(check.text(table["active"], ("game", "active"), "active"), settings.players,
                              ("game", "active"))
    else:
        active = next((name for name in settings.players if states[name] != "removed"), settings.players[0])
    if states[active] == "removed":
        check.fail(f"{active} is a Removed Player: their position in Turn Order is skipped, so they are not the "
                   f"Active Player", ("game", "active"), None, R.TURN_ORDER_REMOVED_SKIPPED)
    derived = {"surviving": "player", "zombie": "zombie", "fallen": "rising"}[states[active]]
    kind = check.choice(table["turn_kind"], TURN_KINDS, ("game", "turn_kind"), "turn kind") \
        if "turn_kind" in table else derived
    taken = check.texts(table.get("actions_taken", []), ("game", "actions_taken"), "actions_taken", tidy=False)
    spent = (check.integer(table["actions_spent"], ("game", "actions_spent"), "actions_spent", 0, 999)
             if "actions_spent" in table else len(taken))
    if spent > settings.turn_actions:
        check.fail(f"{spent} Turn Actions spent, and a turn has {settings.turn_actions} (turn_actions)",
                   ("game", "actions_spent" if "actions_spent" in table else "actions_taken"), None,
                   R.TURN_SEQUENCE_ACTIONS)
    return {"turn": check.integer(table["turn"], ("game", "turn"), "the turn", 1, 10**6) if "turn" in table else 1,
            "active": active, "turn_kind": kind, "actions_spent": spent, "actions_taken": taken,
            "last_check": check.text(table.get("last_check", ""), ("game", "last_check"), "last_check", tidy=False),
            "rerolls_out": _rerolls_out(check, table, settings, players)}


def _rerolls_out(check: _Checker, table, settings, players: list[dict]) -> int:
    from referee import citations as R

    if "reroll_tokens_out" not in table:
        return 0
    out = check.integer(table["reroll_tokens_out"], ("game", "reroll_tokens_out"), "reroll_tokens_out", 0, 999)
    held = sum(p["rerolls"] for p in players)
    if held + out > settings.reroll_supply:
        check.fail(f"{held} Reroll Tokens held and {out} out of the game: more than the supply of "
                   f"{settings.reroll_supply} (reroll_supply)", ("game", "reroll_tokens_out"), None,
                   R.REROLL_NONE_AVAILABLE)
    return out


def _check_deaths(check: _Checker, items, players) -> list[dict]:
    """[[deaths]]: the completed Death Processes (08 LOOT_OPPORTUNITIES: a Loot Opportunity is Death-related)."""
    from referee.moves import DEATH_OUTCOMES

    if not isinstance(items, list):
        check.fail("deaths is a list of tables: [[deaths]] player = \"Tess\" outcome = \"fallen\"", ("deaths",))
    out = []
    for i, death in enumerate(items):
        at = ("deaths", str(i))
        death = check.table(death, at, "[[deaths]]", _DEATH)
        if "player" not in death or "outcome" not in death:
            check.fail("a death names its player and outcome", at)
        out.append({"player": check.player(check.text(death["player"], (*at, "player"), "player"), players,
                                           (*at, "player")),
                    "outcome": check.choice(death["outcome"], DEATH_OUTCOMES, (*at, "outcome"), "Death outcome"),
                    "source": check.text(death.get("source", ""), (*at, "source"), "source", tidy=False)})
    return out


# --- writing a position -----------------------------------------------------------------------------------------------


def export_position(state) -> str:
    """The state's position as a position file (TOML) that `referee new --position` reads back to the same state.
    NotBetweenMoves while a procedure is pending (it names what must finish first) or once the game has ended."""
    if state.ended:
        raise NotBetweenMoves(f"the game is over ({state.winner} won): a position is a game in progress")
    if state.stack:
        top = state.top
        chain = " → ".join(p.title() for p in reversed(state.stack))
        cited = _cited(top.must_finish_first[:1])
        raise NotBetweenMoves(f"{top.title()} must finish first: {top.finish_hint(state)}. A position is a moment between "
                              f"moves (pending now: {chain}){cited}",
                              pending=tuple(p.title() for p in reversed(state.stack)))
    return _Writer(state).text()


class _Writer:
    """TOML by hand (tomllib only reads): strings quoted as TOML basic strings, keys bare when they can be."""

    def __init__(self, state):
        self.state = state
        self.out: list[str] = []

    def text(self) -> str:
        from referee import loot_and_inventory as L
        from referee.state import LOOT_TYPES, plot_armor_name

        state, s = self.state, self.state.settings
        self.out += ["# A Viva La Dungeon position, written by `referee export`.",
                     "# Start a game here: referee new --position FILE", f"format = {_value(FORMAT)}", ""]
        self.section("settings", players=list(s.players), health=s.health, health_cap=s.health_cap,
                     turn_actions=s.turn_actions, reroll_supply=s.reroll_supply, starting_kaos=s.starting_kaos,
                     backpack_slots=s.backpack_slots)
        self.section("settings.interpretations", **s.interpretations)
        self.section("game", turn=state.turn, active=state.active_player.name, turn_kind=state.turn_kind,
                     actions_spent=state.actions_spent, actions_taken=list(state.actions_taken),
                     reroll_tokens_out=state.rerolls_out, last_check=state.last_check or None)
        for p in state.players:
            mat = L.patron_mat(state, p.name)

            def shown(card):
                return "Plot Armor" if card == plot_armor_name(p.name) else card

            wears = any(c and state.cards[c].type == "armor" for c in mat.armor)
            self.section(f"players.{_key(p.name)}", health=p.health, kaos=p.kaos, reroll_tokens=p.rerolls,
                         statuses=list(p.statuses), state=str(p.state), stats=s.stats.get(p.name) or None,
                         armor={str(i): shown(c) for i, c in enumerate(mat.armor, 1) if c},
                         melee=mat.melee, ranged=mat.ranged,
                         backpack={str(i): shown(c) for i, c in enumerate(mat.backpack, 1) if c} or None,
                         dropped=list(mat.dropped) or None, set_aside=list(mat.set_aside) or None,
                         armor_equipped=None if L.has_equipped_armor(state, p.name) == wears
                         else L.has_equipped_armor(state, p.name),
                         last_gear_swap=L.last_gear_swap(state, p.name))
        described = {n: c for n, c in state.cards.items() if c.type != "plot"}
        self.section("cards", **{n: _card_options(c) for n, c in described.items()})
        self.section("loot", box=L.game_box(state))
        for kind in LOOT_TYPES:
            size, known = L.deck(state, kind)
            self.section(f"loot.{kind}", size=size, known=known or None, discard=L.discard_pile(state, kind) or None)
        enc = state.encounters
        self.section("encounters", deck=enc["deck"], discard=list(enc["discard"]) or None,
                     refreshed=list(enc["refreshed"]) if enc.get("refreshed") else None)
        self.section("encounters.cards", **{n: _encounter_options(c) for n, c in enc["cards"].items()})
        for death in state.deaths:  # "[deaths]" in brackets: an array of tables, [[deaths]]
            self.section("[deaths]", player=death.player, outcome=death.outcome, source=death.source or None)
        return "\n".join(self.out).rstrip("\n") + "\n"

    def section(self, header: str, **values) -> None:
        """A [header] and its `key = value` lines (None: the key is left out; a table without lines is left out)."""
        lines = [f"{_key(k)} = {_value(v)}" for k, v in values.items() if v is not None]
        if lines or header in ("settings", "game"):
            self.out += [f"[{header}]", *lines, ""]


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _value(name)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):  # a TOML basic string: JSON's escapes are TOML's, and TOML also escapes DEL
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"no TOML for {value!r}")


def _card_options(card):
    """A catalogue entry (a state.Card) as the options of `referee card`: "armor", or { type = "weapon", melee = true,
    ... }."""
    options: dict = {"type": card.type}
    if card.weapon:
        options[card.weapon] = True
    if card.slots:
        options["slot"] = list(card.slots)
    if card.armor_type:
        options["armor-type"] = card.armor_type
    if card.defense is not None:
        options["defense"] = card.defense
    if card.stats:
        options["stat"] = [f"{stat} {n:+d}" for stat, n in card.stats]
    for flag in ("consumable", "anytime", "backpack"):
        if getattr(card, flag):
            options[flag] = True
    if card.backpack_defense is not None:
        options["backpack-defense"] = card.backpack_defense
    if card.equip_as:
        options["equip-as"] = card.equip_as
    return card.type if len(options) == 1 else options


def _encounter_options(card: dict) -> dict:
    """A described Random Encounter as the options of `referee encounter draw` (check, pay, penalty, no-penalty)."""
    options: dict = {}
    checks = [_option_text(o) for o in card["options"] if o["kind"] == "check"]
    pays = [_option_text(o) for o in card["options"] if o["kind"] != "check"]
    for key, texts in (("check", checks), ("pay", pays), ("penalty", [_penalty_text(p) for p in card["penalty"]])):
        if texts:
            options[key] = texts
    if card.get("no_penalty"):
        options["no-penalty"] = True
    return options


def _option_text(option: dict) -> str:
    """An Encounter Completion Option as `--check`/`--pay` take it (random_encounters.card_grammar reads it back)."""
    if option["kind"] == "check":
        words = [option["stat"] or option["check"], str(option["tn"]), option["mark"]]
    else:
        words = [_instruction_text(option)]
    return " ".join(w for w in (*words, "reward" if option.get("reward") else "") if w)


def _penalty_text(item: dict) -> str:
    return _instruction_text(item) + (" all" if item.get("all") else "")


def _instruction_text(item: dict) -> str:
    kind = item["kind"]
    if kind in ("move", "combat", "other"):
        return f"{kind} {item['text']}".strip()
    if kind == "status":
        return f"status {item['status']}"
    if kind == "damage" and "die" in item:
        return f"damage d{item['die']}"
    return f"{kind} {item['amount']}"


def _cited(citations) -> str:
    """ (KEY: "quote"; KEY: "quote"): the rules that decide, quoted, in a message."""
    quoted = "; ".join(f'{c.key}: "{c.quote}"' for c in citations)
    return f" ({quoted})" if quoted else ""


def _toml_type(value) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)
