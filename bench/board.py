"""Does a board watched by ten phones slow a move? Move latency with and without 10 polling clients, one run.

    .venv/bin/python bench/board.py [--rounds 6] [--moves 8] [--clients 10] [--every 0.1]

A throwaway game is served by `referee board --serve --port 0` (a process of its own, as at the table).
Rounds alternate: in one, nobody watches; in the next, a separate process runs CLIENTS threads, each asking
for `/view.json` every EVERY seconds (phones would hold one event stream each: polling is the heavier load).
In every round the table plays MOVES moves as cold commands (`referee damage` / `referee heal`, what a player
waits on), and the same number in one warm process (`GameStore.play`, the move alone, as `referee play` runs
it). One more listener on `/events` times how long after each move's command returned the board had it.
Prints medians and p90s per condition, and requests the clients made.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

PYTHON = sys.executable
REFEREE = str(Path(PYTHON).with_name("referee"))

CLIENTS = r"""
import sys, threading, time, urllib.request
url, count, every, stop_file = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
import os
done = [0]
def poll():
    while not os.path.exists(stop_file):
        urllib.request.urlopen(url + "view.json", timeout=5).read()
        done[0] += 1
        time.sleep(every)
threads = [threading.Thread(target=poll) for _ in range(count)]
for t in threads: t.start()
for t in threads: t.join()
print(done[0])
"""


def _start_server(game: Path, env: dict) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen([REFEREE, "board", "--serve", "--port", "0", "--game", str(game)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    import re

    url = None
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        url = url or (found[0] if found else None)
        if url and "Ctrl-C" in line:  # what it prints after is read and dropped (a full pipe would stall it)
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
            return server, url
    raise SystemExit("the board server printed no URL")


class Listener(threading.Thread):
    """Holds the page's event stream and notes when each move number arrived."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.arrived = url, {}

    def run(self) -> None:
        with urllib.request.urlopen(self.url + "events", timeout=60) as stream:
            for raw in stream:
                if raw.startswith(b"data: "):
                    self.arrived.setdefault(json.loads(raw[6:])["move"], time.perf_counter())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--every", type=float, default=0.1)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="referee-bench-board-"))
    env = dict(os.environ, REFEREE_HOME=str(folder / "home"))
    os.environ["REFEREE_HOME"] = env["REFEREE_HOME"]
    game = folder / "game.sqlite"
    subprocess.run([REFEREE, "new", "--players", "Mara, Ivo, Jun, Tess", "--health", "12", "--turn-actions", "2",
                    "--game", str(game)], stdout=subprocess.DEVNULL, env=env, check=True)
    server, url = _start_server(game, env)
    url = url[url.index("http"):]
    listener = Listener(url)
    listener.start()

    from referee.moves import Damage, Heal
    from referee.store import GameStore

    cold = {"no clients": [], f"{args.clients} clients": []}
    warm = {"no clients": [], f"{args.clients} clients": []}
    shown_after: list[float] = []
    requests = 0
    store = GameStore(game)
    number = 0
    try:
        for round_ in range(args.rounds * 2):
            watched = round_ % 2 == 1
            label = f"{args.clients} clients" if watched else "no clients"
            stop_file = folder / f"stop-{round_}"
            clients = None
            if watched:
                clients = subprocess.Popen([PYTHON, "-c", CLIENTS, url, str(args.clients), str(args.every),
                                            str(stop_file)], stdout=subprocess.PIPE, text=True)
                time.sleep(0.5)  # let every client be polling before the moves
            for i in range(args.moves):
                words = ["damage", "mara", "1"] if i % 2 == 0 else ["heal", "mara", "1"]
                start = time.perf_counter()
                subprocess.run([REFEREE, *words, "--json"], stdout=subprocess.DEVNULL, env=env, check=True)
                end = time.perf_counter()
                number += 1
                cold[label].append(end - start)
                deadline = end + 5
                while number not in listener.arrived and time.perf_counter() < deadline:
                    time.sleep(0.002)
                if number in listener.arrived:
                    shown_after.append(max(0.0, listener.arrived[number] - end))
                move = Damage(player="Mara", amount=1) if i % 2 == 0 else Heal(player="Mara", amount=1)
                start = time.perf_counter()
                store.play(move)
                warm[label].append(time.perf_counter() - start)
                number += 1
            if clients is not None:
                stop_file.touch()
                requests += int(clients.communicate(timeout=30)[0] or 0)
    finally:
        store.close()
        server.terminate()
        server.wait(timeout=10)

    def row(name: str, values: list[float]) -> str:
        values = sorted(values)
        p90 = values[int(0.9 * (len(values) - 1))]
        return f"{name:<44} {len(values):>4} {statistics.median(values) * 1000:>10.1f} {p90 * 1000:>8.1f}"

    print(f"{'move latency':<44} {'n':>4} {'median ms':>10} {'p90 ms':>8}")
    for label in cold:
        print(row(f"cold `referee damage|heal --json`, {label}", cold[label]))
    for label in warm:
        print(row(f"warm GameStore.play, {label}", warm[label]))
    print(row("board shows the move, after the command returned", shown_after or [float("nan")]))
    watched_seconds = sum(cold[f"{args.clients} clients"]) + sum(warm[f"{args.clients} clients"])
    print(f"{args.clients} clients made {requests} requests of /view.json "
          f"(~{requests / max(watched_seconds, 1e-9):.0f}/s while moves were played)")


if __name__ == "__main__":
    main()
