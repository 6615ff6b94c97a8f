"""Where the rules live: each move type's judge and each pending procedure's class, by module and name.

One table, read lazily: a command imports only the rule module of the move it judges (a table waits on every
command, and most moves need one document), and a game file's pending stack imports the modules of the procedures
on it. `tests/test_registry.py` resolves every entry.
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["JUDGES", "PROCEDURES", "AFTER_EVERY_MOVE", "HOOKS", "judge", "procedure", "hook", "resolve"]

_CORE, _STRUCTURE = "referee.core_concepts", "referee.game_structure"
_LOOT, _ENCOUNTERS = "referee.loot_and_inventory", "referee.random_encounters"

# One judge per move type, in the module of the rule document that governs it.
JUDGES: dict[str, str] = {
    # 02_GAME_STRUCTURE
    "action": f"{_STRUCTURE}:judge_action",
    "end-turn": f"{_STRUCTURE}:judge_end_turn",
    "death": f"{_STRUCTURE}:judge_death",
    "set-state": f"{_STRUCTURE}:judge_set_state",
    # 01_CORE_CONCEPTS
    "declare": f"{_CORE}:judge_declare",
    "roll": f"{_CORE}:judge_roll",
    "reroll": f"{_CORE}:judge_reroll",
    "kaos": f"{_CORE}:judge_kaos",
    "modifier": f"{_CORE}:judge_modifier",
    "resolve": f"{_CORE}:judge_resolve",
    "damage": f"{_CORE}:judge_damage",
    "heal": f"{_CORE}:judge_heal",
    "gain": f"{_CORE}:judge_gain",
    "lose": f"{_CORE}:judge_lose",
    "gain-status": f"{_CORE}:judge_gain_status",
    "remove-status": f"{_CORE}:judge_remove_status",
    # 08_LOOT_AND_INVENTORY
    "card": f"{_LOOT}.cards:judge_card",
    "deck-size": f"{_LOOT}.drawing:judge_deck_size",
    "draw": f"{_LOOT}.drawing:judge_draw",
    "equip": f"{_LOOT}.equipping:judge_equip",
    "store": f"{_LOOT}.storing:judge_store",
    "discard": f"{_LOOT}.discarding:judge_discard",
    "use": f"{_LOOT}.consumables:judge_use",
    "gear-swap": f"{_LOOT}.gear_swap:judge_gear_swap",
    "take": f"{_LOOT}.taking:judge_take",
    "drop": f"{_LOOT}.dropped_weapons:judge_drop",
    "recover": f"{_LOOT}.dropped_weapons:judge_recover",
    # 10_RANDOM_ENCOUNTERS
    "encounter-deck": f"{_ENCOUNTERS}.deck:judge_deck",
    "encounter-draw": f"{_ENCOUNTERS}.drawing:judge_draw",
    "encounter-choose": f"{_ENCOUNTERS}.completion_options:judge_choose",
    "encounter-roll": f"{_ENCOUNTERS}.penalty:judge_roll",
    "encounter-discard": f"{_ENCOUNTERS}.penalty:judge_discard",
    "encounter-continue": f"{_ENCOUNTERS}.interruptions:judge_continue",
}

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


def resolve(where: str):
    """The object a "module:name" entry names (its module imported on first use)."""
    module, name = where.split(":")
    return getattr(import_module(module), name)


def judge(move_type: str):
    return resolve(JUDGES[move_type])


def procedure(kind: str) -> type:
    return resolve(PROCEDURES[kind])


def hook(name: str):
    return resolve(HOOKS[name])
