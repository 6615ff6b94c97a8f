"""Mutation check: break the referee on purpose, three ways, and show the test suite catches each.

    .venv/bin/python bench/stress/mutation.py [--only NAME] [--tests "tests/ -x"]

Each mutant is a copy of this checkout with one small edit (below), on which the whole suite runs
(`--tests` narrows it). A mutant the suite passes is a hole in the tests: the goal is 3 of 3 caught.
To rerun after changing the code, run the same command: an edit whose text no longer exists in the
source is reported as "not applied" (update MUTANTS to the new code), never silently skipped.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, scratch  # noqa: E402

# name -> (file, the text as it is, the text of the mutant)
MUTANTS = {
    "a refused move that half-writes": (
        "referee/store.py",
        """            except IllegalMove:
                self._db.execute("rollback")
                raise""",
        """            except IllegalMove:  # MUTANT: the refused move's row is written anyway
                self._db.execute("insert into moves (move, ruling, effects, override, at) values (?, ?, '[]', null, ?)",
                                 (json.dumps(move_to_json(move)), '{}', _now()))
                self._db.execute("commit")
                raise""",
    ),
    "an undo that forgets a field": (
        "referee/store.py",
        """            if remaining:
                self._write_snapshot(remaining, state_to_snapshot(state))""",
        """            if remaining:  # MUTANT: the state the undo leaves forgets the Turn Actions taken
                state.actions_taken = ()
                self._write_snapshot(remaining, state_to_snapshot(state))""",
    ),
    "a replay that drops an effect": (
        "referee/store.py",
        """                transition(state, effects_from_json(json.loads(row[2])))""",
        """                transition(state, effects_from_json([e for e in json.loads(row[2]) if e["op"] != "card"]))"""
        """  # MUTANT""",
    ),
}


def _copy(target: Path) -> None:
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", ".pytest_cache")
    shutil.copytree(ROOT, target, ignore=ignore)


def run(only: str | None = None, tests: str = "tests") -> dict:
    folder = scratch("mutation")
    rows = {}
    try:
        for name, (relative, original, mutant) in MUTANTS.items():
            if only and only not in name:
                continue
            copy = folder / re.sub(r"\W+", "-", name)
            _copy(copy)
            source = copy / relative
            text = source.read_text(encoding="utf-8")
            if text.count(original) != 1:
                rows[name] = {"applied": False, "caught": False, "failed tests": 0, "seconds": 0, "examples": []}
                continue
            source.write_text(text.replace(original, mutant), encoding="utf-8")
            env = dict(os.environ, PYTHONPATH=str(copy), REFEREE_HOME=str(folder / "home" / copy.name))
            env.pop("REFEREE_GAME", None)
            began = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests.split()],
                                  cwd=copy, env=env, capture_output=True, text=True)
            failed = sorted(set(re.findall(r"^FAILED (\S+)", done.stdout, re.M)))
            summary = (done.stdout.strip().splitlines() or [""])[-1]
            rows[name] = {"applied": True, "caught": done.returncode != 0 and bool(failed),
                          "failed tests": len(failed), "seconds": round(time.perf_counter() - began),
                          "summary": summary, "examples": [f.split("::")[-1] for f in failed[:3]]}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows


def failures(rows: dict) -> int:
    return sum(not (row["applied"] and row["caught"]) for row in rows.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run the mutants whose name contains this")
    parser.add_argument("--tests", default="tests", help="what pytest runs on each mutant (default: the suite)")
    args = parser.parse_args()
    rows = run(args.only, args.tests)
    for name, row in rows.items():
        print(f"mutation / {name}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
    print(f"mutation: {sum(r['caught'] for r in rows.values())} of {len(rows)} mutants caught (goal all)")
    raise SystemExit(1 if failures(rows) else 0)


if __name__ == "__main__":
    main()
