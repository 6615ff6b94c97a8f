"""Where the rules live: each pending procedure's class and each hook, by module and name; each move type's judge is
named by its declaration (`@move(..., judge="module:name")`, referee/moves.py).

Read lazily: a command imports only the rule module of the move it judges (a table waits on every command, and most
moves need one document), and a game file's pending stack imports the modules of the procedures on it.
`tests/test_engine_properties.py` resolves every entry.
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["PROCEDURES", "AFTER_EVERY_MOVE", "HOOKS", "judge", "procedure", "hook", "resolve"]

_CORE, _STRUCTURE = "referee.core_concepts", "referee.game_structure"
_LOOT, _ENCOUNTERS = "referee.loot_and_inventory", "referee.random_encounters"

# The procedures of the pending stack, by kind (the name they are logged under), each in the module of its rules.
PROCEDURES: dict[str, str] = {
    "check": f"{_CORE}:CheckProc",
    "end-of-turn": f"{_STRUCTURE}:EndOfTurnProc",
    "death": f"{_STRUCTURE}:DeathProc",
    "loot-window": f"{_LOOT}.loot_management_window:LootWindowProc",
    "random-encounter": f"{_ENCOUNTERS}.procedure:EncounterProc",
}

# After every move: 02's check that the stack emptied under an Active Player who is no longer Surviving.
AFTER_EVERY_MOVE = f"{_STRUCTURE}:after_move"


# Where an earlier document's rule needs a later one's (the rule modules import only those before them: 01 <- 02 <- 08
# <- 10), the earlier one calls the hook by name and the later one is named here.
HOOKS: dict[str, str] = {
    "refuse-removed": f"{_STRUCTURE}:refuse_removed",  # 01's effects on a Removed Player: 02 TURN_ORDER
    "possible-death": f"{_STRUCTURE}:flag_possible_death",  # 01 DAMAGE at 0 Health: 02's Death Process
    "turn-order": f"{_STRUCTURE}:turn_order",  # 01 CORE_TIMING_PRINCIPLE: simultaneous effects in 02's Turn Order
    "stat-bonuses": f"{_LOOT}:stat_bonus_sources",  # 01's Check reads 08 LOOT_AND_STAT_BONUSES
    "check-changers": "referee.legal_moves:check_changers",  # 01 FINAL_RESULT: could any move still change the Check
    # 10 RANDOM_ENCOUNTER: what the Random Encounter on the stack (procedure.EncounterProc) does as other moves go on,
    # in the modules of the sections that decide it (each imports the procedure's)
    "encounter-die-reroll": f"{_ENCOUNTERS}.penalty:judge_die_reroll",
    "encounter-die-resolve": f"{_ENCOUNTERS}.penalty:judge_die_resolve",
    "encounter-discard": f"{_ENCOUNTERS}.penalty:judge_discard",
    "encounter-event-reward": f"{_ENCOUNTERS}.event_reward:observe",
    "encounter-loot": f"{_ENCOUNTERS}.completion_options:observe_loot",
    "encounter-resume": f"{_ENCOUNTERS}.interruptions:resume",
    "encounter-game-end": f"{_ENCOUNTERS}.interruptions:at_game_end",
    "encounter-check-result": f"{_ENCOUNTERS}.penalty:consume_check_result",
}


_RESOLVED: dict[str, object] = {}


def resolve(where: str):
    """The object a "module:name" entry names (its module imported on first use)."""
    found = _RESOLVED.get(where)
    if found is None:
        module, name = where.split(":")
        found = _RESOLVED[where] = getattr(import_module(module), name)
    return found


def judge(move):
    """The judge of `move` (its declaration names it), its rule module imported on first use."""
    return resolve(type(move).judge)


def procedure(kind: str) -> type:
    return resolve(PROCEDURES[kind])


def hook(name: str):
    return resolve(HOOKS[name])
