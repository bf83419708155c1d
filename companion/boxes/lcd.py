"""Seat LCDs: text to HD44780 ROM codes, diff writes, and one writer thread per I2C bus.

This module owns the path from `TextDisplay.show(line1, line2)` to the adafruit charlcd
library:

- `to_hd44780` maps text to what the A00 character ROM can draw;
- `PolishFont`/`CgramAllocator` draw the Polish letters the ROM lacks (ą ć ę ł ń ó ś ź ż and
  capitals) as custom characters: up to 8 per LCD, defined in its CGRAM for the letters the
  current screen needs, the plain letter (ą -> a) when a screen needs more than 8;
- `LcdWriter` keeps a shadow of the glass and sends only the runs of characters that changed,
  lines padded to full width so shorter text always overwrites longer (the library's
  `message` never clears, and `clear()` costs a blank flash plus 3 ms);
- `LcdBus` is one thread per I2C bus that serialises the writes of every LCD on it; each LCD
  has a latest-wins slot, so `show()` never blocks and stale frames are never sent. The
  library sleeps about 1 ms per byte, so a full 16x2 frame takes 60-110 ms: far too slow
  for the app loop's thread;
- builders for the two backpacks we support, importing Blinka-based libraries lazily.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from .vocabulary import LCD_COLS, LCD_ROWS

log = logging.getLogger(__name__)

# --- text -> HD44780 A00 ROM -------------------------------------------------------------

# Characters whose A00 ROM code differs from their Unicode code point, or that ASCII lacks but
# the ROM draws. Values are ROM codes as one-char strings: charlcd sends ord(ch) unchanged.
# 0x5C is a yen sign and 0x7E/0x7F are arrows in A00, so backslash and tilde need stand-ins.
_ROM: dict[str, str] = {
    "\\": "/",
    "~": "-",
    "¥": "\x5c",
    "→": "\x7e",
    "←": "\x7f",
    "·": "\xa5",
    "°": "\xdf",
    "ä": "\xe1",
    "ß": "\xe2",  # the ROM's beta, the usual stand-in
    "µ": "\xe4",
    "ñ": "\xee",
    "ö": "\xef",
    "ü": "\xf5",
    "÷": "\xfd",
}
# Letters and marks NFKD does not decompose to ASCII but that have an obvious plain spelling.
_PLAIN: dict[str, str] = {
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "€": "E",
    "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-",
}
UNKNOWN = "?"


def _rom_safe(s: str) -> bool:
    # 0x20..0x7D are the ASCII glyphs in A00, except 0x5C (yen).
    return all(" " <= c <= "}" and c != "\\" for c in s)


@functools.lru_cache(maxsize=1024)
def _map_char(ch: str) -> str:
    if ch in _ROM:
        return _ROM[ch]
    if " " <= ch <= "}":
        return ch
    if ch < " " or ch == "\x7f":
        return " "  # a newline or tab would make charlcd jump lines: show a blank instead
    if ch in _PLAIN:
        return _PLAIN[ch]
    # Strip accents: "é" -> "e" + combining acute; keep the base if the ROM has it.
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if base and _rom_safe(base) else UNKNOWN


def to_hd44780(text: str) -> str:
    """Map `text` to HD44780 A00 ROM codes (one char per code); unknown letters become '?'.

    The result may be longer than the input ("æ" -> "ae"); callers truncate to the width.
    """
    return "".join(_map_char(ch) for ch in text)


# Reading the glass back (tests, the demo's LCD mock-ups): ROM codes to the text they draw.
ROM_TEXT: dict[str, str] = {code: ch for ch, code in _ROM.items() if ch not in "\\~"}


# --- Polish letters as custom characters (CGRAM) -----------------------------------------

CGRAM_SLOTS = 8
Glyph = tuple[int, int, int, int, int, int, int, int]  # 8 rows of 5 pixels, bit 4 = left

# 5x8 patterns in the A00 ROM's style. Lowercase letters keep the ROM's x-height (rows 2-6)
# with the accent in rows 0-1 and the ogonek in row 7; capitals with an accent above are six
# rows tall (2-7) so that no capital looks like its lowercase letter (Ó/ó, Ś/ś, Ź/ź, Ż/ż).
POLISH_GLYPHS: dict[str, Glyph] = {
    "ą": (0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F, 0x02),
    "ć": (0x02, 0x04, 0x0E, 0x10, 0x10, 0x11, 0x0E, 0x00),
    "ę": (0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E, 0x04),
    "ł": (0x0C, 0x04, 0x06, 0x0C, 0x04, 0x04, 0x0E, 0x00),
    "ń": (0x02, 0x04, 0x16, 0x19, 0x11, 0x11, 0x11, 0x00),
    "ó": (0x02, 0x04, 0x0E, 0x11, 0x11, 0x11, 0x0E, 0x00),
    "ś": (0x02, 0x04, 0x0E, 0x10, 0x0E, 0x01, 0x1E, 0x00),
    "ź": (0x02, 0x04, 0x1F, 0x02, 0x04, 0x08, 0x1F, 0x00),
    "ż": (0x04, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F, 0x00),
    "Ą": (0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x02),
    "Ć": (0x02, 0x04, 0x0E, 0x11, 0x10, 0x10, 0x11, 0x0E),
    "Ę": (0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F, 0x04),
    "Ł": (0x10, 0x10, 0x14, 0x18, 0x10, 0x10, 0x1F, 0x00),
    "Ń": (0x02, 0x04, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11),
    "Ó": (0x02, 0x04, 0x0E, 0x11, 0x11, 0x11, 0x11, 0x0E),
    "Ś": (0x02, 0x04, 0x0F, 0x10, 0x0E, 0x01, 0x01, 0x1E),
    "Ź": (0x02, 0x04, 0x1F, 0x01, 0x02, 0x04, 0x08, 0x1F),
    "Ż": (0x04, 0x00, 0x1F, 0x01, 0x02, 0x04, 0x08, 0x1F),
}


class PolishFont:
    """A mapper (text -> ROM codes, like `to_hd44780`) that also knows glyphs for letters the
    ROM lacks. Stateless and shared: each `LcdWriter` given one keeps its own CGRAM slots
    in a `CgramAllocator`. Called as a plain mapper it spells those letters plain."""

    def __init__(self, glyphs: dict[str, Glyph] | None = None,
                 fallback: Callable[[str], str] = to_hd44780) -> None:
        self.glyphs = dict(POLISH_GLYPHS if glyphs is None else glyphs)
        self.fallback = fallback

    def __call__(self, text: str) -> str:
        return self.fallback(text)

    def visible(self, line: str, cols: int) -> str:
        """The start of `line` that lands within `cols` columns once mapped."""
        width = 0
        for i, ch in enumerate(line):
            if width >= cols:
                return line[:i]
            width += 1 if ch in self.glyphs else len(self.fallback(ch))
        return line


POLISH = PolishFont()


class CgramAllocator:
    """One LCD's 8 CGRAM slots: which letter each holds, kept stable from frame to frame.

    `plan(lines)` maps one screen: every letter of the font that the screen shows gets a slot
    (already defined: reused, so a bid step defines nothing; else a free slot, else the slot
    least recently needed by a screen), and is written as that slot's code 0-7. When a
    screen needs more than 8 such letters, the 8 most frequent on it (letters already in a
    slot first) get slots and the rest fall back to the plain letter (ą -> a).
    """

    def __init__(self, font: PolishFont, slots: int = CGRAM_SLOTS) -> None:
        self.font = font
        self.letters: list[str | None] = [None] * slots  # what each slot holds on the chip
        self._used: list[int] = [0] * slots  # frame number that last needed the slot
        self._frame = 0

    def forget(self) -> None:
        """The chip's CGRAM is unknown (replugged LCD): define every letter again."""
        self.letters = [None] * len(self.letters)
        self._used = [0] * len(self._used)

    def plan(self, lines: Sequence[str], cols: int) -> tuple[list[str], dict[int, Glyph]]:
        """(mapped lines, {slot: glyph} to define before they are written)."""
        self._frame += 1
        shown = [self.font.visible(line, cols) for line in lines]
        text = "".join(shown)
        count: dict[str, int] = {}
        for ch in text:
            if ch in self.font.glyphs:
                count[ch] = count.get(ch, 0) + 1
        order = sorted(count, key=lambda ch: (ch not in self.letters, -count[ch], text.index(ch)))
        chosen = order[: len(self.letters)]
        defines: dict[int, Glyph] = {}
        for ch in chosen:
            if ch in self.letters:
                self._used[self.letters.index(ch)] = self._frame
        for ch in chosen:
            if ch in self.letters:
                continue
            free = [i for i, held in enumerate(self.letters) if held is None]
            if free:
                slot = free[0]
            else:  # the slot no letter of this screen holds, least recently needed
                idle = [i for i in range(len(self.letters)) if self._used[i] != self._frame]
                slot = min(idle, key=lambda i: (self._used[i], i))
            self.letters[slot] = ch
            self._used[slot] = self._frame
            defines[slot] = self.font.glyphs[ch]
        code = {ch: chr(self.letters.index(ch)) for ch in chosen}
        mapped = ["".join(code.get(ch) or self.font.fallback(ch) for ch in line)
                  for line in shown]
        return mapped, defines


# --- the charlcd object and the diff writer -----------------------------------------------


class CharLcd(Protocol):
    """What LcdWriter needs of an adafruit charlcd object (Character_LCD and subclasses)."""

    def cursor_position(self, column: int, row: int) -> None: ...

    @property
    def message(self) -> str | None: ...

    @message.setter
    def message(self, message: str) -> None: ...

    def create_char(self, location: int, pattern: Sequence[int]) -> None: ...


# Each run costs two "set DDRAM address" commands (ours, and charlcd's message setter sends
# its own), so rewriting up to two unchanged characters is no dearer than starting a new run.
MERGE_GAP = 2


def changed_runs(old: str | None, new: str, merge_gap: int = MERGE_GAP) -> list[tuple[int, int]]:
    """[start, end) column ranges where `new` differs from `old` (None = unknown: all)."""
    if old is None:
        return [(0, len(new))] if new else []
    runs: list[tuple[int, int]] = []
    for i, ch in enumerate(new):
        if i < len(old) and old[i] == ch:
            continue
        if runs and i - runs[-1][1] <= merge_gap:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs


class LcdWriter:
    """Writes frames to one LCD, sending only the characters that differ from the glass.

    Not thread-safe: one LcdBus thread (or one test) drives it. `blank=True` trusts that the
    glass is empty, as charlcd's constructor leaves it (it ends with clear()).

    With `mapper=POLISH` (a `PolishFont`) the writer owns a `CgramAllocator`: a frame that
    needs a letter not yet in CGRAM first rewrites the cells still showing the letter its slot
    held (so no cell ever shows the wrong letter), then defines the glyph with
    `create_char`, then sends the changed runs as usual. A frame whose letters are all
    defined already (a bid step) sends no CGRAM bytes at all.
    """

    def __init__(
        self,
        lcd: CharLcd,
        cols: int = LCD_COLS,
        rows: int = LCD_ROWS,
        *,
        mapper: Callable[[str], str] = to_hd44780,
        blank: bool = True,
    ) -> None:
        self.lcd = lcd
        self.cols, self.rows = cols, rows
        self.mapper = mapper
        self.cgram = CgramAllocator(mapper) if isinstance(mapper, PolishFont) else None
        self._shadow: list[str] | None = [" " * cols] * rows if blank else None
        self.chars_written = 0  # data bytes sent, for benchmarks and tests
        self.runs_written = 0
        self.glyphs_written = 0  # create_char calls (8 data bytes each)

    @property
    def glass(self) -> tuple[str, ...] | None:
        """What we believe is on the display, or None after invalidate()."""
        return None if self._shadow is None else tuple(self._shadow)

    def invalidate(self) -> None:
        """Forget the shadow (after an I2C error, or a replugged LCD): next write sends all,
        custom characters included."""
        self._shadow = None
        if self.cgram is not None:
            self.cgram.forget()

    def frame(self, lines: Sequence[str]) -> tuple[str, ...]:
        """The glass content for `lines` without custom characters: mapped, cut and padded
        to cols x rows (a CGRAM writer's frames come from its allocator, see `write`)."""
        rows = [self.mapper(line)[: self.cols].ljust(self.cols) for line in lines[: self.rows]]
        rows += [" " * self.cols] * (self.rows - len(rows))
        return tuple(rows)

    def _plan(self, lines: Sequence[str]) -> tuple[tuple[str, ...], dict[int, Glyph]]:
        if self.cgram is None:
            return self.frame(lines), {}
        mapped, defines = self.cgram.plan(list(lines[: self.rows]), self.cols)
        rows = [m[: self.cols].ljust(self.cols) for m in mapped]
        rows += [" " * self.cols] * (self.rows - len(rows))
        return tuple(rows), defines

    def _send(self, row: int, start: int, text: str) -> None:
        self.lcd.cursor_position(start, row)
        self.lcd.message = text
        self.runs_written += 1
        self.chars_written += len(text)

    def write(self, lines: Sequence[str]) -> int:
        """Bring the glass to `lines`; returns the number of characters sent."""
        want, defines = self._plan(lines)
        if self._shadow is None:
            # Unknown glass: rewrite everything; padding overwrites, no clear() flash.
            self._shadow = [""] * self.rows
            unknown = True
        else:
            unknown = False
        sent = 0
        if defines and not unknown:
            # A slot about to hold another letter: the cells still showing its old letter get
            # their new text first, or they would turn into the new letter on the glass.
            stale = {chr(slot) for slot in defines}
            for row, text in enumerate(want):
                glass = self._shadow[row]
                cols = [i for i, ch in enumerate(glass) if ch in stale and text[i] != ch]
                for start, end in _runs(cols):
                    self._send(row, start, text[start:end])
                    sent += end - start
                    glass = glass[:start] + text[start:end] + glass[end:]
                self._shadow[row] = glass
        for slot, glyph in sorted(defines.items()):
            self.lcd.create_char(slot, list(glyph))
            self.glyphs_written += 1
        for row, text in enumerate(want):
            old = None if unknown else self._shadow[row]
            for start, end in changed_runs(old, text):
                self._send(row, start, text[start:end])
                sent += end - start
            # Updated per row: if a later row raises, the caller invalidates anyway.
            self._shadow[row] = text
        return sent


def _runs(cols: Sequence[int]) -> list[tuple[int, int]]:
    """[start, end) ranges of consecutive columns."""
    runs: list[tuple[int, int]] = []
    for c in cols:
        if runs and runs[-1][1] == c:
            runs[-1] = (runs[-1][0], c + 1)
        else:
            runs.append((c, c + 1))
    return runs


# --- one writer thread per I2C bus ------------------------------------------------------------


class BusLcd:
    """One LCD on an LcdBus: the `TextDisplay` the app holds. `show()` only stores and signals."""

    def __init__(self, bus: LcdBus, writer: LcdWriter, name: str) -> None:
        self._bus = bus
        self.writer = writer
        self.name = name
        self.text: tuple[str, ...] = ("",) * writer.rows  # newest text asked for
        self.pending: tuple[str, ...] | None = None  # guarded by the bus condition
        self.retry_at = 0.0
        self.errors = 0

    def show(self, line1: str, line2: str) -> None:
        self._bus.post(self, (line1, line2))


class LcdBus:
    """Serialises the writes of every LCD on one I2C bus in one daemon thread.

    Each LCD keeps only its newest wanted text (latest wins). LCDs are served round-robin, so
    one seat holding PLUS on auto-repeat cannot starve the others. An I2C error (unplugged
    LCD, bad contact) is logged, the LCD's shadow forgotten, and its text retried after
    `retry_after` seconds; the thread never dies of it.
    """

    def __init__(self, name: str = "lcd-bus", *, retry_after: float = 2.0) -> None:
        self.name = name
        self.retry_after = retry_after
        self._cv = threading.Condition()
        # Held during every transaction sequence: an LCD's init (in attach) must not
        # interleave with another LCD's writes. adafruit_mcp230xx even shares one module-level
        # buffer between all MCP23008s, so only one thread may talk to them at a time.
        self._io = threading.Lock()
        self._slots: list[BusLcd] = []
        self._next = 0
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def attach(
        self,
        build: Callable[[], CharLcd],
        *,
        cols: int = LCD_COLS,
        rows: int = LCD_ROWS,
        mapper: Callable[[str], str] = to_hd44780,
        name: str = "",
    ) -> BusLcd:
        """Build an LCD (under the bus lock: its init talks on the bus) and add it."""
        with self._io:
            lcd = build()
        writer = LcdWriter(lcd, cols, rows, mapper=mapper)
        with self._cv:
            slot = BusLcd(self, writer, name or f"lcd{len(self._slots)}")
            self._slots.append(slot)
        return slot

    def post(self, slot: BusLcd, lines: tuple[str, ...]) -> None:
        """Store `lines` as the slot's newest text and wake the thread. Never waits on I/O."""
        with self._cv:
            slot.text = slot.pending = lines
            self._cv.notify_all()

    def flush(self, timeout: float | None = 5.0) -> bool:
        """Wait until every pending text is on the glass. False if `timeout` ran out first
        (or an LCD keeps failing and its text waits for a retry)."""
        def settled() -> bool:
            return self._closed or (
                not self._busy and all(s.pending is None for s in self._slots)
            )

        with self._cv:
            return self._cv.wait_for(settled, timeout)

    def close(self, timeout: float = 1.0) -> None:
        """Write what is pending (up to `timeout`), then stop the thread. Idempotent."""
        if self._thread.is_alive():
            self.flush(timeout)
        with self._cv:
            self._closed = True
            self._cv.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def __enter__(self) -> LcdBus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the thread

    def _take(self, now: float) -> BusLcd | None:
        n = len(self._slots)
        for i in range(n):
            slot = self._slots[(self._next + i) % n]
            if slot.pending is not None and slot.retry_at <= now:
                self._next = (self._next + i + 1) % n
                return slot
        return None

    def _wait_time(self, now: float) -> float | None:
        waits = [s.retry_at - now for s in self._slots if s.pending is not None]
        return max(0.0, min(waits)) if waits else None

    def _run(self) -> None:
        while True:
            with self._cv:
                while True:
                    if self._closed:
                        return
                    now = time.monotonic()
                    slot = self._take(now)
                    if slot is not None:
                        break
                    self._cv.wait(self._wait_time(now))
                lines = cast(tuple[str, ...], slot.pending)
                slot.pending = None
                self._busy = True
            failed = False
            try:
                with self._io:
                    slot.writer.write(lines)
            except Exception:  # an I2C fault must not kill the thread every LCD depends on
                failed = True
                slot.writer.invalidate()
                if slot.errors == 0:
                    log.exception("%s: writing %s failed; retrying every %.1fs",
                                  self.name, slot.name, self.retry_after)
            with self._cv:
                if failed:
                    slot.errors += 1
                    slot.retry_at = time.monotonic() + self.retry_after
                    if slot.pending is None:
                        slot.pending = lines
                else:
                    if slot.errors:
                        log.info("%s: %s works again", self.name, slot.name)
                    slot.errors = 0
                self._busy = False
                self._cv.notify_all()


# --- builders for real (or faked) backpacks ------------------------------------------------


class I2CBus(Protocol):
    """The busio.I2C surface the Adafruit drivers use (and the fakes in fake_lcd provide)."""

    def try_lock(self) -> bool: ...

    def unlock(self) -> None: ...

    def writeto(self, address: int, buffer: bytes | bytearray, *, start: int = 0,
                end: int | None = None) -> None: ...

    def readfrom_into(self, address: int, buffer: bytearray, *, start: int = 0,
                      end: int | None = None) -> None: ...

    def writeto_then_readfrom(self, address: int, buffer_out: bytes | bytearray,
                              buffer_in: bytearray, *, out_start: int = 0,
                              out_end: int | None = None, in_start: int = 0,
                              in_end: int | None = None) -> None: ...


def mcp23008_lcd(i2c: I2CBus, address: int = 0x20, cols: int = LCD_COLS,
                 rows: int = LCD_ROWS) -> CharLcd:
    """An LCD on Adafruit's MCP23008 I2C/SPI backpack (address 0x20-0x27 by jumpers)."""
    from adafruit_character_lcd.character_lcd_i2c import Character_LCD_I2C

    lcd = Character_LCD_I2C(i2c, cols, rows, address=address)
    # The base __init__ resets _backlight_on after the backpack set it, and this class
    # sends the backlight bit with every byte: without this the light goes out on first text.
    lcd.backlight = True
    return cast(CharLcd, lcd)


def pcf8574_lcd(i2c: I2CBus, address: int = 0x27, cols: int = LCD_COLS,
                rows: int = LCD_ROWS) -> CharLcd:
    """An LCD on a PCF8574 "1602 IIC" board: P0 RS, P1 RW, P2 E, P3 backlight, P4-P7 D4-D7."""
    from adafruit_character_lcd.character_lcd import Character_LCD_Mono
    from adafruit_pcf8574 import PCF8574

    pcf = PCF8574(i2c, address)
    # RW high would put the HD44780 in read mode, driving D4-D7 against us; we only write.
    pcf.get_pin(1).switch_to_output(value=False)
    pin = pcf.get_pin
    lcd = Character_LCD_Mono(pin(0), pin(2), pin(4), pin(5), pin(6), pin(7), cols, rows,
                             backlight_pin=pin(3))
    lcd.backlight = True  # the pin is already on; this makes `lcd.backlight` read true too
    return cast(CharLcd, lcd)


def real_i2c() -> I2CBus:
    """The Pi's I2C bus 1 (SDA pin 3, SCL pin 5). Only ever call this on a Pi.

    Imports Blinka here, not at module import: on a PC `board` has no I2C, and on a Pi the
    import needs gpiod (set BLINKA_SKIP_DEPENDENCY_CHECK=1 so it never offers to pip-install).
    The bus speed is the kernel's (dtparam=i2c_arm_baudrate in config.txt), not ours.
    """
    import board
    import busio

    bus: Any = busio.I2C(board.SCL, board.SDA)
    return cast(I2CBus, bus)
