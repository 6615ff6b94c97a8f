"""Cold start of `referee` commands, side by side with the bare interpreter, in one run.

    .venv/bin/python bench/startup.py [--runs 15] [--against DIR] [--first] [--only WORD ...]

With bytecode cached, as users have it: before timing, the bench compiles the packages each interpreter imports
(`python -m compileall -q` on the folders of referee, rulesdb and index as that interpreter finds them,
PYTHONDONTWRITEBYTECODE unset) and refuses to time one whose cached bytecode is still older than its sources. These machines set PYTHONDONTWRITEBYTECODE=1, so a
.pyc left stale by an edit is never rewritten and every run compiles that module again: one run at 0b6849d timed a
stale checkout at 7.8x `python -c pass` against 4.0x compiled, a slowdown that was the bench's, not the code's.
`--against DIR` also times another checkout of the
project (an older commit: `git worktree add DIR REV`) in the same rounds, through `python -m referee` with
its own venv (DIR/.venv), beside this checkout run the same way; every command runs from a throwaway folder, so
neither finds a checkout in the working folder first.

Each round runs every command once, in turn, so machine noise hits them alike; the table shows
the median and p90 wall time, the ratio to `python -c pass` (each round's ratio, the median over the rounds), and
the median CPU time (user + system, which a busy machine moves less) with its ratio, read the same way; with
`--against`, each command's now / then ratio, round by round, its median (the budget is a
ratio: a move <= 8x, a lookup <= 15x; see ARCHITECTURE.md). Commands run against a throwaway
REFEREE_HOME whose caches are warmed first: "cold" means a new process, not a missing cache.
`--first` also times the first `referee ask --json` after install: each run from an empty REFEREE_HOME,
so it builds the rules cache and the lookup index (the table shows it beside the others, in ms).
`--only ask` times only the commands whose name says "ask" (beside `python -c pass`, always).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
REFEREE = str(Path(PYTHON).with_name("referee"))

COMMANDS = {
    "python -c pass": [PYTHON, "-c", "pass"],
    "referee --version": [REFEREE, "--version"],
    "referee rules show PLOT_ARMOR --json": [REFEREE, "rules", "show", "PLOT_ARMOR", "--json"],
    "referee rules list": [REFEREE, "rules", "list"],
    "referee status --json": [REFEREE, "status", "--json"],
    "referee status": [REFEREE, "status"],
    "referee export": [REFEREE, "export"],
    "referee damage ivo 1 --dry-run --json": [REFEREE, "damage", "ivo", "1", "--dry-run", "--json"],
    "referee damage ivo 1 --dry-run": [REFEREE, "damage", "ivo", "1", "--dry-run"],
    "referee ask ... --json": [REFEREE, "ask", "can I put plot armor in my bag", "--json"],
    "referee ask ...": [REFEREE, "ask", "can I put plot armor in my bag"],
}
NEW_GAME = ["new", "--players", "Mara, Ivo", "--health", "12", "--turn-actions", "2"]


FIRST = "first ask after install"


def _time(command: list[str], env: dict, name: str = "") -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run: CPU time moves less with the machine's load."""
    if name.startswith(FIRST):  # an empty home: the rules cache and the index are built
        env = dict(env, REFEREE_HOME=tempfile.mkdtemp(prefix="referee-bench-first-"))
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()  # run from the throwaway home: `python -m` would find a checkout in the working folder
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False,
                   cwd=env["REFEREE_HOME"])
    elapsed = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    if name.startswith(FIRST):
        shutil.rmtree(env["REFEREE_HOME"], ignore_errors=True)
    return elapsed, (now.ru_utime + now.ru_stime) - (used.ru_utime + used.ru_stime)


PACKAGES = ("referee", "rulesdb", "index")
# The folders an interpreter imports the packages from (an editable install may point at another checkout than the
# bench's), found without importing them.
WHERE = "import importlib.util, sys; print('\\n'.join(importlib.util.find_spec(n).submodule_search_locations[0] for n in sys.argv[1:]))"
STALE = """
import importlib.util, os, sys
stale = []
for package in sys.argv[1:]:
    for folder, _, files in os.walk(package):
        for name in files:
            if not name.endswith(".py"):
                continue
            source = os.path.join(folder, name)
            try:
                with open(importlib.util.cache_from_source(source), "rb") as cached:
                    header = cached.read(16)
            except OSError:
                stale.append(source)
                continue
            info = os.stat(source)
            if (int.from_bytes(header[8:12], "little") != int(info.st_mtime) & 0xFFFFFFFF
                    or int.from_bytes(header[12:16], "little") != info.st_size & 0xFFFFFFFF):
                stale.append(source)
print("\\n".join(stale))
"""


def _compile(python: str, home: str) -> None:
    """Cache the bytecode of the packages `python` imports (run from `home`, as the timed commands are) as it reads
    it, then refuse to time them if any is still stale."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    folders = subprocess.run([python, "-c", WHERE, *PACKAGES], cwd=home, env=env, check=True, capture_output=True,
                             text=True).stdout.split()
    subprocess.run([python, "-m", "compileall", "-q", *folders], cwd=home, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    stale = subprocess.run([python, "-c", STALE, *folders], cwd=home, env=env, check=True, capture_output=True,
                           text=True).stdout.split()
    if stale:
        raise SystemExit(f"bytecode older than its sources, not timed: {', '.join(stale[:5])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--against", metavar="DIR", help="another checkout to time in the same rounds")
    parser.add_argument("--first", action="store_true", help="also time the first `ask` after install (empty home)")
    parser.add_argument("--only", nargs="*", metavar="WORD", help="only the commands whose name says one of these")
    args = parser.parse_args()
    env = dict(os.environ, REFEREE_HOME=tempfile.mkdtemp(prefix="referee-bench-"))
    commands = dict(COMMANDS)
    envs = {name: env for name in commands}
    if args.against:  # each checkout through its own venv
        other = Path(args.against).resolve()
        if not (other / ".venv" / "bin" / "python").exists():
            raise SystemExit(f"{other} needs its own venv: python3 -m venv {other}/.venv && "
                             f"{other}/.venv/bin/pip install -q -e {other}")
        # "then" gets its own home: two versions sharing one would rebuild each other's rules cache every round
        then_python = str(other / ".venv" / "bin" / "python")
        then_env = dict(os.environ, REFEREE_HOME=tempfile.mkdtemp(prefix="referee-bench-then-"))
        for python, tag, tag_env in ((PYTHON, "now", env), (then_python, "then", then_env)):
            for name, command in COMMANDS.items():
                if command[0] == REFEREE:
                    key = f"{name[len('referee '):]} [{tag}]"
                    commands[key] = [python, "-m", "referee", *command[1:]]
                    envs[key] = tag_env
        subprocess.run([then_python, "-m", "referee", *NEW_GAME], stdout=subprocess.DEVNULL, env=then_env, check=True,
                       cwd=then_env["REFEREE_HOME"])
    _compile(PYTHON, env["REFEREE_HOME"])
    if args.against:
        _compile(then_python, then_env["REFEREE_HOME"])
    if args.first:
        pythons = [(PYTHON, "now", env)] + ([(then_python, "then", then_env)] if args.against else [])
        for python, tag, tag_env in pythons:
            key = f"{FIRST} [{tag}]" if args.against else FIRST
            commands[key] = [python, "-m", "referee", *COMMANDS["referee ask ... --json"][1:]]
            envs[key] = tag_env
    if args.only:
        commands = {name: command for name, command in commands.items()
                    if name == "python -c pass" or any(word in name for word in args.only)}
    subprocess.run([REFEREE, *NEW_GAME], stdout=subprocess.DEVNULL, env=env, check=True)
    for name, command in commands.items():  # warm the rules cache and the OS file cache
        _time(command, envs[name], name)
    load = os.getloadavg()
    samples: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            wall, used = _time(command, envs[name], name)
            samples[name].append(wall)
            cpu[name].append(used)
    bare, cpu_bare = samples["python -c pass"], cpu["python -c pass"]
    print(f"{'command':<42} {'median ms':>10} {'p90 ms':>8} {'x bare':>7} {'cpu ms':>8} {'x bare':>7}")
    for name, values in samples.items():
        ordered = sorted(values)
        p90 = ordered[int(0.9 * (len(ordered) - 1))]
        print(f"{name:<42} {statistics.median(values) * 1000:>10.1f} {p90 * 1000:>8.1f} "
              f"{_ratio(values, bare):>7.2f} {statistics.median(cpu[name]) * 1000:>8.1f} "
              f"{_ratio(cpu[name], cpu_bare):>7.2f}")
    pairs = [(name, name.replace("[now]", "[then]")) for name in samples if name.endswith("[now]")]
    pairs = [(now, then) for now, then in pairs if then in samples]
    if pairs:
        print(f"\n{'now / then, median of the rounds':<42} {'wall':>10} {'cpu':>8}")
        for now, then in pairs:
            print(f"{now[:-len(' [now]')]:<42} {_ratio(samples[now], samples[then]):>10.3f} "
                  f"{_ratio(cpu[now], cpu[then]):>8.3f}")
    print(f"\nload average at start {load[0]:.1f}, at end {os.getloadavg()[0]:.1f}; {args.runs} rounds")


def _ratio(values: list[float], bases: list[float]) -> float:
    """The median over the rounds of each round's ratio (a round's commands ran within seconds of each other)."""
    return statistics.median(value / base for value, base in zip(values, bases))

if __name__ == "__main__":
    main()
