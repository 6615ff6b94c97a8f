"""Crash campaign: SIGKILL the real CLI at random points mid-move, mid-undo, mid `rules add` and mid first build.

    .venv/bin/python bench/stress/crash.py [--moves 200] [--undos 50] [--adds 50] [--builds 30] [--news 30] [--seed 14]

Each kill lands at a random moment of the command's normal run (0.3-1.1 times its measured duration, so
most land after the imports, where the work is). After each: SQLite's integrity check; the log is the
moves known accepted plus at most the killed one, whole (nothing half-applied); the state every command
reads (the snapshot) equals the fold of the log; the next command runs with the caches as they were left.
Goal: 0 corrupt, 0 partial, 0 mismatched, 0 unusable.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, environment, judge_game, new_game, referee, scratch, start  # noqa: E402

QUESTION = "can I spend kaos on a contested check"


def _kill_at(args: list, env: dict, delay: float) -> str:
    """Start `referee ARGS`, SIGKILL it after `delay` s; 'killed' or 'finished' (it was done before)."""
    process = start(args, env)
    time.sleep(delay)
    finished = process.poll() is not None
    if not finished:
        process.send_signal(signal.SIGKILL)
    process.wait()
    process.stderr.close()
    return "finished" if finished else "killed"


def _duration(args: list, env: dict, undo: list | None = None, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        run = referee(args, env)
        times.append(run.seconds)
        if undo:
            referee(undo, env)
    return statistics.median(times)


def _live(moves) -> list[tuple[int, dict]]:
    return [(n, move) for n, move, undone in moves if not undone]


def crash_moves_and_undos(moves: int, undos: int, rng: random.Random, folder: Path) -> dict:
    env = environment(folder / "home")
    game = folder / "crash.sqlite"
    new_game(env, game)
    move_args = ["gain", "ann", "1", "kaos", "--game", str(game)]
    undo_args = ["undo", "--game", str(game)]
    for _ in range(5):  # something to undo from the first kill on
        assert referee(move_args, env).code == 0
    took = _duration(move_args, env, undo=undo_args, runs=3 if moves + undos > 20 else 1)
    figures = {"kills": 0, "applied": 0, "not applied": 0, "finished first": 0, "corrupt": 0, "partial": 0,
               "mismatched": 0, "unusable": 0}
    plan = ["move"] * moves + ["undo"] * undos
    rng.shuffle(plan)
    for what in plan:
        before = _live(judge_game(game)["moves"])
        outcome = _kill_at(move_args if what == "move" else undo_args, env, rng.uniform(0.3, 1.1) * took)
        figures["kills"] += outcome == "killed"
        figures["finished first"] += outcome == "finished"
        judged = judge_game(game)
        after = _live(judged["moves"])
        figures["corrupt"] += judged["integrity"] != "ok"
        figures["mismatched"] += not judged["matches"]
        if what == "move":
            changed = after[:-1] == before and len(after) == len(before) + 1 and after[-1][1]["type"] == "gain"
        else:
            changed = after == before[:-1]
        figures["partial"] += not (after == before or changed)
        figures["applied" if changed else "not applied"] += 1
        if len(after) < 3:
            assert referee(move_args, env).code == 0
        status = referee(["status", "--json", "--game", str(game)], env)
        figures["unusable"] += status.code != 0
    return figures


FIXTURE = (
    "File ID\n99_STRESS_TEST\nStress Test\nA document made up for the crash campaign.\n"
    + "".join(f"SECTION_ID: STRESS_{i}\nStress Rule {i}\nRule\nStress rule {i} says a Player may gain {i % 5} Kaos.\n"
              for i in range(400))
    + "Official attribution\nTest data, not game rules.\n"
)


def crash_rules_add(adds: int, rng: random.Random, folder: Path) -> dict:
    """Kill `rules add` of a 400-section document; after each, the rules load and the add works again."""
    from rulesdb.parse import decode_source, parse_document

    env = environment(folder / "home-add")
    document = folder / "stress_rules.txt"
    document.write_text(FIXTURE, encoding="utf-8")
    rules = folder / "home-add" / "data" / "rules"
    assert referee(["rules", "list"], env).code == 0
    took = _duration(["rules", "add", str(document)], env, runs=3 if adds > 5 else 1)
    figures = {"kills": 0, "added": 0, "not added": 0, "finished first": 0, "partial": 0, "unusable": 0}
    for _ in range(adds):
        shutil.rmtree(rules, ignore_errors=True)
        outcome = _kill_at(["rules", "add", str(document)], env, rng.uniform(0.1, 1.1) * took)
        figures["kills"] += outcome == "killed"
        figures["finished first"] += outcome == "finished"
        kept = sorted(rules.glob("*.txt")) if rules.exists() else []
        for path in kept:
            try:
                parse_document(decode_source(path.read_bytes(), path.name), path.name)
            except ValueError:
                figures["partial"] += 1
        figures["partial"] += bool(list(rules.glob("*.broken"))) if rules.exists() else 0
        figures["added" if kept else "not added"] += 1
        listed = referee(["rules", "list", "--json"], env)
        loaded = listed.code == 0 and "99_STRESS_TEST" in listed.out
        figures["unusable"] += listed.code != 0 or loaded != bool(kept)
    return figures


def crash_new(news: int, rng: random.Random, folder: Path) -> dict:
    """Kill `referee new` midway; the next `new` in that folder leaves no temporary of the killed ones, and no half-made
    game ever appears under a game's name."""
    env = environment(folder / "home-new")
    games = folder / "new-games"
    games.mkdir()
    args = ["new", "--players", "Ann, Ben", "--health", "9", "--turn-actions", "2", "--game"]
    took = _duration([*args, str(games / "timing.sqlite")], env, runs=1)
    figures = {"kills": 0, "finished first": 0, "unusable": 0, "leftovers": 0}
    for i in range(news):
        outcome = _kill_at([*args, str(games / f"killed-{i}.sqlite")], env, rng.uniform(0.3, 1.1) * took)
        figures["kills"] += outcome == "killed"
        figures["finished first"] += outcome == "finished"
        made = games / f"killed-{i}.sqlite"
        if made.exists():  # a game under its name is whole
            figures["unusable"] += referee(["status", "--json", "--game", str(made)], env).code != 0
    after = referee([*args, str(games / "next.sqlite")], env)
    figures["unusable"] += after.code != 0
    figures["leftovers"] += len([p for p in games.iterdir() if ".tmp-" in p.name or ".creating" in p.name])
    return figures


def crash_first_build(builds: int, rng: random.Random, folder: Path) -> dict:
    """Kill the first `ask` (rules database + index built from nothing); the next `ask` answers as a clean one."""
    env = environment(folder / "home-build")
    cache = folder / "home-build" / "cache"
    expected = referee(["ask", QUESTION, "--json"], env)
    assert expected.code == 0, expected.err
    answer = json.loads(expected.out)["results"]
    shutil.rmtree(cache)
    begin = time.perf_counter()
    assert referee(["ask", QUESTION, "--json"], env).code == 0
    took = time.perf_counter() - begin
    figures = {"kills": 0, "finished first": 0, "unusable": 0, "wrong answer": 0, "leftovers": 0}
    for _ in range(builds):
        shutil.rmtree(cache, ignore_errors=True)
        outcome = _kill_at(["ask", QUESTION, "--json"], env, rng.uniform(0.05, 1.0) * took)
        figures["kills"] += outcome == "killed"
        figures["finished first"] += outcome == "finished"
        again = referee(["ask", QUESTION, "--json"], env)
        figures["unusable"] += again.code != 0
        figures["wrong answer"] += again.code == 0 and json.loads(again.out)["results"] != answer
        # what a killed writer left is removed by the next build; a finished first build leaves nothing
        figures["leftovers"] += len([p for p in cache.iterdir() if ".tmp-" in p.name])
    return figures


def run(moves: int = 200, undos: int = 50, adds: int = 50, builds: int = 30, seed: int = 14, news: int = 30) -> dict:
    rng = random.Random(seed)
    folder = scratch("crash")
    try:
        return {
            "moves and undos": crash_moves_and_undos(moves, undos, rng, folder),
            "rules add": crash_rules_add(adds, rng, folder),
            "first build": crash_first_build(builds, rng, folder),
            "new": crash_new(news, rng, folder),
        }
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def failures(figures: dict) -> int:
    bad = ("corrupt", "partial", "mismatched", "unusable", "wrong answer", "leftovers")
    return sum(part.get(key, 0) for part in figures.values() for key in bad)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--undos", type=int, default=50)
    parser.add_argument("--adds", type=int, default=50)
    parser.add_argument("--builds", type=int, default=30)
    parser.add_argument("--news", type=int, default=30)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    figures = run(args.moves, args.undos, args.adds, args.builds, args.seed, args.news)
    for name, part in figures.items():
        print(f"crash / {name}: " + ", ".join(f"{k} {v}" for k, v in part.items()))
    print(f"crash: {failures(figures)} failures (goal 0)")
    raise SystemExit(1 if failures(figures) else 0)


if __name__ == "__main__":
    main()
