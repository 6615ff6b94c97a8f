"""The startup contract: a table waits on every command, so each command loads only what it needs. Each probe runs
one real command in a fresh interpreter and lists the modules it loaded (CliRunner keeps one process, where an
import one command needs would pass unseen). Speed itself is measured by bench/startup.py, never asserted."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("whoosh", "index", "sqlite_utils", "prompt_toolkit", "rapidfuzz", "segno", "playwright", "http", "starlette",
         "uvicorn", "anyio", "h11",
         "referee.board", "hypothesis")
RULES = ("referee.core_concepts", "referee.game_structure", "referee.loot_and_inventory", "referee.random_encounters")

_PROBE = """
import json, sys
from referee.cli import main
sys.argv = ["referee", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit:
    pass
loaded = sorted(sys.modules)  # before this probe imports anything itself
print(json.dumps({"loaded": loaded}))
"""


def _run(words: list[str], env_home) -> dict:
    result = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(words)], capture_output=True, text=True,
                            env=env_home)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def env_home(tmp_path_factory):
    import os

    home = tmp_path_factory.mktemp("startup-home")
    env = dict(os.environ, REFEREE_HOME=str(home))
    env.pop("REFEREE_GAME", None)
    game = home / "g.sqlite"
    subprocess.run([sys.executable, "-m", "referee", "new", "--players", "Mara, Ivo", "--health", "6",
                    "--turn-actions", "2", "--game", str(game)], env=env, check=True, capture_output=True)
    env["REFEREE_GAME"] = str(game)
    return env


def _loaded(found: dict, names) -> list[str]:
    return sorted(m for m in found["loaded"] if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize("words", [["damage", "ivo", "1", "--dry-run", "--json"], ["damage", "ivo", "1", "--dry-run"],
                                   ["heal", "mara", "1"]])
def test_a_core_move_loads_its_own_rules(env_home, words):
    found = _run(words, env_home)
    assert _loaded(found, HEAVY) == []
    assert _loaded(found, RULES) == ["referee.core_concepts", "referee.game_structure"]  # 01, and 02's after-move
    # the game file keeps the Rules Variables: a move cites rules (rulesdb.keys) but never opens the rules database
    assert _loaded(found, ("rulesdb.store", "rulesdb.model")) == []


@pytest.mark.parametrize("words, rules", [
    (["status", "--json"], []),
    (["status"], ["referee.loot_and_inventory", "referee.loot_and_inventory.cards",  # the Patron Mat line reads
                  "referee.loot_and_inventory.defense_and_stat_bonuses",         # the mats through 08's accessors
                  "referee.loot_and_inventory.patron_mats"]),
    (["history"], []),
    (["rules", "show", "PLOT_ARMOR"], []),
])
def test_a_command_that_only_reads_loads_no_rule_code(env_home, words, rules):
    found = _run(words, env_home)
    assert _loaded(found, HEAVY) == [] and _loaded(found, RULES) == rules


def test_version_loads_neither_rich_nor_the_engine(env_home):
    found = _run(["--version"], env_home)
    assert _loaded(found, ("rich", "referee.engine", "referee.store", "rulesdb")) == []


def test_only_ask_loads_the_lookup(env_home):
    found = _run(["ask", "can I put plot armor in my bag", "--json"], env_home)
    assert "index.lookup" in found["loaded"] and _loaded(found, RULES) == []
    # a question that names no move opens no game: nothing of setting one up (the register, the state) is loaded
    assert _loaded(found, ("referee.table_settings", "referee.interpretations", "referee.state")) == []


def test_ask_loads_of_whoosh_only_its_stemmer_and_no_web_or_async_imports(env_home):
    # The index keeps each term's scores, computed when it is built (index.postings): a lookup opens no Whoosh index.
    found = _run(["ask", "can I put plot armor in my bag", "--json"], env_home)
    assert _loaded(found, ("whoosh",)) == ["whoosh", "whoosh.lang", "whoosh.lang.porter2"]
    assert _loaded(found, ("urllib.request", "http", "email", "asyncio")) == []


def test_the_stand_in_for_urllib_request_is_gone_once_whoosh_is_loaded():
    # Building an index imports Whoosh's scoring, which imports whoosh.compat (index.whoosh_compat).
    probe = ("import sys, index; index.whoosh_compat(); import whoosh.compat, urllib.request; "
             "print(urllib.request.__file__ is not None and whoosh.compat.urlretrieve.__module__ == 'index.compat')")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip() == "True", result.stderr


def test_the_engine_never_imports_the_command_line_or_the_board():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "referee"
    imports = re.compile(r"^\s*(?:from|import) referee\.(?:cli|board)\b", re.M)
    importers = [p.name for p in root.glob("*.py") if p.name != "__main__.py" and imports.search(p.read_text())]
    assert importers == []
