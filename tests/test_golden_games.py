"""Golden game scripts (tests/golden/*.game) replayed through the CLI: exit codes, rulings, final state."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.records import encode
from referee.cli import app

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.game"))


def _is_move(argv: list[str]) -> bool:
    from referee.notation import command_of

    found = command_of(argv)
    return found is not None and not (found[0] == "deck" and len(argv) < 3)


def _full(argv: list[str]) -> list[str]:
    """A move step run with --why: the golden scripts check the full ruling (every rule quoted)."""
    return [*argv, "--why"] if _is_move(argv) and "--json" not in argv else argv


def parse(path: Path):
    steps, finals = [], []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        tag, rest = line[0], line[1:].strip()
        if tag == "$":
            steps.append({"argv": shlex.split(rest), "exit": 0, "expect": []})
        elif tag == "=":
            steps[-1]["exit"] = int(rest)
        elif tag == "~":
            steps[-1]["expect"].append(rest)
        elif tag == "%":
            finals.append(rest.split())
        else:
            raise ValueError(f"{path.name}: bad line {raw!r}")
    return steps, finals


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game(path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    runner = CliRunner()
    steps, finals = parse(path)
    for step in steps:
        result = runner.invoke(app, _full(step["argv"]))
        shown = " ".join(result.output.split())
        where = f"`referee {shlex.join(step['argv'])}`:\n{result.output}"
        assert result.exit_code == step["exit"], where
        for text in step["expect"]:
            assert " ".join(text.split()) in shown, f"missing {text!r} in {where}"
        assert "Traceback" not in result.output
    status = json.loads(runner.invoke(app, ["status", "--json"]).output)
    players = {p["name"]: p for p in status["players"]}
    for check in finals:
        if check[0] == "winner":
            assert status["winner"] == check[1]
        else:
            name, field, value = check
            assert str(players[name][field]) == value, (name, field, players[name][field])
    _every_state_reads_back_from_a_snapshot()


def _every_state_reads_back_from_a_snapshot():
    """Every state the game passed through (Checks, loot windows, encounters, deaths, victory), written as a
    snapshot and read back, equals the fold of the log field for field; the game file's own snapshot too. A
    GameState field a snapshot loses or changes the type of fails here (referee.state.STATE_FORMAT)."""
    from referee.effects import effects_from_json, transition
    from referee.state import GameState, state_from_snapshot, state_to_snapshot
    from referee.store import GameStore, resolve_game_path

    with GameStore(resolve_game_path(None)) as game:
        state = GameState.initial(game.settings)
        for (effects,) in game._db.execute("select effects from moves where undone = 0 order by n"):
            transition(state, effects_from_json(json.loads(effects)))
            assert state_from_snapshot(game.settings, json.loads(json.dumps(state_to_snapshot(state)))) == state
        assert game.load() == state


def test_replaying_the_log_reproduces_the_state(monkeypatch):
    """The golden game's file, folded again from its effects, gives the same state."""
    from referee.effects import effects_from_json
    from referee.engine import replay
    from referee.store import GameStore, resolve_game_path

    test_golden_game(GOLDEN[0], monkeypatch)
    store = GameStore(resolve_game_path(None))
    rows = store._db.execute("select effects from moves where undone = 0 order by n").fetchall()
    again = replay(store.settings, [effects_from_json(json.loads(effects)) for (effects,) in rows])
    assert encode(again) == encode(store.load()) and again.ended


ONE_PROCESS_PER_COMMAND = ["encounter_success_event_reward", "encounter_death_victory"]


@pytest.mark.parametrize("name", ONE_PROCESS_PER_COMMAND)
def test_golden_game_with_each_command_in_its_own_process(name, tmp_path):
    """At the table every command is a new process: nothing one command imported may be needed by the next.
    (CliRunner keeps one process, where such a dependency would pass unseen.)"""
    import os
    import subprocess
    import sys

    env = dict(os.environ, COLUMNS="200", REFEREE_HOME=str(tmp_path / "home"))
    env.pop("REFEREE_GAME", None)
    steps, finals = parse(Path(__file__).parent / "golden" / f"{name}.game")
    for step in steps:
        result = subprocess.run([sys.executable, "-m", "referee", *_full(step["argv"])], capture_output=True,
                                text=True, env=env)
        output = result.stdout + result.stderr
        where = f"`referee {shlex.join(step['argv'])}`:\n{output}"
        assert result.returncode == step["exit"], where
        shown = " ".join(output.split())
        for text in step["expect"]:
            assert " ".join(text.split()) in shown, f"missing {text!r} in {where}"
        assert "Traceback" not in output


# the words a short ruling shows when its most telling change is of these kinds (referee.ruling.OUTCOME_KINDS)
OUTCOME_WORDS = {"game-end": ("VICTORY", "game has ended", "no Victory"), "death": ("possible Death", " is now "),
                 "verdict": ("SUCCESS", "FAILURE", "wins", "succeeds"), "turn": ("Turn ",)}


def _golden_rulings(monkeypatch):
    """(where, ruling JSON, the short ruling's lines at 80 columns as printed) for every move of every golden game,
    played as written."""
    monkeypatch.setenv("COLUMNS", "80")
    runner = CliRunner()
    for path in GOLDEN:
        steps, _ = parse(path)
        for step in steps:
            argv = step["argv"]
            if not _is_move(argv) or "--json" in argv or argv[0] == "new":
                runner.invoke(app, argv)
                continue
            data = json.loads(runner.invoke(app, [*argv, "--json", "--dry-run"]).output)
            result = runner.invoke(app, argv)
            if result.exit_code == 2:  # bad input: no ruling
                continue
            yield f"{path.name}: `referee {shlex.join(argv)}`", data, result.output.rstrip("\n").splitlines()


def test_every_golden_ruling_opens_with_its_outcome_and_the_sentence_that_decided_it(monkeypatch):
    """Issue 22, over every golden-game ruling (each judged as a dry run for its JSON, then played): the first
    citation is the deciding one the judge recorded (a refusal's first violation's first; a legal move's, the reason
    of its most telling consequence); the short ruling shows the outcome words of the kinds that have them (the game
    ends, a possible Death or a Player's new state, a verdict, whose turn it is) and the deciding quote whole, never a
    line cut with "…"; at 80 columns a legal move in 5 lines (the verdict, up to 3 lines of changes, the quote's first
    line), a refusal in its verdict, message, quote and fix, each whole."""
    from referee.ruling import ranked

    counted = quoted = changing = 0
    for where, data, lines in _golden_rulings(monkeypatch):
        text = " ".join(" ".join(lines).split())
        deciding = data["decided_by"]
        if data["violations"]:
            assert deciding == data["violations"][0]["citations"][0], where
        elif data["consequences"]:
            reasons = [r["citation"] for r in data["reasons"]]
            order = [i for i in ranked([r["kind"] for r in data["reasons"]]) if reasons[i]]
            assert order and deciding == reasons[order[0]], f"{where}: no consequence says why"
        assert not data["citations"] or data["citations"][0] == deciding, where
        assert all("…" not in line and len(line) <= 80 for line in lines), where
        if deciding:
            shown = f"{deciding['key']}: \"{' '.join(deciding['quote'].split())}\""
            assert shown in text, f"{where}: the deciding quote is not shown whole:\n" + "\n".join(lines)
        kinds = [r["kind"] for r in data["reasons"]]
        if not data["violations"] and kinds and kinds[ranked(kinds)[0]] in OUTCOME_WORDS:  # the most telling change
            said = " ".join(data["consequences"][ranked(kinds)[0]].replace("~~", "").split())
            assert said in text and any(w in said for w in OUTCOME_WORDS[kinds[ranked(kinds)[0]]]), \
                f"{where}: the outcome is not shown:\n" + "\n".join(lines)
        quote = _block(lines, f"  {deciding['key']}: ") if deciding else 0
        if data["violations"]:  # the verdict, what forbids it, the quote and the fix: each whole, nothing else
            assert len(lines) <= 1 + _block(lines, "  ✗") + quote + _block(lines, "  fix:") + 1, \
                f"{where}: {len(lines)} lines:\n" + "\n".join(lines)
        else:  # the verdict, at most 3 lines of changes (the most telling whole), the quote (its first line counted)
            changes = [n for n, line in enumerate(lines) if line.startswith("  • ")]
            assert len(lines) - max(0, quote - 1) <= max(5, 2 + _block(lines, "  • ")), \
                f"{where}: {len(lines)} lines:\n" + "\n".join(lines)
            changing += bool(changes)
            quoted += bool(changes) and bool(quote)
        counted += 1
    assert counted > 100 and quoted == changing  # every legal ruling that changes something shows its quote


def _block(lines: list[str], opening: str) -> int:
    """The lines the entry of a short ruling that opens with `opening` takes, wrapped (0 when it is not shown)."""
    at = next((n for n, line in enumerate(lines) if line.startswith(opening)), None)
    if at is None:
        return 0
    return 1 + next((n for n, line in enumerate(lines[at + 1:]) if not line.startswith("    ")), len(lines) - at - 1)


def golden_states(path: Path, tmp_path) -> list:
    """The states `path` passes through, played move by move through the library (refused moves change nothing):
    the reachable states other tests judge at (tests/test_options_complete.py, tests/test_fixes.py)."""
    from typer.testing import CliRunner

    import referee
    from referee.cli import app
    from referee.errors import RefereeError
    from referee.notation import command_of

    steps, _ = parse(path)
    states, game = [], None
    for n, step in enumerate(steps):
        argv = step["argv"]
        if argv[0] == "new":
            if game is not None:
                game.close()
            where = tmp_path / f"{path.stem}-{n}.sqlite"
            result = CliRunner().invoke(app, [*argv, "--game", str(where)])
            assert result.exit_code == 0, result.output
            game = referee.Game.open(where)
        elif argv[0] in ("undo", "redo"):
            try:
                game.undo() if argv[0] == "undo" else game.redo()
            except RefereeError:
                continue
        elif command_of(argv) is None or "--dry-run" in argv:
            continue
        else:
            try:
                game.push([w for w in argv if w != "--json"])
            except RefereeError:
                continue
        states.append(game.state)
    if game is not None:
        game.close()
    assert states, shlex.join(steps[0]["argv"])
    return states
