"""Amun-Re's offering to Amun-Re: every seat offers gold (power cards count 1 each) or steals
3, sealed until all have locked (`SealedRound`); the reveal sets the total and the temple
tile, ranks the offers (ties: the Starting Player, then turn order), pays them and hands out
the reward items; the highest offer may take the Pharaoh.

2016: an offer may include the Offering Adjustment favor card (an entry below the numbers on
the box, still secret); after the reveal, in turn order from the Starting Player, each seat
that played one adds 3, takes 3 off or keeps the collective total (its own offer is
unchanged), and only then is the temple tile set.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import ALREADY_LOCKED, NOTHING_LOCKED, Event, Step
from ...ledger import SUPPLY, seat_account
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...seats import clockwise_from
from ...text import Msg, msg
from .income import start_income
from .state import (
    ADJ_KEEP,
    ADJ_MINUS,
    ADJ_NO,
    ADJ_PLUS,
    ADJ_YES,
    START_ITEMS,
    STEAL,
    THEFT,
    AmunReState,
    Ask,
    Offering,
    as_int,
    temple,
    temple_label,
    with_offering,
)


def start_offering(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    offering = Offering(SealedRound(tuple(range(len(state.seats)))))
    line = msg("Offering to Amun-Re: gold or steal 3, in secret")
    new = replace(with_offering(state, offering), phase="offering", buying=None, asks={},
                  log=appended(state.log, line))
    return Step(new, (*events, Event(line)))


def offer(state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    off = rnd.offering
    if off.entries.is_locked(seat):
        raise IllegalAction(ALREADY_LOCKED)
    with_card = seat in off.pending
    if value in (ADJ_YES, ADJ_NO):
        # Below the numbers on the box: the Offering Adjustment goes with the offer (or not).
        if value == ADJ_YES and not may_adjust(state, seat):
            raise IllegalAction("No favor card\nto adjust with")
        pending = ({**off.pending, seat: ADJ_YES} if value == ADJ_YES
                   else {s: v for s, v in off.pending.items() if s != seat})
        return Step(with_offering(state, replace(off, pending=pending)))
    if value != STEAL:
        n = as_int(value)
        # Gold and power cards (1 each) cover an offer; the adjustment card cannot also pay.
        most = state.gold(seat) + state.hands[seat].total - (1 if with_card else 0)
        if n is None or n < 1:
            raise IllegalAction("Offer 1 or more\nor steal 3")
        if n > most:
            raise IllegalAction(msg("Over gold+cards\nmax {n}", n=most))
        value = n
    if with_card:
        pending = {s: v for s, v in off.pending.items() if s != seat}
        state = with_offering(state, replace(off, pending=pending))
        return _lock(state, seat, f"adj:{value}")
    return _lock(state, seat, value)


def may_adjust(state: AmunReState, seat: int) -> bool:
    """2016: a seat holding a favor card other than the auction cards may have an Offering
    Adjustment among them (hands are counted, not named)."""
    return state.edition == "2016" and state.hands[seat].other > 0


def _lock(state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    off = rnd.offering
    entries = off.entries.enter(seat, value)
    off = replace(off, entries=entries)
    events: tuple[Event, ...] = (Event(msg("{name} locked", name=state.seats[seat].name)),)
    state = with_offering(state, off)
    if entries.complete:
        return reveal(state, events)
    return Step(state, events)


def adjust(state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
    """One Offering Adjustment, in turn order: +3, -3 or keep the collective total."""
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    off = rnd.offering
    assert off.adjusting is not None
    off.adjusting.check_turn(seat, state.names())
    change = {ADJ_PLUS: THEFT, ADJ_MINUS: -THEFT, ADJ_KEEP: 0}.get(str(value))
    if change is None:
        raise IllegalAction("Adjust: +3, -3\nor keep")
    total = off.total + change
    name = state.seats[seat].name
    line = (msg("{name} keeps the total: {t}", name=name, t=total) if not change
            else msg("{name} adjusts the total {c:+d}: {t}", name=name, c=change, t=total))
    turns = off.adjusting.advance()
    off = replace(off, total=total, adjusting=turns,
                  adjustments=(*off.adjustments, (seat, change)))
    state = replace(with_offering(state, off), log=appended(state.log, line))
    if turns.done:
        return _settle(state, (Event(line),), ())
    return Step(state, (Event(line),))
def withdraw(state: AmunReState, seat: int) -> Step[AmunReState]:
    rnd = state.current
    if state.phase != "offering" or rnd is None or rnd.offering is None:
        raise IllegalAction(NOTHING_LOCKED)
    off = replace(rnd.offering, entries=rnd.offering.entries.withdraw(seat))
    return Step(with_offering(state, off),
                (Event(msg("{name} unlocked", name=state.seats[seat].name)),))


def reveal(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    names = state.names()
    values = rnd.offering.entries.values()
    order = clockwise_from(state.start_player, len(state.seats))
    adjusters = tuple(s for s in order if str(values[s]).startswith("adj:"))
    values = {s: (str(v)[4:] if str(v).startswith("adj:") else v) for s, v in values.items()}
    thieves = tuple(s for s in order if values[s] == STEAL)
    offers = {s: int(v) for s, v in values.items() if v != STEAL}
    total = sum(offers.values()) - THEFT * len(thieves)
    # Ties: "the Starting player always has the advantage, or the next player following
    # him in turn order" (SBW-8; AR16 the same).
    ranking = tuple(sorted(offers, key=lambda s: (-offers[s], order.index(s))))
    items = {s: (START_ITEMS[i] if i < len(START_ITEMS) else 1) for i, s in enumerate(ranking)}
    ledger = state.ledger
    hands = list(state.hands)
    for s in adjusters:
        hands[s] = replace(hands[s], other=hands[s].other - 1)  # the card is spent
    for s, n in offers.items():
        gold = min(n, ledger.seat(s))
        ledger = ledger.transfer(seat_account(s), SUPPLY, gold, msg("offering"), secret=True)
        hands[s] = hands[s].without(n - gold)  # power cards count 1 gold each (SBW-8)
    for s in thieves:
        ledger = ledger.transfer(SUPPLY, seat_account(s), THEFT, msg("stole 3"), secret=True)
    lines = []
    for s in order:
        if s in thieves:
            lines.append(msg("{name} steals 3", name=names[s]))
        else:
            lines.append(msg("{name} offered {n}, items: {k}", name=names[s], n=offers[s],
                             k=items[s]))
    off = replace(rnd.offering, offers=offers, thieves=thieves, total=total, tile=temple(total),
                  items=items, ranking=ranking, revealed=True, raw_total=total,
                  adjusters=adjusters, start_before=state.start_player)
    state = replace(with_offering(state, off), ledger=ledger, hands=tuple(hands))
    private = tuple(Event(msg("You get 3 gold"), s) for s in thieves)
    if adjusters:
        off = replace(off, adjusting=OrderedRound.of(adjusters))
        head = msg("Offerings revealed, total {t}; Offering Adjustment: {names}", t=total,
                   names=", ".join(names[s] for s in adjusters))
        state = replace(with_offering(state, off), phase="adjusting",
                        log=appended(state.log, *lines, head))
        return Step(state, (*events, *(Event(x) for x in lines), Event(head), *private,
                            Event(msg("Adjust: +3, -3\nor keep"), adjusters[0])))
    return _settle(state, events, tuple(lines), private)


def _settle(state: AmunReState, events: tuple[Event, ...], lines: tuple[Msg, ...],
            private: tuple[Event, ...] = ()) -> Step[AmunReState]:
    """The total is final: the temple tile, the new Starting Player and the rewards."""
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    off = rnd.offering
    names = state.names()
    tile = temple(off.total)
    head = msg("Offering total {t}: temple {range}", t=off.total, range=temple_label(tile))
    out = [head, *lines]
    sp = state.start_player
    if off.ranking and state.options["pharaoh"] == "offering":
        sp = off.ranking[0]
        out.append(msg("Starting Player: {name}", name=names[sp]))
    off = replace(off, tile=tile, adjusting=None)
    asks = {s: (Ask("reward_cards", off.items[s]),) for s in off.ranking}
    state = replace(with_offering(state, off), log=appended(state.log, *out), start_player=sp,
                    phase="rewards", asks=asks)
    evs = [*events, *(Event(x) for x in out), *private]
    evs += [Event(msg("Take items: {k}", k=off.items[s]), s) for s in off.ranking]
    if not asks:
        return start_income(state, tuple(evs))
    return Step(state, tuple(evs))
