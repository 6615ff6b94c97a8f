"""`referee play`: the interactive session runs the same commands, with the same rulings, in one process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import referee
from referee.loot_and_inventory import patron_mat
from referee.cli import app
from referee.cli.session import Session, prompt_text, toolbar_text

runner = CliRunner()


def session(lines: list[str]):
    return runner.invoke(app, ["play"], input="\n".join(lines) + "\n")


def test_a_session_plays_moves_and_answers_like_the_command_line(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([
        f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}',
        "damage ivo 2",
        "referee gain mara 1 kaos",  # typing `referee` out of habit is fine
        "quit",
        "damage ivo 5",  # never read: the session ended
    ])
    assert result.exit_code == 0, result.output
    state = json.loads(runner.invoke(app, ["status", "--json", "--game", str(game)]).stdout)
    assert [p["health"] for p in state["players"]] == [8, 6]
    assert state["players"][0]["kaos"] == 1


def test_bad_lines_are_answered_and_the_session_goes_on(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([
        f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}',
        "bogus",
        '"unbalanced',
        "damage ivo -3",
        "kaos mara 1",  # refused: no Check
        "demo",
        "damage ivo 1",
    ])
    assert "No such command 'bogus'" in result.output
    assert "cannot read that line" in result.output
    assert "digits 0-9" in result.output
    assert "not available inside a session" in result.output
    assert "Traceback" not in result.output
    state = json.loads(runner.invoke(app, ["status", "--json", "--game", str(game)]).stdout)
    assert state["players"][1]["health"] == 7  # only the legal move changed the game
    assert result.exit_code == 0  # the last command decided it


def test_the_session_ends_with_the_last_commands_exit_code(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}', "kaos mara 1"])
    assert result.exit_code == 1


# --- at a terminal: prompt_toolkit ------------------------------------------------------------------------


@pytest.fixture
def table(current_game):
    """The current game: Mara placing an Iron Axe from her Loot Management Window."""
    current_game.push('draw mara weapon "Iron Axe" --melee')
    return current_game.path


def at_terminal(keys: str) -> int:
    """Type `keys` into a session as at a terminal (prompt_toolkit's pipe input; the screen itself discarded)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe:
        pipe.send_text(keys + "\x04")  # Ctrl-D: a session that did not end as the keys meant ends, never hangs
        return Session().run_terminal(input=pipe, output=DummyOutput())


def game_state(path):
    with referee.Game.open(path) as g:
        return g.state


def test_tab_completes_a_player_then_a_card_and_the_move_is_played(table):
    # "equip ma" Tab -> "equip mara"; " a" Tab: Iron Axe or Plot Armor (a word of each), Tab again picks the first
    assert at_terminal('equip ma\t a\t\t\rquit\r') == 0
    assert patron_mat(game_state(table), "Mara").melee == "Iron Axe"


def test_the_prompt_shows_the_turn_and_the_active_player_and_the_bar_what_is_pending(table):
    state = game_state(table)
    assert prompt_text(state) == "T1 Mara> "
    assert toolbar_text(state).strip() == "Loot Management Window for Mara: Iron Axe (new)"
    with referee.Game.open(table) as g:
        g.push("equip mara axe")
        g.push("end-turn --complete")
        state = g.state
    assert prompt_text(state) == "T2 Ivo> "
    assert toolbar_text(state).strip() == "Ivo's turn: 2 Turn Actions left; nothing pending"
    assert prompt_text(None) == "referee> "


def test_help_lists_the_commands_and_explains_one(table, capsys):
    assert at_terminal("help\r? equip\rquit\r") == 0
    out = capsys.readouterr().out
    assert "Moves: action" in out and "The game: new" in out and "The rules: ask" in out
    assert "end turn, next (end-turn)" in out.replace("\u00a0", " ")
    assert "Usage: referee equip" in out  # `? equip`: the command's own help


def test_what_players_say_runs_the_command(table):
    assert at_terminal('equip mara axe\rend turn\rnext\rquit\r') == 0
    assert game_state(table).turn == 3  # each ends a turn: nothing to record, so it completes


def test_a_single_close_name_is_used_when_the_table_says_y(table, capsys):
    assert at_terminal("equip mara iorn\ryquit\r") == 0
    assert patron_mat(game_state(table), "Mara").melee == "Iron Axe"
    assert 'did you mean Iron Axe?' in capsys.readouterr().err


def test_a_suggestion_is_offered_for_a_dry_run_too(table, capsys):
    assert at_terminal("equip mara iorn --dry-run --json\ryquit\r") == 0
    assert '"legal": true' in capsys.readouterr().out
    assert patron_mat(game_state(table), "Mara").melee is None  # only judged


def test_a_declined_suggestion_changes_nothing(table):
    assert at_terminal("equip mara iorn\rnquit\r") == 2
    assert patron_mat(game_state(table), "Mara").melee is None


def test_an_ambiguous_name_is_chosen_by_number(tmp_path, monkeypatch):
    path = tmp_path / "a.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(path))
    referee.Game.new(path, players=["Mara", "Marek"], health=10, turn_actions=2).close()
    assert at_terminal("damage mar 3\r2\rquit\r") == 0
    assert [p.health for p in game_state(path).players] == [10, 7]


def test_the_history_is_kept_between_sessions(table, referee_home):
    assert at_terminal("damage ivo 1\r\x04") == 0
    assert at_terminal("\x1b[A\r\x04") == 0  # Up: the last line of the last session, run again
    assert game_state(table).player("Ivo").health == 8
    assert "damage ivo 1" in (referee_home / "data" / "session-history").read_text()  # REFEREE_HOME's data folder


def test_piped_lines_get_help_and_what_players_say(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}', "help", "end turn",
                      "next"])
    assert result.exit_code == 0, result.output
    assert "Moves: action" in result.output
    assert "referee> end turn" in result.output  # a pipe's lines are echoed as typed
    state = json.loads(runner.invoke(app, ["status", "--json", "--game", str(game)]).stdout)
    assert state["turn"] == 3 and state["active_player"] == "Mara"  # two turns ended: nothing to record in either


def test_a_megabyte_line_is_refused_at_once_and_the_session_goes_on(tmp_path):
    game = tmp_path / "g.sqlite"
    result = session([f'new --players "Mara, Ivo" --health 8 --turn-actions 2 --game {game}',
                      "ask " + "x" * 1_000_000, "damage ivo 1"])
    assert "a line is at most 4,000" in result.output
    state = json.loads(runner.invoke(app, ["status", "--json", "--game", str(game)]).stdout)
    assert state["players"][1]["health"] == 7


def test_a_real_terminal_shows_the_prompt_completes_and_keeps_going(table, tmp_path):
    """`referee play` in a pseudo-terminal: prompt_toolkit draws the prompt and the bar, Tab completes."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # 30 rows, 100 columns
    env = dict(os.environ, TERM="xterm")
    process = subprocess.Popen([sys.executable, "-m", "referee", "play"], stdin=child, stdout=child, stderr=child,
                               env=env, cwd=tmp_path, close_fds=True)
    os.close(child)
    screen = b""

    def until(text: str | None, since: int = 0, timeout: float = 20.0) -> str:
        """Read the screen (answering cursor position requests) until it shows `text` after byte `since`, or (no
        text) until the session ends."""
        nonlocal screen
        end = time.monotonic() + timeout
        while (text.encode() not in screen[since:] if text else process.poll() is None) and time.monotonic() < end:
            if select.select([main], [], [], 0.2)[0]:
                try:
                    read = os.read(main, 65536)
                except OSError:
                    break
                for _ in range(read.count(b"\x1b[6n")):  # where is the cursor? (a terminal answers; so do we)
                    os.write(main, b"\x1b[1;1R")
                screen += read
        assert text is None or text.encode() in screen[since:], screen.decode(errors="replace")[-2000:]
        return screen.decode(errors="replace")

    try:
        until("T1 Mara>")
        until("g · Loot Management Window for Mara")  # the bottom bar: the session's game (g.sqlite), what is pending
        os.write(main, b"equip ma\t")
        until("equip mara")
        os.write(main, b' "Iron\t\r')
        until("LEGAL")
        until("T1 Mara>", since=screen.index(b"LEGAL"))  # the next prompt
        os.write(main, b"\x04")
        until(None)
        assert process.wait(timeout=5) == 0
    finally:
        process.kill() if process.poll() is None else None
        os.close(main)
    assert patron_mat(game_state(table), "Mara").melee == "Iron Axe"


# --- a session keeps its game (issue 22) --------------------------------------------------------------------------


class _Lines:
    """Piped lines; before the line numbered `at`, `elsewhere()` runs (another terminal, meanwhile)."""

    def __init__(self, lines: list[str], at: int, elsewhere):
        self.lines, self.at, self.elsewhere, self.read = list(lines), at, elsewhere, 0

    def readline(self) -> str:
        if self.read == self.at:
            self.elsewhere()
        self.read += 1
        return self.lines[self.read - 1] + "\n" if self.read <= len(self.lines) else ""


def test_a_session_stays_on_its_game_when_another_terminal_starts_a_copy(tmp_path, referee_home, capsys):
    """`referee new --position ... --name night-copy` in another terminal makes the copy current; the open session
    says so and goes on playing its own game."""
    env = dict(os.environ, REFEREE_HOME=str(referee_home))
    assert subprocess.run([sys.executable, "-m", "referee", "new", "--players", "Mara, Ivo", "--health", "8",
                           "--turn-actions", "2", "--name", "night"], env=env, capture_output=True).returncode == 0
    night = referee_home / "data" / "games" / "night.sqlite"
    position = tmp_path / "table.toml"
    position.write_text('format = "referee-position/1"\n[settings]\nplayers = ["Mara", "Ivo"]\nhealth = 8\n'
                        'turn_actions = 2\n', encoding="utf-8")

    def copy_elsewhere():
        done = subprocess.run([sys.executable, "-m", "referee", "new", "--position", str(position), "--name",
                               "night-copy"], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr

    lines = _Lines(["damage ivo 1", "damage ivo 2", "status"], at=1, elsewhere=copy_elsewhere)
    assert Session().run_piped(lines) == 0
    out = capsys.readouterr().out
    assert ("Note: the current game is now night-copy (changed elsewhere); this session stays on night. "
            "`games use night-copy` moves it there.") in out
    assert out.count("Note: the current game") == 1  # said once
    assert game_state(night).player("Ivo").health == 5  # both moves on the session's game
    assert game_state(referee_home / "data" / "games" / "night-copy.sqlite").player("Ivo").health == 8


def test_a_sessions_own_new_and_games_use_move_it(referee_home):
    games = referee_home / "data" / "games"
    result = session(['new --players "Mara, Ivo" --health 8 --turn-actions 2 --name one', "damage ivo 1",
                      'new --players "Ana, Bo" --health 6 --turn-actions 2 --name two', "damage bo 1",
                      "games use one", "damage ivo 1"])
    assert result.exit_code == 0, result.output
    assert "Note: the current game" not in result.output  # the session moved itself: nothing changed elsewhere
    assert game_state(games / "one.sqlite").player("Ivo").health == 6
    assert game_state(games / "two.sqlite").player("Bo").health == 5  # `new` made its own file, not over one's


def test_the_bar_names_the_sessions_game(table):
    state = game_state(table)
    assert toolbar_text(state, "night").strip() == "night · Loot Management Window for Mara: Iron Axe (new)"
