"""The table screen's look: the dark theme's colours, the status and cell looks, the words the
screen adds itself (as `Msg`s, through the table's language), and the colour helpers that keep
a seat's colour readable.
"""

from __future__ import annotations

import pygame

from ..engine.text import Msg, msg
from ..engine.views import Style
from .fonts import Face

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
    "asked": msg("To enter"),
    "done": msg("Done"),
    "out": msg("Out"),
}
# (fill, text) per status; a None fill draws an outlined pill (quieter states).
STATUS_LOOK: dict[str, tuple[pygame.Color | None, pygame.Color]] = {
    "thinking": (pygame.Color("#f5b041"), DARK_TEXT),
    "locked": (pygame.Color("#2ecc71"), DARK_TEXT),
    "waiting": (None, MUTED),
    "turn": (pygame.Color("#48c9f0"), DARK_TEXT),
    "asked": (pygame.Color("#48c9f0"), DARK_TEXT),
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


def cell_look(style: Style) -> tuple[Face, pygame.Color]:
    """The face and colour of a panel cell in `style` (plain cells: regular, FG)."""
    return CELL_LOOK.get(style, ("regular", FG))


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
