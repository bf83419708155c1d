"""While the table waits, the frame each asked seat's OK brings is laid out ahead
(app.look_ahead): the press that reveals or ends a phase, or any seat's entry, then finds
its layout ready and draws the very frame it would have drawn; laying out draws, renders
and logs nothing, stops for input, and follows the seat's draft."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pygame
import pytest

import companion.app.loop as loop
import companion.display.body as body
import companion.display.panels as panels
from bench.frames import Clock, table
from companion.app.look_ahead import asked, draws_ahead, likely_after
from companion.app.loop import AHEAD_AFTER, App
from companion.boxes.vocabulary import Key, KeyEdge
from companion.display.renderer import Renderer
from companion.engine.actions import Enter

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
            waits(app, clock)
        app.sink(KeyEdge(seat, key, down, clock.now))
        clock.now += 0.05
        app.run_once(0)


def waits(app: App, clock: Clock) -> None:
    """The table waits with nothing queued, long enough to lay out ahead (AHEAD_AFTER)."""
    clock.now += AHEAD_AFTER
    app.rest()


def pixels(app: App) -> bytes:
    assert isinstance(app.renderer, Renderer)
    return pygame.image.tobytes(app.renderer.surface, "RGB")


def three_locked(wait: bool) -> tuple[App, Clock]:
    clock = Clock()
    app = table(CAMEL, 4, clock)
    waits(app, clock)
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
    waits(app, clock)  # the table waits for the last seat
    waiting, before = pixels(app), searches[0]
    tap(app, clock, 3, wait=False)
    assert searches[0] == before  # the reveal's layout was found, not searched for
    assert pixels(app) != waiting
    assert pixels(app) == unhurried


def test_looking_ahead_at_the_reveal_shows_sends_and_logs_nothing(
        searches: list[int], caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One seat is left: its reveal is laid out and drawn ahead, into sprites, while the
    bids are still sealed. None of it reaches the screen, a box or the log."""
    app, clock = three_locked(wait=False)
    assert likely_after(app.controller, 3) is not None  # the last seat's OK reveals
    assert isinstance(app.renderer, Renderer)
    sprites = app.renderer.screen.sprites
    shown, frames, kept = pixels(app), app.renderer.frames, set(sprites.kept())
    lcds = {seat: box.lcd.lines for seat, box in app.boxes.items()}  # type: ignore[attr-defined]
    before = searches[0]
    with caplog.at_level(logging.DEBUG):
        waits(app, clock)
    assert searches[0] == before + 1  # it laid the reveal out...
    assert set(sprites.kept()) - kept  # ...drew its parts aside...
    assert pixels(app) == shown and app.renderer.frames == frames  # ...and showed nothing
    assert {seat: box.lcd.lines  # type: ignore[attr-defined]
            for seat, box in app.boxes.items()} == lcds
    assert caplog.records == []
    asked: list[object] = []
    monkeypatch.setattr(loop, "likely_after", lambda *args: asked.append(args))
    waits(app, clock)
    assert asked == []  # worked out once per state and drafts, not at every wait


def test_with_two_seats_asked_each_entry_is_laid_out_and_nothing_drawn(
        searches: list[int]) -> None:
    """Each entry then changes a card or two: not worth drawing for every seat."""
    clock = Clock()
    app = table(CAMEL, 4, clock)
    for seat in range(2):
        tap(app, clock, seat, wait=False)
    assert isinstance(app.renderer, Renderer)
    fonts = app.renderer.screen.fonts
    while app.renderer.keep_step():  # the last frame's parts kept, as the wait does first
        pass
    sprites = app.renderer.screen.sprites
    texts, kept, before = fonts.cached_texts(), sprites.kept(), searches[0]
    waits(app, clock)
    assert searches[0] == before + 2
    assert fonts.cached_texts() == texts  # no text rendered
    assert sprites.kept() == kept


def test_a_changed_draft_is_laid_out_again(searches: list[int]) -> None:
    app, clock = three_locked(wait=True)
    waits(app, clock)
    tap(app, clock, 3, Key.PLUS)  # the last seat raises its bid: another reveal is next
    waits(app, clock)
    before = searches[0]
    tap(app, clock, 3, wait=False)
    assert searches[0] == before


def test_every_asked_seat_is_laid_out_and_the_one_that_presses_finds_its_frame(
        searches: list[int]) -> None:
    clock = Clock()
    app = table(CAMEL, 4, clock)
    tap(app, clock, 2, wait=False)  # nothing laid out ahead
    unhurried = pixels(app)

    clock = Clock()
    app = table(CAMEL, 4, clock)
    before = searches[0]
    waits(app, clock)
    assert searches[0] == before + 4  # four seats to bid: each one's lock laid out
    before = searches[0]
    tap(app, clock, 2, wait=False)  # nobody knows who presses first: here the third seat
    assert searches[0] == before
    assert pixels(app) == unhurried
    waits(app, clock)
    assert searches[0] == before + 3  # the three seats still asked, in the new state


def test_input_stops_it_between_seats_and_the_next_wait_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    app = table(CAMEL, 4, clock)
    worked_out: list[int] = []

    def counted(controller: object, seat: int) -> object:
        worked_out.append(seat)
        if len(worked_out) == 2:  # a key goes down while the second seat is laid out
            app.sink(KeyEdge(0, Key.OK, True, clock.now))
        return likely_after(controller, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(loop, "likely_after", counted)
    waits(app, clock)
    assert worked_out == [0, 1]  # stopped, and no seat started after the input
    app.run_once(0)
    waits(app, clock)
    assert worked_out == [0, 1, 1, 2, 3]  # the first seat's frame is not laid out again


def test_a_guess_that_fails_stops_nothing(monkeypatch: pytest.MonkeyPatch,
                                          searches: list[int]) -> None:
    """A rule that raises on the draft the last seat shows: the table keeps waiting (no
    traceback while nobody pressed anything), and lays nothing out."""
    app, clock = three_locked(wait=False)

    def broken(*args: object) -> object:
        raise KeyError("a rules bug")

    monkeypatch.setattr(app.controller.history, "check", broken)
    before = searches[0]
    waits(app, clock)
    assert searches[0] == before
    assert likely_after(app.controller, 3) is None


def test_it_starts_once_the_boxes_have_sent_what_changed(searches: list[int]) -> None:
    """Right after a change the boxes' threads send it (a phone's LOCKED, an LCD's bytes):
    the loop sleeps until AHEAD_AFTER has passed, then lays out ahead."""
    clock = Clock()
    app = table(CAMEL, 4, clock)
    tap(app, clock, 0, wait=False)  # the first seat locks
    before = searches[0]
    app.rest()
    assert searches[0] == before
    assert app.timeout() == pytest.approx(AHEAD_AFTER)  # the loop wakes for it
    clock.now += AHEAD_AFTER
    app.rest()
    assert searches[0] == before + 3  # the three seats still asked
    assert app.timeout() is None  # and then sleeps until input


def mega_one_left(wait: bool) -> tuple[App, Clock]:
    """18 seats of Mega Civilization, every city count entered but the last seat's."""
    clock = Clock()
    app = table("mega-civilization", 18, clock)
    for seat in range(17):
        tap(app, clock, seat, wait=False)
    if wait:
        waits(app, clock)
    return app, clock


def press_counting_parts(app: App, clock: Clock, seat: int,
                         monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """`seat` presses OK (no wait): how many panels its frame drew, and how many parts it
    copied from sprites."""
    assert isinstance(app.renderer, Renderer)
    drawn: list[object] = []
    draw_panel = panels._draw_panel

    def counted(*args: object) -> None:
        drawn.append(args)
        draw_panel(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(panels, "_draw_panel", counted)
    before = app.renderer.screen.sprites.hits
    tap(app, clock, seat, wait=False)
    return len(drawn), app.renderer.screen.sprites.hits - before


def test_the_phase_end_finds_its_panel_and_cards_drawn_and_shows_the_same_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Cities are public: the frame the last seat's entry brings (the trade-card panel,
    every card's new status) is drawn ahead, and the entry copies it."""
    app, clock = mega_one_left(wait=False)
    tap(app, clock, 17, wait=False)
    unhurried = pixels(app)

    app, clock = mega_one_left(wait=True)
    assert draws_ahead(asked(app.controller))
    drawn, copied = press_counting_parts(app, clock, 17, monkeypatch)
    assert app.controller.state.phase != "cities"
    assert drawn == 0  # no panel drawn in the frame...
    assert copied >= 10  # ...it and the cards copied
    assert pixels(app) == unhurried


def test_the_reveal_finds_its_cards_and_panels_drawn_and_shows_the_same_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last Camel Up bid reveals the sealed ones: the reveal's panels and cards were
    drawn while the table waited, and the frame copies them, showing what it would have
    drawn."""
    app, clock = three_locked(wait=False)
    tap(app, clock, 3, wait=False)
    unhurried = pixels(app)

    app, clock = three_locked(wait=True)
    waits(app, clock)
    assert draws_ahead(asked(app.controller))
    drawn, copied = press_counting_parts(app, clock, 3, monkeypatch)
    assert drawn == 0  # no panel drawn in the frame...
    assert copied >= 5  # ...they and the cards copied
    assert pixels(app) == unhurried


def test_the_press_finds_the_view_and_prompts_worked_out_ahead() -> None:
    """The entry checks to the state worked out while the table waited, so its view and
    every seat's prompt are the ones made then, not made again."""
    app, clock = three_locked(wait=True)
    waits(app, clock)
    controller = app.controller
    view, prompts = controller.likely(Enter(3, controller.sessions[3].draft))
    assert controller.table_view() is not view
    tap(app, clock, 3, wait=False)  # the reveal
    assert controller.table_view() is view
    assert {s: session.prompt for s, session in controller.sessions.items()} == prompts
