"""`referee rules ...`: thin commands over the rules database, with JSON other tools rely on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import MISSING_DOCUMENTS
from referee.cli import app
from rulesdb.build import bundled_sources

runner = CliRunner()
README = Path(__file__).resolve().parent.parent / "README.md"


def run(*args: str):
    return runner.invoke(app, list(args))


def test_rules_show_json_returns_every_statement_verbatim_with_its_key():
    result = run("rules", "show", "PLOT_ARMOR", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["key"] == "08_LOOT_AND_INVENTORY > PLOT_ARMOR"
    assert (data["doc_id"], data["section_id"], data["title"]) == ("08_LOOT_AND_INVENTORY", "PLOT_ARMOR", "Plot Armor")
    source = next(p for p in bundled_sources() if p.read_text().startswith("File ID\n08_")).read_text()
    block = source[source.index("SECTION_ID: PLOT_ARMOR") : source.index("SECTION_ID: OPEN_CHEST_LOOT")]
    expected = [line for line in block.splitlines()[2:] if line != "Rule"]
    rules = [s["text"] for s in data["statements"] if s["kind"] == "rule"]
    assert rules == expected
    assert all({"n", "kind", "text"} <= set(s) for s in data["statements"])
    assert any(r["to"] == "06_COMBAT_ENCOUNTER" and not r["loaded"] for r in data["references"])


def test_rules_list_json_names_the_seven_documents_not_loaded():
    result = run("rules", "list", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["missing_documents"] == MISSING_DOCUMENTS
    assert {d["doc_id"]: d["sections"] for d in data["documents"]} == {
        "01_CORE_CONCEPTS": 21,
        "02_GAME_STRUCTURE": 13,
        "08_LOOT_AND_INVENTORY": 37,
        "10_RANDOM_ENCOUNTERS": 18,
    }


def test_rules_list_text_shows_documents_and_missing_ones():
    result = run("rules", "list")
    assert result.exit_code == 0
    assert "01_CORE_CONCEPTS" in result.stdout and "09_DEATH_AND_VICTORY" in result.stdout


def test_rules_show_ambiguous_key_lists_the_choices():
    result = run("rules", "show", "VARIABLES")
    assert result.exit_code == 2  # like an ambiguous Player name: the table must say which
    assert "01_CORE_CONCEPTS > VARIABLES" in result.stderr and "02_GAME_STRUCTURE > VARIABLES" in result.stderr


def test_rules_show_unknown_key_suggests_the_nearest():
    result = run("rules", "show", "GEAR_SWAPP", "--json")
    assert result.exit_code == 1
    assert "08_LOOT_AND_INVENTORY > GEAR_SWAP" in json.loads(result.stdout)["error"]


def test_rules_show_text_quotes_the_section():
    result = run("rules", "show", "08 > gear swap")
    assert result.exit_code == 0
    assert "Gear Swap is a Free Action." in result.stdout
    assert "05_ACTIONS (not loaded)" in result.stdout


def test_rules_show_prints_bracketed_rule_text_literally_not_as_markup():
    result = run("rules", "show", "END_OF_TURN_PROCESS")
    assert result.exit_code == 0
    assert "[TURN_ACTION_REFUND]" in result.stdout


def test_rules_refs_prints_bracketed_names_literally_not_as_markup():
    from io import StringIO
    from types import SimpleNamespace

    from rich.console import Console

    from referee.rules_display import print_refs

    out = StringIO()
    section = SimpleNamespace(key="X > [bold]", title="[TURN_ACTION_REFUND] Title")
    incoming = [SimpleNamespace(from_doc="[red]DOC", from_section="[TURN_ACTION_REFUND]")]
    print_refs(Console(file=out, width=200), None, section, [], incoming)
    assert "X > [bold]  [TURN_ACTION_REFUND] Title" in out.getvalue()
    assert "[red]DOC > [TURN_ACTION_REFUND]" in out.getvalue()


def test_rules_refs_shows_both_directions():
    result = run("rules", "refs", "01_CORE_CONCEPTS > EVENT_REWARD", "--json")
    data = json.loads(result.stdout)
    assert "10_RANDOM_ENCOUNTERS > CHECK_COMPLETION_OPTIONS" in {r["from"] for r in data["incoming"]}


def test_rules_check_reports_no_disagreement_between_the_08_twins():
    data = json.loads(run("rules", "check", "--json").stdout)
    assert data["disagreements"] == []
    assert len(data["missing_documents"]) == 7
    assert any(d["to_name"] == "Free Actions" for d in data["dangling_references"])


def test_rules_add_refuses_a_bad_file_with_file_and_line(tmp_path):
    bad = tmp_path / "broken.txt"
    bad.write_bytes(b"File ID\n01_CORE_CONCEPTS\nCore\n\xff\xff\n")
    result = run("rules", "add", str(bad))
    assert result.exit_code == 2
    assert "broken.txt:4: not UTF-8" in result.stderr
    assert "Traceback" not in result.output
    assert run("rules", "list", "--json").exit_code == 0


def test_rules_add_missing_file_is_bad_input(tmp_path):
    result = run("rules", "add", str(tmp_path / "nope.txt"))
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_rules_add_makes_a_new_document_citable(tmp_path):
    extra = tmp_path / "fixture.txt"
    extra.write_text(
        "File ID\n99_TEST_FIXTURE\nTest Fixture\nMade up for this test.\nSECTION_ID: FIXTURE_RULE\n"
        "Fixture Rule\nRule\nA fixture statement.\nOfficial attribution\nTest data.\n"
    )
    result = run("rules", "add", str(extra), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["added"] == ["99_TEST_FIXTURE"]
    shown = json.loads(run("rules", "show", "FIXTURE_RULE", "--json").stdout)
    assert shown["statements"][0]["text"] == "A fixture statement."


def _commands(group, prefix=()):
    import typer.main

    command = typer.main.get_command(group)
    for name, sub in getattr(command, "commands", {}).items():
        yield (*prefix, name), sub
        for deeper in getattr(sub, "commands", {}).items():
            yield (*prefix, name, deeper[0]), deeper[1]


@pytest.mark.parametrize("path", [p for p, _ in _commands(app)], ids=" ".join)
def test_every_command_has_help_and_is_in_the_readme(path):
    result = run(*path, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout
    assert f"referee {' '.join(path)}" in README.read_text(), f"README does not mention `referee {' '.join(path)}`"


def test_python_dash_m_referee_works():
    result = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("referee ")


def test_the_console_script_builds_only_the_command_it_runs(monkeypatch):
    import typer.main

    from referee import cli

    built = []
    original = typer.main.get_command_from_info

    def counting(command_info, **kwargs):
        built.append(command_info.name)
        return original(command_info=command_info, **kwargs)

    monkeypatch.setattr(typer.main, "get_command_from_info", counting)
    command = cli.command_for(["rules", "show", "PLOT_ARMOR"])
    assert sorted(built) == ["add", "check", "list", "refs", "show"]
    built.clear()
    cli.command_for(["nonsense-command"])
    assert len(built) > 20  # unknown: the whole app, so click can suggest the nearest name
    assert command.name is not None


@pytest.mark.parametrize("words", [["rules", "list", "--json"], ["--version"], ["rules", "show", "VARIABLES"]])
def test_the_console_script_behaves_like_the_full_app(words):
    script = subprocess.run([sys.executable, "-m", "referee", *words], capture_output=True, text=True)
    full = runner.invoke(app, words)
    assert script.returncode == full.exit_code
    assert script.stdout == full.stdout


def test_rules_check_prints_rule_text_with_brackets_literally(monkeypatch):
    from referee import rules_display
    from rich.console import Console

    console = Console(record=True, width=200)
    report = {
        "content_hash": "0" * 64, "documents": ["02_GAME_STRUCTURE"], "missing_documents": [],
        "disagreements": [{"doc_id": "02_GAME_STRUCTURE", "section_id": "END_OF_TURN_PROCESS",
                           "source_a": "a.txt", "line_a": 1, "text_a": "gains [TURN_ACTION_REFUND] each",
                           "source_b": "b.txt", "line_b": 2, "text_b": "gains [bold]1 Kaos[/bold] each"}],
        "dangling_references": [], "parse_notes": ["a.txt:3: [note] kept"],
    }
    rules_display.print_check(console, report)
    text = console.export_text()
    assert "gains [TURN_ACTION_REFUND] each" in text
    assert "gains [bold]1 Kaos[/bold] each" in text
    assert "[note] kept" in text
