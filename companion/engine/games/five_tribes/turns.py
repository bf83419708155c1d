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
    DONE,
    END,
    GAIN,
    LARGE,
    LARGE_MARKET,
    MAX_ENTRY,
    MAX_SUIT,
    PAY,
    SELL,
    SMALL,
    SMALL_MARKET,
    Bid,
    FiveTribesState,
    Sale,
    merchandise_value,
    suit_value,
    suits_possible,
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
        return Step(replace(state, mode="sell", sale=()))
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


def check_suit(value: Value, suits: tuple[int, ...]) -> tuple[int, ...]:
    """`suits` with one more suit of `value` cards, refused unless one hand can hold them all
    (a sale in a turn, and the unsold merchandise at the end)."""
    if not isinstance(value, int) or not 1 <= value <= MAX_SUIT:
        raise IllegalAction("A suit is 1 to 9\ncards")
    suits = (*suits, value)
    if not suits_possible(suits):
        raise IllegalAction("Not enough cards\nfor these suits")
    return suits


def _sell(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    name = state.names()[seat]
    if value == END:
        if not state.sale:
            return Step(replace(state, mode=""))
        assert state.play is not None
        sale = Sale(seat, state.bid.turn, state.sale)
        # Public: that a sale happened. Private: what it paid (gold is secret).
        line = msg("{name} sold merchandise", name=name)
        new = replace(state, mode="", sale=(), sales=(*state.sales, sale),
                      log=appended(state.log, line))
        return Step(new, (Event(line), Event(msg("Sale: +{g} gold", g=sale.gold), seat)))
    suits = check_suit(value, state.sale)
    gain = suit_value(suits[-1])
    ledger = state.ledger.transfer(SUPPLY, seat_account(seat), gain,
                                   msg("suit of {n}", n=value), secret=True)
    total = merchandise_value(suits)
    return Step(replace(state, ledger=ledger, sale=suits),
                (Event(msg("Suit {n}: +{g}\nsale +{t}", n=value, g=gain, t=total), seat),))


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
