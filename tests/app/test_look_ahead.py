"""While the table waits for one seat, the frame that seat's OK brings is laid out ahead
(app.look_ahead): the press that reveals or ends a phase then finds its layout ready and
draws the very frame it would have drawn; laying out draws, renders and logs nothing, stops
for input, and follows the seat's draft."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pygame
import pytest

import companion.app.loop as loop
import companion.display.body as body
from bench.frames import Clock, table
from companion.app.look_ahead import likely_next
from companion.app.loop import App
from companion.boxes.vocabulary import Key, KeyEdge
from companion.display.renderer import Renderer

CAMEL = "camel-up-off-season"


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many arrangement searches the table screen has made (one per new frame layout)."""
    made = [0]
    choose = body._choose

    def counted(*args: object, **kwargs: object) -> object:
        made[0] += 1
        return choose(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(body, "_choose", counted)
    yield made


def tap(app: App, clock: Clock, seat: int, key: Key = Key.OK, wait: bool = True) -> None:
    """One press and release, the table waiting before each edge as `companion run`'s loop
    does when nothing is queued (`wait`), or not at all."""
    for down in (True, False):
        if wait:
            app.rest()
        app.sink(KeyEdge(seat, key, down, clock.now))
        clock.now += 0.05
        app.run_once(0)


def pixels(app: App) -> bytes:
    assert isinstance(app.renderer, Renderer)
    return pygame.image.tobytes(app.renderer.surface, "RGB")


def three_locked(wait: bool) -> tuple[App, Clock]:
    clock = Clock()
    app = table(CAMEL, 4, clock)
    app.rest()
    for seat in range(3):
        tap(app, clock, seat, wait=wait)
    return app, clock


def test_the_reveal_finds_its_layout_ready_and_draws_the_same_frame(
        searches: list[int]) -> None:
    app, clock = three_locked(wait=False)
    tap(app, clock, 3, wait=False)  # the reveal, nothing laid out ahead
    assert searches[0] > 0
    unhurried = pixels(app)

    app, clock = three_locked(wait=True)
    app.rest()  # the table waits for the last seat
    waiting, before = pixels(app), searches[0]
    tap(app, clock, 3, wait=False)
    assert searches[0] == before  # the reveal's layout was found, not searched for
    assert pixels(app) != waiting
    assert pixels(app) == unhurried


def test_laying_out_ahead_draws_renders_and_logs_nothing(
        searches: list[int], caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ = three_locked(wait=False)
    assert likely_next(app.controller) is not None  # one seat asked: the reveal is next
    assert isinstance(app.renderer, Renderer)
    fonts = app.renderer.screen.fonts
    shown, frames, texts = pixels(app), app.renderer.frames, fonts.cached_texts()
    before = searches[0]
    with caplog.at_level(logging.DEBUG):
        app.rest()
    assert searches[0] == before + 1  # it laid the reveal out...
    assert pixels(app) == shown and app.renderer.frames == frames  # ...and drew nothing
    assert fonts.cached_texts() == texts  # no text rendered (the bids are still secret)
    assert caplog.records == []
    asked: list[object] = []
    monkeypatch.setattr(loop, "likely_next", lambda controller: asked.append(controller))
    app.rest()
    assert asked == []  # worked out once per state and drafts, not at every wait


def test_input_stops_it_and_the_next_wait_takes_it_up(searches: list[int]) -> None:
    app, clock = three_locked(wait=False)
    assert isinstance(app.renderer, Renderer)
    before = searches[0]
    likely = likely_next(app.controller)
    assert likely is not None
    assert not app.renderer.look_ahead(likely.view, stop=lambda: True)
    assert searches[0] == before + 1  # started, stopped before its first try...
    app.sink(KeyEdge(0, Key.PLUS, True, clock.now))
    app.rest()  # input queued: the loop handles it first
    assert searches[0] == before + 1
    app.run_once(0)
    app.rest()  # nothing queued: laid out now
    assert searches[0] == before + 2
    during = searches[0]
    tap(app, clock, 3, wait=False)
    assert searches[0] == during  # ...and the reveal found it


def test_a_changed_draft_is_laid_out_again(searches: list[int]) -> None:
    app, clock = three_locked(wait=True)
    app.rest()
    tap(app, clock, 3, Key.PLUS)  # the last seat raises its bid: another reveal is next
    app.rest()
    before = searches[0]
    tap(app, clock, 3, wait=False)
    assert searches[0] == before


def test_nothing_is_laid_out_while_several_seats_are_asked(searches: list[int]) -> None:
    clock = Clock()
    app = table(CAMEL, 4, clock)
    app.rest()
    assert likely_next(app.controller) is None  # four seats to bid: no likely next frame
    before = searches[0]
    app.rest()
    assert searches[0] == before


def test_a_guess_that_fails_stops_nothing(monkeypatch: pytest.MonkeyPatch,
                                          searches: list[int]) -> None:
    """A rule that raises on the draft the last seat shows: the table keeps waiting (no
    traceback while nobody pressed anything), and lays nothing out."""
    app, _ = three_locked(wait=False)

    def broken(*args: object) -> object:
        raise KeyError("a rules bug")

    monkeypatch.setattr(app.controller.history, "check", broken)
    before = searches[0]
    app.rest()
    assert searches[0] == before
    assert likely_next(app.controller) is None
