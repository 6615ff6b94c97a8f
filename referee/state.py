"""The public game state the referee keeps: table settings, players, the turn, the pending stack.

State is the fold of the game log: `GameState.initial(settings)` then `transition(state, effects)`
for each applied move. `transition` is the trusted, unchecked step (the engine checks first).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import ClassVar

from referee import citations as R
from referee.ruling import Citation

__all__ = [
    "TableSettings", "Player", "Participant", "Procedure", "CheckProc", "EndOfTurnProc", "DeathProc",
    "PROCEDURE_TYPES", "GameState", "transition", "proc_from_json",
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


@dataclass(frozen=True)
class Procedure:
    """A procedure in progress that must finish before what lies below it continues."""

    kind: ClassVar[str] = "procedure"
    accepts: ClassVar[frozenset] = frozenset()  # move types that belong to this procedure
    must_finish_first: ClassVar[tuple[Citation, ...]] = ()  # the rules that say it finishes first

    def title(self) -> str:
        raise NotImplementedError

    def finish_hint(self) -> str:
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


@dataclass(frozen=True)
class Participant:
    """One Player rolling in a Check."""

    name: str
    modifier: int
    modifier_note: str  # "Brawn +2 (table setting)"
    dice: tuple[int, ...] = ()  # the dice of the current roll; () until rolled
    mode: str = "single"  # single | higher | lower (Goblin Balls On Ya / Dungeon Haunted)
    dropped: tuple[tuple[int, ...], ...] = ()  # rolls replaced by a Reroll Token, shown struck through
    kaos: int = 0

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


CHECK_MOVES = frozenset({"roll", "reroll", "kaos", "resolve"})


@dataclass(frozen=True)
class CheckProc(Procedure):
    kind = "check"
    accepts = CHECK_MOVES
    must_finish_first = (R.FINAL_RESULT_DEFINITION, R.TIMING_FEWEST_UNRESOLVED)

    check_kind: str = "stat"  # stat | perception | attack | contested
    stat: str = ""
    tn: int | None = None
    initiator: str = ""
    participants: tuple[Participant, ...] = ()

    def participant(self, name: str) -> Participant | None:
        return next((p for p in self.participants if p.name == name), None)

    def with_participant(self, updated: Participant) -> "CheckProc":
        return replace(self, participants=tuple(updated if p.name == updated.name else p for p in self.participants))

    def label(self) -> str:
        if self.check_kind == "perception":
            what = "Perception Check"
        elif self.check_kind == "attack":
            what = "Attack Check"
        elif self.check_kind == "contested":
            what = f"Contested {self.stat} Check"
        else:
            what = f"{self.stat} Check"
        return what

    def title(self) -> str:
        if self.check_kind == "contested":
            others = ", ".join(p.name for p in self.participants[1:])
            return f"{self.label()}: {self.initiator} vs {others}"
        return f"{self.label()} for {self.initiator} vs TN {self.tn}"

    def next_roller(self) -> str | None:
        return next((p.name for p in self.participants if not p.rolled), None)

    def finish_hint(self) -> str:
        waiting = self.next_roller()
        if waiting:
            return f"`referee roll {waiting.lower()} D20` (or `--virtual`), then `referee resolve`"
        return "`referee resolve` (after any reroll or Kaos)"


@dataclass(frozen=True)
class EndOfTurnProc(Procedure):
    kind = "end-of-turn"
    # Effects the table records during the Cube Room check and Dungeon Bomb Step, and the step itself.
    accepts = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death",
                         "set-state", "declare", "end-turn"})
    must_finish_first = (R.TURN_SEQUENCE_ACTIONS, R.TURN_SEQUENCE_END_PROCESS, R.TURN_SEQUENCE_COMPLETE)

    player: str = ""
    step: str = "dungeon-bomb"  # cube-room | dungeon-bomb

    def title(self) -> str:
        step = "Cube Room End Effects" if self.step == "cube-room" else "Dungeon Bomb Step"
        return f"End of Turn Process for {self.player}: {step} (table-reported)"

    def finish_hint(self) -> str:
        return "record what happened, then `referee end-turn` to continue the End of Turn Process"


@dataclass(frozen=True)
class DeathProc(Procedure):
    kind = "death"
    accepts = frozenset({"death"})
    must_finish_first = (R.DEATH_INTERRUPTS, R.DEATH_FULLY_RESOLVED)

    player: str = ""
    cause: str = ""

    def title(self) -> str:
        return f"Death Process for {self.player} (09_DEATH_AND_VICTORY: the table reports the outcome)"

    def finish_hint(self) -> str:
        return f"`referee death {self.player.lower()} removed|fallen|zombie|surviving`"


PROCEDURE_TYPES: dict[str, type] = {cls.kind: cls for cls in (CheckProc, EndOfTurnProc, DeathProc)}


def proc_from_json(data: dict) -> Procedure:
    data = dict(data)
    cls = PROCEDURE_TYPES[data.pop("kind")]
    if cls is CheckProc:
        data["participants"] = tuple(
            Participant(**{**p, "dice": tuple(p["dice"]), "dropped": tuple(tuple(d) for d in p["dropped"])})
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

    @classmethod
    def initial(cls, settings: TableSettings) -> "GameState":
        players = [
            Player(name, settings.health, settings.health_cap, kaos=settings.starting_kaos)
            for name in settings.players
        ]
        return cls(settings=settings, players=players)

    # --- queries -------------------------------------------------------------------------------

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def active_player(self) -> Player:
        return self.players[self.active]

    @property
    def top(self) -> Procedure | None:
        return self.stack[-1] if self.stack else None

    def surviving(self) -> list[Player]:
        return [p for p in self.players if p.state == "surviving"]

    def rerolls_available(self) -> int:
        held = sum(p.rerolls for p in self.players)
        return max(0, self.settings.reroll_supply - held - self.rerolls_out)

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
        else:  # a log written by a newer referee
            raise ValueError(f"unknown effect {op!r}")
    return state
