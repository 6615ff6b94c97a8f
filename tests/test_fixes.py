"""Every fix names a move the judge accepts at that moment (issue 20, item 8).

A refusal's `fix` types commands in backticks (`referee equip ann Helm`), and `Violation.fix_moves` lists moves;
`referee status` shows what finishes the procedure on top (`Next:`, Procedure.finish_hint). At many reachable
states (every prefix of the golden games, replayed through the engine, and random legal play) each refused
candidate move's fixes and the Next line are run through `check`:

- a command parses (a placeholder the table fills in, PLAYER, CARD, N, D20, STAT, STATE, is tried with what the
  state offers) and some reading of it is legal; a choice `a|b` is each legal;
- a fix for one violation of a move may leave the move's OTHER violations standing (each has its own fix): the
  command passes when the judge refuses it only for those;
- what the fix itself says is the table's choice is not a claim of legality: a command with `--override`, a
  partial command (`...`, or a command named without the arguments it needs: `referee draw`), and a later step
  of a sequence ("..., then `referee resolve`");
- every fix_move is legal, and its typed form reads back as the same move.
"""

from __future__ import annotations

import itertools
import random
import re
from referee.records import replace

import pytest
from typer.testing import CliRunner

from engine_helpers import new_state, play
from referee import engine
from referee import legal_moves as legal_moves_module
from referee import citations as R
from referee.cli import app
from referee.errors import InvalidMove
from referee.legal_moves import candidates, legal_moves, with_fixes
from referee.moves import describe, DescribeCard, DrawLoot, EndTurn, Equip, Store, TakeLoot
from referee.notation import command_of, parse, split
from test_golden_games import GOLDEN, golden_states

runner = CliRunner()


# --- judging what a fix types ------------------------------------------------------------------------------------


def _fills(state, word: str) -> list[str]:
    """What a placeholder may stand for here (the word itself first: a card may be called NAME)."""
    players = [p.lower() for p in state.settings.players]
    return [word] + {
        "N": ["1", "2", "3", "5", "10", "12", "20"], "D20": ["1", "10", "20"], "PLAYER": players,
        "CARD": sorted(state.cards) + sorted(state.encounters["cards"]), "STAT": ["brawn", "intellect", "charm"],
        "STATE": ["surviving", "fallen", "zombie", "removed"], "REASON": [], "NAME": [], "ACTION": ["Search"],
    }.get(word, [])


def _verdict(state, words: list[str]):
    """The move `words` type, and the ids the judge refuses it with (() when legal); None when they type no move."""
    try:
        move = parse(state, words)
    except (InvalidMove, ValueError):
        return None
    try:
        ruling = engine.check(state, move)
    except (InvalidMove, ValueError):
        return None
    if ruling.legal:
        return () if ruling.effects is not None else ("nothing to apply",)
    return tuple(v.id for v in ruling.violations)


def commands(text: str) -> list[list[str]]:
    """The moves a fix claims legal now, each as its words with every choice `a|b` spelled out: the backticked
    `referee ...` commands that name a move, without the table's own choices (--override, `...`) and without the
    later steps of a sequence (", then `...`")."""
    out = []
    for found in re.finditer(r"`referee ([^`]*)`", text):
        command = found.group(1)
        if "--override" in command or "..." in command or text[:found.start()].rstrip().endswith("then"):
            continue
        words = split(command)
        choices = [w.split("|") if "|" in w and not w.startswith("-") else [w] for w in words]
        for choice in itertools.product(*choices):
            found = command_of(list(choice))
            if found is None:
                continue  # no move (`referee inventory ann`)
            if not found[1] and not _whole_without_arguments(choice):
                continue  # the command named, not typed (`referee draw` needs its arguments)
            out.append(list(choice))
    return out


def _whole_without_arguments(words) -> bool:
    """Whether a command typed without arguments is a whole move (`referee resolve`), not one named (`referee draw`)."""
    from referee.notation import bind, find

    notation, rest = find(list(words))
    try:
        bind(notation, rest)
    except InvalidMove:
        return False
    return True


class Judge:
    """The problems with the fixes given at one state (commands judged once each)."""

    def __init__(self, state):
        self.state, self.seen, self.verdicts, self.read_back = state, {}, {}, {}

    def typed_back(self, move) -> bool:
        """The move is legal, and its typed form reads back as the same move."""
        if move not in self.read_back:
            typed = describe(move)
            self.read_back[move] = self.verdict(split(typed)) == () and parse(self.state, typed) == move
        return self.read_back[move]

    def verdict(self, words: list[str]):
        key = tuple(words)
        if key not in self.verdicts:
            self.verdicts[key] = _verdict(self.state, words)
        return self.verdicts[key]

    def refusals_of(self, words: list[str]) -> set[tuple]:
        """Every way the judge answers the command's readings (placeholders filled in); {()} when one is legal."""
        key = tuple(words)
        if key not in self.seen:
            answers = set()
            for filled in itertools.product(*[_fills(self.state, w) for w in words]):
                verdict = self.verdict(list(filled))
                if verdict is not None:
                    answers.add(verdict)
                    if verdict == ():
                        break
            self.seen[key] = answers
        return self.seen[key]

    def problems(self, text: str, others: frozenset = frozenset()) -> list[str]:
        out = []
        for words in commands(text):
            answers = self.refusals_of(words)
            if not any(set(ids) <= others for ids in answers):  # legal, or refused only for the move's other faults
                out.append(f"`{' '.join(words)}`: {sorted(answers) or 'does not parse'}")
        return out


def fix_problems(state) -> list[str]:
    """Every fix at `state` that names a move the judge refuses then, and the Next line's."""
    from referee.legal_moves import LegalMove

    judge = Judge(state)
    out = []
    if state.top is not None and not state.ended:
        out += [f"Next ({state.top.title()}): {p}" for p in judge.problems(state.top.finish_hint(state))]
    listed: list[LegalMove] = []
    refused = []
    for entry in candidates(state):  # each judged once: what legal_moves lists, and the refused candidates
        if entry.ranges:
            listed.append(entry)
            continue
        try:
            ruling = engine.check(state, entry.move)
        except (InvalidMove, ValueError):
            continue
        if ruling.legal:
            listed.append(entry) if ruling.effects is not None else None
        else:
            refused.append(ruling)
    typed_in, known = legal_moves_module.typed_in, {}  # the same fix text is read once per state
    legal_moves_module.typed_in = lambda st, text: known[text] if text in known else \
        known.setdefault(text, typed_in(st, text))
    try:
        for ruling in refused:
            ruling = with_fixes(state, ruling, listed)
            ids = frozenset(v.id for v in ruling.violations)
            for violation in ruling.violations:
                out += [f"{describe(ruling.move)} [{violation.id}] fix {violation.fix!r}: {p}"
                        for p in judge.problems(violation.fix, ids - {violation.id})]
                for move in violation.fix_moves:
                    if not judge.typed_back(move):
                        out.append(f"{describe(ruling.move)} [{violation.id}] fix_move {describe(move)!r} is not that "
                                   f"legal move")
    finally:
        legal_moves_module.typed_in = typed_in
    return list(dict.fromkeys(out))


# --- reachable states ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_fix_and_next_in_the_golden_games_names_a_move_the_judge_accepts(path, tmp_path):
    problems = []
    for k, state in enumerate(golden_states(path, tmp_path)):
        if not state.ended:
            problems += [f"{path.stem}@{k}: {p}" for p in fix_problems(state)]
    assert not problems, "\n".join(dict.fromkeys(problems))


WALK_START = ["draw mara armor Helm --defense 2", "equip mara helm", "draw ivo common Potion --consumable",
              "store ivo potion", "draw jun weapon Club --melee", "equip jun club",
              'encounter draw mara Bat --by other --check "brawn 12" --penalty "damage d4"', "encounter choose mara 1",
              "roll mara 15", "encounter deck 0"]


def _weighted_walk(rules_db, seed: int, steps: int):
    """Random legal play that favours the pending procedure's moves and the loot and encounter moves (where the
    fixes are), from a game with four Players holding some Loot, a Random Encounter card described; every state on
    the way."""
    rng = random.Random(seed)
    state = new_state(rules_db, players=("Mara", "Ivo", "Jun", "Tess"), reroll_supply=3, health=12)
    for line in WALK_START:
        engine.apply(state, parse(state, line))
    yield state
    busy = {"draw", "equip", "store", "discard", "use", "take", "gear-swap", "encounter-draw", "declare", "end-turn",
            "damage", "drop"}
    rare = {"death", "set-state", "gain-status", "remove-status", "card", "deck-size", "encounter-deck"}
    for _ in range(steps):
        listed = legal_moves(state)
        if not listed:
            return
        top = state.top
        now = {"death"} if top is not None and top.kind == "death" else \
            set(top.accepts) - rare - {"damage"} if top is not None else set()
        weights = [8 if e.type in now else 4 if e.type in busy else 0.2 if e.type in rare else 1 for e in listed]
        entry = rng.choices(listed, weights)[0]
        move = entry.move
        for field, values in entry.ranges.items():
            now = getattr(move, field)
            move = replace(move, **{field: tuple(rng.choice(values) for _ in now) if isinstance(now, tuple)
                                    else rng.choice(values)})
        engine.apply(state, move)
        if state.ended:
            return
        yield state


@pytest.mark.parametrize("seed", range(4))
def test_every_fix_and_next_in_random_legal_play_names_a_move_the_judge_accepts(rules_db, seed):
    problems = []
    for k, state in enumerate(_weighted_walk(rules_db, seed, 20)):
        problems += [f"seed {seed}@{k}: {p}" for p in fix_problems(state)]
    assert not problems, "\n".join(dict.fromkeys(problems))


# Situations the golden games and random play reach seldom, each a script played move by move (every state checked).
SCENARIOS = {
    "displaced-loot": ({}, ["card Cap armor --defense 1", "card Hat armor --defense 1", "draw ann armor Helm --defense 2",
                            "equip ann helm", "draw ann armor cap armor hat", "equip ann cap 1", "store ann helm",
                            "equip ann hat 1", "discard ann cap"]),
    "plot-armor-taken": ({"plot-armor-eligible": "counts"}, ["take ann bob plot", 'discard ann "Plot Armor (Bob)"',
                                                             "draw ann armor Cap --defense 1", "equip ann cap"]),
    "full-backpack": ({}, ["draw ann common A", "store ann a", "draw ann common B --consumable", "store ann b",
                           "draw ann weapon Club --melee", "store ann club", "draw ann weapon Axe --melee",
                           "equip ann axe", "drop ann axe", "draw ann weapon Sword --melee", "discard ann sword",
                           "use ann b", "discard ann a"]),
    "zombie-and-rising": ({}, ["damage bob 10", "death bob zombie", "damage dan 10", "death dan fallen", "end-turn",
                               "end-turn", "end-turn", "end-turn"]),
    "refreshed-deck": ({}, ["deck common 2", "draw ann common A", "store ann a", "draw ann common B", "store ann b",
                            "discard ann a", "discard ann b", "draw ann common A", "store ann a", "discard ann a"]),
    "encounter-penalty": ({}, ["draw ann common Coin", "store ann coin",
                               'encounter draw ann Spider --by other --check "brawn 30" --penalty "discard 1" '
                               '--penalty "damage d6"', "encounter choose ann 1", "roll ann 5 --hold", "resolve",
                               "encounter discard ann coin", "encounter roll bob 3"]),
    "contested-tie": ({}, ["declare ann brawn --vs bob", "roll ann 10", "roll bob 10", "resolve"]),
    # three Death Processes on top together, the Active Player's (Ann's) between the others: hers is resolved first
    "deaths-together-active-between": ({}, ["damage cat 99", "damage ann 99", "damage bob 99", "death ann fallen",
                                            "death bob fallen"]),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_fix_and_next_in_seldom_situations_names_a_move_the_judge_accepts(rules_db, name):
    choices, lines = SCENARIOS[name]
    state = new_state(rules_db, players=("Ann", "Bob", "Cat", "Dan"), choices=choices)
    problems = [f"{name}@0: {p}" for p in fix_problems(state)]
    for k, line in enumerate(lines, 1):
        engine.apply(state, parse(state, line))
        problems += [f"{name}@{k} (after {line}): {p}" for p in fix_problems(state)]
    assert not problems, "\n".join(dict.fromkeys(problems))


# --- 08 LOOT_MANAGEMENT_WINDOW: the fixes that named a refused move ----------------------------------------------------


def _displaced_and_new(rules_db):
    """Ann's window holds a new Hat and the Helm a Cap displaced from her Armor Slot 1."""
    state = new_state(rules_db, players=("Ann", "Bob"))
    play(state, DrawLoot(player="Ann", kinds=("armor",), names=("Helm",), defense=2), Equip(player="Ann", card="Helm"),
         DescribeCard(name="Cap", kind="armor", defense=1), DescribeCard(name="Hat", kind="armor", defense=1),
         DrawLoot(player="Ann", kinds=("armor", "armor"), names=("Cap", "Hat")),
         Equip(player="Ann", card="Cap", slot="armor-1"))
    assert state.top.displaced == ("Helm",) and set(state.top.cards) == {"Hat", "Helm"}
    return state


def test_loot_management_window_displaced_loot_first_end_turn_fix_names_a_placement_of_the_displaced_card(rules_db):
    """08 LOOT_MANAGEMENT_WINDOW: "Displaced Loot must immediately be equipped in a legal Slot, stored in an empty
    Backpack Slot, used if legal, or discarded." `end-turn` is refused; its fix names the displaced Helm, each command
    of it legal now (the Hat is refused until the Helm is placed), and its fix_moves are those placements."""
    state = _displaced_and_new(rules_db)
    ruling = with_fixes(state, engine.check(state, EndTurn()))
    fix = ruling.violations[0]
    typed = commands(fix.fix)
    assert typed and all("Helm" in words for words in typed), fix.fix
    assert all(_verdict(state, words) == () for words in typed), fix.fix
    assert {m.card for m in fix.fix_moves[:len(typed)]} == {"Helm"}, fix.fix_moves
    refused = engine.check(state, Equip(player="Ann", card="Hat"))
    assert [v.id for v in refused.violations] == ["displaced-loot-first"]
    assert all(_verdict(state, words) == () for words in commands(refused.violations[0].fix))


def test_loot_management_window_displaced_loot_first_status_next_names_the_displaced_card(tmp_path, monkeypatch):
    """08 LOOT_MANAGEMENT_WINDOW (displaced Loot immediately): `referee status` says Next: place the Helm, with
    commands the judge accepts, not the new Hat."""
    monkeypatch.setenv("COLUMNS", "200")
    game = str(tmp_path / "g.sqlite")
    for line in ('new --players "Ann, Bob" --health 10 --turn-actions 2', "draw ann armor Helm --defense 2",
                 "equip ann helm", "card Cap armor --defense 1", "card Hat armor --defense 1",
                 "draw ann armor cap armor hat", "equip ann cap 1"):
        assert runner.invoke(app, [*split(line), "--game", game]).exit_code == 0, line
    shown = " ".join(runner.invoke(app, ["status", "--game", game]).output.split())
    next_line = shown[shown.index("Next:"):]
    assert "Helm" in next_line.split("Player")[0] and "ann Hat" not in next_line.lower().replace('"', ""), next_line
    assert "`referee equip Ann Helm`" in next_line and "`referee use" not in next_line, next_line
    for words in commands(next_line.split(" Player ")[0]):
        assert runner.invoke(app, [*words, "--dry-run", "--game", game]).exit_code == 0, words


def test_loot_management_window_plot_armor_that_cannot_be_placed_otherwise_is_discarded(rules_db):
    """08 LOOT_MANAGEMENT_WINDOW: "If a Player cannot legally equip, store, or use Loot during a Loot Management
    Window, they must discard that Loot." Bob's Plot Armor, taken into Ann's window (plot-armor-eligible=counts), is in
    no Slot: storing it is refused (PLOT_ARMOR), and the fix is its discard, a legal move, not "stays in its Armor
    Slot"."""
    state = new_state(rules_db, players=("Ann", "Bob"), choices={"plot-armor-eligible": "counts"})
    play(state, TakeLoot(player="Ann", source="Bob", card="Plot Armor (Bob)", how="take"))
    ruling = with_fixes(state, engine.check(state, Store(player="Ann", card="Plot Armor (Bob)")))
    violation = ruling.violations[0]
    assert violation.citations[0] == R.PLOT_ARMOR_NOT_STORED and R.LMW_MUST_DISCARD in violation.citations
    assert "Armor Slot" not in violation.fix, violation.fix
    assert commands(violation.fix) == [["discard", "Ann", "Plot Armor (Bob)"]], violation.fix
    assert _verdict(state, ["discard", "Ann", "Plot Armor (Bob)"]) == ()
    assert violation.fix_moves[0] == parse(state, 'discard ann "Plot Armor (Bob)"')
    assert "discard" in state.top.finish_hint(state) and "equip" not in state.top.finish_hint(state)
