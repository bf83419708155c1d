"""The table's log: the last few events, newest at the bottom, each wrapped whole.

A log line is never cut with an ellipsis: an entry is wrapped onto as many lines as its
width needs, and when the box is short the oldest entries are left out whole.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .canvas import Canvas
from .fonts import Face
from .theme import FG, LOG_BG, MUTED

MAX_ENTRY_LINES = 4


def log_size(c: Canvas) -> int:
    return c.px(16)


def text_width(c: Canvas, box_w: int) -> int:
    """The width entries are wrapped to in a log box `box_w` wide."""
    return box_w - 2 * c.sp(8) - c.sp(4)


def _face(newest: bool) -> Face:
    return "bold" if newest else "regular"


def wrap_entries(c: Canvas, entries: Sequence[str], width: int) -> list[list[str]]:
    """Each entry's lines at `width` (the newest in bold, as drawn)."""
    size = log_size(c)
    return [c.wrap(text, _face(i == len(entries) - 1), size, width, MAX_ENTRY_LINES)
            for i, text in enumerate(entries)]


def newest_that_fit(wrapped: Sequence[list[str]], lines: int) -> list[list[str]]:
    """The newest entries whose lines add up to at most `lines`, oldest first."""
    kept: list[list[str]] = []
    used = 0
    for entry in reversed(wrapped):
        if used + len(entry) > lines:
            break
        kept.append(entry)
        used += len(entry)
    kept.reverse()
    return kept


def box_height(c: Canvas, wrapped: Sequence[list[str]]) -> int:
    """The height of a box showing `wrapped` (0 when empty)."""
    n = sum(len(e) for e in wrapped)
    return n * c.lh("regular", log_size(c)) + 2 * c.sp(8) if n else 0


def lines_in(c: Canvas, height: int) -> int:
    """How many log lines a box `height` tall holds."""
    return max(0, (height - 2 * c.sp(8)) // max(1, c.lh("regular", log_size(c))))


def draw_log(c: Canvas, wrapped: Sequence[list[str]], rect: pygame.Rect) -> pygame.Rect:
    """The entries, newest at the bottom, whole entries only; older ones fade."""
    c.box(LOG_BG, rect, c.sp(8))
    size, pad = log_size(c), c.sp(8)
    line_h = c.lh("regular", size)
    shown = newest_that_fit(wrapped, lines_in(c, rect.h))
    y = rect.y + pad
    for i, entry in enumerate(shown):
        newest = i == len(shown) - 1 and entry is wrapped[-1]
        # Older lines fade so the newest event stands out without a label.
        for line in entry:
            c.blit_text(line, _face(newest), size, FG if newest else MUTED,
                        rect.x + pad + c.sp(4), y, rect.w - 2 * pad - c.sp(4))
            y += line_h
    return rect
