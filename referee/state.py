"""The public game state the referee keeps: table settings, players, the turn, the pending stack.

State is the fold of the game log: `GameState.initial(settings)` then `referee.effects.transition(state, effects)`
for each applied move: the trusted, unchecked step (the engine checks first).
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from referee.citation import Citation
from referee.records import Record, decode, encode, field, fields, replace

__all__ = [
    "TableSettings", "Card", "Death", "Player", "PlayerState", "Status", "LootType", "Procedure", "GameState",
    "PatronMat", "LootDeck", "DiscardPile", "Loot", "LOOT_TYPES", "LOOT_TYPE_LABELS", "ARMOR_SLOTS", "plot_armor_name",
    "initial_loot", "initial_encounters",
    "stats_text", "STATE_FORMAT", "state_format", "state_to_snapshot", "state_from_snapshot",
]


class TableSettings(Record, frozen=True, kw_only=True):
    """Values only missing documents define, chosen by the table at setup, plus the rules version."""

    players: tuple[str, ...]
    health: int
    health_cap: int
    turn_actions: int
    reroll_supply: int
    starting_kaos: int = 0
    stats: dict = field(default_factory=dict)  # {player: {Stat: modifier}}
    interpretations: dict = field(default_factory=dict)  # {interpretation id: reading}
    variables: dict = field(default_factory=dict)  # Rules Variables read from the rules database
    rules_hash: str = ""
    missing_documents: tuple[str, ...] = ()
    backpack_slots: int = 3  # 08 loot: BACKPACK_SLOTS defers to 04_PLAYER_STRUCTURE (interpretation backpack-size)
    position: dict | None = None  # the table's position to start from (referee.position), validated, as plain JSON

    unwritten_when_none: ClassVar[tuple[str, ...]] = ("position",)  # a game started at setup keeps its settings

    @classmethod
    def upgraded(cls, data: dict) -> dict:
        if data.get("interpretations"):  # an interpretation renamed since the game began
            data = {**data, "interpretations": renamed(data["interpretations"])}
        return data

    def not_loaded(self, doc_id: str) -> str:
        """`07_DUNGEON_BOMBS [not loaded]` when it is missing, else just the id."""
        return f"{doc_id} [not loaded]" if doc_id in self.missing_documents else doc_id


# Readings whose entry of the interpretations register was renamed: (old id, reading) -> new id. A game saved (or a
# position written) before the rename keeps the reading its table chose.
RENAMED = {("fallen-encountering-player", "resolve-what-can"): "encountering-player-falls",
           ("fallen-encountering-player", "encounter-ends"): "encountering-player-falls"}


def renamed(choices: dict[str, str]) -> dict[str, str]:
    """`choices` with the readings of renamed entries under their new ids."""
    return {RENAMED.get((id, chosen), id): chosen for id, chosen in choices.items()}


class PlayerState(StrEnum):
    """A Player's state (02 TURN_ORDER): how their position in Turn Order is resolved."""

    SURVIVING = "surviving"
    FALLEN = "fallen"
    ZOMBIE = "zombie"
    REMOVED = "removed"


class Status(StrEnum):
    """The statuses 01 defines (GOBLIN_BALLS_ON_YA, DUNGEON_HAUNTED)."""

    GOBLIN = "goblin"
    HAUNTED = "haunted"


class LootType(StrEnum):
    """The four standard Loot types (08 LOOT), each with its deck and discard pile, and Plot Armor (not in a deck)."""

    ARMOR = "armor"
    WEAPON = "weapon"
    COMMON = "common"
    RARE = "rare"
    PLOT = "plot"


class Card(Record, frozen=True, kw_only=True):
    """08 LOOT, LOOT_TYPES: a Loot card of the game's catalogue, as the table describes it (the rules print no card:
    `referee card`, a draw's card options, a position's [cards]); each Player's Plot Armor is described by the rules
    (+5 Defense). Its JSON is the game file's: only what the card says, its Stat bonuses as {Stat: bonus}."""

    type: str  # a LootType
    weapon: str | None = None  # a Weapon's Slot: melee | ranged
    equip_as: str | None = None  # Magic Loot the card says is Equipped: armor | melee | ranged
    slots: tuple[int, ...] = ()  # the Armor Slots it may go in (any when empty)
    armor_type: str | None = None
    defense: int | None = None
    stats: tuple[tuple[str, int], ...] = ()  # its Stat bonuses, as the card prints them: (("Brawn", 1), ...)
    consumable: bool = False
    anytime: bool = False  # used at its own timing
    backpack: bool = False  # its effects work from the Backpack
    backpack_defense: int | None = None

    @classmethod
    def upgraded(cls, data: dict) -> dict:
        stats = data.get("stats")
        return {**data, "stats": list(stats.items())} if isinstance(stats, dict) else data

    def written(self, data: dict) -> dict:
        return {key: dict(value) if key == "stats" else value for key, value in data.items()
                if not (value is None or value is False or value == [])}

    @property
    def stat_bonuses(self) -> dict[str, int]:
        return dict(self.stats)


class Player(Record):
    name: str
    health: int
    health_cap: int
    kaos: int = 0
    rerolls: int = 0
    statuses: tuple[str, ...] = ()  # Status values
    state: str = PlayerState.SURVIVING


class Death(Record, frozen=True):
    """A completed Death Process (02 DEATH; 09 decides it, the table reports it): whose, its outcome, and what it came
    from as far as a Loot Opportunity cares (08 LOOT_OPPORTUNITIES): "random-encounter", "combat" or "" (another
    effect the table reports)."""

    player: str
    outcome: str
    source: str = ""


# --- the pending stack ---------------------------------------------------------------------------


class Procedure(Record, frozen=True):
    """A procedure in progress that must finish before what lies below it continues: a frozen record whose `kind`
    names it in the game file (its class lives in the rule module that owns it: registry.PROCEDURES)."""

    kind: ClassVar[str] = "procedure"
    tagged_by: ClassVar[str] = "kind"
    accepts: ClassVar[frozenset] = frozenset()  # move types that belong to this procedure
    must_finish_first: ClassVar[tuple[Citation, ...]] = ()  # the rules that say it finishes first

    def title(self) -> str:
        raise NotImplementedError

    def finish_hint(self, state=None) -> str:
        """The move(s) that finish it, as commands to type. With `state` (the game as it stands, this procedure on top)
        a hint may name only what the judges accept now (a Loot Management Window's placements)."""
        raise NotImplementedError

    def refuse(self, work, d, move) -> None:
        """Refuse a move that does not belong to this procedure: it finishes first (each kind cites its own rule)."""
        raise NotImplementedError

    # What a procedure does besides refusing what is not its own (each kind overrides what it needs):

    def judge_for(self, move):
        """A judge of its own for `move`, taking over the move's usual one (a Penalty's damage die rerolled), or
        None."""
        return None

    def observe(self, work, move, d) -> None:
        """A move it accepts, judged while it is on top (a Random Encounter sees its Event Reward drawn)."""

    def on_resume(self, work, d) -> None:
        """On top again: what was pushed above it (a Death Process, a Loot Management Window) is done."""

    def on_game_end(self, work, d) -> None:
        """The game ended (Victory) while it was pending."""

    def on_check_result(self, work, d, check, success: bool) -> None:
        """The Check it started (just above it) resolved: success or failure."""

    @classmethod
    def of_kind(cls, tag: str) -> type:
        from referee import registry  # the rule module of that kind, imported when a game holds one

        return registry.procedure(tag)


# --- 08 loot: the Loot Management Window (08_LOOT_AND_INVENTORY) ----------------------------------

LOOT_TYPES = (LootType.ARMOR, LootType.WEAPON, LootType.COMMON, LootType.RARE)  # the four Loot Decks, in order
LOOT_TYPE_LABELS = {"armor": "Armor", "weapon": "Weapon", "common": "Common Magic", "rare": "Rare Magic",
                    "plot": "Plot Armor"}
ARMOR_SLOTS = 5


def plot_armor_name(player: str) -> str:
    return f"Plot Armor ({player})"


def stats_text(stats: dict[str, int]) -> str:
    """Stats as a card prints them, "Brawn +1, Wits -2", or "none": a card's, a Player's bonuses, the table's."""
    return ", ".join(f"{k} {v:+d}" for k, v in stats.items()) or "none"


class PatronMat(Record, frozen=True):
    """A Player's Patron Mat (08 INVENTORY): five Armor Slots and the Backpack Slots (a card or None each), the Melee
    and Ranged Weapon Slots, the Dropped Weapons among them, the cards set aside from a window that did not resume
    (interpretation lmw-not-surviving), whether an Armor card was ever equipped (08 PLOT_ARMOR's "first time"), and
    the turn of the last Gear Swap (LOOT_SUMMARY: once during their Player Turn)."""

    player: str
    armor: tuple[str | None, ...]
    melee: str | None = None
    ranged: str | None = None
    backpack: tuple[str | None, ...] = ()
    dropped: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    armor_equipped: bool = False
    last_gear_swap: int | None = None

    @property
    def equipped(self) -> tuple[str, ...]:
        return tuple(c for c in (*self.armor, self.melee, self.ranged) if c)

    @property
    def stored(self) -> tuple[str, ...]:
        return tuple(c for c in self.backpack if c)


class LootDeck(Record, frozen=True):
    """A Loot Deck (08 DRAWING_LOOT): the cards the table has not seen (None until it gives the deck's size) and the
    known cards shuffled into it from its discard pile (LOOT_DECK_EXHAUSTION)."""

    kind: str
    unseen: int | None = None
    known: tuple[str, ...] = ()

    @property
    def size(self) -> int | None:
        return None if self.unseen is None else self.unseen + len(self.known)


class DiscardPile(Record, frozen=True):
    """A Loot Deck's discard pile (08 DISCARDING_LOOT), top card last."""

    kind: str
    cards: tuple[str, ...] = ()


class Loot(Record, frozen=True):
    """08: every place a Loot card can be but the Loot Management Windows (on the pending stack): each Player's Patron
    Mat (in the order of the table settings' Players), the four Loot Decks and their discard piles (LOOT_TYPES' order),
    the game box, and the window cards left unresolved when the game ended (LOOT_AND_DEATH_INTERRUPTION). Frozen all
    the way down: a move changes a place by replacing it (GameState.change_mat and its siblings), so a state and the
    working copy of a move never share anything either can change."""

    mats: tuple[PatronMat, ...] = ()
    decks: tuple[LootDeck, ...] = ()
    piles: tuple[DiscardPile, ...] = ()
    box: tuple[str, ...] = ()
    unresolved: tuple[str, ...] = ()


def initial_loot(settings: TableSettings) -> tuple[Loot, dict]:
    """Every Patron Mat at setup (Plot Armor in Armor Slot 1), the four decks and piles, the box; the catalogue of
    cards (each Player's Plot Armor)."""
    cards = {plot_armor_name(name): Card(type=LootType.PLOT, defense=5) for name in settings.players}
    mats = tuple(PatronMat(name, (plot_armor_name(name),) + (None,) * (ARMOR_SLOTS - 1),
                           backpack=(None,) * settings.backpack_slots) for name in settings.players)
    return Loot(mats, tuple(LootDeck(kind) for kind in LOOT_TYPES),
                tuple(DiscardPile(kind) for kind in LOOT_TYPES)), cards


def _loot_copy(value):
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return {k: _loot_copy(v) for k, v in value.items()}
    return value


def _replaced(places: tuple, index: int, place) -> tuple:
    return places[:index] + (place,) + places[index + 1:]


# --- end 08 loot -----------------------------------------------------------------------------------

def initial_encounters() -> dict:
    """The Random Encounter Deck (size when the table gives it), its public discard pile, the described cards."""
    return {"deck": None, "discard": [], "cards": {}}


# --- end 10 random encounters ----------------------------------------------------------------------

# --- the game --------------------------------------------------------------------------------------


class GameState(Record):
    settings: TableSettings
    players: list[Player]
    turn: int = 1  # positions resolved so far + 1
    active: int = 0  # index into players (Turn Order)
    turn_kind: str = "player"  # player | zombie | rising
    actions_spent: int = 0
    actions_taken: tuple[str, ...] = ()  # Turn Actions taken this turn, in order
    stack: list[Procedure] = field(default_factory=list)
    ended: bool = False
    winner: str | None = None
    rerolls_out: int = 0  # Reroll Tokens that left the game (reading "leave-game")
    last_check: str = ""
    loot: Loot = field(default_factory=Loot)  # 08 loot: every place a Loot card can be (a frozen record)
    cards: dict[str, Card] = field(default_factory=dict)  # 08 loot: the per-game catalogue of described cards
    encounters: dict = field(default_factory=initial_encounters)  # 10: deck size, discard pile, described cards
    deaths: tuple[Death, ...] = ()  # completed Death Processes (08 LOOT_OPPORTUNITIES)
    # a working copy's: the game before the move it judges (working_copy), never written to the game file
    before: ClassVar["GameState | None"] = None

    @classmethod
    def initial(cls, settings: TableSettings) -> "GameState":
        players = [
            Player(name, settings.health, settings.health_cap, kaos=settings.starting_kaos)
            for name in settings.players
        ]
        loot, cards = initial_loot(settings)
        state = cls(settings=settings, players=players, loot=loot, cards=cards)
        if settings.position:
            _apply_position(state, settings.position)
        return state

    def working_copy(self) -> "GameState":
        """A copy a judge may change through this API while it judges a move (`referee.effects.diff` reads what it
        changed): its Players, pending stack and card catalogue are its own; the values in them, and the loot places
        (frozen records), are shared with this state, so they are replaced, never changed in place. `copy.before` is
        this state: the game before the move, for the few rules that compare with it."""
        copy = object.__new__(GameState)
        copy.__dict__.update(self.__dict__)
        copy.before = self
        copy.players = [replace(p) for p in self.players]
        copy.stack = list(self.stack)
        copy.cards = dict(self.cards)
        return copy

    # --- queries -------------------------------------------------------------------------------

    def mat(self, player: str) -> PatronMat:
        """`player`'s Patron Mat (08 INVENTORY)."""
        for mat in self.loot.mats:
            if mat.player == player:
                return mat
        raise KeyError(player)

    def deck(self, kind: str) -> LootDeck:
        """A Loot Deck (08 DRAWING_LOOT)."""
        for deck in self.loot.decks:
            if deck.kind == kind:
                return deck
        raise KeyError(kind)

    def pile(self, kind: str) -> tuple[str, ...]:
        """A Loot Deck's discard pile (08 DISCARDING_LOOT), top card last."""
        for pile in self.loot.piles:
            if pile.kind == kind:
                return pile.cards
        raise KeyError(kind)

    def box(self) -> tuple[str, ...]:
        """The game box (Plot Armor discarded, 08 PLOT_ARMOR)."""
        return self.loot.box

    def unresolved(self) -> tuple[str, ...]:
        """Window cards left unresolved when the game ended (08 LOOT_AND_DEATH_INTERRUPTION)."""
        return self.loot.unresolved

    # --- changing a loot place: each is replaced whole (a frozen record), never changed in place ------------------

    def change_mat(self, player: str, **changes) -> None:
        """`player`'s Patron Mat with `changes` (its fields: armor=(...), melee="Iron Axe", dropped=(...), ...)."""
        mats = self.loot.mats
        index = next(i for i, mat in enumerate(mats) if mat.player == player)
        self.loot = replace(self.loot, mats=_replaced(mats, index, replace(mats[index], **changes)))

    def change_deck(self, kind: str, **changes) -> None:
        """A Loot Deck with `changes` (unseen=..., known=(...))."""
        decks = self.loot.decks
        index = next(i for i, deck in enumerate(decks) if deck.kind == kind)
        self.loot = replace(self.loot, decks=_replaced(decks, index, replace(decks[index], **changes)))

    def change_pile(self, kind: str, cards) -> None:
        """A discard pile, as it is now (top card last)."""
        piles = self.loot.piles
        index = next(i for i, pile in enumerate(piles) if pile.kind == kind)
        self.loot = replace(self.loot, piles=_replaced(piles, index, DiscardPile(kind, tuple(cards))))

    def change_box(self, cards) -> None:
        self.loot = replace(self.loot, box=tuple(cards))

    def change_unresolved(self, cards) -> None:
        self.loot = replace(self.loot, unresolved=tuple(cards))

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def active_player(self) -> Player:
        return self.players[self.active]

    def own_player_turn(self, name: str) -> bool:
        """Whether it is `name`'s own Player Turn: the Active Player's normal Player Turn (not a Zombie Turn or
        Rising as a Zombie, 02 PLAYER_TURN)."""
        return name == self.active_player.name and self.turn_kind == "player"

    @property
    def top(self) -> Procedure | None:
        return self.stack[-1] if self.stack else None

    def rerolls_available(self, held: int | None = None, out: int | None = None) -> int:
        """Reroll Tokens left in the supply; `held`/`out` override the totals with values a move has decided."""
        held = sum(p.rerolls for p in self.players) if held is None else held
        out = self.rerolls_out if out is None else out
        return max(0, self.settings.reroll_supply - held - out)

    def stat(self, name: str, stat: str) -> int | None:
        table = self.settings.stats.get(name, {})
        for key, value in table.items():
            if key.lower() == stat.lower():
                return value
        return None



def _apply_position(state: GameState, position: dict) -> None:
    """Set the table's position over the standard setup (referee.position validated it: every Player, slot and pile is
    given in full, Plot Armor by its owner's name)."""
    state.turn = position["turn"]
    state.active = state.settings.players.index(position["active"])
    state.turn_kind = position["turn_kind"]
    state.actions_spent = position["actions_spent"]
    state.actions_taken = tuple(position["actions_taken"])
    state.last_check = position["last_check"]
    state.rerolls_out = position["rerolls_out"]
    for mat in position["players"]:
        name = mat["name"]
        player = state.player(name)
        player.health, player.kaos, player.rerolls = mat["health"], mat["kaos"], mat["rerolls"]
        player.statuses, player.state = tuple(mat["statuses"]), mat["state"]
        state.change_mat(name, armor=tuple(mat["armor"]), melee=mat["melee"], ranged=mat["ranged"],
                         backpack=tuple(mat["backpack"]), dropped=tuple(mat["dropped"]),
                         set_aside=tuple(mat["set_aside"] or ()), armor_equipped=bool(mat["armor_equipped"]),
                         last_gear_swap=mat["last_gear_swap"])
    state.cards.update({name: decode(Card, card) for name, card in position["cards"].items()})
    for kind in LOOT_TYPES:
        deck = position["decks"][kind]
        state.change_deck(kind, unseen=deck["unseen"], known=tuple(deck["known"]))
        state.change_pile(kind, position["discards"][kind])
    state.change_box(position["box"])
    state.encounters = _loot_copy(position["encounters"])
    state.deaths = decode(tuple[Death, ...], position["deaths"])


# --- snapshots: the folded state kept in the game file (referee/store.py) -------------------------

STATE_FORMAT = 2  # bump when a field of GameState or Player changes meaning or type (a new field is seen by itself)


def state_format() -> str:
    """The snapshot format: STATE_FORMAT and the fields of GameState and Player. A snapshot of another format is
    never read (the game is folded from its log instead), so a field added or renamed never reads an old shape."""
    return (f"{STATE_FORMAT}:" + ",".join(f.name for f in fields(GameState)) + ";"
            + ",".join(f.name for f in fields(Player)))


def state_to_snapshot(state: GameState) -> dict:
    """Everything of the state but the table settings (kept once in the game file), as JSON values."""
    data = {f.name: getattr(state, f.name) for f in fields(GameState) if f.name != "settings"}
    return encode(data)


def state_from_snapshot(settings: TableSettings, data: dict) -> GameState:
    """The inverse of state_to_snapshot. A list becomes a tuple where `transition` would have made one (a Player's
    or the game's own field), so the state equals the fold of the log, field for field."""
    def tupled(value):
        return tuple(value) if isinstance(value, list) else value

    data = dict(data)
    players = [decode(Player, p) for p in data.pop("players")]
    stack = [decode(Procedure, p) for p in data.pop("stack")]
    loot = decode(Loot, data.pop("loot"))
    cards = decode(dict[str, Card], data.pop("cards"))
    data["deaths"] = decode(tuple[Death, ...], data.get("deaths", ()))
    kept = {"encounters"}  # dicts of lists, set by their own effects and never tupled
    rest = {k: v if k in kept else tupled(v) for k, v in data.items()}
    return GameState(settings=settings, players=players, stack=stack, loot=loot, cards=cards, **rest)
