"""The body's search skips the one-page tries whose seat column is no wider than one the
whole table's seats already did not fit: the same arrangement, found with fewer tries."""

from __future__ import annotations

from typing import Any

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
