"""Pixel probes for the display tests (no numpy on the Pi image, so plain bytes)."""

from __future__ import annotations

import pygame


def bright_pixels(surface: pygame.Surface, rect: pygame.Rect, threshold: int = 150) -> int:
    """How many pixels in `rect` have a channel above `threshold` (text, pills, swatches)."""
    rect = rect.clip(surface.get_rect())
    if not rect.w or not rect.h:
        return 0
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    return sum(1 for i in range(0, len(data), 3)
               if max(data[i], data[i + 1], data[i + 2]) > threshold)


def colour_pixels(surface: pygame.Surface, rect: pygame.Rect, colour: pygame.Color) -> int:
    """How many pixels in `rect` are exactly `colour` (drawn shapes are not antialiased)."""
    rect = rect.clip(surface.get_rect())
    if not rect.w or not rect.h:
        return 0
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    want = bytes((colour.r, colour.g, colour.b))
    return sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == want)


def longest_run(surface: pygame.Surface, rect: pygame.Rect, colour: pygame.Color) -> int:
    """The longest horizontal run of exactly `colour` on any row of `rect`."""
    rect = rect.clip(surface.get_rect())
    best = 0
    for y in range(rect.top, rect.bottom):
        run = 0
        for x in range(rect.left, rect.right):
            if surface.get_at((x, y))[:3] == (colour.r, colour.g, colour.b):
                run += 1
                best = max(best, run)
            else:
                run = 0
    return best
