"""A Random Encounter card as the table describes it (the cards are not in the rules): its Check options
(CHECK_COMPLETION_OPTIONS), Non-Check options (NON_CHECK_COMPLETION_OPTIONS) and Penalty (ENCOUNTER_PENALTY), read
from what the table typed, strictly.
"""

from __future__ import annotations

import re
from referee.errors import InvalidMove
from referee.moves import STATUSES
from referee.notation import status_named
from referee.parsing import parse_int


DAMAGE_DICE = (4, 6, 8, 10, 20)  # 01 DICE


def _words(text: str, what: str) -> list[str]:
    words = str(text).split()
    if not words:
        raise InvalidMove(f"an empty {what}")
    return words


def _flags(words: list[str], *names: str) -> tuple[list[str], set[str]]:
    found = {w.lower() for w in words if w.lower() in names}
    return [w for w in words if w.lower() not in names], found


def parse_check_option(text: str) -> dict:
    """ "brawn 12 easier reward" -> a Check Completion Option (Check type, Target Number, marks)."""
    words, flags = _flags(_words(text, "--check"), "easier", "harder", "reward")
    if len(words) != 2:
        raise InvalidMove(f"--check {text!r}: write the Check type and Target Number, e.g. \"brawn 12\", "
                      f"\"perception 14 harder reward\"")
    stat, tn = words
    mark = "easier" if "easier" in flags else "harder" if "harder" in flags else ""
    kind = stat.lower() if stat.lower() in ("perception", "attack") else "stat"
    return {"kind": "check", "check": kind, "stat": "" if kind != "stat" else stat[:1].upper() + stat[1:].lower(),
            "tn": parse_int(tn, what="the Target Number", low=0, high=99), "mark": mark, "reward": "reward" in flags}


PAY_GRAMMAR = ('"kaos N", "discard [N]", "health N", "status goblin|haunted", "move TEXT", "other TEXT" '
               '(+ "reward")')


PENALTY_GRAMMAR = ('"damage dN", "damage N", "health N", "kaos N", "discard [N]", "status goblin|haunted", '
                   '"move TEXT", "combat TEXT", "other TEXT" (+ "all" after damage N, health N, kaos N, status S)')


# The first word of an instruction; "loot" and "hp" are spellings of discard and health.
INSTRUCTION_WORDS = {"discard": "discard", "loot": "discard", "kaos": "kaos", "health": "health", "hp": "health",
                     "damage": "damage", "status": "status", "move": "move", "combat": "combat", "other": "other"}


def _instruction(text: str, what: str, kinds: tuple[str, ...], shown: str = "") -> dict:
    """One printed instruction. Free text only after other/move/combat: a typo never becomes card text."""
    from referee.parsing import match_alias

    grammar = PAY_GRAMMAR if what == "--pay" else PENALTY_GRAMMAR
    words = _words(text, what)
    text = shown or text  # as the table typed it, for the messages
    first, rest = words[0], words[1:]
    try:
        head = match_alias(first, INSTRUCTION_WORDS, what=f"{what} instruction")
    except InvalidMove as error:
        raise InvalidMove(f"{what} {text!r}: {error}. Write one of {grammar}") from None

    def wrong(why: str) -> InvalidMove:
        return InvalidMove(f"{what} {text!r}: {why}. Write one of {grammar}")

    if head in ("move", "combat", "other"):
        if head == "combat" and head not in kinds:  # a Non-Check option that starts a fight: card-specific text
            return {"kind": "other", "text": " ".join(words)}
        return {"kind": head, "text": " ".join(rest) or ("" if head == "other" else head)}
    if head == "discard":
        if len(rest) > 1:
            raise wrong("a Loot discard takes at most a number (each Player resolves their own)")
        return {"kind": "discard", "amount": parse_int(rest[0], what="the Loot to discard", low=1, high=9) if rest else 1}
    if head == "status":
        if not rest:
            raise wrong("name the Status")
        try:
            return {"kind": "status", "status": status_named(" ".join(rest))}
        except InvalidMove as error:
            raise wrong(str(error)) from None
    if head == "damage" and "damage" not in kinds:
        raise wrong("a Non-Check option costs Health as \"health N\"")
    if len(rest) != 1:
        raise wrong(f"{head} takes one amount" + (" (a number or a die: d4, d6, d8, d10, d20)" if head == "damage"
                                                   else ""))
    if head == "damage":
        die = re.fullmatch(r"[dD]([0-9]+)", rest[0])
        if die:
            size = int(die.group(1))
            if size not in DAMAGE_DICE:
                raise InvalidMove(f"{what} {text!r}: the dice are d4, d6, d8, d10 and d20")
            return {"kind": "damage", "die": size}
        return {"kind": "damage", "amount": parse_int(rest[0], what="the Damage", low=1, high=99)}
    return {"kind": head, "amount": parse_int(rest[0], what=f"{what} {head}", low=1, high=99)}


def parse_pay_option(text: str) -> dict:
    """ "kaos 2", "discard 1 reward", "health 3", "status haunted", "move ...", "other ..." -> a Non-Check option."""
    words, flags = _flags(_words(text, "--pay"), "reward")
    option = _instruction(" ".join(words), "--pay", ("discard", "move"), shown=text)
    return {**option, "reward": "reward" in flags}


def parse_penalty(text: str) -> dict:
    """ "damage d6", "damage 2", "health 2", "kaos 3", "discard 1", "status goblin", "move ...", "combat ...", "other ...";
    "... all" when the card affects all Players ("kaos 1 all"; not for dice or Loot, which each Player resolves)."""
    words = _words(text, "--penalty")
    head = INSTRUCTION_WORDS.get(words[0].casefold())
    every = len(words) > 2 and words[-1].lower() == "all" and head in ("damage", "health", "kaos", "status")
    if words[-1].lower() == "all" and head == "discard":
        raise InvalidMove(f"--penalty {text!r}: each Player chooses their own Loot to discard: write it as card text "
                      f"(--penalty \"other every Player discards 1 Loot\") and record each `referee discard PLAYER "
                      f"CARD --required \"REASON\"` before `referee encounter continue`. "
                      f"Write one of {PENALTY_GRAMMAR}")
    item = _instruction(" ".join(words[:-1] if every else words), "--penalty", ("discard", "damage", "move", "combat"),
                        shown=text)
    if every and "die" in item:
        raise InvalidMove(f"--penalty {text!r}: a damage die for all Players is rolled for each: record each with "
                      f"`referee damage PLAYER N` during the Penalty (--penalty \"other ...\")")
    return {**item, "all": True} if every else item


def option_label(option: dict) -> str:
    if option["kind"] == "check":
        what = {"perception": "Perception", "attack": "Attack"}.get(option["check"], option["stat"])
        label = f"{what} Check vs TN {option['tn']}" + (f" ({option['mark']})" if option["mark"] else "")
    else:
        label = _instruction_label(option, cost=True)
    return label + (" + Event Reward" if option.get("reward") else "")


def penalty_label(item: dict) -> str:
    return _instruction_label(item, cost=False) + (" (all Players)" if item.get("all") else "")


_INSTRUCTION_LABELS = {  # an instruction's kind -> its label; `cost`: the card offers it as a price, not a penalty
    "discard": lambda item, cost: f"discard {item['amount']} Loot",
    "kaos": lambda item, cost: f"{'pay' if cost else 'lose'} {item['amount']} Kaos",
    "health": lambda item, cost: f"lose {item['amount']} Health",
    "damage": lambda item, cost: f"d{item['die']} Damage" if "die" in item else f"{item['amount']} Damage",
    "status": lambda item, cost: f"{'accept' if cost else 'gain'} {STATUSES[item['status']]}",
    "move": lambda item, cost: f"{'move' if cost else 'forced movement'}: {item['text']}",
    "combat": lambda item, cost: f"a Combat Encounter: {item['text']}",
}


def _instruction_label(item: dict, *, cost: bool) -> str:
    label = _INSTRUCTION_LABELS.get(item["kind"])
    return label(item, cost) if label else item["text"] or "another card-specific instruction"


def match_option(card: dict, text: str) -> int:
    """An option by number, or by a word of its label ("brawn", "kaos", "discard"); 1-based."""
    options = card["options"]
    raw = str(text).strip()
    if raw.isdigit():
        return parse_int(raw, what="the option", low=1, high=99)
    labels = [option_label(o) for o in options]
    wanted = raw.casefold()
    hits = [i for i, label in enumerate(labels, 1) if wanted in label.casefold()]
    if len(hits) == 1:
        return hits[0]
    listed = "; ".join(f"{i}. {label}" for i, label in enumerate(labels, 1))
    raise InvalidMove(f"{'several options match' if hits else 'no option matches'} {text!r}: {listed}")
