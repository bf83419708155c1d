"""Mega Civilization's treasury as the seats enter it: at setup (when the boxes ask), and
from turn 2 confirmed before the cities (taxes, calamities and advances change it on the
player mat, outside the companion); plus the host's correction (`adjust`).

Treasury is public (its tokens lie on the player mat) and moves only through the ledger.
"""

from __future__ import annotations

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...frozen import replace
from ...game import NOTHING_TO_ENTER, Event, Step
from ...ledger import SUPPLY, seat_account
from ...text import msg
from .setup import finish
from .state import MAX_TREASURY, MegaState


def enter(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """Setup: the seat's treasury, public; it may unlock it until every seat has entered."""
    if state.options["ask_treasury"] != "yes":
        raise IllegalAction(NOTHING_TO_ENTER)
    if seat in state.treasury_in:
        raise IllegalAction("Already entered\nhold OK: change")
    if not isinstance(value, int) or not 0 <= value <= MAX_TREASURY:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_TREASURY))
    line = msg("{civ}: treasury {n}", civ=state.label(seat), n=value)
    new = replace(state, treasury_in={**state.treasury_in, seat: value},
                  log=appended(state.log, line))
    return Step(finish(new), (Event(line),))


def needed(state: MegaState, seat: int) -> bool:
    """From turn 2 a seat confirms its treasury before its cities: taxes, calamities and
    advances changed it on the player mat, outside the companion."""
    return (state.phase == "cities" and state.turn >= 2 and seat not in state.treasury_in
            and state.options["treasury_each_turn"] == "yes")


def update(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The treasury the seat confirms; the ledger moves by the difference."""
    if not isinstance(value, int) or not 0 <= value <= MAX_TREASURY:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_TREASURY))
    change = value - state.treasury(seat)
    reason = msg("treasury update")
    ledger = state.ledger
    if change > 0:
        ledger = ledger.transfer(SUPPLY, seat_account(seat), change, reason)
    elif change < 0:
        ledger = ledger.transfer(seat_account(seat), SUPPLY, -change, reason)
    line = msg("{civ}: treasury {n} ({change:+d})", civ=state.label(seat), n=value,
               change=change)
    new = replace(state, ledger=ledger, treasury_in={**state.treasury_in, seat: value},
                  log=appended(state.log, line))
    return Step(new, (Event(line),))


def adjust(state: MegaState, action: Host) -> Step[MegaState]:
    """The host's correction (seat, signed amount), public like the treasury itself."""
    if state.phase == "setup":
        raise IllegalAction("Finish the setup\nfirst")
    seat, amount = action.int_param("seat"), action.int_param("amount")
    if not 0 <= seat < len(state.seats) or amount == 0:
        raise IllegalAction("Give a seat and\nan amount")
    reason = msg("treasury adjustment")
    if amount > 0:
        ledger = state.ledger.transfer(SUPPLY, seat_account(seat), amount, reason)
    else:
        ledger = state.ledger.transfer(seat_account(seat), SUPPLY, -amount, reason)
    line = msg("Treasury: {civ} {amount:+d} = {n}", civ=state.label(seat), amount=amount,
               n=ledger.seat(seat))
    return Step(replace(state, ledger=ledger, log=appended(state.log, line)), (Event(line),))
