"""What a frame pushes to the display: every pixel that changed, once. The display (X, the
console's framebuffer) copies each rect it is handed, so overlapping rects (a card's old
place and its new one) were copied twice; `regions.pushed` cuts them apart."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from bench.frames import Clock, table
from companion.app.loop import AHEAD_AFTER, App
from companion.boxes.vocabulary import Key, KeyEdge
from companion.display.regions import pushed
from companion.display.renderer import Renderer

# What the 4-seat Camel Up reveal redrew: the cards narrowed and the panels area widened,
# each old place beside its new one.
REVEAL = [(14, 196, 413, 91), (14, 295, 413, 91), (14, 394, 413, 91), (14, 493, 413, 91),
          (439, 560, 827, 94), (439, 196, 827, 352), (14, 142, 1252, 42), (14, 666, 1252, 40),
          (14, 196, 376, 91), (14, 295, 376, 91), (14, 394, 376, 91), (14, 493, 376, 91),
          (402, 534, 864, 120), (402, 196, 864, 326)]


def painted(rects: list[pygame.Rect], on: pygame.Surface | None = None) -> pygame.Surface:
    surface = pygame.Surface((1280, 720)) if on is None else on.copy()
    for rect in rects:
        surface.fill((255, 255, 255), rect)
    return surface


def overlaps(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


def test_the_reveal_pushes_each_changed_pixel_once() -> None:
    rects = [pygame.Rect(r) for r in REVEAL]
    out = pushed(rects)
    cover = painted(out)
    # Every changed pixel is pushed: painting the handed-in rects over the cover adds none.
    assert pygame.image.tobytes(painted(rects, cover), "RGB") == \
        pygame.image.tobytes(cover, "RGB"), "a changed pixel is not pushed"
    assert overlaps(out) == []  # ...and once
    changed = pygame.image.tobytes(painted(rects), "RGB").count(b"\xff\xff\xff")
    assert changed == 639_464  # of the 1,144,046 handed in
    assert changed <= sum(r.w * r.h for r in out) <= changed * 1.01  # joins add little
    assert len(out) < len(rects)
    assert pushed([]) == [] and pushed([pygame.Rect(5, 5, 0, 9)]) == []


@pytest.fixture
def display(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[pygame.Rect]]]:
    """What each frame pushed (`update`'s rects; the whole screen for `flip`)."""
    frames: list[list[pygame.Rect]] = []
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects: frames.append([pygame.Rect(r) for r in rects]))
    monkeypatch.setattr(pygame.display, "flip",
                        lambda: frames.append([pygame.Rect(0, 0, 1280, 720)]))
    yield frames


@pytest.mark.parametrize(("game", "seats", "presses"),
                         [("camel-up-off-season", 4, 12), ("mega-civilization", 18, 18)])
def test_the_display_shows_every_frame_and_no_pixel_is_pushed_twice(
        display: list[list[pygame.Rect]], game: str, seats: int, presses: int) -> None:
    """A copy of the display, which gets only the pushed rects, equals the frame after every
    press: 4-seat bids through three reveals, an 18-seat round of cities to its phase end."""
    clock = Clock()
    app: App = table(game, seats, clock)
    assert isinstance(app.renderer, Renderer)
    surface = app.renderer.surface
    shown = surface.copy()  # the first frame was flipped whole
    for press in range(presses):
        for down in (True, False):
            clock.now += AHEAD_AFTER
            app.rest()
            app.sink(KeyEdge(press % seats, Key.OK, down, clock.now))
            clock.now += 0.05
            before = len(display)
            app.run_once(0)
            for rects in display[before:]:
                assert overlaps(rects) == []
                for rect in rects:
                    shown.blit(surface, rect, rect)
            same = pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(surface, "RGB")
            assert same, f"press {press}: the display is not showing the frame"
    assert len(display) > presses  # every press drew (and a phase end or reveal, more)
