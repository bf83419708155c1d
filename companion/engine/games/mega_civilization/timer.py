"""Mega Civilization's phase 7, the trade timer: its host commands and its public view.

The engine has no clock: the app passes wall-clock epoch milliseconds (`at_ms`) with every
timer command, so a replay is exact and a restart after a power cut keeps the same deadline.
The display counts down from `deadline_ms` by itself; the app sends `timer_check` when its
clock passes the deadline.
"""

from __future__ import annotations

from ...actions import Host
from ...chronicle import appended
from ...errors import IllegalAction, MalformedInput
from ...frozen import replace
from ...game import Event, Step
from ...text import msg
from ...views import TimerView
from .state import MegaState, Timer, clock

COMMANDS = ("timer_start", "timer_pause", "timer_resume", "timer_extend", "timer_check")


def start_trade(state: MegaState) -> MegaState:
    return replace(state, phase="trade",
                   log=appended(state.log, msg("7: trade ({t}); the host starts the timer",
                                               t=clock(state.timer.total_ms))))


def command(state: MegaState, action: Host) -> Step[MegaState]:
    """One of `COMMANDS`: start (optional `seconds`), pause, resume, extend (`seconds`),
    check (the app saw its clock pass the deadline)."""
    if state.phase != "trade":
        raise IllegalAction("Timer runs in\nthe trade phase")
    cmd = action.command
    params = dict(action.params)
    # Every timer command carries the app's wall clock; only extend may omit it.
    at = action.int_param("at_ms") if "at_ms" in params or cmd != "timer_extend" else None
    if at is not None and at < 0:
        raise MalformedInput("'at_ms' must be wall-clock epoch milliseconds")
    before = state.timer
    t = before.caught_up(at) if at is not None else before
    expired_now = t.expired and not before.expired
    if cmd == "timer_start":
        if t.started:
            raise IllegalAction("Timer already\nstarted")
        assert at is not None
        total = action.int_param("seconds") * 1000 if "seconds" in params else t.total_ms
        if total <= 0:
            raise IllegalAction("Timer needs at\nleast 1 second")
        t = Timer(total, total, True, True, at + total, at)
        line = msg("Trade timer started: {t}", t=clock(total))
    elif cmd == "timer_pause":
        if expired_now:
            line = msg("Time! Trading is over")
        elif not t.running:
            raise IllegalAction("Timer is not\nrunning")
        else:
            t = replace(t, running=False, deadline_ms=None)
            line = msg("Timer paused at {t}", t=clock(t.remaining_ms))
    elif cmd == "timer_resume":
        if expired_now:
            line = msg("Time! Trading is over")
        elif not t.started or t.running or t.expired:
            raise IllegalAction("Timer is not\npaused")
        else:
            assert at is not None
            t = replace(t, running=True, deadline_ms=at + t.remaining_ms, as_of_ms=at)
            line = msg("Timer resumed: {t}", t=clock(t.remaining_ms))
    elif cmd == "timer_extend":
        secs = action.int_param("seconds")
        if not 1 <= secs <= 3600:
            raise IllegalAction("Extend by 1 to\n3600 seconds")
        add = secs * 1000
        if t.expired:
            if at is None:
                raise MalformedInput("timer_extend after zero needs 'at_ms'")
            t = replace(t, total_ms=t.total_ms + add, remaining_ms=add, running=True,
                        deadline_ms=at + add, as_of_ms=at, expired=False)
        elif t.running:
            assert t.deadline_ms is not None
            t = replace(t, total_ms=t.total_ms + add, remaining_ms=t.remaining_ms + add,
                        deadline_ms=t.deadline_ms + add)
        else:
            t = replace(t, total_ms=t.total_ms + add, remaining_ms=t.remaining_ms + add)
        line = msg("Timer extended by {s} s: {t}", s=secs, t=clock(t.remaining_ms))
    else:  # timer_check: the app saw its clock pass the deadline
        if not expired_now:
            left = t.remaining_ms if t.started else t.total_ms
            raise IllegalAction(msg("Time not up\n{t} left", t=clock(left)))
        line = msg("Time! Trading is over")
    return Step(replace(state, timer=t, log=appended(state.log, line)), (Event(line),))


def view(state: MegaState) -> TimerView:
    """The timer on the table screen: label, time left, deadline, warnings and sound."""
    t = state.timer
    opts = state.options
    warn = sorted({int(opts["warn_first"]) * 1000, int(opts["warn_second"]) * 1000,
                   *(k * 1000 for k in range(1, int(opts["countdown"]) + 1))} - {0},
                  reverse=True)
    warnings = tuple(w for w in warn if w < t.total_ms)
    remaining = t.remaining_ms if t.started else t.total_ms
    if t.expired:
        label = msg("TIME")
    elif t.started and not t.running:
        label = msg("Trade (paused)")
    else:
        label = msg("Trade")
    return TimerView(label, remaining, t.running,
                     warning=bool(warnings) and 0 < remaining <= warnings[0] and t.started,
                     deadline_ms=t.deadline_ms if t.running else None,
                     warnings_ms=warnings, sound=opts["timer_sound"] == "on",
                     expired=t.expired)
