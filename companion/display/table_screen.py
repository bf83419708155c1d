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
and the Pi's 800x480 touch display, and no text is smaller than the minimum height read from
across the table (`legibility`). Texts wrap rather than being cut; a crowded body gives up
the demo's LCD mock-ups, then the log, then goes to pages (`body`, `paging`).

This module composes the frame; `regions` holds its parts, `body` arranges the seats, panels
and log, `log` draws the log, `header` draws the header, timer and banner, `seat_plan` and
`seats` plan and draw the seat list, `panel_plan` and `panels` plan and draw the panels,
`memo` keeps their plans from frame to frame, `sprites` the cards and panels drawn before
as pixels, `canvas` holds the unit and the text helpers, `theme` the colours and words,
`layout` the record of where things went.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace

import pygame

from ..boxes.vocabulary import JoinInvite
from ..engine.text import Msg
from ..engine.views import TableView
from .body import arrange, seat_note_size
from .canvas import Canvas, Translate
from .fonts import Face, FontCache
from .header import banner_rect, draw_banner, draw_header, format_clock, header_rect
from .host_line import HostLine, draw_host_line, draw_waiting, host_rect, waiting_rect
from .invite_card import card_width, draw_invite, invite_rect
from .layout import Layout
from .legibility import TextAudit
from .log import draw_log
from .memo import Memo
from .panel_bounds import LEAD, panel_sizes
from .panel_bounds import SCALES as PANEL_SCALES
from .panel_plan import Interrupted, PanelPlanner
from .panels import draw_panels
from .regions import Frame, Region, SeatMeta, clear, outside
from .seat_plan import SCALES as SEAT_SCALES
from .seat_plan import seat_fonts
from .seats import seat_regions
from .sprites import Sprites
from .theme import BG, BG_FINAL, MUTED

__all__ = ["HostLine", "Layout", "TableScreen", "Translate", "format_clock"]


class TableScreen:
    """Draws a `TableView` (plus the demo's LCD mock-ups, a banner and link state) on a surface.

    A frame is a set of regions (header, banner, each seat's card, the log, the panels) that
    never overlap. Only the regions whose content or place changed are drawn again (after
    the places they left are cleared), and `draw` returns those rects for
    `pygame.display.update`; the whole frame is drawn only when the surface, its scale or the
    background changes."""

    def __init__(self, surface: pygame.Surface, translate: Translate,
                 fonts: FontCache | None = None, audit: TextAudit | None = None) -> None:
        self.surface = surface
        self.translate = translate
        self.fonts = fonts if fonts is not None else FontCache()
        # Every text drawn is checked against the minimum height and for cuts (legibility).
        self.audit = audit if audit is not None else TextAudit()
        self.layout: Layout | None = None
        self._panels = PanelPlanner()
        # Layout results kept from frame to frame: a seat locking re-measures one card.
        self._memo = Memo()
        # Cards and panels drawn before, as pixels: a page turned back is copied.
        self.sprites = Sprites()
        self._scratch_surface: pygame.Surface | None = None
        self.pages = 1  # how many pages the last frame's table needed (see `paging`)
        self._base: object = None  # (size, unit, background) of the last frame
        self._keys: dict[Hashable, object] = {}
        self._rects: dict[Hashable, pygame.Rect] = {}

    def keep_step(self) -> bool:
        """Copy one part the last frame drew into a sprite (see `sprites`); the loop calls
        it while it waits. Returns whether more are left."""
        return self.sprites.keep_step()

    def invalidate(self) -> None:
        """The next `draw` draws the whole frame (the surface was replaced or exposed)."""
        self._base = None
        self.sprites = Sprites()  # a new surface may hold its pixels in another format

    def _canvas(self, final: bool = False) -> Canvas:
        """The canvas of a frame (`final`: the final results', on their own background)."""
        w, h = self.surface.get_size()
        # One unit = one pixel at 1280x720; the width term keeps very wide text from
        # overflowing a narrow (e.g. 4:3 or portrait) screen.
        u = max(0.3, min(h / 720, w / 1100))
        return Canvas(self.surface, self.translate, self.fonts, u, self.audit,
                      self._memo.for_canvas(u, self.translate, self.fonts),
                      self.sprites.for_canvas((w, h), u, self.translate, self.fonts),
                      BG_FINAL if final else BG)

    def expected_fonts(self) -> set[tuple[Face, int]]:
        """The fonts the seat cards and the panels may use on this surface, at every scale
        they are planned at (a table that pages, a reveal's new panel, the final sheet).
        The header's, the log's and the host lines' do not change scale: the first frame
        makes them."""
        c = self._canvas()
        fonts: set[tuple[Face, int]] = set()
        for scale in SEAT_SCALES:
            name, pill, _ = seat_fonts(c, scale)  # (the LCD mock-ups' are the demo's)
            fonts |= {("bold", name), ("bold", pill)}
        for scale in (*PANEL_SCALES, *(s * LEAD for s in PANEL_SCALES)):
            title, cell, note = panel_sizes(c, scale)
            fonts |= {("bold", title), ("regular", cell), ("bold", cell), ("regular", note)}
        return fonts

    def draw(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
             banner: Msg | str | None = None,
             connected: Mapping[int, bool | Msg] | None = None,
             host: HostLine | None = None,
             invite: JoinInvite | None = None,
             page: int | Callable[[int], int] = 0) -> list[pygame.Rect] | None:
        """Draw the frame. Returns the rects drawn again, or None when the whole surface was
        (then show it with a flip). Does not show it: the Renderer decides when. `page`
        picks the page shown when the table needs more than one (see `paging`): a number,
        or the page for the number of pages the table turns out to need (a table that
        just became paged is then drawn once, on the right page)."""
        c = self._canvas(view.final)
        frame = self._frame(c, view, lcds, banner, connected, host, invite, page)
        self.pages = frame.pages
        return self._paint(c, view, frame, invite)

    def prepare(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
                banner: Msg | str | None = None,
                connected: Mapping[int, bool | Msg] | None = None,
                host: HostLine | None = None,
                invite: JoinInvite | None = None,
                stop: Callable[[], bool] | None = None, changed: bool = False) -> bool:
        """Lay out the frame `draw` would draw for these, and draw nothing on the screen:
        its arrangement is then remembered, and a later `draw` of the same finds it (see
        app.look_ahead); the cards shown now that it shows at another size are drawn
        ahead into sprites (`_draw_ahead`), and with `changed` every card and panel it
        would draw anew. Changes nothing shown, and nothing `draw` reads but the layout
        memo and the sprites. Stops early when `stop()` says so (between two tries or
        parts); returns whether it finished."""
        c = self._canvas(view.final)
        try:
            if stop is not None and stop():
                raise Interrupted  # (the caller's work before this took a while)
            frame = self._frame(c, view, lcds, banner, connected, host, invite, 0, stop)
            self._draw_ahead(c, frame, stop, changed)
            for page in range(1, frame.pages):
                frame = self._frame(c, view, lcds, banner, connected, host, invite, page, stop)
                self._draw_ahead(c, frame, stop, changed)
        except Interrupted:
            return False
        return True

    def _draw_ahead(self, c: Canvas, frame: Frame, stop: Callable[[], bool] | None,
                    changed: bool) -> None:
        """Draw, on a scratch surface, the cards of `frame` the screen shows now but that
        frame shows at another size (a table that becomes paged): their sprites are then
        ready for it. With `changed`, also the cards and panels it shows anew (the
        loop asks for them for the press that ends a round: app.look_ahead); they may hold
        what is still sealed, but a sprite is only copied into a frame whose part shows
        the very same (its key), which is then the table's, public."""
        for region in frame.regions:
            same_place = self._rects.get(region.name) == region.rect
            shown_now = self._keys.get(region.name) == region.key
            if region.sprite is not None:
                wanted = not c.sprites.has(region.sprite)
            else:
                wanted = changed and region.parts  # panels kept already are only copied
            if not wanted or (same_place and shown_now) or not (shown_now or changed):
                continue
            if stop is not None and stop():
                raise Interrupted
            scratch = self._scratch()
            if not region.covers:
                clear(scratch, c.bg, region.rect)
            ahead = replace(c, surface=scratch, audit=TextAudit())  # not shown: counted nowhere
            with ahead.clipped(region.rect):
                region.draw(ahead, Layout(scratch.get_size(), c.u, frame.head, frame.body))
            while c.sprites.keep_step():  # what it drew, before it is drawn over
                pass

    def _scratch(self) -> pygame.Surface:
        """A surface like the screen's, to draw on ahead of time."""
        size = self.surface.get_size()
        if self._scratch_surface is None or self._scratch_surface.get_size() != size:
            self._scratch_surface = pygame.Surface(size, 0, self.surface)
        return self._scratch_surface

    def _frame(self, c: Canvas, view: TableView, lcds: Mapping[int, tuple[str, str]] | None,
               banner: Msg | str | None, connected: Mapping[int, bool | Msg] | None,
               host: HostLine | None, invite: JoinInvite | None,
               page: int | Callable[[int], int],
               stop: Callable[[], bool] | None = None) -> Frame:
        """Where every region of the frame goes, and what each shows."""
        w, h = self.surface.get_size()
        margin = c.sp(14)
        gap = c.sp(12)

        head = header_rect(c, view, pygame.Rect(margin, margin, w - 2 * margin, 0))
        def header(c: Canvas, layout: Layout) -> None:
            layout.header, layout.timer = draw_header(c, view, head)

        regions = [Region("header", head, (view.game, view.headline, view.detail, view.timer,
                                           view.final), header, covers=True)]
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

            def draw_strip(c: Canvas, layout: Layout) -> None:
                layout.banner = draw_banner(c, text, strip)

            regions.append(Region("banner", banner_at, text, draw_strip, covers=True))
            y = banner_at.bottom + gap
        body = pygame.Rect(margin, y, w - 2 * margin, max(0, bottom - y))
        if invite is not None:
            # The phones' join card takes a column at the right; the rest lays out as usual.
            card_w = card_width(c, body)
            card = invite_rect(c, invite, pygame.Rect(body.right - card_w, body.y, card_w,
                                                      body.h))

            def draw_card(c: Canvas, layout: Layout) -> None:
                layout.invite = draw_invite(c, invite, card)

            regions.append(Region("invite", card, invite, draw_card))
            body = pygame.Rect(body.x, body.y, max(0, body.w - card_w - gap), body.h)
        body_regions, pages, page_seats, seat_meta = self._body(
            c, view, body, gap, lcds, connected or {}, page, stop)
        return Frame(regions + body_regions, head, body, banner_at, lines_at, pages,
                     page_seats, seat_meta)

    def _paint(self, c: Canvas, view: TableView, frame: Frame,
               invite: JoinInvite | None) -> list[pygame.Rect] | None:
        """Draw the regions of `frame` that changed since the last frame (all of them
        when the surface, its scale or the background changed)."""
        surface = self.surface
        c.sprites.drop_waiting()
        w, h = surface.get_size()
        u = c.u
        bg = c.bg
        regions, head, body = frame.regions, frame.head, frame.body
        banner_at, lines_at = frame.banner_at, frame.lines_at
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
            todo = [r for r in regions
                    if self._rects.get(r.name) != r.rect or self._keys.get(r.name) != r.key]
            for name, rect in self._rects.items():
                if placed.get(name) != rect:
                    # Not where a region drawn now goes: that is cleared just below (a
                    # panel area that shrinks by a log line clears only that line).
                    for piece in outside(rect, [r.rect for r in todo]):
                        clear(surface, bg, piece)
                    dirty.append(rect)
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
        layout.seats, layout.seat_columns, layout.seat_scale = frame.seat_meta
        if not any(r.name == "log" for r in regions):
            layout.log = None
        if invite is None:
            layout.invite = None
        if not any(r.name == "panels" for r in regions):
            layout.panels, layout.panel_boxes, layout.cells = None, [], {}
        shown = frame.page_seats  # a paged table shows only this page's seats
        for table in (layout.seat_cards, layout.seat_money, layout.lcds):
            for seat in set(table) - shown:
                del table[seat]
        if view.timer is None:
            layout.timer = None
        for region in todo:
            if not full:
                if not region.covers:
                    clear(surface, bg, region.rect)
                dirty.append(region.rect)
            with c.clipped(region.rect):
                region.draw(c, layout)
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

            def waiting(c: Canvas, layout: Layout) -> None:
                draw_waiting(c, wait_lines, wait_at)
                layout.waiting_lines = wait_lines

            out.append(Region("waiting", wait_at, tuple(wait_lines), waiting, covers=True))
            area = pygame.Rect(area.x, wait_at.bottom + gap, area.w,
                               max(0, area.bottom - wait_at.bottom - gap))
        host_at, host_lines = host_rect(c, c.text_of(host.hint), host, area)

        def host_line(c: Canvas, layout: Layout) -> None:
            draw_host_line(c, host_lines, host, host_at)
            layout.host_lines = host_lines

        out.append(Region("host", host_at, (tuple(host_lines), host.active, host.asking),
                          host_line, covers=True))
        return out

    def _body(self, c: Canvas, view: TableView, body: pygame.Rect, gap: int,
              lcds: Mapping[int, tuple[str, str]] | None,
              connected: Mapping[int, bool | Msg],
              page: int | Callable[[int], int], stop: Callable[[], bool] | None
              ) -> tuple[list[Region], int, set[int], SeatMeta]:
        """The body's regions, its page count, the seats its page shows, and where the
        seat grid went."""
        if stop is not None and stop():
            raise Interrupted  # before the arrangement: the header and lines took a while
        arranged = arrange(c, self._panels, view, body, gap,
                           lcds is not None and len(view.seats) > 0, connected, page, stop)
        view = arranged.view  # the page's seats and rows when the table is paged
        page_seats = {seat.seat for seat in view.seats}
        left, plan, seats_h = arranged.left, arranged.seats, arranged.seats_h
        regions = seat_regions(c, view, plan, left, lcds, connected)
        seat_meta = (pygame.Rect(left.x, left.y, left.w, seats_h), plan.cols, plan.scale)
        note = arranged.seat_note
        if note is not None:  # "Seats 1-9 of 18" under a paged grid
            size = seat_note_size(c)
            at = pygame.Rect(left.x, left.y + seats_h - c.lh("bold", size), left.w,
                             c.lh("bold", size))

            def seat_note(c: Canvas, layout: Layout, at: pygame.Rect = at,
                          note: str = note) -> None:
                c.blit_text(note, "bold", size, MUTED, at.x + c.sp(4), at.y)

            regions.append(Region("seat_note", at, note, seat_note))
        if arranged.log_rect is not None:
            wrapped = tuple(tuple(entry) for entry in arranged.log)

            def log(c: Canvas, layout: Layout, rect: pygame.Rect = arranged.log_rect) -> None:
                layout.log = draw_log(c, [list(e) for e in wrapped], rect)

            regions.append(Region("log", arranged.log_rect, wrapped, log, covers=True))
        panels_area = arranged.panels_area
        if view.panels and panels_area.w > 0 and panels_area.h > 0:
            final = view.final
            shown = view.panels

            def panels(c: Canvas, layout: Layout, area: pygame.Rect = panels_area) -> None:
                layout.panels = area
                layout.panel_boxes = []
                layout.cells = {}
                draw_panels(c, self._panels, shown, area, gap, final, layout)

            regions.append(Region("panels", panels_area, (shown, final), panels, parts=True,
                                  covers=True))
        return regions, arranged.pages, page_seats, seat_meta
