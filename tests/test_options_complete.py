"""`referee options` is exact: at many reachable states, `legal_moves` against an independent brute force.

States: the states the golden games (tests/golden/*.game) pass through, replayed move by move through the library,
and the states of seeded random legal play (a kind of move, then a move of it, chosen among `legal_moves`, amounts
drawn from their ranges). Sampled to keep the run short: the first state with each procedure on top (its kind and
step) and every sixth state.

The brute force (`brute_force`) knows nothing of how `legal_moves` finds its candidates: for every move type of the
registry it builds each move of a small argument space and asks `engine.check`:
- each Player (and no Player, where a move may name none); each subset of the other Players as opponents;
- each Stat, perception and attack; each Slot (none, Armor 1-5, melee, ranged) and Backpack Slot (and one more);
- the cards: every card in the Player's own places (Slots, Backpack, window, set-aside), one card of every other
  place (another Player's Slots, Backpack, window; each deck and discard pile; the box), a card described and in
  no place, and a card nobody has seen; every card known, for `card`; the described ones, for `draw`;
- numbers: amounts 1, 2, 3, 20, 999; Target Numbers 0, 1, 12, 99; sizes 0, 1, 7, 999; modifiers -99, -7, -1, 1,
  7, 99; dice 1, 2, 7, 19, 20 (each side of a damage die being rolled), one die or two; each option number (and
  0 and one past the last), choosing with no Loot, one card, or two of the Player's;
- the Random Encounter cards described, drawn by name and described again, and one not yet described.
A move is legal when the engine accepts it with something to apply (a move that records what is already so is none).

What "covered" means: a legal brute-force move is covered when some listed `LegalMove` stands for it:
- its fields equal the listed move's, except that a field with a range may take any value of the range (each die of
  a tuple), and a `free` field any value (what the table says in its own words: a reason, an effect, a card's text,
  a bonus, `--hold`/`--virtual`, a Gear Swap's `--discard`);
- but a free *name* (a drawn card's, a described card's, a Random Encounter card's, a Turn Action's) stands only for
  names not yet on the table (a card no place holds and no description names; an action not yet taken this turn):
  a card already known must be listed by its own name, an action taken already by its own;
- several cards or opponents named in one move are named in the order the table holds them (Inventory, Turn
  Order): the brute force names them so, and another order is the same move;
- a draw of several Loot cards at once is covered when the draw of each of them is.

Both directions are tested: every legal brute-force move is covered, and every listed move is legal (both ends of
each range and the values above inside it; a free name replaced by another new name). Every listed move is also
printed (`legal_moves.typed`) as a command that reads back (`referee.notation`, N filled in) to a move it stands for.
"""

from __future__ import annotations

import random
from referee.records import replace
from itertools import combinations

import pytest

from engine_helpers import new_state
from referee import engine
from referee import moves as M
from referee.errors import InvalidMove
from referee.legal_moves import legal_moves, typed
from test_golden_games import GOLDEN, golden_states

AMOUNTS, TNS, SIZES, MODIFIERS = (1, 2, 3, 20, 999), (0, 1, 12, 99), (0, 1, 7, 999), (-99, -7, -1, 1, 7, 99)
NEW_CARD, NEW_ACTION = "Zed Unseen", "Zed Action"
SLOTS = ("", "armor-1", "armor-2", "armor-3", "armor-4", "armor-5", "melee", "ranged")
TEXT = "a card"  # a free text field, as the table would type it


def _legal(state, move) -> bool:
    try:
        ruling = engine.check(state, move)
    except (InvalidMove, ValueError):
        return False
    return ruling.legal and ruling.effects is not None


# --- the brute force ---------------------------------------------------------------------------------------------


def _cards(state) -> list[str]:
    """Every card named anywhere: described, in any place (Plot Armor included), and one nobody has seen."""
    from referee.loot_and_inventory import every_card_place

    return list(dict.fromkeys([*state.cards, *(c for c, _ in every_card_place(state)), NEW_CARD]))


def _cards_of(state, player) -> list[str]:
    """The cards a move of `player` is tried with: every card in one of their own places (Slots, Backpack, window,
    set-aside), and one card of every other place (another Player's Slots, Backpack, window; each deck, each discard
    pile, the box), a card described and in no place, and one nobody has seen."""
    from referee.loot_and_inventory import every_card_place

    groups: dict[tuple, list[str]] = {}
    for card, place in every_card_place(state):
        groups.setdefault(place[:2], []).append(card)
    placed = {c for cards in groups.values() for c in cards}
    out = []
    for (where, *owner), cards in groups.items():
        out += cards if owner == [player] else cards[:1]
    out += [c for c in state.cards if c not in placed][:1]
    return list(dict.fromkeys([*out, NEW_CARD]))


def _encounter_die(state) -> int:
    enc = next((p for p in reversed(state.stack) if p.kind == "random-encounter"), None)
    return enc.die if enc is not None and enc.die else 0


def _stat_words(state, player) -> list[str]:
    from referee.core_concepts import RULES_STATS

    return list(dict.fromkeys([*RULES_STATS, *state.settings.stats.get(player, {}), "perception", "attack"]))


def brute_force(state) -> dict[str, list]:
    """For every move type of the registry, each move of its small argument space."""
    from referee.loot_and_inventory import owned_cards

    players = list(state.settings.players)
    cards = _cards(state)
    die = _encounter_die(state)
    dice = sorted({1, 2, 7, 19, 20, *range(1, die + 1)})
    rolls = [(v,) for v in dice] + [(1, 20), (7, 7), (20, 1)]
    described = {name: info for name, info in state.cards.items()}
    spaces: dict[str, list] = {t: [] for t in M.MOVE_TYPES}

    def add(move):
        spaces[move.type].append(move)

    for p in players:
        for action in [*dict.fromkeys(state.actions_taken), NEW_ACTION]:
            add(M.TurnAction(player=p, action=action))
        for word in _stat_words(state, p):
            for tn in TNS:
                add(M.DeclareCheck(player=p, stat=word, tn=tn))
            others = [o for o in players if o != p]
            for size in range(1, len(others) + 1):
                for opponents in combinations(others, size):
                    add(M.DeclareCheck(player=p, stat=word, opponents=opponents))
        for values in rolls:
            for auto in (True, False):
                add(M.RollDice(player=p, dice=values, auto_resolve=auto))
                add(M.Reroll(player=p, dice=values, auto_resolve=auto))
        for n in AMOUNTS:
            add(M.SpendKaos(player=p, amount=n))
            add(M.Damage(player=p, amount=n))
            add(M.Heal(player=p, amount=n))
            for resource in ("health", "kaos", "reroll"):
                add(M.Gain(player=p, amount=n, resource=resource))
            for resource in ("kaos", "reroll"):
                add(M.Lose(player=p, amount=n, resource=resource))
        for n in MODIFIERS:
            add(M.CheckModifier(player=p, amount=n, because=TEXT))
        for status in M.STATUSES:
            add(M.GainStatus(player=p, status=status))
            add(M.RemoveStatus(player=p, status=status))
        for outcome in M.DEATH_OUTCOMES:
            add(M.ReportDeath(player=p, outcome=outcome))
        for new in M.PLAYER_STATES:
            add(M.SetState(player=p, state=new))
        # 08: each card on the table, in each Slot and Backpack Slot, by each Player
        for kind, weapon in (("armor", ""), ("weapon", "melee"), ("weapon", "ranged"), ("common", ""), ("rare", "")):
            for name in [*(n for n, c in described.items() if c.type == kind), NEW_CARD]:
                add(M.DrawLoot(player=p, kinds=(kind,), names=(name,), weapon=weapon if name == NEW_CARD else ""))
        add(M.DrawLoot(player=p, kinds=("armor", "common"), names=(NEW_CARD, NEW_CARD + " 2")))
        for card in _cards_of(state, p):
            for slot in SLOTS:
                add(M.Equip(player=p, card=card, slot=slot))
            for number in (None, *range(1, state.settings.backpack_slots + 2)):
                add(M.Store(player=p, card=card, slot=number))
            for required in ("", TEXT):
                add(M.DiscardLoot(player=p, card=card, required=required))
            add(M.UseLoot(player=p, card=card))
            add(M.DropWeapon(player=p, card=card))
            add(M.RecoverWeapon(player=p, card=card))
            add(M.EncounterDiscard(player=p, card=card))
            for slot in SLOTS:
                add(M.GearSwap(player=p, card=card, slot=slot))
        for source in players:
            for card in _cards_of(state, source):
                for how in ("take", "pickpocket", "opportunity"):
                    add(M.TakeLoot(player=p, source=source, card=card, how=how))
        owned = owned_cards(state, p)
        for card in owned:
            for other in owned:
                if other != card:
                    for discard in ("", *owned[:1]):
                        add(M.GearSwap(player=p, card=card, other=other, discard=discard))
        options = len(_current_options(state))
        discards = [(), *((c,) for c in _cards_of(state, p)), *combinations(owned, 2)]
        for number in range(0, options + 2):
            for discard in discards:
                add(M.EncounterChoose(player=p, option=number, discard=discard))
        for value in dice:
            add(M.EncounterRoll(player=p, value=value))
    add(M.ResolveCheck())
    for cube_room in (False, True):
        for complete in (False, True):
            add(M.EndTurn(cube_room=cube_room, complete=complete))
    for name in cards:
        for kind, weapon in (("armor", ""), ("weapon", "melee"), ("common", ""), ("rare", "")):
            add(M.DescribeCard(name=name, kind=kind, weapon=weapon))
    for n in SIZES:
        for kind in ("armor", "weapon", "common", "rare"):
            add(M.DeckSize(kind=kind, size=n))
        add(M.EncounterDeck(size=n))
    new_text = {"checks": ("brawn 10",), "penalty": ("damage 2",)}
    for cause in M.ENCOUNTER_CAUSES:
        for who in [None, *players]:
            for card in state.encounters["cards"]:
                add(M.EncounterDraw(card=card, cause=cause, player=who))
                add(M.EncounterDraw(card=card, cause=cause, player=who, **new_text))  # described again
            add(M.EncounterDraw(card=NEW_CARD, cause=cause, player=who, **new_text))
    add(M.EncounterContinue())
    return spaces


def _current_options(state) -> list:
    from referee.random_encounters import current_card

    card = current_card(state)
    return card["options"] if card else []


# --- covered ----------------------------------------------------------------------------------------------------

NAME_FIELDS = {"draw": "names", "card": "name", "encounter-draw": "card", "action": "action"}


def _on_the_table(state, move) -> set[str]:
    """The names a free name field of `move` may not stand for: those already on the table."""
    if move.type == "action":
        return set(state.actions_taken)
    if move.type == "encounter-draw":
        return set(state.encounters["cards"])
    return set(_cards(state)) - {NEW_CARD}


def covers(state, entry, move) -> bool:
    """Whether the listed `entry` stands for `move` (see the module's docstring)."""
    if isinstance(move, M.DrawLoot) and len(move.kinds) > 1:
        return False  # judged card by card in covered()
    if not entry.matches(move):
        return False
    field = NAME_FIELDS.get(move.type)
    if field in entry.free:
        value = getattr(move, field)
        names = value if isinstance(value, tuple) else (value,)
        return not set(names) & _on_the_table(state, move)
    return True


def covered(state, listed: dict, move) -> bool:
    """Whether a listed entry (`listed`: by move type) stands for `move`."""
    if isinstance(move, M.DrawLoot) and len(move.kinds) > 1:
        return all(covered(state, listed, replace(move, kinds=(k,), names=(n,))) for k, n in zip(move.kinds, move.names))
    return any(covers(state, entry, move) for entry in listed.get(move.type, ()))


# --- the states -----------------------------------------------------------------------------------------------


def _sampled(states: list, every: int) -> list:
    """The first state with each procedure on top (its kind and step), and every `every`-th state."""
    out, seen = [], set()
    for i, state in enumerate(states):
        top = state.top
        shape = top and (top.kind, getattr(top, "step", ""), getattr(top, "awaiting", ""))
        if shape not in seen or i % every == 0:
            out.append(state)
        seen.add(shape)
    return out


def _instance(rng, entry):
    """One move of a listed family: a small value of each range, mostly (a large one now and then)."""
    move = entry.move
    for name, values in entry.ranges.items():
        current = getattr(move, name)
        pick = lambda: rng.choice(values[:4] if rng.random() < 0.8 else values)  # noqa: E731
        move = replace(move, **{name: tuple(pick() for _ in current) if isinstance(current, tuple) else pick()})
    return move


def random_states(rules_db, seed: int, steps: int = 32) -> list:
    """Seeded random legal play from a new game (two Players or three): a kind of move first, then one move of that
    kind; half the time among the pending procedure's own moves; a Death or a Player state change rarely."""
    from referee.legal_moves import owns

    rng = random.Random(seed)
    state = new_state(rules_db, players=("Ann", "Bob", "Cat")[: 2 + seed % 2], reroll_supply=3, starting_kaos=seed % 3)
    out = []
    for _ in range(steps):
        listed = legal_moves(state)
        if not listed:
            break
        own = [e for e in listed if owns(state.top, e.move)]
        pool = own if own and rng.random() < 0.5 else listed
        if rng.random() < 0.95:
            pool = [e for e in pool if e.type not in ("death", "set-state")] or pool
        kind = rng.choice(sorted({e.type for e in pool}))
        engine.apply(state, _instance(rng, rng.choice([e for e in pool if e.type == kind])))
        out.append(_copy(state))
    return out


def _copy(state):
    from referee.state import state_from_snapshot, state_to_snapshot

    return state_from_snapshot(state.settings, state_to_snapshot(state))


# --- the comparison ------------------------------------------------------------------------------------------


def _values(values: range) -> set[int]:
    return {values[0], values[-1], *(n for n in (*AMOUNTS, *TNS, *SIZES, *MODIFIERS) if n in values)}


def compare(state) -> list[str]:
    """What is wrong with legal_moves on `state`: legal moves it misses, listed moves that are not legal."""
    from referee import notation

    listed = legal_moves(state)
    by_type: dict[str, list] = {}
    for entry in listed:
        by_type.setdefault(entry.type, []).append(entry)
    problems = []
    for move_type, space in brute_force(state).items():
        for move in space:
            if _legal(state, move) and not covered(state, by_type, move):
                problems.append(f"missing: {M.describe(move)}")
    for entry in listed:
        if not _legal(state, entry.move):
            problems.append(f"listed, refused: {typed(entry)}")
        for name, values in entry.ranges.items():
            current = getattr(entry.move, name)
            for value in _values(values):
                move = replace(entry.move, **{name: tuple(value for _ in current) if isinstance(current, tuple)
                                              else value})
                if not _legal(state, move):
                    problems.append(f"listed, refused: {typed(entry)} with {name} {value}")
        field = NAME_FIELDS.get(entry.type)
        if field in entry.free:
            value = getattr(entry.move, field)
            other = tuple(NEW_CARD + " Two" for _ in value) if isinstance(value, tuple) else NEW_CARD + " Two"
            if entry.type == "action":
                other = NEW_ACTION + " Two"
            if not _legal(state, replace(entry.move, **{field: other})):
                problems.append(f"listed, refused with another new name: {typed(entry)}")
        words = notation.split(typed(entry).split("  (")[0])
        for values in entry.ranges.values():  # N (or -N) as the table fills it in: the first value of the range
            words = [str(values[0]) if w in ("N", "-N") else w for w in words]
        try:
            read = notation.parse(state, words)
        except InvalidMove as error:
            problems.append(f"listed, does not read back: {typed(entry)} ({error})")
            continue
        if not covers(state, entry, read):
            problems.append(f"listed, reads back as another move: {typed(entry)} -> {M.describe(read)}")
    return problems


def test_the_brute_force_covers_every_move_type_of_the_registry(rules_db):
    spaces = brute_force(new_state(rules_db))
    assert set(spaces) == set(M.MOVE_TYPES) and all(spaces.values()), [t for t, s in spaces.items() if not s]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_options_are_exact_at_every_state_of_a_golden_game(path, tmp_path):
    problems = {}
    for i, state in enumerate(_sampled(golden_states(path, tmp_path), every=6)):
        found = compare(state)
        if found:
            problems[i] = found[:12]
    assert not problems, problems


@pytest.mark.parametrize("seed", range(4))
def test_options_are_exact_in_random_legal_play(rules_db, seed):
    problems = {}
    for i, state in enumerate(_sampled(random_states(rules_db, seed), every=6)):
        found = compare(state)
        if found:
            problems[i] = found[:12]
    assert not problems, problems
