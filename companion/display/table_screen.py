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
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import pygame

from ..engine.text import Msg, msg
from ..engine.views import Cell, Panel, SeatLine, Style, TableView, TimerView
from .fonts import Face, FontCache

Translate = Callable[[str], str]
Status = Literal["thinking", "locked", "waiting", "turn", "done", "out"]

ELLIPSIS = "…"
LCD_COLS = 16
MAX_LOG_LINES = 6

# Dark theme: a TV at a lit table glares less on a dark background, and seat colours (the
# players' pawns) stand out on it.
BG = pygame.Color("#14171c")
BG_FINAL = pygame.Color("#191426")
HEADER_BG = pygame.Color("#1f242c")
CARD_BG = pygame.Color("#222831")
PANEL_BG = pygame.Color("#1d2229")
LOG_BG = pygame.Color("#1a1e24")
FG = pygame.Color("#eef1f4")
MUTED = pygame.Color("#a3acb6")
DIM = pygame.Color("#626a73")
ACCENT = pygame.Color("#5dade2")
GOLD = pygame.Color("#ffd54a")
GOLD_DEEP = pygame.Color("#c99a06")
WIN_ROW = pygame.Color("#3b3416")
ALERT = pygame.Color("#ff5c5c")
STRIKE = pygame.Color("#ff6b6b")
BANNER_BG = pygame.Color("#f0a030")
BANNER_FG = pygame.Color("#17130a")
DARK_TEXT = pygame.Color("#101418")
LCD_BEZEL = pygame.Color("#0b0d10")
LCD_BG = pygame.Color("#9dc83c")
LCD_CELL = pygame.Color("#93bd34")
LCD_FG = pygame.Color("#1d2a0c")
WHITE = pygame.Color("#ffffff")

# Status words are Msgs so they go through the table's language; the colours carry the same
# meaning for a glance from across the table (amber: still deciding, green: locked in).
STATUS_TEXT: dict[str, Msg] = {
    "thinking": msg("Thinking"),
    "locked": msg("Locked"),
    "waiting": msg("Waiting"),
    "turn": msg("Your turn"),
    "done": msg("Done"),
    "out": msg("Out"),
}
# (fill, text) per status; a None fill draws an outlined pill (quieter states).
STATUS_LOOK: dict[str, tuple[pygame.Color | None, pygame.Color]] = {
    "thinking": (pygame.Color("#f5b041"), DARK_TEXT),
    "locked": (pygame.Color("#2ecc71"), DARK_TEXT),
    "waiting": (None, MUTED),
    "turn": (pygame.Color("#48c9f0"), DARK_TEXT),
    "done": (None, pygame.Color("#58d68d")),
    "out": (None, DIM),
}
DISCONNECTED = msg("Disconnected")
DISCONNECTED_LOOK = (pygame.Color("#e74c3c"), WHITE)
FINAL_RESULTS = msg("Final results")
PAUSED = msg("paused")
TIME_UP = msg("TIME")  # the trade timer reached zero

# Cell styles: "head" bold and quiet, "win" bold gold, "strike" muted (plus a drawn line),
# "dim" greyed, "alert" bold red.
CELL_LOOK: dict[str, tuple[Face, pygame.Color]] = {
    "head": ("bold", MUTED),
    "win": ("bold", GOLD),
    "strike": ("regular", MUTED),
    "dim": ("regular", DIM),
    "alert": ("bold", ALERT),
}

_NUMBER = re.compile(r"^[+\-−]?\d+$")


# ---------------------------------------------------------------- colour helpers


def parse_colour(text: str, fallback: pygame.Color = MUTED) -> pygame.Color:
    """A seat colour from config; a bad one must not crash the table mid-game."""
    try:
        return pygame.Color(text)
    except (ValueError, TypeError):
        return pygame.Color(fallback)


def _luminance(c: pygame.Color) -> float:
    def chan(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * chan(c.r) + 0.7152 * chan(c.g) + 0.0722 * chan(c.b)


def contrast(a: pygame.Color, b: pygame.Color) -> float:
    """WCAG contrast ratio (1..21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(colour: pygame.Color, bg: pygame.Color, minimum: float = 4.0) -> pygame.Color:
    """The seat's colour, lightened until it reads on `bg` (navy or purple seats would vanish)."""
    c = pygame.Color(colour)
    for _ in range(10):
        if contrast(c, bg) >= minimum:
            break
        c = c.lerp(WHITE, 0.2)
    return c


# ---------------------------------------------------------------- what the last draw laid out


@dataclass
class Layout:
    """Where the last `draw` put things: for tests and for debugging a cramped screen."""

    size: tuple[int, int]
    unit: float
    header: pygame.Rect
    body: pygame.Rect
    banner: pygame.Rect | None = None
    timer: pygame.Rect | None = None
    seats: pygame.Rect | None = None
    seat_cards: dict[int, pygame.Rect] = field(default_factory=dict)
    seat_money: dict[int, pygame.Rect] = field(default_factory=dict)
    lcds: dict[int, pygame.Rect] = field(default_factory=dict)
    seat_columns: int = 1
    seat_scale: float = 1.0
    panels: pygame.Rect | None = None
    panel_boxes: list[pygame.Rect] = field(default_factory=list)
    panels_hidden: int = 0
    # (panel index in view.panels, row, column) -> the rect of the text actually drawn
    cells: dict[tuple[int, int, int], pygame.Rect] = field(default_factory=dict)
    log: pygame.Rect | None = None


@dataclass(frozen=True)
class _SeatPlan:
    cols: int
    rows: int
    scale: float
    lcd: bool
    card_w: int
    card_h: int


@dataclass(frozen=True)
class _PanelPlan:
    """A panel measured for one width and scale, so drawing repeats no layout decisions."""

    panel: Panel
    index: int
    width: int
    scale: float
    texts: tuple[tuple[str, ...], ...]
    col_widths: tuple[int, ...]
    right_aligned: tuple[bool, ...]
    title: str
    note_lines: tuple[str, ...]
    height: int
    cramped: bool


class TableScreen:
    """Draws a `TableView` (plus the demo's LCD mock-ups, a banner and link state) on a surface."""

    def __init__(self, surface: pygame.Surface, translate: Translate,
                 fonts: FontCache | None = None) -> None:
        self.surface = surface
        self.translate = translate
        self.fonts = fonts if fonts is not None else FontCache()
        self.layout: Layout | None = None
        self._u = 1.0
        self._timer_rect: pygame.Rect | None = None
        self._panel_plans: dict[object, tuple[list[list[_PanelPlan]], int]] = {}

    # ------------------------------------------------------------ text helpers

    def text_of(self, item: Msg | str) -> str:
        """A Msg in the table's language; a plain str is data (a name, a number) shown as is.

        Newlines (engine messages are shaped for the 16x2 LCD) become spaces on the big screen.
        """
        text = item.render(self.translate) if isinstance(item, Msg) else item
        return " ".join(text.split("\n"))

    def px(self, base: float, scale: float = 1.0, minimum: int = 12) -> int:
        """A font or spacing size given at 1280x720, scaled to this surface."""
        return max(minimum, round(base * self._u * scale))

    def sp(self, base: float, scale: float = 1.0) -> int:
        """A spacing (no readability floor, unlike fonts)."""
        return max(1, round(base * self._u * scale))

    def fit(self, text: str, face: Face, size: int, max_w: int) -> str:
        """`text` cut with an ellipsis so it is at most `max_w` wide (empty if nothing fits)."""
        fonts = self.fonts
        if max_w <= 0:
            return ""
        if fonts.measure(text, face, size) <= max_w:
            return text
        lo, hi = 0, len(text)
        while lo < hi:  # longest prefix that fits with the ellipsis
            mid = (lo + hi + 1) // 2
            if fonts.measure(text[:mid].rstrip() + ELLIPSIS, face, size) <= max_w:
                lo = mid
            else:
                hi = mid - 1
        if lo == 0:
            return ELLIPSIS if fonts.measure(ELLIPSIS, face, size) <= max_w else ""
        return text[:lo].rstrip() + ELLIPSIS

    def wrap(self, text: str, face: Face, size: int, max_w: int, max_lines: int) -> list[str]:
        """Word-wrap to `max_w`; the last allowed line ends in an ellipsis if text remains."""
        if max_lines <= 0 or max_w <= 0:
            return []
        measure = self.fonts.measure
        lines: list[str] = []
        words = text.split()
        current = ""
        i = 0
        while i < len(words):
            word = words[i]
            trial = f"{current} {word}" if current else word
            if measure(trial, face, size) <= max_w:
                current = trial
                i += 1
                continue
            if not current:  # one word wider than the box: break it by characters
                cut = len(word)
                while cut > 1 and measure(word[:cut], face, size) > max_w:
                    cut -= 1
                lines.append(word[:cut])
                words[i] = word[cut:]
            else:
                lines.append(current)
                current = ""
            if len(lines) == max_lines:
                rest = " ".join([lines[-1], *words[i:]])
                lines[-1] = self.fit(rest, face, size, max_w)
                return lines
        if current:
            lines.append(current)
        if len(lines) > max_lines:
            rest = " ".join(lines[max_lines - 1:])
            lines = [*lines[:max_lines - 1], self.fit(rest, face, size, max_w)]
        return lines

    def blit_text(self, text: str, face: Face, size: int, colour: pygame.Color,
                  x: int, y: int, max_w: int | None = None,
                  align: Literal["left", "right", "center"] = "left") -> pygame.Rect:
        """Draw one line; `x` is the left edge, right edge or centre per `align`."""
        if max_w is not None:
            text = self.fit(text, face, size, max_w)
        if not text:
            return pygame.Rect(x, y, 0, 0)
        surf = self.fonts.render(text, face, size, colour)
        rect = surf.get_rect()
        if align == "left":
            rect.topleft = (x, y)
        elif align == "right":
            rect.topright = (x, y)
        else:
            rect.midtop = (x, y)
        self.surface.blit(surf, rect)
        return rect

    def lh(self, face: Face, size: int) -> int:
        return self.fonts.line_height(face, size)

    # ------------------------------------------------------------ the frame

    def draw(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None = None,
             banner: Msg | str | None = None,
             connected: Mapping[int, bool] | None = None) -> None:
        """Draw one whole frame. Does not flip: the Renderer decides when a frame is shown."""
        surface = self.surface
        w, h = surface.get_size()
        # One unit = one pixel at 1280x720; the width term keeps very wide text from
        # overflowing a narrow (e.g. 4:3 or portrait) screen.
        self._u = u = max(0.3, min(h / 720, w / 1100))
        margin = self.sp(14)
        gap = self.sp(12)
        surface.fill(BG_FINAL if view.final else BG)

        header = self._draw_header(view, pygame.Rect(margin, margin, w - 2 * margin, 0))
        layout = Layout((w, h), u, header, pygame.Rect(0, 0, 0, 0))
        layout.timer = self._timer_rect
        y = header.bottom + gap
        if banner is not None and self.text_of(banner).strip():
            layout.banner = self._draw_banner(self.text_of(banner),
                                              pygame.Rect(margin, y, w - 2 * margin, 0))
            y = layout.banner.bottom + gap
        body = pygame.Rect(margin, y, w - 2 * margin, max(0, h - margin - y))
        layout.body = body
        self._draw_body(view, body, gap, lcds, connected or {}, layout)
        self.layout = layout

    # ------------------------------------------------------------ header, timer, banner

    def _draw_header(self, view: TableView, area: pygame.Rect) -> pygame.Rect:
        pad = self.sp(12)
        game_size, head_size, detail_size = self.px(17), self.px(34, minimum=18), self.px(20)
        timer_w = self.sp(210) if view.timer is not None else 0
        inner_w = area.w - 2 * pad - (timer_w + pad if timer_w else 0) - self.sp(6)
        detail_lines = self.wrap(self.text_of(view.detail), "regular", detail_size, inner_w, 2)
        height = (pad + self.lh("bold", game_size) + self.lh("bold", head_size)
                  + len(detail_lines) * self.lh("regular", detail_size) + pad)
        if view.timer is not None:
            height = max(height, self._timer_height() + 2 * pad)
        rect = pygame.Rect(area.x, area.y, area.w, height)
        radius = self.sp(10)
        pygame.draw.rect(self.surface, HEADER_BG, rect, border_radius=radius)
        # The accent bar turns gold for the final results, so the end of the game reads at once.
        bar = pygame.Rect(rect.x, rect.y, self.sp(6), rect.h)
        pygame.draw.rect(self.surface, GOLD if view.final else ACCENT, bar,
                         border_top_left_radius=radius, border_bottom_left_radius=radius)
        if view.final:
            pygame.draw.rect(self.surface, GOLD_DEEP, rect, width=max(2, self.sp(2)),
                             border_radius=radius)

        x = rect.x + pad + self.sp(6)
        y = rect.y + pad
        game_rect = self.blit_text(self.text_of(view.game).upper(), "bold", game_size, MUTED,
                                   x, y, inner_w)
        if view.final:
            label = self.text_of(FINAL_RESULTS)
            room = x + inner_w - (game_rect.right + self.sp(14))
            self._pill(label, self.px(15), GOLD, DARK_TEXT, game_rect.right + self.sp(14),
                       y + (self.lh("bold", game_size) - self._pill_h(self.px(15))) // 2, room)
        y += self.lh("bold", game_size)
        self.blit_text(self.text_of(view.headline), "bold", head_size,
                       GOLD if view.final else FG, x, y, inner_w)
        y += self.lh("bold", head_size)
        for line in detail_lines:
            self.blit_text(line, "regular", detail_size, MUTED, x, y, inner_w)
            y += self.lh("regular", detail_size)

        self._timer_rect = None
        if view.timer is not None:
            box = pygame.Rect(rect.right - pad - timer_w, rect.y + pad, timer_w, rect.h - 2 * pad)
            self._timer_rect = self._draw_timer(view.timer, box)
        return rect

    def _timer_height(self) -> int:
        return (self.lh("regular", self.px(16)) + self.lh("bold", self.px(54, minimum=24))
                + self.sp(8))

    def _draw_timer(self, timer: TimerView, box: pygame.Rect) -> pygame.Rect:
        label_size, digits_size = self.px(16), self.px(54, minimum=24)
        colour = ALERT if timer.warning else (FG if timer.running else MUTED)
        fill = pygame.Color("#3a1c1c") if timer.warning else CARD_BG
        pygame.draw.rect(self.surface, fill, box, border_radius=self.sp(8))
        if timer.warning:
            pygame.draw.rect(self.surface, ALERT, box, width=max(2, self.sp(3)),
                             border_radius=self.sp(8))
        label = self.text_of(timer.label)
        if not timer.running and not timer.expired:
            label = f"{label} ({self.text_of(PAUSED)})"
        inner = box.w - 2 * self.sp(8)
        y = box.y + self.sp(4)
        if label != self.text_of(TIME_UP) or not timer.expired:  # never "TIME" over "TIME"
            self.blit_text(label, "regular", label_size, MUTED, box.centerx, y, inner, "center")
        y += self.lh("regular", label_size)
        digits_h = self.lh("bold", digits_size)
        y = max(y, box.bottom - digits_h - self.sp(2))
        digits = self.text_of(TIME_UP) if timer.expired else format_clock(timer.remaining_ms)
        self.blit_text(digits, "bold", digits_size, ALERT if timer.expired else colour,
                       box.centerx, y, inner, "center")
        return box

    def _draw_banner(self, text: str, area: pygame.Rect) -> pygame.Rect:
        size = self.px(20)
        pad = self.sp(8)
        lines = self.wrap(text, "bold", size, area.w - 4 * pad, 2)
        rect = pygame.Rect(area.x, area.y, area.w, len(lines) * self.lh("bold", size) + 2 * pad)
        pygame.draw.rect(self.surface, BANNER_BG, rect, border_radius=self.sp(8))
        y = rect.y + pad
        for line in lines:
            self.blit_text(line, "bold", size, BANNER_FG, rect.centerx, y, area.w - 4 * pad,
                           "center")
            y += self.lh("bold", size)
        return rect

    # ------------------------------------------------------------ body: seats, panels, log

    def _draw_body(self, view: TableView, body: pygame.Rect, gap: int,
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

        plan = self._plan_seats(n, left, gap, show_lcds)
        seats_h = plan.rows * plan.card_h + max(0, plan.rows - 1) * self.sp(8) if n else 0

        log_lines = [self.text_of(m) for m in view.log[-MAX_LOG_LINES:]]
        log_size = self.px(16)
        log_pad = self.sp(8)
        log_need = len(log_lines) * self.lh("regular", log_size) + 2 * log_pad if log_lines else 0
        # The log goes under the seats when they leave room for at least two lines (keeping
        # the newest), so the panels keep the full height; otherwise it sits under the
        # panels, taking at most a third.
        line_h = self.lh("regular", log_size)
        room_lines = (left.h - seats_h - gap - 2 * log_pad) // line_h if line_h else 0
        log_left = bool(log_lines) and bool(view.panels) and room_lines >= min(2, len(log_lines))
        if log_left:
            log_lines = log_lines[-room_lines:]
            log_need = len(log_lines) * line_h + 2 * log_pad
        if log_lines and not view.panels and right.w > 0:
            log_left = False

        layout.seats = pygame.Rect(left.x, left.y, left.w, seats_h)
        self._draw_seats(view.seats, plan, left, lcds if plan.lcd else None, connected, layout)

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
            layout.log = self._draw_log(log_lines, rect, log_size, log_pad)
        if view.panels and panels_area.w > 0 and panels_area.h > 0:
            layout.panels = panels_area
            self._draw_panels(view.panels, panels_area, gap, view.final, layout)

    # ------------------------------------------------------------ seats

    def _seat_fonts(self, scale: float) -> tuple[int, int, int]:
        """(name, pill, lcd) font sizes for a seat card at `scale`."""
        return self.px(23, scale), self.px(15, scale), self.px(16, scale, minimum=11)

    def _pill_h(self, size: int) -> int:
        return self.lh("bold", size) + self.sp(4)

    def _lcd_size(self, mono: int) -> tuple[int, int]:
        char_w = self.fonts.measure("M", "mono", mono)
        line = self.lh("mono", mono)
        pad = self.sp(7)
        return LCD_COLS * char_w + 2 * pad, 2 * line + 2 * pad

    def _card_need(self, scale: float, lcd: bool) -> tuple[int, int]:
        """Smallest (width, height) a seat card needs at `scale`, with or without an LCD."""
        name, pill, mono = self._seat_fonts(scale)
        pad = self.sp(9, scale)
        h = pad + self.lh("bold", name) + self.sp(5, scale) + self._pill_h(pill) + pad
        # Room for a swatch, ~8 characters of name, a 3-digit amount and a status pill.
        w = (self.sp(10, scale) + 3 * pad + self.fonts.measure("Abcdefgh", "bold", name)
             + self.fonts.measure("● 000", "bold", name))
        if lcd:
            lw, lh = self._lcd_size(mono)
            w += lw + pad
            h = max(h, lh + 2 * pad)
        return w, h

    def _plan_seats(self, n: int, area: pygame.Rect, gap: int, want_lcd: bool) -> _SeatPlan:
        """Pick columns and a scale so all `n` cards fit `area`, preferring big, single-column.

        Up to ~6 seats get full cards in one column; a big table (Mega Civilization plays up to
        18) gets a multi-column grid at a smaller scale. The LCD mock-ups are dropped before
        the names get too small, since they are only a demo aid.
        """
        vgap = self.sp(8)
        if n == 0:
            return _SeatPlan(1, 0, 1.0, False, area.w, 0)
        # Above 1.0 only when the room is there: a few seats on a big screen read from afar.
        scales = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
        options = [(lcd, s) for lcd in ((True, False) if want_lcd else (False,)) for s in scales
                   if not (lcd and s < 0.7)]
        for lcd, scale in options:
            need_w, need_h = self._card_need(scale, lcd)
            for cols in range(1, 5):
                rows = math.ceil(n / cols)
                card_w = (area.w - (cols - 1) * gap) // cols
                if card_w >= need_w and rows * need_h + (rows - 1) * vgap <= area.h:
                    return _SeatPlan(cols, rows, scale, lcd, card_w, need_h)
        # Nothing fits: smallest cards, as many columns as the width allows; the grid is
        # clipped to its area rather than drawn off-screen.
        scale = scales[-1]
        need_w, need_h = self._card_need(scale, False)
        cols = max(1, min(n, area.w // max(1, need_w)))
        rows = math.ceil(n / cols)
        card_w = (area.w - (cols - 1) * gap) // cols
        card_h = max(1, min(need_h, (area.h - (rows - 1) * vgap) // rows))
        return _SeatPlan(cols, rows, scale, False, card_w, card_h)

    def _draw_seats(self, seats: Sequence[SeatLine], plan: _SeatPlan, area: pygame.Rect,
                    lcds: Mapping[int, tuple[str, str]] | None, connected: Mapping[int, bool],
                    layout: Layout) -> None:
        layout.seat_columns, layout.seat_scale = plan.cols, plan.scale
        gap_x = (area.w - plan.cols * plan.card_w) // max(1, plan.cols - 1) if plan.cols > 1 else 0
        old_clip = self.surface.get_clip()
        self.surface.set_clip(area.clip(old_clip))
        for i, seat in enumerate(seats):
            # Column-major: seats read down a column in clockwise order, like a score pad.
            col, row = divmod(i, plan.rows)
            rect = pygame.Rect(area.x + col * (plan.card_w + gap_x),
                               area.y + row * (plan.card_h + self.sp(8)), plan.card_w, plan.card_h)
            lines = lcds.get(seat.seat) if lcds is not None else None
            self._draw_seat(seat, rect, plan.scale, lines, plan.lcd and lcds is not None,
                            connected.get(seat.seat, True), layout)
        self.surface.set_clip(old_clip)

    def _draw_seat(self, seat: SeatLine, rect: pygame.Rect, scale: float,
                   lcd_lines: tuple[str, str] | None, lcd_slot: bool, online: bool,
                   layout: Layout) -> None:
        surface = self.surface
        name_size, pill_size, mono = self._seat_fonts(scale)
        pad = self.sp(9, scale)
        radius = self.sp(8, scale)
        out = seat.status == "out"
        colour = parse_colour(seat.colour)
        layout.seat_cards[seat.seat] = rect

        pygame.draw.rect(surface, CARD_BG, rect, border_radius=radius)
        border: pygame.Color | None = None
        if not online:
            border = DISCONNECTED_LOOK[0]
        elif seat.status == "turn":
            border = STATUS_LOOK["turn"][0]
        if border is not None:
            pygame.draw.rect(surface, border, rect, width=max(2, self.sp(3, scale)),
                             border_radius=radius)
        swatch = pygame.Rect(rect.x + pad, rect.y + pad, self.sp(10, scale), rect.h - 2 * pad)
        pygame.draw.rect(surface, colour.lerp(CARD_BG, 0.6) if out else colour, swatch,
                         border_radius=max(2, swatch.w // 3))

        right = rect.right - pad
        if lcd_slot:
            lw, lh = self._lcd_size(mono)
            lcd_rect = pygame.Rect(right - lw, rect.centery - lh // 2, lw, lh)
            self._draw_lcd(lcd_rect, lcd_lines or ("", ""), mono)
            layout.lcds[seat.seat] = lcd_rect
            right = lcd_rect.x - pad

        x = swatch.right + pad
        y = rect.y + pad
        name_h = self.lh("bold", name_size)
        pill_h = self._pill_h(pill_size)
        # Centre the two lines vertically when the card is taller than they need.
        spare = rect.h - 2 * pad - (name_h + self.sp(5, scale) + pill_h)
        y += max(0, spare // 2)

        money_w = 0
        if seat.money is not None:  # None: a hidden-money game; draw nothing, not even "?"
            money_w = self._draw_money(seat.money, right, y, name_size, layout, seat.seat)
        name_colour = DIM if out else readable_on(colour, CARD_BG)
        self.blit_text(seat.name, "bold", name_size, name_colour, x, y,
                       max(0, right - x - (money_w + pad if money_w else 0)))

        y += name_h + self.sp(5, scale)
        px = x
        fill, fg = STATUS_LOOK.get(seat.status, (None, MUTED))
        px = self._pill(self.text_of(STATUS_TEXT.get(seat.status, Msg(seat.status))), pill_size,
                        fill, fg, px, y, right - px)
        if not online:
            px = self._pill(self.text_of(DISCONNECTED), pill_size, DISCONNECTED_LOOK[0],
                            DISCONNECTED_LOOK[1], px + self.sp(6, scale), y, right - px)
        for badge in seat.badges:
            room = right - px - self.sp(6, scale)
            text = self.text_of(badge)
            shown = self.fit(text, "bold", pill_size, room - 2 * self.sp(8))
            if shown != text and len(shown) - 1 < min(len(text), 6):
                break  # a badge cut to "Fi…" says nothing; leave it (and the rest) off
            px = self._pill(text, pill_size, None, GOLD, px + self.sp(6, scale), y, room)

    def _draw_money(self, money: int, right: int, y: int, size: int, layout: Layout,
                    seat: int) -> int:
        """Amount right-aligned at `right` with a drawn coin (no currency word to translate)."""
        text = str(money)
        tw = self.fonts.measure(text, "bold", size)
        ascent = self.fonts.font("bold", size).get_ascent()
        r = max(3, round(size * 0.32))
        cx = right - tw - self.sp(6) - r
        cy = y + ascent - round(size * 0.36)
        if r >= 6:  # a rim only where it can be seen; tiny rims look like a spiky star
            pygame.draw.circle(self.surface, GOLD_DEEP, (cx, cy), r)
            r -= max(1, r // 4)
        pygame.draw.circle(self.surface, GOLD, (cx, cy), r)
        rect = self.blit_text(text, "bold", size, FG, right, y, align="right")
        box = pygame.Rect(cx - r, y, right - (cx - r), rect.h)
        layout.seat_money[seat] = box
        return box.w

    def _pill(self, text: str, size: int, fill: pygame.Color | None, fg: pygame.Color,
              x: int, y: int, max_w: int) -> int:
        """A rounded label; returns its right edge (x itself if nothing fitted)."""
        padx = self.sp(8)
        text = self.fit(text, "bold", size, max_w - 2 * padx)
        if not text:
            return x
        tw = self.fonts.measure(text, "bold", size)
        h = self._pill_h(size)
        rect = pygame.Rect(x, y, tw + 2 * padx, h)
        if fill is not None:
            pygame.draw.rect(self.surface, fill, rect, border_radius=h // 2)
        else:
            pygame.draw.rect(self.surface, fg, rect, width=max(1, self.sp(2)), border_radius=h // 2)
        self.blit_text(text, "bold", size, fg, x + padx, y + (h - self.lh("bold", size)) // 2)
        return rect.right

    def _draw_lcd(self, rect: pygame.Rect, lines: tuple[str, str], mono: int) -> None:
        """A 16x2 character LCD look-alike: green glass, darker character cells, dark text."""
        surface = self.surface
        pygame.draw.rect(surface, LCD_BEZEL, rect.inflate(self.sp(6), self.sp(6)),
                         border_radius=self.sp(5))
        pygame.draw.rect(surface, LCD_BG, rect, border_radius=self.sp(3))
        char_w = self.fonts.measure("M", "mono", mono)
        line_h = self.lh("mono", mono)
        pad_x = (rect.w - LCD_COLS * char_w) // 2
        pad_y = (rect.h - 2 * line_h) // 2
        for row, raw in enumerate(lines[:2]):
            text = raw.replace("\n", " ")[:LCD_COLS].ljust(LCD_COLS)
            y = rect.y + pad_y + row * line_h
            for col in range(LCD_COLS):
                cell = pygame.Rect(rect.x + pad_x + col * char_w + 1, y + 1,
                                   max(1, char_w - 2), max(1, line_h - 2))
                pygame.draw.rect(surface, LCD_CELL, cell)
            self.blit_text(text, "mono", mono, LCD_FG, rect.x + pad_x, y)

    # ------------------------------------------------------------ panels

    def _cell_look(self, style: Style) -> tuple[Face, pygame.Color]:
        return CELL_LOOK.get(style, ("regular", FG))

    def _panel_sizes(self, scale: float) -> tuple[int, int, int]:
        """(title, cell, note) font sizes."""
        return self.px(21, scale), self.px(20, scale), self.px(16, scale)

    def _plan_panel(self, panel: Panel, index: int, width: int, scale: float,
                    max_note_lines: int = 3) -> _PanelPlan:
        title_size, cell_size, note_size = self._panel_sizes(scale)
        pad = self.sp(12, scale)
        inner = max(0, width - 2 * pad)
        col_gap = self.sp(26, scale)
        texts = tuple(tuple(self.text_of(c.text) for c in row) for row in panel.rows)
        ncols = max((len(r) for r in panel.rows), default=0)
        natural = [0] * ncols
        for row, row_texts in zip(panel.rows, texts, strict=True):
            for c, (cell, text) in enumerate(zip(row, row_texts, strict=True)):
                face, _ = self._cell_look(cell.style)
                natural[c] = max(natural[c], self.fonts.measure(text, face, cell_size))
        widths = _fit_columns(natural, inner - col_gap * max(0, ncols - 1))
        right = tuple(
            _is_numeric_column([row[c] for row in panel.rows if c < len(row)],
                               [t[c] for t in texts if c < len(t)])
            for c in range(ncols))
        # Cramped: a column had to be cut or the note does not fit its lines. The planner
        # prefers a smaller scale over a cramped layout, since "Ch…" tells the table nothing.
        cramped = sum(widths) < sum(natural)
        note_lines: tuple[str, ...] = ()
        if panel.note is not None:
            note = self.text_of(panel.note)
            full = self.wrap(note, "regular", note_size, inner, 50)
            cramped = cramped or len(full) > max_note_lines
            note_lines = tuple(full if len(full) <= max_note_lines
                               else self.wrap(note, "regular", note_size, inner, max_note_lines))
        height = (pad + self.lh("bold", title_size) + self.sp(6, scale)
                  + len(panel.rows) * self._row_h(cell_size)
                  + (self.sp(4, scale) if any(_is_head(r) for r in panel.rows) else 0)
                  + (self.sp(6, scale) + len(note_lines) * self.lh("regular", note_size)
                     if note_lines else 0)
                  + pad)
        return _PanelPlan(panel, index, width, scale, texts, tuple(widths), right,
                          self.text_of(panel.title), note_lines, height, cramped)

    def _row_h(self, cell_size: int) -> int:
        return round(self.lh("regular", cell_size) * 1.25)

    def _plan_panels(self, panels: tuple[Panel, ...], area: pygame.Rect, gap: int,
                     final: bool) -> tuple[list[list[_PanelPlan]], int]:
        """Choose the panels' columns and scale (and how many must be left out).

        Remembered per (panels, area): a seat locking or a timer second changes no panel,
        and re-planning 18 rows at every scale cost most of a frame (bench/latency.py).
        """
        key = (panels, tuple(area), gap, final)
        cached = self._panel_plans.get(key)
        if cached is not None:
            return cached
        hidden = 0
        order = list(range(len(panels)))
        if final:
            order.reverse()
        lead = order[0] if final and order else None

        def plan_all(indices: Sequence[int], col_w: int, scale: float,
                     note_lines: int = 3) -> list[_PanelPlan]:
            return [self._plan_panel(panels[i], i, col_w,
                                     scale * (1.25 if i == lead else 1.0), note_lines)
                    for i in indices]

        chosen: list[list[_PanelPlan]] | None = None
        # Above 1.0 only when there is room (one small panel on a TV); below, to fit many.
        # First look for a layout where nothing is cut, then accept cut columns and notes.
        for allow_cramped in (False, True):
            # Down to 0.5 (fonts floor at 12 px) so an 18-row table still shows every row.
            for scale in (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
                for cols in (1, 2):
                    if cols > len(panels):
                        continue
                    col_w = (area.w - (cols - 1) * gap) // cols
                    if col_w < self.sp(260):
                        continue
                    plans = plan_all(order, col_w, scale)
                    if not allow_cramped and any(p.cramped for p in plans):
                        continue
                    chosen = _split_columns(plans, cols, area.h, gap)
                    if chosen is not None:
                        break
                if chosen is not None:
                    break
            if chosen is not None:
                break
        if chosen is None:
            cols = 2 if len(panels) > 1 and (area.w - gap) // 2 >= self.sp(260) else 1
            col_w = (area.w - (cols - 1) * gap) // cols
            kept: list[int] = []
            for i in sorted(order, reverse=True):  # newest first
                trial = [j for j in order if j in kept or j == i]
                if kept and _split_columns(plan_all(trial, col_w, 0.5, 2), cols, area.h,
                                           gap) is None:
                    break
                kept.append(i)
            shown = [j for j in order if j in kept]
            hidden = len(panels) - len(shown)
            plans = plan_all(shown, col_w, 0.5, 2)
            # Still too tall (one huge panel): draw it anyway, clipped to the area below.
            chosen = _split_columns(plans, cols, area.h, gap) or [plans]
        if len(self._panel_plans) >= 8:
            self._panel_plans.clear()
        self._panel_plans[key] = (chosen, hidden)
        return chosen, hidden

    def _draw_panels(self, panels: Sequence[Panel], area: pygame.Rect, gap: int, final: bool,
                     layout: Layout) -> None:
        """Stack panels in one column, else two, picking the largest scale that fits.

        For the final results the newest panel (the game's result) comes first and larger.
        If even the smallest layout overflows, the oldest panels are left out: the newest
        (the reveal just made, the final coins) are what the table is looking at.
        """
        chosen, hidden = self._plan_panels(tuple(panels), area, gap, final)
        layout.panels_hidden = hidden
        col_w = (area.w - (len(chosen) - 1) * gap) // max(1, len(chosen))
        old_clip = self.surface.get_clip()
        self.surface.set_clip(area.clip(old_clip))
        for c, column in enumerate(chosen):
            x = area.x + c * (col_w + gap)
            y = area.y
            for plan in column:
                box = pygame.Rect(x, y, col_w, min(plan.height, area.bottom - y))
                self._draw_panel(plan, box, final, layout)
                layout.panel_boxes.append(box)
                y += plan.height + gap
        self.surface.set_clip(old_clip)

    def _draw_panel(self, plan: _PanelPlan, box: pygame.Rect, final: bool,
                    layout: Layout) -> None:
        surface = self.surface
        scale = plan.scale
        title_size, cell_size, note_size = self._panel_sizes(scale)
        pad = self.sp(12, scale)
        radius = self.sp(10, scale)
        pygame.draw.rect(surface, PANEL_BG, box, border_radius=radius)
        if final:
            pygame.draw.rect(surface, GOLD_DEEP, box, width=max(2, self.sp(2)),
                             border_radius=radius)
        inner_w = box.w - 2 * pad
        x0 = box.x + pad
        y = box.y + pad
        self.blit_text(plan.title, "bold", title_size, GOLD if final else ACCENT, x0, y, inner_w)
        y += self.lh("bold", title_size) + self.sp(6, scale)

        col_gap = self.sp(26, scale)
        row_h = self._row_h(cell_size)
        line_h = self.lh("regular", cell_size)
        table_w = sum(plan.col_widths) + col_gap * max(0, len(plan.col_widths) - 1)
        for r, (row, texts) in enumerate(zip(plan.panel.rows, plan.texts, strict=True)):
            if any(cell.style == "win" for cell in row):
                # A winning row is tinted edge to edge so the winner is found at a glance.
                band = pygame.Rect(x0 - self.sp(6, scale), y, table_w + self.sp(12, scale), row_h)
                pygame.draw.rect(surface, WIN_ROW, band, border_radius=self.sp(4, scale))
            x = x0
            for c, (cell, text) in enumerate(zip(row, texts, strict=True)):
                width = plan.col_widths[c]
                rect = self._draw_cell(cell, text, x, y + (row_h - line_h) // 2, width,
                                       plan.right_aligned[c], cell_size)
                layout.cells[(plan.index, r, c)] = rect
                x += width + col_gap
            y += row_h
            if _is_head(row):
                rule_y = y + self.sp(1, scale)
                pygame.draw.line(surface, DIM, (x0, rule_y), (x0 + table_w, rule_y),
                                 max(1, self.sp(1)))
                y += self.sp(4, scale)
        if plan.note_lines:
            y += self.sp(6, scale)
            for line in plan.note_lines:
                self.blit_text(line, "regular", note_size, MUTED, x0, y, inner_w)
                y += self.lh("regular", note_size)

    def _draw_cell(self, cell: Cell, text: str, x: int, y: int, width: int, right: bool,
                   size: int) -> pygame.Rect:
        face, colour = self._cell_look(cell.style)
        text = self.fit(text, face, size, width)
        if right:
            rect = self.blit_text(text, face, size, colour, x + width, y, align="right")
        else:
            rect = self.blit_text(text, face, size, colour, x, y)
        if cell.style == "strike" and rect.w:
            # A real line through the glyphs (not a font effect), at the middle of the digits
            # and lower-case letters, thick enough to read from across the table.
            ascent = self.fonts.font(face, size).get_ascent()
            mid = rect.y + ascent - round(size * 0.36)
            thick = max(2, round(size / 8))
            pygame.draw.line(self.surface, STRIKE, (rect.x - self.sp(3), mid),
                             (rect.right + self.sp(3), mid), thick)
        return rect

    # ------------------------------------------------------------ log

    def _draw_log(self, lines: Sequence[str], rect: pygame.Rect, size: int,
                  pad: int) -> pygame.Rect:
        pygame.draw.rect(self.surface, LOG_BG, rect, border_radius=self.sp(8))
        line_h = self.lh("regular", size)
        fits = max(0, (rect.h - 2 * pad) // line_h)
        shown = list(lines[-fits:]) if fits else []
        y = rect.y + pad
        for i, line in enumerate(shown):
            newest = i == len(shown) - 1
            # Older lines fade so the newest event stands out without a label.
            self.blit_text(line, "bold" if newest else "regular", size, FG if newest else MUTED,
                           rect.x + pad + self.sp(4), y, rect.w - 2 * pad - self.sp(4))
            y += line_h
        return rect


# ---------------------------------------------------------------- pure layout helpers


def format_clock(remaining_ms: int) -> str:
    """mm:ss (h:mm:ss past an hour), rounded up so 0:00 shows only when time is out."""
    secs = max(0, math.ceil(remaining_ms / 1000))
    h, rem = divmod(secs, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def _is_head(row: Sequence[Cell]) -> bool:
    return bool(row) and all(c.style == "head" for c in row)


def _is_numeric_column(cells: Sequence[Cell], texts: Sequence[str]) -> bool:
    """Right-align a column whose body cells are all whole numbers (or empty)."""
    body = [t.strip() for c, t in zip(cells, texts, strict=True) if c.style != "head"]
    return any(body) and all(not t or _NUMBER.match(t) for t in body)


def _fit_columns(natural: Sequence[int], avail: int) -> list[int]:
    """Column widths within `avail`: the widest columns give way first, the rest keep theirs."""
    if sum(natural) <= avail or not natural:
        return list(natural)
    lo, hi = 0, max(natural)
    while lo < hi:  # the largest cap with sum(min(w, cap)) <= avail
        mid = (lo + hi + 1) // 2
        if sum(min(w, mid) for w in natural) <= avail:
            lo = mid
        else:
            hi = mid - 1
    return [min(w, lo) for w in natural]


def _split_columns(plans: Sequence[_PanelPlan], cols: int, height: int,
                   gap: int) -> list[list[_PanelPlan]] | None:
    """Panels in order, filling column 1 then column 2...; None if they do not fit."""
    columns: list[list[_PanelPlan]] = [[]]
    used = 0
    for plan in plans:
        need = plan.height + (gap if columns[-1] else 0)
        if used + need > height and columns[-1]:
            if len(columns) == cols:
                return None
            columns.append([])
            used = 0
            need = plan.height
        if need > height:
            return None
        columns[-1].append(plan)
        used += need
    return columns
