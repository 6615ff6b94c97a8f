"""Moves the table declares: small frozen values, parsed by the CLI, judged by the engine."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

__all__ = [
    "Move", "TurnAction", "DeclareCheck", "RollDice", "Reroll", "SpendKaos", "ResolveCheck",
    "Damage", "Heal", "Gain", "Lose", "GainStatus", "RemoveStatus", "ReportDeath", "SetState",
    "EndTurn", "MOVE_TYPES", "move_to_json", "move_from_json", "describe",
    "RESOURCES", "STATUSES", "PLAYER_STATES", "CHECK_KINDS", "DEATH_OUTCOMES",
]

RESOURCES = ("health", "kaos", "reroll")
STATUSES = {"goblin": "Goblin Balls On Ya", "haunted": "Dungeon Haunted"}
PLAYER_STATES = ("surviving", "fallen", "zombie", "removed")
CHECK_KINDS = ("stat", "perception", "attack", "contested")
DEATH_OUTCOMES = ("removed", "fallen", "zombie", "surviving")


class Move:
    """Base of every move; `type` is its name in the game log and in JSON."""

    type = "move"


def _move(type_name: str):
    def wrap(cls):
        cls = dataclass(frozen=True, kw_only=True)(cls)
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
    kind: str  # stat | perception | attack | contested
    stat: str = ""  # the Stat for a Stat or Contested Check
    tn: int | None = None  # Target Number; none for a Contested Check
    opponents: tuple[str, ...] = ()
    bonus: int = 0  # other applicable modifiers the table reports (card text, loot)


@_move("roll")
class RollDice(Move):
    player: str
    dice: tuple[int, ...]
    virtual: bool = False


@_move("reroll")
class Reroll(Move):
    player: str
    dice: tuple[int, ...]
    virtual: bool = False


@_move("kaos")
class SpendKaos(Move):
    player: str
    amount: int


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


def move_to_json(move: Move) -> dict:
    data = {"type": move.type}
    for key, value in asdict(move).items():
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


def move_from_json(data: dict) -> Move:
    data = dict(data)
    cls = MOVE_TYPES[data.pop("type")]
    names = {f.name for f in fields(cls)}
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in names}
    return cls(**kwargs)


def describe(move: Move) -> str:
    """The move as the table would type it (for history and messages)."""
    parts = [move.type]
    if isinstance(move, DeclareCheck):
        parts += [move.player, move.stat.lower() if move.stat else move.kind]
        if move.tn is not None:
            parts.append(f"--tn {move.tn}")
        parts += [f"--vs {o}" for o in move.opponents]
        if move.bonus:
            parts.append(f"--bonus {move.bonus:+d}")
        return " ".join(parts)
    for f in fields(move):
        value = getattr(move, f.name)
        if value in (None, "", (), False) or (f.name == "bonus" and value == 0):
            continue
        if isinstance(value, bool):
            parts.append(f"--{f.name.replace('_', '-')}")
        elif isinstance(value, tuple):
            parts.append(" ".join(map(str, value)))
        elif f.name in ("player", "kind", "resource", "status", "outcome", "state", "amount"):
            parts.append(str(value))
        elif isinstance(value, str) and " " in value:
            parts.append(f'"{value}"' if f.name == "action" else f'--{f.name} "{value}"')
        elif f.name == "action":
            parts.append(value)
        else:
            parts.append(f"--{f.name} {value}")
    return " ".join(parts)
