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
    fits: bool = True  # False: even the smallest cards overflow (the grid is clipped)
    inline: bool = False  # one line per card: name, pills, money (a big table's cards)


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


def _labels(c: Canvas, seat: SeatLine, online: bool | Msg) -> list[str]:
    """The pills a card shows, in order: status, its box's fault, badges."""
    labels = [c.text_of(STATUS_TEXT.get(seat.status, Msg(seat.status)))]
    fault = _fault(c, online)
    if fault is not None:
        labels.append(fault)
    return labels + [c.text_of(b) for b in seat.badges]


def _fault(c: Canvas, online: bool | Msg) -> str | None:
    """The red pill of a seat whose box is not whole: "Disconnected", or its fault's few
    words ("No LCD: check cable"), which may come with the box still playing. None: whole."""
    if online is True:
        return None
    return c.text_of(DISCONNECTED if online is False else online)


def _flow(c: Canvas, labels: Sequence[str], size: int, scale: float,
          width: int) -> list[list[str]] | None:
    """Pills placed left to right in lines of `width`; None if one alone is too wide."""
    lines: list[list[str]] = [[]]
    used = 0
    gap = c.sp(6, scale)
    for text in labels:
        w = c.fonts.measure(text, "bold", size) + 2 * c.sp(8)
        if w > width:
            return None
        need = w + (gap if lines[-1] else 0)
        if lines[-1] and used + need > width:
            lines.append([])
            used, need = 0, w
        lines[-1].append(text)
        used += need
    return lines


def _text_room(c: Canvas, card_w: int, scale: float, lcd: bool) -> int:
    """The width left for the name and the pills on a card `card_w` wide."""
    pad = c.sp(9, scale)
    room = card_w - 2 * pad - c.sp(10, scale) - pad
    if lcd:
        room -= _lcd_size(c, _seat_fonts(c, scale)[2])[0] + pad
    return room


def _money_w(c: Canvas, money: int | None, size: int) -> int:
    if money is None:
        return 0
    return (c.fonts.measure(str(money), "bold", size) + c.sp(6) + 2 * max(3, round(size * 0.32))
            + c.sp(9))


def _card_h(c: Canvas, scale: float, lcd: bool, seats: Sequence[SeatLine],
            connected: Mapping[int, bool | Msg], card_w: int) -> int | None:
    """The height cards `card_w` wide need so every name and every pill fits whole (the
    pills wrap onto more lines); None when a name or a pill is wider than the card."""
    name, pill, _ = _seat_fonts(c, scale)
    _, base_h = _card_need(c, scale, lcd)
    room = _text_room(c, card_w, scale, lcd)
    lines = 1
    for seat in seats:
        if c.fonts.measure(seat.name, "bold", name) + _money_w(c, seat.money, name) > room:
            return None
        flowed = _flow(c, _labels(c, seat, connected.get(seat.seat, True)), pill, scale, room)
        if flowed is None:
            return None
        lines = max(lines, len(flowed))
    return base_h + (lines - 1) * (c.pill_h(pill) + c.sp(4, scale))


def _inline_h(c: Canvas, scale: float) -> int:
    name, pill, _ = _seat_fonts(c, scale)
    return 2 * c.sp(6, scale) + max(c.lh("bold", name), c.pill_h(pill))


def _inline_fits(c: Canvas, scale: float, seats: Sequence[SeatLine],
                 connected: Mapping[int, bool | Msg], card_w: int) -> bool:
    """Whether every seat's name, pills and money fit on one line of a card `card_w` wide."""
    name, pill, _ = _seat_fonts(c, scale)
    room = _text_room(c, card_w, scale, False)
    gap = c.sp(6, scale)
    for seat in seats:
        labels = _labels(c, seat, connected.get(seat.seat, True))
        need = (c.fonts.measure(seat.name, "bold", name) + c.sp(10)
                + _money_w(c, seat.money, name)
                + sum(c.fonts.measure(t, "bold", pill) + 2 * c.sp(8) + gap for t in labels))
        if need > room:
            return False
    return True


def plan_seats(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool,
               seats: Sequence[SeatLine] = (),
               connected: Mapping[int, bool | Msg] | None = None) -> SeatPlan:
    """Pick columns and a scale so all `n` cards fit `area`, preferring big, single-column.

    Up to ~6 seats get full cards in one column; a big table (Mega Civilization plays up to
    18) gets a multi-column grid. Names and badges are never cut: a card is as wide as its
    longest name needs and as tall as its badges need. The LCD mock-ups are dropped first,
    since they are only a demo aid.
    """
    vgap = c.sp(8)
    if n == 0:
        return SeatPlan(1, 0, 1.0, False, area.w, 0)
    online = connected if connected is not None else {}
    # Above 1.0 only when the room is there: a few seats on a big screen read from afar.
    scales = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
    options = [(lcd, s) for lcd in ((True, False) if want_lcd else (False,)) for s in scales
               if not (lcd and s < 0.7)]
    for lcd, scale in options:
        need_w, _ = _card_need(c, scale, lcd)
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if card_w < need_w:
                continue
            need_h = _card_h(c, scale, lcd, seats, online, card_w)
            if need_h is not None and rows * need_h + (rows - 1) * vgap <= area.h:
                return SeatPlan(cols, rows, scale, lcd, card_w, need_h)
    # A big table: one line per card (name, pills, money side by side) before paging.
    for scale in scales[2:]:
        card_h = _inline_h(c, scale)
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if (rows * card_h + (rows - 1) * vgap <= area.h
                    and _inline_fits(c, scale, seats, online, card_w)):
                return SeatPlan(cols, rows, scale, False, card_w, card_h, inline=True)
    # Nothing fits: smallest cards, as many columns as the width allows; the grid is
    # clipped to its area rather than drawn off-screen.
    scale = scales[-1]
    need_w, need_h = _card_need(c, scale, False)
    cols = max(1, min(n, area.w // max(1, need_w)))
    rows = math.ceil(n / cols)
    card_w = (area.w - (cols - 1) * gap) // cols
    card_h = max(1, min(need_h, (area.h - (rows - 1) * vgap) // rows))
    return SeatPlan(cols, rows, scale, False, card_w, card_h, fits=False)


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
               lcds: Mapping[int, tuple[str, str]] | None, connected: Mapping[int, bool | Msg],
               layout: Layout) -> None:
    """The cards as `plan` lays them out, clipped to `area`; a seat whose box is offline or
    has a fault is marked."""
    layout.seat_columns, layout.seat_scale = plan.cols, plan.scale
    with c.clipped(area):
        for seat, rect in zip(seats, seat_rects(c, len(seats), plan, area), strict=True):
            lines = lcds.get(seat.seat) if lcds is not None else None
            draw_seat(c, seat, rect, plan.scale, lines, plan.lcd and lcds is not None,
                      connected.get(seat.seat, True), layout, plan.inline)


def draw_seat(c: Canvas, seat: SeatLine, rect: pygame.Rect, scale: float,
               lcd_lines: tuple[str, str] | None, lcd_slot: bool, online: bool | Msg,
               layout: Layout, inline: bool = False) -> None:
    """One seat's card in `rect`: colour, name, status pill, badges, money, LCD mock-up (or
    one line of name, pills and money when `inline`)."""
    surface = c.surface
    name_size, pill_size, mono = _seat_fonts(c, scale)
    pad = c.sp(9, scale)
    radius = c.sp(8, scale)
    out = seat.status == "out"
    colour = parse_colour(seat.colour)
    layout.seat_cards[seat.seat] = rect

    pygame.draw.rect(surface, CARD_BG, rect, border_radius=radius)
    border: pygame.Color | None = None
    if online is not True:
        border = DISCONNECTED_LOOK[0]
    elif seat.status == "turn":
        border = STATUS_LOOK["turn"][0]
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=max(2, c.sp(3, scale)),
                         border_radius=radius)
    pad_v = c.sp(6, scale) if inline else pad
    swatch = pygame.Rect(rect.x + pad, rect.y + pad_v, c.sp(10, scale), rect.h - 2 * pad_v)
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
    if inline:
        _draw_inline(c, seat, rect, x, right, scale, online, layout,
                     DIM if out else readable_on(colour, CARD_BG))
        return
    lines = _flow(c, _labels(c, seat, online), pill_size, scale, right - x)
    if lines is None:  # a pill wider than the card: drawn cut, and the audit says so
        lines = [[label] for label in _labels(c, seat, online)]
    pills_h = len(lines) * pill_h + (len(lines) - 1) * c.sp(4, scale)
    # Centre the lines vertically when the card is taller than they need.
    spare = rect.h - 2 * pad - (name_h + c.sp(5, scale) + pills_h)
    y += max(0, spare // 2)

    money_w = 0
    if seat.money is not None:  # None: a hidden-money game; draw nothing, not even "?"
        money_w = _draw_money(c, seat.money, right, y, name_size, layout, seat.seat)
    name_colour = DIM if out else readable_on(colour, CARD_BG)
    c.blit_text(seat.name, "bold", name_size, name_colour, x, y,
                max(0, right - x - (money_w + pad if money_w else 0)))

    y += name_h + c.sp(5, scale)
    status = c.text_of(STATUS_TEXT.get(seat.status, Msg(seat.status)))
    offline = _fault(c, online)
    k = 0
    for line in lines:
        px = x
        for text in line:
            if k == 0 and text == status:
                fill, fg = STATUS_LOOK.get(seat.status, (None, MUTED))
            elif k == 1 and text == offline:
                fill, fg = DISCONNECTED_LOOK
            else:  # a badge: outlined in gold
                fill, fg = None, GOLD
            px = c.pill(text, pill_size, fill, fg, px, y, right - px) + c.sp(6, scale)
            k += 1
        y += pill_h + c.sp(4, scale)


def _draw_inline(c: Canvas, seat: SeatLine, rect: pygame.Rect, x: int, right: int,
                 scale: float, online: bool | Msg, layout: Layout,
                 name_colour: pygame.Color) -> None:
    """A one-line card: name, then the pills, the money at the right edge."""
    name_size, pill_size, _ = _seat_fonts(c, scale)
    y = rect.y + (rect.h - c.lh("bold", name_size)) // 2
    money_w = 0
    if seat.money is not None:
        money_w = _draw_money(c, seat.money, right, y, name_size, layout, seat.seat)
    name = c.blit_text(seat.name, "bold", name_size, name_colour, x, y,
                       max(0, right - x - money_w))
    px = name.right + c.sp(10)
    py = rect.y + (rect.h - c.pill_h(pill_size)) // 2
    for k, text in enumerate(_labels(c, seat, online)):
        if k == 0:
            fill, fg = STATUS_LOOK.get(seat.status, (None, MUTED))
        elif k == 1 and online is not True:
            fill, fg = DISCONNECTED_LOOK
        else:
            fill, fg = None, GOLD
        px = c.pill(text, pill_size, fill, fg, px, py, right - money_w - px) + c.sp(6, scale)


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
