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
from referee.state import (
    LOOT_TYPES, Card, Death, DiscardPile, GameState, LootDeck, PatronMat, Procedure,
)

__all__ = ["Effect", "PlayerField", "GameField", "Push", "Pop", "ReplaceTop", "ClearStack", "SetStack", "MatPlaces",
           "DeckCards", "PileCards", "BoxCards", "UnresolvedCards", "LootPlace", "CardEntry", "diff", "transition",
           "effects_to_json", "effects_from_json", "GAME_FIELDS"]

# The fields of GameState a move sets as a whole (GameField); the others have records of their own.
GAME_FIELDS = ("turn", "active", "turn_kind", "actions_spent", "actions_taken", "ended", "winner", "rerolls_out",
               "last_check", "encounters", "deaths")


def _tupled(value):
    return tuple(value) if isinstance(value, list) else value


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

    @classmethod
    def upgraded(cls, data: dict) -> dict:
        kind = RECORD_FIELDS.get(data.get("field"))
        return {**data, "value": decode(kind, data["value"])} if kind else data

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


class MatPlaces(Effect):
    """08 INVENTORY: a Player's Patron Mat, as it is now."""

    op: ClassVar[str] = "mat"
    mat: PatronMat

    def apply(self, state: GameState) -> None:
        state.change_mat(self.mat.player, **{f.name: getattr(self.mat, f.name) for f in fields(PatronMat)[1:]})


class DeckCards(Effect):
    """08 DRAWING_LOOT: a Loot Deck, as it is now."""

    op: ClassVar[str] = "deck"
    deck: LootDeck

    def apply(self, state: GameState) -> None:
        state.change_deck(self.deck.kind, unseen=self.deck.unseen, known=self.deck.known)


class PileCards(Effect):
    """08 DISCARDING_LOOT: a discard pile, as it is now."""

    op: ClassVar[str] = "pile"
    pile: DiscardPile

    def apply(self, state: GameState) -> None:
        state.change_pile(self.pile.kind, self.pile.cards)


class BoxCards(Effect):
    """08 PLOT_ARMOR: the game box, as it is now."""

    op: ClassVar[str] = "box"
    cards: tuple[str, ...]

    def apply(self, state: GameState) -> None:
        state.change_box(self.cards)


class UnresolvedCards(Effect):
    """08 LOOT_AND_DEATH_INTERRUPTION: the window cards left unresolved when the game ended."""

    op: ClassVar[str] = "unresolved"
    cards: tuple[str, ...]

    def apply(self, state: GameState) -> None:
        state.change_unresolved(self.cards)


class LootPlace(Effect):
    """08: one loot place as the game files of referees before the typed places logged it, under a string key
    ("Mara/armor", "deck/armor", "discard/weapon", "swaps/Mara", "box", "unresolved"). Read, never written: the
    key "deck/armor" named both the Armor Deck and the Armor Slots of a Player called deck; it is read as the deck
    (and "discard/KIND" as the pile, "swaps/NAME" as a Gear Swap), as those games read it."""

    op: ClassVar[str] = "loot"
    key: str
    value: object

    def apply(self, state: GameState) -> None:
        key, value = self.key, self.value
        head, _, place = key.rpartition("/")
        if key == "box":
            state.change_box(value)
        elif key == "unresolved":
            state.change_unresolved(value or ())
        elif head == "deck" and place in LOOT_TYPES:
            state.change_deck(place, unseen=value["unseen"], known=tuple(value["known"]))
        elif head == "discard" and place in LOOT_TYPES:
            state.change_pile(place, value)
        elif head == "swaps" and isinstance(value, int) and not isinstance(value, bool):
            state.change_mat(place, last_gear_swap=value)
        elif place in ("armor", "backpack", "dropped", "set-aside"):
            state.change_mat(head, **{place.replace("-", "_"): tuple(value or ())})
        elif place in ("melee", "ranged"):
            state.change_mat(head, **{place: value})
        elif place == "armor-equipped":
            state.change_mat(head, armor_equipped=bool(value))
        else:
            raise ValueError(f"unknown loot place {key!r}")


class CardEntry(Effect):
    """08 LOOT: one card of the game's catalogue (GameState.cards), as the table described it."""

    op: ClassVar[str] = "card"
    name: str
    value: Card

    def apply(self, state: GameState) -> None:
        state.cards[self.name] = self.value


RECORD_FIELDS = {"deaths": tuple[Death, ...]}  # GameField values that are records: the game file keeps their JSON

RECORDS = {cls.op: cls for cls in (PlayerField, GameField, Push, Pop, ReplaceTop, ClearStack, SetStack, MatPlaces,
                                   DeckCards, PileCards, BoxCards, UnresolvedCards, LootPlace, CardEntry)}


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
        records += _loot_diff(before.loot, after.loot)
    if after.cards is not before.cards:
        old_cards = before.cards
        records += [CardEntry(name, value) for name, value in after.cards.items()
                    if name not in old_cards or not _same(old_cards[name], value)]
    return records


def _loot_diff(before, after) -> list:
    records: list = []
    for kind, places in ((MatPlaces, "mats"), (DeckCards, "decks"), (PileCards, "piles")):
        records += [kind(new) for old, new in zip(getattr(before, places), getattr(after, places)) if old is not new]
    if not _same(before.box, after.box):
        records.append(BoxCards(after.box))
    if not _same(before.unresolved, after.unresolved):
        records.append(UnresolvedCards(after.unresolved))
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
