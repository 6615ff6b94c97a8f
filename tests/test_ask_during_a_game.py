"""`referee ask` during a game (issue 22): the first line never contradicts the rules answer.

A question gets a "Now:" line (the move it names, judged on the current game as a dry run) only when it really
names a move of a known Player: a Player by name, or "I" (the Active Player); asked as "can / may / allowed";
about nothing more than that move (no "on a contested check", no "when I put on a helmet", no "a nat 1"). Every
other question is a rules question: its first line is the rules answer. When the move is refused now but the rules
answer says yes in general (or the other way round), the first line says both and why
("In general yes; not now: ...").

The questions below are asked in several voices (first person, by name, "you", "a player", slang, capitals) on two
positions of one mid-game table: Dee rolling a Brawn Check, and Dee's turn with nothing pending.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()

POSITION = """
format = "referee-position/1"
[settings]
players = ["Ana", "Bram", "Cara", "Dee"]
health = 10
turn_actions = 2
reroll_supply = 6
[game]
turn = 4
active = "Dee"
[players.Ana]
kaos = 1
backpack = { 1 = "Healing Potion" }
[players.Bram]
reroll_tokens = 1
melee = "Rusty Sword"
[players.Cara]
health = 7
[players.Dee]
kaos = 2
reroll_tokens = 1
backpack = { 1 = "Iron Helm", 2 = "Iron Axe" }
[cards]
"Iron Helm" = { type = "armor", defense = 1 }
"Iron Axe" = { type = "weapon", melee = true }
"Rusty Sword" = { type = "weapon", melee = true }
"Healing Potion" = { type = "common", consumable = true }
"""

GENERAL = None  # a rules question: no Now line, whatever the game

# Dee rolling: Brawn Check vs TN 12, 9 on the die (held); Dee holds 2 Kaos and 1 Reroll Token.
ROLLING = [
    # rules questions, in several voices
    ("can i spend kaos on a contested check", GENERAL),
    ("do i lose plot armor when i put on a helmet", GENERAL),
    ("can you reroll a natural 1", GENERAL),
    ("if I reroll a nat 20 do I still get the kaos", GENERAL),
    ("can a player store plot armor in the backpack", GENERAL),
    ("what happens when you gear swap", GENERAL),
    ("can players discard loot on someone else's turn", GENERAL),
    ("can you spend kaos after the roll", GENERAL),
    ("how many reroll tokens can i hold", GENERAL),
    ("does equipping armor get rid of plot armor", GENERAL),
    ("is it legal to use a potion during another players turn", GENERAL),
    ("can i heal above my max health", GENERAL),
    ("when can you pickpocket", GENERAL),
    ("can dee reroll her nat 1", GENERAL),
    ("do zombies get to reroll", GENERAL),
    ("should i spend kaos or reroll", GENERAL),
    ("can Bram equip two weapons", GENERAL),
    ("can someone reroll", GENERAL),
    # questions that name a move of a known Player: (the move read, legal now)
    ("can dee reroll now", ("reroll Dee", True)),
    ("can I reroll", ("reroll Dee", True)),
    ("can bram reroll", ("reroll Bram", False)),
    ("can dee spend kaos on this roll", ("kaos Dee 1", True)),
    ("can i burn 2 kaos", ("kaos Dee 2", True)),
    ("can I spend 3 kaos", ("kaos Dee 3", False)),
    ("can ana spend kaos on dee's check", ("kaos Ana 1", False)),
    ("can dee equip the iron helm now", ("equip Dee helm", False)),
    ("can cara discard her plot armor", ("discard Cara plot", False)),
    ("can ana drink her healing potion", ("use Ana healing", False)),
    ("can bram pickpocket ana's potion", ("pickpocket Bram Ana potion", False)),
    ("can Dee gear swap the axe in", ("gear-swap Dee axe", False)),
    ("can I end my turn", ("end-turn", False)),
    ("yo can dee use a reroll token here", ("reroll Dee", True)),
    ("is dee allowed to reroll", ("reroll Dee", True)),
    ("am i allowed to spend kaos right now", ("kaos Dee 1", True)),
    ("can i swap my axe in rn", ("gear-swap Dee axe", False)),
    ("CAN DEE SPEND 2 KAOS??", ("kaos Dee 2", True)),
]

# The Check resolved: Dee's turn, nothing pending.
DEE_TURN = [
    ("can i store plot armor in my bag", ("store Dee plot", False)),
    ("can ana discard her potion", ("discard Ana potion", False)),
    ("can dee equip the helm", ("equip Dee helm", False)),  # Stored Loot is Equipped by a Gear Swap
    ("can dee gear swap the helm in", ("gear-swap Dee helm", True)),
    ("do I lose my plot armor if I equip the helm", GENERAL),
    ("can you discard on another player's turn", GENERAL),
    ("can I reroll", ("reroll Dee", False)),
]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """One rules database for the module (building it is not what is tested) and the two positions' game files."""
    import os

    import referee

    home = tmp_path_factory.mktemp("ask-game-home")
    old = os.environ.get("REFEREE_HOME")
    os.environ["REFEREE_HOME"] = str(home)
    folder = tmp_path_factory.mktemp("ask-games")
    position = folder / "table.toml"
    position.write_text(POSITION, encoding="utf-8")
    paths = {}
    for name, moves in (("rolling", ["declare dee brawn --tn 12", "roll dee 9 --hold"]),
                        ("dee-turn", ["declare dee brawn --tn 12", "roll dee 9 --hold", "resolve"])):
        paths[name] = folder / f"{name}.sqlite"
        with referee.Game.new(paths[name], position=position) as game:
            for move in moves:
                game.push(move)
    yield home, paths
    if old is None:
        os.environ.pop("REFEREE_HOME", None)
    else:
        os.environ["REFEREE_HOME"] = old


def _ask(games, monkeypatch, position: str, question: str):
    home, paths = games
    monkeypatch.setenv("REFEREE_HOME", str(home))
    monkeypatch.setenv("COLUMNS", "250")
    text = runner.invoke(app, ["ask", question, "--game", str(paths[position])])
    data = runner.invoke(app, ["ask", question, "--game", str(paths[position]), "--json"])
    assert text.exit_code == 0 and data.exit_code == 0, text.output
    return text.stdout.splitlines()[0], json.loads(data.stdout)


def _check_first_line(first: str, data: dict, expected) -> None:
    now, answer = data["now"], data["answer"]
    if expected is GENERAL:
        assert now is None, f"a rules question got a Now line: {first}"
        assert not first.startswith(("Now:", "In general")), first
        return
    move, legal = expected
    assert now is not None and (now["move"], now["legal"]) == (move, legal), now
    general = answer["verdict"] if answer else None
    if general is None or (general == "Yes") == legal:
        assert first.startswith("Now: yes" if legal else "Now: no"), first
    else:  # the move now and the rule in general differ: both, and why
        assert first.startswith(f"In general {general.lower()}; " + ("now yes: " if legal else "not now: ")), first


@pytest.mark.parametrize(("question", "expected"), ROLLING, ids=[q for q, _ in ROLLING])
def test_the_first_line_answers_the_question_asked_during_a_check(games, monkeypatch, question, expected):
    _check_first_line(*_ask(games, monkeypatch, "rolling", question), expected)


@pytest.mark.parametrize(("question", "expected"), DEE_TURN, ids=[q for q, _ in DEE_TURN])
def test_the_first_line_answers_the_question_asked_on_a_turn(games, monkeypatch, question, expected):
    _check_first_line(*_ask(games, monkeypatch, "dee-turn", question), expected)


def test_now_and_in_general_differ_and_the_first_line_says_both_and_why(games, monkeypatch):
    """Kaos may be spent after a d20 Check is rolled (01 KAOS), but not by Ana on Dee's Check. Which of Kaos's two
    "may" sentences the lookup quotes first for this question moves with its training rows (since fresh24 to
    fresh26 joined them, "Kaos may only be spent on d20 Checks.", from which no verdict is read), so the rules
    answer "Yes" is given here and the move is the one the game judges."""
    from types import SimpleNamespace

    from rich.console import Console

    from referee.ask_display import _now_line

    first, data = _ask(games, monkeypatch, "rolling", "can ana spend kaos on dee's check")
    now = SimpleNamespace(**data["now"])
    assert (now.move, now.legal) == ("kaos Ana 1", False)
    console = Console(width=250, record=True)
    console.print(_now_line(now, "Yes"))
    shown = console.export_text().splitlines()[0]
    assert shown.startswith("In general yes; not now: Ana is not rolling in Brawn Check for Dee vs TN 12"), shown
    general = data["answer"]["verdict"] if data["answer"] else None
    assert first.startswith("In general yes; not now:" if general == "Yes" else "Now: no"), first
