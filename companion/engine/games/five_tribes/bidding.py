"""Five Tribes' bid for turn order: the spots a seat may take, Kumarbi's Fakir discount, and
placing a marker (paying at once). The last marker placed starts the play phase.
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
    COSTS,
    FAKIRS,
    PAID_SPOTS,
    ZERO_SPOTS,
    FiveTribesState,
    Placement,
    kumarbi_cost,
    rank,
)


def legal_spots(state: FiveTribesState, seat: int, fakirs: int = 0) -> tuple[tuple[int, int], ...]:
    """(spot, price) pairs the seat may take now, best spot first.

    A taken paid spot is not offered; 0 only while fewer than three markers sit on 0s;
    a spot the seat cannot afford is not offered (its box is private, so hiding it
    tells the table nothing). With Kumarbi's `fakirs`, only paid spots at least that
    many above the 0s, each at the cost of the spot that many lower.
    """
    bid, gold = state.bid, state.gold(seat)
    free = [s for s in range(PAID_SPOTS) if bid.taken(s) is None]
    if fakirs:
        return tuple((s, kumarbi_cost(s, fakirs)) for s in free
                     if rank(s) >= fakirs and kumarbi_cost(s, fakirs) <= gold)
    spots = [(s, COSTS[s]) for s in free if COSTS[s] <= gold]
    if bid.zeros_taken() < ZERO_SPOTS:
        spots.append((PAID_SPOTS, 0))
    if not spots and free:
        # The 0s are full and no free spot is affordable (only a seat with no gold at
        # all can get here): it takes the cheapest free spot and pays what it has.
        spots.append((free[-1], gold))
    return tuple(spots)


def kumarbi_fakirs_max(state: FiveTribesState, seat: int) -> int:
    """Most Fakirs Kumarbi can usefully take now: 0 when Kumarbi is not available."""
    if (state.options["kumarbi"] != "on" or state.kumarbi != seat
            or state.bid.kumarbi_used):
        return 0
    free = [rank(s) for s in range(PAID_SPOTS) if state.bid.taken(s) is None]
    return max(free, default=0)


def bid(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    """The bidder's entry: a spot (by its cost), or Kumarbi's FAKIR / BACK steps."""
    state.bid.order.check_turn(seat, state.names())
    if state.mode == "fakirs":
        return _bid_fakirs(state, seat, value)
    fakirs = state.fakirs if state.mode == "spot_f" else 0
    if value == BACK and state.mode == "spot_f":
        return Step(replace(state, mode="fakirs", fakirs=0))
    if value == FAKIRS and not fakirs:
        if state.options["kumarbi"] != "on":
            raise IllegalAction("Kumarbi is off")
        if state.kumarbi != seat:
            raise IllegalAction("Kumarbi is not\nyours")
        if state.bid.kumarbi_used:
            raise IllegalAction("Kumarbi used\nthis turn")
        if not kumarbi_fakirs_max(state, seat):
            raise IllegalAction("No paid spot\nis free")
        return Step(replace(state, mode="fakirs"))
    spot = _spot_of(value)
    _check_spot(state, seat, spot, fakirs)
    price = dict(legal_spots(state, seat, fakirs))[spot]
    return _place(state, seat, spot, price, fakirs)


def _bid_fakirs(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    if value == BACK:
        return Step(replace(state, mode="", fakirs=0))
    top = kumarbi_fakirs_max(state, seat)
    if not isinstance(value, int) or not 1 <= value <= top:
        raise IllegalAction(msg("Fakirs: 1 to {n}", n=top))
    if not legal_spots(state, seat, value):
        raise IllegalAction(msg("None affordable\nwith {k} Fakirs", k=value))
    return Step(replace(state, mode="spot_f", fakirs=value))


def _spot_of(value: Value) -> int:
    """The spot a choice key names: the spot's cost, as the box's key or a number."""
    try:
        cost = int(value)
    except ValueError:
        raise IllegalAction("No such spot\n18 12 8 5 3 1 0") from None
    if cost not in COSTS:
        raise IllegalAction("No such spot\n18 12 8 5 3 1 0")
    return COSTS.index(cost)


def _check_spot(state: FiveTribesState, seat: int, spot: int, fakirs: int) -> None:
    """Refuse a spot that is not among the legal ones, saying why."""
    if spot in dict(legal_spots(state, seat, fakirs)):
        return
    if spot >= PAID_SPOTS:
        if fakirs:
            raise IllegalAction("Fakirs only pay\nfor a paid spot")
        raise IllegalAction("The 0s are full\nbid at least 1")
    if state.bid.taken(spot) is not None:
        raise IllegalAction(msg("Spot {c} taken", c=COSTS[spot]))
    if fakirs and rank(spot) < fakirs:
        raise IllegalAction(msg("Too many Fakirs\nfor spot {c}", c=COSTS[spot]))
    price = kumarbi_cost(spot, fakirs) if fakirs else COSTS[spot]
    raise IllegalAction(msg("Can't afford {c}\nyou have {n}", c=price, n=state.gold(seat)))


def _place(state: FiveTribesState, seat: int, spot: int, price: int,
           fakirs: int) -> Step[FiveTribesState]:
    names = state.names()
    name = names[seat]
    short = spot < PAID_SPOTS and not fakirs and price < COSTS[spot]
    ledger = state.ledger.transfer(
        seat_account(seat), SUPPLY, price, msg("turn order spot {c}", c=COSTS[spot]))
    placement = Placement(seat, spot, price, fakirs, short)
    if spot >= PAID_SPOTS:
        line = msg("{name} bids 0", name=name)
        if state.bid.zeros_taken():
            line = msg("{name} bids 0 and pushes the other 0s down", name=name)
    elif fakirs:
        line = msg("{name} takes {c} with Kumarbi ({k} Fakirs): pays {p}",
                   name=name, c=COSTS[spot], k=fakirs, p=price)
    elif short:
        line = msg("{name} must take {c} and pays all the gold held", name=name, c=COSTS[spot])
    else:
        line = msg("{name} takes {c}: pays {c}", name=name, c=COSTS[spot])
    new_bid = replace(state.bid, order=state.bid.order.advance(),
                      placements=(*state.bid.placements, placement),
                      kumarbi_used=state.bid.kumarbi_used or fakirs > 0)
    state = replace(state, ledger=ledger, bid=new_bid, mode="", fakirs=0,
                    log=appended(state.log, line))
    events: list[Event] = [Event(line)]
    if new_bid.order.done:
        order = new_bid.play_order()
        done = msg("Play order: {order}", order=", ".join(names[s] for s in order))
        state = replace(state, phase="play", play=OrderedRound.of(order),
                        log=appended(state.log, done))
        events += [Event(done), Event(msg("You play first"), order[0])]
    return Step(state, tuple(events))
