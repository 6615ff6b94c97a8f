"""A move written as the table types it reads back as itself (issue 21): `parse(describe(m)) == m` for every move
type, with hostile names (quotes, backslashes, spaces, a leading `--`, other scripts) for cards, Players and the
words only the table knows. What a fix, `options`, the history and the board print is this text. A virtual roll is
the one exception: it is shown with its dice, and `--virtual` would roll anew."""

from __future__ import annotations

from referee.records import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import engine
from referee import moves as M
from referee.moves import describe
from referee.notation import parse
from referee.state import GameState
from referee.table_settings import make_settings

PLAYERS = ("Mara", 'Ivo "Two" Ann')

_CHARS = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\x00")
# A word the table types: whitespace tidied (as names are kept), never empty; a leading "--" or "-" is allowed.
HOSTILE = st.one_of(
    st.text(_CHARS, min_size=1, max_size=10),
    st.sampled_from(['Heavy "Plate"', "back\\slash", "--melee", "-3", "--", "it's", "a  b", "Ωmega Axe", "#hash"]),
).map(lambda text: " ".join(text.split())).filter(bool)


def _state(rules_db, names: list[str], players=PLAYERS) -> GameState:
    """A game of `players` whose cards are `names`, drawn into the first Player's Loot Management Window (a card a
    move names is on the table, so the notation reads it back by its exact name)."""
    settings_ = make_settings(players=tuple(players), health=10, health_cap=None, turn_actions=2, reroll_supply=5,
                              db=rules_db)
    state = GameState.initial(settings_)
    for name in names:
        engine.apply(state, M.DrawLoot(player=players[0], kinds=("armor",), names=(name,)))
    return state


def _cards():
    return st.lists(HOSTILE, min_size=2, max_size=3, unique_by=str.casefold)


PLAYER = st.sampled_from(PLAYERS)
TEXT = HOSTILE
AMOUNT = st.integers(1, 999)
SIGNED = st.integers(-99, 99).filter(bool)
KIND = st.sampled_from(("armor", "weapon", "common", "rare"))
SLOT = st.sampled_from(("", "armor-1", "armor-5", "melee", "ranged"))


def _moves(cards: list[str], players=PLAYERS):
    """A strategy of every move type, each field as the notation can write it (the first Player holds `cards`)."""
    PLAYER = st.sampled_from(players)  # noqa: N806 (the module's PLAYER, for these players)
    card = st.sampled_from(cards)
    text = st.builds(lambda **kw: kw, weapon=st.sampled_from(("", "melee", "ranged")),
                     slots=st.lists(st.integers(1, 5), max_size=2).map(tuple), armor_type=TEXT | st.just(""),
                     defense=st.none() | SIGNED, stats=st.lists(TEXT, max_size=2).map(tuple),
                     consumable=st.booleans(), anytime=st.booleans(), backpack=st.booleans(),
                     backpack_defense=st.none() | SIGNED, equip_as=st.sampled_from(("", "armor", "melee", "ranged")))
    dice = st.lists(st.integers(1, 20), min_size=1, max_size=2).map(tuple)
    return st.one_of(
        st.builds(M.TurnAction, player=PLAYER, action=TEXT),
        st.builds(M.DeclareCheck, player=PLAYER, stat=st.sampled_from(("Brawn", "perception", "attack")),
                  tn=st.none() | st.integers(0, 99), bonus=st.integers(-99, 99),
                  opponents=st.sampled_from(((), (players[1],)))),
        st.builds(M.RollDice, player=PLAYER, dice=dice, auto_resolve=st.booleans()),
        st.builds(M.Reroll, player=PLAYER, dice=dice, auto_resolve=st.booleans()),
        st.builds(M.SpendKaos, player=PLAYER, amount=AMOUNT),
        st.builds(M.CheckModifier, player=PLAYER, amount=SIGNED, because=TEXT),
        st.builds(M.ResolveCheck),
        st.builds(M.Damage, player=PLAYER, amount=AMOUNT, source=TEXT | st.just("")),
        st.builds(M.Heal, player=PLAYER, amount=AMOUNT),
        st.builds(M.Gain, player=PLAYER, amount=AMOUNT, resource=st.sampled_from(("health", "kaos", "reroll"))),
        st.builds(M.Lose, player=PLAYER, amount=AMOUNT, resource=st.sampled_from(("kaos", "reroll"))),
        st.builds(M.GainStatus, player=PLAYER, status=st.sampled_from(tuple(M.STATUSES))),
        st.builds(M.RemoveStatus, player=PLAYER, status=st.sampled_from(tuple(M.STATUSES))),
        st.builds(M.ReportDeath, player=PLAYER, outcome=st.sampled_from(M.DEATH_OUTCOMES)),
        st.builds(M.SetState, player=PLAYER, state=st.sampled_from(M.PLAYER_STATES)),
        st.builds(M.EndTurn, cube_room=st.booleans(), complete=st.booleans()),
        st.builds(lambda name, kind, t: M.DescribeCard(name=name, kind=kind, **t), TEXT, KIND, text),
        st.builds(lambda kind, name, t: M.DrawLoot(player=players[0], kinds=(kind,), names=(name,), **t), KIND, card,
                  text),
        st.builds(lambda pairs: M.DrawLoot(player=players[0], kinds=tuple(k for k, _ in pairs),
                                           names=tuple(n for _, n in pairs)),
                  st.lists(st.tuples(KIND, card), min_size=2, max_size=3)),
        st.builds(M.Equip, player=PLAYER, card=card, slot=SLOT),
        st.builds(M.Store, player=PLAYER, card=card, slot=st.none() | st.integers(1, 20)),
        st.builds(M.DiscardLoot, player=PLAYER, card=card, required=TEXT | st.just("")),
        st.builds(M.UseLoot, player=PLAYER, card=card, effect=TEXT | st.just("")),
        st.builds(M.GearSwap, player=PLAYER, card=card, other=card | st.just(""), slot=SLOT),
        st.builds(M.TakeLoot, player=st.just(players[1]), source=st.just(players[0]), card=card,
                  how=st.sampled_from(("take", "opportunity"))),
        st.builds(M.DeckSize, kind=KIND, size=st.integers(0, 999)),
        st.builds(M.DropWeapon, player=PLAYER, card=card),
        st.builds(M.RecoverWeapon, player=PLAYER, card=card),
        st.builds(M.EncounterDraw, card=TEXT, cause=st.sampled_from(M.ENCOUNTER_CAUSES), player=st.none() | PLAYER,
                  because=TEXT | st.just(""), checks=st.lists(TEXT, max_size=2).map(tuple),
                  pays=st.lists(TEXT, max_size=2).map(tuple), penalty=st.lists(TEXT, max_size=2).map(tuple),
                  no_penalty=st.booleans()),
        st.builds(M.EncounterChoose, player=PLAYER, option=st.integers(1, 9),
                  discard=st.lists(TEXT, max_size=2).map(tuple)),
        st.builds(M.EncounterRoll, player=PLAYER, value=st.integers(1, 20)),
        st.builds(M.EncounterDiscard, player=PLAYER, card=TEXT),
        st.builds(M.EncounterContinue),
        st.builds(M.EncounterDeck, size=st.integers(0, 999)),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.data())
def test_every_move_written_as_typed_reads_back_as_itself(rules_db, data):
    cards = data.draw(_cards(), label="cards on the table")
    state = _state(rules_db, cards)
    move = data.draw(_moves(cards), label="move")
    assert parse(state, describe(move)) == move


# Players' names as hostile as the cards': quotes, spaces, dashes, other scripts, words that read as options or as a
# move's own words (a status, a resource).
HOSTILE_PLAYER = st.one_of(
    HOSTILE,
    st.sampled_from(["--vs", "-2", "Ann-Marie", 'Bo "Big" Lee', "O'Neil", "Ωmega", "kaos", "goblin", "--", "a\\b"]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.data())
def test_every_move_written_as_typed_reads_back_as_itself_whatever_the_players_are_called(rules_db, data):
    players = data.draw(st.lists(HOSTILE_PLAYER, min_size=2, max_size=3, unique_by=str.casefold), label="players")
    cards = data.draw(_cards(), label="cards on the table")
    state = _state(rules_db, cards, players)
    move = data.draw(_moves(cards, players), label="move")
    assert parse(state, describe(move)) == move


def test_every_move_type_is_written_and_read_back(rules_db):
    """The strategy above covers every move type the referee has (a new one must be added to it)."""
    cards = ["Bone Pauldron", "Iron Axe"]
    seen = set()

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_moves(cards))
    def collect(move):
        seen.add(move.type)

    collect()
    assert seen == set(M.MOVE_TYPES)


def test_a_heavy_plate_card_reads_back_as_itself_and_a_card_named_like_an_option_too(rules_db):
    state = _state(rules_db, ['Heavy "Plate"', "--melee"])
    for card in ('Heavy "Plate"', "--melee"):
        for move in (M.Equip(player="Mara", card=card), M.Store(player="Mara", card=card, slot=2),
                     M.DrawLoot(player="Mara", kinds=("armor",), names=(card,), armor_type=card)):
            assert parse(state, describe(move)) == move
    assert describe(M.Store(player="Mara", card="--melee", slot=2)) == "store --slot 2 -- Mara --melee"
    assert describe(replace(M.Equip(player="Mara", card='Heavy "Plate"'))) == 'equip Mara "Heavy \\"Plate\\""'
