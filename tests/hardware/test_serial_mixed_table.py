"""Mixed tables through `build_boxes`: GPIO boxes on the mock rig, serial boxes on ptys and
keyboard seats in one game, from one config."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.config import parse_config
from companion.app.controller import Controller
from companion.app.intents import HostInput, Key, KeyEdge
from companion.app.loop import App
from companion.app.runner import build_boxes
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.i18n import translator
from hardware.gpio_box import GpioBox
from hardware.serial_box import SerialSeatBox
from hardware.serial_fakebox import FakeSerialBox

FAST = {"poll_every": 0.03, "heartbeat": 0.2, "timeout": 1.0, "retry_after": 0.05}


def pump(app: App, until: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.run_once(0.01)
        if until():
            return True
    return until()


def settle(app: App, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.run_once(0.01)


def test_gpio_serial_and_keyboard_seats_play_one_round(tmp_path: Path) -> None:
    raw: dict[str, Any] = {"game": "camel-up", "options": {"start_coins": 5}, "seat": [
        {"name": "Ann", "box": "mock:0"},
        {"name": "Bob", "box": "serial:box-b"},
        {"name": "Cy", "box": "keyboard:0"},
    ]}
    cfg = parse_config(raw)
    game = get_game(cfg.game)
    controller = Controller(History.start(game, Setup(game.id, tuple(s.seat for s in cfg.seats),
                                                      cfg.options)), None, translator("en"))
    app = App(controller, {}, time.monotonic)
    fake = FakeSerialBox("box-b", heartbeat_ms=200)
    boxes = build_boxes(cfg, app.sink, time.monotonic, serial_ports=lambda: [fake.path],
                        serial_options=FAST)
    try:
        app.boxes = dict(boxes.boxes)
        app.notice = boxes.notice
        gpio, serial = boxes.boxes[0], boxes.boxes[1]
        assert isinstance(gpio, GpioBox) and isinstance(serial, SerialSeatBox)
        assert boxes.keyboard["e"] == (2, Key.OK)
        assert pump(app, lambda: controller.connected[1])
        app.sink(HostInput("start", (("card", "highest_bet"),)))
        assert pump(app, lambda: fake.lcd()[0].startswith("Bid"))

        def gpio_tap(key: Key) -> None:
            gpio.button(key).pin.drive_low()
            settle(app, 0.03)
            gpio.button(key).pin.drive_high()
            settle(app, 0.03)

        gpio_tap(Key.PLUS)
        gpio_tap(Key.PLUS)
        gpio_tap(Key.OK)
        fake.tap("plus")
        settle(app, 0.05)
        fake.tap("ok")
        for down in (True, False):  # the keyboard seat, as the pygame pump sends it
            app.sink(KeyEdge(2, Key.OK, down, time.monotonic()))
            settle(app, 0.03)
        assert pump(app, lambda: controller.state.phase == "income")
        assert [s.money for s in controller.table_view().seats] == [3, 5, 5]
        assert pump(app, lambda: fake.lcd()[0].startswith("Sale income?"))
    finally:
        boxes.close()
        fake.unplug()
