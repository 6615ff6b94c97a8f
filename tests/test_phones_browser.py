"""Phones at the table in a real browser (the system's Chromium, driven by Playwright): the host and two Players'
phones, each its own browser context (its own cookies), on one served game while the command line plays too.

Ana declares a Check and rolls from her phone (the 1-20 pad) and it resolves; Ivo's phone cannot roll for her (403,
nothing changed); a Loot draw and its equip from a phone; every other screen shows each move (how fast is
bench/phones.py's business: tests assert no timings); a declaration racing another is refused as "moved on"; a
hostile card name is shown as text; a POST without the anti-CSRF token or from another Origin is refused.
Screenshots are kept as test artifacts ($REFEREE_ARTIFACTS, else tests/artifacts/)."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from board_helpers import CHROMIUM_FLAGS, chromium_path, serve_board, skip_unless_a_browser
from referee.cli import app

ARTIFACTS = Path(os.environ.get("REFEREE_ARTIFACTS") or Path(__file__).parent / "artifacts")
HOSTILE = "<img src=x onerror=alert(1)>"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def browser():
    skip_unless_a_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def _logged(game: Path) -> list[tuple]:
    with sqlite3.connect(f"{game.resolve().as_uri()}?mode=ro", uri=True) as db:
        return db.execute("select n, move, undone from moves order by n").fetchall()


class Screen:
    """One phone (or the laptop): a browser context with its own cookies, on the page its link leads to."""

    def __init__(self, browser, link: str, name: str):
        self.name = name
        self.context = browser.new_context(viewport=PHONE)
        self.page = self.context.new_page()
        self.dialogs = []
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.goto(link)
        self.page.locator("#choices .choice, #choices p").first.wait_for()

    def sees_move(self, number: int) -> None:
        self.page.wait_for_function(f"() => document.getElementById('link').textContent.includes('move #{number}')",
                                    timeout=60_000)

    def typed(self, command: str, *, declare: bool = True) -> str:
        self.page.fill("#typed", command)
        self.page.click("#typed-form button[type=submit]" if declare else "#typed-can-i")
        return self.result()

    def result(self) -> str:
        self.page.wait_for_function("() => document.getElementById('result').textContent.length > 0", timeout=60_000)
        text = self.page.locator("#result").inner_text()
        self.page.evaluate("document.getElementById('result').textContent = ''")
        return text

    def option(self, starts: str):
        return self.page.locator("#choices button.choice", has_text=starts).first

    def post(self, path: str, body: dict, **headers) -> int:
        """A POST from this phone's page (its cookie and Origin), with the page's anti-CSRF token unless replaced."""
        return self.page.evaluate(
            """([path, body, headers]) => fetch(path, {method: "POST", credentials: "same-origin",
                 headers: Object.assign({"Content-Type": "application/json",
                                         "X-CSRF-Token": document.getElementById("phone").dataset.csrf}, headers),
                 body: JSON.stringify(body)}).then(r => r.status)""", [path, body, headers])


def test_the_host_and_two_phones_play_one_game(browser, tmp_path):
    game = tmp_path / "phones.sqlite"
    assert CliRunner().invoke(app, ["new", "--players", "Ana, Ivo", "--health", "10", "--turn-actions", "2",
                                    "--stats", "Ana: Brawn 2", "--game", str(game)]).exit_code == 0
    server, url = serve_board(game)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        host = Screen(browser, server.links["host"], "host")
        ana = Screen(browser, server.links["Ana"], "Ana")
        ivo = Screen(browser, server.links["Ivo"], "Ivo")
        screens = (host, ana, ivo)
        for screen in screens:
            assert screen.page.url == url + "me"  # the token left the address bar
        assert ana.page.locator("#mine article.mat").get_attribute("data-player") == "Ana"  # her own mat first

        # Ana declares a Brawn Check from her phone, then taps her die's 14 on the pad: it resolves.
        assert "LEGAL" in ana.typed("declare ana brawn --tn 12")
        for screen in screens:
            screen.sees_move(1)
        ana.option("roll Ana").click()
        ana.page.locator("#fields .pad button", has_text="14").first.click()
        ana.page.click("#can-i")
        assert "LEGAL (dry run" in ana.result()
        assert len(_logged(game)) == 1
        ana.page.click("#declare")
        rolled = ana.result()
        assert "SUCCESS" in rolled, rolled
        for screen in screens:
            screen.sees_move(2)
            assert "success" in screen.page.locator("#board .last-check").inner_text().lower()
        ana.page.screenshot(path=str(ARTIFACTS / "phone-own.png"), full_page=False)

        # Ivo cannot roll for Ana: refused with whose move it is, nothing changed.
        assert "LEGAL" in ana.typed("declare ana brawn --tn 15")
        before = _logged(game)
        refused = ivo.typed("roll ana 20")
        assert "that is Ana's move" in refused
        assert ivo.post("/api/declare", {"command": "roll ana 20", "at": len(before)}) == 403
        assert _logged(game) == before
        ivo.page.fill("#typed", "roll ana 20")
        ivo.page.click("#typed-form button[type=submit]")
        ivo.page.wait_for_function("() => document.getElementById('result').textContent.includes(\"Ana's move\")")
        ivo.page.locator("section.act").screenshot(path=str(ARTIFACTS / "phone-refusal.png"))
        ana.typed("roll ana 3")  # her second Check fails; the game goes on

        # A Loot draw and its equip, from Ana's phone; the card's name is hostile: text on every screen.
        drawn = ana.typed(f'draw ana armor "{HOSTILE}" --defense 2')
        assert "LEGAL" in drawn, drawn
        number = len(_logged(game))
        for screen in screens:
            screen.sees_move(number)
        ana.option("equip Ana").click()
        ana.page.click("#declare")
        assert "LEGAL" in ana.result()
        for screen in screens:
            screen.sees_move(number + 1)
            mat = screen.page.locator('#board article.mat[data-player="Ana"]')
            assert HOSTILE in mat.locator("ol.armor").inner_text()
            assert screen.page.locator("#board img, #mine img").count() == 0 and not screen.dialogs

        # Two declarations judged at the same move: the first lands, the second is refused as "moved on".
        at = len([m for m in _logged(game) if not m[2]])
        assert ana.post("/api/declare", {"command": 'action ana "Open Chest"', "at": at}) == 200
        assert host.post("/api/declare", {"command": "damage ivo 1", "at": at}) == 409
        ivo.sees_move(at + 1)

        # Without the anti-CSRF token, or from another Origin: refused, nothing changed.
        before = _logged(game)
        assert ana.post("/api/declare", {"command": "action ana Search", "at": at + 1}, **{"X-CSRF-Token": ""}) == 403
        response = ana.context.request.post(url + "api/declare", data={"command": "action ana Search", "at": at + 1},
                                            headers={"Origin": "http://evil.example",
                                                     "X-CSRF-Token": ana.page.locator("#phone").get_attribute(
                                                         "data-csrf")})
        assert response.status == 403
        assert _logged(game) == before

        # Ask, from Ivo's phone.
        ivo.page.fill("#question", "can I put plot armor in my backpack")
        ivo.page.click("#ask-form button")
        ivo.page.wait_for_function("() => document.getElementById('answer').textContent.includes('No:')", timeout=60_000)
        assert "08_LOOT_AND_INVENTORY > PLOT_ARMOR" in ivo.page.locator("#answer").inner_text()
        ivo.page.locator("section.ask").screenshot(path=str(ARTIFACTS / "phone-answer.png"))
        host.page.screenshot(path=str(ARTIFACTS / "phone-host.png"), full_page=True)
    finally:
        server.terminate()
        server.wait(timeout=10)
