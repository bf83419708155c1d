"""The table screen: draws any game's public `TableView` on a pygame surface.

Nothing here knows a game. A game speaks through the generic view (seats, panels of styled
cells, log lines, an optional timer); every word shown comes from a `Msg` rendered with the
`translate` callable handed in, or is data (names, numbers) the game put in a cell.

Layout, top to bottom and left to right:

    header   game name, headline (e.g. the round's card), one-line detail, timer on the right
    banner   optional strip for a host correction or an error
    body     seats on the left (a grid that adapts to the count), panels on the right,
             the log under the seats when there is room, else under the panels

Sizes scale with the surface (a unit `u` is 1.0 at 1280x720), so the same code serves a TV
and the Pi's 800x480 touch display. Every text is truncated with an ellipsis or wrapped to
its box, so nothing is ever drawn off-screen.

This module composes the frame and places the log; `header` draws the header, timer and
banner, `seats` the seat list, `panel_plan` and `panels` plan and draw the panels, `canvas`
holds the unit and the text helpers, `theme` the colours and words, `layout` the record of
where things went.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from ..engine.text import Msg
from ..engine.views import TableView
from .canvas import Canvas, Translate
from .fonts import FontCache
from .header import draw_banner, draw_header, format_clock
from .layout import Layout
from .panel_plan import PanelPlanner
from .panels import draw_panels
from .seats import draw_seats, plan_seats
from .theme import BG, BG_FINAL, FG, LOG_BG, MAX_LOG_LINES, MUTED

__all__ = ["Layout", "TableScreen", "Translate", "format_clock"]


class TableScreen:
    """Draws a `TableView` (plus the demo's LCD mock-ups, a banner and link state) on a surface."""

    def __init__(self, surface: pygame.Surface, translate: Translate,
                 fonts: FontCache | None = None) -> None:
        self.surface = surface
        self.translate = translate
        self.fonts = fonts if fonts is not None else FontCache()
        self.layout: Layout | None = None
        self._panels = PanelPlanner()

    def draw(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
             banner: Msg | str | None = None,
             connected: Mapping[int, bool] | None = None) -> None:
        """Draw one whole frame. Does not flip: the Renderer decides when a frame is shown."""
        surface = self.surface
        w, h = surface.get_size()
        # One unit = one pixel at 1280x720; the width term keeps very wide text from
        # overflowing a narrow (e.g. 4:3 or portrait) screen.
        u = max(0.3, min(h / 720, w / 1100))
        c = Canvas(surface, self.translate, self.fonts, u)
        margin = c.sp(14)
        gap = c.sp(12)
        surface.fill(BG_FINAL if view.final else BG)

        header, timer = draw_header(c, view, pygame.Rect(margin, margin, w - 2 * margin, 0))
        layout = Layout((w, h), u, header, pygame.Rect(0, 0, 0, 0))
        layout.timer = timer
        y = header.bottom + gap
        if banner is not None and c.text_of(banner).strip():
            layout.banner = draw_banner(c, c.text_of(banner),
                                        pygame.Rect(margin, y, w - 2 * margin, 0))
            y = layout.banner.bottom + gap
        body = pygame.Rect(margin, y, w - 2 * margin, max(0, h - margin - y))
        layout.body = body
        self._draw_body(c, view, body, gap, lcds, connected or {}, layout)
        self.layout = layout

    def _draw_body(self, c: Canvas, view: TableView, body: pygame.Rect, gap: int,
                   lcds: Mapping[int, tuple[str, str]] | None, connected: Mapping[int, bool],
                   layout: Layout) -> None:
        n = len(view.seats)
        show_lcds = lcds is not None and n > 0
        # The seat column widens for the LCD mock-ups and for big tables, where a second
        # column of cards keeps names readable instead of shrinking every row.
        frac = 0.33
        if show_lcds:
            frac = 0.42
        if n > 6:
            frac = 0.5
        if not view.panels:
            frac = max(frac, 0.5)
        left_w = round(body.w * frac) if view.panels or view.log else body.w
        left = pygame.Rect(body.x, body.y, left_w, body.h)
        right = pygame.Rect(left.right + gap, body.y, max(0, body.right - left.right - gap),
                            body.h)

        plan = plan_seats(c, n, left, gap, show_lcds)
        seats_h = plan.rows * plan.card_h + max(0, plan.rows - 1) * c.sp(8) if n else 0

        log_lines = [c.text_of(m) for m in view.log[-MAX_LOG_LINES:]]
        log_size = c.px(16)
        log_pad = c.sp(8)
        log_need = len(log_lines) * c.lh("regular", log_size) + 2 * log_pad if log_lines else 0
        # The log goes under the seats when they leave room for at least two lines (keeping
        # the newest), so the panels keep the full height; otherwise it sits under the
        # panels, taking at most a third.
        line_h = c.lh("regular", log_size)
        room_lines = (left.h - seats_h - gap - 2 * log_pad) // line_h if line_h else 0
        log_left = bool(log_lines) and bool(view.panels) and room_lines >= min(2, len(log_lines))
        if log_left:
            log_lines = log_lines[-room_lines:]
            log_need = len(log_lines) * line_h + 2 * log_pad
        if log_lines and not view.panels and right.w > 0:
            log_left = False

        layout.seats = pygame.Rect(left.x, left.y, left.w, seats_h)
        draw_seats(c, view.seats, plan, left, lcds if plan.lcd else None, connected, layout)

        panels_area = right
        if log_lines:
            if log_left:
                rect = pygame.Rect(left.x, left.y + seats_h + gap, left.w,
                                   min(log_need, left.bottom - (left.y + seats_h + gap)))
            elif view.panels:
                log_h = min(log_need, right.h // 3)
                rect = pygame.Rect(right.x, right.bottom - log_h, right.w, log_h)
                panels_area = pygame.Rect(right.x, right.y, right.w, max(0, right.h - log_h - gap))
            else:
                rect = pygame.Rect(right.x, right.y, right.w, min(log_need, right.h))
            layout.log = _draw_log(c, log_lines, rect, log_size, log_pad)
        if view.panels and panels_area.w > 0 and panels_area.h > 0:
            layout.panels = panels_area
            draw_panels(c, self._panels, view.panels, panels_area, gap, view.final, layout)


def _draw_log(c: Canvas, lines: Sequence[str], rect: pygame.Rect, size: int,
              pad: int) -> pygame.Rect:
    pygame.draw.rect(c.surface, LOG_BG, rect, border_radius=c.sp(8))
    line_h = c.lh("regular", size)
    fits = max(0, (rect.h - 2 * pad) // line_h)
    shown = list(lines[-fits:]) if fits else []
    y = rect.y + pad
    for i, line in enumerate(shown):
        newest = i == len(shown) - 1
        # Older lines fade so the newest event stands out without a label.
        c.blit_text(line, "bold" if newest else "regular", size, FG if newest else MUTED,
                    rect.x + pad + c.sp(4), y, rect.w - 2 * pad - c.sp(4))
        y += line_h
    return rect
