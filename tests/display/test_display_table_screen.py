"""The table screen draws real Camel Up views at both target sizes, readably and in bounds."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame loads, even without the conftest
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import replace
from pathlib import Path

import display_scenes as scenes
import pygame
import pytest
from display_pixels import bright_pixels, colour_pixels, longest_run

from companion.display import theme as ts
from companion.display.fonts import FontCache
from companion.display.table_screen import TableScreen, format_clock
from companion.display.window import save_png
from companion.engine.actions import Enter
from companion.engine.text import msg
from companion.engine.views import TableView
from companion.i18n import translator

SIZES = [(1280, 720), (800, 480)]


def screen_for(size: tuple[int, int], fonts: FontCache | None = None) -> TableScreen:
    return TableScreen(pygame.Surface(size), translator("en"), fonts)


def contained(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return outer.contains(inner) or (inner.w == 0 and inner.h == 0)


@pytest.mark.slow  # full tables drawn and saved
@pytest.mark.parametrize("size", SIZES)
def test_reveal_draws_every_region(size: tuple[int, int], tmp_path: Path) -> None:
    history = scenes.reveal_history()
    screen = screen_for(size)
    screen.draw(scenes.table(history), scenes.lcd_lines(history), None, None)
    png = save_png(screen.surface, tmp_path / f"reveal-{size[0]}x{size[1]}.png")
    assert png.stat().st_size > 10_000
    assert pygame.image.load(str(png)).get_size() == size

    layout = screen.layout
    assert layout is not None
    assert layout.seats is not None and layout.panels is not None and layout.log is not None
    for name, rect in [("header", layout.header), ("seats", layout.seats),
                       ("panels", layout.panels), ("log", layout.log)]:
        assert bright_pixels(screen.surface, rect) > 200, f"nothing drawn in {name}"
        assert contained(screen.surface.get_rect(), rect), f"{name} off-screen: {rect}"
    assert sorted(layout.seat_cards) == [0, 1, 2, 3]
    # The LCD mock-ups (a demo aid) gave way to the two reveals; with one reveal they fit.
    assert layout.lcds == {}
    one = screen_for(size)
    view = scenes.table(history)
    one.draw(replace(view, panels=view.panels[-1:]), scenes.lcd_lines(history), None, None)
    assert one.layout is not None and sorted(one.layout.lcds) == [0, 1, 2, 3]
    for rect in one.layout.lcds.values():
        assert colour_pixels(one.surface, rect, ts.LCD_BG) > 50
    # Both reveals on a TV; at 800x480 the minimum text height leaves room for the newest
    # only (the earlier one is left out whole, not cut: the log still tells it).
    assert len(layout.panel_boxes) + layout.panels_hidden == 2
    assert layout.panels_hidden == (0 if size == (1280, 720) else 1)
    assert screen.audit.problems == {}
    # Text the view asked for reached the screen, through the translator.
    texts = screen.fonts.cached_texts()
    assert {"Auction 1: sale income", "Reveal 2: Chiara wins", "Chiara", "To enter",
            "First Player"} <= texts


@pytest.mark.parametrize("size", SIZES)
def test_dropped_values_are_struck_through(size: tuple[int, int]) -> None:
    screen = screen_for(size)
    screen.draw(scenes.reveal_view(), None, None, None)
    layout = screen.layout
    assert layout is not None
    # Panel 0 is the first reveal (0, 0, 3, 3): every row dropped out. Column 0 is the name,
    # column 3 the effective value; both are styled "strike". At 800x480 only the second
    # reveal has room (its 0s, Anna and Bruno, dropped).
    struck = ((0, (1, 2, 3, 4)) if size == (1280, 720) else (1, (1, 2)))
    for row in struck[1]:
        for col in (0, 3):
            rect = layout.cells[(struck[0], row, col)]
            probe = rect.inflate(12, 0)
            assert longest_run(screen.surface, probe, ts.STRIKE) >= rect.w, (row, col)
    # The second reveal's plain cells have no line through them.
    plain = layout.cells[(1, 4, 0)]  # "Dev": a lone 2 neither won nor tied, not struck
    assert longest_run(screen.surface, plain.inflate(12, 0), ts.STRIKE) == 0


def test_winner_row_is_highlighted() -> None:
    screen = screen_for((1280, 720))
    screen.draw(scenes.reveal_view(), None, None, None)
    layout = screen.layout
    assert layout is not None
    winner = layout.cells[(1, 3, 0)]  # Chiara's row in the second reveal
    assert colour_pixels(screen.surface, winner.inflate(0, 4), ts.WIN_ROW) > 20
    assert colour_pixels(screen.surface, layout.cells[(1, 1, 0)].inflate(0, 4), ts.WIN_ROW) == 0


def test_hidden_money_draws_no_number() -> None:
    view = scenes.reveal_view()
    shown = replace(view, seats=tuple(replace(s, money=4321 + s.seat) for s in view.seats))
    hidden = replace(view, seats=tuple(replace(s, money=None) for s in view.seats))

    visible_screen = screen_for((1280, 720))
    visible_screen.draw(shown, None, None, None)
    assert visible_screen.layout is not None
    assert "4321" in visible_screen.fonts.cached_texts()
    money_boxes = visible_screen.layout.seat_money
    assert sorted(money_boxes) == [0, 1, 2, 3]

    screen = screen_for((1280, 720))
    screen.draw(hidden, None, None, None)
    assert screen.layout is not None
    assert screen.layout.seat_money == {}
    assert not any(t.startswith("432") for t in screen.fonts.cached_texts())
    for seat, box in money_boxes.items():  # where the amount was: no digits, no coin
        assert contained(screen.layout.seat_cards[seat], box)
        assert bright_pixels(screen.surface, box) == 0


def test_fonts_are_created_once_not_per_frame() -> None:
    fonts = FontCache()
    screen = screen_for((1280, 720), fonts)
    history = scenes.reveal_history()
    view, lcds = scenes.table(history), scenes.lcd_lines(history)
    screen.draw(view, lcds, None, None)
    made = fonts.fonts_created
    assert 0 < made < 40
    for _ in range(5):
        screen.draw(view, lcds, None, None)
    assert fonts.fonts_created == made
    assert fonts.text_hits > 0


def test_status_words_and_banner_go_through_translate() -> None:
    words = {"Thinking": "Denkt nach", "Locked": "Gesperrt", "First Player": "Startspieler",
             "Disconnected": "Getrennt", "Host correction": "Korrektur"}
    screen = TableScreen(pygame.Surface((1280, 720)), lambda s: words.get(s, s))
    history = scenes.start_lucky0(4)
    scenes.play(history, Enter(0, 3))
    screen.draw(scenes.table(history), None, msg("Host correction"), {2: False})
    texts = screen.fonts.cached_texts()
    assert {"Denkt nach", "Gesperrt", "Startspieler", "Getrennt", "Korrektur"} <= texts
    assert not {"Thinking", "Locked", "Disconnected"} & texts
    assert screen.layout is not None and screen.layout.banner is not None
    assert colour_pixels(screen.surface, screen.layout.banner, ts.BANNER_BG) > 1000


def test_disconnected_seat_is_marked() -> None:
    screen = screen_for((1280, 720))
    screen.draw(scenes.reveal_view(), None, None, {1: False})
    assert screen.layout is not None
    card = screen.layout.seat_cards[1]
    assert colour_pixels(screen.surface, card, ts.DISCONNECTED_LOOK[0]) > 200
    assert colour_pixels(screen.surface, screen.layout.seat_cards[0],
                         ts.DISCONNECTED_LOOK[0]) == 0


def test_no_lcds_without_lcd_lines() -> None:
    screen = screen_for((1280, 720))
    screen.draw(scenes.reveal_view(), None, None, None)
    assert screen.layout is not None and screen.layout.lcds == {}
    assert colour_pixels(screen.surface, screen.surface.get_rect(), ts.LCD_BG) == 0


@pytest.mark.slow  # 8 full tables drawn
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [3, 6, 12, 18])
def test_seat_grid_adapts_to_the_count(size: tuple[int, int], count: int) -> None:
    screen = screen_for(size)
    view = scenes.many_seats_view(count)
    screen.draw(view, None, None, None)
    # A table too big for one screen is paged (never shrunk): every seat is on some page.
    seen: set[int] = set()
    for page in range(screen.pages):
        screen.draw(view, None, None, None, page=page)
        layout = screen.layout
        assert layout is not None and layout.seats is not None
        cards = list(layout.seat_cards.values())
        seen |= set(layout.seat_cards)
        body = layout.body
        for i, card in enumerate(cards):
            assert contained(body, card), (i, card, body)
            assert card.h >= 30, "cards too small to read"
            for other in cards[i + 1:]:
                assert not card.colliderect(other)
        if count <= 6:
            assert layout.seat_columns == 1
    assert seen == {s.seat for s in view.seats}
    assert screen.audit.problems == {}


@pytest.mark.slow  # full tables drawn
@pytest.mark.parametrize("size", SIZES)
def test_long_texts_stay_inside_their_boxes(size: tuple[int, int]) -> None:
    history = scenes.reveal_history()
    screen = screen_for(size)
    view = scenes.long_text_view()
    screen.draw(view, scenes.lcd_lines(history), "A very long banner error " * 20, None)
    layout = screen.layout
    assert layout is not None
    whole = screen.surface.get_rect()
    for rect in [layout.header, layout.body, *layout.seat_cards.values(), *layout.lcds.values(),
                 *layout.panel_boxes]:
        assert contained(whole, rect), rect
    assert layout.banner is not None and contained(whole, layout.banner)
    for (panel, _row, _col), rect in layout.cells.items():
        box = next(b for b in layout.panel_boxes if b.colliderect(rect) or b.contains(rect))
        assert box.left <= rect.left and rect.right <= box.right, (panel, rect, box)
    assert any(t.endswith("…") for t in screen.fonts.cached_texts())


def test_final_results_look() -> None:
    history = scenes.play(scenes.reveal_history(), *(Enter(s, 5) for s in range(4)))
    from companion.engine.actions import Host

    scenes.play(history, Host.make("end"))
    view = scenes.table(history)
    assert view.final
    screen = screen_for((1280, 720))
    screen.draw(view, None, None, None)
    layout = screen.layout
    assert layout is not None
    assert "Final results" in screen.fonts.cached_texts()
    assert colour_pixels(screen.surface, layout.header, ts.GOLD_DEEP) > 500
    # The game's result (its newest panel) comes first, at the top of the panel area.
    assert layout.panels is not None
    first = min(layout.panel_boxes, key=lambda r: (r.x, r.y))
    assert first.topleft == layout.panels.topleft
    assert "Final coins" in screen.fonts.cached_texts()


@pytest.mark.parametrize("size", SIZES)
def test_timer_big_and_warning(size: tuple[int, int]) -> None:
    screen = screen_for(size)
    screen.draw(scenes.timer_view(warning=False, remaining_ms=95_000), None, None, None)
    assert screen.layout is not None and screen.layout.timer is not None
    assert "1:35" in screen.fonts.cached_texts()
    assert colour_pixels(screen.surface, screen.layout.timer, ts.ALERT) == 0
    screen.draw(scenes.timer_view(warning=True, remaining_ms=9_000), None, None, None)
    assert screen.layout is not None and screen.layout.timer is not None
    assert "0:09" in screen.fonts.cached_texts()
    assert colour_pixels(screen.surface, screen.layout.timer, ts.ALERT) > 100
    assert contained(screen.layout.header, screen.layout.timer)


def test_format_clock() -> None:
    assert format_clock(95_000) == "1:35"
    assert format_clock(94_001) == "1:35"  # rounded up: 0:00 only when time is out
    assert format_clock(0) == "0:00"
    assert format_clock(-5) == "0:00"
    assert format_clock(3_600_000 + 61_000) == "1:01:01"


def test_empty_table_draws() -> None:
    view = TableView(msg("Game"), msg("Waiting"), msg(""), ())
    screen = screen_for((800, 480))
    screen.draw(view, {}, None, None)
    assert screen.layout is not None and screen.layout.seat_cards == {}


def test_bad_seat_colour_does_not_crash() -> None:
    view = scenes.reveal_view()
    view = replace(view, seats=(replace(view.seats[0], colour="not-a-colour"), *view.seats[1:]))
    screen_for((800, 480)).draw(view, None, None, None)


def test_dark_seat_colour_is_lightened_for_the_name() -> None:
    navy = pygame.Color("#2c3e50")
    readable = ts.readable_on(navy, ts.CARD_BG)
    assert ts.contrast(readable, ts.CARD_BG) >= 4.0
    assert ts.contrast(navy, ts.CARD_BG) < 4.0
