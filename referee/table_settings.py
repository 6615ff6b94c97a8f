"""Setting up a game: the table's choices for what 03_SETUP and 04_PLAYER_STRUCTURE would define.

The rules database is consulted here, once per game: its Rules Variables and content hash are
kept in the game file, so every later move is judged under the same rules version.
"""

from __future__ import annotations

from referee import interpretations
from referee.errors import InvalidMove
from referee.parsing import parse_int
from referee.state import TableSettings
from referee.variables import open_rules, read_variables

__all__ = ["make_settings", "parse_stats", "parse_players", "parse_interpretations", "check_players", "check_stats",
           "rules_stat", "SETTING_BOUNDS", "SETTING_DEFAULTS"]

# The numbers `referee new` takes: (option, lowest, highest), the same bounds whether typed, passed or read from a
# position file; and the defaults of the optional ones.
SETTING_BOUNDS = {"health": ("--health", 1, 999), "health_cap": ("--health-cap", 1, 999),
                  "turn_actions": ("--turn-actions", 1, 99), "reroll_supply": ("--reroll-supply", 0, 999),
                  "starting_kaos": ("--starting-kaos", 0, 999), "backpack_slots": ("--backpack-slots", 0, 20)}
SETTING_DEFAULTS = {"health_cap": None, "reroll_supply": 10, "starting_kaos": 0, "backpack_slots": 3}


def parse_players(text: str) -> tuple[str, ...]:
    """ "Mara, Ivo, Jun" -> ("Mara", "Ivo", "Jun"), checked (check_players)."""
    return check_players(text.split(","))


def check_players(names) -> tuple[str, ...]:
    """Player names in Turn Order: at least two, each named once (any case), spaces tidied."""
    names = tuple(n for n in (" ".join(str(part).split()) for part in names) if n)
    if len(names) < 2:
        raise InvalidMove("a game needs at least two Players, in Turn Order: --players \"Mara, Ivo, Jun\"")
    folded = [n.casefold() for n in names]
    dupes = sorted({n for n in names if folded.count(n.casefold()) > 1})
    if dupes:
        raise InvalidMove(f"each Player needs a distinct name: {', '.join(dupes)}")
    return names


def parse_stats(text: str, players: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """ "Mara: Brawn 2, Charm 1; Ivo: Intellect 3" -> {"Mara": {"Brawn": 2, "Charm": 1}, ...}, checked
    (check_stats)."""
    stats: dict[str, dict[str, int]] = {}
    for block in filter(str.strip, text.split(";")):
        who, sep, rest = block.partition(":")
        if not sep:
            raise InvalidMove(f"stats go as \"Player: Stat N, Stat N; Player: ...\", not {block.strip()!r}")
        table = stats.setdefault(who.strip(), {})
        for item in filter(str.strip, rest.split(",")):
            words = item.split()
            if len(words) < 2:
                raise InvalidMove(f"a Stat is \"Name N\", not {item.strip()!r}")
            table[" ".join(words[:-1])] = parse_int(words[-1], what=f"{who.strip()}'s {' '.join(words[:-1])}",
                                                    low=-99, high=99, signed=True)
    return check_stats(stats, players)


def check_stats(stats: dict, players: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """Each Player's Stats, names read forgivingly: a Player of the game, a Stat the loaded rules name (rules_stat);
    a misspelt Stat is refused, never silently kept."""
    from referee.parsing import match_player

    checked: dict[str, dict[str, int]] = {}
    for who, table in stats.items():
        name = match_player(who, players)
        for stat, value in table.items():
            try:
                known = rules_stat(stat)
            except InvalidMove as error:
                raise type(error)(f"{name}: {error}") from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidMove(f"{name}'s {known} must be a whole number, not {value!r}")
            checked.setdefault(name, {})[known] = value
    return checked


def rules_stat(stat: str) -> str:
    """The Stat `stat` names, read forgivingly among those the loaded rules name (Brawn, Intellect, Charm: 01
    STAT_CHECKS and PERCEPTION_CHECKS; 04_PLAYER_STRUCTURE, which lists every Stat, is not loaded). "Perception" is a
    kind of Check, not a Stat."""
    from referee.core_concepts import RULES_STATS
    from referee.parsing import match_choice

    if " ".join(str(stat).split()).casefold() == "perception":
        raise InvalidMove("Perception is a Check using Intellect or Charm (01 PERCEPTION_CHECKS), not a Stat: set "
                          "Intellect or Charm")
    try:
        return match_choice(stat, RULES_STATS, what="Stat")
    except InvalidMove as error:
        raise type(error)(f"{error} (the loaded rules name {', '.join(RULES_STATS)}; 04_PLAYER_STRUCTURE is not "
                          f"loaded)") from None


def parse_interpretations(pairs: list[str]) -> dict[str, str]:
    """ ["nat1-autofail=auto-fail"] -> {"nat1-autofail": "auto-fail"}, checked against the register."""
    choices = {}
    for pair in pairs:
        id, sep, reading = pair.partition("=")
        if not sep:
            raise InvalidMove(f"an interpretation is chosen as ID=READING, not {pair!r}")
        choices[id.strip()] = reading.strip()
    return _check_interpretations(choices)


def _check_interpretations(choices: dict[str, str]) -> dict[str, str]:
    try:
        return interpretations.validate_choices(dict(choices))
    except interpretations.UnknownInterpretation as error:
        raise InvalidMove(str(error)) from error


def make_settings(*, players, health: int, health_cap: int | None, turn_actions: int,
                  reroll_supply: int, starting_kaos: int = 0, stats: dict | None = None,
                  choices: dict | None = None, db=None, backpack_slots: int = 3) -> TableSettings:
    """The table settings of a new game, every value checked (InvalidMove naming the setting); to start from a
    position, `referee.position.with_position` then checks it against them."""
    if db is None:
        db = open_rules()
    names = check_players(players)
    given = {"health": health, "health_cap": health_cap, "turn_actions": turn_actions, "reroll_supply": reroll_supply,
             "starting_kaos": starting_kaos, "backpack_slots": backpack_slots}
    for key, value in given.items():
        if value is not None:
            what, low, high = SETTING_BOUNDS[key]
            parse_int(str(value), what=what, low=low, high=high)
    cap = health if health_cap is None else health_cap
    if health > cap:
        raise InvalidMove(f"starting Health {health} is above the Health Cap {cap}")
    settings = TableSettings(
        players=names,
        health=health,
        health_cap=cap,
        turn_actions=turn_actions,
        reroll_supply=reroll_supply,
        starting_kaos=starting_kaos,
        stats=check_stats(stats or {}, names),
        interpretations=_check_interpretations(choices or {}),
        variables=read_variables(db),
        rules_hash=db.content_hash,
        missing_documents=tuple(db.missing_documents()),
        backpack_slots=backpack_slots,  # 08 loot: interpretation backpack-size
    )
    return settings
