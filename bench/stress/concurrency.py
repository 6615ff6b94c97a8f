"""Concurrency campaign: writers in separate processes on one game file, a reader looping `status`.

    .venv/bin/python bench/stress/concurrency.py [--rounds 2x300,4x250] [--seed 14]

Each writer plays `gain PLAYER 1 kaos` (its own Player) as separate `referee` processes and, every
tenth move, takes its own last move back with `undo --expect N`. A reader loops `status --json`
meanwhile. Then: every accepted move is in the log once, every undo took back only the move it
expected, each Player's Kaos is their accepted moves minus their undone ones, no user ever saw
"database is locked", and every exit code is one the README documents (3: busy, try again).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import documented_exit_codes, environment, judge_game, new_game, referee, scratch  # noqa: E402

PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def _writer(player: str, moves: int, env: dict, game: Path, rng: random.Random, out: dict) -> None:
    accepted, undone, refused_undos = [], [], 0
    seen = {"codes": [], "locked": 0, "tracebacks": 0, "said": []}

    def command(args: list) -> object:
        run = referee([*args, "--json", "--game", str(game)], env)
        _note(run, seen)
        return run

    for i in range(moves):
        run = command(["gain", player.lower(), "1", "kaos"])
        if run.code == 0:
            accepted.append(json.loads(run.out)["move_number"])
        if i % 10 == 9 and accepted and rng.random() < 0.9:
            run = command(["undo", "--expect", str(accepted[-1])])
            if run.code == 0:
                undone.extend(json.loads(run.out)["undone"])
            else:
                refused_undos += 1
    out[player] = {"accepted": accepted, "undone": undone, "refused undos": refused_undos, **seen}


def _note(run, seen: dict) -> None:
    """What a user saw: the exit code, "database is locked", a traceback (its last line kept)."""
    seen["codes"].append(run.code)
    seen["locked"] += "database is locked" in run.out + run.err
    seen["tracebacks"] += run.traceback
    if run.traceback and len(seen["said"]) < 2:
        seen["said"].append(run.err.strip().splitlines()[-1][:200])


def _reader(env: dict, game: Path, stop: threading.Event, out: dict) -> None:
    seen = {"codes": [], "locked": 0, "tracebacks": 0, "said": []}
    while not stop.is_set():
        _note(referee(["status", "--json", "--game", str(game)], env), seen)
    out.update(reads=len(seen["codes"]), failed=sum(code != 0 for code in seen["codes"]), **seen)


def campaign(writers: int, moves: int, folder: Path, rng: random.Random) -> dict:
    env = environment(folder / "home")
    game = folder / f"race-{writers}x{moves}.sqlite"
    new_game(env, game)
    results: dict = {}
    reading: dict = {}
    stop = threading.Event()
    reader = threading.Thread(target=_reader, args=(env, game, stop, reading))
    threads = [threading.Thread(target=_writer, args=(PLAYERS[i], moves, env, game, random.Random(rng.random()),
                                                      results)) for i in range(writers)]
    reader.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()
    reader.join()
    judged = judge_game(game)
    log = {n: move for n, move, undone in judged["moves"]}
    live = {n for n, move, undone in judged["moves"] if not undone}
    accepted = [n for r in results.values() for n in r["accepted"]]
    undone = [n for r in results.values() for n in r["undone"]]
    wrong_undos = sum(n not in r["accepted"] for r in results.values() for n in r["undone"])
    kaos = {p.name: p.kaos for p in judged["state"].players}
    expected_kaos = {p: len(results[p]["accepted"]) - len(results[p]["undone"]) for p in results}
    codes = [c for r in results.values() for c in r["codes"]]
    return {
        "accepted": len(accepted),
        "applied once": len(accepted) == len(set(accepted)) == len(log),
        "undone": len(undone),
        "refused undos (another move came last)": sum(r["refused undos"] for r in results.values()),
        "undos of another's move": wrong_undos,
        "log = accepted - undone": live == set(accepted) - set(undone),
        "kaos = accepted - undone": all(kaos[p] == expected_kaos[p] for p in expected_kaos),
        "busy (exit 3)": codes.count(3),
        "undocumented exit codes": sum(c not in documented_exit_codes() for c in codes),
        "'database is locked' shown": sum(r["locked"] for r in results.values()) + reading["locked"],
        "tracebacks": sum(r["tracebacks"] for r in results.values()) + reading["tracebacks"],
        "traceback lines": [line for r in results.values() for line in r["said"]] + reading["said"],
        "status reads": reading["reads"],
        "status failures": reading["failed"],
        "state = replay": judged["matches"],
        "integrity": judged["integrity"],
    }


def held_past_the_busy_timeout(folder: Path) -> dict:
    """Another connection holds the write lock longer than the busy timeout: the move says busy, exit 3."""
    import sqlite3

    from referee.store import BUSY_TIMEOUT_S

    env = environment(folder / "home")
    game = folder / "held.sqlite"
    new_game(env, game)
    holder = sqlite3.connect(game, isolation_level=None)
    holder.execute("begin immediate")
    try:
        run = referee(["gain", "ann", "1", "kaos", "--game", str(game)], env, timeout=BUSY_TIMEOUT_S * 3)
    finally:
        holder.execute("rollback")
        holder.close()
    return {"exit code": run.code, "waited s": round(run.seconds, 1), "says busy": "busy" in run.err,
            "'database is locked' shown": "database is locked" in run.out + run.err, "traceback": run.traceback}


def run(rounds=((2, 300), (4, 250)), seed: int = 14, held: bool = True) -> dict:
    rng = random.Random(seed)
    folder = scratch("race")
    try:
        figures = {f"{w} x {m}": campaign(w, m, folder, rng) for w, m in rounds}
        if held:
            figures["lock held past the busy timeout"] = held_past_the_busy_timeout(folder)
        return figures
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def failures(figures: dict) -> int:
    bad = 0
    held = figures.get("lock held past the busy timeout")
    if held:
        bad += held["exit code"] != 3 or not held["says busy"] or held["'database is locked' shown"] or held["traceback"]
    for name, part in figures.items():
        if name == "lock held past the busy timeout":
            continue
        bad += part["undos of another's move"] + part["undocumented exit codes"] + part["'database is locked' shown"]
        bad += part["tracebacks"] + part["status failures"]
        bad += not (part["applied once"] and part["log = accepted - undone"] and part["kaos = accepted - undone"]
                    and part["state = replay"] and part["integrity"] == "ok")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="2x300,4x250", help="WRITERSxMOVES, comma separated")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    rounds = [tuple(int(x) for x in r.split("x")) for r in args.rounds.split(",")]
    figures = run(rounds, args.seed)
    for name, part in figures.items():
        print(f"concurrency / {name}: " + ", ".join(f"{k} {v}" for k, v in part.items()))
    print(f"concurrency: {failures(figures)} failures (goal 0)")
    raise SystemExit(1 if failures(figures) else 0)


if __name__ == "__main__":
    main()
