"""The seat list: a grid of seat cards that adapts to the count (one column of big cards up to
about six seats, more columns at a smaller scale for Mega Civilization's 18), each with the
seat's colour, name, status pill, badges, money where the game shows it, and the demo's LCD
mock-up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

import pygame

from ..engine.text import Msg
from ..engine.views import SeatLine
from .canvas import Canvas
from .layout import Layout
from .memo import Frozen
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


def _labels(c: Canvas, seat: SeatLine, online: bool) -> list[str]:
    """The pills a card shows, in order: status, "Disconnected", badges."""
    labels = [c.text_of(STATUS_TEXT.get(seat.status, Msg(seat.status)))]
    if not online:
        labels.append(c.text_of(DISCONNECTED))
    return labels + [c.text_of(b) for b in seat.badges]


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


@dataclass(frozen=True)
class _Sizes:
    """The seats' card contents measured at one scale: what every card must make room for."""

    need: int  # the widest name with its money
    pill: int  # the widest pill (text and padding)
    runs: tuple[tuple[int, ...], ...]  # each different run of pill widths, in order
    inline: int  # the widest one-line card's contents: name, pills and money
    seats: int


def _seat_sizes(c: Canvas, seat: SeatLine, online: bool,
                scale: float) -> tuple[int, tuple[int, ...], int]:
    """One seat at `scale`: (name and money width, its pills' widths, its one-line width)."""
    name, pill, _ = _seat_fonts(c, scale)
    measure = c.fonts.measure
    need = measure(seat.name, "bold", name) + _money_w(c, seat.money, name)
    pad = 2 * c.sp(8)
    pills = tuple(measure(t, "bold", pill) + pad for t in _labels(c, seat, online))
    gap = c.sp(6, scale)
    inline = need + c.sp(10) + sum(w + gap for w in pills)
    return need, pills, inline


def _measured(c: Canvas, seat: SeatLine, online: bool,
              scale: float) -> tuple[int, tuple[int, ...], int]:
    return c.memo.get("seat", (seat, online, scale), lambda: _seat_sizes(c, seat, online, scale))


def _sizes(c: Canvas, seats: Frozen, scale: float) -> _Sizes:
    """Every seat (`seats`: their lines and whether each is online) at `scale`, remembered
    per seat: a seat that locks is measured again, the other seventeen are not."""
    return c.memo.get("sizes", (seats, scale), lambda: _sizes_of(c, seats, scale))


def _sizes_of(c: Canvas, seats: Frozen, scale: float) -> _Sizes:
    lines, online = cast(tuple[tuple[SeatLine, ...], tuple[bool, ...]], seats.value)
    each = [_measured(c, seat, up, scale) for seat, up in zip(lines, online, strict=True)]
    return _Sizes(max((e[0] for e in each), default=0),
                  max((w for e in each for w in e[1]), default=0),
                  tuple(dict.fromkeys(e[1] for e in each)),
                  max((e[2] for e in each), default=0), len(each))


def _pill_lines(widths: Sequence[int], gap: int, width: int) -> int:
    """How many lines pills `widths` wide take when flowed into lines of `width` (as
    `_flow` places them; every pill is at most `width`)."""
    lines, used = 1, 0
    for w in widths:
        if used and used + gap + w > width:
            lines += 1
            used = w
        else:
            used += w + (gap if used else 0)
    return lines


@dataclass(frozen=True)
class _Card:
    """A card's fixed sizes at one scale, with or without its LCD, whatever its seat."""

    need_w: int  # the narrowest card (see `_card_need`)
    base_h: int  # its height with one line of pills
    line_h: int  # each further line of pills
    chrome: int  # a card's width less its text room (padding, swatch, LCD)
    gap: int  # between two pills
    inline_h: int  # a one-line card's height


def _card(c: Canvas, scale: float, lcd: bool) -> _Card:
    return c.memo.get("card", (scale, lcd), lambda: _card_of(c, scale, lcd))


def _card_of(c: Canvas, scale: float, lcd: bool) -> _Card:
    need_w, base_h = _card_need(c, scale, lcd)
    _, pill, _ = _seat_fonts(c, scale)
    return _Card(need_w, base_h, c.pill_h(pill) + c.sp(4, scale),
                 -_text_room(c, 0, scale, lcd), c.sp(6, scale), _inline_h(c, scale))


def _card_h(card: _Card, sizes: _Sizes, card_w: int) -> int | None:
    """The height cards `card_w` wide need so every name and every pill fits whole (the
    pills wrap onto more lines); None when a name or a pill is wider than the card."""
    room = card_w - card.chrome
    lines = 1
    if sizes.seats:
        if sizes.need > room or sizes.pill > room:
            return None
        lines = max(_pill_lines(run, card.gap, room) for run in sizes.runs)
    return card.base_h + (lines - 1) * card.line_h


def _inline_h(c: Canvas, scale: float) -> int:
    name, pill, _ = _seat_fonts(c, scale)
    return 2 * c.sp(6, scale) + max(c.lh("bold", name), c.pill_h(pill))


def plan_seats(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool,
               seats: Sequence[SeatLine] = (),
               connected: Mapping[int, bool] | None = None) -> SeatPlan:
    """Pick columns and a scale so all `n` cards fit `area`, preferring big, single-column.

    Up to ~6 seats get full cards in one column; a big table (Mega Civilization plays up to
    18) gets a multi-column grid. Names and badges are never cut: a card is as wide as its
    longest name needs and as tall as its badges need. The LCD mock-ups are dropped first,
    since they are only a demo aid. Remembered (`c.memo`): the body tries many areas per
    frame, and the same seats in the same area get the same plan.
    """
    online_at = connected if connected is not None else {}
    lines = tuple(seats)
    key = Frozen((lines, tuple(online_at.get(seat.seat, True) for seat in lines)))
    return c.memo.get("plan", (n, tuple(area), gap, want_lcd, key),
                      lambda: _plan_seats(c, n, area, gap, want_lcd, key))


def _plan_seats(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool,
                seats: Frozen) -> SeatPlan:
    vgap = c.sp(8)
    if n == 0:
        return SeatPlan(1, 0, 1.0, False, area.w, 0)
    # Above 1.0 only when the room is there: a few seats on a big screen read from afar.
    scales = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
    options = [(lcd, s) for lcd in ((True, False) if want_lcd else (False,)) for s in scales
               if not (lcd and s < 0.7)]
    for lcd, scale in options:
        card = _card(c, scale, lcd)
        sizes: _Sizes | None = None
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if card_w < card.need_w:
                continue
            if sizes is None:
                sizes = _sizes(c, seats, scale)
            need_h = _card_h(card, sizes, card_w)
            if need_h is not None and rows * need_h + (rows - 1) * vgap <= area.h:
                return SeatPlan(cols, rows, scale, lcd, card_w, need_h)
    # A big table: one line per card (name, pills, money side by side) before paging.
    for scale in scales[2:]:
        card = _card(c, scale, False)
        card_h = card.inline_h
        sizes = None
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if rows * card_h + (rows - 1) * vgap > area.h:
                continue
            if sizes is None:
                sizes = _sizes(c, seats, scale)
            if not sizes.seats or sizes.inline <= card_w - card.chrome:
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
               lcds: Mapping[int, tuple[str, str]] | None, connected: Mapping[int, bool],
               layout: Layout) -> None:
    """The cards as `plan` lays them out, clipped to `area`; an offline seat is marked."""
    layout.seat_columns, layout.seat_scale = plan.cols, plan.scale
    with c.clipped(area):
        for seat, rect in zip(seats, seat_rects(c, len(seats), plan, area), strict=True):
            lines = lcds.get(seat.seat) if lcds is not None else None
            draw_seat(c, seat, rect, plan.scale, lines, plan.lcd and lcds is not None,
                      connected.get(seat.seat, True), layout, plan.inline)


def draw_seat(c: Canvas, seat: SeatLine, rect: pygame.Rect, scale: float,
               lcd_lines: tuple[str, str] | None, lcd_slot: bool, online: bool,
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
    if not online:
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
    offline = c.text_of(DISCONNECTED) if not online else None
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
                 scale: float, online: bool, layout: Layout, name_colour: pygame.Color) -> None:
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
        elif k == 1 and not online:
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
