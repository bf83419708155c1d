"""Screenshots of the table screen asking the host about a new serial box ("New box for
Ann? Return to accept, Left to refuse"), in English and Polish at both reference sizes.

Run: `SDL_VIDEODRIVER=dummy .venv/bin/python tests/boxes/make_binding_screenshots.py OUTDIR`.
The table is a real one (controller, claim desk, renderer on SDL's dummy driver): Ann's box
was unplugged mid-auction, after Ann locked her bid; another device with her box id asks.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from companion.app.controller import Controller
from companion.boxes.vocabulary import ClaimRequest, HostInput, Intent, SeatIntent
from companion.display.renderer import Renderer
from companion.display.window import save_png
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import msg
from companion.i18n import translator


def frame(out: Path, lang: str, size: tuple[int, int]) -> Path:
    game = get_game("camel-up")
    setup = Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cyrille", "Di")),
                  {"start_coins": 5})
    c = Controller(History.start(game, setup), None, translator(lang))
    c.handle(HostInput("start", (("card", "highest_bet"),)), 0.0)
    for _ in range(3):
        c.handle(SeatIntent(0, Intent.PLUS), 0.1)
    c.handle(SeatIntent(0, Intent.OK), 0.2)  # Ann locked 3, then her box went
    c.handle(ClaimRequest("serial /dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_0BAD-if00",
                          0, msg("New box"), False, lambda ok: None), 5.0)
    surface = pygame.display.set_mode(size)
    renderer = Renderer(surface, translator(lang))
    renderer.update(c.table_view(), None, c.banner_text(), {0: False, 1: True, 2: True, 3: True},
                    c.host_line())
    return save_png(surface, out / f"new-box-for-ann-{lang}-{size[0]}x{size[1]}.png")


def main(out: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    for lang in ("en", "pl"):
        for size in ((1280, 720), (800, 480)):
            print(frame(out, lang, size))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
