"""The top of the table screen: the header (game name, headline, one-line detail), the timer on
its right, and the banner under it for a host correction or an error.
"""

from __future__ import annotations

import math

import pygame

from ..engine.views import TableView, TimerView
from .canvas import Canvas
from .theme import (
    ACCENT,
    ALERT,
    BANNER_BG,
    BANNER_FG,
    CARD_BG,
    DARK_TEXT,
    FG,
    FINAL_RESULTS,
    GOLD,
    GOLD_DEEP,
    HEADER_BG,
    MUTED,
    PAUSED,
    TIME_UP,
)


def header_rect(c: Canvas, view: TableView, area: pygame.Rect) -> pygame.Rect:
    """Where the header goes across `area` (its height follows the detail's wrapping)."""
    pad = c.sp(12)
    game_size, head_size, detail_size = c.px(17), c.px(34, minimum=18), c.px(20)
    detail_lines = c.wrap(c.text_of(view.detail), "regular", detail_size,
                          _inner_w(c, view, area), 3)
    height = (pad + c.lh("bold", game_size) + c.lh("bold", head_size)
              + len(detail_lines) * c.lh("regular", detail_size) + pad)
    if view.timer is not None:
        height = max(height, _timer_height(c) + 2 * pad)
    return pygame.Rect(area.x, area.y, area.w, height)


def _inner_w(c: Canvas, view: TableView, area: pygame.Rect) -> int:
    pad = c.sp(12)
    timer_w = _timer_width(c, view.timer) if view.timer is not None else 0
    return area.w - 2 * pad - (timer_w + pad if timer_w else 0) - c.sp(6)


def draw_header(c: Canvas, view: TableView,
                area: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect | None]:
    """Draw the header across `area`; return its rect and the timer's (None: no timer)."""
    pad = c.sp(12)
    game_size, head_size, detail_size = c.px(17), c.px(34, minimum=18), c.px(20)
    timer_w = _timer_width(c, view.timer) if view.timer is not None else 0
    inner_w = _inner_w(c, view, area)
    detail_lines = c.wrap(c.text_of(view.detail), "regular", detail_size, inner_w, 3)
    height = header_rect(c, view, area).h
    rect = pygame.Rect(area.x, area.y, area.w, height)
    radius = c.sp(10)
    c.box(HEADER_BG, rect, radius)
    # The accent bar turns gold for the final results, so the end of the game reads at once.
    bar = pygame.Rect(rect.x, rect.y, c.sp(6), rect.h)
    pygame.draw.rect(c.surface, GOLD if view.final else ACCENT, bar,
                     border_top_left_radius=radius, border_bottom_left_radius=radius)
    if view.final:
        pygame.draw.rect(c.surface, GOLD_DEEP, rect, width=max(2, c.sp(2)),
                         border_radius=radius)

    x = rect.x + pad + c.sp(6)
    y = rect.y + pad
    game_rect = c.blit_text(c.text_of(view.game).upper(), "bold", game_size, MUTED,
                            x, y, inner_w)
    if view.final:
        label = c.text_of(FINAL_RESULTS)
        room = x + inner_w - (game_rect.right + c.sp(14))
        c.pill(label, c.px(15), GOLD, DARK_TEXT, game_rect.right + c.sp(14),
               y + (c.lh("bold", game_size) - c.pill_h(c.px(15))) // 2, room)
    y += c.lh("bold", game_size)
    c.blit_text(c.text_of(view.headline), "bold", head_size,
                GOLD if view.final else FG, x, y, inner_w)
    y += c.lh("bold", head_size)
    for line in detail_lines:
        c.blit_text(line, "regular", detail_size, MUTED, x, y, inner_w)
        y += c.lh("regular", detail_size)

    timer = None
    if view.timer is not None:
        box = pygame.Rect(rect.right - pad - timer_w, rect.y + pad, timer_w, rect.h - 2 * pad)
        timer = _draw_timer(c, view.timer, box)
    return rect, timer


def _timer_label(c: Canvas, timer: TimerView) -> str:
    label = c.text_of(timer.label)
    if not timer.running and not timer.expired:
        label = f"{label} ({c.text_of(PAUSED)})"
    return label


def _timer_width(c: Canvas, timer: TimerView) -> int:
    """Wide enough for its label and digits whole ("Handel (pauza)", "KONIEC")."""
    label_size, digits_size = c.px(16), c.px(54, minimum=24)
    digits = c.text_of(TIME_UP) if timer.expired else format_clock(timer.remaining_ms)
    return max(c.sp(210),
               c.fonts.measure(_timer_label(c, timer), "regular", label_size) + 2 * c.sp(10),
               c.fonts.measure(digits, "bold", digits_size) + 2 * c.sp(10))


def _timer_height(c: Canvas) -> int:
    return (c.lh("regular", c.px(16)) + c.lh("bold", c.px(54, minimum=24))
            + c.sp(8))


def _draw_timer(c: Canvas, timer: TimerView, box: pygame.Rect) -> pygame.Rect:
    label_size, digits_size = c.px(16), c.px(54, minimum=24)
    colour = ALERT if timer.warning else (FG if timer.running else MUTED)
    fill = pygame.Color("#3a1c1c") if timer.warning else CARD_BG
    pygame.draw.rect(c.surface, fill, box, border_radius=c.sp(8))
    if timer.warning:
        pygame.draw.rect(c.surface, ALERT, box, width=max(2, c.sp(3)),
                         border_radius=c.sp(8))
    label = _timer_label(c, timer)
    inner = box.w - 2 * c.sp(8)
    y = box.y + c.sp(4)
    if label != c.text_of(TIME_UP) or not timer.expired:  # never "TIME" over "TIME"
        c.blit_text(label, "regular", label_size, MUTED, box.centerx, y, inner, "center")
    y += c.lh("regular", label_size)
    digits_h = c.lh("bold", digits_size)
    y = max(y, box.bottom - digits_h - c.sp(2))
    digits = c.text_of(TIME_UP) if timer.expired else format_clock(timer.remaining_ms)
    c.blit_text(digits, "bold", digits_size, ALERT if timer.expired else colour,
                box.centerx, y, inner, "center")
    return box


def banner_rect(c: Canvas, text: str, area: pygame.Rect) -> pygame.Rect:
    """Where the banner goes across `area` (up to two lines), at the size `draw_banner` draws
    (a smaller one here would clip the drawn text's second line)."""
    size, pad = c.px(24), c.sp(8)
    lines = c.wrap(text, "bold", size, area.w - 4 * pad, 2)
    return pygame.Rect(area.x, area.y, area.w, len(lines) * c.lh("bold", size) + 2 * pad)


def draw_banner(c: Canvas, text: str, area: pygame.Rect) -> pygame.Rect:
    """A strip across `area` for a host correction or an error, up to two lines; its text is
    24 px at 1280x720, readable from 2 m (a fault's words must be read from every seat)."""
    size = c.px(24)
    pad = c.sp(8)
    lines = c.wrap(text, "bold", size, area.w - 4 * pad, 2)
    rect = banner_rect(c, text, area)
    c.box(BANNER_BG, rect, c.sp(8))
    y = rect.y + pad
    for line in lines:
        c.blit_text(line, "bold", size, BANNER_FG, rect.centerx, y, area.w - 4 * pad,
                    "center")
        y += c.lh("bold", size)
    return rect


def format_clock(remaining_ms: int) -> str:
    """mm:ss (h:mm:ss past an hour), rounded up so 0:00 shows only when time is out."""
    secs = max(0, math.ceil(remaining_ms / 1000))
    h, rem = divmod(secs, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
