"""Every kind of refusal the engine can give, one row each: a situation, the move, and the sentence that decides it.

Each `d.violate(...)` call names its kind as a string literal (its first argument). The first test reads every call
from the engine's source and fails when a kind has no row here (or a row names a kind the engine no longer gives);
the table then proves, row by row, that the refusal happens and that its FIRST citation is the deciding sentence
(and, where no rule says it directly, that the interpretation register's reading decides it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine_helpers import (
    Damage, DeclareCheck, EndTurn, Gain, GainStatus, Lose, RemoveStatus, ReportDeath, ResolveCheck, Reroll, RollDice,
    SetState, SpendKaos, TurnAction, new_state, play,
)
from referee import citations as R
from referee import engine
from referee.records import encode
from referee.moves import (
    CheckModifier, DeckSize, DescribeCard, DiscardLoot, DrawLoot, DropWeapon, EncounterChoose, EncounterContinue,
    EncounterDeck, EncounterDiscard, EncounterDraw, EncounterRoll, Equip, GearSwap, Store, TakeLoot, UseLoot,
)

ENGINE = Path(engine.__file__).parent


def refusal_kinds_in_the_source() -> dict[str, list[str]]:
    """{kind: [file:line, ...]} for every `.violate(` call of the engine; a call whose kind is not a literal fails."""
    kinds: dict[str, list[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "violate":
                first = node.args[0] if node.args else None
                where = f"{path.relative_to(ENGINE.parent)}:{node.lineno}"
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), \
                    f"{where}: a refusal names its kind as a string literal"
                kinds.setdefault(first.value, []).append(where)
    return kinds


# --- situations --------------------------------------------------------------------------------------------------


def game(db, **choices):
    return new_state(db, players=("Mara", "Ivo", "Tess"), stats={"Mara": {"Brawn": 2}}, choices=choices)


def draw(state, player, kind, name, **text):
    play(state, DrawLoot(player=player, kinds=(kind,), names=(name,), **text))


def got(state, player, kind, name, **text):
    draw(state, player, kind, name, **text)
    play(state, Store(player=player, card=name))


def encounter(state, player="Mara", **card):
    card = {"checks": ("brawn 30",), "penalty": ("kaos 1",), **card}
    play(state, EncounterDraw(player=player, cause="other", card=card.pop("card", "Trap"), **card))


def failed_check_option(state, player="Mara", **card):
    encounter(state, player, **card)
    play(state, EncounterChoose(player=player, option=1), RollDice(player=player, dice=(5,)), ResolveCheck())


def checking(state, player="Mara", **kw):
    play(state, DeclareCheck(player=player, stat="brawn", tn=10, **kw))


def rolled(state, player="Mara"):
    checking(state, player)
    play(state, RollDice(player=player, dice=(5,)))


def discarded_coin_and_skull(state):
    got(state, "Mara", "common", "Coin")
    got(state, "Mara", "common", "Skull")
    play(state, DiscardLoot(player="Mara", card="Coin"), DiscardLoot(player="Mara", card="Skull"))


def fill_backpack(state, player="Mara"):
    for name in ("Feather", "Bead", "Shell"):
        got(state, player, "common", name)


def die_waiting(state):
    """Mara failed a Check option; Ivo, to her left, holds a Reroll Token and rolled the d6: it waits."""
    play(state, Gain(player="Ivo", amount=1, resource="reroll"))
    failed_check_option(state, penalty=("damage d6",))
    play(state, EncounterRoll(player="Ivo", value=2))


def s(setup):
    """A row's situation: `setup(state)` returns the refused move (state from `game(db)`)."""
    return lambda db: (lambda state: (state, setup(state)))(game(db))


def with_choices(choices, setup):
    return lambda db: (lambda state: (state, setup(state)))(game(db, **choices))


def _(*steps):
    """Run the setup steps (callables taking the state, or moves), the last one's value is the move."""
    def setup(state):
        *before, last = steps
        for step in before:
            step(state) if callable(step) else play(state, step)
        return last(state) if callable(last) else last
    return setup


def overridden(move):
    return lambda state: engine.apply(state, move, override="the table allows it")


SPIDERS = dict(card="Spider", checks=("brawn 30",), pays=("discard 1",), penalty=("kaos 1",))

# (kind, situation, the deciding sentence, the interpretation that decides it when no rule says it directly)
TABLE = [
    # --- the engine's gates and the pending stack
    ("game-over", s(_(Damage(player="Ivo", amount=20), ReportDeath(player="Ivo", outcome="removed"),
                     Damage(player="Tess", amount=20), ReportDeath(player="Tess", outcome="removed"), EndTurn())),
     R.GAME_ENDS, None),
    ("check-finishes-first", s(_(checking, Damage(player="Ivo", amount=1))), R.FINAL_RESULT_DEFINITION,
     "check-finishes-first"),
    ("end-of-turn-finishes-first", s(_(EndTurn(), TurnAction(player="Mara", action="Search"))),
     R.TURN_SEQUENCE_END_PROCESS, None),
    ("death-finishes-first", s(_(Damage(player="Ivo", amount=20), EndTurn())), R.DEATH_FULLY_RESOLVED, None),
    ("window-finishes-first", s(_(lambda st: draw(st, "Mara", "common", "Coin"), EndTurn())), R.LMW_NO_UNRESOLVED,
     None),
    ("encounter-finishes-first", s(_(encounter, TurnAction(player="Mara", action="Search"))), R.RE_FULLY_RESOLVED,
     None),
    ("choose-an-option-first", s(_(encounter, RollDice(player="Mara", dice=(5,)))), R.OPTIONS_CHOOSE_FIRST, None),
    ("roll-no-check", s(_(RollDice(player="Mara", dice=(5,)))), R.DICE_D20_FOR_CHECKS, None),
    ("reroll-no-roll", s(_(Reroll(player="Mara", dice=(5,)))), R.REROLL_WHEN, None),
    ("kaos-no-check", s(_(SpendKaos(player="Mara", amount=1))), R.KAOS_ONLY_D20, None),
    ("modifier-no-check", s(_(CheckModifier(player="Mara", amount=1, because="a card"))), R.FINAL_RESULT_FORMULA,
     None),
    ("resolve-no-check", s(_(ResolveCheck())), R.FINAL_RESULT_DECIDES, None),
    # --- 01 core concepts
    ("lose-more-than-held", s(_(Lose(player="Mara", amount=3, resource="kaos"))), R.KAOS_RESOURCE,
     "lose-more-than-held"),
    ("status-not-held", s(_(RemoveStatus(player="Mara", status="goblin"))), R.GOBLIN_MODIFIES, "status-duration"),
    ("removed-player-out", s(_(SetState(player="Ivo", state="removed"), Damage(player="Ivo", amount=1))),
     R.TURN_ORDER_REMOVED_SKIPPED, "removed-is-out"),
    ("out-of-play-check", s(_(SetState(player="Ivo", state="fallen"),
                             DeclareCheck(player="Ivo", stat="brawn", tn=5))),
     R.PLAYER_TURN_DEFINITION, "out-of-play-checks"),
    ("contested-needs-opponents", s(_(DeclareCheck(player="Mara", kind="contested", stat="brawn"))),
     R.CONTESTED_DEFINITION, None),
    ("contested-no-target-number", s(_(DeclareCheck(player="Mara", stat="brawn", tn=5, opponents=("Ivo",)))),
     R.CONTESTED_HIGHEST, None),
    ("contested-named-twice", s(_(DeclareCheck(player="Mara", stat="brawn", opponents=("Ivo", "Ivo")))),
     R.CONTESTED_DEFINITION, None),
    ("not-in-the-check", s(_(checking, RollDice(player="Ivo", dice=(5,)))), R.CONTESTED_EACH_ROLLS, None),
    ("already-rolled", s(_(rolled, RollDice(player="Mara", dice=(6,)))), R.REROLL_WHEN, None),
    ("wrong-number-of-d20s", s(_(checking, RollDice(player="Mara", dice=(5, 6)))), R.CHECK_FORMULA, None),
    ("reroll-before-rolling", s(_(Gain(player="Mara", amount=1, resource="reroll"), checking,
                                 Reroll(player="Mara", dice=(5,)))), R.REROLL_WHEN, None),
    ("reroll-twice", s(_(Gain(player="Mara", amount=2, resource="reroll"), rolled, Reroll(player="Mara", dice=(6,)),
                        Reroll(player="Mara", dice=(7,)))), R.REROLL_ONE_PER_ROLL, None),
    ("reroll-after-kaos", s(_(Gain(player="Mara", amount=1, resource="reroll"),
                             Gain(player="Mara", amount=1, resource="kaos"), rolled, SpendKaos(player="Mara", amount=1),
                             Reroll(player="Mara", dice=(6,)))), R.REROLL_BEFORE_KAOS, None),
    ("no-reroll-token", s(_(rolled, Reroll(player="Mara", dice=(6,)))), R.REROLL_WHEN, None),
    ("reroll-all-dice", s(_(GainStatus(player="Mara", status="goblin"), Gain(player="Mara", amount=1, resource="reroll"),
                           checking, RollDice(player="Mara", dice=(5, 6)), Reroll(player="Mara", dice=(7,)))),
     R.REROLL_ALL_DICE, None),
    ("kaos-on-contested", s(_(Gain(player="Mara", amount=1, resource="kaos"),
                             DeclareCheck(player="Mara", stat="brawn", opponents=("Ivo",)),
                             RollDice(player="Mara", dice=(5,)), SpendKaos(player="Mara", amount=1))),
     R.KAOS_NOT_CONTESTED, None),
    ("kaos-before-rolling", s(_(Gain(player="Mara", amount=1, resource="kaos"), checking,
                               SpendKaos(player="Mara", amount=1))), R.KAOS_AFTER_ROLL, None),
    ("kaos-not-held", s(_(rolled, SpendKaos(player="Mara", amount=5))), R.KAOS_RESOURCE, "kaos-floor"),
    ("not-everyone-rolled", s(_(DeclareCheck(player="Mara", stat="brawn", opponents=("Ivo",)),
                               RollDice(player="Mara", dice=(5,)), ResolveCheck())), R.CONTESTED_EACH_ROLLS, None),
    # --- 02 game structure
    ("not-the-active-player", s(_(TurnAction(player="Ivo", action="Search"))), R.PLAYER_TURN_DEFINITION, None),
    ("not-a-normal-player-turn", s(_(SetState(player="Mara", state="zombie"),
                                    TurnAction(player="Mara", action="Search"))), R.PLAYER_TURN_NOT_OTHERS, None),
    ("repeat-needs-kaos", s(_(TurnAction(player="Mara", action="Search"), TurnAction(player="Mara", action="Search"))),
     R.REPEAT_TURN_ACTION, None),
    ("no-turn-actions-left", s(_(TurnAction(player="Mara", action="Move"), TurnAction(player="Mara", action="Search"),
                                TurnAction(player="Mara", action="Open Chest"))), R.TURN_SEQUENCE_ACTIONS, None),
    ("other-death-first", s(_(Damage(player="Ivo", amount=20), Damage(player="Tess", amount=20),
                             ReportDeath(player="Mara", outcome="removed"))), R.DEATH_FULLY_RESOLVED, None),
    ("active-players-death-first", s(_(Damage(player="Mara", amount=20), Damage(player="Ivo", amount=20),
                                      ReportDeath(player="Ivo", outcome="removed"))), R.TIMING_ACTIVE_FIRST, None),
    ("death-not-on-top", s(_(Damage(player="Ivo", amount=20),
                            overridden(DrawLoot(player="Mara", kinds=("common",), names=("Coin",))),
                            ReportDeath(player="Ivo", outcome="removed"))), R.DEATH_FULLY_RESOLVED, None),
    # --- 08 loot and inventory: which card, where it is
    ("card-in-the-box", s(_(lambda st: draw(st, "Mara", "armor", "Cap", defense=1), Equip(player="Mara", card="Cap"),
                           Equip(player="Mara", card="Plot Armor (Mara)"))), R.PLOT_ARMOR_CANNOT_KEEP, None),
    ("card-in-a-discard-pile", s(_(lambda st: got(st, "Mara", "common", "Coin"), DiscardLoot(player="Mara", card="Coin"),
                                  Store(player="Mara", card="Coin"))), R.DISCARD_PILE_STAYS, None),
    ("card-in-a-deck", s(_(discarded_coin_and_skull, DeckSize(kind="common", size=0),
                          lambda st: draw(st, "Mara", "common", "Coin"), Equip(player="Mara", card="Skull"))),
     R.DRAW_FROM_DECK, None),
    ("card-of-another-player", s(_(lambda st: got(st, "Ivo", "common", "Coin"), Store(player="Mara", card="Coin"))),
     R.LOOT_BELONGS, None),
    ("mystic-dagger-not-loot", s(_(DrawLoot(player="Mara", kinds=("weapon",), names=("Mystic Dagger",),
                                            weapon="melee"))), R.MYSTIC_DAGGER_NOT_LOOT, None),
    ("card-redescribed", s(_(DescribeCard(name="Cap", kind="armor", defense=1),
                            DescribeCard(name="Cap", kind="armor", defense=2))), R.LOOT_CARD_RESTRICTIONS,
     "card-redescribed"),
    # --- 08: decks
    ("deck-smaller-than-known", s(_(discarded_coin_and_skull, DeckSize(kind="common", size=0),
                                   lambda st: got(st, "Mara", "common", "Coin"), DeckSize(kind="common", size=0))),
     R.EXHAUSTION_SHUFFLE, None),
    ("deck-and-pile-empty", s(_(DeckSize(kind="common", size=0),
                               DrawLoot(player="Mara", kinds=("common",), names=("Coin",)))),
     R.EXHAUSTION_BOTH_EMPTY, None),
    ("not-in-the-refreshed-deck", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                     DiscardLoot(player="Mara", card="Coin"), DeckSize(kind="common", size=0),
                                     DrawLoot(player="Mara", kinds=("common",), names=("Skull",)))),
     R.EXHAUSTION_SHUFFLE, None),
    ("drawn-from-the-discard-pile", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                       DiscardLoot(player="Mara", card="Coin"),
                                       DrawLoot(player="Mara", kinds=("common",), names=("Coin",)))),
     R.DISCARD_PILE_STAYS, None),
    ("one-copy-of-each-card", with_choices({"another-copy": "one-copy"}, _(
        lambda st: got(st, "Mara", "common", "Coin"), DrawLoot(player="Ivo", kinds=("common",), names=("Coin",)))),
     R.DRAW_FROM_DECK, "another-copy"),
    ("wrong-loot-deck", s(_(DescribeCard(name="Cap", kind="armor", defense=1),
                           DrawLoot(player="Mara", kinds=("common",), names=("Cap",)))), R.LOOT_TYPE_DECIDES, None),
    # --- 08: the Loot Management Window, Equipping, Storing
    ("not-in-a-window", s(_(lambda st: got(st, "Mara", "weapon", "Club", weapon="melee"),
                           Equip(player="Mara", card="Club"))), R.EQUIP_IN_WINDOW, None),
    ("not-in-this-window", s(_(lambda st: got(st, "Mara", "weapon", "Club", weapon="melee"),
                              lambda st: draw(st, "Mara", "common", "Coin"), Equip(player="Mara", card="Club"))),
     R.LMW_DECIDE_EACH, None),
    ("displaced-loot-first", s(_(DescribeCard(name="A2", kind="armor"), DescribeCard(name="A3", kind="armor"),
                                lambda st: draw(st, "Mara", "armor", "A1"), Equip(player="Mara", card="A1"),
                                DrawLoot(player="Mara", kinds=("armor", "armor"), names=("A2", "A3")),
                                Equip(player="Mara", card="A2", slot="armor-1"), Store(player="Mara", card="A3"))),
     R.LMW_DISPLACED_IMMEDIATELY, None),
    ("second-plot-armor", with_choices({"plot-armor-eligible": "counts"}, _(
        TakeLoot(player="Mara", source="Ivo", card="Plot Armor (Ivo)"), Equip(player="Mara", card="Plot Armor (Ivo)"))),
     R.PLOT_ARMOR_AT_START, "one-plot-armor"),
    ("no-legal-slot", s(_(lambda st: draw(st, "Mara", "common", "Coin"), Equip(player="Mara", card="Coin"))),
     R.MAGIC_NOT_EQUIPPED, None),
    ("illegal-slot", s(_(lambda st: draw(st, "Mara", "weapon", "Bow", weapon="ranged"),
                        Equip(player="Mara", card="Bow", slot="melee"))), R.WEAPON_MELEE_DESIGNATED, None),
    ("which-slot-to-replace", s(_(DescribeCard(name="A1", kind="armor", slots=(2,)),
                                 DescribeCard(name="A2", kind="armor", slots=(3,)),
                                 DescribeCard(name="A3", kind="armor", slots=(2, 3)),
                                 lambda st: draw(st, "Mara", "armor", "A1"), Equip(player="Mara", card="A1"),
                                 lambda st: draw(st, "Mara", "armor", "A2"), Equip(player="Mara", card="A2"),
                                 lambda st: draw(st, "Mara", "armor", "A3"), Equip(player="Mara", card="A3"))),
     R.EQUIP_REPLACE_IF_LEGAL, None),
    ("plot-armor-not-stored", s(_(Store(player="Mara", card="Plot Armor (Mara)"))), R.PLOT_ARMOR_NOT_STORED, None),
    ("backpack-slot-occupied", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                  lambda st: draw(st, "Mara", "common", "Skull"),
                                  Store(player="Mara", card="Skull", slot=1))), R.STORE_EMPTY_SLOT, None),
    ("backpack-full", s(_(fill_backpack, lambda st: draw(st, "Mara", "common", "Coin"),
                         Store(player="Mara", card="Coin"))), R.STORE_NOT_FULL, None),
    # --- 08: discarding and using
    ("discard-outside-the-window", with_choices({"lmw-make-room": "no"}, _(
        lambda st: got(st, "Mara", "common", "Coin"), lambda st: draw(st, "Mara", "common", "Skull"),
        DiscardLoot(player="Mara", card="Coin"))), R.DISCARD_IN_WINDOW, "lmw-make-room"),
    ("discard-on-another-players-turn", s(_(lambda st: got(st, "Ivo", "common", "Coin"),
                                           DiscardLoot(player="Ivo", card="Coin"))), R.DISCARD_NOT_OTHERS_TURN, None),
    ("discard-while-resolving", s(_(lambda st: got(st, "Mara", "common", "Coin"), checking,
                                   DiscardLoot(player="Mara", card="Coin"))), R.DISCARD_OWN_TURN, None),
    ("gear-is-not-used", s(_(lambda st: got(st, "Mara", "armor", "Cap", defense=1), UseLoot(player="Mara", card="Cap"))),
     R.ARMOR_EQUIPPED_PROVIDES, None),
    ("plot-armor-is-not-used", s(_(UseLoot(player="Mara", card="Plot Armor (Mara)"))), R.PLOT_ARMOR_NOT_ARMOR_CARD,
     None),
    ("not-consumable", s(_(lambda st: draw(st, "Mara", "common", "Coin"), UseLoot(player="Mara", card="Coin"))),
     R.CONSUMABLE_DEFINITION, None),
    ("use-on-another-players-turn", s(_(lambda st: got(st, "Ivo", "common", "Potion", consumable=True),
                                       UseLoot(player="Ivo", card="Potion"))), R.CONSUMABLE_DEFAULT_TIMING, None),
    ("use-while-resolving", s(_(lambda st: got(st, "Mara", "common", "Potion", consumable=True), checking,
                               UseLoot(player="Mara", card="Potion"))), R.CONSUMABLE_DEFAULT_TIMING, None),
    # --- 08: Gear Swap, Dropped Weapons
    ("gear-swap-on-another-players-turn", s(_(lambda st: got(st, "Ivo", "weapon", "Club", weapon="melee"),
                                             GearSwap(player="Ivo", card="Club"))), R.SUMMARY_GEAR_SWAP, None),
    ("second-gear-swap", s(_(lambda st: got(st, "Mara", "weapon", "Club", weapon="melee"),
                            GearSwap(player="Mara", card="Club"), GearSwap(player="Mara", card="Club"))),
     R.SUMMARY_GEAR_SWAP, None),
    ("not-gear", s(_(lambda st: got(st, "Mara", "common", "Coin"), GearSwap(player="Mara", card="Coin"))),
     R.GEAR_NOT_MAGIC, None),
    ("exchange-one-of-each", s(_(lambda st: got(st, "Mara", "weapon", "Club", weapon="melee"),
                                lambda st: got(st, "Mara", "weapon", "Axe", weapon="melee"),
                                GearSwap(player="Mara", card="Club", other="Axe"))), R.GEAR_SWAP_EXCHANGE, None),
    ("exchange-illegal-slot", s(_(lambda st: draw(st, "Mara", "weapon", "Club", weapon="melee"),
                                 Equip(player="Mara", card="Club"),
                                 lambda st: got(st, "Mara", "weapon", "Bow", weapon="ranged"),
                                 GearSwap(player="Mara", card="Club", other="Bow"))), R.GEAR_SWAP_EXCHANGE, None),
    ("gear-swap-slot-not-chosen", s(_(lambda st: draw(st, "Mara", "weapon", "Club", weapon="melee"),
                                     Equip(player="Mara", card="Club"),
                                     GearSwap(player="Mara", card="Club", slot="ranged"))), R.GEAR_SWAP_TO_BACKPACK, None),
    ("gear-swap-backpack-full", s(_(lambda st: draw(st, "Mara", "weapon", "Club", weapon="melee"),
                                   Equip(player="Mara", card="Club"), fill_backpack,
                                   GearSwap(player="Mara", card="Club"))), R.GEAR_SWAP_TO_BACKPACK, None),
    ("gear-swap-into-an-occupied-slot", s(_(lambda st: draw(st, "Mara", "weapon", "Club", weapon="melee"),
                                           Equip(player="Mara", card="Club"),
                                           lambda st: got(st, "Mara", "weapon", "Axe", weapon="melee"),
                                           GearSwap(player="Mara", card="Axe"))), R.GEAR_SWAP_TO_SLOT, None),
    ("dropped-weapon-stays", s(_(lambda st: draw(st, "Mara", "weapon", "Club", weapon="melee"),
                                Equip(player="Mara", card="Club"), DropWeapon(player="Mara", card="Club"),
                                GearSwap(player="Mara", card="Club"))), R.WEAPON_DROPPED_REMAINS,
     "dropped-weapon-stays"),
    ("drop-only-equipped-weapons", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                      DropWeapon(player="Mara", card="Coin"))), R.WEAPON_DROPPED_REMAINS, None),
    # --- 08: taking Loot
    ("out-of-play-loot", s(_(SetState(player="Ivo", state="fallen"),
                            DrawLoot(player="Ivo", kinds=("common",), names=("Coin",)))), R.LOOT_DEATH_RESUME,
     "out-of-play-loot"),
    ("pickpocket-empty-backpack", s(_(TakeLoot(player="Mara", source="Ivo", card="Coin", how="pickpocket"))),
     R.PICKPOCKET_EMPTY, None),
    ("pickpocket-backpack-only", s(_(lambda st: got(st, "Ivo", "common", "Coin"),
                                    lambda st: draw(st, "Ivo", "weapon", "Club", weapon="melee"),
                                    Equip(player="Ivo", card="Club"),
                                    TakeLoot(player="Mara", source="Ivo", card="Club", how="pickpocket"))),
     R.PICKPOCKET_BACKPACK_ONLY, None),
    ("pickpocket-not-own-turn", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                   TakeLoot(player="Ivo", source="Mara", card="Coin", how="pickpocket"))),
     R.PLAYER_TURN_DEFINITION, "pickpocket-turn"),
    ("plot-armor-not-taken", with_choices({"plot-armor-eligible": "excluded"}, _(
        TakeLoot(player="Ivo", source="Mara", card="Plot Armor (Mara)"))), R.LOOT_PLOT_ARMOR_SPECIAL,
     "plot-armor-eligible"),
    ("no-death-recorded", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                             TakeLoot(player="Ivo", source="Mara", card="Coin", how="opportunity"))),
     R.OPPORTUNITY_DEFINITION, None),
    ("no-loot-opportunity-from-an-encounter", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                                 lambda st: failed_check_option(st, penalty=("damage 20",)),
                                                 ReportDeath(player="Mara", outcome="fallen"),
                                                 TakeLoot(player="Ivo", source="Mara", card="Coin", how="opportunity"))),
     R.RE_DEATH_NO_LOOT_OPPORTUNITY, None),
    # --- 10 random encounters: drawing
    ("bomb-names-no-encountering-player", s(_(EncounterDraw(cause="bomb", card="Trap", checks=("brawn 9",),
                                                            penalty=("kaos 1",)))), R.ENCOUNTERING_BOMB_DEFAULT, None),
    ("move-action-not-the-active-players", s(_(EncounterDraw(player="Ivo", cause="move", card="Trap",
                                                             checks=("brawn 9",), penalty=("kaos 1",)))),
     R.PLAYER_TURN_DEFINITION, "move-action-own-turn"),
    ("encounter-without-an-option", s(_(EncounterDraw(player="Mara", cause="other", card="Trap",
                                                      penalty=("kaos 1",)))), R.OPTIONS_ONE_OR_MORE, None),
    ("encounter-without-a-penalty", s(_(EncounterDraw(player="Mara", cause="other", card="Trap",
                                                      checks=("brawn 9",)))), R.RE_HAS_PENALTY, None),
    ("encounter-for-a-fallen-player", with_choices({"fallen-encountering-player": "refuse"}, _(
        SetState(player="Ivo", state="fallen"), EncounterDraw(player="Ivo", cause="other", card="Trap",
                                                             checks=("brawn 1",), penalty=("kaos 1",)))),
     R.PLAYER_TURN_NOT_OTHERS, "fallen-encountering-player"),
    ("encounter-in-the-discard-pile", s(_(lambda st: encounter(st, checks=("brawn 1",), penalty=("kaos 1",)),
                                         EncounterChoose(player="Mara", option=1), RollDice(player="Mara", dice=(5,)),
                                         ResolveCheck(), EncounterDraw(player="Mara", cause="other", card="Trap"))),
     R.RE_DECK_TOP, None),
    ("encounter-in-play", s(_(lambda st: failed_check_option(st, penalty=("damage d6",)),
                              EncounterDraw(player="Mara", cause="other", card="Trap"))), R.RE_DECK_TOP, None),
    ("not-in-the-refreshed-encounter-deck", s(_(EncounterDeck(size=1),
                                               lambda st: encounter(st, checks=("brawn 1",), penalty=("kaos 1",)),
                                               EncounterChoose(player="Mara", option=1),
                                               RollDice(player="Mara", dice=(5,)), ResolveCheck(),
                                               EncounterDraw(player="Mara", cause="other", **SPIDERS))),
     R.RE_DECK_REFRESH, None),
    # --- 10: choosing an option
    ("no-random-encounter", s(_(EncounterChoose(player="Mara", option=1))), R.RE_BEGINS, None),
    ("not-the-encountering-player", s(_(encounter, EncounterChoose(player="Ivo", option=1))), R.OPTIONS_DEFINITION,
     None),
    ("option-already-chosen", s(_(encounter, EncounterChoose(player="Mara", option=1),
                                 EncounterChoose(player="Mara", option=1))), R.OPTIONS_MUST_RESOLVE_CHOSEN, None),
    ("switch-before-rolling", s(_(lambda st: encounter(st, **SPIDERS), EncounterChoose(player="Mara", option=1),
                                 EncounterChoose(player="Mara", option=2))), R.OPTIONS_MUST_RESOLVE_CHOSEN, None),
    ("switch-once-resolving", s(_(lambda st: encounter(st, **SPIDERS), EncounterChoose(player="Mara", option=1),
                                 RollDice(player="Mara", dice=(5,)), EncounterChoose(player="Mara", option=2))),
     R.OPTIONS_NO_SWITCH, None),
    ("option-not-fulfillable", s(_(lambda st: encounter(st, checks=("brawn 30",), pays=("kaos 2",),
                                                         penalty=("kaos 1",)),
                                  EncounterChoose(player="Mara", option=2))), R.NON_CHECK_ONLY_IF_FULFILL, None),
    ("discard-option-without-eligible-loot", s(_(lambda st: encounter(st, **{**SPIDERS, "pays": ("discard 2",)}),
                                                EncounterChoose(player="Mara", option=2))),
     R.RE_LOOT_NO_DISCARD_OPTION, None),
    ("discard-option-names-its-loot", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                         lambda st: encounter(st, **SPIDERS),
                                         EncounterChoose(player="Mara", option=2, discard=("Coin", "Coin")))),
     R.RE_LOOT_ELIGIBLE, None),
    ("switch-once-chosen", s(_(lambda st: got(st, "Mara", "common", "Coin"), lambda st: encounter(st, **SPIDERS),
                              EncounterChoose(player="Mara", option=2), EncounterChoose(player="Mara", option=1))),
     R.OPTIONS_MUST_RESOLVE_CHOSEN, None),
    ("option-discard-waits", s(_(lambda st: got(st, "Mara", "common", "Coin"), lambda st: encounter(st, **SPIDERS),
                                EncounterChoose(player="Mara", option=2), EncounterContinue())),
     R.OPTIONS_MUST_RESOLVE_CHOSEN, None),
    ("choose-before-continuing", s(_(encounter, EncounterContinue())), R.OPTIONS_CHOOSE_FIRST, None),
    # --- 10: the Event Reward
    ("event-reward-not-theirs", s(_(lambda st: encounter(st, checks=("brawn 1 reward",), penalty=("kaos 1",)),
                                   EncounterChoose(player="Mara", option=1), RollDice(player="Mara", dice=(5,)),
                                   ResolveCheck(), DrawLoot(player="Ivo", kinds=("common",), names=("Coin",)))),
     R.EVENT_REWARD_WHO, None),
    ("event-reward-is-current", s(_(lambda st: encounter(st, checks=("brawn 1 reward",), penalty=("kaos 1",)),
                                   EncounterChoose(player="Mara", option=1), RollDice(player="Mara", dice=(5,)),
                                   ResolveCheck(), DrawLoot(player="Mara", kinds=("armor",), names=("Cap",)))),
     R.EVENT_REWARD_RESOLVES, None),
    ("event-reward-required", with_choices({"event-reward-optional": "required"}, _(
        lambda st: encounter(st, checks=("brawn 1 reward",), penalty=("kaos 1",)),
        EncounterChoose(player="Mara", option=1), RollDice(player="Mara", dice=(5,)), ResolveCheck(),
        EncounterContinue())), R.RE_REWARD_BEFORE_DISCARD, None),
    # --- 10: the Penalty
    ("penalty-instruction-waits", s(_(lambda st: failed_check_option(st, penalty=("damage d6",)),
                                     EncounterContinue())), R.RE_PRINTED_ORDER, None),
    ("no-damage-die-waiting", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                 lambda st: failed_check_option(st, penalty=("discard 1", "damage d6")),
                                 EncounterRoll(player="Ivo", value=3))), R.PENALTY_DAMAGE_DIE, None),
    ("damage-rolled-by-the-left", s(_(lambda st: failed_check_option(st, penalty=("damage d6",)),
                                     EncounterRoll(player="Tess", value=3))), R.DAMAGE_ROLLER, None),
    ("damage-reroll-not-theirs", s(_(die_waiting, Gain(player="Mara", amount=1, resource="reroll"),
                                    Reroll(player="Mara", dice=(3,)))), R.REROLL_WHEN, None),
    ("no-loot-discard-waiting", s(_(lambda st: failed_check_option(st, penalty=("damage d6",)),
                                   EncounterDiscard(player="Mara", card="Plot Armor"))), R.RE_PRINTED_ORDER, None),
    ("penalty-discard-not-theirs", s(_(lambda st: got(st, "Mara", "common", "Coin"),
                                      lambda st: failed_check_option(st, penalty=("discard 1",)),
                                      EncounterDiscard(player="Ivo", card="Coin"))),
     R.ENCOUNTERING_PLAYER_DEFINITION, None),
    ("plot-armor-not-eligible", with_choices({"plot-armor-eligible": "excluded"}, _(
        lambda st: got(st, "Mara", "common", "Coin"), lambda st: failed_check_option(st, penalty=("discard 1",)),
        EncounterDiscard(player="Mara", card="Plot Armor"))), R.RE_LOOT_ELIGIBLE, "plot-armor-eligible"),
]


def test_every_refusal_kind_the_engine_gives_has_a_row_and_every_row_a_kind():
    in_source = set(refusal_kinds_in_the_source())
    rows = [kind for kind, *_ in TABLE]
    assert len(rows) == len(set(rows)), "one row per kind"
    assert not in_source - set(rows), f"refusals without a row in TABLE: {sorted(in_source - set(rows))}"
    assert not set(rows) - in_source, f"rows for refusals the engine no longer gives: {sorted(set(rows) - in_source)}"


@pytest.mark.parametrize("kind, situation, deciding, reading", TABLE, ids=[row[0] for row in TABLE])
def test_the_refusal_cites_the_sentence_that_decides_it_first(rules_db, kind, situation, deciding, reading):
    state, move = situation(rules_db)
    before = encode(state)
    ruling = engine.check(state, move)
    assert encode(state) == before
    found = [v for v in ruling.violations if v.id == kind]
    assert found, f"{kind}: not refused so: {[(v.id, v.message) for v in ruling.violations] or ruling.consequences}"
    violation = found[0]
    assert violation.citations and violation.citations[0] == deciding, \
        f"{kind}: first citation {violation.citations[0].key if violation.citations else None}: " \
        f"{violation.citations[0].quote if violation.citations else ''!r}"
    assert violation.interpretation == (reading or ""), kind
    if reading:
        assert reading in [i.id for i in ruling.interpretations]
    data = encode(ruling)  # --json: the deciding keys are in the top-level citations too
    assert {"key": deciding.key, "quote": deciding.quote} in data["citations"]
