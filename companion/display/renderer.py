"""Redraw only when something changed: the table screen's frame policy.

While everyone thinks, nothing on the table changes, so nothing should be drawn: a loop that
redraws and flips every frame cost 0.02-0.28 of a core here versus 0.004 for one that draws
only on change (hardware-notes.md, "Idle cost"). `Renderer.update` compares the new inputs
with the ones last drawn (frozen dataclasses and dicts compare by value) and draws only when
they differ; the table screen then draws again only the regions that changed, and only those
are pushed to the display (`pygame.display.update(rects)`), a whole flip only when the layout
moved.

A running timer is the one thing that changes without a new input. The display shows whole
seconds, so the comparison uses the displayed second, not the millisecond count: a view
updated every tick still redraws once a second, and `next_redraw_in` tells the loop how long
it may sleep. The timer also counts down on its own from the moment a view arrived, so the
app need not push a new view every second (the engine only learns the time through actions).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import replace

import pygame

from ..boxes.vocabulary import JoinInvite
from ..engine.text import Msg
from ..engine.views import TableView, TimerView
from .canvas import Translate
from .fonts import FontCache
from .legibility import TextAudit
from .paging import PAGE_SECONDS, page_of
from .regions import pushed
from .sound import TimerBell
from .table_screen import HostLine, TableScreen

Clock = Callable[[], float]

_NEVER = object()


class Renderer:
    """Owns the screen; `update` draws and flips only on change. `frames` counts draws."""

    def __init__(self, surface: pygame.Surface, translate: Translate, *,
                 fonts: FontCache | None = None, clock: Clock = time.monotonic,
                 flip: Callable[[], None] | None = None,
                 wall_ms: Callable[[], int] | None = None,
                 bell: TimerBell | None = None,
                 audit: TextAudit | None = None) -> None:
        self.screen = TableScreen(surface, translate, fonts, audit)
        self.bell = bell  # rings at the timer's warnings and zero (sound.py)
        # With a wall clock, a running timer's time left is its deadline minus now, which is
        # right even after a restart; without one it counts down from when the view arrived.
        self._wall_ms = wall_ms
        self.frames = 0
        self._clock = clock
        self._flip = flip
        self._last_key: object = _NEVER
        self._expecting = False  # the screen's likely fonts handed to `fonts.expect`
        # The running timer as last received, when it arrived, so it can count down locally.
        self._anchor: tuple[TimerView, float] | None = None

    @property
    def surface(self) -> pygame.Surface:
        return self.screen.surface

    def set_surface(self, surface: pygame.Surface) -> None:
        """A new surface (window resized, display reopened): the next update must draw."""
        self.screen.surface = surface
        self._expecting = False  # other sizes: other fonts
        self.invalidate()

    def warm_step(self) -> bool:
        """Load a few glyphs into a font this screen's frames may use (`FontCache.
        warm_step`); the loop calls it while it waits. Returns whether more are left."""
        if not self._expecting:
            self.screen.fonts.expect(sorted(self.screen.expected_fonts()))
            self._expecting = True
        return self.screen.fonts.warm_step()

    @property
    def lays_out(self) -> bool:
        """It has a screen to keep sprites for and lay frames out ahead on."""
        return True

    def keep_step(self) -> bool:
        """Copy a part the last frame drew into a sprite (`TableScreen.keep_step`); the
        loop calls it while it waits. Returns whether more are left."""
        return self.screen.keep_step()

    def look_ahead(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
                   banner: Msg | str | None = None,
                   connected: Mapping[int, bool | Msg] | None = None,
                   host: HostLine | None = None, invite: JoinInvite | None = None,
                   stop: Callable[[], bool] | None = None, changed: bool = False) -> bool:
        """Lay out the frame `update` would draw for these, showing nothing (the loop asks
        it while it waits, for the table's likely next view: app.look_ahead); `changed`:
        draw its new cards and panels ahead too. Returns False when `stop` cut it short."""
        return self.screen.prepare(view, lcds, banner, connected, host, invite, stop, changed)

    def invalidate(self) -> None:
        """Forget what was drawn (e.g. the window was exposed), so the next update redraws
        the whole frame."""
        self._last_key = _NEVER
        self.screen.invalidate()

    # ------------------------------------------------------------ the frame policy

    def update(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
               banner: Msg | str | None = None,
               connected: Mapping[int, bool | Msg] | None = None,
               host: HostLine | None = None,
               invite: JoinInvite | None = None) -> bool:
        """Draw and flip if anything shown differs from the last frame; return whether it drew."""
        shown = self._with_local_timer(view)
        if self.bell is not None:
            self.bell.observe(shown.timer)
        # A table split into pages turns a page every PAGE_SECONDS by itself.
        now = self._clock()
        page = page_of(now, self.screen.pages)
        key: tuple[object, ...] = (
            page,
            # The view itself when it has no timer: an unchanged view is then the very same
            # object (the app keeps it until the state changes), compared in no time.
            shown if shown.timer is None else replace(shown, timer=None),
            _timer_key(shown.timer),
            None if lcds is None else dict(lcds),  # a copy: the caller may mutate its dict
            banner,
            None if connected is None else dict(connected),
            host,
            invite,
        )
        if key == self._last_key:
            return False
        # The page for the page count this frame needs (a table that just became paged,
        # or changed its page count, is drawn once, on the page the clock says).
        drawn = self.screen.draw(shown, lcds, banner, connected, host, invite,
                                 lambda pages: page_of(now, pages))
        key = (page_of(now, self.screen.pages), *key[1:])
        self._show(drawn)
        self.frames += 1
        self._last_key = key
        return True

    def next_redraw_in(self, view: TableView) -> float | None:
        """Seconds until the timer's displayed second or the page changes; None if nothing
        will change."""
        turn = None
        if self.screen.pages > 1:
            turn = PAGE_SECONDS - self._clock() % PAGE_SECONDS + 0.001
        timer_in = self._timer_redraw_in(view)
        if turn is None or timer_in is None:
            return turn if timer_in is None else timer_in
        return min(turn, timer_in)

    def _timer_redraw_in(self, view: TableView) -> float | None:
        timer = view.timer
        if timer is None or not timer.running:
            return None
        left = self._remaining(timer)
        if left <= 0:
            return None
        shown_secs = math.ceil(left / 1000)
        # +1 ms so the loop wakes just after the boundary, not a hair before it.
        return (left - (shown_secs - 1) * 1000) / 1000 + 0.001

    # ------------------------------------------------------------ helpers

    def _remaining(self, timer: TimerView) -> float:
        """Milliseconds left now: from the deadline and the wall clock, else counted down
        locally since this timer view arrived."""
        if timer.running and timer.deadline_ms is not None and self._wall_ms is not None:
            return float(max(0, timer.deadline_ms - self._wall_ms()))
        if self._anchor is None or self._anchor[0] != timer:
            return float(timer.remaining_ms)
        since = self._clock() - self._anchor[1]
        return max(0.0, timer.remaining_ms - since * 1000) if timer.running else timer.remaining_ms

    def _with_local_timer(self, view: TableView) -> TableView:
        timer = view.timer
        if timer is None:
            self._anchor = None
            return view
        if self._anchor is None or self._anchor[0] != timer:
            self._anchor = (timer, self._clock())
        left = self._remaining(timer)
        # Warn from the first threshold on; at zero show "time" even before the game hears.
        warning = timer.warning or bool(timer.warnings_ms and left <= max(timer.warnings_ms))
        expired = timer.expired or (timer.running and left <= 0)
        if (left, warning, expired) == (timer.remaining_ms, timer.warning, timer.expired):
            return view
        return replace(view, timer=replace(timer, remaining_ms=math.ceil(left), warning=warning,
                                           expired=expired))

    def _show(self, dirty: list[pygame.Rect] | None) -> None:
        """Push the frame: only the rects drawn again, or the whole surface (None)."""
        if self._flip is not None:
            self._flip()
        elif pygame.display.get_init() and pygame.display.get_surface() is self.surface:
            if dirty is None:
                pygame.display.flip()
            elif dirty:
                pygame.display.update(pushed(dirty))


def _timer_key(timer: TimerView | None) -> tuple[object, ...] | None:
    """What of a timer is visible: the label, the whole seconds shown, running, warning."""
    if timer is None:
        return None
    return (timer.label, math.ceil(max(0, timer.remaining_ms) / 1000), timer.running,
            timer.warning, timer.expired)
