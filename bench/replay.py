"""Replaying a long game: the state is the fold of the log (budget: 10,000 moves <= 1 s).

    .venv/bin/python bench/replay.py [--moves 10000] [--runs 5]

Logs N legal moves (Kaos gains, Damage, Checks, turns) through the store, then times a full fold
from the file, with the in-process fold cache emptied before each run, beside `python -c pass`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    os.environ["REFEREE_HOME"] = str(home)
    from referee import store as store_module
    from referee.moves import DeclareCheck, EndTurn, Gain, ResolveCheck, RollDice
    from referee.store import GameStore
    from referee.table_settings import make_settings
    from rulesdb import open_rules

    settings = make_settings(players=("Mara", "Ivo", "Jun"), health=999, health_cap=None, turn_actions=2,
                             reroll_supply=10, stats={"Mara": {"Brawn": 2}}, db=open_rules())
    game = GameStore.create(home / "long.sqlite", settings)
    cycle = [
        lambda s: Gain(player=s.active_player.name, amount=1, resource="kaos"),
        lambda s: DeclareCheck(player=s.active_player.name, kind="stat", stat="Brawn", tn=10),
        lambda s: RollDice(player=s.active_player.name, dice=(12,)),
        lambda s: ResolveCheck(),
        lambda s: EndTurn(complete=True),
    ]
    start = time.perf_counter()
    logged = 0
    while logged < args.moves:
        for build in cycle:
            if logged >= args.moves:
                break
            played = game.play(build(game.load()))
            assert played.applied, played.ruling.violations
            logged += 1
    print(f"logged {logged} moves in {time.perf_counter() - start:.1f} s")
    samples = []
    for _ in range(args.runs):
        store_module._FOLDS.clear()
        begin = time.perf_counter()
        state = GameStore(game.path).load()
        samples.append(time.perf_counter() - begin)
    bare = []
    for _ in range(args.runs):
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - begin)
    print(f"full fold of {logged} moves: median {statistics.median(samples) * 1000:.0f} ms "
          f"(budget 1000 ms); python -c pass {statistics.median(bare) * 1000:.0f} ms; turn reached {state.turn}")


if __name__ == "__main__":
    main()
