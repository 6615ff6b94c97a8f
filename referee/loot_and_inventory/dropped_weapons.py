"""08 WEAPON_LOOT's Dropped Weapons (06_COMBAT_ENCOUNTER, not loaded, decides when): `drop`, `recover`.
"""

from __future__ import annotations

from referee import citations as R
from referee.loot_and_inventory.patron_mats import equipped, label, locate, owned_cards, the_slot, where_text
from referee.loot_and_inventory.cards import held_card
from referee.loot_and_inventory.places import undrop


def judge_drop(work, move, d) -> None:
    _dropped_move(work, move, d, drop=True)


def judge_recover(work, move, d) -> None:
    _dropped_move(work, move, d, drop=False)


def _dropped_move(work, move, d, *, drop: bool) -> None:
    """A Weapon Dropped or recovered: 06_COMBAT_ENCOUNTER (not loaded) decides when; the table reports it."""
    player = move.player
    weapons = [c for s, c in equipped(work, player) if s in ("melee", "ranged")]
    name = held_card(work, d, player, move.card, weapons if weapons else owned_cards(work, player))
    if name is None:
        return
    combat = work.settings.not_loaded("06_COMBAT_ENCOUNTER")
    place = locate(work, name)
    if name not in weapons:
        d.violate("drop-only-equipped-weapons", f"{label(name)} is {where_text(place)}: only an Equipped Weapon can "
                  f"be Dropped or recovered",
                  R.WEAPON_DROPPED_REMAINS, R.DROPPED_STILL_EQUIPPED, fix="name a Weapon in a Weapon Slot")
        return d.impossible()
    dropped = work.mat(player).dropped
    if drop == (name in dropped):  # nothing to record: legal, and nothing to apply
        d.say(f"{name} is {'already Dropped' if drop else 'not Dropped: it is available for Attacks'}: nothing changes")
        return d.impossible()
    if drop:
        work.change_mat(player, dropped=dropped + (name,))
        d.report(f"{player}'s {name} is Dropped ({combat} decides when a Weapon is Dropped and how it is recovered)")
        d.say(f"{name} stays Equipped in {the_slot(place[2])} but is not available for Attacks until recovered or "
              f"restored; it is not discarded, and it is not available to be stolen solely because it is Dropped",
              R.DROPPED_STILL_EQUIPPED, R.WEAPON_DROPPED_REMAINS, R.WEAPON_DROPPED_NOT_DISCARDED,
              R.WEAPON_DROPPED_NOT_STOLEN)
    else:
        undrop(work, d, player, name)
        d.report(f"{player} recovers {name} ({combat} decides how a Dropped Weapon is recovered or restored)")
        d.say(f"{name} is available for Attacks again ({the_slot(place[2])})", R.WEAPON_DROPPED_REMAINS,
              R.EQUIPPED_WEAPONS_AVAILABLE)
