"""Every rule statement the engine can cite, by key and verbatim quote, in one place.

`tests/test_citations.py` walks this module and fails unless each quote is a statement of its
section in the rules database. Engine code refers to these names, never to loose strings.
"""

from __future__ import annotations

from referee.ruling import Citation

CORE = "01_CORE_CONCEPTS"
STRUCTURE = "02_GAME_STRUCTURE"
LOOT = "08_LOOT_AND_INVENTORY"
ENCOUNTERS = "10_RANDOM_ENCOUNTERS"


def _c(doc_id: str, section_id: str, quote: str) -> Citation:
    return Citation(doc_id, section_id, quote)


# --- 01_CORE_CONCEPTS --------------------------------------------------------------------------

VARIABLES_RULE = _c(CORE, "VARIABLES", "When this document references a Variable by name, use the value listed in this section unless another rule specifically states otherwise.")
DICE_D20_FOR_CHECKS = _c(CORE, "DICE", "The d20 is used for Checks.")

CHECK_IS_D20_ROLL = _c(CORE, "CHECKS", "A Check is a d20 roll made to determine success or failure.")
CHECK_SUCCEEDS = _c(CORE, "CHECKS", "A Check succeeds if the Final Result is equal to or greater than the Target Number.")
CHECK_FAILS = _c(CORE, "CHECKS", "A Check fails if the Final Result is lower than the Target Number.")

FINAL_RESULT_DEFINITION = _c(CORE, "FINAL_RESULT", "The Final Result is the value of a Check after all allowed rerolls, modifiers, and Kaos spending have been resolved.")
FINAL_RESULT_DECIDES = _c(CORE, "FINAL_RESULT", "Only the Final Result determines whether a Check succeeds or fails unless a rule specifically states otherwise.")

TARGET_NUMBER = _c(CORE, "TARGET_NUMBER", "A Target Number is the number a Check must meet or exceed to succeed.")
STAT_CHECK = _c(CORE, "STAT_CHECKS", "A Stat Check is a Check using one specific Stat.")
PERCEPTION_CHECK = _c(CORE, "PERCEPTION_CHECKS", "A Perception Check is a Check using Intellect or Charm.")
PERCEPTION_HIGHER = _c(CORE, "PERCEPTION_CHECKS", "When making a Perception Check, the Player uses whichever of their Intellect or Charm modifiers is higher.")
PERCEPTION_NEITHER = _c(CORE, "PERCEPTION_CHECKS", "If the Player has neither Intellect nor Charm, use +0.")

CONTESTED_DEFINITION = _c(CORE, "CONTESTED_CHECKS", "A Contested Check is a Check made by two or more Players against each other.")
CONTESTED_EACH_ROLLS = _c(CORE, "CONTESTED_CHECKS", "Each involved Player rolls the specified Check.")
CONTESTED_HIGHEST = _c(CORE, "CONTESTED_CHECKS", "Highest Final Result succeeds.")
CONTESTED_TIES = _c(CORE, "CONTESTED_CHECKS", "The initiating Player wins ties.")
CONTESTED_NO_KAOS = _c(CORE, "CONTESTED_CHECKS", "Kaos may not be spent on Contested Checks.")
CONTESTED_NO_AUTO = _c(CORE, "CONTESTED_CHECKS", "Natural 1s and natural 20s do not automatically fail or succeed on Contested Checks.")
CONTESTED_CRITS_REWARD = _c(CORE, "CONTESTED_CHECKS", "Natural 1s and natural 20s still trigger Critical Failure and Critical Success rewards unless rerolled or otherwise prevented.")

CRIT_SUCCESS = _c(CORE, "CRITICAL_SUCCESS", "A natural 20 on a d20 is a Critical Success.")
CRIT_SUCCESS_AUTO = _c(CORE, "CRITICAL_SUCCESS", "On a non-contested Check, a Critical Success automatically succeeds.")
CRIT_SUCCESS_REWARD = _c(CORE, "CRITICAL_SUCCESS", "When a Player rolls a Critical Success on a Stat Check, Perception Check, or Attack Check, they gain CRITICAL_SUCCESS_REWARD.")
CRIT_SUCCESS_REROLLED = _c(CORE, "CRITICAL_SUCCESS", "If the Player rerolls the natural 20, they do not gain the Critical Success reward unless the new roll is also a natural 20.")

CRIT_FAILURE = _c(CORE, "CRITICAL_FAILURE", "A natural 1 on a d20 is a Critical Failure.")
CRIT_FAILURE_REWARD = _c(CORE, "CRITICAL_FAILURE", "When a Player rolls a Critical Failure on a Stat Check, Perception Check, or Attack Check, they gain CRITICAL_FAILURE_REWARD.")
CRIT_FAILURE_REROLLED = _c(CORE, "CRITICAL_FAILURE", "If the Player rerolls the natural 1, they do not gain CRITICAL_FAILURE_REWARD unless the new roll is also a natural 1.")
CRIT_FAILURE_KAOS_FORFEIT = _c(CORE, "CRITICAL_FAILURE", "If a Player spends Kaos to increase a natural 1, they forfeit the Critical Failure reward.")

KAOS_RESOURCE = _c(CORE, "KAOS", "Kaos is a Player resource.")
KAOS_AFTER_ROLL = _c(CORE, "KAOS", "Kaos may be spent after a d20 Check is rolled.")
KAOS_PLUS_ONE = _c(CORE, "KAOS", "Kaos adds +1 to the Final Result for each Kaos spent.")
KAOS_ANY_AMOUNT = _c(CORE, "KAOS", "A Player may spend any amount of Kaos on an eligible d20 Check.")
KAOS_ONLY_D20 = _c(CORE, "KAOS", "Kaos may only be spent on d20 Checks.")
KAOS_NOT_CONTESTED = _c(CORE, "KAOS", "Kaos may not be spent on Contested Checks.")
KAOS_NOT_CAPPED = _c(CORE, "KAOS", "Kaos is not capped.")
KAOS_ON_NATURAL_1 = _c(CORE, "KAOS", "Kaos may be spent to increase a natural 1.")
KAOS_NATURAL_1_FORFEIT = _c(CORE, "KAOS", "If Kaos is spent to increase a natural 1, the Player forfeits the Reroll Token reward from that natural 1.")

DAMAGE_REDUCES_HEALTH = _c(CORE, "DAMAGE", "Damage reduces Health.")
DAMAGE_ROLLER = _c(CORE, "DAMAGE", "When a non-Combat effect deals Damage to a Player and requires a Damage roll, the Player to the damaged Player's left rolls that Damage unless the effect specifically states otherwise.")

REPEAT_TURN_ACTION = _c(CORE, "REPEATING_TURN_ACTIONS", "A Player may spend 1 Kaos to take the same Turn Action more than once during the same Turn.")
REPEAT_ONLY_OWN_TURN = _c(CORE, "REPEATING_TURN_ACTIONS", "This rule applies only during a Player's Turn.")

REROLL_NONE_AVAILABLE = _c(CORE, "REROLL_TOKENS", "If a Player would gain a Reroll Token and no Reroll Tokens are available, that Player does not gain a Reroll Token.")
REROLL_WHEN = _c(CORE, "REROLL_TOKENS", "A Player may spend 1 Reroll Token after they roll dice and before the result is resolved.")
REROLL_ALL_DICE = _c(CORE, "REROLL_TOKENS", "Spending a Reroll Token allows the Player to reroll all dice rolled for that roll.")
REROLL_KEEP_NEW = _c(CORE, "REROLL_TOKENS", "The Player must keep the new result.")
REROLL_ONE_PER_ROLL = _c(CORE, "REROLL_TOKENS", "A Player may spend only 1 Reroll Token per roll.")
REROLL_MULTIPLE_DICE = _c(CORE, "REROLL_TOKENS", "If a roll includes multiple dice, reroll all dice included in that roll.")
REROLL_BEFORE_KAOS = _c(CORE, "REROLL_TOKENS", "Kaos may be spent only after all rerolls for that Check are complete.")
REROLL_CRIT_NO_REWARD = _c(CORE, "REROLL_TOKENS", "If a Player rerolls a Critical Success or Critical Failure, the original critical result does not grant its reward.")

GOBLIN_MODIFIES = _c(CORE, "GOBLIN_BALLS_ON_YA", "Goblin Balls On Ya modifies a d20 Check.")
GOBLIN_EFFECT = _c(CORE, "GOBLIN_BALLS_ON_YA", "Roll 2d20 and use the higher result.")
GOBLIN_REROLL_BOTH = _c(CORE, "GOBLIN_BALLS_ON_YA", "If the Player spends a Reroll Token on a Check affected by Goblin Balls On Ya, reroll both d20s.")
GOBLIN_AT_MOST_ONE = _c(CORE, "GOBLIN_BALLS_ON_YA", "A Player cannot have more than one Goblin Balls On Ya effect at a time.")
GOBLIN_IGNORE_NEW = _c(CORE, "GOBLIN_BALLS_ON_YA", "If a Player who already has Goblin Balls On Ya gains another Goblin Balls On Ya effect, ignore the new effect.")
GOBLIN_CONTESTED = _c(CORE, "GOBLIN_BALLS_ON_YA", "Goblin Balls On Ya may apply to Contested Checks.")

HAUNTED_MODIFIES = _c(CORE, "DUNGEON_HAUNTED", "Dungeon Haunted modifies a d20 Check.")
HAUNTED_EFFECT = _c(CORE, "DUNGEON_HAUNTED", "Roll 2d20 and use the lower result.")
HAUNTED_REROLL_BOTH = _c(CORE, "DUNGEON_HAUNTED", "If the Player spends a Reroll Token on a Check affected by Dungeon Haunted, reroll both d20s.")
HAUNTED_AT_MOST_ONE = _c(CORE, "DUNGEON_HAUNTED", "A Player cannot have more than one Dungeon Haunted effect at a time.")
HAUNTED_IGNORE_NEW = _c(CORE, "DUNGEON_HAUNTED", "If a Player who already has Dungeon Haunted gains another Dungeon Haunted effect, ignore the new effect.")
HAUNTED_CONTESTED = _c(CORE, "DUNGEON_HAUNTED", "Dungeon Haunted may apply to Contested Checks.")

STATUSES_CANCEL = _c(CORE, "GOBLIN_BALLS_AND_DUNGEON_HAUNTED", "If a Player has both Goblin Balls On Ya and Dungeon Haunted, the two effects cancel each other.")
STATUSES_REMOVE_BEFORE_ROLL = _c(CORE, "GOBLIN_BALLS_AND_DUNGEON_HAUNTED", "When these effects cancel each other, remove both effects before rolling.")

HEAL_UP_TO_CAP = _c(CORE, "HEAL_VS_GAIN", "If a Player heals Health, they restore lost Health up to their Health Cap.")
HEAL_NOT_ABOVE_CAP = _c(CORE, "HEAL_VS_GAIN", "Healing cannot increase Health above the Player's Health Cap.")
GAIN_HEALTH = _c(CORE, "HEAL_VS_GAIN", "If a Player gains Health, they increase their current Health by the specified amount.")
GAIN_ABOVE_CAP = _c(CORE, "HEAL_VS_GAIN", "Gaining Health may increase Health above the Player's Health Cap.")

EVENT_REWARD_RESOLVES = _c(CORE, "EVENT_REWARD", "When a Player resolves an Event Reward, that Player resolves CURRENT_EVENT_REWARD.")

TIMING_ACTIVE_FIRST = _c(CORE, "CORE_TIMING_PRINCIPLE", "If multiple effects need to resolve at the same time, resolve the active Player's effects first unless a specific rule states otherwise.")
TIMING_FEWEST_UNRESOLVED = _c(CORE, "CORE_TIMING_PRINCIPLE", "If timing is unclear, resolve effects in the order that creates the fewest additional unresolved effects.")

# --- 02_GAME_STRUCTURE -------------------------------------------------------------------------

VICTORY_DEFAULT = _c(STRUCTURE, "GAME_OBJECTIVE", "The default Victory condition is to be the final surviving Player.")
VICTORY_ONE_SURVIVOR = _c(STRUCTURE, "GAME_OBJECTIVE", "When exactly one Surviving Player remains, Victory occurs immediately unless another rule specifies otherwise.")

TURN_ORDER_AT_SETUP = _c(STRUCTURE, "GAME_FLOW", "Turn Order is determined during Setup.")
TURN_ORDER_SEQUENCE = _c(STRUCTURE, "TURN_ORDER", "Turn Order determines the sequence in which Player positions are resolved.")
TURN_ORDER_UNCHANGED = _c(STRUCTURE, "TURN_ORDER", "After Turn Order is established, it remains unchanged unless a rule specifically states otherwise.")
TURN_ORDER_BY_STATE = _c(STRUCTURE, "TURN_ORDER", "When a Player's position in Turn Order is reached, resolve that position according to the Player's current state.")
TURN_ORDER_SURVIVING = _c(STRUCTURE, "TURN_ORDER", "A Surviving Player takes a normal Player Turn.")
TURN_ORDER_ZOMBIE = _c(STRUCTURE, "TURN_ORDER", "A Zombie Player takes a Zombie Turn according to RULES_EXTENSION_01_ZOMBIES.")
TURN_ORDER_FALLEN = _c(STRUCTURE, "TURN_ORDER", "A Fallen Player resolves Rising as a Zombie according to RULES_EXTENSION_01_ZOMBIES.")
TURN_ORDER_REMOVED_SKIPPED = _c(STRUCTURE, "TURN_ORDER", "A Removed Player's position is skipped.")
TURN_ORDER_WRAPS = _c(STRUCTURE, "TURN_ORDER", "After the final position in Turn Order is resolved, play returns to the first position in Turn Order.")

PLAYER_TURN_DEFINITION = _c(STRUCTURE, "PLAYER_TURN", "A Player Turn is a Surviving Player's opportunity to perform Actions and resolve Player Turn effects.")
PLAYER_TURN_NOT_OTHERS = _c(STRUCTURE, "PLAYER_TURN", "Fallen Players, Zombie Players, and Removed Players do not take normal Player Turns.")
ZOMBIE_TURNS_ELSEWHERE = _c(STRUCTURE, "PLAYER_TURN", "Zombie Turns and Rising as a Zombie are defined in RULES_EXTENSION_01_ZOMBIES.")

TURN_SEQUENCE_ACTIONS = _c(STRUCTURE, "TURN_SEQUENCE", "Perform Turn Actions.")
TURN_SEQUENCE_END_PROCESS = _c(STRUCTURE, "TURN_SEQUENCE", "Resolve the End of Turn Process.")
TURN_SEQUENCE_COMPLETE = _c(STRUCTURE, "TURN_SEQUENCE", "Complete the Turn.")
TURN_END_EARLY = _c(STRUCTURE, "TURN_SEQUENCE", "A Player may voluntarily end their Turn before using all available Turn Actions.")
TURN_UNUSED_ACTIONS = _c(STRUCTURE, "TURN_SEQUENCE", "Unused Turn Actions are resolved during the End of Turn Process.")

ACTIVE_PLAYER = _c(STRUCTURE, "ACTIVE_PLAYER", "Whenever a rule refers to \"the Active Player,\" it refers to the Player whose Turn is currently being resolved.")

EOT_ONLY_SURVIVING = _c(STRUCTURE, "END_OF_TURN_PROCESS", "The standard End of Turn Process is resolved only during a Surviving Player's normal Player Turn.")
EOT_COUNT_UNSPENT = _c(STRUCTURE, "END_OF_TURN_PROCESS", "Determine how many Turn Actions the Active Player did not spend.")
# Verbatim, line break and missing space included: that is how the source prints this step.
EOT_REFUND = _c(STRUCTURE, "END_OF_TURN_PROCESS", "The Active Player gains\n[TURN_ACTION_REFUND]for each unspent Turn Action.")
EOT_CUBE_ROOM_CHECK = _c(STRUCTURE, "END_OF_TURN_PROCESS", "Check whether the Active Player's Portrait is in a Cube Room according to 07_DUNGEON_BOMBS.")
EOT_CUBE_ROOM_EFFECTS = _c(STRUCTURE, "END_OF_TURN_PROCESS", "If the Active Player is in a Cube Room, resolve any applicable Cube Room End Effects according to 07_DUNGEON_BOMBS.")
EOT_DEATH_IMMEDIATELY = _c(STRUCTURE, "END_OF_TURN_PROCESS", "If Death, Player Fall, or Final Death is triggered, resolve the applicable procedure immediately.")
EOT_FELL_BEFORE_BOMB = _c(STRUCTURE, "END_OF_TURN_PROCESS", "If the Active Player becomes a Fallen Player or Removed Player before the Dungeon Bomb Step begins, end the Turn immediately without resolving a Dungeon Bomb Step.")
EOT_BOMB_STEP = _c(STRUCTURE, "END_OF_TURN_PROCESS", "If the Active Player remains a Surviving Player, resolve the standard Dungeon Bomb Step.")
EOT_FELL_DURING_BOMB = _c(STRUCTURE, "END_OF_TURN_PROCESS", "If the Active Player becomes a Fallen Player or Removed Player during an already-begun Dungeon Bomb Step, complete the interrupted Dungeon Bomb resolution as far as its rules allow, then complete the Turn.")
EOT_COMPLETE = _c(STRUCTURE, "END_OF_TURN_PROCESS", "Complete the Turn.")
EOT_NOT_ZOMBIE = _c(STRUCTURE, "END_OF_TURN_PROCESS", "A Zombie Player does not resolve the standard End of Turn Process.")
EOT_ZOMBIE_ELSEWHERE = _c(STRUCTURE, "END_OF_TURN_PROCESS", "A Zombie Player resolves the Zombie End of Turn Process according to RULES_EXTENSION_01_ZOMBIES.")
EOT_NOT_FALLEN_REMOVED = _c(STRUCTURE, "END_OF_TURN_PROCESS", "A Fallen Player or Removed Player does not resolve an End of Turn Process.")

BOMB_STEP_SURVIVING = _c(STRUCTURE, "DUNGEON_BOMB_STEP", "A Surviving Active Player resolves the standard Dungeon Bomb Step according to 07_DUNGEON_BOMBS.")
BOMB_STEP_TOP_CARD = _c(STRUCTURE, "DUNGEON_BOMB_STEP", "The eligible Active Player resolves the top card of the Dungeon Bomb Deck according to the applicable Dungeon Bomb procedure.")

DEATH_INTERRUPTS = _c(STRUCTURE, "DEATH", "Death interrupts normal gameplay immediately when triggered.")
DEATH_FULLY_RESOLVED = _c(STRUCTURE, "DEATH", "The Death Process must be fully resolved before gameplay continues.")
DEATH_DEFINED_IN_09 = _c(STRUCTURE, "DEATH", "The Death Process is defined in 09_DEATH_AND_VICTORY.")
DEATH_REPLACED = _c(STRUCTURE, "DEATH", "Another rule may replace the normal Death Process with a different immediate procedure, such as Player Fall or Final Death.")

VICTORY_AFTER_DEATH = _c(STRUCTURE, "VICTORY_CHECKS", "Whenever a Death Process is completed, check whether only one Surviving Player remains.")
VICTORY_AFTER_FALL = _c(STRUCTURE, "VICTORY_CHECKS", "Whenever a Player falls, check whether only one Surviving Player remains before looting or preparing that Player to rise as a Zombie.")
VICTORY_IMMEDIATE = _c(STRUCTURE, "VICTORY_CHECKS", "If only one Surviving Player remains, Victory occurs immediately.")

GAME_ENDS = _c(STRUCTURE, "GAME_END", "The game ends immediately when Victory occurs.")
GAME_WINNER = _c(STRUCTURE, "GAME_END", "The surviving Player is declared the winner of Viva La Dungeon.")

# --- 08 and 10: card text beats general rules (what an --override leans on) ----------------------

LOOT_CARD_TEXT_WINS = _c(LOOT, "LOOT_AUTHORITY_BOUNDARY", "If Loot card text conflicts with a general rule in this document, the Loot card text applies to that Loot card unless another rule specifically states otherwise.")
ENCOUNTER_CARD_TEXT_WINS = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "If Random Encounter card text conflicts with a general rule in this document, the Random Encounter card text applies to that card unless another rule specifically states otherwise.")


def all_citations() -> dict[str, Citation]:
    """Every citation of this registry by its name (what the citation test walks)."""
    return {name: value for name, value in globals().items() if isinstance(value, Citation)}
