"""The lookup's cost stays bounded by what players type and by the rules' own sizes, whatever an added rule
document contains (found by bench/stress/malformed.py and the issue's probes; measured in docs/stress.md)."""

from __future__ import annotations

import pytest

from index.spell import Corrector


def test_the_speller_indexes_no_deletions_of_a_word_longer_than_players_type():
    # One added document with a 300 KB "word" made the first `referee ask` take 44 s: each of a word's
    # deletions is a copy of it, so the deletion index grows with the square of the word's length.
    long_word = "kaos" * 1250  # 5,000 letters: 25 MB of deletions unbounded
    corrector = Corrector({long_word: 1, "shield": 3, "kaos": 5})
    assert sum(len(key) for key in corrector._deletion_index()) < 1000
    assert corrector.correct("sheild") == "shield" and corrector.correct("kaoss") == "kaos"
    assert corrector.correct(long_word[:-1]) is None  # a typo of it is not searched for either



HEAD = "File ID\n99_HOUSE_RULES\nHouse Rules\nA document made up for this test.\n"
TAIL = "Official attribution\nTest data, not game rules.\n"


@pytest.fixture
def long_statement_rules(tmp_path):
    """The rules plus a document whose one statement is "Kaos Kaos ... Kaos, or the end." (3,000 words)."""
    from rulesdb.store import add_document

    document = tmp_path / "house.txt"
    text = "Kaos " * 3000 + "or the end, and, so, on, or else."
    document.write_text(f"{HEAD}SECTION_ID: HOUSE_LONG\nHouse Long\nRule\n{text}\n{TAIL}", encoding="utf-8")
    return add_document(document)


def test_a_capitalised_run_of_thousands_of_words_is_not_mined_as_a_game_term(long_statement_rules):
    # The Lexicon reads every run inside a game term: a 20,000-word "term" made the first ask run past 120 s.
    from index.lexicon import LONGEST_TERM, mine

    assert max(len(p.split()) for p in mine(long_statement_rules)["phrases"]) <= LONGEST_TERM == 12


def test_a_long_statements_answer_shapes_are_read_from_its_opening():
    # A regular expression that backtracks over a run without commas made one ask over a 100,000-character
    # statement take minutes; the rules' longest statement has 940 characters.
    from index.shapes import statement_shapes

    assert "list" not in statement_shapes("Kaos " * 3000 + "or the end, and, so, on, or else.")
    assert "list" in statement_shapes("Players, Loot, Dungeon Bombs, or Random Encounters may be named.")
