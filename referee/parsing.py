"""Reading what the table types: strict numbers, forgiving names. Raises InvalidMove, never guesses.

Also the parts a move's notation is declared with (`Param`, `Notation`, the readers of its words): each move's
declaration (referee/moves.py) writes its command words, arguments and options with them."""

from __future__ import annotations

import re

from referee.errors import AmbiguousName, InvalidMove, UnknownName

__all__ = ["parse_int", "parse_dice", "match_player", "match_choice", "match_alias", "quoted", "typed_line", "name_words",
           "Param", "Notation", "read_player", "read_amount", "read_text", "status_named", "loot_kind", "virtual_dice",
           "STATUS_ALIASES", "LOOT_KIND_ALIASES"]

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


# --- a move's notation: its command words, arguments and options (declared with the move, referee/moves.py) ----------

# What the table may type for a status or a Loot type ({spelling: canonical value}).
STATUS_ALIASES = {"goblin": "goblin", "goblin balls on ya": "goblin", "gboy": "goblin",
                  "haunted": "haunted", "dungeon haunted": "haunted"}
LOOT_KIND_ALIASES = {"armor": "armor", "armour": "armor", "weapon": "weapon", "weapons": "weapon",
                     "common": "common", "common magic": "common", "common-magic": "common",
                     "rare": "rare", "rare magic": "rare", "rare-magic": "rare"}


class Param:
    """One argument or option of a move's notation. `raw` values reach the builder as typed: str, list[str] (many),
    bool (flag), or the default when absent. `field`: the move's field it gives (its typed form writes that field
    back; None when it gives none, as a seed); `read(state, raw)`: the field's value from the raw value, for a move
    built from its fields alone (None: the raw value as it is)."""

    __slots__ = ("name", "help", "option", "many", "flag", "required", "default", "metavar", "names", "choices",
                 "signed", "field", "read")

    def __init__(self, name: str, help: str, *, option: tuple[str, ...] = (), many: bool = False, flag: bool = False,
                 required: bool | None = None, default=None, metavar: str = "", names: str = "",
                 choices: tuple[str, ...] = (), signed: bool = False, field: str | None = "", read=None):
        self.name = name
        self.help = help
        self.option = option  # ("--tn",): an option; (): a positional argument
        self.many = many  # a repeatable option, or a positional that takes the remaining words
        self.flag = flag
        self.required = (not option and not many and default is None) if required is None else required
        self.default = False if flag else ([] if many else default)
        self.metavar = metavar or name.upper()
        self.names = names  # what it names, for completion: player, card, stat, status, slot, option, ...
        self.choices = choices  # the only values it takes, where this move narrows what `names` could be
        self.signed = signed  # a number that may be typed with its sign, -2 as well as +2 (not an option)
        self.field = name if field == "" else field
        self.read = read

    def __repr__(self) -> str:
        return f"Param({self.name!r})"


class Notation:
    """How the table writes one kind of move: `command` words, `params`, and `build(state, **raw) -> Move`."""

    __slots__ = ("command", "help", "params", "build")

    def __init__(self, command: str, help: str, params: tuple[Param, ...], build=None):
        self.command, self.help, self.params, self.build = command, help, params, build

    @property
    def positionals(self) -> list[Param]:
        return [p for p in self.params if not p.option]

    def usage(self) -> str:
        parts = [self.command]
        for p in self.positionals:
            word = f"{p.metavar}..." if p.many else p.metavar
            parts.append(word if p.required else f"[{word}]")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Notation({self.command!r})"


def read_player(state, text: str) -> str:
    return match_player(text, state.settings.players)


def read_amount(state, text: str, what: str = "the amount") -> int:
    return parse_int(text, what=what, low=1, high=999)


def read_text(state, text: str) -> str:
    return text.strip()


def status_named(text: str) -> str:
    """The status `text` names (any spelling of STATUS_ALIASES, or a prefix of one)."""
    return match_alias(text, STATUS_ALIASES, what="status")


def loot_kind(text: str) -> str:
    """The Loot type `text` names (a move's or a position's), read forgivingly."""
    return match_alias(text, LOOT_KIND_ALIASES, what="Loot type")


def virtual_dice(count: int, sides: int, seed: str | None) -> tuple[int, ...]:
    """Dice rolled by the referee for a table without dice: `seed`, else $REFEREE_SEED, else unseeded."""
    import os
    import random

    seed = seed if seed is not None else os.environ.get("REFEREE_SEED")
    rng = random.Random(parse_int(seed, what="--seed", low=0, high=2**63) if seed is not None else None)
    return tuple(rng.randint(1, sides) for _ in range(count))
