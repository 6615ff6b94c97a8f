"""Table notation: the one place what the table types becomes a Move.

Each move the referee judges has one entry in GRAMMAR: its command words ("damage", "encounter draw"), its
arguments and options, and its builder, which reads the raw words against the game's state (forgiving names,
strict numbers) and returns the Move. Everything that reads notation derives from this table:

- `parse(state, "damage ivo 3")` -> `Damage(player="Ivo", amount=3)` (what `referee.Game.parse` calls);
- the command line, whose move commands are made from these entries (`referee.cli.moves`);
- completion in the interactive session and the shell (each argument says what it names: `names`).

Errors: InvalidMove for what cannot be read, UnknownName / AmbiguousName for names (referee.errors).
"""

from __future__ import annotations

import shlex

from referee.errors import InvalidMove
from referee.parsing import match_alias, match_choice, match_player, parse_dice, parse_int

__all__ = ["Param", "Notation", "GRAMMAR", "ALIASES", "MAX_LINE", "parse", "split", "find", "bind", "command_of",
           "loot_kind", "card_text_fields"]


class Param:
    """One argument or option of a move's notation. `raw` values reach the builder as typed: str, list[str] (many),
    bool (flag), or the default when absent."""

    __slots__ = ("name", "help", "option", "many", "flag", "required", "default", "metavar", "names", "choices",
                 "signed")

    def __init__(self, name: str, help: str, *, option: tuple[str, ...] = (), many: bool = False, flag: bool = False,
                 required: bool | None = None, default=None, metavar: str = "", names: str = "",
                 choices: tuple[str, ...] = (), signed: bool = False):
        self.name = name
        self.help = help
        self.option = option  # ("--tn",): an option; (): a positional argument
        self.many = many  # a repeatable option, or a positional that takes the remaining words
        self.flag = flag
        self.required = (not option and not many and default is None) if required is None else required
        self.default = False if flag else ([] if many else default)
        self.metavar = metavar or name.upper()
        self.names = names  # what it names, for completion: player, card, stat, status, slot, option, ...
        self.choices = choices  # the only values it takes, where this move narrows what `names` could be
        self.signed = signed  # a number that may be typed with its sign, -2 as well as +2 (not an option)

    def __repr__(self) -> str:
        return f"Param({self.name!r})"


class Notation:
    """How the table writes one kind of move: `command` words, `params`, and `build(state, **raw) -> Move`."""

    __slots__ = ("command", "help", "params", "build")

    def __init__(self, command: str, help: str, params: tuple[Param, ...], build):
        self.command, self.help, self.params, self.build = command, help, params, build

    @property
    def positionals(self) -> list[Param]:
        return [p for p in self.params if not p.option]

    def usage(self) -> str:
        parts = [self.command]
        for p in self.positionals:
            word = f"{p.metavar}..." if p.many else p.metavar
            parts.append(word if p.required else f"[{word}]")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Notation({self.command!r})"


# --- reading raw words against the state ------------------------------------------------------------


def _player(state, text: str) -> str:
    return match_player(text, state.settings.players)


def _amount(text: str, what: str = "the amount") -> int:
    return parse_int(text, what=what, low=1, high=999)


def _virtual_dice(count: int, sides: int, seed: str | None) -> tuple[int, ...]:
    """Dice rolled by the referee for a table without dice: `seed`, else $REFEREE_SEED, else unseeded."""
    import os
    import random

    seed = seed if seed is not None else os.environ.get("REFEREE_SEED")
    rng = random.Random(parse_int(seed, what="--seed", low=0, high=2**63) if seed is not None else None)
    return tuple(rng.randint(1, sides) for _ in range(count))


def _resource(text: str, allowed: tuple[str, ...]) -> str:
    aliases = {"health": "health", "hp": "health", "kaos": "kaos", "reroll": "reroll", "rerolls": "reroll",
               "reroll-token": "reroll", "reroll-tokens": "reroll", "token": "reroll", "tokens": "reroll"}
    return match_alias(text, {a: r for a, r in aliases.items() if r in allowed}, what="resource")


def status_named(text: str) -> str:
    """The status `text` names (any spelling of STATUS_ALIASES, or a prefix of one)."""
    from referee.moves import STATUS_ALIASES

    return match_alias(text, STATUS_ALIASES, what="status")


def loot_kind(text: str) -> str:
    """The Loot type `text` names (a move's or a position's), read forgivingly."""
    from referee.moves import LOOT_KIND_ALIASES

    return match_alias(text, LOOT_KIND_ALIASES, what="Loot type")


def _owned_card(state, player: str, text: str, names=None) -> str:
    """The card `text` names among `player`'s (inventory, windows, set-aside cards, or `names`); a card elsewhere on
    the table is passed on by its name, for the rules to refuse (a ruling, not bad input)."""
    from referee.errors import CardElsewhere
    from referee.loot_and_inventory import match_card, owned_cards

    try:
        return match_card(state, text, owned_cards(state, player) if names is None else names, player=player)
    except CardElsewhere as error:
        return error.card


# --- 01 core concepts and 02 game structure --------------------------------------------------------


def _action(state, *, player, action):
    from referee.moves import TurnAction

    return TurnAction(player=_player(state, player), action=action)


def _declare(state, *, player, check, tn, vs, bonus):
    from referee.core_concepts import known_stat
    from referee.moves import DeclareCheck

    # the word names a Stat, or the kind of Check (the engine reads which from it); --vs makes it Contested
    word = " ".join(check.split())
    try:
        stat = known_stat(state, word)
    except InvalidMove as not_a_stat:
        try:
            stat = match_choice(word, ("perception", "attack"), what="kind of Check")
        except InvalidMove:
            raise not_a_stat from None
    return DeclareCheck(
        player=_player(state, player), stat=stat,
        tn=None if tn is None else parse_int(tn, what="--tn", low=0, high=99),
        opponents=tuple(_player(state, v) for v in vs),
        bonus=parse_int(bonus, what="--bonus", low=-99, high=99, signed=True),
    )


def _dice_builder(reroll: bool):
    def build(state, *, player, dice, virtual, seed, hold=False):
        from referee.core_concepts import dice_needed
        from referee.moves import Reroll, RollDice

        name = _player(state, player)
        if virtual and dice:
            raise InvalidMove("give the dice or --virtual, not both")
        top = state.top
        if virtual and reroll and getattr(top, "die_rolled", False):  # a Penalty's damage die, waiting to be resolved
            values = _virtual_dice(1, top.die, seed)
        elif virtual:
            values = _virtual_dice(dice_needed(state, name, reroll=reroll), 20, seed)
        elif not dice:
            raise InvalidMove("give the d20 result(s) rolled at the table, or --virtual for a virtual roll")
        else:
            values = parse_dice(dice)
        return (Reroll if reroll else RollDice)(player=name, dice=values, virtual=virtual, auto_resolve=not hold)

    return build


def _kaos(state, *, player, amount):
    from referee.moves import SpendKaos

    return SpendKaos(player=_player(state, player), amount=_amount(amount))


def _modifier(state, *, player, amount, because):
    from referee.moves import CheckModifier

    if not because.strip():
        raise InvalidMove('say what gives the modifier: --because "Lucky Charm"')
    return CheckModifier(player=_player(state, player), because=because.strip(),
                         amount=parse_int(amount, what="the modifier", low=-99, high=99, signed=True))


def _resolve(state):
    from referee.moves import ResolveCheck

    return ResolveCheck()


def _damage(state, *, player, amount, source):
    from referee.moves import Damage

    return Damage(player=_player(state, player), amount=_amount(amount), source=source.strip())


def _heal(state, *, player, amount):
    from referee.moves import Heal

    return Heal(player=_player(state, player), amount=_amount(amount))


GAINED = ("health", "kaos", "reroll")
LOST = ("kaos", "reroll")  # Health is lost with `damage`


def _gain(state, *, player, amount, what):
    from referee.moves import Gain

    return Gain(player=_player(state, player), amount=_amount(amount), resource=_resource(what, GAINED))


def _lose(state, *, player, amount, what):
    from referee.moves import Lose

    return Lose(player=_player(state, player), amount=_amount(amount), resource=_resource(what, LOST))


def _gain_status(state, *, player, status):
    from referee.moves import GainStatus

    return GainStatus(player=_player(state, player), status=status_named(status))


def _remove_status(state, *, player, status):
    from referee.moves import RemoveStatus

    return RemoveStatus(player=_player(state, player), status=status_named(status))


def _death(state, *, player, outcome):
    from referee.moves import DEATH_OUTCOMES, ReportDeath

    return ReportDeath(player=_player(state, player),
                       outcome=match_alias(outcome, {o: o for o in DEATH_OUTCOMES}, what="outcome"))


def _set_state(state, *, player, state_name):
    from referee.moves import PLAYER_STATES, SetState

    return SetState(player=_player(state, player), state=match_choice(state_name, PLAYER_STATES, what="state"))


def _end_turn(state, *, cube_room, bomb, complete):
    from referee.moves import EndTurn

    if complete and bomb:
        raise InvalidMove("--complete says there is nothing to record, --bomb that there is: give one")
    # the turn completes at once unless the table has something to record: --bomb, or a Cube Room's End Effects
    return EndTurn(cube_room=cube_room, complete=complete or not (bomb or cube_room))


# --- 08 loot and inventory --------------------------------------------------------------------------


def card_text_fields(*, melee, ranged, slot, armor_type, defense, stat, consumable, anytime, backpack,
                     backpack_defense, equip_as) -> dict:
    """A card's text as typed (`referee card`, `draw`, a position's [cards]): DescribeCard's and DrawLoot's fields."""
    if melee and ranged:
        raise InvalidMove("a Weapon is --melee or --ranged, not both")
    signed = {"low": -99, "high": 99, "signed": True}
    return {
        "weapon": "melee" if melee else "ranged" if ranged else "",
        "slots": tuple(parse_int(n, what="--slot", low=1, high=5) for n in slot),
        "armor_type": armor_type.strip(),
        "defense": None if defense is None else parse_int(defense, what="--defense", **signed),
        "stats": tuple(stat),
        "consumable": consumable, "anytime": anytime, "backpack": backpack,
        "backpack_defense": None if backpack_defense is None else parse_int(backpack_defense,
                                                                            what="--backpack-defense", **signed),
        "equip_as": equip_as.strip().lower(),
    }


def _describe_card(state, *, name, kind, **text):
    from referee.moves import DescribeCard

    return DescribeCard(name=name, kind=loot_kind(kind), **card_text_fields(**text))


def _drawn_name(state, kind: str, text: str) -> str:
    """The card a draw names: a card known to be in that deck (shuffled from its pile, or about to be: an empty deck
    is refreshed from it) or described beforehand (`referee card`) and on no mat, named forgivingly; else a new
    card's name as typed."""
    from referee.loot_and_inventory import deck, discard_pile, locate, match_card

    wanted = " ".join(text.split())
    exact = next((n for n in state.cards if n.casefold() == wanted.casefold()), None)
    if exact is not None:
        return exact
    size, known = deck(state, kind)
    shuffled_in = known or (discard_pile(state, kind) if size == 0 else [])  # an empty deck is refreshed first
    waiting = shuffled_in or [n for n, c in state.cards.items() if c["type"] == kind and locate(state, n) is None]
    try:
        return match_card(state, wanted, waiting) if waiting else wanted
    except InvalidMove:
        return wanted


def _draw(state, *, player, items, **text):
    from referee.moves import DrawLoot

    if len(items) % 2 or not items:
        raise InvalidMove("draw takes TYPE NAME pairs: `referee draw mara armor \"Bone Pauldron\" weapon Club`")
    kinds = tuple(loot_kind(k) for k in items[0::2])
    names = tuple(_drawn_name(state, kind, name) for kind, name in zip(kinds, items[1::2]))
    return DrawLoot(player=_player(state, player), kinds=kinds, names=names, **card_text_fields(**text))


def _equip(state, *, player, card, slot):
    from referee.loot_and_inventory import parse_slot
    from referee.moves import Equip

    name = _player(state, player)
    where = " ".join(slot)
    return Equip(player=name, card=_owned_card(state, name, card), slot=parse_slot(where) if where else "")


def _store(state, *, player, card, slot):
    from referee.moves import Store

    name = _player(state, player)
    return Store(player=name, card=_owned_card(state, name, card),
                 slot=None if slot is None else parse_int(slot, what="--slot", low=1, high=20))


def _discard(state, *, player, card, required):
    from referee.moves import DiscardLoot

    name = _player(state, player)
    return DiscardLoot(player=name, card=_owned_card(state, name, card), required=required.strip())


def _use(state, *, player, card, effect):
    from referee.moves import UseLoot

    name = _player(state, player)
    return UseLoot(player=name, card=_owned_card(state, name, card), effect=effect.strip())


def _gear_swap(state, *, player, card, other, slot, discard):
    from referee.loot_and_inventory import inventory, match_card, parse_slot
    from referee.moves import GearSwap

    name = _player(state, player)
    owned = inventory(state, name)
    return GearSwap(player=name, card=_owned_card(state, name, card, owned),
                    other=_owned_card(state, name, other, owned) if other else "",
                    slot=parse_slot(slot) if slot else "",
                    discard=match_card(state, discard, owned) if discard else "")


def _taking(how: str):
    def build(state, *, player, source, card, opportunity=False):
        from referee.loot_and_inventory import stored, takeable
        from referee.moves import TakeLoot

        target = _player(state, source)
        if how == "pickpocket" and not stored(state, target):
            name = card  # an empty Backpack: the ruling says so
        else:
            name = _owned_card(state, target, card, takeable(state, target))
        return TakeLoot(player=_player(state, player), source=target, card=name,
                        how="opportunity" if opportunity else how)

    return build


def _weapon_builder(drop: bool):
    def build(state, *, player, card):
        from referee.moves import DropWeapon, RecoverWeapon

        name = _player(state, player)
        return (DropWeapon if drop else RecoverWeapon)(player=name, card=_owned_card(state, name, card))

    return build


def _deck_size(state, *, kind, size):
    from referee.moves import DeckSize

    return DeckSize(kind=loot_kind(kind), size=parse_int(size, what="the deck size", low=0, high=999))


# --- 10 random encounters ---------------------------------------------------------------------------


def _encounter_draw(state, *, words, by, because, check, pay, penalty, no_penalty):
    from referee.moves import ENCOUNTER_CAUSES, EncounterDraw
    from referee.random_encounters import default_cause

    if len(words) not in (1, 2):
        raise InvalidMove('give [PLAYER] CARD, e.g. `referee encounter draw cara "Spider Swarm"`')
    cause = match_choice(by, ENCOUNTER_CAUSES, what="cause (--by)") if by else default_cause(state)
    return EncounterDraw(
        card=words[-1], cause=cause, player=_player(state, words[0]) if len(words) == 2 else None,
        because=because.strip(), checks=tuple(check), pays=tuple(pay), penalty=tuple(penalty), no_penalty=no_penalty,
    )


def _encounter_choose(state, *, player, option, discard):
    from referee.moves import EncounterChoose
    from referee.random_encounters import current_card, match_option

    # a number needs no card (the engine refuses it when nothing is being resolved); a word is read on the card
    card = current_card(state)
    if card is None and not option.strip().isdigit():
        number = 0  # nothing to read the word on: the engine refuses the move (no Random Encounter), exit 1
    else:
        number = _amount(option, "the option") if option.strip().isdigit() else match_option(card, option)
    return EncounterChoose(player=_player(state, player), option=number, discard=tuple(discard))


def _encounter_roll(state, *, player, value, virtual, seed):
    from referee.moves import EncounterRoll
    from referee.random_encounters import awaited_die

    die = awaited_die(state)
    if virtual == (value is not None):
        raise InvalidMove("give what the die shows, or --virtual for a virtual roll (not both)")
    if die is None:  # no damage die awaited: the engine refuses it, saying what is pending (exit 1)
        amount = 1 if virtual else parse_int(value, what="the die", low=1, high=20)
    elif virtual:
        amount = _virtual_dice(1, die, seed)[0]
    else:
        amount = parse_int(value, what=f"the d{die}", low=1, high=die)
    return EncounterRoll(player=_player(state, player), value=amount, virtual=virtual)


def _encounter_discard(state, *, player, card):
    from referee.moves import EncounterDiscard

    return EncounterDiscard(player=_player(state, player), card=card)


def _encounter_continue(state):
    from referee.moves import EncounterContinue

    return EncounterContinue()


def _encounter_deck(state, *, size):
    from referee.moves import EncounterDeck

    return EncounterDeck(size=parse_int(size, what="the deck size", low=0, high=999))


# --- the grammar ----------------------------------------------------------------------------------------

PLAYER = Param("player", "A Player: any case, a unique prefix is enough.", names="player")
AMOUNT = Param("amount", "A whole number, 1 or more.", metavar="N")
CARD = Param("card", "A card: any case, a unique prefix or a word of its name is enough.", names="card")
STATUS = Param("status", "goblin (Goblin Balls On Ya) or haunted.", names="status")
DICE = Param("dice", "The d20 result(s) rolled.", many=True, metavar="[D20]")
VIRTUAL = Param("virtual", "Roll virtual dice (no dice at the table).", option=("--virtual", "--roll"), flag=True)
SEED = Param("seed", "Seed for --virtual (default: $REFEREE_SEED).", option=("--seed",))
HOLD = Param("hold", "Keep the Check open even when no Player can still change it (a modifier to report).",
             option=("--hold",), flag=True)
CARD_TEXT = (
    Param("melee", "A Melee Weapon.", option=("--melee",), flag=True),
    Param("ranged", "A Ranged Weapon.", option=("--ranged",), flag=True),
    Param("slot", "Armor: the Armor Slot (1-5) the card requires.", option=("--slot",), many=True),
    Param("armor_type", "Armor Type printed on the card.", option=("--armor-type",), default=""),
    Param("defense", "Defense while Equipped.", option=("--defense",)),
    Param("stat", 'A Stat bonus: "Brawn +1" (repeatable).', option=("--stat",), many=True),
    Param("consumable", "Used once, then discarded.", option=("--consumable",), flag=True),
    Param("anytime", "The card gives its own timing for use.", option=("--anytime",), flag=True),
    Param("backpack", "Works (effects, Stat bonuses) from the Backpack.", option=("--backpack",), flag=True),
    Param("backpack_defense", "Defense granted from the Backpack.", option=("--backpack-defense",)),
    Param("equip_as", "Magic whose card says how it is Equipped: armor, melee, ranged.", option=("--equip-as",),
          default=""),
)


def _grammar() -> dict[str, Notation]:
    entries = [
        Notation("action", "Spend a Turn Action (its effects are table-reported: 05_ACTIONS is not loaded).",
                 (PLAYER, Param("action", 'The Turn Action, as the table calls it: "Open Chest".')), _action),
        Notation("declare", "Declare a d20 Check; then `roll`, optionally `reroll` and `kaos`, then `resolve`.", (
            PLAYER,
            Param("check", "A Stat (brawn, charm, ...), perception, or attack.", names="stat"),
            Param("tn", "Target Number (not for a Contested Check).", option=("--tn",)),
            Param("vs", "Other Player(s): makes it a Contested Check.", option=("--vs",), many=True, names="player"),
            Param("bonus", "Other applicable modifiers the table reports, e.g. +1 or -2.", option=("--bonus",),
                  default="0"),
        ), _declare),
        Notation("roll", "Record the d20 roll of the Check being rolled (two d20s under Goblin Balls On Ya / Dungeon "
                         "Haunted). A Check no Player can still change (no reroll or Kaos left to spend on it, no "
                         "Player's card with its own timing to use now, not Contested) resolves at once; --hold keeps "
                         "it open.",
                 (PLAYER, DICE, VIRTUAL, SEED, HOLD), _dice_builder(reroll=False)),
        Notation("reroll", "Spend 1 Reroll Token: reroll all dice of the roll and keep the new result (resolved at once "
                           "when no Player can still change the Check; --hold keeps it open).",
                 (PLAYER, DICE, VIRTUAL, SEED, HOLD), _dice_builder(reroll=True)),
        Notation("kaos", "Spend Kaos on the Check being rolled: +1 to the Final Result each (after all rerolls).",
                 (PLAYER, AMOUNT), _kaos),
        Notation("modifier", "Add an other applicable modifier the table reports to the Check being rolled (card "
                             "text, an effect): +2 or -1.",
                 (PLAYER, Param("amount", "The modifier, e.g. +2 or -1.", metavar="N", signed=True),
                  Param("because", "What gives it: the card or effect (required).", option=("--because",),
                        default="")),
                 _modifier),
        Notation("resolve", "Resolve the Check being rolled: success or failure, Contested winner, crit rewards.",
                 (), _resolve),
        Notation("damage", "Damage reduces Health; at 0 or below the table reports the Death Process outcome.",
                 (PLAYER, AMOUNT, Param("source", "What dealt it (the Damage Dealer).", option=("--source",),
                                        default="")), _damage),
        Notation("heal", "Heal Health, up to the Health Cap (to go past it, `gain PLAYER N health`).",
                 (PLAYER, AMOUNT), _heal),
        Notation("gain", "Gain Health (may pass the Health Cap), Kaos, or Reroll Tokens (while the supply lasts).",
                 (PLAYER, AMOUNT, Param("what", "health, kaos or reroll.", metavar="WHAT", names="resource",
                                       choices=GAINED)), _gain),
        Notation("lose", "Lose Kaos or Reroll Tokens (never below 0). Health is lost with `damage`.",
                 (PLAYER, AMOUNT, Param("what", "kaos or reroll.", metavar="WHAT", names="resource",
                                       choices=LOST)), _lose),
        Notation("gain-status", "Give a Player Goblin Balls On Ya or Dungeon Haunted (at most one of each).",
                 (PLAYER, STATUS), _gain_status),
        Notation("remove-status", "Remove a status when the card that gave it says it ends.", (PLAYER, STATUS),
                 _remove_status),
        Notation("death", "Record the outcome of a Death Process (09_DEATH_AND_VICTORY is not loaded), then the "
                          "Victory Check.",
                 (PLAYER, Param("outcome", "What the Death Process decided: removed, fallen, zombie, surviving.",
                                names="outcome")), _death),
        Notation("set-state", "Record a Player state change the table reports (e.g. Rising as a Zombie).",
                 (PLAYER, Param("state_name", "surviving, fallen, zombie or removed.", metavar="STATE",
                                names="state")), _set_state),
        Notation("end-turn", "End the turn: Kaos refund for unspent Turn Actions, Cube Room check, Dungeon Bomb "
                             "Step, next turn.\n\nWith --bomb (the Dungeon Bomb did something to record) or "
                             "--cube-room, the End of Turn Process waits on the pending stack while the table records "
                             "it; `end-turn` again completes the turn.", (
            Param("cube_room", "The Active Player's Portrait is in a Cube Room: record its End Effects first.",
                  option=("--cube-room",), flag=True),
            Param("bomb", "The Dungeon Bomb did something to record: wait at the Dungeon Bomb Step.",
                  option=("--bomb",), flag=True),
            Param("complete", "Nothing to record (what end-turn does by default; kept for older scripts).",
                  option=("--complete",), flag=True),
        ), _end_turn),
        # 08 loot
        Notation("card", "Describe a card once (what it says that the rules care about); later moves name it only.",
                 (Param("name", "The card's name as printed."),
                  Param("kind", "armor, weapon, common (Common Magic), rare (Rare Magic).", metavar="TYPE",
                        names="loot-type"), *CARD_TEXT), _describe_card),
        Notation("draw", "Draw Loot from the top of its deck (options describe a new card); opens a Loot Management "
                         "Window.",
                 (PLAYER, Param("items", 'What was drawn, in the order listed: armor "Bone Pauldron".', many=True,
                                required=True, metavar="TYPE NAME [TYPE NAME]", names="loot-type"), *CARD_TEXT),
                 _draw),
        Notation("equip", "Equip a card from your Loot Management Window in a legal Equipment Slot (a replaced card "
                          "is displaced).",
                 (PLAYER, CARD, Param("slot", "armor 1-5 (`armor 2` or `armor-2`), melee or ranged (default: the "
                                              "legal one).", many=True, metavar="[SLOT]", names="slot")), _equip),
        Notation("store", "Store a card from your Loot Management Window in an empty Backpack Slot.",
                 (PLAYER, CARD, Param("slot", "Backpack Slot number (default: the first empty one).",
                                      option=("--slot",))), _store),
        Notation("discard", "Discard Loot to its discard pile (Plot Armor to the box): on your own turn, or in your "
                            "own window.",
                 (PLAYER, CARD, Param("required", "A rule or effect requires this discard (no timing check).",
                                      option=("--required",), default="", metavar="REASON")), _discard),
        Notation("use", "Use a card (Consumables are discarded after use); default timing: your own turn, nothing "
                        "being resolved.",
                 (PLAYER, CARD, Param("effect", "What the card did: \"heal N\" or \"gain N health|kaos|reroll\" is applied with the use; "
                                                "anything else the table records (heal, gain, damage, ...).",
                                      option=("--effect",), default="")), _use),
        Notation("gear-swap", "Gear Swap (Free Action, once per Player Turn): store Equipped Gear, equip Stored "
                              "Gear, or exchange them.",
                 (PLAYER, CARD, Param("other", "The card to exchange it with.", required=False, metavar="[OTHER]",
                                      names="card"),
                  Param("slot", "Where a Stored card goes: armor N, melee, ranged.", option=("--slot",),
                        names="slot"),
                  Param("discard", "A card left without a legal Slot, discarded at once.", option=("--discard",),
                        metavar="CARD", names="card")), _gear_swap),
        Notation("pickpocket", "A successful Pickpocket (05_ACTIONS, table-reported): take one card from the "
                               "target's Backpack.",
                 (PLAYER, Param("source", "The Player whose Backpack is picked.", metavar="TARGET", names="player"),
                  CARD), _taking("pickpocket")),
        Notation("take", "Take a card from another Player (a rule or effect says so); the taker resolves a Loot "
                         "Management Window.",
                 (PLAYER, Param("source", "The Player the card is taken from.", metavar="FROM", names="player"),
                  CARD, Param("opportunity", "A Loot Opportunity 09_DEATH_AND_VICTORY grants.",
                              option=("--opportunity",), flag=True)), _taking("take")),
        Notation("drop", "A Weapon is Dropped (table-reported; 06_COMBAT_ENCOUNTER decides): still Equipped, not "
                         "available for Attacks.", (PLAYER, CARD), _weapon_builder(drop=True)),
        Notation("recover", "A Dropped Weapon is recovered or restored (table-reported; 06_COMBAT_ENCOUNTER "
                            "decides).", (PLAYER, CARD), _weapon_builder(drop=False)),
        Notation("deck", "Record the size the table counts in a Loot Deck.",
                 (Param("kind", "armor, weapon, common, rare.", metavar="TYPE", names="loot-type"),
                  Param("size", "How many cards the table counts in it.", metavar="N")), _deck_size),
        # 10 random encounters
        Notation("encounter draw", "Draw and reveal the top Random Encounter card. Describe it the first time; "
                                   "later its name is enough.", (
            Param("words", "The Encountering Player (not needed for a Dungeon Bomb), then the card's name.",
                  many=True, required=True, metavar="[PLAYER] CARD", names="player"),
            Param("by", "What drew it: move (a failed Move Action), flee, bomb, other. Default: bomb during a Dungeon "
                        "Bomb Step.", option=("--by",), names="cause"),
            Param("because", "What drew it, in the table's words.", option=("--because",), default=""),
            Param("check", 'A Check option: "brawn 12", "perception 15 harder reward".', option=("--check",),
                  many=True),
            Param("pay", 'A Non-Check option: "kaos 2", "discard 1", "health 3", "status haunted", "move TEXT", '
                         '"other TEXT" (+ "reward").', option=("--pay",), many=True),
            Param("penalty", 'A Penalty instruction, in printed order: "damage d6", "damage 2", "health 2", "kaos 3", '
                             '"discard 1", "status goblin", "move TEXT", "combat TEXT", "other TEXT".',
                  option=("--penalty",), many=True),
            Param("no_penalty", "The card says it has no Penalty.", option=("--no-penalty",), flag=True),
        ), _encounter_draw),
        Notation("encounter choose", "Choose one Encounter Completion Option before rolling or paying (a Check "
                                     "option declares its Check).",
                 (PLAYER, Param("option", "The option's number, or a word of it (brawn, kaos).", names="option"),
                  Param("discard", "Loot to discard for a discard option (or none: then `encounter discard`).",
                        option=("--discard",), many=True,
                        names="card")), _encounter_choose),
        Notation("encounter roll", "Roll a Penalty's damage die: the Player to the damaged Player's left rolls it "
                                   "(01 DAMAGE).",
                 (PLAYER, Param("value", "What the damage die shows.", required=False, metavar="[N]"), VIRTUAL, SEED),
                 _encounter_roll),
        Notation("encounter discard", "Discard Loot for a Penalty's Loot discard or a chosen discard option (to its "
                                      "matching discard pile).",
                 (PLAYER, Param("card", "The Loot card to discard for the card (a unique prefix is enough).",
                                names="card")), _encounter_discard),
        Notation("encounter continue", "Go on: decline the optional Event Reward, end a Combat Encounter the card "
                                       "started, or finish a step.", (), _encounter_continue),
        Notation("encounter deck", "Record how many cards the Random Encounter Deck holds (03_SETUP builds it; not "
                                   "loaded).", (Param("size", "Cards in the Random Encounter Deck now.", metavar="N"),),
                 _encounter_deck),
    ]
    return {entry.command: entry for entry in entries}


GRAMMAR: dict[str, Notation] = _grammar()
# What players say for a command ("end turn", "next"): each names a command of GRAMMAR.
ALIASES = {"end turn": "end-turn", "next": "end-turn", "gear swap": "gear-swap", "swap": "gear-swap",
           "gain status": "gain-status", "remove status": "remove-status", "set state": "set-state",
           "dmg": "damage", "hurt": "damage"}


MAX_LINE = 4000  # characters; shlex is quadratic in a word's length (a 1 MB line took 25 s), a table's lines are short


def split(text: str) -> list[str]:
    """Shell-like words of a line; InvalidMove for an unclosed quote or a line longer than MAX_LINE."""
    if len(text) > MAX_LINE:
        raise InvalidMove(f"that line is {len(text):,} characters long; a line is at most {MAX_LINE:,}")
    try:
        return shlex.split(text)
    except ValueError as error:
        raise InvalidMove(f"cannot read that line ({error})") from None


def command_of(words: list[str]) -> tuple[str, list[str]] | None:
    """(the command words say, the words after them), or None when they name no move. Aliases count."""
    lowered = [w.casefold() for w in words]
    for size in (2, 1):
        head = " ".join(lowered[:size])
        name = head if head in GRAMMAR else ALIASES.get(head)
        if name is not None and len(words) >= size:
            return name, list(words[size:])
    return None


def find(words: list[str]) -> tuple[Notation, list[str]]:
    """The notation the words name and the words after the command; InvalidMove (did-you-mean) otherwise."""
    import difflib

    if not words:
        raise InvalidMove("name a move, e.g. `damage ivo 3`")
    found = command_of(words)
    if found is None:
        typed = " ".join(words[:2]) if words[0].casefold() == "encounter" else words[0]
        near = difflib.get_close_matches(typed.casefold(), [*GRAMMAR, *ALIASES], n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        raise InvalidMove(f"no move {typed!r}{hint}")
    name, rest = found
    return GRAMMAR[name], rest


def bind(notation: Notation, words: list[str]) -> dict:
    """The raw value of every parameter from the words after the command (options anywhere, `--` ends them)."""
    import difflib

    raw = {p.name: (list(p.default) if p.many else p.default) for p in notation.params}
    options = {name: p for p in notation.params for name in p.option}
    positionals = notation.positionals
    given: list[str] = []
    words = list(words)
    only_positionals = False
    while words:
        word = words.pop(0)
        if word == "--" and not only_positionals:
            only_positionals = True
            continue
        if not only_positionals and word.startswith("--"):
            name, eq, value = word.partition("=")
            param = options.get(name)
            if param is None:
                near = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
                hint = f"; did you mean {near[0]}?" if near else f" ({', '.join(options) or 'it takes no options'})"
                raise InvalidMove(f"`{notation.command}` has no option {name}{hint}")
            if param.flag:
                if eq:
                    raise InvalidMove(f"{name} takes no value")
                raw[param.name] = True
                continue
            if not eq:
                if not words:
                    raise InvalidMove(f"{name} needs a value")
                value = words.pop(0)
            if param.many:
                raw[param.name].append(value)
            else:
                raw[param.name] = value
            continue
        given.append(word)
    for param in positionals:
        if param.many:
            raw[param.name] = given
            given = []
        elif given:
            raw[param.name] = given.pop(0)
        if param.required and not raw[param.name]:
            raise InvalidMove(f"`{notation.command}` needs {param.metavar}: {notation.usage()}")
    if given:
        raise InvalidMove(f"`{notation.command}` does not take {' '.join(given)!r}: {notation.usage()}")
    return raw


def parse(state, text: str | list[str]) -> object:
    """The Move that `text` (a line, or its words) declares on `state`. InvalidMove / UnknownName / AmbiguousName
    when it cannot be read; a move the rules refuse is still returned (judging is `referee.engine.check`)."""
    words = split(text) if isinstance(text, str) else list(text)
    if words[:1] == ["referee"]:
        words = words[1:]
    notation, rest = find(words)
    return notation.build(state, **bind(notation, rest))
