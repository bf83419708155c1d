"""A frame's regions: the parts of the table screen drawn one by one (header, each seat's
card, the log, the panels...), where the table screen puts each before drawing any
(`Frame`), the parts of a rect no region covers (what is cleared when one moves), and the
few rects that push a frame's changes to the display (`pushed`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from .canvas import Canvas
from .layout import Layout


@dataclass(frozen=True)
class Region:
    """One part of the frame: where it goes, what it shows (`key`), and how to draw it on
    a canvas (the screen's, or a scratch one: `TableScreen.prepare`). `sprite`: the key its
    pixels are kept under (`sprites`), for a part drawn as one; `parts`: it draws parts
    of its own that are kept so (the panels); `covers`: its drawing paints every pixel
    of its rect, the background included (`Canvas.box`), so the rect is not cleared
    before it is drawn."""

    name: Hashable
    rect: pygame.Rect
    key: object
    draw: Callable[[Canvas, Layout], None]
    sprite: Hashable = None
    parts: bool = False
    covers: bool = False


SeatMeta = tuple[pygame.Rect | None, int, float]  # the seat grid's rect, columns, scale


@dataclass(frozen=True)
class Frame:
    """Where a frame's regions go (`TableScreen._frame`), before any is drawn."""

    regions: list[Region]
    head: pygame.Rect
    body: pygame.Rect
    banner_at: pygame.Rect | None
    lines_at: list[Region]
    pages: int
    page_seats: set[int]
    seat_meta: SeatMeta


def outside(rect: pygame.Rect, covers: list[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of `rect` under none of `covers` (at most four pieces per cover)."""
    pieces = [rect]
    for cover in covers:
        left: list[pygame.Rect] = []
        for piece in pieces:
            clip = piece.clip(cover)
            if not clip.w or not clip.h:
                left.append(piece)
                continue
            if clip.top > piece.top:
                left.append(pygame.Rect(piece.x, piece.y, piece.w, clip.top - piece.top))
            if clip.bottom < piece.bottom:
                left.append(pygame.Rect(piece.x, clip.bottom, piece.w,
                                        piece.bottom - clip.bottom))
            if clip.left > piece.left:
                left.append(pygame.Rect(piece.x, clip.top, clip.left - piece.x, clip.h))
            if clip.right < piece.right:
                left.append(pygame.Rect(clip.right, clip.top, piece.right - clip.right,
                                        clip.h))
        pieces = left
    return pieces


def clear(surface: pygame.Surface, colour: pygame.Color | tuple[int, int, int],
          rect: pygame.Rect) -> None:
    """`surface.fill(colour, rect)`, as three fills: the columns whose rows start on a
    16-pixel boundary and span a whole number of 64-byte lines, and the narrow strips left
    and right. The same pixels; on x86, SDL's fill writes a row's whole 64-byte lines with
    streaming stores and the rest one pixel at a time, and where the two meet within a
    row it ran up to 5x slower here (a 614x458 panel area: 350 us, 90 us split; a seat
    card at x=14: 60 us, 19 us). Elsewhere it is two more calls."""
    left, right = rect.left, rect.right
    start, end = -(-left // 16) * 16, right // 16 * 16
    if end - start < 16:
        surface.fill(colour, rect)
        return
    surface.fill(colour, (start, rect.y, end - start, rect.h))
    if start > left:
        surface.fill(colour, (left, rect.y, start - left, rect.h))
    if right > end:
        surface.fill(colour, (end, rect.y, right - end, rect.h))


def pushed(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rects covering the pixels of `rects` once each: what a frame pushes to the display.

    A frame's rects overlap (a region's old place and its new one, a panel area that grew),
    and the display copies every rect it is handed, overlaps again: the first 18-seat entry
    pushed 1.04M pixels for 650k changed. Overlapping rects whose bounding box is no bigger
    than the two are joined (a card and its old place); what still overlaps is cut from the
    smaller. There 32 rects become 13 (under Xvfb: 1.18 -> 0.97 ms to push)."""
    joined: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: r.w * r.h, reverse=True):
        if rect.w <= 0 or rect.h <= 0:
            continue  # nothing to push (a region squeezed to nothing)
        rect = pygame.Rect(rect)
        while True:
            for i in rect.collidelistall(joined):
                other = joined[i]
                box = rect.union(other)
                if box.w * box.h <= rect.w * rect.h + other.w * other.h:
                    rect = box
                    del joined[i]
                    break
            else:
                break
        joined.append(rect)
    out: list[pygame.Rect] = []
    for rect in joined:
        out += outside(rect, [out[i] for i in rect.collidelistall(out)])
    return out
