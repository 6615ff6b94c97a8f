"""The speller's cost stays bounded by the words players type, whatever a rule document contains."""

from __future__ import annotations

from index.spell import Corrector


def test_the_speller_indexes_no_deletions_of_a_word_longer_than_players_type():
    # One added document with a 300 KB "word" made the first `referee ask` take 44 s: each of a word's
    # deletions is a copy of it, so the deletion index grows with the square of the word's length.
    long_word = "kaos" * 1250  # 5,000 letters: 25 MB of deletions unbounded
    corrector = Corrector({long_word: 1, "shield": 3, "kaos": 5})
    assert sum(len(key) for key in corrector._deletion_index()) < 1000
    assert corrector.correct("sheild") == "shield" and corrector.correct("kaoss") == "kaos"
    assert corrector.correct(long_word[:-1]) is None  # a typo of it is not searched for either

