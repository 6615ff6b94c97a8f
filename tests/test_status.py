"""`referee status`: the board in a few lines that fit 80 columns; settings and the file only with --verbose."""

from __future__ import annotations

import pytest
from rich.console import Console

import referee
from referee import game_display


@pytest.fixture
def game(tmp_path):
    with referee.Game.new(tmp_path / "g.sqlite", players=["Mara", "Ivo", "Jun", "Tess"], health=8, turn_actions=2,
                          stats={"Mara": {"Brawn": 2}}) as g:
        g.push("damage jun 7")
        g.push("gain-status ivo goblin")
        g.push('draw mara weapon "Rusty Sword of the Very Long Name" --melee')
        g.push("equip mara rusty")
        g.push("drop mara rusty")
        g.push("declare mara brawn --tn 12")
        yield g


def _status(game, *, verbose=False, width=80):
    console = Console(record=True, width=width, color_system="truecolor", force_terminal=True)
    game_display.print_status(console, game.state, game.path, verbose=verbose)
    return console


def test_status_fits_80_columns_in_at_most_12_lines_for_four_players(game):
    console = _status(game)
    lines = console.export_text().splitlines()
    assert len(lines) <= 12 and max(len(line) for line in lines) <= 80, lines
    text = "\n".join(lines)
    assert "Now: Brawn Check for Mara vs TN 12" in text and "Next: `referee roll mara D20`" in text
    assert "Goblin" in text and any(line.rstrip().endswith("…") for line in lines)  # a long mat is cut, not wrapped


def test_status_colours_health_by_danger(game):
    text = _status(game).export_text(styles=True)
    assert "\x1b[1;31m   1/8" in text  # Jun: a quarter of the Health Cap or less
    assert "\x1b[32m   8/8" in text


def test_status_terminal_board_and_web_page_colour_health_by_one_danger_scale(tmp_path):
    """Half the Health Cap is low, a quarter is critical, alike on `referee status` and both boards."""
    import io
    import re

    from referee.board.page import board_html
    from referee.board.terminal import render
    from referee.board.view import read_view

    with referee.Game.new(tmp_path / "h.sqlite", players=["Ana", "Bo", "Cy"], health=8, turn_actions=1) as g:
        g.push("damage bo 4")
        g.push("damage cy 6")
        status = _status(g).export_text(styles=True)
    view = read_view(tmp_path / "h.sqlite")
    console = Console(record=True, width=120, file=io.StringIO(), color_system="standard", force_terminal=True)
    console.print(render(view, 120))
    health_row = next(line for line in console.export_text(styles=True).splitlines() if "Health" in line)
    assert re.findall(r"\x1b\[([\d;]+)m +\d/8", status) == ["32", "33", "1;31"]  # green, yellow, bold red
    assert re.findall(r"\x1b\[(\d+)m█", health_row) == ["32", "33", "31"]
    assert re.findall(r'class="health (\w+)"', board_html(view)) == ["ok", "low", "critical"]


def test_status_shows_settings_and_the_file_only_when_verbose(game):
    quiet = _status(game).export_text()
    assert "Table settings" not in quiet and str(game.path) not in quiet
    loud = _status(game, verbose=True, width=200).export_text()
    assert "Table settings" in loud and str(game.path) in loud and "Stats Mara: Brawn +2" in " ".join(loud.split())


def test_status_after_the_game_ends_shows_no_turn(tmp_path):
    with referee.Game.new(tmp_path / "e.sqlite", players=["Ana", "Bo"], health=3, turn_actions=1) as g:
        g.push("damage bo 3")
        g.push("death bo removed")
        text = _status(g).export_text()
    assert text.startswith("GAME OVER: Ana won") and "Turn" not in text and "▶" not in text
