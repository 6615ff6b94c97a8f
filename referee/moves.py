"""Moves the table declares: small frozen values, parsed by the CLI, judged by the engine."""

from __future__ import annotations

from dataclasses import asdict, fields

from referee.deferred import deferred, ready
from referee.parsing import typed_line
from referee.state import PlayerState

__all__ = [
    "Move", "TurnAction", "DeclareCheck", "RollDice", "Reroll", "SpendKaos", "CheckModifier", "ResolveCheck",
    "Damage", "Heal", "Gain", "Lose", "GainStatus", "RemoveStatus", "ReportDeath", "SetState",
    "EndTurn", "MOVE_TYPES", "move_to_json", "move_from_json", "describe",
    "STATUSES", "STATUS_ALIASES", "LOOT_KIND_ALIASES", "BOOKKEEPING_MOVES", "CHECK_MOVES", "REPORTED_EFFECTS", "PLAYER_STATES", "DEATH_OUTCOMES",
    "CardText", "DescribeCard", "DrawLoot", "Equip", "Store", "DiscardLoot", "UseLoot", "GearSwap", "TakeLoot",
    "DeckSize", "DropWeapon", "RecoverWeapon",
    "EncounterDraw", "EncounterChoose", "EncounterRoll", "EncounterDiscard", "EncounterContinue", "EncounterDeck",
    "ENCOUNTER_CAUSES",
]

STATUSES = {"goblin": "Goblin Balls On Ya", "haunted": "Dungeon Haunted"}
# What the table may type for a status or a Loot type ({spelling: canonical value}).
STATUS_ALIASES = {"goblin": "goblin", "goblin balls on ya": "goblin", "gboy": "goblin",
                  "haunted": "haunted", "dungeon haunted": "haunted"}
LOOT_KIND_ALIASES = {"armor": "armor", "armour": "armor", "weapon": "weapon", "weapons": "weapon",
                     "common": "common", "common magic": "common", "common-magic": "common",
                     "rare": "rare", "rare magic": "rare", "rare-magic": "rare"}
PLAYER_STATES = tuple(PlayerState)  # surviving, fallen, zombie, removed
DEATH_OUTCOMES = (PlayerState.REMOVED, PlayerState.FALLEN, PlayerState.ZOMBIE, PlayerState.SURVIVING)
# Moves that keep records (a card described, a deck counted, a Weapon dropped) rather than play:
# allowed whatever procedure is pending.
BOOKKEEPING_MOVES = frozenset({"card", "deck-size", "encounter-deck", "drop", "recover"})
# The moves of a Check being rolled (01 CHECKS), and the effects a table may report during one.
CHECK_MOVES = frozenset({"roll", "reroll", "kaos", "modifier", "resolve"})
# Effects the table reports a card or rule had (what interpretation check-finishes-first may let in during a Check).
REPORTED_EFFECTS = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status"})


class Move:
    """Base of every move; `type` is its name in the game log and in JSON. Each move is a frozen,
    keyword-only dataclass, made one when first used (referee.deferred): a command builds one kind."""

    type = "move"


def _move(type_name: str):
    def wrap(cls):
        cls = deferred(frozen=True, kw_only=True)(cls)
        cls.type = type_name
        MOVE_TYPES[type_name] = cls
        return cls

    return wrap


MOVE_TYPES: dict[str, type] = {}


@_move("action")
class TurnAction(Move):
    player: str
    action: str  # what the table calls it ("Open Chest"); 05_ACTIONS is not loaded


@_move("declare")
class DeclareCheck(Move):
    player: str
    # stat | perception | attack; "" lets the engine read it from `stat` (the word the table typed: a Stat,
    # "perception" or "attack"). "contested" (older logs) is a Contested Stat Check. Naming opponents makes
    # any kind a Contested Check.
    kind: str = ""
    stat: str = ""  # the Stat of a Stat Check, or the word the table typed
    tn: int | None = None  # Target Number; none for a Contested Check
    opponents: tuple[str, ...] = ()
    bonus: int = 0  # other applicable modifiers the table reports (card text, loot)


def _dice_typed(move) -> str:
    """A roll or reroll as typed: `--hold` only when it did not resolve the Check at once."""
    return typed_line(move.type, [move.player, *move.dice],
                      ([("--virtual", None)] if move.virtual else []) + ([] if move.auto_resolve else [("--hold", None)]))


@_move("roll")
class RollDice(Move):
    player: str
    dice: tuple[int, ...]
    virtual: bool = False
    auto_resolve: bool = False  # resolve the Check at once when nothing else can change it (`roll` does, unless --hold)

    def as_typed(self) -> str:
        return _dice_typed(self)


@_move("reroll")
class Reroll(Move):
    player: str
    dice: tuple[int, ...]
    virtual: bool = False
    auto_resolve: bool = False  # resolve the Check at once when nothing else can change it (`reroll` does)

    def as_typed(self) -> str:
        return _dice_typed(self)


@_move("kaos")
class SpendKaos(Move):
    player: str
    amount: int


@_move("modifier")
class CheckModifier(Move):
    """An other applicable modifier (01 FINAL_RESULT) the table reports during a Check: card text, an effect."""

    player: str
    amount: int  # signed, not 0
    because: str  # what gives it, in the table's words

    def as_typed(self) -> str:
        amount = f"{self.amount:+d}" if isinstance(self.amount, int) else self.amount  # "N" in a list of options
        return typed_line("modifier", [self.player, amount], [("--because", self.because)])


@_move("resolve")
class ResolveCheck(Move):
    pass


@_move("damage")
class Damage(Move):
    player: str
    amount: int
    source: str = ""


@_move("heal")
class Heal(Move):
    player: str
    amount: int


@_move("gain")
class Gain(Move):
    player: str
    amount: int
    resource: str  # health | kaos | reroll


@_move("lose")
class Lose(Move):
    player: str
    amount: int
    resource: str  # kaos | reroll


@_move("gain-status")
class GainStatus(Move):
    player: str
    status: str  # goblin | haunted


@_move("remove-status")
class RemoveStatus(Move):
    player: str
    status: str


@_move("death")
class ReportDeath(Move):
    player: str
    outcome: str  # removed | fallen | zombie | surviving: what the table's Death Process decided


@_move("set-state")
class SetState(Move):
    player: str
    state: str


@_move("end-turn")
class EndTurn(Move):
    cube_room: bool = False  # the table reports the Active Player's Portrait is in a Cube Room
    complete: bool = False  # nothing to record in the Cube Room check or Dungeon Bomb Step: finish the turn

    def as_typed(self) -> str:  # `end-turn` completes; waiting to record is --bomb or --cube-room
        if self.cube_room:
            return "end-turn --cube-room" + (" --complete" if self.complete else "")
        return "end-turn" if self.complete else "end-turn --bomb"


# --- 08 loot (08_LOOT_AND_INVENTORY) ---------------------------------------------------------------

@deferred(frozen=True, kw_only=True)
class CardText:
    """What a card says that the rules care about (card contents are not in the rules: the table says)."""

    weapon: str = ""  # melee | ranged
    slots: tuple[int, ...] = ()  # the Armor Slots (1-5) a required-slot restriction allows
    armor_type: str = ""
    defense: int | None = None  # Defense while Equipped
    stats: tuple[str, ...] = ()  # "Brawn +1"
    consumable: bool = False
    anytime: bool = False  # the card gives its own timing, which allows use now
    backpack: bool = False  # provides its effects (and Stat bonuses) from the Backpack
    backpack_defense: int | None = None  # Defense granted from the Backpack
    equip_as: str = ""  # Magic only: armor | melee | ranged, when the card says how it is Equipped

    def card_options(self) -> list[tuple[str, object]]:
        """The card's text as the options that type it: (option, value), value None for a flag."""
        parts: list[tuple[str, object]] = []
        if self.weapon:
            parts.append((f"--{self.weapon}", None))
        parts += [("--slot", n) for n in self.slots]
        if self.armor_type:
            parts.append(("--armor-type", self.armor_type))
        if self.defense is not None:
            parts.append(("--defense", self.defense))
        parts += [("--stat", x) for x in self.stats]
        for flag in ("consumable", "anytime", "backpack"):
            if getattr(self, flag):
                parts.append((f"--{flag}", None))
        if self.backpack_defense is not None:
            parts.append(("--backpack-defense", self.backpack_defense))
        if self.equip_as:
            parts.append(("--equip-as", self.equip_as))
        return parts


@_move("card")
class DescribeCard(CardText, Move):
    name: str
    kind: str  # armor | weapon | common | rare

    def as_typed(self) -> str:
        return typed_line("card", [self.name, self.kind], self.card_options())


@_move("draw")
class DrawLoot(CardText, Move):
    player: str
    kinds: tuple[str, ...]  # one per card, in the order listed
    names: tuple[str, ...]

    def as_typed(self) -> str:
        pairs = [word for pair in zip(self.kinds, self.names) for word in pair]
        return typed_line("draw", [self.player, *pairs], self.card_options())


@_move("equip")
class Equip(Move):
    player: str
    card: str
    slot: str = ""  # armor-1..armor-5 | melee | ranged; "" lets the referee choose the legal one

    def as_typed(self) -> str:
        return typed_line("equip", [self.player, self.card] + ([self.slot] if self.slot else []))


@_move("store")
class Store(Move):
    player: str
    card: str
    slot: int | None = None  # Backpack Slot number; None: the first empty one

    def as_typed(self) -> str:
        return typed_line("store", [self.player, self.card], [("--slot", self.slot)] if self.slot else [])


@_move("discard")
class DiscardLoot(Move):
    player: str
    card: str
    required: str = ""  # the rule or effect that requires this discard (no timing check); "" = voluntary

    def as_typed(self) -> str:
        return typed_line("discard", [self.player, self.card], [("--required", self.required)] if self.required else [])


@_move("use")
class UseLoot(Move):
    player: str
    card: str
    effect: str = ""  # what the card did, as the table reports it

    def as_typed(self) -> str:
        return typed_line("use", [self.player, self.card], [("--effect", self.effect)] if self.effect else [])


@_move("gear-swap")
class GearSwap(Move):
    player: str
    card: str
    other: str = ""  # the card to exchange with
    slot: str = ""  # where a Stored card goes (melee | ranged | armor-N)
    discard: str = ""  # a card left without a legal Slot, discarded at once

    def as_typed(self) -> str:
        options = ([("--slot", self.slot)] if self.slot else []) + ([("--discard", self.discard)] if self.discard else [])
        return typed_line("gear-swap", [self.player, self.card] + ([self.other] if self.other else []), options)


@_move("take")
class TakeLoot(Move):
    player: str  # the taking Player
    source: str  # the Player the card is taken from
    card: str
    how: str = "take"  # take | pickpocket | opportunity

    def as_typed(self) -> str:
        verb = "pickpocket" if self.how == "pickpocket" else "take"
        extra = [("--opportunity", None)] if self.how == "opportunity" else []
        return typed_line(verb, [self.player, self.source, self.card], extra)


@_move("deck-size")
class DeckSize(Move):
    kind: str
    size: int

    def as_typed(self) -> str:
        return typed_line("deck", [self.kind, self.size])


@_move("drop")
class DropWeapon(Move):
    """The table reports an Equipped Weapon Dropped (06_COMBAT_ENCOUNTER decides when)."""

    player: str
    card: str

    def as_typed(self) -> str:
        return typed_line("drop", [self.player, self.card])


@_move("recover")
class RecoverWeapon(Move):
    """The table reports a Dropped Weapon recovered or restored (06_COMBAT_ENCOUNTER decides when)."""

    player: str
    card: str

    def as_typed(self) -> str:
        return typed_line("recover", [self.player, self.card])


# --- end 08 loot -------------------------------------------------------------------------------------


# --- 10 random encounters (10_RANDOM_ENCOUNTERS) ---------------------------------------------------

ENCOUNTER_CAUSES = ("move", "flee", "bomb", "other")

@_move("encounter-draw")
class EncounterDraw(Move):
    """Draw and reveal the top Random Encounter card; the table describes it the first time it is seen."""

    card: str
    cause: str  # move | flee | bomb | other
    player: str | None = None  # the Encountering Player; None: the rules identify them (a Dungeon Bomb)
    because: str = ""  # what drew it, in the table's words
    checks: tuple[str, ...] = ()  # Check Completion Options as typed: "brawn 12 easier reward"
    pays: tuple[str, ...] = ()  # Non-Check Completion Options as typed: "kaos 2", "discard 1 reward"
    penalty: tuple[str, ...] = ()  # Penalty instructions in printed order: "damage d6", "kaos 3"
    no_penalty: bool = False  # the card specifically states it has no Penalty

    def as_typed(self) -> str:
        options = [("--by", self.cause)] + ([("--because", self.because)] if self.because else [])
        options += [("--check", x) for x in self.checks] + [("--pay", x) for x in self.pays]
        options += [("--penalty", x) for x in self.penalty] + ([("--no-penalty", None)] if self.no_penalty else [])
        return typed_line("encounter draw", ([self.player] if self.player else []) + [self.card], options)


@_move("encounter-choose")
class EncounterChoose(Move):
    player: str
    option: int  # 1-based, in the order the card was described (Check Options first)
    discard: tuple[str, ...] = ()  # Loot to discard for a discard option

    def as_typed(self) -> str:
        return typed_line("encounter choose", [self.player, self.option], [("--discard", c) for c in self.discard])


@_move("encounter-roll")
class EncounterRoll(Move):
    """The damage die of a Penalty, rolled by the Player to the damaged Player's left (01 DAMAGE)."""

    player: str
    value: int
    virtual: bool = False

    def as_typed(self) -> str:
        # a virtual roll is shown with its value, marked: it cannot be typed again as it was (--virtual rolls anew)
        return typed_line("encounter roll", [self.player, self.value]) + (" (virtual)" if self.virtual else "")


@_move("encounter-discard")
class EncounterDiscard(Move):
    """Loot discarded for a Penalty's Loot discard, or for the discard option chosen without naming it."""

    player: str
    card: str

    def as_typed(self) -> str:
        return typed_line("encounter discard", [self.player, self.card])


@_move("encounter-continue")
class EncounterContinue(Move):
    """Go on with the Random Encounter: decline the optional Event Reward, or the Combat Encounter is over."""

    def as_typed(self) -> str:
        return "encounter continue"


@_move("encounter-deck")
class EncounterDeck(Move):
    """The table reports how many cards the Random Encounter Deck holds (03_SETUP builds it; not loaded)."""

    size: int

    def as_typed(self) -> str:
        return f"encounter deck {self.size}"


# --- end 10 random encounters ----------------------------------------------------------------------


def move_to_json(move: Move) -> dict:
    data = {"type": move.type}
    for key, value in asdict(move).items():
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


def move_from_json(data: dict) -> Move:
    data = dict(data)
    cls = MOVE_TYPES[data.pop("type")]
    names = {f.name for f in fields(ready(cls))}
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in names}
    return cls(**kwargs)


def describe(move: Move) -> str:
    """The move as the table would type it (for history and messages): `notation.parse` reads it back as the same
    move (tests/test_notation_round_trip.py), but for a virtual roll, which --virtual would roll anew."""
    if hasattr(move, "as_typed"):  # a move that knows its own notation
        return move.as_typed()
    if isinstance(move, DeclareCheck):
        options = ([("--tn", move.tn)] if move.tn is not None else []) + [("--vs", o) for o in move.opponents]
        options += [("--bonus", f"{move.bonus:+d}")] if move.bonus else []
        return typed_line(move.type, [move.player, move.stat.lower() if move.stat else move.kind], options)
    words, options = [], []
    for f in fields(move):
        value = getattr(move, f.name)
        if value in (None, "", (), False):
            continue
        if f.name in ("player", "kind", "resource", "status", "outcome", "state", "amount", "action"):
            words.append(value)
        elif isinstance(value, bool):
            options.append((f"--{f.name.replace('_', '-')}", None))
        else:
            options.append((f"--{f.name}", value))
    return typed_line(move.type, words, options)
