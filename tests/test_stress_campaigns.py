"""The stress campaigns of bench/stress/, small enough for every test run (about 25 s here); the full sizes and
their figures are `python bench/stress/run.py` and docs/stress.md. Each asserts its campaign's goals, so a
regression the campaigns would find fails here first. `pytest -m "not stress"` leaves them out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "stress"))

import concurrency  # noqa: E402
import corruption  # noqa: E402
import crash  # noqa: E402
import fuzz  # noqa: E402
import malformed  # noqa: E402

pytestmark = pytest.mark.stress


def test_sigkill_mid_move_undo_rules_add_and_first_build_leaves_nothing_half_done():
    figures = crash.run(moves=6, undos=3, adds=2, builds=1, seed=1, news=2)
    assert crash.failures(figures) == 0, figures
    assert sum(part["kills"] + part["finished first"] for part in figures.values()) == 14


def test_racing_writers_apply_each_move_once_and_undo_expect_never_takes_anothers_move():
    figures = concurrency.run(((3, 8),), seed=1, held=False)
    assert concurrency.failures(figures) == 0, figures
    assert figures["3 x 8"]["accepted"] == 24 and figures["3 x 8"]["status reads"] > 0


def test_damaged_game_files_are_named_and_damaged_caches_rebuilt():
    only = {"truncated to half", "a page zeroed (the log)", "a folder", "a foreign SQLite file",
            "a Rules Variable edited (1 Kaos -> 2 Kaos)", "the last move marked undone", "page 3 zeroed",
            "page 2 bytes flipped", "rules cache: 'may not' flipped to 'may now'", "index: tables bytes flipped"}
    figures = corruption.run(seed=1, only=only, moves=6)
    assert corruption.failures(figures) == 0, figures
    assert sum(len(rows) for rows in figures.values()) == len(only)


def test_fuzzed_command_lines_and_questions_never_raise_hang_or_change_a_refused_game():
    # A hang here is a command stuck for a minute: a loaded machine is slow, not stuck (no timings in tests).
    figures = fuzz.run(argv_count=260, processes=10, ask_count=60, seed=1, hang_seconds=60)
    assert fuzz.failures(figures, timed=False) == 0, figures
    assert figures["in process"]["argv"] > 200 and figures["ask"]["questions"] == 60


def test_malformed_rule_documents_are_refused_with_file_and_line_or_ingested():
    only = {"empty", "binary (random bytes)", "UTF-8 BOM", "CRLF line ends", "duplicate SECTION_ID",
            "truncated mid-section", "10 MB", "redefines a loaded DOC_ID (01_CORE_CONCEPTS)"}
    rows = malformed.run(seed=1, only=only)
    assert malformed.failures(rows) == 0, rows
    assert len(rows) == len(only)
