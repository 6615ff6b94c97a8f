"""08 GAINING_AND_TAKING_LOOT, PICKPOCKET_LOOT, LOOT_OPPORTUNITIES: `take`, `pickpocket`, `take --opportunity`.
"""

from __future__ import annotations

from referee import citations as R
from referee.errors import InvalidMove
from referee.loot_and_inventory.patron_mats import inventory, label, locate, stored, takeable, where_text
from referee.loot_and_inventory.cards import held_card, resolve_card
from referee.loot_and_inventory.defense_and_stat_bonuses import Recalc
from referee.loot_and_inventory.places import take_out
from referee.loot_and_inventory.loot_management_window import LootWindowProc, obligations, open_window, out_of_play


def judge_take(work, move, d) -> None:
    taker, source = move.player, move.source
    if source not in work.settings.players:
        raise InvalidMove(f"no Player {source!r} in this game")
    if taker == source:
        raise InvalidMove("a Player takes Loot from another Player")
    if move.how not in ("take", "pickpocket", "opportunity"):
        raise InvalidMove(f"unknown way to take Loot {move.how!r}")
    out_of_play(work, d, taker, "take Loot")
    top = work.top
    if isinstance(top, LootWindowProc) and top.player != taker:
        top.refuse(work, d, move)
    if move.how == "pickpocket":
        _pickpocket_on_own_turn(work, d, taker)
        pack = [c for _, c in stored(work, source)]
        d.cite(R.PICKPOCKET_DEFINED_IN_05, R.PICKPOCKET_TAKES)
        if not pack:
            d.violate("pickpocket-empty-backpack", f"{source}'s Backpack is empty: nothing can be chosen for "
                      f"Pickpocket", R.PICKPOCKET_EMPTY,
                      R.PICKPOCKET_BACKPACK_ONLY, fix="nothing to take")
            return d.impossible()
        try:
            name = resolve_card(work, move.card, pack)
        except InvalidMove:
            name = resolve_card(work, move.card, inventory(work, source))
            d.violate("pickpocket-backpack-only", f"{label(name)} is {where_text(locate(work, name))}: Pickpocket takes "
                      f"only from the target's "
                      f"Backpack", R.PICKPOCKET_BACKPACK_ONLY, R.TAKE_FROM_LOCATION,
                      R.WEAPON_DROPPED_NOT_STOLEN if name in work.mat(source).dropped else R.TAKE_FROM_LOCATION,
                      fix=f"choose from {source}'s Backpack: {', '.join(pack)}")
        hint = ""
        if work.own_player_turn(taker) and not any("pickpocket" in a.casefold() for a in work.actions_taken):
            hint = f"; not recorded this turn: `referee action {taker.lower()} Pickpocket` records its Turn Action"
        d.report(f"{taker}'s Pickpocket Action succeeded ({work.settings.not_loaded('05_ACTIONS')} defines it; the "
                 f"table reports it{hint})", R.PICKPOCKET_DEFINED_IN_05)
        rules = (R.PICKPOCKET_TAKES, R.PICKPOCKET_REMOVED, R.PICKPOCKET_WINDOW)
    else:
        name = held_card(work, d, source, move.card, takeable(work, source))
        if name is None:
            return
        rules = (R.TAKE_DEFINITION, R.TAKE_REMOVED, R.TAKE_OWNER, R.TAKE_THEN_WINDOW)
        reading = d.interpret("plot-armor-eligible") if work.cards.get(name).type == "plot" else ""
        if reading == "excluded":
            d.violate("plot-armor-not-taken", f"{source}'s Plot Armor is a special starting Loot card: the table does "
                      f"not count it as Loot to be taken (table setting)",
                      R.LOOT_PLOT_ARMOR_SPECIAL, R.PLOT_ARMOR_NOT_ARMOR_CARD, R.PLOT_ARMOR_AT_START,
                      reading="plot-armor-eligible",
                      fix="if the table agrees it can be taken here: --override \"REASON\"")
        elif reading == "table-decides":
            d.say(f"{source}'s Plot Armor is a special starting Loot card: the rules do not say whether it can be taken "
                  f"like other Loot; the table decides, and reports this take", R.LOOT_PLOT_ARMOR_SPECIAL,
                  R.PLOT_ARMOR_NOT_ARMOR_CARD)
        if move.how == "opportunity":
            _loot_opportunity_from_a_death(work, d, taker, source)
            d.report(f"{taker}'s Loot Opportunity on {source}: {work.settings.not_loaded('09_DEATH_AND_VICTORY')} "
                     f"grants it; the table reports it", R.OPPORTUNITY_DEFINITION, R.OPPORTUNITY_BY_09,
                     R.OPPORTUNITY_NOT_HERE)
            rules += (R.OPPORTUNITY_WINDOW,)
    recalc = Recalc(work.before, source, taker)
    place = take_out(work, d, name)
    d.say(f"{taker} takes {label(name)} from {source} ({where_text(place)}): it leaves {source}'s Inventory", *rules, kind="cards")
    open_window(work, d, taker, [name], f"took from {source}" + (" (Pickpocket)" if move.how == "pickpocket" else ""))
    d.say(f"{taker} resolves a Loot Management Window for {label(name)}", R.TAKE_THEN_WINDOW, R.LMW_OCCURS)
    recalc.say(work, d)
    if move.how == "pickpocket" and not stored(work, source):
        d.say(f"{source}'s Backpack is now empty: nothing more can be chosen from it", R.PICKPOCKET_EMPTY)
    obligations(work, d, taker)


def _pickpocket_on_own_turn(work, d, taker: str) -> None:
    """A Pickpocket is an Action (PICKPOCKET_LOOT defers it to 05_ACTIONS, not loaded), and Actions are what a Player
    Turn is for: only the Active Player takes it, during their own normal Player Turn, as `action` requires of a Turn
    Action (interpretation pickpocket-turn, named only when it decides)."""
    if work.own_player_turn(taker) or d.interpret("pickpocket-turn") != "own-turn":
        return
    active = work.active_player.name
    turn = "Player Turn" if work.turn_kind == "player" else \
        "Zombie Turn" if work.turn_kind == "zombie" else "position (Rising as a Zombie)"
    d.violate("pickpocket-not-own-turn", f"it is {active}'s {turn}: a Pickpocket is an Action, and {taker} takes "
              f"Actions only during {taker}'s own Player Turn", R.PLAYER_TURN_DEFINITION, R.PICKPOCKET_DEFINED_IN_05,
              R.ACTIVE_PLAYER, R.PLAYER_TURN_NOT_OTHERS,
              fix=f"wait for {taker}'s own Player Turn; --override \"REASON\" if card text lets {taker} Pickpocket now",
              reading="pickpocket-turn")


def _loot_opportunity_from_a_death(work, d, taker: str, source: str) -> None:
    """A Loot Opportunity is Death-related: it needs a completed Death Process of `source` that can create one (a
    Death caused by a Random Encounter creates none). 09_DEATH_AND_VICTORY decides the rest; the table reports it."""
    deaths = [death for death in work.deaths if death.player == source]
    if any(death.source != "random-encounter" for death in deaths):
        return
    if deaths:
        d.violate("no-loot-opportunity-from-an-encounter", f"{source}'s Death was caused by a Random Encounter: it creates no Loot Opportunity",
                  R.RE_DEATH_NO_LOOT_OPPORTUNITY, R.OPPORTUNITY_DEFINITION, R.OPPORTUNITY_BY_09,
                  fix="if a card or 09_DEATH_AND_VICTORY grants one anyway: --override \"REASON\"")
    else:
        d.violate("no-death-recorded", f"no Death of {source} is recorded: a Loot Opportunity is a Death-related opportunity",
                  R.OPPORTUNITY_DEFINITION, R.OPPORTUNITY_BY_09,
                  fix=f"record {source}'s Death Process first (`referee death {source.lower()} ...`), or take it "
                      f"without --opportunity if another rule moves it; --override \"REASON\" if 09 grants one")
