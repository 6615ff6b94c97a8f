"""A rules question that names a move and a Player, judged as that move on the current game.

"can Bram reroll now?" is a rules question (`referee ask` quotes 01 REROLL_TOKENS) and, with a game
going, a move the referee judges: `reroll bram`. `judge(game, question)` reads the question as table
notation, asks the library (`Game.parse`, then `Game.check`, which is pure) and returns the dry-run
ruling: "Now: no, Bram holds no Reroll Token" with the rule that decides it. The game never changes.
A question that names a move it cannot read (no Player, no card) says so instead of guessing.

What a question can name: reroll, spending Kaos, Gear Swap, equip, store, discard, use, Pickpocket,
heal, ending the turn. "I", "me", "my" are the Active Player (said in the answer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_NUMBER = re.compile(r"\b([1-9]\d?)\b")
_NEEDS_CARD = frozenset({"gear-swap", "equip", "store", "discard", "use", "pickpocket"})
_NEEDS_PLAYER = frozenset({"gear-swap", "reroll", "kaos", "pickpocket", "equip", "store", "discard", "use", "heal"})
_FILLER = frozenset("""a an the this that these those it its is are be can could may might will would should do does
    did have has had now still just already again yet too also here there in into from to of for with at by
    and or but if so then than what when where who whose which how why please ok okay right my his her their
    our your me i we you he she they him them us""".split())


@dataclass(frozen=True)
class MoveQuestion:
    """A question read as a move and judged on the current game (or why it could not be read)."""

    move: str = ""  # the move as table notation: "reroll bram"
    legal: bool | None = None  # None: the question could not be read as a move
    reason: str = ""  # the deciding violation; or what the move would change; or why it was not read
    key: str = ""  # the rule that decides it, DOC > SECTION
    self_is: str = ""  # the Player "I" was read as (the Active Player), when the question says "I"

    def to_json(self) -> dict:
        return {"move": self.move, "legal": self.legal, "reason": self.reason, "key": self.key,
                "self_is": self.self_is}


def names_a_move(question: str) -> str | None:
    """The notation command the question's words name, or None (cheap: no game is opened)."""
    for command, pattern in _MOVES:
        if pattern.search(question):
            return command
    return None


def judge(game, question: str) -> MoveQuestion | None:
    """The question as a move on `game`, judged without changing it; None when it names no move."""
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
            player = self_is = state.active_player.name
        else:
            return MoveQuestion(reason=f"it names no Player to {command} (the Players: {', '.join(names)})")
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
                      if w and w not in _FILLER and w not in _MOVE_WORDS and w not in used
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
        ruling = game.check(move)
        return _judged(text, ruling, self_is, virtual=command == "reroll")
    return MoveQuestion(reason=f"it could not be read as a move: {last_error}", self_is=self_is)


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
    return MoveQuestion(shown, True, change, ruling.citations[0].key if ruling.citations else "", self_is)
