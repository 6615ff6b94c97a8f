"""08 LOOT_AND_DEFENSE, LOOT_AND_STAT_BONUSES: Defense from loot and the Stat bonuses a Player's cards give now.
"""

from __future__ import annotations

from referee import citations as R
from referee.loot_and_inventory.patron_mats import equipped, stored
from referee.loot_and_inventory.cards import is_gear
from referee.state import stats_text


def loot_defense(v, player: str) -> int:
    total = 0
    for _, name in equipped(v, player):
        total += v.cards[name].defense or 0
    for _, name in stored(v, player):
        total += v.cards[name].backpack_defense or 0
    return total


def stat_bonus_sources(v, player: str) -> list[tuple[str, str, int, tuple]]:
    """(card, Stat, bonus, the rules that let it count) for every printed Stat bonus `player`'s Loot provides now:
    Equipped Loot (a Weapon's only because its card prints it), Stored Loot only when its card says it works from
    the Backpack (LOOT_AND_STAT_BONUSES)."""
    out = []
    for _, name in equipped(v, player):
        card = v.cards[name]
        rules = {"armor": (R.STATS_EQUIPPED_ARMOR,), "weapon": (R.STATS_EQUIPPED_WEAPONS,)}.get(
            card.type, (R.EQUIPPED_PROVIDES, R.MAGIC_USE_AS_INSTRUCTED))
        out += [(name, stat, bonus, rules) for stat, bonus in card.stats]
    for _, name in stored(v, player):
        card = v.cards[name]
        if card.backpack:
            rules = (R.STATS_STORED,) + ((R.MAGIC_BACKPACK_EFFECTS,) if not is_gear(card) else (R.LOOT_CARD_TEXT_WINS,))
            out += [(name, stat, bonus, rules) for stat, bonus in card.stats]
    return out


def stat_bonuses(v, player: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for _, stat, bonus, _ in stat_bonus_sources(v, player):
        out[stat] = out.get(stat, 0) + bonus
    return {k: v for k, v in out.items() if v}


class Recalc:
    """Defense from loot and Stat bonuses before a change, to say what the change did."""

    def __init__(self, state, *players: str):
        self.state = state
        self.before = {p: (loot_defense(state, p), stat_bonuses(state, p)) for p in dict.fromkeys(players)}

    def say(self, work, d) -> None:
        for p, (defense, bonuses) in self.before.items():
            now, now_bonuses = loot_defense(work, p), stat_bonuses(work, p)
            if now != defense:
                # the full Defense is 06_COMBAT_ENCOUNTER's: the quote says so ("recalculate Defense according to")
                d.say(f"{p}'s Defense from loot {defense} → {now}", R.DEFENSE_RECALC, kind="tokens")
            if now_bonuses != bonuses:
                d.say(f"{p}'s Stat bonuses from loot: {stats_text(bonuses)} → {stats_text(now_bonuses)} "
                      f"(current Stats: {self.state.settings.not_loaded('04_PLAYER_STRUCTURE')})", R.STATS_RECALC, kind="tokens")
