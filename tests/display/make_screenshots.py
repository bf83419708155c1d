"""Write the README's table-screen screenshots: `python tests/display/make_screenshots.py [DIR]`.

Renders the Lucky 0 reveal (4 seats, LCD mock-ups) at 1280x720 and 800x480 with SDL's dummy
driver, into docs/screenshots/ by default. `--all` also writes the other scenes used while
checking the layout by eye (bidding, timer, final, 18 seats, over-long texts).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Headless before pygame is imported: screenshots never need (or open) a window.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import display_scenes as scenes

from companion.display.table_screen import TableScreen
from companion.display.window import save_png
from companion.engine.actions import Enter, Host
from companion.engine.text import msg
from companion.i18n import translator

SIZES = ((1280, 720), (800, 480))
ROOT = Path(__file__).resolve().parents[2]


def write_reveal(out_dir: Path) -> list[Path]:
    import pygame

    history = scenes.reveal_history()
    view, lcds = scenes.table(history), scenes.lcd_lines(history)
    written = []
    for w, h in SIZES:
        screen = TableScreen(pygame.Surface((w, h)), translator("en"))
        screen.draw(view, lcds, None, None)
        written.append(save_png(screen.surface, out_dir / f"reveal-{w}x{h}.png"))
    return written


def write_all(out_dir: Path) -> list[Path]:
    import pygame

    bidding = scenes.start_lucky0(4)
    scenes.play(bidding, Enter(0, 3), Enter(2, 1))
    final = scenes.play(scenes.reveal_history(), *(Enter(s, 5) for s in range(4)),
                        Host.make("end"))
    cases = {
        "bidding": (scenes.table(bidding), scenes.lcd_lines(bidding), None, {3: False}),
        "timer": (scenes.timer_view(), None, None, None),
        "timer-warning": (scenes.timer_view(True, 9_000), None,
                          msg("Host correction: last entry undone"), None),
        "final": (scenes.table(final), None, None, None),
        "many": (scenes.many_seats_view(18), None, None, {5: False}),
        "many-lcd": (scenes.many_seats_view(8), {i: ("Bid?", "> 3") for i in range(8)},
                     None, None),
        "long": (scenes.long_text_view(), scenes.lcd_lines(scenes.reveal_history()),
                 "A very long banner error message " * 5, None),
    }
    written = []
    for name, (view, lcds, banner, connected) in cases.items():
        for w, h in SIZES:
            screen = TableScreen(pygame.Surface((w, h)), translator("en"))
            screen.draw(view, lcds, banner, connected)
            written.append(save_png(screen.surface, out_dir / f"{name}-{w}x{h}.png"))
    return written


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    out_dir = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    written = write_reveal(out_dir)
    if "--all" in argv:
        written += write_all(out_dir)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
