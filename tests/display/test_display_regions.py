"""Frames that draw only what changed: a seat locking redraws that seat's card alone, and the
screen then shows exactly what a whole redraw of the same view shows (no stale pixel)."""

from __future__ import annotations

from dataclasses import replace

import pygame
from display_scenes import camel_history, play, start_lucky0

from companion.display.table_screen import TableScreen
from companion.engine.actions import Enter
from companion.engine.game import public_view
from companion.engine.views import HostLine
from companion.i18n import translator

SIZE = (1280, 720)


def whole(view: object, **kw: object) -> bytes:
    screen = TableScreen(pygame.Surface(SIZE), translator("en"))
    assert screen.draw(view, **kw) is None  # type: ignore[arg-type]
    return pygame.image.tobytes(screen.surface, "RGB")


def test_a_lock_redraws_only_that_seat_and_matches_a_whole_frame() -> None:
    h = start_lucky0()
    before = public_view(h.game, h.state)
    screen = TableScreen(pygame.Surface(SIZE), translator("en"))
    assert screen.draw(before) is None  # the first frame is whole
    play(h, Enter(2, 3))
    after = public_view(h.game, h.state)
    dirty = screen.draw(after)
    assert screen.layout is not None
    assert dirty == [screen.layout.seat_cards[2]]  # Chiara's card, nothing else
    assert pygame.image.tobytes(screen.surface, "RGB") == whole(after)


def test_a_banner_moves_the_body_and_the_screen_still_matches_a_whole_frame() -> None:
    h = start_lucky0()
    view = public_view(h.game, h.state)
    screen = TableScreen(pygame.Surface(SIZE), translator("en"))
    screen.draw(view)
    banner = "Host: < Abandon auction >"
    dirty = screen.draw(view, banner=banner)
    assert screen.layout is not None and screen.layout.banner in (dirty or [])
    assert pygame.image.tobytes(screen.surface, "RGB") == whole(view, banner=banner)
    dirty = screen.draw(view)  # and when it goes, the body moves back up
    assert dirty and screen.layout.banner is None
    assert pygame.image.tobytes(screen.surface, "RGB") == whole(view)


def test_each_changed_region_is_redrawn_and_the_rest_kept() -> None:
    h = camel_history(5)
    screen = TableScreen(pygame.Surface(SIZE), translator("en"))
    view = public_view(h.game, h.state)
    screen.draw(view)
    changed = replace(view, seats=(*view.seats[:4], replace(view.seats[4], status="locked")),
                      headline="Another card")
    dirty = screen.draw(changed)
    assert screen.layout is not None
    assert dirty == [screen.layout.header, screen.layout.seat_cards[4]]
    assert pygame.image.tobytes(screen.surface, "RGB") == whole(changed)
    assert screen.draw(changed) == []  # nothing changed: nothing drawn
    screen.invalidate()
    assert screen.draw(changed) is None


def test_the_host_line_redraws_alone_when_the_host_moves_through_the_menu() -> None:
    h = start_lucky0()
    view = public_view(h.game, h.state)
    screen = TableScreen(pygame.Surface(SIZE), translator("en"))
    idle = HostLine("Host: < Abandon auction >", "Bid: waiting for Chiara")
    screen.draw(view, host=idle)
    moved = HostLine("Host: < Sit out: Ann >", "Bid: waiting for Chiara", active=True)
    dirty = screen.draw(view, host=moved)
    assert screen.layout is not None and dirty == [screen.layout.host]
    assert pygame.image.tobytes(screen.surface, "RGB") == whole(view, host=moved)
    asking = HostLine("Press Return (OK) again within 3 s: Abandon auction. Any other key "
                      "cancels.", "Bid: waiting for Chiara", asking=True)
    screen.draw(view, host=asking, banner="Host correction: last entry undone")
    assert pygame.image.tobytes(screen.surface, "RGB") == whole(
        view, host=asking, banner="Host correction: last entry undone")


def test_the_places_regions_left_are_cleared_exactly_outside_the_regions_drawn_now() -> None:
    """`outside` (what a moved region's old place still needs cleared): every pixel of the
    old place under none of the new regions, and no other, for rects in every relation on a
    small grid (apart, touching, overlapping, nested, equal)."""
    from itertools import product

    from companion.display.regions import outside

    def pixels(r: pygame.Rect) -> set[tuple[int, int]]:
        return {(x, y) for x in range(r.left, r.right) for y in range(r.top, r.bottom)}

    spans = [(a, b) for a in range(0, 5) for b in range(a + 1, 6)]
    rects = [pygame.Rect(x0, y0, x1 - x0, y1 - y0)
             for (x0, x1), (y0, y1) in product(spans[::2], spans[::3])]
    old = pygame.Rect(1, 1, 3, 3)
    for a, b in product(rects, rects):
        pieces = outside(old, [a, b])
        got = [pixels(p) for p in pieces]
        union = set().union(*got)
        assert union == pixels(old) - pixels(a) - pixels(b)
        assert sum(len(g) for g in got) == len(union)  # no pixel filled twice


def test_clearing_a_rect_in_pieces_paints_exactly_what_one_fill_paints() -> None:
    """`clear` (three fills, for SDL's fast path on x86) leaves the very pixels one
    `fill` leaves, for rects anywhere: aligned or not, narrow, partly off the surface."""
    import random

    from companion.display.regions import clear

    rng = random.Random(7)
    rects = [pygame.Rect(rng.randrange(-40, 1300), rng.randrange(-40, 700),
                         rng.randrange(0, 700), rng.randrange(0, 300)) for _ in range(300)]
    rects += [pygame.Rect(652, 196, 614, 458), pygame.Rect(16, 0, 16, 5),
              pygame.Rect(15, 3, 18, 5), pygame.Rect(0, 0, 1280, 720)]
    one, pieces = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    for i, rect in enumerate(rects):
        colour = (i % 251, (7 * i) % 253, (13 * i) % 255)
        one.fill(colour, rect)
        clear(pieces, colour, rect)
        if i % 50 == 0 or i == len(rects) - 2:
            assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(pieces, "RGB"), rect
