"""A whole table of GPIO boxes on mock pins and fake I2C LCDs, for the demo and tests.

This module owns the mock rig: real `GpioBox`es on gpiozero `MockFactory(pin_class=
MockPWMPin)` pins at the default pin table, and real charlcd objects on one shared fake I2C
bus, written by the real `LcdBus` thread and `LcdWriter`. Even seats get the MCP23008
backpack, odd seats the PCF8574 board, so both driver paths run. What `lcd_lines()` returns
is decoded from the nibbles the library put on the fake bus: what the glass would show.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPWMPin

from .fake_lcd import HD44780, FakeI2CBus, FakeI2CChip, FakeMCP23008, FakePCF8574, fast_charlcd
from .gpio_box import GpioBox
from .lcd import BusLcd, LcdBus
from .lcd_backpacks import CharLcd, mcp23008_lcd, pcf8574_lcd
from .lcd_text import POLISH
from .pins import DEFAULT_BOX_PINS, DEFAULT_LCD_ADDRESSES, MAX_GPIO_BOXES
from .vocabulary import Clock, InputItem, InputSink, Key, LedMode


class MockRig:
    """`seats` GPIO boxes (seat n on default box n) on mock pins, with fake LCDs.

    `sink` gets the KeyEdges (default: appended to `self.edges`); `clock` stamps them.
    `fast=True` makes charlcd skip its per-byte sleeps while the rig is open.
    `close()` closes the devices, then resets the factory, even one passed in.
    """

    def __init__(
        self,
        seats: int,
        factory: Any = None,
        *,
        sink: InputSink | None = None,
        clock: Clock = time.monotonic,
        fast: bool = True,
        blink_on: float = 0.5,
        blink_off: float = 0.5,
    ) -> None:
        if not 1 <= seats <= MAX_GPIO_BOXES:
            raise ValueError(f"the mock rig has 1-{MAX_GPIO_BOXES} GPIO boxes, not {seats}")
        self.factory: Any = factory if factory is not None else MockFactory(pin_class=MockPWMPin)
        self.edges: list[InputItem] = []
        self._edges_lock = threading.Lock()
        self._restore: Callable[[], None] | None = fast_charlcd() if fast else None
        self.i2c = FakeI2CBus()
        self.lcd_bus = LcdBus("mock-lcd-bus")
        self.chips: list[FakeI2CChip] = []
        self.lcds: list[BusLcd] = []
        self.boxes: list[GpioBox] = []
        try:
            for seat in range(seats):
                address = DEFAULT_LCD_ADDRESSES[seat]
                chip: FakeI2CChip
                build: Callable[[FakeI2CBus, int], CharLcd]
                if seat % 2 == 0:
                    chip, build = FakeMCP23008(address, HD44780()), mcp23008_lcd
                else:
                    chip, build = FakePCF8574(address, HD44780()), pcf8574_lcd
                self.i2c.add(chip)
                self.chips.append(chip)
                lcd = self.lcd_bus.attach(functools.partial(build, self.i2c, address),
                                          mapper=POLISH, name=f"seat{seat}-lcd")
                self.lcds.append(lcd)
                self.boxes.append(GpioBox(seat, DEFAULT_BOX_PINS[seat], sink or self._collect,
                                          clock, lcd, pin_factory=self.factory,
                                          blink_on=blink_on, blink_off=blink_off))
        except BaseException:
            self.close()
            raise

    def _collect(self, item: InputItem) -> None:
        with self._edges_lock:
            self.edges.append(item)

    # -- input

    def _pin(self, seat: int, key: Key) -> Any:
        return self.boxes[seat].button(key).pin

    def press(self, seat: int, key: Key) -> None:
        self._pin(seat, key).drive_low()  # buttons switch to GND: pressed reads low

    def release(self, seat: int, key: Key) -> None:
        self._pin(seat, key).drive_high()

    def tap(self, seat: int, key: Key) -> None:
        self.press(seat, key)
        self.release(seat, key)

    # -- output

    def lcd_lines(self, seat: int) -> tuple[str, str]:
        """The seat's glass as decoded from the fake bus (call flush() first), Polish letters
        read back from the custom characters the writer defined."""
        first, second = self.chips[seat].model.text()[:2]
        return first, second

    def led_state(self, seat: int) -> LedMode:
        """The mode the app last set on the seat's LED."""
        return self.boxes[seat].led.mode

    def led_lit(self, seat: int) -> bool:
        """Whether the seat's LED pin is high right now (blink toggles it), once the modes
        set so far have reached it."""
        self.boxes[seat].led.settle()
        return bool(self.factory.pin(DEFAULT_BOX_PINS[seat].led).state)

    def bus_writes(self, seat: int) -> int:
        """I2C write transactions sent to the seat's LCD backpack so far."""
        return self.chips[seat].count.writes

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every LCD shows its latest text."""
        return self.lcd_bus.flush(timeout)

    def close(self) -> None:
        """Close boxes and the LCD thread, reset the pin factory, restore charlcd's sleeps."""
        for box in self.boxes:
            box.close()
        self.boxes.clear()
        self.lcd_bus.close()
        self.factory.reset()
        if self._restore is not None:
            self._restore()
            self._restore = None

    def __enter__(self) -> MockRig:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
