"""The one box factory: a mixed table from box specs, wired to the sink, closed in full."""

from __future__ import annotations

from typing import Any

import pytest

from companion.boxes.factory import BoxFactory
from companion.boxes.fake_lcd import HD44780, FakeI2CBus, FakePCF8574
from companion.boxes.gpio_box import GpioBox
from companion.boxes.pins import DEFAULT_BOX_PINS, DEFAULT_LCD_ADDRESSES
from companion.boxes.vocabulary import HOST_SEAT, InputItem, Key, KeyEdge


def fake_i2c(boxes: int) -> tuple[FakeI2CBus, list[FakePCF8574]]:
    bus, chips = FakeI2CBus(), []
    for n in range(boxes):
        chip = FakePCF8574(DEFAULT_LCD_ADDRESSES[n], HD44780())
        bus.add(chip)
        chips.append(chip)
    return bus, chips


def test_a_mixed_table_gets_every_box_at_its_seat(pins: Any, fast_lcd: None) -> None:
    got: list[InputItem] = []
    i2c, chips = fake_i2c(2)
    factory = BoxFactory(got.append, lambda: 5.0, i2c=i2c, pin_factory=pins)
    made = factory.build([(0, "gpio:1"), (1, "mock:0"), (2, "keyboard:0"), (3, "memory:3")],
                         host_keyboard=True)
    try:
        assert sorted(made.boxes) == [0, 1, 2, 3]
        # seat 0 plays on GPIO box 1: its pins, its LCD address
        pins.pin(DEFAULT_BOX_PINS[1].ok).drive_low()
        assert got == [KeyEdge(0, Key.OK, True, 5.0)]
        made.boxes[0].lcd.show("Bid 7", "OK=lock")
        assert factory._lcd_bus is not None and factory._lcd_bus.flush()
        assert chips[1].model.text()[:2] == ["Bid 7".ljust(16), "OK=lock".ljust(16)]
        # the mock box is a real GpioBox on the rig's own pins, renumbered to its seat
        assert made.rig is not None
        made.rig.tap(0, Key.PLUS)
        assert got[-2:] == [KeyEdge(1, Key.PLUS, True, 5.0), KeyEdge(1, Key.PLUS, False, 5.0)]
        # keyboard seat 2 on key set 0, and the host's keys as HOST_SEAT
        assert {seat for seat, _ in made.keyboard.values()} == {2, HOST_SEAT}
    finally:
        made.close()
    # closed means released: the same pins make a new box
    GpioBox(0, DEFAULT_BOX_PINS[1], got.append, lambda: 0.0, made.boxes[3].lcd,
            pin_factory=pins).close()


def test_a_table_that_cannot_be_built_releases_what_it_took(pins: Any, fast_lcd: None) -> None:
    i2c, _ = fake_i2c(1)
    factory = BoxFactory(lambda item: None, lambda: 0.0, i2c=i2c, pin_factory=pins)
    with pytest.raises(ValueError, match="unknown box kind"):
        factory.build([(0, "gpio:0"), (1, "pigeon:1")])
    GpioBox(0, DEFAULT_BOX_PINS[0], lambda item: None, lambda: 0.0,
            factory.memory_box(9).lcd, pin_factory=pins).close()
