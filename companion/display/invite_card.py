"""The phones' join card on the table screen: a QR code, the address under it (whole, as a
player types it) and the seats still waiting for a phone. Shown at the right of the body
while any phone seat is free; the QR modules are drawn as whole pixels on white with their
quiet zone, so a phone's camera reads it from across the table.
"""

from __future__ import annotations

import re

import pygame

from ..boxes.vocabulary import JoinInvite
from ..engine.text import msg
from .canvas import Canvas
from .theme import CARD_BG, DARK_TEXT, FG, MUTED, WHITE


def card_width(c: Canvas, body: pygame.Rect) -> int:
    """How wide the card is: room for a readable QR, never more than a third of the body."""
    return min(c.sp(300), body.w // 3)


def invite_rect(c: Canvas, invite: JoinInvite, area: pygame.Rect) -> pygame.Rect:
    """Where the card goes at the top of `area` (its height follows its text and QR)."""
    return _card(c, invite, area)[0]


def shown_url(url: str) -> str:
    """The address as a player types it: no "http://" (a phone's browser adds it) and no
    trailing "/" after the port; the QR code holds the whole URL."""
    text = url.removeprefix("http://")
    if text.endswith("/") and text.count("/") == 1:
        text = text[:-1]
    return text


def url_lines(c: Canvas, url: str, size: int, width: int) -> list[str]:
    """The address on as few lines `width` wide as it takes, so it is read whole from across
    the table: broken only before the port, after a "/" or, in a long host name, after a "."
    or "-" (never inside a name or a number). A part wider than a line is cut, and the
    audit says so."""
    lines: list[str] = []
    for part in re.split(r"(?=:\d)|(?<=[/.-])", shown_url(url)):
        if lines and c.fonts.measure(lines[-1] + part, "bold", size) <= width:
            lines[-1] += part
        elif part:
            lines.append(part)
    return lines


def _card(c: Canvas, invite: JoinInvite, area: pygame.Rect
          ) -> tuple[pygame.Rect, list[str], list[str], list[str], int]:
    """The card's rect, its title, address and seat lines, and the QR's pixels per module."""
    pad = c.sp(12)
    title_size, url_size, seats_size = c.px(20), c.px(18), c.px(16)
    inner = area.w - 2 * pad
    modules = len(invite.qr) or 1
    scale = max(1, inner // modules)
    qr_px = scale * modules
    names = ", ".join(invite.seats)
    seat_lines = c.wrap(c.text_of(msg("Waiting for a phone: {names}", names=names)),
                        "regular", seats_size, inner, 3)
    title_lines = c.wrap(c.text_of(msg("Join with your phone")), "bold", title_size, inner, 2)
    address = url_lines(c, invite.url, url_size, inner)
    height = (pad + len(title_lines) * c.lh("bold", title_size) + c.sp(8) + qr_px + c.sp(8)
              + len(address) * c.lh("bold", url_size) + c.sp(6)
              + len(seat_lines) * c.lh("regular", seats_size) + pad)
    rect = pygame.Rect(area.x, area.y, area.w, min(height, area.h))
    return rect, title_lines, address, seat_lines, scale


def draw_invite(c: Canvas, invite: JoinInvite, area: pygame.Rect) -> pygame.Rect:
    """Draw the card at the top of `area`; returns the rect drawn."""
    rect, title_lines, address, seat_lines, scale = _card(c, invite, area)
    pad = c.sp(12)
    title_size, url_size, seats_size = c.px(20), c.px(18), c.px(16)
    inner = area.w - 2 * pad
    qr_px = scale * (len(invite.qr) or 1)
    pygame.draw.rect(c.surface, CARD_BG, rect, border_radius=c.sp(10))
    with c.clipped(rect):
        y = rect.y + pad
        for line in title_lines:
            c.blit_text(line, "bold", title_size, FG, rect.centerx, y, inner, "center")
            y += c.lh("bold", title_size)
        y += c.sp(8)
        qr_rect = pygame.Rect(rect.centerx - qr_px // 2, y, qr_px, qr_px)
        pygame.draw.rect(c.surface, WHITE, qr_rect)
        for r, row in enumerate(invite.qr):
            for col, dark in enumerate(row):
                if dark:
                    c.surface.fill(DARK_TEXT, (qr_rect.x + col * scale, qr_rect.y + r * scale,
                                               scale, scale))
        y = qr_rect.bottom + c.sp(8)
        for line in address:
            c.blit_text(line, "bold", url_size, FG, rect.centerx, y, inner, "center")
            y += c.lh("bold", url_size)
        y += c.sp(6)
        for line in seat_lines:
            c.blit_text(line, "regular", seats_size, MUTED, rect.centerx, y, inner, "center")
            y += c.lh("regular", seats_size)
    return rect
