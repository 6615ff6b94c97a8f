"""Phones at the table under load: PHONES Players declaring from their phones while SPECTATORS watch, for SECONDS.

    .venv/bin/python bench/phones.py [--seconds 60] [--phones 4] [--spectators 20] [--think 0.5]

A throwaway game is served by `referee board --serve --port 0` (a process of its own, on 127.0.0.1, as at the
table) and stopped at the end. Each phone, as its page does: reads its options (`/api/options`), picks one at
random that needs no words typed (a number or a die is filled at random within its range), declares it with the
move number it saw, then thinks THINK to 2*THINK seconds. Every phone and every spectator holds the board's event
stream (what every screen listens to); each spectator also reads `/view.json` every 2 s. Everything stops by itself
after SECONDS.

Prints: declarations by answer (applied, refused by the rules, "moved on", other), whether the moves acknowledged
(applied) equal the moves logged in the game file, and the p50/p95 of declare-to-every-screen latency: from the
moment a phone sent a declaration that was applied to the moment the last of the screens' event streams had that
move (or a later one), with the declaration's own round trip beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

PYTHON = sys.executable
REFEREE = str(Path(PYTHON).with_name("referee"))
PLAYERS = ("Ana", "Bo", "Cy", "Di")


def start(game: Path, env: dict) -> tuple[subprocess.Popen, str, dict]:
    server = subprocess.Popen([REFEREE, "board", "--serve", "--port", "0", "--game", str(game)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    url, links = None, {}
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:\d+/(join/\S+)?", line)
        if found and url is None:
            url = found[0]
        elif found and "'s phone" in line:
            links[line.strip().split("'s phone")[0]] = found[0]
        if url and "Ctrl-C" in line:
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
            return server, url, links
    raise SystemExit("the board server printed no URL")


class Screen(threading.Thread):
    """An event stream: when each move number (or a later one) arrived."""

    def __init__(self, url: str, stop: threading.Event, opener=None):
        super().__init__(daemon=True)
        self.url, self.stop, self.arrived = url, stop, []  # (time, move)
        self.opener = opener or urllib.request.build_opener()

    def run(self) -> None:
        try:
            with self.opener.open(self.url + "events", timeout=30) as stream:
                for raw in stream:
                    if raw.startswith(b"data: "):
                        self.arrived.append((time.perf_counter(), json.loads(raw[6:])["move"]))
                    if self.stop.is_set():
                        return
        except OSError:
            pass

    def had(self, number: int) -> float | None:
        return next((t for t, move in self.arrived if move >= number), None)


class Spectator(threading.Thread):
    def __init__(self, url: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.url, self.stop, self.reads = url, stop, 0

    def run(self) -> None:
        while not self.stop.wait(2.0):
            try:
                urllib.request.urlopen(self.url + "view.json", timeout=10).read()
                self.reads += 1
            except OSError:
                pass


class Phone(threading.Thread):
    def __init__(self, name: str, link: str, base: str, stop: threading.Event, think: float, seed: int):
        import http.cookiejar

        super().__init__(daemon=True)
        self.name, self.base, self.stop, self.think = name, base.rstrip("/"), stop, think
        self.random = random.Random(seed)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.opener.open(link, timeout=10).read().decode()
        self.csrf = re.search(r'data-csrf="([0-9a-f]+)"', page)[1]
        self.answers: dict[str, int] = {}
        self.applied: list[tuple[float, float, int]] = []  # (sent, answered, move number)

    def command(self, option: dict) -> str | None:
        values = []
        for field in option["fields"]:
            if field["kind"] == "text" or field["min"] is None:
                return None
            values.append(self.random.randint(field["min"], min(field["max"], field["min"] + 20)))

        def fill(found):
            value = values[int(found[1])]
            return f"+{value}" if found[2] and value >= 0 else str(value)

        return re.sub(r"\{(\d+)(:\+)?\}", fill, option["template"])

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                options = json.loads(self.opener.open(self.base + "/api/options", timeout=30).read())
                choices = [c for c in (self.command(o) for o in options["options"]) if c]
                if choices:
                    self.declare(self.random.choice(choices), options["at"])
            except OSError:
                self.answers["error"] = self.answers.get("error", 0) + 1
            self.stop.wait(self.random.uniform(self.think, 2 * self.think))

    def declare(self, command: str, at: int) -> None:
        request = urllib.request.Request(self.base + "/api/declare", method="POST", data=json.dumps(
            {"command": command, "at": at}).encode(), headers={
            "Content-Type": "application/json", "Origin": self.base, "X-CSRF-Token": self.csrf})
        sent = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as response:
                data = json.loads(response.read())
            kind = "applied" if data["applied"] else "refused by the rules"
            if data["applied"]:
                self.applied.append((sent, time.perf_counter(), data["move_number"]))
        except urllib.error.HTTPError as error:
            kind = {409: "moved on", 429: "rate limited"}.get(error.code, f"HTTP {error.code}")
        self.answers[kind] = self.answers.get(kind, 0) + 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--phones", type=int, default=4, choices=range(1, len(PLAYERS) + 1))
    parser.add_argument("--spectators", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.5)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="referee-bench-phones-"))
    env = dict(os.environ, REFEREE_HOME=str(folder / "home"))
    env.pop("REFEREE_GAME", None)
    game = folder / "phones.sqlite"
    subprocess.run([REFEREE, "new", "--players", ", ".join(PLAYERS), "--health", "20", "--turn-actions", "2",
                    "--stats", "Ana: Brawn 2; Bo: Charm 1", "--game", str(game)], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    server, url, links = start(game, env)
    stop = threading.Event()
    try:
        phones = [Phone(name, links[name], url, stop, args.think, seed) for seed, name in
                  enumerate(PLAYERS[:args.phones])]
        screens = [Screen(url, stop, opener=p.opener) for p in phones] + [Screen(url, stop)
                                                                         for _ in range(args.spectators)]
        spectators = [Spectator(url, stop) for _ in range(args.spectators)]
        for thread in (*screens, *spectators):
            thread.start()
        time.sleep(1.0)  # every stream open
        for phone in phones:
            phone.start()
        time.sleep(args.seconds)
        stop.set()
        for phone in phones:
            phone.join(timeout=40)
        time.sleep(1.0)  # the last move reaches every screen
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=20)

    with sqlite3.connect(f"{game.as_uri()}?mode=ro", uri=True) as db:
        logged = db.execute("select count(*) from moves where undone = 0").fetchone()[0]
    answers: dict[str, int] = {}
    for phone in phones:
        for kind, count in phone.answers.items():
            answers[kind] = answers.get(kind, 0) + count
    applied = [a for phone in phones for a in phone.applied]
    to_every, round_trip, missed = [], [], 0
    for sent, answered, number in applied:
        seen = [screen.had(number) for screen in screens]
        if None in seen:
            missed += 1
            continue
        to_every.append(1000 * (max(seen) - sent))
        round_trip.append(1000 * (answered - sent))
    print(f"{args.phones} phones declaring, {args.spectators} spectators, {args.seconds:.0f} s "
          f"({len(screens)} event streams; spectators read /view.json {sum(s.reads for s in spectators)} times)")
    print("declarations: " + ", ".join(f"{count} {kind}" for kind, count in sorted(answers.items())))
    print(f"moves acknowledged {len(applied)}, moves logged {logged}: "
          f"{'equal' if len(applied) == logged else 'NOT EQUAL'}")
    if to_every:
        print(f"declare -> every screen: p50 {statistics.median(to_every):.0f} ms, p95 {percentile(to_every, .95):.0f} ms"
              f" (the declaration answered: p50 {statistics.median(round_trip):.0f} ms, "
              f"p95 {percentile(round_trip, .95):.0f} ms); {missed} moves some screen never had")


if __name__ == "__main__":
    main()
