"""`referee ask`: quoted answers, a JSON shape other tools read, and documented exit codes.

Exit codes: 0 found, 1 nothing matches (or no such section key), 2 a question that cannot be
looked up (empty, only punctuation or common words, too long) or an ambiguous key.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from referee.records import encode
from referee.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def shared_home(tmp_path_factory):
    return tmp_path_factory.mktemp("ask-home")


@pytest.fixture(autouse=True)
def referee_home(shared_home, monkeypatch):
    # One rules database and index for the whole module: building them is not what is tested here.
    monkeypatch.setenv("REFEREE_HOME", str(shared_home))
    monkeypatch.delenv("REFEREE_GAME", raising=False)
    return shared_home


def ask(*args: str):
    return runner.invoke(app, ["ask", *args])


def test_ask_json_ranks_plot_armor_first_for_storing_it_in_the_backpack():
    result = ask("can I store plot armor in my backpack", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"query", "results", "missing_documents", "answer", "answers", "now"}
    assert data["now"] is None  # no game going
    assert data["answer"] == {
        "verdict": "No",
        "text": "Plot Armor may not be stored in the Backpack unless a rule specifically states otherwise.",
        "key": "08_LOOT_AND_INVENTORY > PLOT_ARMOR",
    }
    assert data["query"] == "can I store plot armor in my backpack"
    assert data["results"][0]["key"] == "08_LOOT_AND_INVENTORY > PLOT_ARMOR"
    first = data["results"][0]
    assert set(first) == {"key", "doc_id", "section_id", "title", "score", "quotes"}
    assert "Plot Armor may not be stored in the Backpack unless a rule specifically states otherwise." in first["quotes"]


def test_the_answer_line_leads_the_text_output_with_its_key():
    result = ask("can I store plot armor in my backpack", "--limit", "1")
    assert result.exit_code == 0, result.output
    first = " ".join(result.output.split("\n\n")[0].split())
    assert first == (
        "No: Plot Armor may not be stored in the Backpack unless a rule specifically states otherwise."
        "  (08_LOOT_AND_INVENTORY > PLOT_ARMOR)".replace("  ", " ")
    )
    # Without a yes/no or how-many question there is no line: the section comes first.
    assert ask("gear swap", "--limit", "1").output.startswith("08_LOOT_AND_INVENTORY > GEAR_SWAP")


def test_bare_words_ask_the_same_as_one_quoted_question():
    quoted = json.loads(ask("gear swap once per turn", "--json").stdout)
    bare = json.loads(ask("gear", "swap", "once", "per", "turn", "--json").stdout)
    assert [r["key"] for r in quoted["results"]] == [r["key"] for r in bare["results"]]


def test_limit_caps_the_number_of_sections():
    data = json.loads(ask("discard loot", "--json", "--limit", "2").stdout)
    assert len(data["results"]) == 2
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_text_answer_quotes_the_rule_and_names_the_section():
    result = ask("can I store plot armor in my backpack")
    assert result.exit_code == 0
    assert "08_LOOT_AND_INVENTORY > PLOT_ARMOR" in result.stdout
    assert "may not be stored in the Backpack" in result.stdout


def test_text_answer_says_plainly_when_the_rule_is_in_a_missing_document():
    result = ask("dungeon bomb loot", "-n", "1")
    assert result.exit_code == 0
    assert "Dungeon Bombs are defined in 07_DUNGEON_BOMBS, which is not loaded." in result.stdout


def test_rule_text_with_brackets_is_printed_verbatim_not_as_markup():
    result = ask("END_OF_TURN_PROCESS")
    assert result.exit_code == 0
    assert "[TURN_ACTION_REFUND]" in result.stdout


@pytest.mark.parametrize("key", ["PLOT_ARMOR", "08 > gear swap"])
def test_direct_key_shows_that_section(key):
    data = json.loads(ask(key, "--json").stdout)
    assert len(data["results"]) == 1
    assert data["results"][0]["section_id"] in {"PLOT_ARMOR", "GEAR_SWAP"}


def test_unknown_section_key_exits_1_with_did_you_mean():
    result = ask("08 > gear swp")
    assert result.exit_code == 1
    assert "08_LOOT_AND_INVENTORY > GEAR_SWAP" in result.stderr


def test_nothing_matches_exits_1_and_offers_closest_titles():
    result = ask("xylophone")
    assert result.exit_code == 1
    assert "Nothing in the loaded rules matches" in result.stdout
    assert "Closest sections:" in result.stdout
    data = json.loads(ask("xylophone", "--json").stdout)
    assert data["results"] == []


@pytest.mark.parametrize(
    "args",
    [[], [""], ["?!"], ["*"], ["**"], ["("], ["AND OR NOT"], ["kaos " * 2000]],
    ids=["none", "empty", "punctuation", "star", "double-star", "paren", "boolean-words", "10000-chars"],
)
def test_questions_that_cannot_be_looked_up_exit_2_without_a_traceback(args):
    result = ask(*args)
    assert result.exit_code == 2, result.output
    assert "cannot look that up" in result.stderr
    assert "Traceback" not in result.output
    data = json.loads(ask(*args, "--json").stdout)
    assert data["exit_code"] == 2


@pytest.mark.parametrize("question", ["title:", '"unbalanced', "plot AND armor", "(reroll", "kaos*"])
def test_query_syntax_is_answered_as_words(question):
    result = ask(question, "--json")
    assert result.exit_code in (0, 1), result.output
    json.loads(result.stdout)


def test_bad_limit_is_a_usage_error():
    assert ask("kaos", "--limit", "0").exit_code == 2


def test_undecodable_bytes_in_argv_are_refused_naming_the_question_in_a_real_process(shared_home):
    # Bytes that are not UTF-8 in argv are refused at the door (issue 25), in a real process where the shell's
    # bytes reach Python as lone surrogates: a clear usage error naming the argument, never a traceback.
    env = dict(os.environ, REFEREE_HOME=str(shared_home))
    proc = subprocess.run(
        [sys.executable, "-m", "referee", "ask", b"plot armor \xff\xfe backpack", "--json"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    assert b"'question'" in proc.stderr and b"not UTF-8" in proc.stderr
    assert proc.stdout == b""
    assert b"Traceback" not in proc.stderr


_FROZEN_AFTER = """
import gc, io, json, sys, contextlib
from referee.cli import main
from referee.cli.run import invoke
if sys.argv[1] == "session":
    with contextlib.redirect_stdout(io.StringIO()):
        invoke(["ask", "plot armor", "--json"])
else:
    sys.argv = ["referee", "ask", "plot armor", "--json"]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            main()
    except SystemExit:
        pass
print(gc.get_freeze_count())
"""


@pytest.mark.parametrize("how, frozen", [("console script", True), ("session", False)])
def test_the_console_scripts_ask_leaves_its_objects_to_the_process_end_and_a_session_never(shared_home, how, frozen):
    # The console script's process ends with the command: its last garbage collection would only walk the open
    # index (referee/cli/rules.py). A session (`referee play`) goes on, and its garbage is collected as ever.
    env = dict(os.environ, REFEREE_HOME=str(shared_home))
    proc = subprocess.run([sys.executable, "-c", _FROZEN_AFTER, how], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (int(proc.stdout.split()[-1]) > 0) is frozen


# --- questions that know the game (a dry run of the move a question names) ---------------------------------


def test_a_move_question_is_judged_on_the_current_game_and_changes_nothing(tmp_path):
    import referee

    path = tmp_path / "t.sqlite"
    with referee.Game.new(path, players=["Mara", "Bram"], health=8, turn_actions=2) as game:
        game.push("declare mara brawn --tn 12")
        game.push("roll mara 5 --hold")
        before = (len(game.history()), encode(game.state))
    result = ask("can bram reroll now", "--game", str(path), "--json")
    assert result.exit_code == 0, result.output
    now = json.loads(result.stdout)["now"]
    assert now == {"move": "reroll Bram", "legal": False, "reason": "Bram is not rolling in Brawn Check for Mara vs TN 12",
                   "key": "01_CORE_CONCEPTS > CONTESTED_CHECKS", "self_is": ""}
    mine = json.loads(ask("can I reroll", "--game", str(path), "--json").stdout)["now"]
    assert (mine["move"], mine["legal"], mine["self_is"]) == ("reroll Mara", False, "Mara")
    assert mine["reason"] == "Mara holds no Reroll Token"
    with referee.Game.open(path) as game:
        after = (len(game.history()), encode(game.state))
    assert after == before


def test_a_question_naming_no_move_or_no_game_has_no_ruling_and_a_missing_game_file_is_bad_input(tmp_path):
    assert json.loads(ask("can I reroll", "--json").stdout)["now"] is None  # no game going
    assert json.loads(ask("what is kaos", "--game", str(tmp_path / "none.sqlite"), "--json").stdout)["now"] is None
    result = ask("can I reroll", "--game", str(tmp_path / "none.sqlite"), "--json")
    assert result.exit_code == 2
