"""Host side of the USB-serial seat boxes: discovery, one link per plugged box, seats bound to
box ids, claiming at the table, and hot-plug.

This module owns:

- discovery: serial ports whose USB VID:PID is a known box, named by their stable
  `/dev/serial/by-id` link when there is one (`usb_ports`); injectable, so tests pass ptys;
- `BoxLink`: one open port. A reader thread frames bytes into lines (`LineFramer`, apart from
  the port, like pyserial's `serial.threaded`), asks the box `ID?` (input sent before the
  port was opened is lost, so the host never waits for a greeting), then turns KEY lines into
  `KeyEdge`s. A writer thread sends LCD text and LED modes (latest wins, so `show()` never
  blocks the loop) and the host heartbeat. A box silent for `timeout` seconds, or a port
  error (unplug), closes the link;
- `SerialSeatBox`: a seat's `Box`. It keeps the seat's current LCD text and LED mode, so a
  box that is plugged in again (or claims the seat) gets them at once, while the app only
  sends what changed;
- `SerialBoxes`: the table's serial seats. A seat is bound to a box id from the config
  (`serial:<box id>`), or is a placeholder (`serial:*1`, `serial:*2`, ...) that the next new
  box takes when OK is pressed on it while the table screen asks. A second box with an id
  already in use is refused (log and table banner) and never takes the seat.

Threads only put `KeyEdge` and `BoxStatus` items on the app's sink; the table banner text
(`notice()`) is read by the app's loop, which a BoxStatus wakes when it changes.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.text import Msg, msg
from . import serial_protocol as sp
from .lcd import to_hd44780
from .vocabulary import LCD_COLS, BoxStatus, Clock, InputSink, Key, KeyEdge, LedMode

log = logging.getLogger(__name__)

# Raspberry Pi Pico running MicroPython (the reference firmware): VID 0x2E8A, PID 0x0005.
DEFAULT_USB_IDS: tuple[tuple[int, int], ...] = ((0x2E8A, 0x0005),)
BY_ID = Path("/dev/serial/by-id")
CLAIM_PREFIX = "*"  # `serial:*1`: a seat taken at the table; `*` never occurs in a box id
BAUD = 115200  # USB CDC ignores it; a UART bridge (CH340, FTDI) box needs it
READ_TIMEOUT = 0.25  # how often an idle reader looks up to check its deadlines (data wakes
# it at once; deadlines are seconds long, and 12 boxes at 20 wake-ups a second cost CPU)

OpenPort = Callable[[str], Any]  # path -> an open pyserial-like port


def usb_ports(usb_ids: Iterable[tuple[int, int]] = DEFAULT_USB_IDS, by_id: Path = BY_ID,
              comports: Callable[[], Iterable[Any]] | None = None) -> list[str]:
    """Ports of plugged-in boxes: comports() with a known VID:PID, plus by-id links of
    MicroPython boards, each named by its /dev/serial/by-id link when it has one (stable
    across replugs and reboots, unlike /dev/ttyACM0)."""
    ids = set(usb_ids)
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports
    found: dict[str, str] = {}
    for port in comports():
        if (port.vid, port.pid) in ids:
            found[os.path.realpath(port.device)] = port.device
    if by_id.is_dir():
        for link in sorted(by_id.iterdir()):
            real = os.path.realpath(link)
            if real in found or "MicroPython" in link.name:
                found[real] = str(link)
    return sorted(found.values())


def open_serial(path: str) -> Any:
    import serial

    # write_timeout: a box that stopped reading must not hang the writer thread for good.
    return serial.serial_for_url(path, baudrate=BAUD, timeout=READ_TIMEOUT, write_timeout=1.0)


@dataclass(frozen=True)
class SerialSeat:
    """A seat played on a serial box: `box_id` from the config, or `*N` to claim at the table."""

    seat: int
    name: str
    box_id: str

    @property
    def claimable(self) -> bool:
        return self.box_id.startswith(CLAIM_PREFIX)


def seat_label(seat: int, name: str) -> Msg:
    if seat < 0:  # HOST_SEAT: the host's own box may be a serial box too
        return msg("the host box")
    return msg("seat {n} ({name})", n=seat + 1, name=name)


# --- a seat's box ------------------------------------------------------------------------------


class _SeatLcd:
    def __init__(self, box: SerialSeatBox) -> None:
        self._box = box

    def show(self, line1: str, line2: str) -> None:
        self._box._set(rows=(line1, line2))

    @property
    def lines(self) -> tuple[str, str]:
        return self._box._rows


class _SeatLed:
    def __init__(self, box: SerialSeatBox) -> None:
        self._box = box

    def set(self, mode: LedMode) -> None:
        if mode not in sp.LED_MODES:
            raise ValueError(f"LED mode must be 'off', 'on' or 'blink', not {mode!r}")
        self._box._set(led=mode)

    @property
    def mode(self) -> str:
        return self._box._led


class SerialSeatBox:
    """A seat's serial box as the app sees it (`companion.boxes.vocabulary.Box`), plugged in or not.

    Text is mapped to the HD44780 ROM here (as for GPIO LCDs) and kept, so whichever box is
    attached next shows the seat's current text and LED straight away.
    """

    def __init__(self, spec: SerialSeat) -> None:
        self.seat = spec.seat
        self.spec = spec
        self._lock = threading.Lock()
        self._rows: tuple[str, str] = ("", "")
        self._led = "off"
        self._link: BoxLink | None = None
        self._lcd = _SeatLcd(self)
        self._led_port = _SeatLed(self)

    @property
    def lcd(self) -> _SeatLcd:
        return self._lcd

    @property
    def led(self) -> _SeatLed:
        return self._led_port

    @property
    def link(self) -> BoxLink | None:
        return self._link

    @property
    def connected(self) -> bool:
        return self._link is not None

    def _set(self, rows: tuple[str, str] | None = None, led: str | None = None) -> None:
        with self._lock:  # the loop thread sets, a link thread attaches: never send stale text
            if rows is not None:
                self._rows = (to_hd44780(rows[0])[:LCD_COLS], to_hd44780(rows[1])[:LCD_COLS])
                if self._link is not None:
                    self._link.post_lcd(self._rows)
            if led is not None:
                self._led = led
                if self._link is not None:
                    self._link.post_led(led)

    def attach(self, link: BoxLink) -> None:
        with self._lock:
            self._link = link
            link.post_lcd(self._rows)
            link.post_led(self._led)

    def detach(self, link: BoxLink) -> None:
        with self._lock:
            if self._link is link:
                self._link = None

    def close(self) -> None:
        pass  # links belong to SerialBoxes, which closes them


# --- one open port -------------------------------------------------------------------------------


class LinkClosed(Exception):
    """Why a link ended (the message goes to the log)."""


class BoxLink:
    """One open serial port and the box behind it. Created and owned by `SerialBoxes`."""

    def __init__(self, owner: SerialBoxes, path: str) -> None:
        self.owner = owner
        self.path = path
        self.ident: sp.Ident | None = None
        self.seat: int | None = None
        self.state = "opening"  # identifying, bound, unclaimed, refused, closed
        self.first_held: tuple[str, ...] | None = None  # keys held when it connected (stuck?)
        self.dropped = 0  # garbled, truncated, unknown lines
        self.errors_reported = 0  # ERR lines: the box dropped one of ours
        self.keys_lost = 0  # KEY lines missing by sequence number
        self._held: dict[str, bool] = dict.fromkeys(sp.KEYS, False)
        self._seq: int | None = None
        self._framer = sp.LineFramer()
        self._port: Any = None
        self._stop = threading.Event()
        self._cv = threading.Condition()
        self._lcd: tuple[str, str] | None = None
        self._led: str | None = None
        self._control: list[sp.Message] = []
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
                        self._lcd = None
                    if self._led is not None:
                        out.append(sp.Led(self._led))
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
        start = last_rx = time.monotonic()
        asked = start
        while not self._stop.is_set():
            data = self._port.read(self._port.in_waiting or 1)
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
                if now - asked >= 0.5:  # a box that was still booting (or reset on open)
                    self.post(sp.Identify())
                    asked = now
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

    def _key_event(self, event: sp.KeyEvent) -> None:
        if self._seq is not None:
            missing = (event.seq - self._seq - 1) % sp.MAX_SEQ
            if missing:
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


# --- the table's serial boxes ------------------------------------------------------------------


class SerialBoxes:
    """Every serial seat of a table, the links to plugged boxes, and the discovery thread.

    `boxes` maps seat -> SerialSeatBox for the app. `start()` marks every serial seat
    disconnected until its box identifies, and starts looking for boxes every `poll_every`
    seconds. `rebind_after`: a seat whose box has been gone that long may be claimed by a new
    box (a spare replacing a dead one); None never.
    """

    def __init__(
        self,
        seats: Sequence[SerialSeat],
        sink: InputSink,
        clock: Clock = time.monotonic,
        *,
        discover: Callable[[], Iterable[str]] | None = None,
        open_port: OpenPort = open_serial,
        poll_every: float = 1.0,
        heartbeat: float = 1.0,
        timeout: float = 3.5,
        identify_timeout: float = 5.0,
        retry_after: float = 2.0,
        rebind_after: float | None = 10.0,
    ) -> None:
        self.specs = {s.seat: s for s in seats}
        self.boxes = {s.seat: SerialSeatBox(s) for s in seats}
        self.sink = sink
        self.clock = clock
        self.discover = discover or usb_ports
        self.open_port = open_port
        self.poll_every = poll_every
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.identify_timeout = identify_timeout
        self.retry_after = retry_after
        self.rebind_after = rebind_after
        self._lock = threading.RLock()
        self._bound: dict[str, int] = {s.box_id: s.seat for s in seats if not s.claimable}
        self._connected = dict.fromkeys(self.boxes, False)
        self._gone_since = dict.fromkeys(self.boxes, time.monotonic())
        self._links: dict[str, BoxLink] = {}
        self._retry_at: dict[str, float] = {}
        self._unclaimed: list[BoxLink] = []
        self._refused: dict[BoxLink, Msg] = {}
        self._last_notice: Msg | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._discover_loop, name="serial-discovery",
                                        daemon=True)

    # -- life cycle

    def start(self) -> SerialBoxes:
        with self._lock:
            for seat in self.boxes:
                self.sink(BoxStatus(seat, False))
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(2.0)
        with self._lock:
            links = list(self._links.values())
        for link in links:
            link.close()

    def _discover_loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.scan()
            except Exception:  # a discovery hiccup (udev mid-change) must not end hot-plug
                log.exception("serial box discovery failed; trying again")
            with self._lock:
                # Time alone can change the banner (a seat gone long enough to be claimed).
                if self.notice() != self._last_notice:
                    self._prompt_unclaimed()
                    self._wake()
            self._stop.wait(self.poll_every)

    def scan(self) -> None:
        """Open a link to every discovered port that has none (and is not backing off)."""
        paths = list(self.discover())
        now = time.monotonic()
        with self._lock:
            for path in paths:
                if path in self._links or self._retry_at.get(path, 0.0) > now:
                    continue
                link = BoxLink(self, path)
                self._links[path] = link
                link.start()

    # -- what the app and the self-test read

    def connected(self, seat: int) -> bool:
        with self._lock:
            return self._connected.get(seat, False)

    def links(self) -> list[BoxLink]:
        with self._lock:
            return list(self._links.values())

    def notice(self) -> Msg | None:
        """A line for the table screen's banner: a refused box, or a seat waiting for a box."""
        with self._lock:
            for link, text in self._refused.items():
                if link.alive:
                    return text
            seat = self._claimable_seat()
            if seat is None:
                return None
            who = seat_label(seat, self.specs[seat].name)
            if self._unclaimed:
                return msg("New box plugged in: press OK on it to take {who}", who=who)
            if self.specs[seat].claimable and seat not in self._bound.values():
                return msg("{who} has no box yet: plug one in and press its OK", who=who)
            return None

    # -- called from link threads

    def _wake(self, seat: int | None = None) -> None:
        """Make the loop look at notice() again: a BoxStatus saying what is already true."""
        self._last_notice = self.notice()
        if seat is None:
            seat = next(iter(self.boxes), None)
        if seat is not None:
            self.sink(BoxStatus(seat, self._connected[seat]))

    def _claimable_seat(self) -> int | None:
        bound_seats = set(self._bound.values())
        for seat, spec in self.specs.items():
            if spec.claimable and seat not in bound_seats:
                return seat
        if self.rebind_after is not None:
            now = time.monotonic()
            for seat in self.specs:
                if not self._connected[seat] and now - self._gone_since[seat] >= self.rebind_after:
                    return seat
        return None

    def _identified(self, link: BoxLink) -> None:
        ident = link.ident
        assert ident is not None
        with self._lock:
            if ident.version != sp.PROTOCOL_VERSION:
                self._refuse(link, msg("Box {box} speaks protocol v{v}, this companion v{ours}: "
                                       "update the box's firmware or the companion",
                                       box=ident.box_id, v=ident.version, ours=sp.PROTOCOL_VERSION))
                link.show("Protocol v" + str(ident.version), "update firmware")
                return
            seat = self._bound.get(ident.box_id)
            if seat is None:
                link.state = "unclaimed"
                self._unclaimed.append(link)
                self._prompt_unclaimed()
                log.info("%s: box %s (firmware %s) has no seat yet", link.path, ident.box_id,
                         ident.firmware)
                self._wake()
                return
            holder = self.boxes[seat].link
            if holder is not None and holder is not link and holder.alive:
                who = seat_label(seat, self.specs[seat].name)
                self._refuse(link, msg("Box {box} refused: {who} already has a box with that id. "
                                       "Give each box its own id (hardware/firmware/README.md)",
                                       box=ident.box_id, who=who))
                link.show("ID in use:", ident.box_id)
                return
            self._bind(link, seat)

    def _refuse(self, link: BoxLink, text: Msg) -> None:
        link.state = "refused"
        self._refused[link] = text
        log.warning("%s: %s", link.path, text.render())
        self._wake()

    def _bind(self, link: BoxLink, seat: int) -> None:
        assert link.ident is not None
        link.seat = seat
        link.state = "bound"
        self.boxes[seat].attach(link)  # the seat's current text and LED, straight away
        self._connected[seat] = True
        self.sink(BoxStatus(seat, True))
        log.info("%s: box %s is %s", link.path, link.ident.box_id,
                 seat_label(seat, self.specs[seat].name).render())

    def _prompt_unclaimed(self) -> None:
        seat = self._claimable_seat()
        for link in self._unclaimed:
            assert link.ident is not None
            if seat is None:
                link.show("No seat to take", link.ident.box_id)
            else:
                link.show(f"OK: take seat {seat + 1}", self.specs[seat].name)

    def _key(self, link: BoxLink, key: Key, down: bool) -> None:
        with self._lock:
            if link.state == "bound" and link.seat is not None:
                self.sink(KeyEdge(link.seat, key, down, self.clock(), debounced=True))
            elif link.state == "unclaimed" and key is Key.OK and not down:
                self._claim(link)
            # refused boxes' keys go nowhere

    def _claim(self, link: BoxLink) -> None:
        assert link.ident is not None
        seat = self._claimable_seat()
        if seat is None:
            self._prompt_unclaimed()
            return
        for box_id, bound in list(self._bound.items()):
            if bound == seat:
                del self._bound[box_id]  # a spare replaces a box that has been gone a while
        self._bound[link.ident.box_id] = seat
        self._unclaimed.remove(link)
        self._bind(link, seat)
        log.info("box %s claimed %s at the table", link.ident.box_id,
                 seat_label(seat, self.specs[seat].name).render())
        self._prompt_unclaimed()

    def _link_closed(self, link: BoxLink, reason: str) -> None:
        with self._lock:
            if self._links.get(link.path) is link:
                del self._links[link.path]
            self._retry_at[link.path] = time.monotonic() + (
                self.retry_after if link.ident is not None else max(self.retry_after, 10.0))
            if link in self._unclaimed:
                self._unclaimed.remove(link)
                self._wake()
            if self._refused.pop(link, None) is not None:
                self._wake()
            seat = link.seat
            if seat is None or self.boxes[seat].link is not link:
                if link.ident is None and not self._stop.is_set():
                    log.warning("%s: %s", link.path, reason)
                return
            self.boxes[seat].detach(link)
            self._connected[seat] = False
            self._gone_since[seat] = time.monotonic()
            self.sink(BoxStatus(seat, False))
            log.warning("%s: box of %s disconnected: %s", link.path,
                        seat_label(seat, self.specs[seat].name).render(), reason)
            assert link.ident is not None
            for twin in list(self._refused):
                # A box refused for this very id takes over now that the seat is free.
                if twin.alive and twin.ident is not None and twin.ident.box_id == link.ident.box_id:
                    del self._refused[twin]
                    self._bind(twin, seat)
                    break
