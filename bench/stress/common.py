"""What every stress campaign shares: running the real CLI in its own process, and judging a game file."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = "Ann, Ben, Cat, Dan"


def documented_exit_codes() -> set[int]:
    """The codes of the README's exit-code table: the only ones a command may exit with."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("### Exit codes"):]
    return {int(line.split("|")[1]) for line in table.splitlines()[:20]
            if line.startswith("|") and line.split("|")[1].strip().isdigit()}


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.err or "Traceback (most recent call last)" in self.out


def scratch(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=f"referee-stress-{prefix}-"))


def environment(home: Path, **extra: str) -> dict:
    env = dict(os.environ, REFEREE_HOME=str(home), PYTHONPATH=str(ROOT), COLUMNS="100", **extra)
    env.pop("REFEREE_GAME", None)
    return env


def read_only_mount(source: Path, target: Path) -> list[str] | None:
    """A command prefix that runs what follows with `target` a read-only view of `source` (a private mount
    namespace, `unshare -rm`); None where that is not available."""
    import shutil

    if not shutil.which("unshare") or subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode:
        return None
    return ["unshare", "-rm", "sh", "-c", f'mount --bind -o ro "{source}" "{target}" && exec "$@"', "sh"]


def referee(args: list, env: dict, *, timeout: float = 60, stdin: str | None = None, prefix=()) -> Run:
    """`referee ARGS` in a new process (`python -m referee`, this checkout's code), after `prefix` if given."""
    begin = time.perf_counter()
    try:
        done = subprocess.run([*prefix, sys.executable, "-m", "referee", *args], env=env, cwd=ROOT, input=stdin,
                              capture_output=True, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        return Run(-999, str(expired.stdout or ""), f"hung: over {timeout} s", time.perf_counter() - begin)
    return Run(done.returncode, done.stdout, done.stderr, time.perf_counter() - begin)


def start(args: list, env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "referee", *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def new_game(env: dict, path: Path, players: str = PLAYERS, health: int = 999) -> None:
    made = referee(["new", "--players", players, "--health", str(health), "--turn-actions", "2", "--game", str(path)],
                   env)
    assert made.code == 0, made.err


def judge_game(path: Path) -> dict:
    """A game file after a crash: SQLite's integrity check, the live log, and whether the state a command reads
    (the snapshot) equals the fold of that log from the start."""
    from referee.effects import effects_from_json
    from referee.engine import replay
    from referee.store import GameStore

    db = sqlite3.connect(path)
    integrity = db.execute("pragma integrity_check").fetchone()[0]
    db.close()
    with GameStore(path) as game:
        rows = game._db.execute("select n, move, effects, undone from moves order by n").fetchall()
        folded = replay(game.settings, [effects_from_json(json.loads(e)) for n, m, e, undone in rows if not undone])
        loaded = game.load()
    return {"integrity": integrity, "moves": [(n, json.loads(m), bool(undone)) for n, m, e, undone in rows],
            "matches": loaded == folded, "state": loaded}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))] if ordered else 0.0
