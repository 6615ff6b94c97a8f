"""Warm commands inside one process, as in `referee play`: nothing is re-imported or re-opened.

    .venv/bin/python bench/session.py [--runs 200] [--moves 0]

Plays a game file first (with --moves N legal moves already in its log, to see the cost of
folding a long log), then times each command through the same dispatcher the session uses,
output discarded. Budget (ARCHITECTURE.md): a move or a lookup <= 5 ms median in the session.
Then what a terminal adds: a whole line (the state read for the prompt, the name check, the command) and
Tab's completions (referee.cli.completion), which must feel instant.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import tempfile
import time
from pathlib import Path

COMMANDS = {
    "status --json": ["status", "--json"],
    "damage ivo 1 --dry-run --json": ["damage", "ivo", "1", "--dry-run", "--json"],
    "damage ivo 1 --dry-run (text)": ["damage", "ivo", "1", "--dry-run"],
    "gain mara 1 kaos --json (applied)": ["gain", "mara", "1", "kaos", "--json"],
    "ask ... --json": ["ask", "can I put plot armor in my bag", "--json"],
    "ask ... (text)": ["ask", "can I put plot armor in my bag"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--moves", type=int, default=0, help="legal moves to put in the log first")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    os.environ["REFEREE_HOME"] = str(home)
    os.environ["REFEREE_GAME"] = str(home / "game.sqlite")
    os.environ["COLUMNS"] = "100"
    from referee.cli import invoke as _invoke

    sink = io.StringIO()

    def run(words: list[str]) -> int:
        sink.seek(0)
        sink.truncate()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            return _invoke(words)

    assert run(["new", "--players", "Mara, Ivo", "--health", "99", "--turn-actions", "2", "--game",
                os.environ["REFEREE_GAME"]]) == 0
    for n in range(args.moves):
        assert run(["gain", "mara" if n % 2 else "ivo", "1", "kaos"]) == 0
    assert run(["draw", "mara", "weapon", "Iron Axe", "--melee"]) == 0 and run(["equip", "mara", "axe"]) == 0
    print(f"log length before timing: {args.moves} moves; {args.runs} runs each (warm, in process)")
    print(f"{'command':<38} {'median ms':>10} {'p95 ms':>8}")

    def timed(name: str, once) -> None:
        once()  # warm: imports, the rules database, the search index
        samples = []
        for _ in range(args.runs):
            start = time.perf_counter()
            once()
            samples.append(time.perf_counter() - start)
        samples.sort()
        p95 = samples[int(0.95 * (len(samples) - 1))]
        print(f"{name:<38} {statistics.median(samples) * 1000:>10.2f} {p95 * 1000:>8.2f}")

    for name, words in COMMANDS.items():
        timed(name, lambda words=words: run(words))
    try:
        from referee.cli.completion import complete_line
        from referee.cli.session import Session
    except ImportError:  # a checkout from before the terminal session (bench --against an older commit)
        return
    at_terminal = Session()
    at_terminal.confirm = lambda question: True  # names are checked as at a terminal (never asked here)

    def line(text: str) -> None:
        at_terminal.refresh()  # the prompt and the bar read the state
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            at_terminal.handle(text)

    timed("terminal line: damage ivo 1 --dry-run", lambda: line("damage ivo 1 --dry-run --json"))
    for text in ("e", "equip mara ", "declare mara brawn --"):
        timed(f"Tab: {text!r}", lambda text=text: complete_line(at_terminal.state, text))


if __name__ == "__main__":
    main()
