"""Mega Civilization's host menu names seats by their civilization and the trade-card
blocks by their translated names, never by seat numbers or raw keys, and its host line is
read whole at 800x480 in Polish."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.app.controller import Controller
from companion.app.demos import demo_for, play_until
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.display.renderer import Renderer
from companion.i18n import translator

DEMO = demo_for("mega-civilization")


def labels(c: Controller) -> list[str]:
    return [e.label.render(c.translate) for e in c.host_options()]


@pytest.mark.parametrize(("lang", "west", "treasury", "empty", "block"), [
    ("en", "West", "Correct a treasury: Iberia, -10", "Mark a stack empty: West, 1",
     "Set a trade-card block: Iberia, West"),
    ("pl", "Zachód", "Popraw skarbiec: Iberia, -10", "Oznacz pusty stos: Zachód, 1",
     "Ustaw blok kart handlu: Iberia, Zachód"),
])
def test_seats_by_civilization_and_blocks_by_name(lang: str, west: str, treasury: str,
                                                 empty: str, block: str) -> None:
    setup = Controller(play_until(DEMO, before_shot="01-setup-civilizations"), None,
                       translator(lang))
    assert block in labels(setup)
    c = Controller(play_until(DEMO, before_shot="04-6a-draw-order"), None, translator(lang))
    offered = labels(c)
    assert treasury in offered and empty in offered
    # Every seat by its civilization, each sum signed; no raw key anywhere.
    assert f"{treasury.split(':')[0]}: Dravidia, +10" in offered
    assert not any(", west" in x or ", east" in x or x.endswith(", 0") for x in offered)
    assert any(west in x for x in offered)


def test_the_polish_host_line_is_whole_at_800x480(tmp_path: Path) -> None:
    c = Controller(play_until(DEMO, before_shot="04-6a-draw-order"), None, translator("pl"))
    while not c.host_menu.current(c.host_options()).label.render(  # type: ignore[union-attr]
            c.translate).startswith("Popraw skarbiec: Dravidia"):
        c.handle(SeatIntent(HOST_SEAT, Intent.MINUS), 1.0)
    surface = pygame.Surface((800, 480))
    renderer = Renderer(surface, c.translate, flip=lambda: None)
    view = c.table_view()
    host = c.host_line(view.final)
    assert renderer.update(view, None, c.banner_text(), c.connected, host)
    pygame.image.save(surface, str(tmp_path / "mega-host-pl-800x480.png"))  # to look at
    layout = renderer.screen.layout
    assert layout is not None and layout.host is not None
    shown = " ".join(layout.host_lines)
    assert shown == " ".join(host.hint.render(c.translate).split())
    assert "Popraw skarbiec: Dravidia, +10" in shown
