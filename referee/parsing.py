"""Reading what the table types: strict numbers, forgiving names. Raises BadMove, never guesses."""

from __future__ import annotations

import re

from referee.errors import BadMove

__all__ = ["parse_int", "parse_dice", "match_player", "match_choice", "match_alias"]

_INT = re.compile(r"[+-]?[0-9]+")


def parse_int(text: str, *, what: str, low: int = 1, high: int = 999, signed: bool = False) -> int:
    """ASCII digits only: `-3` (unless signed), `١٢`, `1e309`, `nan`, `1.0` are refused."""
    raw = str(text).strip()
    if not _INT.fullmatch(raw) or (not signed and raw[0] in "+-"):
        hint = " (use a separate command such as `damage`/`lose` instead of a negative number)" if raw.startswith("-") else ""
        raise BadMove(f"{what} must be a whole number written with digits 0-9, not {text!r}{hint}")
    value = int(raw)
    if not low <= value <= high:
        raise BadMove(f"{what} must be between {low} and {high}, not {value}")
    return value


def parse_dice(values: list[str]) -> tuple[int, ...]:
    return tuple(parse_int(v, what="a d20 result", low=1, high=20) for v in values)


def match_player(text: str, players) -> str:
    """Case-insensitive exact name, else a unique prefix; else BadMove with the nearest names."""
    return match_choice(text, players, what="Player")


def match_choice(text: str, choices, *, what: str) -> str:
    import difflib

    wanted = " ".join(str(text).split()).casefold()
    if not wanted:
        raise BadMove(f"name a {what}")
    for choice in choices:
        if choice.casefold() == wanted:
            return choice
    prefixed = [c for c in choices if c.casefold().startswith(wanted)]
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        raise BadMove(f"{text!r} could be {', '.join(prefixed)}: type more of the name")
    near = difflib.get_close_matches(wanted, [c.casefold() for c in choices], n=2, cutoff=0.5)
    names = [c for c in choices if c.casefold() in near]
    hint = f"; did you mean {' or '.join(names)}?" if names else f" (choices: {', '.join(choices)})"
    raise BadMove(f"no {what} {text!r}{hint}")


def match_alias(text: str, aliases: dict[str, str], *, what: str) -> str:
    """The canonical value `text` names through `aliases` ({spelling: value}): an exact spelling (any case, spaces
    or hyphens alike), else a prefix. A prefix is unique when every spelling it starts maps to the same value
    ("rer" for reroll, reroll-token, ...); BadMove when it could mean two values or none."""
    import difflib

    def norm(word: str) -> str:
        return " ".join(str(word).replace("-", " ").replace("_", " ").split()).casefold()

    wanted = norm(text)
    if not wanted:
        raise BadMove(f"name a {what}")
    spellings = {norm(k): v for k, v in aliases.items()}
    if wanted in spellings:
        return spellings[wanted]
    values = list(dict.fromkeys(v for k, v in spellings.items() if k.startswith(wanted)))
    if len(values) == 1:
        return values[0]
    if len(values) > 1:
        raise BadMove(f"{text!r} could be {', '.join(values)}: type more of the name")
    near = difflib.get_close_matches(wanted, list(spellings), n=3, cutoff=0.5)
    names = list(dict.fromkeys(spellings[k] for k in near))
    canonical = list(dict.fromkeys(aliases.values()))
    hint = f"; did you mean {' or '.join(names)}?" if names else f" (choices: {', '.join(canonical)})"
    raise BadMove(f"no {what} {text!r}{hint}")
