"""Golden game scripts (tests/golden/*.game) replayed through the CLI: exit codes, rulings, final state."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

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
    from referee.state import GameState, state_from_snapshot, state_to_snapshot, transition
    from referee.store import GameStore, resolve_game_path

    with GameStore(resolve_game_path(None)) as game:
        state = GameState.initial(game.settings)
        for (effects,) in game._db.execute("select effects from moves where undone = 0 order by n"):
            transition(state, json.loads(effects))
            assert state_from_snapshot(game.settings, json.loads(json.dumps(state_to_snapshot(state)))) == state
        assert game.load() == state


def test_replaying_the_log_reproduces_the_state(monkeypatch):
    """The golden game's file, folded again from its effects, gives the same state."""
    from referee.engine import replay
    from referee.store import GameStore, resolve_game_path

    test_golden_game(GOLDEN[0], monkeypatch)
    store = GameStore(resolve_game_path(None))
    rows = store._db.execute("select effects from moves where undone = 0 order by n").fetchall()
    again = replay(store.settings, [json.loads(effects) for (effects,) in rows])
    assert again.to_json() == store.load().to_json() and again.ended


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


def test_a_ruling_fits_a_laptop_screen_over_every_golden_game(monkeypatch):
    """By default a legal move's ruling is at most 4 lines at 80 columns, a refusal at most 6 (issue 12); the full
    ruling is --why. Counted over every move of every golden game, played as written."""
    monkeypatch.setenv("COLUMNS", "80")
    runner = CliRunner()
    counted = 0
    for path in GOLDEN:
        steps, _ = parse(path)
        for step in steps:
            result = runner.invoke(app, step["argv"])
            if not _is_move(step["argv"]) or "--json" in step["argv"] or result.exit_code == 2:
                continue
            lines = result.output.rstrip("\n").splitlines()
            limit = 4 if result.exit_code == 0 else 6
            assert len(lines) <= limit and all(len(line) <= 80 for line in lines), \
                f"{path.name}: `referee {shlex.join(step['argv'])}` takes {len(lines)} lines:\n{result.output}"
            counted += 1
    assert counted > 100  # every move of the golden games (126 when written)


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
