"""A `machine` module for the MicroPython unix port, talking to the test through files.

The firmware runs under the real MicroPython interpreter (test_firmware_unix_port.py) with
this module in sys.modules["machine"]; the test is a separate CPython process, so the board
is files in the working directory: `buttons` holds the GP numbers held down, `lcd_gone`
makes the LCD vanish (scan empty, writes fail with EIO), `crash` makes reading a button raise
(a bug in a pass), and the board writes `i2c.log` (every I2C write, in hex), `led.log` (every
LED level), `wdt.log` (the watchdog's timeout, then a line per 100 feeds) and `reset.log`
(machine.reset, which then ends the interpreter as a reset ends the program). MicroPython
subset only: no typing, no dataclasses.
"""


def _exists(name):
    try:
        open(name).close()
        return True
    except OSError:
        return False


def _append(name, text):
    with open(name, "a") as f:
        f.write(text + "\n")


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2

    def __init__(self, gp, mode=0, pull=None):
        self.gp = gp
        self.mode = mode

    def value(self, v=None):
        if v is not None:
            _append("led.log", str(v))
            return v
        if self.mode != Pin.IN:
            return 0
        if _exists("crash"):
            raise ValueError("a bug in a pass")
        try:
            with open("buttons") as f:
                held = f.read().split()
        except OSError:
            held = []
        return 0 if str(self.gp) in held else 1  # pull-up: pressed reads 0


class I2C:
    def __init__(self, n, sda=None, scl=None, freq=100000):
        _append("i2c.log", f"open {n} {freq}")

    def scan(self):
        return [] if _exists("lcd_gone") else [0x27]

    def writeto(self, address, data):
        if _exists("lcd_gone"):
            raise OSError(5)  # EIO, as machine.I2C raises for a missing device
        _append("i2c.log", f"{address:02x} {bytes(data).hex()}")


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.feeds = 0
        _append("wdt.log", f"timeout {timeout}")

    def feed(self):
        self.feeds += 1
        if self.feeds % 100 == 0:
            _append("wdt.log", f"fed {self.feeds}")


def unique_id():
    return bytes([0xE6, 0x61, 0x4C, 0x31, 0x1B, 0x4A, 0x2B, 0x29])


def reset():
    _append("reset.log", "reset")
    raise SystemExit(3)
