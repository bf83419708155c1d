"""Amun-Re's offering to Amun-Re: every seat offers gold (power cards count 1 each) or steals
3, sealed until all have locked (`SealedRound`); the reveal sets the total and the temple
tile, ranks the offers (ties: the Starting Player, then turn order), pays them and hands out
the reward items; the highest offer may take the Pharaoh.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import Event, Step
from ...ledger import SUPPLY, seat_account
from ...rounds.sealed import SealedRound
from ...seats import clockwise_from
from ...text import Msg, msg
from .income import start_income
from .state import (
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
    if value != STEAL:
        n = as_int(value)
        most = state.gold(seat) + state.hands[seat].total
        if n is None or n < 1:
            raise IllegalAction("Offer 1 or more\nor steal 3")
        if n > most:
            raise IllegalAction(msg("Over gold+cards\nmax {n}", n=most))
        value = n
    entries = off.entries.enter(seat, value)
    off = replace(off, entries=entries)
    events: tuple[Event, ...] = (Event(msg("{name} locked", name=state.seats[seat].name)),)
    state = with_offering(state, off)
    if entries.complete:
        return reveal(state, events)
    return Step(state, events)


def withdraw(state: AmunReState, seat: int) -> Step[AmunReState]:
    rnd = state.current
    if state.phase != "offering" or rnd is None or rnd.offering is None:
        # The sealed round's own wording, not the shared NOTHING_LOCKED: a worked example
        # (docs/examples/amun-re/offering_ties) prints this refusal.
        raise IllegalAction("Nothing locked")
    off = replace(rnd.offering, entries=rnd.offering.entries.withdraw(seat))
    return Step(with_offering(state, off),
                (Event(msg("{name} unlocked", name=state.seats[seat].name)),))


def reveal(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    names = state.names()
    values = rnd.offering.entries.values()
    order = clockwise_from(state.start_player, len(state.seats))
    thieves = tuple(s for s in order if values[s] == STEAL)
    offers = {s: int(v) for s, v in values.items() if v != STEAL}
    total = sum(offers.values()) - THEFT * len(thieves)
    tile = temple(total)
    # Ties: "the Starting player always has the advantage, or the next player following
    # him in turn order" (SBW-8; AR16 the same).
    ranking = tuple(sorted(offers, key=lambda s: (-offers[s], order.index(s))))
    items = {s: (START_ITEMS[i] if i < len(START_ITEMS) else 1) for i, s in enumerate(ranking)}
    ledger = state.ledger
    hands = list(state.hands)
    for s, n in offers.items():
        gold = min(n, ledger.seat(s))
        ledger = ledger.transfer(seat_account(s), SUPPLY, gold, msg("offering"), secret=True)
        hands[s] = hands[s].without(n - gold)  # power cards count 1 gold each (SBW-8)
    for s in thieves:
        ledger = ledger.transfer(SUPPLY, seat_account(s), THEFT, msg("stole 3"), secret=True)
    log: list[Msg] = []  # the new lines
    head = msg("Offering total {t}: temple {range}", t=total, range=temple_label(tile))
    lines = [head]
    for s in order:
        if s in thieves:
            lines.append(msg("{name} steals 3", name=names[s]))
        else:
            lines.append(msg("{name} offered {n}: {k} items", name=names[s], n=offers[s],
                             k=items[s]))
    sp = state.start_player
    if ranking and state.options["pharaoh"] == "offering":
        sp = ranking[0]
        lines.append(msg("Starting Player: {name}", name=names[sp]))
    log.extend(lines)
    off = replace(rnd.offering, offers=offers, thieves=thieves, total=total, tile=tile,
                  items=items, ranking=ranking, revealed=True)
    asks = {s: (Ask("reward_cards", items[s]),) for s in ranking}
    state = replace(with_offering(state, off), ledger=ledger, hands=tuple(hands),
                    log=appended(state.log, *log),
                    start_player=sp, phase="rewards", asks=asks)
    evs = [*events, *(Event(x) for x in lines)]
    evs += [Event(msg("You get 3 gold"), s) for s in thieves]
    evs += [Event(msg("Take {k} items", k=items[s]), s) for s in ranking]
    if not asks:
        return start_income(state, tuple(evs))
    return Step(state, tuple(evs))
