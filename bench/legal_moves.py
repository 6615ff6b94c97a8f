"""`legal_moves` (what `referee options` lists), warm, at every state the golden games pass through; side by side
with another checkout in the same rounds.

    .venv/bin/python bench/legal_moves.py [--rounds 3] [--turns 2] [--against DIR]

A round is one call of `legal_moves(state)` at every state of tests/golden/*.game
(tests.test_golden_games.golden_states). Each checkout (its own interpreter: DIR/.venv/bin/python) runs `--rounds`
rounds in one process, the checkouts taking `--turns` turns each, alternating, so that machine noise hits both
alike; the table shows the median and fastest round in ms, wall and CPU time (the process's: a busy machine moves
it less), and now / then of the CPU times. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_ONE_ROUND = """
import json, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, ".")
from tests.test_golden_games import golden_states
from referee.legal_moves import legal_moves
states = []
for path in sorted(Path("tests/golden").glob("*.game")):
    states += golden_states(path, Path(tempfile.mkdtemp()))
legal_moves(states[0])  # the rule modules imported once, before timing
rounds, cpu = [], []
for _ in range(int(sys.argv[1])):
    start, used = time.perf_counter(), time.process_time()
    for state in states:
        legal_moves(state)
    rounds.append(time.perf_counter() - start)
    cpu.append(time.process_time() - used)
print(json.dumps({"states": len(states), "rounds": rounds, "cpu": cpu}))
"""


def _run(root: Path, python: str, rounds: int) -> dict:
    env = dict(os.environ, REFEREE_HOME=tempfile.mkdtemp(prefix="referee-bench-lm-"))
    out = subprocess.run([python, "-c", _ONE_ROUND, str(rounds)], cwd=root, env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--against", metavar="DIR", help="another checkout, with its own .venv")
    args = parser.parse_args()
    trees = {"now": (ROOT, sys.executable)}
    if args.against:
        other = Path(args.against).resolve()
        trees["then"] = (other, str(other / ".venv" / "bin" / "python"))
    times: dict[str, list[float]] = {name: [] for name in trees}
    cpu: dict[str, list[float]] = {name: [] for name in trees}
    load = os.getloadavg()[0]
    states = {}
    for _ in range(args.turns):
        for name, (root, python) in trees.items():
            found = _run(root, python, args.rounds)
            states[name] = found["states"]
            times[name] += found["rounds"]
            cpu[name] += found["cpu"]
    print(f"{'checkout':<8} {'states':>7} {'median ms':>10} {'min ms':>8} {'cpu ms':>8} {'min cpu':>8}")
    for name, values in times.items():
        print(f"{name:<8} {states[name]:>7} {statistics.median(values) * 1000:>10.0f} {min(values) * 1000:>8.0f} "
              f"{statistics.median(cpu[name]) * 1000:>8.0f} {min(cpu[name]) * 1000:>8.0f}")
    if "then" in cpu:
        print(f"now / then, cpu: median {statistics.median(cpu['now']) / statistics.median(cpu['then']):.3f}, "
              f"fastest {min(cpu['now']) / min(cpu['then']):.3f}")
    print(f"load average at start {load:.1f}, at end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
