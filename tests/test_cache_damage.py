"""The caches heal and the user's rule documents never block the bundled rules.

The rules database and the lookup index are caches (README "How it works"): whatever happens to
their files (a zeroed page, one flipped byte, a dropped table, a folder in their place, a build
killed midway), the next command serves the rules exactly as written, never a damaged copy.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulesdb.folders import data_dir
from rulesdb.store import add_document, open_rules

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "rulesdb" / "data"

KAOS_RULE = "Kaos may not be spent on Contested Checks."


def _statements(db) -> list[tuple[str, str, int, str]]:
    return [(s.doc_id, s.section_id, s.n, s.text) for s in db.statements()]


# --- added rule documents ------------------------------------------------------------------------


def test_a_broken_added_document_never_disables_the_bundled_rules():
    pristine = _statements(open_rules())
    rules = data_dir() / "rules"
    rules.mkdir(parents=True)
    document = (RULES_DIR / "003_a3f3c053645d401f.txt").read_bytes()
    (rules / "house-0badc0de.txt").write_bytes(document[: len(document) // 3])  # a copy cut short
    db = open_rules()
    assert _statements(db) == pristine
    assert len(db.set_aside) == 1 and "house-0badc0de.txt" in db.set_aside[0]
    assert (rules / "house-0badc0de.txt.broken").is_file() and not list(rules.glob("*.txt"))
    assert open_rules().set_aside == ()  # set aside once, not re-parsed on every command


KILLED_MID_COPY = """
import os, resource, signal, sys
from pathlib import Path
rules = Path(sys.argv[2])
signal.signal(signal.SIGXFSZ, signal.SIG_DFL)  # Python ignores it by default; the kernel then kills

def hook(event, args):
    # Once a file under the user's rules folder is opened for writing, any write past 100 bytes kills the
    # process (SIGXFSZ): the copy is cut short exactly as a kill or Ctrl-C midway would cut it.
    if event == "open" and str(args[0]).startswith(str(rules)) and args[1] and "r" not in str(args[1]):
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, resource.RLIM_INFINITY))

sys.addaudithook(hook)
from rulesdb.store import add_document
add_document(Path(sys.argv[1]))
"""


def test_rules_add_killed_while_copying_leaves_no_partial_document(tmp_path, referee_home):
    extra = tmp_path / "house.txt"
    extra.write_text(_FIXTURE, encoding="utf-8")
    rules = data_dir() / "rules"
    rules.mkdir(parents=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), REFEREE_HOME=str(referee_home))
    run = subprocess.run([sys.executable, "-c", KILLED_MID_COPY, str(extra), str(rules)], env=env,
                         capture_output=True, text=True)
    assert run.returncode == -signal.SIGXFSZ, run.stderr
    assert not list(rules.glob("*.txt"))  # nothing half-copied is loaded as a rule document
    assert len(open_rules().sections()) == 89
    add_document(extra)  # and the add works the next time, leaving only the whole copy
    assert [p.read_text(encoding="utf-8") for p in rules.iterdir()] == [_FIXTURE]


_FIXTURE = (
    "File ID\n99_TEST_FIXTURE\nTest Fixture\nA document made up for this test.\n"
    "SECTION_ID: FIXTURE_RULE\nFixture Rule\nRule\nThis fixture refers to 05_ACTIONS.\n"
    "Official attribution\nTest data, not game rules.\n"
)


def test_an_added_document_whose_kept_copy_was_edited_is_set_aside_never_served(tmp_path, referee_home):
    """The kept copy's name carries the checksum of what `rules add` took: a copy edited since ("refers to" ->
    "allows") is set aside and said, not served as the rules that were added."""
    extra = tmp_path / "house.txt"
    extra.write_text(_FIXTURE, encoding="utf-8")
    add_document(extra)
    kept, = (data_dir() / "rules").glob("house-*.txt")
    kept.write_text(_FIXTURE.replace("This fixture refers to 05_ACTIONS.", "This fixture allows 05_ACTIONS."))
    db = open_rules()
    assert "FIXTURE_RULE" not in {s.section_id for s in db.sections()}
    assert len(db.set_aside) == 1 and kept.name in db.set_aside[0] and "edited" in db.set_aside[0]
    assert not kept.exists() and kept.with_name(kept.name + ".broken").is_file()
    add_document(extra)  # added again: served again
    assert open_rules().section("FIXTURE_RULE").statements[0].text == "This fixture refers to 05_ACTIONS."


def test_a_document_whose_name_fills_the_file_system_limit_is_added(tmp_path):
    extra = tmp_path / ("h" * 251 + ".txt")  # 255 bytes: the longest name a file can have
    extra.write_text(_FIXTURE, encoding="utf-8")
    db = add_document(extra)
    assert db.section("FIXTURE_RULE").statements[0].text == "This fixture refers to 05_ACTIONS."
    assert open_rules().content_hash == db.content_hash


# --- the rules cache -----------------------------------------------------------------------------


def _zero_a_page(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[4096:8192] = bytes(4096)
    path.write_bytes(bytes(data))


def _flip_may_not_to_may_now(path: Path) -> None:
    data = path.read_bytes()
    at = data.index(KAOS_RULE.encode())
    offset = at + KAOS_RULE.index("may not") + len("may no")
    path.write_bytes(data[:offset] + b"w" + data[offset + 1:])


def _drop_a_table(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("drop table refs")
    db.commit()
    db.close()


def _folder_in_its_place(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "x").write_text("x")


RULES_CACHE_DAMAGE = {
    "zeroed page": _zero_a_page,
    "one byte flipped (may not -> may now)": _flip_may_not_to_may_now,
    "dropped table": _drop_a_table,
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:5000]),
    "emptied": lambda p: p.write_bytes(b""),
    "garbage": lambda p: p.write_bytes(os.urandom(p.stat().st_size)),
    "a folder in its place": _folder_in_its_place,
}


@pytest.mark.parametrize("damage", sorted(RULES_CACHE_DAMAGE))
def test_a_damaged_rules_cache_is_rebuilt_never_served(damage):
    pristine = _statements(open_rules())
    path = open_rules().path
    RULES_CACHE_DAMAGE[damage](path)
    db = open_rules()
    assert _statements(db) == pristine
    assert db.has_statement("01_CORE_CONCEPTS", "CONTESTED_CHECKS", KAOS_RULE)
    assert [p.name for p in db.path.parent.glob("rules-*")] == [db.path.name]


# --- the lookup index ----------------------------------------------------------------------------


def _tables(directory: Path) -> Path:
    from index.store import TABLES

    return directory / TABLES


def _flip_in_tables(directory: Path) -> None:
    tables = _tables(directory)
    data = bytearray(tables.read_bytes())
    for at in range(len(data) // 3, len(data), len(data) // 7):
        data[at] ^= 0x5A
    tables.write_bytes(bytes(data))


def _zero_tables_page(directory: Path) -> None:
    tables = _tables(directory)
    data = bytearray(tables.read_bytes())
    data[len(data) // 2:len(data) // 2 + 4096] = bytes(4096)
    tables.write_bytes(bytes(data))


def _meta_key_dropped(directory: Path) -> None:
    meta_path = directory / "referee-index.json"
    meta = json.loads(meta_path.read_text())
    del meta["lexicon"]["phrases"]
    meta_path.write_text(json.dumps(meta))


def _meta_a_folder(directory: Path) -> None:
    (directory / "referee-index.json").unlink()
    (directory / "referee-index.json").mkdir()


def _index_a_file(directory: Path) -> None:
    shutil.rmtree(directory)
    directory.write_text("not an index")


INDEX_DAMAGE = {
    "bytes flipped in the tables": _flip_in_tables,
    "zeroed page in the tables": _zero_tables_page,
    "a key dropped from the metadata": _meta_key_dropped,
    "the metadata a folder": _meta_a_folder,
    "tables deleted": lambda d: _tables(d).unlink(),
    "tables truncated": lambda d: _tables(d).write_bytes(_tables(d).read_bytes()[:20]),
    "the index a file": _index_a_file,
}


QUESTION = "can I spend kaos on a contested check"


@pytest.fixture(scope="module")
def built_caches(tmp_path_factory):
    """A rules cache and its index, built once for the module; each test damages its own copy."""
    from index.lookup import RulesIndex
    from rulesdb.build import build_cache
    from rulesdb.sources import bundled_sources, content_hash
    from rulesdb.store import RulesDB

    folder = tmp_path_factory.mktemp("pristine") / "cache"
    db = RulesDB(build_cache(bundled_sources(), folder, content_hash(bundled_sources())))
    return folder, RulesIndex(db).search(QUESTION, 3).to_json()


@pytest.mark.parametrize("damage", sorted(INDEX_DAMAGE))
def test_a_damaged_index_is_rebuilt_and_answers_as_before(damage, built_caches, referee_home):
    from index.lookup import RulesIndex
    from index.store import index_dir

    pristine, expected = built_caches
    shutil.copytree(pristine, referee_home / "cache")
    db = open_rules()
    assert index_dir(db).is_dir()
    INDEX_DAMAGE[damage](index_dir(db))
    assert RulesIndex(db).search(QUESTION, 3).to_json() == expected


# --- what killed builds leave behind ---------------------------------------------------------------


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_temporaries_of_killed_builds_are_removed_by_the_next_build(referee_home):
    cache = referee_home / "cache"
    cache.mkdir()
    dead = _dead_pid()
    old = time.time() - 3600
    left = [
        cache / "rules-0123456789abcdef.sqlite.k2j3h4.tmp",  # an earlier version's build: no writer named
        cache / f".rules-0123456789abcdef.sqlite.tmp-{dead}-0a1b2c3d",
        cache / f".tmp-lookup-index-0123456789abcdef-v3-01234567-{dead}-89abcdef",
        cache / f".lookup-index-0123456789abcdef-v3-01234567.tmp-{dead}-89abcdef",
    ]
    for path in left:
        if "lookup" in path.name:
            path.mkdir()
            (path / "referee-index.tables").write_bytes(b"x" * 1000)
        else:
            path.write_bytes(b"x" * 1000)
        os.utime(path, (old, old))
    alive = cache / f".rules-fedcba9876543210.sqlite.tmp-{os.getpid()}-0a1b2c3d"  # a build still running
    alive.write_bytes(b"x")
    from index.lookup import RulesIndex

    RulesIndex(open_rules())  # builds the rules and the index
    assert [p for p in left if p.exists()] == []
    assert alive.exists()


def test_temporaries_of_killed_writers_are_removed_at_the_next_start_not_only_the_next_build(referee_home):
    """A killed build or `rules add` left its temporary; the next command that opens the (whole) rules removes it,
    never a live writer's."""
    open_rules().close()  # the cache is built and whole: nothing will be built again
    dead, old = _dead_pid(), time.time() - 3600
    cache, rules = referee_home / "cache", referee_home / "data" / "rules"
    rules.mkdir(parents=True)
    left = [cache / f".rules-0123456789abcdef.sqlite.tmp-{dead}-0a1b2c3d", cache / "rules-0123456789ab.sqlite.x.tmp",
            rules / f".house-rules-0a1b2c3d.txt.tmp-{dead}-0a1b2c3d"]
    alive = [cache / f".rules-fedcba9876543210.sqlite.tmp-{os.getpid()}-0a1b2c3d",
             rules / f".other-0a1b2c3d.txt.tmp-{os.getpid()}-0a1b2c3d"]
    for path in left + alive:
        path.write_bytes(b"x" * 100)
        if path in left:
            os.utime(path, (old, old))
    open_rules().close()
    assert [p.name for p in left if p.exists()] == []
    assert all(p.exists() for p in alive)


def test_what_a_killed_new_or_output_left_is_removed_by_the_next_one_in_that_folder(referee_home, tmp_path):
    """`referee new` killed midway left its half-made game (and SQLite's files beside it), an `export` its temporary;
    the next game made or output written in that folder removes those of dead processes, never a live one's, and
    nothing else."""
    import referee

    dead, old = _dead_pid(), time.time() - 3600
    left = [tmp_path / f".a.sqlite.tmp-{dead}-0a1b2c3d", tmp_path / f".a.sqlite.tmp-{dead}-0a1b2c3d-wal",
            tmp_path / "b.sqlite.creating", tmp_path / "b.sqlite.creating-wal", tmp_path / f".p.toml.{dead}.writing"]
    kept = [tmp_path / f".c.sqlite.tmp-{os.getpid()}-0a1b2c3d", tmp_path / "notes.txt", tmp_path / "rules-x.tmp",
            tmp_path / "d.sqlite.creating"]  # a live writer's; the user's own; an earlier `new` still running
    for path in left + kept:
        path.write_bytes(b"x" * 100)
        if path not in kept[1:]:
            os.utime(path, (old, old))
    referee.Game.new(tmp_path / "g.sqlite", players=["Ana", "Bo"], health=10, turn_actions=2).close()
    assert [p.name for p in left if p.exists()] == [] and all(p.exists() for p in kept)
    from referee.files import write_whole

    left[-1].write_bytes(b"x")
    write_whole(tmp_path / "p.toml", "x = 1\n", kind="position", marker="[game]")
    assert not left[-1].exists() and all(p.exists() for p in kept)
    assert sorted(p.name for p in tmp_path.iterdir() if p not in kept) == ["g.sqlite", "p.toml"]
