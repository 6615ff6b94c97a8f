"""The lookup's knobs, in one place: how sections are ranked and quotes chosen.

Set once from half of the dev questions (bench/lookup.py --sweep) and checked on held-out halves
(bench/tune.py), never per question.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Weights"]


@dataclass(frozen=True)
class Weights:
    """Ranking knobs. Set once from half of the dev questions, not per question (bench/lookup.py)."""

    title: float = 2.0  # a word of the section title (on the section head document)
    terms: float = 1.5  # a defined term, abbreviation or Variable of the section
    phrase: float = 1.5  # a game term matched as a whole phrase, against its words apart
    partial: float = 0.5  # each word of a game term found without the others
    expansion: float = 0.8  # the rules' word for the player's slang, against the player's word
    head: float = 1.0  # the section head: title and defined terms
    cover: float = 0.4  # concepts the best statement misses, found in other statements
    plain: float = 0.6  # a word that is not one of the game's terms ("while", "placed")
    whole: float = 0.15  # the whole section as one text (classic section-level BM25)
    pointer: float = 0.5  # "X is defined in DOC": a signpost to another document
    context: float = 1.0  # how much of the title's match a statement that misses the concept inherits
    summary: float = 0.6  # a "... Summary" section restates rules whose own sections carry its gist
    title_bonus: float = 0.25  # the title's match once more, on top of the best statement, when the question names part of it
    title_full: float = 1.0  # the same when the question names the whole title
    titled: float = 0.3  # in a quote, a concept the section's title already names
    asked: float = 1.3  # in a quote, the answer's shape asked for: a number, a "may"/"not"
    quote_ratio: float = 0.03  # quote statements scoring at least this share of the best: the statement classifier lifts the likeliest statement up to 5x (`classifier_quote`), so 0.03 keeps answers as long as they were (about 2 quotes on average; 0.15 before the classifier, 0.05 with its lift of 3x)
    distinct: float = 2.0  # exponent: in a quote, a concept fewer of the section's statements say counts more
    saturate: float = 0.0  # exponent: a statement earns a concept's weight by saying it (0) or by its score (1)
    kind_low: float = 0.3  # an abbreviation, a one-word row, a document's preamble, as a quote
    asked_quote: float = 1.3  # in a quote, a consequence for "what happens", a time for "when"
    negation: float = 1.2  # in a quote, a "not"/"no" statement for a question about what is missing or not done
    enumeration: float = 0.6  # a catalogue of many items, as a quote, when the question does not ask for a list
    note: float = 1.0  # in a quote, the statement a rulebook-index entry's note names, when the question says the entry (times the best value)
    note_cover: float = 0.3  # share of an entry's words (weighted by rarity) the question must say for its note to count
    condition: float = 2.0  # in a quote, a concept said in the statement's condition ("If ..., ")
    dedupe: float = 0.8  # a quote sharing this share (Jaccard) of its words with one already chosen is left out
    situations: float = 0.4  # the rulebook index naming a concept of the section: context of its statements, as the title is
    situation_phrase: float = 0.6  # a pair of the question's words found as a phrase in an entry (times `situations`)
    specific: float = 0.35  # exponent: a concept many sections share counts less beside a rarer one of the question
    phrase_norm: float = 1.0  # exponent: a phrase's score (the sum of its words') divided by its length to this power
    asked_field: float = 0.8  # a concept said in a statement's own players' questions (field "asked"), against its words
    nearest: float = 1.0  # all the question's words against a statement's own players' questions (BM25), the closest one's, for its section
    nearest_quote: float = 1.0  # in a quote, the statement whose own players' questions the question says most closely (BM25, a share of the section's best)
    classifier: float = 0.1  # the section classifier's log-likelihood (index.classifier), per nat, as a share of the best section's score
    classifier_quote: float = 4.0  # in a quote, the statement classifier's posterior among the section's statements (a share of the likeliest's). 2 before issue 23; with four more read sets, first quote shown over all fresh sets 0.818 (2) / 0.824 (4) / 0.827 (10) / 0.832 (20): above 4 it overrides the one statement saying the question's rarest concept ("can I spend Kaos on a contested check" quoted "Kaos may be spent after a d20 Check is rolled" in Kaos)
    classifier_quote_spread: float = 3.0  # the statement classifier's log-likelihood differences divided by this before its lift: naive Bayes counts a word about three times (its stem and the two pairs it is in), so its posterior is far surer than it is; undivided, a 1.3-nat lean toward "Kaos may only be spent on d20 Checks" (fresh24 to fresh26 added) outweighed the statement saying the question's "contested check". First quote shown over fresh to fresh25 (leave one set out): 1 -> 0.821, 1.5 -> 0.820, 2 -> 0.820, 3 -> 0.822
    classifier_smoothing: float = 0.3  # added to every feature count of every section (naive Bayes' Lidstone smoothing)
    value_quote: float = 30.0  # in a quote, a Variable's value line for a question asking what something gives ("what do I get for the reward icon", "anything extra?"): first quote shown over fresh to fresh25 (leave one set out) 0.822 -> 0.824 (10x) / 0.825 (30x), ten questions more and none less, all 'what do I get' for a reward
    handoff: float = 2.0  # in a quote, for a question asking how something is done, a statement handing it to a document not loaded
    asked_rank: float = 0.5  # exponent of `asked` in ranking: a statement shaped like the answer (who, how many, may)
