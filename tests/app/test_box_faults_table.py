"""A table whose boxes have faults starts anyway, says on the screen which seat has what to
check, plays on, and picks each box up when its fault goes: the runner's wiring of the box
factory's faults into the loop, on mock pins and real charlcd over the fake I2C bus."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.app.config import Config, load_config
from companion.app.controller import Banner, Controller
from companion.app.journal import Journal
from companion.app.loop import App
from companion.app.runner import attach_boxes, build_boxes, open_history
from companion.boxes.fake_lcd import HD44780, FakeI2CBus, FakePCF8574
from companion.boxes.vocabulary import HOST_SEAT, BoxStatus, Intent, Key, KeyEdge, SeatIntent
from companion.display.renderer import Renderer
from companion.display.window import save_png
from companion.engine.text import msg
from companion.i18n import translator

from .conftest import TableConfig


def settle(app: App, cond: object, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.run_once(0.02)
        if callable(cond) and cond():
            return True
    return False


OpenTable = Callable[..., tuple[Config, Controller]]


@pytest.fixture
def open_table(table_config: TableConfig) -> Iterator[OpenTable]:
    """`open_table(boxes, extra="")`: the table's config (`table_config`) loaded, its journal
    opened and an English controller on it; the journal is closed after the test."""
    journals: list[Journal] = []

    def open_(boxes: list[str], extra: str = "") -> tuple[Config, Controller]:
        cfg = load_config(table_config(boxes, extra=extra))
        history, journal, _ = open_history(cfg, cfg.journal)
        journals.append(journal)
        return cfg, Controller(history, journal, translator("en"))

    yield open_
    for journal in journals:
        journal.close()


def test_a_missing_lcd_and_busy_pins_degrade_only_their_seats(
        open_table: OpenTable, fast_lcd: None) -> None:
    cfg, controller = open_table(["gpio:0", "gpio:1", "gpio:2"], extra='lcd = "pcf8574"\n')
    pins = MockFactory(pin_class=MockPWMPin)
    other = Button(9, pin_factory=pins)  # another program holds Cy's minus pin (box 2: GPIO9)
    ann, cy = FakePCF8574(0x27, HD44780()), FakePCF8574(0x25, HD44780())
    bus = FakeI2CBus([ann, cy])  # Bob's LCD (0x26) is missing
    surface = pygame.Surface((1280, 720))
    renderer = Renderer(surface, translator("en"), flip=lambda: None)
    app = App(controller, {}, time.monotonic, renderer)
    boxes = build_boxes(cfg, app.sink, time.monotonic, i2c=bus, pin_factory=pins,
                        retry_after=0.1)
    try:
        attach_boxes(app, boxes)
        app.refresh()
        app.render()
        words = app.notice() if app.notice is not None else None
        assert words is not None and words.render(translator("en")) == (
            "Bob: no LCD at 0x26: check the cable; Cy: GPIO pins 9, 11, 8, 10 are busy: stop "
            "the other program using them")
        # Bob's box plays on without its LCD (connected); Cy's buttons are gone (not)
        assert settle(app, lambda: app.controller.connected == {0: True, 1: True, 2: False})
        # each card says what is wrong, in few words, even under a banner that lasts (a
        # storage fault) and hides the box layer's line
        app.controller.banner = Banner(msg("The disk is full"), time.monotonic() + 60)
        renderer.screen.fonts.clear_texts()
        renderer.invalidate()
        assert app.render()
        drawn = renderer.screen.fonts.cached_texts()
        assert {"No LCD: check cable", "Buttons not working", "The disk is full"} <= drawn
        assert "Disconnected" not in drawn
        app.controller.banner = None
        # the table plays on: the host starts an auction, Ann locks a bid on her box
        app.controller.host("start", time.monotonic(), card="highest_bet")
        app.refresh()
        pins.pin(27).drive_low()
        pins.pin(27).drive_high()
        assert settle(app, lambda: ann.model.lines()[0].startswith("LOCKED 0"))
        # Bob's LCD is plugged in and Cy's pins are freed: both are picked up by themselves
        bob = FakePCF8574(0x26, HD44780())
        bus.add(bob)
        other.close()
        assert settle(app, lambda: app.controller.connected == {0: True, 1: True, 2: True}
                      and app.faults == {})
        assert app.notice() is None
        assert settle(app, lambda: bob.model.lines()[0].startswith("Bid"))  # his prompt
        pins.pin(11).drive_low()  # Cy's plus, on the box built once the pins were free
        pins.pin(11).drive_high()
        assert settle(app, lambda: cy.model.lines()[1].startswith("<1>"))
    finally:
        boxes.close()
        pins.reset()


def test_the_host_menu_offers_sit_out_for_a_seat_whose_box_is_gone(
        open_table: OpenTable) -> None:
    _, c = open_table(["mock:0", "mock:1", "mock:2"])
    c.host("start", 0.0, card="highest_bet")
    labels = [e.label.render(translator("en")) for e in c.host_options()]
    assert "Sit out: Bob" in labels  # the game's own sit-out, where it allows one
    for _ in range(labels.index("Sit out: Bob")):
        c.handle(SeatIntent(HOST_SEAT, Intent.PLUS), 1.0)
    c.handle(SeatIntent(HOST_SEAT, Intent.OK), 1.0)
    # Bob no longer holds the round up; the table shows him out
    assert [s.status for s in c.table_view().seats] == ["thinking", "out", "thinking"]
    assert c.lcd_lines(1)[0].startswith("Sitting out")


def test_a_held_key_repeats_on_when_only_the_lcd_fails_and_stops_when_the_box_goes(
        open_table: OpenTable) -> None:
    _, controller = open_table(["keyboard:0", "keyboard:1", "keyboard:2"])
    now = [0.0]
    app = App(controller, {}, lambda: now[0])
    app.controller.host("start", 0.0, card="highest_bet")

    def bid() -> str:
        app.run_once(0)
        return app.controller.lcd_lines(1)[1].strip()

    app.sink(KeyEdge(1, Key.PLUS, True, 0.0))  # Bob holds plus: his bid counts up
    first = bid()
    app.sink(BoxStatus(1, True, msg("No LCD: check cable")))  # his LCD fails meanwhile
    now[0] = 1.5
    repeated = bid()
    assert repeated != first  # his key still repeats: the box plays on without its LCD
    assert app.controller.connected[1] is True and 1 in app.faults
    app.sink(BoxStatus(1, False))  # now the whole box goes: the held key is let go
    stopped = bid()
    now[0] = 3.0
    assert bid() == stopped


@pytest.fixture
def fast_lcd() -> object:
    from companion.boxes.fake_lcd import fast_charlcd

    restore = fast_charlcd()
    yield None
    restore()


def test_a_seat_whose_buttons_are_gone_borrows_three_keys_from_the_host_menu(
        open_table: OpenTable, fast_lcd: None) -> None:
    from companion.app.runner import offer_stand_ins, pygame_pump

    cfg, controller = open_table(["gpio:0", "gpio:1", "keyboard:0"])
    pins = MockFactory(pin_class=MockPWMPin)
    other = Button(23, pin_factory=pins)  # Bob's plus pin is held by another program
    bob_lcd = FakePCF8574(0x26, HD44780())
    bus = FakeI2CBus([FakePCF8574(0x27, HD44780()), bob_lcd])
    app = App(controller, {}, time.monotonic)
    boxes = build_boxes(cfg, app.sink, time.monotonic, i2c=bus, pin_factory=pins,
                        retry_after=60.0)
    try:
        attach_boxes(app, boxes)
        offer_stand_ins(app.controller, boxes)
        c = app.controller
        c.host("start", 0.0, card="highest_bet")
        labels = [e.label.render(translator("en")) for e in c.host_options()]
        # key set 0 (q w e) is Cy's: the first free set is offered
        assert "Keyboard for Bob: keys a s d" in labels and "Sit out: Bob" in labels
        for _ in range(labels.index("Keyboard for Bob: keys a s d")):
            c.handle(SeatIntent(HOST_SEAT, Intent.PLUS), 1.0)
        assert c.host_lcd_lines() == ("Keyboard for    ", "Bob             ")
        c.handle(SeatIntent(HOST_SEAT, Intent.OK), 1.0)
        said = c.banner_text()
        assert said is not None and said.render(translator("en")) == (
            "Bob plays on the keys a s d (minus, plus, OK); the LCD shows the prompts as before")
        assert "Keyboard for Bob: keys a s d" not in [
            e.label.render(translator("en")) for e in c.host_options()]
        # the window's keys now play Bob's box: s (plus) twice, d (OK) locks 2 on his LCD
        pygame.display.init()
        pygame.display.set_mode((320, 200))
        pump = pygame_pump(boxes.keyboard, time.monotonic)
        pygame.event.get()
        for key in (pygame.K_s, pygame.K_s, pygame.K_d):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):  # a press held 60 ms, like a finger
                pygame.event.post(pygame.event.Event(kind, key=key))
                for item in pump():
                    app.sink(item)
                app.run_once(0)
                time.sleep(0.06)
        assert settle(app, lambda: bob_lcd.model.lines()[0].startswith("LOCKED 2"))
    finally:
        other.close()
        boxes.close()
        pins.reset()


def test_a_serial_box_not_plugged_in_is_named_and_picked_up_when_it_is(
        open_table: OpenTable, caplog: pytest.LogCaptureFixture) -> None:
    from hardware.firmware.fakebox import FakeSerialBox

    caplog.set_level(logging.WARNING)

    cfg, controller = open_table(["mock:0", "mock:1", "serial:box-c"])
    plugged: list[FakeSerialBox] = []
    app = App(controller, {}, time.monotonic)
    boxes = build_boxes(cfg, app.sink, time.monotonic,
                        serial_ports=lambda: [b.path for b in plugged],
                        serial_options={"poll_every": 0.03, "heartbeat": 0.2, "timeout": 1.0,
                                        "retry_after": 0.05})
    try:
        attach_boxes(app, boxes)
        app.refresh()
        words = app.notice() if app.notice is not None else None
        assert words is not None and words.render(translator("en")) == (
            "Cy: serial box box-c not connected: check its USB cable")
        assert settle(app, lambda: not app.controller.connected[2])  # the seat is marked

        def said() -> list[str]:
            return [r.getMessage() for r in caplog.records if r.name.startswith("companion.")]

        # the journal says so once, after the first look for boxes (not on every look)
        assert settle(app, lambda: said() == [
            "seat 3 (Cy): serial box box-c not connected: check its USB cable"])
        plugged.append(FakeSerialBox("box-c", heartbeat_ms=200))
        assert settle(app, lambda: app.controller.connected[2])
        assert app.notice() is None
        assert settle(app, lambda: any(
            line.startswith("seat 3 (Cy): box box-c connected at last") for line in said()))
    finally:
        for b in plugged:
            b.unplug()
        boxes.close()


def test_a_seat_whose_serial_box_is_missing_borrows_keys_and_its_prompts_go_on_the_table(
        open_table: OpenTable) -> None:
    from companion.app.runner import offer_stand_ins

    cfg, controller = open_table(["mock:0", "mock:1", "serial:box-c"])
    surface = pygame.Surface((1280, 720))
    renderer = Renderer(surface, translator("en"), flip=lambda: None)
    app = App(controller, {}, time.monotonic, renderer)
    boxes = build_boxes(cfg, app.sink, time.monotonic, serial_ports=lambda: [],
                        serial_options={"poll_every": 0.03})
    keyboard = [False]
    told: list[tuple[int, bool]] = []

    def stood_in(seat: int, public: bool) -> None:
        told.append((seat, public))
        if public:
            app.public_lcds.add(seat)

    try:
        attach_boxes(app, boxes)
        offer_stand_ins(app.controller, boxes, has_keyboard=lambda: keyboard[0],
                        on_stand_in=stood_in)
        c = app.controller
        c.host("start", 0.0, card="highest_bet")
        assert settle(app, lambda: not c.connected[2])
        entry = "Keyboard for Cy: keys q w e, prompts on the table screen (not private)"

        def labels() -> list[str]:
            return [e.label.render(translator("en")) for e in c.host_options()]

        assert entry not in labels()  # no keyboard plugged in: nothing to offer
        keyboard[0] = True
        assert entry in labels()
        for _ in range(labels().index(entry)):
            c.handle(SeatIntent(HOST_SEAT, Intent.PLUS), 1.0)
        c.handle(SeatIntent(HOST_SEAT, Intent.OK), 1.0)
        said = c.banner_text()
        assert said is not None and said.render(translator("en")) == (
            "Cy plays on the keys q w e (minus, plus, OK); the table screen shows Cy's prompts "
            "for everyone to see while the box is away")
        assert told == [(2, True)] and boxes.keyboard["w"] == (2, Key.PLUS)
        # Cy's prompts are on the table screen, first in the banner, whatever else it says
        assert app.render()
        layout = renderer.screen.layout
        assert layout is not None and layout.banner is not None

        def banner_starts(text: str) -> bool:
            return any(t.startswith(text) for t in renderer.screen.fonts.cached_texts())

        assert banner_starts("Cy's LCD: Bid $10 · <0> OK=lock; Cy plays on the keys q w e")
        assert renderer.screen.audit.problems == {}  # all of it legible, nothing cut
        if os.environ.get("COMPANION_SHOTS"):
            save_png(surface, Path(os.environ["COMPANION_SHOTS"]) / "stand-in-prompts-en.png")
        # her key plays: w (plus) raises her bid on the screen
        app.sink(KeyEdge(2, Key.PLUS, True, time.monotonic()))
        app.sink(KeyEdge(2, Key.PLUS, False, time.monotonic() + 0.05))
        assert settle(app, lambda: banner_starts("Cy's LCD: Bid $10 · <1> OK=lock"))
    finally:
        boxes.close()


def test_a_phone_seat_without_its_phone_is_offered_a_keyboard() -> None:
    from companion.app.runner import gone_boxes
    from companion.boxes.factory import BoxFactory

    factory = BoxFactory(lambda item: None, time.monotonic,
                         phone_options={"port": 0, "listen": "127.0.0.1"})
    boxes = factory.build([(0, "memory:0"), (2, "phone")], {0: "Ann", 2: "Cy"})
    try:
        assert gone_boxes(boxes) == {2: False}  # no phone has opened Cy's page yet
        assert boxes.phones is not None
        boxes.phones.seats.connected(2, +1)
        assert gone_boxes(boxes) == {}
        boxes.phones.seats.connected(2, -1)  # her phone went to sleep
        assert gone_boxes(boxes) == {2: False}
    finally:
        boxes.close()


def test_a_keyboard_is_attached_when_udev_names_one(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.app.runner import keyboard_attached

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    (tmp_path / "by-id").mkdir()
    (tmp_path / "by-id" / "usb-Logitech_USB_Receiver-if02-event-mouse").touch()
    assert not keyboard_attached(tmp_path)  # a mouse is no keyboard
    (tmp_path / "by-path").mkdir()
    (tmp_path / "by-path" / "platform-xhci-hcd.0-usb-0:1:1.0-event-kbd").touch()
    assert keyboard_attached(tmp_path)
