"""While the table waits, the fonts its frames may use are made and their glyphs loaded, so the
first press after a start (or the first reveal at a new size) does not wait for FreeType: the
warm-up stops the moment input is queued and costs nothing once done."""

from __future__ import annotations

import math
import string
from pathlib import Path

import pygame
import pytest

from bench.frames import Clock, table
from companion.app.loop import App
from companion.boxes.vocabulary import HostInput, Key, KeyEdge
from companion.display.fonts import WARM_CHUNK, WARM_GLYPHS, FontCache
from companion.display.renderer import Renderer

LOCALE = Path(__file__).resolve().parents[2] / "companion" / "locale"


def press_ok(app: App, clock: Clock, seat: int) -> None:
    for down in (True, False):
        app.sink(KeyEdge(seat, Key.OK, down, clock.now))
        clock.now += 0.05
        app.run_once(0)


def fonts_of(app: App) -> FontCache:
    assert isinstance(app.renderer, Renderer)
    return app.renderer.screen.fonts


def catalog_texts(path: Path) -> str:
    """Every msgid and msgstr of a .po or .pot file (comments left out)."""
    return "".join(line for line in path.read_text(encoding="utf-8").splitlines()
                   if line.startswith(("msgid", "msgstr", '"')))


@pytest.mark.parametrize("path", sorted(LOCALE.rglob("*.po*")), ids=lambda p: p.name)
def test_every_letter_a_catalog_shows_is_warmed(path: Path) -> None:
    missing = {ch for ch in catalog_texts(path) if ch not in WARM_GLYPHS and ch != "\\"}
    assert not missing, f"add to WARM_GLYPHS: {''.join(sorted(missing))}"


def test_the_first_entry_after_a_start_makes_no_font() -> None:
    """An 18-seat table's first entry puts up a panel and splits the seats over two pages:
    every card changes size. With the warm-up done while the table waited, that frame finds
    every font made."""
    clock = Clock()
    app = table("mega-civilization", 18, clock)
    fonts = fonts_of(app)
    assert fonts.cold > 0  # the first frame's fonts, and the sizes the table may page to
    app.rest()
    assert fonts.cold == 0
    made = fonts.fonts_created
    frames = app.frames
    press_ok(app, clock, 0)
    assert app.frames > frames
    assert isinstance(app.renderer, Renderer) and app.renderer.screen.pages == 2
    assert fonts.fonts_created == made


def test_without_the_warm_up_that_entry_would_make_one() -> None:
    """The test above can fail: the same entry on a table that never waited makes a font."""
    clock = Clock()
    app = table("mega-civilization", 18, clock)
    made = fonts_of(app).fonts_created
    press_ok(app, clock, 0)
    assert fonts_of(app).fonts_created > made


def test_the_first_camel_up_reveal_makes_no_font() -> None:
    clock = Clock()
    app = table("camel-up-off-season", 4, clock)
    app.rest()
    made = fonts_of(app).fonts_created
    for seat in range(4):  # everyone locks 0: the tie is revealed in a new panel
        press_ok(app, clock, seat)
    assert fonts_of(app).fonts_created == made


def test_the_warm_up_gives_way_to_input_and_goes_on_when_the_table_waits_again() -> None:
    clock = Clock()
    app = table("camel-up-off-season", 4, clock)
    fonts = fonts_of(app)
    cold = fonts.cold
    app.sink(HostInput("menu_next"))  # queued: the loop is not idle
    app.rest()
    assert fonts.cold == cold
    app.run_once(0)
    app.rest()
    assert fonts.cold == 0
    assert isinstance(app.renderer, Renderer) and not app.renderer.warm_step()


def test_a_font_is_warmed_a_few_glyphs_a_step() -> None:
    """Each step is short (a press waits for one step at most), and a font made later by a
    frame is warmed at the next wait."""
    fonts = FontCache()
    fonts.font("bold", 77)
    steps = 1
    while fonts.warm_step():
        steps += 1
    assert steps == math.ceil(len(WARM_GLYPHS) / WARM_CHUNK) > 1
    assert fonts.cold == 0
    fonts.font("bold", 77)  # made already: nothing to do
    assert fonts.cold == 0 and not fonts.warm_step()
    fonts.expect([("regular", 31)])
    assert fonts.cold == 1
    made = fonts.fonts_created
    while fonts.warm_step():
        pass
    assert fonts.fonts_created == made + 1  # the expected font was made by the warm-up


def test_a_new_screen_size_expects_its_own_fonts() -> None:
    clock = Clock()
    app = table("camel-up-off-season", 4, clock)
    app.rest()
    renderer = app.renderer
    assert isinstance(renderer, Renderer)
    before = set(renderer.screen.expected_fonts())
    renderer.set_surface(pygame.Surface((800, 480)))
    assert renderer.screen.expected_fonts() != before
    assert renderer.warm_step()  # the smaller screen's sizes are not warm yet


def test_the_glyphs_are_the_letters_first() -> None:
    """A warm-up cut short by a press has loaded the commonest glyphs."""
    assert WARM_GLYPHS.startswith(string.ascii_lowercase)
