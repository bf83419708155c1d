"""The main loop: one thread owns the state, drains the input queue, applies, persists,
then updates the boxes and redraws only what changed.

Hardware threads (gpiozero, pyserial) only `sink()` items onto the queue. When nothing is
happening the loop sleeps in `queue.get` until the next deadline (a key repeat, a flash
expiring, a timer second). Window events wake it the same way: a watcher thread
(companion.display.wake) puts `WindowInput` on the queue when the window has input, and the
loop reads the window (`pump`) on its own thread, as pygame requires. Only where the window
cannot be waited on does the loop read it every `tick` seconds instead.
"""

from __future__ import annotations

import contextlib
import queue
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from ..boxes.vocabulary import Box, BoxStatus, Clock, InputItem, JoinInvite, KeyEdge, Quit
from ..engine.text import Msg, joined, msg
from ..engine.views import HostLine, TableView
from .controller import Controller
from .gc_pacing import GcPacing
from .look_ahead import asked, draws_ahead, likely_after
from .shaper import InputShaper


class Renderer(Protocol):
    """What the loop needs from the display (companion.display.renderer.Renderer)."""

    def update(
        self,
        view: TableView,
        lcds: Mapping[int, tuple[str, str]] | None,
        banner: Msg | str | None,
        connected: Mapping[int, bool | Msg] | None,
        host: HostLine | None = None,
        invite: JoinInvite | None = None,
    ) -> bool: ...

    def next_redraw_in(self, view: TableView) -> float | None: ...

    def invalidate(self) -> None: ...

    def warm_step(self) -> bool: ...

    def keep_step(self) -> bool: ...

    @property
    def lays_out(self) -> bool: ...

    def look_ahead(
        self,
        view: TableView,
        lcds: Mapping[int, tuple[str, str]] | None,
        banner: Msg | str | None,
        connected: Mapping[int, bool | Msg] | None,
        host: HostLine | None = None,
        invite: JoinInvite | None = None,
        stop: Callable[[], bool] | None = None,
        changed: bool = False,
    ) -> bool: ...


@dataclass(frozen=True)
class WindowInput:
    """The window has input to read (put on the queue by the window watcher)."""


WINDOW_INPUT = WindowInput()

# How soon another thread gets the interpreter while the loop lays out ahead (see
# `App.look_ahead`), and how long after the table or a box last changed it starts: the
# boxes' threads first send what changed (a phone's LOCKED, an LCD's I2C writes, a serial
# line), which they do while the loop sleeps. 25 ms, not the 50 first chosen: at 50 the
# frame that ends an 18-seat round was often not laid out yet when the next seat pressed
# 60 ms after a frame (the mixed table's bench: serial phase change p99 7.3-10 ms, 5.1-5.4
# at 25), and a phone's LOCKED was no later for it (p99 39 -> 36 ms).
YIELD_SECONDS = 0.0001
AHEAD_AFTER = 0.025

# What the table screen draws beside the view (`App._frame_inputs`).
_Inputs = tuple[Mapping[int, tuple[str, str]] | None, Msg | str | None,
                dict[int, bool | Msg], HostLine]


class WindowWatch(Protocol):
    """What the loop needs from the window watcher (companion.display.wake.WindowWatch)."""

    def pumped(self) -> None: ...


class Watcher(Protocol):
    """Something the loop tries again at its own deadline (a display to open, a box to find)."""

    def next_deadline(self) -> float | None: ...

    def poll(self, now: float) -> bool: ...  # True when something shown changed


class App:
    def __init__(
        self,
        controller: Controller,
        boxes: Mapping[int, Box],
        clock: Clock,
        renderer: Renderer | None = None,
        show_lcds: bool = False,
        pump: Callable[[], Iterable[InputItem]] | None = None,
        tick: float | None = None,
        on_frame: Callable[[], None] | None = None,
    ) -> None:
        self.controller = controller
        self.boxes = dict(boxes)
        self.clock = clock
        self.renderer = renderer
        self.show_lcds = show_lcds
        self.pump = pump
        self.tick = tick
        self.on_frame = on_frame
        # Called after every pass (systemd's watchdog ping), and the pass comes at least every
        # `alive_every` seconds, so an idle table still says it lives and a hung one does not.
        self.alive: Callable[[], None] | None = None
        self.alive_every: float | None = None
        # Set when a watcher wakes the loop on window input (then `tick` is not needed).
        self.window: WindowWatch | None = None
        self.queue: queue.SimpleQueue[InputItem | WindowInput] = queue.SimpleQueue()
        self.shaper = InputShaper()
        self.quit = False
        self.frames = 0
        # Where the table's LCD mock-ups come from: the controller's text by default; the
        # demo shows what the real LCD driver put on the (fake) glass instead.
        self.lcd_view: Callable[[], Mapping[int, tuple[str, str]]] | None = None
        # Seats whose LCD text the table screen's banner shows while their own box is away:
        # a keyboard stand-in plays them (the host chose it, knowing their prompts are then
        # public). The banner, not an LCD mock-up on the card: a crowded table has no room
        # for mock-ups, and the banner is on every layout.
        self.public_lcds: set[int] = set()
        # A banner line from the box layer when the controller has none (serial boxes: a
        # seat waiting to be claimed, a refused duplicate box id). Read here, on the loop's
        # thread; its source wakes the loop with a BoxStatus when the text changes.
        self.notice: Callable[[], Msg | str | None] | None = None
        # Retried things with their own deadlines: the table screen, boxes that went missing.
        self.watchers: list[Watcher] = []
        # The phones' join card (address and QR code) while a phone seat has no phone.
        self.invite: Callable[[], JoinInvite | None] | None = None
        # Each seat's box fault in a card's few words (from BoxStatus): drawn on the seat's
        # card, where no banner (a storage fault, a host refusal) can hide it.
        self.faults: dict[int, Msg] = {}
        self._lcd_shown: dict[int, tuple[str, str]] = {}
        self._led_shown: dict[int, str] = {}
        # The table view is rebuilt only when an input changed something; an idle tick
        # neither rebuilds nor compares it (timer seconds come from `_redraw_at`).
        self._view: TableView = controller.table_view()
        self._redraw_at: float | None = None
        self._changed_at: float | None = None  # (see AHEAD_AFTER)
        # Set while `run` (or a bench's loop) owns the garbage collector's schedule.
        self.gc: GcPacing | None = None
        # The state (with the notes) whose next frames are being laid out, and the seats
        # and drafts done (see `look_ahead`).
        self._ahead: tuple[object, object, dict[int, object]] | None = None
        self.refresh()

    def sink(self, item: InputItem) -> None:
        """Thread-safe entry for every input source."""
        self.queue.put(item)

    def window_ready(self) -> None:
        """Thread-safe: the window has input; the loop reads it on its own thread."""
        self.queue.put(WINDOW_INPUT)

    def expose(self) -> None:
        """The window lost its pixels (uncovered): draw the whole frame on the next pass."""
        if self.renderer is not None:
            self.renderer.invalidate()
            self._redraw_at = self.clock()

    def _read_window(self) -> list[InputItem]:
        items = list(self.pump()) if self.pump is not None else []
        if self.window is not None:
            self.window.pumped()  # read: the watcher may wait for more
        return items

    # -- one pass

    def process(self, item: InputItem, now: float) -> bool:
        if isinstance(item, Quit) and item.ask:
            self.quit |= self.controller.escape(now)
            return True
        if isinstance(item, Quit):
            self.quit = True
            return False
        if isinstance(item, KeyEdge):
            return any([self.controller.handle(i, now) for i in self.shaper.feed(item)])
        if isinstance(item, BoxStatus):
            if not item.connected:  # a key held as the box went must not repeat on
                self.shaper.release_all(item.seat)
            if item.fault is not None:
                self.faults[item.seat] = item.fault
            else:
                self.faults.pop(item.seat, None)
        return self.controller.handle(item, now)

    def run_once(self, timeout: float | None) -> bool:
        """Wait up to `timeout` for input, handle everything pending, update outputs.
        Returns True when the table or a box changed."""
        changed = False
        items: list[InputItem | WindowInput] = []
        if self.pump is not None and self.window is None:
            items.extend(self.pump())  # no watcher: read the window on every pass
        if not items:
            if timeout != 0:
                self.rest()
            # The one place the loop sleeps: until input arrives or the next deadline.
            with contextlib.suppress(queue.Empty):
                items.append(self.queue.get(timeout=timeout) if timeout != 0
                             else self.queue.get_nowait())
        while True:
            try:
                items.append(self.queue.get_nowait())
            except queue.Empty:
                break
        now = self.clock()
        for item in items:
            if isinstance(item, WindowInput):
                for event in self._read_window():
                    changed |= self.process(event, now)
            else:
                changed |= self.process(item, now)
        for intent in self.shaper.poll(now):
            changed |= self.controller.handle(intent, now)
        changed |= self.controller.expire(now)
        for watcher in self.watchers:
            changed |= watcher.poll(now)
        if self._view.timer is not None and self.controller.check_timer(self._view, now):
            changed = True
        self.quit |= self.controller.commands.quit_requested  # the host confirmed it
        if changed:
            self._view = self.controller.table_view()
        if (changed or (self._redraw_at is not None and now >= self._redraw_at)) and self.render():
            changed = True
            if self.window is not None:
                # Drawing talks to the display server, which may read input into the
                # toolkit's own queue, where the watcher cannot see it: read it now.
                for event in self._read_window():
                    self.queue.put(event)
        if changed:
            # The boxes after the frame: an LCD's writer thread then does its I2C work
            # while the loop waits, not while it draws (they share the interpreter, and a
            # full LCD line is hundreds of bus transactions in Python).
            self.push_boxes()
            self._changed_at = now
        return changed

    def refresh(self) -> None:
        """Rebuild the table view; send changed LCD text and LED modes to the boxes."""
        self._view = self.controller.table_view()
        self.push_boxes()

    def push_boxes(self) -> None:
        """Send the boxes whatever LCD text and LED mode changed."""
        for seat, box in self.boxes.items():
            lines = self.controller.lcd_lines(seat)
            if self._lcd_shown.get(seat) != lines:
                box.lcd.show(*lines)
                self._lcd_shown[seat] = lines
            led = self.controller.led_mode(seat)
            if self._led_shown.get(seat) != led:
                box.led.set(led)  # type: ignore[arg-type]
                self._led_shown[seat] = led

    def forget_shown(self, seat: int) -> None:
        """A seat has a new box: the next refresh sends it the LCD text and LED mode."""
        self._lcd_shown.pop(seat, None)
        self._led_shown.pop(seat, None)

    def _frame_inputs(self, final: bool) -> _Inputs:
        """What the table screen draws beside the view: LCD mock-ups, banner, who is
        connected, the host's and waiting lines."""
        lcds: Mapping[int, tuple[str, str]] | None = None
        if self.show_lcds:
            lcds = (self.lcd_view() if self.lcd_view is not None
                    else {s: self.controller.lcd_lines(s) for s in self.controller.sessions})
        banner: Msg | str | None = self.controller.banner_text()
        if banner is None and self.notice is not None:
            banner = self.notice()
        banner = self._public_prompts(banner)
        host = self.controller.host_line(final)
        # A seat whose box has a fault shows its words instead of a plain "Disconnected".
        seats: dict[int, bool | Msg] = {seat: self.faults.get(seat, connected)
                                        for seat, connected in self.controller.connected.items()}
        return lcds, banner, seats, host

    def render(self) -> bool:
        if self.renderer is None:
            return False
        lcds, banner, seats, host = self._frame_inputs(self._view.final)
        if self.invite is not None:
            drew = self.renderer.update(self._view, lcds, banner, seats, host,
                                        invite=self.invite())
        else:
            drew = self.renderer.update(self._view, lcds, banner, seats, host)
        redraw = self.renderer.next_redraw_in(self._view)
        self._redraw_at = None if redraw is None else self.clock() + redraw
        if drew:
            self.frames += 1
            if self.on_frame is not None:
                self.on_frame()
        return drew

    def _public_prompts(self, banner: Msg | str | None) -> Msg | str | None:
        """The banner with, first, the LCD text of each seat played by a keyboard stand-in
        while its box is away ("Cy's LCD: Bid $10 · <0> OK=lock")."""
        names = {seat.seat: seat.name for seat in self._view.seats}
        prompts: list[Msg] = []
        for seat in sorted(self.public_lcds):
            if self.controller.connected.get(seat, True):
                continue  # its box is back: the prompts are private again
            text = " · ".join(" ".join(line.split())
                              for line in self.controller.lcd_lines(seat) if line.strip())
            prompts.append(msg("{name}'s LCD: {text}", name=names.get(seat, str(seat)),
                               text=text))
        if banner is not None:
            prompts.append(banner if isinstance(banner, Msg) else msg("{e}", e=banner))
        return joined(prompts)

    def timeout(self) -> float | None:
        """How long the loop may sleep: until the next deadline, or one tick when pumping."""
        now = self.clock()
        deadlines = [d for d in (self.shaper.next_deadline(), self.controller.next_deadline())
                     if d is not None]
        if self._redraw_at is not None:
            deadlines.append(self._redraw_at)
        if (self.renderer is not None and self.renderer.lays_out
                and self._changed_at is not None and not self._quiet(now)):
            deadlines.append(self._changed_at + AHEAD_AFTER)  # then laid out ahead
        deadlines += [d for d in (w.next_deadline() for w in self.watchers) if d is not None]
        wait = max(0.0, min(deadlines) - now) if deadlines else None
        tick = self.tick if self.window is None else None  # a watcher wakes the loop instead
        for cap in (tick, self.alive_every):
            if cap is not None:
                wait = cap if wait is None else min(wait, cap)
        return wait

    def run(self) -> None:
        self.render()
        with self.collecting_when_idle():
            while not self.quit:
                self.run_once(self.timeout())
                if self.alive is not None:
                    self.alive()

    def rest(self) -> None:
        """The loop is about to wait; each step only while no input is queued. The garbage
        collector's turn (while `collecting_when_idle`), not a frame's: a young or middle
        pass at once, a full one once nothing has changed for AHEAD_AFTER. The fonts'
        glyphs are loaded a few at a time until none are left (after a start, a resize),
        so the frame that first shows a size does not wait for them. Then, once quiet, the
        parts the last frame drew are kept as sprites, the frames the seats the table waits
        for would bring are laid out (`look_ahead`), and the collector has its turn again
        for what that left."""
        # The collector's full pass waits for quiet too: it holds the interpreter
        # throughout (180-290 ms on the phones bench), and right after a change the boxes'
        # threads are sending it (a phone's LOCKED waited for that pass). The young and
        # middle ones run at once: at quiet they would meet the next press instead.
        quiet = self._quiet(self.clock())
        lays_out = self.renderer is not None and self.renderer.lays_out
        if self.gc is not None and self.queue.empty():
            # (A dark table's loop does not wake for quiet: all of it at once.)
            self.gc.idle(older=quiet or not lays_out)
        if self.renderer is not None:
            while self.queue.empty() and self.renderer.warm_step():
                pass
            if self.queue.empty() and quiet:
                while self.queue.empty() and self.renderer.keep_step():
                    pass
                if self.queue.empty():
                    self.look_ahead()
                if self.gc is not None and self.queue.empty():
                    self.gc.idle()  # what laying out ahead left, before a press meets it

    def _quiet(self, now: float) -> bool:
        """Nothing changed for AHEAD_AFTER: the boxes have sent what did."""
        # (The very sum the loop's timeout wakes it at: a wake at it is quiet.)
        return self._changed_at is None or now >= self._changed_at + AHEAD_AFTER

    def look_ahead(self) -> None:
        """Lay out the frame each seat the table waits for would bring with its OK (see
        app.look_ahead), once per state and draft; stopped by the next input, and taken up
        again at the next wait."""
        assert self.renderer is not None
        # Laying out is a CPU-bound stretch of tens of milliseconds at a big table, and a
        # box's thread (a phone's connection, a serial reader, gpiozero's edges) needs the
        # interpreter to hand it its input: it gets it within a tenth of a millisecond,
        # not the usual five, and the next try sees the input queued and stops.
        switch = sys.getswitchinterval()
        sys.setswitchinterval(min(switch, YIELD_SECONDS))
        try:
            self._look_ahead()
        finally:
            sys.setswitchinterval(switch)

    def _look_ahead(self) -> None:
        assert self.renderer is not None
        controller = self.controller
        state, notes = controller.state, controller.notes
        if self._ahead is None or self._ahead[0] is not state or self._ahead[1] is not notes:
            self._ahead = (state, notes, {})
        done = self._ahead[2]  # seat -> the draft its frame was laid out for
        inputs: dict[bool, _Inputs] = {}  # the same for every seat, but the final sheet's
        invite = self.invite() if self.invite is not None else None

        def stop() -> bool:
            return not self.queue.empty()

        seats = asked(controller)
        draw = draws_ahead(seats)
        for seat in seats:
            draft = controller.sessions[seat].draft
            if seat in done and done[seat] == draft:
                continue
            if stop():
                return
            likely = likely_after(controller, seat)
            if likely is not None:
                if stop():
                    return  # working out the entry took a while (it is kept: worked_out)
                final = likely.view.final
                if final not in inputs:
                    inputs[final] = self._frame_inputs(final)
                lcds, banner, shown, host = inputs[final]
                if not self.renderer.look_ahead(
                        likely.view, lcds, banner, shown, replace(host, waiting=likely.waiting),
                        invite, stop=stop, changed=draw):
                    return  # stopped by input: again at the next wait, if still the same
            done[seat] = draft
        # Then the pass the host's corrections need after a reveal, up to now, so that the
        # reveal's press does not make it over the whole round.
        controller.history.scan_ahead(stop)

    @contextlib.contextmanager
    def collecting_when_idle(self) -> Iterator[None]:
        """While inside, the garbage collector runs when the loop is about to wait, not in
        the middle of a frame (see `gc_pacing`)."""
        self.gc = GcPacing()
        self.gc.start()
        try:
            yield
        finally:
            self.gc.stop()
            self.gc = None
