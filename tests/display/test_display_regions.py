"""Frames that draw only what changed: a seat locking redraws that seat's card alone, and the
screen then shows exactly what a whole redraw of the same view shows (no stale pixel)."""

from __future__ import annotations

from dataclasses import replace

import pygame
from display_scenes import camel_history, lcd_lines, play, reveal_history, start_lucky0, table

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


def test_a_box_paints_what_clearing_its_rect_and_then_drawing_it_paints() -> None:
    """`Canvas.box` (the corners' squares filled with the background, then the rounded
    rect) leaves the very pixels of `clear` then `pygame.draw.rect`, whatever was under it:
    boxes of every size and radius (none, small, over half the box), anywhere, clipped."""
    import random

    from companion.display.canvas import Canvas
    from companion.display.fonts import FontCache
    from companion.display.regions import clear

    rng = random.Random(11)
    noise = pygame.Surface((400, 300))
    for _ in range(400):  # what a box is drawn over: any colours
        noise.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                   (rng.randrange(400), rng.randrange(300), 30, 30))
    bg, fill = pygame.Color("#14171c"), pygame.Color("#c86432")
    old, new = pygame.Surface((400, 300)), pygame.Surface((400, 300))
    c = Canvas(new, translator("en"), FontCache(), 1.0, bg=bg)
    for _ in range(3000):
        rect = pygame.Rect(rng.randrange(-50, 380), rng.randrange(-50, 280),
                           rng.randrange(0, 300), rng.randrange(0, 250))
        radius = rng.randrange(-2, 60)
        clip = (pygame.Rect(rng.randrange(100), rng.randrange(100), rng.randrange(200, 400),
                            rng.randrange(150, 300)) if rng.random() < 0.3 else None)
        for surface in (old, new):
            surface.set_clip(None)
            surface.blit(noise, (0, 0))
            surface.set_clip(clip)
        clear(old, bg, rect.clip(old.get_clip()))
        pygame.draw.rect(old, fill, rect, border_radius=radius)
        c.box(fill, rect, radius)
        assert pygame.image.tobytes(old, "RGB") == pygame.image.tobytes(new, "RGB"), (
            rect, radius, clip)


def test_a_region_that_covers_its_rect_paints_every_pixel_of_it() -> None:
    """A region marked `covers` is drawn without its rect cleared first: drawn over
    magenta, none of the magenta may be left inside its rect. Every kind of region on
    tables with panels (two reveals, the final sheet's background, texts too long for any
    box, a panel too tall for the screen, cut at its foot), 18 seats, a banner, the host's
    and the waiting lines, the log and the LCD mock-ups, at 1280x720 and 800x480."""
    import itertools

    from companion.display.layout import Layout
    from companion.engine.text import msg
    from companion.engine.views import Cell, Panel

    magenta = pygame.Color(255, 0, 255)
    h = reveal_history()
    host = HostLine("Host: < Abandon auction >", "Bid: waiting for Chiara", active=True)
    views = [(table(h), {"host": host, "banner": "Host correction: last entry undone",
                         "lcds": lcd_lines(h)}),
             (replace(table(h), final=True), {}),
             (replace(table(h), log=()), {"host": HostLine("Host: menu", None)})]
    from display_scenes import long_text_view, many_seats_view

    views.append((many_seats_view(18), {"host": host}))
    views.append((long_text_view(), {"host": host}))  # cramped: texts cut and wrapped
    rows = tuple((Cell(f"Row {i}"), Cell(str(i))) for i in range(80))
    views.append((replace(table(h), panels=(Panel(msg("Scores"), rows),)), {}))  # cut at the foot
    seen: set[object] = set()
    for (view, kw), size in itertools.product(views, (SIZE, (800, 480))):
        screen = TableScreen(pygame.Surface(size), translator("en"))
        c = screen._canvas(view.final)
        frame = screen._frame(c, view, kw.get("lcds"), kw.get("banner"), None,  # type: ignore[arg-type]
                              kw.get("host"), None, 0)
        for region in frame.regions:
            if not region.covers:
                continue
            seen.add(region.name if isinstance(region.name, str) else region.name[0])
            screen.surface.fill(magenta)
            with c.clipped(region.rect):
                region.draw(c, Layout(size, c.u, frame.head, frame.body))
            left = pygame.mask.from_threshold(screen.surface.subsurface(region.rect),
                                              magenta, (1, 1, 1, 255)).count()
            assert left == 0, (region.name, left)
    assert seen == {"header", "banner", "waiting", "host", "log", "seat", "panels"}
