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

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

import pygame

from ..boxes.vocabulary import JoinInvite
from ..engine.text import Msg
from ..engine.views import SeatLine, TableView
from .canvas import Canvas, Translate
from .fonts import FontCache
from .header import banner_rect, draw_banner, draw_header, format_clock, header_rect
from .host_line import HostLine, draw_host_line, draw_waiting, host_rect, waiting_rect
from .invite_card import card_width, draw_invite, invite_rect
from .layout import Layout
from .panel_plan import PanelPlanner
from .panels import draw_panels
from .seats import SeatPlan, draw_seat, plan_seats, seat_rects
from .theme import BG, BG_FINAL, FG, LOG_BG, MAX_LOG_LINES, MUTED

__all__ = ["HostLine", "Layout", "TableScreen", "Translate", "format_clock"]


@dataclass(frozen=True)
class Region:
    """One part of the frame: where it goes, what it shows (`key`), and how to draw it."""

    name: Hashable
    rect: pygame.Rect
    key: object
    draw: Callable[[Layout], None]


class TableScreen:
    """Draws a `TableView` (plus the demo's LCD mock-ups, a banner and link state) on a surface.

    A frame is a set of regions (header, banner, each seat's card, the log, the panels) that
    never overlap. Only the regions whose content or place changed are drawn again (after
    the places they left are cleared), and `draw` returns those rects for
    `pygame.display.update`; the whole frame is drawn only when the surface, its scale or the
    background changes."""

    def __init__(self, surface: pygame.Surface, translate: Translate,
                 fonts: FontCache | None = None) -> None:
        self.surface = surface
        self.translate = translate
        self.fonts = fonts if fonts is not None else FontCache()
        self.layout: Layout | None = None
        self._panels = PanelPlanner()
        self._base: object = None  # (size, unit, background) of the last frame
        self._keys: dict[Hashable, object] = {}
        self._rects: dict[Hashable, pygame.Rect] = {}
        self._seat_meta: tuple[pygame.Rect | None, int, float] = (None, 1, 1.0)

    def invalidate(self) -> None:
        """The next `draw` draws the whole frame (the surface was replaced or exposed)."""
        self._base = None

    def draw(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
             banner: Msg | str | None = None,
             connected: Mapping[int, bool] | None = None,
             host: HostLine | None = None,
             invite: JoinInvite | None = None) -> list[pygame.Rect] | None:
        """Draw the frame. Returns the rects drawn again, or None when the whole surface was
        (then show it with a flip). Does not show it: the Renderer decides when."""
        surface = self.surface
        w, h = surface.get_size()
        # One unit = one pixel at 1280x720; the width term keeps very wide text from
        # overflowing a narrow (e.g. 4:3 or portrait) screen.
        u = max(0.3, min(h / 720, w / 1100))
        c = Canvas(surface, self.translate, self.fonts, u)
        margin = c.sp(14)
        gap = c.sp(12)
        bg = BG_FINAL if view.final else BG

        head = header_rect(c, view, pygame.Rect(margin, margin, w - 2 * margin, 0))
        def header(layout: Layout) -> None:
            layout.header, layout.timer = draw_header(c, view, head)

        regions = [Region("header", head, (view.game, view.headline, view.detail, view.timer,
                                           view.final), header)]
        y = head.bottom + gap
        bottom = h - margin
        lines_at = self._host_regions(c, host, pygame.Rect(margin, y, w - 2 * margin, bottom - y))
        for region in lines_at:
            regions.append(region)
            if region.name == "waiting":
                y = region.rect.bottom + gap
            else:
                bottom = region.rect.top - gap
        banner_at: pygame.Rect | None = None
        text = c.text_of(banner) if banner is not None else ""
        if text.strip():
            banner_at = banner_rect(c, text, pygame.Rect(margin, y, w - 2 * margin, 0))
            strip = pygame.Rect(margin, y, w - 2 * margin, 0)

            def draw_strip(layout: Layout) -> None:
                layout.banner = draw_banner(c, text, strip)

            regions.append(Region("banner", banner_at, text, draw_strip))
            y = banner_at.bottom + gap
        body = pygame.Rect(margin, y, w - 2 * margin, max(0, bottom - y))
        if invite is not None:
            # The phones' join card takes a column at the right; the rest lays out as usual.
            card_w = card_width(c, body)
            card = invite_rect(c, invite, pygame.Rect(body.right - card_w, body.y, card_w,
                                                      body.h))

            def draw_card(layout: Layout) -> None:
                layout.invite = draw_invite(c, invite, card)

            regions.append(Region("invite", card, invite, draw_card))
            body = pygame.Rect(body.x, body.y, max(0, body.w - card_w - gap), body.h)
        regions += self._body(c, view, body, gap, lcds, connected or {})

        base = ((w, h), u, bg)
        full = base != self._base or self.layout is None
        dirty: list[pygame.Rect] = []
        if full:
            layout = Layout((w, h), u, head, body)
            surface.fill(bg)
            todo = regions
        else:
            # Clear the places regions left (moved or gone): regions never overlap, so this
            # touches nothing that stays; then draw what is new, moved or changed.
            placed = {r.name: r.rect for r in regions}
            for name, rect in self._rects.items():
                if placed.get(name) != rect:
                    surface.fill(bg, rect)
                    dirty.append(rect)
            todo = [r for r in regions
                    if self._rects.get(r.name) != r.rect or self._keys.get(r.name) != r.key]
            assert self.layout is not None
            old = self.layout
            layout = replace(old, seat_cards=dict(old.seat_cards),
                             seat_money=dict(old.seat_money), lcds=dict(old.lcds),
                             panel_boxes=list(old.panel_boxes), cells=dict(old.cells))
        layout.header, layout.body = head, body
        layout.banner = banner_at
        extra = {r.name: r.rect for r in lines_at}
        layout.waiting, layout.host = extra.get("waiting"), extra.get("host")
        if layout.waiting is None:
            layout.waiting_lines = []
        if layout.host is None:
            layout.host_lines = []
        layout.seats, layout.seat_columns, layout.seat_scale = self._seat_meta
        if not any(r.name == "log" for r in regions):
            layout.log = None
        if invite is None:
            layout.invite = None
        if not any(r.name == "panels" for r in regions):
            layout.panels, layout.panel_boxes, layout.cells = None, [], {}
        shown = {seat.seat for seat in view.seats}
        for table in (layout.seat_cards, layout.seat_money, layout.lcds):
            for seat in set(table) - shown:
                del table[seat]
        if view.timer is None:
            layout.timer = None
        for region in todo:
            if not full:
                surface.fill(bg, region.rect)
                dirty.append(region.rect)
            with c.clipped(region.rect):
                region.draw(layout)
        self._keys = {r.name: r.key for r in regions}
        self._rects = {r.name: r.rect for r in regions}
        self._base = base
        self.layout = layout
        return None if full else dirty

    def _host_regions(self, c: Canvas, host: HostLine | None,
                      area: pygame.Rect) -> list[Region]:
        """The waiting line (top of `area`) and the host's line (its foot), as regions."""
        if host is None:
            return []
        out: list[Region] = []
        gap = c.sp(12)
        if host.waiting is not None:
            wait_at, wait_lines = waiting_rect(c, c.text_of(host.waiting), area)

            def waiting(layout: Layout) -> None:
                draw_waiting(c, wait_lines, wait_at)
                layout.waiting_lines = wait_lines

            out.append(Region("waiting", wait_at, tuple(wait_lines), waiting))
            area = pygame.Rect(area.x, wait_at.bottom + gap, area.w,
                               max(0, area.bottom - wait_at.bottom - gap))
        host_at, host_lines = host_rect(c, c.text_of(host.hint), host, area)

        def host_line(layout: Layout) -> None:
            draw_host_line(c, host_lines, host, host_at)
            layout.host_lines = host_lines

        out.append(Region("host", host_at, (tuple(host_lines), host.active, host.asking),
                          host_line))
        return out

    def _body(self, c: Canvas, view: TableView, body: pygame.Rect, gap: int,
              lcds: Mapping[int, tuple[str, str]] | None,
              connected: Mapping[int, bool]) -> list[Region]:
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

        regions = self._seat_regions(c, view, plan, left, seats_h, lcds, connected)
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
            lines = tuple(log_lines)

            def log(layout: Layout, rect: pygame.Rect = rect) -> None:
                layout.log = _draw_log(c, lines, rect, log_size, log_pad)

            regions.append(Region("log", rect, lines, log))
        if view.panels and panels_area.w > 0 and panels_area.h > 0:
            final = view.final

            def panels(layout: Layout, area: pygame.Rect = panels_area) -> None:
                layout.panels = area
                layout.panel_boxes = []
                layout.cells = {}
                draw_panels(c, self._panels, view.panels, area, gap, final, layout)

            regions.append(Region("panels", panels_area, (view.panels, final), panels))
        return regions

    def _seat_regions(self, c: Canvas, view: TableView, plan: SeatPlan, left: pygame.Rect,
                      seats_h: int, lcds: Mapping[int, tuple[str, str]] | None,
                      connected: Mapping[int, bool]) -> list[Region]:
        area = pygame.Rect(left.x, left.y, left.w, seats_h)
        self._seat_meta = (area, plan.cols, plan.scale)
        regions = []
        for seat, rect in zip(view.seats, seat_rects(c, len(view.seats), plan, left),
                              strict=True):
            rect = rect.clip(left)  # the grid never draws outside its column
            lines = lcds.get(seat.seat) if lcds is not None else None
            online = connected.get(seat.seat, True)

            def card(layout: Layout, seat: SeatLine = seat, rect: pygame.Rect = rect,
                     lines: tuple[str, str] | None = lines, online: bool = online) -> None:
                layout.seat_money.pop(seat.seat, None)
                draw_seat(c, seat, rect, plan.scale, lines, plan.lcd and lcds is not None,
                          online, layout)

            regions.append(Region(("seat", seat.seat), rect, (seat, lines, online), card))
        return regions


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
