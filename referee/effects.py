"""What a move changes in the game state, as records: one small frozen record per kind of change.

A judge works on a working copy of the state (`GameState.working_copy`); when its ruling is finished, `diff(before,
after)` reads what the move changed as these records (the ruling's `effects`). `transition` applies them: to the
state a legal move is played on, and again on replay, folding the game file's log (where each record is kept as its
JSON, `{"op": ...}`, the shape the game file has always had: `effects_from_json` reads every game ever written).

Every record sets an absolute value (a Player's field, a field of the game, a loot place, a card of the catalogue)
or changes the pending stack from its top, so a log replays the same whatever the order the judges wrote in.
"""

from __future__ import annotations

from typing import ClassVar

from referee.records import Record, decode, encode, fields
from referee.state import GameState, Procedure

__all__ = ["Effect", "PlayerField", "GameField", "Push", "Pop", "ReplaceTop", "ClearStack", "SetStack", "LootPlace",
           "CardEntry", "diff", "transition", "effects_to_json", "effects_from_json", "GAME_FIELDS"]

# The fields of GameState a move sets as a whole (GameField); the others have records of their own.
GAME_FIELDS = ("turn", "active", "turn_kind", "actions_spent", "actions_taken", "ended", "winner", "rerolls_out",
               "last_check", "encounters", "deaths")


def _tupled(value):
    return tuple(value) if isinstance(value, list) else value


def _copied(value):
    """A loot place's or a card's value with lists and dicts of its own (a record never shares them with a state)."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value


class Effect(Record, frozen=True):
    """One change a move makes; `op` names its kind in the game file (a record: referee.records)."""

    op: ClassVar[str] = "effect"
    tagged_by: ClassVar[str] = "op"

    @classmethod
    def of_kind(cls, op: str) -> type:
        if op not in RECORDS:  # a log written by a newer referee
            raise ValueError(f"unknown effect {op!r}")
        return RECORDS[op]

    def apply(self, state: GameState) -> None:
        raise NotImplementedError


class PlayerField(Effect):
    """A Player's field (health, kaos, rerolls, statuses, state) set to a value."""

    op: ClassVar[str] = "player"
    name: str
    field: str
    value: object

    def apply(self, state: GameState) -> None:
        setattr(state.player(self.name), self.field, _tupled(self.value))


class GameField(Effect):
    """A field of the game (GAME_FIELDS) set to a value."""

    op: ClassVar[str] = "game"
    field: str
    value: object

    def apply(self, state: GameState) -> None:
        setattr(state, self.field, _tupled(self.value))


class Push(Effect):
    """A procedure put on top of the pending stack."""

    op: ClassVar[str] = "push"
    proc: Procedure

    def apply(self, state: GameState) -> None:
        state.stack.append(self.proc)


class Pop(Effect):
    """The procedure on top of the pending stack taken off."""

    op: ClassVar[str] = "pop"

    def apply(self, state: GameState) -> None:
        state.stack.pop()


class ReplaceTop(Effect):
    """The procedure on top of the pending stack, as it is now (a step further)."""

    op: ClassVar[str] = "top"
    proc: Procedure

    def apply(self, state: GameState) -> None:
        state.stack[-1] = self.proc


class ClearStack(Effect):
    """Every procedure of the pending stack ended (the game ended)."""

    op: ClassVar[str] = "clear"

    def apply(self, state: GameState) -> None:
        state.stack.clear()


class SetStack(Effect):
    """The whole pending stack (a game file's older record: a procedure that left from below the top)."""

    op: ClassVar[str] = "stack"
    procs: tuple[Procedure, ...]

    def apply(self, state: GameState) -> None:
        state.stack[:] = list(self.procs)


class LootPlace(Effect):
    """08: one place a Loot card can be (GameState.loot's key), as it is now."""

    op: ClassVar[str] = "loot"
    key: str
    value: object

    def apply(self, state: GameState) -> None:
        state.loot[self.key] = _copied(list(self.value) if isinstance(self.value, tuple) else self.value)


class CardEntry(Effect):
    """08: one card of the game's catalogue (GameState.cards), as the table described it."""

    op: ClassVar[str] = "card"
    name: str
    value: object

    def apply(self, state: GameState) -> None:
        state.cards[self.name] = _copied(self.value)


RECORDS = {cls.op: cls for cls in (PlayerField, GameField, Push, Pop, ReplaceTop, ClearStack, SetStack, LootPlace,
                                   CardEntry)}


def _same(a, b) -> bool:
    return a is b or a == b


def diff(before: GameState, after: GameState) -> list:
    """What a move changed: the records that make `before` into `after` (its working copy). Players, then the
    game's fields, then the pending stack, the loot places and the card catalogue."""
    records: list = []
    names = [f.name for f in fields(before.players[0])] if before.players else []
    for old, new in zip(before.players, after.players):
        if old is new:
            continue
        for name in names:
            value = getattr(new, name)
            if not _same(getattr(old, name), value):
                records.append(PlayerField(new.name, name, value))
    for name in GAME_FIELDS:
        value = getattr(after, name)
        if not _same(getattr(before, name), value):
            records.append(GameField(name, value))
    records += _stack_diff(before.stack, after.stack)
    if after.loot is not before.loot:
        old_loot = before.loot
        records += [LootPlace(key, value) for key, value in after.loot.items()
                    if key not in old_loot or not _same(old_loot[key], value)]
    if after.cards is not before.cards:
        old_cards = before.cards
        records += [CardEntry(name, value) for name, value in after.cards.items()
                    if name not in old_cards or not _same(old_cards[name], value)]
    return records


def _stack_diff(before: list, after: list) -> list:
    kept = 0
    for old, new in zip(before, after):
        if not _same(old, new):
            break
        kept += 1
    gone, new = len(before) - kept, after[kept:]
    if not gone and not new:
        return []
    if gone and not after:
        return [ClearStack()]
    if gone == 1 and len(new) == 1:
        return [ReplaceTop(new[0])]
    return [Pop()] * gone + [Push(p) for p in new]


def transition(state: GameState, effects) -> GameState:
    """Apply a ruling's effects (records) to `state` in place. Trusted: the engine has checked them."""
    for effect in effects:
        effect.apply(state)
    return state


def effects_to_json(effects) -> list[dict]:
    """The records as the game file keeps them: `{"op": ..., field: value, ...}`."""
    return encode(list(effects))


def effects_from_json(data) -> list:
    """The records of a game file's log (any referee's: the JSON shape has not changed). ValueError for a record
    this referee does not know (a log written by a newer referee)."""
    return [decode(Effect, effect) for effect in data]
