"""The same reveal in English and Polish: docs/screenshots/reveal-en.png and reveal-pl.png.

Regenerate with `python tests/test_i18n_screenshots.py [DIR]`. The scene is the display tests'
Lucky 0 reveal, played through a Controller in each language so the boxes show what they
really would: the winner's "You won!" flash and the others' next prompt. Each seat's two LCD
lines go through the real charlcd code (CGRAM Polish letters) onto a fake HD44780 and are
read back from it, so the LCD mock-ups on the screenshot are what the glass would show.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame loads, even without the conftest
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tests" / "display"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import display_scenes as scenes  # noqa: E402
import pygame  # noqa: E402

from companion.app.controller import Controller  # noqa: E402
from companion.boxes.fake_lcd import FakeMCP23008Bus, fast_charlcd  # noqa: E402
from companion.boxes.lcd import LcdWriter  # noqa: E402
from companion.boxes.lcd_backpacks import mcp23008_lcd  # noqa: E402
from companion.boxes.lcd_text import POLISH  # noqa: E402
from companion.display.table_screen import TableScreen  # noqa: E402
from companion.display.window import save_png  # noqa: E402
from companion.engine.actions import Enter  # noqa: E402
from companion.engine.views import TableView  # noqa: E402
from companion.i18n import translator  # noqa: E402

SIZE = (1280, 720)
DOCS = ROOT / "docs" / "screenshots"


def reveal(lang: str) -> tuple[TableView, dict[int, tuple[str, str]]]:
    """The second Lucky 0 reveal, its last bid entered through a Controller in `lang`;
    the LCD lines as read back from a fake HD44780 per seat."""
    history = scenes.start_lucky0(4)
    scenes.play(history, *(Enter(s, v) for s, v in enumerate(scenes.FIRST_REVEAL)))
    last = len(scenes.SECOND_REVEAL) - 1
    scenes.play(history, *(Enter(s, v) for s, v in enumerate(scenes.SECOND_REVEAL[:last])))
    controller = Controller(history, None, translator(lang))
    assert controller.submit(Enter(last, scenes.SECOND_REVEAL[last]), 0.0, seat=last)
    restore = fast_charlcd()
    try:
        lcds = {}
        for seat in controller.sessions:
            bus = FakeMCP23008Bus()
            LcdWriter(mcp23008_lcd(bus), mapper=POLISH).write(controller.lcd_lines(seat))
            first, second = bus.model.text()
            lcds[seat] = (first, second)
    finally:
        restore()
    return controller.table_view(), lcds


def write(out_dir: Path) -> list[Path]:
    written = []
    for lang in ("en", "pl"):
        view, lcds = reveal(lang)
        screen = TableScreen(pygame.Surface(SIZE), translator(lang))
        screen.draw(view, lcds, None, None)
        written.append(save_png(screen.surface, out_dir / f"reveal-{lang}.png"))
    return written


def test_the_reveal_renders_in_both_languages(tmp_path: Path) -> None:
    written = write(tmp_path)
    assert [p.name for p in written] == ["reveal-en.png", "reveal-pl.png"]
    for path in written:
        assert pygame.image.load(str(path)).get_size() == SIZE


def test_the_polish_lcds_read_back_with_polish_letters() -> None:
    _, en = reveal("en")
    _, pl = reveal("pl")
    assert en[2] == ("You won!        ", "                ")
    assert pl[2] == ("Wygrywasz!      ", "                ")
    assert pl[0] == ("Utarg?        $8", "<0>     OK=wybór")  # lost 2 on the Lucky 0
    assert en[0] == ("Sale income?  $8", "<0>     OK=enter")


def test_committed_screenshots_exist() -> None:
    for lang in ("en", "pl"):
        path = DOCS / f"reveal-{lang}.png"
        assert path.is_file(), f"run: python tests/test_i18n_screenshots.py ({path})"
        assert pygame.image.load(str(path)).get_size() == SIZE


if __name__ == "__main__":
    pygame.display.init()
    pygame.font.init()
    for p in write(Path(sys.argv[1]) if len(sys.argv) > 1 else DOCS):
        print(p)
