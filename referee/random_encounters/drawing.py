"""10 DRAWING_AND_RESOLVING_RANDOM_ENCOUNTERS, ENCOUNTERING_PLAYER: `encounter draw`, and who resolves the card.
"""

from __future__ import annotations

from referee.records import replace

from referee.parsing import quoted
from referee import citations as R
from referee import core_concepts
from referee.errors import InvalidMove
from referee.game_structure import EndOfTurnProc
from referee.moves import ENCOUNTER_CAUSES
from referee.parsing import match_choice
from referee.words import plural
from referee.random_encounters.card_grammar import (
    option_label, parse_check_option, parse_pay_option, parse_penalty, penalty_label,
)
from referee.random_encounters.procedure import EncounterProc
from referee.random_encounters.deck import encounters_copy, from_refreshed_deck
from referee.random_encounters.completion_options import fulfillable


def default_cause(state) -> str:
    """What drew the card when the table does not say: a Dungeon Bomb, while a Dungeon Bomb Step is being resolved."""
    top = state.top
    if isinstance(top, EndOfTurnProc) and top.step == "dungeon-bomb":
        return "bomb"
    raise InvalidMove("say what drew it: --by move|flee|bomb|other")


def _encountering_player(work, move, d) -> tuple[str, str, str, tuple]:
    """(the Encountering Player, what the encounter interrupts, why them, the rules that say so)."""
    where = work.settings.not_loaded
    if move.cause == "bomb":
        d.cite(R.RE_BY_BOMB, R.ENCOUNTERING_BOMB, R.RE_BOMB_PAUSES)
        bomb = next((p for p in reversed(work.stack) if isinstance(p, EndOfTurnProc) and p.step == "dungeon-bomb"), None)
        resolver = bomb.player if bomb else work.active_player.name
        d.report(f"the Dungeon Bomb that draws it: {where('07_DUNGEON_BOMBS')} defines it; the table reports it")
        if move.player:
            return (move.player, f"{resolver}'s Dungeon Bomb Step" if bomb else "a Dungeon Bomb",
                    "the Dungeon Bomb or Random Encounter names them", (R.ENCOUNTERING_BOMB,))
        if bomb is None:
            d.violate("bomb-names-no-encountering-player", "no Dungeon Bomb Step is being resolved and no "
                      "Encountering Player is named",
                      R.ENCOUNTERING_BOMB_DEFAULT, R.ENCOUNTERING_BOMB,
                      fix=f"name the Encountering Player: `referee {replace(move, player='PLAYER').as_typed()}`")
        return (resolver, f"{resolver}'s Dungeon Bomb Step",
                "no one is named, so the Active Player resolving the Dungeon Bomb Step", (R.ENCOUNTERING_BOMB_DEFAULT,))
    if not move.player:
        raise InvalidMove("name the Encountering Player: `referee encounter draw PLAYER CARD`")
    name = move.player
    if move.cause == "move":
        active = work.active_player.name
        if name != active and d.interpret("move-action-own-turn") == "active-player":
            d.violate("move-action-not-the-active-players", f"it is {active}'s turn: {name} takes no Move Action now, "
                      f"so no Random Encounter is drawn for {name}'s failed Move Action", R.PLAYER_TURN_DEFINITION,
                      R.ACTIVE_PLAYER, R.ENCOUNTERING_MOVE,
                      fix="if another effect drew it: `--by other --because \"...\"`; or --override \"REASON\"",
                      reading="move-action-own-turn")
        hint = ""
        if name == work.active_player.name and not any("move" in a.casefold() for a in work.actions_taken):
            hint = f" (not recorded this turn: `referee action {name.lower()} move` records its Turn Action)"
        d.report(f"the failed Move Action: {where('05_ACTIONS')} defines it; the table reports it{hint}")
        return name, f"{name}'s failed Move Action", f"{name} failed a Move Action", (R.RE_BY_MOVE_ACTION, R.ENCOUNTERING_MOVE)
    if move.cause == "flee":
        d.report(f"Flee: {where('06_COMBAT_ENCOUNTER')} defines it; the table reports it")
        return name, f"{name}'s Flee", f"{name} used Flee", (R.RE_BY_FLEE, R.ENCOUNTERING_FLEE)
    return name, move.because or "another rule or effect", "the effect that drew it says so", (R.ENCOUNTERING_OTHER,)


def _drawn_for_a_fallen_player(work, d, player: str) -> None:
    """Who resolves a Random Encounter drawn for a Player who is Fallen: the rules do not say (10 ENCOUNTERING_PLAYER
    names the Player by what drew it; 02 PLAYER_TURN puts a Fallen Player out of normal turns). Interpretation
    fallen-encountering-player, named whenever the Player named is Fallen."""
    if work.player(player).state != "fallen":
        return
    if d.interpret("fallen-encountering-player") == "refuse":
        d.violate("encounter-for-a-fallen-player", f"{player} is a Fallen Player: no Random Encounter is drawn for "
                  f"a Fallen Player (table setting)", R.PLAYER_TURN_NOT_OTHERS, R.ENCOUNTERING_PLAYER_DEFINITION,
                  R.TURN_ORDER_FALLEN, fix="--override \"REASON\" if the card or what drew it names them anyway",
                  reading="fallen-encountering-player")
        return
    d.say(f"{player} is a Fallen Player: the rules do not say who resolves a Random Encounter drawn for a Fallen "
          f"Player; the table decides, and the referee names the Player the draw names, {player}",
          R.ENCOUNTERING_PLAYER_DEFINITION, R.ENCOUNTERING_OTHER, R.PLAYER_TURN_NOT_OTHERS)
    d.report(f"what a Fallen Player can resolve: {work.settings.not_loaded('RULES_EXTENSION_01_ZOMBIES')} decides "
             f"it; if the table names someone else, draw it for them instead (`referee undo`)",
             R.ZOMBIE_TURNS_ELSEWHERE)


def encounter_card(state, move) -> dict:
    """The Random Encounter card `encounter draw` (or a position's [encounters.cards]) describes: options, Penalty."""
    checks = [parse_check_option(t) for t in move.checks]
    for text, option in zip(move.checks, checks):
        if option["check"] == "stat":  # the Stat now, as `declare` reads it, or the card could not be resolved
            try:
                option["stat"] = core_concepts.known_stat(state, text.split()[0])
            except InvalidMove as error:
                raise InvalidMove(f"--check {text!r}: {error}") from None
    return {"options": checks + [parse_pay_option(t) for t in move.pays],
            "penalty": [parse_penalty(t) for t in move.penalty], "no_penalty": bool(move.no_penalty)}


def judge_draw(work, move, d) -> None:
    if move.cause not in ENCOUNTER_CAUSES:
        raise InvalidMove(f"what drew it: {', '.join(ENCOUNTER_CAUSES)}, not {move.cause!r}")
    name_typed = " ".join(move.card.split())
    if not name_typed:
        raise InvalidMove("name the Random Encounter card")
    enc = encounters_copy(work)
    described = bool(move.checks or move.pays or move.penalty or move.no_penalty)
    known = next((n for n in enc["cards"] if n.casefold() == name_typed.casefold()), None)
    if described:
        card, name = encounter_card(work, move), known or name_typed
    elif enc["cards"]:
        try:
            name = match_choice(name_typed, list(enc["cards"]), what="described Random Encounter")
        except InvalidMove as error:
            raise InvalidMove(f"{error}; a card seen for the first time needs its options and Penalty "
                          f"(--check, --pay, --penalty)") from None
        card = enc["cards"][name]
    else:
        raise InvalidMove(f"'{name_typed}' has not been described in this game: give its options and Penalty "
                      f"(--check \"brawn 12\", --pay \"kaos 2\", --penalty \"damage d6\")")

    player, source, why, why_rules = _encountering_player(work, move, d)
    _drawn_for_a_fallen_player(work, d, player)
    from referee.game_structure import refuse_removed  # 02 TURN_ORDER (as for Damage, healing and gains)

    refuse_removed(work, d, player, "resolve a Random Encounter")
    top = work.top
    if isinstance(top, EncounterProc):
        d.say(f"'{top.card}' created another interruption: it waits until this one is fully resolved",
              R.RE_NESTED_INTERRUPTION)
        source = f"Random Encounter '{top.card}'"
    if move.because and move.cause != "other":
        source = f"{source} ({move.because})"

    d.cite(R.RE_DECK_USED)
    if enc["deck"] == 0:
        if not enc["discard"]:
            d.say(f"the Random Encounter Deck and its discard pile are both empty: no Random Encounter is drawn; "
                  f"{source} goes on", R.RE_DECK_BOTH_EMPTY)
            return
        pile = enc["discard"]
        d.say(f"the Random Encounter Deck is empty: its discard pile ({plural(len(pile), 'card')}) "
              f"is shuffled into a new face-down deck", R.RE_DECK_REFRESH)
        enc["deck"], enc["discard"], enc["refreshed"] = len(pile), [], pile
    in_play = next((p for p in reversed(work.stack) if isinstance(p, EncounterProc) and p.card == name), None)
    if in_play is not None:
        where = "being resolved" if in_play is work.top else "waiting in the interrupted resolution area"
        d.violate("encounter-in-play", f"'{name}' is in play ({in_play.player}'s Random Encounter, {where}): it is "
                  f"not in the Random Encounter Deck", R.RE_DECK_TOP, R.RE_DECK_USED,
                  fix="draw the card on top of the Random Encounter Deck; if the deck holds another copy: "
                      "--override \"another copy\"")
        d.interpret("another-copy")  # what the --override applies: this card is another copy of the one in play
        enc.pop("refreshed", None)  # applied anyway (--override): what the deck holds is no longer known
    elif enc.get("refreshed"):
        from_refreshed_deck(d, enc, name)
    elif name in enc["discard"]:
        d.violate("encounter-in-the-discard-pile", f"'{name}' lies in the Random Encounter discard pile: it is not in "
                  f"the deck", R.RE_DECK_TOP, R.RE_DISCARD_PLACED, R.RE_DECK_REFRESH,
                  fix="if the deck ran out, record it (`referee encounter deck 0`) and draw again: the discard pile is "
                      "shuffled into a new deck; if the deck holds another copy: --override \"another copy\"")
        d.interpret("another-copy")  # what the --override applies: this card is another copy of the discarded one

    if not card["options"]:
        d.violate("encounter-without-an-option", f"'{name}' is described without an Encounter Completion Option", R.OPTIONS_ONE_OR_MORE,
                  fix="describe its options: --check \"STAT TN\" and/or --pay \"kaos 2\"")
    if not card["penalty"] and not card["no_penalty"]:
        d.violate("encounter-without-a-penalty", f"'{name}' is described without a Penalty", R.RE_HAS_PENALTY, R.PENALTY_DEFINITION,
                  fix="describe it: --penalty \"damage d6\" (in printed order), or --no-penalty if the card says so")
    if described and known and {k: v for k, v in enc["cards"][known].items()} != card:
        if d.interpret("card-redescribed") == "override":
            d.violate("card-redescribed", f"'{name}' was described differently earlier in this game",
                      fix=f"draw it by name only (`referee encounter draw PLAYER {quoted(name)}`), or correct it with "
                          f"--override \"what the card says\"", reading="card-redescribed")
        d.say(f"'{name}' was described differently earlier in this game: this description replaces it",
              R.ENCOUNTER_CARD_TEXT_WINS)
    if enc["deck"] is not None:
        enc["deck"] -= 1
    enc["cards"][name] = card
    work.encounters = enc
    proc = EncounterProc(card=name, player=player, cause=move.cause, source=source)
    work.stack.append(proc)

    d.say(f"'{name}' is drawn from the top of the Random Encounter Deck and revealed",
          R.RE_PROC_DRAW, R.RE_DECK_TOP, R.RE_PROC_REVEAL, R.RE_BEGINS, kind="cards")
    d.say(f"{player} is the Encountering Player: {why}", *why_rules, R.RE_PROC_IDENTIFY, R.ENCOUNTERING_PLAYER_DEFINITION)
    d.say(f"it interrupts {source}, which goes on only once the Random Encounter is fully resolved "
          f"(resolving it spends no Turn Action)", R.RE_INTERRUPTS, R.RE_FULLY_RESOLVED, R.RE_NO_TURN_ACTION)
    options = "; ".join(f"{i}. {option_label(o)}" for i, o in enumerate(card["options"], 1))
    penalty = "; ".join(penalty_label(p) for p in card["penalty"]) or "none (the card says so)"
    # the card's numbered options, shown when choosing (the short ruling shows cards first)
    d.say(f"read aloud: options {options}. Penalty: {penalty}", R.RE_PROC_READ, R.RE_PROC_OPTIONS, kind="cards")
    if sum(o["kind"] == "check" for o in card["options"]) == 2 and any(o["kind"] == "check" and o["mark"]
                                                                       for o in card["options"]):
        d.cite(R.OPTIONS_EASIER_HARDER)
    for i, option in enumerate(card["options"], 1):
        if option["kind"] != "check":
            d.cite(R.OPTIONS_NON_CHECK)
            ok, why, cites = fulfillable(work, d, player, option)
            if not ok:
                d.say(f"option {i} ({option_label(option)}) is not available: {why}", *cites)
            elif why:
                d.say(f"option {i} ({option_label(option)}) can be chosen {why}", *cites)
    if enc["deck"] is not None:
        d.say(f"Random Encounter Deck: {plural(enc['deck'], 'card')} left", R.RE_DECK_PUBLIC)
    d.oblige(proc.finish_hint(work))
