"""The seat list: a grid of seat cards that adapts to the count (one column of big cards up to
about six seats, more columns at a smaller scale for Mega Civilization's 18), each with the
seat's colour, name, status pill, badges, money where the game shows it, and the demo's LCD
mock-up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from ..engine.text import Msg
from ..engine.views import SeatLine
from .canvas import Canvas
from .layout import Layout
from .theme import (
    CARD_BG,
    DIM,
    DISCONNECTED,
    DISCONNECTED_LOOK,
    FG,
    GOLD,
    GOLD_DEEP,
    LCD_BEZEL,
    LCD_BG,
    LCD_CELL,
    LCD_COLS,
    LCD_FG,
    MUTED,
    STATUS_LOOK,
    STATUS_TEXT,
    parse_colour,
    readable_on,
)


@dataclass(frozen=True)
class SeatPlan:
    """How the cards are laid out: the grid, the scale, and whether the LCDs are shown."""

    cols: int
    rows: int
    scale: float
    lcd: bool
    card_w: int
    card_h: int


def _seat_fonts(c: Canvas, scale: float) -> tuple[int, int, int]:
    """(name, pill, lcd) font sizes for a seat card at `scale`."""
    return c.px(23, scale), c.px(15, scale), c.px(16, scale, minimum=11)


def _lcd_size(c: Canvas, mono: int) -> tuple[int, int]:
    char_w = c.fonts.measure("M", "mono", mono)
    line = c.lh("mono", mono)
    pad = c.sp(7)
    return LCD_COLS * char_w + 2 * pad, 2 * line + 2 * pad


def _card_need(c: Canvas, scale: float, lcd: bool) -> tuple[int, int]:
    """Smallest (width, height) a seat card needs at `scale`, with or without an LCD."""
    name, pill, mono = _seat_fonts(c, scale)
    pad = c.sp(9, scale)
    h = pad + c.lh("bold", name) + c.sp(5, scale) + c.pill_h(pill) + pad
    # Room for a swatch, ~8 characters of name, a 3-digit amount and a status pill.
    w = (c.sp(10, scale) + 3 * pad + c.fonts.measure("Abcdefgh", "bold", name)
         + c.fonts.measure("● 000", "bold", name))
    if lcd:
        lw, lh = _lcd_size(c, mono)
        w += lw + pad
        h = max(h, lh + 2 * pad)
    return w, h


def plan_seats(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool) -> SeatPlan:
    """Pick columns and a scale so all `n` cards fit `area`, preferring big, single-column.

    Up to ~6 seats get full cards in one column; a big table (Mega Civilization plays up to
    18) gets a multi-column grid at a smaller scale. The LCD mock-ups are dropped before
    the names get too small, since they are only a demo aid.
    """
    vgap = c.sp(8)
    if n == 0:
        return SeatPlan(1, 0, 1.0, False, area.w, 0)
    # Above 1.0 only when the room is there: a few seats on a big screen read from afar.
    scales = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
    options = [(lcd, s) for lcd in ((True, False) if want_lcd else (False,)) for s in scales
               if not (lcd and s < 0.7)]
    for lcd, scale in options:
        need_w, need_h = _card_need(c, scale, lcd)
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if card_w >= need_w and rows * need_h + (rows - 1) * vgap <= area.h:
                return SeatPlan(cols, rows, scale, lcd, card_w, need_h)
    # Nothing fits: smallest cards, as many columns as the width allows; the grid is
    # clipped to its area rather than drawn off-screen.
    scale = scales[-1]
    need_w, need_h = _card_need(c, scale, False)
    cols = max(1, min(n, area.w // max(1, need_w)))
    rows = math.ceil(n / cols)
    card_w = (area.w - (cols - 1) * gap) // cols
    card_h = max(1, min(need_h, (area.h - (rows - 1) * vgap) // rows))
    return SeatPlan(cols, rows, scale, False, card_w, card_h)


def seat_rects(c: Canvas, n: int, plan: SeatPlan, area: pygame.Rect) -> list[pygame.Rect]:
    """Each card's rect, column-major: seats read down a column in clockwise order, like a
    score pad."""
    gap_x = (area.w - plan.cols * plan.card_w) // max(1, plan.cols - 1) if plan.cols > 1 else 0
    rects = []
    for i in range(n):
        col, row = divmod(i, plan.rows)
        rects.append(pygame.Rect(area.x + col * (plan.card_w + gap_x),
                                 area.y + row * (plan.card_h + c.sp(8)), plan.card_w,
                                 plan.card_h))
    return rects


def draw_seats(c: Canvas, seats: Sequence[SeatLine], plan: SeatPlan, area: pygame.Rect,
               lcds: Mapping[int, tuple[str, str]] | None, connected: Mapping[int, bool],
               layout: Layout) -> None:
    """The cards as `plan` lays them out, clipped to `area`; an offline seat is marked."""
    layout.seat_columns, layout.seat_scale = plan.cols, plan.scale
    with c.clipped(area):
        for seat, rect in zip(seats, seat_rects(c, len(seats), plan, area), strict=True):
            lines = lcds.get(seat.seat) if lcds is not None else None
            draw_seat(c, seat, rect, plan.scale, lines, plan.lcd and lcds is not None,
                      connected.get(seat.seat, True), layout)


def draw_seat(c: Canvas, seat: SeatLine, rect: pygame.Rect, scale: float,
               lcd_lines: tuple[str, str] | None, lcd_slot: bool, online: bool,
               layout: Layout) -> None:
    """One seat's card in `rect`: colour, name, status pill, badges, money, LCD mock-up."""
    surface = c.surface
    name_size, pill_size, mono = _seat_fonts(c, scale)
    pad = c.sp(9, scale)
    radius = c.sp(8, scale)
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
        pygame.draw.rect(surface, border, rect, width=max(2, c.sp(3, scale)),
                         border_radius=radius)
    swatch = pygame.Rect(rect.x + pad, rect.y + pad, c.sp(10, scale), rect.h - 2 * pad)
    pygame.draw.rect(surface, colour.lerp(CARD_BG, 0.6) if out else colour, swatch,
                     border_radius=max(2, swatch.w // 3))

    right = rect.right - pad
    if lcd_slot:
        lw, lh = _lcd_size(c, mono)
        lcd_rect = pygame.Rect(right - lw, rect.centery - lh // 2, lw, lh)
        _draw_lcd(c, lcd_rect, lcd_lines or ("", ""), mono)
        layout.lcds[seat.seat] = lcd_rect
        right = lcd_rect.x - pad

    x = swatch.right + pad
    y = rect.y + pad
    name_h = c.lh("bold", name_size)
    pill_h = c.pill_h(pill_size)
    # Centre the two lines vertically when the card is taller than they need.
    spare = rect.h - 2 * pad - (name_h + c.sp(5, scale) + pill_h)
    y += max(0, spare // 2)

    money_w = 0
    if seat.money is not None:  # None: a hidden-money game; draw nothing, not even "?"
        money_w = _draw_money(c, seat.money, right, y, name_size, layout, seat.seat)
    name_colour = DIM if out else readable_on(colour, CARD_BG)
    c.blit_text(seat.name, "bold", name_size, name_colour, x, y,
                max(0, right - x - (money_w + pad if money_w else 0)))

    y += name_h + c.sp(5, scale)
    px = x
    fill, fg = STATUS_LOOK.get(seat.status, (None, MUTED))
    px = c.pill(c.text_of(STATUS_TEXT.get(seat.status, Msg(seat.status))), pill_size,
                fill, fg, px, y, right - px)
    if not online:
        px = c.pill(c.text_of(DISCONNECTED), pill_size, DISCONNECTED_LOOK[0],
                    DISCONNECTED_LOOK[1], px + c.sp(6, scale), y, right - px)
    for badge in seat.badges:
        room = right - px - c.sp(6, scale)
        text = c.text_of(badge)
        shown = c.fit(text, "bold", pill_size, room - 2 * c.sp(8))
        if shown != text and len(shown) - 1 < min(len(text), 6):
            break  # a badge cut to "Fi…" says nothing; leave it (and the rest) off
        px = c.pill(text, pill_size, None, GOLD, px + c.sp(6, scale), y, room)


def _draw_money(c: Canvas, money: int, right: int, y: int, size: int, layout: Layout,
                seat: int) -> int:
    """Amount right-aligned at `right` with a drawn coin (no currency word to translate)."""
    text = str(money)
    tw = c.fonts.measure(text, "bold", size)
    ascent = c.fonts.font("bold", size).get_ascent()
    r = max(3, round(size * 0.32))
    cx = right - tw - c.sp(6) - r
    cy = y + ascent - round(size * 0.36)
    if r >= 6:  # a rim only where it can be seen; tiny rims look like a spiky star
        pygame.draw.circle(c.surface, GOLD_DEEP, (cx, cy), r)
        r -= max(1, r // 4)
    pygame.draw.circle(c.surface, GOLD, (cx, cy), r)
    rect = c.blit_text(text, "bold", size, FG, right, y, align="right")
    box = pygame.Rect(cx - r, y, right - (cx - r), rect.h)
    layout.seat_money[seat] = box
    return box.w


def _draw_lcd(c: Canvas, rect: pygame.Rect, lines: tuple[str, str], mono: int) -> None:
    """A 16x2 character LCD look-alike: green glass, darker character cells, dark text."""
    surface = c.surface
    pygame.draw.rect(surface, LCD_BEZEL, rect.inflate(c.sp(6), c.sp(6)),
                     border_radius=c.sp(5))
    pygame.draw.rect(surface, LCD_BG, rect, border_radius=c.sp(3))
    char_w = c.fonts.measure("M", "mono", mono)
    line_h = c.lh("mono", mono)
    pad_x = (rect.w - LCD_COLS * char_w) // 2
    pad_y = (rect.h - 2 * line_h) // 2
    for row, raw in enumerate(lines[:2]):
        text = raw.replace("\n", " ")[:LCD_COLS].ljust(LCD_COLS)
        y = rect.y + pad_y + row * line_h
        for col in range(LCD_COLS):
            cell = pygame.Rect(rect.x + pad_x + col * char_w + 1, y + 1,
                               max(1, char_w - 2), max(1, line_h - 2))
            pygame.draw.rect(surface, LCD_CELL, cell)
        c.blit_text(text, "mono", mono, LCD_FG, rect.x + pad_x, y)
