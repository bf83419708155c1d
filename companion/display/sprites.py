"""Parts of the table screen drawn before, kept as pixels (`Sprites`): a seat card or a panel
that comes back as it was, at the same size (last round's reveal moved beside the new one,
a page of the table turned back, a card whose status returns), is copied, not drawn again.

What such a part draws depends only on what it shows and its size: every drawing call is
at whole pixels relative to its rect, inside it, on the background cleared under it. So
its pixels can be taken at one place and put at another. With them go the rects drawing
it put in the `Layout` (kept relative to the part) and what it told the legibility audit
(each text drawn, each line cut), told again each time it is shown: the audit counts what
reaches the screen.

Bounded by pixels (two screens' worth), the least recently shown out first; emptied when
the surface's size or unit, the language or the fonts change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from .legibility import AuditCall, TextAudit


@dataclass(frozen=True)
class Sprite:
    """A part's pixels, the layout rects it drew (by name, relative to its top left) and
    the audit calls it made."""

    pixels: pygame.Surface
    places: tuple[tuple[Hashable, pygame.Rect], ...]
    calls: tuple[AuditCall, ...]

    def show(self, surface: pygame.Surface, at: pygame.Rect,
             audit: TextAudit) -> dict[Hashable, pygame.Rect]:
        """Put the pixels at `at`, tell `audit` what drawing them told; returns the layout
        rects, placed."""
        surface.blit(self.pixels, at.topleft)
        audit.replay(self.calls)
        return {name: rect.move(at.topleft) for name, rect in self.places}


class Sprites:
    """Parts' pixels by what they show and their size (`Hashable` keys the caller makes).

    A part drawn for the first time is copied into a sprite later, while the table waits
    (`keep_step`), not in its frame: the copy is a few dozen microseconds, but the new
    memory it fills costs a page fault per 4 kB, which for a panel came to half a
    millisecond. A frame drawn before then (input kept coming) drops what waited: a
    part drawn over may not be copied."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, Sprite] = OrderedDict()
        self._waiting: list[tuple[Hashable, pygame.Surface, pygame.Rect,
                                  dict[Hashable, pygame.Rect], tuple[AuditCall, ...]]] = []
        self._pixels = 0
        self._owner: tuple[object, ...] | None = None
        self.budget = 0
        self.hits = 0  # parts copied instead of drawn (tests and benches)

    def for_canvas(self, size: tuple[int, int], unit: float, translate: object,
                   fonts: object) -> Sprites:
        """These sprites for a surface of `size` and `unit`, in `translate`'s language with
        `fonts`: emptied when they are not the ones the pixels were drawn with."""
        owner = (size, unit, translate, fonts)
        if owner != self._owner:
            self._kept.clear()
            self._waiting.clear()
            self._pixels = 0
            self._owner = owner
            self.budget = 2 * size[0] * size[1]
        return self

    def drawn(self, key: Hashable, surface: pygame.Surface, rect: pygame.Rect,
              audit: TextAudit, draw: Callable[[], dict[Hashable, pygame.Rect]]
              ) -> dict[Hashable, pygame.Rect]:
        """The part `key` at `rect` of `surface`: copied when kept, else drawn (`draw`,
        telling `audit`, returns the layout rects it drew) and kept at the next
        `keep_step`. Returns the layout rects."""
        sprite = self._kept.get(key)
        if sprite is not None:
            self._kept.move_to_end(key)
            self.hits += 1
            return sprite.show(surface, rect, audit)
        outer, audit.journal = audit.journal, []
        try:
            places = draw()
        finally:
            calls, audit.journal = audit.journal, outer
        if outer is not None:
            outer.extend(calls)
        # Kept only when whole: inside the clip it was drawn under, and a small share of
        # the budget.
        if surface.get_clip().contains(rect) and rect.w * rect.h <= self.budget // 4:
            self._waiting.append((key, surface, rect.copy(), places, tuple(calls)))
        return places

    def has(self, key: Hashable) -> bool:
        return key in self._kept

    def kept(self) -> tuple[Hashable, ...]:
        """The keys of the parts kept, least recently shown first (tests read them)."""
        return tuple(self._kept)

    def drop_waiting(self) -> None:
        """A frame is about to draw: the parts not yet copied may be drawn over."""
        self._waiting.clear()

    def keep_step(self) -> bool:
        """Copy the newest part drawn but not yet kept; returns whether any are left."""
        if not self._waiting:
            return False
        key, surface, rect, places, calls = self._waiting.pop()
        if key not in self._kept:
            self._keep(key, Sprite(surface.subsurface(rect).copy(),
                                   tuple((name, place.move(-rect.x, -rect.y))
                                         for name, place in places.items()), calls))
        return bool(self._waiting)

    def _keep(self, key: Hashable, sprite: Sprite) -> None:
        w, h = sprite.pixels.get_size()
        self._kept[key] = sprite
        self._pixels += w * h
        while self._pixels > self.budget and self._kept:
            _, old = self._kept.popitem(last=False)
            ow, oh = old.pixels.get_size()
            self._pixels -= ow * oh
