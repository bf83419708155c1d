"""Write the phone screenshots: `python tests/phones/make_phone_screenshots.py [DIR]`.

For English and Polish: a phone page at 390x844 (Debian's chromium, headless) in the middle
of a bid, and the table screen at 1280x720 with the phones' QR card and a phone's claim
waiting for the host. Into docs/screenshots/ by default. The table runs for real (loop,
journal, phone server on 127.0.0.1); the QR shows the `url` a Pi's config would give.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["GPIOZERO_PIN_FACTORY"] = "mock"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame
from phone_table import PhoneTable, wait_until
from test_phone_browser import browser, join, lcd, tap

from companion.boxes.vocabulary import Key
from companion.display.renderer import Renderer
from companion.display.window import save_png
from companion.i18n import translator

ROOT = Path(__file__).resolve().parents[2]


def shoot(lang: str, out: Path) -> list[Path]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    frames: list[pygame.Surface] = []
    renderer = Renderer(surface, translator(lang), flip=lambda: None)
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as prof:
        table = PhoneTable(Path(tmp), ("Ann", "Bob", "Cyrille"), (0, 2), lang=lang,
                           renderer=renderer, on_frame=lambda: frames.append(surface.copy()),
                           url="http://192.168.1.20:8080/")
        phone = browser(Path(prof))
        try:
            join(phone, table, "Ann")
            table.host(Key.OK)  # start the first auction
            wait_until(lambda: lcd(phone)[1].startswith("<0>"), 8.0, "the bid prompt")
            tap(phone, "plus", 3)
            wait_until(lambda: lcd(phone)[1].startswith("<3>"), 8.0, "3 dialled")
            time.sleep(0.3)
            written = [Path(out / f"phone-{lang}.png")]
            phone.save_screenshot(str(written[0]))
            # A second phone asks for Cyrille's seat: the host is asked on the table screen.
            import asyncio

            from phone_table import Phone

            async def claim() -> None:
                other = Phone(table.url)
                await other.claim(2)
                await other.close()

            asyncio.run(claim())
            wait_until(lambda: table.pending() == 1, what="the claim")
            time.sleep(0.5)  # the loop draws the frame with the claim
            written.append(save_png(frames[-1], out / f"table-phones-{lang}.png"))
            return written
        finally:
            phone.quit()
            table.close()


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "pl"):
        for path in shoot(lang, out):
            print(path)
