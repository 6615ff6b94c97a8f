"""A rules question that names a move of a known Player, judged as that move on the current game.

"can Bram reroll now?" is a rules question (`referee ask` quotes 01 REROLL_TOKENS) and, with a game
going, a move the referee judges: `reroll bram`. `judge(game, question)` reads the question as table
notation, asks the library (`Game.parse`, then `Game.check`, which is pure) and returns the dry-run
ruling: "Now: no, Bram holds no Reroll Token" with the rule that decides it. The game never changes.

Only a question that really names a move is read so (issue 22: a move guessed out of a general question
answered another question than the one asked): it asks whether the move may be made ("can", "may",
"allowed"), not what happens "if" or "when" it is; it names a known Player ("I", "me", "my": the Active
Player, said in the answer); and it says nothing the move leaves out ("on a contested check", "a nat 1",
"above my max health"). Every other question is a rules question only. A question that names a move it
cannot read (no such card) says so instead of guessing.

What a question can name: reroll, spending Kaos, Gear Swap, equip, store, discard, use, Pickpocket,
heal, ending the turn.
"""

from __future__ import annotations

import re
from referee.records import Record

__all__ = ["MoveQuestion", "names_a_move", "judge"]

# Question words -> the notation command they name (referee.notation.GRAMMAR), most specific first.
_MOVES = (
    ("gear-swap", re.compile(r"\bgear[- ]?swap\w*|\bswap\w*", re.I)),
    ("reroll", re.compile(r"\bre-?roll\w*", re.I)),
    ("kaos", re.compile(r"\b(?:spend|spent|use|add|put|pay|burn)\w*\b[^,.;?!]*\bkaos\b", re.I)),
    ("pickpocket", re.compile(r"\bpickpocket\w*", re.I)),
    ("equip", re.compile(r"\bequip\w*|\bwear\b|\bwield\b|\bput on\b", re.I)),
    ("store", re.compile(r"\bstor(?:e|ing)\b|\bstash\w*|\bstow\w*", re.I)),
    ("discard", re.compile(r"\bdiscard\w*|\btoss\w*|\bditch\w*|\bchuck\w*|\bthrow (?:away|out)\b|\bget rid of\b", re.I)),
    ("use", re.compile(r"\buse\b|\bdrink\b|\bquaff\b", re.I)),
    ("heal", re.compile(r"\bheal\b", re.I)),
    ("end-turn", re.compile(r"\bend (?:my |his |her |their |the )?turn\b", re.I)),
)
# Words that name the move, not its arguments ("can Mara gear swap the axe in" -> the card is "axe").
_MOVE_WORDS = frozenset("""gear swap gearswap reroll rerolls rerolling reroll spend spent use add put pay burn kaos
    pickpocket equip equipped equipping wear wield on store storing stash stow discard discarding toss ditch chuck
    throw away out get rid of drink quaff heal end turn token tokens reroll""".split())
_SELF = re.compile(r"\b(?:i|me|my|myself|i'm|im)\b", re.I)
_WE = re.compile(r"\b(?:we|us|our)\b", re.I)  # the table: names the Active Player's end of turn only
# Asks whether the move may be made now: "can I", "may Bram", "is Dee allowed to", "lemme".
_MAY = re.compile(r"\b(?:can|cant|can't|could|may|allowed|legal|able|lemme|let me)\b|\bok(?:ay)? (?:for|to)\b", re.I)
# What would make it another question: a condition ("if", "when"), a wh-question, a choice ("kaos or reroll").
_NOT_NOW = re.compile(r"\b(?:if|when|whenever|after|before|while|once|unless|until|during|instead|what|whats|how|why|"
                      r"which|where|who|whose|should|or)\b", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_NUMBER = re.compile(r"\b([1-9]\d?)\b")
_NEEDS_CARD = frozenset({"gear-swap", "equip", "store", "discard", "use", "pickpocket"})
_NEEDS_PLAYER = frozenset({"gear-swap", "reroll", "kaos", "pickpocket", "equip", "store", "discard", "use", "heal"})
_FILLER = frozenset("""a an the this that these those it its is are be can could may might will would should do does
    did have has had now still just already again yet too also here there in into from to of for with at by
    and or but if so then than what when where who whose which how why please ok okay right my his her their
    our your me i we you he she they him them us""".split())
# Words that say nothing the move leaves out: asking, the moment, the table's talk.
_TALK = frozenset("""can cant can't could may allowed legal able let lemme am rn currently time moment own want wants
    wanna try going gonna like yo hey hi um uh so wait guys pls plz quick question real quick""".split())
# Quantities and other cases: "equip two weapons", "discard all my loot", "on another Player's turn" ask the rules.
_CASES = frozenset("""two three four five six both all every each any another other others else twice someone
    somebody anyone anybody everyone players""".split())
# Words each move takes for granted ("spend kaos on this roll", "store it in my bag").
_IMPLIED = {
    "reroll": {"check", "roll", "die", "dice", "d20", "result", "token", "tokens", "rerolls"},
    "kaos": {"check", "roll", "die", "d20", "result", "final", "point", "points"},
    "gear-swap": {"backpack", "bag", "pack", "slot", "weapon", "armor", "gear"},
    "equip": {"slot", "weapon", "armor"},
    "store": {"backpack", "bag", "pack", "slot"},
    "discard": {"card", "loot"},
    "use": {"card", "loot"},
    "heal": {"health", "hp"},
    "end-turn": set(),
    "pickpocket": {"card", "loot"},
}


class MoveQuestion(Record, frozen=True):
    """A question read as a move and judged on the current game (or why it could not be read)."""

    move: str = ""  # the move as table notation: "reroll bram"
    legal: bool | None = None  # None: the question could not be read as a move
    reason: str = ""  # the deciding violation; or what the move would change; or why it was not read
    key: str = ""  # the rule that decides it, DOC > SECTION
    self_is: str = ""  # the Player "I" was read as (the Active Player), when the question says "I"


def names_a_move(question: str) -> str | None:
    """The notation command the question asks whether a Player may play, or None: it names no move, or it asks
    something else about one ("what happens when I reroll", "do I lose plot armor if I equip"). Cheap: no game
    is opened."""
    if not _MAY.search(question) or _NOT_NOW.search(question):
        return None
    for command, pattern in _MOVES:
        if pattern.search(question):
            return command
    return None


def judge(game, question: str, me: str | None = None) -> MoveQuestion | None:
    """The question as a move on `game`, judged without changing it; None when it names no move. "I" is `me` (a
    Player asking from their own phone), else the Active Player."""
    from referee.errors import RefereeError

    command = names_a_move(question)
    if command is None:
        return None
    state = game.state
    names = list(state.settings.players)
    words = _WORD.findall(question)
    named = _players_named(words, names)
    self_is = ""
    if command in _NEEDS_PLAYER:
        if named:
            player = named[0]
        elif _SELF.search(question):
            player = self_is = me or state.active_player.name
        else:
            return None  # "can you reroll", "can a player store": the rules, not a Player's move now
    elif not (named or _SELF.search(question) or _WE.search(question)):
        return None
    else:
        player = ""
    amount = (_NUMBER.search(question) or [None, "1"])[1]
    target = next((n for n in named if n != player), "")
    if command == "pickpocket" and not target:
        return MoveQuestion(reason="it names no Player to pickpocket from")
    candidates = [""]
    if command in _NEEDS_CARD:
        used = {w.lower() for w in (player, target) if w}
        candidates = [w for w in (w.strip("'-").lower() for w in words)
                      if w and w not in _FILLER and w not in _TALK and w not in _MOVE_WORDS and w not in used
                      and w not in _IMPLIED[command] and w not in _CASES
                      and not any(w == n.lower() or (len(w) >= 3 and n.lower().startswith(w)) for n in names)]
        candidates = [w[:-2] if w.endswith("'s") else w for w in candidates]
        if not candidates:
            return MoveQuestion(reason=f"it names no card to {command}", self_is=self_is)
    last_error = ""
    for card in candidates:
        text = _notation(command, player, target, card, amount)
        try:
            move = game.parse(text)
        except RefereeError as error:
            last_error = str(error)
            continue
        if _says_more(question, command, named, getattr(move, "card", ""), amount):
            return None
        ruling = game.check(move)
        return _judged(text, ruling, self_is, virtual=command == "reroll")
    if _says_more(question, command, named, " ".join(candidates), amount):
        return None
    return MoveQuestion(reason=f"it could not be read as a move: {last_error}", self_is=self_is)


def _says_more(question: str, command: str, named: list[str], card: str, amount: str) -> bool:
    """Whether the question says something the move leaves out ("spend kaos on a contested check", "reroll a
    1"): then it asks about that, and the move on the current game would answer another question."""
    said = {w.lower() for w in re.findall(r"[A-Za-z0-9]+", card)} | {n.lower() for n in named}
    if command in ("kaos", "heal"):
        said.add(amount)
    if any(n not in said for n in re.findall(r"\d+", question)):
        return True
    if any(w.lower() in _CASES for w in _WORD.findall(question)):
        return True
    for word in _WORD.findall(question):
        w = word.strip("'-").lower()
        w = w[:-2] if w.endswith("'s") else w
        if not w or w in _FILLER or w in _TALK or w in _MOVE_WORDS or w in _IMPLIED[command] or w in said:
            continue
        if any(len(w) >= 3 and n.lower().startswith(w) for n in named):
            continue
        return True
    return False


def _players_named(words: list[str], names: list[str]) -> list[str]:
    """Players the question names, in its order: a whole name, or (3 letters or more) the start of one."""
    found: list[str] = []
    for word in words:
        w = word.strip("'-").lower()
        w = w[:-2] if w.endswith("'s") else w
        if len(w) < 2 or w in _FILLER:
            continue
        hits = [n for n in names if n.lower() == w] or [n for n in names if len(w) >= 3 and n.lower().startswith(w)]
        if len(hits) == 1 and hits[0] not in found:
            found.append(hits[0])
    return found


def _notation(command: str, player: str, target: str, card: str, amount: str) -> str:
    from referee.parsing import quoted

    card = quoted(card) if card else ""
    return {
        "reroll": f"reroll {player} --virtual --seed 0",
        "kaos": f"kaos {player} {amount}",
        "heal": f"heal {player} {amount}",
        "pickpocket": f"pickpocket {player} {target} {card}",
        "end-turn": "end-turn",
    }.get(command, f"{command} {player} {card}").strip()


def _judged(text: str, ruling, self_is: str, virtual: bool) -> MoveQuestion:
    shown = text.replace(" --virtual --seed 0", "")
    if not ruling.legal:
        deciding = ruling.violations[0] if ruling.violations else None
        citations = deciding.citations if deciding else ruling.citations
        return MoveQuestion(shown, False, deciding.message if deciding else "the rules refuse it",
                            citations[0].key if citations else "", self_is)
    # What it would change; never a virtual die's value, which is no fact of the game.
    change = "" if virtual else (ruling.consequences[0] if ruling.consequences else "")
    # "can X do it": the sentence that allows the move's own first change, not what decided where it led (a reroll
    # that resolves its Check is decided by the Check's rule)
    allows = next((r.citation for r in ruling.reasons[:1] if r.citation is not None), None) or (ruling.citations[:1] or (None,))[0]
    return MoveQuestion(shown, True, change, allows.key if allows else "", self_is)
