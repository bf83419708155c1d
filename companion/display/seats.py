"""The seat list: a grid of seat cards that adapts to the count (one column of big cards up to
about six seats, more columns at a smaller scale for Mega Civilization's 18), each with the
seat's colour, name, status pill, badges, money where the game shows it, and the demo's LCD
mock-up. The grid is planned in `seat_plan`; each card is a region of the table screen,
kept as a sprite once drawn (`sprites`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import pygame

from ..engine.text import Msg
from ..engine.views import SeatLine, TableView
from .canvas import Canvas
from .layout import Layout
from .regions import Region
from .seat_plan import SeatPlan, fault_pill, flow, labels, lcd_size, seat_fonts
from .theme import (
    CARD_BG,
    DIM,
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


def seat_regions(c: Canvas, view: TableView, plan: SeatPlan, left: pygame.Rect,
                 lcds: Mapping[int, tuple[str, str]] | None,
                 connected: Mapping[int, bool | Msg]) -> list[Region]:
    """Each seat's card as a region of the table screen, drawn as one sprite: a card's
    pixels depend on what it shows, its size and scale, and the background under its
    corners, not on where it is (a page turned back, a card whose status returns)."""
    regions = []
    lcd_slot = plan.lcd and lcds is not None
    for seat, rect in zip(view.seats, seat_rects(c, len(view.seats), plan, left),
                          strict=True):
        rect = rect.clip(left)  # the grid never draws outside its column
        lines = lcds.get(seat.seat) if lcds is not None else None
        online = connected.get(seat.seat, True)
        # (Hashed only when looked up: when the card is drawn, or drawn ahead.)
        sprite = ("seat", seat, lines, online, rect.size, plan.scale, lcd_slot, plan.inline,
                  view.final)

        def card(c: Canvas, layout: Layout, seat: SeatLine = seat, rect: pygame.Rect = rect,
                 lines: tuple[str, str] | None = lines, online: bool | Msg = online,
                 sprite: Hashable = sprite) -> None:
            tables = (("money", layout.seat_money), ("lcd", layout.lcds))
            for _, table in tables:
                table.pop(seat.seat, None)

            def draw() -> dict[Hashable, pygame.Rect]:
                draw_seat(c, seat, rect, plan.scale, lines, lcd_slot, online, layout,
                          plan.inline)
                return {name: table[seat.seat] for name, table in tables
                        if seat.seat in table}

            placed = c.sprites.drawn(sprite, c.surface, rect, c.audit, draw)
            layout.seat_cards[seat.seat] = rect
            for name, table in tables:
                if name in placed:
                    table[seat.seat] = placed[name]

        regions.append(Region(("seat", seat.seat), rect, (seat, lines, online), card, sprite,
                              covers=True))
    return regions


def draw_seat(c: Canvas, seat: SeatLine, rect: pygame.Rect, scale: float,
               lcd_lines: tuple[str, str] | None, lcd_slot: bool, online: bool | Msg,
               layout: Layout, inline: bool = False) -> None:
    """One seat's card in `rect`: colour, name, status pill, badges, money, LCD mock-up (or
    one line of name, pills and money when `inline`)."""
    surface = c.surface
    name_size, pill_size, mono = seat_fonts(c, scale)
    pad = c.sp(9, scale)
    radius = c.sp(8, scale)
    out = seat.status == "out"
    colour = parse_colour(seat.colour)
    layout.seat_cards[seat.seat] = rect

    c.box(CARD_BG, rect, radius)
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
        lw, lh = lcd_size(c, mono)
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
    lines = flow(c, labels(c, seat, online), pill_size, scale, right - x)
    if lines is None:  # a pill wider than the card: drawn cut, and the audit says so
        lines = [[label] for label in labels(c, seat, online)]
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
    offline = fault_pill(c, online)
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
    name_size, pill_size, _ = seat_fonts(c, scale)
    y = rect.y + (rect.h - c.lh("bold", name_size)) // 2
    money_w = 0
    if seat.money is not None:
        money_w = _draw_money(c, seat.money, right, y, name_size, layout, seat.seat)
    name = c.blit_text(seat.name, "bold", name_size, name_colour, x, y,
                       max(0, right - x - money_w))
    px = name.right + c.sp(10)
    py = rect.y + (rect.h - c.pill_h(pill_size)) // 2
    for k, text in enumerate(labels(c, seat, online)):
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
