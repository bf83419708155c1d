"""A seat's turn in Five Tribes' play phase: SELL / MARKET / GOLD +/- / DONE.

The board (meeples, tiles, cards) stays on the table: a seat records only what moved gold.
What a sale or an amount paid the seat is private (gold is secret); that it happened is not.
The last DONE of a turn starts the next bid, in this turn's play order.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import Event, Step
from ...ledger import SUPPLY, seat_account
from ...rounds.ordered import OrderedRound
from ...text import msg
from .state import (
    BACK,
    CARD_NAMES,
    CLOSE,
    DECK,
    DONE,
    END,
    FAKIR,
    GAIN,
    LARGE,
    LARGE_MARKET,
    MAX_ENTRY,
    PAY,
    SELL,
    SMALL,
    SMALL_MARKET,
    UNDO,
    Bid,
    FiveTribesState,
    Sale,
    merchandise_value,
    suit_value,
)


def turn(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    """The acting seat's entry: a menu key, or the amount its open question asks for."""
    assert state.play is not None
    state.play.check_turn(seat, state.names())
    name = state.names()[seat]
    gold = state.gold(seat)
    if state.mode == "sell":
        return _sell(state, seat, value)
    if state.mode in ("gain", "pay"):
        return _amount(state, seat, value)
    if value == SELL:
        return Step(replace(state, mode="sell", sale=(), suit=()))
    if value in (SMALL, LARGE):
        cost, label = ((SMALL_MARKET, msg("Small Market")) if value == SMALL
                       else (LARGE_MARKET, msg("Large Market")))
        if gold < cost:
            raise IllegalAction(msg("Cannot pay {c}\nyou have {n}", c=cost, n=gold))
        ledger = state.ledger.transfer(seat_account(seat), SUPPLY, cost, label)
        line = msg("{name}: {market}, pays {c}", name=name, market=label, c=cost)
        return Step(replace(state, ledger=ledger, log=appended(state.log, line)), (Event(line),))
    if value == GAIN:
        return Step(replace(state, mode="gain"))
    if value == PAY:
        if gold == 0:
            raise IllegalAction("No gold to pay")
        return Step(replace(state, mode="pay"))
    if value == DONE:
        return _done(state, seat)
    raise IllegalAction("Pick from the\nmenu")


def check_card(state: FiveTribesState, value: Value) -> str:
    """The card type `value` names, refused with the reason unless it can join the suit being
    built: no Fakir, no type twice in one suit, no more cards of a type than the deck has."""
    if value == FAKIR:
        raise IllegalAction("Fakirs are\nnever sold")
    if not isinstance(value, str) or value not in DECK:
        raise IllegalAction("Pick a card type\nor SUIT OK")
    name = CARD_NAMES[value]
    if value in state.suit:
        raise IllegalAction(msg("{card} is\nalready in suit", card=name))
    if in_sale(state, value) >= DECK[value]:
        raise IllegalAction(msg("Only {n} {card}\nin the deck", n=DECK[value], card=name))
    return value


def in_sale(state: FiveTribesState, card: str) -> int:
    """Cards of a type already in this sale's suits (one hand holds them all at once)."""
    return sum(1 for suit in (*state.sale, state.suit) if card in suit)


def _sell(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    name = state.names()[seat]
    if value == UNDO:
        if not state.suit:
            raise IllegalAction("No card to\ntake back")
        return Step(replace(state, suit=state.suit[:-1]))
    if value == CLOSE:
        if not state.suit:
            raise IllegalAction("The suit has\nno card yet")
        gain = suit_value(len(state.suit))
        ledger = state.ledger.transfer(SUPPLY, seat_account(seat), gain,
                                       msg("suit of {n}", n=len(state.suit)), secret=True)
        sale = (*state.sale, state.suit)
        total = merchandise_value([len(s) for s in sale])
        return Step(replace(state, ledger=ledger, sale=sale, suit=()),
                    (Event(msg("Suit of {n}: +{g}\nsale +{t}", n=len(state.suit), g=gain,
                               t=total), seat),))
    if value == END:
        if state.suit:
            raise IllegalAction("Close the suit\nfirst: SUIT OK")
        if not state.sale:
            return Step(replace(state, mode=""))
        done = Sale(seat, state.bid.turn, state.sale)
        # Public: that a sale happened. Private: what it paid (gold is secret).
        line = msg("{name} sold merchandise", name=name)
        new = replace(state, mode="", sale=(), sales=(*state.sales, done),
                      log=appended(state.log, line))
        return Step(new, (Event(line), Event(msg("Sale: +{g} gold", g=done.gold), seat)))
    card = check_card(state, value)
    return Step(replace(state, suit=(*state.suit, card)))


def _amount(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    name = state.names()[seat]
    gold = state.gold(seat)
    if value == BACK:
        return Step(replace(state, mode=""))
    if state.mode == "gain":
        if not isinstance(value, int) or not 1 <= value <= MAX_ENTRY:
            raise IllegalAction(msg("Gain 1 to {hi}", hi=MAX_ENTRY))
        ledger = state.ledger.transfer(SUPPLY, seat_account(seat), value, msg("gold gained"),
                                       secret=True)
        line = msg("{name} takes gold", name=name)
        private = msg("Gold +{n}", n=value)
    else:
        if not isinstance(value, int) or value < 1:
            raise IllegalAction(msg("Pay 1 to {hi}", hi=max(gold, 1)))
        if value > gold:
            raise IllegalAction(msg("Cannot pay {c}\nyou have {n}", c=value, n=gold))
        ledger = state.ledger.transfer(seat_account(seat), SUPPLY, value, msg("gold paid"),
                                       secret=True)
        line = msg("{name} pays gold", name=name)
        private = msg("Gold -{n}", n=value)
    return Step(replace(state, ledger=ledger, mode="", log=appended(state.log, line)),
                (Event(line), Event(private, seat)))


def _done(state: FiveTribesState, seat: int) -> Step[FiveTribesState]:
    assert state.play is not None
    names = state.names()
    play = state.play.advance()
    line = msg("{name} ends the turn", name=names[seat])
    if not play.done:
        nxt = play.current
        assert nxt is not None
        new = replace(state, play=play, mode="", log=appended(state.log, line))
        return Step(new, (Event(line), Event(msg("Your turn"), nxt)))
    # Every marker moved to the Bid Order track in play order: that is the next bid order.
    order = state.bid.play_order()
    number = state.bid.turn + 1
    head = msg("Turn {n}: bid for turn order", n=number)
    new = replace(state, phase="bid", play=None, mode="", bids=(*state.bids, state.bid),
                  bid=Bid(number, OrderedRound.of(order)), log=appended(state.log, line, head))
    return Step(new, (Event(line), Event(head), Event(msg("You bid first"), order[0])))
