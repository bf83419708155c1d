"""The phone page as the demo shows it beside the table: what one phone seat's page shows,
drawn from the messages that phone received over its WebSocket (the seat's two LCD lines,
its LED as "Your turn" / "Locked", the waiting and refusal notes) with the page's three keys.

It draws what the page would show, in the table's language, without a browser: the page
itself (`companion/boxes/phone_page.py`, `phone_assets/`) is what a real phone shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..boxes.vocabulary import PHONE_NOTES
from ..engine.text import msg
from .canvas import Translate
from .fonts import FontCache
from .theme import ACCENT, BG, DIM, FG, LCD_BG, LCD_FG, LOG_BG, MUTED

BODY = pygame.Color("#2a2f36")
LED_ON = pygame.Color("#48c9f0")
LED_LOCKED = pygame.Color("#2ecc71")
KEY_BG = pygame.Color("#3a414a")


@dataclass(frozen=True)
class PhoneView:
    """What one phone's page shows: the latest `seat` message, or a note (`pending`, `gone`)."""

    name: str
    lines: tuple[str, str] = ("", "")
    led: str = "off"
    note: str | None = None  # a key of PHONE_NOTES (the page's notes, under the LCD)


def panel_width(height: int) -> int:
    """The panel's width beside a table screen `height` pixels high (a phone's proportions)."""
    return max(200, round(height * 0.42))


def draw_phone(surface: pygame.Surface, rect: pygame.Rect, view: PhoneView,
               translate: Translate, fonts: FontCache) -> None:
    """Draw the phone page of `view` into `rect` of `surface`."""
    surface.fill(BG, rect)
    pad = max(6, rect.w // 24)
    caption = msg("Phone: {name}", name=view.name).render(translate)
    size = max(12, rect.h // 30)
    surface.blit(fonts.render(caption, "bold", size, MUTED), (rect.x + pad, rect.y + pad))
    top = rect.y + pad * 2 + fonts.line_height("bold", size)
    body = pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - top - pad)
    pygame.draw.rect(surface, BODY, body, border_radius=pad * 2)
    screen = body.inflate(-pad * 2, -pad * 4)
    pygame.draw.rect(surface, LOG_BG, screen, border_radius=pad)
    x, y, w = screen.x + pad, screen.y + pad, screen.w - 2 * pad
    # Header: the seat's name, the LED, and what it means (the page's words).
    head = max(14, rect.h // 22)
    surface.blit(fonts.render(view.name, "bold", head, FG), (x, y))
    dot = head // 2
    led_x = x + w - dot
    colour = {"on": LED_ON, "blink": LED_LOCKED}.get(view.led)
    centre = (led_x, y + fonts.line_height("bold", head) // 2)
    if colour is None:
        pygame.draw.circle(surface, DIM, centre, dot, width=2)
    else:
        pygame.draw.circle(surface, colour, centre, dot)
    status = {"on": msg("Your turn"), "blink": msg("Locked")}.get(view.led)
    y += fonts.line_height("bold", head) + pad // 2
    small = max(11, rect.h // 34)
    if status is not None:
        surface.blit(fonts.render(status.render(translate), "bold", small, colour or FG), (x, y))
    y += fonts.line_height("bold", small) + pad
    # The LCD: the seat's two lines, 16 columns, as the page shows them.
    mono = max(8, rect.h // 20)
    while mono > 8 and fonts.measure("M" * 16, "mono", mono) > w - pad:
        mono -= 1
    line_h = fonts.line_height("mono", mono)
    lcd = pygame.Rect(x, y, w, line_h * 2 + pad)
    pygame.draw.rect(surface, LCD_BG, lcd, border_radius=pad // 2)
    for i, line in enumerate(view.lines):
        surface.blit(fonts.render(line.ljust(16), "mono", mono, LCD_FG),
                     (lcd.x + pad // 2, lcd.y + pad // 2 + i * line_h))
    y = lcd.bottom + pad
    if view.note is not None and view.note in PHONE_NOTES:
        for part in _wrap(PHONE_NOTES[view.note].render(translate), fonts, small, w):
            surface.blit(fonts.render(part, "regular", small, ACCENT), (x, y))
            y += fonts.line_height("regular", small)
    # The three keys at the foot, as big as the page makes them.
    key_h = max(30, screen.h // 6)
    keys_top = screen.bottom - pad - key_h
    gap = pad
    key_w = (w - 2 * gap) // 3
    for i, label in enumerate(("\u2212", "+", msg("OK").render(translate))):
        key = pygame.Rect(x + i * (key_w + gap), keys_top, key_w, key_h)
        pygame.draw.rect(surface, KEY_BG, key, border_radius=pad)
        label_size = key_h // 2
        while label_size > 10 and fonts.measure(label, "bold", label_size) > key_w - pad:
            label_size -= 1
        text = fonts.render(label, "bold", label_size, FG)
        surface.blit(text, text.get_rect(center=key.center))
    hint = msg("Hold OK to unlock a locked bid.").render(translate)
    hint_lines = _wrap(hint, fonts, small, w)
    hy = keys_top - pad // 2 - len(hint_lines) * fonts.line_height("regular", small)
    for part in hint_lines:
        surface.blit(fonts.render(part, "regular", small, MUTED), (x, hy))
        hy += fonts.line_height("regular", small)


def _wrap(text: str, fonts: FontCache, size: int, width: int) -> list[str]:
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and fonts.measure(trial, "regular", size) > width:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    return out
