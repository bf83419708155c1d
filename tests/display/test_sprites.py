"""Cards and panels drawn before are copied, not drawn again (`sprites`): what is copied must
be exactly what drawing it makes (pixels, the layout's rects, what the legibility audit is
told), the copies stay within their budget, and the cards drawn ahead of a frame are only
cards the table shows now."""

from __future__ import annotations

from collections.abc import Hashable

import pygame
from display_scenes import demo_views

from bench.frames import Clock, table
from companion.app.loop import App
from companion.boxes.vocabulary import Key, KeyEdge
from companion.display.legibility import TextAudit
from companion.display.renderer import Renderer
from companion.display.sprites import Sprites
from companion.display.table_screen import TableScreen
from companion.i18n import translator


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_a_part_copied_from_its_sprite_is_what_drawing_it_makes() -> None:
    kept = TableScreen(pygame.Surface((1280, 720)), translator("en"))
    for i, view in enumerate(demo_views("mega-civilization", 3)):
        for page in (0, 1, 0):  # a page turn and back: the first page's parts copied
            kept.draw(view, page=page)
            while kept.keep_step():  # the table waits between two frames
                pass
            fresh = TableScreen(pygame.Surface((1280, 720)), translator("en"))
            fresh.draw(view, page=page)
            assert pixels(kept.surface) == pixels(fresh.surface), (i, page)
            assert kept.layout is not None and fresh.layout is not None
            for what in ("seat_cards", "seat_money", "lcds", "cells", "panel_boxes"):
                assert getattr(kept.layout, what) == getattr(fresh.layout, what), what
    assert kept.sprites.hits > 50


def test_what_a_copied_part_told_the_audit_is_told_again() -> None:
    """A line cut with an ellipsis is a problem each time it reaches the screen, copied
    or drawn."""
    surface = pygame.Surface((200, 100))
    sprites = Sprites().for_canvas((200, 100), 1.0, None, None)
    audit = TextAudit()

    def draw() -> dict[Hashable, pygame.Rect]:
        audit.mark_cut("Nebuchadn…")
        audit.saw("Nebuchadn…", "bold", 22, 22, False)
        surface.fill((200, 0, 0), (10, 10, 50, 20))
        return {"money": pygame.Rect(20, 12, 30, 16)}

    first = sprites.drawn("card", surface, pygame.Rect(10, 10, 60, 30), audit, draw)
    assert sprites.keep_step() is False and sprites.has("card")
    surface.fill((0, 0, 0))
    again = sprites.drawn("card", surface, pygame.Rect(100, 50, 60, 30), audit, draw)
    assert again == {"money": first["money"].move(90, 40)}
    assert surface.get_at((100, 50)) == pygame.Color(200, 0, 0)
    assert audit.drawn == 2
    assert list(audit.problems.values()) == [2]  # the cut line, both times


def test_sprites_stay_within_their_budget_the_least_recently_shown_going_first() -> None:
    surface = pygame.Surface((100, 100))
    sprites = Sprites().for_canvas((100, 100), 1.0, None, None)  # 20,000 pixels
    rect = pygame.Rect(0, 0, 70, 70)  # 4,900: a quarter of the budget at most is kept
    for name in ("a", "b", "c", "d"):
        sprites.drawn(name, surface, rect, TextAudit(), lambda: {})
        sprites.keep_step()
    sprites.drawn("a", surface, rect, TextAudit(), lambda: {})  # shown again
    sprites.drawn("e", surface, rect, TextAudit(), lambda: {})
    sprites.keep_step()
    assert [sprites.has(n) for n in "abcde"] == [True, False, True, True, True]
    sprites.drawn("big", surface, pygame.Rect(0, 0, 100, 100), TextAudit(), lambda: {})
    assert sprites.keep_step() is False and not sprites.has("big")


def test_a_part_not_copied_before_the_next_frame_is_dropped() -> None:
    """Drawn over by then, maybe: only parts copied while the table waits are kept."""
    surface = pygame.Surface((100, 100))
    sprites = Sprites().for_canvas((100, 100), 1.0, None, None)
    sprites.drawn("card", surface, pygame.Rect(0, 0, 20, 20), TextAudit(), lambda: {})
    sprites.drop_waiting()
    assert sprites.keep_step() is False and not sprites.has("card")
    surface.set_clip(pygame.Rect(0, 0, 10, 10))  # drawn cut by its clip: never kept
    sprites.drawn("cut", surface, pygame.Rect(0, 0, 20, 20), TextAudit(), lambda: {})
    assert sprites.keep_step() is False and not sprites.has("cut")


def _first_entry(rest: bool) -> tuple[App, Renderer]:
    clock = Clock()
    app = table("mega-civilization", 18, clock)
    assert isinstance(app.renderer, Renderer)
    if rest:
        app.rest()
    for down in (True, False):
        app.sink(KeyEdge(0, Key.OK, down, clock.now))
        clock.now += 0.05
        app.run_once(0)
    return app, app.renderer


def test_the_cards_of_a_table_about_to_page_are_drawn_ahead_and_only_those_shown() -> None:
    clock = Clock()
    app = table("mega-civilization", 18, clock)
    assert isinstance(app.renderer, Renderer)
    screen = app.renderer.screen
    shown, texts = pixels(screen.surface), screen.fonts.cached_texts()
    app.rest()  # any seat's entry pages the table: its cards change size
    assert pixels(screen.surface) == shown
    assert screen.fonts.cached_texts() == texts
    seen = set(app.controller.table_view().seats)
    cards = [key for key in screen.sprites.kept() if isinstance(key, tuple) and key[0] == "seat"]
    assert len(cards) >= 17
    assert all(key[1] in seen for key in cards)  # type: ignore[index]

    _, unhurried = _first_entry(rest=False)
    _, ready = _first_entry(rest=True)
    assert ready.screen.sprites.hits >= 8  # the page's cards but the one that entered
    assert pixels(ready.surface) == pixels(unhurried.surface)
