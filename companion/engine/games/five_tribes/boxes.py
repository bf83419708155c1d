"""What each seat's box asks in Five Tribes: the spot list (with Kumarbi's steps), the turn
menu and its amounts, a sale card by card, and the score pad at the end. Every box shows its
own gold.

A sale is built on three buttons: the list of card types starts at the type after the one
just added (so a run of types is OK, OK, OK...), SUIT OK is one minus away, and UNDO two; the
types already in the suit, the Fakir and the types whose deck is used up come last, and OK on
one says why it cannot join. A suit of six takes about ten presses.
"""

from __future__ import annotations

from ...prompts import Choice, Prompt
from ...scorepad import pad_prompt
from ...text import msg
from .bidding import kumarbi_fakirs_max, legal_spots
from .scoring import PAD
from .state import (
    BACK,
    CARD_NAMES,
    CARD_TYPES,
    CLOSE,
    COSTS,
    DECK,
    DONE,
    END,
    FAKIR,
    FAKIRS,
    GAIN,
    LARGE,
    MAX_ENTRY,
    PAY,
    SELL,
    SMALL,
    UNDO,
    FiveTribesState,
)
from .turns import in_sale


def prompt(state: FiveTribesState, seat: int) -> Prompt:
    """The seat's own box: its question if it acts now, else whom it waits for."""
    gold = state.gold(seat)
    names = state.names()
    actor = state.actor
    if state.phase in ("bid", "play"):
        if actor != seat:
            who = names[actor] if actor is not None else ""
            info = (msg("{name} bids", name=who) if state.phase == "bid"
                    else msg("{name} plays", name=who))
            return Prompt("wait", msg("Wait"), info=info, money=gold)
        return _bid_prompt(state, seat, gold) if state.phase == "bid" else _turn_prompt(state, gold)
    if state.phase == "scoring":
        return _pad_prompt(state, seat)
    return Prompt("wait", msg("Game over"), info=msg("See the table"), money=gold)


def _pad_prompt(state: FiveTribesState, seat: int) -> Prompt:
    """The score pad: one question per category; the last OK locks it, hold OK reopens it.
    No money on these lines: the labels need the room, and the gold is counted anyway."""
    return pad_prompt(state.pads, state.pad_at, state.pads_locked, len(state.seats), seat, PAD)


def _bid_prompt(state: FiveTribesState, seat: int, gold: int) -> Prompt:
    if state.mode == "fakirs":
        top = kumarbi_fakirs_max(state, seat)
        return Prompt("number", msg("Fakirs?"), lo=1, hi=top, initial=1,
                      extras=(Choice(BACK, msg("BACK")),), money=gold, must_act=True)
    fakirs = state.fakirs if state.mode == "spot_f" else 0
    choices = []
    for spot, price in legal_spots(state, seat, fakirs):
        key = str(COSTS[spot])
        # The label is the spot; a different price (Kumarbi, no gold) follows a colon.
        label = msg("{c}", c=COSTS[spot]) if price == COSTS[spot] else msg(
            "{c}:{p}", c=COSTS[spot], p=price)
        choices.append(Choice(key, label))
    if fakirs:
        choices.append(Choice(BACK, msg("BACK")))
        label = msg("Spot {k}F", k=fakirs)
    else:
        if kumarbi_fakirs_max(state, seat):
            choices.append(Choice(FAKIRS, msg("FAKIR")))
        mine = sum(1 for p in state.bid.placements if p.seat == seat)
        label = msg("Spot 2?") if mine else msg("Spot?")
    return Prompt("choice", label, choices=tuple(choices), initial=choices[0].key,
                  money=gold, must_act=True)


def _turn_prompt(state: FiveTribesState, gold: int) -> Prompt:
    if state.mode == "sell":
        return _sell_prompt(state, gold)
    if state.mode == "gain":
        return Prompt("number", msg("Gain?"), lo=1, hi=MAX_ENTRY, initial=1,
                      extras=(Choice(BACK, msg("BACK")),), money=gold, must_act=True)
    if state.mode == "pay":
        return Prompt("number", msg("Pay?"), lo=1, hi=max(gold, 1), initial=1,
                      extras=(Choice(BACK, msg("BACK")),), money=gold, must_act=True)
    menu = (Choice(SELL, msg("SELL")), Choice(SMALL, msg("MKT 3")),
            Choice(LARGE, msg("MKT 6")), Choice(GAIN, msg("GOLD+")),
            Choice(PAY, msg("GOLD-")), Choice(DONE, msg("DONE")))
    return Prompt("choice", msg("Turn"), choices=menu, initial=SELL, money=gold,
                  must_act=True)


def _sell_prompt(state: FiveTribesState, gold: int) -> Prompt:
    """A sale, card by card: the types that can join the suit first, starting after the
    last one added; SUIT OK (or, between suits, SOLD/BACK) just before them."""
    suit = state.suit
    usable = [t for t in CARD_TYPES if t not in suit and in_sale(state, t) < DECK[t]]
    if suit:
        last = CARD_TYPES.index(suit[-1])
        usable.sort(key=lambda t: (CARD_TYPES.index(t) - last - 1) % len(CARD_TYPES))
    refused = [t for t in CARD_TYPES if t not in usable]
    cards = [Choice(t, CARD_NAMES[t]) for t in (*usable, *refused, FAKIR)]
    if suit:
        head = Choice(CLOSE, msg("SUIT OK"))
        choices = (head, *cards, Choice(UNDO, msg("UNDO")))
        label = msg("In suit: {n}", n=len(suit))
    else:
        head = Choice(END, msg("SOLD") if state.sale else msg("BACK"))
        choices = (head, *cards)
        label = msg("Suit {k}?", k=len(state.sale) + 1)
    initial = usable[0] if usable else head.key
    return Prompt("choice", label, choices=choices, initial=initial, money=gold,
                  must_act=True)
