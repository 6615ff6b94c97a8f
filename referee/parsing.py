"""Reading what the table types: strict numbers, forgiving names. Raises InvalidMove, never guesses."""

from __future__ import annotations

import re

from referee.errors import AmbiguousName, InvalidMove, UnknownName

__all__ = ["parse_int", "parse_dice", "match_player", "match_choice", "match_alias", "quoted", "typed_line", "name_words"]

_INT = re.compile(r"[+-]?[0-9]+")


def parse_int(text: str, *, what: str, low: int = 1, high: int = 999, signed: bool = False) -> int:
    """ASCII digits only: `-3` (unless signed), `١٢`, `1e309`, `nan`, `1.0` are refused."""
    raw = str(text).strip()
    if not _INT.fullmatch(raw) or (not signed and raw[0] in "+-"):
        hint = " (use a separate command such as `damage`/`lose` instead of a negative number)" if raw.startswith("-") else ""
        raise InvalidMove(f"{what} must be a whole number written with digits 0-9, not {_shown(text)}{hint}")
    digits = raw.lstrip("+-").lstrip("0")
    if len(digits) > len(str(max(abs(low), abs(high)))):  # before int(): Python refuses over 4,300 digits
        raise InvalidMove(f"{what} must be between {low} and {high}, not a number of {len(digits):,} digits")
    value = int(raw)
    if not low <= value <= high:
        raise InvalidMove(f"{what} must be between {low} and {high}, not {value}")
    return value


def quoted(value: str) -> str:
    """One word of a line as it must be typed for `notation.split` to read it back: as it is, or in double quotes
    (a quote or backslash inside escaped) when it holds spaces, quotes or backslashes ("The \\"Big\\" Axe")."""
    if value and not any(c.isspace() or c in "'\"\\" for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def typed_line(command: str, words=(), options=()) -> str:
    """A command as it must be typed for `notation.parse` to read it back: its `words` (the arguments, in order) and
    `options` ((name, value), value None for a flag), every word quoted; where a word would read as an option ("--x"
    as a card's name), the options come first and `--` ends them."""
    words = [quoted(str(w)) for w in words]
    flags = [name if value is None else f"{name} {quoted(str(value))}" for name, value in options]
    if any(w.startswith("--") for w in words):
        return " ".join([command, *flags, "--", *words])
    return " ".join([command, *words, *flags])


def _shown(text) -> str:
    """The input as typed, cut short when it is long: a message quotes what was typed, not a megabyte of it."""
    text = str(text)
    return repr(text) if len(text) <= 60 else f"{text[:40]!r}... ({len(text):,} characters)"


def parse_dice(values: list[str]) -> tuple[int, ...]:
    return tuple(parse_int(v, what="a d20 result", low=1, high=20) for v in values)


def match_player(text: str, players) -> str:
    """Case-insensitive exact name, else a unique prefix; else UnknownName with the nearest names."""
    return match_choice(text, players, what="Player")


def match_choice(text: str, choices, *, what: str) -> str:
    """`text` names one of `choices`: the exact name (any case), else the only one it starts, else the only one with
    a word it starts ("axe" -> "Iron Axe", "bow" -> "Short Bow"). UnknownName (with the nearest names) when none
    does, AmbiguousName when several do."""
    import difflib

    choices = list(choices)
    wanted = " ".join(str(text).split()).casefold()
    if not wanted:
        raise InvalidMove(f"name a {what}")
    for choice in choices:
        if choice.casefold() == wanted:
            return choice
    for matches in (lambda c: c.casefold().startswith(wanted),
                    lambda c: any(w.startswith(wanted) for w in name_words(c))):
        found = [c for c in choices if matches(c)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousName(f"{_shown(text)} could be {', '.join(found)}: type more of the name",
                                name=str(text), what=what, choices=tuple(found))
    near = difflib.get_close_matches(wanted, [c.casefold() for c in choices], n=2, cutoff=0.5)
    names = tuple(c for c in choices if c.casefold() in near)
    hint = f"; did you mean {' or '.join(names)}?" if names else f" (choices: {', '.join(choices)})"
    raise UnknownName(f"no {what} {_shown(text)}{hint}", name=str(text), what=what, suggestions=names)


def name_words(name: str) -> list[str]:
    """The words of a name a player may type alone: "Plot Armor (Mara)" -> plot, armor, mara."""
    return re.findall(r"[^\W_]+(?:'[^\W_]+)?", name.casefold())


def match_alias(text: str, aliases: dict[str, str], *, what: str) -> str:
    """The canonical value `text` names through `aliases` ({spelling: value}): an exact spelling (any case, spaces
    or hyphens alike), else a prefix. A prefix is unique when every spelling it starts maps to the same value
    ("rer" for reroll, reroll-token, ...); AmbiguousName when it could mean two values, UnknownName when none."""
    import difflib

    def norm(word: str) -> str:
        return " ".join(str(word).replace("-", " ").replace("_", " ").split()).casefold()

    wanted = norm(text)
    if not wanted:
        raise InvalidMove(f"name a {what}")
    spellings = {norm(k): v for k, v in aliases.items()}
    if wanted in spellings:
        return spellings[wanted]
    values = list(dict.fromkeys(v for k, v in spellings.items() if k.startswith(wanted)))
    if len(values) == 1:
        return values[0]
    if len(values) > 1:
        raise AmbiguousName(f"{_shown(text)} could be {', '.join(values)}: type more of the name",
                            name=str(text), what=what, choices=tuple(values))
    near = difflib.get_close_matches(wanted, list(spellings), n=3, cutoff=0.5)
    names = list(dict.fromkeys(spellings[k] for k in near))
    canonical = list(dict.fromkeys(aliases.values()))
    hint = f"; did you mean {' or '.join(names)}?" if names else f" (choices: {', '.join(canonical)})"
    raise UnknownName(f"no {what} {_shown(text)}{hint}", name=str(text), what=what, suggestions=tuple(names))
