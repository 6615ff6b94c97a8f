"""10 RANDOM_ENCOUNTER_DECK_DURING_PLAY, RANDOM_ENCOUNTER_DISCARD_PILE: the deck as a deck, its public discard
pile, the cards described; `encounter deck N`.
"""

from __future__ import annotations

from referee import citations as R
from referee.errors import InvalidMove
from referee.records import encode
from referee.words import plural
from referee.random_encounters.card_grammar import option_label, penalty_label
from referee.random_encounters.procedure import EncounterProc


def encounters_copy(work) -> dict:
    """A copy to change. "refreshed": the cards of a deck made from the shuffled discard pile and not drawn yet
    (its contents are known, not its order); absent while the deck's contents are unknown."""
    current = work.encounters
    copy = {"deck": current["deck"], "discard": list(current["discard"]),
            "cards": {k: dict(v) for k, v in current["cards"].items()}}
    for key in ("refreshed", "unresolved"):
        if current.get(key):
            copy[key] = list(current[key])
    return copy


def encounter_card(work, name: str) -> dict:
    return work.encounters["cards"][name]


def listing(state) -> dict:
    """What anyone may inspect: the deck as a deck, the public discard pile, the cards described, the card in play."""
    enc = state.encounters
    in_play = [{"card": p.card, "player": p.player, "step": p.step} for p in state.stack if isinstance(p, EncounterProc)]
    return {"deck": enc["deck"], "discard": list(enc["discard"]), "in_play": in_play,
            "unresolved": list(enc.get("unresolved", ())),  # left where they were when the game ended
            "cards": {name: {"options": [option_label(o) for o in card["options"]],
                             "penalty": [penalty_label(p) for p in card["penalty"]]}
                      for name, card in enc["cards"].items()},
            "citations": encode((R.RE_DECK_PUBLIC, R.RE_DISCARD_PUBLIC, R.RE_DISCARD_INSPECT))}


def judge_deck(work, move, d) -> None:
    if not isinstance(move.size, int) or move.size < 0:
        raise InvalidMove(f"the deck holds 0 or more cards, not {move.size!r}")
    enc = encounters_copy(work)
    enc["deck"] = move.size
    if enc.pop("refreshed", None):
        d.say("the table reports the deck anew: the cards left of the deck refreshed from the discard pile are no "
              "longer tracked")
    work.encounters = enc
    d.say(f"the Random Encounter Deck holds {plural(move.size, 'face-down card')}",
          R.RE_DECK_PUBLIC)
    d.report(f"the deck's size: {work.settings.not_loaded('03_SETUP')} builds the deck; the table reports its size")


def from_refreshed_deck(d, enc: dict, name: str) -> None:
    """A deck made from the discard pile holds exactly those cards: another card cannot be drawn from it."""
    left = enc["refreshed"]
    if name in left:
        left.remove(name)
    else:
        cards = ", ".join(f"'{c}'" for c in sorted(set(left)))
        d.violate("not-in-the-refreshed-encounter-deck", f"'{name}' is not in the Random Encounter Deck: it was "
                  f"made from the shuffled discard pile and "
                  f"still holds {cards}", R.RE_DECK_REFRESH, R.RE_DECK_TOP,
                  fix="draw one of those cards; if the table rebuilt the deck, record it with `referee encounter deck "
                      "N` first, or --override \"reason\"")
        left.clear()  # applied anyway (--override): what the deck holds is no longer known
    if not left:
        del enc["refreshed"]
