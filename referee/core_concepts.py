"""01_CORE_CONCEPTS: Checks, Final Result, crits, Kaos, Reroll Tokens, statuses, Health.

Each `judge_*` is `judge(work, move, d)`: it reads and writes the move's working copy `work` (the game before the
move, where a rule compares with it, is `work.before`) and says the verdict on the Draft `d`. None of them mutates the
state itself.
"""

from __future__ import annotations

from referee.records import Record, replace

from referee import citations as R
from referee import registry
from referee.errors import InvalidMove
from referee.moves import CHECK_MOVES, REPORTED_EFFECTS, STATUSES
from referee.state import Procedure
from referee.variables import token_amount
from referee.words import plural

TOKEN_NAMES = {"kaos": "Kaos", "reroll": "Reroll Token", "health": "Health"}
STATUS_CITES = {
    "goblin": (R.GOBLIN_EFFECT, R.GOBLIN_REROLL_BOTH, R.GOBLIN_AT_MOST_ONE, R.GOBLIN_IGNORE_NEW),
    "haunted": (R.HAUNTED_EFFECT, R.HAUNTED_REROLL_BOTH, R.HAUNTED_AT_MOST_ONE, R.HAUNTED_IGNORE_NEW),
}


def tokens(n: int, resource: str) -> str:
    name = TOKEN_NAMES[resource]
    return plural(n, name) if resource == "reroll" else f"{n} {name}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


# --- tokens: Health, Kaos, Reroll Tokens ---------------------------------------------------------


def rerolls_available(work) -> int:
    """Reroll Tokens in the supply now, counting what this move has already decided (GameState.rerolls_available)."""
    return work.rerolls_available(held=sum(work.player(p.name).rerolls for p in work.players),
                                   out=work.rerolls_out)


def gain_tokens(work, d, name: str, resource: str, amount: int, why: str = "", *because) -> int:
    """Give `name` tokens; Reroll Tokens only while the supply has some. Returns what was gained. `because`: the
    sentences that grant them (the gain's reason on the ruling)."""
    why = f" ({why})" if why else ""
    if resource == "reroll":
        held_before = work.player(name).rerolls
        available = rerolls_available(work)
        gained = min(amount, available)
        if gained < amount:
            d.say(
                f"{name} gains {tokens(gained, 'reroll')} instead of {amount}{why}: "
                f"{'no' if not available else 'only ' + str(available)} Reroll Token"
                f"{'s' if available != 1 else ''} available in the supply (supply is a table setting)",
                R.REROLL_NONE_AVAILABLE, *because, kind="tokens",
            )
        else:
            d.say(f"{name} gains {tokens(gained, 'reroll')}{why} → {held_before + gained}", *because, kind="tokens")
        if gained:
            work.player(name).rerolls = held_before + gained
        return gained
    if resource == "kaos":
        work.player(name).kaos = work.player(name).kaos + amount
        d.say(f"{name} gains {tokens(amount, 'kaos')}{why} → {work.player(name).kaos} Kaos", *because, R.KAOS_NOT_CAPPED,
              kind="tokens")
        return amount
    raise InvalidMove(f"cannot gain {resource!r}")


def return_reroll_tokens(work, d, n: int) -> None:
    """Spent or lost Reroll Tokens go back to the supply, or leave the game (interpretation spent-reroll-supply)."""
    if d.interpret("spent-reroll-supply") == "leave-game":
        work.rerolls_out = work.rerolls_out + n


def _removed(work, d, name: str, doing: str) -> None:
    registry.hook("refuse-removed")(work, d, name, doing)


def judge_damage(work, move, d) -> None:
    _positive(move.amount)
    _removed(work, d, move.player, "take Damage")
    before = work.player(move.player).health
    after = before - move.amount
    source = f" from {move.source}" if move.source else ""
    work.player(move.player).health = after
    d.say(f"{move.player} takes {move.amount} Damage{source}: Health {before} → {after}", R.DAMAGE_REDUCES_HEALTH,
          kind="tokens")
    dying = [p.player for p in work.stack if p.kind == "death" and p.player != move.player]
    if dying and work.stack[-1].kind == "death":
        d.interpret("simultaneous-deaths")
        d.say(f"recorded as Damage from the same effect as the Death Process pending for {', '.join(dying)}",
              R.DEATH_FULLY_RESOLVED)
    registry.hook("possible-death")(work, d, move.player)


def judge_heal(work, move, d) -> None:
    _positive(move.amount)
    _removed(work, d, move.player, "heal")
    before, cap = work.player(move.player).health, work.player(move.player).health_cap
    after = max(before, min(cap, before + move.amount))
    work.player(move.player).health = after
    if after - before < move.amount:
        d.say(
            f"{move.player} heals {after - before} of {move.amount}: Health {before} → {after} "
            f"(Health Cap {cap}, a table setting)",
            R.HEAL_UP_TO_CAP, R.HEAL_NOT_ABOVE_CAP, kind="tokens",
        )
    else:
        d.say(f"{move.player} heals {move.amount}: Health {before} → {after}", R.HEAL_UP_TO_CAP, kind="tokens")


def judge_gain(work, move, d) -> None:
    _positive(move.amount)
    _removed(work, d, move.player, "gain anything")
    if move.resource == "health":
        before, cap = work.player(move.player).health, work.player(move.player).health_cap
        after = before + move.amount
        work.player(move.player).health = after
        d.say(f"{move.player} gains {move.amount} Health: {before} → {after}", R.GAIN_HEALTH, kind="tokens")
        if after > cap:
            d.say(f"{move.player}'s Health is above the Health Cap ({cap})", R.GAIN_ABOVE_CAP)
    elif move.resource in ("kaos", "reroll"):  # the supply is what limits a gain of Reroll Tokens
        gain_tokens(work, d, move.player, move.resource, move.amount, "",
                    *((R.REROLL_NONE_AVAILABLE,) if move.resource == "reroll" else ()))
    else:
        raise InvalidMove(f"cannot gain {move.resource!r}: health, kaos or reroll")


def judge_lose(work, move, d) -> None:
    _positive(move.amount)
    _removed(work, d, move.player, "lose anything")
    if move.resource not in ("kaos", "reroll"):
        raise InvalidMove(f"cannot lose {move.resource!r} this way: kaos or reroll (Health is lost by `damage`)")
    field = "kaos" if move.resource == "kaos" else "rerolls"
    held = getattr(work.player(move.player), field)
    lost = min(held, move.amount)
    if move.amount > held:
        if d.interpret("lose-more-than-held") == "refuse":
            # no rule says so directly (only an Encounter Penalty's Kaos loss stops at 0): the reading decides, on
            # what is held (a Player resource; a Reroll Token that is not there is not gained either)
            held_rule = R.KAOS_RESOURCE if move.resource == "kaos" else R.REROLL_NONE_AVAILABLE
            d.violate("lose-more-than-held", f"{move.player} holds {tokens(held, move.resource)} and cannot lose "
                      f"{move.amount}", held_rule, R.PENALTY_KAOS_FLOOR,
                      fix=f"lose at most {held}" if held else "there is nothing to lose", reading="lose-more-than-held")
        else:
            d.say(f"{move.player} holds only {tokens(held, move.resource)}: loses {held}, down to 0",
                  *interpretations_cited("lose-more-than-held"))
    setattr(work.player(move.player), field, held - lost)
    if move.resource == "reroll":
        return_reroll_tokens(work, d, lost)
    d.say(f"{move.player} loses {tokens(lost, move.resource)} → {held - lost}",
          *((R.KAOS_RESOURCE,) if move.resource == "kaos" else ()), kind="tokens")


def interpretations_cited(id: str) -> tuple:
    """The statements an interpretation rests on (cited when its reading makes a move legal)."""
    from referee import interpretations

    return interpretations.REGISTER[id].citations


def _positive(amount: int) -> None:
    if not isinstance(amount, int) or amount < 1:
        raise InvalidMove(f"the amount must be a whole number of at least 1, not {amount!r}")


# --- statuses ------------------------------------------------------------------------------------


def judge_gain_status(work, move, d) -> None:
    status, name = move.status, move.player
    if status not in STATUSES:
        raise InvalidMove(f"unknown status {status!r}: goblin or haunted")
    _removed(work, d, name, "gain a status")
    held = tuple(work.player(name).statuses)
    label = STATUSES[status]
    if status in held:
        d.say(f"{name} already has {label}: the new effect is ignored", *STATUS_CITES[status][2:4])
        return
    now = tuple(sorted(held + (status,)))
    work.player(name).statuses = now
    d.say(f"{name} gains {label}: {STATUS_CITES[status][0].quote}", STATUS_CITES[status][0], kind="tokens")
    d.interpret("status-duration")
    if len(now) == 2:
        if d.interpret("status-cancel-time") == "at-once":
            work.player(name).statuses = ()
            d.say(f"{name} has both effects: they cancel each other and both are removed now",
                  R.STATUSES_CANCEL, R.STATUSES_REMOVE_BEFORE_ROLL)
        else:
            d.say(f"{name} has both effects: they cancel each other; both are removed before {name}'s next roll",
                  R.STATUSES_CANCEL, R.STATUSES_REMOVE_BEFORE_ROLL)


def judge_remove_status(work, move, d) -> None:
    if move.status not in STATUSES:
        raise InvalidMove(f"unknown status {move.status!r}: goblin or haunted")
    held = tuple(work.player(move.player).statuses)
    label = STATUSES[move.status]
    _removed(work, d, move.player, "lose a status")
    if move.status not in held:
        d.violate("status-not-held", f"{move.player} does not have {label}: there is nothing to remove",
                  fix="`referee status` shows who has what", reading="status-duration")
        return d.impossible()
    d.interpret("status-duration")
    work.player(move.player).statuses = tuple(s for s in held if s != move.status)
    d.say(f"{label} is removed from {move.player} (table-reported: the card that gave it decides when it ends)")


# --- Checks ----------------------------------------------------------------------------------------


# The Check being rolled: a procedure on the pending stack (01 CHECKS, FINAL_RESULT).


class Participant(Record, frozen=True):
    """One Player rolling in a Check."""

    name: str
    modifier: int
    modifier_note: str  # "Brawn +2 (table setting)"
    dice: tuple[int, ...] = ()  # the dice of the current roll; () until rolled
    mode: str = "single"  # single | higher | lower (Goblin Balls On Ya / Dungeon Haunted)
    dropped: tuple[tuple[int, ...], ...] = ()  # rolls replaced by a Reroll Token, shown struck through
    kaos: int = 0
    bonus: int = 0  # the modifiers that are not the Stat: --bonus at declare, table-reported modifiers after
    live: bool = False  # the Stat part is read from the board when the Check resolves (older logs: fixed at declare)
    reasons: tuple[str, ...] = ()  # the table-reported modifiers, as shown: "+2 Lucky Charm"

    @property
    def rolled(self) -> bool:
        return bool(self.dice)

    @property
    def used_die(self) -> int:
        if self.mode == "higher":
            return max(self.dice)
        if self.mode == "lower":
            return min(self.dice)
        return self.dice[0]

    @property
    def final_result(self) -> int:
        return self.used_die + self.modifier + self.kaos




class CheckProc(Procedure):
    kind = "check"
    # 10: a switch of option is judged (and refused) by its own rule; 08: a card whose own timing allows it is used
    # during the Check (judge_use refuses an untimed one: interpretation check-finishes-first)
    accepts = CHECK_MOVES | {"encounter-choose", "use"}
    must_finish_first = (R.FINAL_RESULT_DEFINITION, R.TIMING_FEWEST_UNRESOLVED)

    def refuse(self, work, d, move) -> None:
        if move.type in REPORTED_EFFECTS and d.interpret("check-finishes-first") == "effects-during-check":
            return  # the table's reading: the effects it reports are recorded during the Check
        d.violate("check-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint(), reading="check-finishes-first")

    check_kind: str = "stat"  # stat | perception | attack (the base kind each participant's modifier comes from)
    stat: str = ""
    tn: int | None = None
    initiator: str = ""
    participants: tuple[Participant, ...] = ()
    contested: bool = False  # made by two or more Players against each other (01 CONTESTED_CHECKS)

    @classmethod
    def upgraded(cls, data: dict) -> dict:
        if data.get("check_kind") == "contested":  # a log written before `contested` was a flag: a Contested Stat Check
            return {**data, "check_kind": "stat", "contested": True}
        return data

    def participant(self, name: str) -> Participant | None:
        return next((p for p in self.participants if p.name == name), None)

    def with_participant(self, updated: Participant) -> "CheckProc":
        return replace(self, participants=tuple(updated if p.name == updated.name else p for p in self.participants))

    def label(self) -> str:
        what = {"perception": "Perception Check", "attack": "Attack Check"}.get(self.check_kind, f"{self.stat} Check")
        return f"Contested {what}" if self.contested else what

    def title(self) -> str:
        if self.contested:
            others = ", ".join(p.name for p in self.participants[1:])
            return f"{self.label()}: {self.initiator} vs {others}"
        return f"{self.label()} for {self.initiator} vs TN {self.tn}"

    def finish_hint(self, state=None) -> str:
        waiting = [p for p in self.participants if not p.rolled]
        if waiting:  # a Contested Check: each involved Player rolls (every one still to roll is named)
            rolls = " and ".join(f"`referee roll {p.name.lower()} {'D20' if p.mode == 'single' else 'D20 D20'}`"
                                 for p in waiting)
            return f"{rolls} (or `--virtual`), then `referee resolve`"
        return "`referee resolve` (after any reroll or Kaos)"



# The Stats 01_CORE_CONCEPTS names (STAT_CHECKS: Brawn; PERCEPTION_CHECKS: Intellect, Charm). The full list is
# 04_PLAYER_STRUCTURE's (not loaded): a table's setup (--stats) adds its own.
RULES_STATS = ("Brawn", "Intellect", "Charm")


def stat_names(state) -> list[str]:
    """The Stats of this game: the ones 01 names, then the ones the table set up for any Player."""
    choices = list(RULES_STATS)
    for table in state.settings.stats.values():
        choices += [k for k in table if k.casefold() not in {c.casefold() for c in choices}]
    return choices


def known_stat(state, word: str) -> str:
    """The Stat `word` names (any case, a unique prefix): one the table set up for any Player, or one 01 names."""
    from referee.parsing import match_choice

    choices = stat_names(state)
    try:
        return match_choice(word, choices, what="Stat")
    except InvalidMove as error:
        raise InvalidMove(f"{error} (Stats are a table setting, --stats, until 04_PLAYER_STRUCTURE is loaded; "
                      f"known here: {', '.join(choices)}; or perception, attack)") from None


def check_kind(state, move) -> tuple[str, str, bool]:
    """(base kind, Stat, contested) of a declared Check, read from what the table typed.

    The base kind (stat | perception | attack) gives each participant's modifier; naming other Players (or the
    old kind "contested") makes it a Contested Check.
    """
    kind = (move.kind or "").strip().lower()
    word = " ".join((move.stat or "").split())
    contested = kind == "contested" or bool(move.opponents)
    if kind in ("", "contested"):
        kind = word.casefold() if word.casefold() in ("perception", "attack") else "stat"
    if kind not in ("stat", "perception", "attack"):
        raise InvalidMove(f"unknown Check kind {move.kind!r}: a Stat, perception or attack")
    if kind != "stat":
        return kind, "", contested
    if not word:
        raise InvalidMove("a Stat Check names its Stat (Brawn, Intellect, Charm, ...)")
    return kind, known_stat(state, word), contested


def stat_modifier(state, name: str, kind: str, stat: str) -> tuple[int, str, tuple, tuple]:
    """The Stat part of `name`'s modifier on the board now: (value, note, the rules of the Check's kind, the rules
    that let Loot bonuses count). A Stat the table did not set is +0, in a Stat Check and a Perception Check alike;
    printed Stat bonuses of Loot are added (08 LOOT_AND_STAT_BONUSES). `state`: the move's working copy."""
    if kind == "attack":  # 06_COMBAT_ENCOUNTER defines its modifier; the table gives it (--bonus)
        return 0, "", (), ()
    sources = registry.hook("stat-bonuses")(state, name)
    loot_rules: list = []

    def value(which: str) -> tuple[int, str, bool]:
        base = state.stat(name, which)
        loot = [(card, bonus, rules) for card, s, bonus, rules in sources if s.casefold() == which.casefold()]
        for _, _, rules in loot:
            loot_rules.extend(rules)
        total = (base or 0) + sum(bonus for _, bonus, _ in loot)
        parts = [f"table setting {_signed(base)}" if base is not None else
                 "not set at setup" + (": +0" if loot else "")]
        parts += [f"{card} {_signed(bonus)}" for card, bonus, _ in loot]
        note = f"{which} {_signed(total)}" + (f" ({'; '.join(parts)})" if loot or base is None else "")
        return total, note, base is not None or bool(loot)

    if kind == "perception":
        (intellect, i_note, i_has), (charm, c_note, c_has) = value("Intellect"), value("Charm")
        if not (i_has or c_has):
            return 0, "neither Intellect nor Charm: +0", (R.PERCEPTION_CHECK, R.PERCEPTION_NEITHER), ()
        total, note = max((intellect, i_note), (charm, c_note), key=lambda x: x[0])
        return total, note, (R.PERCEPTION_CHECK, R.PERCEPTION_HIGHER), tuple(dict.fromkeys(loot_rules))
    total, note, _ = value(stat)
    return total, note, (R.STAT_CHECK,), tuple(dict.fromkeys(loot_rules))


def _modifier_note(stat_note: str, bonus: int, reasons: tuple[str, ...] = ()) -> str:
    other = f"other modifiers {_signed(bonus)}" + (f" ({'; '.join(reasons)})" if reasons else "") if bonus or reasons \
        else ""
    return ", ".join(n for n in (stat_note, other) if n) or "+0"


def _live(work, check: CheckProc, p: Participant) -> tuple[Participant, tuple]:
    """`p` with its Stat read from the board now (the value current when the Check is resolved), and the rules that
    let its Loot bonuses count. A participant of an older log keeps the modifier fixed at declare."""
    if not p.live:
        return p, ()
    value, note, _, loot_rules = stat_modifier(work, p.name, check.check_kind, check.stat)
    return replace(p, modifier=value + p.bonus, modifier_note=_modifier_note(note, p.bonus, p.reasons)), loot_rules


def _out_of_play(work, d, name: str, doing: str) -> None:
    """A Fallen or Removed Player takes no Checks (interpretation out-of-play-checks); a Zombie is not refused."""
    pstate = work.player(name).state
    if pstate in ("fallen", "removed") and d.interpret("out-of-play-checks") == "refuse":
        d.violate("out-of-play-check", f"{name} is a {pstate.capitalize()} Player and takes no Checks: cannot "
                  f"{doing}", fix="leave them out of the Check, or --override \"reason\" if a card says otherwise",
                  reading="out-of-play-checks")


def judge_declare(work, move, d) -> None:
    kind, stat, contested = check_kind(work, move)
    names = [move.player]
    if contested:
        d.cite(R.CONTESTED_DEFINITION, R.CONTESTED_EACH_ROLLS)
        if not move.opponents:
            d.violate("contested-needs-opponents", "a Contested Check is made by two or more Players", R.CONTESTED_DEFINITION,
                      fix="name the other Players with --vs")
        if move.tn is not None:
            d.violate("contested-no-target-number", "a Contested Check has no Target Number: the highest Final Result succeeds",
                      R.CONTESTED_HIGHEST, fix="drop --tn")
        for other in move.opponents:
            if other in names:
                d.violate("contested-named-twice", f"{other} is named twice in this Contested Check", R.CONTESTED_DEFINITION,
                          fix="name each Player once")
            else:
                names.append(other)
    else:
        if move.tn is None:
            raise InvalidMove("this Check needs a Target Number: --tn N")
        d.cite(R.TARGET_NUMBER)
    for name in names:
        _out_of_play(work, d, name, "declare or be named in a Check")
    participants = []
    for name in names:
        bonus = move.bonus if name == move.player else 0
        value, note, rules, loot_rules = stat_modifier(work, name, kind, stat)
        d.cite(*rules, *loot_rules)
        held = work.player(name).statuses
        # the dice expected now (the roll itself re-reads the statuses); tells the hint how many d20s
        participants.append(Participant(name=name, modifier=value + bonus, modifier_note=_modifier_note(note, bonus),
                                        mode=_dice_mode(held), bonus=bonus, live=True))
        if held:
            d.interpret("status-duration")
        if set(held) == {"goblin", "haunted"}:
            d.say(f"reminder: {name} has Goblin Balls On Ya and Dungeon Haunted: they cancel each other and both "
                  f"are removed before rolling (one d20)", R.STATUSES_CANCEL, R.STATUSES_REMOVE_BEFORE_ROLL)
            continue
        for status in held:
            cite = STATUS_CITES[status][0]
            d.say(f"reminder: {name} has {STATUSES[status]}: {cite.quote}", cite)
            if contested:
                d.cite(R.GOBLIN_CONTESTED if status == "goblin" else R.HAUNTED_CONTESTED)
    proc = CheckProc(check_kind=kind, stat=stat, tn=None if contested else move.tn, initiator=move.player,
                     participants=tuple(participants), contested=contested)
    work.stack.append(proc)
    bonus = ", ".join(f"{p.name}: {p.modifier_note}" for p in participants)
    d.say(f"{proc.title()} is declared ({bonus})", R.CHECK_IS_D20_ROLL)
    if kind == "attack":
        d.report(f"the Attack Check's modifier and Target Number: {work.settings.not_loaded('06_COMBAT_ENCOUNTER')} "
                 f"defines them; the table gives them (--tn, --bonus)")
    d.oblige(proc.finish_hint())


def _check_top(work) -> CheckProc:
    top = work.top
    return top if isinstance(top, CheckProc) else None


def _dice_mode(statuses) -> str:
    held = set(statuses)
    if held == {"goblin"}:
        return "higher"
    if held == {"haunted"}:
        return "lower"
    return "single"


def _describe_roll(p: Participant) -> str:
    if p.mode == "single":
        return f"{p.dice[0]}"
    return f"{p.dice[0]}, {p.dice[1]} (uses the {p.mode}: {p.used_die})"


def _unused_die(p: Participant) -> int | None:
    """The d20 whose result is not used (two d20s under Goblin Balls On Ya / Dungeon Haunted), else None."""
    if len(p.dice) != 2:
        return None
    a, b = p.dice
    return b if a == p.used_die else a


def crits(d, p: Participant) -> tuple[bool, bool]:
    """(natural 20, natural 1) for the crit rewards of `p`'s current roll: the one place crits are detected.

    The die used decides automatic success or failure ("use the higher/lower result"). Whether a 20 or 1 on the
    die not used earns a reward is the ambiguity: interpretation two-dice-crit, shown whenever it decides.
    """
    used, unused = p.used_die, _unused_die(p)
    if unused in (1, 20) and unused != used:
        if d.interpret("two-dice-crit") == "either-die":
            return 20 in p.dice, 1 in p.dice
    return used == 20, used == 1


def _crit_notes(d, p: Participant) -> None:
    used, unused = p.used_die, _unused_die(p)
    if used == 20:
        d.say(f"{p.name} rolled a natural 20: Critical Success", R.CRIT_SUCCESS)
    elif used == 1:
        d.say(f"{p.name} rolled a natural 1: Critical Failure", R.CRIT_FAILURE)
    if unused in (1, 20) and unused != used:
        nat20, nat1 = crits(d, p)
        counts = (unused == 20 and nat20) or (unused == 1 and nat1)
        d.say(f"the die not used shows a natural {unused}: it {'counts' if counts else 'does not count'} for the "
              f"Critical {'Success' if unused == 20 else 'Failure'} reward; the die used ({used}) decides the "
              f"Check", R.CRIT_SUCCESS if unused == 20 else R.CRIT_FAILURE)


def _validate_dice(dice) -> None:
    if not dice or any(not isinstance(v, int) or not 1 <= v <= 20 for v in dice):
        raise InvalidMove(f"a d20 shows 1 to 20, not {list(dice)}")


def _participant(work, move, d, *cites) -> tuple[CheckProc, Participant | None]:
    """The Check on top and `move.player`'s place in it; None (and nothing to apply) when they are not in it."""
    check = _check_top(work)
    p = check.participant(move.player)
    if p is None:
        d.violate("not-in-the-check", f"{move.player} is not rolling in {check.title()}", *cites, fix=check.finish_hint())
        d.impossible()
        return check, None
    _out_of_play(work, d, move.player, {"roll": "roll", "reroll": "reroll", "kaos": "spend Kaos on it",
                                  "modifier": "take a modifier on it"}[move.type])
    return check, p


def judge_roll(work, move, d) -> None:
    _validate_dice(move.dice)
    check, p = _participant(work, move, d, R.CONTESTED_EACH_ROLLS)
    if p is None:
        return
    if p.rolled:
        d.violate("already-rolled", f"{move.player} has already rolled for this Check; a new roll takes a Reroll Token",
                  R.REROLL_WHEN, R.REROLL_ALL_DICE, fix=f"`referee reroll {move.player.lower()} D20`")
        return d.impossible()
    statuses = tuple(work.player(move.player).statuses)
    if set(statuses) == {"goblin", "haunted"}:
        d.interpret("status-cancel-time")
        work.player(move.player).statuses = ()
        d.say(f"{move.player}'s Goblin Balls On Ya and Dungeon Haunted cancel each other: both are removed before rolling",
              R.STATUSES_CANCEL, R.STATUSES_REMOVE_BEFORE_ROLL)
        statuses = ()
    mode = _dice_mode(statuses)
    expected = 1 if mode == "single" else 2
    if len(move.dice) != expected:
        cites = {"higher": (R.GOBLIN_EFFECT,), "lower": (R.HAUNTED_EFFECT,)}.get(mode, (R.CHECK_FORMULA,
                                                                                       R.CHECK_IS_D20_ROLL))
        d.violate("wrong-number-of-d20s", f"{move.player} rolls {expected} d20{'s' if expected > 1 else ''} for this Check, "
                  f"not {len(move.dice)}", *cites, fix=f"give {expected} d20 result{'s' if expected > 1 else ''}")
        return d.impossible()
    if mode != "single":
        d.cite(R.GOBLIN_EFFECT if mode == "higher" else R.HAUNTED_EFFECT)
    rolled = replace(p, dice=tuple(move.dice), mode=mode)
    work.stack[-1] = check.with_participant(rolled)
    how = " (virtual roll)" if move.virtual else ""
    shown, _ = _live(work, check, rolled)
    # what decides the sum: two d20s' rule under a status, else the Final Result's formula
    adds = {"higher": R.GOBLIN_EFFECT, "lower": R.HAUNTED_EFFECT}.get(mode, R.FINAL_RESULT_FORMULA)
    d.say(f"{move.player} rolls {_describe_roll(rolled)}{how}: {rolled.used_die} {_signed(shown.modifier)} "
          f"= {shown.final_result} so far", adds, R.CHECK_IS_D20_ROLL)
    _crit_notes(d, rolled)
    _after_the_dice(work, d, check.with_participant(rolled), move.player, auto_resolve=move.auto_resolve)


def judge_reroll(work, move, d) -> None:
    _validate_dice(move.dice)
    check, p = _participant(work, move, d, R.CONTESTED_EACH_ROLLS)
    if p is None:
        return
    if not p.rolled:
        d.violate("reroll-before-rolling", f"{move.player} has not rolled yet: a Reroll Token is spent after rolling", R.REROLL_WHEN,
                  fix=f"`referee roll {move.player.lower()} D20` first")
        return d.impossible()
    if p.dropped:
        d.violate("reroll-twice", f"{move.player} already spent a Reroll Token on this roll and must keep the new result",
                  R.REROLL_ONE_PER_ROLL, R.REROLL_KEEP_NEW, fix="`referee resolve`")
    if p.kaos:
        d.violate("reroll-after-kaos", f"{move.player} has spent Kaos on this Check: rerolls come before Kaos", R.REROLL_BEFORE_KAOS,
                  fix="undo the Kaos spending first (`referee undo`)")
    held = work.player(move.player).rerolls
    if held < 1:
        d.violate("no-reroll-token", f"{move.player} holds no Reroll Token", R.REROLL_WHEN,
                  fix="a Reroll Token is gained from a natural 1 (CRITICAL_FAILURE_REWARD) or a card")
    if len(move.dice) != len(p.dice):
        cites = (R.REROLL_ALL_DICE, R.REROLL_MULTIPLE_DICE) + (
            (R.GOBLIN_REROLL_BOTH,) if p.mode == "higher" else (R.HAUNTED_REROLL_BOTH,) if p.mode == "lower" else ())
        d.violate("reroll-all-dice", f"a reroll rerolls all {len(p.dice)} dice of the roll", *cites,
                  fix=f"give {len(p.dice)} d20 result{'s' if len(p.dice) > 1 else ''}")
        return d.impossible()
    spent = 1 if held >= 1 else 0  # applied anyway (--override: a card grants the reroll): no token to spend
    if spent:
        work.player(move.player).rerolls = held - 1
        return_reroll_tokens(work, d, 1)
    new = replace(p, dice=tuple(move.dice), dropped=p.dropped + (p.dice,))
    work.stack[-1] = check.with_participant(new)
    struck = ", ".join(f"~~{v}~~" for v in p.dice)
    how = " (virtual roll)" if move.virtual else ""
    spends = "spends 1 Reroll Token and rerolls" if spent else "rerolls (no Reroll Token spent)"
    d.say(f"{move.player} {spends} {struck} → {_describe_roll(new)}{how}; "
          f"the new result must be kept: {_live(work, check, new)[0].final_result} so far",
          R.REROLL_WHEN, R.REROLL_ALL_DICE, R.REROLL_KEEP_NEW)
    if p.mode != "single":
        d.cite(R.GOBLIN_REROLL_BOTH if p.mode == "higher" else R.HAUNTED_REROLL_BOTH, R.REROLL_MULTIPLE_DICE)
    d.interpret("spent-reroll-supply")
    old = p.used_die
    if old == 20:
        if new.used_die == 20:
            d.say("the new roll is also a natural 20: the Critical Success reward still applies", R.CRIT_SUCCESS_REROLLED)
        else:
            d.say("the rerolled natural 20 does not grant its reward", R.REROLL_CRIT_NO_REWARD, R.CRIT_SUCCESS_REROLLED)
    if old == 1:
        if new.used_die == 1:
            d.say("the new roll is also a natural 1: the Critical Failure reward still applies", R.CRIT_FAILURE_REROLLED)
        else:
            d.say("the rerolled natural 1 does not grant its reward", R.REROLL_CRIT_NO_REWARD, R.CRIT_FAILURE_REROLLED)
    if new.used_die in (1, 20) and old != new.used_die:
        _crit_notes(d, new)
    _after_the_dice(work, d, check.with_participant(new), move.player, auto_resolve=move.auto_resolve)


def judge_kaos(work, move, d) -> None:
    _positive(move.amount)
    check, p = _participant(work, move, d, R.KAOS_ANY_AMOUNT)
    if p is None:
        return
    if check.contested:
        d.violate("kaos-on-contested", "Kaos may not be spent on a Contested Check", R.KAOS_NOT_CONTESTED, R.CONTESTED_NO_KAOS,
                  fix="Kaos can be spent on a non-contested d20 Check")
    if not p.rolled:
        d.violate("kaos-before-rolling", f"{move.player} has not rolled yet: Kaos is spent after the d20 is rolled", R.KAOS_AFTER_ROLL,
                  fix=f"`referee roll {move.player.lower()} D20` first")
        return d.impossible()
    held = work.player(move.player).kaos
    if move.amount > held:  # no rule says so directly: what is spent is the Player's resource, held (kaos-floor)
        d.violate("kaos-not-held", f"{move.player} holds {held} Kaos, not {move.amount}", R.KAOS_RESOURCE,
                  R.KAOS_ANY_AMOUNT, fix=f"spend at most {held} Kaos" if held else f"{move.player} has no Kaos to spend: `referee resolve`",
                  reading="kaos-floor")
        return d.impossible()  # Kaos not held is not spent, not even by --override
    work.player(move.player).kaos = held - move.amount
    new = replace(p, kaos=p.kaos + move.amount)
    work.stack[-1] = check.with_participant(new)
    d.say(f"{move.player} spends {move.amount} Kaos: {_signed(move.amount)} to the Final Result → {_live(work, check, new)[0].final_result}; "
          f"no more rerolls on this Check", R.KAOS_AFTER_ROLL, R.KAOS_PLUS_ONE, R.KAOS_ANY_AMOUNT, R.REROLL_BEFORE_KAOS)
    if p.used_die == 1:
        d.say(f"Kaos raises a natural 1: {move.player} forfeits the Critical Failure reward",
              R.KAOS_ON_NATURAL_1, R.KAOS_NATURAL_1_FORFEIT, R.CRIT_FAILURE_KAOS_FORFEIT)


def judge_modifier(work, move, d) -> None:
    """An other applicable modifier the table reports during the Check (card text, an effect): 01 FINAL_RESULT."""
    if not isinstance(move.amount, int) or move.amount == 0:
        raise InvalidMove(f"a modifier is a whole number other than 0, such as +2 or -1, not {move.amount!r}")
    because = " ".join(move.because.split())
    if not because:
        raise InvalidMove("say what gives the modifier: --because \"Lucky Charm\"")
    check, p = _participant(work, move, d, R.FINAL_RESULT_FORMULA)
    if p is None:
        return
    d.interpret("check-finishes-first")
    reason = f"{_signed(move.amount)} {because}"
    new = replace(p, bonus=p.bonus + move.amount, modifier=p.modifier + move.amount, reasons=p.reasons + (reason,))
    work.stack[-1] = check.with_participant(new)
    so_far = f" → {_live(work, check, new)[0].final_result} so far" if new.rolled else ""
    d.say(f"{move.player}'s Check takes {reason} (table-reported), an other applicable modifier of the Final "
          f"Result{so_far}", R.FINAL_RESULT_FORMULA, R.FINAL_RESULT_DEFINITION)
    d.oblige(check.with_participant(new).finish_hint())


def standing(work, check: CheckProc, name: str) -> str:
    """Where a rolled Check stands, for the decision the table is making: "15 vs TN 16: 1 short; Bram holds 2 Kaos,
    1 Reroll Token" (a Contested Check: who leads, or who has still to roll)."""
    shown = {p.name: _live(work, check, p)[0] for p in check.participants}
    if check.contested:
        waiting = [p.name for p in check.participants if not p.rolled]
        if waiting:
            return f"waiting for {', '.join(waiting)} to roll"
        board = ", ".join(f"{n} {p.final_result}" for n, p in shown.items())
        best = max(p.final_result for p in shown.values())
        ahead = [n for n, p in shown.items() if p.final_result == best]
        lead = ahead[0] if len(ahead) == 1 else (check.initiator if check.initiator in ahead else " and ".join(ahead))
        tie = " (a tie: the initiating Player wins it)" if len(ahead) > 1 and check.initiator in ahead else ""
        return f"{board}: {lead} ahead{tie}"
    p = shown[name]
    if p.used_die == 20:
        where = f"{p.final_result} vs TN {check.tn}: a natural 20 succeeds"
    elif p.final_result >= check.tn:
        where = f"{p.final_result} vs TN {check.tn}: succeeds as it stands"
    else:
        where = f"{p.final_result} vs TN {check.tn}: {check.tn - p.final_result} short"
    return f"{where}; {name} holds {tokens(work.player(name).kaos, 'kaos')}, {tokens(work.player(name).rerolls, 'reroll')}"


def _after_the_dice(work, d, check: CheckProc, name: str, *, auto_resolve: bool) -> None:
    """After a roll or a reroll: say where the Check stands; with `auto_resolve` (what `roll` and `reroll` ask for
    unless --hold), resolve it at once when no Player can still change it (01 FINAL_RESULT: the value "after all
    allowed rerolls, modifiers, and Kaos spending have been resolved"). What can still change it is asked of the
    judges themselves (legal_moves.check_changers: a reroll, Kaos, any Player's card with its own timing), so the roll
    never resolves a Check that a move the referee would accept could still change. A Contested Check always waits
    for `referee resolve` (its standing says who leads)."""
    d.say(standing(work, check, name))
    if not auto_resolve or check.contested or not all(p.rolled for p in check.participants):
        d.oblige(check.finish_hint())
        return
    after = work if d.applicable else None  # the game as this move leaves it
    changers = None if after is None else registry.hook("check-changers")(after)
    if changers is None or changers:
        cards = list(dict.fromkeys(f"{m.player}'s {m.card}" for m in changers or () if m.type == "use"))
        if cards:
            d.say(f"the Check stays open: {', '.join(cards)} (a card whose own timing allows its use now) may still "
                  f"change it", R.FINAL_RESULT_DEFINITION, R.CONSUMABLE_CARD_TEXT)
        d.oblige(check.finish_hint())
        return
    p = check.participant(name)
    why = (f"no Reroll Token to spend {'again' if p.dropped else 'on it'}, no Kaos, no Player's card with its own "
           f"timing to use now")
    if d.interpret("check-resolves-at-roll") == "resolve-command":
        d.say(f"nothing but a modifier the table reports can change this Check ({why}): it waits for "
              f"`referee resolve` (interpretation check-resolves-at-roll)")
        d.oblige(check.finish_hint())
        return
    d.say(f"nothing else can change this Check ({why}): it resolves now (a modifier the table has to report: "
          f"`--hold` keeps a Check open)", R.FINAL_RESULT_DEFINITION)
    _resolve(work, d, check)


def judge_resolve(work, move, d) -> None:
    _resolve(work, d, _check_top(work))


def _resolve(work, d, check: CheckProc) -> None:
    """Resolve the Check: its verdict is said with the sentence that decides it (the move's deciding sentence, also
    when a roll resolves its Check)."""
    waiting = [p.name for p in check.participants if not p.rolled]
    if waiting:
        d.violate("not-everyone-rolled", f"{', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not rolled yet",
                  R.CONTESTED_EACH_ROLLS if check.contested else R.CHECK_IS_D20_ROLL,
                  fix=check.finish_hint())
        return d.impossible()
    d.cite(R.FINAL_RESULT_DEFINITION)
    work.stack.pop()
    check = _current_stats(work, d, check)
    parts = []
    for p in check.participants:
        kaos = f" + {p.kaos} Kaos" if p.kaos else ""
        reported = f" ({'; '.join(p.reasons)})" if p.reasons else ""
        parts.append(f"{p.name} {p.used_die} {_signed(p.modifier)}{reported}{kaos} = {p.final_result}")
    summary = "; ".join(parts)
    if check.contested:
        best = max(p.final_result for p in check.participants)
        top = [p for p in check.participants if p.final_result == best]
        if len(top) == 1:
            outcome = f"{top[0].name} wins"
            deciding = (R.CONTESTED_HIGHEST,)
        elif any(p.name == check.initiator for p in top):
            outcome = f"tie: {check.initiator} wins as the initiating Player"
            deciding = (R.CONTESTED_TIES, R.CONTESTED_HIGHEST)  # a tie is decided by the tie rule
        else:
            d.interpret("contested-3way-tie")
            outcome = f"tie between {', '.join(p.name for p in top)}: the rules do not say who wins; the table decides"
            deciding = (R.CONTESTED_HIGHEST, R.CONTESTED_TIES)
        if any(p.used_die in (1, 20) for p in check.participants):
            d.cite(R.CONTESTED_NO_AUTO)
        d.say(f"{check.title()}: {summary}: {outcome}", *deciding, kind="verdict")
        result, success = outcome, None
    else:
        p = check.participants[0]
        nat20, nat1 = p.used_die == 20, p.used_die == 1  # the die used decides; two-dice-crit is about rewards
        if nat20:
            success = True
            why = "natural 20: automatic success"
            deciding = (R.CRIT_SUCCESS_AUTO, R.CRIT_SUCCESS)
        elif nat1 and d.interpret("nat1-autofail") == "auto-fail":
            success, why = False, "natural 1: automatic failure (table setting, interpretation nat1-autofail)"
            deciding = (R.CRIT_FAILURE,)
        else:
            if nat1:
                d.interpret("nat1-autofail")
            success = p.final_result >= check.tn
            why = f"{p.final_result} {'>=' if success else '<'} TN {check.tn}"
            deciding = (R.CHECK_SUCCEEDS if success else R.CHECK_FAILS, R.FINAL_RESULT_DECIDES)
        result = "success" if success else "failure"
        d.say(f"{check.title()}: {summary}: {result.upper()} ({why})", *deciding, kind="verdict")
    work.last_check = f"{check.title()}: {summary}: {result}"
    _crit_rewards(work, d, check)
    below = work.top
    if below is not None:  # a procedure the Check was made for (a Random Encounter's Check option) takes the result
        below.on_check_result(work, d, check, success)


def _current_stats(work, d, check: CheckProc) -> CheckProc:
    """The Check with each Player's Stat as it is now, when the Check is resolved (08 LOOT_AND_STAT_BONUSES)."""
    for p in check.participants:
        now, loot_rules = _live(work, check, p)
        d.cite(*loot_rules)
        if now.modifier != p.modifier:
            d.say(f"{p.name}'s modifier is {_signed(now.modifier)} now ({now.modifier_note}), not "
                  f"{_signed(p.modifier)} as when declared: the Stat value current when the Check is resolved is used",
                  R.STATS_CURRENT_AT_RESOLVE, *loot_rules)
        check = check.with_participant(now)
    return check


def timing_order(work, names) -> list[str]:
    """Simultaneous effects: the Active Player's first (01 CORE_TIMING_PRINCIPLE), then Turn Order from them."""
    seats = [work.players[i].name for i in registry.hook("turn-order")(work, work.active)]
    return sorted(names, key=seats.index)


def _crit_rewards(work, d, check: CheckProc) -> None:
    variables = work.settings.variables
    earned = []  # (participant, CRITICAL_SUCCESS_REWARD?, CRITICAL_FAILURE_REWARD?)
    for p in check.participants:
        nat20, nat1 = crits(d, p)
        if nat20 or nat1:
            earned.append((p, nat20, nat1))
    if not earned:
        return
    order = timing_order(work, [p.name for p, _, _ in earned])
    earned.sort(key=lambda e: order.index(e[0].name))
    # Rewards paid in Reroll Tokens compete for the supply: then the order decides who gets them.
    wanted = []
    for p, nat20, nat1 in earned:
        for var, won in (("CRITICAL_SUCCESS_REWARD", nat20), ("CRITICAL_FAILURE_REWARD", nat1)):
            amount, resource = token_amount(variables, var)
            if won and resource == "reroll" and not (var == "CRITICAL_FAILURE_REWARD" and p.kaos):
                wanted.append((p.name, amount))
    if len({name for name, _ in wanted}) > 1 and sum(a for _, a in wanted) > rerolls_available(work):
        active = work.players[work.active].name
        if len({name for name, _ in wanted} - {active}) > 1:  # the rule orders only the Active Player first
            d.interpret("simultaneous-order")
        d.say(f"the crit rewards are resolved at the same time and the Reroll Token supply cannot cover them all: "
              f"{order[0]}'s first" + (" (the Active Player)" if order[0] == work.players[work.active].name
                                       else "") + f", then in Turn Order: {', '.join(order)}", R.TIMING_ACTIVE_FIRST)
    for p, nat20, nat1 in earned:
        d.interpret("crit-reward-time")
        if check.contested:
            d.cite(R.CONTESTED_CRITS_REWARD)
        if p.dropped:
            d.cite(R.CRIT_SUCCESS_REROLLED if nat20 else R.CRIT_FAILURE_REROLLED)
        if nat20:
            amount, resource = token_amount(variables, "CRITICAL_SUCCESS_REWARD")
            gain_tokens(work, d, p.name, resource, amount, "CRITICAL_SUCCESS_REWARD", R.CRIT_SUCCESS_REWARD)
        if nat1 and p.kaos:
            d.say(f"{p.name} spent Kaos on the natural 1: no CRITICAL_FAILURE_REWARD",
                  R.CRIT_FAILURE_KAOS_FORFEIT, R.KAOS_NATURAL_1_FORFEIT, kind="tokens")
        elif nat1:
            amount, resource = token_amount(variables, "CRITICAL_FAILURE_REWARD")
            gain_tokens(work, d, p.name, resource, amount, "CRITICAL_FAILURE_REWARD", R.CRIT_FAILURE_REWARD)


def dice_needed(state, name: str, *, reroll: bool) -> int:
    """How many d20s `name` rolls now (for a virtual roll): the current roll's count for a reroll."""
    top = state.top
    if reroll and isinstance(top, CheckProc) and top.participant(name) and top.participant(name).rolled:
        return len(top.participant(name).dice)
    return 1 if _dice_mode(state.player(name).statuses) == "single" else 2
