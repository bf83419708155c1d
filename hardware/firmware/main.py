"""The Pico firmware's entry point: pins, the I2C LCD, USB serial, the watchdog, the main loop.

This module owns the board glue and its faults: an LCD that stops answering (the LED
flickers, the LCD is looked for again every two seconds and repainted when it is back), a USB
link that errors or resets (the line is dropped, the loop goes on), a loop that hangs (the
hardware watchdog resets the Pico), a pass that raises (`run`: the LED flashes fast, and a
second one soon after resets the Pico). Every other decision is in `boxlogic`. `Firmware` takes the
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
LCD_RETRY_MS = 2000  # a missing or failed LCD is looked for again this often (one I2C scan)
# The hardware watchdog: a loop pass that takes longer resets the Pico (RP2040 allows up to
# 8.3 s). A pass is a few ms; an LCD re-init 60 ms; a USB write to a stalled host 0.5 s.
WDT_MS = 5000
# A pass that raised (a bug, a driver's surprise): the LED flashes this fast, faster than any
# mode the host sets, and a second failure within REPEAT_RESET_MS resets the Pico.
FAULT_FLASHES = 5
FAULT_FLASH_MS = 50
REPEAT_RESET_MS = 10000


class UsbSerial:
    """The USB CDC serial port as MicroPython gives it: sys.stdin / sys.stdout. Reads never
    block (select.poll first); writes bypass the text layer so "\\n" is not turned into CR LF."""

    def __init__(self, stdin: "Any", stdout: "Any", select_module: "Any") -> None:
        self.stdin = getattr(stdin, "buffer", stdin)
        self.stdout = getattr(stdout, "buffer", stdout)
        self.poller = select_module.poll()
        self.poller.register(stdin, select_module.POLLIN)
        self.errors = 0  # USB reads and writes that failed, for tests

    def read(self) -> bytes:
        out = bytearray()
        try:
            while len(out) < READ_CHUNK and self.poller.poll(0):
                chunk = self.stdin.read(1)
                if not chunk:
                    break
                out.extend(chunk)
        except OSError:  # the USB link reset under us: what came is kept, the rest comes later
            self.errors += 1
        return bytes(out)

    def write(self, data: bytes) -> None:
        try:
            self.stdout.write(data)
        except OSError:  # no host on the link (a USB reset): the line is lost, the box goes on
            self.errors += 1


def unique_box_id(machine: "Any") -> str:
    """"pico-" + the flash chip's 64-bit unique id in hex: stable across reflashing."""
    return "pico-" + "".join(f"{b:02x}" for b in machine.unique_id())


class Firmware:
    """One box: call `step()` in a loop. `clock_ms`/`diff` are time.ticks_ms/ticks_diff.
    `start_watchdog` makes the hardware watchdog (machine.WDT) when the host first talks to
    the box; from then on it is fed at the end of every whole pass."""

    def __init__(self, machine: "Any", port: "Any", clock_ms: "Callable[[], int]",
                 diff: "Callable[[int, int], int]" = boxlogic.plain_diff,
                 sleep_ms: "Callable[[int], None]" = lcd1602._no_sleep,
                 box_id: "str | None" = None,
                 start_watchdog: "Callable[[], Any] | None" = None) -> None:
        self.port = port
        self.clock_ms = clock_ms
        self.diff = diff
        self.sleep_ms = sleep_ms
        self.start_watchdog = start_watchdog
        self.watchdog = None  # type: Any
        pin = machine.Pin
        self.buttons = {}  # type: dict[str, Any]
        for name, gp in BUTTON_PINS.items():
            self.buttons[name] = pin(gp, pin.IN, pin.PULL_UP)
        self.led = pin(LED_PIN, pin.OUT)
        self.led.value(0)
        self.i2c = machine.I2C(I2C_ID, sda=pin(SDA_PIN), scl=pin(SCL_PIN), freq=I2C_FREQ)
        self.lcd = None  # type: lcd1602.Lcd1602 | None
        self.lcd_failures = 0  # times the LCD stopped answering, for tests
        now = clock_ms()
        # No LCD is not fatal: the box still plays by keys and LED, and tells the host
        # (lcd "-" in its ID line) so `companion check-hardware` can say what to fix.
        address = self._attach_lcd()
        self.logic = boxlogic.BoxLogic(box_id or unique_box_id(machine), address, now, diff=diff)
        self._lcd_retry_at = now
        self._shown = None  # type: tuple[str, str] | None
        self._lit = None  # type: bool | None

    def _attach_lcd(self) -> "int | None":
        """Find and initialise the LCD; its address, or None (absent, or not answering)."""
        self.lcd = None
        try:
            address = lcd1602.find_lcd(self.i2c.scan())
            if address is not None:
                self.lcd = lcd1602.Lcd1602(self.i2c, address, sleep_ms=self.sleep_ms)
            return address
        except OSError:  # it answered the scan, then not: a loose wire; try again later
            return None

    def _lcd(self, rows: "tuple[str, str]", now: int) -> None:
        if self.lcd is None:
            if self.diff(now, self._lcd_retry_at) < LCD_RETRY_MS:
                return
            self._lcd_retry_at = now
            if self._attach_lcd() is None or self.lcd is None:
                return
            self._shown = None  # a fresh controller is blank: paint it whole
            self.logic.lcd_fault = False
        if rows == self._shown:
            return
        try:
            self.lcd.show(rows)
            self._shown = rows
        except OSError:  # I2C error (EIO, ETIMEDOUT): a loose cable, a backpack reset
            self.lcd = None
            self.lcd_failures += 1
            self.logic.lcd_fault = True
            self._lcd_retry_at = now

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
        self._lcd(self.logic.screen(now), now)
        lit = self.logic.led_lit(now)
        if lit != self._lit:
            self.led.value(1 if lit else 0)
            self._lit = lit
        if self.watchdog is None and self.start_watchdog is not None and (
                self.logic.last_rx is not None):
            # Started only once the host has talked to the box: before that a reset would
            # bring nothing back, and `mpremote` on a freshly plugged box never races it
            # (a started RP2040 watchdog cannot be stopped).
            self.watchdog = self.start_watchdog()
        if self.watchdog is not None:
            self.watchdog.feed()

    def flash_fault(self) -> None:
        """Say on the LED that a pass failed: FAULT_FLASHES fast flashes (half a second, far
        inside the watchdog's time); the next pass sets the LED's mode again."""
        for _ in range(FAULT_FLASHES):
            self.led.value(1)
            self.sleep_ms(FAULT_FLASH_MS)
            self.led.value(0)
            self.sleep_ms(FAULT_FLASH_MS)
        self._lit = None


def run(fw: "Firmware", sleep_ms: "Callable[[int], None]", reset: "Callable[[], Any]",
        passes: "int | None" = None) -> int:
    """The main loop: `fw.step()` every 2 ms, forever (or `passes` times, for tests); the
    passes made. A pass that raises must not drop the box to the REPL, where nothing feeds
    the watchdog (or none was started yet: the host has not talked) and the host hears
    nothing: the LED flashes fast and the loop goes on; a second failure within
    REPEAT_RESET_MS calls `reset` (machine.reset: the box starts afresh and says hello).
    KeyboardInterrupt is no Exception: Ctrl-C still reaches the REPL."""
    failed_at = None  # type: int | None
    done = 0
    while passes is None or done < passes:
        done += 1
        try:
            fw.step()
        except Exception:  # any bug: the box must come back by itself
            now = fw.clock_ms()
            if failed_at is not None and fw.diff(now, failed_at) < REPEAT_RESET_MS:
                reset()
                return done  # machine.reset never returns; a test's stand-in does
            failed_at = now
            try:
                fw.flash_fault()
            except Exception:  # the LED pin itself failing: reset instead
                reset()
                return done
        sleep_ms(2)  # a 2 ms scan: far inside the debounce window and a frame
    return done


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
                  board_time.ticks_diff, board_time.sleep_ms, box_id,
                  lambda: machine.WDT(timeout=WDT_MS))
    try:
        run(fw, board_time.sleep_ms, machine.reset)
    except KeyboardInterrupt:
        # Ctrl-C for the REPL: a started watchdog cannot be stopped, so a timer feeds it
        # while someone works at the prompt (README: replug the box before `mpremote`).
        wdt = fw.watchdog
        if wdt is not None:
            machine.Timer(period=1000, callback=lambda t: wdt.feed())
        raise


if __name__ == "__main__":
    main()
