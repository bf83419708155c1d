"""Fonts for the table screen: one `Font` per (face, size), plus a bounded rendered-text cache.

Creating a pygame `Font` costs 20-40 ms (hardware-notes.md section 4), so a screen that made
its fonts per frame would stall the loop on every redraw. `FontCache` creates each Font once
and counts how many it made, so a test can prove a second frame creates none.

The TTFs ship inside the package (companion/assets) and are found with `importlib.resources`:
the Pi service may run with any working directory (lgpio even chdir()s the process), so a
relative path would break at boot.
"""

from __future__ import annotations

import atexit
import contextlib
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import Literal

import pygame

Face = Literal["regular", "bold", "mono"]

FACE_FILES: dict[Face, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
}

ColourKey = tuple[int, int, int]

# Kept open for the life of the process: for a zipped install `as_file` extracts the TTF to a
# temporary file that must outlive every Font reading from it; for a normal install it is the
# package file itself and this costs nothing.
_files = contextlib.ExitStack()
atexit.register(_files.close)
_paths: dict[Face, Path] = {}


def font_path(face: Face) -> Path:
    """The file of a shipped face, located through the package, never the working directory."""
    path = _paths.get(face)
    if path is None:
        ref = resources.files("companion").joinpath("assets", FACE_FILES[face])
        path = _files.enter_context(resources.as_file(ref))
        _paths[face] = path
    return path


class FontCache:
    """Font objects made once per (face, size), and rendered text kept in a bounded LRU.

    `fonts_created` counts Font constructions; `text_hits`/`text_misses` count the text cache.
    The text cache is bounded so a long game (new log lines, changing money) cannot grow
    memory without end on a Pi.
    """

    def __init__(self, max_texts: int = 1024) -> None:
        if not pygame.font.get_init():
            # A Surface-only caller (tests, PNG export) may never have opened a window.
            pygame.font.init()
        self.max_texts = max_texts
        self._fonts: dict[tuple[Face, int], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple[str, Face, int, ColourKey], pygame.Surface] = OrderedDict()
        # Widths measured: fitting a name with an ellipsis measures many prefixes per frame.
        self._widths: dict[tuple[str, Face, int], int] = {}
        self.fonts_created = 0
        self.text_hits = 0
        self.text_misses = 0

    def font(self, face: Face, size: int) -> pygame.font.Font:
        """The Font for (face, size), created on first use only."""
        size = max(1, int(size))
        key = (face, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(font_path(face), size)
            self._fonts[key] = font
            self.fonts_created += 1
        return font

    def measure(self, text: str, face: Face, size: int) -> int:
        """Width in pixels of `text` (no rendering, and remembered: used by layout and
        truncation, every frame)."""
        key = (text, face, size)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= 8 * self.max_texts:  # bounded, like the rendered texts
                self._widths.clear()
            width = self._widths[key] = self.font(face, size).size(text)[0]
        return width

    def line_height(self, face: Face, size: int) -> int:
        return self.font(face, size).get_linesize()

    def render(self, text: str, face: Face, size: int, colour: pygame.Color) -> pygame.Surface:
        """Antialiased text on a transparent surface, reused while it stays in the cache."""
        key = (text, face, max(1, int(size)), (colour.r, colour.g, colour.b))
        surf = self._texts.get(key)
        if surf is not None:
            self._texts.move_to_end(key)
            self.text_hits += 1
            return surf
        self.text_misses += 1
        surf = self.font(face, size).render(text, True, colour)
        self._texts[key] = surf
        if len(self._texts) > self.max_texts:
            self._texts.popitem(last=False)
        return surf

    def cached_texts(self) -> set[str]:
        """The texts currently held (tests use it to check what was, or was not, drawn)."""
        return {key[0] for key in self._texts}

    def clear_texts(self) -> None:
        self._texts.clear()
