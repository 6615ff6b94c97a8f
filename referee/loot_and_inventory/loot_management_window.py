"""08 LOOT_MANAGEMENT_WINDOW and LOOT_AND_DEATH_INTERRUPTION: the window on the pending stack, opening and
closing it, displaced Loot first, and what Death, Victory and Removal do to an open window.
"""

from __future__ import annotations

from referee import citations as R
from referee.state import Procedure
from referee.loot_and_inventory.patron_mats import (
    label, locate, occupant, reading_of, set_aside, slot_label, where_text, windows,
)
from referee.loot_and_inventory.cards import is_gear, legal_slots
from referee.loot_and_inventory.places import pile_rules, set_window, to_pile
from referee.loot_and_inventory.plot_armor import holds_plot_armor, plot_leaving


class LootWindowProc(Procedure):
    """A Player places every newly acquired and displaced card before anything else proceeds."""

    kind = "loot-window"
    # Placing cards, more Loot joining the window, and effects of cards used in it (card text, table-reported).
    accepts = frozenset({"equip", "store", "use", "discard", "draw", "take", "damage", "heal", "gain", "lose",
                         "gain-status", "remove-status", "death", "set-state"})
    must_finish_first = (R.LMW_NO_UNRESOLVED, R.LMW_ENDS_ONLY_WHEN)

    def refuse(self, work, d, move) -> None:
        d.violate("window-finishes-first", f"{self.title()} must finish first", *self.must_finish_first,
                  fix=self.finish_hint(work))

    player: str = ""
    cards: tuple[str, ...] = ()  # unresolved cards, in the order they arrived
    displaced: tuple[str, ...] = ()  # which of them are displaced Loot
    source: str = ""  # "drew", "took from Ivo (Pickpocket)"

    def labels(self) -> list[str]:
        return [f"{c} ({'displaced' if c in self.displaced else 'new'})" for c in self.cards]

    def title(self) -> str:
        return f"Loot Management Window for {self.player}: {', '.join(self.labels()) or 'nothing left'}"

    def finish_hint(self, state=None) -> str:
        """Displaced Loot first (LOOT_MANAGEMENT_WINDOW: it is placed immediately); with `state`, the placements
        the judges accept now, as commands (`placements`)."""
        if not self.cards:
            return "nothing is left to place"
        first = self.displaced[0] if self.displaced else self.cards[0]
        kind = "displaced" if first in self.displaced else "new"
        after = [label(c) for c in self.cards if c != first]
        then = f", then {', '.join(after)}" if after else ""
        if state is None:
            return f"place {label(first)} ({kind}){then}: equip, store, use or discard it (`referee inventory " \
                   f"{self.player.lower()}`)"
        from referee.moves import describe

        moves = [move for move, _ in placements(state, state, self, first)]
        return f"place {label(first)} ({kind}){then}: " + _either([f"`referee {describe(m)}`" for m in moves])

    @staticmethod
    def after_any_move(work, move, d) -> None:
        """Death, Victory and Removal around Loot Management Windows (LOOT_AND_DEATH_INTERRUPTION)."""
        after_move(work, move, d)


def close_if_done(work, d) -> None:
    """The window on top ends when nothing is left in it; the procedure below resumes."""
    top = work.top
    if isinstance(top, LootWindowProc) and not top.cards:
        work.stack.pop()
        below = work.top
        resumes = below.title() if below is not None else f"{work.active_player.name}'s turn"
        d.say(f"{top.player}'s Loot Management Window is closed: every card is placed; {resumes} resumes",
              R.LMW_ENDS_ONLY_WHEN)


def open_window(work, d, player: str, names: list[str], source: str, displaced: tuple = ()) -> None:
    """Add cards to the player's window on top of the stack, or open one above whatever is there."""
    top = work.top
    if isinstance(top, LootWindowProc) and top.player == player:
        work.stack[-1] = LootWindowProc(player=player, cards=top.cards + tuple(names),
                                     displaced=top.displaced + tuple(displaced), source=top.source)
        d.cite(R.LMW_ORDER)
    else:
        work.stack.append(LootWindowProc(player=player, cards=tuple(names), displaced=tuple(displaced), source=source))


def need_window(work, d, player: str, name: str, verb: str, *rules) -> LootWindowProc | None:
    """The player's own window must be on top with `name` in it (and displaced Loot goes first)."""
    top = work.top
    if not (isinstance(top, LootWindowProc) and top.player == player):
        place = locate(work, name)
        gear = is_gear(work.cards.get(name)) and place is not None and place[0] in ("slot", "backpack")
        fix = f"{label(name)} is {where_text(place)}"
        if gear:
            from referee.legal_moves import legal_command
            from referee.moves import GearSwap

            swap = legal_command(work.before, GearSwap(player=player, card=name)) if work.before.own_player_turn(player) and \
                not work.before.stack else ""  # a Gear Swap is made on one's own Player Turn, nothing being resolved
            fix = "Stored or Equipped Gear moves by Gear Swap" + (f": {swap}" if swap else
                                                                   f" (once per Player Turn, on {player}'s own)")
        d.violate("not-in-a-window", f"{player} is not resolving a Loot Management Window: only newly acquired or "
                  f"displaced Loot is "
                  f"{verb} this way", *rules, fix=fix)
        return None
    if name not in top.cards:
        d.violate("not-in-this-window", f"{label(name)} is not waiting in {player}'s Loot Management Window "
                  f"({where_text(locate(work, name))})", R.LMW_DECIDE_EACH, fix=top.finish_hint(work))
        return None
    check_displaced_first(work, d, top, name)
    return top


def _displaced_first(state, window) -> bool:
    """Whether displaced Loot in `window` must be placed before its other cards (hints; no interpretation shown)."""
    return bool(window.displaced) and reading_of(state, "displaced-first") == "displaced-first"


def check_displaced_first(work, d, window, name: str) -> None:
    """Placing a card that is not displaced while displaced Loot waits: the readings of displaced-first differ."""
    if not window.displaced or name in window.displaced:
        return
    if d.interpret("displaced-first") == "displaced-first":
        waiting = ", ".join(window.displaced)
        d.violate("displaced-loot-first", f"displaced Loot must be placed immediately: place {waiting} before {label(name)}",
                  R.LMW_DISPLACED_IMMEDIATELY, R.REPLACE_DISPLACED_IMMEDIATELY, R.LMW_ORDER,
                  fix=window.finish_hint(work))
    else:
        d.cite(R.LMW_ORDER)


def _either(options: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return options[0] if len(options) == 1 else f"{', '.join(options[:-1])} or {options[-1]}"


def placements(v, state, window, name: str) -> list[tuple]:
    """(move, what it does) for each way `window`'s Player may place `name` now, as the judges of `equip`, `store`,
    `use` and `discard` decide it (LOOT_MANAGEMENT_WINDOW: "equipped, stored, used, or discarded"); nothing for a
    card that waits behind displaced Loot (interpretation displaced-first). `v` is the game as it is (the state, or
    the working copy of a move that has just changed the window). The window's Next, its Obligations and the fixes
    that name a placement read them here."""
    from referee import moves as M

    player = window.player
    if _displaced_first(state, window) and name not in window.displaced:
        return []
    card = v.cards.get(name)
    out = []
    slots = legal_slots(card)
    dropped = v.mat(player).dropped
    if slots and not (card.type == "plot" and holds_plot_armor(v, player, equipped_only=True, other_than=name)):
        leaving = plot_leaving(v, player, card)
        empty = [s for s in slots if occupant(v, player, s) is None]
        movable = [s for s in slots if occupant(v, player, s) not in dropped]  # a Dropped Weapon stays (WEAPON_LOOT)
        if leaving in slots:
            out.append((M.Equip(player=player, card=name), "equip (Plot Armor then goes to the box)"))
        elif empty:
            out.append((M.Equip(player=player, card=name), f"equip ({slot_label(empty[0])})"))
        elif movable:
            slot = "" if len(slots) == 1 else movable[0]  # with several occupied Slots, the table names one
            out.append((M.Equip(player=player, card=name, slot=slot),
                        f"equip (replacing {label(occupant(v, player, movable[0]))})"))
    pack = v.mat(player).backpack
    if None in pack and card.type != "plot":
        out.append((M.Store(player=player, card=name), f"store (Backpack Slot {pack.index(None) + 1})"))
    if card.consumable and _usable_now(state, v, player, card):
        out.append((M.UseLoot(player=player, card=name), "use"))
    out.append((M.DiscardLoot(player=player, card=name), "discard"))
    return out


def obligations(work, d, player: str) -> None:
    top = work.top
    if not (isinstance(top, LootWindowProc) and top.player == player and top.cards):
        return
    for name in top.cards:
        kind = "displaced" if name in top.displaced else "new"
        ways = placements(work, work.before, top, name)
        if not ways:
            d.oblige(f"{player} places {label(name)} ({kind}) after the displaced {', '.join(top.displaced)} "
                     f"(interpretation displaced-first)")
            continue
        d.oblige(f"{player} places {label(name)} ({kind}): " + ", ".join(what for _, what in ways))
    d.cite(R.LMW_DECIDE_EACH)


def interrupting(work, d, player: str) -> list:
    """Procedures being resolved that count as "an Action or interruption" for `player`'s own Loot.

    The interpretation lmw-is-interruption is shown only when its readings differ here: the Player's own window
    is pending and nothing else is."""
    own, others = _own_window_and_others(work, player)
    if own and not others:
        return own if d.interpret("lmw-is-interruption") == "any-procedure-is" else []
    return others


def _own_window_and_others(v, player: str) -> tuple[list, list]:
    own = [p for p in v.stack if isinstance(p, LootWindowProc) and p.player == player]
    return own, [p for p in v.stack if not (isinstance(p, LootWindowProc) and p.player == player)]


def _usable_now(state, v, player: str, card: dict) -> bool:
    """Whether `use` would be legal now by timing (hints only; the judge decides and cites), in `v` (the game, or
    a move's working copy)."""
    if not card.consumable:
        return False
    if card.anytime:
        return True
    own, others = _own_window_and_others(v, player)
    busy = (own if reading_of(state, "lmw-is-interruption") == "any-procedure-is" else []) if own and not others \
        else others
    return state.own_player_turn(player) and not busy


def out_of_play(work, d, player: str, doing: str) -> None:
    """A Removed Player is out of the game; what a Fallen or Zombie Player may do is the Zombies extension's."""
    from referee.game_structure import refuse_removed

    now = work.player(player).state
    refuse_removed(work, d, player, doing)
    if now in ("fallen", "zombie") and d.interpret("out-of-play-loot") == "refuse":
        ext = work.settings.not_loaded("RULES_EXTENSION_01_ZOMBIES")
        d.violate("out-of-play-loot", f"{player} is a {now.capitalize()} Player: only a Surviving Player's Loot is "
                  f"managed by these rules; what a {now.capitalize()} Player may do is {ext}'s", R.LOOT_DEATH_RESUME,
                  R.PLAYER_TURN_NOT_OTHERS, R.TURN_ORDER_FALLEN if now == "fallen" else R.TURN_ORDER_ZOMBIE,
                  R.ZOMBIE_TURNS_ELSEWHERE, fix=f"if {ext} lets {player} {doing} here: --override \"REASON\"",
                  reading="out-of-play-loot")


def after_move(work, move, d) -> None:
    """LOOT_AND_DEATH_INTERRUPTION, applied to whatever move changed the stack or a Player's state."""
    if not d.applicable or not windows(work.before) and not windows(work):
        return
    if work.ended and not work.before.ended:
        left = [c for _, w in windows(work.before) for c in w.cards]
        if left and not windows(work):
            work.change_unresolved(work.unresolved() + tuple(left))
            d.say(f"the game ends with {', '.join(left)} unresolved in a Loot Management Window",
                  R.LOOT_DEATH_VICTORY_ENDS)
        return
    removed = [p for p in work.settings.players
               if work.player(p).state == "removed" and work.before.player(p).state != "removed" and windows(work, p)]
    for player in removed:
        for index, proc in reversed(windows(work, player)):
            for name in proc.cards:
                where = to_pile(work, name)
                d.say(f"{player} is Removed: {name}, unresolved in their Loot Management Window, goes to {where}",
                      R.LOOT_DEATH_REMOVED_DISCARD, *pile_rules(work.cards.get(name)))
            set_window(work, index, None)
        if player == work.before.active_player.name and not work.stack and work.active == work.before.active:
            from referee.game_structure import complete_turn

            complete_turn(work, d)
    _not_surviving_windows(work, d)
    top = work.top
    below = work.stack[-2] if len(work.stack) > 1 else None
    if top is not None and top.kind == "death" and isinstance(below, LootWindowProc) and \
            not (work.before.stack and work.before.stack[-1].kind == "death"):
        d.say(f"{below.player}'s Loot management pauses until the Death Process is resolved", R.LOOT_DEATH_PAUSE,
              R.ENCOUNTER_LOOT_DEATH_PAUSES)
    if isinstance(top, LootWindowProc) and work.before.stack and work.before.stack[-1].kind == "death":
        if work.player(top.player).state == "surviving":
            d.say(f"{top.player}'s Loot management resumes where it was interrupted", R.LOOT_DEATH_RESUME)


def _not_surviving_windows(work, d) -> None:
    """A window whose Player is Fallen or a Zombie once no Death Process is pending any more does not resume
    (LOOT_DEATH_RESUME: only for a surviving Player); where its cards go is 09's (interpretation lmw-not-surviving)."""
    if any(p.kind == "death" for p in work.stack):
        return  # the Death Process is not completed yet: the window stays paused
    deaths_done = any(p.kind == "death" for p in work.before.stack)
    for index, proc in reversed(windows(work)):
        player = proc.player
        now = work.player(player).state
        if now not in ("fallen", "zombie") or not (deaths_done or work.before.player(player).state != now):
            continue
        reading = d.interpret("lmw-not-surviving")
        state_name = "a Zombie Player" if now == "zombie" else "a Fallen Player"
        d.say(f"{player} is {state_name}, not a surviving Player: their Loot Management Window does not resume",
              R.LOOT_DEATH_RESUME)
        for name in proc.cards:
            if reading == "discard":
                where = to_pile(work, name)
                d.say(f"{name}, unresolved in {player}'s Loot Management Window, goes to {where}",
                      *pile_rules(work.cards.get(name)))
            else:
                work.change_mat(player, set_aside=work.mat(player).set_aside + (name,))
                d.say(f"{name} is set aside, unresolved and in no Inventory, until the table reports what "
                      f"{work.settings.not_loaded('09_DEATH_AND_VICTORY')} does with it",
                      R.OPPORTUNITY_BY_09, R.OPPORTUNITY_DEFINITION)
        if reading != "discard":
            deaths = [death for death in work.deaths if death.player == player]
            opportunity = ("" if deaths and all(death.source == "random-encounter" for death in deaths) else
                           f"record a Loot Opportunity with `referee take PLAYER {player.lower()} CARD --opportunity`, "
                           f"or ")
            d.report(f"where {', '.join(proc.cards)} {'goes' if len(proc.cards) == 1 else 'go'}: "
                     f"{work.settings.not_loaded('09_DEATH_AND_VICTORY')} decides; {opportunity}"
                     f"record a discard with `referee discard {player.lower()} CARD --required \"09_DEATH_AND_VICTORY\"`")
        set_window(work, index, None)
