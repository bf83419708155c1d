"""Amun-Re's harvest and the ends: the harvest (computed from the province data: farmers
times the tile's value, caravans when the tile shows a camel, gold mines; temples score the
tile's value in VP; each seat may add income from power cards as a visible entry; with
province data off every seat types its income), the round's end (after the third, the Old
Kingdom's scoring, then its provinces and farmers go), and the end of the game.
"""

from __future__ import annotations

from dataclasses import replace

from ...chronicle import appended
from ...game import Event, Step
from ...ledger import SUPPLY, seat_account
from ...text import Msg, msg
from . import provinces, scoring
from .state import KINGDOM_ROUNDS, AmunReState, Ask


def start_income(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    if not provinces.on(state):
        line = msg("Harvest: enter your income")
        asks = {s: (Ask("income"),) for s in range(len(state.seats))}
        new = replace(state, phase="income", asks=asks, log=appended(state.log, line))
        return Step(new, (*events, Event(line)))
    rnd = state.current
    assert rnd is not None and rnd.offering is not None
    tile = rnd.offering.tile
    lines: list[Msg] = [msg("Harvest: {v} gold per farmer{camel}", v=provinces.tile_value(
        state, tile), camel=msg(", caravans pay") if provinces.camel(state, tile) else "")]
    ledger = state.ledger
    for s, seat in enumerate(state.seats):
        h = provinces.harvest(state, s, tile)
        if h.gold:
            ledger = ledger.transfer(SUPPLY, seat_account(s), h.gold, msg("harvest"))
        lines.append(msg("{name}: {g} gold (farmers {f} x {v}, caravans {c}, mines {m})",
                         name=seat.name, g=h.gold, f=h.farmers, v=h.per_farmer, c=h.caravans,
                         m=h.mines))
        if h.temple_vp:
            state = scoring.add(state, s, "harvest_temples", h.temple_vp)
            lines.append(msg("{name}: temples {n} VP", name=seat.name, n=h.temple_vp))
    asks = {s: (Ask("extra_income"),) for s in range(len(state.seats))}
    new = replace(state, ledger=ledger, phase="income", asks=asks, log=appended(state.log, *lines))
    return Step(new, (*events, *(Event(x) for x in lines)))


def end_round(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    last = state.round_no >= int(state.options["rounds"])
    if last or state.round_no % KINGDOM_ROUNDS == 0:
        return scoring.start(state, events, final=last)
    return next_round(state, events)


def next_round(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    lines = [msg("Round {n} over", n=state.round_no)]
    taken = state.taken
    if state.round_no % KINGDOM_ROUNDS == 0:
        # The Old Kingdom ends: its province cards are shuffled back into the deck.
        taken = frozenset()
        lines.append(msg("The New Kingdom begins"))
    new = replace(state, phase="provinces", asks={}, taken=taken, log=appended(state.log, *lines))
    return Step(new, (*events, *(Event(x) for x in lines)))


def finish(state: AmunReState, events: tuple[Event, ...] = ()) -> Step[AmunReState]:
    """The host ends the game: the kingdom under way is scored first, then the gold bonus."""
    if scoring.needs_scoring(state):
        return scoring.start(state, events, final=True)
    return scoring.final(state, events)
