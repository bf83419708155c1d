"""Fake LCD hardware: an HD44780 model and fake I2C port expanders that feed it.

Shipped in the package (not only tests) because the demo's mock rig drives the real charlcd
library through these. The chain is the real one, only the wires are fake:

    charlcd -> adafruit_mcp230xx / adafruit_pcf8574 -> adafruit_bus_device -> FakeI2CBus
      -> FakeMCP23008 / FakePCF8574 (decode E falling edges) -> HD44780 (DDRAM -> text)

so `HD44780.lines()` is what a person would read on the glass. Buses and chips count I2C
write transactions and bytes, so a benchmark can report bus traffic per bid step.

`fast_charlcd()` removes the library's per-byte sleeps; opt-in, for the mock rig and tests.
"""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType, SimpleNamespace
from typing import Final

from .lcd_text import POLISH_GLYPHS, ROM_TEXT

# HD44780 DDRAM addresses of each row's first column (20x4 layout; 16x2 uses the first two).
ROW_OFFSETS: Final = (0x00, 0x40, 0x14, 0x54)


class HD44780:
    """Just enough of an HD44780 to decode what a 4-bit driver wrote.

    `nibble()` is called on each E falling edge with RS and D4-D7. It starts in 8-bit mode,
    as the chip does at power-up, until a function set selects 4-bit transfers. `log` holds
    every completed byte as (rs, byte): rs=True is a character (data) write, rs=False a
    command. Characters 0-7 (and their aliases 8-15) are CGRAM glyphs; `cgram` keeps their
    5x8 patterns as written, and `text()` reads the glass back as a person would, finding
    each custom character's letter by its pattern.
    """

    def __init__(self, cols: int = 16, rows: int = 2) -> None:
        self.cols, self.rows = cols, rows
        self.ddram = bytearray(b" " * 0x80)
        self.cgram = bytearray(64)
        self.addr = 0
        self.cgram_mode = False
        self.display_on = False
        self.four_bit = False
        self.log: list[tuple[bool, int]] = []
        self._hi: int | None = None

    def nibble(self, rs: bool, nib: int) -> None:
        nib &= 0x0F
        if not self.four_bit:
            # 8-bit mode (power-up): every strobe is a whole byte; D0-D3 are not wired, so 0.
            # This is what makes the 0x33, 0x32 init sequence resynchronise the nibbles even
            # after a stray E edge (a PCF8574 port comes up all high, E included).
            self._complete(rs, nib << 4)
        elif self._hi is None:  # 4-bit mode: high nibble first
            self._hi = nib
        else:
            byte, self._hi = (self._hi << 4) | nib, None
            self._complete(rs, byte)

    def _complete(self, rs: bool, byte: int) -> None:
        self.log.append((rs, byte))
        if rs:
            self._data(byte)
        else:
            self._command(byte)

    def _data(self, byte: int) -> None:
        if self.cgram_mode:
            self.cgram[self.addr & 0x3F] = byte & 0x1F
            self.addr = (self.addr + 1) & 0x3F
            return
        self.ddram[self.addr & 0x7F] = byte
        # Two-line DDRAM is 0x00-0x27 and 0x40-0x67; the address wraps from one to the other.
        self.addr = {0x27: 0x40, 0x67: 0x00}.get(self.addr, self.addr + 1) & 0x7F

    def _command(self, byte: int) -> None:
        if byte & 0x80:  # set DDRAM address
            self.addr, self.cgram_mode = byte & 0x7F, False
        elif byte & 0x40:  # set CGRAM address
            self.addr, self.cgram_mode = byte & 0x3F, True
        elif byte & 0x20:  # function set: DL (0x10) picks 8-bit or 4-bit transfers
            self.four_bit = not byte & 0x10
            self._hi = None
        elif byte & 0x10:  # cursor/display shift: charlcd only sends it in move_left/right
            pass
        elif byte & 0x08:  # display on/off control
            self.display_on = bool(byte & 0x04)
        elif byte & 0x04:  # entry mode: the model assumes left to right
            pass
        elif byte & 0x02:  # return home
            self.addr, self.cgram_mode = 0, False
        elif byte == 0x01:  # clear display
            self.ddram[:] = b" " * 0x80
            self.addr, self.cgram_mode = 0, False

    def lines(self) -> list[str]:
        """The text on the glass, one string per row (ROM codes as chr(code))."""
        return [
            "".join(chr(self.ddram[start + i]) for i in range(self.cols))
            for start in ROW_OFFSETS[: self.rows]
        ]

    def glyph(self, slot: int) -> tuple[int, ...]:
        """The 8 rows (5 bits each) of CGRAM character `slot` (0-7)."""
        base = (slot & 0x07) * 8
        return tuple(self.cgram[base:base + 8])

    def text(self, font: Mapping[str, Sequence[int]] | None = None) -> list[str]:
        """The glass as text: a custom character becomes the letter of `font` (default: the
        Polish letters) whose pattern its CGRAM slot holds ("\ufffd" if none), ROM-only
        codes their letter ("\xdf" -> "°"), the rest as `lines()`."""
        letters = {tuple(g): ch for ch, g in (POLISH_GLYPHS if font is None else font).items()}

        def read(code: int) -> str:
            if code < 0x10:
                return letters.get(self.glyph(code), "\ufffd")
            return ROM_TEXT.get(chr(code), chr(code))

        return ["".join(read(self.ddram[start + i]) for i in range(self.cols))
                for start in ROW_OFFSETS[: self.rows]]

    def data_writes(self) -> int:
        """How many character bytes were written so far (what diff writing saves)."""
        return sum(1 for rs, _ in self.log if rs)

    def clears(self) -> int:
        return sum(1 for rs, byte in self.log if not rs and byte == 0x01)


@dataclass
class WriteCount:
    """I2C write transactions and payload bytes (a probe with no bytes is a transaction)."""

    writes: int = 0
    bytes: int = 0

    def add(self, n: int) -> None:
        self.writes += 1
        self.bytes += n


@dataclass
class FakeI2CChip:
    """One device on a FakeI2CBus. Subclasses decode what is written into `model`."""

    address: int
    model: HD44780 = field(default_factory=HD44780)
    count: WriteCount = field(default_factory=WriteCount)

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def read(self, n: int) -> bytes:
        raise NotImplementedError


@dataclass
class FakeMCP23008(FakeI2CChip):
    """Adafruit's I2C/SPI LCD backpack: GP1 RS, GP2 E, GP3-6 D4-D7, GP7 backlight."""

    address: int = 0x20
    regs: bytearray = field(default_factory=lambda: bytearray(11))
    backlight: bool | None = None
    _ptr: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        self.regs[0x00] = 0xFF  # IODIR: all inputs at power-up

    def write(self, data: bytes) -> None:
        if not data:
            return  # address probe
        self._ptr = data[0]
        for i, value in enumerate(data[1:]):  # sequential mode: the pointer auto-increments
            self._set((self._ptr + i) % 11, value)

    def read(self, n: int) -> bytes:
        return bytes(self.regs[(self._ptr + i) % 11] for i in range(n))

    def _set(self, reg: int, value: int) -> None:
        if reg not in (0x09, 0x0A):  # not GPIO/OLAT: just a register
            self.regs[reg] = value
            return
        old = self.regs[0x0A]
        self.regs[0x09] = self.regs[0x0A] = value  # writing GPIO writes the output latch
        self.backlight = bool(value & 0x80)
        if old & 0x04 and not value & 0x04:  # E falling edge latches RS and D4-D7
            self.model.nibble(bool(value & 0x02), (value >> 3) & 0x0F)


@dataclass
class FakePCF8574(FakeI2CChip):
    """A PCF8574 "1602 IIC" board: P0 RS, P1 RW, P2 E, P3 backlight, P4-P7 D4-D7.

    Every written byte sets the whole port. A strobe with RW high is a read on a real
    HD44780, so it is counted in `read_strobes` and not latched.
    """

    address: int = 0x27
    port: int = 0xFF  # quasi-bidirectional pins come up high
    read_strobes: int = 0

    def write(self, data: bytes) -> None:
        for value in data:
            if self.port & 0x04 and not value & 0x04:
                if value & 0x02:
                    self.read_strobes += 1
                else:
                    self.model.nibble(bool(value & 0x01), value >> 4)
            self.port = value

    def read(self, n: int) -> bytes:
        return bytes([self.port] * n)

    @property
    def backlight(self) -> bool:
        return bool(self.port & 0x08)


class FakeI2CBus:
    """A busio.I2C look-alike: routes transactions to chips by address and counts writes.

    A missing address raises OSError(EREMOTEIO) like Linux i2c-dev, so the Adafruit drivers
    fail at construction with "No I2C device at address" as they would on a Pi.
    """

    def __init__(self, chips: Iterable[FakeI2CChip] = ()) -> None:
        self.chips: dict[int, FakeI2CChip] = {}
        self.count = WriteCount()
        self.reads = 0
        self._lock = threading.Lock()
        for chip in chips:
            self.add(chip)

    def add(self, chip: FakeI2CChip) -> FakeI2CChip:
        if chip.address in self.chips:
            raise ValueError(f"two chips at I2C address 0x{chip.address:02x}")
        self.chips[chip.address] = chip
        return chip

    def _chip(self, address: int) -> FakeI2CChip:
        try:
            return self.chips[address]
        except KeyError:
            raise OSError(errno.EREMOTEIO, f"no device at 0x{address:02x}") from None

    # busio.I2C surface
    def try_lock(self) -> bool:
        return self._lock.acquire(blocking=False)

    def unlock(self) -> None:
        self._lock.release()

    def writeto(self, address: int, buffer: bytes | bytearray, *, start: int = 0,
                end: int | None = None) -> None:
        chip = self._chip(address)
        data = bytes(buffer[start:end])
        self.count.add(len(data))
        chip.count.add(len(data))
        chip.write(data)

    def readfrom_into(self, address: int, buffer: bytearray, *, start: int = 0,
                      end: int | None = None) -> None:
        chip = self._chip(address)
        end = len(buffer) if end is None else end
        self.reads += 1
        buffer[start:end] = chip.read(end - start)

    def writeto_then_readfrom(self, address: int, buffer_out: bytes | bytearray,
                              buffer_in: bytearray, *, out_start: int = 0,
                              out_end: int | None = None, in_start: int = 0,
                              in_end: int | None = None) -> None:
        self.writeto(address, buffer_out, start=out_start, end=out_end)
        self.readfrom_into(address, buffer_in, start=in_start, end=in_end)


class FakeMCP23008Bus(FakeI2CBus):
    """A bus with one MCP23008 backpack on it: `Character_LCD_I2C(FakeMCP23008Bus(), 16, 2)`."""

    def __init__(self, model: HD44780 | None = None, address: int = 0x20) -> None:
        self.chip = FakeMCP23008(address, model or HD44780())
        self.model = self.chip.model
        super().__init__([self.chip])


class FakePCF8574Bus(FakeI2CBus):
    """A bus with one PCF8574 LCD board on it (see `companion.boxes.lcd.pcf8574_lcd`)."""

    def __init__(self, model: HD44780 | None = None, address: int = 0x27) -> None:
        self.chip = FakePCF8574(address, model or HD44780())
        self.model = self.chip.model
        super().__init__([self.chip])


# --- skipping the library's sleeps -------------------------------------------------------------

_NO_SLEEP: Final = SimpleNamespace(sleep=lambda seconds: None)


def _charlcd_modules() -> list[ModuleType]:
    import adafruit_character_lcd.character_lcd as base
    import adafruit_character_lcd.character_lcd_i2c as i2c

    return [base, i2c]


_fast_lock = threading.Lock()
_fast_users = 0
_saved_time: list[tuple[ModuleType, object]] = []


def fast_charlcd() -> Callable[[], None]:
    """Make charlcd skip its 1 ms per byte (and 0.1 us per E pulse) sleeps; returns `restore`.

    Replaces the module-level `time` name in charlcd's modules only, so nothing else in the
    process loses time.sleep. Mock rig and tests only: a real HD44780 needs those delays.
    Counted: with two rigs open, the sleeps come back when both have restored.
    """
    global _fast_users
    with _fast_lock:
        if _fast_users == 0:
            _saved_time[:] = [(mod, vars(mod)["time"]) for mod in _charlcd_modules()]
            for mod, _ in _saved_time:
                vars(mod)["time"] = _NO_SLEEP
        _fast_users += 1
    done = False

    def restore() -> None:
        global _fast_users
        nonlocal done
        with _fast_lock:
            if done:
                return
            done = True
            _fast_users -= 1
            if _fast_users == 0:
                for mod, original in _saved_time:
                    vars(mod)["time"] = original
                _saved_time.clear()

    return restore
