"""No screen, no problem: without a display (the TV is off at boot) the table runs on with its
boxes and journal, says why in one log line, retries the display every few seconds, and shows
the table when the display can be opened.

The missing display is real: SDL's KMSDRM driver on a machine without a DRM device fails as
it does on a Pi whose HDMI is not connected ("kmsdrm not available" / "No connected displays
found"). The display "coming on" is SDL's dummy driver becoming the one asked for."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app.config import load_config
from companion.app.controller import Controller
from companion.app.journal import load
from companion.app.loop import App
from companion.app.runner import build_boxes, open_history
from companion.boxes.vocabulary import HOST_SEAT, Key
from companion.display.keeper import RETRY_SECONDS, ScreenKeeper
from companion.i18n import translator

from .conftest import TableConfig

BOXES = ("mock:0", "mock:1", "mock:2")  # Ann, Bob and Cy; the host on mock:3


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def no_display(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    pygame.display.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    try:
        pygame.display.init()
    except pygame.error:
        pass
    else:
        pygame.display.quit()
        pytest.skip("this machine has a KMSDRM display: the no-display case cannot be made")
    yield
    pygame.display.quit()


def tap(pin: object, clock: Clock, app: App) -> None:
    pin.drive_low()  # type: ignore[attr-defined]
    clock.now += 0.05
    pin.drive_high()  # type: ignore[attr-defined]
    clock.now += 0.05
    app.run_once(0)


def test_the_table_runs_dark_and_appears_when_the_display_comes(
        table_config: TableConfig, no_display: None, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    cfg = load_config(table_config(BOXES, host="mock:3"))
    history, journal, _ = open_history(cfg, cfg.journal)
    clock = Clock()
    app = App(Controller(history, journal, translator("en")), {}, clock)
    keeper = ScreenKeeper(translator("en"), clock)
    with caplog.at_level(logging.WARNING):
        assert keeper.open() is False
    app.renderer, app.watchers = keeper, [keeper]
    boxes = build_boxes(cfg, app.sink, clock)
    try:
        app.boxes = dict(boxes.boxes)
        app.refresh()
        host_ok = boxes.boxes[HOST_SEAT].button(Key.OK).pin  # type: ignore[attr-defined]
        ann_ok = boxes.boxes[0].button(Key.OK).pin  # type: ignore[attr-defined]
        tap(host_ok, clock, app)  # the host starts an auction; Ann locks a bid of 0
        tap(ann_ok, clock, app)
        assert boxes.boxes[0].lcd.text[0].startswith("LOCKED 0")  # type: ignore[attr-defined]
        assert len(load(cfg.journal).actions) == 2  # journaled while the screen was dark
        assert app.timeout() == pytest.approx(RETRY_SECONDS - 0.2, abs=0.01)  # sleeps till then
        clock.now += RETRY_SECONDS
        app.run_once(0)  # still no display: nothing is said again
        assert keeper.renderer is None
        lines = [r.getMessage() for r in caplog.records if "display" in r.getMessage()]
        assert lines == ["display: no table screen (kmsdrm not available); the boxes and the "
                         "journal go on, and the screen is tried again every 5 s"]
        assert app.frames == 0
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # the TV is switched on
        clock.now += RETRY_SECONDS
        app.run_once(0)
        assert keeper.renderer is not None and app.frames == 1  # the table appears at once
        surface = keeper.renderer.surface
        assert surface.get_size() == (1280, 720)
        # Ann's seat card shows her as locked: the table drew the game as it now stands
        assert app.controller.table_view().seats[0].status == "locked"
    finally:
        boxes.close()
        journal.close()


@pytest.mark.slow  # runs `companion run` for 12 s
def test_companion_run_on_kmsdrm_without_a_display_keeps_running_and_says_why(
        tmp_path: Path, table_config: TableConfig, no_display: None) -> None:
    table_config(BOXES, host="mock:3")
    env = {**os.environ, "SDL_VIDEODRIVER": "kmsdrm",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    env.pop("INVOCATION_ID", None)
    env.pop("NOTIFY_SOCKET", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config",
                             str(tmp_path / "c.toml")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(RETRY_SECONDS * 2 + 2)  # two retries have passed
    alive = proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert alive, err
    assert proc.returncode == 0 and "Traceback" not in err
    assert err.count("no table screen") == 1  # one clear line, not one per retry
    assert "companion: display: no table screen (kmsdrm not available)" in err
    assert "3 seats" in out


def test_a_display_lost_while_drawing_is_reopened_by_the_keeper(
        caplog: pytest.LogCaptureFixture) -> None:
    from companion.engine.history import History, Setup
    from companion.engine.registry import get_game
    from companion.engine.seats import Seat

    game = get_game("camel-up")
    view = game.table(History.start(game, Setup(game.id, tuple(Seat(n) for n in "ABC"))).state)
    clock = Clock()
    keeper = ScreenKeeper(translator("en"), clock)
    try:
        assert keeper.open() and keeper.update(view, None, None, None)
        pygame.display.quit()  # the display goes away under the renderer (a real pygame.error)
        with caplog.at_level(logging.WARNING):
            assert keeper.update(view, None, "again", None) is False
        assert keeper.renderer is None and keeper.next_deadline() == clock.now + RETRY_SECONDS
        assert [r.getMessage() for r in caplog.records] == [
            "display: no table screen (Surface is not initialized); the boxes and the journal "
            "go on, and the screen is tried again every 5 s"]
        assert keeper.poll(clock.now + RETRY_SECONDS) is True  # the dummy driver opens again
        assert keeper.update(view, None, "again", None) is True
    finally:
        pygame.display.quit()
        pygame.display.init()
