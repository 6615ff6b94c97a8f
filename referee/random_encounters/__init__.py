"""10_RANDOM_ENCOUNTERS: the deck, the Encountering Player, options, success, failure, Penalty, interruptions.

A Random Encounter is an `EncounterProc` on the pending stack above what it interrupted. Its Check options run
through the Check procedure of 01 (core_concepts), which hands the result back (`EncounterProc.on_check_result`);
Loot goes through 08 (loot_and_inventory); Death through 02's Death Process. When a procedure above it closes (a
Death Process, a Loot Management Window), the engine calls `on_resume` and the encounter goes on where it stopped.
One module per section group:

    card_grammar        the card as the table describes it: Check and Non-Check options, the Penalty
    procedure           RANDOM_ENCOUNTER: the procedure on the stack and its hooks
    deck                RANDOM_ENCOUNTER_DECK_DURING_PLAY, RANDOM_ENCOUNTER_DISCARD_PILE: encounter deck
    drawing             DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS, ENCOUNTERING_PLAYER: encounter draw
    completion          RANDOM_ENCOUNTER_SUCCESS / _FAILURE: the card discarded, what it interrupted resumed
    event_reward        RANDOM_ENCOUNTER_EVENT_REWARD
    penalty             ENCOUNTER_PENALTY: encounter roll, encounter discard
    completion_options  ENCOUNTER_COMPLETION_OPTIONS, CHECK_/NON_CHECK_COMPLETION_OPTIONS: encounter choose
    interruptions       RANDOM_ENCOUNTERS_AND_DEATH / _COMBAT / _DUNGEON_BOMBS: encounter continue

Each `judge_*` is `judge(work, move, d)`: it reads and writes the move's working copy `work` and says the verdict on
the Draft `d`. None of them mutates the state itself. The names below are the package's interface, each loaded on
first use.
"""

from __future__ import annotations

from referee.lazy import exports

_EXPORTS = {
    "match_option": "card_grammar",
    "option_label": "card_grammar",
    "parse_check_option": "card_grammar",
    "parse_pay_option": "card_grammar",
    "parse_penalty": "card_grammar",
    "penalty_label": "card_grammar",
    "EncounterProc": "procedure",
    "awaited_die": "procedure",
    "current_card": "procedure",
    "listing": "deck",
    "event_reward": "event_reward",
    "default_cause": "drawing",
}
__all__ = sorted(_EXPORTS)

__getattr__ = exports(__name__, _EXPORTS)
