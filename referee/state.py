"""The public game state the referee keeps: table settings, players, the turn, the pending stack.

State is the fold of the game log: `GameState.initial(settings)` then `transition(state, effects)`
for each applied move. `transition` is the trusted, unchecked step (the engine checks first).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import ClassVar

from referee import citations as R
from referee.deferred import deferred
from referee.ruling import Citation

__all__ = [
    "TableSettings", "Player", "Participant", "Procedure", "CheckProc", "EndOfTurnProc", "DeathProc",
    "PROCEDURE_TYPES", "GameState", "transition", "proc_from_json",
    "LootWindowProc", "LOOT_TYPES", "LOOT_TYPE_LABELS", "ARMOR_SLOTS", "plot_armor_name", "initial_loot",
    "EncounterProc", "CHECK_MOVES", "initial_encounters",
]


@dataclass(frozen=True)
class TableSettings:
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

    def to_json(self) -> dict:
        data = asdict(self)
        data["players"] = list(self.players)
        data["missing_documents"] = list(self.missing_documents)
        return data

    @classmethod
    def from_json(cls, data: dict) -> "TableSettings":
        names = {f.name for f in fields(cls)}
        data = {k: v for k, v in data.items() if k in names}
        data["players"] = tuple(data["players"])
        data["missing_documents"] = tuple(data.get("missing_documents", ()))
        return cls(**data)

    def not_loaded(self, doc_id: str) -> str:
        """`07_DUNGEON_BOMBS [not loaded]` when it is missing, else just the id."""
        return f"{doc_id} [not loaded]" if doc_id in self.missing_documents else doc_id


@dataclass
class Player:
    name: str
    health: int
    health_cap: int
    kaos: int = 0
    rerolls: int = 0
    statuses: tuple[str, ...] = ()  # "goblin", "haunted"
    state: str = "surviving"  # surviving | fallen | zombie | removed


# --- the pending stack ---------------------------------------------------------------------------


@deferred(frozen=True)
class Procedure:
    """A procedure in progress that must finish before what lies below it continues."""

    kind: ClassVar[str] = "procedure"
    accepts: ClassVar[frozenset] = frozenset()  # move types that belong to this procedure
    must_finish_first: ClassVar[tuple[Citation, ...]] = ()  # the rules that say it finishes first

    def title(self) -> str:
        raise NotImplementedError

    def finish_hint(self) -> str:
        raise NotImplementedError

    def refuse(self, d, move) -> None:
        """Refuse a move that does not belong to this procedure: it finishes first (each kind cites its own rule)."""
        raise NotImplementedError

    def to_json(self) -> dict:
        data = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = _jsonable(getattr(self, f.name))
        return data


def _jsonable(value):
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: _jsonable(v) for k, v in asdict(value).items()}
    return value


@deferred(frozen=True)
class Participant:
    """One Player rolling in a Check."""

    name: str
    modifier: int
    modifier_note: str  # "Brawn +2 (table setting)"
    dice: tuple[int, ...] = ()  # the dice of the current roll; () until rolled
    mode: str = "single"  # single | higher | lower (Goblin Balls On Ya / Dungeon Haunted)
    dropped: tuple[tuple[int, ...], ...] = ()  # rolls replaced by a Reroll Token, shown struck through
    kaos: int = 0
    bonus: int = 0  # the modifiers that are not the Stat: --bonus at declare, table-reported modifiers after
    live: bool = False  # the Stat part is read from the board when the Check resolves (older logs: fixed at declare)
    reasons: tuple[str, ...] = ()  # the table-reported modifiers, as shown: "+2 Lucky Charm"

    @property
    def rolled(self) -> bool:
        return bool(self.dice)

    @property
    def used_die(self) -> int:
        if self.mode == "higher":
            return max(self.dice)
        if self.mode == "lower":
            return min(self.dice)
        return self.dice[0]

    @property
    def final_result(self) -> int:
        return self.used_die + self.modifier + self.kaos


CHECK_MOVES = frozenset({"roll", "reroll", "kaos", "modifier", "resolve"})
# Effects the table reports a card or rule had (what interpretation check-finishes-first may let in during a Check).
REPORTED_EFFECTS = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status"})


@deferred(frozen=True)
class CheckProc(Procedure):
    kind = "check"
    # 10: a switch of option is judged (and refused) by its own rule; 08: a card whose own timing allows it is used
    # during the Check (judge_use refuses an untimed one: interpretation check-finishes-first)
    accepts = CHECK_MOVES | {"encounter-choose", "use"}
    must_finish_first = (R.FINAL_RESULT_DEFINITION, R.TIMING_FEWEST_UNRESOLVED)

    def refuse(self, d, move) -> None:
        if move.type in REPORTED_EFFECTS and d.interpret("check-finishes-first") == "effects-during-check":
            return  # the table's reading: the effects it reports are recorded during the Check
        d.violate("check-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint(), reading="check-finishes-first")

    check_kind: str = "stat"  # stat | perception | attack (the base kind each participant's modifier comes from)
    stat: str = ""
    tn: int | None = None
    initiator: str = ""
    participants: tuple[Participant, ...] = ()
    contested: bool = False  # made by two or more Players against each other (01 CONTESTED_CHECKS)

    def __post_init__(self):
        if self.check_kind == "contested":  # a log written before `contested` was a flag: a Contested Stat Check
            object.__setattr__(self, "check_kind", "stat")
            object.__setattr__(self, "contested", True)

    def participant(self, name: str) -> Participant | None:
        return next((p for p in self.participants if p.name == name), None)

    def with_participant(self, updated: Participant) -> "CheckProc":
        return replace(self, participants=tuple(updated if p.name == updated.name else p for p in self.participants))

    def label(self) -> str:
        what = {"perception": "Perception Check", "attack": "Attack Check"}.get(self.check_kind, f"{self.stat} Check")
        return f"Contested {what}" if self.contested else what

    def title(self) -> str:
        if self.contested:
            others = ", ".join(p.name for p in self.participants[1:])
            return f"{self.label()}: {self.initiator} vs {others}"
        return f"{self.label()} for {self.initiator} vs TN {self.tn}"

    def next_roller(self) -> str | None:
        return next((p.name for p in self.participants if not p.rolled), None)

    def finish_hint(self) -> str:
        waiting = self.next_roller()
        if waiting:
            dice = "D20" if self.participant(waiting).mode == "single" else "D20 D20"
            return f"`referee roll {waiting.lower()} {dice}` (or `--virtual`), then `referee resolve`"
        return "`referee resolve` (after any reroll or Kaos)"


@deferred(frozen=True)
class EndOfTurnProc(Procedure):
    kind = "end-of-turn"
    # Effects the table records during the Cube Room check and Dungeon Bomb Step, and the step itself.
    accepts = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death",
                         "set-state", "declare", "end-turn",
                         "draw", "take", "discard",  # 08 loot: DUNGEON_BOMB_LOOT instructions
                         "encounter-draw"})  # 10: a Dungeon Bomb draws a Random Encounter
    must_finish_first = (R.TURN_SEQUENCE_END_PROCESS, R.TURN_SEQUENCE_COMPLETE, R.TURN_SEQUENCE_ACTIONS)

    def refuse(self, d, move) -> None:
        d.violate("end-of-turn-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint())

    player: str = ""
    step: str = "dungeon-bomb"  # cube-room | dungeon-bomb

    def title(self) -> str:
        step = "Cube Room End Effects" if self.step == "cube-room" else "Dungeon Bomb Step"
        return f"End of Turn Process for {self.player}: {step} (table-reported)"

    def finish_hint(self) -> str:
        return "record what happened, then `referee end-turn` to continue the End of Turn Process"


@deferred(frozen=True)
class DeathProc(Procedure):
    kind = "death"
    accepts = frozenset({"death", "damage"})  # damage: the same effect hitting others (simultaneous-deaths)
    must_finish_first = (R.DEATH_FULLY_RESOLVED, R.DEATH_INTERRUPTS)

    def refuse(self, d, move) -> None:
        d.violate("death-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint())

    player: str = ""
    cause: str = ""
    source: str = ""  # "random-encounter" (creates no Loot Opportunity, 10), "combat", "" (another effect)

    def title(self) -> str:
        return f"Death Process for {self.player} (09_DEATH_AND_VICTORY: the table reports the outcome)"

    def finish_hint(self) -> str:
        return f"`referee death {self.player.lower()} removed|fallen|zombie|surviving`"


# --- 08 loot: the Loot Management Window (08_LOOT_AND_INVENTORY) ----------------------------------

LOOT_TYPES = ("armor", "weapon", "common", "rare")  # the four Loot Decks, in the rules' order
LOOT_TYPE_LABELS = {"armor": "Armor", "weapon": "Weapon", "common": "Common Magic", "rare": "Rare Magic",
                    "plot": "Plot Armor"}
ARMOR_SLOTS = 5


@deferred(frozen=True)
class LootWindowProc(Procedure):
    """A Player places every newly acquired and displaced card before anything else proceeds."""

    kind = "loot-window"
    # Placing cards, more Loot joining the window, and effects of cards used in it (card text, table-reported).
    accepts = frozenset({"equip", "store", "use", "discard", "draw", "take", "damage", "heal", "gain", "lose",
                         "gain-status", "remove-status", "death", "set-state"})
    must_finish_first = (R.LMW_NO_UNRESOLVED, R.LMW_ENDS_ONLY_WHEN)

    def refuse(self, d, move) -> None:
        d.violate("window-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint())

    player: str = ""
    cards: tuple[str, ...] = ()  # unresolved cards, in the order they arrived
    displaced: tuple[str, ...] = ()  # which of them are displaced Loot
    source: str = ""  # "drew", "took from Ivo (Pickpocket)"

    def __post_init__(self):
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "displaced", tuple(self.displaced))

    def labels(self) -> list[str]:
        return [f"{c} ({'displaced' if c in self.displaced else 'new'})" for c in self.cards]

    def title(self) -> str:
        return f"Loot Management Window for {self.player}: {', '.join(self.labels()) or 'nothing left'}"

    def finish_hint(self) -> str:
        who = self.player.lower()
        first = self.cards[0] if self.cards else "CARD"
        return (f"place each card as its options allow (`referee inventory {who}`): `referee equip|store|use|discard "
                f"{who} \"{first}\"`")


def plot_armor_name(player: str) -> str:
    return f"Plot Armor ({player})"


def initial_loot(settings: TableSettings) -> tuple[dict, dict]:
    """Every Patron Mat at setup (Plot Armor in Armor Slot 1), the four decks and piles, the box.

    Places are keyed "Mara/armor" (five slots), "Mara/melee", "Mara/ranged", "Mara/backpack",
    "Mara/dropped", "deck/armor" ({"unseen": count or None when the table has not said, "known": [...]}),
    "discard/armor", "box"; "unresolved" holds window cards when the game ended mid-window.
    """
    loot: dict = {}
    cards: dict = {}
    for name in settings.players:
        plot = plot_armor_name(name)
        cards[plot] = {"type": "plot", "defense": 5}
        loot[f"{name}/armor"] = [plot] + [None] * (ARMOR_SLOTS - 1)
        loot[f"{name}/melee"] = None
        loot[f"{name}/ranged"] = None
        loot[f"{name}/backpack"] = [None] * settings.backpack_slots
        loot[f"{name}/dropped"] = []
    for kind in LOOT_TYPES:
        loot[f"deck/{kind}"] = {"unseen": None, "known": []}
        loot[f"discard/{kind}"] = []
    loot["box"] = []
    loot["unresolved"] = []
    return loot, cards


def _loot_copy(value):
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return {k: _loot_copy(v) for k, v in value.items()}
    return value


# --- end 08 loot -----------------------------------------------------------------------------------

# --- 10 random encounters (10_RANDOM_ENCOUNTERS): the procedure; its rules live in referee/random_encounters.py ---

ENCOUNTER_RECORDS = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death", "set-state"})
ENCOUNTER_STEP_MOVES = {
    # encounter-choose is always accepted so that a switch is refused with the rule on switching
    "choose": frozenset({"encounter-choose", "encounter-continue"}),  # continuing is refused: choose first
    "check": frozenset({"encounter-choose"}),  # the Check sits on top meanwhile
    "reward": frozenset({"encounter-choose", "draw", "encounter-continue"}),
    "penalty": frozenset({"encounter-choose", "encounter-roll", "encounter-discard", "encounter-continue",
                          "encounter-draw", "declare"}) | ENCOUNTER_RECORDS,
    "combat": frozenset({"encounter-choose", "encounter-continue", "encounter-draw", "declare"}) | ENCOUNTER_RECORDS,
    "complete": frozenset({"encounter-choose", "encounter-continue"}),
}


@deferred(frozen=True)
class EncounterProc(Procedure):
    """A Random Encounter being resolved; the card's description is in `GameState.encounters`."""

    kind = "random-encounter"
    must_finish_first = (R.RE_FULLY_RESOLVED, R.RE_INTERRUPTS)

    def refuse(self, d, move) -> None:
        resolving = move.type in CHECK_MOVES or getattr(move, "player", None) == self.player and move.type in (
            "discard", "use", "lose", "gain-status", "damage")  # rolling, paying, discarding or using Loot for it
        if self.step == "choose" and resolving:  # 10: nothing is done to resolve it before an option is chosen
            when = "before rolling dice: no Check is being rolled yet" if move.type in CHECK_MOVES else "first"
            d.violate("choose-an-option-first", f"{self.player} must choose an Encounter Completion Option of "
                      f"'{self.card}' {when}", R.OPTIONS_CHOOSE_FIRST,
                      *((R.NON_CHECK_CHOOSE_FIRST,) if move.type not in CHECK_MOVES else (R.RE_PROC_CHOOSE,)),
                      *self.must_finish_first, fix=self.finish_hint())
        else:
            d.violate("encounter-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                      fix=self.finish_hint())

    card: str = ""
    player: str = ""  # the Encountering Player
    cause: str = ""  # move | flee | bomb | other
    source: str = ""  # what it interrupts, as shown: "Bob's Dungeon Bomb Step"
    step: str = "choose"  # choose | check | reward | penalty | combat | complete
    option: int = 0  # the chosen Encounter Completion Option, 1-based; 0 before choosing
    next: int = 0  # the next Penalty instruction to resolve (printed order)
    awaiting: str = ""  # penalty step: "roll" (a damage die) | "apply" (rolled, not resolved) | "discard" | "report"
    roller: str = ""  # who rolls the damage die (01 DAMAGE: the Player to the damaged Player's left)
    die: int = 0
    value: int = 0  # the damage die as rolled, while it may still be rerolled (awaiting "apply")
    dropped: tuple[int, ...] = ()  # a value replaced by a Reroll Token, shown struck through

    def __post_init__(self):
        object.__setattr__(self, "dropped", tuple(self.dropped))

    @property
    def accepts(self) -> frozenset:  # by step, unlike the other procedures
        moves = ENCOUNTER_STEP_MOVES.get(self.step, frozenset())
        return moves | {"reroll", "resolve"} if self.die_rolled else moves

    @property
    def die_rolled(self) -> bool:
        """A Penalty's damage die is rolled and not resolved yet: it may be rerolled (01 REROLL_TOKENS)."""
        return self.step == "penalty" and self.awaiting == "apply"

    def title(self) -> str:
        doing = {
            "choose": "choosing an Encounter Completion Option",
            "check": f"option {self.option} (a Check) being resolved",
            "reward": f"option {self.option} succeeded: Event Reward before the card is discarded",
            "penalty": "failed: resolving the Penalty in printed order",
            "combat": "a Combat Encounter it started is being resolved (the card waits in the interrupted "
                      "resolution area)",
            "complete": "to be completed (discard the card)",
        }.get(self.step, self.step)
        return f"Random Encounter '{self.card}' for {self.player} (drawn by {self.source}): {doing}"

    def finish_hint(self) -> str:
        who = self.player.lower()
        if self.step == "choose":
            return f"`referee encounter choose {who} N` (one option, before rolling or paying anything)"
        if self.step == "check":
            return "resolve the Check: `referee roll`, optionally `reroll`/`kaos`, then `referee resolve`"
        if self.step == "reward":
            return (f"`referee draw {who} common \"CARD\"` (the Event Reward), or `referee encounter continue` "
                    f"to decline it")
        if self.step == "penalty" and self.awaiting == "roll":
            return f"`referee encounter roll {self.roller.lower()} N` (the d{self.die} for Damage, or --virtual)"
        if self.die_rolled:
            return (f"`referee reroll PLAYER N` (1 Reroll Token: the d{self.die} again), or `referee resolve` to apply "
                    f"the {self.value}")
        if self.step == "penalty" and self.awaiting == "discard":
            return f"`referee encounter discard {who} \"CARD\"` (Loot to discard for the Penalty)"
        if self.step == "combat":
            return ("resolve the Combat Encounter at the table (06_COMBAT_ENCOUNTER), record its Damage and "
                    "Deaths, then `referee encounter continue`")
        return "`referee encounter continue`"


def initial_encounters() -> dict:
    """The Random Encounter Deck (size when the table gives it), its public discard pile, the described cards."""
    return {"deck": None, "discard": [], "cards": {}}


# --- end 10 random encounters ----------------------------------------------------------------------

PROCEDURE_TYPES: dict[str, type] = {cls.kind: cls for cls in (CheckProc, EndOfTurnProc, DeathProc, LootWindowProc,
                                                              EncounterProc)}


def proc_from_json(data: dict) -> Procedure:
    data = dict(data)
    cls = PROCEDURE_TYPES[data.pop("kind")]
    if cls is CheckProc:
        data["participants"] = tuple(
            Participant(**{**p, "dice": tuple(p["dice"]), "dropped": tuple(tuple(d) for d in p["dropped"]),
                           "reasons": tuple(p.get("reasons", ()))})
            for p in data["participants"]
        )
    return cls(**data)


# --- the game --------------------------------------------------------------------------------------


@dataclass
class GameState:
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
    loot: dict = field(default_factory=dict)  # 08 loot: every place a Loot card can be (see initial_loot)
    cards: dict = field(default_factory=dict)  # 08 loot: the per-game catalogue of described cards
    encounters: dict = field(default_factory=initial_encounters)  # 10: deck size, discard pile, described cards
    deaths: tuple = ()  # completed Death Processes: {"player", "outcome", "source"} (08 LOOT_OPPORTUNITIES)

    @classmethod
    def initial(cls, settings: TableSettings) -> "GameState":
        players = [
            Player(name, settings.health, settings.health_cap, kaos=settings.starting_kaos)
            for name in settings.players
        ]
        loot, cards = initial_loot(settings)
        return cls(settings=settings, players=players, loot=loot, cards=cards)

    # --- queries -------------------------------------------------------------------------------

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

    def to_json(self) -> dict:
        return {
            "turn": self.turn,
            "active_player": self.active_player.name,
            "turn_kind": self.turn_kind,
            "turn_actions": {"spent": self.actions_spent, "per_turn": self.settings.turn_actions,
                             "taken": list(self.actions_taken)},
            "players": [asdict(p) | {"statuses": list(p.statuses)} for p in self.players],
            "stack": [p.to_json() for p in reversed(self.stack)],  # top first
            "ended": self.ended,
            "winner": self.winner,
            "reroll_tokens_available": self.rerolls_available(),
            "last_check": self.last_check,
            "loot": self.loot,
            "cards": self.cards,
            "encounters": self.encounters,  # 10 random encounters
            "deaths": list(self.deaths),
            "settings": self.settings.to_json(),
        }


def transition(state: GameState, effects) -> GameState:
    """Apply a ruling's effects to `state` in place. Trusted: the engine has checked them."""
    for effect in effects:
        op = effect["op"]
        if op == "player":
            value = effect["value"]
            setattr(state.player(effect["name"]), effect["field"], tuple(value) if isinstance(value, list) else value)
        elif op == "game":
            value = effect["value"]
            setattr(state, effect["field"], tuple(value) if isinstance(value, list) else value)
        elif op == "push":
            state.stack.append(proc_from_json(effect["proc"]))
        elif op == "pop":
            state.stack.pop()
        elif op == "top":
            state.stack[-1] = proc_from_json(effect["proc"])
        elif op == "clear":
            state.stack.clear()
        elif op == "loot":  # 08 loot: one place, absolute value
            state.loot[effect["key"]] = _loot_copy(effect["value"])
        elif op == "card":  # 08 loot: one catalogue entry
            state.cards[effect["name"]] = _loot_copy(effect["value"])
        elif op == "stack":  # the whole pending stack, absolute (a procedure left from below the top)
            state.stack[:] = [proc_from_json(p) for p in effect["procs"]]
        else:  # a log written by a newer referee
            raise ValueError(f"unknown effect {op!r}")
    return state
