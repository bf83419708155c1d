"""`companion check-hardware` on mock pins, a fake I2C bus and pty serial boxes: a missing LCD,
stuck buttons, a missing serial box, a serial box without LCD, an unconfigured box, and a
button nobody pressed are each reported in words with the fix; a clean table passes."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.app import cli
from companion.app.config import parse_config
from companion.app.selftest import PATTERN, CheckEnv, check_hardware
from companion.boxes import serial_protocol as sp
from companion.boxes.fake_lcd import HD44780, FakeI2CBus, FakeMCP23008, FakePCF8574
from companion.boxes.serial_ports import open_serial
from companion.boxes.vocabulary import Key
from hardware.firmware.boxlogic import FIRMWARE
from hardware.firmware.fakebox import FakeSerialBox

FAST = {"poll_every": 0.03, "heartbeat": 0.2, "timeout": 1.0, "retry_after": 0.05}


class StuckOkPin(MockPWMPin):
    """Box 1's OK pin (GPIO24) shorted to ground: it reads pressed whatever the pull-up."""

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.info.name == "GPIO24":
            self.drive_low()


def run_check(cfg: Any, env: CheckEnv) -> tuple[list[int], list[str], threading.Thread]:
    rc: list[int] = []
    lines: list[str] = []
    env.out = lines.append
    t = threading.Thread(target=lambda: rc.append(check_hardware(cfg, env)), daemon=True)
    t.start()
    return rc, lines, t


def wait_for(cond: Any, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.01)
    return bool(cond())


@pytest.mark.slow
def test_every_problem_is_reported_with_its_fix() -> None:
    factory = MockFactory(pin_class=StuckOkPin)
    bus = FakeI2CBus([FakePCF8574(0x27, HD44780())])  # box 0's LCD; box 1's (0x26) is missing
    cy = FakeSerialBox("box-c", heartbeat_ms=200)
    eve = FakeSerialBox("box-e", lcd_address=None, heartbeat_ms=200)
    stray = FakeSerialBox("stray-1", heartbeat_ms=200)
    eve.press("plus")  # held from before the check: stuck
    fakes = [cy, eve, stray]
    cfg = parse_config({"game": "camel-up", "seat": [
        {"name": "Ann", "box": "gpio:0"}, {"name": "Bob", "box": "gpio:1"},
        {"name": "Cy", "box": "serial:box-c"}, {"name": "Di", "box": "serial:box-d"},
        {"name": "Eve", "box": "serial:box-e"}]})
    env = CheckEnv(i2c=bus, pin_factory=factory, serial_ports=lambda: [f.path for f in fakes],
                   serial_options=FAST, press_timeout=1.5, serial_wait=2.0, pattern_seconds=0.05)
    try:
        rc, lines, thread = run_check(cfg, env)
        assert wait_for(lambda: any("Press minus" in line for line in lines))
        for key in Key:  # Ann presses all three
            factory.pin({Key.MINUS: 4, Key.PLUS: 17, Key.OK: 27}[key]).drive_low()
            factory.pin({Key.MINUS: 4, Key.PLUS: 17, Key.OK: 27}[key]).drive_high()
        for pin in (18, 23):  # Bob: minus and plus (his OK is stuck)
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
        assert cy.wait_for(lambda: cy.lcd()[0].startswith("Test: press"))
        for key in ("minus", "plus", "ok"):
            cy.tap(key, 0.03)
        eve.tap("minus", 0.03)  # Eve never presses OK
        thread.join(10)
        assert rc == [1]
        text = "\n".join(lines)
        problems = [line[2:] for line in lines if line.startswith("- ")]
        assert problems == [
            "seat 2 (Bob): no LCD answers at 0x26 — check SDA/SCL (header pins 3 and 5), 5 V "
            "and GND, and the A0-A2 jumpers (box 1 wants 0x26), see wiring.md",
            "seat 2 (Bob): the OK button reads pressed before anyone touched it — a stuck "
            "button or a short to GND on GPIO24 (header pin 18), see wiring.md",
            "seat 4 (Di): serial box 'box-d' not found — plug it in by USB (a data cable), "
            "check that its LCD shows this id and that `ls /dev/serial/by-id/` lists it, see "
            "hardware/firmware/README.md",
            "seat 5 (Eve): serial box box-e found no LCD — check the LCD's SDA (Pico pin 6, "
            "GP4), SCL (pin 7, GP5), 5 V (pin 40) and GND, see hardware/firmware/README.md",
            "seat 5 (Eve): the plus button reads pressed before anyone touched it — a stuck "
            "button or a short on GP11 (Pico pin 15) and GND, see hardware/firmware/README.md",
            f"serial box stray-1 on {stray.path} is in no seat — write box = "
            "\"serial:stray-1\" in its [[seat]], or serial:*1 to claim it at the table",
            "seat 5 (Eve): no press of OK within 2 s — check that button's wiring to GP12 "
            "(Pico pin 16) and GND, see hardware/firmware/README.md",
        ], text
        assert "seat 1 (Ann): GPIO box 0: minus, plus and OK each pressed" in text
        assert "seat 3 (Cy): GPIO" not in text and "seat 3 (Cy): serial box box-c: minus" in text
        # Every box that is there showed the test pattern and blinked its LED.
        assert sp.LcdText(*PATTERN) in cy.received and sp.Led("blink") in cy.received
        assert bus.chips[0x27].count.writes > 0
    finally:
        for f in fakes:
            f.unplug()
        factory.reset()


def test_a_working_table_passes(tmp_path: Path) -> None:
    factory = MockFactory(pin_class=MockPWMPin)
    bus = FakeI2CBus([FakePCF8574(0x27, HD44780()), FakePCF8574(0x26, HD44780())])
    box = FakeSerialBox("box-c", heartbeat_ms=200)
    cfg = parse_config({"game": "camel-up", "seat": [
        {"name": "Ann", "box": "gpio:0"}, {"name": "Bob", "box": "keyboard:1"},
        {"name": "Cy", "box": "serial:box-c"}]})
    env = CheckEnv(i2c=bus, pin_factory=factory, serial_ports=lambda: [box.path],
                   serial_options=FAST, press_timeout=5.0, serial_wait=2.0, pattern_seconds=0.05)
    try:
        rc, lines, thread = run_check(cfg, env)
        assert wait_for(lambda: any("Press minus" in line for line in lines))
        for pin in (4, 17, 27):
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
        for key in ("minus", "plus", "ok"):
            box.tap(key, 0.03)
        thread.join(10)
        assert rc == [0], lines
        assert lines[-1] == "All 2 box(es) work."
        assert any("seat 2 (Bob): keyboard keys 1" in line for line in lines)
        assert bus.chips[0x27].model.lines()[0] == "Buttons OK      "
    finally:
        box.unplug()
        factory.reset()


def test_a_port_the_service_holds_is_reported_not_shared(tmp_path: Path) -> None:
    box = FakeSerialBox("box-c", heartbeat_ms=200)
    service = open_serial(box.path)  # the running companion has the box's port
    cfg = parse_config({"game": "camel-up", "seat": [
        {"name": "Ann", "box": "keyboard:0"}, {"name": "Bob", "box": "keyboard:1"},
        {"name": "Cy", "box": "serial:box-c"}]})
    env = CheckEnv(serial_ports=lambda: [box.path], serial_options=FAST, press_timeout=0.5,
                   serial_wait=1.0, pattern_seconds=0.05)
    try:
        rc, lines, thread = run_check(cfg, env)
        thread.join(10)
        assert rc == [1], lines
        text = "\n".join(lines)
        assert f"serial port {box.path}: cannot open: {box.path} is open in another program" in text
        # The service's port still gets every line of the box: it answers the service.
        service.reset_input_buffer()
        service.write(sp.encode(sp.Identify()))
        framer, got = sp.LineFramer(), []
        end = time.monotonic() + 3
        while time.monotonic() < end and sp.Ident("box-c", FIRMWARE, 0x27) not in got:
            got += [sp.decode(x) for x in framer.feed(service.read(64)) if x]
        assert sp.Ident("box-c", FIRMWARE, 0x27) in got
    finally:
        service.close()
        box.unplug()


def test_cli_check_hardware_reports_a_bad_config(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check-hardware", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_bus_scan_tells_a_wrong_backpack_kind_from_a_missing_lcd() -> None:
    factory = MockFactory(pin_class=MockPWMPin)
    # Ann's box wants a PCF8574 at 0x27 but carries a PCF8574A board (0x3F as sold); Bob's
    # MCP23008 at 0x20 is where his config says; a clock chip sits at 0x68.
    bus = FakeI2CBus([FakePCF8574(0x3F, HD44780()), FakeMCP23008(0x20, HD44780()),
                      FakePCF8574(0x68, HD44780())])
    cfg = parse_config({"game": "camel-up", "seat": [
        {"name": "Ann", "box": "gpio:0"},
        {"name": "Bob", "box": "gpio:1", "lcd": "mcp23008", "lcd_address": 0x20},
        {"name": "Cy", "box": "keyboard:2"}]})
    env = CheckEnv(i2c=bus, pin_factory=factory, press_timeout=0.3, pattern_seconds=0.01)
    try:
        rc, lines, thread = run_check(cfg, env)
        thread.join(10)
        assert rc == [1]
        assert "I2C bus: 3 answer(s): 0x20, 0x3f, 0x68" in lines
        assert "  0x20: seat 2 (Bob)'s LCD (MCP23008 expected; PCF8574 / MCP23008 answer " \
               "here)" in lines
        assert "  0x3f: an LCD backpack (likely PCF8574A) that no box expects" in lines
        assert "  0x68: not an LCD backpack address (another I2C device)" in lines
        problems = [line[2:] for line in lines if line.startswith("- ")]
        assert problems[0] == (
            'seat 1 (Ann): no LCD answers at 0x27, but one answers at 0x3f (likely PCF8574A): '
            'set lcd = "pcf8574a" and/or lcd_address = 0x3f for this box, or its A0-A2 '
            'jumpers to 0x27, see wiring.md')
        assert "  ok: seat 2 (Bob): LCD answers at 0x20" in lines
    finally:
        factory.reset()
