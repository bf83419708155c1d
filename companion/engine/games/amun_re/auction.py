"""Amun-Re's province auction: the host's provinces open it; each seat picks a province, then a
bid space (0, 1, 3, 6, 10, ...); Bid Blockade / Protection and Outbid in the Same Province /
Bribery; the rebid order of the edition (bidding rounds from the Starting Player in 2003,
clockwise turns with passes in 2016); and the settle it ends in (every price announced, seats
short of gold sell cards, province bonuses asked).
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import Event, Step
from ...ledger import SUPPLY, Ledger, seat_account
from ...rounds.ordered import OrderedRound
from ...seats import clockwise_from
from ...text import Msg, msg
from .state import (
    BACK,
    BLOCKADE,
    OUTBID,
    SELL,
    AmunReState,
    Ask,
    Auction,
    Bid,
    Placement,
    Round,
    afford,
    as_int,
    card_name,
    card_short,
    order_rule,
    outbid_in_order,
    province_named,
    space_index,
    space_value,
    with_auction,
)


def start_auction(state: AmunReState) -> Step[AmunReState]:
    n = len(state.seats)
    number = state.round_no + 1
    first = (clockwise_from(state.start_player, n) if order_rule(state) == "rounds"
             else (state.start_player,))
    auction = Auction(state.offered, OrderedRound.of(first))
    rnd = Round(number, state.start_player, auction)
    names = state.names()
    lines = (msg("Round {n}: {list} offered", n=number, list=", ".join(state.offered)),
             msg("{name} bids first", name=names[state.start_player]))
    new = replace(state, phase="auction", round_no=number, rounds=(*state.rounds, rnd),
                  offered=(), log=appended(state.log, *lines))
    return Step(new, tuple(Event(x) for x in lines))


def bid_cap(state: AmunReState, seat: int, card_spent: int = 0) -> int:
    """The highest bid the seat can cover now (affordability option)."""
    gold = state.gold(seat)
    if afford(state) == "gold":
        return gold
    return gold + state.hands[seat].total - card_spent


def spaces(state: AmunReState, au: Auction, seat: int, province: str, with_card: bool) -> list[int]:
    """Bid spaces (indexes) the seat may take on `province` now, affordable only."""
    cap = bid_cap(state, seat, 1 if with_card else 0)
    out: list[int] = []
    i = au.min_space(province, seat)
    while space_value(i) <= cap:
        out.append(i)
        i += 1
    return out


def can_play(state: AmunReState, au: Auction, seat: int, card: str) -> bool:
    hand = state.hands[seat]
    if (hand.blockade if card == BLOCKADE else hand.outbid) < 1:
        return False
    # 2016: "never 2 identical favor cards in the same phase"; 2003 has no such rule.
    if state.edition == "2016" and card in au.played.get(seat, ()):
        return False
    if card == BLOCKADE:
        return seat not in au.protected
    lost = au.lost(seat)
    return lost is not None and bool(spaces(state, au, seat, lost, True))


def enter(state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
    """The seat to bid enters its first step (a province, an auction card, a sale) or, with a
    province picked, its bid space (or goes back)."""
    rnd = state.current
    assert rnd is not None
    au = rnd.auction
    names = state.names()
    au.turns.check_turn(seat, names)
    if au.pending is None:
        return pick_province(state, au, seat, value)
    if value == BACK:
        return Step(with_auction(state, replace(au, pending=None, pending_outbid=False)))
    if value == SELL and afford(state) == "gold":
        return sell_one(state, seat, keep_outbid=au.pending_outbid)
    number = as_int(value)
    if number is None:
        raise IllegalAction("Pick a bid space")
    index = space_index(number)
    if index is None:
        raise IllegalAction(msg("No bid space {v}", v=number))
    prov = au.pending
    others = [b for s, b in au.bids.items() if b.province == prov and s != seat]
    if any(b.space == index for b in others):
        raise IllegalAction(msg("Space {v} taken", v=number))
    low = au.min_space(prov, seat)
    if index < low:
        top = au.top(prov, excluding=seat)
        assert top is not None
        if top.seat in au.protected and index == top.space + 1:
            raise IllegalAction(msg("Protected: bid\n{v} or more", v=space_value(low)))
        raise IllegalAction(msg("Bid over {v}", v=top.value))
    cap = bid_cap(state, seat, 1 if au.pending_outbid else 0)
    if number > cap:
        if afford(state) == "gold":
            raise IllegalAction(msg("Over your gold\nmax {n}", n=cap))
        raise IllegalAction(msg("Over gold+cards\nmax {n}", n=cap))
    return place(state, au, seat, Bid(seat, prov, index))


def pick_province(state: AmunReState, au: Auction, seat: int, value: Value) -> Step[AmunReState]:
    """The first step of a turn: Bid Blockade / Protection (played at once), Outbid in the Same
    Province / Bribery (the lost province becomes the pick), a card sold, or a province."""
    names = state.names()
    if value == BLOCKADE:
        if not can_play(state, au, seat, BLOCKADE):
            raise IllegalAction(msg("No {card}\nto play", card=card_short(state, BLOCKADE)))
        hands = list(state.hands)
        hands[seat] = hands[seat].play(BLOCKADE)
        au = replace(au, protected=au.protected | {seat},
                     played={**au.played, seat: (*au.played.get(seat, ()), BLOCKADE)})
        line = msg("{name} plays {card}", name=names[seat], card=card_name(state, BLOCKADE))
        new = replace(with_auction(state, au), hands=tuple(hands), log=appended(state.log, line))
        return Step(new, (Event(line),))
    if value == OUTBID:
        if au.lost(seat) is None:
            raise IllegalAction("Only after you\nare outbid")
        if not can_play(state, au, seat, OUTBID):
            raise IllegalAction(msg("No {card}\nto play", card=card_short(state, OUTBID)))
        pending = replace(au, pending=au.lost(seat), pending_outbid=True)
        return Step(with_auction(state, pending))
    if value == SELL:
        if afford(state) != "gold":
            raise IllegalAction("Sell cards after\nthe auction")
        return sell_one(state, seat)
    prov = province_named(str(value))
    if prov is None or prov not in au.provinces:
        raise IllegalAction(msg("Not offered:\n{name}", name=str(value)))
    if prov == au.lost(seat):
        raise IllegalAction(msg("Lost here: pick\nanother province"))
    if not spaces(state, au, seat, prov, False):
        if afford(state) == "gold":
            raise IllegalAction(msg("Over your gold\nthere"))
        raise IllegalAction(msg("Over gold+cards\nthere"))
    return Step(with_auction(state, replace(au, pending=prov, pending_outbid=False)))


def sell_one(state: AmunReState, seat: int, keep_outbid: bool = False) -> Step[AmunReState]:
    """Turn one power card into 1 gold (allowed at any time; private). `keep_outbid`: the
    seat is placing with Outbid/Bribery, so that card is not for sale."""
    hand = state.hands[seat]
    kept = 1 if keep_outbid else 0
    if hand.total - kept < 1:
        raise IllegalAction("No cards to sell")
    hands = list(state.hands)
    rest = replace(hand, outbid=hand.outbid - kept).without(1)
    hands[seat] = replace(rest, outbid=rest.outbid + kept)
    ledger = state.ledger.transfer(SUPPLY, seat_account(seat), 1, msg("card sold"),
                                   secret=True)
    return Step(replace(state, ledger=ledger, hands=tuple(hands)),
                (Event(msg("Sold 1 card"), seat),))


def place(state: AmunReState, au: Auction, seat: int, bid: Bid) -> Step[AmunReState]:
    """Put the pawn down (playing the pending Outbid card), then pass the turn on."""
    names = state.names()
    hands = list(state.hands)
    played = dict(au.played)
    card = None
    events: list[Event] = []
    log: list[Msg] = []  # the new lines
    if au.pending_outbid:
        card = OUTBID
        hands[seat] = hands[seat].play(OUTBID)
        played[seat] = (*played.get(seat, ()), OUTBID)
        line = msg("{name} plays {card}", name=names[seat], card=card_name(state, OUTBID))
        log.append(line)
        events.append(Event(line))
    prev = au.top(bid.province, excluding=seat)
    bids = {**au.bids, seat: bid}
    placement = Placement(au.bidding_round, seat, bid.province, bid.value, card,
                          prev.seat if prev is not None else None)
    if prev is not None:
        line = msg("{name} bids {v} on {prov}, outbidding {other}", name=names[seat],
                   v=bid.value, prov=bid.province, other=names[prev.seat])
    else:
        line = msg("{name} bids {v} on {prov}", name=names[seat], v=bid.value,
                   prov=bid.province)
    log.append(line)
    events.append(Event(line))
    au = replace(au, bids=bids, played=played, pending=None, pending_outbid=False,
                 placements=(*au.placements, placement))
    au, more = next_turn(state, au, seat)
    log.extend(more)
    events.extend(Event(x) for x in more)
    state = replace(with_auction(state, au), hands=tuple(hands), log=appended(state.log, *log))
    if au.over:
        return end_auction(state, tuple(events))
    return Step(state, tuple(events))


def next_turn(state: AmunReState, au: Auction, seat: int) -> tuple[Auction, list[Msg]]:
    """Whose turn is next under the edition's rebid order, or the auction is over."""
    names = state.names()
    n = len(state.seats)
    turns = au.turns.advance()
    outbid = outbid_in_order(state, au)
    if order_rule(state) == "rounds":
        # 2003: "After each player has placed their bids, players check to see if any
        # player has been out-bid ... Beginning with the Starting Player and proceeding in
        # turn, each player that was outbid places a new bid": the round's list is fixed
        # when the round starts; a seat outbid during the round bids in the next one.
        if not turns.done:
            return replace(au, turns=turns), []
        if not outbid:
            return replace(au, turns=turns, over=True), []
        k = au.bidding_round + 1
        line = msg("Bidding round {k}: {list} bid again", k=k,
                   list=", ".join(names[s] for s in outbid))
        return replace(au, turns=turns.then(outbid), bidding_round=k), [line]
    # 2016: clockwise turns; "pass if he already has a winning bid"; the auction ends as
    # soon as every province has exactly one pawn.
    if not outbid and len(au.bids) == n:
        return replace(au, turns=turns, over=True), []
    lines: list[Msg] = []
    passes = list(au.passes)
    k = au.bidding_round
    for step in range(1, n + 1):
        s = (seat + step) % n
        if s == state.start_player:
            k += 1  # a new turn round starts with the Starting Player
        if s not in au.bids or au.is_outbid(s):
            return replace(au, turns=turns.then([s]), passes=tuple(passes),
                           bidding_round=k), lines
        passes.append((k, s))
        lines.append(msg("{name} passes (winning bid)", name=names[s]))
    raise AssertionError("an outbid seat always exists here")


def end_auction(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    """Each seat takes its province: prices announced and paid (or cards sold first), then
    the province bonuses are asked (the settle phase)."""
    rnd = state.current
    assert rnd is not None
    au = rnd.auction
    owners = {b.province: s for s, b in au.bids.items()}
    log: list[Msg] = [msg("Auction over")]
    evs = [*events, Event(msg("Auction over"))]
    ledger = state.ledger
    asks: dict[int, tuple[Ask, ...]] = {}
    for s in clockwise_from(state.start_player, len(state.seats)):
        bid = au.bids[s]
        # Every price is announced now, whether or not the seat must sell cards first:
        # a payment line appearing later would tell the table the seat was short of gold.
        line = paid_line(state, s, bid)
        log.append(line)
        evs.append(Event(line))
        need = bid.value - state.gold(s)
        if need > 0:
            # 2003: a bid may exceed gold when cards cover it; the seat sells them now.
            asks[s] = (Ask("sell", need), Ask("bonus_gold"), Ask("bonus_cards"))
            continue
        ledger = pay(ledger, s, bid)
        asks[s] = (Ask("bonus_gold"), Ask("bonus_cards"))
    rnd = replace(rnd, owners=owners)
    state = replace(state, ledger=ledger, rounds=(*state.rounds[:-1], rnd), phase="settle",
                    asks=asks, taken=state.taken | set(owners), log=appended(state.log, *log))
    for s, b in au.bids.items():
        evs.append(Event(msg("You take {prov}", prov=b.province), s))
    return Step(state, tuple(evs))


def pay(ledger: Ledger, seat: int, bid: Bid) -> Ledger:
    return ledger.transfer(seat_account(seat), SUPPLY, bid.value,
                           msg("bid for {prov}", prov=bid.province), secret=True)


def paid_line(state: AmunReState, seat: int, bid: Bid) -> Msg:
    # The price is public (the pawn stands on it); the balance never is.
    name = state.seats[seat].name
    if bid.value:
        return msg("{name} pays {v} for {prov}", name=name, v=bid.value, prov=bid.province)
    return msg("{name} takes {prov} for 0", name=name, prov=bid.province)
