"""The Pico firmware on the desktop: the real main.py/boxlogic/lcd1602 code with stand-ins for
`machine` (pins, I2C, the watchdog), `select` and `sys.stdin`/`sys.stdout`; the LCD decoded off
a fake PCF8574 by the HD44780 model. Faults: an LCD that stops answering and comes back, one
plugged in after boot, USB errors and a reset mid-line, the watchdog's start and feeding."""

from __future__ import annotations

from typing import Any

from companion.boxes import serial_protocol as sp
from companion.boxes.fake_lcd import HD44780, FakeI2CBus, FakePCF8574
from hardware.firmware import boxlogic, lcd1602
from hardware.firmware.main import BUTTON_PINS, LED_PIN, Firmware, UsbSerial


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, gp: int, mode: int = 0, pull: int | None = None) -> None:
        self.gp, self.mode = gp, mode
        self._v = 1 if pull == self.PULL_UP else 0

    def value(self, v: int | None = None) -> int:
        if v is not None:
            self._v = v
        return self._v


class FakeMachineI2C:
    """machine.I2C over companion.boxes.fake_lcd's bus: positional writeto and scan()."""

    def __init__(self, bus: FakeI2CBus) -> None:
        self.bus = bus

    def scan(self) -> list[int]:
        return sorted(self.bus.chips)

    def writeto(self, address: int, data: bytes) -> None:
        self.bus.writeto(address, data)


class FakeMachine:
    def __init__(self, lcd_address: int | None = 0x27) -> None:
        self.pins: dict[int, FakePin] = {}
        self.bus = FakeI2CBus()
        self.glass = HD44780()
        if lcd_address is not None:
            self.bus.add(FakePCF8574(lcd_address, self.glass))
        self.i2c_args: tuple[Any, ...] = ()

    def Pin(self, gp: int, mode: int = 0, pull: int | None = None) -> FakePin:
        pin = self.pins.get(gp) or FakePin(gp, mode, pull)
        self.pins[gp] = pin
        return pin

    Pin.IN, Pin.OUT, Pin.PULL_UP = 0, 1, 2  # type: ignore[attr-defined]

    def I2C(self, n: int, **kw: Any) -> FakeMachineI2C:
        self.i2c_args = (n, kw)
        return FakeMachineI2C(self.bus)

    def unique_id(self) -> bytes:
        return bytes([0xE6, 0x61, 0x4C, 0x31, 0x1B, 0x4A, 0x2B, 0x29])


class FakeStdin:
    """sys.stdin of MicroPython: `.buffer.read(n)`, pollable."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.buffer = self

    def read(self, n: int) -> bytes:
        out, self.data = bytes(self.data[:n]), self.data[n:]
        return out


class FakePoller:
    def __init__(self) -> None:
        self.watched: list[FakeStdin] = []

    def register(self, stream: FakeStdin, mask: int) -> None:
        self.watched.append(stream)

    def poll(self, timeout: int) -> list[tuple[FakeStdin, int]]:
        return [(s, 1) for s in self.watched if s.data]


class FakeSelect:
    """The `select` module: poll() objects that say when stdin has bytes."""

    POLLIN = 1

    @staticmethod
    def poll() -> FakePoller:
        return FakePoller()


class FakeStdout:
    def __init__(self) -> None:
        self.buffer = self
        self.written = bytearray()

    def write(self, data: bytes) -> None:
        self.written.extend(data)


class FakeWDT:
    def __init__(self) -> None:
        self.feeds = 0

    def feed(self) -> None:
        self.feeds += 1


class Board:
    def __init__(self, lcd_address: int | None = 0x27, box_id: str | None = None) -> None:
        self.now = 1000
        self.machine = FakeMachine(lcd_address)
        self.stdin, self.stdout = FakeStdin(), FakeStdout()
        self.port = UsbSerial(self.stdin, self.stdout, FakeSelect)
        self.wdts: list[FakeWDT] = []
        self.fw = Firmware(self.machine, self.port, lambda: self.now, box_id=box_id,
                           start_watchdog=self._wdt)

    def _wdt(self) -> FakeWDT:
        self.wdts.append(FakeWDT())
        return self.wdts[-1]

    def host(self, *messages: sp.Message, raw: bytes = b"") -> None:
        self.stdin.data.extend(b"".join(sp.encode(m) for m in messages) + raw)

    def run(self, ms: int, step: int = 2) -> None:
        for _ in range(ms // step):
            self.fw.step()
            self.now += step

    def sent(self) -> list[sp.Message | str]:
        """Everything the box wrote since last asked, decoded (ProtocolError as text)."""
        lines = sp.LineFramer().feed(bytes(self.stdout.written))
        self.stdout.written.clear()
        out: list[sp.Message | str] = []
        for line in lines:
            try:
                out.append(sp.decode(line))
            except sp.ProtocolError as exc:
                out.append(str(exc))
        return out

    def button(self, name: str, pressed: bool) -> None:
        self.machine.pins[BUTTON_PINS[name]].value(0 if pressed else 1)

    def led(self) -> int:
        return self.machine.pins[LED_PIN].value()

    def glass(self) -> list[str]:
        return self.machine.glass.lines()


def test_answers_identify_with_its_id_lcd_and_held_keys() -> None:
    b = Board()
    b.run(10)
    # One hello (its ID and state) at boot, then heartbeats only: a host that kept the port
    # open while the box restarted learns that the key numbers start from 0 again.
    assert b.sent()[:2] == [sp.Ident("pico-e6614c311b4a2b29", boxlogic.FIRMWARE, 0x27),
                            sp.Heartbeat(())]
    b.run(10)
    assert not any(isinstance(m, sp.Ident) for m in b.sent())
    # The 21-character id in a short form that fits the row; ID carries the whole id.
    assert b.glass() == ["Waiting for host", "pico-e..1b4a2b29"]
    b.host(sp.Identify())
    b.run(4)
    assert b.sent() == [sp.Ident("pico-e6614c311b4a2b29", boxlogic.FIRMWARE, 0x27),
                        sp.Heartbeat(())]
    assert b.machine.i2c_args == (0, {"sda": b.machine.pins[4], "scl": b.machine.pins[5],
                                      "freq": 100000})


def test_a_box_without_lcd_says_so_and_still_plays() -> None:
    b = Board(lcd_address=None, box_id="table-3")
    b.host(sp.Identify(), sp.LcdText("Bid", "<0>"))
    b.run(4)
    assert b.sent()[0] == sp.Ident("table-3", boxlogic.FIRMWARE, None)
    b.button("ok", True)
    b.run(4)
    assert b.sent() == [sp.KeyEvent(0, "ok", True)]


def test_lcd_text_led_and_key_edges() -> None:
    b = Board()
    b.host(sp.Identify(), sp.LcdText("Bid  \xe4        $5", "<0>      OK=lock"), sp.Led("on"))
    b.run(10)
    b.sent()
    assert b.glass() == ["Bid  \xe4        $5", "<0>      OK=lock"]
    assert b.led() == 1
    b.button("plus", True)
    b.run(40)
    b.button("plus", False)
    b.run(40)
    assert b.sent() == [sp.KeyEvent(0, "plus", True), sp.KeyEvent(1, "plus", False)]
    writes = b.fw.lcd.writes if b.fw.lcd else 0
    b.host(sp.LcdText("Bid  \xe4        $5", "<1>      OK=lock"))
    b.run(4)
    assert b.glass()[1] == "<1>      OK=lock"
    assert b.fw.lcd is not None and b.fw.lcd.writes - writes == 2  # address + 1 character


def test_bouncing_contacts_give_one_edge_each_way() -> None:
    b = Board()
    b.host(sp.Identify())
    b.run(4)
    b.sent()
    for level in (True, False, True, False, True):  # 2 ms apart: contact bounce
        b.button("ok", level)
        b.run(2)
    b.run(30)
    for level in (False, True, False):
        b.button("ok", level)
        b.run(2)
    b.run(30)
    assert b.sent() == [sp.KeyEvent(0, "ok", True), sp.KeyEvent(1, "ok", False)]


def test_blink_and_heartbeat_and_host_timeout() -> None:
    b = Board()
    b.host(sp.Identify(), sp.LcdText("LOCKED 3", "hold OK: unlock"), sp.Led("blink"))
    b.run(2)
    b.sent()
    lit = []
    for _ in range(4):
        b.host(sp.Heartbeat())
        b.run(500)
        lit.append(b.led())
    assert sorted(set(lit)) == [0, 1]  # it blinks
    assert sum(isinstance(m, sp.Heartbeat) for m in b.sent()) == 2  # once a second
    b.run(boxlogic.HOST_TIMEOUT_MS + 10)  # the host went quiet
    assert b.glass()[0] == "Waiting for host" and b.led() == 0
    b.host(sp.Heartbeat())  # it is back: the last text returns without being resent
    b.run(4)
    assert b.glass() == ["LOCKED 3        ", "hold OK: unlock "]


def test_garbled_and_oversized_host_lines_are_reported_and_dropped() -> None:
    b = Board()
    b.host(sp.Identify())
    b.run(4)
    b.sent()
    good = sp.encode(sp.Led("on"))
    b.host(raw=good[:3] + b"X" + good[4:] + b"\x00\xff garbage\n" + b"Q" * 500 + b"\n")
    b.run(100)
    assert b.sent() == [sp.BoxError("checksum"), sp.BoxError("bad-line"),
                        sp.BoxError("too-long")]
    assert b.led() == 0 and b.fw.logic.dropped == 3
    b.host(sp.Led("on"))
    b.run(4)
    assert b.led() == 1


def test_lcd_driver_rewrites_only_changed_characters() -> None:
    bus = FakeI2CBus([FakePCF8574(0x3F, HD44780())])
    i2c = FakeMachineI2C(bus)
    assert lcd1602.find_lcd(i2c.scan()) == 0x3F
    lcd = lcd1602.Lcd1602(i2c, 0x3F)
    assert lcd.show(("Hello", "world")) == 10
    assert lcd.show(("Hello", "world!")) == 1
    assert bus.chips[0x3F].model.lines() == ["Hello           ", "world!          "]


def test_short_ids_fit_one_row_and_keep_both_ends() -> None:
    assert boxlogic.short_id("table-3") == "table-3"
    assert boxlogic.short_id("x" * 16) == "x" * 16
    short = boxlogic.short_id("pico-e6614c311b4a2b29")
    assert short == "pico-e..1b4a2b29" and len(short) == 16
    longest = "a" * 10 + "b" * 12 + "c" * 10  # sp.MAX_ID characters
    assert boxlogic.short_id(longest) == "aaaaaa..cccccccc"


def test_an_lcd_that_stops_answering_flickers_the_led_and_comes_back() -> None:
    b = Board()
    b.host(sp.Identify(), sp.LcdText("Bid $5", "<5>"), sp.Led("on"))
    b.run(10)
    assert b.glass()[0].startswith("Bid $5")
    chip = b.machine.bus.chips.pop(0x27)  # the cable comes loose
    b.host(sp.Heartbeat(), sp.LcdText("Bid $6", "<6>"))
    b.run(4)  # the write fails: no exception leaves step(), the box goes on
    assert b.fw.lcd is None and b.fw.lcd_failures == 1
    seen = set()
    for _ in range(8):  # the LED flickers (over the host's "on"), keys still work
        b.run(60)
        seen.add(b.led())
    assert seen == {0, 1}
    b.button("ok", True)
    b.run(30)
    assert sp.KeyEvent(0, "ok", True) in b.sent()
    b.host(sp.Heartbeat())
    b.run(2000)  # a retry while it is still gone: still nothing
    assert b.fw.lcd is None
    glass = type(b.machine.glass)()  # plugged back: a backpack that lost its power, blank
    b.machine.bus.add(type(chip)(0x27, glass))
    for _ in range(3):
        b.host(sp.Heartbeat())
        b.run(1000)
    assert b.fw.lcd is not None
    assert glass.lines() == ["Bid $6          ", "<6>             "]  # repainted whole
    b.run(100)
    assert b.led() == 1  # the host's "on" again, no flicker


def test_an_lcd_plugged_in_after_boot_is_found() -> None:
    b = Board(lcd_address=None)
    assert b.fw.lcd is None
    b.run(100)
    b.machine.bus.add(FakePCF8574(0x3F, b.machine.glass))
    b.run(2100)  # the next retry finds it
    assert b.fw.lcd is not None and b.glass() == ["Waiting for host", "pico-e..1b4a2b29"]
    assert b.fw.logic.lcd_fault is False


def test_usb_errors_lose_a_line_not_the_box() -> None:
    b = Board()
    b.host(sp.Identify())
    b.run(4)
    b.sent()

    def broken(data: bytes) -> None:
        raise OSError(5, "EIO")

    b.stdout.write = broken  # type: ignore[method-assign]
    b.button("ok", True)
    b.run(30)  # the key line cannot go out
    assert b.port.errors == 1
    del b.stdout.write  # the link is back
    b.button("ok", False)
    b.run(30)
    assert b.sent() == [sp.KeyEvent(1, "ok", False)]  # the host sees the gap in seq


def test_a_half_line_from_before_a_usb_reset_is_dropped() -> None:
    b = Board()
    b.host(sp.Identify())
    b.run(4)
    b.sent()
    b.host(raw=sp.encode(sp.Led("on"))[:5])  # the link resets mid-line
    b.run(boxlogic.HOST_TIMEOUT_MS + 10)
    b.host(sp.Identify())  # the host opens the port again
    b.run(4)
    sent = [m for m in b.sent() if not isinstance(m, sp.Heartbeat)]
    assert sent == [sp.Ident("pico-e6614c311b4a2b29", boxlogic.FIRMWARE, 0x27)], sent


def test_the_watchdog_starts_with_the_host_and_is_fed_every_pass() -> None:
    b = Board()
    b.run(100)
    assert b.wdts == []  # nobody to serve yet: no watchdog, so mpremote never races one
    b.host(sp.Identify())
    b.run(20)  # ten passes
    assert len(b.wdts) == 1 and b.wdts[0].feeds == 10
    b.run(boxlogic.HOST_TIMEOUT_MS + 100)  # the host goes away: still fed, never restarted
    assert len(b.wdts) == 1 and b.wdts[0].feeds == 10 + (boxlogic.HOST_TIMEOUT_MS + 100) // 2


def test_a_pass_that_raises_is_shown_on_the_led_and_a_repeat_resets() -> None:
    from hardware.firmware.main import FAULT_FLASHES, REPEAT_RESET_MS, run

    b = Board()
    resets: list[int] = []
    levels: list[int] = []
    led = b.machine.pins[LED_PIN]
    write = led.value

    def record(v: int | None = None) -> int:
        if v is not None:
            levels.append(v)
        return write(v)

    led.value = record  # type: ignore[method-assign]

    def sleep(ms: int) -> None:
        b.now += ms

    def reset() -> None:
        resets.append(b.now)

    step = b.fw.step
    calls = [0]

    def flaky() -> None:
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("a bug in one pass")
        step()

    b.fw.step = flaky  # type: ignore[method-assign]
    assert run(b.fw, sleep, reset, passes=50) == 50  # one failure: the box goes on
    flash = [1, 0] * FAULT_FLASHES
    assert any(levels[i:i + len(flash)] == flash for i in range(len(levels))), levels
    assert resets == []
    b.run(10)
    assert b.sent()  # still talking

    def broken() -> None:
        raise RuntimeError("a bug in every pass")

    b.now += REPEAT_RESET_MS  # long after: a new first failure, not a repeat
    b.fw.step = broken  # type: ignore[method-assign]
    assert run(b.fw, sleep, reset, passes=50) == 2  # the second one in a row resets
    assert len(resets) == 1
