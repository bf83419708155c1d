"""A surface to draw one frame on: its scale unit, and text that fits.

`Canvas` turns the sizes the screen is designed at (1280x720) into pixels for this surface
(never a font below the minimum text height, see `legibility`), renders a `Msg` in the
table's language, cuts a line with an ellipsis or wraps it to its box (so nothing is ever
drawn off-screen), and draws a line of text or a rounded pill. Every text drawn passes
through `blit_text`, which reports it to the screen's `TextAudit`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

import pygame

from ..engine.text import Msg
from .fonts import Face, FontCache
from .legibility import Problem, TextAudit, min_text_px
from .memo import Memo
from .sprites import Sprites
from .theme import BG, ELLIPSIS

Translate = Callable[[str], str]


@dataclass(frozen=True)
class Canvas:
    """One frame's surface, the table's language, the font cache and the unit `u` (1.0 at
    1280x720), and the layout memo."""

    surface: pygame.Surface
    translate: Translate
    fonts: FontCache
    u: float
    audit: TextAudit = field(default_factory=TextAudit)
    # Layout results kept across frames by the screen that owns the canvas (see `memo`).
    memo: Memo = field(default_factory=Memo)
    # Parts drawn before, kept as pixels by the screen that owns the canvas (see `sprites`).
    sprites: Sprites = field(default_factory=Sprites)
    # The background under the frame's regions (the final results have their own).
    bg: pygame.Color = field(default_factory=lambda: BG)

    @property
    def min_text(self) -> int:
        """The smallest font pixel size allowed on this surface."""
        return min_text_px(self.u)

    def text_of(self, item: Msg | str) -> str:
        """A Msg in the table's language; a plain str is data (a name, a number) shown as is.

        Newlines (engine messages are shaped for the 16x2 LCD) become spaces on the big screen.
        """
        text = item.render(self.translate) if isinstance(item, Msg) else item
        return " ".join(text.split("\n"))

    def px(self, base: float, scale: float = 1.0, minimum: int = 0) -> int:
        """A font size given at 1280x720, scaled to this surface, never below the minimum
        text height: a crowded layout finds room by columns or paging, not smaller text."""
        return max(minimum, self.min_text, round(base * self.u * scale))

    def sp(self, base: float, scale: float = 1.0) -> int:
        """A spacing (no readability floor, unlike fonts)."""
        return max(1, round(base * self.u * scale))

    def fit(self, text: str, face: Face, size: int, max_w: int) -> str:
        """`text` cut with an ellipsis so it is at most `max_w` wide (empty if nothing fits)."""
        marks: list[tuple[str, Problem]] = []
        cut = self._fit(text, face, size, max_w, marks)
        for line, problem in marks:
            self.audit.mark_cut(line, problem)
        return cut

    def _fit(self, text: str, face: Face, size: int, max_w: int,
             marks: list[tuple[str, Problem]]) -> str:
        fonts = self.fonts
        if max_w <= 0:
            return ""
        if fonts.measure(text, face, size) <= max_w:
            return text
        lo, hi = 0, len(text)
        while lo < hi:  # longest prefix that fits with the ellipsis
            mid = (lo + hi + 1) // 2
            if fonts.measure(text[:mid].rstrip() + ELLIPSIS, face, size) <= max_w:
                lo = mid
            else:
                hi = mid - 1
        if lo == 0:
            if fonts.measure(ELLIPSIS, face, size) > max_w:
                return ""
            marks.append((ELLIPSIS, "cut"))
            return ELLIPSIS
        cut = text[:lo].rstrip() + ELLIPSIS
        marks.append((cut, "cut"))
        return cut

    def wrap(self, text: str, face: Face, size: int, max_w: int, max_lines: int) -> list[str]:
        """Word-wrap to `max_w`; the last allowed line ends in an ellipsis if text remains.

        Remembered (`memo`): the layout search wraps the same texts to the same widths in
        many arrangements and frames. The lines it cut are told to the audit at every call,
        as when they were first wrapped."""
        lines, marks = self.wrapped(text, face, size, max_w, max_lines)
        self.mark(marks)
        return list(lines)

    def wrapped(self, text: str, face: Face, size: int, max_w: int, max_lines: int
                ) -> tuple[tuple[str, ...], tuple[tuple[str, Problem], ...]]:
        """`wrap`'s lines and the cuts it made, not yet told to the audit (`mark`)."""
        return self.memo.get("wrap", (text, face, size, max_w, max_lines),
                             lambda: self._wrap(text, face, size, max_w, max_lines),
                             limit=8192)

    def mark(self, marks: tuple[tuple[str, Problem], ...]) -> None:
        """Tell the audit of lines a text helper cut (drawing one is then a problem)."""
        for line, problem in marks:
            self.audit.mark_cut(line, problem)

    def _wrap(self, text: str, face: Face, size: int, max_w: int, max_lines: int
              ) -> tuple[tuple[str, ...], tuple[tuple[str, Problem], ...]]:
        """The lines, and the cuts made (a line cut with an ellipsis, a word broken)."""
        marks: list[tuple[str, Problem]] = []
        if max_lines <= 0 or max_w <= 0:
            return (), ()
        measure = self.fonts.measure
        lines: list[str] = []
        words = text.split()
        whole = " ".join(words)
        if words and measure(whole, face, size) <= max_w:
            return (whole,), ()  # one line (what the word-by-word steps below would find)
        current = ""
        i = 0
        while i < len(words):
            end = self._words_that_fit(words, i, face, size, max_w)
            if end > i:
                current = " ".join(words[i:end])
                i = end
                if i == len(words):
                    break
            if not current:  # one word wider than the box: break it by characters
                word = words[i]
                cut = len(word)
                while cut > 1 and measure(word[:cut], face, size) > max_w:
                    cut -= 1
                lines.append(word[:cut])
                words[i] = word[cut:]
                if cut > 1:  # the head says it was broken; a tail ("0") is too common a text
                    marks.append((word[:cut], "broken"))
            else:
                lines.append(current)
                current = ""
            if len(lines) == max_lines:
                rest = " ".join([lines[-1], *words[i:]])
                lines[-1] = self._fit(rest, face, size, max_w, marks)
                return tuple(lines), tuple(marks)
        if current:
            lines.append(current)
        if len(lines) > max_lines:
            rest = " ".join(lines[max_lines - 1:])
            lines = [*lines[:max_lines - 1], self._fit(rest, face, size, max_w, marks)]
        return tuple(lines), tuple(marks)

    def _words_that_fit(self, words: list[str], start: int, face: Face, size: int,
                        max_w: int) -> int:
        """The end of the longest run of `words` from `start` that fits `max_w` on one line
        (`start` when not even the first word does): what adding a word at a time and
        measuring each line finds, in about two measures a line instead of one a word.
        The guess adds up the words' own widths (remembered: words recur) and the spaces';
        the measured line decides (kerning makes it differ by a pixel or two), and a line
        only grows as words join it, so stepping from the guess finds the same end."""
        measure = self.fonts.measure
        space = measure(" ", face, size)
        end, guess = start, -space
        while end < len(words):
            guess += space + measure(words[end], face, size)
            if guess > max_w:
                break
            end += 1
        end = max(end, start + 1)
        if measure(" ".join(words[start:end]), face, size) <= max_w:
            while end < len(words) and measure(" ".join(words[start:end + 1]), face,
                                               size) <= max_w:
                end += 1
            return end
        end -= 1
        while end > start and measure(" ".join(words[start:end]), face, size) > max_w:
            end -= 1
        return end

    def blit_text(self, text: str, face: Face, size: int, colour: pygame.Color,
                  x: int, y: int, max_w: int | None = None,
                  align: Literal["left", "right", "center"] = "left") -> pygame.Rect:
        """Draw one line; `x` is the left edge, right edge or centre per `align`."""
        if max_w is not None:
            text = self.fit(text, face, size, max_w)
        if not text:
            return pygame.Rect(x, y, 0, 0)
        surf = self.fonts.render(text, face, size, colour)
        rect = surf.get_rect()
        if align == "left":
            rect.topleft = (x, y)
        elif align == "right":
            rect.topright = (x, y)
        else:
            rect.midtop = (x, y)
        self.surface.blit(surf, rect)
        # Glyphs sit inside the line box; one pixel of slack for antialiased edges.
        clipped = not self.surface.get_clip().contains(rect.inflate(-2, -2))
        self.audit.saw(text, face, size, self.min_text, clipped)
        return rect

    @contextmanager
    def clipped(self, area: pygame.Rect) -> Iterator[None]:
        """Draw only inside `area` (within the clip already set) until the block ends."""
        old = self.surface.get_clip()
        self.surface.set_clip(area.clip(old))
        try:
            yield
        finally:
            self.surface.set_clip(old)

    def lh(self, face: Face, size: int) -> int:
        """The line height of `face` at `size`."""
        return self.fonts.line_height(face, size)

    def box(self, fill: pygame.Color, rect: pygame.Rect, radius: int) -> None:
        """A rounded box filling `rect`, the background `bg` in its corners: what a
        region that covers its rect (`Region.covers`) draws first, so that nothing clears
        the rect before. The same pixels as clearing the rect and drawing the box (every
        pixel the box leaves lies in its four radius-sized corner squares; tests/display/
        test_display_regions.py), but each pixel is written once. The clear writes past
        the cache (`regions.clear`), and a box drawn over it at once waited for those
        writes: a 407x410 panel in its area took 300 us, 90 us now.
        """
        r = max(0, min(radius, rect.w // 2, rect.h // 2))
        if r:
            surface, bg = self.surface, self.bg
            for x, y in ((rect.left, rect.top), (rect.right - r, rect.top),
                         (rect.left, rect.bottom - r), (rect.right - r, rect.bottom - r)):
                surface.fill(bg, (x, y, r, r))
        pygame.draw.rect(self.surface, fill, rect, border_radius=radius)

    def pill_h(self, size: int) -> int:
        """The height of a pill whose text is `size`."""
        return self.lh("bold", size) + self.sp(4)

    def pill(self, text: str, size: int, fill: pygame.Color | None, fg: pygame.Color,
              x: int, y: int, max_w: int) -> int:
        """A rounded label; returns its right edge (x itself if nothing fitted)."""
        padx = self.sp(8)
        text = self.fit(text, "bold", size, max_w - 2 * padx)
        if not text:
            return x
        tw = self.fonts.measure(text, "bold", size)
        h = self.pill_h(size)
        rect = pygame.Rect(x, y, tw + 2 * padx, h)
        if fill is not None:
            pygame.draw.rect(self.surface, fill, rect, border_radius=h // 2)
        else:
            pygame.draw.rect(self.surface, fg, rect, width=max(1, self.sp(2)), border_radius=h // 2)
        self.blit_text(text, "bold", size, fg, x + padx, y + (h - self.lh("bold", size)) // 2)
        return rect.right
