"""How the demo plays a script: a clock that may be virtual, and the `Driver` that turns each
scripted action into key presses through the real input path (the shaper's debounce and
auto-repeat, the journal), waiting between them as a player at the table would.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..boxes.vocabulary import HostInput, Key, KeyEdge
from ..engine.actions import Action, Enter, Host, Undo, Withdraw
from .loop import App
from .shaper import HOLD, REPEAT_EVERY


@dataclass
class DemoClock:
    """Real time in a window; in headless mode a virtual clock that `sleep` advances."""

    virtual: bool
    speed: float = 1.0
    now: float = 1000.0
    pump: Callable[[], None] = field(default=lambda: None)

    def __call__(self) -> float:
        return self.now if self.virtual else time.monotonic()

    def sleep(self, seconds: float) -> None:
        """Exactly `seconds`: button timings (debounce, hold, repeat) never speed up."""
        if self.virtual:
            self.now += seconds
            return
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            self.pump()
            time.sleep(min(left, 1 / 30))

    def pause(self, seconds: float) -> None:
        """Time for people to watch: shortened by `speed` in a window. On the virtual clock
        it passes in full, so messages on the boxes time out as they would at a table."""
        self.sleep(seconds if self.virtual else seconds / self.speed)


class Presser(Protocol):
    def press(self, seat: int, key: Key) -> None: ...

    def release(self, seat: int, key: Key) -> None: ...


class EdgePresser:
    """For tables larger than the GPIO header: key edges straight into the app's queue."""

    def __init__(self, app: App, clock: DemoClock) -> None:
        self.app, self.clock = app, clock

    def press(self, seat: int, key: Key) -> None:
        self.app.sink(KeyEdge(seat, key, True, self.clock()))

    def release(self, seat: int, key: Key) -> None:
        self.app.sink(KeyEdge(seat, key, False, self.clock()))


class Driver:
    """Plays one script step at a time through the presser, the app and the clock."""

    GAP = 0.05  # between a press and its release: longer than the debounce window

    def __init__(self, app: App, presser: Presser, clock: DemoClock, pace: float) -> None:
        self.app, self.presser, self.clock, self.pace = app, presser, clock, pace

    def settle(self, seconds: float = 0.0) -> None:
        self.clock.sleep(max(seconds, 0.0))
        self.app.run_once(0)
        self._wait()

    def watch(self, seconds: float) -> None:
        """Let people look (the pace between steps, a shot's hold)."""
        self.clock.pause(seconds)
        self.app.run_once(0)
        self._wait()

    def _wait(self) -> None:
        """Where `companion run` would wait for the next input: its rest, and the full
        collector pass it runs once the table is quiet (a step comes sooner than that, and
        the demo has no box thread to wait for)."""
        self.app.rest()
        if self.app.gc is not None and self.app.queue.empty():
            self.app.gc.idle()

    def tap(self, seat: int, key: Key) -> None:
        self.presser.press(seat, key)
        self.settle(self.GAP)
        self.presser.release(seat, key)
        self.settle(self.GAP)

    def hold(self, seat: int, key: Key, until: Callable[[], bool], limit: float = 8.0) -> None:
        self.presser.press(seat, key)
        waited = 0.0
        while not until() and waited < limit:
            self.settle(REPEAT_EVERY / 2)
            waited += REPEAT_EVERY / 2
        self.presser.release(seat, key)
        self.settle(self.GAP)

    def enter(self, seat: int, value: Any) -> None:
        session = self.app.controller.sessions[seat]
        prompt = session.prompt
        if prompt is None or prompt.kind == "wait" or prompt.locked:
            raise RuntimeError(f"demo script: seat {seat} cannot enter now ({prompt})")
        for _ in range(400):
            draft = session.draft
            if draft == value:
                break
            if prompt.kind == "choice":
                self.tap(seat, Key.PLUS)
                continue
            if isinstance(value, str) or isinstance(draft, str):
                # number prompts keep their extras (PASS, ...) below the lowest number
                self.tap(seat, Key.MINUS if isinstance(value, str) else Key.PLUS)
                continue
            diff = int(value) - int(draft)
            key = Key.PLUS if diff > 0 else Key.MINUS
            if abs(diff) >= 15:  # hold to show auto-repeat; stop short, then tap
                self.hold(seat, key, self._near(seat, int(value)))
            else:
                self.tap(seat, key)
        else:
            raise RuntimeError(f"demo script: seat {seat} could not reach {value!r}")
        self.tap(seat, Key.OK)
        self.watch(self.pace)

    def _near(self, seat: int, target: int) -> Callable[[], bool]:
        """While holding a key: stop once the draft is within a few taps of `target`."""
        session = self.app.controller.sessions[seat]

        def near() -> bool:
            return isinstance(session.draft, int) and abs(target - session.draft) < 12

        return near

    def withdraw(self, seat: int) -> None:
        self.presser.press(seat, Key.OK)
        self.settle(HOLD + 0.1)
        self.presser.release(seat, Key.OK)
        self.settle(self.GAP)

    def step(self, action: Action) -> None:
        if isinstance(action, Enter):
            self.enter(action.seat, action.value)
        elif isinstance(action, Withdraw):
            self.withdraw(action.seat)
        elif isinstance(action, Host):
            self.app.sink(HostInput(action.command, action.params))
            self.settle()
            self.watch(self.pace)
        elif isinstance(action, Undo):
            self.app.sink(HostInput("undo"))
            self.settle()
            self.watch(self.pace)


class SplitPresser:
    """Seat 0 on its phone (over the WebSocket), every other seat on `others`."""

    def __init__(self, others: Presser, phone: Presser) -> None:
        self.others, self.phone = others, phone

    def press(self, seat: int, key: Key) -> None:
        (self.phone if seat == 0 else self.others).press(seat, key)

    def release(self, seat: int, key: Key) -> None:
        (self.phone if seat == 0 else self.others).release(seat, key)
