"""`referee board`: one view model from the documented JSON, drawn in the terminal (golden text), as a page, as
files and by a read-only server; the board never writes to the game file and never slows a move's cold start."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from board_helpers import MID_GAME, play_demo, referee, serve_board
from referee.cli import app

GOLDEN = Path(__file__).parent / "golden"
GAME_OVER = 36  # the demo's step where Mara's Death Process ends in Ivo's Victory
UPDATE = os.environ.get("REFEREE_UPDATE_GOLDEN") == "1"  # rewrite the golden boards instead of comparing


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """The demo mid-game and at its end, played once for the module (with its own REFEREE_HOME)."""
    folder = tmp_path_factory.mktemp("board")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_HOME", str(folder / "home"))
        patch.delenv("REFEREE_GAME", raising=False)
        mid = play_demo(folder / "mid" / "board.sqlite", MID_GAME)
        over = play_demo(folder / "over" / "board.sqlite", GAME_OVER)
    return {"mid": mid, "over": over}


@pytest.fixture
def mid_game(games, tmp_path) -> Path:
    """A copy of the mid-game a test may play on."""
    copy = tmp_path / "board.sqlite"
    copy.write_bytes(games["mid"].read_bytes())
    return copy


def _fingerprint(path: Path) -> str:
    """The game file's bytes and every row of its log: what "never writes" must leave equal."""
    with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as db:
        rows = db.execute("select * from moves order by n").fetchall() + db.execute("select * from meta").fetchall()
    return hashlib.sha256(path.read_bytes() + repr(rows).encode()).hexdigest()


def _status(game: Path, *command: str) -> dict:
    return json.loads(CliRunner().invoke(app, [*command, "--json", "--game", str(game)]).stdout)


# --- the view model: the documented JSON, nothing else ------------------------------------------------


def test_the_view_draws_each_player_from_status_and_inventory_json(games):
    from referee.board.view import read_view

    view = read_view(games["mid"])
    status = _status(games["mid"], "status")
    inventories = _status(games["mid"], "inventory")["inventories"]
    assert [p["name"] for p in view["players"]] == ["Mara", "Ivo", "Jun", "Tess"]
    for drawn, told, mat in zip(view["players"], status["players"], inventories):
        assert (drawn["health"], drawn["health_cap"], drawn["kaos"], drawn["rerolls"]) == (
            told["health"], told["health_cap"], told["kaos"], told["rerolls"])
        assert len(drawn["armor"]) == 5 and len(drawn["backpack"]) == 3
        assert [c and c["name"] for c in drawn["armor"]] == [c and c["card"] for c in mat["armor"]]
        assert drawn["defense_from_loot"] == mat["defense_from_loot"]
    mara, ivo = view["players"][:2]
    assert mara["armor"][0]["name"] == "Bone Pauldron" and mara["melee"]["name"] == "Rusty Sword"
    assert ivo["active"] and ivo["statuses"] == ["Goblin Balls On Ya"] and ivo["window"] == ["Healing Draught"]


def test_the_pending_stack_is_drawn_top_first_and_ends_with_the_turn(games):
    from referee.board.view import read_view

    stack = read_view(games["mid"])["stack"]
    assert [layer["kind"] for layer in stack] == ["loot-window", "random-encounter", "end-of-turn", "turn"]
    assert stack[0]["text"] == "Loot Management Window for Ivo: Healing Draught (new)"
    assert "`referee store Ivo \"Healing Draught\"`" in stack[0]["finish"]  # the placements legal now
    assert stack[-1]["text"].startswith("Turn 2: Ivo's Player Turn")


def test_the_last_ruling_is_the_last_moves_verdict_and_first_citation(games):
    from referee.board.view import read_view

    last = _status(games["mid"], "history")[-1]
    ruling = read_view(games["mid"])["ruling"]
    assert ruling["verdict"] == "LEGAL" and ruling["number"] == last["number"]
    assert (ruling["key"], ruling["quote"]) == (last["ruling"]["citations"][0]["key"],
                                                last["ruling"]["citations"][0]["quote"])


def test_an_undone_move_is_shown_undone(mid_game):
    from referee.board.view import read_view

    referee(mid_game, "undo")
    ruling = read_view(mid_game)["ruling"]
    assert ruling["verdict"] == "UNDONE" and ruling["move"].startswith("draw Ivo common")


def test_an_overridden_move_shows_the_rule_that_refused_it_first(mid_game):
    from referee.board.view import read_view

    referee(mid_game, "action", "ivo", "Open Chest", "--override", "the card says so")
    ruling = read_view(mid_game)["ruling"]
    assert ruling["verdict"] == "OVERRIDDEN" and ruling["override"] == "the card says so"
    refused = _status(mid_game, "history")[-1]["ruling"]["override"]["refused_citations"][0]
    assert (ruling["key"], ruling["quote"]) == (refused["key"], refused["quote"])


# --- the terminal board: golden text ---------------------------------------------------------------------


def _board_text(game: Path, width: int) -> str:
    from rich.console import Console

    from referee.board.terminal import render
    from referee.board.view import read_view

    console = Console(width=width, file=io.StringIO(), color_system=None, force_terminal=False, record=True)
    console.print(render(read_view(game), width))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


@pytest.mark.parametrize("moment, width", [("mid", 80), ("mid", 120), ("mid", 160), ("over", 100)])
def test_the_terminal_board_matches_its_golden_text(games, moment, width):
    golden = GOLDEN / f"board_{moment}_{width}.txt"
    text = _board_text(games[moment], width)
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), f"set REFEREE_UPDATE_GOLDEN=1 to accept: {golden.name}"
    assert max(len(line) for line in text.splitlines()) <= width


def test_at_80_columns_the_stack_is_one_line_and_every_mat_is_drawn(games):
    text = _board_text(games["mid"], 80)
    assert "Now: Ivo's Loot Management Window → Random Encounter 'Spider Swarm' for Ivo" in text
    assert all(f"─ {name} ─" in text or f"━ ▶ {name} ━" in text for name in ("Mara", "Ivo", "Jun", "Tess"))


# --- the command: files, JSON, pipes, bad input ----------------------------------------------------------


def test_board_html_and_svg_snapshots_draw_the_same_board(mid_game, tmp_path):
    page, image = tmp_path / "board.html", tmp_path / "board.svg"
    result = CliRunner().invoke(app, ["board", "--game", str(mid_game), "--html", str(page), "--svg", str(image)])
    assert result.exit_code == 0, result.output
    html = page.read_text()
    assert "<script" not in html and "http" not in html.split("<body>")[1]  # static, offline: nothing fetched
    for name in ("Mara", "Ivo", "Jun", "Tess"):
        assert f'data-player="{name}"' in html
    assert html.count('<article class="mat') == 4 and "Bone Pauldron" in html and "6/6" in html
    svg = image.read_text()
    assert svg.startswith("<svg") and "Bone" in svg and "Pauldron" in svg


def test_board_json_prints_the_view_model(mid_game):
    from referee.board.view import read_view

    result = CliRunner().invoke(app, ["board", "--json", "--game", str(mid_game)])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(json.dumps(read_view(mid_game)))


def test_board_to_a_pipe_prints_the_board_once(mid_game):
    result = CliRunner().invoke(app, ["board", "--game", str(mid_game), "--width", "80"])
    assert result.exit_code == 0
    assert "Turn 2 · Ivo's Player Turn" in result.stdout and "Last ruling" in result.stdout


@pytest.mark.parametrize("words, message", [
    (["--lan"], "--port and --lan go with --serve"),
    (["--serve", "--port", "x"], "--port must be a whole number"),
    (["--width", "5"], "--width"),
])
def test_board_bad_options_are_bad_input(mid_game, words, message):
    result = CliRunner().invoke(app, ["board", "--game", str(mid_game), *words])
    assert result.exit_code == 2 and message in result.output


def test_board_refuses_to_write_a_snapshot_over_the_game_file(mid_game):
    before = _fingerprint(mid_game)
    result = CliRunner().invoke(app, ["board", "--game", str(mid_game), "--html", str(mid_game)])
    assert result.exit_code == 2 and "the game file itself" in result.output
    assert _fingerprint(mid_game) == before


def test_board_without_a_game_is_bad_input(tmp_path):
    result = CliRunner().invoke(app, ["board", "--game", str(tmp_path / "none.sqlite")])
    assert result.exit_code == 2 and "no game file" in result.output


# --- read-only: the board never writes to the game file -------------------------------------------------------


def test_the_boards_connection_is_read_only(mid_game):
    from referee.store import GameStore

    with GameStore(mid_game, read_only=True) as store:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store._db.execute("insert into meta (key, value) values ('x', 'y')")


def _events(url: str, count: int, timeout: float = 5.0) -> list[dict]:
    events = []
    with urllib.request.urlopen(url + "events", timeout=timeout) as stream:
        for raw in stream:
            if raw.startswith(b"data: "):
                events.append(json.loads(raw[6:]))
                if len(events) == count:
                    return events
    return events


def _moves_in(game) -> int:
    import sqlite3

    with sqlite3.connect(game) as db:
        return db.execute("select count(*) from moves where undone = 0").fetchone()[0]


def test_the_server_is_read_only_and_sends_each_move_as_it_lands(mid_game):
    import threading

    before = _fingerprint(mid_game)
    server, url = serve_board(mid_game)
    try:
        assert url.startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(url).read().decode()
        assert all(f'data-player="{name}"' in page for name in ("Mara", "Ivo", "Jun", "Tess"))
        moves = json.loads(urllib.request.urlopen(url + "view.json").read())["move"]
        assert moves == _moves_in(mid_game)
        for method in ("POST", "PUT", "DELETE"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(urllib.request.Request(url, data=b"move=damage", method=method))
            assert refused.value.code == 405
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(url + "undo")
        assert _fingerprint(mid_game) == before  # reading, many times over, changed nothing

        got: list[dict] = []
        listener = threading.Thread(target=lambda: got.extend(_events(url, 2)))
        listener.start()
        referee(mid_game, "store", "ivo", "healing")
        listener.join(timeout=10)
        assert [e["move"] for e in got] == [moves, moves + 1]
        assert "Healing Draught" in got[1]["html"].split('data-player="Ivo"')[1].split("</article>")[0]
    finally:
        server.terminate()
        server.wait(timeout=10)
