"""Shared set-up for the benchmarks: a Camel Up table on the mock rig with a real renderer
on SDL's dummy driver, exactly as the demo builds it."""

from __future__ import annotations

import contextlib
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.app.controller import Controller
from companion.app.loop import App
from companion.boxes.factory import Boxes, BoxFactory
from companion.boxes.vocabulary import HostInput
from companion.display.renderer import Renderer
from companion.display.window import open_display
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.i18n import translator

NAMES = (
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lu",
    "Max",
    "Ned",
    "Oz",
    "Pia",
    "Quin",
    "Rex",
)


@dataclass
class Table:
    app: App
    renderer: Renderer
    controller: Controller


def camel_table(
    seats: int = 4,
    size: tuple[int, int] = (1280, 720),
    show_lcds: bool = False,
    clock: Any = time.monotonic,
    game: str = "camel-up-off-season",
    options: dict[str, Any] | None = None,
) -> Table:
    g = get_game(game)
    setup = Setup(
        g.id, tuple(Seat(NAMES[i], DEFAULT_COLOURS[i]) for i in range(seats)), options or {}
    )
    controller = Controller(History.start(g, setup), None, translator("en"))
    surface = open_display(size)
    renderer = Renderer(surface, translator("en"))
    app = App(controller, {}, clock, renderer, show_lcds=show_lcds)
    return Table(app, renderer, controller)


def table_boxes(app: App, kind: str, seats: int, clock: Any = time.monotonic) -> Boxes:
    """Seats 0..n-1 on `kind` boxes ("mock", "memory") from the one box factory, given to
    the app as `companion run` gives them; close the result when done."""
    made = BoxFactory(app.sink, clock).build((s, f"{kind}:{s}") for s in range(seats))
    app.boxes = dict(made.boxes)
    return made


class FrameLog(list[float]):
    """When each frame was shown (the app's `on_frame`), with a wake-up for the presser
    waiting on it: the presser sleeps on a condition instead of polling, as a real box (its
    own microcontroller, or gpiozero's edge thread) costs the loop's interpreter nothing
    while it waits."""

    def __init__(self) -> None:
        super().__init__()
        self.cond = threading.Condition()

    def record(self) -> None:
        with self.cond:
            self.append(time.perf_counter())
            self.cond.notify_all()


def wait_for_frame(frame_at: FrameLog, before: int, t0: float,
                   limit: float = 1.0) -> float | None:
    """Milliseconds from `t0` to the first frame after the `before`-th, or None (no frame)."""
    with frame_at.cond:
        frame_at.cond.wait_for(lambda: len(frame_at) > before, t0 + limit - time.perf_counter())
    return (frame_at[before] - t0) * 1000 if len(frame_at) > before else None


def run_loop_until(app: App, done: threading.Event) -> None:
    """The main loop as `companion run` drives it, until the presser thread is done."""
    app.render()
    with contextlib.ExitStack() as stack:
        if app.gc is None:  # (unless the caller started the collector's schedule already)
            stack.enter_context(app.collecting_when_idle())
        while not done.is_set():
            timeout = app.timeout()
            app.run_once(0.1 if timeout is None else min(timeout, 0.1))


def run_presser(app: App, presser: Callable[[], None]) -> None:
    """The main loop runs here while `presser` presses from its own thread, as a box thread
    does; returns when the presser is done (or has failed, so a broken bench never hangs)."""
    done = threading.Event()

    def press() -> None:
        try:
            presser()
        finally:
            done.set()

    t = threading.Thread(target=press, daemon=True)
    t.start()
    run_loop_until(app, done)
    t.join()


def host_undo(app: App) -> None:
    """Between samples the host's undo unlocks the seat again; each step gets its frame."""
    time.sleep(0.03)
    app.sink(HostInput("undo"))
    time.sleep(0.05)


def p99(ms: list[float]) -> float:
    return statistics.quantiles(sorted(ms), n=100, method="inclusive")[98]


def percentiles(ms: list[float]) -> str:
    ms = sorted(ms)
    p = statistics.quantiles(ms, n=100, method="inclusive")
    return (
        f"n={len(ms)}  p50={statistics.median(ms):.2f} ms  p90={p[89]:.2f} ms  "
        f"p99={p[98]:.2f} ms  max={ms[-1]:.2f} ms"
    )
