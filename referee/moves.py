"""Moves the table declares, each declared once: small frozen values, parsed by the CLI, judged by the engine.

One `@move(...)` declaration per move type gives everything the referee knows of it:

    @move("drop", "A Weapon is Dropped (table-reported; ...).", (PLAYER, CARD),
          judge=f"{_LOOT}.dropped_weapons:judge_drop", owner=("host", "a Weapon dropped by ..."), group="loot")
    class DropWeapon(Move):
        player: str
        card: str

        @staticmethod
        def build(state, *, player, card): ...   # how its words are read (default: each argument's `read`)

        @staticmethod
        def candidates(state, find): ...         # its legal_moves candidates (find: referee.legal_moves.Finder)

- the class (a frozen record, referee.records) and its `type`, the name in the game log and in JSON;
- its notation (`referee.notation.GRAMMAR`): command words, help, arguments and options, and its builder, which
  reads the raw words against the state (forgiving names, strict numbers); the CLI command and its completion are
  made from it (`referee.cli.moves`, `referee.cli.completion`);
- its typed form, `describe(move)`: written back from the same arguments and options, every word quoted
  (`parse(describe(m)) == m`, tests/test_notation_round_trip.py), or its own `as_typed` where it is typed otherwise;
- its judge, by "module:name" in the rule module of its document (imported when a move of the type is judged);
- who may declare it from a phone (`owner`), its group in `referee options`, its `legal_moves` candidates;
- the package's export (`referee.Equip`).

The judge is the only other thing a new move needs. What a declaration needs of a rule module that imports this one
(01's Stats, how many d20s) it names by "module:name" too, as its judge.
"""

from __future__ import annotations

from typing import ClassVar

from referee.errors import InvalidMove
from referee.parsing import (
    LOOT_KIND_ALIASES, STATUS_ALIASES, Notation, Param, loot_kind, match_alias, match_choice, parse_dice, parse_int,
    read_amount, read_player, read_text, status_named, typed_line, virtual_dice,
)
from referee.records import Record, decode, encode
from referee.state import PlayerState

__all__ = [
    "Move", "move", "MOVE_TYPES", "NOTATIONS", "move_to_json", "move_from_json", "describe",
    "STATUSES", "STATUS_ALIASES", "LOOT_KIND_ALIASES", "BOOKKEEPING_MOVES", "CHECK_MOVES", "REPORTED_EFFECTS",
    "PLAYER_STATES", "DEATH_OUTCOMES", "ENCOUNTER_CAUSES", "CardText", "card_text_fields",
    "PLAYER", "AMOUNT", "CARD", "STATUS",
]  # and every move class, added by its declaration

STATUSES = {"goblin": "Goblin Balls On Ya", "haunted": "Dungeon Haunted"}
PLAYER_STATES = tuple(PlayerState)  # surviving, fallen, zombie, removed
DEATH_OUTCOMES = (PlayerState.REMOVED, PlayerState.FALLEN, PlayerState.ZOMBIE, PlayerState.SURVIVING)
# Moves that keep records (a card described, a deck counted, a Weapon dropped) rather than play:
# allowed whatever procedure is pending.
BOOKKEEPING_MOVES = frozenset({"card", "deck-size", "encounter-deck", "drop", "recover"})
# The moves of a Check being rolled (01 CHECKS), and the effects a table may report during one.
CHECK_MOVES = frozenset({"roll", "reroll", "kaos", "modifier", "resolve"})
# Effects the table reports a card or rule had (what interpretation check-finishes-first may let in during a Check).
REPORTED_EFFECTS = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status"})
ENCOUNTER_CAUSES = ("move", "flee", "bomb", "other")

_CORE, _STRUCTURE = "referee.core_concepts", "referee.game_structure"
_LOOT, _ENCOUNTERS = "referee.loot_and_inventory", "referee.random_encounters"


class Move(Record, frozen=True):
    """Base of every move; `type` is its name in the game log and in JSON. Each move is a frozen record
    (referee.records): `encode(move)` is its JSON, `decode(Move, data)` reads it back by its `type`.

    What its declaration (`@move`) gives the class: `type`, `notations` (the first is how it is typed back),
    `judge` ("module:name"), `owner` (("player" | "host", what it is)), `group` (its part of `referee options`)."""

    type: ClassVar[str] = "move"
    tagged_by: ClassVar[str] = "type"
    notations: ClassVar[tuple] = ()
    judge: ClassVar[str] = ""
    owner: ClassVar[tuple[str, str]] = ("host", "")
    group: ClassVar[str] = "now"

    @classmethod
    def of_kind(cls, tag: str) -> type:
        return MOVE_TYPES[tag]

    def as_typed(self) -> str:
        """The move as the table types it: its notation's arguments and options, from the fields they give."""
        notation = self.notations[0]
        words, options = [], []
        for param in notation.params:
            if param.field is None:
                continue
            value = getattr(self, param.field)
            values = list(value) if isinstance(value, tuple) else [] if value is None or value == "" else [value]
            if not param.option:
                words += values
            elif param.flag:
                options += [(param.option[0], None)] if value else []
            else:
                options += [(param.option[0], v) for v in values]
        return typed_line(notation.command, words, options)

    @staticmethod
    def candidates(state, find):
        """Its candidate moves on `state` for legal_moves (`find`: legal_moves' helpers); none by default."""
        return ()


MOVE_TYPES: dict[str, type] = {}
NOTATIONS: list[Notation] = []  # every command, in the order declared (referee.notation.GRAMMAR)


def move(type_name: str, help: str = "", params: tuple = (), *, judge: str, owner: tuple[str, str],
         group: str = "now", command: str | None = None, build=None, also: tuple = ()):
    """Declare a move type (see the module's docstring). `command`: its command words (default: its type);
    `build`: a function (state, **raw) -> the move, or "module:name" (default: the class's own `build`, else each
    argument's `read`); `also`: more commands for the same type, as Notation(command, help, params, build)."""

    def declare(cls):
        cls.type, cls.judge, cls.owner, cls.group = type_name, judge, owner, group
        main = Notation(command or type_name, help, params, _builder(cls, build or vars(cls).get("build")))
        others = tuple(Notation(n.command, n.help, n.params, _builder(cls, n.build)) for n in also)
        cls.notations = (main, *others)
        MOVE_TYPES[type_name] = cls
        NOTATIONS.extend([*others, main])  # its other commands listed first (`pickpocket`, then `take`)
        __all__.append(cls.__name__)
        return cls

    return declare


def _builder(cls, build):
    if isinstance(build, staticmethod):
        build = build.__func__
    if isinstance(build, str):
        where = build

        def build(state, **raw):
            return _rules(where)(state, **raw)
    if build is not None:
        return build

    def from_fields(state, **raw):
        params = {p.name: p for n in cls.notations for p in n.params}
        return cls(**{params[name].field: (params[name].read(state, value) if params[name].read else value)
                      for name, value in raw.items() if params[name].field is not None})

    return from_fields


def _rules(where: str):
    """A rule module's function by "module:name" (that module imports this one: it is named, as a judge is)."""
    from referee.registry import resolve

    return resolve(where)


def describe(move: Move) -> str:
    """The move as the table would type it (for history and messages): `notation.parse` reads it back as the same
    move (tests/test_notation_round_trip.py), but for a virtual roll, which --virtual would roll anew."""
    return move.as_typed()


def move_to_json(move: Move) -> dict:
    return encode(move)


def move_from_json(data: dict) -> Move:
    return decode(Move, data)


# --- the words of a move, read against the state -------------------------------------------------------------

PLAYER = Param("player", "A Player: any case, a unique prefix is enough.", names="player", read=read_player)
AMOUNT = Param("amount", "A whole number, 1 or more.", metavar="N", read=read_amount)
CARD = Param("card", "A card: any case, a unique prefix or a word of its name is enough.", names="card")
STATUS = Param("status", "goblin (Goblin Balls On Ya) or haunted.", names="status",
               read=lambda state, text: status_named(text))
DICE = Param("dice", "The d20 result(s) rolled.", many=True, metavar="[D20]")
VIRTUAL = Param("virtual", "Roll virtual dice (no dice at the table).", option=("--virtual", "--roll"), flag=True)
SEED = Param("seed", "Seed for --virtual (default: $REFEREE_SEED).", option=("--seed",), field=None)
HOLD = Param("hold", "Keep the Check open even when no Player can still change it (a modifier to report).",
             option=("--hold",), flag=True, field=None)
CARD_TEXT = (
    Param("melee", "A Melee Weapon.", option=("--melee",), flag=True),
    Param("ranged", "A Ranged Weapon.", option=("--ranged",), flag=True),
    Param("slot", "Armor: the Armor Slot (1-5) the card requires.", option=("--slot",), many=True),
    Param("armor_type", "Armor Type printed on the card.", option=("--armor-type",), default=""),
    Param("defense", "Defense while Equipped.", option=("--defense",)),
    Param("stat", 'A Stat bonus: "Brawn +1" (repeatable).', option=("--stat",), many=True),
    Param("consumable", "Used once, then discarded.", option=("--consumable",), flag=True),
    Param("anytime", "The card gives its own timing for use.", option=("--anytime",), flag=True),
    Param("backpack", "Works (effects, Stat bonuses) from the Backpack.", option=("--backpack",), flag=True),
    Param("backpack_defense", "Defense granted from the Backpack.", option=("--backpack-defense",)),
    Param("equip_as", "Magic whose card says how it is Equipped: armor, melee, ranged.", option=("--equip-as",),
          default=""),
)
MAX_AMOUNT = 999  # the largest amount the notation reads (1-999)


def _owned_card(state, player: str, text: str, names=None) -> str:
    """The card `text` names among `player`'s (inventory, windows, set-aside cards, or `names`); a card elsewhere on
    the table is passed on by its name, for the rules to refuse (a ruling, not bad input)."""
    from referee.errors import CardElsewhere
    from referee.loot_and_inventory import match_card, owned_cards

    try:
        return match_card(state, text, owned_cards(state, player) if names is None else names, player=player)
    except CardElsewhere as error:
        return error.card


def _player_and_card(cls, state, player: str, card: str):
    """A move that names a Player and one of their cards, read from the words typed."""
    name = read_player(state, player)
    return cls(player=name, card=_owned_card(state, name, card))


def _resource(allowed: tuple[str, ...]):
    aliases = {"health": "health", "hp": "health", "kaos": "kaos", "reroll": "reroll", "rerolls": "reroll",
               "reroll-token": "reroll", "reroll-tokens": "reroll", "token": "reroll", "tokens": "reroll"}
    return lambda state, text: match_alias(text, {a: r for a, r in aliases.items() if r in allowed}, what="resource")


def _deck_size(state, text: str) -> int:
    return parse_int(text, what="the deck size", low=0, high=999)


def _players(state):
    return list(state.settings.players)


# --- 01 core concepts and 02 game structure --------------------------------------------------------


@move("action", "Spend a Turn Action (its effects are table-reported: 05_ACTIONS is not loaded).",
      (PLAYER, Param("action", 'The Turn Action, as the table calls it: "Open Chest".')),
      judge=f"{_STRUCTURE}:judge_action", owner=("player", "their Turn Action"), group="turn")
class TurnAction(Move):
    player: str
    action: str  # what the table calls it ("Open Chest"); 05_ACTIONS is not loaded

    @staticmethod
    def candidates(state, find):
        for name in _players(state):
            for action in dict.fromkeys(state.actions_taken):
                yield find.entry(TurnAction(player=name, action=action))
            yield find.entry(TurnAction(player=name, action=find.new_name(state.actions_taken, "ACTION")),
                             free=frozenset({"action"}))  # an action not yet taken this turn


@move("declare", "Declare a d20 Check; then `roll`, optionally `reroll` and `kaos`, then `resolve`.", (
    PLAYER,
    Param("check", "A Stat (brawn, charm, ...), perception, or attack.", names="stat", field="stat"),
    Param("tn", "Target Number (not for a Contested Check).", option=("--tn",)),
    Param("vs", "Other Player(s): makes it a Contested Check.", option=("--vs",), many=True, names="player",
          field="opponents"),
    Param("bonus", "Other applicable modifiers the table reports, e.g. +1 or -2.", option=("--bonus",), default="0"),
), judge=f"{_CORE}:judge_declare", owner=("player", "a Check they make (`declare ana brawn --tn 12`)"), group="turn")
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

    @staticmethod
    def build(state, *, player, check, tn, vs, bonus):
        # the word names a Stat, or the kind of Check (the engine reads which from it); --vs makes it Contested
        word = " ".join(check.split())
        try:
            stat = _rules(f"{_CORE}:known_stat")(state, word)
        except InvalidMove as not_a_stat:
            try:
                stat = match_choice(word, ("perception", "attack"), what="kind of Check")
            except InvalidMove:
                raise not_a_stat from None
        return DeclareCheck(
            player=read_player(state, player), stat=stat,
            tn=None if tn is None else parse_int(tn, what="--tn", low=0, high=99),
            opponents=tuple(read_player(state, v) for v in vs),
            bonus=parse_int(bonus, what="--bonus", low=-99, high=99, signed=True),
        )

    def as_typed(self) -> str:
        options = ([("--tn", self.tn)] if self.tn is not None else []) + [("--vs", o) for o in self.opponents]
        options += [("--bonus", f"{self.bonus:+d}")] if self.bonus else []
        return typed_line(self.type, [self.player, self.stat.lower() if self.stat else self.kind], options)

    @staticmethod
    def candidates(state, find):
        from itertools import combinations

        players = _players(state)
        for name in players:
            stats = list(dict.fromkeys([*_rules(f"{_CORE}:RULES_STATS"), *state.settings.stats.get(name, {})]))
            for word in [*stats, "perception", "attack"]:
                yield from find.ranged(lambda n, w=word: DeclareCheck(player=name, stat=w, tn=n), "tn", 0, 99,
                                       frozenset({"bonus"}))
                # a Contested Check against one opponent or several (in Turn Order), each one it may have alone
                alone = [o for o in players if o != name
                         and find.legal(DeclareCheck(player=name, stat=word, opponents=(o,)))]
                for size in range(1, len(alone) + 1):
                    for opponents in combinations(alone, size):
                        yield find.entry(DeclareCheck(player=name, stat=word, opponents=opponents),
                                         free=frozenset({"bonus"}))


def _dice_builder(reroll: bool):
    def build(state, *, player, dice, virtual, seed, hold=False):
        name = read_player(state, player)
        if virtual and dice:
            raise InvalidMove("give the dice or --virtual, not both")
        top = state.top
        if virtual and reroll and getattr(top, "die_rolled", False):  # a Penalty's damage die, waiting to be resolved
            values = virtual_dice(1, top.die, seed)
        elif virtual:
            values = virtual_dice(_rules(f"{_CORE}:dice_needed")(state, name, reroll=reroll), 20, seed)
        elif not dice:
            raise InvalidMove("give the d20 result(s) rolled at the table, or --virtual for a virtual roll")
        else:
            values = parse_dice(dice)
        return (Reroll if reroll else RollDice)(player=name, dice=values, virtual=virtual, auto_resolve=not hold)

    return build


def _dice_typed(move) -> str:
    """A roll or reroll as typed: `--hold` only when it did not resolve the Check at once."""
    return typed_line(move.type, [move.player, *move.dice],
                      ([("--virtual", None)] if move.virtual else []) + ([] if move.auto_resolve else [("--hold", None)]))


def _dice_candidates(cls, state, find):
    """A roll or reroll of each participant of the Check on top, as the table types it (any d20 results)."""
    top = state.top
    if getattr(top, "kind", None) != "check":
        return
    for p in top.participants:
        count = len(p.dice) if p.rolled else (1 if p.mode == "single" else 2)
        move = cls(player=p.name, dice=(1,) * count, auto_resolve=True)
        if find.legal(move):
            yield find.entry(move, {"dice": range(1, 21)}, frozenset({"virtual", "auto_resolve"}))


@move("roll", "Record the d20 roll of the Check being rolled (two d20s under Goblin Balls On Ya / Dungeon Haunted). "
              "A Check no Player can still change (no reroll or Kaos left to spend on it, no Player's card with its "
              "own timing to use now, not Contested) resolves at once; --hold keeps it open.",
      (PLAYER, DICE, VIRTUAL, SEED, HOLD), build=_dice_builder(reroll=False),
      judge=f"{_CORE}:judge_roll", owner=("player", "the roll of their Check"))
class RollDice(Move):
    player: str
    dice: tuple[int, ...]
    virtual: bool = False
    auto_resolve: bool = False  # resolve the Check at once when nothing else can change it (`roll` does, unless --hold)

    def as_typed(self) -> str:
        return _dice_typed(self)

    @staticmethod
    def candidates(state, find):
        return _dice_candidates(RollDice, state, find)


@move("reroll", "Spend 1 Reroll Token: reroll all dice of the roll and keep the new result (resolved at once when no "
                "Player can still change the Check; --hold keeps it open).",
      (PLAYER, DICE, VIRTUAL, SEED, HOLD), build=_dice_builder(reroll=True),
      judge=f"{_CORE}:judge_reroll", owner=("player", "their Reroll Token on their roll"))
class Reroll(Move):
    player: str
    dice: tuple[int, ...]
    virtual: bool = False
    auto_resolve: bool = False  # resolve the Check at once when nothing else can change it (`reroll` does)

    def as_typed(self) -> str:
        return _dice_typed(self)

    @staticmethod
    def candidates(state, find):
        yield from _dice_candidates(Reroll, state, find)
        enc = next((p for p in reversed(state.stack) if p.kind == "random-encounter"), None)
        if enc is not None and enc.die_rolled:  # 01 REROLL_TOKENS: a Penalty's damage die, before it is resolved
            for who in _players(state):
                move = Reroll(player=who, dice=(1,), auto_resolve=True)  # as typed: --hold means nothing for a die
                if find.legal(move):
                    yield find.entry(move, {"dice": range(1, enc.die + 1)}, frozenset({"virtual", "auto_resolve"}))


def _participants(state) -> list[str]:
    top = state.top
    return [p.name for p in top.participants] if getattr(top, "kind", None) == "check" else []


@move("kaos", "Spend Kaos on the Check being rolled: +1 to the Final Result each (after all rerolls).",
      (PLAYER, AMOUNT), judge=f"{_CORE}:judge_kaos", owner=("player", "the Kaos they spend"))
class SpendKaos(Move):
    player: str
    amount: int

    @staticmethod
    def candidates(state, find):
        for who in _participants(state):
            yield from find.ranged(lambda n, who=who: SpendKaos(player=who, amount=n), "amount", 1, MAX_AMOUNT)


@move("modifier", "Add an other applicable modifier the table reports to the Check being rolled (card text, an "
                  "effect): +2 or -1.",
      (PLAYER, Param("amount", "The modifier, e.g. +2 or -1.", metavar="N", signed=True),
       Param("because", "What gives it: the card or effect (required).", option=("--because",), default="")),
      judge=f"{_CORE}:judge_modifier", owner=("host", "a modifier the table reports (card text)"))
class CheckModifier(Move):
    """An other applicable modifier (01 FINAL_RESULT) the table reports during a Check: card text, an effect."""

    player: str
    amount: int  # signed, not 0
    because: str  # what gives it, in the table's words

    @staticmethod
    def build(state, *, player, amount, because):
        if not because.strip():
            raise InvalidMove('say what gives the modifier: --because "Lucky Charm"')
        return CheckModifier(player=read_player(state, player), because=because.strip(),
                             amount=parse_int(amount, what="the modifier", low=-99, high=99, signed=True))

    def as_typed(self) -> str:
        amount = f"{self.amount:+d}" if isinstance(self.amount, int) else self.amount  # "N" in a list of options
        return typed_line("modifier", [self.player, amount], [("--because", self.because)])

    @staticmethod
    def candidates(state, find):
        for who in _participants(state):
            for low, high in ((1, 99), (-99, -1)):  # any but 0 (-99..99), before the roll or after it
                yield from find.ranged(lambda n, who=who: CheckModifier(player=who, amount=n, because="REASON"),
                                       "amount", low, high, frozenset({"because"}))


@move("resolve", "Resolve the Check being rolled: success or failure, Contested winner, crit rewards.",
      judge=f"{_CORE}:judge_resolve", owner=("player", "resolving their Check (the Player who declared it)"))
class ResolveCheck(Move):
    @staticmethod
    def candidates(state, find):
        yield find.entry(ResolveCheck())


def _ranged_per_player(make, low: int = 1, high: int = MAX_AMOUNT, free=frozenset()):
    """Candidates of a move each Player may make with an amount: `make(player, n)`."""

    def candidates(state, find):
        for name in _players(state):
            yield from find.ranged(lambda n, p=name: make(p, n), "amount", low, high, free)

    return candidates


_TABLE_REPORTS = ("host", "what the table reports")


@move("damage", "Damage reduces Health; at 0 or below the table reports the Death Process outcome.",
      (PLAYER, AMOUNT, Param("source", "What dealt it (the Damage Dealer).", option=("--source",), default="",
                             read=read_text)),
      judge=f"{_CORE}:judge_damage", owner=_TABLE_REPORTS, group="effects")
class Damage(Move):
    player: str
    amount: int
    source: str = ""

    candidates = staticmethod(_ranged_per_player(lambda p, n: Damage(player=p, amount=n), free=frozenset({"source"})))


@move("heal", "Heal Health, up to the Health Cap (to go past it, `gain PLAYER N health`).", (PLAYER, AMOUNT),
      judge=f"{_CORE}:judge_heal", owner=_TABLE_REPORTS, group="effects")
class Heal(Move):
    player: str
    amount: int

    candidates = staticmethod(_ranged_per_player(lambda p, n: Heal(player=p, amount=n)))


GAINED = ("health", "kaos", "reroll")
LOST = ("kaos", "reroll")  # Health is lost with `damage`


@move("gain", "Gain Health (may pass the Health Cap), Kaos, or Reroll Tokens (while the supply lasts).",
      (PLAYER, AMOUNT, Param("what", "health, kaos or reroll.", metavar="WHAT", names="resource", choices=GAINED,
                             field="resource", read=_resource(GAINED))),
      judge=f"{_CORE}:judge_gain", owner=_TABLE_REPORTS, group="effects")
class Gain(Move):
    player: str
    amount: int
    resource: str  # health | kaos | reroll

    @staticmethod
    def candidates(state, find):
        for name in _players(state):
            for resource in GAINED:
                yield from find.ranged(lambda n, p=name, r=resource: Gain(player=p, amount=n, resource=r), "amount", 1,
                                       MAX_AMOUNT)


@move("lose", "Lose Kaos or Reroll Tokens (never below 0). Health is lost with `damage`.",
      (PLAYER, AMOUNT, Param("what", "kaos or reroll.", metavar="WHAT", names="resource", choices=LOST,
                             field="resource", read=_resource(LOST))),
      judge=f"{_CORE}:judge_lose", owner=_TABLE_REPORTS, group="effects")
class Lose(Move):
    player: str
    amount: int
    resource: str  # kaos | reroll

    @staticmethod
    def candidates(state, find):
        for name in _players(state):
            for resource in LOST:
                yield from find.ranged(lambda n, p=name, r=resource: Lose(player=p, amount=n, resource=r), "amount", 1,
                                       MAX_AMOUNT)


@move("gain-status", "Give a Player Goblin Balls On Ya or Dungeon Haunted (at most one of each).", (PLAYER, STATUS),
      judge=f"{_CORE}:judge_gain_status", owner=_TABLE_REPORTS, group="effects")
class GainStatus(Move):
    player: str
    status: str  # goblin | haunted

    @staticmethod
    def candidates(state, find):
        return (find.entry(GainStatus(player=name, status=s)) for name in _players(state) for s in STATUSES)


@move("remove-status", "Remove a status when the card that gave it says it ends.", (PLAYER, STATUS),
      judge=f"{_CORE}:judge_remove_status", owner=_TABLE_REPORTS, group="effects")
class RemoveStatus(Move):
    player: str
    status: str

    @staticmethod
    def candidates(state, find):
        return (find.entry(RemoveStatus(player=name, status=s)) for name in _players(state) for s in STATUSES)


@move("death", "Record the outcome of a Death Process (09_DEATH_AND_VICTORY is not loaded), then the Victory Check.",
      (PLAYER, Param("outcome", "What the Death Process decided: removed, fallen, zombie, surviving.", names="outcome",
                     read=lambda state, text: match_alias(text, {o: o for o in DEATH_OUTCOMES}, what="outcome"))),
      judge=f"{_STRUCTURE}:judge_death", owner=("host", "a Death's outcome (09 is not loaded: the table reports it)"),
      group="effects")
class ReportDeath(Move):
    player: str
    outcome: str  # removed | fallen | zombie | surviving: what the table's Death Process decided

    @staticmethod
    def candidates(state, find):
        return (find.entry(ReportDeath(player=name, outcome=o)) for name in _players(state) for o in DEATH_OUTCOMES)


@move("set-state", "Record a Player state change the table reports (e.g. Rising as a Zombie).",
      (PLAYER, Param("state_name", "surviving, fallen, zombie or removed.", metavar="STATE", names="state",
                     field="state", read=lambda state, text: match_choice(text, PLAYER_STATES, what="state"))),
      judge=f"{_STRUCTURE}:judge_set_state", owner=_TABLE_REPORTS, group="effects")
class SetState(Move):
    player: str
    state: str

    @staticmethod
    def candidates(state, find):
        return (find.entry(SetState(player=name, state=s)) for name in _players(state) for s in PLAYER_STATES)


@move("end-turn", "End the turn: Kaos refund for unspent Turn Actions, Cube Room check, Dungeon Bomb Step, next "
                  "turn.\n\nWith --bomb (the Dungeon Bomb did something to record) or --cube-room, the End of Turn "
                  "Process waits on the pending stack while the table records it; `end-turn` again completes the "
                  "turn.", (
    Param("cube_room", "The Active Player's Portrait is in a Cube Room: record its End Effects first.",
          option=("--cube-room",), flag=True),
    Param("bomb", "The Dungeon Bomb did something to record: wait at the Dungeon Bomb Step.",
          option=("--bomb",), flag=True, field=None),
    Param("complete", "Nothing to record (what end-turn does by default; kept for older scripts).",
          option=("--complete",), flag=True),
), judge=f"{_STRUCTURE}:judge_end_turn", owner=("player", "the Active Player ending their turn"), group="turn")
class EndTurn(Move):
    cube_room: bool = False  # the table reports the Active Player's Portrait is in a Cube Room
    complete: bool = False  # nothing to record in the Cube Room check or Dungeon Bomb Step: finish the turn

    @staticmethod
    def build(state, *, cube_room, bomb, complete):
        if complete and bomb:
            raise InvalidMove("--complete says there is nothing to record, --bomb that there is: give one")
        # the turn completes at once unless the table has something to record: --bomb, or a Cube Room's End Effects
        return EndTurn(cube_room=cube_room, complete=complete or not (bomb or cube_room))

    def as_typed(self) -> str:  # `end-turn` completes; waiting to record is --bomb or --cube-room
        if self.cube_room:
            return "end-turn --cube-room" + (" --complete" if self.complete else "")
        return "end-turn" if self.complete else "end-turn --bomb"

    @staticmethod
    def candidates(state, find):
        return (find.entry(EndTurn(cube_room=c, complete=x)) for c in (False, True) for x in (False, True))


# --- 08 loot (08_LOOT_AND_INVENTORY) ---------------------------------------------------------------

class CardText(Move, kw_only=True):
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


def card_text_fields(*, melee, ranged, slot, armor_type, defense, stat, consumable, anytime, backpack,
                     backpack_defense, equip_as) -> dict:
    """A card's text as typed (`referee card`, `draw`, a position's [cards]): DescribeCard's and DrawLoot's fields."""
    if melee and ranged:
        raise InvalidMove("a Weapon is --melee or --ranged, not both")
    signed = {"low": -99, "high": 99, "signed": True}
    return {
        "weapon": "melee" if melee else "ranged" if ranged else "",
        "slots": tuple(parse_int(n, what="--slot", low=1, high=5) for n in slot),
        "armor_type": armor_type.strip(),
        "defense": None if defense is None else parse_int(defense, what="--defense", **signed),
        "stats": tuple(stat),
        "consumable": consumable, "anytime": anytime, "backpack": backpack,
        "backpack_defense": None if backpack_defense is None else parse_int(backpack_defense,
                                                                            what="--backpack-defense", **signed),
        "equip_as": equip_as.strip().lower(),
    }


_CARD_TEXT_FIELDS = frozenset({"slots", "armor_type", "defense", "stats", "consumable", "anytime", "backpack",
                               "backpack_defense", "equip_as"})


@move("card", "Describe a card once (what it says that the rules care about); later moves name it only.",
      (Param("name", "The card's name as printed."),
       Param("kind", "armor, weapon, common (Common Magic), rare (Rare Magic).", metavar="TYPE", names="loot-type"),
       *CARD_TEXT),
      judge=f"{_LOOT}.cards:judge_card", owner=("host", "a card's description"), group="records")
class DescribeCard(CardText, kw_only=True):
    name: str
    kind: str  # armor | weapon | common | rare

    @staticmethod
    def build(state, *, name, kind, **text):
        return DescribeCard(name=name, kind=loot_kind(kind), **card_text_fields(**text))

    def as_typed(self) -> str:
        return typed_line("card", [self.name, self.kind], self.card_options())

    @staticmethod
    def candidates(state, find):
        free = _CARD_TEXT_FIELDS | {"name"}
        new = find.new_name(state.cards, "NAME")
        for kind in ("armor", "common", "rare"):
            yield find.entry(DescribeCard(name=new, kind=kind), free=free)
        for weapon in ("melee", "ranged"):
            yield find.entry(DescribeCard(name=new, kind="weapon", weapon=weapon), free=free)


def _drawn_name(state, kind: str, text: str) -> str:
    """The card a draw names: a card known to be in that deck (shuffled from its pile, or about to be: an empty deck
    is refreshed from it) or described beforehand (`referee card`) and on no mat, named forgivingly; else a new
    card's name as typed."""
    from referee.loot_and_inventory import deck, discard_pile, locate, match_card

    wanted = " ".join(text.split())
    exact = next((n for n in state.cards if n.casefold() == wanted.casefold()), None)
    if exact is not None:
        return exact
    size, known = deck(state, kind)
    shuffled_in = known or (discard_pile(state, kind) if size == 0 else [])  # an empty deck is refreshed first
    waiting = shuffled_in or [n for n, c in state.cards.items() if c.type == kind and locate(state, n) is None]
    try:
        return match_card(state, wanted, waiting) if waiting else wanted
    except InvalidMove:
        return wanted


@move("draw", "Draw Loot from the top of its deck (options describe a new card); opens a Loot Management Window.",
      (PLAYER, Param("items", 'What was drawn, in the order listed: armor "Bone Pauldron".', many=True, required=True,
                     metavar="TYPE NAME [TYPE NAME]", names="loot-type"), *CARD_TEXT),
      judge=f"{_LOOT}.drawing:judge_draw", owner=("player", "the Loot they draw"), group="loot")
class DrawLoot(CardText, kw_only=True):
    player: str
    kinds: tuple[str, ...]  # one per card, in the order listed
    names: tuple[str, ...]

    @staticmethod
    def build(state, *, player, items, **text):
        if len(items) % 2 or not items:
            raise InvalidMove("draw takes TYPE NAME pairs: `referee draw mara armor \"Bone Pauldron\" weapon Club`")
        kinds = tuple(loot_kind(k) for k in items[0::2])
        names = tuple(_drawn_name(state, kind, name) for kind, name in zip(kinds, items[1::2]))
        return DrawLoot(player=read_player(state, player), kinds=kinds, names=names, **card_text_fields(**text))

    def as_typed(self) -> str:
        pairs = [word for pair in zip(self.kinds, self.names) for word in pair]
        return typed_line("draw", [self.player, *pairs], self.card_options())

    @staticmethod
    def candidates(state, find):
        free = _CARD_TEXT_FIELDS | {"names"}
        for name in _players(state):
            new = find.new_name(state.cards, "NAME")
            for kind in ("armor", "common", "rare"):
                yield find.entry(DrawLoot(player=name, kinds=(kind,), names=(new,)), free=free)
            for weapon in ("melee", "ranged"):
                yield find.entry(DrawLoot(player=name, kinds=("weapon",), names=(new,), weapon=weapon), free=free)
            for card, info in state.cards.items():  # a card described before, drawn again by its name
                if info.type in ("armor", "weapon", "common", "rare"):
                    yield find.entry(DrawLoot(player=name, kinds=(info.type,), names=(card,)))


def _owned(state):
    """(Player, each card they own) for every Player: what equip, store, discard and use may name."""
    from referee.loot_and_inventory import owned_cards

    return [(name, card) for name in _players(state) for card in owned_cards(state, name)]


@move("equip", "Equip a card from your Loot Management Window in a legal Equipment Slot (a replaced card is "
               "displaced).",
      (PLAYER, CARD, Param("slot", "armor 1-5 (`armor 2` or `armor-2`), melee or ranged (default: the legal one).",
                           many=True, metavar="[SLOT]", names="slot")),
      judge=f"{_LOOT}.equipping:judge_equip", owner=("player", "their Loot"), group="loot")
class Equip(Move):
    player: str
    card: str
    slot: str = ""  # armor-1..armor-5 | melee | ranged; "" lets the referee choose the legal one

    @staticmethod
    def build(state, *, player, card, slot):
        from referee.loot_and_inventory import parse_slot

        name = read_player(state, player)
        where = " ".join(slot)
        return Equip(player=name, card=_owned_card(state, name, card), slot=parse_slot(where) if where else "")

    @staticmethod
    def candidates(state, find):
        from referee.loot_and_inventory import legal_slots

        for name, card in _owned(state):
            info = state.cards.get(card)
            yield find.entry(Equip(player=name, card=card))
            for slot in legal_slots(info) if info else ():
                yield find.entry(Equip(player=name, card=card, slot=slot))


@move("store", "Store a card from your Loot Management Window in an empty Backpack Slot.",
      (PLAYER, CARD, Param("slot", "Backpack Slot number (default: the first empty one).", option=("--slot",))),
      judge=f"{_LOOT}.storing:judge_store", owner=("player", "their Loot"), group="loot")
class Store(Move):
    player: str
    card: str
    slot: int | None = None  # Backpack Slot number; None: the first empty one

    @staticmethod
    def build(state, *, player, card, slot):
        name = read_player(state, player)
        return Store(player=name, card=_owned_card(state, name, card),
                     slot=None if slot is None else parse_int(slot, what="--slot", low=1, high=20))

    @staticmethod
    def candidates(state, find):
        for name, card in _owned(state):
            yield find.entry(Store(player=name, card=card))
            for number in range(1, state.settings.backpack_slots + 1):
                yield find.entry(Store(player=name, card=card, slot=number))


@move("discard", "Discard Loot to its discard pile (Plot Armor to the box): on your own turn, or in your own window.",
      (PLAYER, CARD, Param("required", "A rule or effect requires this discard (no timing check).",
                           option=("--required",), default="", metavar="REASON")),
      judge=f"{_LOOT}.discarding:judge_discard", owner=("player", "their Loot"), group="loot")
class DiscardLoot(Move):
    player: str
    card: str
    required: str = ""  # the rule or effect that requires this discard (no timing check); "" = voluntary

    @staticmethod
    def build(state, *, player, card, required):
        name = read_player(state, player)
        return DiscardLoot(player=name, card=_owned_card(state, name, card), required=required.strip())

    @staticmethod
    def candidates(state, find):
        for name, card in _owned(state):
            yield find.entry(DiscardLoot(player=name, card=card))
            yield find.entry(DiscardLoot(player=name, card=card, required="REASON"), free=frozenset({"required"}))


@move("use", "Use a card (Consumables are discarded after use); default timing: your own turn, nothing being "
             "resolved.",
      (PLAYER, CARD, Param("effect", "What the card did: \"heal N\" or \"gain N health|kaos|reroll\" is applied with "
                                     "the use; anything else the table records (heal, gain, damage, ...).",
                           option=("--effect",), default="")),
      judge=f"{_LOOT}.consumables:judge_use", owner=("player", "their Loot"), group="loot")
class UseLoot(Move):
    player: str
    card: str
    effect: str = ""  # what the card did, as the table reports it

    @staticmethod
    def build(state, *, player, card, effect):
        name = read_player(state, player)
        return UseLoot(player=name, card=_owned_card(state, name, card), effect=effect.strip())

    @staticmethod
    def candidates(state, find):
        return (find.entry(UseLoot(player=name, card=card), free=frozenset({"effect"})) for name, card in _owned(state))


@move("gear-swap", "Gear Swap (Free Action, once per Player Turn): store Equipped Gear, equip Stored Gear, or "
                   "exchange them.",
      (PLAYER, CARD, Param("other", "The card to exchange it with.", required=False, metavar="[OTHER]", names="card"),
       Param("slot", "Where a Stored card goes: armor N, melee, ranged.", option=("--slot",), names="slot"),
       Param("discard", "A card left without a legal Slot, discarded at once.", option=("--discard",), metavar="CARD",
             names="card")),
      judge=f"{_LOOT}.gear_swap:judge_gear_swap", owner=("player", "their Gear Swap"), group="loot")
class GearSwap(Move):
    player: str
    card: str
    other: str = ""  # the card to exchange with
    slot: str = ""  # where a Stored card goes (melee | ranged | armor-N)
    discard: str = ""  # a card left without a legal Slot, discarded at once

    @staticmethod
    def build(state, *, player, card, other, slot, discard):
        from referee.loot_and_inventory import inventory, match_card, parse_slot

        name = read_player(state, player)
        owned = inventory(state, name)
        return GearSwap(player=name, card=_owned_card(state, name, card, owned),
                        other=_owned_card(state, name, other, owned) if other else "",
                        slot=parse_slot(slot) if slot else "",
                        discard=match_card(state, discard, owned) if discard else "")

    @staticmethod
    def candidates(state, find):
        from referee.loot_and_inventory import inventory, legal_slots, stored

        swap = frozenset({"discard"})  # what the table would discard if the swap left a card without a legal Slot
        for name in _players(state):
            held = inventory(state, name)
            stored_cards = [c for _, c in stored(state, name)]
            for card in held:  # Equipped Gear to the Backpack, Stored Gear to a Slot, or the two exchanged
                yield find.entry(GearSwap(player=name, card=card), free=swap)
                info = state.cards.get(card)
                for slot in legal_slots(info) if info else ():
                    yield find.entry(GearSwap(player=name, card=card, slot=slot), free=swap)
                for other in held:
                    if other != card and (card in stored_cards) != (other in stored_cards):
                        yield find.entry(GearSwap(player=name, card=card, other=other), free=swap)


def _taking(how: str):
    def build(state, *, player, source, card, opportunity=False):
        from referee.loot_and_inventory import stored, takeable

        target = read_player(state, source)
        if how == "pickpocket" and not stored(state, target):
            name = card  # an empty Backpack: the ruling says so
        else:
            name = _owned_card(state, target, card, takeable(state, target))
        return TakeLoot(player=read_player(state, player), source=target, card=name,
                        how="opportunity" if opportunity else how)

    return build


@move("take", "Take a card from another Player (a rule or effect says so); the taker resolves a Loot Management "
              "Window.",
      (PLAYER, Param("source", "The Player the card is taken from.", metavar="FROM", names="player"), CARD,
       Param("opportunity", "A Loot Opportunity 09_DEATH_AND_VICTORY grants.", option=("--opportunity",), flag=True)),
      build=_taking("take"), judge=f"{_LOOT}.taking:judge_take", group="loot",
      owner=("player", "a card they take (the taking Player)"),
      also=(Notation("pickpocket", "A successful Pickpocket (05_ACTIONS, table-reported): take one card from the "
                                   "target's Backpack.",
                     (PLAYER, Param("source", "The Player whose Backpack is picked.", metavar="TARGET",
                                    names="player"), CARD), _taking("pickpocket")),))
class TakeLoot(Move):
    player: str  # the taking Player
    source: str  # the Player the card is taken from
    card: str
    how: str = "take"  # take | pickpocket | opportunity

    def as_typed(self) -> str:
        verb = "pickpocket" if self.how == "pickpocket" else "take"
        extra = [("--opportunity", None)] if self.how == "opportunity" else []
        return typed_line(verb, [self.player, self.source, self.card], extra)

    @staticmethod
    def candidates(state, find):
        from referee.loot_and_inventory import stored, takeable

        players = _players(state)
        for name in players:
            for source in players:
                if source == name:
                    continue
                for card in [c for _, c in stored(state, source)]:
                    yield find.entry(TakeLoot(player=name, source=source, card=card, how="pickpocket"))
                for card in takeable(state, source):
                    for how in ("take", "opportunity"):
                        yield find.entry(TakeLoot(player=name, source=source, card=card, how=how))


@move("drop", "A Weapon is Dropped (table-reported; 06_COMBAT_ENCOUNTER decides): still Equipped, not available for "
              "Attacks.", (PLAYER, CARD),
      judge=f"{_LOOT}.dropped_weapons:judge_drop", owner=("host", "a Weapon dropped by an effect the table reports"),
      group="loot")
class DropWeapon(Move):
    """The table reports an Equipped Weapon Dropped (06_COMBAT_ENCOUNTER decides when)."""

    player: str
    card: str

    @staticmethod
    def build(state, *, player, card):
        return _player_and_card(DropWeapon, state, player, card)

    @staticmethod
    def candidates(state, find):
        from referee.loot_and_inventory import patron_mat

        for name in _players(state):
            mat = patron_mat(state, name)
            for card in (mat.melee, mat.ranged):
                if card and card not in mat.dropped:
                    yield find.entry(DropWeapon(player=name, card=card))


@move("recover", "A Dropped Weapon is recovered or restored (table-reported; 06_COMBAT_ENCOUNTER decides).",
      (PLAYER, CARD), judge=f"{_LOOT}.dropped_weapons:judge_recover", owner=("player", "their Dropped Weapon"),
      group="loot")
class RecoverWeapon(Move):
    """The table reports a Dropped Weapon recovered or restored (06_COMBAT_ENCOUNTER decides when)."""

    player: str
    card: str

    @staticmethod
    def build(state, *, player, card):
        return _player_and_card(RecoverWeapon, state, player, card)

    @staticmethod
    def candidates(state, find):
        from referee.loot_and_inventory import patron_mat

        for name in _players(state):
            for card in patron_mat(state, name).dropped:
                yield find.entry(RecoverWeapon(player=name, card=card))


@move("deck-size", "Record the size the table counts in a Loot Deck.",
      (Param("kind", "armor, weapon, common, rare.", metavar="TYPE", names="loot-type",
             read=lambda state, text: loot_kind(text)),
       Param("size", "How many cards the table counts in it.", metavar="N", read=_deck_size)),
      command="deck", judge=f"{_LOOT}.drawing:judge_deck_size", owner=("host", "a deck's count"), group="records")
class DeckSize(Move):
    kind: str
    size: int

    @staticmethod
    def candidates(state, find):
        for kind in ("armor", "weapon", "common", "rare"):
            yield from find.ranged(lambda n, k=kind: DeckSize(kind=k, size=n), "size", 0, MAX_AMOUNT)


# --- end 08 loot -------------------------------------------------------------------------------------


# --- 10 random encounters (10_RANDOM_ENCOUNTERS) ---------------------------------------------------

def _encounter(state):
    """The Random Encounter on the pending stack, or None."""
    return next((p for p in reversed(state.stack) if p.kind == "random-encounter"), None)


@move("encounter-draw", "Draw and reveal the top Random Encounter card. Describe it the first time; later its name is "
                        "enough.", (
    Param("words", "The Encountering Player (not needed for a Dungeon Bomb), then the card's name.",
          many=True, required=True, metavar="[PLAYER] CARD", names="player", field=None),
    Param("by", "What drew it: move (a failed Move Action), flee, bomb, other. Default: bomb during a Dungeon "
                "Bomb Step.", option=("--by",), names="cause", field="cause"),
    Param("because", "What drew it, in the table's words.", option=("--because",), default=""),
    Param("check", 'A Check option: "brawn 12", "perception 15 harder reward".', option=("--check",), many=True,
          field="checks"),
    Param("pay", 'A Non-Check option: "kaos 2", "discard 1", "health 3", "status haunted", "move TEXT", '
                 '"other TEXT" (+ "reward").', option=("--pay",), many=True, field="pays"),
    Param("penalty", 'A Penalty instruction, in printed order: "damage d6", "damage 2", "health 2", "kaos 3", '
                     '"discard 1", "status goblin", "move TEXT", "combat TEXT", "other TEXT".',
          option=("--penalty",), many=True),
    Param("no_penalty", "The card says it has no Penalty.", option=("--no-penalty",), flag=True),
), command="encounter draw", judge=f"{_ENCOUNTERS}.drawing:judge_draw", group="encounter",
      owner=("host", "a Random Encounter card drawn and described"))
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

    @staticmethod
    def build(state, *, words, by, because, check, pay, penalty, no_penalty):
        from referee.random_encounters import default_cause

        if len(words) not in (1, 2):
            raise InvalidMove('give [PLAYER] CARD, e.g. `referee encounter draw cara "Spider Swarm"`')
        cause = match_choice(by, ENCOUNTER_CAUSES, what="cause (--by)") if by else default_cause(state)
        return EncounterDraw(
            card=words[-1], cause=cause, player=read_player(state, words[0]) if len(words) == 2 else None,
            because=because.strip(), checks=tuple(check), pays=tuple(pay), penalty=tuple(penalty),
            no_penalty=no_penalty,
        )

    def as_typed(self) -> str:
        options = [("--by", self.cause)] + ([("--because", self.because)] if self.because else [])
        options += [("--check", x) for x in self.checks] + [("--pay", x) for x in self.pays]
        options += [("--penalty", x) for x in self.penalty] + ([("--no-penalty", None)] if self.no_penalty else [])
        return typed_line("encounter draw", ([self.player] if self.player else []) + [self.card], options)

    @staticmethod
    def candidates(state, find):
        described = state.encounters["cards"]
        text = frozenset({"because", "checks", "pays", "penalty", "no_penalty"})  # a card drawn again: described again
        for cause in ENCOUNTER_CAUSES:
            for who in [None, *_players(state)]:
                for card in described:
                    yield find.entry(EncounterDraw(card=card, cause=cause, player=who), free=text)
                # a card not yet described: its options and Penalty as the table reads them (a Penalty is required)
                yield find.entry(EncounterDraw(card=find.new_name(described, "CARD"), cause=cause, player=who,
                                               checks=("brawn 10",), penalty=("damage d6",)), free=text | {"card"})


@move("encounter-choose", "Choose one Encounter Completion Option before rolling or paying (a Check option declares "
                          "its Check).",
      (PLAYER, Param("option", "The option's number, or a word of it (brawn, kaos).", names="option"),
       Param("discard", "Loot to discard for a discard option (or none: then `encounter discard`).",
             option=("--discard",), many=True, names="card")),
      command="encounter choose", judge=f"{_ENCOUNTERS}.completion_options:judge_choose", group="encounter",
      owner=("player", "the Encountering Player's choice"))
class EncounterChoose(Move):
    player: str
    option: int  # 1-based, in the order the card was described (Check Options first)
    discard: tuple[str, ...] = ()  # Loot to discard for a discard option

    @staticmethod
    def build(state, *, player, option, discard):
        from referee.random_encounters import current_card, match_option

        # a number needs no card (the engine refuses it when nothing is being resolved); a word is read on the card
        card = current_card(state)
        if card is None and not option.strip().isdigit():
            number = 0  # nothing to read the word on: the engine refuses the move (no Random Encounter), exit 1
        else:
            number = read_amount(state, option, "the option") if option.strip().isdigit() else match_option(card, option)
        return EncounterChoose(player=read_player(state, player), option=number, discard=tuple(discard))

    @staticmethod
    def candidates(state, find):
        from itertools import combinations

        from referee.loot_and_inventory import eligible_loot
        from referee.random_encounters import current_card

        enc = _encounter(state)
        if enc is None:
            return
        for number, option in enumerate(current_card(state)["options"], 1):
            yield find.entry(EncounterChoose(player=enc.player, option=number))
            if option.get("kind") == "discard":  # as many cards as it says, named in Inventory order
                for loot in combinations(eligible_loot(state, enc.player), option["amount"]):
                    yield find.entry(EncounterChoose(player=enc.player, option=number, discard=loot))


@move("encounter-roll", "Roll a Penalty's damage die: the Player to the damaged Player's left rolls it (01 DAMAGE).",
      (PLAYER, Param("value", "What the damage die shows.", required=False, metavar="[N]"), VIRTUAL, SEED),
      command="encounter roll", judge=f"{_ENCOUNTERS}.penalty:judge_roll", group="encounter",
      owner=("player", "the Encountering Player's Penalty die"))
class EncounterRoll(Move):
    """The damage die of a Penalty, rolled by the Player to the damaged Player's left (01 DAMAGE)."""

    player: str
    value: int
    virtual: bool = False

    @staticmethod
    def build(state, *, player, value, virtual, seed):
        from referee.random_encounters import awaited_die

        die = awaited_die(state)
        if virtual == (value is not None):
            raise InvalidMove("give what the die shows, or --virtual for a virtual roll (not both)")
        if die is None:  # no damage die awaited: the engine refuses it, saying what is pending (exit 1)
            amount = 1 if virtual else parse_int(value, what="the die", low=1, high=20)
        elif virtual:
            amount = virtual_dice(1, die, seed)[0]
        else:
            amount = parse_int(value, what=f"the d{die}", low=1, high=die)
        return EncounterRoll(player=read_player(state, player), value=amount, virtual=virtual)

    def as_typed(self) -> str:
        # a virtual roll is shown with its value, marked: it cannot be typed again as it was (--virtual rolls anew)
        return typed_line("encounter roll", [self.player, self.value]) + (" (virtual)" if self.virtual else "")

    @staticmethod
    def candidates(state, find):
        from referee.random_encounters import awaited_die

        enc = _encounter(state)
        die = awaited_die(state) if enc is not None else None
        if die is not None:
            yield from find.ranged(lambda n: EncounterRoll(player=enc.roller, value=n), "value", 1, die,
                                   frozenset({"virtual"}))


@move("encounter-discard", "Discard Loot for a Penalty's Loot discard or a chosen discard option (to its matching "
                           "discard pile).",
      (PLAYER, Param("card", "The Loot card to discard for the card (a unique prefix is enough).", names="card")),
      command="encounter discard", judge=f"{_ENCOUNTERS}.penalty:judge_discard", group="encounter",
      owner=("player", "the Encountering Player's discard"))
class EncounterDiscard(Move):
    """Loot discarded for a Penalty's Loot discard, or for the discard option chosen without naming it."""

    player: str
    card: str

    @staticmethod
    def candidates(state, find):
        from referee.loot_and_inventory import eligible_loot

        if _encounter(state) is None:
            return
        for who in _players(state):
            for loot in eligible_loot(state, who):
                yield find.entry(EncounterDiscard(player=who, card=loot))


@move("encounter-continue", "Go on: decline the optional Event Reward, end a Combat Encounter the card started, or "
                            "finish a step.",
      command="encounter continue", judge=f"{_ENCOUNTERS}.interruptions:judge_continue", group="encounter",
      owner=("player", "the Encountering Player carrying the card on"))
class EncounterContinue(Move):
    """Go on with the Random Encounter: decline the optional Event Reward, or the Combat Encounter is over."""

    @staticmethod
    def candidates(state, find):
        if _encounter(state) is not None:
            yield find.entry(EncounterContinue())


@move("encounter-deck", "Record how many cards the Random Encounter Deck holds (03_SETUP builds it; not loaded).",
      (Param("size", "Cards in the Random Encounter Deck now.", metavar="N", read=_deck_size),),
      command="encounter deck", judge=f"{_ENCOUNTERS}.deck:judge_deck", group="records",
      owner=("host", "the Random Encounter deck's count"))
class EncounterDeck(Move):
    """The table reports how many cards the Random Encounter Deck holds (03_SETUP builds it; not loaded)."""

    size: int

    @staticmethod
    def candidates(state, find):
        return find.ranged(lambda n: EncounterDeck(size=n), "size", 0, MAX_AMOUNT)


# --- end 10 random encounters ----------------------------------------------------------------------
