"""One fault, one seat: a missing or failing LCD, the I2C bus off and GPIO pins another program
holds each degrade only their seat, are said in words, and are picked up again when they go
away. And every common backpack works, chosen per box: PCF8574 (0x20-0x27), PCF8574A
(0x38-0x3F) and MCP23008 (0x20-0x27), all in one table.

Everything is real but the wires: gpiozero's MockFactory pins (a busy pin raises gpiozero's
own GPIOPinInUse), adafruit charlcd on the fake I2C bus (a missing LCD raises charlcd's own
"No I2C device at address" ValueError), and an I2C chip that fails with OSError(5) mid-write.
"""

from __future__ import annotations

import errno
import logging
import queue
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.boxes.box_faults import likely_kinds, scan_i2c
from companion.boxes.factory import Boxes, BoxFactory
from companion.boxes.fake_lcd import HD44780, FakeI2CBus, FakeMCP23008, FakePCF8574
from companion.boxes.vocabulary import BoxStatus, InputItem, Key, KeyEdge
from companion.i18n import translator

EN = translator("en")


class FlakyBus(FakeI2CBus):
    """A fake bus on which one address can stop answering mid-write, as a loose cable does:
    every transaction to it raises OSError(EIO), what Linux i2c-dev gives."""

    def __init__(self, *chips: Any) -> None:
        super().__init__(chips)
        self.dead: set[int] = set()

    def writeto(self, address: int, buffer: bytes | bytearray, *, start: int = 0,
                end: int | None = None) -> None:
        if address in self.dead:
            raise OSError(errno.EIO, "Input/output error")
        super().writeto(address, buffer, start=start, end=end)


@pytest.fixture
def pins() -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


def table(bus: Any, pins: MockFactory, seats: dict[int, tuple[str, int | None]],
          **kw: Any) -> tuple[Boxes, queue.SimpleQueue[InputItem]]:
    items: queue.SimpleQueue[InputItem] = queue.SimpleQueue()
    factory = BoxFactory(items.put, time.monotonic, lcds=seats, i2c=bus, pin_factory=pins,
                         retry_after=0.05, **kw)
    made = factory.build([(seat, f"gpio:{seat}") for seat in seats],
                         {0: "Ann", 1: "Bob", 2: "Cy"})
    return made, items


def until(cond: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.01)
    return cond()


def statuses(items: queue.SimpleQueue[InputItem]) -> list[tuple[int, bool, str | None]]:
    """(seat, connected, the seat card's fault words) of each BoxStatus sent."""
    out = []
    while not items.empty():
        item = items.get()
        if isinstance(item, BoxStatus):
            out.append((item.seat, item.connected,
                        None if item.fault is None else item.fault.render()))
    return out


def notice(made: Boxes) -> str | None:
    line = made.fault_notice()
    return None if line is None else line.render(EN)


def test_every_backpack_kind_chosen_per_box_in_one_table(pins: MockFactory,
                                                         fast_lcd: None) -> None:
    pcf, pcfa, mcp = (FakePCF8574(0x21, HD44780()), FakePCF8574(0x3E, HD44780()),
                      FakeMCP23008(0x25, HD44780()))
    bus = FakeI2CBus([pcf, pcfa, mcp])
    made, _ = table(bus, pins, {0: ("pcf8574", 0x21), 1: ("pcf8574a", None),
                                2: ("mcp23008", 0x25)})
    try:
        assert made.faults.all() == {}
        for seat in range(3):
            made.boxes[seat].lcd.show(f"seat {seat}", "Bid 12")
        # The bus thread writes row by row: wait for both rows of every LCD.
        assert until(lambda: [c.model.lines() for c in (pcf, pcfa, mcp)]
                     == [[f"seat {seat}          ", "Bid 12          "] for seat in range(3)])
        assert pcf.backlight and pcfa.backlight and mcp.backlight
    finally:
        made.close()


def test_the_pcf8574a_default_address_follows_the_box_number(pins: MockFactory,
                                                             fast_lcd: None) -> None:
    chip = FakePCF8574(0x3E, HD44780())  # box 1 of a PCF8574A table: 0x3E
    made, _ = table(FakeI2CBus([chip]), pins, {1: ("pcf8574a", None)})
    try:
        made.boxes[1].lcd.show("Bob", "")
        assert until(lambda: chip.model.lines()[0].startswith("Bob"))
        assert chip.backlight
    finally:
        made.close()


def test_a_missing_lcd_marks_its_seat_and_is_picked_up_when_plugged_in(
        pins: MockFactory, fast_lcd: None) -> None:
    ann = FakePCF8574(0x27, HD44780())
    bus = FakeI2CBus([ann])  # Bob's LCD at 0x26 is not there
    made, items = table(bus, pins, {0: ("pcf8574", None), 1: ("pcf8574", None)})
    try:
        assert notice(made) == "Bob: no LCD at 0x26: check the cable"
        # still connected (his buttons play on), with his card's few words
        assert statuses(items) == [(1, True, "No LCD: check cable")]
        made.boxes[1].lcd.show("Bid", "<3>")  # the seat plays on: its text waits
        made.boxes[0].lcd.show("Ann", "")
        assert until(lambda: ann.model.lines()[0].startswith("Ann"))  # Ann's LCD unharmed
        pins.pin(18).drive_low()  # Bob's buttons still work
        pins.pin(18).drive_high()
        assert any(isinstance(i, KeyEdge) and i.seat == 1 and i.key is Key.MINUS
                   for i in list(_drain(items)))
        bob = FakePCF8574(0x26, HD44780())
        bus.add(bob)  # plugged in: the next retry builds it and writes the waiting text
        assert until(lambda: bob.model.lines() == ["Bid             ", "<3>             "])
        assert until(lambda: made.faults.all() == {})
        assert notice(made) is None and statuses(items) == [(1, True, None)]
    finally:
        made.close()


def _drain(items: queue.SimpleQueue[InputItem]) -> list[InputItem]:
    out = []
    while not items.empty():
        out.append(items.get())
    return out


def test_an_lcd_failing_mid_write_is_built_afresh_when_it_answers(pins: MockFactory,
                                                                  fast_lcd: None) -> None:
    chip = FakeMCP23008(0x26, HD44780())
    bus = FlakyBus(chip)
    made, items = table(bus, pins, {1: ("mcp23008", None)})
    try:
        lcd = made.boxes[1].lcd
        lcd.show("Bid", "<1>")
        assert until(lambda: chip.model.lines()[1].startswith("<1>"))
        bus.dead.add(0x26)  # the cable comes loose: OSError(5) in the middle of a write
        lcd.show("Bid", "<2>")
        assert until(lambda: notice(made) == "Bob: LCD at 0x26 stopped answering: check "
                                              "the cable")
        chip.model = HD44780()  # re-seated: the LCD lost power and forgot everything
        bus.dead.clear()
        assert until(lambda: chip.model.lines() == ["Bid             ", "<2>             "])
        assert until(lambda: made.faults.all() == {})
        assert statuses(items) == [(1, True, "No LCD: check cable"), (1, True, None)]
    finally:
        made.close()


def test_i2c_off_marks_every_gpio_seat_and_the_lcds_appear_once_it_is_on(
        pins: MockFactory, fast_lcd: None) -> None:
    chip = FakePCF8574(0x27, HD44780())
    opened: list[FakeI2CBus] = []

    def open_i2c() -> FakeI2CBus:
        if not opened:  # what Blinka raises when I2C is off: no /dev/i2c-1
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", "/dev/i2c-1")
        return opened[0]

    made, _ = table(None, pins, {0: ("pcf8574", None)}, open_i2c=open_i2c)
    try:
        assert notice(made) == "Ann: I2C is off: enable it with raspi-config and reboot"
        made.boxes[0].lcd.show("Ann", "")
        opened.append(FakeI2CBus([chip]))  # raspi-config, reboot... or a late bus driver
        assert until(lambda: chip.model.lines()[0].startswith("Ann"))
        assert until(lambda: notice(made) is None)
    finally:
        made.close()


def box_log(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("companion.boxes")]


def test_busy_gpio_pins_mark_the_seat_and_the_box_is_built_when_they_are_free(
        pins: MockFactory, fast_lcd: None, caplog: pytest.LogCaptureFixture) -> None:
    other = Button(17, pin_factory=pins)  # another program holds Ann's plus pin
    chip = FakePCF8574(0x27, HD44780())
    caplog.set_level(logging.WARNING)
    made, items = table(FakeI2CBus([chip]), pins, {0: ("pcf8574", None)})
    try:
        assert notice(made) == ("Ann: GPIO pins 4, 17, 27, 22 are busy: stop the other "
                                "program using them")
        # the seat's buttons are gone (not just its LCD): it shows as not connected
        assert statuses(items) == [(0, False, "Buttons not working")]
        stand_in = made.boxes[0]
        stand_in.lcd.show("Ann", "")  # her LCD works meanwhile
        assert until(lambda: chip.model.lines()[0].startswith("Ann"))
        assert made.retry is not None
        got: dict[int, Any] = {}
        made.retry.on_box = got.__setitem__
        now = time.monotonic()
        assert made.retry.poll(now + 1.0) is False  # still busy: tried, nothing changed
        assert 0 in made.retry.waiting and made.retry.next_deadline() == pytest.approx(
            now + 1.05)  # the next try in retry_after, not at once
        other.close()  # the other program stops
        assert made.retry.poll(now + 2.0) is True
        assert got[0] is made.boxes[0] and made.boxes[0] is not stand_in
        assert notice(made) is None and (0, True, None) in statuses(items)
        # the journal has one line when it started (not one per try) and one when it ended
        assert box_log(caplog) == [
            "Ann's box: GPIO pins 4, 17, 27, 22 are busy: stop the other program using them",
            "Ann's box: mended (was: GPIO pins 4, 17, 27, 22 are busy: stop the other program "
            "using them)"]
        pins.pin(17).drive_low()
        pins.pin(17).drive_high()
        assert any(isinstance(i, KeyEdge) and i.key is Key.PLUS for i in _drain(items))
    finally:
        made.close()


def test_the_bus_scan_names_the_likely_backpack_of_each_address() -> None:
    bus = FakeI2CBus([FakePCF8574(0x3F, HD44780()), FakeMCP23008(0x20, HD44780())])
    assert scan_i2c(bus) == [0x20, 0x3F]
    assert likely_kinds(0x3F) == ("pcf8574a",)
    assert likely_kinds(0x20) == ("pcf8574", "mcp23008")
    assert likely_kinds(0x68) == ()  # a clock chip, not an LCD


class Eeprom(FakePCF8574):
    """A 24Cxx EEPROM at 0x50: it answers reads; a write would start changing its cells."""

    def write(self, data: bytes) -> None:
        raise AssertionError(f"wrote {data!r} to the EEPROM at 0x{self.address:02x}")

    def read(self, n: int) -> bytes:
        return b"\xff" * n


class WriteLog(FakeI2CBus):
    def __init__(self, chips: Any) -> None:
        super().__init__(chips)
        self.written: set[int] = set()

    def writeto(self, address: int, buffer: bytes | bytearray, *, start: int = 0,
                end: int | None = None) -> None:
        self.written.add(address)
        super().writeto(address, buffer, start=start, end=end)


def test_the_bus_scan_only_reads_where_eeproms_sit() -> None:
    bus = WriteLog([FakePCF8574(0x27, HD44780()), Eeprom(0x50, HD44780())])
    assert scan_i2c(bus) == [0x27, 0x50]  # the EEPROM is found, by a read
    eeprom = set(range(0x30, 0x38)) | set(range(0x50, 0x60))
    assert bus.written and not bus.written & eeprom  # the LCDs' ranges still get the write
    assert 0x27 in bus.written


def test_one_fault_shared_by_every_gpio_seat_is_said_once(pins: MockFactory,
                                                          fast_lcd: None) -> None:
    def open_i2c() -> FakeI2CBus:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", "/dev/i2c-1")

    made, _ = table(None, pins, {0: ("pcf8574", None), 1: ("pcf8574", None),
                                 2: ("mcp23008", None)}, open_i2c=open_i2c)
    try:
        assert notice(made) == ("Ann, Bob, Cy: I2C is off: enable it with raspi-config and "
                                "reboot")
    finally:
        made.close()
