"""08 DISCARDING_LOOT: `discard`, and the discards other rules require (a Random Encounter's).
"""

from __future__ import annotations

from referee import citations as R
from referee.loot_and_inventory.patron_mats import inventory, label, owned_cards, where_text
from referee.loot_and_inventory.cards import held_card, resolve_card
from referee.loot_and_inventory.defense_and_stat_bonuses import Recalc
from referee.loot_and_inventory.places import dropped_stays, pile_rules, take_out, to_pile
from referee.loot_and_inventory.loot_management_window import (
    check_displaced_first, close_if_done, interrupting, LootWindowProc, obligations,
)


def eligible_loot(v, player: str) -> list[str]:
    """Loot cards `player` possesses that may be chosen for a Random Encounter's Loot discard (an option's cost, a
    Penalty), read from `v` (the game, or a move's working copy: after a discard earlier in the same move); Plot Armor last.

    Plot Armor is among them unless the game's reading of `plot-armor-eligible` is "excluded"; under "table-decides"
    (the default) choosing it is the table's answer that it counts, and the referee asks where it alone decides.
    """
    from referee import interpretations

    reading = interpretations.reading(v.settings.interpretations, "plot-armor-eligible")
    names = inventory(v, player)
    plot = [n for n in names if v.cards.get(n).type == "plot"]
    return [n for n in names if n not in plot] + (plot if reading != "excluded" else [])


def discard_effects(work, d, player: str, card: str, why: str) -> None:
    """A discard a rule requires (no timing check): the card goes to its matching pile, Plot Armor to the box."""
    name = resolve_card(work, card, owned_cards(work, player), player=player)
    recalc = Recalc(work.before, player)
    place = take_out(work, d, name)
    info = work.cards.get(name)
    where = to_pile(work, name)
    d.say(f"{player} discards {label(name)} ({where_text(place)}) to {where}: {why}", R.DISCARD_REMOVES,
          *pile_rules(info), kind="cards")
    recalc.say(work, d)
    if place[0] == "window":
        close_if_done(work, d)


def judge_discard(work, move, d) -> None:
    player = move.player
    name = held_card(work, d, player, move.card)
    if name is None:
        return
    if move.required:
        d.cite(R.BOMB_LOOT_THIS_DOCUMENT) if any(p.kind == "end-of-turn" for p in work.stack) else None
        return discard_effects(work, d, player, name, f"required by {move.required}")
    dropped_stays(work, d, player, name, "it is not voluntarily discarded", discard=True)
    top = work.top
    in_window = isinstance(top, LootWindowProc) and top.player == player
    if in_window and name in top.cards:
        check_displaced_first(work, d, top, name)
        d.cite(R.DISCARD_IN_WINDOW, R.LMW_OPTION_DISCARD)
    elif in_window:
        if d.interpret("lmw-make-room") == "yes":
            d.say(f"{player} may discard during their own Loot Management Window, which can empty a Backpack Slot",
                  R.DISCARD_IN_WINDOW, R.STORE_NOT_FULL)
        else:
            d.violate("discard-outside-the-window", f"only the cards in {player}'s Loot Management Window may be "
                      f"discarded during it", R.DISCARD_IN_WINDOW, R.STORE_NOT_FULL,
                      fix=f"discard {label(name)} on your own turn when nothing is being resolved",
                      reading="lmw-make-room")
    else:
        from referee.game_structure import refuse_outside_a_player_turn

        active = work.active_player.name
        own_position = "a voluntary discard is made during one's own Player Turn"
        if not work.own_player_turn(player) and not refuse_outside_a_player_turn(work, d, player, own_position,
                                                                                  R.DISCARD_OWN_TURN):
            d.violate("discard-on-another-players-turn", f"it is {active}'s turn: {player} may not voluntarily "
                      f"discard Loot during another Player's Turn",
                      R.DISCARD_NOT_OTHERS_TURN, R.DISCARD_OWN_TURN,
                      fix=f"discard it on {player}'s own Player Turn when nothing is being resolved "
                          f"(or --required \"REASON\" when a rule or effect requires the discard)")
        busy = interrupting(work, d, player)
        if busy:
            d.violate("discard-while-resolving", f"{busy[-1].title()} is being resolved: voluntary discards wait "
                      f"until nothing is",
                      R.DISCARD_OWN_TURN, *busy[-1].must_finish_first, fix=work.top.finish_hint(work.before))
        d.cite(R.DISCARD_OWN_TURN)
        d.report(f"if this is a Combat Turn ({work.settings.not_loaded('06_COMBAT_ENCOUNTER')}), a voluntary discard "
                 f"is refused: the table says whether it is", R.DISCARD_NOT_COMBAT_TURN)
    discard_effects(work, d, player, name, "voluntary")
    obligations(work, d, player)
