"""GPIO boxes on mock pins: raw key edges with the injected clock, LED modes, pin release."""

from __future__ import annotations

import itertools
import threading
import time
from typing import Any

import pytest
from gpiozero.exc import GPIOPinInUse

from companion.boxes.gpio_box import GpioBox, GpioLed
from companion.boxes.keyboard_box import MemoryDisplay
from companion.boxes.pins import BoxPins, box_pins
from companion.boxes.vocabulary import Box, InputItem, Key, KeyEdge

PINS = box_pins(1)  # minus 18, plus 23, ok 24, led 25


def make_box(pins: Any, got: list[InputItem], seat: int = 1, **kw: Any) -> GpioBox:
    ticks = itertools.count(100.0, 0.25)  # a clock the test controls: 100.0, 100.25, ...
    return GpioBox(seat, kw.pop("box_pins", PINS), got.append, lambda: next(ticks),
                   MemoryDisplay(), pin_factory=pins, **kw)


def test_each_button_sends_down_and_up_edges_stamped_by_the_clock(pins: Any) -> None:
    got: list[InputItem] = []
    box = make_box(pins, got)
    for bcm in (PINS.minus, PINS.plus, PINS.ok):
        pins.pin(bcm).drive_low()  # pressed: the button shorts the pulled-up pin to GND
        pins.pin(bcm).drive_high()
    box.close()
    assert got == [
        KeyEdge(1, Key.MINUS, True, 100.0), KeyEdge(1, Key.MINUS, False, 100.25),
        KeyEdge(1, Key.PLUS, True, 100.5), KeyEdge(1, Key.PLUS, False, 100.75),
        KeyEdge(1, Key.OK, True, 101.0), KeyEdge(1, Key.OK, False, 101.25),
    ]


def test_bounces_reach_the_app_unfiltered_for_its_own_debounce(pins: Any) -> None:
    got: list[InputItem] = []
    box = make_box(pins, got)
    for _ in range(3):
        pins.pin(PINS.plus).drive_low()
        pins.pin(PINS.plus).drive_high()
    box.close()
    assert [e.down for e in got if isinstance(e, KeyEdge)] == [True, False] * 3


def test_buttons_use_the_internal_pull_up(pins: Any) -> None:
    box = make_box(pins, [])
    assert pins.pin(PINS.ok).pull == "up"
    assert not box.button(Key.OK).is_pressed  # idle high = not pressed
    box.close()


def wait_for_toggles(pin: Any, n: int, timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(pin.states) > n:
            return True
        time.sleep(0.01)
    return False


def test_led_modes_reach_the_pin(pins: Any) -> None:
    box = make_box(pins, [], blink_on=0.02, blink_off=0.02)
    led_pin = pins.pin(PINS.led)
    assert led_pin.state == 0
    box.led.set("on")
    box.led.settle()  # the pin is set from the LED's own thread
    assert led_pin.state == 1
    box.led.set("off")
    box.led.settle()
    assert led_pin.state == 0
    led_pin.clear_states()
    box.led.set("blink")
    assert wait_for_toggles(led_pin, 4)
    assert {s.state for s in led_pin.states} == {0, 1}
    box.led.set("on")  # stops the blink thread: the LED stays lit
    time.sleep(0.1)
    assert led_pin.state == 1
    box.close()


def test_blink_set_again_and_again_still_blinks(pins: Any) -> None:
    box = make_box(pins, [], blink_on=0.1, blink_off=0.1)
    led_pin = pins.pin(PINS.led)
    led_pin.clear_states()
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:
        box.led.set("blink")  # the app redraws often with the same state
        time.sleep(0.03)
    # A restarted cycle would start "on" every 30 ms and never reach its "off" half.
    assert [s.state for s in led_pin.states[1:4]] == [1, 0, 1]
    box.close()


def test_unknown_led_mode_is_refused(pins: Any) -> None:
    box = make_box(pins, [])
    with pytest.raises(ValueError, match="LED mode"):
        box.led.set("dim")  # type: ignore[arg-type]
    box.close()


def test_close_frees_the_pins_for_a_new_box(pins: Any) -> None:
    make_box(pins, []).close()
    got: list[InputItem] = []
    box = make_box(pins, got)
    pins.pin(PINS.minus).drive_low()
    box.close()
    assert len(got) == 1


def test_a_box_that_fails_to_build_frees_what_it_claimed(pins: Any) -> None:
    clash = BoxPins(minus=18, plus=23, ok=24, led=18)  # LED on the minus pin: a wiring typo
    with pytest.raises(GPIOPinInUse):
        make_box(pins, [], box_pins=clash)
    make_box(pins, []).close()  # same buttons again: not "in use"


def test_gpio_box_is_a_box(pins: Any) -> None:
    lcd = MemoryDisplay()
    box: Box = GpioBox(3, PINS, lambda item: None, time.monotonic, lcd, pin_factory=pins)
    box.lcd.show("Your turn", "Bid: 5")
    box.led.set("on")
    assert box.seat == 3 and lcd.lines == ("Your turn", "Bid: 5")
    box.close()


def test_an_led_change_does_not_hold_up_the_loop() -> None:
    """gpiozero's blink starts a thread and a steady mode joins one: that runs on the LED's
    own thread, in the order set, while the loop goes on at once."""
    gate = threading.Event()
    done: list[str] = []

    class SlowLed:  # a gpiozero LED whose calls wait until the test lets them finish
        def _call(self, what: str) -> None:
            assert gate.wait(10)
            done.append(what)

        def on(self) -> None:
            self._call("on")

        def off(self) -> None:
            self._call("off")

        def blink(self, **kw: Any) -> None:
            self._call("blink")

        def close(self) -> None:
            done.append("closed")

    led = GpioLed(SlowLed())
    for mode in ("blink", "on", "off", "blink"):
        led.set(mode)  # type: ignore[arg-type]
    assert led.mode == "blink" and done == []  # every set returned before the LED moved
    gate.set()
    led.settle()
    assert done == ["blink", "on", "off", "blink"]
    led.close()
    assert done[-1] == "closed"
