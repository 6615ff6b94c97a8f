"""The README's "A first game" shows what really prints (issue 22).

The block is run as a new user would type it, at 80 columns, in a fresh home. Each comment is what its command
prints: split at "..." (the text the README skips), every piece must appear in that command's output (case and
line wrapping aside). A comment describing text that does not print fails here, whatever the rulings print next.
Every command succeeds (exit 0) but one whose comment says it is REFUSED (exit 1). `board --serve` runs as a server
of its own on a free port (`--port 0`) and stops when it has printed its address.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"


def first_game() -> list[tuple[list[str], str]]:
    """(the command's words after `referee`, its comment) for each line of the README's first-game block."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## A first game"):]
    start = section.index("```sh\n") + len("```sh\n")
    block = section[start:section.index("\n```", start)]
    lines = []
    for line in block.splitlines():
        code, comment = _split_comment(line)
        words = shlex.split(code)
        assert words[0] == "referee", line
        lines.append((words[1:], comment))
    return lines


def _split_comment(line: str) -> tuple[str, str]:
    """The command and its comment: the text after the first `#` outside quotes ("" when none)."""
    quote = ""
    for at, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (at == 0 or line[at - 1].isspace()):
            return line[:at], line[at + 1:].strip()
    return line, ""


def _plain(text: str) -> str:
    """Text as read: one space for any run of spaces and line breaks (rich wraps at 80 columns), straight quotes."""
    text = text.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"}))
    return " ".join(text.split()).casefold()


def pieces(comment: str) -> list[str]:
    return [p.strip() for p in re.split(r"\.\.\.|…", comment) if p.strip()]


def _serve(words: list[str]) -> tuple[int, str]:
    """`referee board --serve` in its own process, on a free port: what it prints before it waits for browsers."""
    server = subprocess.Popen([sys.executable, "-m", "referee", *words, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=dict(os.environ))
    out = []
    try:
        for line in server.stdout:
            out.append(line)
            if "Ctrl-C stops the server" in line:
                break
    finally:
        server.terminate()
        server.wait(timeout=10)
    return (0 if out and "Ctrl-C stops the server" in out[-1] else 1), "".join(out)


def test_the_first_game_block_is_read_whole():
    lines = first_game()
    assert [words[0] for words, _ in lines] == ["new", "draw", "equip", "declare", "roll", "discard", "end-turn",
                                                "damage", "options", "ask", "undo", "board"]
    assert all(comment for words, comment in lines if words[0] != "new")
    assert "--lan" not in lines[-1][0]  # the block's board is this machine's; --lan is the choice shown after it


def test_each_comment_of_a_first_game_is_what_its_command_prints(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    runner = CliRunner()
    wrong, lines = [], first_game()
    assert lines
    for words, comment in lines:
        if "--lan" in words:  # a test never serves the local network
            wrong.append(f"`referee {' '.join(words)}`: the block's board is this machine's (--lan is shown after it)")
            continue
        if "--serve" in words:
            code, output = _serve(words)
        else:
            result = runner.invoke(app, words)
            code, output = result.exit_code, result.output
        shown = shlex.join(["referee", *words])
        expected = 1 if comment.upper().startswith("REFUSED") else 0
        if code != expected:
            wrong.append(f"`{shown}` exited {code}, not {expected}:\n{output}")
        for piece in pieces(comment):
            if _plain(piece) not in _plain(output):
                wrong.append(f"`{shown}`: the README says {piece!r}, which it does not print:\n{output}")
    assert not wrong, "\n\n".join(wrong)


@pytest.mark.parametrize(("comment", "expected"), [
    ("Undone: #6 damage Jun 4", ["Undone: #6 damage Jun 4"]),
    ("Mara draws Bone Pauldron ... a Loot Management Window", ["Mara draws Bone Pauldron", "a Loot Management Window"]),
    ("No: Plot Armor may not be stored in the Backpack ...", ["No: Plot Armor may not be stored in the Backpack"]),
])
def test_a_comment_is_read_as_the_pieces_of_output_it_quotes(comment, expected):
    assert pieces(comment) == expected
    assert _split_comment(f'referee ask "a # b"   # {comment}') == ('referee ask "a # b"   ', comment)
