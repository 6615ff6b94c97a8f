"""Every legal next move, python-chess style: candidates read from the state, kept when the engine accepts them.

Candidates come from what is on the table: the Players, the cards each holds or is placing, the Slots, the
procedure on top of the pending stack (the Check being rolled, the Random Encounter's options, the die a Penalty
waits for). Each is judged by `referee.engine.check`, so a move is listed only when the rules accept it now.

Two kinds of value the table chooses are not spelled out one by one:
- amounts (damage N, kaos N, a die's result, a Target Number): one LegalMove with the `range` of legal values;
- words only the table knows (a new card's name, what a Turn Action is called, a reason): `free` fields, shown
  with a placeholder (NAME, ACTION) in the representative move.
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.errors import InvalidMove

__all__ = ["LegalMove", "Finder", "legal_moves", "owns", "candidates", "with_fixes", "typed_in", "legal_command", "group_of", "typed",
           "cost_of", "GROUPS", "GROUP_TITLES"]

class LegalMove:
    """A legal move, or a family of them: `move` is legal as it is; every value of `ranges[field]` may replace that
    field (for a tuple of dice, each die); `free` fields take whatever the table says."""

    __slots__ = ("move", "ranges", "free")

    def __init__(self, move, ranges: dict[str, range] | None = None, free: frozenset[str] = frozenset()):
        self.move, self.ranges, self.free = move, dict(ranges or {}), frozenset(free)

    @property
    def type(self) -> str:
        return self.move.type

    @property
    def player(self) -> str | None:
        return getattr(self.move, "player", None)

    def matches(self, move) -> bool:
        """Whether `move` is one of the moves this entry stands for."""
        from referee.records import fields

        if type(move) is not type(self.move):
            return False
        for f in fields(move):
            mine, theirs = getattr(self.move, f.name), getattr(move, f.name)
            if f.name in self.free:
                continue
            if f.name in self.ranges:
                values = theirs if isinstance(theirs, tuple) else (theirs,)
                count = len(mine) if isinstance(mine, tuple) else 1
                if len(values) != count or not all(v in self.ranges[f.name] for v in values):
                    return False
            elif mine != theirs:
                return False
        return True

    def moves(self) -> Iterator:
        """Every concrete move of the family (ranges expanded; free fields as in `move`)."""
        from referee.records import replace
        from itertools import product

        if not self.ranges:
            yield self.move
            return
        names = list(self.ranges)
        pools = []
        for name in names:
            current = getattr(self.move, name)
            if isinstance(current, tuple):
                pools.append(list(product(self.ranges[name], repeat=len(current))))
            else:
                pools.append(list(self.ranges[name]))
        for values in product(*pools):
            yield replace(self.move, **dict(zip(names, values)))

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v.start}..{v.stop - 1}" for k, v in self.ranges.items())
        return f"LegalMove({self.move!r}{extra})"


def _new_name(taken, word: str) -> str:
    """A placeholder for a name only the table knows, not the name of a card already on the table."""
    name, n = word, 1
    while name in taken:
        n += 1
        name = f"{word} {n}"
    return name


def _legal(state, move) -> bool:
    from referee import engine

    try:
        _, verdict = engine.judge(state, move)
        return not verdict.violations and verdict.applicable  # check's legal, with effects to apply
    except (InvalidMove, ValueError):
        return False  # malformed for this state (e.g. a Stat no one has): not a move at all


def _amount_range(state, build, low: int, high: int) -> range | None:
    """The legal values of an amount as a range, when they run from `low` up (every rule bounding an amount bounds
    it from above: Kaos held, a die's sides); None when `low` itself is refused."""
    if not _legal(state, build(low)):
        return None
    if _legal(state, build(high)):
        return range(low, high + 1)
    good, bad = low, high
    while bad - good > 1:
        middle = (good + bad) // 2
        if _legal(state, build(middle)):
            good = middle
        else:
            bad = middle
    return range(low, good + 1)


def legal_moves(state, *, player: str | None = None) -> list[LegalMove]:
    """Every legal next move on `state`, in the order the table would think of them: the pending procedure's own
    moves first (see `owns`), then the Check's and the Random Encounter's, the turn's, loot and effects, the records
    last; each kind in the order declared (referee/moves.py). `player`: that Player's moves and the moves nobody in
    particular makes (resolve, end-turn)."""
    out = []
    for entry in candidates(state):
        if player is not None and entry.player not in (player, None):
            continue
        if entry.ranges:
            out.append(entry)  # candidates() kept only ranges whose values are legal
        elif _legal(state, entry.move):
            out.append(entry)
    top = state.top
    return sorted(out, key=lambda entry: (not owns(top, entry.move), _PART.get(type(entry.move).group, 1)))


_PART = {"now": 0, "encounter": 0, "records": 2}  # where a group's moves come in legal_moves (the others: 1)


# Effects the table reports while a procedure waits: accepted on top of it, not what carries it on.
_REPORTED = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death", "set-state"})


def owns(top, move) -> bool:
    """Whether `move` is the pending procedure `top`'s own: a move it accepts that carries it on, not an effect
    the table reports meanwhile. A Loot Management Window's own moves place its cards; a Death Process's, the
    outcome of that Player's Death."""
    if top is None or move.type not in top.accepts:
        return False
    if top.kind == "loot-window":
        return getattr(move, "player", None) == top.player and getattr(move, "card", None) in top.cards
    if top.kind == "death":
        return move.type == "death" and move.player == top.player
    return move.type not in _REPORTED


class Finder:
    """What a move's declared `candidates(state, find)` (referee/moves.py) are written with: `entry` (a LegalMove),
    `legal(move)`, `ranged(make, field, low, high, free)` (a LegalMove with the range of legal values of a field, or
    nothing when `low` itself is refused) and `new_name(taken, word)` (a placeholder for a name only the table knows)."""

    entry = LegalMove

    def __init__(self, state):
        self.state = state

    def legal(self, move) -> bool:
        return _legal(self.state, move)

    def ranged(self, make, field: str, low: int, high: int, free=frozenset()) -> Iterator[LegalMove]:
        found = _amount_range(self.state, make, low, high)
        if found is not None:
            yield LegalMove(make(low), {field: found}, free)

    @staticmethod
    def new_name(taken, word: str) -> str:
        return _new_name(taken, word)


def candidates(state) -> Iterator[LegalMove]:
    """Candidate moves read from the state, each move type's as its declaration gives them (in the order declared);
    ranged ones already narrowed to their legal values."""
    from referee.moves import MOVE_TYPES

    find = Finder(state)
    for cls in MOVE_TYPES.values():
        yield from cls.candidates(state, find)


def check_changers(state) -> list:
    """The legal moves by which a Player could still change the Check on top before it is resolved (01 FINAL_RESULT:
    its value "after all allowed rerolls, modifiers, and Kaos spending"), as the judges rule on them now: a rolled
    participant's reroll or Kaos, any Player's card whose use is accepted during the Check (one whose own text times
    it). The modifiers and effects the table reports are not asked: it may report one at any time (interpretation
    check-resolves-at-roll). [] when no Check is on top."""
    from referee import moves as M
    from referee.loot_and_inventory import owned_cards

    top = state.top
    if getattr(top, "kind", None) != "check":
        return []
    found = []
    for p in top.participants:
        if p.rolled:  # the d20 of a participant still to roll is not a change: the Check waits for it anyway
            found += [M.Reroll(player=p.name, dice=(1,) * len(p.dice)), M.SpendKaos(player=p.name, amount=1)]
    for name in state.settings.players:
        found += [M.UseLoot(player=name, card=card) for card in owned_cards(state, name)]
    return [move for move in found if _legal(state, move)]


# --- what the table reads: each legal move as the command to type, its group, its cost ----------------------

GROUPS = ("now", "turn", "loot", "encounter", "effects", "records")
GROUP_TITLES = {"now": "Now", "turn": "The turn", "loot": "Loot (08)", "encounter": "Random Encounters (10)",
                "effects": "Effects the table reports", "records": "Records"}


def group_of(state, entry: LegalMove) -> str:
    """Which part of the table's "what can I do now?" a move belongs to: the procedure waiting on the pending
    stack ("now") first, then the turn, loot, encounters, the effects the table reports, records."""
    if owns(state.top, entry.move):
        return "now"
    return type(entry.move).group  # as its declaration says


def typed(entry: LegalMove) -> str:
    """The move as the table types it, with N for an amount it chooses (its range after; -N for a range below 0,
    "-N  (1-99)" for -1 to -99) and a placeholder (NAME, ACTION, REASON) for the words only the table knows."""
    from referee.records import replace

    from referee.moves import describe

    def word(values: range) -> str:
        return "-N" if values.stop <= 0 else "N"

    def span(values: range) -> str:
        low, high = values.start, values.stop - 1
        return f"{-high}-{-low}" if high < 0 else f"{low}-{high}"

    shown = {name: tuple(word(r) for _ in getattr(entry.move, name)) if isinstance(getattr(entry.move, name), tuple)
             else word(r) for name, r in entry.ranges.items()}
    text = describe(replace(entry.move, **shown))
    spans = {span(r) for r in entry.ranges.values()}
    return f"{text}  ({', '.join(sorted(spans))})" if spans else text


def cost_of(state, entry: LegalMove) -> str:
    """What the move spends, where the rules make it cost something ("" when nothing)."""
    move = entry.move
    if entry.type == "action":
        if move.action in state.actions_taken:
            return "repeat: 1 Kaos and a Turn Action"
        return f"Turn Action {state.actions_spent + 1} of {state.settings.turn_actions}"
    if entry.type == "reroll":
        return f"1 Reroll Token (holds {state.player(move.player).rerolls})"
    if entry.type == "kaos":
        return f"1 Kaos each (holds {state.player(move.player).kaos})"
    if entry.type == "gear-swap":
        return "Free Action, once per Player Turn"
    return ""


# --- what would make a refused move legal, as moves --------------------------------------------------------------

MAX_FIXES = 8


def with_fixes(state, ruling, listed: list[LegalMove] | None = None):
    """`ruling` with each violation's fix_moves: legal moves that would do instead. First the very moves its fix
    types (`referee discard ann "Plot Armor (Bob)"`, each choice of `equip|store`), then moves of the kinds it names
    ("declare one first: `referee declare ...`"), then, for a procedure that must finish first, the moves that finish
    it, else a legal move of the same kind by the same Player (another slot, a smaller amount, the card that fits).
    A move whose amount a range allows comes with the range's first value. `listed`: legal_moves(state), if known."""
    from referee.records import replace

    if ruling.legal or not ruling.violations:
        return ruling
    listed = legal_moves(state) if listed is None else listed
    top = state.top
    move = ruling.move
    player = getattr(move, "player", None)

    def by(entry_types, who=player) -> list:
        return [e.move for e in listed if e.type in entry_types and e.player in (who, None) and e.move != move]

    finishing = [e.move for e in listed if top is not None and e.type in top.accepts]
    violations = []
    for violation in ruling.violations:
        named = named_types(violation.fix)
        moves = by(named) if named else []
        if not moves and violation.id.endswith("first"):
            moves = finishing
        moves = list(dict.fromkeys([*typed_in(state, violation.fix), *(moves or by({move.type}) or finishing)]))
        violations.append(replace(violation, fix_moves=tuple(moves[:MAX_FIXES])))
    return replace(ruling, violations=tuple(violations))


def legal_command(state, move) -> str:
    """`referee ...`, the command for `move`, when the judge accepts it now, else "": what a fix may name (every
    fix names a move the judge accepts at that moment)."""
    from referee.moves import describe

    return f"`referee {describe(move)}`" if _legal(state, move) else ""


def typed_in(state, text: str) -> list:
    """The legal moves a text types in full (`referee ...` in backticks; each choice of a word `a|b`); a command with
    a placeholder (PLAYER, N) or that is no move (`referee inventory`) types none."""
    import re
    from itertools import product

    from referee.notation import parse, split

    found = []
    for command in re.findall(r"`referee ([^`]*)`", text):
        try:
            words = split(command)
        except InvalidMove:
            continue
        for choice in product(*[w.split("|") if "|" in w and not w.startswith("-") else [w] for w in words]):
            try:
                move = parse(state, list(choice))
            except (InvalidMove, ValueError):
                continue
            if _legal(state, move):
                found.append(move)
    return found


def named_types(text: str) -> set[str]:
    """The move types of the commands a text names (`referee equip|store ...` in backticks: equip), by the command
    word (what is not a move stays as it is: inventory)."""
    import re

    return {_move_type_of(word) for word in re.findall(r"`referee ((?:encounter )?[a-z-]+)", text)}


def _move_type_of(command: str) -> str:
    """The move type a command word names (`pickpocket` is a take, `deck` a deck-size), as its declaration says."""
    from referee.moves import MOVE_TYPES

    return next((cls.type for cls in MOVE_TYPES.values() for n in cls.notations if n.command == command), command)
