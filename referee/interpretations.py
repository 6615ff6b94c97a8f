"""The register of deliberate readings where the loaded rules are silent or ambiguous.

Kept as data (see ../shared/design/AMBIGUITIES.md): each entry names the question, the default
reading, the alternatives a table may choose as a game setting, and the statements in tension.
A ruling that depends on an entry says so (`Ruling.interpretations`).
"""

from __future__ import annotations

from referee import citations as R
from referee.citation import AppliedInterpretation, Citation
from referee.records import Record
from referee.state import renamed

__all__ = ["Interpretation", "AppliedInterpretation", "REGISTER", "reading", "applied", "UnknownInterpretation",
           "validate_choices"]


class Interpretation(Record, frozen=True):
    id: str
    question: str
    default: str  # id of the default reading
    readings: tuple[tuple[str, str], ...]  # (reading id, what it says); the default first
    citations: tuple[Citation, ...]
    selectable: bool = True  # False: the alternative is only reachable by --override

    def text(self, reading: str) -> str:
        return dict(self.readings)[reading]


class UnknownInterpretation(ValueError):
    """A table setting names an interpretation or reading that does not exist."""


def _i(id, question, readings, citations, selectable=True) -> Interpretation:
    return Interpretation(id, question, readings[0][0], tuple(readings), tuple(citations), selectable)


REGISTER: dict[str, Interpretation] = {
    entry.id: entry
    for entry in (
        _i("nat1-autofail", "Does a natural 1 fail a non-contested Check automatically?",
           [("no-auto-fail", "No: the Final Result against the Target Number decides."),
            ("auto-fail", "Yes: a natural 1 fails a non-contested Check.")],
           [R.CRIT_FAILURE, R.CRIT_SUCCESS_AUTO, R.CONTESTED_NO_AUTO, R.KAOS_ON_NATURAL_1, R.FINAL_RESULT_DECIDES]),
        _i("two-dice-crit", "With two d20s (Goblin Balls On Ya / Dungeon Haunted), does a 20 or 1 on the die not used count as a crit?",
           [("used-die", "Only the die whose result is used counts."),
            ("either-die", "A natural 20 or 1 on either die counts.")],
           [R.GOBLIN_EFFECT, R.HAUNTED_EFFECT, R.CRIT_SUCCESS, R.CRIT_FAILURE]),
        _i("status-duration", "How long do Goblin Balls On Ya and Dungeon Haunted last?",
           [("until-removed", "Until the table removes them (card text decides); the referee reminds at each Check. A status the Player does not have cannot be removed.")],
           [R.GOBLIN_MODIFIES, R.HAUNTED_MODIFIES], selectable=False),
        _i("status-cancel-time", "When both are held, are they removed at once or at the next roll?",
           [("before-next-roll", "Both are removed before the Player's next d20 roll."),
            ("at-once", "Both are removed as soon as the Player holds both.")],
           [R.STATUSES_CANCEL, R.STATUSES_REMOVE_BEFORE_ROLL]),
        _i("crit-reward-time", "Is a crit reward gained at the roll or when the Check resolves? Can that Kaos be spent on the same Check?",
           [("at-resolution", "Gained when the Check resolves (after rerolls and Kaos); not spendable on that Check.")],
           [R.CRIT_SUCCESS_REWARD, R.CRIT_SUCCESS_REROLLED, R.REROLL_BEFORE_KAOS], selectable=False),
        _i("spent-reroll-supply", "Do spent Reroll Tokens return to the supply?",
           [("return", "Spent Reroll Tokens return to the supply."),
            ("leave-game", "Spent Reroll Tokens leave the game.")],
           [R.REROLL_NONE_AVAILABLE]),
        _i("contested-3way-tie", "Contested Check among three or more: a tie for highest between Players who did not initiate?",
           [("table-decides", "The rules do not say: the table decides and the referee says so.")],
           [R.CONTESTED_DEFINITION, R.CONTESTED_TIES], selectable=False),
        _i("repeat-action-cost", "Is it 1 Kaos per extra use of the same Turn Action, and does the repeat use a Turn Action?",
           [("kaos-and-action", "1 Kaos per extra use, and it uses a Turn Action."),
            ("kaos-only", "1 Kaos per extra use; it does not use a Turn Action.")],
           [R.REPEAT_TURN_ACTION, R.EOT_REFUND]),
        _i("damage-roller", "Who rolls a non-Combat Damage die? Who is \"to the left\"?",
           [("next-in-turn-order", "The Player to the left is the next Player in Turn Order (Removed Players skipped).")],
           [R.DAMAGE_ROLLER, R.PENALTY_DAMAGE_DIE], selectable=False),  # 10: an encounter's damage die too
        _i("damage-die-reroll", "Who may spend a Reroll Token on a Penalty's damage die, which the Player to the damaged Player's left rolls?",
           [("roller", "The Player who rolled it (\"after they roll dice\"); the roll waits for them only while they hold a Reroll Token."),
            ("damaged-player", "The damaged Player, whose Penalty it is; the roll waits only while they hold a Reroll Token.")],
           [R.REROLL_WHEN, R.DAMAGE_ROLLER, R.DAMAGE_ROLLER_NOT_DEALER]),
        _i("health-below-zero", "Can Health go below 0, and when does Death trigger?",
           [("flag-at-zero", "Health may go below 0; at 0 or below the referee flags a possible Death and the table reports the Death Process outcome (09_DEATH_AND_VICTORY is not loaded).")],
           [R.DAMAGE_REDUCES_HEALTH, R.DEATH_DEFINED_IN_09], selectable=False),
        _i("turn-after-removal", "Whose turn is it after the Active Player falls or is removed outside Combat?",
           [("turn-ends", "The turn ends; the next position in Turn Order is resolved.")],
           [R.EOT_NOT_FALLEN_REMOVED, R.EOT_FELL_BEFORE_BOMB], selectable=False),
        _i("kaos-floor", "Can Kaos go negative outside encounter penalties?",
           [("never-negative", "Never: a cost larger than the Kaos held cannot be paid.")],
           [R.KAOS_ANY_AMOUNT, R.KAOS_RESOURCE], selectable=False),
        _i("lose-more-than-held", "A Player loses more Kaos or Reroll Tokens than they hold (`referee lose`): refused, or down to 0?",
           [("refuse", "Refused: the table checks what was lost (only an Encounter Penalty's Kaos loss is said to stop at 0; --override applies it down to 0)."),
            ("floor-at-zero", "The Player loses what they hold, down to 0, as an Encounter Penalty's Kaos loss does.")],
           [R.PENALTY_KAOS_FLOOR, R.KAOS_RESOURCE]),
        _i("removed-is-out", "Is a Removed Player out of the game for good: no Damage, healing, gains, statuses, Random Encounters or Death Process?",
           [("out", "Yes: a Removed Player is out of the game (their position is skipped); moves on them are refused (--override, or `referee set-state` if the table brings them back). 09_DEATH_AND_VICTORY is not loaded.")],
           [R.TURN_ORDER_REMOVED_SKIPPED, R.LOOT_DEATH_REMOVED_DISCARD, R.RE_DEATH_REMOVED_ENDS], selectable=False),
        _i("move-action-own-turn", "Who can have failed a Move Action (05_ACTIONS, not loaded) and draw a Random Encounter for it?",
           [("active-player", "The Active Player, during their own Player Turn: a Move Action is one of the Actions a Player Turn is for."),
            ("any-player", "Any Player the table names (05_ACTIONS decides when others take Move Actions).")],
           [R.PLAYER_TURN_DEFINITION, R.ACTIVE_PLAYER, R.RE_BY_MOVE_ACTION, R.ENCOUNTERING_MOVE]),
        _i("nobody-survives", "Everyone stops surviving at once?",
           [("table-decides", "No Victory: the table decides (09_DEATH_AND_VICTORY is not loaded).")],
           [R.VICTORY_ONE_SURVIVOR], selectable=False),
        _i("out-of-play-checks", "May a Fallen or Removed Player take a Check (declare, roll, be named with --vs, earn its crit rewards)? (an interpretation: no rule says so directly)",
           [("refuse", "No: a Fallen or Removed Player is out of play and takes no Checks; the referee refuses it (--override for card text). A Zombie Player's Checks belong to RULES_EXTENSION_01_ZOMBIES (not loaded) and are not refused."),
            ("allow", "Yes: the referee does not refuse a Check for a Fallen or Removed Player; the table keeps track of what the Zombies extension and 09_DEATH_AND_VICTORY allow.")],
           [R.PLAYER_TURN_DEFINITION, R.PLAYER_TURN_NOT_OTHERS, R.TURN_ORDER_REMOVED_SKIPPED, R.COMBAT_LEAVES_ON_DEATH]),
        _i("simultaneous-deaths", "One effect deals lethal Damage to several Players: may the others' Damage be recorded before the first Death Process is resolved, and when is the Victory Check made?",
           [("after-each", "Yes: Damage recorded while a Death Process is pending comes from the same effect; each Player gets a Death Process, the Active Player's resolved first. The Victory Check follows EACH completed Death Process (the text is clear): a Player whose Death Process is still pending is a Surviving Player, and when only one remains the game ends at once and the other Death Processes are not resolved.")],
           [R.VICTORY_AFTER_DEATH, R.VICTORY_IMMEDIATE, R.DEATH_FULLY_RESOLVED, R.TIMING_ACTIVE_FIRST], selectable=False),
        _i("check-finishes-first", "May anything else happen while a Check is being rolled (a card with its own timing, a post-roll modifier)?",
           [("finish-first", "Untimed moves wait until the Check is resolved (roll, rerolls, Kaos, result); a card whose own text times it (described --anytime) and an other applicable modifier the table reports (`referee modifier`) are accepted during it."),
            ("effects-during-check", "As finish-first, and the effects the table reports (damage, heal, gain, lose, statuses) are also recorded during the Check: card text that times them so is the table's to read.")],
           [R.FINAL_RESULT_DEFINITION, R.FINAL_RESULT_FORMULA, R.CONSUMABLE_CARD_TEXT, R.TIMING_FEWEST_UNRESOLVED]),
        _i("check-resolves-at-roll", "A roll resolves its Check at once when no Player can still change it (no reroll, Kaos or card with its own timing the referee would accept): does it also wait for an other applicable modifier, or an effect, the table might report (`referee modifier`)?",
           [("roll-resolves", "No: the table may report a modifier at any time, so waiting for one would keep every Check open; the roll resolves it, and the table that has a modifier to report keeps the Check open with `--hold` (then `referee modifier`, `referee resolve`). A Contested Check always waits for `referee resolve`."),
            ("resolve-command", "Yes: a roll never resolves its Check by itself; every Check waits for `referee resolve`.")],
           [R.FINAL_RESULT_DEFINITION, R.FINAL_RESULT_FORMULA, R.CONSUMABLE_CARD_TEXT]),
        # --- 08 loot (08_LOOT_AND_INVENTORY) ---
        _i("lmw-make-room", "Inside a Loot Management Window, may the player discard a card already in the backpack to make room?",
           [("yes", "Yes: discarding is allowed during your own Loot Management Window, which empties that Backpack Slot."),
            ("no", "No: only the newly acquired or displaced Loot of the window may be discarded during it.")],
           [R.DISCARD_IN_WINDOW, R.STORE_NOT_FULL]),
        _i("lmw-is-interruption", "Does an open Loot Management Window or Check count as \"an Action or interruption being resolved\" for untimed Consumables and voluntary discards?",
           [("own-window-is-not", "A Check, Random Encounter or other procedure is; your own Loot Management Window is not, for your own Loot."),
            ("any-procedure-is", "Any procedure being resolved is, your own Loot Management Window included.")],
           [R.CONSUMABLE_DEFAULT_TIMING, R.DISCARD_OWN_TURN, R.CONSUMABLE_IN_WINDOW, R.LMW_CONSUMABLE_LEGAL]),
        _i("plot-armor-eligible", "Is Plot Armor \"eligible Loot\" for a discard option, a Loot-discard penalty, or being taken by another Player?",
           [("table-decides", "The rules do not say: the table decides and the referee asks. Plot Armor is offered, marked so, wherever Loot is chosen for a discard option or a Loot-discard Penalty: naming it (or reporting it taken) is the table's answer that it counts, said on the ruling; where it alone could be discarded for a Penalty, the Penalty waits for the answer (`encounter discard` it, or `encounter continue`: it does not count); a discard option it alone can pay is chosen by naming it."),
            ("counts", "Plot Armor counts as eligible Loot (it is a special starting Loot card): it may be discarded or taken like other Loot, and a Penalty discards it when it is the only Loot left."),
            ("excluded", "Plot Armor never counts as eligible Loot: it is not offered, a discard naming it is refused and it is not taken (--override).")],
           [R.LOOT_PLOT_ARMOR_SPECIAL, R.PLOT_ARMOR_NOT_ARMOR_CARD, R.PLOT_ARMOR_BOX]),
        _i("gear-swap-limit", "How many Gear Swaps may a Player make per Player Turn?",
           [("once-per-turn", "Once per Player Turn (08 LOOT_SUMMARY), until 05_ACTIONS says otherwise."),
            ("free-action-rules", "As often as the Free Action rules of 05_ACTIONS allow (the table decides; no limit enforced).")],
           [R.SUMMARY_GEAR_SWAP, R.GEAR_SWAP_FREE_ACTION, R.GEAR_SWAP_FOLLOWS_05]),
        _i("backpack-size", "How many Backpack Slots does a Player have?",
           [("three", "The table setting --backpack-slots, three by default (08 LOOT_SUMMARY), until 04_PLAYER_STRUCTURE is loaded.")],
           [R.SUMMARY_BACKPACK, R.BACKPACK_SLOTS_DEFINED_IN_04], selectable=False),
        _i("lmw-not-surviving", "A Loot Management Window paused by a Death Process whose Player ends it Fallen or a Zombie: what becomes of its cards?",
           [("set-aside", "The window does not resume (the Player is not a surviving Player); its cards are set aside, in no Inventory, until the table reports what 09_DEATH_AND_VICTORY does with them (`referee take ... --opportunity`, or `referee discard ... --required \"09_DEATH_AND_VICTORY\"`)."),
            ("discard", "The window does not resume; its cards are discarded to their matching piles, as a Removed Player's would be.")],
           [R.LOOT_DEATH_RESUME, R.LOOT_DEATH_REMOVED_DISCARD, R.OPPORTUNITY_BY_09, R.OPPORTUNITY_DEFINITION]),
        _i("displaced-first", "Must displaced Loot be placed before the other cards waiting in the same Loot Management Window?",
           [("displaced-first", "Yes: displaced Loot \"must immediately\" be placed, a rule that specifically states an order, so it is placed before any other card of the window."),
            ("any-order", "No: the managing Player chooses the order of every card in the window, displaced Loot included.")],
           [R.LMW_DISPLACED_IMMEDIATELY, R.LMW_ORDER, R.REPLACE_DISPLACED_IMMEDIATELY]),
        _i("dropped-weapon-stays", "May a Dropped Weapon leave its Slot by Gear Swap, be equipped over, or be voluntarily discarded?",
           [("stays", "It stays in its Weapon Slot until recovered or restored (no Gear Swap moves it out, no card is equipped over it); a voluntary discard follows the rules for discarding Loot (DISCARDING_LOOT)."),
            ("stays-no-discard", "As stays, and it is not voluntarily discarded either: it leaves its Weapon Slot only once recovered or restored (or as a rule requires: `discard --required`).")],
           [R.WEAPON_DROPPED_REMAINS, R.DROPPED_STILL_EQUIPPED, R.WEAPON_DROPPED_NOT_DISCARDED, R.DISCARD_OWN_TURN]),
        _i("out-of-play-loot", "May a Fallen or Zombie Player draw or take Loot?",
           [("refuse", "No, unless RULES_EXTENSION_01_ZOMBIES (not loaded) allows it: these rules resume Loot management only for a surviving Player; --override when the extension allows it."),
            ("allow", "Yes: the referee does not refuse it; the table follows RULES_EXTENSION_01_ZOMBIES.")],
           [R.LOOT_DEATH_RESUME, R.PLAYER_TURN_NOT_OTHERS, R.ZOMBIE_TURNS_ELSEWHERE]),
        _i("pickpocket-turn", "May a Player who is not the Active Player Pickpocket (05_ACTIONS, not loaded, defines the Action)?",
           [("own-turn", "No: an Action belongs to the acting Player's own Player Turn (as move-action-own-turn and `referee action`): only the Active Player, during their normal Player Turn, Pickpockets, unless card text says otherwise (--override). `pickpocket` records what is taken; the Turn Action is recorded with `referee action PLAYER Pickpocket`."),
            ("any-player", "Yes: any Player the table names (05_ACTIONS decides when others take Actions); the referee does not refuse it.")],
           [R.PICKPOCKET_DEFINED_IN_05, R.PLAYER_TURN_DEFINITION, R.ACTIVE_PLAYER, R.PLAYER_TURN_NOT_OTHERS]),
        _i("another-copy", "A card is drawn by the name of a card already on the table (in a Slot, a Backpack, a window, a discard pile, or in play): is it another copy of that card?",
           [("another-copy", "Yes: a deck may hold several copies of a card (03_SETUP, not loaded, builds the decks); another Loot card of that name is called 'NAME #2'. A card that may instead have come back by a refresh (in its discard pile while the deck's size is unknown), or a Random Encounter card not in the deck, is refused and the fix names both (--override \"another copy\")."),
            ("one-copy", "No: each card is one card; a Loot card drawn by the name of a card already on the table is refused (--override \"another copy\" if the deck holds another).")],
           [R.DRAW_FROM_DECK, R.DISCARD_PILE_STAYS, R.EXHAUSTION_SHUFFLE, R.RE_DECK_TOP]),
        _i("card-redescribed", "A card already described is described differently: correction or error?",
           [("override", "An error until the table says otherwise: a card has one printed text, so a different description is refused and --override applies it as a correction (the same description again changes nothing)."),
            ("latest", "A correction: the latest description replaces the earlier one.")],
           [R.LOOT_CARD_RESTRICTIONS, R.LOOT_CARD_TEXT_WINS, R.ENCOUNTER_CARD_TEXT_WINS]),
        _i("one-plot-armor", "May one Patron Mat hold two Plot Armors (one taken from another Player)?",
           [("one", "No: the rules give each Player one Plot Armor in one Armor Slot; a second is not provided for (--override if the table allows it).")],
           [R.PLOT_ARMOR_AT_START, R.PLOT_ARMOR_ONE_SLOT, R.LOOT_PLOT_ARMOR_SPECIAL], selectable=False),
        # --- end 08 loot ---
        # --- 10 random encounters (10_RANDOM_ENCOUNTERS) ---
        _i("kaos-as-cost", "Can a Non-Check Completion Option, or a repeated Turn Action (01 REPEATING_TURN_ACTIONS), \"pay Kaos\" although Kaos \"may only be spent on d20 Checks\"?",
           [("allowed", "Yes: paying a printed Kaos cost is not spending Kaos on a Check; the Player must hold the whole cost.")],
           [R.KAOS_ONLY_D20, R.REPEAT_TURN_ACTION, R.NON_CHECK_REQUIREMENTS, R.OPTIONS_NON_CHECK, R.ENCOUNTER_CARD_TEXT_WINS], selectable=False),
        _i("switch-before-roll", "May the Encountering Player switch options after choosing a Check option but before rolling?",
           [("no-switch", "No: once chosen, the option must be resolved."),
            ("until-rolled", "Yes: switching is refused only after dice are rolled or the option began to resolve.")],
           [R.OPTIONS_MUST_RESOLVE_CHOSEN, R.OPTIONS_NO_SWITCH, R.CHECK_OPTION_BEFORE_ROLLING]),
        _i("event-reward-optional", "May the rewarded Player decline the Event Reward's Common Magic draw?",
           [("optional", "Yes: CURRENT_EVENT_REWARD says the Player \"may draw\"; `referee encounter continue` declines it."),
            ("required", "No: the Event Reward is drawn before the card is discarded.")],
           [R.EVENT_REWARD_RESOLVES, R.RE_REWARD_BEFORE_DISCARD]),
        _i("encounter-after-victory", "Is the Random Encounter card discarded when the game ends in the middle of it?",
           [("game-over", "No further instructions: the game is over and the card stays where it is.")],
           [R.RE_PROC_COMPLETE, R.RE_VICTORY_STOPS, R.RE_BOMB_VICTORY], selectable=False),
        _i("simultaneous-order", "When a card's effect hits all Players at once, in what order are they resolved?",
           [("active-then-turn-order", "The Active Player's first; then, since no rule orders the others, Turn Order from the Active Player (the order that leaves no effect waiting on a choice).")],
           [R.TIMING_ACTIVE_FIRST, R.TIMING_FEWEST_UNRESOLVED, R.ENCOUNTERING_ALL], selectable=False),
        _i("all-players", "Who are \"all Players\" for a Random Encounter that affects all Players: Zombie and Fallen Players too?",
           [("not-removed", "Every Player not Removed (a Zombie or Fallen Player is still a Player in play); the ruling names who was affected and who was not."),
            ("surviving-only", "Surviving Players only; the ruling names who was affected and who was not.")],
           [R.ENCOUNTERING_ALL, R.PLAYER_TURN_NOT_OTHERS, R.TURN_ORDER_BY_STATE, R.TURN_ORDER_REMOVED_SKIPPED]),
        _i("fallen-encountering-player", "Who resolves a Random Encounter drawn for a Player who is Fallen?",
           [("named-player", "The rules do not say: the table decides, and the referee names the Player the card (or what drew it) names; what a Fallen Player can resolve is RULES_EXTENSION_01_ZOMBIES' (not loaded)."),
            ("refuse", "No one: a Fallen Player takes no Random Encounter, so the draw is refused (--override if the card or what drew it names them anyway).")],
           [R.ENCOUNTERING_PLAYER_DEFINITION, R.ENCOUNTERING_OTHER, R.PLAYER_TURN_DEFINITION, R.PLAYER_TURN_NOT_OTHERS,
            R.TURN_ORDER_FALLEN]),
        _i("encountering-player-falls", "The Encountering Player becomes a Fallen or Zombie Player during a Random Encounter: is the rest of it resolved on them?",
           [("resolve-what-can", "Yes, as far as it can be: the instructions that can still be resolved on that Player are resolved; what a Fallen or Zombie Player can still resolve belongs to RULES_EXTENSION_01_ZOMBIES (not loaded), so the table may --override."),
            ("encounter-ends", "No: the Random Encounter ends, as it does for a Removed Encountering Player.")],
           [R.RE_DEATH_RESUME, R.RE_DEATH_REMOVED_ENDS, R.TURN_ORDER_FALLEN, R.ZOMBIE_TURNS_ELSEWHERE]),
        # --- end 10 random encounters ---
    )
}


def reading(choices: dict[str, str], id: str) -> str:
    """The reading in force for this game: the table's choice, else the default."""
    return choices.get(id) or REGISTER[id].default


def applied(choices: dict[str, str], id: str) -> AppliedInterpretation:
    entry = REGISTER[id]
    chosen = reading(choices, id)
    return AppliedInterpretation(entry.id, entry.question, chosen, entry.text(chosen), chosen == entry.default)


def validate_choices(choices: dict[str, str]) -> dict[str, str]:
    """Check `{id: reading}` table settings against the register; raise UnknownInterpretation."""
    import difflib

    choices = renamed(choices)
    for id, chosen in choices.items():
        if id not in REGISTER:
            near = [k for k in REGISTER if k.startswith(id)] or difflib.get_close_matches(id, list(REGISTER), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise UnknownInterpretation(f"no interpretation {id!r}{hint}")
        entry = REGISTER[id]
        names = [r for r, _ in entry.readings]
        if chosen not in names:
            raise UnknownInterpretation(f"interpretation {id!r} has readings {', '.join(names)}, not {chosen!r}")
        if not entry.selectable and chosen != entry.default:
            raise UnknownInterpretation(f"interpretation {id!r} cannot be changed as a setting")
    return dict(choices)
