"""The loop wakes on window input as it does on box input: a key arriving while the loop sleeps
is read (on the loop's thread) and handled at once, not on the next tick; without a watcher
and without keys the window is not read at all.

The watcher is the real one, on its console source: a FIFO named like an evdev device stands
in for the keyboard (select and read work on it the same way)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from companion.app.controller import Controller
from companion.app.loop import App
from companion.boxes.keyboard_box import MemoryBox
from companion.boxes.vocabulary import InputItem, Key, KeyEdge
from companion.display import wake
from companion.engine.actions import Host
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator


def table() -> App:
    game = get_game("camel-up")
    h = History.start(game, Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy"))))
    h.apply(Host.make("start", card="highest_bet"))
    return App(Controller(h, None, translator("en")), {s: MemoryBox(s) for s in range(3)},
               time.monotonic)


def test_a_key_wakes_the_sleeping_loop_at_once(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    device = tmp_path / "event0"
    os.mkfifo(device)
    monkeypatch.setattr(wake, "EVDEV", tmp_path)
    app = table()
    window: list[InputItem] = []  # what pygame.event.get would return
    reads: list[str] = []

    def pump() -> list[InputItem]:
        reads.append(threading.current_thread().name)
        got, window[:] = list(window), []
        return got

    app.pump = pump
    watch = wake.WindowWatch(app.window_ready, None, evdev=True)
    app.window = watch
    writer = os.open(device, os.O_RDWR | os.O_NONBLOCK)  # a FIFO needs a writer kept open
    watch.start()
    try:
        assert app.timeout() is None  # nothing due: the loop may sleep for good
        for down in (True, False):
            window.append(KeyEdge(0, Key.PLUS, down, time.monotonic()))
            t0 = time.monotonic()
            os.write(writer, b"\0" * 24)  # one input_event's worth
            app.run_once(5.0)  # woken by the key, long before the 5 s are up
            assert time.monotonic() - t0 < 1.0
            assert not window  # read
            time.sleep(0.06)  # a finger's press, longer than the debounce window
        while (wait := app.timeout()) is not None:  # the key's debounce deadline, if any
            app.run_once(wait)
        assert app.controller.lcd_lines(0)[1].startswith("<1>")
        # Read on the loop's thread only (pygame's rule), never on the watcher's.
        assert reads and set(reads) == {threading.current_thread().name}
    finally:
        watch.close()
        os.close(writer)


def test_without_a_watcher_or_keys_the_window_is_not_read() -> None:
    app = table()
    calls: list[int] = []
    app.pump = None
    assert app.timeout() is None
    assert not app.run_once(0.05)
    assert calls == []
    app.pump = lambda: calls.append(1) or []  # type: ignore[func-returns-value]
    app.tick = 1 / 30  # the fallback: a window that cannot be waited on is read on a tick
    assert app.timeout() == pytest.approx(1 / 30)
    app.run_once(0)
    assert calls == [1]
