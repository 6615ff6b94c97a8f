"""Games for the board's tests (and docs/screenshots.py): `referee demo`'s script played up to a step, and
a headless Chromium from the system packages (never a downloaded browser)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.demo import GAME_PLACEHOLDER, SCRIPT

# The demo after Ivo's Event Reward is drawn: a Loot Management Window on a Random Encounter on his
# Dungeon Bomb Step; Mara wears Bone Pauldron and wields Rusty Sword; Ivo has Goblin Balls On Ya.
MID_GAME = 24
# The flags a headless Chromium needs here: the network is closed, and without them it stalls.
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


def play_demo(game: Path, steps: int = MID_GAME) -> Path:
    """The first `steps` steps of `referee demo`, played into `game`, each with its scripted exit code."""
    runner = CliRunner()
    for step in SCRIPT[:steps]:
        words = [w.replace(GAME_PLACEHOLDER, str(game)) for w in step.words]
        if "--game" not in words and words[0] != "ask":
            words += ["--game", str(game)]
        result = runner.invoke(app, words)
        assert result.exit_code == step.exit_code, (words, result.output[-2000:])
    return game


def referee(game: Path, *words: str) -> None:
    """One more move on `game`, through the command line, which must be legal."""
    result = CliRunner().invoke(app, [*words, "--game", str(game)])
    assert result.exit_code == 0, result.output[-2000:]


def serve_board(game: Path, *options: str, open_files: int | None = None) -> tuple[subprocess.Popen, str]:
    """`referee board --serve --port 0` as the table would start it: the process and the URL it printed.
    `open_files`: the server's limit of open files (RLIMIT_NOFILE), as a small machine would set it."""
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    server = subprocess.Popen([sys.executable, "-m", "referee", "board", "--serve", "--port", "0", *options,
                               "--game", str(game)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=dict(os.environ), preexec_fn=limit if open_files else None)
    lines, url, server.links = [], None, {}
    for line in server.stdout:
        lines.append(line)
        found = re.search(r"http://127\.0\.0\.1:\d+/(join/\S+)?", line)
        if found and url is None:
            url = found[0]
        elif found:  # "  Ana's phone (their own moves): http://..." / "  host (...): http://..."
            server.links["host" if line.strip().startswith("host") else line.strip().split("'s phone")[0]] = found[0]
        if url and "Ctrl-C" in line:
            # keep reading what it prints (a full pipe would stall it); a test may look at server.printed
            server.printed = lines
            threading.Thread(target=lambda: lines.extend(server.stdout), daemon=True).start()
            return server, url
    server.kill()
    raise AssertionError("no URL printed: " + "".join(lines))


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def skip_unless_a_browser() -> None:
    """Skip the calling test, saying why, where the system's Chromium or the Playwright package is missing."""
    import pytest

    if chromium_path() is None:
        pytest.skip("the browser test needs Chromium from the system packages (`apt-get install -y chromium`; "
                    ".ci/run installs it where it can) and none is installed here")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("the browser test needs the Playwright package (`pip install -e '.[test]'`)")


@contextlib.contextmanager
def browser_page(width: int, height: int):
    """A page of the system's Chromium driven by Playwright, with a fresh profile; skips are the caller's."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="referee-chromium-") as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": width, "height": height})
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()
