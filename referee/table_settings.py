"""Setting up a game: the table's choices for what 03_SETUP and 04_PLAYER_STRUCTURE would define.

The rules database is consulted here, once per game: its Rules Variables and content hash are
kept in the game file, so every later move is judged under the same rules version.
"""

from __future__ import annotations

from referee import interpretations
from referee.errors import BadMove
from referee.parsing import parse_int
from referee.state import TableSettings
from referee.variables import read_variables

__all__ = ["make_settings", "parse_stats", "parse_players", "parse_interpretations"]


def parse_players(text: str) -> tuple[str, ...]:
    names = tuple(" ".join(part.split()) for part in text.split(","))
    names = tuple(n for n in names if n)
    if len(names) < 2:
        raise BadMove("a game needs at least two Players, in Turn Order: --players \"Mara, Ivo, Jun\"")
    folded = [n.casefold() for n in names]
    dupes = sorted({n for n in names if folded.count(n.casefold()) > 1})
    if dupes:
        raise BadMove(f"each Player needs a distinct name: {', '.join(dupes)}")
    return names


def parse_stats(text: str, players: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """ "Mara: Brawn 2, Charm 1; Ivo: Intellect 3" -> {"Mara": {"Brawn": 2, "Charm": 1}, ...}."""
    from referee.parsing import match_player

    stats: dict[str, dict[str, int]] = {}
    for block in filter(str.strip, text.split(";")):
        who, sep, rest = block.partition(":")
        if not sep:
            raise BadMove(f"stats go as \"Player: Stat N, Stat N; Player: ...\", not {block.strip()!r}")
        name = match_player(who, players)
        table = stats.setdefault(name, {})
        for item in filter(str.strip, rest.split(",")):
            words = item.split()
            if len(words) < 2:
                raise BadMove(f"a Stat is \"Name N\", not {item.strip()!r}")
            stat = " ".join(words[:-1])
            table[stat[:1].upper() + stat[1:].lower()] = parse_int(words[-1], what=f"{name}'s {stat}",
                                                                    low=-99, high=99, signed=True)
    return stats


def parse_interpretations(pairs: list[str]) -> dict[str, str]:
    choices = {}
    for pair in pairs:
        id, sep, reading = pair.partition("=")
        if not sep:
            raise BadMove(f"an interpretation is chosen as ID=READING, not {pair!r}")
        choices[id.strip()] = reading.strip()
    try:
        return interpretations.validate_choices(choices)
    except interpretations.UnknownInterpretation as error:
        raise BadMove(str(error)) from error


def make_settings(*, players: tuple[str, ...], health: int, health_cap: int | None, turn_actions: int,
                  reroll_supply: int, starting_kaos: int = 0, stats: dict | None = None,
                  choices: dict | None = None, db=None, backpack_slots: int = 3) -> TableSettings:
    if db is None:
        from rulesdb import open_rules

        db = open_rules()
    cap = health if health_cap is None else health_cap
    if health > cap:
        raise BadMove(f"starting Health {health} is above the Health Cap {cap}")
    return TableSettings(
        players=players,
        health=health,
        health_cap=cap,
        turn_actions=turn_actions,
        reroll_supply=reroll_supply,
        starting_kaos=starting_kaos,
        stats=stats or {},
        interpretations=choices or {},
        variables=read_variables(db),
        rules_hash=db.content_hash,
        missing_documents=tuple(db.missing_documents()),
        backpack_slots=backpack_slots,  # 08 loot: interpretation backpack-size
    )
