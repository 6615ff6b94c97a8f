"""08 DRAWING_LOOT, LOOT_DECK_EXHAUSTION, LOOT_DECKS_AND_DISCARD_PILES: `draw` and `deck TYPE N`.
"""

from __future__ import annotations

from referee import citations as R
from referee.errors import InvalidMove
from referee.parsing import typed_line
from referee.records import replace
from referee.state import LOOT_TYPE_LABELS, LOOT_TYPES
from referee.words import plural
from referee.loot_and_inventory.patron_mats import locate, where_text
from referee.loot_and_inventory.cards import card_from_text, card_summary, mystic_dagger, redescribed, resolve_card
from referee.loot_and_inventory.loot_management_window import LootWindowProc, obligations, open_window, out_of_play


def judge_deck_size(work, move, d) -> None:
    kind = move.kind
    if kind not in LOOT_TYPES:
        raise InvalidMove(f"no Loot Deck {kind!r}: armor, weapon, common or rare")
    deck = work.deck(kind)
    if move.size < len(deck.known):
        d.violate("deck-smaller-than-known", f"the {LOOT_TYPE_LABELS[kind]} Deck holds "
                  f"{plural(len(deck.known), 'known card')} ({', '.join(deck.known)}), shuffled from its discard "
                  f"pile: it cannot have {move.size}", R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                  fix="count the deck again")
    work.change_deck(kind, unseen=max(0, move.size - len(deck.known)))
    d.say(f"the {LOOT_TYPE_LABELS[kind]} Deck has {plural(move.size, 'card')} (the table counts it)", R.DRAW_FROM_DECK)


def judge_draw(work, move, d) -> None:
    player = move.player
    if len(move.kinds) != len(move.names) or not move.names:
        raise InvalidMove("draw TYPE NAME pairs, e.g. `referee draw mara armor \"Bone Pauldron\"`")
    out_of_play(work, d, player, "draw Loot")
    top = work.top
    if isinstance(top, LootWindowProc) and top.player != player:
        top.refuse(work, d, move)
    if any(not " ".join(str(text).split()) for text in move.names):
        raise InvalidMove("name the card: `referee draw mara armor \"Bone Pauldron\"`")
    has_text = move.card_options() != []
    if has_text and len(move.names) > 1:
        options = typed_line("", (), move.card_options()).strip()
        raise InvalidMove(f"card options ({options}) describe one card, and this draw names "
                      f"{len(move.names)}: describe each first with `referee card NAME TYPE ...`, then draw them "
                      f"by name")
    drawn: list[str] = []
    for kind, text in zip(move.kinds, move.names):
        if kind not in LOOT_TYPES:
            raise InvalidMove(f"no Loot type {kind!r}: armor, weapon, common (Common Magic) or rare (Rare Magic)")
        name = _draw_one(work, move, d, player, kind, " ".join(text.split()), has_text)
        if name:
            drawn.append(name)
    if len(move.names) > 1:
        d.cite(R.DRAW_ALL_FIRST, R.DRAW_TYPES_IN_ORDER)
    if not drawn:
        return d.impossible()
    open_window(work, d, player, drawn, "drew")
    d.say(f"{player} resolves a Loot Management Window for {', '.join(drawn)}", R.DRAW_THEN_WINDOW, R.LMW_OCCURS,
          R.SUMMARY_WINDOW)
    obligations(work, d, player)


def _draw_one(work, move, d, player: str, kind: str, text: str, has_text: bool) -> str | None:
    if mystic_dagger(d, text):
        return None
    deck_label = f"{LOOT_TYPE_LABELS[kind]} Deck"
    deck = work.deck(kind)
    pile = work.pile(kind)
    if deck.unseen == 0 and not deck.known:
        if not pile:
            d.violate("deck-and-pile-empty", f"the {deck_label} and its discard pile are both empty: no more {LOOT_TYPE_LABELS[kind]} "
                      f"cards are drawn", R.EXHAUSTION_BOTH_EMPTY, R.EXHAUSTION_AS_MANY,
                      fix="draw only the cards that are there")
            return None
        deck = replace(deck, unseen=0, known=pile)
        work.change_pile(kind, ())
        d.say(f"the {deck_label} is empty: its discard pile ({len(pile)} card{'s' if len(pile) > 1 else ''}: "
              f"{', '.join(pile)}) is shuffled into a new face-down {deck_label}; drawing continues",
              R.EXHAUSTION_SHUFFLE, R.EXHAUSTION_CONTINUE, R.SUMMARY_EXHAUSTION, R.DISCARD_PILE_STAYS)
    name = None
    if deck.known:
        try:
            name = resolve_card(work, text, deck.known)
        except InvalidMove:
            name = None
    if name is not None:
        deck = replace(deck, known=tuple(c for c in deck.known if c != name))
    elif deck.unseen == 0:
        in_pile = next((n for n in work.pile(kind) if n.casefold() == text.casefold()), None)
        if in_pile is not None:  # it left the deck for the pile after the refresh: nothing moves it back yet
            d.violate("drawn-from-the-discard-pile", f"{in_pile} lies in the {LOOT_TYPE_LABELS[kind]} discard pile: it "
                      f"leaves it only when a rule moves it (the deck, shuffled from that pile, holds "
                      f"{', '.join(deck.known)})", R.DISCARD_PILE_STAYS, R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                      fix=f"name the card that was drawn: {', '.join(deck.known)}")
            return None
        d.violate("not-in-the-refreshed-deck", f"the {deck_label} holds only {', '.join(deck.known)} (shuffled "
                  f"from its discard pile): "
                  f"{text!r} cannot be drawn from it", R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                  fix="name the card that was drawn")
        return None
    else:
        name = next((n for n in work.cards if n.casefold() == text.casefold()), text)  # the catalogue, any case
        described = [n for n, c in work.cards.items() if c.type == kind and locate(work, n) is None]
        if work.cards.get(name) is None and described:
            try:  # a card the table described beforehand (`referee card`), named forgivingly
                name = resolve_card(work, text, described)
            except InvalidMove:
                pass
        if deck.unseen is not None:
            deck = replace(deck, unseen=deck.unseen - 1)
        known = work.cards.get(name)
        if known is not None and locate(work, name) == ("discard", kind) and deck.unseen is None:
            d.violate("drawn-from-the-discard-pile", f"{name} is in the {LOOT_TYPE_LABELS[kind]} discard pile and "
                      f"the {deck_label}'s size is not known: if the deck ran out, its discard pile is shuffled into a "
                      f"new deck and {name} is drawn from it; otherwise this is another copy of {name}",
                      R.DISCARD_PILE_STAYS, R.EXHAUSTION_SHUFFLE, R.DRAW_FROM_DECK,
                      fix=f"if the {deck_label} is empty: `referee deck {kind} 0`, then draw again (the discard pile "
                          f"is shuffled in); if the deck holds another copy: --override \"another copy\"")
        if known is not None and locate(work, name) is not None:
            n = 2
            while work.cards.get(f"{name} #{n}") is not None:
                n += 1
            if d.interpret("another-copy") == "one-copy":
                d.violate("one-copy-of-each-card", f"{name} is already {where_text(locate(work, name))}: each card is one "
                          f"card (table setting), so it is not drawn again", R.DRAW_FROM_DECK, R.DISCARD_PILE_STAYS,
                          fix=f"name the card that was drawn; if the {deck_label} holds another copy: --override "
                              f"\"another copy\"", reading="another-copy")
            d.say(f"{name} is already {where_text(locate(work, name))}: this is another copy, called '{name} #{n}'",
                  R.DRAW_FROM_DECK)
            name = f"{name} #{n}"
            work.cards[name] = known
        elif known is None:
            if name.startswith("Plot Armor"):
                raise InvalidMove("Plot Armor is not part of any standard Loot deck")
            work.cards[name] = card_from_text(kind, move)
        elif has_text and card_from_text(kind, move) != known:
            redescribed(d, name, known, "draw it by name only, or correct it with --override \"what the card says\"")
            work.cards[name] = card_from_text(kind, move)
    card = work.cards.get(name)
    if card.type != kind:
        d.violate("wrong-loot-deck", f"{name} is a {LOOT_TYPE_LABELS[card.type]} card: it is not in the "
                  f"{deck_label}",
                  R.LOOT_TYPE_DECIDES, fix=f"draw it as {card.type}")
    work.change_deck(kind, unseen=deck.unseen, known=deck.known)
    left = "" if deck.unseen is None else f"; {deck.size} left in the deck"
    d.say(f"{player} draws {name} ({card_summary(card)}) from the top of the {deck_label}{left}",
          R.DRAW_FROM_DECK, R.DRAW_REVEALED, kind="cards")
    return name
