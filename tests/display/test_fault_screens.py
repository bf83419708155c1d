"""The words a fault puts on the table screen, drawn for real and measured: every one is on
the screen in full and readable from 2 m (a font of at least 22 px at 1280x720, measured on the
pixels). The PNGs are written for a person to look at (COMPANION_SHOTS=folder keeps them).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from companion.app.app_commands import AppCommands
from companion.app.journal import StorageFault
from companion.app.storage import table_words
from companion.boxes.box_faults import I2CUnavailable, lcd_fault, pins_fault
from companion.display.canvas import Canvas
from companion.display.renderer import Renderer
from companion.display.theme import BANNER_FG, DISCONNECTED_LOOK
from companion.display.window import save_png
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import Msg, msg
from companion.i18n import translator

GAME = get_game("camel-up")
HISTORY = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy")),
                                    {"start_coins": 5}))
PATH = Path("/var/lib/companion/journal.jsonl")
FAULTS: dict[str, Msg] = {
    "storage-full": table_words(StorageFault(PATH, errno.ENOSPC, "No space left on device")),
    "storage-read-only": table_words(StorageFault(PATH, errno.EROFS, "Read-only file system")),
    "storage-failing": table_words(StorageFault(PATH, errno.EIO, "Input/output error")),
    "lcd-missing": msg("{who}: {fault}", who="Bob", fault=lcd_fault(
        ValueError("No I2C device at address: 0x25"), 0x25)),
    "two-seats": msg("{first}; {then}", first=msg("{who}: {fault}", who="Ann", fault=pins_fault(
        Exception("pin GPIO17 is already in use"), "4, 17, 27, 22")), then=msg(
        "{who}: {fault}", who="Bob", fault=lcd_fault(OSError(5, "Input/output error"), 0x26))),
    "serial-absent": msg("{who}: {fault}", who="Cy", fault=msg(
        "serial box {box} not connected: check its USB cable", box="pico-e6614c3")),
    "i2c-off": msg("{who}: {fault}", who="Cy", fault=lcd_fault(I2CUnavailable("x"), 0x25)),
    "esc-on-the-appliance": AppCommands(kiosk=True).escape(0.0)[0],
    "esc-on-a-desktop": AppCommands(kiosk=False).escape(0.0)[0],
}


def shots(tmp_path: Path) -> Path:
    return Path(os.environ.get("COMPANION_SHOTS", tmp_path))


def ink_rows(surface: pygame.Surface, rect: pygame.Rect) -> list[int]:
    """The rows inside `rect` that hold banner text pixels."""
    rows = []
    for y in range(rect.top, rect.bottom):
        if any(surface.get_at((x, y))[:3] == BANNER_FG[:3] for x in range(rect.left, rect.right)):
            rows.append(y)
    return rows


@pytest.mark.slow  # 36 full-screen renders
@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("name", sorted(FAULTS))
def test_fault_words_are_on_the_screen_in_full_and_big(tmp_path: Path, name: str,
                                                       lang: str) -> None:
    surface = pygame.Surface((1280, 720))
    tr = translator(lang)
    renderer = Renderer(surface, tr, flip=lambda: None)
    text = FAULTS[name].render(tr)
    marked = {1: False} if name in ("lcd-missing", "two-seats") else None  # the seat's mark
    assert renderer.update(GAME.table(HISTORY.state), None, FAULTS[name], marked)
    save_png(surface, shots(tmp_path) / f"fault-{name}-{lang}.png")
    layout = renderer.screen.layout
    assert layout is not None and layout.banner is not None
    rows = ink_rows(surface, layout.banner)
    # the banner's lines: runs of inked rows, each at least as tall as the same line's ink
    # in the same face at 22 px (the smallest text readable from 2 m)
    runs: list[list[int]] = []
    for y in rows:
        if runs and y == runs[-1][-1] + 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    c = Canvas(surface, tr, renderer.screen.fonts, 1.0)
    pad = c.sp(8)
    lines = c.wrap(text, "bold", c.px(24), layout.banner.w - 4 * pad, 2)
    assert len(runs) == len(lines), f"{text!r} should be {len(lines)} line(s) of text"
    for line, run in zip(lines, runs, strict=True):
        at_22 = renderer.screen.fonts.render(line, "bold", 22, BANNER_FG).get_bounding_rect().h
        assert len(run) >= at_22, f"{line!r}: {len(run)} px of ink, under a 22 px font's"
    # in full: the two lines the banner holds, at its width, need no ellipsis
    assert " ".join(lines) == " ".join(text.split())


CARD_FAULTS: dict[int, bool | Msg] = {0: True, 1: msg("No LCD: check cable"),
                                      2: msg("Buttons not working")}


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_faulty_seat_says_so_on_its_card_under_any_banner(tmp_path: Path, lang: str,
                                                               size: tuple[int, int]) -> None:
    surface = pygame.Surface(size)
    tr = translator(lang)
    renderer = Renderer(surface, tr, flip=lambda: None)
    banner = FAULTS["storage-full"]  # lasts the whole outage: the box layer's line is hidden
    assert renderer.update(GAME.table(HISTORY.state), None, banner, CARD_FAULTS)
    save_png(surface, shots(tmp_path) / f"fault-cards-{lang}-{size[0]}.png")
    layout = renderer.screen.layout
    assert layout is not None
    drawn = renderer.screen.fonts.cached_texts()
    for words in ("No LCD: check cable", "Buttons not working"):
        assert tr(words) in drawn
    assert tr("Disconnected") not in drawn
    # the words sit in a red pill on their own seat's card, and only there
    red = DISCONNECTED_LOOK[0]

    def has_red(seat: int) -> bool:
        card = layout.seat_cards[seat]
        return any(surface.get_at((x, y))[:3] == red[:3]
                   for x in range(card.left, card.right, 2)
                   for y in range(card.top, card.bottom, 2))

    assert has_red(1) and has_red(2) and not has_red(0)
    problems = sorted({(p.problem, p.size, p.text) for p in renderer.screen.audit.problems})
    assert problems == [], problems
