"""What each seat's box asks in Five Tribes: the spot list (with Kumarbi's steps), the turn
menu and its amounts, and the unsold merchandise at the end. Every box shows its own gold.
"""

from __future__ import annotations

from ...prompts import Choice, Prompt
from ...text import msg
from .bidding import kumarbi_fakirs_max, legal_spots
from .state import (
    BACK,
    COSTS,
    DONE,
    END,
    FAKIRS,
    GAIN,
    LARGE,
    MAX_ENTRY,
    MAX_SUIT,
    PAY,
    SELL,
    SMALL,
    FiveTribesState,
    merchandise_value,
)


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
        value = merchandise_value(state.unsold.get(seat, ()))
        if seat in state.unsold_done:
            return Prompt("number", msg("Unsold"), locked=True, locked_value=value,
                          unlockable=len(state.unsold_done) < len(state.seats), money=gold)
        # The label stays put (the running total flashes): a changing label would reset
        # the draft on the box, and "Unsold 120" would not fit beside the gold.
        return Prompt("number", msg("Unsold?"), lo=1, hi=MAX_SUIT, initial=1,
                      extras=(Choice(END, msg("DONE")),), money=gold, must_act=True)
    mine = merchandise_value(state.unsold.get(seat, ()))
    return Prompt("wait", msg("Over"), info=msg("Merchandise {m}", m=mine), money=gold)


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
        return Prompt("number", msg("Suit?"), lo=1, hi=MAX_SUIT, initial=1,
                      extras=(Choice(END, msg("END")),), money=gold, must_act=True)
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
