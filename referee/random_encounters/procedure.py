"""10 RANDOM_ENCOUNTER: the Random Encounter on the pending stack, step by step, and the hooks the engine calls.
"""

from __future__ import annotations

from referee import citations as R
from referee import registry
from referee.moves import CHECK_MOVES
from referee.state import Procedure


ENCOUNTER_RECORDS = frozenset({"damage", "heal", "gain", "lose", "gain-status", "remove-status", "death", "set-state"})


ENCOUNTER_STEP_MOVES = {
    # encounter-choose is always accepted so that a switch is refused with the rule on switching
    "choose": frozenset({"encounter-choose", "encounter-continue"}),  # continuing is refused: choose first
    "check": frozenset({"encounter-choose"}),  # the Check sits on top meanwhile
    "reward": frozenset({"encounter-choose", "draw", "encounter-continue"}),
    "penalty": frozenset({"encounter-choose", "encounter-roll", "encounter-discard", "encounter-continue",
                          "encounter-draw", "declare"}) | ENCOUNTER_RECORDS,
    "combat": frozenset({"encounter-choose", "encounter-continue", "encounter-draw", "declare"}) | ENCOUNTER_RECORDS,
    # a Non-Check option being paid: its Loot discard, or card-specific text the table resolves and records
    "option": frozenset({"encounter-choose", "encounter-discard", "encounter-continue", "encounter-draw",
                         "declare"}) | ENCOUNTER_RECORDS,
    "complete": frozenset({"encounter-choose", "encounter-continue"}),
}


# 10 RANDOM_ENCOUNTERS_AND_LOOT: the Loot procedures a card's own instruction causes, resolved by 08 inside the
# encounter: while a card-specific instruction is resolved (awaiting "report") the table records them as 08 moves
# (a draw or take opens a Loot Management Window above the encounter); a Loot discard the card waits for (awaiting
# "discard") may also be typed as `discard`.
LOOT_INSTRUCTION_MOVES = {"report": frozenset({"draw", "take", "discard"}), "discard": frozenset({"discard"})}


class EncounterProc(Procedure):
    """A Random Encounter being resolved; the card's description is in `GameState.encounters`."""

    kind = "random-encounter"
    must_finish_first = (R.RE_FULLY_RESOLVED, R.RE_INTERRUPTS)

    def refuse(self, work, d, move) -> None:
        resolving = move.type in CHECK_MOVES or getattr(move, "player", None) == self.player and move.type in (
            "discard", "use", "lose", "gain-status", "damage")  # rolling, paying, discarding or using Loot for it
        if self.step == "choose" and resolving:  # 10: nothing is done to resolve it before an option is chosen
            when = "before rolling dice: no Check is being rolled yet" if move.type in CHECK_MOVES else "first"
            d.violate("choose-an-option-first", f"{self.player} must choose an Encounter Completion Option of "
                      f"'{self.card}' {when}", R.OPTIONS_CHOOSE_FIRST,
                      *((R.NON_CHECK_CHOOSE_FIRST,) if move.type not in CHECK_MOVES else (R.RE_PROC_CHOOSE,)),
                      *self.must_finish_first, fix=self.finish_hint(work))
        else:
            d.violate("encounter-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                      fix=self.finish_hint(work))

    card: str = ""
    player: str = ""  # the Encountering Player
    cause: str = ""  # move | flee | bomb | other
    source: str = ""  # what it interrupts, as shown: "Bob's Dungeon Bomb Step"
    step: str = "choose"  # choose | check | option (a Non-Check option being paid) | reward | penalty | combat | complete
    option: int = 0  # the chosen Encounter Completion Option, 1-based; 0 before choosing
    next: int = 0  # the next Penalty instruction to resolve (printed order)
    awaiting: str = ""  # penalty: "roll" (a damage die) | "apply" (rolled, not resolved) | "discard" | "report";
    # option: "discard" (its Loot, `die` cards left) | "report" (card-specific text the table resolves)
    roller: str = ""  # who rolls the damage die (01 DAMAGE: the Player to the damaged Player's left)
    die: int = 0  # the damage die's sides; while awaiting "discard", the Loot cards left to discard
    value: int = 0  # the damage die as rolled, while it may still be rerolled (awaiting "apply")
    dropped: tuple[int, ...] = ()  # a value replaced by a Reroll Token, shown struck through

    @property
    def accepts(self) -> frozenset:  # by step, unlike the other procedures
        moves = ENCOUNTER_STEP_MOVES.get(self.step, frozenset())
        if self.step in ("penalty", "option"):
            moves |= LOOT_INSTRUCTION_MOVES.get(self.awaiting, frozenset())
        return moves | {"reroll", "resolve"} if self.die_rolled else moves

    @property
    def die_rolled(self) -> bool:
        """A Penalty's damage die is rolled and not resolved yet: it may be rerolled (01 REROLL_TOKENS)."""
        return self.step == "penalty" and self.awaiting == "apply"

    def title(self) -> str:
        doing = {
            "choose": "choosing an Encounter Completion Option",
            "check": f"option {self.option} (a Check) being resolved",
            "option": f"option {self.option} being resolved"
                      + (" (its Loot discard)" if self.awaiting == "discard" else " (card-specific instruction)"),
            "reward": f"option {self.option} succeeded: Event Reward before the card is discarded",
            "penalty": "failed: resolving the Penalty in printed order",
            "combat": "a Combat Encounter it started is being resolved (the card waits in the interrupted "
                      "resolution area)",
            "complete": "to be completed (discard the card)",
        }.get(self.step, self.step)
        return f"Random Encounter '{self.card}' for {self.player} (drawn by {self.source}): {doing}"

    def finish_hint(self, state=None) -> str:
        """With `state` (the game, or a move's working copy), choosing names each of the card's numbered options the
        judge accepts now, with its text as the table described it."""
        who = self.player.lower()
        if self.step == "choose" and state is not None:
            texts = numbered_options(state, self.card)
            choices = " or ".join(f"`referee encounter choose {who} {n}` ({texts[n - 1]})"
                                  for n in self.choosable(state))
            if choices:
                return f"{choices}: one option, before rolling or paying anything"
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
        if self.awaiting == "discard":
            what = "the Penalty" if self.step == "penalty" else f"option {self.option}"
            left = f"{self.die} more Loot" if self.die > 1 else "Loot"
            return f"`referee encounter discard {who} \"CARD\"` ({left} to discard for {what})"
        if self.awaiting == "report":
            return ("the table resolves the card's instruction and records what it changes (its Loot with `referee "
                    "discard PLAYER CARD --required \"REASON\"`, `referee draw`, `referee take`; `damage`, `lose`, "
                    "...), then `referee encounter continue`")
        if self.step == "combat":
            return ("resolve the Combat Encounter at the table (06_COMBAT_ENCOUNTER), record its Damage and "
                    "Deaths, then `referee encounter continue`")
        return "`referee encounter continue`"

    def choosable(self, state) -> list[int]:
        """The numbers of the options the judge accepts as typed (`encounter choose PLAYER N`) in `state` (the game,
        or the working copy of a move being judged: as the move has left it)."""
        from referee.engine import is_legal
        from referee.moves import EncounterChoose

        count = len(numbered_options(state, self.card))
        return [n for n in range(1, count + 1) if is_legal(state, EncounterChoose(player=self.player, option=n))]

    # The hooks the engine calls (referee.state.Procedure): what a Random Encounter does as other moves go on, each in
    # the module of its section (which imports this one: registry.HOOKS names them).

    def judge_for(self, move):
        if self.die_rolled and move.type == "reroll":
            return registry.hook("encounter-die-reroll")  # 01 REROLL_TOKENS: the damage die rerolled before it applies
        if self.die_rolled and move.type == "resolve":
            return registry.hook("encounter-die-resolve")
        if self.awaiting == "discard" and move.type == "discard":
            return registry.hook("encounter-discard")  # the Loot discard the card waits for, typed as 08's `discard`
        return None

    def observe(self, work, move, d) -> None:
        registry.hook("encounter-event-reward")(work, move, d)
        registry.hook("encounter-loot")(work, move, d)

    def on_resume(self, work, d) -> None:
        registry.hook("encounter-resume")(work, d, self)

    def on_game_end(self, work, d) -> None:
        registry.hook("encounter-game-end")(work, d, self)

    def on_check_result(self, work, d, check, success: bool) -> None:
        registry.hook("encounter-check-result")(work, d, check, success)


def numbered_options(state, card: str) -> list[str]:
    """The card's Encounter Completion Options as the table described them, in printed order ("Brawn Check vs TN 15",
    "pay 2 Kaos")."""
    from referee.random_encounters.card_grammar import option_label

    return [option_label(o) for o in state.encounters["cards"][card]["options"]]


def current_encounter(v) -> EncounterProc | None:
    """The Random Encounter being resolved: the topmost EncounterProc on the pending stack."""
    return next((p for p in reversed(v.stack) if isinstance(p, EncounterProc)), None)


def current_card(state) -> dict | None:
    """The card of the Random Encounter being resolved (for reading what the table types); None when there is none
    (the move is then refused by the rules, exit 1, not read as bad input)."""
    enc = current_encounter(state)
    return None if enc is None else state.encounters["cards"][enc.card]


def awaited_die(state) -> int | None:
    """The damage die a Penalty waits for (for a virtual roll and the die's range); None when none is awaited (the
    move is then refused by the rules)."""
    enc = current_encounter(state)
    return enc.die if enc is not None and enc.awaiting == "roll" else None
