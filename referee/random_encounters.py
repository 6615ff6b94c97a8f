"""10_RANDOM_ENCOUNTERS: the deck, the Encountering Player, options, success, failure, Penalty, interruptions.

A Random Encounter is an `EncounterProc` on the pending stack above what it interrupted. Its Check
options run through the Check procedure of 01 (core_concepts), which hands the result back to
`consume_check_result` (core_concepts.CHECK_RESULT_CONSUMERS); Loot goes through 08 (loot_and_inventory); Death through the DeathProc.
When a procedure above it closes (a Death Process, a Loot Management Window), the engine calls
`resume` and the encounter goes on where it stopped.

Each `judge_*` takes the state, a move and a Draft, and records violations, consequences,
citations and effects. None of them mutates the state.
"""

from __future__ import annotations

import re
from dataclasses import replace

from referee import citations as R
from referee import core_concepts
from referee.errors import BadMove
from referee.game_structure import flag_possible_death, next_in_turn_order
from referee.core_concepts import CheckProc
from referee.deferred import deferred
from referee.game_structure import DeathProc, EndOfTurnProc
from referee.moves import (
    CHECK_MOVES, ENCOUNTER_CAUSES, LOOT_KIND_ALIASES, STATUS_ALIASES, STATUSES, Damage, DeclareCheck, GainStatus,
)
from referee.parsing import match_choice, parse_int
from referee.state import Procedure
from referee.words import plural

__all__ = [
    "parse_check_option", "parse_pay_option", "parse_penalty", "option_label", "penalty_label", "match_option",
    "event_reward", "current_card", "awaited_die", "judge_deck", "judge_draw", "judge_choose", "judge_roll", "judge_discard", "judge_continue",
    "observe", "resume", "at_game_end", "listing", "default_cause",
    "judge_die_reroll", "judge_die_resolve",
]

# --- the procedure: a Random Encounter on the pending stack (RANDOM_ENCOUNTER) ---------------------------

ENCOUNTER_RECORDS = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death", "set-state"})
ENCOUNTER_STEP_MOVES = {
    # encounter-choose is always accepted so that a switch is refused with the rule on switching
    "choose": frozenset({"encounter-choose", "encounter-continue"}),  # continuing is refused: choose first
    "check": frozenset({"encounter-choose"}),  # the Check sits on top meanwhile
    "reward": frozenset({"encounter-choose", "draw", "encounter-continue"}),
    "penalty": frozenset({"encounter-choose", "encounter-roll", "encounter-discard", "encounter-continue",
                          "encounter-draw", "declare"}) | ENCOUNTER_RECORDS,
    "combat": frozenset({"encounter-choose", "encounter-continue", "encounter-draw", "declare"}) | ENCOUNTER_RECORDS,
    "complete": frozenset({"encounter-choose", "encounter-continue"}),
}


@deferred(frozen=True)
class EncounterProc(Procedure):
    """A Random Encounter being resolved; the card's description is in `GameState.encounters`."""

    kind = "random-encounter"
    must_finish_first = (R.RE_FULLY_RESOLVED, R.RE_INTERRUPTS)

    def refuse(self, d, move) -> None:
        resolving = move.type in CHECK_MOVES or getattr(move, "player", None) == self.player and move.type in (
            "discard", "use", "lose", "gain-status", "damage")  # rolling, paying, discarding or using Loot for it
        if self.step == "choose" and resolving:  # 10: nothing is done to resolve it before an option is chosen
            when = "before rolling dice: no Check is being rolled yet" if move.type in CHECK_MOVES else "first"
            d.violate("choose-an-option-first", f"{self.player} must choose an Encounter Completion Option of "
                      f"'{self.card}' {when}", R.OPTIONS_CHOOSE_FIRST,
                      *((R.NON_CHECK_CHOOSE_FIRST,) if move.type not in CHECK_MOVES else (R.RE_PROC_CHOOSE,)),
                      *self.must_finish_first, fix=self.finish_hint())
        else:
            d.violate("encounter-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                      fix=self.finish_hint())

    card: str = ""
    player: str = ""  # the Encountering Player
    cause: str = ""  # move | flee | bomb | other
    source: str = ""  # what it interrupts, as shown: "Bob's Dungeon Bomb Step"
    step: str = "choose"  # choose | check | reward | penalty | combat | complete
    option: int = 0  # the chosen Encounter Completion Option, 1-based; 0 before choosing
    next: int = 0  # the next Penalty instruction to resolve (printed order)
    awaiting: str = ""  # penalty step: "roll" (a damage die) | "apply" (rolled, not resolved) | "discard" | "report"
    roller: str = ""  # who rolls the damage die (01 DAMAGE: the Player to the damaged Player's left)
    die: int = 0
    value: int = 0  # the damage die as rolled, while it may still be rerolled (awaiting "apply")
    dropped: tuple[int, ...] = ()  # a value replaced by a Reroll Token, shown struck through

    def __post_init__(self):
        object.__setattr__(self, "dropped", tuple(self.dropped))

    @property
    def accepts(self) -> frozenset:  # by step, unlike the other procedures
        moves = ENCOUNTER_STEP_MOVES.get(self.step, frozenset())
        return moves | {"reroll", "resolve"} if self.die_rolled else moves

    @property
    def die_rolled(self) -> bool:
        """A Penalty's damage die is rolled and not resolved yet: it may be rerolled (01 REROLL_TOKENS)."""
        return self.step == "penalty" and self.awaiting == "apply"

    def title(self) -> str:
        doing = {
            "choose": "choosing an Encounter Completion Option",
            "check": f"option {self.option} (a Check) being resolved",
            "reward": f"option {self.option} succeeded: Event Reward before the card is discarded",
            "penalty": "failed: resolving the Penalty in printed order",
            "combat": "a Combat Encounter it started is being resolved (the card waits in the interrupted "
                      "resolution area)",
            "complete": "to be completed (discard the card)",
        }.get(self.step, self.step)
        return f"Random Encounter '{self.card}' for {self.player} (drawn by {self.source}): {doing}"

    def finish_hint(self) -> str:
        who = self.player.lower()
        if self.step == "choose":
            return f"`referee encounter choose {who} N` (one option, before rolling or paying anything)"
        if self.step == "check":
            return "resolve the Check: `referee roll`, optionally `reroll`/`kaos`, then `referee resolve`"
        if self.step == "reward":
            return (f"`referee draw {who} common \"CARD\"` (the Event Reward), or `referee encounter continue` "
                    f"to decline it")
        if self.step == "penalty" and self.awaiting == "roll":
            return f"`referee encounter roll {self.roller.lower()} N` (the d{self.die} for Damage, or --virtual)"
        if self.die_rolled:
            return (f"`referee reroll PLAYER N` (1 Reroll Token: the d{self.die} again), or `referee resolve` to apply "
                    f"the {self.value}")
        if self.step == "penalty" and self.awaiting == "discard":
            return f"`referee encounter discard {who} \"CARD\"` (Loot to discard for the Penalty)"
        if self.step == "combat":
            return ("resolve the Combat Encounter at the table (06_COMBAT_ENCOUNTER), record its Damage and "
                    "Deaths, then `referee encounter continue`")
        return "`referee encounter continue`"

    # The hooks the engine calls (referee.state.Procedure): what a Random Encounter does as other moves go on.

    def judge_for(self, move):
        if self.die_rolled and move.type == "reroll":
            return judge_die_reroll  # 01 REROLL_TOKENS: a Penalty's damage die is rerolled before it is applied
        if self.die_rolled and move.type == "resolve":
            return judge_die_resolve
        return None

    def observe(self, state, move, d) -> None:
        observe(state, move, d)

    def on_resume(self, state, d) -> None:
        resume(state, d, self)

    def on_game_end(self, state, d) -> None:
        at_game_end(state, d, self)

    def on_check_result(self, state, d, check, success: bool) -> None:
        consume_check_result(state, d, check, success)


DAMAGE_DICE = (4, 6, 8, 10, 20)  # 01 DICE


# --- the cards, as the table describes them ------------------------------------------------------------


def _words(text: str, what: str) -> list[str]:
    words = str(text).split()
    if not words:
        raise BadMove(f"an empty {what}")
    return words


def _flags(words: list[str], *names: str) -> tuple[list[str], set[str]]:
    found = {w.lower() for w in words if w.lower() in names}
    return [w for w in words if w.lower() not in names], found


def _status(text: str) -> str:
    return STATUS_ALIASES[match_choice(text, list(STATUS_ALIASES), what="status")]


def parse_check_option(text: str) -> dict:
    """ "brawn 12 easier reward" -> a Check Completion Option (Check type, Target Number, marks)."""
    words, flags = _flags(_words(text, "--check"), "easier", "harder", "reward")
    if len(words) != 2:
        raise BadMove(f"--check {text!r}: write the Check type and Target Number, e.g. \"brawn 12\", "
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
    except BadMove as error:
        raise BadMove(f"{what} {text!r}: {error}. Write one of {grammar}") from None

    def wrong(why: str) -> BadMove:
        return BadMove(f"{what} {text!r}: {why}. Write one of {grammar}")

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
            return {"kind": "status", "status": _status(" ".join(rest))}
        except BadMove as error:
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
                raise BadMove(f"{what} {text!r}: the dice are d4, d6, d8, d10 and d20")
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
        raise BadMove(f"--penalty {text!r}: each Player chooses their own Loot to discard: write it as card text "
                      f"(--penalty \"other every Player discards 1 Loot\") and record each `referee discard`. "
                      f"Write one of {PENALTY_GRAMMAR}")
    item = _instruction(" ".join(words[:-1] if every else words), "--penalty", ("discard", "damage", "move", "combat"),
                        shown=text)
    if every and "die" in item:
        raise BadMove(f"--penalty {text!r}: a damage die for all Players is rolled for each: record each with "
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


def _instruction_label(item: dict, *, cost: bool) -> str:
    kind = item["kind"]
    if kind == "discard":
        return f"discard {item['amount']} Loot"
    if kind == "kaos":
        return f"{'pay' if cost else 'lose'} {item['amount']} Kaos"
    if kind == "health":
        return f"lose {item['amount']} Health"
    if kind == "damage":
        return f"d{item['die']} Damage" if "die" in item else f"{item['amount']} Damage"
    if kind == "status":
        return f"{'accept' if cost else 'gain'} {STATUSES[item['status']]}"
    if kind == "move":
        return f"{'move' if cost else 'forced movement'}: {item['text']}"
    if kind == "combat":
        return f"a Combat Encounter: {item['text']}"
    return item["text"] or "another card-specific instruction"


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
    raise BadMove(f"{'several options match' if hits else 'no option matches'} {text!r}: {listed}")


def event_reward(variables: dict) -> tuple[int, str, str]:
    """CURRENT_EVENT_REWARD as read from the rules: (how many, which Loot type, the text)."""
    from referee.variables import VariableError

    text = variables.get("CURRENT_EVENT_REWARD", "")
    found = re.search(r"draw ([0-9]+) (Common Magic|Rare Magic|Armor|Weapon)", text, re.IGNORECASE)
    if not found:
        raise VariableError(f"CURRENT_EVENT_REWARD is {text!r}: not a Loot draw the referee can follow")
    return int(found.group(1)), LOOT_KIND_ALIASES[found.group(2).lower()], text


# --- the deck, the discard pile and the described cards (GameState.encounters) -----------------------


def _encounters(d) -> dict:
    """A copy to change. "refreshed": the cards of a deck made from the shuffled discard pile and not drawn yet
    (its contents are known, not its order); absent while the deck's contents are unknown."""
    current = d.game("encounters")
    copy = {"deck": current["deck"], "discard": list(current["discard"]),
            "cards": {k: dict(v) for k, v in current["cards"].items()}}
    for key in ("refreshed", "unresolved"):
        if current.get(key):
            copy[key] = list(current[key])
    return copy


def _card(d, name: str) -> dict:
    return d.game("encounters")["cards"][name]


def _find(v) -> EncounterProc | None:
    """The Random Encounter being resolved: the topmost EncounterProc on the stack of a GameState or a Draft."""
    return next((p for p in reversed(v.stack) if isinstance(p, EncounterProc)), None)


def current_card(state) -> dict | None:
    """The card of the Random Encounter being resolved (for reading what the table types); None when there is none
    (the move is then refused by the rules, exit 1, not read as bad input)."""
    enc = _find(state)
    return None if enc is None else state.encounters["cards"][enc.card]


def awaited_die(state) -> int | None:
    """The damage die a Penalty waits for (for a virtual roll and the die's range); None when none is awaited (the
    move is then refused by the rules)."""
    enc = _find(state)
    return enc.die if enc is not None and enc.awaiting == "roll" else None


def listing(state) -> dict:
    """What anyone may inspect: the deck as a deck, the public discard pile, the cards described, the card in play."""
    enc = state.encounters
    in_play = [{"card": p.card, "player": p.player, "step": p.step} for p in state.stack if isinstance(p, EncounterProc)]
    return {"deck": enc["deck"], "discard": list(enc["discard"]), "in_play": in_play,
            "unresolved": list(enc.get("unresolved", ())),  # left where they were when the game ended
            "cards": {name: {"options": [option_label(o) for o in card["options"]],
                             "penalty": [penalty_label(p) for p in card["penalty"]]}
                      for name, card in enc["cards"].items()},
            "citations": [c.to_json() for c in (R.RE_DECK_PUBLIC, R.RE_DISCARD_PUBLIC, R.RE_DISCARD_INSPECT)]}


def judge_deck(state, move, d) -> None:
    if not isinstance(move.size, int) or move.size < 0:
        raise BadMove(f"the deck holds 0 or more cards, not {move.size!r}")
    enc = _encounters(d)
    enc["deck"] = move.size
    if enc.pop("refreshed", None):
        d.say("the table reports the deck anew: the cards left of the deck refreshed from the discard pile are no "
              "longer tracked")
    d.set_game("encounters", enc)
    d.say(f"the Random Encounter Deck holds {plural(move.size, 'face-down card')}",
          R.RE_DECK_PUBLIC)
    d.report(f"the deck's size: {state.settings.not_loaded('03_SETUP')} builds the deck; the table reports its size")


# --- drawing: what draws one, who the Encountering Player is --------------------------------------------


def default_cause(state) -> str:
    """What drew the card when the table does not say: a Dungeon Bomb, while a Dungeon Bomb Step is being resolved."""
    top = state.top
    if isinstance(top, EndOfTurnProc) and top.step == "dungeon-bomb":
        return "bomb"
    raise BadMove("say what drew it: --by move|flee|bomb|other")


def _encountering_player(state, move, d) -> tuple[str, str, str, tuple]:
    """(the Encountering Player, what the encounter interrupts, why them, the rules that say so)."""
    where = state.settings.not_loaded
    if move.cause == "bomb":
        d.cite(R.RE_BY_BOMB, R.ENCOUNTERING_BOMB, R.RE_BOMB_PAUSES)
        bomb = next((p for p in reversed(d.stack) if isinstance(p, EndOfTurnProc) and p.step == "dungeon-bomb"), None)
        resolver = bomb.player if bomb else state.active_player.name
        d.report(f"the Dungeon Bomb that draws it: {where('07_DUNGEON_BOMBS')} defines it; the table reports it")
        if move.player:
            return (move.player, f"{resolver}'s Dungeon Bomb Step" if bomb else "a Dungeon Bomb",
                    "the Dungeon Bomb or Random Encounter names them", (R.ENCOUNTERING_BOMB,))
        if bomb is None:
            d.violate("bomb-names-no-encountering-player", "no Dungeon Bomb Step is being resolved and no "
                      "Encountering Player is named",
                      R.ENCOUNTERING_BOMB_DEFAULT, R.ENCOUNTERING_BOMB,
                      fix="name the Encountering Player: `referee encounter draw PLAYER CARD --by bomb`")
        return (resolver, f"{resolver}'s Dungeon Bomb Step",
                "no one is named, so the Active Player resolving the Dungeon Bomb Step", (R.ENCOUNTERING_BOMB_DEFAULT,))
    if not move.player:
        raise BadMove("name the Encountering Player: `referee encounter draw PLAYER CARD`")
    name = move.player
    if move.cause == "move":
        active = state.active_player.name
        if name != active and d.interpret("move-action-own-turn") == "active-player":
            d.violate("move-action-not-the-active-players", f"it is {active}'s turn: {name} takes no Move Action now, "
                      f"so no Random Encounter is drawn for {name}'s failed Move Action", R.PLAYER_TURN_DEFINITION,
                      R.ACTIVE_PLAYER, R.ENCOUNTERING_MOVE,
                      fix=f"if another effect drew it: `--by other --because \"...\"`; or --override \"REASON\"",
                      reading="move-action-own-turn")
        hint = ""
        if name == state.active_player.name and not any("move" in a.casefold() for a in state.actions_taken):
            hint = f" (not recorded this turn: `referee action {name.lower()} move` records its Turn Action)"
        d.report(f"the failed Move Action: {where('05_ACTIONS')} defines it; the table reports it{hint}")
        return name, f"{name}'s failed Move Action", f"{name} failed a Move Action", (R.RE_BY_MOVE_ACTION, R.ENCOUNTERING_MOVE)
    if move.cause == "flee":
        d.report(f"Flee: {where('06_COMBAT_ENCOUNTER')} defines it; the table reports it")
        return name, f"{name}'s Flee", f"{name} used Flee", (R.RE_BY_FLEE, R.ENCOUNTERING_FLEE)
    return name, move.because or "another rule or effect", "the effect that drew it says so", (R.ENCOUNTERING_OTHER,)


def _from_refreshed_deck(d, enc: dict, name: str) -> None:
    """A deck made from the discard pile holds exactly those cards: another card cannot be drawn from it."""
    left = enc["refreshed"]
    if name in left:
        left.remove(name)
    else:
        cards = ", ".join(f"'{c}'" for c in sorted(set(left)))
        d.violate("not-in-the-refreshed-encounter-deck", f"'{name}' is not in the Random Encounter Deck: it was "
                  f"made from the shuffled discard pile and "
                  f"still holds {cards}", R.RE_DECK_REFRESH, R.RE_DECK_TOP,
                  fix="draw one of those cards; if the table rebuilt the deck, record it with `referee encounter deck "
                      "N` first, or --override \"reason\"")
        left.clear()  # applied anyway (--override): what the deck holds is no longer known
    if not left:
        del enc["refreshed"]


def _describe(state, move) -> dict:
    checks = [parse_check_option(t) for t in move.checks]
    for text, option in zip(move.checks, checks):
        if option["check"] == "stat":  # the Stat now, as `declare` reads it, or the card could not be resolved
            try:
                option["stat"] = core_concepts.known_stat(state, text.split()[0])
            except BadMove as error:
                raise BadMove(f"--check {text!r}: {error}") from None
    return {"options": checks + [parse_pay_option(t) for t in move.pays],
            "penalty": [parse_penalty(t) for t in move.penalty], "no_penalty": bool(move.no_penalty)}


def judge_draw(state, move, d) -> None:
    if move.cause not in ENCOUNTER_CAUSES:
        raise BadMove(f"what drew it: {', '.join(ENCOUNTER_CAUSES)}, not {move.cause!r}")
    name_typed = " ".join(move.card.split())
    if not name_typed:
        raise BadMove("name the Random Encounter card")
    enc = _encounters(d)
    described = bool(move.checks or move.pays or move.penalty or move.no_penalty)
    known = next((n for n in enc["cards"] if n.casefold() == name_typed.casefold()), None)
    if described:
        card, name = _describe(state, move), known or name_typed
    elif enc["cards"]:
        try:
            name = match_choice(name_typed, list(enc["cards"]), what="described Random Encounter")
        except BadMove as error:
            raise BadMove(f"{error}; a card seen for the first time needs its options and Penalty "
                          f"(--check, --pay, --penalty)") from None
        card = enc["cards"][name]
    else:
        raise BadMove(f"'{name_typed}' has not been described in this game: give its options and Penalty "
                      f"(--check \"brawn 12\", --pay \"kaos 2\", --penalty \"damage d6\")")

    player, source, why, why_rules = _encountering_player(state, move, d)
    top = d.top
    if isinstance(top, EncounterProc):
        d.say(f"'{top.card}' created another interruption: it waits until this one is fully resolved",
              R.RE_NESTED_INTERRUPTION)
        source = f"Random Encounter '{top.card}'"
    if move.because and move.cause != "other":
        source = f"{source} ({move.because})"

    d.cite(R.RE_DECK_USED)
    if enc["deck"] == 0:
        if not enc["discard"]:
            d.say(f"the Random Encounter Deck and its discard pile are both empty: no Random Encounter is drawn; "
                  f"{source} goes on", R.RE_DECK_BOTH_EMPTY)
            return
        pile = enc["discard"]
        d.say(f"the Random Encounter Deck is empty: its discard pile ({plural(len(pile), 'card')}) "
              f"is shuffled into a new face-down deck", R.RE_DECK_REFRESH)
        enc["deck"], enc["discard"], enc["refreshed"] = len(pile), [], pile
    if enc.get("refreshed"):
        _from_refreshed_deck(d, enc, name)
    elif name in enc["discard"]:
        d.violate("encounter-in-the-discard-pile", f"'{name}' lies in the Random Encounter discard pile: it is not in "
                  f"the deck", R.RE_DECK_TOP, R.RE_DISCARD_PLACED, R.RE_DECK_REFRESH,
                  fix="if the deck ran out, record it (`referee encounter deck 0`) and draw again: the discard pile is "
                      "shuffled into a new deck; if the deck holds another copy: --override \"another copy\"")

    if not card["options"]:
        d.violate("encounter-without-an-option", f"'{name}' is described without an Encounter Completion Option", R.OPTIONS_ONE_OR_MORE,
                  fix="describe its options: --check \"STAT TN\" and/or --pay \"kaos 2\"")
    if not card["penalty"] and not card["no_penalty"]:
        d.violate("encounter-without-a-penalty", f"'{name}' is described without a Penalty", R.RE_HAS_PENALTY, R.PENALTY_DEFINITION,
                  fix="describe it: --penalty \"damage d6\" (in printed order), or --no-penalty if the card says so")
    if described and known and {k: v for k, v in enc["cards"][known].items()} != card:
        if d.interpret("card-redescribed") == "override":
            d.violate("card-redescribed", f"'{name}' was described differently earlier in this game",
                      fix=f"draw it by name only (`referee encounter draw PLAYER \"{name}\"`), or correct it with "
                          f"--override \"what the card says\"", reading="card-redescribed")
        d.say(f"'{name}' was described differently earlier in this game: this description replaces it",
              R.ENCOUNTER_CARD_TEXT_WINS)
    if enc["deck"] is not None:
        enc["deck"] -= 1
    enc["cards"][name] = card
    d.set_game("encounters", enc)
    proc = EncounterProc(card=name, player=player, cause=move.cause, source=source)
    d.push(proc)

    d.say(f"the top card of the Random Encounter Deck is drawn and revealed: '{name}'",
          R.RE_PROC_DRAW, R.RE_DECK_TOP, R.RE_PROC_REVEAL, R.RE_BEGINS)
    d.say(f"{player} is the Encountering Player: {why}", *why_rules, R.RE_PROC_IDENTIFY, R.ENCOUNTERING_PLAYER_DEFINITION)
    d.say(f"it interrupts {source}, which goes on only once the Random Encounter is fully resolved "
          f"(resolving it spends no Turn Action)", R.RE_INTERRUPTS, R.RE_FULLY_RESOLVED, R.RE_NO_TURN_ACTION)
    options = "; ".join(f"{i}. {option_label(o)}" for i, o in enumerate(card["options"], 1))
    penalty = "; ".join(penalty_label(p) for p in card["penalty"]) or "none (the card says so)"
    d.say(f"read aloud: options {options}. Penalty: {penalty}", R.RE_PROC_READ, R.RE_PROC_OPTIONS)
    if sum(o["kind"] == "check" for o in card["options"]) == 2 and any(o["kind"] == "check" and o["mark"]
                                                                       for o in card["options"]):
        d.cite(R.OPTIONS_EASIER_HARDER)
    for i, option in enumerate(card["options"], 1):
        if option["kind"] != "check":
            d.cite(R.OPTIONS_NON_CHECK)
            ok, why, cites = _fulfillable(state, d, player, option)
            if not ok:
                d.say(f"option {i} ({option_label(option)}) is not available: {why}", *cites)
    if enc["deck"] is not None:
        d.say(f"Random Encounter Deck: {plural(enc['deck'], 'card')} left", R.RE_DECK_PUBLIC)
    d.oblige(proc.finish_hint())


# --- choosing an Encounter Completion Option ------------------------------------------------------------


def _plot_armor_note(d, player: str) -> str:
    """When `player` holds Plot Armor and it is not counted as eligible Loot: say so, with the interpretation."""
    from referee.loot_and_inventory import holds_plot_armor

    if not holds_plot_armor(d, player) or d.interpret("plot-armor-eligible") == "counts":
        return ""
    return (" (Plot Armor is not counted: interpretation plot-armor-eligible; a table that counts it as eligible Loot "
            "sets `--interpretation plot-armor-eligible=counts` at `referee new`, or applies a move with --override)")


def _fulfillable(state, d, player: str, option: dict) -> tuple[bool, str, tuple]:
    from referee.loot_and_inventory import eligible_loot

    kind = option["kind"]
    if kind == "discard":
        eligible = eligible_loot(d, player)
        if len(eligible) < option["amount"]:
            held = "no eligible Loot" if not eligible else f"only {len(eligible)} eligible Loot"
            why = f"{player} has {held} to discard" + _plot_armor_note(d, player)
            return False, why, (R.RE_LOOT_NO_DISCARD_OPTION, R.NON_CHECK_ONLY_IF_FULFILL)
    if kind == "kaos":
        d.interpret("kaos-as-cost")
        held = d.get(player, "kaos")
        if held < option["amount"]:
            d.interpret("kaos-floor")
            return False, f"{player} holds {held} Kaos", (R.NON_CHECK_ONLY_IF_FULFILL, R.KAOS_RESOURCE)
    return True, "", ()


def _no_encounter(d) -> None:
    d.violate("no-random-encounter", "no Random Encounter is being resolved", R.RE_BEGINS,
              fix="`referee encounter draw PLAYER CARD --by move|flee|bomb|other` first")
    d.impossible()


def judge_choose(state, move, d) -> None:
    enc = _find(d)
    if enc is None:
        return _no_encounter(d)
    card = _card(d, enc.card)
    options = card["options"]
    if move.player != enc.player:
        d.violate("not-the-encountering-player", f"{enc.player} is the Encountering Player: only {enc.player} "
                  f"chooses", R.OPTIONS_DEFINITION, R.OPTIONS_CHOOSE_FIRST, R.ENCOUNTERING_PLAYER_DEFINITION,
                  fix=enc.finish_hint())
    if not 1 <= move.option <= len(options):  # an option the card does not have: bad input, like a word none matches
        listed = "; ".join(f"{i}. {option_label(o)}" for i, o in enumerate(options, 1))
        raise BadMove(f"'{enc.card}' has no option {move.option}: {listed}")
    if enc.step != "choose":
        enc = _switch(state, move, d, enc, options)
        if enc is None:
            return
    elif d.stack[-1] is not enc:  # something above it finishes first (the engine said what)
        return d.impossible()
    _choose(state, move, d, enc, options[move.option - 1])


def _switch(state, move, d, enc, options) -> EncounterProc | None:
    """Choosing again: refused once resolution began; returns the encounter to choose on if overridden."""
    chosen, wanted = option_label(options[enc.option - 1]), option_label(options[move.option - 1])
    top = d.stack[-1]
    check = top if enc.step == "check" and isinstance(top, CheckProc) and d.stack[-2] is enc else None
    if check is None and top is not enc:  # something else above it finishes first
        top.refuse(d, move)
        d.impossible()
        return None
    if move.option == enc.option:
        d.violate("option-already-chosen", f"{enc.player} already chose option {enc.option} ({chosen}) and is "
                  f"resolving it",
                  R.OPTIONS_MUST_RESOLVE_CHOSEN, fix=(check or enc).finish_hint())
        d.impossible()
        return None
    rolled = check is not None and any(p.rolled for p in check.participants)
    if check is not None and not rolled and d.interpret("switch-before-roll") == "until-rolled":
        d.say(f"{enc.player} switches from option {enc.option} ({chosen}) before rolling", R.OPTIONS_NO_SWITCH)
    else:
        finish = f"; {check.title()} must finish first" if check else ""
        if check is not None and not rolled:  # nothing rolled yet: the reading switch-before-roll decides
            d.interpret("switch-before-roll")
            d.violate("switch-before-rolling", f"{enc.player} chose option {enc.option} ({chosen}) and must resolve "
                      f"the chosen option: no switching to option {move.option} ({wanted}){finish}",
                      R.OPTIONS_MUST_RESOLVE_CHOSEN, R.OPTIONS_NO_SWITCH, fix=(check or enc).finish_hint())
        else:
            what = "has rolled dice for it" if check is not None else "has begun resolving it"
            d.violate("switch-once-resolving", f"{enc.player} chose option {enc.option} ({chosen}) and {what}: no "
                      f"switching to option {move.option} ({wanted}){finish}", R.OPTIONS_NO_SWITCH,
                      R.OPTIONS_MUST_RESOLVE_CHOSEN, fix=(check or enc).finish_hint())
        if check is None:
            d.impossible()
            return None
    d.pop()  # the Check of the abandoned option (applied only by the reading above or an --override)
    enc = replace(enc, step="choose", option=0)
    d.replace_top(enc)
    return enc


def _choose(state, move, d, enc: EncounterProc, option: dict) -> None:
    n, who = move.option, enc.player
    d.say(f"{who} chooses option {n}: {option_label(option)}", R.RE_PROC_CHOOSE, R.OPTIONS_CHOOSE_FIRST,
          R.OPTIONS_MUST_RESOLVE_CHOSEN)
    if option["kind"] == "check":
        if move.discard:
            raise BadMove("a Check option discards no Loot: drop --discard")
        d.cite(R.CHECK_OPTION_BEFORE_ROLLING, R.CHECK_OPTION_IDENTIFIES, R.CHECK_OPTION_BY_01)
        if option["reward"]:
            d.say("the option shows an Event Reward Indicator: the Event Reward is resolved only if the Check "
                  "succeeds", R.EVENT_REWARD_INDICATOR, R.EVENT_REWARD_AFTER_SUCCESS, R.CHECK_OPTION_REWARD)
        d.replace_top(replace(enc, step="check", option=n))
        check = DeclareCheck(player=who, kind=option["check"], stat=option["stat"], tn=option["tn"])
        core_concepts.judge_declare(state, check, d)
        if set(d.get(who, "statuses")) in ({"goblin"}, {"haunted"}) and d.obligations:  # two d20s, not one
            which = "higher" if "goblin" in d.get(who, "statuses") else "lower"
            d.obligations[-1] = (f"`referee roll {who.lower()} D20 D20` (two d20s, the {which} is used; or "
                                 f"`--virtual`), then `referee resolve`")
        return

    d.cite(R.NON_CHECK_CHOOSE_FIRST, R.NON_CHECK_REQUIREMENTS, R.OPTIONS_NON_CHECK)
    ok, why, cites = _fulfillable(state, d, who, option)
    if not ok:
        others = [f"{i}" for i, o in enumerate(_card(d, enc.card)["options"], 1)
                  if i != n and (o["kind"] == "check" or _fulfillable(state, d, who, o)[0])]
        fix = f"choose an option {who} can fulfill: {', '.join(others) or 'none: --override if the card allows'}"
        if option["kind"] == "discard":
            d.violate("discard-option-without-eligible-loot", f"option {n} ({option_label(option)}) cannot be "
                      f"chosen: {why}", *cites, fix=fix)
        else:
            d.violate("option-not-fulfillable", f"option {n} ({option_label(option)}) cannot be chosen: {why}",
                      *cites, fix=fix)
        return d.impossible()
    discards = _discards_for_option(state, move, d, who, option)
    enc = replace(enc, option=n, step="reward" if option["reward"] else "complete")
    d.replace_top(enc)  # before any cost that may start a Death Process above it
    kind = option["kind"]
    if kind == "kaos":
        held = d.get(who, "kaos")
        d.set(who, "kaos", held - option["amount"])
        d.say(f"{who} pays {option['amount']} Kaos → {held - option['amount']}", R.NON_CHECK_REQUIREMENTS)
    elif kind == "discard":
        _discard(state, d, who, discards, f"Random Encounter '{enc.card}', option {n}")
        d.cite(R.RE_LOOT_ELIGIBLE, R.RE_LOOT_DISCARD_PILE, R.RE_LOOT_BY_08)
    elif kind == "status":
        core_concepts.judge_gain_status(state, GainStatus(player=who, status=option["status"]), d)
    elif kind == "health":
        _lose_health(state, d, who, option["amount"], f"option {n}")
    else:
        d.report(f"{who} resolves '{option['text']}' at the table (card text; the referee records what changes)",
                 R.NON_CHECK_REQUIREMENTS)
    d.say(f"{who} fully resolved the option: '{enc.card}' succeeds", R.NON_CHECK_SUCCESS, R.RE_SUCCESS)
    _succeeded(state, d, enc, option, R.NON_CHECK_REWARD)


def _discards_for_option(state, move, d, who: str, option: dict) -> list[str]:
    from referee.loot_and_inventory import eligible_loot

    if option["kind"] != "discard":
        if move.discard:
            raise BadMove("only a discard option takes --discard")
        return []
    eligible = eligible_loot(d, who)
    cards = [_match_discard(d, who, c, eligible) for c in move.discard]
    if len(cards) != option["amount"] or len(set(cards)) != len(cards):
        d.violate("discard-option-names-its-loot", f"the option discards {option['amount']} Loot: name {'it' if option['amount'] == 1 else 'them'} "
                  f"(eligible: {', '.join(eligible)})", R.RE_LOOT_ELIGIBLE,
                  fix=" ".join(f"--discard \"{c}\"" for c in eligible[:option["amount"]]))
        d.impossible()
    return cards


def _match_discard(d, who: str, text: str, eligible: list[str]) -> str:
    """The eligible Loot `text` names. Plot Armor, held but not counted (plot-armor-eligible), is refused by that
    reading (an --override discards it), not read as an unknown card."""
    from referee import loot_and_inventory

    try:
        return match_choice(text, eligible, what=f"eligible Loot of {who}")
    except BadMove:
        held = [c for c in loot_and_inventory.inventory(d, who) if c not in eligible]
        plot = next((c for c in held if d.card(c)["type"] == "plot"), None)
        if plot is None or not loot_and_inventory.label(plot).casefold().startswith(" ".join(text.split()).casefold()):
            raise
    d.violate("plot-armor-not-eligible", f"Plot Armor is not eligible Loot for {who}{_plot_armor_note(d, who)}",
              R.RE_LOOT_ELIGIBLE, R.LOOT_PLOT_ARMOR_SPECIAL,
              fix=f"discard eligible Loot ({', '.join(eligible) or 'none held'}), or --override if the table counts it",
              reading="plot-armor-eligible")
    return plot


def _discard(state, d, who: str, cards, why: str) -> None:
    from referee import loot_and_inventory

    for card in cards:
        loot_and_inventory.discard_effects(state, d, who, card, why)


def _lose_health(state, d, who: str, amount: int, what: str) -> None:
    before = d.get(who, "health")
    d.set(who, "health", before - amount)
    d.say(f"{who} loses {amount} Health ({what}): {before} → {before - amount}", R.PENALTY_HEALTH)
    flag_possible_death(state, d, who)


# --- success: the Event Reward before the card is discarded ----------------------------------------------


def _succeeded(state, d, enc: EncounterProc, option: dict, reward_rule) -> None:
    """`enc` (on the stack, already at step reward/complete) succeeded: reward, or complete."""
    if _paused_by_death(d, enc):
        return
    if enc.step == "reward":
        count, kind, text = event_reward(state.settings.variables)
        d.interpret("event-reward-optional")
        d.say(f"Event Reward for {enc.player}: {text} It is resolved before '{enc.card}' is discarded",
              reward_rule, R.RE_REWARD_BEFORE_DISCARD, R.EVENT_REWARD_RESOLVES, R.RE_REWARD_BY_01,
              R.RE_REWARD_LOOT_BY_08)
        d.oblige(enc.finish_hint())
        return
    _complete(state, d, enc, "success")


def observe(state, move, d) -> None:
    """A move made while a Random Encounter is on top: the Event Reward's Loot draw is checked and recorded."""
    enc = d.stack[-1]
    if move.type != "draw" or enc.step != "reward":
        return
    count, kind, text = event_reward(state.settings.variables)
    if move.player != enc.player:
        d.violate("event-reward-not-theirs", f"the Event Reward is {enc.player}'s to draw", R.EVENT_REWARD_WHO,
                  R.CHECK_OPTION_REWARD, fix=enc.finish_hint())
    if tuple(move.kinds) != (kind,) * count:
        d.violate("event-reward-is-current", f"the Event Reward is: {text}", R.EVENT_REWARD_RESOLVES,
                  R.VARIABLES_RULE, fix=enc.finish_hint())
    d.interpret("event-reward-optional")
    who = (f"{enc.player} resolves the Event Reward" if move.player == enc.player
           else f"{move.player} draws it as the Event Reward (applied anyway: it is {enc.player}'s)")
    d.say(f"{who} ({text}); '{enc.card}' is discarded when the Loot is placed",
          R.EVENT_REWARD_RESOLVES, R.RE_REWARD_BEFORE_DISCARD, R.RE_REWARD_LOOT_BY_08, R.RE_LOOT_DRAW_BY_08)
    d.replace_top(replace(enc, step="complete"))


# --- failure: the Penalty in printed order, as far as possible -------------------------------------------


def consume_check_result(state, d, check, success) -> None:
    """The Check of a Check option resolved: the encounter (now on top) succeeds or fails."""
    enc = d.stack[-1]
    if enc.step != "check":
        return  # a Check the table declared during the Penalty or a Combat Encounter: not the option's
    option = _card(d, enc.card)["options"][enc.option - 1]
    if option["reward"] and any(p.dropped for p in check.participants):
        d.cite(R.EVENT_REWARD_FINAL_RESULT)
    if success:
        d.say(f"the Check succeeded: {enc.player} succeeds at '{enc.card}'", R.CHECK_OPTION_SUCCESS, R.RE_SUCCESS)
        enc = replace(enc, step="reward" if option["reward"] else "complete")
        d.replace_top(enc)
        return _succeeded(state, d, enc, option, R.CHECK_OPTION_REWARD)
    d.say(f"the Check failed: {enc.player} fails '{enc.card}' and resolves the Encounter Penalty",
          R.CHECK_OPTION_FAILURE, R.RE_FAILURE, R.RE_FAILURE_PENALTY, R.PENALTY_ON_FAIL)
    if option["reward"]:
        d.say("no Event Reward: the Check failed", R.EVENT_REWARD_NOT_ON_FAIL, R.RE_REWARD_NOT_ON_FAIL)
    enc = replace(enc, step="penalty", next=0)
    d.replace_top(enc)
    _run_penalty(state, d, enc)


def _left_of(state, d, name: str) -> str:
    """The Player to `name`'s left: the next Player in Turn Order who is still in the game (damage-roller)."""
    left = next_in_turn_order(state, d, state.settings.players.index(name))
    return name if left is None else state.players[left].name


def _run_penalty(state, d, enc: EncounterProc) -> None:
    """Resolve the Penalty from instruction `enc.next` until one needs the table, Death pauses, or it is done."""
    from referee.loot_and_inventory import eligible_loot

    card = _card(d, enc.card)
    items = card["penalty"]
    who = enc.player
    if not items:
        d.say(f"'{enc.card}' has no Penalty (the card says so)", R.RE_HAS_PENALTY)
    if len(items) > 1:
        d.cite(R.RE_PRINTED_ORDER)
    i = enc.next
    while i < len(items):
        item, label = items[i], f"Penalty {i + 1}/{len(items)}"
        if d.get(who, "state") == "removed":
            d.say(f"{who} was removed from the game: the rest of the Penalty is not resolved", R.RE_DEATH_REMOVED_ENDS)
            break
        if _ended_for_fallen(state, d, enc):
            return
        kind = item["kind"]
        if kind == "damage" and "die" in item:
            roller = _left_of(state, d, who)
            enc = replace(enc, next=i, awaiting="roll", roller=roller, die=item["die"])
            d.replace_top(enc)
            d.interpret("damage-roller")
            d.say(f"{label}: d{item['die']} Damage to {who}: {roller}, to {who}'s left, rolls the d{item['die']}",
                  R.PENALTY_DAMAGE_DIE, R.DAMAGE_ROLLER, R.DAMAGE_ROLLER_NOT_DEALER, R.DICE_OTHERS)
            return d.oblige(enc.finish_hint())
        if kind == "discard":
            eligible = eligible_loot(d, who)
            if not eligible:
                d.say(f"{label}: discard {item['amount']} Loot: {who} has no eligible Loot left{_plot_armor_note(d, who)}; "
                      f"this instruction is skipped and the Penalty is resolved as far as possible",
                      R.PENALTY_LOOT_DISCARD, R.PENALTY_AS_FAR_AS_POSSIBLE, R.RE_AS_MUCH_AS_POSSIBLE)
                i += 1
                continue
            enc = replace(enc, next=i, awaiting="discard", die=min(item["amount"], len(eligible)))
            d.replace_top(enc)
            d.say(f"{label}: {who} discards {enc.die} Loot (eligible: {', '.join(eligible)})",
                  R.PENALTY_LOOT_DISCARD, R.RE_LOOT_BY_08)
            if len(eligible) < item["amount"]:
                d.say(f"{who} holds only {len(eligible)} eligible Loot{_plot_armor_note(d, who)}: the discard is "
                      f"resolved as far as possible", R.PENALTY_AS_FAR_AS_POSSIBLE)
            return d.oblige(enc.finish_hint())
        if kind == "combat":
            enc = replace(enc, next=i + 1, step="combat", awaiting="")
            d.replace_top(enc)
            d.say(f"{label}: a Combat Encounter begins ({item['text']}); '{enc.card}' stays in the interrupted "
                  f"resolution area until it and any Death Process are over", R.PENALTY_COMBAT, R.RE_COMBAT_BY_06_AGAIN,
                  R.RE_COMBAT_CARD_WAITS, R.RE_COMBAT_BY_06)
            d.report(f"the Combat Encounter: {state.settings.not_loaded('06_COMBAT_ENCOUNTER')} defines it; the table "
                     f"resolves it and records its Damage and Deaths")
            return d.oblige(enc.finish_hint())
        if kind == "other":
            enc = replace(enc, next=i, awaiting="report")
            d.replace_top(enc)
            d.report(f"{label}: '{item['text']}': the table resolves it and records what changes, then "
                     f"`referee encounter continue`", R.PENALTY_OTHER)
            return d.oblige("record what it changes (damage, lose, gain-status, ...), then `referee encounter continue`")
        enc = replace(enc, next=i + 1, awaiting="")
        d.replace_top(enc)  # before an effect that may start a Death Process above it
        _penalty_now(state, d, enc, item, label)
        i += 1
        if _paused_by_death(d, enc):
            return
    _complete(state, d, enc, "failure")


def _affected(state, d, enc, item: dict, label: str) -> list[str]:
    """Who an instruction affects; for all Players, in the order the Core Timing Principle gives (said in the ruling)."""
    if not item.get("all"):
        return [enc.player]
    surviving = [p.name for p in state.players if d.get(p.name, "state") == "surviving"]
    order = core_concepts.timing_order(state, d, surviving)
    d.interpret("simultaneous-order")
    d.say(f"{label} affects all Players: each resolves it; resolved at the same time, the Active Player's first, "
          f"then in Turn Order: {', '.join(order)}", R.ENCOUNTERING_ALL, R.TIMING_ACTIVE_FIRST, R.TIMING_FEWEST_UNRESOLVED)
    return order


def _penalty_now(state, d, enc, item: dict, label: str) -> None:
    below = len(d.stack)
    order = _affected(state, d, enc, item, label)
    for who in order:
        _penalty_for(state, d, enc, item, label, who)
    deaths = d.stack[below:]
    if len(deaths) > 1 and all(isinstance(p, DeathProc) for p in deaths):
        # resolved in the same order: the Active Player's Death Process on top, then Turn Order
        ranked = sorted(deaths, key=lambda p: order.index(p.player), reverse=True)
        if ranked != deaths:
            d.set_stack(d.stack[:below] + ranked)


def _penalty_for(state, d, enc, item: dict, label: str, who: str) -> None:
    kind = item["kind"]
    d.cite(R.PENALTY_DEFINITION)
    if kind == "damage":
        d.say(f"{label}: {item['amount']} Damage to {who}", R.DAMAGE_BY_ENCOUNTERS)
        core_concepts.judge_damage(state, Damage(player=who, amount=item["amount"], source=f"'{enc.card}'"), d)
    elif kind == "health":
        _lose_health(state, d, who, item["amount"], label)
    elif kind == "kaos":
        held = d.get(who, "kaos")
        lost = min(held, item["amount"])
        d.set(who, "kaos", held - lost)
        if lost < item["amount"]:
            d.say(f"{label}: {who} loses {item['amount']} Kaos but holds {held}: Kaos is reduced to 0",
                  R.PENALTY_KAOS, R.PENALTY_KAOS_FLOOR)
        else:
            d.say(f"{label}: {who} loses {lost} Kaos → {held - lost}", R.PENALTY_KAOS)
    elif kind == "status":
        d.say(f"{label}: {STATUSES[item['status']]} for {who}", R.PENALTY_STATUS_GAIN)
        core_concepts.judge_gain_status(state, GainStatus(player=who, status=item["status"]), d)
    elif kind == "move":
        d.report(f"{label}: forced movement ({item['text']}): the table moves {who}'s piece", R.PENALTY_FORCED_MOVEMENT)


def _paused_by_death(d, enc) -> bool:
    top = d.top
    if not isinstance(top, DeathProc):
        return False
    d.say(f"Death pauses '{enc.card}': the Death Process is resolved first; this Death creates no Loot Opportunity",
          R.RE_DEATH_PAUSES, R.RE_DEATH_NO_LOOT_OPPORTUNITY, R.PENALTY_DEATH_BY_09, R.RE_PROC_DEATH, R.RE_DEATH_BY_09)
    dying = [p.player for p in reversed(d.stack) if isinstance(p, DeathProc)]
    if len(dying) > 1:
        d.interpret("simultaneous-deaths")
        d.say(f"Death Processes for {', '.join(dying)}, resolved in this order (the Active Player's first, then Turn "
              f"Order): {top.player}'s now", R.TIMING_ACTIVE_FIRST, R.DEATH_FULLY_RESOLVED)
    if enc.cause == "bomb":
        d.cite(R.RE_BOMB_DEATH)
    d.oblige(f"after the Death Process and the Victory Check, '{enc.card}' resumes if anything of it is left")
    return True


def judge_roll(state, move, d) -> None:
    enc = _find(d)
    if enc is None:
        return _no_encounter(d)
    if d.stack[-1] is not enc or enc.awaiting != "roll":
        d.violate("no-damage-die-waiting", f"no damage die is waiting to be rolled for '{enc.card}'", R.PENALTY_DAMAGE_DIE,
                  fix=(d.stack[-1]).finish_hint())
        return d.impossible()
    if not 1 <= move.value <= enc.die:
        raise BadMove(f"a d{enc.die} shows 1 to {enc.die}, not {move.value}")
    if move.player != enc.roller:
        d.interpret("damage-roller")
        d.violate("damage-rolled-by-the-left", f"{enc.roller} rolls this Damage: the Player to {enc.player}'s left",
                  R.DAMAGE_ROLLER,
                  fix=f"{enc.finish_hint()}; --override if the card names another roller")
    how = " (virtual roll)" if move.virtual else ""
    rolled = replace(enc, roller=move.player, awaiting="apply", value=move.value)
    who = _die_reroller(state, rolled)
    if d.get(who, "rerolls") >= 1:  # the roll waits: it may be rerolled before it is resolved
        d.interpret("damage-die-reroll")
        d.replace_top(rolled)
        d.say(f"{move.player} rolls the d{enc.die}{how}: {move.value}, Damage to {enc.player} once resolved; "
              f"{who} holds a Reroll Token and may spend it before the roll is resolved", R.REROLL_WHEN,
              R.PENALTY_DAMAGE_DIE, R.DAMAGE_ROLLER_NOT_DEALER)
        return d.oblige(f"`referee reroll {who.lower()} N` (1 Reroll Token: the d{enc.die} again), or `referee "
                        f"resolve` to apply the {move.value}")
    d.say(f"{move.player} rolls the d{enc.die}{how}: {move.value} Damage to {enc.player}", R.PENALTY_DAMAGE_DIE,
          R.DAMAGE_ROLLER_NOT_DEALER, R.DAMAGE_BY_ENCOUNTERS)
    _apply_die(state, d, enc, move.value)


def _die_reroller(state, enc: EncounterProc) -> str:
    """Who may spend a Reroll Token on a Penalty's damage die (interpretation damage-die-reroll, read quietly)."""
    from referee import interpretations

    reading = interpretations.reading(state.settings.interpretations, "damage-die-reroll")
    return enc.roller if reading == "roller" else enc.player


def _apply_die(state, d, enc: EncounterProc, value: int) -> None:
    """The damage die is resolved: its Damage is applied, then the Penalty goes on in printed order."""
    after = replace(enc, next=enc.next + 1, awaiting="", roller="", die=0, value=0, dropped=())
    d.replace_top(after)
    core_concepts.judge_damage(state, Damage(player=enc.player, amount=value, source=f"'{enc.card}'"), d)
    if not _paused_by_death(d, after):
        _run_penalty(state, d, after)


def judge_die_reroll(state, move, d) -> None:
    """A Reroll Token spent on a Penalty's damage die before it is resolved (01 REROLL_TOKENS: any roll of dice)."""
    enc = d.stack[-1]
    if len(move.dice) != 1:
        d.violate("reroll-all-dice", f"the Damage roll is one d{enc.die}: a reroll rerolls that die", R.REROLL_ALL_DICE,
                  fix=f"`referee reroll {move.player.lower()} N` (the d{enc.die})")
        return d.impossible()
    value = move.dice[0]
    if not 1 <= value <= enc.die:
        raise BadMove(f"a d{enc.die} shows 1 to {enc.die}, not {value}")
    who = _die_reroller(state, enc)
    d.interpret("damage-die-reroll")
    if move.player != who:
        d.violate("damage-reroll-not-theirs", f"{who} may spend a Reroll Token on this roll, not {move.player}",
                  R.REROLL_WHEN,
                  fix=f"`referee reroll {who.lower()} N`, or `referee resolve`")
    held = d.get(move.player, "rerolls")
    if held < 1:
        d.violate("no-reroll-token", f"{move.player} holds no Reroll Token", R.REROLL_WHEN, fix="`referee resolve`")
        return d.impossible()
    d.set(move.player, "rerolls", held - 1)
    core_concepts.return_reroll_tokens(state, d, 1)
    d.interpret("spent-reroll-supply")
    how = " (virtual roll)" if move.virtual else ""
    d.say(f"{move.player} spends 1 Reroll Token and rerolls the d{enc.die}: ~~{enc.value}~~ → {value}{how}; the new "
          f"result must be kept: {value} Damage to {enc.player}", R.REROLL_WHEN, R.REROLL_ALL_DICE, R.REROLL_KEEP_NEW,
          R.REROLL_ONE_PER_ROLL, R.PENALTY_DAMAGE_DIE)
    _apply_die(state, d, replace(enc, dropped=enc.dropped + (enc.value,)), value)


def judge_die_resolve(state, move, d) -> None:
    """A Penalty's damage die is resolved as rolled, with no Reroll Token spent on it."""
    enc = d.stack[-1]
    d.say(f"the d{enc.die} is resolved as rolled: {enc.value} Damage to {enc.player}", R.PENALTY_DAMAGE_DIE)
    _apply_die(state, d, enc, enc.value)


def judge_discard(state, move, d) -> None:
    from referee.loot_and_inventory import eligible_loot

    enc = _find(d)
    if enc is None:
        return _no_encounter(d)
    if d.stack[-1] is not enc or enc.awaiting != "discard":
        d.violate("no-loot-discard-waiting", f"'{enc.card}' is not waiting for a Loot discard", R.PENALTY_LOOT_DISCARD, fix=d.stack[-1].finish_hint())
        return d.impossible()
    if move.player != enc.player:
        d.violate("penalty-discard-not-theirs", f"the Penalty is {enc.player}'s: {enc.player} discards",
                  R.ENCOUNTERING_PLAYER_DEFINITION, R.PENALTY_ON_FAIL,
                  fix=enc.finish_hint())
    eligible = eligible_loot(d, enc.player)
    card = _match_discard(d, enc.player, move.card, eligible)
    left = enc.die - 1
    after = replace(enc, die=left) if left else replace(enc, next=enc.next + 1, awaiting="", die=0)
    d.replace_top(after)
    _discard(state, d, enc.player, [card], f"Penalty of Random Encounter '{enc.card}'")
    d.cite(R.PENALTY_LOOT_DISCARD, R.RE_LOOT_DISCARD_PILE, R.RE_LOOT_BY_08)
    if left:
        return d.oblige(after.finish_hint())
    _run_penalty(state, d, after)


def judge_continue(state, move, d) -> None:
    enc = _find(d)
    if enc is None:
        return _no_encounter(d)
    if d.stack[-1] is not enc:
        return d.impossible()  # the engine named what finishes first
    if enc.step == "reward":
        count, kind, text = event_reward(state.settings.variables)
        if d.interpret("event-reward-optional") == "required":
            d.violate("event-reward-required", f"the Event Reward is drawn before '{enc.card}' is discarded (table "
                      f"setting)",
                      R.RE_REWARD_BEFORE_DISCARD, R.EVENT_REWARD_RESOLVES, fix=enc.finish_hint())
        d.say(f"{enc.player} declines the Event Reward ({text})", R.EVENT_REWARD_RESOLVES)
        return _complete(state, d, enc, "success")
    if enc.step == "combat":
        d.say(f"the Combat Encounter is over: '{enc.card}' resumes", R.RE_COMBAT_RESUME, R.RE_COMBAT_CARD_WAITS)
        enc = replace(enc, step="penalty")
        d.replace_top(enc)
        return _run_penalty(state, d, enc)
    if enc.step == "penalty" and enc.awaiting == "report":
        d.say(f"Penalty {enc.next + 1} of '{enc.card}' is resolved as the table reported", R.PENALTY_OTHER)
        enc = replace(enc, next=enc.next + 1, awaiting="")
        d.replace_top(enc)
        return _run_penalty(state, d, enc)
    if enc.step == "penalty" and enc.awaiting:
        d.violate("penalty-instruction-waits", f"the Penalty of '{enc.card}' waits: {enc.finish_hint()}",
                  R.RE_PRINTED_ORDER, R.PENALTY_AS_FAR_AS_POSSIBLE, fix=enc.finish_hint())
        enc = replace(enc, next=enc.next + 1, awaiting="", roller="", die=0)  # what an --override skips
        d.replace_top(enc)
        return _run_penalty(state, d, enc)
    if enc.step == "penalty":
        return _run_penalty(state, d, enc)
    if enc.step == "complete":
        return _complete(state, d, enc, "success" if enc.option else "ended")
    d.violate("choose-before-continuing", f"{enc.player} has not chosen an option of '{enc.card}' yet",
              R.OPTIONS_CHOOSE_FIRST, fix=enc.finish_hint())
    d.impossible()


# --- completion: discard, then resume the interrupted process ---------------------------------------------

_COMPLETION = {
    "success": (R.RE_SUCCESS_DISCARD, R.RE_SUCCESS_COMPLETE, R.RE_SUCCESS_RESUME),
    "failure": (R.RE_FAILURE_DISCARD, R.RE_FAILURE_COMPLETE, R.RE_FAILURE_RESUME),
    "ended": (R.RE_DEATH_REMOVED_ENDS, R.RE_DISCARD_PLACED),
}


def _complete(state, d, enc: EncounterProc, outcome: str) -> None:
    """`enc` is on top: discard its card, complete it, and resume what it interrupted."""
    d.pop()
    pile = _encounters(d)
    pile["discard"].append(enc.card)
    d.set_game("encounters", pile)
    d.say(f"'{enc.card}' is discarded to the Random Encounter discard pile: the Random Encounter is complete",
          R.RE_DISCARD_PLACED, *_COMPLETION[outcome], R.RE_PROC_COMPLETE)
    below = d.top
    if enc.cause != "bomb" and d.get(enc.player, "state") in ("fallen", "removed"):
        # a Dungeon Bomb resolution is completed as far as its rules allow (02 END_OF_TURN_PROCESS); a Move Action,
        # Flee or effect of a Player who left play is not
        d.say(f"{enc.source} does not resume: {enc.player} is no longer a Surviving Player", R.RE_FAILURE_RESUME)
    else:
        d.say(f"{enc.source} resumes", R.RE_PROC_RESUME, *((R.RE_BOMB_RESUME,) if enc.cause == "bomb" else ()))
    if below is not None and below.finish_hint() not in d.obligations:
        d.oblige(below.finish_hint())
    # an empty stack under an Active Player who left play: the turn passes in game_structure.after_move, once


def _ended_for_fallen(state, d, enc: EncounterProc) -> bool:
    """The Encountering Player is Fallen or a Zombie Player now: what of the card is left for them is an
    interpretation (fallen-encountering-player), said whenever it decides. True when the encounter ended."""
    pstate = d.get(enc.player, "state")
    if pstate not in ("fallen", "zombie"):
        return False
    who = f"{enc.player}, the Encountering Player, is {'a Fallen' if pstate == 'fallen' else 'a Zombie'} Player"
    if d.interpret("fallen-encountering-player") == "encounter-ends":
        d.say(f"{who}: '{enc.card}' ends (table setting)", R.RE_DEATH_REMOVED_ENDS)
        _complete(state, d, enc, "ended")
        return True
    said = f"{who}: what is left of '{enc.card}' is resolved on {enc.player} as far as it can be"
    if said not in d.consequences:
        d.say(said, R.RE_DEATH_RESUME)
        d.report(f"what {'a Fallen' if pstate == 'fallen' else 'a Zombie'} Player can still resolve: "
                 f"{state.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} decides it; --override an instruction "
                 f"it excludes", R.ZOMBIE_TURNS_ELSEWHERE)
    return False


def resume(state, d, enc: EncounterProc) -> None:
    """What was above the encounter is done (a Death Process, a Loot Management Window): go on."""
    if d.get(enc.player, "state") == "removed":
        d.say(f"{enc.player}, the Encountering Player, was removed: '{enc.card}' ends after the Death Process "
              f"and Victory Check", R.RE_DEATH_REMOVED_ENDS, R.RE_PROC_VICTORY_CHECK)
        return _complete(state, d, enc, "ended")
    if enc.step in ("reward", "penalty", "combat") and _ended_for_fallen(state, d, enc):
        return
    if enc.step == "complete":
        return _complete(state, d, enc, "success")
    if enc.step == "penalty" and not enc.awaiting:
        d.say(f"'{enc.card}' resumes: the rest of its Penalty", R.RE_DEATH_RESUME, R.RE_NESTED_INTERRUPTION)
        return _run_penalty(state, d, enc)
    if enc.finish_hint() not in d.obligations:
        d.oblige(enc.finish_hint())


def at_game_end(state, d, enc: EncounterProc) -> None:
    """Victory during the encounter: the game ends at once and nothing more of the card is resolved."""
    d.interpret("encounter-after-victory")
    d.say(f"the game is over: no further instruction of '{enc.card}' is resolved; the card is left unresolved",
          R.RE_VICTORY_STOPS, R.RE_BOMB_VICTORY, R.RE_PROC_COMPLETE)
    pile = _encounters(d)
    pile["unresolved"] = pile.get("unresolved", []) + [enc.card]
    d.set_game("encounters", pile)
