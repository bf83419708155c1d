"""MarraCash's shop auction: the active seat picks a shop without a sign, then the open
auction (the auctioneer opens, clockwise raises or passes; a seat whose money cannot reach
the next bid is out at once) or the designer's sealed one (one secret bid each, ties go
clockwise from the auctioneer); the winner pays the bank, an auctioneer who did not win gets
the commission, and customers waiting at the door enter (wages, no mover commission).
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import NOTHING_LOCKED
from ...rounds.open_auction import OpenAuction
from ...rounds.sealed import SealedRound
from ...seats import clockwise_from
from ...text import msg
from .state import (
    AUCTION,
    BACK,
    END,
    MAX_GROUP,
    PASS,
    SHOPS,
    Auction,
    MarraState,
    Shop,
    check_can_auction,
    pay,
    pay_wages,
    say,
    sealed_winner,
    shop_name,
)
from .turns import after_action, finish_turn


def pick(state: MarraState, value: Value) -> MarraState:
    if state.round == "first" and value == END:
        # The aid: in the first round every player is auctioneer exactly once. (A seat that
        # cannot open an auction at all is skipped by begin_turn, saying why.)
        raise IllegalAction("Round 1: every\nseat auctions")
    if state.round != "first" and value == BACK:
        return replace(state, stage="action")
    if not isinstance(value, str) or value not in SHOPS:
        raise IllegalAction("Pick a shop\nto auction")
    if state.shops[value].owner is not None:
        raise IllegalAction(msg("{shop}: signed\npick another", shop=shop_name(value)))
    check_can_auction(state, state.seat)
    n = len(state.seats)
    number = len(state.auctions) + 1
    auction = Auction(number, value, state.seat)
    if state.options["auction"] == "sealed":
        auction = replace(auction, sealed=SealedRound(tuple(range(n))))
    else:
        a = state.amounts
        auction = replace(auction, open=OpenAuction.start(
            clockwise_from(state.seat, n), a.minimum, a.step,
            {s: state.money(s) for s in range(n)}, unit=a.step))
    line = msg("Auction {k}: {name} auctions {shop}", k=number, name=state.names[state.seat],
               shop=shop_name(value))
    return say(replace(state, stage="bidding", auction=auction), line)


def bid(state: MarraState, seat: int, value: Value) -> MarraState:
    """Any seat's bid, in its turn (open) or at its own pace (sealed)."""
    au = state.auction
    assert au is not None
    if au.open is not None:
        return _open_bid(state, au, au.open, seat, value)
    assert au.sealed is not None
    names = state.names
    if not isinstance(value, int) or value < 0:
        raise IllegalAction("Enter a bid\n(0 = pass)")
    a = state.amounts
    if value > state.money(seat):
        raise IllegalAction(msg("Over your money\nyou have {n}", n=state.money(seat)))
    if seat == au.auctioneer and value < a.minimum:
        raise IllegalAction(msg("Opening bid\n{n} or more", n=a.minimum))
    if value % a.step:
        raise IllegalAction(msg("Bids go in\nsteps of {unit}", unit=a.step))
    sealed = au.sealed.enter(seat, value)
    state = say(replace(state, auction=replace(au, sealed=sealed)),
                msg("{name} locked a bid", name=names[seat]))
    if not sealed.complete:
        return state
    bids = {s: int(v) for s, v in sealed.values().items()}
    winner = sealed_winner(bids, au.auctioneer, len(state.seats))
    shown = ", ".join(f"{names[s]} {bids[s]}" for s in clockwise_from(au.auctioneer,
                                                                         len(names)))
    state = say(state, msg("Sealed bids: {bids}", bids=shown))
    state = replace(state, auction=replace(au, sealed=sealed, revealed=bids))
    return sold(state, winner, bids[winner])


def _open_bid(state: MarraState, au: Auction, op: OpenAuction, seat: int,
              value: Value) -> MarraState:
    names = state.names
    if value == BACK and seat == au.auctioneer and not op.opened:
        # Nothing was bid yet: the auctioneer may still choose another shop or action.
        return say(replace(state, stage="pick", auction=None),
                   msg("{name} takes the auction back", name=names[seat]))
    if value == PASS:
        op = op.pass_(seat, names)
        line = msg("{name} passes", name=names[seat])
    elif isinstance(value, int):
        op = op.bid(seat, value, names)
        line = msg("{name} bids {n}", name=names[seat], n=value)
    else:
        op.check_turn(seat, names)
        raise IllegalAction("Enter a bid\nor PASS")
    assert au.open is not None
    gone = op.forced[len(au.open.forced):]
    state = say(state, line)
    for s in gone:
        state = say(state, msg("{name} cannot raise: out", name=names[s]))
    state = replace(state, auction=replace(au, open=op))
    if op.done:
        assert op.winner is not None
        return sold(state, op.winner, op.high)
    return state


def withdraw(state: MarraState, seat: int) -> MarraState:
    """A seat unlocks its sealed bid, until every seat has locked."""
    au = state.auction
    if state.stage != "bidding" or au is None or au.sealed is None:
        raise IllegalAction(NOTHING_LOCKED)
    return say(replace(state, auction=replace(au, sealed=au.sealed.withdraw(seat))),
               msg("{name} unlocked", name=state.names[seat]))


def sold(state: MarraState, winner: int, price: int) -> MarraState:
    """The winner pays the bank; an auctioneer who did not win gets the commission."""
    au = state.auction
    assert au is not None
    name = shop_name(au.shop)
    state = pay(state, winner, None, price, msg("bought {shop}", shop=name))
    commission = 0
    if winner != au.auctioneer:
        commission = state.amounts.auction_commission(price)
        state = pay(state, None, au.auctioneer, commission,
                    msg("auction commission, {shop} sold for {price}", shop=name,
                        price=price))
    shops = {**state.shops, au.shop: Shop(winner, 0)}
    return replace(state, shops=shops, stage="pullin",
                   auction=replace(au, winner=winner, price=price, commission=commission))


def pullin(state: MarraState, value: Value) -> MarraState:
    """Matching customers waiting at the new shop's door enter: wages to the new owner,
    no mover commission (the auction commission was already settled)."""
    au = state.auction
    assert au is not None and au.winner is not None
    if not isinstance(value, int) or not 0 <= value <= MAX_GROUP:
        raise IllegalAction(msg("Enter 0 to {hi}\n(0 = nobody)", hi=MAX_GROUP))
    if value:
        state = say(state, msg("Waiting customers enter {shop}: {n}", n=value,
                               shop=shop_name(au.shop)))
        state, _ = pay_wages(state, au.shop, value)
    done = replace(au, pulled_in=value)
    state = replace(state, auction=None, auctions=appended(state.auctions, done))
    if state.round == "first":
        return finish_turn(state)
    return after_action(replace(state, actions=(*state.actions, AUCTION)))
