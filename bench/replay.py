"""Replaying a long game: the state is the fold of the log (budget: 10,000 moves <= 1 s).

    .venv/bin/python bench/replay.py [--moves 10000] [--runs 5]

Logs N legal moves (Kaos gains, Damage, Checks, turns) through the store, then times a full fold
of the file's log (what a game without a usable snapshot costs once) and a load from its snapshot
(what every command costs), beside `python -c pass`.
"""

from __future__ import annotations

import argparse
import json
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
    from referee.effects import effects_from_json
    from referee.engine import replay
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
    samples, loads = [], []
    for _ in range(args.runs):
        begin = time.perf_counter()
        with GameStore(game.path) as fresh:
            rows = fresh._db.execute("select effects from moves where undone = 0 order by n").fetchall()
            state = replay(fresh.settings, [effects_from_json(json.loads(effects)) for (effects,) in rows])
        samples.append(time.perf_counter() - begin)
        begin = time.perf_counter()
        with GameStore(game.path) as fresh:
            assert fresh.load() == state
        loads.append(time.perf_counter() - begin)
    bare = []
    for _ in range(args.runs):
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - begin)
    print(f"full fold of {logged} moves: median {statistics.median(samples) * 1000:.0f} ms "
          f"(budget 1000 ms); load from the snapshot {statistics.median(loads) * 1000:.1f} ms; "
          f"python -c pass {statistics.median(bare) * 1000:.0f} ms; turn reached {state.turn}")


if __name__ == "__main__":
    main()
