"""Two lines every table screen keeps: what the table waits for and from whom (under the
header), and the host's line (at the foot: the current choice and the keys, or the question
a destructive command asks). Both are at least 22 px at 1280x720 (15 px at 800x480), read
from 2 m.
"""

from __future__ import annotations

import pygame

from ..engine.views import HostLine
from .canvas import Canvas
from .fonts import Face
from .theme import ACCENT, ALERT, DARK_TEXT, HEADER_BG, MUTED

__all__ = ["HostLine", "draw_host_line", "draw_waiting", "host_rect", "waiting_rect"]

# Their text size, in px at 1280x720 (x0.667 at 800x480: 17 px): the letters of a line are at
# least 22 px tall at 1280x720 and 15 px at 800x480 even with no descender in it, measured on
# the pixels (tests/display/test_host_screens.py).
MIN_PX = 25


def waiting_rect(c: Canvas, text: str, area: pygame.Rect) -> tuple[pygame.Rect, list[str]]:
    """Where the waiting line goes across the top of `area` (up to three lines: a big
    table's list of names is read whole, not cut), and its lines."""
    size, pad, bar = c.px(MIN_PX, minimum=17), c.sp(6), c.sp(6)
    lines = c.wrap(text, "bold", size, area.w - 3 * pad - bar, 3)
    return pygame.Rect(area.x, area.y, area.w, len(lines) * c.lh("bold", size) + 2 * pad), lines


def draw_waiting(c: Canvas, lines: list[str], rect: pygame.Rect) -> None:
    """What the table waits for, in bold, beside an accent bar."""
    size, pad, bar = c.px(MIN_PX, minimum=17), c.sp(6), c.sp(6)
    c.box(HEADER_BG, rect, c.sp(8))
    pygame.draw.rect(c.surface, ACCENT, pygame.Rect(rect.x, rect.y, bar, rect.h),
                     border_radius=c.sp(3))
    y = rect.y + pad
    for line in lines:
        c.blit_text(line, "bold", size, ACCENT, rect.x + bar + 2 * pad, y, rect.w - 3 * pad - bar)
        y += c.lh("bold", size)


def _face(host: HostLine) -> Face:
    return "bold" if host.asking or host.active else "regular"


def host_rect(c: Canvas, text: str, host: HostLine,
              area: pygame.Rect) -> tuple[pygame.Rect, list[str]]:
    """Where the host's line goes at the bottom of `area` (up to two lines), and its lines."""
    size, pad = c.px(MIN_PX, minimum=17), c.sp(5)
    lines = c.wrap(text, _face(host), size, area.w - 4 * pad, 2)
    height = len(lines) * c.lh(_face(host), size) + 2 * pad
    return pygame.Rect(area.x, area.bottom - height, area.w, height), lines


def draw_host_line(c: Canvas, lines: list[str], host: HostLine, rect: pygame.Rect) -> None:
    """The host's line: quiet when idle, lit while the host is choosing, red while a
    destructive command waits for its second Return."""
    size, pad = c.px(MIN_PX, minimum=17), c.sp(5)
    fill = ALERT if host.asking else (ACCENT if host.active else HEADER_BG)
    fg = DARK_TEXT if host.asking or host.active else MUTED
    c.box(fill, rect, c.sp(6))
    y = rect.y + pad
    for line in lines:
        c.blit_text(line, _face(host), size, fg, rect.x + 2 * pad, y, rect.w - 4 * pad)
        y += c.lh(_face(host), size)
