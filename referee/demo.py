"""`referee demo`: a short scripted game, each command shown and refereed as a table would see it.

The script is data: (what the table is doing, the command's words, the exit code it must give).
The demo plays it into a throwaway game file and leaves the user's current game alone; a test
replays the same script and fails if any step's verdict changes.
"""

from __future__ import annotations

from referee.records import Record

__all__ = ["Step", "SCRIPT", "GAME_PLACEHOLDER"]

GAME_PLACEHOLDER = "{game}"


class Step(Record, frozen=True):
    narration: str
    words: tuple[str, ...]
    exit_code: int = 0


def _step(narration: str, command: str, exit_code: int = 0) -> Step:
    import shlex

    return Step(narration, tuple(shlex.split(command)), exit_code)


SCRIPT: tuple[Step, ...] = (
    _step(
        "Four friends sit down. Health and Turn Actions are table settings: 03 and 04 are not loaded.",
        'new --players "Mara, Ivo, Jun, Tess" --health 6 --turn-actions 2 --stats "Mara: Brawn 2; Ivo: Charm 1"'
        " --game {game}",
    ),
    _step(
        "Mara opens a chest (05_ACTIONS decides how; the table says what came out): an Armor card.",
        'draw mara armor "Bone Pauldron" --defense 2',
    ),
    _step("Ivo wants to throw away his Plot Armor on Mara's turn. Refused, and why.", "discard ivo plot", 1),
    _step("Can Mara wear the Pauldron? Ask first: nothing changes.", "equip mara bone --dry-run"),
    _step("She does. Plot Armor goes back to the box; the window closes.", "equip mara bone"),
    _step("A sword from the Weapon Deck goes into her backpack.", 'draw mara weapon "Rusty Sword" --melee'),
    _step("", "store mara rusty"),
    _step("Gear Swap: the sword from the backpack into the Melee Weapon Slot.", "gear-swap mara rusty"),
    _step("A second Gear Swap this turn is refused.", "gear-swap mara rusty", 1),
    _step("Mara forces a door: a Brawn Check against TN 12.", "declare mara brawn --tn 12"),
    _step("Ivo wants to hurt Jun in the middle of Mara's Check. Not yet.", "damage jun 1", 1),
    _step("Mara rolls a natural 1 at the table. She holds no Reroll Token and no Kaos, and no one holds a card with "
          "its own timing: nothing else can change the Check, so it resolves at once: a failure, and the Critical "
          "Failure reward.", "roll mara 1"),
    _step("Can she spend Kaos on it now? The Check is over.", "kaos mara 1 --dry-run", 1),
    _step("Mara ends her turn with both Turn Actions unspent: TURN_ACTION_REFUND each.", "end-turn"),
    _step("Ivo has Goblin Balls On Ya: two d20s, the higher one counts.", "gain-status ivo goblin"),
    _step("", "declare ivo charm --tn 14"),
    _step("A natural 20 on the higher die: Critical Success, resolved at once.", "roll ivo 20 3"),
    _step("Ivo ends his turn; his Dungeon Bomb (07, not loaded) did something: the table records it.",
          "end-turn --bomb"),
    _step(
        "His Dungeon Bomb sets off a Random Encounter. The table reads the card out.",
        'encounter draw "Spider Swarm" --check "brawn 12 reward" --check "intellect 15" --penalty "kaos 3"',
    ),
    _step("Ivo picks the Brawn option before rolling.", "encounter choose ivo 1"),
    _step("", "roll ivo 9 15"),
    _step("Switching options after rolling is refused.", "encounter choose ivo 2", 1),
    _step("", "resolve"),
    _step("The Event Reward: 1 Common Magic, before the card is discarded.", 'draw ivo common "Healing Draught" --consumable'),
    _step("", "store ivo healing"),
    _step("", "end-turn"),
    _step("Where things stand.", "status"),
    _step("A trap the table resolves hits Jun hard.", 'damage jun 6 --source "Spike Trap"'),
    _step("Jun is at 0 Health: the Death Process (09, not loaded) must finish first.", "end-turn", 1),
    _step("The table reports the outcome of the Death Process.", "death jun removed"),
    _step("Tess falls too, as the table reports.", "damage tess 6"),
    _step("", "death tess removed"),
    _step("Then Mara.", "damage mara 6"),
    _step("Only Ivo survives: Victory.", "death mara removed"),
    _step("The game is over: further moves are refused.", "end-turn", 1),
    _step("The whole game, move by move, with the rules that decided it.", "history"),
    _step("And a rules question, the way players ask it.", 'ask "can I put plot armor in my bag" --limit 2'),
)
