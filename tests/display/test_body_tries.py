"""Work the body's search no longer does, for the same result: the one-page tries whose seat
column is no wider than one the whole table's seats already did not fit, and the measures of
the seats an entry did not change."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import companion.display.body as body
from bench.frames import Clock, table
from companion.app.loop import App
from companion.boxes.vocabulary import Key, KeyEdge
from companion.display.renderer import Renderer


def screen_of(app: App) -> Renderer:
    assert isinstance(app.renderer, Renderer)
    return app.renderer


def test_a_big_table_makes_one_one_page_try_before_it_pages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    app = table("mega-civilization", 18, clock)
    one_page: list[tuple[Any, ...]] = []
    arrange_one = body._arrange

    def spy(*args: Any, **kwargs: Any) -> body.BodyPlan:
        plan = arrange_one(*args, **kwargs)
        if args[3] is None:  # no "Seats 1-9 of 18" note: a one-page try
            one_page.append((plan.seats.fits, plan.fits))
        return plan

    monkeypatch.setattr(body, "_arrange", spy)
    for down in (True, False):  # the first city entered: a panel appears
        app.sink(KeyEdge(0, Key.OK, down, clock.now))
        clock.now += 0.05
        app.run_once(0)
    assert screen_of(app).screen.pages == 2
    # Eight one-page tries (two log settings, four seat-column widths) would all fail on
    # the seats: the first, at the widest column, says so for the other seven.
    assert one_page == [(False, False)]


def test_without_a_panel_the_log_gives_way_before_the_table_pages() -> None:
    """Beside a log the 18 seats do not fit; without one they have the whole width, where
    they do: the try without the log has a wider seat column, so it is still made."""
    app = table("mega-civilization", 18, Clock())
    view = app.controller.table_view()
    assert view.log and not view.panels
    screen = screen_of(app).screen
    assert screen.pages == 1
    assert screen.layout is not None and screen.layout.log is None


def test_a_seat_that_changes_is_measured_again_the_others_are_taken_over() -> None:
    """The seat grid after one seat's badges changed is the grid a fresh screen plans,
    whichever seat changed and whether its pills grew or shrank (the cards make room for
    the widest name and pills)."""
    from companion.display.canvas import Canvas
    from companion.display.fonts import FontCache
    from companion.display.legibility import TextAudit
    from companion.display.seat_plan import plan_seats
    from companion.engine.text import Msg
    from companion.engine.views import SeatLine
    from companion.i18n import translator

    def canvas() -> Canvas:
        return Canvas(pygame.Surface((1280, 720)), translator("en"), FontCache(), 1.0,
                      TextAudit())

    def seats(badges: dict[int, str]) -> tuple[SeatLine, ...]:
        return tuple(SeatLine(i, f"Seat {i}", "#ffffff", 10 * i, "waiting",
                              (Msg(badges[i]),) if i in badges else ()) for i in range(18))

    area = pygame.Rect(0, 0, 1000, 458)
    kept = canvas()
    plans = []
    for badges in ({}, {1: "Trade cards: 3"}, {1: "Trade cards: 3", 9: "Leader of the west"},
                   {9: "Leader of the west"}, {}, {17: "Trade cards: 3"}):
        got = plan_seats(kept, 18, area, 12, False, seats(badges))
        assert got == plan_seats(canvas(), 18, area, 12, False, seats(badges)), badges
        plans.append(got)
    assert len(set(plans)) > 2  # the badges change the grid: the test can tell


def test_panel_bounds_stop_at_the_first_panel_that_rules_a_layout_out() -> None:
    """Two 200 px panels in one 400 px column with a 12 px gap do not fit; in two columns
    they do. A panel taller than a column, or a cramped one (None), rules the layout out
    before the next panel's bound is taken."""
    from companion.display.panel_plan import _Room

    asked: list[int] = []

    def heights(*hs: int | None) -> Iterator[int | None]:
        for h in hs:
            asked.append(len(asked))
            yield h

    assert _Room(400, 1, 12, 2).within(heights(200, 200)) is None
    assert _Room(400, 1, 12, 2).within(heights(194, 194)) == [194, 194]  # 194+12+194 = 400
    assert _Room(400, 2, 12, 2).within(heights(200, 400)) == [200, 400]
    asked.clear()
    assert _Room(400, 2, 12, 2).within(heights(401, 10)) is None
    assert asked == [0]  # the second panel's bound was never taken
    asked.clear()
    assert _Room(400, 2, 12, 3).within(heights(None, 10, 10)) is None
    assert asked == [0]
