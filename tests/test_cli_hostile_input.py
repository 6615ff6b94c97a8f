"""Input found by probing that used to end in a traceback or the wrong game: each is now a clear message and a
documented exit code, and changes nothing it should not. Real processes: argv bytes, REFEREE_HOME and the
current-game pointer are what a shell hands the referee."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def referee(*args, home: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, REFEREE_HOME=os.fsencode(home).decode("utf-8", "surrogateescape"), COLUMNS="100")
    env.pop("REFEREE_GAME", None)
    argv = [sys.executable, "-m", "referee", *(a if isinstance(a, bytes) else str(a).encode() for a in args)]
    return subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, input=stdin)


def clean(result, *codes) -> str:
    """stderr of a run that exited with one of `codes` and printed no traceback."""
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode in codes, (result.returncode, err[-800:])
    assert b"Traceback" not in result.stderr + result.stdout, err[-800:]
    return err


def new_game(path, home, *extra) -> subprocess.CompletedProcess:
    return referee("new", "--players", "Ann, Ben", "--health", "5", "--turn-actions", "2", "--game", path, *extra,
                   home=home)


@pytest.fixture
def game(tmp_path, referee_home) -> Path:
    path = tmp_path / "g.sqlite"
    clean(new_game(path, referee_home), 0)
    return path


@pytest.mark.parametrize("words, named", [
    (["action", "ann", b"Open\xffChest"], "'ACTION'"),
    (["action", "ben", "Move", "--override", b"card says so \xff\xfe"], "'--override'"),
    (["damage", "ann", "1", "--source", b"Spike \xff"], "'--source'"),
    (["gain", b"\xffann", "1", "kaos"], "'PLAYER'"),
])
def test_text_that_is_not_utf8_is_refused_at_the_door_naming_the_argument(game, referee_home, words, named):
    """Undecodable text could not be shown, stored or written again (export, the board): refused, exit 2, the game
    file untouched."""
    before = game.read_bytes()
    err = clean(referee(*words, "--game", game, home=referee_home), 2)
    assert named in err and "not UTF-8" in err and "\\xff" in err
    assert game.read_bytes() == before


def test_a_new_game_with_players_that_are_not_utf8_is_refused_and_not_made(tmp_path, referee_home):
    path = tmp_path / "g.sqlite"
    err = clean(referee("new", "--players", b"Ann, B\xffo", "--health", "5", "--turn-actions", "2", "--game", path,
                        home=referee_home), 2)
    assert "'--players'" in err and not path.exists()


def test_a_play_session_line_that_is_not_utf8_is_refused_and_the_session_goes_on(game, referee_home):
    before = game.read_bytes()
    result = referee("play", "--game", game, home=referee_home,
                     stdin=b"action ann Open\xffChest\nstatus --json\n")
    err = clean(result, 0)  # the last line's code: status ran after the refusal
    assert "'ACTION'" in err and "not UTF-8" in err
    assert json.loads(result.stdout.decode().split("referee> status --json\n", 1)[1])["turn"] == 1
    assert game.read_bytes() == before


def test_a_position_file_that_is_not_utf8_is_refused_naming_the_file(tmp_path, referee_home):
    position = tmp_path / "p.toml"
    position.write_bytes(b'[game]\nturn = 1\n\n[players."B\xffo"]\nhealth = 3\n')
    err = clean(referee("new", "--position", position, "--game", tmp_path / "g.sqlite", home=referee_home), 2)
    assert str(position) in err and "not UTF-8" in err and not (tmp_path / "g.sqlite").exists()


@pytest.mark.parametrize("command", [["status"], ["status", "--json"], ["history"], ["damage", "ann", "1"]])
def test_a_game_path_with_bytes_that_are_not_utf8_is_named_not_raised(tmp_path, referee_home, command):
    path = os.fsencode(tmp_path) + b"/g\xff\xfe.sqlite"
    err = clean(referee(*command, "--game", path, home=referee_home), 2)
    assert "no game file" in err + referee(*command, "--game", path, home=referee_home).stdout.decode()
    clean(new_game(path, referee_home), 0)
    clean(referee(*command, "--game", path, home=referee_home), 0)
    clean(referee(*command, home=referee_home), 0)  # the current-game pointer holds the same bytes


def test_a_game_path_with_a_trailing_space_is_the_game_later_commands_use(tmp_path, referee_home):
    spaced, plain = tmp_path / "g.sqlite ", tmp_path / "g.sqlite"
    clean(new_game(plain, referee_home), 0)
    clean(new_game(spaced, referee_home), 0)  # now the current game
    clean(referee("damage", "ann", "2", home=referee_home), 0)
    health = {p: json.loads(referee("status", "--json", "--game", p, home=referee_home).stdout)["players"][0]["health"]
              for p in (spaced, plain)}
    assert health == {spaced: 3, plain: 5}


def test_a_new_game_inside_a_path_that_is_a_file_is_bad_input(tmp_path, referee_home):
    (tmp_path / "f").write_text("a file, not a folder")
    err = clean(new_game(tmp_path / "f" / "x.sqlite", referee_home), 2)
    assert str(tmp_path / "f" / "x.sqlite") in err


def test_referee_home_that_is_a_file_still_answers_and_says_what_it_cannot_keep(tmp_path):
    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    clean(referee("rules", "list", home=home), 0)  # the rules are built in a private folder instead
    clean(referee("ask", "plot armor in my backpack", home=home), 0)
    err = clean(referee("new", "--players", "Ann, Ben", "--health", "5", "--turn-actions", "2", home=home), 2)
    assert "cannot create a game file" in err
    err = clean(new_game(tmp_path / "elsewhere.sqlite", home), 0)  # made; only the current-game pointer cannot be
    assert "pass --game" in err
    assert home.read_text() == "a file, not a folder"


def _unshare_available() -> bool:
    return bool(shutil.which("unshare")) and subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _unshare_available(), reason="needs `unshare -rm` to mount a folder read-only")
def test_referee_home_on_a_read_only_file_system_still_answers(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    python = f"cd {shlex.quote(str(ROOT))} && REFEREE_HOME={shlex.quote(str(home))} {shlex.quote(sys.executable)} -m referee"
    script = (f"mount --bind -o ro {shlex.quote(str(home))} {shlex.quote(str(home))} && "
              f"{python} rules list >/dev/null; echo \"exit $?\"; {python} ask plot armor >/dev/null; echo \"exit $?\"")
    result = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True)
    assert result.stdout.split() == ["exit", "0", "exit", "0"], result.stderr[-800:]
    assert "Traceback" not in result.stderr


def test_a_rule_document_whose_name_fills_the_file_system_limit_is_added(tmp_path, referee_home):
    document = tmp_path / ("d" * 251 + ".txt")
    text = (ROOT / "rulesdb" / "data" / "003_a3f3c053645d401f.txt").read_text(encoding="utf-8")
    document.write_text(text.replace("01_CORE_CONCEPTS", "99_CORE_COPY"), encoding="utf-8")
    clean(referee("rules", "add", document, home=referee_home), 0)
    assert "99_CORE_COPY" in referee("rules", "list", "--json", home=referee_home).stdout.decode()


def test_a_megabyte_line_in_play_is_refused_before_it_is_read(game, referee_home):
    lines = b"status --json\n" + b"damage ann 1 " + b"x" * 1_000_000 + b"\nstatus --json\n"
    result = referee("play", "--game", game, home=referee_home, stdin=lines)
    err = clean(result, 0)
    assert "1,000,013 characters" in err and len(result.stdout) < 20_000  # neither echoed nor split
    assert json.loads(referee("status", "--json", "--game", game, home=referee_home).stdout)["players"][0]["health"] == 5


LONG_NAME = "9" * 300  # a file name the file system refuses (over 255 bytes): found by bench/stress/fuzz.py


@pytest.mark.parametrize("command", [
    ["status", "--game", LONG_NAME], ["damage", "ann", "1", "--game", LONG_NAME], ["history", "--game", LONG_NAME],
    ["new", "--players", "Ann, Ben", "--health", "5", "--turn-actions", "2", "--game", LONG_NAME],
    ["rules", "add", LONG_NAME], ["board", "--svg", LONG_NAME], ["board", "--html", "/"], ["board", "--svg", "."],
    ["games", "use", "²"], ["games", "use", "9" * 5000],
], ids=lambda c: " ".join(w[:12] for w in c))
def test_a_name_the_file_system_refuses_or_an_odd_numeral_is_bad_input(game, referee_home, tmp_path, command):
    err = clean(referee(*command, home=referee_home), 2)
    assert err.startswith("referee: ")
