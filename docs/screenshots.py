"""Redraw the board's screenshots in docs/ from a game played the way `referee demo` plays it.

    .venv/bin/python docs/screenshots.py      # needs Chromium (apt-get install -y chromium) and Playwright

The demo's script up to Ivo's Brawn roll against the Spider Swarm, with a few table events added so the
picture shows what a table sees mid-game: deck sizes counted, Jun and Tess hurt by a trap, Mara's sword
Dropped. Writes docs/board-phone.png (390 px wide, the whole page), docs/board-laptop.png (1280 px) and
docs/board-terminal.png (the terminal board at 120 columns, from `referee board --svg`).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "tests"))

from board_helpers import browser_page, referee, serve_board  # noqa: E402

STOP_AFTER = 23  # the demo's "roll ivo 9 15": a Check on a Random Encounter on a Dungeon Bomb Step
EXTRA = {  # after demo step N, these moves too
    1: [["deck", "armor", "14"], ["deck", "weapon", "11"], ["deck", "common", "17"], ["deck", "rare", "6"],
        ["encounter", "deck", "20"], ["damage", "jun", "4", "--source", "Spike Trap"], ["damage", "tess", "1"]],
    8: [["drop", "mara", "rusty"]],
}


def play(game: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli import app
    from referee.demo import GAME_PLACEHOLDER, SCRIPT

    runner = CliRunner()
    for number, step in enumerate(SCRIPT[:STOP_AFTER], start=1):
        words = [w.replace(GAME_PLACEHOLDER, str(game)) for w in step.words]
        result = runner.invoke(app, words if "--game" in words else [*words, "--game", str(game)])
        assert result.exit_code == step.exit_code, (words, result.output)
        for extra in EXTRA.get(number, ()):
            referee(game, *extra)


def main() -> None:
    from referee.board.command import write_snapshot
    from referee.board.view import read_view

    with tempfile.TemporaryDirectory(prefix="referee-shots-") as folder:
        os.environ["REFEREE_HOME"] = str(Path(folder) / "home")
        game = Path(folder) / "friday-night.sqlite"
        play(game)
        terminal = Path(folder) / "board.svg"
        write_snapshot(read_view(game), terminal, "svg", game=game, width=120)
        server, url = serve_board(game)
        try:
            for name, width, height in (("phone", 390, 844), ("laptop", 1280, 900)):
                with browser_page(width, height) as page:
                    page.goto(url)
                    page.locator("article.mat").first.wait_for()
                    page.screenshot(path=str(DOCS / f"board-{name}.png"), full_page=True)
        finally:
            server.terminate()
            server.wait(timeout=10)
        width, height = (int(float(n)) + 1 for n in terminal.read_text().split('viewBox="0 0 ')[1].split('"')[0].split())
        with browser_page(width, height) as page:  # the SVG at its own size
            page.goto(terminal.as_uri())
            page.locator("svg").screenshot(path=str(DOCS / "board-terminal.png"))
    for name in ("phone", "laptop", "terminal"):
        print(DOCS / f"board-{name}.png")


if __name__ == "__main__":
    main()
