"""08_LOOT_AND_INVENTORY, section by section, and the inventory invariants as a Hypothesis state machine."""

from __future__ import annotations

import json

import engine_helpers

import pytest

from engine_helpers import (
    DeclareCheck, Damage, EndTurn, ReportDeath, ResolveCheck, RollDice, new_state, play, quotes, refused,
)
from referee.records import encode, replace
from referee import citations as R
from referee import engine
from referee.errors import InvalidMove
from referee.loot_and_inventory import (
    discard_effects, discard_pile, eligible_loot, every_card_place, game_box, has_equipped_armor, inventory,
    last_gear_swap, loot_defense, patron_mat, stat_bonuses, unresolved_cards,
)
from referee.state import LOOT_TYPES
from referee.moves import (
    DeckSize, DescribeCard, DiscardLoot, DrawLoot, Equip, GearSwap, Store, TakeLoot, UseLoot,
)
from referee.ruling import Draft
from referee.loot_and_inventory import LootWindowProc


@pytest.fixture
def state(rules_db):
    return new_state(rules_db, players=("Mara", "Ivo", "Tess"))


def draw(state, player, kind, name, **text):
    return play(state, DrawLoot(player=player, kinds=(kind,), names=(name,), **text))


def got(state, player, kind, name, **text):
    """Draw a card and store it."""
    draw(state, player, kind, name, **text)
    return play(state, Store(player=player, card=name))


def fill_backpack(state, player):
    """Three Common Magic cards stored: every Backpack Slot of the default mat full."""
    for name in ("Coin", "Skull", "Feather"):
        got(state, player, "common", name)


def armor(state, player):
    return list(patron_mat(state, player).armor)


def pack(state, player):
    return list(patron_mat(state, player).backpack)


# --- LOOT / PLOT_ARMOR / INVENTORY --------------------------------------------------------------------


def test_plot_armor_every_player_begins_with_it_in_an_armor_slot(state):
    for name in ("Mara", "Ivo", "Tess"):
        assert armor(state, name)[0] == f"Plot Armor ({name})"
        assert loot_defense(state, name) == 5


def test_plot_armor_is_discarded_on_first_armor(state):
    draw(state, "Mara", "armor", "Bone Pauldron", defense=2)
    ruling = play(state, Equip(player="Mara", card="Bone Pauldron"))
    assert armor(state, "Mara")[0] == "Bone Pauldron"
    assert game_box(state) == ["Plot Armor (Mara)"]
    assert not state.stack  # Plot Armor is not displaced: nothing left to place
    assert {R.PLOT_ARMOR_FIRST_ARMOR, R.PLOT_ARMOR_NOT_DISPLACED, R.LMW_PLOT_ARMOR_NOT_DISPLACED} <= set(ruling.citations)
    assert any("Defense from loot 5 → 2" in c for c in ruling.consequences)


def test_the_patron_mats_decks_piles_and_box_are_typed_records_of_the_state(state):
    """Issue 21: the loot sub-state read through GameState's own API (INVENTORY, the decks, DISCARDING_LOOT's piles,
    PLOT_ARMOR's box), as records; the working copy of a move answers the same way."""
    draw(state, "Mara", "armor", "Bone Pauldron", defense=2)
    play(state, Equip(player="Mara", card="Bone Pauldron"))
    mat = state.mat("Mara")
    assert mat.armor == ("Bone Pauldron", None, None, None, None) and mat.melee is None and mat.armor_equipped
    assert mat.equipped == ("Bone Pauldron",) and mat.stored == () and len(mat.backpack) == 3
    assert state.box() == ("Plot Armor (Mara)",) and state.pile("armor") == () and state.unresolved() == ()
    assert state.deck("armor").size is None and state.deck("armor").known == ()
    assert state.working_copy().mat("Mara") == mat and state.mat("Ivo").armor[0] == "Plot Armor (Ivo)"


def _changeable(value, found: dict) -> dict:
    """Every object reachable from `value` that could be changed in place (a list, dict, set or a record that is not
    frozen), by id."""
    from referee.records import Record

    if isinstance(value, (list, dict, set)) or (isinstance(value, Record) and not value.__record_frozen__):
        if id(value) in found:
            return found
        found[id(value)] = value
    if isinstance(value, Record):
        for inner in vars(value).values():
            _changeable(inner, found)
    elif isinstance(value, dict):
        for inner in value.values():
            _changeable(inner, found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for inner in value:
            _changeable(inner, found)
    return found


def test_inventory_a_moves_working_copy_shares_nothing_changeable_with_the_state_before(state):
    """Issue 21: a judge changes the working copy of a move, never the state it was copied from: the Patron Mats, the
    decks, the piles, the box, the cards of the catalogue, the completed Death Processes (frozen records), the Players
    and the pending stack of the copy share nothing that can be changed in place with the state before (a judge writing
    `mat.armor[0] = ...` or `card["defense"] = ...` on the copy cannot reach it). The Random Encounters' dicts are not
    records yet: copied by the judges that change them."""
    draw(state, "Mara", "armor", "Bone Pauldron", defense=2)
    play(state, Equip(player="Mara", card="Bone Pauldron"), DeckSize(kind="weapon", size=3))
    got(state, "Mara", "common", "Coin")
    play(state, DiscardLoot(player="Mara", card="Coin"))
    draw(state, "Mara", "weapon", "Rusty Sword", weapon="melee")
    play(state, Damage(player="Tess", amount=99), ReportDeath(player="Tess", outcome="fallen"))
    before = encode(state)
    work = state.working_copy()
    for name in ("players", "stack", "loot", "cards", "deaths"):
        mine, theirs = _changeable(getattr(work, name), {}), _changeable(getattr(state, name), {})
        assert not set(mine) & set(theirs), (name, [mine[i] for i in set(mine) & set(theirs)])
    work.change_mat("Mara", melee="Rusty Sword")
    work.change_pile("common", ())
    work.cards["Rusty Sword"] = replace(work.cards["Rusty Sword"], weapon="ranged")
    assert encode(state) == before and work.mat("Mara").melee == "Rusty Sword"


def test_inventory_every_player_has_a_patron_mat_of_their_own_whatever_their_name(rules_db):
    """INVENTORY: a Player called "deck", "discard" or "swaps" keeps their own Armor Slots while the Armor Deck, its
    discard pile and another Player's Gear Swap change (issue 21: the places were string keys, and "deck/armor" was
    both the Armor Deck and the Armor Slots of a Player called deck)."""
    names = ("deck", "discard", "swaps", "armor")
    state = new_state(rules_db, players=names)
    for name in names:
        assert armor(state, name) == [f"Plot Armor ({name})", None, None, None, None]
    play(state, DeckSize(kind="armor", size=10))
    draw(state, "deck", "armor", "Bone Pauldron", defense=2)
    play(state, Equip(player="deck", card="Bone Pauldron"))
    play(state, DiscardLoot(player="deck", card="Bone Pauldron"))
    assert state.deck("armor").size == 9 and state.pile("armor") == ("Bone Pauldron",)
    assert armor(state, "deck") == [None] * 5 and armor(state, "discard")[0] == "Plot Armor (discard)"
    assert armor(state, "swaps")[0] == "Plot Armor (swaps)" and last_gear_swap(state, "armor") is None


def test_plot_armor_is_discarded_even_when_the_armor_goes_to_another_slot(state):
    draw(state, "Mara", "armor", "Iron Helm", defense=3, slots=(2,))
    play(state, Equip(player="Mara", card="Iron Helm"))
    assert armor(state, "Mara")[:2] == [None, "Iron Helm"] and "Plot Armor (Mara)" in game_box(state)


def test_plot_armor_rule_does_not_affect_future_armor(state):
    draw(state, "Mara", "armor", "Bone Pauldron", defense=2)
    play(state, Equip(player="Mara", card="Bone Pauldron"))
    draw(state, "Mara", "armor", "Iron Helm", defense=3)
    ruling = play(state, Equip(player="Mara", card="Iron Helm", slot="armor-1"))
    assert state.top.cards == ("Bone Pauldron",) and state.top.displaced == ("Bone Pauldron",)
    assert R.LMW_DISPLACED in ruling.citations and R.PLOT_ARMOR_FIRST_ARMOR not in ruling.citations


def test_plot_armor_may_not_be_stored(state):
    ruling = refused(state, Store(player="Mara", card="Plot Armor (Mara)"))
    assert R.PLOT_ARMOR_NOT_STORED in quotes_of(ruling)


def test_plot_armor_is_not_an_armor_card_so_using_it_cites_that_first(state):
    """08 PLOT_ARMOR: "Plot Armor is not an Armor card." decides `use mara plot` (ARMOR_LOOT's "Armor provides
    Defense... while Equipped" is about Armor cards)."""
    violation = refused(state, UseLoot(player="Mara", card="Plot Armor (Mara)")).violations[0]
    assert violation.citations[0] == R.PLOT_ARMOR_NOT_ARMOR_CARD, violation.citations
    assert R.ARMOR_EQUIPPED_PROVIDES not in violation.citations


def test_replacing_equipped_loot_plot_armor_in_the_box_is_not_equipped_citing_both_rules(state):
    """08 PLOT_ARMOR ("Plot Armor discarded this way may not be equipped in another Slot...") and 08
    REPLACING_EQUIPPED_LOOT ("Discarded Plot Armor may not be equipped in another Slot...") both decide it: both
    are cited, PLOT_ARMOR's first."""
    draw(state, "Mara", "armor", "Bone Pauldron", defense=2)
    play(state, Equip(player="Mara", card="Bone Pauldron"))
    violation = refused(state, Equip(player="Mara", card="Plot Armor (Mara)")).violations[0]
    assert violation.id == "card-in-the-box"
    assert violation.citations[:2] == (R.PLOT_ARMOR_CANNOT_KEEP, R.REPLACE_PLOT_ARMOR_NOT_KEPT), violation.citations


def test_plot_armor_is_not_gear(state):
    ruling = refused(state, GearSwap(player="Mara", card="Plot Armor (Mara)"))
    assert R.GEAR_NOT_PLOT_ARMOR in quotes_of(ruling)


def quotes_of(ruling):
    return set(ruling.citations) | {c for v in ruling.violations for c in v.citations}


def test_eligible_loot_offers_plot_armor_last_unless_the_table_excludes_it(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    got(state, "Mara", "common", "Coin")
    assert eligible_loot(state, "Mara") == ["Coin", "Plot Armor (Mara)"]  # the table decides: offered, asked
    counts = new_state(rules_db, players=("Mara", "Ivo"), choices={"plot-armor-eligible": "counts"})
    assert eligible_loot(counts, "Ivo") == ["Plot Armor (Ivo)"]
    excluded = new_state(rules_db, players=("Mara", "Ivo"), choices={"plot-armor-eligible": "excluded"})
    assert eligible_loot(excluded, "Ivo") == []


def test_public_loot_information_every_card_in_one_place(state):
    got(state, "Mara", "common", "Coin")
    names = [n for n, _ in every_card_place(state)]
    assert len(names) == len(set(names)) == 4  # three Plot Armors and the Coin


def test_plot_armor_taken_the_table_decides_and_the_ruling_says_so(state, rules_db):
    """08 LOOT "Plot Armor is a special starting Loot card.": whether it can be taken like other Loot the rules do not
    say (plot-armor-eligible): by default the table's report of the take is its answer, said on the ruling; a table
    that excludes Plot Armor has the take refused."""
    ruling = play(state, TakeLoot(player="Mara", source="Ivo", card="Plot Armor (Ivo)"))
    assert "plot-armor-eligible" in {i.id for i in ruling.interpretations}
    assert any("the rules do not say whether it can be taken" in t for t in ruling.consequences)
    excluded = new_state(rules_db, players=("Mara", "Ivo"), choices={"plot-armor-eligible": "excluded"})
    ruling = refused(excluded, TakeLoot(player="Mara", source="Ivo", card="Plot Armor (Ivo)", how="opportunity"))
    assert R.LOOT_PLOT_ARMOR_SPECIAL in quotes_of(ruling)
    assert [i.id for i in ruling.interpretations] == ["plot-armor-eligible"]
    counts = new_state(rules_db, players=("Mara", "Ivo"), choices={"plot-armor-eligible": "counts"})
    play(counts, TakeLoot(player="Mara", source="Ivo", card="Plot Armor (Ivo)"))
    ruling = refused(counts, Equip(player="Mara", card="Plot Armor (Ivo)"))  # never two Plot Armors on one mat
    assert R.PLOT_ARMOR_AT_START in quotes_of(ruling)
    assert not any("store" in o for o in engine.check(counts, DrawLoot(
        player="Mara", kinds=("common",), names=("Coin",))).obligations if "Plot Armor" in o)


def test_plot_armor_is_discarded_only_the_first_time_and_only_the_players_own(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"), choices={"plot-armor-eligible": "counts"})
    play(state, TakeLoot(player="Mara", source="Ivo", card="Plot Armor (Ivo)"))
    engine.apply(state, Equip(player="Mara", card="Plot Armor (Ivo)"), override="the table allows it")
    play(state, DescribeCard(name="A1", kind="armor", defense=1), DescribeCard(name="A2", kind="armor", defense=1))
    play(state, DrawLoot(player="Mara", kinds=("armor", "armor"), names=("A1", "A2")))
    ruling = play(state, Equip(player="Mara", card="A1"))
    assert game_box(state) == ["Plot Armor (Mara)"] and R.PLOT_ARMOR_FIRST_ARMOR in ruling.citations
    ruling = play(state, Equip(player="Mara", card="A2"))
    assert game_box(state) == ["Plot Armor (Mara)"] and R.PLOT_ARMOR_FIRST_ARMOR not in ruling.citations
    assert "Plot Armor (Ivo)" in armor(state, "Mara") and loot_defense(state, "Mara") == 7


def test_plot_armor_rule_does_not_fire_after_the_first_armor_card_left(state):
    play(state, DiscardLoot(player="Mara", card="Plot Armor (Mara)"))  # voluntary, on her own turn
    draw(state, "Mara", "armor", "Cap", defense=1)
    ruling = play(state, Equip(player="Mara", card="Cap"))
    assert R.PLOT_ARMOR_FIRST_ARMOR not in ruling.citations and has_equipped_armor(state, "Mara")


def test_a_card_name_that_could_be_several_cards_asks_for_more_of_it(state):
    play(state, DescribeCard(name="Shiv", kind="weapon", weapon="melee"),
         DescribeCard(name="Shield", kind="armor", defense=2), DescribeCard(name="Shortbow", kind="weapon", weapon="ranged"))
    play(state, DrawLoot(player="Mara", kinds=("weapon",), names=("Shiv",)), DiscardLoot(player="Mara", card="Shiv"))
    play(state, DrawLoot(player="Mara", kinds=("armor", "weapon"), names=("Shield", "Shortbow")))
    with pytest.raises(InvalidMove, match="'sh' could be Shield, Shortbow"):
        engine.check(state, Equip(player="Mara", card="sh"))


def test_inventory_the_mystic_dagger_is_not_loot(state):
    ruling = refused(state, DrawLoot(player="Mara", kinds=("weapon",), names=("Mystic Dagger",), weapon="melee"))
    assert ruling.violations[0].citations[0] == R.MYSTIC_DAGGER_NOT_LOOT
    ruling = refused(state, DescribeCard(name="The Mystic Dagger", kind="weapon", weapon="melee"))
    assert ruling.violations[0].citations[0] == R.MYSTIC_DAGGER_NOT_LOOT and ruling.effects is None


# --- DRAWING_LOOT / LOOT_MANAGEMENT_WINDOW ---------------------------------------------------------------


def test_drawing_loot_opens_a_loot_management_window(state):
    ruling = draw(state, "Mara", "weapon", "Rusty Sword", weapon="melee")
    assert isinstance(state.top, LootWindowProc) and state.top.cards == ("Rusty Sword",)
    assert {R.DRAW_THEN_WINDOW, R.LMW_OCCURS} <= set(ruling.citations)


def test_loot_management_window_must_finish_before_anything_else(state):
    draw(state, "Mara", "weapon", "Rusty Sword", weapon="melee")
    ruling = refused(state, EndTurn())
    assert R.LMW_ENDS_ONLY_WHEN in quotes_of(ruling) and R.LMW_NO_UNRESOLVED in quotes_of(ruling)


def test_drawing_several_types_in_the_order_listed_into_one_window(state):
    play(state, DescribeCard(name="Club", kind="weapon", weapon="melee"))
    play(state, DescribeCard(name="Cap", kind="armor", defense=1))
    ruling = play(state, DrawLoot(player="Mara", kinds=("weapon", "armor"), names=("Club", "Cap")))
    assert state.top.cards == ("Club", "Cap")
    assert {R.DRAW_ALL_FIRST, R.DRAW_TYPES_IN_ORDER} <= set(ruling.citations)


def test_drawing_loot_above_a_procedure_that_accepts_draw(state):
    play(state, EndTurn())  # the End of Turn Process waits in the Dungeon Bomb Step, which may draw Loot
    below = state.top
    draw(state, "Mara", "common", "Lucky Coin")
    assert state.stack == [below, state.top] and isinstance(state.top, LootWindowProc)
    ruling = play(state, DiscardLoot(player="Mara", card="Lucky Coin"))
    assert state.stack == [below]
    assert any("Dungeon Bomb Step" in c and "resumes" in c for c in ruling.consequences)


def test_drawing_is_refused_while_another_players_window_is_open(state):
    draw(state, "Mara", "common", "Lucky Coin")
    refused(state, DrawLoot(player="Ivo", kinds=("common",), names=("Skull",)))


def test_a_card_that_fits_nowhere_must_be_discarded(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    from referee.table_settings import make_settings
    from referee.state import GameState

    state = GameState.initial(make_settings(players=("Mara", "Ivo"), health=5, health_cap=None, turn_actions=2,
                                            reroll_supply=2, db=rules_db, backpack_slots=0))
    draw(state, "Mara", "common", "Odd Rock")
    assert refused(state, Equip(player="Mara", card="Odd Rock"))
    ruling = refused(state, Store(player="Mara", card="Odd Rock"))
    assert R.LMW_MUST_DISCARD in quotes_of(ruling)
    play(state, DiscardLoot(player="Mara", card="Odd Rock"))
    assert discard_pile(state, "common") == ["Odd Rock"] and not state.stack


def test_displaced_loot_is_placed_before_other_window_cards(state, rules_db):
    def setup(s):
        draw(s, "Mara", "weapon", "Club", weapon="melee")
        play(s, Equip(player="Mara", card="Club"))
        play(s, DescribeCard(name="Axe", kind="weapon", weapon="melee"), DescribeCard(name="Coin", kind="common"))
        play(s, DrawLoot(player="Mara", kinds=("weapon", "common"), names=("Axe", "Coin")))
        play(s, Equip(player="Mara", card="Axe"))

    setup(state)
    ruling = refused(state, Store(player="Mara", card="Coin"))
    assert R.LMW_DISPLACED_IMMEDIATELY in quotes_of(ruling)
    assert [i.id for i in ruling.interpretations] == ["displaced-first"]
    assert play(state, Store(player="Mara", card="Club")).interpretations == ()
    other = new_state(rules_db, players=("Mara", "Ivo"), choices={"displaced-first": "any-order"})
    setup(other)
    ruling = play(other, Store(player="Mara", card="Coin"))
    assert [i.id for i in ruling.interpretations] == ["displaced-first"]


def test_drawing_loot_names_the_card(state):
    with pytest.raises(InvalidMove, match="name the card"):
        engine.check(state, DrawLoot(player="Mara", kinds=("armor",), names=("",)))


def test_legal_but_nothing_to_apply_is_shown_as_such(state):
    from rich.console import Console

    from referee import game_display

    ruling = Draft().finish(DrawLoot(player="Mara", kinds=("armor",), names=("Cap",)), state.working_copy())
    ruling = type(ruling)(**{**ruling.__dict__, "effects": None})
    console = Console(record=True, width=200)
    game_display.print_played(console, game_display.Shown(ruling), dry_run=False, cannot_apply=True)
    text = console.export_text()
    assert "nothing to apply" in text and "dry run" not in text


def test_drawing_loot_names_a_catalogue_card_in_any_case(state):
    got(state, "Mara", "weapon", "Shiv", weapon="melee")
    play(state, DrawLoot(player="Mara", kinds=("weapon",), names=("shiv",), weapon="melee"))
    assert state.top.cards == ("Shiv #2",) and "shiv" not in state.cards


def test_drawing_loot_a_card_already_on_the_table_is_another_copy_and_the_ruling_names_the_reading(state):
    """DRAWING_LOOT "When a Player is instructed to draw Loot, draw the specified number and type of Loot cards from
    the specified Loot Deck.": a card named like one already in Mara's Backpack is another copy (interpretation
    another-copy), named on the ruling; a table whose decks hold one copy of each card refuses it."""
    got(state, "Mara", "common", "Coin")
    ruling = draw(state, "Ivo", "common", "Coin")
    assert state.top.cards == ("Coin #2",) and "another-copy" in {i.id for i in ruling.interpretations}


def test_drawing_loot_a_card_already_on_the_table_is_refused_when_each_card_is_one_card(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo", "Tess"), choices={"another-copy": "one-copy"})
    got(state, "Mara", "common", "Coin")
    ruling = refused(state, DrawLoot(player="Ivo", kinds=("common",), names=("Coin",)))
    assert ruling.violations[0].interpretation == "another-copy" and "another copy" in ruling.violations[0].fix


def test_loot_management_window_options_are_only_legal_moves(state):
    ruling = draw(state, "Ivo", "common", "Potion", consumable=True)  # untimed, on Mara's turn
    assert ruling.obligations and not any("use" in o for o in ruling.obligations)
    play(state, DiscardLoot(player="Ivo", card="Potion"))
    ruling = draw(state, "Mara", "common", "Tonic", consumable=True)  # on her own turn: usable
    assert any("use" in o for o in ruling.obligations)


def test_lmw_is_interruption_shown_only_when_its_readings_differ(state):
    got(state, "Mara", "common", "Coin")
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=10))
    ruling = refused(state, DiscardLoot(player="Mara", card="Coin"))  # a Check is an interruption either way
    assert "lmw-is-interruption" not in [i.id for i in ruling.interpretations]


def test_drawing_several_cards_takes_no_card_options(state):
    play(state, DescribeCard(name="Leather Cap", kind="armor", defense=1))
    with pytest.raises(InvalidMove, match="describe one card"):
        engine.check(state, DrawLoot(player="Ivo", kinds=("armor", "armor"), names=("Iron Helm", "Leather Cap"),
                                     defense=2))


# --- LOOT_DECK_EXHAUSTION ----------------------------------------------------------------------------------


def test_loot_deck_exhaustion_refreshes_from_the_discard_pile(state):
    play(state, DeckSize(kind="weapon", size=1))
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, DiscardLoot(player="Mara", card="Club"))
    assert discard_pile(state, "weapon") == ["Club"]
    ruling = draw(state, "Mara", "weapon", "Club")
    assert state.top.cards == ("Club",) and discard_pile(state, "weapon") == []
    assert {R.EXHAUSTION_SHUFFLE, R.EXHAUSTION_CONTINUE} <= set(ruling.citations)


def test_loot_deck_exhaustion_both_empty_draws_no_more(state):
    play(state, DeckSize(kind="armor", size=0))
    ruling = refused(state, DrawLoot(player="Mara", kinds=("armor",), names=("Cap",), defense=1))
    assert R.EXHAUSTION_BOTH_EMPTY in quotes_of(ruling) and ruling.effects is None


def test_loot_deck_exhaustion_the_refreshed_deck_holds_only_the_old_discards(state):
    play(state, DeckSize(kind="weapon", size=1))
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, DiscardLoot(player="Mara", card="Club"))
    refused(state, DrawLoot(player="Mara", kinds=("weapon",), names=("Spear",), weapon="melee"))


def test_discarding_loot_a_card_in_the_discard_pile_stays_there_while_the_refreshed_deck_is_not_empty(state):
    """08 DISCARDING_LOOT: "Loot in a discard pile may only leave that discard pile when a rule specifically instructs
    Players to move it, such as refreshing an empty Loot Deck." decides drawing a card discarded after the deck was
    refreshed (the deck, not empty, holds the others): cited first, not the refresh rule."""
    play(state, DeckSize(kind="common", size=2))
    got(state, "Mara", "common", "Coin")
    got(state, "Mara", "common", "Skull")
    play(state, DiscardLoot(player="Mara", card="Coin"), DiscardLoot(player="Mara", card="Skull"))
    got(state, "Mara", "common", "Coin")  # the deck is refreshed: Coin and Skull; Coin drawn, Skull left
    play(state, DiscardLoot(player="Mara", card="Coin"))
    violation = refused(state, DrawLoot(player="Mara", kinds=("common",), names=("Coin",))).violations[0]
    assert violation.citations[0] == R.DISCARD_PILE_STAYS, violation.citations
    assert "Skull" in violation.fix


def test_drawing_a_card_that_is_in_its_discard_pile_needs_the_deck_size(state):
    draw(state, "Mara", "weapon", "Shiv", weapon="melee")
    play(state, DiscardLoot(player="Mara", card="Shiv"))
    ruling = refused(state, DrawLoot(player="Mara", kinds=("weapon",), names=("shiv",)))
    assert R.EXHAUSTION_SHUFFLE in quotes_of(ruling) and "referee deck weapon 0" in ruling.violations[0].fix
    play(state, DeckSize(kind="weapon", size=0), DrawLoot(player="Mara", kinds=("weapon",), names=("Shiv",)))
    assert state.top.cards == ("Shiv",) and "Shiv #2" not in state.cards


def test_deck_sizes_and_slots_read_as_sentences(state):
    assert "has 1 card " in play(state, DeckSize(kind="armor", size=1)).consequences[0]
    got(state, "Mara", "weapon", "Club", weapon="melee")
    ruling = play(state, GearSwap(player="Mara", card="Club"))
    assert any("to the Melee Weapon Slot" in c for c in ruling.consequences)
    got(state, "Mara", "armor", "Helm", defense=2, slots=(3,))
    play(state, EndTurn(complete=True), EndTurn(complete=True), EndTurn(complete=True))
    ruling = play(state, GearSwap(player="Mara", card="Helm"))
    assert any("to Armor Slot 3" in c for c in ruling.consequences)


# --- EQUIPPING_LOOT / REPLACING_EQUIPPED_LOOT / WEAPON_SLOTS / ARMOR_SLOTS --------------------------------


def test_equipping_loot_refuses_an_illegal_slot(state):
    draw(state, "Mara", "weapon", "Short Bow", weapon="ranged")
    ruling = refused(state, Equip(player="Mara", card="Short Bow", slot="melee"))
    assert R.EQUIP_NOT_ILLEGAL_SLOT in quotes_of(ruling) and R.WEAPON_MELEE_SLOT in quotes_of(ruling)
    play(state, Equip(player="Mara", card="Short Bow"))
    assert patron_mat(state, "Mara").ranged == "Short Bow"


def test_armor_slots_respect_a_required_slot(state):
    draw(state, "Mara", "armor", "Iron Helm", defense=3, slots=(2,))
    ruling = refused(state, Equip(player="Mara", card="Iron Helm", slot="armor-4"))
    assert R.ARMOR_SLOT_RESTRICTION in quotes_of(ruling)


def test_magic_loot_is_equipped_only_as_its_card_says(state):
    draw(state, "Mara", "rare", "Star Amulet")
    ruling = refused(state, Equip(player="Mara", card="Star Amulet"))
    assert R.MAGIC_NOT_EQUIPPED in quotes_of(ruling)
    play(state, DiscardLoot(player="Mara", card="Star Amulet"))
    draw(state, "Mara", "rare", "Ring Mail Charm", equip_as="armor", defense=1)
    play(state, Equip(player="Mara", card="Ring Mail Charm", slot="armor-3"))
    assert armor(state, "Mara")[2] == "Ring Mail Charm"
    assert armor(state, "Mara")[0] == "Plot Armor (Mara)"  # Magic equipped as armor is not an Armor card


def test_replacing_equipped_loot_displaces_the_old_card(state):
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"))
    draw(state, "Mara", "weapon", "Axe", weapon="melee")
    ruling = play(state, Equip(player="Mara", card="Axe"))
    assert patron_mat(state, "Mara").melee == "Axe" and state.top.displaced == ("Club",)
    assert R.REPLACE_PREVIOUS_DISPLACED in ruling.citations
    play(state, Store(player="Mara", card="Club"))
    assert pack(state, "Mara")[0] == "Club" and not state.stack


def test_equipping_outside_a_window_is_a_gear_swap(state):
    got(state, "Mara", "weapon", "Club", weapon="melee")
    ruling = refused(state, Equip(player="Mara", card="Club"))
    assert R.EQUIP_STORED_GEAR_IN_SWAP in quotes_of(ruling)


# --- STORING_LOOT / BACKPACK_SLOTS / STORED_LOOT ---------------------------------------------------------


def test_storing_loot_needs_an_empty_backpack_slot(state):
    fill_backpack(state, "Mara")
    draw(state, "Mara", "common", "Candle")
    ruling = refused(state, Store(player="Mara", card="Candle"))
    assert {R.STORE_NOT_FULL, R.STORE_OR_DISCARD} <= quotes_of(ruling)
    ruling = refused(state, Store(player="Mara", card="Candle", slot=1))
    assert R.STORE_EMPTY_SLOT in quotes_of(ruling)


def test_storing_loot_after_discarding_from_the_backpack_in_the_window(state):
    fill_backpack(state, "Mara")
    draw(state, "Mara", "common", "Candle")
    ruling = play(state, DiscardLoot(player="Mara", card="Skull"))
    assert ruling.interpretations[0].id == "lmw-make-room"
    play(state, Store(player="Mara", card="Candle"))
    assert pack(state, "Mara") == ["Coin", "Candle", "Feather"]


def test_backpack_slots_are_a_table_setting(rules_db):
    from referee.state import GameState
    from referee.table_settings import make_settings

    state = GameState.initial(make_settings(players=("Mara", "Ivo"), health=5, health_cap=None, turn_actions=2,
                                            reroll_supply=2, db=rules_db, backpack_slots=5))
    assert pack(state, "Mara") == [None] * 5


def test_stored_armor_gives_nothing_and_backpack_magic_works_only_if_it_says_so(state):
    got(state, "Mara", "armor", "Cap", defense=1, stats=("Brawn +1",))
    assert loot_defense(state, "Mara") == 5 and stat_bonuses(state, "Mara") == {}
    got(state, "Mara", "common", "Ward Stone", backpack=True, backpack_defense=2, stats=("Charm +1",))
    assert loot_defense(state, "Mara") == 7 and stat_bonuses(state, "Mara") == {"Charm": 1}


def test_stored_loot_card_text_granting_backpack_effects_applies(state):
    draw(state, "Mara", "armor", "Magic Vest", defense=3, stats=("Charm +2",), backpack=True, backpack_defense=1)
    ruling = play(state, Store(player="Mara", card="Magic Vest"))
    assert not any("gives no Defense" in c for c in ruling.consequences)
    assert R.LOOT_CARD_TEXT_WINS in ruling.citations and loot_defense(state, "Mara") == 6


def test_backpack_size_is_shown_when_it_decides(state):
    fill_backpack(state, "Mara")
    draw(state, "Mara", "common", "Candle")
    ruling = refused(state, Store(player="Mara", card="Candle"))
    assert "backpack-size" in [i.id for i in ruling.interpretations] and "3 Slots" in ruling.violations[0].message
    assert "equip" not in ruling.violations[0].fix.split(" the ")[0] and "use" not in ruling.violations[0].fix.split(" the ")[0]


# --- LOOT_AND_STAT_BONUSES ----------------------------------------------------------------------------


@pytest.fixture
def ann(rules_db):
    return new_state(rules_db, players=("Ann", "Bob"), stats={"Ann": {"Brawn": 2}})


def brawn_check(state, tn, die):
    play(state, DeclareCheck(player="Ann", stat="brawn", tn=tn), RollDice(player="Ann", dice=(die,)))
    return play(state, ResolveCheck())


def test_loot_and_stat_bonuses_equipped_armor_counts_in_the_check(ann):
    draw(ann, "Ann", "armor", "Iron Gauntlets", defense=1, stats=("Brawn +3",))
    play(ann, Equip(player="Ann", card="Iron Gauntlets"))
    ruling = brawn_check(ann, 15, 11)
    assert "SUCCESS (16 >= TN 15)" in " ".join(ruling.consequences)
    assert R.STATS_EQUIPPED_ARMOR in ruling.citations


def test_loot_and_stat_bonuses_are_said_as_the_card_prints_them_when_recalculated(ann):
    drawn = draw(ann, "Ann", "armor", "Cursed Gauntlets", defense=1, stats=("Brawn +3", "Charm -1"))
    assert "(Armor, Defense +1, Brawn +3, Charm -1)" in " ".join(drawn.consequences)
    ruling = play(ann, Equip(player="Ann", card="Cursed Gauntlets"))
    assert "Ann's Stat bonuses from loot: none → Brawn +3, Charm -1" in " ".join(ruling.consequences)
    assert R.STATS_RECALC in ruling.citations


def test_loot_and_stat_bonuses_stored_armor_gives_none_and_magic_works_as_its_card_says(ann):
    got(ann, "Ann", "armor", "Iron Gauntlets", defense=1, stats=("Brawn +3",))
    got(ann, "Ann", "common", "Bull Charm", stats=("Brawn +1",))  # no Stat bonus from the Backpack on its card
    ruling = brawn_check(ann, 14, 11)
    assert "FAILURE (13 < TN 14)" in " ".join(ruling.consequences)
    got(ann, "Ann", "rare", "Giant Ring", stats=("Brawn +1",), backpack=True)  # works from the Backpack
    ruling = brawn_check(ann, 14, 11)
    assert "SUCCESS (14 >= TN 14)" in " ".join(ruling.consequences)
    assert R.STATS_STORED in ruling.citations


def test_loot_and_stat_bonuses_the_stat_current_when_the_check_is_resolved_is_used(ann):
    play(ann, DeclareCheck(player="Ann", stat="brawn", tn=15), RollDice(player="Ann", dice=(11,)))
    # the table applies a card's effect during the Check (--override): the Gauntlets are Equipped before it resolves
    engine.apply(ann, DrawLoot(player="Ann", kinds=("armor",), names=("Iron Gauntlets",), defense=1,
                               stats=("Brawn +3",)), override="card text")
    engine.apply(ann, Equip(player="Ann", card="Iron Gauntlets"), override="card text")
    ruling = play(ann, ResolveCheck())
    assert "SUCCESS (16 >= TN 15)" in " ".join(ruling.consequences)
    assert R.STATS_CURRENT_AT_RESOLVE in ruling.citations


def test_loot_and_stat_bonuses_a_card_names_a_stat_the_rules_name(state):
    for bad in ("Brwan +1", "Perception +1", "Luck +1"):
        with pytest.raises(InvalidMove):
            draw(state, "Mara", "armor", f"Odd Hat {bad}", defense=1, stats=(bad,))
    draw(state, "Mara", "armor", "Iron Helm", defense=1, stats=("brawn +1",))  # any case: the Stat the rules name
    assert state.cards["Iron Helm"].stats == (("Brawn", 1),)


# --- DISCARDING_LOOT --------------------------------------------------------------------------------------


def test_discarding_loot_refused_on_another_players_turn(state):
    got(state, "Ivo", "common", "Potion", consumable=True)
    ruling = refused(state, DiscardLoot(player="Ivo", card="Potion"))
    assert R.DISCARD_NOT_OTHERS_TURN in quotes_of(ruling)


def test_discarding_loot_on_own_turn_goes_to_its_matching_pile(state):
    got(state, "Mara", "rare", "Star Amulet")
    ruling = play(state, DiscardLoot(player="Mara", card="Star Amulet"))
    assert discard_pile(state, "rare") == ["Star Amulet"] and pack(state, "Mara")[0] is None
    assert R.DISCARD_RARE_PILE in ruling.citations


def test_discarding_loot_refused_while_a_check_is_being_resolved(state):
    got(state, "Mara", "common", "Coin")
    play(state, DeclareCheck(player="Mara", kind="stat", stat="Brawn", tn=10))
    refused(state, DiscardLoot(player="Mara", card="Coin"))


def test_discarding_loot_required_by_an_effect_has_no_timing_check(state):
    got(state, "Ivo", "common", "Coin")
    ruling = play(state, DiscardLoot(player="Ivo", card="Coin", required="Dungeon Bomb"))
    assert discard_pile(state, "common") == ["Coin"] and ruling.legal


def test_discarded_plot_armor_returns_to_the_game_box(state):
    play(state, DiscardLoot(player="Mara", card="Plot Armor (Mara)"))
    assert game_box(state) == ["Plot Armor (Mara)"] and all(discard_pile(state, kind) == []
                                                              for kind in LOOT_TYPES)


def test_discard_effects_is_a_required_discard_into_the_matching_pile(state):
    got(state, "Ivo", "weapon", "Club", weapon="melee")
    work, d = state.working_copy(), Draft()
    discard_effects(work, d, "Ivo", "Club", "Random Encounter option")
    assert discard_pile(work, "weapon") == ["Club"] and pack(work, "Ivo")[0] is None
    assert discard_pile(state, "weapon") == [] and pack(state, "Ivo")[0] == "Club"  # the state itself is not changed
    assert any("Random Encounter option" in c for c in d.consequences)


def test_discarding_loot_combat_turn_is_a_condition_the_table_reports(state):
    got(state, "Mara", "common", "Coin")
    ruling = play(state, DiscardLoot(player="Mara", card="Coin"))
    assert ruling.table_reported[0].startswith("if this is a Combat Turn")


# --- GEAR / GEAR_SWAP -------------------------------------------------------------------------------------


def test_gear_swap_once_per_player_turn(state):
    got(state, "Mara", "weapon", "Club", weapon="melee")
    got(state, "Mara", "weapon", "Bow", weapon="ranged")
    ruling = play(state, GearSwap(player="Mara", card="Club"))
    assert patron_mat(state, "Mara").melee == "Club" and R.GEAR_SWAP_TO_SLOT in ruling.citations
    ruling = refused(state, GearSwap(player="Mara", card="Bow"))
    assert R.SUMMARY_GEAR_SWAP in quotes_of(ruling) and ruling.interpretations[0].id == "gear-swap-limit"


def test_gear_swap_limit_reading_free_action_rules(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"), choices={"gear-swap-limit": "free-action-rules"})
    got(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, GearSwap(player="Mara", card="Club"), GearSwap(player="Mara", card="Club"))
    assert pack(state, "Mara")[0] == "Club"


def test_gear_swap_exchange_needs_the_stored_card_legal_for_the_slot(state):
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"))
    got(state, "Mara", "weapon", "Bow", weapon="ranged")
    got(state, "Mara", "weapon", "Axe", weapon="melee")
    ruling = refused(state, GearSwap(player="Mara", card="Club", other="Bow"))
    assert R.GEAR_SWAP_EXCHANGE in quotes_of(ruling)
    play(state, GearSwap(player="Mara", card="Club", other="Axe"))
    assert patron_mat(state, "Mara").melee == "Axe" and pack(state, "Mara") == ["Bow", "Club", None]


def test_gear_swap_is_gear_only(state):
    got(state, "Mara", "common", "Coin")
    ruling = refused(state, GearSwap(player="Mara", card="Coin"))
    assert R.GEAR_NOT_MAGIC in quotes_of(ruling)


def test_gear_swap_moves_equipped_gear_only_into_an_empty_backpack_slot(state):
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"))
    fill_backpack(state, "Mara")
    ruling = refused(state, GearSwap(player="Mara", card="Club"))
    assert {R.GEAR_SWAP_TO_BACKPACK, R.GEAR_SWAP_NO_SLOT} <= quotes_of(ruling)
    # --discard does not turn a full Backpack into a Gear Swap: that is a voluntary discard, which keeps the swap
    ruling = refused(state, GearSwap(player="Mara", card="Club", discard="Club"))
    assert "referee discard mara" in ruling.violations[0].fix and "Coin" not in ruling.violations[0].fix
    play(state, DiscardLoot(player="Mara", card="Club"))
    assert discard_pile(state, "weapon") == ["Club"] and last_gear_swap(state, "Mara") is None


def test_gear_swap_to_backpack_and_exchange_choose_no_slot(state):
    """08 GEAR_SWAP: Equipped Gear goes "into an empty Backpack Slot", and an exchange Equips the Stored card in "the
    Equipment Slot occupied by the Equipped Gear card": a --slot naming another Slot is refused (it was ignored, the
    card went elsewhere than the table said), and changes nothing."""
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"))
    ruling = refused(state, GearSwap(player="Mara", card="Club", slot="ranged"))
    assert ruling.violations[0].id == "gear-swap-slot-not-chosen"
    assert ruling.violations[0].citations[0] == R.GEAR_SWAP_TO_BACKPACK
    assert '`referee gear-swap Mara Club` (without --slot)' == ruling.violations[0].fix
    got(state, "Mara", "weapon", "Axe", weapon="melee")
    ruling = refused(state, GearSwap(player="Mara", card="Club", other="Axe", slot="armor-1"))
    assert ruling.violations[0].citations[0] == R.GEAR_SWAP_EXCHANGE
    play(state, GearSwap(player="Mara", card="Club", other="Axe"))
    assert patron_mat(state, "Mara").melee == "Axe"


def test_gear_swap_of_stored_armor_discards_plot_armor(state):
    got(state, "Mara", "armor", "Cap", defense=1)
    play(state, GearSwap(player="Mara", card="Cap"))
    assert armor(state, "Mara")[0] == "Cap" and game_box(state) == ["Plot Armor (Mara)"]


def test_gear_swap_only_on_your_own_player_turn(state):
    got(state, "Ivo", "weapon", "Club", weapon="melee")
    refused(state, GearSwap(player="Ivo", card="Club"))


def test_gear_swap_moves_stored_gear_only_into_an_empty_legal_slot(rules_db):
    from referee.state import GameState
    from referee.table_settings import make_settings

    state = GameState.initial(make_settings(players=("Mara", "Ivo"), health=5, health_cap=None, turn_actions=2,
                                            reroll_supply=2, db=rules_db, backpack_slots=1))
    draw(state, "Mara", "rare", "Mithril Ring", equip_as="armor", defense=4)
    play(state, Equip(player="Mara", card="Mithril Ring"))
    got(state, "Mara", "armor", "Plate", defense=6)
    ruling = refused(state, GearSwap(player="Mara", card="Plate", slot="armor-2", discard="Mithril Ring"))
    assert R.GEAR_SWAP_TO_SLOT in quotes_of(ruling) and "Armor Slot 3" in ruling.violations[0].fix
    ruling = play(state, GearSwap(player="Mara", card="Plate"))
    assert sum("Defense from loot" in c for c in ruling.consequences) == 1
    assert armor(state, "Mara")[:2] == ["Plate", "Mithril Ring"]


# --- CONSUMABLE_LOOT --------------------------------------------------------------------------------------


def test_consumable_loot_default_timing_is_your_own_turn(state):
    got(state, "Ivo", "common", "Potion", consumable=True)
    ruling = refused(state, UseLoot(player="Ivo", card="Potion"))
    assert R.CONSUMABLE_DEFAULT_TIMING in quotes_of(ruling)
    got(state, "Ivo", "common", "Smoke Bomb", consumable=True, anytime=True)
    play(state, UseLoot(player="Ivo", card="Smoke Bomb"))
    assert discard_pile(state, "common") == ["Smoke Bomb"]


def test_consumable_loot_a_card_with_its_own_timing_is_used_during_a_check(state):
    got(state, "Mara", "common", "Lucky Charm", consumable=True, anytime=True)
    got(state, "Mara", "common", "Potion", consumable=True)
    play(state, DeclareCheck(player="Mara", stat="brawn", tn=15), RollDice(player="Mara", dice=(11,)))
    ruling = play(state, UseLoot(player="Mara", card="Lucky Charm"))
    assert state.top.kind == "check" and discard_pile(state, "common") == ["Lucky Charm"]
    assert R.CONSUMABLE_CARD_TEXT in ruling.citations and R.LMW_USE_TIMING not in ruling.citations  # no window open
    ruling = refused(state, UseLoot(player="Mara", card="Potion"))  # no timing of its own: the Check finishes first
    assert ruling.violations[0].citations[0] == R.CONSUMABLE_DEFAULT_TIMING


def test_consumable_loot_used_in_a_window_frees_a_backpack_slot(state):
    for name, consumable in (("Potion", True), ("Skull", False), ("Feather", False)):
        got(state, "Mara", "common", name, consumable=consumable)
    draw(state, "Mara", "common", "Candle")
    ruling = play(state, UseLoot(player="Mara", card="Potion"))
    assert R.CONSUMABLE_FREES_SLOT in ruling.citations and R.CONSUMABLE_DISCARD_AFTER in ruling.citations
    play(state, Store(player="Mara", card="Candle"))
    assert pack(state, "Mara") == ["Candle", "Skull", "Feather"]


def test_non_consumable_loot_in_a_window_must_still_be_placed(state):
    draw(state, "Mara", "common", "Coin")
    refused(state, UseLoot(player="Mara", card="Coin"))


def test_consumable_loot_an_effect_the_referee_applies_is_applied_with_the_use(state):
    from engine_helpers import Damage

    play(state, Damage(player="Mara", amount=4))
    got(state, "Mara", "common", "Healing Draught", consumable=True)
    got(state, "Mara", "common", "Wild Tonic", consumable=True)
    ruling = play(state, UseLoot(player="Mara", card="Healing Draught", effect="heal 3"))
    assert state.player("Mara").health == 9 and "Mara heals 3: Health 6 → 9" in ruling.consequences
    assert R.HEAL_UP_TO_CAP in ruling.citations and discard_pile(state, "common") == ["Healing Draught"]
    play(state, UseLoot(player="Mara", card="Wild Tonic", effect="gain 2 kaos"))
    assert state.player("Mara").kaos == 2


def test_consumable_loot_an_effect_the_referee_does_not_know_is_the_tables_to_record(state):
    got(state, "Mara", "common", "Smoke Bomb", consumable=True)
    ruling = play(state, UseLoot(player="Mara", card="Smoke Bomb", effect="everyone flees a room"))
    assert any("record its effects" in text for text in ruling.table_reported) and state.player("Mara").health == 10


# --- PICKPOCKET_LOOT / GAINING_AND_TAKING_LOOT / LOOT_OPPORTUNITIES -------------------------------------------


def test_pickpocket_takes_only_from_the_backpack(state):
    got(state, "Mara", "common", "Coin")
    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"), EndTurn(complete=True))  # Ivo's Player Turn
    ruling = refused(state, TakeLoot(player="Ivo", source="Mara", card="Club", how="pickpocket"))
    assert R.PICKPOCKET_BACKPACK_ONLY in quotes_of(ruling)
    ruling = play(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="pickpocket"))
    assert state.top == LootWindowProc(player="Ivo", cards=("Coin",), source="took from Mara (Pickpocket)")
    assert R.PICKPOCKET_EMPTY in ruling.citations
    play(state, Store(player="Ivo", card="Coin"))
    ruling = refused(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="pickpocket"))
    assert R.PICKPOCKET_EMPTY in quotes_of(ruling)


def test_pickpocket_loot_a_pickpocket_is_the_active_players_action_on_their_own_player_turn(state):
    """02 PLAYER_TURN "A Player Turn is a Surviving Player's opportunity to perform Actions and resolve Player Turn
    effects." and 08 PICKPOCKET_LOOT "The Pickpocket Action is defined in 05_ACTIONS.": on Mara's turn Ivo takes no
    Pickpocket Action (interpretation pickpocket-turn, as `action` refuses Ivo's Turn Actions), nor on a Zombie Turn;
    `options` lists no such move. Mara's own Pickpocket is accepted and spends no Turn Action by itself (`action`
    records it)."""
    from referee.legal_moves import legal_moves

    got(state, "Mara", "common", "Coin")
    got(state, "Tess", "common", "Skull")
    pickpocket = TakeLoot(player="Ivo", source="Mara", card="Coin", how="pickpocket")
    ruling = refused(state, pickpocket)
    assert ruling.violations[0].id == "pickpocket-not-own-turn"
    assert ruling.violations[0].citations[0] == R.PLAYER_TURN_DEFINITION
    assert "pickpocket-turn" in {i.id for i in ruling.interpretations}
    assert not [m for m in legal_moves(state) if m.type == "take" and m.move.how == "pickpocket" and m.player != "Mara"]
    ruling = play(state, TakeLoot(player="Mara", source="Tess", card="Skull", how="pickpocket"))
    assert "pickpocket-turn" not in {i.id for i in ruling.interpretations} and state.actions_spent == 0
    assert any("referee action mara Pickpocket" in t for t in ruling.table_reported)
    play(state, Store(player="Mara", card="Skull"), engine_helpers.SetState(player="Ivo", state="zombie"),
         EndTurn(complete=True))
    assert state.turn_kind == "zombie" and state.active_player.name == "Ivo"
    assert not [m for m in legal_moves(state) if m.type == "take" and m.move.how == "pickpocket"]
    assert refused(state, TakeLoot(player="Tess", source="Mara", card="Coin", how="pickpocket")).violations[0].id \
        == "pickpocket-not-own-turn"


def test_pickpocket_loot_by_any_player_when_the_table_reads_it_so(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo", "Tess"), choices={"pickpocket-turn": "any-player"})
    got(state, "Mara", "common", "Coin")
    play(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="pickpocket"))
    assert state.top.player == "Ivo"


def test_taking_loot_removes_it_and_opens_the_takers_window(state):
    draw(state, "Mara", "armor", "Cap", defense=1)
    play(state, Equip(player="Mara", card="Cap"))
    ruling = play(state, TakeLoot(player="Tess", source="Mara", card="Cap"))
    assert "Cap" not in inventory(state, "Mara") and state.top.player == "Tess"
    assert any("Mara's Defense from loot 1 → 0" in c for c in ruling.consequences)


def test_loot_opportunities_are_granted_by_09_and_table_reported(state):
    got(state, "Mara", "common", "Coin")
    play(state, Damage(player="Mara", amount=10), ReportDeath(player="Mara", outcome="fallen"))
    ruling = play(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="opportunity"))
    assert R.OPPORTUNITY_BY_09 in ruling.citations and ruling.table_reported


def test_loot_opportunities_need_a_recorded_death_that_can_create_one(state):
    got(state, "Mara", "common", "Coin")
    ruling = refused(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="opportunity"))
    assert ruling.violations[0].citations[0] == R.OPPORTUNITY_DEFINITION
    engine.apply(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="opportunity"),
                 override="card text grants it")  # an override stays possible
    assert state.top.cards == ("Coin",) and state.top.player == "Ivo"


def test_a_removed_player_cannot_take_or_draw_loot(state):
    got(state, "Tess", "common", "Coin")
    play(state, Damage(player="Mara", amount=10), ReportDeath(player="Mara", outcome="removed"))
    ruling = refused(state, TakeLoot(player="Mara", source="Tess", card="Coin"))
    assert R.TURN_ORDER_REMOVED_SKIPPED in quotes_of(ruling)
    ruling = refused(state, DrawLoot(player="Mara", kinds=("common",), names=("Skull",)))
    assert R.TURN_ORDER_REMOVED_SKIPPED in quotes_of(ruling)


def test_a_fallen_player_taking_loot_is_the_zombies_extensions(state):
    got(state, "Tess", "common", "Coin")
    play(state, Damage(player="Ivo", amount=10), ReportDeath(player="Ivo", outcome="fallen"))
    ruling = refused(state, TakeLoot(player="Ivo", source="Tess", card="Coin"))
    assert R.ZOMBIE_TURNS_ELSEWHERE in quotes_of(ruling)


def test_a_fallen_player_drawing_loot_is_refused_as_taking_it_is(state):
    play(state, Damage(player="Ivo", amount=10), ReportDeath(player="Ivo", outcome="fallen"))
    ruling = refused(state, DrawLoot(player="Ivo", kinds=("common",), names=("Skull",)))
    assert R.ZOMBIE_TURNS_ELSEWHERE in quotes_of(ruling)


def test_out_of_play_loot_the_table_may_choose_to_allow_it(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo", "Tess"), choices={"out-of-play-loot": "allow"})
    play(state, Damage(player="Ivo", amount=10), ReportDeath(player="Ivo", outcome="fallen"))
    ruling = play(state, DrawLoot(player="Ivo", kinds=("common",), names=("Skull",)))
    assert "out-of-play-loot" in [i.id for i in ruling.interpretations] and state.top.player == "Ivo"


# --- LOOT_AND_DEATH_INTERRUPTION ------------------------------------------------------------------------------


def test_death_during_loot_management_pauses_the_window(state):
    draw(state, "Mara", "common", "Coin")
    ruling = play(state, Damage(player="Mara", amount=10))
    assert state.top.kind == "death" and isinstance(state.stack[-2], LootWindowProc)
    assert R.LOOT_DEATH_PAUSE in ruling.citations
    refused(state, Store(player="Mara", card="Coin"))
    ruling = play(state, ReportDeath(player="Mara", outcome="surviving"))
    assert isinstance(state.top, LootWindowProc) and R.LOOT_DEATH_RESUME in ruling.citations


def test_removed_players_unresolved_window_loot_is_discarded(state):
    draw(state, "Mara", "common", "Coin")
    play(state, Damage(player="Mara", amount=10))
    ruling = play(state, ReportDeath(player="Mara", outcome="removed"))
    assert discard_pile(state, "common") == ["Coin"] and not state.stack
    assert R.LOOT_DEATH_REMOVED_DISCARD in ruling.citations
    assert state.active_player.name == "Ivo"  # Mara's turn ended with her removal


def test_victory_ends_the_game_with_window_loot_unresolved(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo"))
    draw(state, "Mara", "common", "Coin")
    play(state, Damage(player="Ivo", amount=10))
    ruling = play(state, ReportDeath(player="Ivo", outcome="removed"))
    assert state.ended and state.winner == "Mara" and unresolved_cards(state) == ["Coin"]
    assert R.LOOT_DEATH_VICTORY_ENDS in ruling.citations


def dropped_club(state):
    from referee.moves import DropWeapon

    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"), DropWeapon(player="Mara", card="Club"))


def test_loot_death_interruption_no_resume_for_a_fallen_player(state):
    draw(state, "Mara", "common", "Coin")
    play(state, Damage(player="Mara", amount=10))
    ruling = play(state, ReportDeath(player="Mara", outcome="fallen"))
    assert not any(isinstance(p, LootWindowProc) for p in state.stack)
    assert R.LOOT_DEATH_RESUME in ruling.citations and "lmw-not-surviving" in [i.id for i in ruling.interpretations]
    assert list(patron_mat(state, "Mara").set_aside) == ["Coin"] and ruling.table_reported
    refused(state, Store(player="Mara", card="Coin"))
    play(state, TakeLoot(player="Ivo", source="Mara", card="Coin", how="opportunity"))
    assert state.top.cards == ("Coin",) and list(patron_mat(state, "Mara").set_aside) == []


def test_loot_death_interruption_zombie_reading_discard(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo", "Tess"), choices={"lmw-not-surviving": "discard"})
    draw(state, "Mara", "common", "Coin")
    play(state, Damage(player="Mara", amount=10))
    play(state, ReportDeath(player="Mara", outcome="zombie"))
    assert discard_pile(state, "common") == ["Coin"] and not any(isinstance(p, LootWindowProc) for p in state.stack)


# --- WEAPON_LOOT: Dropped Weapons --------------------------------------------------------------------------


def test_weapon_loot_a_dropped_weapon_stays_equipped(state):
    from referee.moves import DropWeapon, RecoverWeapon

    draw(state, "Mara", "weapon", "Club", weapon="melee")
    play(state, Equip(player="Mara", card="Club"))
    ruling = play(state, DropWeapon(player="Mara", card="Club"))
    assert list(patron_mat(state, "Mara").dropped) == ["Club"] and patron_mat(state, "Mara").melee == "Club"
    assert {R.WEAPON_DROPPED_NOT_DISCARDED, R.WEAPON_DROPPED_NOT_STOLEN, R.DROPPED_STILL_EQUIPPED} <= set(ruling.citations)
    again = engine.check(state, DropWeapon(player="Mara", card="Club"))  # nothing to record: nothing to apply
    assert again.legal and again.effects is None
    play(state, RecoverWeapon(player="Mara", card="Club"))
    assert list(patron_mat(state, "Mara").dropped) == []
    again = engine.check(state, RecoverWeapon(player="Mara", card="Club"))
    assert again.legal and again.effects is None


def test_weapon_loot_a_dropped_weapon_remains_in_its_slot_no_gear_swap_moves_it(state):
    dropped_club(state)
    ruling = refused(state, GearSwap(player="Mara", card="Club"))
    assert ruling.violations[0].citations[0] == R.WEAPON_DROPPED_REMAINS
    assert "dropped-weapon-stays" in {i.id for i in ruling.interpretations}
    engine.apply(state, GearSwap(player="Mara", card="Club"), override="card text")
    assert list(patron_mat(state, "Mara").dropped) == [] and patron_mat(state, "Mara").melee is None


def test_weapon_loot_a_dropped_weapon_remains_in_its_slot_no_equipping_over_it(state):
    dropped_club(state)
    draw(state, "Mara", "weapon", "Axe", weapon="melee")
    ruling = refused(state, Equip(player="Mara", card="Axe"))
    assert ruling.violations[0].citations[0] == R.WEAPON_DROPPED_REMAINS
    overridden = engine.apply(state, Equip(player="Mara", card="Axe"), override="card text")
    assert list(patron_mat(state, "Mara").dropped) == [] and "no longer Dropped" in " ".join(overridden.consequences)


def test_weapon_loot_a_dropped_weapon_voluntary_discard_follows_discarding_loot_and_names_the_reading(state):
    """WEAPON_LOOT "A Dropped Weapon remains in its Weapon Slot but is not available for Attacks until recovered or
    restored ...": whether it may be voluntarily discarded is interpretation dropped-weapon-stays; by default the
    discard follows DISCARDING_LOOT (on Mara's own turn, nothing being resolved), named on the ruling."""
    dropped_club(state)
    ruling = play(state, DiscardLoot(player="Mara", card="Club"))
    assert "dropped-weapon-stays" in {i.id for i in ruling.interpretations}
    assert discard_pile(state, "weapon") == ["Club"] and list(patron_mat(state, "Mara").dropped) == []


def test_weapon_loot_a_dropped_weapon_is_not_voluntarily_discarded_when_the_table_reads_it_so(rules_db):
    state = new_state(rules_db, players=("Mara", "Ivo", "Tess"), choices={"dropped-weapon-stays": "stays-no-discard"})
    dropped_club(state)
    ruling = refused(state, DiscardLoot(player="Mara", card="Club"))
    assert ruling.violations[0].citations[0] == R.WEAPON_DROPPED_REMAINS
    assert ruling.violations[0].interpretation == "dropped-weapon-stays"


# --- invariants: a Hypothesis state machine ---------------------------------------------------------------

from hypothesis import HealthCheck, event, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule  # noqa: E402

PLAYERS = ("Mara", "Ivo", "Tess")
CARDS = {"Cap": ("armor", {"defense": 1}), "Helm": ("armor", {"defense": 2, "slots": (2,)}),
         "Club": ("weapon", {"weapon": "melee"}), "Bow": ("weapon", {"weapon": "ranged"}),
         "Axe": ("weapon", {"weapon": "melee"}), "Potion": ("common", {"consumable": True}),
         "Coin": ("common", {}), "Amulet": ("rare", {"equip_as": "armor", "defense": 1})}
_DB = {}


def _rules_db():
    if "db" not in _DB:
        import tempfile
        from pathlib import Path

        from rulesdb.build import build_database, bundled_sources
        from rulesdb.store import RulesDB

        path = Path(tempfile.mkdtemp()) / "rules.sqlite"
        build_database(bundled_sources(), path)
        _DB["db"] = RulesDB(path)
    return _DB["db"]


def _dump(state) -> str:
    return json.dumps(encode(state), sort_keys=True)


who = st.sampled_from(PLAYERS)
card = st.sampled_from(sorted(CARDS) + ["Plot Armor (Mara)", "Plot Armor (Ivo)"])
slot = st.sampled_from(["", "armor-1", "armor-2", "melee", "ranged"])


class Inventories(RuleBasedStateMachine):
    """Any sequence of loot moves: legal ones keep every card in exactly one place; refused ones change nothing;
    the log replays to the state; undo restores the state before the move exactly."""

    @initialize()
    def setup(self):
        from referee.state import GameState
        from referee.table_settings import make_settings

        settings_ = make_settings(players=PLAYERS, health=4, health_cap=None, turn_actions=2, reroll_supply=2,
                                  db=_rules_db(), backpack_slots=2)
        self.state = GameState.initial(settings_)
        self.log: list = []
        self.snapshots: list[str] = []
        self.located = 3
        for name, (kind, text) in CARDS.items():
            self._move(DescribeCard(name=name, kind=kind, **text))
        self._move(DeckSize(kind="weapon", size=2))
        self._move(DeckSize(kind="armor", size=3))

    def _move(self, move):
        before = _dump(self.state)
        try:
            ruling = engine.check(self.state, move)
        except InvalidMove:
            assert _dump(self.state) == before
            return
        assert _dump(self.state) == before  # check is pure
        if not ruling.legal:
            assert ruling.violations
            return
        if ruling.effects is None:  # legal, nothing to record (already so)
            return
        engine.apply(self.state, move)
        event(f"applied {move.type}")
        self.snapshots.append(before)
        self.log.append(ruling.effects)

    @rule(player=who, name=st.sampled_from(sorted(CARDS)), kind=st.sampled_from(["", "", "", "armor", "common"]))
    def draw(self, player, name, kind):
        self._move(DrawLoot(player=player, kinds=(kind or CARDS[name][0],), names=(name,)))

    @rule(player=who, name=card, where=slot)
    def equip(self, player, name, where):
        self._move(Equip(player=player, card=name, slot=where))

    @rule(player=who, name=card)
    def store(self, player, name):
        self._move(Store(player=player, card=name))

    @rule(player=who, name=card, required=st.sampled_from(["", "a Dungeon Bomb"]))
    def discard(self, player, name, required):
        self._move(DiscardLoot(player=player, card=name, required=required))

    @rule(player=who, name=card)
    def use(self, player, name):
        self._move(UseLoot(player=player, card=name))

    @rule(player=who, name=card, other=st.sampled_from([""] + sorted(CARDS)))
    def gear_swap(self, player, name, other):
        self._move(GearSwap(player=player, card=name, other=other, discard=name))

    @rule(player=who, source=who, name=card, how=st.sampled_from(["take", "pickpocket", "opportunity"]))
    def take(self, player, source, name, how):
        self._move(TakeLoot(player=player, source=source, card=name, how=how))

    @rule(data=st.data())
    def place_a_window_card(self, data):
        top = self.state.top
        if not isinstance(top, LootWindowProc):
            return
        name = data.draw(st.sampled_from(top.cards))
        how = data.draw(st.sampled_from(["equip", "equip", "store", "store", "discard", "use"]))
        if how == "equip":
            self._move(Equip(player=top.player, card=name, slot=data.draw(slot)))
        elif how == "store":
            self._move(Store(player=top.player, card=name))
        elif how == "use":
            self._move(UseLoot(player=top.player, card=name))
        else:
            self._move(DiscardLoot(player=top.player, card=name))

    @rule(data=st.data())
    def act_on_an_owned_card(self, data):
        player = data.draw(who)
        owned = inventory(self.state, player)
        if not owned:
            return
        name = data.draw(st.sampled_from(owned))
        how = data.draw(st.sampled_from(["swap", "swap", "discard", "use", "take", "pickpocket"]))
        if how == "swap":
            other = data.draw(st.sampled_from([""] + owned))
            self._move(GearSwap(player=player, card=name, other=other,
                                discard=data.draw(st.sampled_from(["", name]))))
        elif how == "discard":
            self._move(DiscardLoot(player=player, card=name))
        elif how == "use":
            self._move(UseLoot(player=player, card=name))
        else:
            taker = data.draw(who)
            self._move(TakeLoot(player=taker, source=player, card=name,
                                how="pickpocket" if how == "pickpocket" else "take"))

    @rule(complete=st.booleans())
    def end_turn(self, complete):
        self._move(EndTurn(complete=complete))

    @rule(player=who)
    def damage(self, player):
        self._move(Damage(player=player, amount=1))

    @rule(player=who, outcome=st.sampled_from(["removed", "fallen", "surviving", "surviving", "surviving"]))
    def death(self, player, outcome):
        self._move(ReportDeath(player=player, outcome=outcome))

    @rule(player=who, name=st.sampled_from(["Club", "Bow", "Axe", "Cap"]), drop=st.booleans())
    def drop_or_recover(self, player, name, drop):
        from referee.moves import DropWeapon, RecoverWeapon

        self._move((DropWeapon if drop else RecoverWeapon)(player=player, card=name))

    @rule()
    def undo(self):
        if not self.log:
            return
        self.log.pop()
        expected = self.snapshots.pop()
        self.state = engine.replay(self.state.settings, self.log)
        assert _dump(self.state) == expected

    @invariant()
    def every_card_is_in_exactly_one_place(self):
        if not hasattr(self, "state"):
            return
        state = self.state
        names = [n for n, _ in every_card_place(state)]
        assert len(names) == len(set(names)), names
        plots = [n for n in names if n.startswith("Plot Armor")]
        assert len(plots) == len(PLAYERS)  # Plot Armor never leaves the table: slot or box
        assert set(names) <= set(state.cards)
        for player in PLAYERS:  # no slot holds two cards: every slot is one value
            mat = patron_mat(state, player)
            assert len(mat.armor) == 5 and len(mat.backpack) == 2
            assert all(c in (mat.melee, mat.ranged) for c in mat.dropped)  # a Dropped Weapon stays Equipped
            assert len([c for c in mat.armor if c and c.startswith("Plot Armor")]) <= 1
            for value in (*mat.armor, *mat.backpack, mat.melee, mat.ranged):
                assert value is None or isinstance(value, str)
        for proc in state.stack:
            if isinstance(proc, LootWindowProc):
                assert proc.cards and set(proc.displaced) <= set(proc.cards)

    @invariant()
    def replaying_the_log_reproduces_the_state(self):
        if hasattr(self, "state"):
            assert _dump(engine.replay(self.state.settings, self.log)) == _dump(self.state)


Inventories.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
test_inventory_invariants = Inventories.TestCase
