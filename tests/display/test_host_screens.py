"""The host's screens, drawn for real and measured: the host line (always there), a
destructive command's question, a correction banner, a void and the waiting line, at 1280x720
and 800x480, in English and Polish. Each text is on the screen in full and big enough to read
from 2 m (letters at least 22 px tall at 1280x720, 15 px at 800x480, measured on the pixels).
The PNGs are for a person to look at (COMPANION_SHOTS=folder keeps them)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from companion.app.controller import Controller
from companion.app.hostmenu import CorrectSeat
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.display.renderer import Renderer
from companion.display.window import save_png
from companion.engine.actions import Enter
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.i18n import translator

GAME = get_game("camel-up")
NAMES = ("Ann", "Bob", "Cy", "Di")


def table(lang: str) -> Controller:
    seats = tuple(Seat(n, DEFAULT_COLOURS[i]) for i, n in enumerate(NAMES))
    return Controller(History.start(GAME, Setup(GAME.id, seats, {"start_coins": 10})), None,
                      translator(lang))


def press(c: Controller, intent: Intent, now: float) -> None:
    c.handle(SeatIntent(HOST_SEAT, intent), now)


def revealed(c: Controller) -> None:
    c.host("start", 0.0, card="highest_bet")
    for seat, bid in enumerate((2, 3, 1, 0)):
        c.submit(Enter(seat, bid), 1.0, seat)


def host_menu(c: Controller) -> None:
    press(c, Intent.PLUS, 0.5)
    press(c, Intent.PLUS, 0.6)


def asking(c: Controller) -> None:
    revealed(c)
    c.expire(10.0)
    while c.host_menu.current(c.host_options()).label.render() != "End the game":  # type: ignore[union-attr]
        press(c, Intent.PLUS, 10.0)
    press(c, Intent.OK, 10.5)


def correct_seat(c: Controller) -> None:
    """Inside "Correct a seat's entry": the host picks the seat."""
    revealed(c)
    c.expire(10.0)
    while not isinstance(c.host_menu.current(c.host_options()).action,  # type: ignore[union-attr]
                         CorrectSeat):
        press(c, Intent.PLUS, 10.0)
    press(c, Intent.OK, 10.1)
    press(c, Intent.MINUS, 10.2)


def correct_value(c: Controller) -> None:
    """Then dials the value (the step grows while the key is held)."""
    correct_seat(c)
    press(c, Intent.OK, 10.3)
    c.handle(SeatIntent(HOST_SEAT, Intent.PLUS, 3), 10.4)


def correction(c: Controller) -> None:
    revealed(c)
    c.host("correct", 2.0, seat=3, value=4)


def void(c: Controller) -> None:
    revealed(c)
    c.host("void", 2.0, reason="dispute")


def waiting(c: Controller) -> None:
    revealed(c)
    c.submit(Enter(1, 4), 2.0, 1)
    c.submit(Enter(2, 0), 2.0, 2)
    c.expire(10.0)


SCENES: dict[str, Callable[[Controller], None]] = {
    "host-menu": host_menu, "host-confirm": asking, "host-correction": correction,
    "host-correct-seat": correct_seat, "host-correct-value": correct_value,
    "host-void": void, "host-waiting": waiting,
}


def shots(tmp_path: Path) -> Path:
    return Path(os.environ.get("COMPANION_SHOTS", tmp_path))


def letters_tall(surface: pygame.Surface, rect: pygame.Rect, bg: pygame.Color) -> int:
    """The tallest run of rows in `rect` holding a pixel unlike its background: a line's
    letters from ascender to descender."""
    tallest = run = 0
    for y in range(rect.top + 2, rect.bottom - 2):
        inked = any(surface.get_at((x, y))[:3] != bg[:3]
                    for x in range(rect.left + 12, rect.right - 12, 1))
        run = run + 1 if inked else 0
        tallest = max(tallest, run)
    return tallest


@pytest.mark.slow  # 28 full-screen renders
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_host_screens_are_whole_and_big(tmp_path: Path, scene: str, lang: str,
                                        size: tuple[int, int]) -> None:
    c = table(lang)
    SCENES[scene](c)
    surface = pygame.Surface(size)
    renderer = Renderer(surface, translator(lang), flip=lambda: None)
    view = c.table_view()
    host = c.host_line(view.final)
    assert renderer.update(view, None, c.banner_text(), c.connected, host)
    save_png(surface, shots(tmp_path) / f"{scene}-{lang}-{size[0]}x{size[1]}.png")
    layout = renderer.screen.layout
    assert layout is not None and layout.host is not None and layout.waiting is not None
    least = 22 if size[0] == 1280 else 15
    for rect in (layout.host, layout.waiting):
        bg = surface.get_at((rect.right - 3, rect.centery))
        assert letters_tall(surface, rect, bg) >= least, (scene, rect)
    # In full, never cut with an ellipsis: the host must read every word of a question.
    tr = translator(lang)
    assert " ".join(layout.host_lines) == " ".join(host.hint.render(tr).split())
    assert host.waiting is not None and " ".join(layout.waiting_lines) == " ".join(
        host.waiting.render(tr).split())
    if c.banner_text() is not None:
        assert layout.banner is not None
