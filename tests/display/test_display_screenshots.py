"""The README screenshots can be regenerated, and the committed ones match the target sizes.

Regenerate with `python tests/display/make_screenshots.py` (writes docs/screenshots/); the
test writes to a temporary folder so running the suite never touches the repository.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame loads, even without the conftest
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import make_screenshots
import pygame

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_make_screenshots_writes_both_sizes(tmp_path: Path) -> None:
    written = make_screenshots.write_reveal(tmp_path)
    assert [p.name for p in written] == ["reveal-1280x720.png", "reveal-800x480.png"]
    for path, size in zip(written, make_screenshots.SIZES, strict=True):
        assert pygame.image.load(str(path)).get_size() == size


def test_committed_screenshots_exist() -> None:
    for w, h in make_screenshots.SIZES:
        path = DOCS / f"reveal-{w}x{h}.png"
        assert path.is_file(), f"run: python tests/display/make_screenshots.py ({path})"
        assert pygame.image.load(str(path)).get_size() == (w, h)
