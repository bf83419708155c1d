"""Amun-Re's harvest and the ends: every seat enters its income, the round ends (after the
third, the Old Kingdom's provinces go back into the deck), and after the last round the game
ends with the gold bonus.
"""

from __future__ import annotations

from dataclasses import replace

from ...chronicle import appended
from ...game import Event, Step
from ...text import msg
from .state import KINGDOM_ROUNDS, AmunReState, Ask


def start_income(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    line = msg("Harvest: enter your income")
    asks = {s: (Ask("income"),) for s in range(len(state.seats))}
    new = replace(state, phase="income", asks=asks, log=appended(state.log, line))
    return Step(new, (*events, Event(line)))


def end_round(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    if state.round_no >= int(state.options["rounds"]):
        return finish(state, events)
    lines = [msg("Round {n} over", n=state.round_no)]
    taken = state.taken
    if state.round_no % KINGDOM_ROUNDS == 0:
        # The Old Kingdom ends: its province cards are shuffled back into the deck.
        taken = frozenset()
        lines.append(msg("The New Kingdom begins"))
    new = replace(state, phase="provinces", asks={}, taken=taken, log=appended(state.log, *lines))
    return Step(new, (*events, *(Event(x) for x in lines)))


def finish(state: AmunReState, events: tuple[Event, ...] = ()) -> Step[AmunReState]:
    line = msg("Game over: gold bonus")
    new = replace(state, phase="over", asks={}, buying=None, offered=(),
                  log=appended(state.log, line))
    return Step(new, (*events, Event(line)))
