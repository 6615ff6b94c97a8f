"""Every rule statement the engine can cite, by key and verbatim quote, in one place.

`tests/test_citations.py` walks this module and fails unless each quote is a statement of its
section in the rules database. Engine code refers to these names, never to loose strings.
"""

from __future__ import annotations

from referee.citation import Citation
from rulesdb.keys import key_of

CORE = "01_CORE_CONCEPTS"
STRUCTURE = "02_GAME_STRUCTURE"
LOOT = "08_LOOT_AND_INVENTORY"
ENCOUNTERS = "10_RANDOM_ENCOUNTERS"


def _c(doc_id: str, section_id: str, quote: str) -> Citation:
    return Citation(key_of(doc_id, section_id), quote)


# --- 01_CORE_CONCEPTS --------------------------------------------------------------------------

VARIABLES_RULE = _c(CORE, "VARIABLES", "When this document references a Variable by name, use the value listed in this section unless another rule specifically states otherwise.")

CHECK_IS_D20_ROLL = _c(CORE, "CHECKS", "A Check is a d20 roll made to determine success or failure.")
CHECK_SUCCEEDS = _c(CORE, "CHECKS", "A Check succeeds if the Final Result is equal to or greater than the Target Number.")
CHECK_FAILS = _c(CORE, "CHECKS", "A Check fails if the Final Result is lower than the Target Number.")
CHECK_FORMULA = _c(CORE, "CHECKS", "d20 + applicable modifier")
DICE_D20_FOR_CHECKS = _c(CORE, "DICE", "The d20 is used for Checks.")

FINAL_RESULT_DEFINITION = _c(CORE, "FINAL_RESULT", "The Final Result is the value of a Check after all allowed rerolls, modifiers, and Kaos spending have been resolved.")
FINAL_RESULT_FORMULA = _c(CORE, "FINAL_RESULT", "d20 roll\n+ applicable Stat modifier\n+ Kaos spent\n+ other applicable modifiers")
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

TURN_ORDER_SEQUENCE = _c(STRUCTURE, "TURN_ORDER", "Turn Order determines the sequence in which Player positions are resolved.")
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
BOMB_STEP_ZOMBIE = _c(STRUCTURE, "DUNGEON_BOMB_STEP", "A Zombie Active Player resolves the Zombie Dungeon Bomb Step according to RULES_EXTENSION_01_ZOMBIES.")
BOMB_STEP_NOT_FALLEN_REMOVED = _c(STRUCTURE, "DUNGEON_BOMB_STEP", "A Fallen Player or Removed Player does not resolve a Dungeon Bomb Step.")
BOMB_STEP_DEATH_IMMEDIATELY = _c(STRUCTURE, "DUNGEON_BOMB_STEP", "If Death, Player Fall, or Final Death is triggered, resolve the applicable procedure immediately.")
COMBAT_LEAVES_ON_DEATH = _c(STRUCTURE, "COMBAT_ENCOUNTERS", "A Player who dies, falls, or resolves Final Death is removed from the current Combat Encounter and from Combat Order.")

DEATH_INTERRUPTS = _c(STRUCTURE, "DEATH", "Death interrupts normal gameplay immediately when triggered.")
DEATH_FULLY_RESOLVED = _c(STRUCTURE, "DEATH", "The Death Process must be fully resolved before gameplay continues.")
DEATH_DEFINED_IN_09 = _c(STRUCTURE, "DEATH", "The Death Process is defined in 09_DEATH_AND_VICTORY.")
DEATH_REPLACED = _c(STRUCTURE, "DEATH", "Another rule may replace the normal Death Process with a different immediate procedure, such as Player Fall or Final Death.")

VICTORY_AFTER_DEATH = _c(STRUCTURE, "VICTORY_CHECKS", "Whenever a Death Process is completed, check whether only one Surviving Player remains.")
VICTORY_AFTER_FALL = _c(STRUCTURE, "VICTORY_CHECKS", "Whenever a Player falls, check whether only one Surviving Player remains before looting or preparing that Player to rise as a Zombie.")
VICTORY_IMMEDIATE = _c(STRUCTURE, "VICTORY_CHECKS", "If only one Surviving Player remains, Victory occurs immediately.")

GAME_ENDS = _c(STRUCTURE, "GAME_END", "The game ends immediately when Victory occurs.")
GAME_WINNER = _c(STRUCTURE, "GAME_END", "The surviving Player is declared the winner of Viva La Dungeon.")

# --- 08 loot: 08_LOOT_AND_INVENTORY --------------------------------------------------------------

LOOT_PLOT_ARMOR_SPECIAL = _c(LOOT, "LOOT", "Plot Armor is a special starting Loot card.")
LOOT_BELONGS = _c(LOOT, "LOOT", "Loot belongs to a Player while it is in that Player's Inventory.")
PLOT_ARMOR_NOT_IN_A_DECK = _c(LOOT, "LOOT", "Plot Armor is not part of any standard Loot deck.")
MYSTIC_DAGGER_NOT_LOOT = _c(LOOT, "INVENTORY", "The Mystic Dagger is not Loot.")
MYSTIC_DAGGER_NOT_INVENTORY = _c(LOOT, "INVENTORY", "The Mystic Dagger is not part of a Player's Inventory.")
WEAPON_MELEE_DESIGNATED = _c(LOOT, "WEAPON_SLOTS", "One Weapon Slot is designated for Melee Weapons.")
WEAPON_RANGED_DESIGNATED = _c(LOOT, "WEAPON_SLOTS", "One Weapon Slot is designated for Ranged Weapons.")
LOOT_TYPE_DECIDES = _c(LOOT, "LOOT_TYPES", "A Loot card's type determines which deck it belongs to and how it may be equipped, stored, used, or discarded.")
LOOT_CARD_RESTRICTIONS = _c(LOOT, "LOOT_TYPES", "A Loot card may have additional restrictions or permissions printed on the card.")

DISCARD_ARMOR_PILE = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "Discarded Armor cards are placed in the Armor discard pile.")
DISCARD_WEAPON_PILE = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "Discarded Weapon cards are placed in the Weapon discard pile.")
DISCARD_COMMON_PILE = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "Discarded Common Magic cards are placed in the Common Magic discard pile.")
DISCARD_RARE_PILE = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "Discarded Rare Magic cards are placed in the Rare Magic discard pile.")
PLOT_ARMOR_NOT_DISCARD_PILE = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "Plot Armor is not discarded into a standard Loot discard pile.")
PLOT_ARMOR_TO_BOX = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "When Plot Armor is discarded, return it to the game box unless a rule specifically states otherwise.")
DISCARD_PILES_PUBLIC = _c(LOOT, "LOOT_DECKS_AND_DISCARD_PILES", "Loot discard piles are public information.")

INVENTORY_PUBLIC = _c(LOOT, "PUBLIC_LOOT_INFORMATION", "All Loot in a Player's Inventory is public information.")
LOOT_ANNOUNCE = _c(LOOT, "PUBLIC_LOOT_INFORMATION", "When a Player draws, gains, takes, equips, stores, uses, or discards Loot, that Player must announce what they are doing with that Loot.")
LOOT_INSPECT = _c(LOOT, "PUBLIC_LOOT_INFORMATION", "A Player may inspect any public Loot at any time unless a rule specifically states otherwise.")

SLOT_ONE_CARD = _c(LOOT, "EQUIPMENT_SLOTS", "Each Slot may contain only one Loot card unless a rule specifically states otherwise.")

ARMOR_SLOTS_ONLY = _c(LOOT, "ARMOR_SLOTS", "Only Armor cards and Plot Armor may occupy Armor Slots unless a rule specifically states otherwise.")
ARMOR_SLOT_RESTRICTION = _c(LOOT, "ARMOR_SLOTS", "If an Armor card identifies a required Armor Slot, Armor Type, or placement restriction, that Armor card may only be equipped according to that restriction.")
WEAPON_SLOTS_ONLY = _c(LOOT, "WEAPON_SLOTS", "Only Weapon cards may occupy Weapon Slots unless a rule specifically states otherwise.")
WEAPON_MELEE_SLOT = _c(LOOT, "WEAPON_SLOTS", "A Melee Weapon may occupy the Melee Weapon Slot.")
WEAPON_RANGED_SLOT = _c(LOOT, "WEAPON_SLOTS", "A Ranged Weapon may occupy the Ranged Weapon Slot.")
BACKPACK_SLOTS_DEFINED_IN_04 = _c(LOOT, "BACKPACK_SLOTS", "A Player's Backpack Slots are defined in 04_PLAYER_STRUCTURE.")
BACKPACK_SLOT_ONE_CARD = _c(LOOT, "BACKPACK_SLOTS", "Each Backpack Slot may contain one Loot card unless a rule specifically states otherwise.")
BACKPACK_ANY_TYPE = _c(LOOT, "BACKPACK_SLOTS", "Any type of Loot may be stored in a Backpack Slot unless a rule specifically states otherwise.")

MAGIC_NOT_EQUIPPED = _c(LOOT, "EQUIPPED_LOOT", "Common Magic and Rare Magic may be Equipped only if that card or another rule specifically states how it may be Equipped.")
EQUIPPED_PROVIDES = _c(LOOT, "EQUIPPED_LOOT", "Equipped Loot provides its game effects unless the Loot card or another rule specifically states otherwise.")
EQUIPPED_WEAPONS_AVAILABLE = _c(LOOT, "EQUIPPED_LOOT", "Equipped Weapons are available for Attacks and other weapon-based effects while occupying a Weapon Slot unless they are unavailable for another reason.")
DROPPED_STILL_EQUIPPED = _c(LOOT, "EQUIPPED_LOOT", "A Dropped Weapon remains Equipped but is not available for Attacks until recovered or restored according to 06_COMBAT_ENCOUNTER.")
STORED_ARMOR_NOTHING = _c(LOOT, "STORED_LOOT", "Armor stored in the Backpack does not provide Defense, Stat bonuses, or other effects.")
STORED_WEAPON_NO_ATTACKS = _c(LOOT, "STORED_LOOT", "Weapons stored in the Backpack are not available for Attacks or other weapon-based effects.")
STORED_DEFENSE_FROM_BACKPACK = _c(LOOT, "STORED_LOOT", "If a Stored Loot card grants Defense from the Backpack, include that Defense when calculating Defense according to 06_COMBAT_ENCOUNTER.")

DRAW_FROM_DECK = _c(LOOT, "DRAWING_LOOT", "When a Player is instructed to draw Loot, draw the specified number and type of Loot cards from the specified Loot Deck.")
DRAW_REVEALED = _c(LOOT, "DRAWING_LOOT", "Loot cards are revealed when drawn.")
DRAW_ALL_FIRST = _c(LOOT, "DRAWING_LOOT", "If an effect instructs a Player to draw multiple Loot cards, draw all instructed Loot cards before resolving the Loot Management Window unless the effect specifically states otherwise.")
DRAW_TYPES_IN_ORDER = _c(LOOT, "DRAWING_LOOT", "If an effect lists multiple Loot types, draw those Loot types in the order listed unless the effect specifically states otherwise.")
DRAW_THEN_WINDOW = _c(LOOT, "DRAWING_LOOT", "After Loot is drawn, the Player who drew that Loot resolves a Loot Management Window.")

EXHAUSTION_AS_MANY = _c(LOOT, "LOOT_DECK_EXHAUSTION", "If a Player must draw from a Loot Deck and that Loot Deck does not contain enough cards, draw as many cards as possible.")
EXHAUSTION_SHUFFLE = _c(LOOT, "LOOT_DECK_EXHAUSTION", "If the Loot Deck is empty or becomes empty before the required draw is complete, shuffle that Loot Deck's discard pile to create a new face-down Loot Deck.")
EXHAUSTION_CONTINUE = _c(LOOT, "LOOT_DECK_EXHAUSTION", "After the Loot Deck is refreshed, continue drawing until the required number of cards has been drawn or no cards remain available.")
EXHAUSTION_BOTH_EMPTY = _c(LOOT, "LOOT_DECK_EXHAUSTION", "If both the Loot Deck and its discard pile are empty, no additional cards of that Loot type are drawn.")
EXHAUSTION_INVENTORIES = _c(LOOT, "LOOT_DECK_EXHAUSTION", "Refreshing a Loot Deck does not affect Loot currently in Player Inventories.")

TAKE_DEFINITION = _c(LOOT, "GAINING_AND_TAKING_LOOT", "A Player takes Loot when a rule or effect moves Loot from another Player, game area, or source to that Player.")
TAKE_OWNER = _c(LOOT, "GAINING_AND_TAKING_LOOT", "When a Player gains or takes Loot, that Player becomes the owner of that Loot unless a rule specifically states otherwise.")
TAKE_REMOVED = _c(LOOT, "GAINING_AND_TAKING_LOOT", "Loot taken from another Player is removed from that Player's Inventory.")
TAKE_THEN_WINDOW = _c(LOOT, "GAINING_AND_TAKING_LOOT", "After Loot is gained or taken, the gaining or taking Player resolves a Loot Management Window for that Loot unless a rule specifically states otherwise.")
TAKE_FROM_LOCATION = _c(LOOT, "GAINING_AND_TAKING_LOOT", "If a rule instructs a Player to take Loot from a specific location, such as a Backpack, only Loot in that location may be selected.")

LMW_OCCURS = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "A Loot Management Window occurs when a Player draws, gains, takes, steals, receives, or otherwise acquires Loot unless a rule specifically states otherwise.")
LMW_DECIDE_EACH = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "During a Loot Management Window, the managing Player must decide what happens to each newly acquired Loot card.")
LMW_OPTION_EQUIP = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "Equip it in a legal Equipment Slot.")
LMW_OPTION_STORE = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "Store it in an empty Backpack Slot.")
LMW_OPTION_USE = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "Use it if it is legal to use at that time.")
LMW_OPTION_DISCARD = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "Discard it.")
LMW_DISPLACED = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "If newly acquired Loot replaces Loot already in a Slot, the replaced Loot becomes displaced Loot.")
LMW_PLOT_ARMOR_NOT_DISPLACED = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "If newly acquired Armor causes Plot Armor to be discarded, Plot Armor is not displaced Loot and is not resolved through displaced Loot rules.")
LMW_DISPLACED_IMMEDIATELY = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "Displaced Loot must immediately be equipped in a legal Slot, stored in an empty Backpack Slot, used if legal, or discarded.")
LMW_ENDS_ONLY_WHEN = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "A Loot Management Window ends only when all newly acquired Loot and displaced Loot has been equipped, stored, used, or discarded.")
LMW_NO_UNRESOLVED = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "A Player may not leave Loot unresolved.")
LMW_MUST_DISCARD = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "If a Player cannot legally equip, store, or use Loot during a Loot Management Window, they must discard that Loot.")
LMW_ORDER = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "If multiple Loot cards are being managed at the same time, the managing Player chooses the order in which to manage them unless a rule specifically states otherwise.")
LMW_USE_TIMING = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "Using a Loot card during a Loot Management Window must still obey that Loot card's timing rules.")
LMW_CONSUMABLE_LEGAL = _c(LOOT, "LOOT_MANAGEMENT_WINDOW", "A Player may use Consumable Loot during a Loot Management Window only if that Consumable Loot can legally be used at that time.")

EQUIP_LEGAL_SLOT = _c(LOOT, "EQUIPPING_LOOT", "To Equip Loot, place it into a legal Equipment Slot.")
EQUIP_NO_TURN_ACTION = _c(LOOT, "EQUIPPING_LOOT", "Equipping Loot does not spend a Turn Action unless a rule specifically states otherwise.")
EQUIP_IN_WINDOW = _c(LOOT, "EQUIPPING_LOOT", "A Player may Equip newly acquired Loot during a Loot Management Window.")
EQUIP_STORED_GEAR_IN_SWAP = _c(LOOT, "EQUIPPING_LOOT", "A Player may Equip Stored Gear during a Gear Swap.")
EQUIP_NOT_ILLEGAL_SLOT = _c(LOOT, "EQUIPPING_LOOT", "A Player may not Equip Loot into an illegal Slot.")
EQUIP_EMPTY_SLOT = _c(LOOT, "EQUIPPING_LOOT", "If an Equipment Slot is empty and the Loot is legal for that Slot, place the Loot in that Slot.")
EQUIP_REPLACE_IF_LEGAL = _c(LOOT, "EQUIPPING_LOOT", "If an Equipment Slot is occupied, the Player may replace the occupying Loot only if the incoming Loot is legal for that Slot.")
EQUIP_EFFECTS_BEGIN = _c(LOOT, "EQUIPPING_LOOT", "When Loot is equipped, its applicable effects begin immediately unless the card or another rule specifically states otherwise.")
EQUIP_EFFECTS_END = _c(LOOT, "EQUIPPING_LOOT", "When Loot stops being Equipped, its Equipped effects end immediately unless the card or another rule specifically states otherwise.")

REPLACE_PREVIOUS_DISPLACED = _c(LOOT, "REPLACING_EQUIPPED_LOOT", "The previous Loot in that Slot becomes displaced Loot.")
REPLACE_PLOT_ARMOR_NOT_KEPT = _c(LOOT, "REPLACING_EQUIPPED_LOOT", "Discarded Plot Armor may not be equipped in another Slot, stored in the Backpack, used, or managed as displaced Loot unless a rule specifically states otherwise.")
REPLACE_PLOT_ARMOR_EXCEPTION = _c(LOOT, "REPLACING_EQUIPPED_LOOT", "Plot Armor is an exception to this rule. If a Player equips an Armor card and that causes their Plot Armor to be discarded, Plot Armor is discarded instead of becoming displaced Loot.")
REPLACE_DISPLACED_IMMEDIATELY = _c(LOOT, "REPLACING_EQUIPPED_LOOT", "Displaced Loot must immediately be equipped in another legal Slot, stored in an empty Backpack Slot, used if legal, or discarded.")
REPLACE_DEFENSE_RECALC = _c(LOOT, "REPLACING_EQUIPPED_LOOT", "If Defense changes because Loot is replaced, recalculate Defense according to 06_COMBAT_ENCOUNTER.")

STORE_EMPTY_SLOT = _c(LOOT, "STORING_LOOT", "To Store Loot, place it into an empty Backpack Slot.")
STORE_IN_WINDOW = _c(LOOT, "STORING_LOOT", "A Player may Store newly acquired Loot during a Loot Management Window.")
STORE_GEAR_IN_SWAP = _c(LOOT, "STORING_LOOT", "A Player may Store Equipped Gear during a Gear Swap.")
STORE_NOT_FULL = _c(LOOT, "STORING_LOOT", "A Player may not Store Loot if all of their Backpack Slots are full unless they first create an empty Backpack Slot through a legal effect.")
STORE_OR_DISCARD = _c(LOOT, "STORING_LOOT", "If a Player cannot Store a Loot card and does not Equip or use that Loot card, they must discard it.")

DISCARD_REMOVES = _c(LOOT, "DISCARDING_LOOT", "Discarding Loot removes that Loot from the Player's Inventory.")
DISCARD_MATCHING_PILE = _c(LOOT, "DISCARDING_LOOT", "When Loot is discarded, place it in its matching discard pile.")
DISCARD_PLOT_ARMOR_BOX = _c(LOOT, "DISCARDING_LOOT", "Discarded Plot Armor is returned to the game box unless a rule specifically states otherwise.")
DISCARD_OWN_TURN = _c(LOOT, "DISCARDING_LOOT", "A Player may discard Loot during their own Player Turn when no Action or interruption is being resolved.")
DISCARD_IN_WINDOW = _c(LOOT, "DISCARDING_LOOT", "A Player may discard Loot during a Loot Management Window they are resolving.")
DISCARD_NOT_COMBAT_TURN = _c(LOOT, "DISCARDING_LOOT", "A Player may not voluntarily discard Loot during a Combat Turn unless a rule specifically states otherwise.")
DISCARD_NOT_OTHERS_TURN = _c(LOOT, "DISCARDING_LOOT", "A Player may not voluntarily discard Loot during another Player's Turn unless a rule specifically states otherwise.")
DISCARD_PILE_STAYS = _c(LOOT, "DISCARDING_LOOT", "Loot in a discard pile may only leave that discard pile when a rule specifically instructs Players to move it, such as refreshing an empty Loot Deck.")

GEAR_DEFINITION = _c(LOOT, "GEAR", "Gear means Armor or Weapons.")
GEAR_NOT_MAGIC = _c(LOOT, "GEAR", "Common Magic and Rare Magic are not Gear unless a rule specifically states otherwise.")
GEAR_NOT_PLOT_ARMOR = _c(LOOT, "GEAR", "Plot Armor is not Gear.")

GEAR_SWAP_FREE_ACTION = _c(LOOT, "GEAR_SWAP", "Gear Swap is a Free Action.")
GEAR_SWAP_FOLLOWS_05 = _c(LOOT, "GEAR_SWAP", "Gear Swap follows the Free Action rules in 05_ACTIONS.")
GEAR_SWAP_TO_BACKPACK = _c(LOOT, "GEAR_SWAP", "A Gear Swap may move one Equipped Gear card into an empty Backpack Slot.")
GEAR_SWAP_TO_SLOT = _c(LOOT, "GEAR_SWAP", "A Gear Swap may move one Stored Gear card from the Backpack into an empty legal Equipment Slot.")
GEAR_SWAP_EXCHANGE = _c(LOOT, "GEAR_SWAP", "A Gear Swap may exchange one Equipped Gear card with one Stored Gear card if the Stored Gear card is legal for the Equipment Slot occupied by the Equipped Gear card.")
GEAR_SWAP_NO_SLOT = _c(LOOT, "GEAR_SWAP", "If a Gear Swap would leave a Loot card without a legal Slot, that Gear Swap may not be performed unless the Player discards the unresolved Loot immediately.")

CONSUMABLE_DEFINITION = _c(LOOT, "CONSUMABLE_LOOT", "A Loot card is Consumable Loot only if its card text or another rule indicates that it is consumed, discarded after use, spent, or otherwise expended.")
CONSUMABLE_CARD_TEXT = _c(LOOT, "CONSUMABLE_LOOT", "Consumable Loot is used according to its card text.")
CONSUMABLE_DEFAULT_TIMING = _c(LOOT, "CONSUMABLE_LOOT", "If Consumable Loot does not specify a timing, it may only be used during the controlling Player's own Player Turn when no Action or interruption is being resolved.")
CONSUMABLE_DISCARD_AFTER = _c(LOOT, "CONSUMABLE_LOOT", "After Consumable Loot is used, discard it unless the card specifically states otherwise.")
CONSUMABLE_IN_WINDOW = _c(LOOT, "CONSUMABLE_LOOT", "A Player may use Consumable Loot during a Loot Management Window only if that Loot can legally be used at that time.")
CONSUMABLE_FREES_SLOT = _c(LOOT, "CONSUMABLE_LOOT", "Using Consumable Loot during a Loot Management Window may create or free a Backpack Slot.")

MAGIC_USE_AS_INSTRUCTED = _c(LOOT, "MAGIC_LOOT", "Magic Loot may be used, consumed, equipped, or otherwise resolved only as instructed by its card text or another rule.")
MAGIC_BACKPACK_EFFECTS = _c(LOOT, "MAGIC_LOOT", "Magic Loot stored in the Backpack may provide effects only if the card specifically states that it provides effects from the Backpack.")
MAGIC_BACKPACK_DEFENSE = _c(LOOT, "MAGIC_LOOT", "If Magic Loot grants Defense while stored in the Backpack, include that Defense when calculating the Player's Defense.")
ARMOR_EQUIPPED_PROVIDES = _c(LOOT, "ARMOR_LOOT", "Armor provides Defense, Stat bonuses, and other effects while Equipped unless the Armor card specifically states otherwise.")
ARMOR_EQUIPPED_RECALC = _c(LOOT, "ARMOR_LOOT", "When Armor becomes Equipped, recalculate Defense according to 06_COMBAT_ENCOUNTER.")
ARMOR_UNEQUIPPED_RECALC = _c(LOOT, "ARMOR_LOOT", "When Armor stops being Equipped, recalculate Defense according to 06_COMBAT_ENCOUNTER.")
WEAPON_DROPPED_REMAINS = _c(LOOT, "WEAPON_LOOT", "A Dropped Weapon remains in its Weapon Slot but is not available for Attacks until recovered or restored according to 06_COMBAT_ENCOUNTER.")
WEAPON_DROPPED_NOT_DISCARDED = _c(LOOT, "WEAPON_LOOT", "A Dropped Weapon is not discarded.")
WEAPON_DROPPED_NOT_STOLEN = _c(LOOT, "WEAPON_LOOT", "A Dropped Weapon is not available to be stolen solely because it is Dropped.")

PLOT_ARMOR_AT_START = _c(LOOT, "PLOT_ARMOR", "Every Player begins the game with Plot Armor as defined in 03_SETUP and 04_PLAYER_STRUCTURE.")
PLOT_ARMOR_ONE_SLOT = _c(LOOT, "PLOT_ARMOR", "Plot Armor occupies one Armor Slot.")
PLOT_ARMOR_DEFENSE = _c(LOOT, "PLOT_ARMOR", "Plot Armor grants +5 Defense while Equipped.")
PLOT_ARMOR_NOT_ARMOR_CARD = _c(LOOT, "PLOT_ARMOR", "Plot Armor is not an Armor card.")
PLOT_ARMOR_NOT_STORED = _c(LOOT, "PLOT_ARMOR", "Plot Armor may not be stored in the Backpack unless a rule specifically states otherwise.")
PLOT_ARMOR_FIRST_ARMOR = _c(LOOT, "PLOT_ARMOR", "The first time a Player equips any Armor card to any Armor Slot, discard that Player's Plot Armor before applying the new Armor, if that Player's Plot Armor is still Equipped.")
PLOT_ARMOR_NOT_DISPLACED = _c(LOOT, "PLOT_ARMOR", "Plot Armor discarded this way is not displaced Loot.")
PLOT_ARMOR_CANNOT_KEEP = _c(LOOT, "PLOT_ARMOR", "Plot Armor discarded this way may not be equipped in another Slot, stored in the Backpack, used, or managed through a Loot Management Window unless a rule specifically states otherwise.")
PLOT_ARMOR_BOX = _c(LOOT, "PLOT_ARMOR", "If Plot Armor is discarded, return it to the game box unless a rule specifically states otherwise.")
PLOT_ARMOR_ONCE = _c(LOOT, "PLOT_ARMOR", "If a Player no longer has Plot Armor Equipped, this rule does not affect future Armor they equip.")
PLOT_ARMOR_RECALC = _c(LOOT, "PLOT_ARMOR", "If Defense changes because Plot Armor is discarded, recalculate Defense according to 06_COMBAT_ENCOUNTER.")

PICKPOCKET_DEFINED_IN_05 = _c(LOOT, "PICKPOCKET_LOOT", "The Pickpocket Action is defined in 05_ACTIONS.")
PICKPOCKET_TAKES = _c(LOOT, "PICKPOCKET_LOOT", "When a Player successfully resolves a Pickpocket Action, that Player chooses one Loot card from the target's Backpack and takes it.")
PICKPOCKET_BACKPACK_ONLY = _c(LOOT, "PICKPOCKET_LOOT", "Only Loot in the target's Backpack may be chosen for Pickpocket unless a rule specifically states otherwise.")
PICKPOCKET_REMOVED = _c(LOOT, "PICKPOCKET_LOOT", "Loot taken with Pickpocket is removed from the target's Inventory.")
PICKPOCKET_WINDOW = _c(LOOT, "PICKPOCKET_LOOT", "Loot taken with Pickpocket is managed by the taking Player through a Loot Management Window.")
PICKPOCKET_EMPTY = _c(LOOT, "PICKPOCKET_LOOT", "If the target's Backpack becomes empty, no further Loot may be chosen from that Backpack unless more Loot is later stored there.")
BOMB_LOOT_THIS_DOCUMENT = _c(LOOT, "DUNGEON_BOMB_LOOT", "If a Dungeon Bomb instructs a Player to draw, gain, take, equip, store, discard, steal, or otherwise manage Loot, resolve that Loot instruction according to this document.")
ENCOUNTER_LOOT_THIS_DOCUMENT = _c(LOOT, "RANDOM_ENCOUNTER_LOOT", "If a Random Encounter instructs a Player to draw, gain, take, equip, store, discard, steal, or otherwise manage Loot, resolve that Loot instruction according to this document.")
ENCOUNTER_LOOT_DEATH_PAUSES = _c(LOOT, "RANDOM_ENCOUNTER_LOOT", "If a Random Encounter causes Death, pause Loot management and resolve the Death Process according to 09_DEATH_AND_VICTORY.")

OPPORTUNITY_DEFINITION = _c(LOOT, "LOOT_OPPORTUNITIES", "A Loot Opportunity is a Death-related opportunity for a Player to take Loot from another Player before that Loot is discarded or removed.")
OPPORTUNITY_BY_09 = _c(LOOT, "LOOT_OPPORTUNITIES", "Loot Opportunities are created, granted, restricted, or prevented by 09_DEATH_AND_VICTORY.")
OPPORTUNITY_NOT_HERE = _c(LOOT, "LOOT_OPPORTUNITIES", "This document does not determine whether a Loot Opportunity occurs.")
OPPORTUNITY_WINDOW = _c(LOOT, "LOOT_OPPORTUNITIES", "When 09_DEATH_AND_VICTORY grants a Player permission to take Loot through a Loot Opportunity, the taking Player manages any Loot they take through a Loot Management Window.")

DEFENSE_ONLY_IF_STATED = _c(LOOT, "LOOT_AND_DEFENSE", "Loot may modify Defense only if that Loot or another rule specifically states that it modifies Defense.")
DEFENSE_EQUIPPED_ARMOR = _c(LOOT, "LOOT_AND_DEFENSE", "Equipped Armor modifies Defense unless the Armor card specifically states otherwise.")
DEFENSE_PLOT_ARMOR = _c(LOOT, "LOOT_AND_DEFENSE", "Plot Armor modifies Defense while Equipped.")
DEFENSE_STORED_ONLY_IF = _c(LOOT, "LOOT_AND_DEFENSE", "Stored Loot modifies Defense only if the Loot card or another rule specifically states that it modifies Defense while stored.")
DEFENSE_RECALC = _c(LOOT, "LOOT_AND_DEFENSE", "When Loot that modifies Defense is equipped, stored, discarded, used, taken, stolen, covered, removed, or otherwise changes state, recalculate Defense according to 06_COMBAT_ENCOUNTER.")
STATS_EQUIPPED_ARMOR = _c(LOOT, "LOOT_AND_STAT_BONUSES", "Equipped Armor provides its printed Stat bonuses while Equipped unless the Armor card specifically states otherwise.")
STATS_EQUIPPED_WEAPONS = _c(LOOT, "LOOT_AND_STAT_BONUSES", "Equipped Weapons provide printed Stat bonuses while Equipped only if the Weapon card or another rule specifically states that they do.")
STATS_STORED = _c(LOOT, "LOOT_AND_STAT_BONUSES", "Stored Loot does not provide Stat bonuses unless that Loot or another rule specifically states that it provides Stat bonuses while stored.")
STATS_CURRENT_AT_RESOLVE = _c(LOOT, "LOOT_AND_STAT_BONUSES", "If a Stat bonus changes during a Check or Damage calculation, use the Stat value that is current at the time that Check or Damage calculation is resolved.")
STATS_RECALC = _c(LOOT, "LOOT_AND_STAT_BONUSES", "When Loot that modifies Stats is equipped, stored, discarded, used, taken, stolen, removed, or otherwise changes state, recalculate any affected current Stat according to 04_PLAYER_STRUCTURE.")

LOOT_DEATH_PAUSE = _c(LOOT, "LOOT_AND_DEATH_INTERRUPTION", "If Death is triggered during Loot management, pause the current Loot management procedure and resolve the Death Process immediately according to 09_DEATH_AND_VICTORY.")
LOOT_DEATH_VICTORY_ENDS = _c(LOOT, "LOOT_AND_DEATH_INTERRUPTION", "If Victory occurs, the game ends immediately.")
LOOT_DEATH_RESUME = _c(LOOT, "LOOT_AND_DEATH_INTERRUPTION", "If Victory does not occur, resume Loot management from the point of interruption if the interrupted Player is still a surviving Player and the Loot management procedure is still valid.")
LOOT_DEATH_REMOVED_DISCARD = _c(LOOT, "LOOT_AND_DEATH_INTERRUPTION", "If the Player resolving a Loot Management Window is removed from the game, any unresolved Loot in that Loot Management Window is discarded unless the Death Process or another rule states otherwise.")

SUMMARY_BACKPACK = _c(LOOT, "LOOT_SUMMARY", "A Backpack has three Slots and may store any type of Loot unless a rule states otherwise.")
SUMMARY_GEAR_SWAP = _c(LOOT, "LOOT_SUMMARY", "Once during their Player Turn, a Player may perform one Gear Swap between Equipment Slots and Backpack Slots.")
SUMMARY_WINDOW = _c(LOOT, "LOOT_SUMMARY", "When a Player acquires Loot, they must Equip, Store, Use, or Discard it.")
SUMMARY_EXHAUSTION = _c(LOOT, "LOOT_SUMMARY", "If a Loot Deck runs out, shuffle its discard pile to create a new Loot Deck.")

# --- end 08 loot ---------------------------------------------------------------------------------

# --- 08 and 10: card text beats general rules (what an --override leans on) ----------------------

LOOT_CARD_TEXT_WINS = _c(LOOT, "LOOT_AUTHORITY_BOUNDARY", "If Loot card text conflicts with a general rule in this document, the Loot card text applies to that Loot card unless another rule specifically states otherwise.")
ENCOUNTER_CARD_TEXT_WINS = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "If Random Encounter card text conflicts with a general rule in this document, the Random Encounter card text applies to that card unless another rule specifically states otherwise.")


# --- 10 random encounters (10_RANDOM_ENCOUNTERS) -------------------------------------------------

EVENT_REWARD_INDICATOR = _c(CORE, "EVENT_REWARD", "The possibility to earn an Event Reward is displayed on the card through an Event Reward Indicator.")
EVENT_REWARD_WHO = _c(CORE, "EVENT_REWARD", "The card, rule, or game effect that grants the Event Reward determines which Player receives it and when it is resolved.")
EVENT_REWARD_AFTER_SUCCESS = _c(CORE, "EVENT_REWARD", "If an Event Reward is tied to the success of a Check, resolve the Event Reward only after the Check succeeds.")
EVENT_REWARD_NOT_ON_FAIL = _c(CORE, "EVENT_REWARD", "If the Check fails, the Event Reward is not resolved.")
EVENT_REWARD_FINAL_RESULT = _c(CORE, "EVENT_REWARD", "If the Check is rerolled, use the final resolved Check result to determine whether the Event Reward is granted.")
DICE_OTHERS = _c(CORE, "DICE", "The d4, d6, d8, and d10 are primarily used for damage, rewards, penalties, and special effects.")
DAMAGE_BY_ENCOUNTERS = _c(CORE, "DAMAGE", "Damage may be dealt by Players, Loot, Dungeon Bombs, Random Encounters, Cube Room End Effects, Statuses, or other game effects.")
DAMAGE_ROLLER_NOT_DEALER = _c(CORE, "DAMAGE", "The Player who rolls Damage dice is not automatically the Damage Dealer.")

RE_BY_MOVE_ACTION = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "Random Encounters may be drawn by failed Move Actions as defined in 05_ACTIONS.")
RE_BY_FLEE = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "Random Encounters may be drawn by Flee as defined in 06_COMBAT_ENCOUNTER.")
RE_BY_BOMB = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "Random Encounters may be drawn or resolved by Dungeon Bombs as defined in 07_DUNGEON_BOMBS.")
RE_LOOT_BY_08 = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "If a Random Encounter causes a Player to draw, gain, take, discard, equip, store, use, or otherwise manage Loot, resolve that Loot procedure according to 08_LOOT_AND_INVENTORY.")
RE_DEATH_BY_09 = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "If a Random Encounter causes Death, resolve the Death Process according to 09_DEATH_AND_VICTORY.")
RE_COMBAT_BY_06 = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_AUTHORITY_BOUNDARY", "If a Random Encounter initiates a Combat Encounter, resolve that Combat Encounter according to 06_COMBAT_ENCOUNTER.")

RE_DECK_USED = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DECK_DURING_PLAY", "The Random Encounter Deck is the face-down deck used when a rule instructs a Player to draw a Random Encounter.")
RE_DECK_TOP = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DECK_DURING_PLAY", "Random Encounter cards are drawn from the top of the Random Encounter Deck.")
RE_DECK_PUBLIC = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DECK_DURING_PLAY", "The Random Encounter Deck is public as a deck, but the cards in the deck are hidden until drawn.")
RE_DECK_REFRESH = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DECK_DURING_PLAY", "If a Player must draw a Random Encounter and the Random Encounter Deck is empty, shuffle the Random Encounter discard pile to create a new face-down Random Encounter Deck.")
RE_DECK_BOTH_EMPTY = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DECK_DURING_PLAY", "If both the Random Encounter Deck and Random Encounter discard pile are empty, no Random Encounter is drawn.")

RE_DISCARD_PLACED = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DISCARD_PILE", "Resolved Random Encounter cards are placed in the Random Encounter discard pile unless a rule specifically states otherwise.")
RE_DISCARD_PUBLIC = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DISCARD_PILE", "The Random Encounter discard pile is public information.")
RE_DISCARD_INSPECT = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_DISCARD_PILE", "Players may inspect the Random Encounter discard pile at any time unless a rule specifically states otherwise.")

ENCOUNTERING_PLAYER_DEFINITION = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "The Encountering Player is the Player resolving a Random Encounter.")
ENCOUNTERING_MOVE = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "If a Random Encounter is drawn because a Player failed a Move Action, that Player is the Encountering Player.")
ENCOUNTERING_FLEE = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "If a Random Encounter is drawn because a Player used Flee, that Player is the Encountering Player.")
ENCOUNTERING_BOMB = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "If a Random Encounter is drawn because of a Dungeon Bomb, the Random Encounter effect or Dungeon Bomb effect identifies the Encountering Player.")
ENCOUNTERING_BOMB_DEFAULT = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "If a Random Encounter is drawn because of a Dungeon Bomb and no Encountering Player is specifically identified, the Active Player resolving the Dungeon Bomb Step is the Encountering Player.")
ENCOUNTERING_OTHER = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "If a Random Encounter is drawn by another rule or effect, that rule or effect identifies the Encountering Player.")
ENCOUNTERING_ALL = _c(ENCOUNTERS, "ENCOUNTERING_PLAYER", "If a Random Encounter affects all Players, each affected Player resolves the card as instructed by the Random Encounter.")

RE_INTERRUPTS = _c(ENCOUNTERS, "RANDOM_ENCOUNTER", "A Random Encounter is a card-based mini-game that interrupts the current process and must be resolved before that process continues.")
RE_BEGINS = _c(ENCOUNTERS, "RANDOM_ENCOUNTER", "A Random Encounter begins when a Random Encounter card is drawn and revealed.")
RE_FULLY_RESOLVED = _c(ENCOUNTERS, "RANDOM_ENCOUNTER", "A Random Encounter must be fully resolved before the interrupted process continues unless a rule specifically states otherwise.")
RE_HAS_PENALTY = _c(ENCOUNTERS, "RANDOM_ENCOUNTER", "A Random Encounter includes a Penalty unless the card specifically states otherwise.")
RE_NO_TURN_ACTION = _c(ENCOUNTERS, "RANDOM_ENCOUNTER", "Resolving a Random Encounter does not spend a Turn Action unless a rule specifically states otherwise.")
RE_NOT_COMBAT = _c(ENCOUNTERS, "RANDOM_ENCOUNTER", "Resolving a Random Encounter is not a Combat Encounter unless the Random Encounter specifically initiates a Combat Encounter.")

OPTIONS_DEFINITION = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "An Encounter Completion Option is a choice printed on a Random Encounter that the Encountering Player may choose to resolve that Random Encounter.")
OPTIONS_ONE_OR_MORE = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "Each Random Encounter includes one or more Encounter Completion Options.")
OPTIONS_CHOOSE_FIRST = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "The Encountering Player must choose one available Encounter Completion Option before rolling dice, spending resources, discarding Loot, using Loot, or taking any other action to resolve the Encounter unless the card specifically states otherwise.")
OPTIONS_MUST_RESOLVE_CHOSEN = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "Once the Encountering Player chooses an Encounter Completion Option, that Player must resolve the chosen option.")
OPTIONS_NO_SWITCH = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "The Encountering Player may not switch to a different Encounter Completion Option after rolling dice or beginning to resolve the chosen option unless a rule specifically states otherwise.")
OPTIONS_EASIER_HARDER = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "When a Random Encounter includes two Check Options, one Check Option is typically easier and one Check Option is typically harder.")
OPTIONS_NON_CHECK = _c(ENCOUNTERS, "ENCOUNTER_COMPLETION_OPTIONS", "A Random Encounter may include a Non-Check Option, such as discarding Loot, paying Kaos, or resolving another instruction to avoid or complete the Encounter.")

CHECK_OPTION_IDENTIFIES = _c(ENCOUNTERS, "CHECK_COMPLETION_OPTIONS", "A Check Completion Option identifies the type of Check and the Target Number.")
CHECK_OPTION_BEFORE_ROLLING = _c(ENCOUNTERS, "CHECK_COMPLETION_OPTIONS", "The Encountering Player chooses the Check Completion Option before rolling.")
CHECK_OPTION_BY_01 = _c(ENCOUNTERS, "CHECK_COMPLETION_OPTIONS", "The Check is resolved according to 01_CORE_CONCEPTS.")
CHECK_OPTION_SUCCESS = _c(ENCOUNTERS, "CHECK_COMPLETION_OPTIONS", "If the Check succeeds, the Encountering Player succeeds at the Random Encounter.")
CHECK_OPTION_FAILURE = _c(ENCOUNTERS, "CHECK_COMPLETION_OPTIONS", "If the Check fails, the Encountering Player fails the Random Encounter and resolves the Encounter Penalty.")
CHECK_OPTION_REWARD = _c(ENCOUNTERS, "CHECK_COMPLETION_OPTIONS", "If the Check Completion Option grants an Event Reward, resolve the Event Reward if the Check succeeds.")

NON_CHECK_REQUIREMENTS = _c(ENCOUNTERS, "NON_CHECK_COMPLETION_OPTIONS", "A Non-Check Completion Option may require the Encountering Player to discard Loot, spend Kaos, lose Health, accept a Status, move, or resolve another card-specific instruction.")
NON_CHECK_CHOOSE_FIRST = _c(ENCOUNTERS, "NON_CHECK_COMPLETION_OPTIONS", "The Encountering Player chooses the Non-Check Completion Option before paying costs, discarding Loot, moving game pieces, or resolving any part of that option.")
NON_CHECK_ONLY_IF_FULFILL = _c(ENCOUNTERS, "NON_CHECK_COMPLETION_OPTIONS", "A Player may choose a Non-Check Completion Option only if they can fulfill that option's requirements.")
NON_CHECK_SUCCESS = _c(ENCOUNTERS, "NON_CHECK_COMPLETION_OPTIONS", "If the Encountering Player fully resolves the Non-Check Completion Option, the Encountering Player succeeds at the Random Encounter unless the card specifically states otherwise.")
NON_CHECK_REWARD = _c(ENCOUNTERS, "NON_CHECK_COMPLETION_OPTIONS", "If the Non-Check Completion Option grants an Event Reward, resolve the Event Reward if the Non-Check Completion Option succeeds.")

RE_REWARD_BEFORE_DISCARD = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_EVENT_REWARD", "If a successful Encounter Completion Option grants an Event Reward, resolve the Event Reward before discarding the Random Encounter.")
RE_REWARD_NOT_ON_FAIL = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_EVENT_REWARD", "If the Encounter Completion Option fails, the Event Reward is not resolved unless the card specifically states otherwise.")
RE_REWARD_BY_01 = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_EVENT_REWARD", "Event Rewards are resolved according to 01_CORE_CONCEPTS.")
RE_REWARD_LOOT_BY_08 = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_EVENT_REWARD", "If the current Event Reward causes a Player to draw, gain, take, equip, store, discard, use, or otherwise manage Loot, resolve that Loot procedure according to 08_LOOT_AND_INVENTORY.")

PENALTY_DEFINITION = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "An Encounter Penalty is the negative effect resolved when the Encountering Player fails a Random Encounter.")
PENALTY_ON_FAIL = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If the Encountering Player fails the chosen Encounter Completion Option, resolve the Encounter Penalty.")
PENALTY_DAMAGE_DIE = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If an Encounter Penalty instructs the Player to roll a damage die, roll the indicated die and apply that much Damage.")
PENALTY_HEALTH = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If an Encounter Penalty directly reduces Health, reduce the Player's Health by the stated amount.")
PENALTY_KAOS = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If an Encounter Penalty reduces Kaos, reduce that Player's Kaos by the stated amount.")
PENALTY_KAOS_FLOOR = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If a Player does not have enough Kaos to lose the full amount, reduce that Player's Kaos to 0 unless the card specifically states otherwise.")
PENALTY_AS_FAR_AS_POSSIBLE = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If an Encounter Penalty cannot be fully resolved, resolve as much of the Penalty as possible.")
PENALTY_DEATH_BY_09 = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "If an Encounter Penalty causes Death, resolve the Death Process according to 09_DEATH_AND_VICTORY.")
PENALTY_FORCED_MOVEMENT = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "Forced movement")
PENALTY_STATUS_GAIN = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "Status gain")
PENALTY_COMBAT = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "Combat Encounter initiation")
PENALTY_LOOT_DISCARD = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "Loot discard")
PENALTY_OTHER = _c(ENCOUNTERS, "ENCOUNTER_PENALTY", "Other card-specific effects")

RE_SUCCESS = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_SUCCESS", "A Random Encounter succeeds when the Encountering Player successfully resolves the chosen Encounter Completion Option.")
RE_SUCCESS_DISCARD = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_SUCCESS", "Success always includes discarding the Random Encounter unless the card specifically states otherwise.")
RE_SUCCESS_COMPLETE = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_SUCCESS", "After the Random Encounter is discarded, the Random Encounter is complete.")
RE_SUCCESS_RESUME = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_SUCCESS", "After the Random Encounter is complete, resume the interrupted process unless a rule specifically states otherwise.")

RE_FAILURE = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_FAILURE", "A Random Encounter fails when the Encountering Player fails the chosen Encounter Completion Option.")
RE_FAILURE_PENALTY = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_FAILURE", "When a Random Encounter fails, resolve the Encounter Penalty.")
RE_FAILURE_DISCARD = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_FAILURE", "After the Encounter Penalty is resolved, discard the Random Encounter unless the card specifically states otherwise.")
RE_FAILURE_COMPLETE = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_FAILURE", "After the Random Encounter is discarded, the Random Encounter is complete.")
RE_FAILURE_RESUME = _c(ENCOUNTERS, "RANDOM_ENCOUNTER_FAILURE", "After the Random Encounter is complete, resume the interrupted process unless Death, Victory, a Combat Encounter, or another interruption changes the game state.")

RE_PROC_DRAW = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Draw the top card of the Random Encounter Deck.")
RE_PROC_REVEAL = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Reveal the Random Encounter card.")
RE_PROC_IDENTIFY = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Identify the Encountering Player.")
RE_PROC_READ = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Read the Random Encounter aloud.")
RE_PROC_OPTIONS = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Identify all available Encounter Completion Options.")
RE_PROC_CHOOSE = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "The Encountering Player chooses one available Encounter Completion Option before rolling dice or resolving that option.")
RE_PROC_RESOLVE = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Resolve the chosen Encounter Completion Option.")
RE_PROC_DEATH = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "If Death is triggered, resolve the Death Process according to 09_DEATH_AND_VICTORY.")
RE_PROC_VICTORY_CHECK = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "After any Death Process, perform a Victory Check.")
RE_PROC_COMPLETE = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "If the game has not ended, complete the Random Encounter.")
RE_PROC_RESUME = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "Resume the interrupted process unless a rule specifically states otherwise.")
RE_PRINTED_ORDER = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "If a Random Encounter has multiple instructions, resolve those instructions in the order printed on the card unless a rule specifically states otherwise.")
RE_AS_MUCH_AS_POSSIBLE = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "If a Random Encounter cannot be fully resolved, resolve as much of the card as possible.")
RE_NESTED_INTERRUPTION = _c(ENCOUNTERS, "DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS", "If a Random Encounter creates another interruption, fully resolve that interruption before continuing the Random Encounter.")

RE_LOOT_DRAW_BY_08 = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_LOOT", "If a Random Encounter causes a Player to draw Loot, resolve that draw according to 08_LOOT_AND_INVENTORY.")
RE_LOOT_MANAGE_BY_08 = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_LOOT", "If a Random Encounter causes a Player to gain, take, discard, equip, store, use, or otherwise manage Loot, resolve that Loot procedure according to 08_LOOT_AND_INVENTORY unless the Random Encounter card specifically states otherwise.")
RE_LOOT_ELIGIBLE = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_LOOT", "If a Random Encounter requires a Player to discard Loot as part of a Non-Check Completion Option, the Player must choose eligible Loot they currently possess.")
RE_LOOT_NO_DISCARD_OPTION = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_LOOT", "A Player may not choose a Non-Check Completion Option that requires discarding Loot unless they have eligible Loot to discard.")
RE_LOOT_DISCARD_PILE = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_LOOT", "Loot discarded to resolve a Random Encounter is placed in its matching discard pile unless a rule specifically states otherwise.")

RE_DEATH_PAUSES = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DEATH", "If a Random Encounter causes Death, pause the Random Encounter and resolve the Death Process according to 09_DEATH_AND_VICTORY.")
RE_DEATH_NO_LOOT_OPPORTUNITY = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DEATH", "Death caused by a Random Encounter does not create a Loot Opportunity unless a rule specifically states otherwise.")
RE_DEATH_RESUME = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DEATH", "After the Death Process and any Victory Check are complete, resume the Random Encounter only if it still has unresolved instructions that can be resolved.")
RE_DEATH_REMOVED_ENDS = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DEATH", "If the Encountering Player is removed from the game during the Random Encounter, the Random Encounter ends after any required Death Process and Victory Check unless a rule specifically states otherwise.")
RE_VICTORY_STOPS = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DEATH", "If the game ends because of Victory, do not resolve any further Random Encounter instructions unless a rule specifically states otherwise.")

RE_COMBAT_NOT_COMBAT = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_COMBAT", "A Random Encounter is not a Combat Encounter unless the Random Encounter specifically initiates a Combat Encounter.")
RE_COMBAT_BY_06_AGAIN = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_COMBAT", "If a Random Encounter initiates a Combat Encounter, resolve that Combat Encounter according to 06_COMBAT_ENCOUNTER.")
RE_COMBAT_CARD_WAITS = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_COMBAT", "The Random Encounter that initiated the Combat Encounter remains in the interrupted resolution area until the Combat Encounter and any resulting Death Processes are complete.")
RE_COMBAT_RESUME = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_COMBAT", "After the Combat Encounter is complete, resume and complete the Random Encounter unless the game has ended or the card specifically states otherwise.")

RE_BOMB_PAUSES = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DUNGEON_BOMBS", "If a Dungeon Bomb causes a Random Encounter to be drawn, pause the Dungeon Bomb resolution and resolve the Random Encounter.")
RE_BOMB_RESUME = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DUNGEON_BOMBS", "After the Random Encounter is complete, resume the Dungeon Bomb resolution unless the game has ended or a rule specifically states otherwise.")
RE_BOMB_DEATH = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DUNGEON_BOMBS", "If a Random Encounter causes Death during Dungeon Bomb resolution, resolve Death according to 09_DEATH_AND_VICTORY.")
RE_BOMB_VICTORY = _c(ENCOUNTERS, "RANDOM_ENCOUNTERS_AND_DUNGEON_BOMBS", "If Victory occurs during the Random Encounter, the game ends immediately.")

# --- end 10 random encounters ------------------------------------------------------------------------


def all_citations() -> dict[str, Citation]:
    """Every citation of this registry by its name (what the citation test walks)."""
    return {name: value for name, value in globals().items() if isinstance(value, Citation)}
