"""The Pico firmware's entry point: pins, the I2C LCD, USB serial and the main loop.

This module owns the board glue only; every decision is in `boxlogic`. `Firmware` takes the
`machine`, `select` and `sys` modules (or stand-ins) as arguments, so the desktop tests run
this exact code with fakes; on the Pico, MicroPython runs `main.py` at boot and `main()`
passes the real modules. Pin numbers are the table in README.md beside this file.
MicroPython subset only (see serial_protocol's docstring).
"""

import sys

try:  # on the desktop (tests)
    from hardware.firmware import boxlogic, lcd1602
except ImportError:  # on the Pico the files sit side by side
    import boxlogic  # type: ignore[import-not-found, no-redef]
    import lcd1602  # type: ignore[import-not-found, no-redef]

# typing.TYPE_CHECKING without importing typing, which MicroPython lacks (mypy and ruff read
# the name the same way); annotations are strings or never evaluated on the box.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# GP numbers (README.md has the header pins). Buttons switch to GND; internal pull-ups.
BUTTON_PINS = {"minus": 10, "plus": 11, "ok": 12}
LED_PIN = 15
I2C_ID = 0
SDA_PIN = 4
SCL_PIN = 5
I2C_FREQ = 100000
READ_CHUNK = 64  # bytes taken from USB per loop pass; a full line is ~110 at most


class UsbSerial:
    """The USB CDC serial port as MicroPython gives it: sys.stdin / sys.stdout. Reads never
    block (select.poll first); writes bypass the text layer so "\\n" is not turned into CR LF."""

    def __init__(self, stdin: "Any", stdout: "Any", select_module: "Any") -> None:
        self.stdin = getattr(stdin, "buffer", stdin)
        self.stdout = getattr(stdout, "buffer", stdout)
        self.poller = select_module.poll()
        self.poller.register(stdin, select_module.POLLIN)

    def read(self) -> bytes:
        out = bytearray()
        while len(out) < READ_CHUNK and self.poller.poll(0):
            chunk = self.stdin.read(1)
            if not chunk:
                break
            out.extend(chunk)
        return bytes(out)

    def write(self, data: bytes) -> None:
        self.stdout.write(data)


def unique_box_id(machine: "Any") -> str:
    """"pico-" + the flash chip's 64-bit unique id in hex: stable across reflashing."""
    return "pico-" + "".join(f"{b:02x}" for b in machine.unique_id())


class Firmware:
    """One box: call `step()` in a loop. `clock_ms`/`diff` are time.ticks_ms/ticks_diff."""

    def __init__(self, machine: "Any", port: "Any", clock_ms: "Callable[[], int]",
                 diff: "Callable[[int, int], int]" = boxlogic.plain_diff,
                 sleep_ms: "Callable[[int], None]" = lcd1602._no_sleep,
                 box_id: "str | None" = None) -> None:
        self.port = port
        self.clock_ms = clock_ms
        pin = machine.Pin
        self.buttons = {}  # type: dict[str, Any]
        for name, gp in BUTTON_PINS.items():
            self.buttons[name] = pin(gp, pin.IN, pin.PULL_UP)
        self.led = pin(LED_PIN, pin.OUT)
        self.led.value(0)
        i2c = machine.I2C(I2C_ID, sda=pin(SDA_PIN), scl=pin(SCL_PIN), freq=I2C_FREQ)
        address = lcd1602.find_lcd(i2c.scan())
        # No LCD is not fatal: the box still plays by keys and LED, and tells the host
        # (lcd "-" in its ID line) so `companion check-hardware` can say what to fix.
        self.lcd = None if address is None else lcd1602.Lcd1602(i2c, address, sleep_ms=sleep_ms)
        now = clock_ms()
        self.logic = boxlogic.BoxLogic(box_id or unique_box_id(machine), address, now, diff=diff)
        self._shown = None  # type: tuple[str, str] | None
        self._lit = None  # type: bool | None

    def step(self) -> None:
        now = self.clock_ms()
        out = []  # type: list[bytes]
        data = self.port.read()
        if data:
            out.extend(self.logic.receive(data, now))
        # Pull-ups: a pressed button reads 0.
        pressed = {}  # type: dict[str, bool]
        for name, button in self.buttons.items():
            pressed[name] = not button.value()
        out.extend(self.logic.scan(pressed, now))
        out.extend(self.logic.tick(now))
        for line in out:
            self.port.write(line)
        rows = self.logic.screen(now)
        if self.lcd is not None and rows != self._shown:
            self.lcd.show(rows)
            self._shown = rows
        lit = self.logic.led_lit(now)
        if lit != self._lit:
            self.led.value(1 if lit else 0)
            self._lit = lit


def main() -> None:  # pragma: no cover - runs on the Pico only
    import select
    import time

    import machine  # type: ignore[import-not-found]

    box_id = None
    try:  # optional box_config.py on the Pico: BOX_ID = "table-3"
        import box_config  # type: ignore[import-not-found]

        box_id = box_config.BOX_ID
    except (ImportError, AttributeError):
        pass
    board_time: Any = time  # MicroPython's time has the ticks_* and sleep_ms functions
    fw = Firmware(machine, UsbSerial(sys.stdin, sys.stdout, select), board_time.ticks_ms,
                  board_time.ticks_diff, board_time.sleep_ms, box_id)
    while True:
        fw.step()
        board_time.sleep_ms(2)  # a 2 ms scan: far inside the debounce window and a frame


if __name__ == "__main__":
    main()
