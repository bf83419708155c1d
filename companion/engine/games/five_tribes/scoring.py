"""The end of Five Tribes: each seat enters its unsold suits (hold OK to enter them again);
when every seat is done, gold and merchandise are revealed on the final screen.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import NOTHING_LOCKED, Event, Step
from ...text import msg
from .state import END, FiveTribesState, merchandise_value, suit_value
from .turns import check_suit


def unsold(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    """One more unsold suit, or END: this seat's merchandise is all in."""
    if seat in state.unsold_done:
        raise IllegalAction("Already done\nhold OK to redo")
    suits = state.unsold.get(seat, ())
    name = state.names()[seat]
    if value == END:
        done = state.unsold_done | {seat}
        line = msg("{name} has entered the merchandise", name=name)
        new = replace(state, unsold_done=done, unsold={**state.unsold, seat: suits},
                      log=appended(state.log, line))
        events = [Event(line)]
        if len(done) == len(state.seats):
            over = msg("Game over: gold and merchandise revealed")
            new = replace(new, phase="over", log=appended(new.log, over))
            events.append(Event(over))
        return Step(new, tuple(events))
    suits = check_suit(value, suits)
    return Step(replace(state, unsold={**state.unsold, seat: suits}),
                (Event(msg("Suit {n}: {g}\nunsold {t}", n=value, g=suit_value(suits[-1]),
                           t=merchandise_value(suits)), seat),))


def reopen(state: FiveTribesState, seat: int) -> Step[FiveTribesState]:
    """Hold OK after entering the unsold merchandise: enter it again (until all are in)."""
    if state.phase != "scoring" or seat not in state.unsold_done:
        raise IllegalAction(NOTHING_LOCKED)
    line = msg("{name} enters the merchandise again", name=state.names()[seat])
    new = replace(state, unsold_done=state.unsold_done - {seat},
                  unsold={s: v for s, v in state.unsold.items() if s != seat},
                  log=appended(state.log, line))
    return Step(new, (Event(line),))
