"""The board's page in a real headless browser (the system's Chromium, driven by Playwright): every Player's name,
Health and Patron Mat are on it, and it redraws itself when a move lands. Screenshots are kept as test artifacts
(in $REFEREE_ARTIFACTS, else tests/artifacts/)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from board_helpers import MID_GAME, browser_page, play_demo, referee, serve_board, skip_unless_a_browser

ARTIFACTS = Path(os.environ.get("REFEREE_ARTIFACTS") or Path(__file__).parent / "artifacts")
PLAYERS = ("Mara", "Ivo", "Jun", "Tess")


def referee_history(game):
    import referee as library

    with library.Game.open(game) as opened:
        return opened.history()


@pytest.fixture
def browser_ready():
    skip_unless_a_browser()


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "laptop"])
def test_the_page_shows_every_mat_and_redraws_when_a_move_lands(browser_ready, tmp_path, width, height):
    game = play_demo(tmp_path / "board.sqlite", MID_GAME)
    server, url = serve_board(game)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        with browser_page(width, height) as page:
            page.goto(url)
            mats = page.locator("article.mat")
            mats.first.wait_for()
            assert mats.count() == len(PLAYERS)
            for name in PLAYERS:
                mat = page.locator(f'article.mat[data-player="{name}"]')
                assert name in mat.locator("h3").inner_text()
                assert mat.locator(".hp").inner_text() == "6/6"
                assert mat.locator("ol.armor > li").count() == 5
                assert mat.locator("ol.pack > li").count() == 3
                assert mat.is_visible()
            ivo = page.locator('article.mat[data-player="Ivo"]')
            assert "active" in ivo.get_attribute("class")
            assert "Healing Draught" not in ivo.locator("ol.pack").inner_text()
            assert page.locator(".stack .layer.top").inner_text().startswith("LOOT MANAGEMENT WINDOW")
            page.screenshot(path=str(ARTIFACTS / f"board-{width}-before.png"), full_page=True)

            number = len(referee_history(game)) + 1
            referee(game, "store", "ivo", "healing")  # from another "terminal": the page was not reloaded
            page.wait_for_function(  # a function, not an expression: the page's policy forbids eval
                "() => document.querySelector('article.mat[data-player=\"Ivo\"] ol.pack').textContent"
                ".includes('Healing Draught')", timeout=5000)
            assert f"#{number}" in page.locator(".ruling").inner_text()
            assert "live" in page.locator("#link").inner_text()
            page.screenshot(path=str(ARTIFACTS / f"board-{width}-after.png"), full_page=True)
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert (ARTIFACTS / f"board-{width}-after.png").stat().st_size > 10_000
