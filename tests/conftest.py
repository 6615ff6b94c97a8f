"""Shared fixtures: every test runs with its own REFEREE_HOME, so nothing touches a real cache."""

from __future__ import annotations

from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parent.parent / "rulesdb" / "data"
# The documents the loaded rules refer to that are not loaded (the list, checked, not derived).
MISSING_DOCUMENTS = [
    "03_SETUP",
    "04_PLAYER_STRUCTURE",
    "05_ACTIONS",
    "06_COMBAT_ENCOUNTER",
    "07_DUNGEON_BOMBS",
    "09_DEATH_AND_VICTORY",
    "RULES_EXTENSION_01_ZOMBIES",
]


@pytest.fixture(autouse=True)
def referee_home(tmp_path_factory, monkeypatch) -> Path:
    home = tmp_path_factory.mktemp("referee-home")
    monkeypatch.setenv("REFEREE_HOME", str(home))
    monkeypatch.delenv("REFEREE_GAME", raising=False)
    return home


@pytest.fixture(scope="session")
def rules_db(tmp_path_factory):
    """The real rules database, built once from the bundled documents into a real SQLite file."""
    from rulesdb.build import build_database, bundled_sources
    from rulesdb.store import RulesDB

    path = tmp_path_factory.mktemp("rules") / "rules.sqlite"
    build_database(bundled_sources(), path)
    return RulesDB(path)


@pytest.fixture
def current_game(tmp_path, monkeypatch):
    """A new game (Mara, Ivo; Health 10; 2 Turn Actions) the command line follows ($REFEREE_GAME), open in the
    library: a test plays moves with `push`, then runs commands."""
    import referee

    path = tmp_path / "g.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(path))
    with referee.Game.new(path, players=["Mara", "Ivo"], health=10, turn_actions=2) as game:
        yield game
