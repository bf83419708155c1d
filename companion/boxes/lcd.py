"""Seat LCDs: diff writes, and one writer thread per I2C bus.

This module owns the path from `TextDisplay.show(line1, line2)` to the adafruit charlcd
library (text mapping is in `lcd_text`, the backpack builders in `lcd_backpacks`):

- `LcdWriter` keeps a shadow of the glass and sends only the runs of characters that changed,
  lines padded to full width so shorter text always overwrites longer (the library's
  `message` never clears, and `clear()` costs a blank flash plus 3 ms);
- `LcdBus` is one thread per I2C bus that serialises the writes of every LCD on it; each LCD
  has a latest-wins slot, so `show()` never blocks and stale frames are never sent. The
  library sleeps about 1 ms per byte, so a full 16x2 frame takes 60-110 ms: far too slow
  for the app loop's thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import cast

from ..engine.text import Msg
from .box_faults import lcd_fault
from .lcd_backpacks import CharLcd
from .lcd_text import CgramAllocator, Glyph, PolishFont, to_hd44780
from .vocabulary import LCD_COLS, LCD_ROWS

log = logging.getLogger(__name__)


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
    """One LCD on an LcdBus: the `TextDisplay` the app holds. `show()` only stores and signals.

    `fault` is what is wrong with it in words (None while it works): an LCD missing at start
    or failing later is built afresh (the HD44780 needs its init again after a replug) every
    `retry_after` seconds by the bus thread until it answers."""

    def __init__(self, bus: LcdBus, build: Callable[[], LcdWriter], name: str,
                 address: int | None) -> None:
        self._bus = bus
        self.build = build
        self.writer: LcdWriter | None = None
        self.name = name
        self.address = address
        self.text: tuple[str, ...] = ("",) * LCD_ROWS  # newest text asked for
        self.pending: tuple[str, ...] | None = None  # guarded by the bus condition
        self.retry_at = 0.0
        self.errors = 0
        self.fault: Msg | None = None

    def show(self, line1: str, line2: str) -> None:
        self._bus.post(self, (line1, line2))


class LcdBus:
    """Serialises the writes of every LCD on one I2C bus in one daemon thread.

    Each LCD keeps only its newest wanted text (latest wins). LCDs are served round-robin, so
    one seat holding PLUS on auto-repeat cannot starve the others. An I2C error (unplugged
    LCD, bad contact) is logged, the LCD's shadow forgotten, and its text retried after
    `retry_after` seconds; the thread never dies of it.
    """

    def __init__(self, name: str = "lcd-bus", *, retry_after: float = 2.0,
                 on_fault: Callable[[BusLcd], None] | None = None) -> None:
        self.name = name
        self.retry_after = retry_after
        # Told (on the bus thread) when an LCD's `fault` changes: it failed, or works again.
        self.on_fault = on_fault
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
        address: int | None = None,
        register: Callable[[BusLcd], None] | None = None,
    ) -> BusLcd:
        """Build an LCD (under the bus lock: its init talks on the bus) and add it. An LCD
        that cannot be built (missing, I2C off) is added all the same with its `fault`, and
        built again by the bus thread every `retry_after` seconds until it answers."""

        def make() -> LcdWriter:
            return LcdWriter(build(), cols, rows, mapper=mapper)

        with self._cv:
            slot = BusLcd(self, make, name or f"lcd{len(self._slots)}", address)
        if register is not None:  # before the first fault can be told
            register(slot)
        try:
            with self._io:
                slot.writer = make()
        except Exception as exc:  # one missing LCD must not stop the table
            self._failed(slot, exc)
        with self._cv:
            if slot.writer is None:
                slot.pending = slot.text
            self._slots.append(slot)
            self._cv.notify_all()
        return slot

    def _failed(self, slot: BusLcd, exc: Exception) -> None:
        """Record an LCD fault: one log line when it starts (said by the seat's faults when
        someone listens: one place logs every box fault), the words for the table."""
        fault = lcd_fault(exc, slot.address)
        if slot.errors == 0 and self.on_fault is None:
            log.warning("%s: %s (%s); retrying every %.1fs", slot.name,
                        fault.render(lambda t: t), exc, self.retry_after)
        slot.errors += 1
        slot.retry_at = time.monotonic() + self.retry_after
        changed = slot.fault != fault
        slot.fault = fault
        if changed and self.on_fault is not None:
            self.on_fault(slot)

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
            failed: Exception | None = None
            try:
                with self._io:
                    if slot.writer is None:
                        slot.writer = slot.build()  # a fresh init: the LCD may be new
                    slot.writer.write(lines)
            except Exception as exc:  # an I2C fault must not kill the thread every LCD needs
                failed = exc
                slot.writer = None
            with self._cv:
                if failed is not None:
                    self._failed(slot, failed)
                    if slot.pending is None:
                        slot.pending = lines
                else:
                    if slot.errors and self.on_fault is None:
                        log.warning("%s: %s works again", self.name, slot.name)
                    slot.errors = 0
                    if slot.fault is not None:
                        slot.fault = None
                        if self.on_fault is not None:
                            self.on_fault(slot)
                self._busy = False
                self._cv.notify_all()
