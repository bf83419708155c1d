"""Mega Civilization's calamity count: the host ends the trade (`calamities`), each seat
enters how many calamity cards it holds, sealed (`SealedRound`) until every seat has locked,
then all counts are revealed together and the turn is over.

The seat's box for the count comes from the sealed round (`prompts`); a count never reaches
the table, a log line or another box before the reveal.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import Event, Step
from ...rounds.sealed import SealedRound
from ...text import msg
from .state import MAX_CALAMITIES, MegaState


def start(state: MegaState, action: Host) -> Step[MegaState]:
    """Host: the trade is over (a running timer stops as of `at_ms`); the count opens."""
    if state.phase != "trade":
        raise IllegalAction("Only after\nthe trade")
    timer = state.timer
    if "at_ms" in dict(action.params):
        timer = timer.caught_up(action.int_param("at_ms"))
    if timer.running:
        timer = replace(timer, running=False, deadline_ms=None)
    line = msg("Trade over: enter your calamity cards")
    new = replace(state, phase="calamity", timer=timer, picking={},
                  calamity=SealedRound(tuple(range(len(state.seats)))),
                  log=appended(state.log, line))
    return Step(new, (Event(line),))


def count(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The seat's count, locked; the last one reveals them all."""
    if not isinstance(value, int) or not 0 <= value <= MAX_CALAMITIES:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_CALAMITIES))
    rnd = state.calamity.enter(seat, value)
    new = replace(state, calamity=rnd)
    events: list[Event] = [Event(msg("{civ} locked", civ=state.label(seat)))]
    if rnd.complete:
        counts = {s: int(v) for s, v in rnd.values().items()}
        line = msg("Calamity cards revealed: {total} in all", total=sum(counts.values()))
        new = replace(new, phase="after", calamities=counts, log=appended(new.log, line))
        events.append(Event(line))
    return Step(new, tuple(events))


def withdraw(state: MegaState, seat: int) -> Step[MegaState]:
    """The seat unlocks its count (before the reveal only)."""
    new = replace(state, calamity=state.calamity.withdraw(seat))
    return Step(new, (Event(msg("{civ} unlocked", civ=state.label(seat))),))
