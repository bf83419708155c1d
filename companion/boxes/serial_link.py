"""One open serial port and the box behind it.

This module owns `BoxLink`. A reader thread frames bytes into lines (`LineFramer`, apart from
the port, like pyserial's `serial.threaded`), asks the box `ID?` (input sent before the port
was opened is lost, so the host never waits for a greeting), then turns KEY lines into key
edges for its owner. A writer thread sends LCD text and LED modes (latest wins, so `show()`
never blocks the loop) and the host heartbeat. A box that restarts behind an open port (its
hello `ID` line, or its KEY numbers going back) is followed: key numbers are counted afresh
and the glass and LED are sent again, with no false "lost" warnings. A box silent for
`timeout` seconds, or a port error (unplug), closes the link. The owner (`SerialBoxes`)
decides what a link's box is for.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from . import serial_protocol as sp
from .lcd_text import to_hd44780
from .vocabulary import LCD_COLS, Key

log = logging.getLogger(__name__)

# An ID line within this long of our ID? is its answer (a slow box answers two asks), not
# the hello of a box that restarted.
ANSWER_WINDOW = 1.0


class LinkOwner(Protocol):
    """What a link needs from the manager that opened it (`SerialBoxes`)."""

    heartbeat: float
    timeout: float
    identify_timeout: float

    def open_port(self, path: str) -> Any: ...

    def _identified(self, link: BoxLink) -> None: ...

    def _key(self, link: BoxLink, key: Key, down: bool) -> None: ...

    def _link_closed(self, link: BoxLink, reason: str) -> None: ...


class LinkClosed(Exception):
    """Why a link ended (the message goes to the log)."""


class BoxLink:
    """One open serial port and the box behind it. Created and owned by `SerialBoxes`."""

    def __init__(self, owner: LinkOwner, path: str, usb_serial: str | None = None) -> None:
        self.owner = owner
        self.path = path
        self.usb_serial = usb_serial  # the USB device's serial number, None if unknown
        self.ident: sp.Ident | None = None
        self.seat: int | None = None
        self.state = "opening"  # identifying, bound, unclaimed, refused, closed
        self.first_held: tuple[str, ...] | None = None  # keys held when it connected (stuck?)
        self.dropped = 0  # garbled, truncated, unknown lines
        self.errors_reported = 0  # ERR lines: the box dropped one of ours
        self.keys_lost = 0  # KEY lines missing by sequence number
        self.restarts = 0  # times the box restarted while the port stayed open
        self._held: dict[str, bool] = dict.fromkeys(sp.KEYS, False)
        self._seq: int | None = None
        self._framer = sp.LineFramer()
        self._port: Any = None
        self._stop = threading.Event()
        self._cv = threading.Condition()
        self._lcd: tuple[str, str] | None = None
        self._led: str | None = None
        self._control: list[sp.Message] = []
        self._sent: tuple[tuple[str, str] | None, str | None] = (None, None)  # LCD, LED
        self._asked_at = 0.0  # when we last sent ID?
        self._failed: str | None = None  # set by the writer when the port fails under it
        self._reader = threading.Thread(target=self._read_loop, name=f"serial-box {path}",
                                        daemon=True)
        self._writer = threading.Thread(target=self._write_loop, name=f"serial-out {path}",
                                        daemon=True)

    def start(self) -> None:
        self._reader.start()

    def close(self, timeout: float = 2.0) -> None:
        self._stop.set()
        with self._cv:
            self._cv.notify_all()
        if self._reader.is_alive() and self._reader is not threading.current_thread():
            self._reader.join(timeout)

    @property
    def alive(self) -> bool:
        return not self._stop.is_set()

    # -- output (any thread)

    def post_lcd(self, rows: tuple[str, str]) -> None:
        with self._cv:
            self._lcd = rows
            self._cv.notify_all()

    def post_led(self, mode: str) -> None:
        with self._cv:
            self._led = mode
            self._cv.notify_all()

    def post(self, message: sp.Message) -> None:
        with self._cv:
            self._control.append(message)
            self._cv.notify_all()

    def _write_loop(self) -> None:
        every = self.owner.heartbeat
        next_hb = time.monotonic() + every
        try:
            while not self._stop.is_set():
                with self._cv:
                    while not (self._stop.is_set() or self._control or self._lcd is not None
                               or self._led is not None or time.monotonic() >= next_hb):
                        self._cv.wait(max(0.0, next_hb - time.monotonic()))
                    out: list[sp.Message] = list(self._control)
                    self._control.clear()
                    if self._lcd is not None:
                        out.append(sp.LcdText(*self._lcd))
                        self._sent = (self._lcd, self._sent[1])
                        self._lcd = None
                    if self._led is not None:
                        out.append(sp.Led(self._led))
                        self._sent = (self._sent[0], self._led)
                        self._led = None
                if self._stop.is_set():
                    return
                if time.monotonic() >= next_hb:
                    out.append(sp.Heartbeat())
                    next_hb = time.monotonic() + every
                self._port.write(b"".join(sp.encode(m) for m in out))
        except Exception as exc:  # unplugged or stuck: the reader closes the link
            self._failed = f"write failed: {exc}"
            self._stop.set()

    # -- input (the reader thread)

    def _read_loop(self) -> None:
        reason = "closed"
        try:
            self._port = self.owner.open_port(self.path)
        except Exception as exc:
            self.state = "closed"
            self.owner._link_closed(self, f"cannot open: {exc}")
            return
        self._writer.start()
        try:
            reason = self._serve()
        except LinkClosed as exc:
            reason = str(exc)
        except Exception as exc:  # SerialException, OSError: the box was unplugged
            reason = f"{type(exc).__name__}: {exc}"
        finally:
            self._stop.set()
            with self._cv:
                self._cv.notify_all()
            self._writer.join(2.0)
            with contextlib.suppress(Exception):  # closing a port that is gone may raise too
                self._port.close()
            self.state = "closed"
            self.owner._link_closed(self, self._failed or reason)

    def _serve(self) -> str:
        owner = self.owner
        self.state = "identifying"
        self.post(sp.Identify())
        start = last_rx = self._asked_at = time.monotonic()
        read = reader(self._port)
        while not self._stop.is_set():
            data = read()
            now = time.monotonic()
            if data:
                for line in self._framer.feed(data):
                    if self._line(line):
                        last_rx = now
            if self.ident is None:
                if now - start > owner.identify_timeout:
                    raise LinkClosed(f"no companion box answers ID? within "
                                     f"{owner.identify_timeout:.0f}s (not a box, or its "
                                     f"firmware is not running)")
                if now - self._asked_at >= 0.5:  # a box still booting (or reset on open)
                    self.post(sp.Identify())
                    self._asked_at = now
            elif now - last_rx > owner.timeout:
                raise LinkClosed(f"silent for {owner.timeout:.1f}s (no heartbeat)")
        return self._failed or "closed"

    def _line(self, line: bytes) -> bool:
        """Handle one line; True if it was a valid protocol line (the box is alive)."""
        if not line.strip():
            return False
        try:
            message = sp.decode(line)
        except sp.ProtocolError as exc:
            self.dropped += 1
            log.debug("%s: dropped line (%s): %r", self.path, exc, line[:40])
            return False
        if isinstance(message, sp.Ident):
            if self.ident is None:
                self.ident = message
                self.owner._identified(self)
            elif message != self.ident:
                log.warning("%s: box now says it is %s; ignored until it is plugged in again",
                            self.path, message.box_id)
            else:
                self._hello()
        elif self.ident is None:
            pass  # stale lines from before our ID? (a greeting, old heartbeats)
        elif isinstance(message, sp.KeyEvent):
            self._key_event(message)
        elif isinstance(message, sp.Heartbeat):
            if self.first_held is None:
                # The state when we connected: a baseline, not presses (a stuck button).
                self.first_held = message.held
                for k in message.held:
                    self._held[k] = True
            else:
                for k in sp.KEYS:
                    if self._held[k] and k not in message.held:
                        self._edge(k, False)  # its "up" line was lost: never leave it held
        elif isinstance(message, sp.BoxError):
            self.errors_reported += 1
            log.debug("%s: box dropped a host line: %s", self.path, message.reason)
        return True

    def _hello(self) -> None:
        """The box said who it is again: it restarted (its hello), or answered a second ID?
        late. Either way its key numbers may start from 0 and its glass may be blank."""
        self._seq = None
        if time.monotonic() - self._asked_at > ANSWER_WINDOW:
            self.restarts += 1
            log.info("%s: box %s restarted; its key numbers start again", self.path,
                     self.ident.box_id if self.ident else "?")
        self._resend()

    def _resend(self) -> None:
        with self._cv:  # what the box showed before it restarted, unless newer is queued
            if self._lcd is None:
                self._lcd = self._sent[0]
            if self._led is None:
                self._led = self._sent[1]
            self._cv.notify_all()

    def _key_event(self, event: sp.KeyEvent) -> None:
        if self._seq is not None:
            missing = (event.seq - self._seq - 1) % sp.MAX_SEQ
            if missing >= sp.MAX_SEQ // 2:
                # Behind us, not ahead: the box counts from 0 again (it restarted and its
                # hello was lost, or its firmware sends none). No line is missing.
                self.restarts += 1
                log.info("%s: box's key numbers went back from %d to %d: it restarted",
                         self.path, self._seq, event.seq)
                self._resend()
            elif missing:
                self.keys_lost += missing
                log.warning("%s: %d key line(s) lost", self.path, missing)
        self._seq = event.seq
        if self._held[event.key_name] == event.down:
            # The opposite edge was in a lost line: replay it, so a press still counts
            # (up without down) and a key is never left down (down without up).
            self._edge(event.key_name, not event.down)
        self._edge(event.key_name, event.down)

    def _edge(self, key: str, down: bool) -> None:
        self._held[key] = down
        self.owner._key(self, Key(key), down)

    def show(self, line1: str, line2: str) -> None:
        """Text on this box's own LCD while it has no seat (claim prompt, refusal)."""
        self.post_lcd((to_hd44780(line1)[:LCD_COLS], to_hd44780(line2)[:LCD_COLS]))


def reader(port: Any) -> Callable[[], bytes]:
    """What the reader thread calls for the next bytes: it waits up to the port's read
    timeout, then returns all that came (b"" if nothing did).

    Each call that waits hands the interpreter to the other threads and must take it back
    when it returns, which, while the loop draws or lays out, waits for the loop's switch
    interval or the end of the C call it is in (a glyph, a blit, a collector pass).
    pyserial's `read(in_waiting or 1)` makes five such calls for a line that came in one
    piece (select, read one byte, the count, select again, read the rest): on the mixed
    table's bench a line took up to 5 ms to reach the queue while the loop laid out ahead.
    A POSIX port (a USB box, a pty) is read here in two: select, then one `os.read` of
    all there is. pyserial keeps no buffer of its own on POSIX, so nothing is skipped.
    Other ports (pyserial's URL handlers, Windows) are read through pyserial."""
    try:
        fd = port.fileno()
    except (AttributeError, OSError, ValueError):  # no file descriptor behind this port
        return lambda: bytes(port.read(port.in_waiting or 1))
    wait = port.timeout

    def read() -> bytes:
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            return b""
        try:
            data = os.read(fd, 4096)
        except BlockingIOError:  # (pyserial opens the port non-blocking)
            return b""
        except OSError as exc:  # EIO: unplugged, or the pty's other side closed
            raise LinkClosed(f"read failed: {exc}") from exc
        if not data:  # readable but empty: the device is gone, as pyserial reports it
            raise LinkClosed("the port reports data but has none (unplugged?)")
        return data

    return read
