"""Every stress campaign of issue 14, one after another, each printing its figures, then one table.

    .venv/bin/python bench/stress/run.py                 # all campaigns, full size (about 25 minutes here)
    .venv/bin/python bench/stress/run.py --quick         # the same, small (about 1 minute; CI runs a smaller one)
    .venv/bin/python bench/stress/run.py crash fuzz      # some campaigns only

Campaigns (each also runs alone: `python bench/stress/NAME.py --help`):
  crash        SIGKILL mid-move, mid-undo, mid `rules add`, mid first build, mid `new` (200 / 50 / 50 / 30 / 30)
  concurrency  2 x 300 and 4 x 250 writers and a status reader; `undo --expect N`; a lock held past the timeout
  corruption   damaged game files (every page too), rules caches and lookup indexes through the CLI
  fuzz         10,000 generated command lines (300 as real processes) and 2,000 `ask` queries
  malformed    21 kinds of bad rule documents through `rules add`
  mutation     three deliberate breaks of the referee, each run against the whole suite
  long_game    cold status / moves / undo at 100, 1,000 and 10,000 moves, side by side
The table goes into docs/stress.md. Exit 1 when any goal is missed (long_game's is a ratio: read it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import concurrency  # noqa: E402
import corruption  # noqa: E402
import crash  # noqa: E402
import fuzz  # noqa: E402
import long_game  # noqa: E402
import malformed  # noqa: E402
import mutation  # noqa: E402

FULL = {
    "crash": lambda: crash.run(),
    "concurrency": lambda: concurrency.run(),
    "corruption": lambda: corruption.run(),
    "fuzz": lambda: fuzz.run(),
    "malformed": lambda: malformed.run(),
    "mutation": lambda: mutation.run(),
    "long_game": lambda: long_game.measure(long_game.ROOT, runs=9),
}
QUICK = {
    "crash": lambda: crash.run(moves=20, undos=5, adds=5, builds=3, news=5),
    "concurrency": lambda: concurrency.run(((2, 20), (4, 10)), held=False),
    "corruption": lambda: corruption.run(),
    "fuzz": lambda: fuzz.run(argv_count=1000, processes=30, ask_count=200),
    "malformed": lambda: malformed.run(),
    "mutation": lambda: mutation.run(tests="tests/test_store.py tests/test_golden_games.py tests/test_undo_redo.py"),
    "long_game": lambda: long_game.measure(long_game.ROOT, runs=3, lengths=(100, 1_000)),
}
FAILURES = {"crash": crash.failures, "concurrency": concurrency.failures, "corruption": corruption.failures,
            "fuzz": fuzz.failures, "malformed": malformed.failures, "mutation": mutation.failures}


def summary(name: str, figures) -> str:
    """One row of the docs/stress.md table."""
    if name == "crash":
        kills = sum(part["kills"] + part["finished first"] for part in figures.values())
        moves = figures["moves and undos"]
        return (f"| crash | {kills} kills (moves and undos {moves['kills'] + moves['finished first']}, rules add "
                f"{figures['rules add']['kills'] + figures['rules add']['finished first']}, first build "
                f"{figures['first build']['kills'] + figures['first build']['finished first']}, new "
                f"{figures['new']['kills'] + figures['new']['finished first']}) | "
                f"corrupt {moves['corrupt']}, partial {moves['partial'] + figures['rules add']['partial']}, "
                f"mismatched {moves['mismatched']}, unusable caches "
                f"{sum(p.get('unusable', 0) for p in figures.values())}, temporaries left "
                f"{figures['first build']['leftovers'] + figures['new']['leftovers']} | 0 / 0 / 0 / 0 / 0 |")
    if name == "concurrency":
        rounds = [k for k in figures if " x " in k]
        parts = "; ".join(f"{k}: {figures[k]['accepted']} accepted, {figures[k]['undone']} undone, "
                          f"{figures[k]['refused undos (another move came last)']} undos refused, "
                          f"{figures[k]['status reads']} status reads" for k in rounds)
        locked = sum(figures[k]["'database is locked' shown"] for k in rounds)
        wrong = sum(figures[k]["undos of another's move"] for k in rounds)
        exact = all(figures[k]["log = accepted - undone"] and figures[k]["kaos = accepted - undone"] for k in rounds)
        held = figures.get("lock held past the busy timeout")
        busy = f"; lock held past the timeout: exit {held['exit code']} after {held['waited s']} s" if held else ""
        return (f"| concurrency | {parts}{busy} | log = accepted − undone: {exact}; 'database is locked' shown "
                f"{locked}; undos of another's move {wrong} | each move once, 0 locked, 0 wrong undos |")
    if name == "corruption":
        count = sum(len(rows) for rows in figures.values())
        games = figures["game file"].values()
        after = sum(r["moves recorded after the damage was reported"] for r in games)
        beside = sum(1 for r in games if r["moves recorded beside damage they do not read"])
        return f"| corruption | {count} variants (game file {len(figures['game file'])}, caches " \
               f"{len(figures['caches'])}) | {corruption.failures(figures)} failures; moves recorded after the damage " \
               f"was reported {after}; variants where a move was recorded beside damage no command had read " \
               f"{beside} | 0 |"
    if name == "fuzz":
        inside, outside, ask = figures["in process"], figures["real processes"], figures["ask"]
        bad = {k: inside[k] + outside[k] for k in ("tracebacks", fuzz.HANGS, "undocumented exit codes",
                                                   "refused but changed the game", "other games destroyed")}
        bad["temporaries left"] = inside["temporaries left"]
        return (f"| fuzz | {inside['argv'] + outside['argv']} argv ({outside['argv']} as real processes), "
                f"{ask['questions']} ask queries | " + ", ".join(f"{k} {v}" for k, v in bad.items())
                + f"; ask p50 {ask['p50 ms']} ms, p99 {ask['p99 ms']} ms | 0; p99 < 500 ms |")
    if name == "malformed":
        refused = sum(r["outcome"] == "refused" for r in figures.values())
        return (f"| malformed | {len(figures)} kinds: {refused} refused with file:line, "
                f"{len(figures) - refused} ingested deliberately | {malformed.failures(figures)} failures | 0 |")
    if name == "mutation":
        caught = sum(r["caught"] for r in figures.values())
        return (f"| mutation | {len(figures)} mutants: " + "; ".join(f"{k}: {r['failed tests']} tests fail"
                                                                      for k, r in figures.items())
                + f" | {caught} of {len(figures)} caught | all |")
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("campaigns", nargs="*", metavar="CAMPAIGN", help=f"some of: {', '.join(FULL)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run of every campaign")
    args = parser.parse_args()
    unknown = set(args.campaigns) - set(FULL)
    if unknown:
        parser.error(f"no campaign {', '.join(sorted(unknown))}; choose from {', '.join(FULL)}")
    chosen = args.campaigns or list(FULL)
    plan = QUICK if args.quick else FULL
    rows, missed = [], 0
    for name in chosen:
        began = time.perf_counter()
        print(f"== {name} ==", flush=True)
        figures = plan[name]()
        if name == "long_game":
            for row in long_game.table(figures, lengths=sorted({n for _, n in figures if n})):
                print(row)
        else:
            for part, values in figures.items():
                print(f"{name} / {part}: {values}")
            missed += FAILURES[name](figures) > 0
            rows.append(summary(name, figures))
        print(f"({time.perf_counter() - began:.0f} s)", flush=True)
    if rows:
        print("\n| campaign | what ran | result | goal |\n|---|---|---|---|")
        print("\n".join(rows))
    raise SystemExit(1 if missed else 0)


if __name__ == "__main__":
    main()
