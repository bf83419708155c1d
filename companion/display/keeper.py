"""The table screen when there may be no screen: open it when it can be opened.

A Pi that boots before the TV is switched on has no connected display: SDL's KMSDRM driver
fails ("No connected displays found", "kmsdrm not available"). That must not stop the table:
the boxes keep working and every entry is journaled, one log line says why the screen is dark,
and the display is tried again every few seconds, so the table appears when the TV comes on.
A display lost while drawing is handled the same way.

`ScreenKeeper` stands in for the `Renderer` the loop draws through, and is polled by the loop
for its retry deadline (no busy loop: one attempt every `RETRY_SECONDS`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import pygame

from ..boxes.vocabulary import JoinInvite
from ..engine.text import Msg, msg
from ..engine.views import HostLine, TableView
from .canvas import Translate
from .renderer import Renderer
from .sound import TimerBell
from .window import open_display

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0


class ScreenKeeper:
    """Draws through a `Renderer` while a display is open; otherwise retries opening one."""

    def __init__(self, translate: Translate, clock: Callable[[], float], *,
                 size: tuple[int, int] | None = None, fullscreen: bool = False,
                 wall_ms: Callable[[], int] | None = None,
                 on_change: Callable[[bool], None] | None = None,
                 bell: TimerBell | None = None) -> None:
        self.bell = bell  # handed to every renderer: the timer rings on the open screen
        self.translate = translate
        self.clock = clock
        self.size, self.fullscreen, self.wall_ms = size, fullscreen, wall_ms
        self.on_change = on_change  # told True when a display opens, False when it goes
        self.renderer: Renderer | None = None
        self.why: str | None = None  # why there is no display, as SDL said it
        self._retry_at: float | None = None

    @property
    def ready(self) -> bool:
        return self.renderer is not None

    def open(self) -> bool:
        """Try to open the display now; True when the table screen is up."""
        try:
            surface = open_display(self.size, self.fullscreen)
        except pygame.error as exc:
            self._lost(str(exc) or type(exc).__name__)
            return False
        self.renderer = Renderer(surface, self.translate, wall_ms=self.wall_ms, bell=self.bell)
        self._retry_at = None
        if self.why is not None:
            log.warning(msg("display: the table screen is open again").render(self.translate))
        self.why = None
        if self.on_change is not None:
            self.on_change(True)
        return True

    def _lost(self, why: str) -> None:
        if pygame.display.get_init():
            pygame.display.quit()  # the next attempt must start SDL's video afresh
        if why != self.why:  # one line per cause, not one per attempt
            log.warning(msg("display: no table screen ({why}); the boxes and the journal go "
                            "on, and the screen is tried again every {n} s", why=why,
                            n=int(RETRY_SECONDS)).render(self.translate))
        was_up = self.renderer is not None
        self.renderer, self.why = None, why
        self._retry_at = self.clock() + RETRY_SECONDS
        if was_up and self.on_change is not None:
            self.on_change(False)

    # -- what the loop polls

    def next_deadline(self) -> float | None:
        return self._retry_at

    def poll(self, now: float) -> bool:
        """Try again when due; True when the screen has just opened (the table must draw)."""
        if self._retry_at is None or now < self._retry_at:
            return False
        return self.open()

    # -- the Renderer the loop draws through

    def update(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None,
               banner: Msg | str | None, connected: Mapping[int, bool | Msg] | None,
               host: HostLine | None = None,
               invite: JoinInvite | None = None) -> bool:
        if self.renderer is None:
            return False
        try:
            return self.renderer.update(view, lcds, banner, connected, host, invite)
        except pygame.error as exc:  # the display went while drawing
            self._lost(str(exc) or type(exc).__name__)
            return False

    def next_redraw_in(self, view: TableView) -> float | None:
        return None if self.renderer is None else self.renderer.next_redraw_in(view)

    def invalidate(self) -> None:
        """The next update draws the whole frame (the window was uncovered)."""
        if self.renderer is not None:
            self.renderer.invalidate()

    def warm_step(self) -> bool:
        """The open screen's fonts warmed a step (nothing to do with no screen)."""
        return self.renderer is not None and self.renderer.warm_step()

    @property
    def lays_out(self) -> bool:
        """A screen is open (a dark table lays nothing out ahead, and wakes for nothing)."""
        return self.renderer is not None

    def keep_step(self) -> bool:
        """The open screen keeps a part as a sprite (nothing to do with no screen)."""
        return self.renderer is not None and self.renderer.keep_step()

    def look_ahead(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None,
                   banner: Msg | str | None, connected: Mapping[int, bool | Msg] | None,
                   host: HostLine | None = None, invite: JoinInvite | None = None,
                   stop: Callable[[], bool] | None = None, changed: bool = False) -> bool:
        """The open screen lays out a likely next frame (nothing to do with no screen)."""
        if self.renderer is None:
            return True
        return self.renderer.look_ahead(view, lcds, banner, connected, host, invite, stop,
                                        changed)
