"""Table notation: the one place what the table types becomes a Move.

Each move's declaration (`@move` in referee/moves.py) writes its notation: its command words ("damage", "encounter
draw"), its arguments and options (`Param`), and its builder, which reads the raw words against the game's state
(forgiving names, strict numbers) and returns the Move. GRAMMAR gathers them, command words -> Notation; everything
that reads notation derives from it:

- `parse(state, "damage ivo 3")` -> `Damage(player="Ivo", amount=3)` (what `referee.Game.parse` calls);
- the command line, whose move commands are made from these entries (`referee.cli.moves`);
- completion in the interactive session and the shell (each argument says what it names: `names`).

Errors: InvalidMove for what cannot be read, UnknownName / AmbiguousName for names (referee.errors).
"""

from __future__ import annotations

import shlex

from referee.errors import InvalidMove
from referee.moves import NOTATIONS, card_text_fields
from referee.parsing import Notation, Param, loot_kind, status_named

__all__ = ["Param", "Notation", "GRAMMAR", "ALIASES", "MAX_LINE", "parse", "split", "find", "bind", "command_of",
           "loot_kind", "status_named", "card_text_fields"]

GRAMMAR: dict[str, Notation] = {entry.command: entry for entry in NOTATIONS}
# What players say for a command ("end turn", "next"): each names a command of GRAMMAR.
ALIASES = {"end turn": "end-turn", "next": "end-turn", "gear swap": "gear-swap", "swap": "gear-swap",
           "gain status": "gain-status", "remove status": "remove-status", "set state": "set-state",
           "dmg": "damage", "hurt": "damage"}


MAX_LINE = 4000  # characters; shlex is quadratic in a word's length (a 1 MB line took 25 s), a table's lines are short


def split(text: str) -> list[str]:
    """Shell-like words of a line; InvalidMove for an unclosed quote or a line longer than MAX_LINE."""
    if len(text) > MAX_LINE:
        raise InvalidMove(f"that line is {len(text):,} characters long; a line is at most {MAX_LINE:,}")
    try:
        return shlex.split(text)
    except ValueError as error:
        raise InvalidMove(f"cannot read that line ({error})") from None


def command_of(words: list[str]) -> tuple[str, list[str]] | None:
    """(the command words say, the words after them), or None when they name no move. Aliases count."""
    lowered = [w.casefold() for w in words]
    for size in (2, 1):
        head = " ".join(lowered[:size])
        name = head if head in GRAMMAR else ALIASES.get(head)
        if name is not None and len(words) >= size:
            return name, list(words[size:])
    return None


def find(words: list[str]) -> tuple[Notation, list[str]]:
    """The notation the words name and the words after the command; InvalidMove (did-you-mean) otherwise."""
    import difflib

    if not words:
        raise InvalidMove("name a move, e.g. `damage ivo 3`")
    found = command_of(words)
    if found is None:
        typed = " ".join(words[:2]) if words[0].casefold() == "encounter" else words[0]
        near = difflib.get_close_matches(typed.casefold(), [*GRAMMAR, *ALIASES], n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        raise InvalidMove(f"no move {typed!r}{hint}")
    name, rest = found
    return GRAMMAR[name], rest


def bind(notation: Notation, words: list[str]) -> dict:
    """The raw value of every parameter from the words after the command (options anywhere, `--` ends them)."""
    import difflib

    raw = {p.name: (list(p.default) if p.many else p.default) for p in notation.params}
    options = {name: p for p in notation.params for name in p.option}
    positionals = notation.positionals
    given: list[str] = []
    words = list(words)
    only_positionals = False
    while words:
        word = words.pop(0)
        if word == "--" and not only_positionals:
            only_positionals = True
            continue
        if not only_positionals and word.startswith("--"):
            name, eq, value = word.partition("=")
            param = options.get(name)
            if param is None:
                near = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
                hint = f"; did you mean {near[0]}?" if near else f" ({', '.join(options) or 'it takes no options'})"
                raise InvalidMove(f"`{notation.command}` has no option {name}{hint}")
            if param.flag:
                if eq:
                    raise InvalidMove(f"{name} takes no value")
                raw[param.name] = True
                continue
            if not eq:
                if not words:
                    raise InvalidMove(f"{name} needs a value")
                value = words.pop(0)
            if param.many:
                raw[param.name].append(value)
            else:
                raw[param.name] = value
            continue
        given.append(word)
    for param in positionals:
        if param.many:
            raw[param.name] = given
            given = []
        elif given:
            raw[param.name] = given.pop(0)
        if param.required and not raw[param.name]:
            raise InvalidMove(f"`{notation.command}` needs {param.metavar}: {notation.usage()}")
    if given:
        raise InvalidMove(f"`{notation.command}` does not take {' '.join(given)!r}: {notation.usage()}")
    return raw


def parse(state, text: str | list[str]) -> object:
    """The Move that `text` (a line, or its words) declares on `state`. InvalidMove / UnknownName / AmbiguousName
    when it cannot be read; a move the rules refuse is still returned (judging is `referee.engine.check`)."""
    words = split(text) if isinstance(text, str) else list(text)
    if words[:1] == ["referee"]:
        words = words[1:]
    notation, rest = find(words)
    return notation.build(state, **bind(notation, rest))
