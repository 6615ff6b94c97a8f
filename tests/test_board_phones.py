"""Phones at the table (issue 24): join links exchanged for cookies, who may declare what (the README's table, row by
row), declarations judged by the same engine and logged like typed moves, "the game moved on" when another move came
in, anti-CSRF tokens and the Origin check, and hostile names shown as text everywhere.

Every server is `referee board --serve --port 0` in a process of its own on 127.0.0.1, stopped by the test; the
command line plays on the same game file at the same time."""

from __future__ import annotations

import http.cookiejar
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from board_helpers import referee, serve_board
from referee.cli import app

README = Path(__file__).parent.parent / "README.md"


def new_game(path: Path, players: str = "Ana, Ivo, Jun") -> Path:
    result = CliRunner().invoke(app, ["new", "--players", players, "--health", "10", "--turn-actions", "2",
                                      "--stats", "Ana: Brawn 2", "--game", str(path)])
    assert result.exit_code == 0, result.output
    return path


def moves_logged(game: Path) -> list[tuple[int, str, int]]:
    import sqlite3

    with sqlite3.connect(f"{game.resolve().as_uri()}?mode=ro", uri=True) as db:
        return db.execute("select n, move, undone from moves order by n").fetchall()


class Phone:
    """One browser's worth of cookies, talking to the board as the page's script does."""

    def __init__(self, join: str | None, base: str):
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrf = ""
        if join:
            page = self.opener.open(join, timeout=10).read().decode()
            self.csrf = re.search(r'data-csrf="([0-9a-f]+)"', page)[1]

    def get(self, path: str):
        for _ in range(10):  # a 503 (the game file busy a moment): the page asks again, so does this
            try:
                return json.loads(self.opener.open(self.base + path, timeout=30).read())
            except urllib.error.HTTPError as error:
                if error.code != 503:
                    raise
                time.sleep(0.5)
        raise AssertionError(f"{path}: still busy")

    def post(self, path: str, body: dict, *, csrf: str | None = None, origin: str | None = None) -> tuple[int, dict]:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST", headers={
            "Content-Type": "application/json", "Origin": self.base if origin is None else origin,
            "X-CSRF-Token": self.csrf if csrf is None else csrf})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def declare(self, command: str, at: int | None = None) -> tuple[int, dict]:
        return self.post("/api/declare", {"command": command, "at": self.at() if at is None else at})

    def at(self) -> int:
        return self.get("/api/options")["at"]


@pytest.fixture
def table(tmp_path):
    """A new game (Ana's turn) served; the process, the board URL and each link's URL."""
    game = new_game(tmp_path / "phones.sqlite")
    server, url = serve_board(game)
    yield game, url, server.links
    server.terminate()
    server.wait(timeout=10)
    print("".join(server.printed[-60:]))  # shown when the test failed: what the server said


# --- join links ----------------------------------------------------------------------------------------------


def test_a_join_link_becomes_an_httponly_strict_cookie_and_leaves_the_address_bar(table):
    game, url, links = table
    assert set(links) == {"host", "Ana", "Ivo", "Jun"}
    token = links["Ana"].rsplit("/", 1)[1]
    assert len(token) >= 22 and len(set(links.values())) == 4  # 128 bits or more, one per link (192: 32 characters)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None

    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.build_opener(NoRedirect).open(links["Ana"], timeout=10)
    assert answer.value.code == 303 and answer.value.headers["Location"] == "/me"
    cookie = answer.value.headers["Set-Cookie"]
    assert token in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    ana = Phone(links["Ana"], url)
    assert 'data-player="Ana"' in ana.opener.open(url + "me", timeout=10).read().decode()


def test_an_unknown_link_is_refused_and_the_plain_board_stays_read_only(table):
    game, url, links = table
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(url + "join/" + "A" * 32, timeout=10)
    assert answer.value.code == 404
    spectator = Phone(None, url)
    before = moves_logged(game)
    status, data = spectator.post("/api/declare", {"command": "declare ana brawn --tn 12", "at": 0})
    assert status == 403 and "read-only" in data["error"]
    assert spectator.opener.open(url + "me", timeout=10).geturl() == url  # no link: the board
    assert moves_logged(game) == before


def test_rotating_a_players_link_stops_the_old_link_and_its_phone(table):
    game, url, links = table
    ivo = Phone(links["Ivo"], url)
    assert ivo.get("/api/options")["at"] == 0
    result = CliRunner().invoke(app, ["board", "--rotate", "ivo", "--game", str(game)])
    assert result.exit_code == 0 and "new join link for Ivo" in result.output
    with pytest.raises(urllib.error.HTTPError) as answer:
        ivo.get("/api/options")
    assert answer.value.code == 403
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(links["Ivo"], timeout=10)
    ana = Phone(links["Ana"], url)  # the others' links still work
    assert ana.get("/api/options")["options"]


# --- declaring -------------------------------------------------------------------------------------------------


def test_a_player_declares_their_check_and_roll_and_it_is_logged_as_if_typed(table):
    game, url, links = table
    ana = Phone(links["Ana"], url)
    status, dry = ana.post("/api/check", {"command": "declare ana brawn --tn 12", "at": 0})
    assert status == 200 and dry["legal"] and not dry["applied"] and moves_logged(game) == []
    status, declared = ana.declare("declare ana brawn --tn 12", at=0)
    assert status == 200 and declared["applied"] and declared["move_number"] == 1
    status, rolled = ana.declare("roll ana 14")
    assert status == 200 and rolled["applied"], rolled
    assert any("SUCCESS" in line for line in rolled["lines"]), rolled["lines"]
    typed = new_game(game.with_name("typed.sqlite"))
    referee(typed, "declare", "ana", "brawn", "--tn", "12")
    referee(typed, "roll", "ana", "14")
    assert [m[1] for m in moves_logged(game)] == [m[1] for m in moves_logged(typed)]


def test_another_players_roll_is_refused_with_whose_move_it_is_and_nothing_changes(table):
    game, url, links = table
    ana, ivo = Phone(links["Ana"], url), Phone(links["Ivo"], url)
    assert ana.declare("declare ana brawn --tn 12")[0] == 200
    before = moves_logged(game)
    status, data = ivo.declare("roll ana 20")
    assert status == 403 and data["error"] == "that is Ana's move"
    status, data = ivo.post("/api/check", {"command": "roll ana 20", "at": ivo.at()})
    assert status == 403
    assert moves_logged(game) == before


def test_a_refused_move_shows_its_ruling_and_changes_nothing(table):
    game, url, links = table
    ana = Phone(links["Ana"], url)
    status, data = ana.declare("kaos ana 1")  # no Check being rolled, no Kaos held
    assert status == 200 and not data["legal"] and not data["applied"]
    assert data["lines"][0].startswith("REFUSED") and any("01_CORE_CONCEPTS >" in line for line in data["lines"])
    assert moves_logged(game) == []


def test_what_the_table_reports_undo_and_override_are_the_hosts(table):
    game, url, links = table
    ana, host = Phone(links["Ana"], url), Phone(links["host"], url)
    status, data = ana.declare("damage ana 2")
    assert status == 403 and "the host declares it" in data["error"]
    assert ana.post("/api/undo", {"at": 0})[0] == 403
    assert ana.post("/api/declare", {"command": "discard ana plot", "at": 0, "override": "the card says so"})[0] == 403
    assert moves_logged(game) == []
    status, data = host.declare('damage ana 2 --source "Spike Trap"')
    assert status == 200 and data["applied"]
    status, data = host.post("/api/declare", {"command": "discard ivo plot", "at": host.at(),
                                              "override": "the card says"})
    assert status == 200 and data["applied"] and data["override"] == "the card says", data
    status, data = host.post("/api/undo", {"at": host.at()})
    assert status == 200 and data["undone"] == [2]
    assert [(n, undone) for n, _, undone in moves_logged(game)] == [(1, 0), (2, 1)]


def test_a_declaration_judged_before_the_game_moved_on_is_refused(table):
    game, url, links = table
    ana = Phone(links["Ana"], url)
    seen = ana.at()
    referee(game, "declare", "ana", "brawn", "--tn", "12")  # the laptop, at the same time
    status, data = ana.declare("declare ana brawn --tn 10", at=seen)
    assert status == 409 and data["error"] == "the game moved on (#1 by Ana): check again"
    assert len(moves_logged(game)) == 1
    referee(game, "undo")
    status, data = ana.declare("roll ana 12", at=1)
    assert status == 409 and data["error"] == "the game moved on (#1 was undone): check again"
    assert [(n, undone) for n, _, undone in moves_logged(game)] == [(1, 1)]


def test_a_post_without_the_anti_csrf_token_or_from_another_origin_is_refused(table):
    game, url, links = table
    ana = Phone(links["Ana"], url)
    body = {"command": "declare ana brawn --tn 12", "at": 0}
    assert ana.post("/api/declare", body, csrf="")[0] == 403
    assert ana.post("/api/declare", body, csrf="0" * 64)[0] == 403
    assert ana.post("/api/declare", body, origin="http://evil.example")[0] == 403
    assert ana.post("/api/declare", body, origin="")[0] == 403
    assert Phone(links["Ivo"], url).post("/api/declare", body, csrf=ana.csrf)[0] == 403  # one link's token only
    assert moves_logged(game) == []


def test_limits_bad_bodies_unknown_paths_and_methods(table):
    game, url, links = table
    ana = Phone(links["Ana"], url)
    assert ana.post("/api/declare", {"command": "x" * 5000})[0] == 413
    request = urllib.request.Request(url + "api/declare", data=b"[1, 2", method="POST", headers={
        "Origin": url.rstrip("/"), "X-CSRF-Token": ana.csrf})
    with pytest.raises(urllib.error.HTTPError) as answer:
        ana.opener.open(request, timeout=10)
    assert answer.value.code == 400
    for path, method, code in (("api/nothing", "GET", 404), ("api/declare", "GET", 405), ("me", "POST", 405)):
        with pytest.raises(urllib.error.HTTPError) as answer:
            ana.opener.open(urllib.request.Request(url + path, method=method, data=b"" if method == "POST" else None),
                            timeout=10)
        assert answer.value.code == code, path
    codes = [ana.post("/api/check", {"command": "declare ana brawn --tn 12", "at": 0})[0] for _ in range(40)]
    assert 429 in codes and codes[0] == 200  # a burst, then the rate limit per link
    assert moves_logged(game) == []


def test_ask_from_a_phone_gives_the_one_line_answer_and_the_quote(table):
    game, url, links = table
    status, data = Phone(links["Ivo"], url).post("/api/ask", {"question": "can I put plot armor in my backpack"})
    assert status == 200 and data["answer"]["verdict"] == "No" and "Plot Armor may not" in data["answer"]["text"]
    assert data["results"][0]["key"] == "08_LOOT_AND_INVENTORY > PLOT_ARMOR"


def test_a_players_options_are_their_own_moves_as_forms(table):
    game, url, links = table
    ana, ivo = Phone(links["Ana"], url), Phone(links["Ivo"], url)
    referee(game, "declare", "ana", "brawn", "--tn", "12")
    options = ana.get("/api/options")["options"]
    roll = next(o for o in options if o["template"].startswith("roll Ana"))
    assert roll["fields"][0]["kind"] == "d20" and roll["group"] == "now"
    assert not any("Ana" in o["template"] for o in ivo.get("/api/options")["options"])


# --- who may declare what: the README's table, row by row ---------------------------------------------------------


def _rows() -> list[tuple[str, str]]:
    from referee.moves import MOVE_TYPES

    return [(kind, cls.owner[0]) for kind, cls in MOVE_TYPES.items()]


def test_the_readme_table_is_the_servers():
    from referee.moves import MOVE_TYPES

    text = README.read_text(encoding="utf-8").split("### Who may declare what", 1)[1].split("\n### ", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| ([^|]+) \|", text, re.M))
    assert {kind: "player" if "Player" in who else "host" for kind, who in rows.items()} == {
        kind: cls.owner[0] for kind, cls in MOVE_TYPES.items()}  # every move kind has its row, as it declares


# One move of each kind, made by Ana where a Player makes it; the state: Ana's Check being rolled on her turn, with
# Ana the Encountering Player of a Random Encounter below it.
_EXAMPLES = {
    "action": dict(player="Ana", action="Open Chest"), "declare": dict(player="Ana", stat="Brawn", tn=12),
    "roll": dict(player="Ana", dice=(14,)), "reroll": dict(player="Ana", dice=(3,)), "kaos": dict(player="Ana", amount=1),
    "resolve": dict(), "draw": dict(player="Ana", kinds=("armor",), names=("Old Boots",)),
    "equip": dict(player="Ana", card="Old Boots"), "store": dict(player="Ana", card="Old Boots"),
    "discard": dict(player="Ana", card="Old Boots"), "use": dict(player="Ana", card="Old Boots"),
    "gear-swap": dict(player="Ana", card="Old Boots"), "take": dict(player="Ana", source="Ivo", card="Old Boots"),
    "recover": dict(player="Ana", card="Old Boots"), "encounter-choose": dict(player="Ana", option=1),
    "encounter-roll": dict(player="Ana", value=3), "encounter-discard": dict(player="Ana", card="Old Boots"),
    "encounter-continue": dict(), "end-turn": dict(),
    "modifier": dict(player="Ana", amount=2, because="Lucky Charm"), "damage": dict(player="Ana", amount=1),
    "heal": dict(player="Ana", amount=1), "gain": dict(player="Ana", amount=1, resource="kaos"),
    "lose": dict(player="Ana", amount=1, resource="kaos"), "gain-status": dict(player="Ana", status="goblin"),
    "remove-status": dict(player="Ana", status="goblin"), "death": dict(player="Ana", outcome="fallen"),
    "set-state": dict(player="Ana", state="fallen"), "drop": dict(player="Ana", card="Old Boots"),
    "card": dict(name="Old Boots", kind="armor"), "deck-size": dict(kind="armor", size=10),
    "encounter-draw": dict(card="Spider Swarm", cause="move", player="Ana", checks=("brawn 12",)),
    "encounter-deck": dict(size=10),
}


@pytest.fixture(scope="module")
def rolling(tmp_path_factory):
    """Ana's Brawn Check being rolled during her Random Encounter, on her turn."""
    import referee as library

    folder = tmp_path_factory.mktemp("who")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_HOME", str(folder / "home"))
        game = new_game(folder / "who.sqlite")
        for words in (("encounter", "draw", "ana", "Spider Swarm", "--by", "move", "--check", "brawn 12",
                      "--penalty", "damage d6"),
                      ("encounter", "choose", "ana", "1")):
            referee(game, *words)
        with library.Game.open(game) as opened:
            return opened.state


@pytest.mark.parametrize("kind, owner", _rows())
def test_who_may_declare_each_kind_of_move(rolling, kind, owner):
    from referee.board.phones import Link, NotYours, may_declare
    from referee.moves import MOVE_TYPES

    assert rolling.top.kind == "check" and rolling.top.initiator == "Ana"
    move = MOVE_TYPES[kind](**_EXAMPLES[kind])
    may_declare(Link("h", host=True), rolling, move)  # the host may declare anything
    with pytest.raises(NotYours, match="read-only"):
        may_declare(Link(), rolling, move)
    with pytest.raises(NotYours) as refused:
        may_declare(Link("i", player="Ivo"), rolling, move)
    if owner == "player":
        may_declare(Link("a", player="Ana"), rolling, move)
        assert str(refused.value) == "that is Ana's move"
    else:
        with pytest.raises(NotYours, match="the host declares it"):
            may_declare(Link("a", player="Ana"), rolling, move)


# --- hostile names: text everywhere --------------------------------------------------------------------------------

HOSTILE = ("<img src=x onerror=alert(1)>", "</script><script>alert(1)</script>")


def test_hostile_names_are_text_on_every_page_and_file(tmp_path):
    game = tmp_path / "hostile.sqlite"
    result = CliRunner().invoke(app, ["new", "--players", f"{HOSTILE[0]}, Bo", "--health", "10", "--turn-actions", "2",
                                      "--game", str(game)])
    assert result.exit_code == 0, result.output
    referee(game, "draw", HOSTILE[0], "armor", HOSTILE[1], "--defense", "1")
    server, url = serve_board(game)
    try:
        pages = {"board": urllib.request.urlopen(url, timeout=10).read().decode()}
        player = Phone(server.links[HOSTILE[0]], url)
        pages["phone"] = player.opener.open(url + "me", timeout=10).read().decode()
        pages["host"] = Phone(server.links["host"], url).opener.open(url + "me", timeout=10).read().decode()
        options = player.get("/api/options")  # data (JSON), which the page sets as text
        assert HOSTILE[1] in options["cards"]
    finally:
        server.terminate()
        server.wait(timeout=10)
    for kind in ("html", "svg"):
        out = tmp_path / f"board.{kind}"
        assert CliRunner().invoke(app, ["board", f"--{kind}", str(out), "--game", str(game)]).exit_code == 0
        pages[kind] = out.read_text(encoding="utf-8")
    for where, text in pages.items():
        assert "<img src=x" not in text and "<script>alert" not in text and "</script><script>" not in text, where
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages["phone"] and "&lt;/script&gt;" in pages["board"]


def test_a_move_judged_before_another_came_in_is_refused_by_the_game_file(tmp_path):
    """`Game.play(move, expect=N)`: checked under the write lock, so no move lands on a state its declarer did not see."""
    import referee as library

    game = new_game(tmp_path / "expect.sqlite")
    with library.Game.open(game) as phone, library.Game.open(game) as laptop:
        seen = phone.last_move
        laptop.play(laptop.parse("declare ana brawn --tn 12"))
        with pytest.raises(library.GameMovedOn) as moved:
            phone.play(phone.parse("damage ivo 1"), expect=seen)
        assert (moved.value.expected, moved.value.last) == (0, 1)
        assert phone.play(phone.parse("roll ana 14"), expect=phone.last_move).number == 2
    assert len(moves_logged(game)) == 2
