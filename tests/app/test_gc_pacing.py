"""The garbage collector runs while the loop waits, never inside a pass that draws a frame;
start-up's objects are frozen out of its sight; leaving the loop gives the schedule back."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from companion.app.controller import Controller
from companion.app.loop import AHEAD_AFTER, App
from companion.boxes.vocabulary import HostInput
from companion.display.renderer import Renderer
from companion.display.window import open_display
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.i18n import translator


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


class Cycle:
    """Garbage only the cyclic collector can free."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def app() -> App:
    game = get_game("camel-up-off-season")
    setup = Setup(game.id, tuple(Seat(n, DEFAULT_COLOURS[i])
                                 for i, n in enumerate(("Ann", "Bob", "Cy"))),
                  {"start_coins": 40})
    translate = translator("en")
    return App(Controller(History.start(game, setup), None, translate), {}, Clock(),
               Renderer(open_display((640, 360)), translate))


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of each collection, as it starts."""
    seen: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(record)
    try:
        yield seen
    finally:
        gc.callbacks.remove(record)


def cycles(n: int) -> list[weakref.ref[Cycle]]:
    """`n` cycles made and dropped: enough for the young generation's threshold."""
    refs = []
    for _ in range(n):
        refs.append(weakref.ref(Cycle()))
    return refs


def test_the_loop_collects_when_it_would_wait_not_in_the_pass(
        app: App, collections: list[int]) -> None:
    threshold = gc.get_threshold()[0]
    with app.collecting_when_idle():
        assert app.gc is not None and app.gc.running
        collections.clear()  # start-up's own full collection
        refs = cycles(2 * threshold)  # well over the usual threshold: CPython would collect
        assert not collections, "the automatic collection must wait for the loop"
        assert all(r() is not None for r in refs)
        app.sink(HostInput("menu_next"))
        app.run_once(0)  # a pass with input and no wait: no collection either
        assert not collections
        app.run_once(0.001)  # nothing queued: the loop's turn to wait, the collector's to run
        assert collections == [0]
        assert all(r() is None for r in refs), "the cyclic garbage is freed while idle"


def test_a_full_pass_waits_until_the_table_is_quiet(
        app: App, collections: list[int]) -> None:
    """Right after a change the boxes' threads are sending it (a phone's LOCKED): a full
    pass, which holds the interpreter for up to a few hundred milliseconds, waits
    AHEAD_AFTER; a middle one takes its place meanwhile."""
    with app.collecting_when_idle():
        pacing = app.gc
        assert pacing is not None
        first, second, third = pacing.thresholds[:3]
        for _ in range(third + 1):
            gc.collect(1)  # the oldest generation's count over its threshold...
        for _ in range(second + 1):
            gc.collect(0)  # ...and the middle one's: a full pass is due
        collections.clear()
        app.sink(HostInput("menu_next"))
        app.run_once(0)  # a change
        refs = cycles(2 * first)
        app.run_once(0.001)  # the loop would wait, but the table just changed
        assert collections == [1]  # a middle pass in its place...
        assert all(r() is None for r in refs)
        for _ in range(second + 1):
            gc.collect(0)
        collections.clear()
        cycles(2 * first)
        assert isinstance(app.clock, Clock)
        app.clock.now += AHEAD_AFTER
        app.run_once(0.001)
        assert collections == [2]  # ...the full one once quiet

def test_a_queued_input_is_handled_before_any_collection(
        app: App, collections: list[int]) -> None:
    threshold = gc.get_threshold()[0]
    with app.collecting_when_idle():
        collections.clear()
        cycles(2 * threshold)
        app.sink(HostInput("menu_next"))
        app.run_once(0.5)  # input waiting: handled at once, the collection comes later
        assert not collections
        app.run_once(0.001)
        assert len(collections) == 1


def test_older_generations_keep_cpythons_rhythm(app: App) -> None:
    first, second, third = gc.get_threshold()
    with app.collecting_when_idle():
        pacing = app.gc
        assert pacing is not None
        idles = (second + 2) * (third + 2) + 2
        for _ in range(idles):
            cycles(first + 10)  # over the young threshold: one collection per idle moment
            app.run_once(0.0001)
        # CPython's rhythm: a middle pass once over `second` young ones ran, a full one (in
        # its place) once over `third` middle ones ran.
        young, middle, full = pacing.collections
        assert (middle, full) == (third + 1, 1)
        assert young == idles - middle - full


def test_start_up_objects_are_frozen_and_the_schedule_given_back(app: App) -> None:
    before = gc.get_threshold()
    with app.collecting_when_idle():
        assert gc.get_freeze_count() > 0, "start-up's objects are out of the collector's sight"
        assert gc.get_threshold()[0] > before[0]  # automatic collection only as a backstop
        assert gc.isenabled()
    assert app.gc is None
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_demo_driver_collects_between_steps_not_in_a_frame(
        app: App, collections: list[int]) -> None:
    """The demo plays through `Driver`, whose passes never wait: it gives the collector the
    loop's idle moment after each step, as `companion run` would while waiting."""
    from companion.app.demo_driver import DemoClock, Driver, EdgePresser
    from companion.boxes.vocabulary import Key

    clock = DemoClock(virtual=True)
    driver = Driver(app, EdgePresser(app, clock), clock, pace=0.0)
    threshold = gc.get_threshold()[0]
    with app.collecting_when_idle():
        collections.clear()
        refs = cycles(2 * threshold)
        app.sink(HostInput("menu_next"))
        app.run_once(0)  # the step's own pass: no collection
        assert not collections
        driver.settle()  # the step is done, nothing queued: the collector's turn
        assert collections == [0]
        assert all(r() is None for r in refs)
        collections.clear()
        cycles(2 * threshold)
        app.sink(HostInput("menu_next"))
        app.run_once(0)
        driver.presser.press(0, Key.OK)  # input queued: it is handled first
        app.rest()
        assert not collections
