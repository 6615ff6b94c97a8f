"""Table notation: the one place what the table types becomes a Move.

Each move's declaration (`@move` in referee/moves.py) writes its notation: its command words ("damage", "encounter
draw"), its arguments and options (`Param`), and its builder, which reads the raw words against the game's state
(forgiving names, strict numbers) and returns the Move. GRAMMAR gathers them, command words -> Notation; everything
that reads notation derives from it:

- `parse(state, "damage ivo 3")` -> `Damage(player="Ivo", amount=3)` (what `referee.Game.parse` calls);
- the command line, whose move commands are made from these entries (`referee.cli.moves`);
- completion in the interactive session and the shell: `values`, what each argument can name on the state (its
  Param's `names`: a Player, one of their cards, a Slot, an option of the card being resolved, ...).

Errors: InvalidMove for what cannot be read, UnknownName / AmbiguousName for names (referee.errors).
"""

from __future__ import annotations

import shlex

from referee.errors import InvalidMove
from referee.moves import DEATH_OUTCOMES, ENCOUNTER_CAUSES, NOTATIONS, PLAYER_STATES, STATUSES, card_text_fields
from referee.parsing import LOOT_KIND_ALIASES, Notation, Param, loot_kind, match_player, status_named
from referee.state import ARMOR_SLOTS

__all__ = ["Param", "Notation", "GRAMMAR", "ALIASES", "MAX_LINE", "parse", "split", "find", "bind", "command_of",
           "values", "loot_kind", "status_named", "card_text_fields"]

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


# --- what an argument can name now (completion) --------------------------------------------------------


def values(state, notation, param, given: dict, earlier: list[str] | tuple = ()) -> list[tuple[str, str]]:
    """(what to type, what it is) for every value `param` of `notation` can name on `state`. `given`: the raw
    values of the other parameters typed so far (by name); `earlier`: the words already given to this parameter
    when it takes many. A card is one of the last Player's named before it: the mover's own cards (held or
    being placed), or what can be taken from the target of a take."""
    kind = param.names
    if not kind or not _names_word_here(state, notation, param, given, earlier):
        return []
    if kind == "player":
        return _players(state, notation, param, given)
    if kind == "card":
        return _cards(state, notation, param, given)
    if kind == "slot":
        return _slots(state, notation, param, given)
    if kind == "option":
        return _encounter_options(state)
    if kind == "stat":
        from referee.core_concepts import stat_names

        return [(s.lower(), "Stat") for s in stat_names(state)] + [("perception", "Perception Check"),
                                                                     ("attack", "Attack Check")]
    fixed = {
        "status": list(STATUSES.items()),
        "resource": [(r, "") for r in param.choices or ("health", "kaos", "reroll")],
        "loot-type": [(k, "") for k in dict.fromkeys(LOOT_KIND_ALIASES.values())],
        "outcome": [(o, "Death Process outcome") for o in DEATH_OUTCOMES],
        "state": [(s, "Player state") for s in PLAYER_STATES],
        "cause": [(c, "what drew the card") for c in ENCOUNTER_CAUSES],
    }
    return fixed.get(kind, [])


def _names_word_here(state, notation, param, given, earlier) -> bool:
    """A parameter that takes many words names its first one, and again after each word it does not name
    (draw: TYPE NAME TYPE NAME; encounter draw: PLAYER CARD)."""
    if not param.many or param.option or not earlier:
        return True
    if len(earlier) < 2:
        return False
    named = {v.casefold() for v, _ in values(state, notation, param, given)}
    return earlier[-2].casefold() in named and earlier[-1].casefold() not in named


def _player_named(state, text) -> str | None:
    if not text or not isinstance(text, str):
        return None
    try:
        return match_player(text, state.settings.players)
    except InvalidMove:
        return None


def _named_before(notation, param, given) -> list[tuple[object, str]]:
    """(parameter, raw text) of the Players named before `param`, in the order of the notation."""
    out = []
    for other in notation.params:
        if other is param:
            break
        raw = given.get(other.name)
        if other.names == "player" and raw:
            out += [(other, r) for r in (raw if isinstance(raw, list) else [raw])]
    return out


def _players(state, notation, param, given) -> list[tuple[str, str]]:
    # the first Player of a move is anyone; another (a target, an opponent) is someone not named yet
    taken = set() if param is notation.params[0] else {_player_named(state, t) for _, t in _named_before(
        notation, param, given)}
    active = state.active_player.name
    out = []
    for p in state.players:
        if p.name not in taken:
            about = f"Health {p.health}, Kaos {p.kaos}" + (", Active Player" if p.name == active else "")
            out.append((p.name.lower(), about))
    return out


def _cards(state, notation, param, given) -> list[tuple[str, str]]:
    from referee.loot_and_inventory import locate, owned_cards, shown_names, takeable, where_text, windows

    named = _named_before(notation, param, given)
    owner = _player_named(state, named[-1][1]) if named else None
    if owner is None:
        return []
    if named[-1][0] is notation.params[0]:  # the mover's own cards, those being placed first
        placing = [c for _, w in windows(state, owner) for c in w.cards]
        names = placing + [c for c in owned_cards(state, owner) if c not in placing]
    else:  # another Player's, that a take can name
        names = takeable(state, owner)
    return [(shown, where_text(locate(state, name)).removeprefix("in ")) for shown, name in shown_names(names).items()]


def _slots(state, notation, param, given) -> list[tuple[str, str]]:
    from referee.loot_and_inventory import legal_slots, match_card, occupant, owned_cards, slot_label

    every = [f"armor-{n}" for n in range(1, ARMOR_SLOTS + 1)] + ["melee", "ranged"]
    named = _named_before(notation, param, given)
    owner = _player_named(state, named[0][1]) if named else None
    card = given.get("card")
    slots = every
    if owner is not None and isinstance(card, str) and card:
        try:
            slots = legal_slots(state.cards[match_card(state, card, owned_cards(state, owner))]) or every
        except (InvalidMove, KeyError):
            pass
    out = []
    for slot in slots:
        holder = occupant(state, owner, slot) if owner is not None else None
        out.append((slot, slot_label(slot) + (f" (now {holder})" if holder else "")))
    return out


def _encounter_options(state) -> list[tuple[str, str]]:
    """The current Random Encounter's options by number, then a word of each that names it alone."""
    import re

    from referee.random_encounters import current_card, option_label

    card = current_card(state)
    if card is None:
        return []
    labels = [option_label(o) for o in card["options"]]
    out = [(str(n), label) for n, label in enumerate(labels, 1)]
    for label in labels:
        for word in re.findall(r"[a-z]{3,}", label.casefold()):
            if sum(word in other.casefold() for other in labels) == 1:
                out.append((word, label))
                break
    return out
