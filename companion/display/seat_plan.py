"""Planning the seat grid: how many columns of cards, at which scale, with or without the
demo's LCD mock-ups, so that every name and pill fits whole (`plan_seats`), and what a card
measures (its fonts, its pills) for `seats`, which draws them.

The body tries many areas per frame (`body.arrange`), so plans are remembered (`c.memo`):
each seat's measures per scale, each grid per area, and the areas known to be too small.
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
from .memo import Frozen
from .theme import DISCONNECTED, LCD_COLS, STATUS_TEXT


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


# The card scales tried, biggest first (above 1.0 only when the room is there: a few seats on
# a big screen read from afar).
SCALES = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)


def seat_fonts(c: Canvas, scale: float) -> tuple[int, int, int]:
    """(name, pill, lcd) font sizes for a seat card at `scale`."""
    return c.px(23, scale), c.px(15, scale), c.px(16, scale, minimum=11)


def lcd_size(c: Canvas, mono: int) -> tuple[int, int]:
    char_w = c.fonts.measure("M", "mono", mono)
    line = c.lh("mono", mono)
    pad = c.sp(7)
    return LCD_COLS * char_w + 2 * pad, 2 * line + 2 * pad


def _card_need(c: Canvas, scale: float, lcd: bool) -> tuple[int, int]:
    """Smallest (width, height) a seat card needs at `scale`, with or without an LCD."""
    name, pill, mono = seat_fonts(c, scale)
    pad = c.sp(9, scale)
    h = pad + c.lh("bold", name) + c.sp(5, scale) + c.pill_h(pill) + pad
    # Room for a swatch, ~8 characters of name, a 3-digit amount and a status pill.
    w = (c.sp(10, scale) + 3 * pad + c.fonts.measure("Abcdefgh", "bold", name)
         + c.fonts.measure("● 000", "bold", name))
    if lcd:
        lw, lh = lcd_size(c, mono)
        w += lw + pad
        h = max(h, lh + 2 * pad)
    return w, h


def labels(c: Canvas, seat: SeatLine, online: bool | Msg) -> list[str]:
    """The pills a card shows, in order: status, its box's fault, badges."""
    labels = [c.text_of(STATUS_TEXT.get(seat.status, Msg(seat.status)))]
    fault = fault_pill(c, online)
    if fault is not None:
        labels.append(fault)
    return labels + [c.text_of(b) for b in seat.badges]


def fault_pill(c: Canvas, online: bool | Msg) -> str | None:
    """The red pill of a seat whose box is not whole: "Disconnected", or its fault's few
    words ("No LCD: check cable"), which may come with the box still playing. None: whole."""
    if online is True:
        return None
    return c.text_of(DISCONNECTED if online is False else online)


def flow(c: Canvas, labels: Sequence[str], size: int, scale: float,
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
        room -= lcd_size(c, seat_fonts(c, scale)[2])[0] + pad
    return room


def _money_w(c: Canvas, money: int | None, size: int) -> int:
    if money is None:
        return 0
    return (c.fonts.measure(str(money), "bold", size) + c.sp(6) + 2 * max(3, round(size * 0.32))
            + c.sp(9))


@dataclass(frozen=True)
class _Sizes:
    """The seats' card contents measured at one name and pill size: what every card must
    make room for. (Below scale 1.0 the sizes rarely change: text never shrinks below the
    minimum, so most scales share one measurement.)"""

    need: int  # the widest name with its money
    pill: int  # the widest pill (text and padding)
    runs: tuple[tuple[int, ...], ...]  # each different run of pill widths, in order
    inline: tuple[tuple[int, int], ...]  # one-line cards: (all but the gaps, pills)
    seats: int

    def inline_w(self, gap: int) -> int:
        """The widest one-line card's contents (name, pills, money) with pills `gap` apart."""
        return max((w + n * gap for w, n in self.inline), default=0)


def _seat_sizes(c: Canvas, seat: SeatLine, online: bool | Msg, name: int,
                pill: int) -> tuple[int, tuple[int, ...], int]:
    """One seat: (name and money width, its pills' widths, its one-line width but the
    gaps after its pills)."""
    measure = c.fonts.measure
    need = measure(seat.name, "bold", name) + _money_w(c, seat.money, name)
    pad = 2 * c.sp(8)
    pills = tuple(measure(t, "bold", pill) + pad for t in labels(c, seat, online))
    return need, pills, need + c.sp(10) + sum(pills)


def _measured(c: Canvas, seat: SeatLine, online: bool | Msg, name: int,
              pill: int) -> tuple[int, tuple[int, ...], int]:
    return c.memo.get("seat", (c.memo.frozen(seat), online, name, pill),
                      lambda: _seat_sizes(c, seat, online, name, pill), limit=4096)


def _sizes(c: Canvas, seats: Frozen, card: _Card) -> _Sizes:
    """Every seat (`seats`: their lines and whether each is online) at the card's sizes,
    remembered per seat: a seat that locks is measured again, the other seventeen are not."""
    return c.memo.get("sizes", (seats, card.name, card.pill),
                      lambda: _sizes_of(c, seats, card.name, card.pill))


class _Measures:
    """The seats last measured at one card size, and their measures (`_seat_sizes`)."""

    __slots__ = ("each", "lines", "online")

    def __init__(self) -> None:
        self.lines: tuple[SeatLine, ...] = ()
        self.online: tuple[bool | Msg, ...] = ()
        self.each: list[tuple[int, tuple[int, ...], int]] = []


def _sizes_of(c: Canvas, seats: Frozen, name: int, pill: int) -> _Sizes:
    key, online = cast(tuple[Frozen, tuple[bool | Msg, ...]], seats.value)
    lines = cast(tuple[SeatLine, ...], key.value)
    # The seats measured last at these sizes (the same page of the table): an entry changes
    # one seat of 18, so the others' measures are taken over where the seat is unchanged,
    # which costs a comparison instead of a look-up keyed by the whole seat.
    first = lines[0].seat if lines else -1
    last = c.memo.get("last seats", (len(lines), first, name, pill), _Measures)
    if len(last.lines) == len(lines):
        each = [e if seat == was and up == was_up else _measured(c, seat, up, name, pill)
                for seat, up, was, was_up, e in zip(lines, online, last.lines, last.online,
                                                    last.each, strict=True)]
    else:
        each = [_measured(c, seat, up, name, pill)
                for seat, up in zip(lines, online, strict=True)]
    last.lines, last.online, last.each = lines, online, each
    return _Sizes(max((e[0] for e in each), default=0),
                  max((w for e in each for w in e[1]), default=0),
                  tuple(dict.fromkeys(e[1] for e in each)),
                  tuple(dict.fromkeys((e[2], len(e[1])) for e in each)), len(each))


def _pill_lines(widths: Sequence[int], gap: int, width: int) -> int:
    """How many lines pills `widths` wide take when flowed into lines of `width` (as
    `flow` places them; every pill is at most `width`)."""
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

    name: int  # the name's font size
    pill: int  # the pills' font size
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
    name, pill, _ = seat_fonts(c, scale)
    return _Card(name, pill, need_w, base_h, c.pill_h(pill) + c.sp(4, scale),
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
    name, pill, _ = seat_fonts(c, scale)
    return 2 * c.sp(6, scale) + max(c.lh("bold", name), c.pill_h(pill))


def plan_seats(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool,
               seats: Sequence[SeatLine] = (),
               connected: Mapping[int, bool | Msg] | None = None) -> SeatPlan:
    """Pick columns and a scale so all `n` cards fit `area`, preferring big, single-column.

    Up to ~6 seats get full cards in one column; a big table (Mega Civilization plays up to
    18) gets a multi-column grid. Names and badges are never cut: a card is as wide as its
    longest name needs and as tall as its badges need. The LCD mock-ups are dropped first,
    since they are only a demo aid. Remembered (`c.memo`): the body tries many areas per
    frame, and the same seats in the same area get the same plan.
    """
    online_at = connected if connected is not None else {}
    lines = tuple(seats)
    # The seats hashed once per tuple (a page's seats are the same tuple in every try).
    key = Frozen((c.memo.frozen(lines), tuple(online_at.get(seat.seat, True) for seat in lines)))
    return c.memo.get("plan", (n, tuple(area), gap, want_lcd, key),
                      lambda: _plan_seats(c, n, area, gap, want_lcd, key))


def _plan_seats(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool,
                seats: Frozen) -> SeatPlan:
    if n == 0:
        return SeatPlan(1, 0, 1.0, False, area.w, 0)
    # Whether some grid fits only grows with the area (a wider card never needs more lines
    # of pills), and the LCD mock-ups only add grids to try: no grid fits an area inside
    # one where none did, which spares the body's narrower tries the whole search.
    small: list[tuple[int, int, bool]] = c.memo.get("too small", (n, gap, seats), list)
    if any(area.w <= w and area.h <= h and (lcd or not want_lcd) for w, h, lcd in small):
        return _clipped(c, n, area, gap)
    plan = _search(c, n, area, gap, want_lcd, seats)
    if not plan.fits and len(small) < 8:
        small.append((area.w, area.h, want_lcd))
    return plan


def _search(c: Canvas, n: int, area: pygame.Rect, gap: int, want_lcd: bool,
            seats: Frozen) -> SeatPlan:
    vgap = c.sp(8)
    options = [(lcd, s) for lcd in ((True, False) if want_lcd else (False,)) for s in SCALES
               if not (lcd and s < 0.7)]
    for lcd, scale in options:
        card = _card(c, scale, lcd)
        sizes: _Sizes | None = None
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if card_w < card.need_w:
                continue
            if rows * card.base_h + (rows - 1) * vgap > area.h:
                continue  # too tall with one line of pills, whatever the seats say
            if sizes is None:
                sizes = _sizes(c, seats, card)
            need_h = _card_h(card, sizes, card_w)
            if need_h is not None and rows * need_h + (rows - 1) * vgap <= area.h:
                return SeatPlan(cols, rows, scale, lcd, card_w, need_h)
    # A big table: one line per card (name, pills, money side by side) before paging.
    for scale in SCALES[2:]:
        card = _card(c, scale, False)
        card_h = card.inline_h
        widest: int | None = None  # the widest one-line card's contents at this scale
        for cols in range(1, 5):
            rows = math.ceil(n / cols)
            card_w = (area.w - (cols - 1) * gap) // cols
            if rows * card_h + (rows - 1) * vgap > area.h:
                continue
            if widest is None:
                widest = _sizes(c, seats, card).inline_w(card.gap)
            if widest <= card_w - card.chrome:  # (no seats: nothing is wider than 0)
                return SeatPlan(cols, rows, scale, False, card_w, card_h, inline=True)
    return _clipped(c, n, area, gap)


def _clipped(c: Canvas, n: int, area: pygame.Rect, gap: int) -> SeatPlan:
    """Nothing fits: smallest cards, as many columns as the width allows; the grid is
    clipped to its area rather than drawn off-screen."""
    vgap = c.sp(8)
    scale = SCALES[-1]
    need_w, need_h = _card_need(c, scale, False)
    cols = max(1, min(n, area.w // max(1, need_w)))
    rows = math.ceil(n / cols)
    card_w = (area.w - (cols - 1) * gap) // cols
    card_h = max(1, min(need_h, (area.h - (rows - 1) * vgap) // rows))
    return SeatPlan(cols, rows, scale, False, card_w, card_h, fits=False)
