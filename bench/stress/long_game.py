"""Long games: a cold command's cost at 100, 1,000 and 10,000 moves, side by side, in one run.

    .venv/bin/python bench/stress/long_game.py [--runs 9] [--root PATH]

Logs 10,000 legal moves (Kaos gains, Checks declared, rolled and resolved, turns ended) through the
game store, copying the game at 100 and 1,000 moves, then runs each cold command on each game in turn
(rounds interleaved, so machine noise hits all alike) beside `python -c pass`. `--root` measures
another checkout of the referee (e.g. a `git worktree` of an older commit) with the same script.
Bytecode is compiled first and the runs write none, so the figures are a normal install's.
Goal (issue 14): each command within 10% across the three lengths.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LENGTHS = (100, 1_000, 10_000)

MAKE_GAMES = r"""
import sys
from pathlib import Path
from referee.moves import DeclareCheck, EndTurn, Gain, ResolveCheck, RollDice
from referee.store import GameStore
from referee.table_settings import make_settings
from rulesdb import open_rules

folder, lengths = Path(sys.argv[1]), sorted(int(n) for n in sys.argv[2:])
settings = make_settings(players=("Mara", "Ivo", "Jun"), health=999, health_cap=None, turn_actions=2,
                         reroll_supply=10, stats={"Mara": {"Brawn": 2}}, db=open_rules())
game = GameStore.create(folder / "building.sqlite", settings)
cycle = [
    lambda s: Gain(player=s.active_player.name, amount=1, resource="kaos"),
    lambda s: DeclareCheck(player=s.active_player.name, stat="Brawn", tn=10),
    lambda s: RollDice(player=s.active_player.name, dice=(12,)),
    lambda s: ResolveCheck(),
    lambda s: EndTurn(complete=True),
]
logged = 0
while logged < lengths[-1]:
    played = game.play(cycle[logged % len(cycle)](game.load()))
    assert played.applied, played.ruling.violations
    logged += 1
    if logged in lengths:
        game._db.execute("vacuum into ?", (str(folder / f"game-{logged}.sqlite"),))
"""

COMMANDS = {
    "status --json": ["status", "--json"],
    "status": ["status"],
    "damage ivo 1 --dry-run --json": ["damage", "ivo", "1", "--dry-run", "--json"],
    "gain mara 1 kaos --json (applied)": ["gain", "mara", "1", "kaos", "--json"],
    "undo --json (that move)": ["undo", "--json"],
}


def _time(command: list[str], env: dict, root: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=root)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return elapsed


def measure(root: Path, runs: int, lengths=LENGTHS) -> dict:
    """{(command, moves): median seconds}, with "python -c pass" under moves 0."""
    folder = Path(tempfile.mkdtemp(prefix="referee-long-"))
    env = dict(os.environ, REFEREE_HOME=str(folder / "home"), PYTHONPATH=str(root), COLUMNS="100")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "referee", "rulesdb", "index"], cwd=root, env=env,
                   check=True)
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", MAKE_GAMES, str(folder), *map(str, lengths)], env=env, cwd=root, check=True)
    print(f"logged {max(lengths)} moves in {time.perf_counter() - begin:.0f} s ({root})", flush=True)
    referee = [sys.executable, "-m", "referee"]
    samples: dict[tuple[str, int], list[float]] = {}
    for round_ in range(runs + 1):
        for name, words in COMMANDS.items():
            for moves in lengths:
                took = _time([*referee, *words, "--game", str(folder / f"game-{moves}.sqlite")], env, root)
                if round_:  # the first round warms the caches and the OS file cache
                    samples.setdefault((name, moves), []).append(took)
        if round_:
            samples.setdefault(("python -c pass", 0), []).append(_time([sys.executable, "-c", "pass"], env, root))
    shutil.rmtree(folder, ignore_errors=True)
    return {key: statistics.median(values) for key, values in samples.items()}


def table(medians: dict, lengths=LENGTHS) -> list[str]:
    bare = medians[("python -c pass", 0)]
    head = f"{'command':<36}" + "".join(f"{f'{n:,} moves':>18}" for n in lengths) + f"{'spread':>8}"
    rows = [head, f"{'python -c pass':<36}{bare * 1000:>16.1f}ms"]
    for name in COMMANDS:
        values = [medians[(name, n)] for n in lengths]
        cells = "".join(f"{v * 1000:>9.1f}ms {v / bare:>5.1f}x " for v in values)
        rows.append(f"{name:<36}{cells}{(max(values) / min(values) - 1) * 100:>6.0f}%")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--root", type=Path, default=ROOT, help="the referee checkout to measure")
    args = parser.parse_args()
    for row in table(measure(args.root.resolve(), args.runs)):
        print(row)


if __name__ == "__main__":
    main()
