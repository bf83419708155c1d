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
import string
from collections import OrderedDict
from collections.abc import Iterable
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

# The glyphs a table shows, the commonest first: the letters and figures, then the Polish
# catalog's letters and the symbols the screen draws (tests/display/test_font_warmup.py checks
# every catalog's characters are here). `FontCache.warm_step` loads them into each font's
# glyph cache while the table waits, a few at a time.
WARM_GLYPHS = (string.ascii_lowercase + string.ascii_uppercase + string.digits
               + string.punctuation + " ĄąĆćĘęŁłŃńÓóŚśŹźŻż·–—‘’‚“”„…−●◀▶→")
WARM_CHUNK = 24  # glyphs per step: about 1 ms here, so about 12 ms on a Pi Zero 2 W

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
        # Fonts whose glyphs are not loaded yet, in the order they will be (`warm_step`),
        # and how far into WARM_GLYPHS the first one is; fonts already warmed.
        self._cold: dict[tuple[Face, int], None] = {}
        self._warm_at = 0
        self._warmed: set[tuple[Face, int]] = set()

    def font(self, face: Face, size: int) -> pygame.font.Font:
        """The Font for (face, size), created on first use only."""
        size = max(1, int(size))
        key = (face, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(font_path(face), size)
            self._fonts[key] = font
            self.fonts_created += 1
            if key not in self._warmed:
                self._cold[key] = None
        return font

    def expect(self, fonts: Iterable[tuple[Face, int]]) -> None:
        """Fonts a later frame may use: `warm_step` makes them and loads their glyphs."""
        for face, size in fonts:
            key = (face, max(1, int(size)))
            if key not in self._warmed:
                self._cold[key] = None

    @property
    def cold(self) -> int:
        """How many fonts made or expected still have glyphs to load."""
        return len(self._cold)

    def warm_step(self) -> bool:
        """Load WARM_CHUNK glyphs into a font made or expected but not yet warmed, and say
        whether any are left. FreeType renders a glyph the first time a font draws it (a
        text at a size never shown costs about 0.6 ms here, so some 8 ms on a Pi Zero 2 W);
        the loop calls this while it waits, so the frame that first needs a font does not."""
        if not self._cold:
            return False
        key = next(iter(self._cold))
        self._warmed.add(key)
        font = self.font(*key)
        chunk = WARM_GLYPHS[self._warm_at:self._warm_at + WARM_CHUNK]
        font.render(chunk, True, (255, 255, 255))  # into the font's cache; the text goes
        self._warm_at += WARM_CHUNK
        if self._warm_at >= len(WARM_GLYPHS):
            del self._cold[key]
            self._warm_at = 0
        return bool(self._cold)

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
