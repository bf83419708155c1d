"""A mixed table from one config through `build_boxes`, as `companion run` builds it: a GPIO
box on the mock rig, a serial box on a pty, a keyboard seat and a phone seat play one round."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from pathlib import Path
from typing import Any

from phone_table import Phone, wait_until

from companion.app.claims import ClaimLog
from companion.app.config import PhonesConfig, parse_config
from companion.app.controller import Controller
from companion.app.loop import App
from companion.app.runner import build_boxes
from companion.boxes.gpio_box import GpioBox
from companion.boxes.vocabulary import HOST_SEAT, HostInput, Key, KeyEdge, Quit
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.i18n import translator
from hardware.firmware.fakebox import FakeSerialBox

FAST = {"poll_every": 0.03, "heartbeat": 0.2, "timeout": 1.0, "retry_after": 0.05}


def test_gpio_serial_keyboard_and_phone_seats_play_one_round(tmp_path: Path) -> None:
    raw: dict[str, Any] = {"game": "camel-up", "options": {"start_coins": 5}, "seat": [
        {"name": "Ann", "box": "mock:0"},
        {"name": "Bob", "box": "serial:box-b"},
        {"name": "Cy", "box": "keyboard:0"},
        {"name": "Dana", "box": "phone"},
    ]}
    cfg = dataclasses.replace(parse_config(raw),
                              phones=PhonesConfig(port=0, listen="127.0.0.1"))
    game = get_game(cfg.game)
    controller = Controller(History.start(game, Setup(game.id, tuple(s.seat for s in cfg.seats),
                                                      cfg.options)), None, translator("en"))
    controller.claims.log = ClaimLog(tmp_path / "claims.jsonl", lambda: "t")
    app = App(controller, {}, time.monotonic)
    fake = FakeSerialBox("box-b", heartbeat_ms=200)
    boxes = build_boxes(cfg, app.sink, time.monotonic, serial_ports=lambda: [fake.path],
                        serial_options=FAST, state_dir=tmp_path)
    assert boxes.phones is not None
    app.boxes = dict(boxes.boxes)
    app.notice = boxes.notice
    controller.claims.binders.append(boxes.phones.seats)
    loop = threading.Thread(target=app.run, daemon=True)
    loop.start()
    url = f"http://127.0.0.1:{boxes.phones.server.bound_port}"

    def edge(seat: int, key: Key) -> None:
        # Stamped 30 ms apart here, not when sent: a sleep between could outlast OK held.
        now = time.monotonic()
        app.sink(KeyEdge(seat, key, True, now))
        app.sink(KeyEdge(seat, key, False, now + 0.03))
        time.sleep(0.06)

    async def play() -> None:
        dana = Phone(url)
        assert await dana.claim(3) == 303
        assert await dana.connect() == 101
        await dana.next()
        wait_until(lambda: controller.claims.pending, what="Dana's claim")
        edge(HOST_SEAT, Key.OK)  # the host accepts the phone
        await dana.until(lambda m: m["t"] == "seat")
        wait_until(lambda: controller.connected[1] and controller.connected[3],
                   what="the serial box and the phone connected")
        app.sink(HostInput("start", (("card", "highest_bet"),)))
        await dana.until(lambda m: m["t"] == "seat" and m["led"] == "on")
        gpio = boxes.boxes[0]
        assert isinstance(gpio, GpioBox)
        for key in (Key.PLUS, Key.PLUS, Key.OK):  # Ann bids 2 on her GPIO box
            gpio.button(key).pin.drive_low()
            time.sleep(0.03)
            gpio.button(key).pin.drive_high()
            time.sleep(0.03)
        fake.tap("plus")  # Bob bids 1 on his serial box
        time.sleep(0.05)
        fake.tap("ok")
        edge(2, Key.OK)  # Cy bids 0 on the keyboard
        for _ in range(3):  # Dana bids 3 on her phone
            await dana.key("plus")
        await dana.key("ok")
        m = await dana.until(lambda m: m["t"] == "seat" and m["lines"][0] == "You won!        ")
        assert m["led"] in ("on", "off")
        await dana.close()

    try:
        asyncio.run(play())
        wait_until(lambda: controller.state.phase == "income", what="the reveal")
        assert [s.money for s in controller.table_view().seats] == [5, 5, 5, 2]
    finally:
        app.sink(Quit())
        loop.join(5)
        boxes.close()
        fake.unplug()
