"""A serial box on a pty pair, running the reference firmware's logic: tests, bench, self-test.

This module owns the fake: one `os.openpty()` pair is one plugged-in box (the host opens the
slave path like /dev/ttyACM0); a thread runs `boxlogic.BoxLogic` on the
master end, so the host talks to the very code a Pico runs. `unplug()` closes both ends,
which the host sees exactly as a USB unplug (SerialException on read); `plug()` makes a new
pair with a new path, like a replug onto another port. `restart()` starts the firmware's
logic again with the port kept open (a soft reset behind a UART bridge). `send_raw` injects
garbage.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable, Iterable

from companion.boxes import serial_protocol as sp

from .boxlogic import HEARTBEAT_MS, HOST_TIMEOUT_MS, BoxLogic


def _ms() -> int:
    return int(time.monotonic() * 1000)


class FakeSerialBox:
    def __init__(self, box_id: str, lcd_address: int | None = 0x27, *, plugged: bool = True,
                 heartbeat_ms: int = HEARTBEAT_MS, host_timeout_ms: int = HOST_TIMEOUT_MS,
                 answer: bool = True) -> None:
        self.box_id = box_id
        self._boot = (lcd_address, heartbeat_ms, host_timeout_ms)
        self.logic = BoxLogic(box_id, lcd_address, _ms(), heartbeat_ms=heartbeat_ms,
                              host_timeout_ms=host_timeout_ms)
        self.answer = answer  # False: a hung box (the port is there, nothing comes back)
        self.path = ""
        self.received: list[sp.Message] = []  # every valid host line, for tests
        self._pressed = dict.fromkeys(sp.KEYS, False)
        self._lock = threading.Lock()
        self._master = self._slave = -1
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if plugged:
            self.plug()

    @property
    def plugged(self) -> bool:
        return self._thread is not None

    def plug(self) -> str:
        if self.plugged:
            return self.path
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)  # heartbeats to a host not listening must not block
        self.path = os.ttyname(self._slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"fake box {self.box_id}",
                                        daemon=True)
        self._thread.start()
        return self.path

    def unplug(self) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join(2.0)
        self._thread = None
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._master = self._slave = -1

    def restart(self) -> None:
        """The firmware starts again, the port stays open (a UART bridge's box, or a
        MicroPython soft reset): key numbers from 0, a blank glass, the hello line first."""
        lcd_address, heartbeat_ms, host_timeout_ms = self._boot
        with self._lock:
            self.logic = BoxLogic(self.box_id, lcd_address, _ms(), heartbeat_ms=heartbeat_ms,
                                  host_timeout_ms=host_timeout_ms)

    # -- the buttons

    def press(self, key: str) -> None:
        self._set(key, True)

    def release(self, key: str) -> None:
        self._set(key, False)

    def tap(self, key: str, hold: float = 0.03) -> None:
        """A press held `hold` seconds, its down and up sent in one write. The host stamps
        an edge when it reads the line, so edges written apart (press, sleep, release) could
        be read 0.4 s apart on a loaded machine: a held key that auto-repeats. In one write
        they arrive together and the tap is a tap whatever the load."""
        held = max(1, int(hold * 1000))
        with self._lock:
            start = _ms() - held  # the press began `hold` ago, and no sooner than the
            last = self.logic.keys[key]  # firmware's debounce takes a new change
            if last.changed_at is not None:
                start = max(start, last.changed_at + last.ms)
            self._pressed[key] = True
            lines = self.logic.scan(dict(self._pressed), start)
            self._pressed[key] = False
            lines += self.logic.scan(dict(self._pressed), start + held)
            self._write(lines)

    def _set(self, key: str, down: bool) -> None:
        with self._lock:
            self._pressed[key] = down
            self._write(self.logic.scan(dict(self._pressed), _ms()))

    def send_raw(self, data: bytes) -> None:
        with self._lock:
            self._write([data])

    # -- what the box shows

    def lcd(self) -> tuple[str, str]:
        with self._lock:
            return self.logic.screen(_ms())

    @property
    def led(self) -> str:
        return self.logic.led

    def wait_for(self, cond: Callable[[], bool], timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if cond():
                return True
            time.sleep(0.005)
        return cond()

    # -- the firmware's loop

    def _write(self, lines: Iterable[bytes]) -> None:
        data = b"".join(lines)
        if data and self._master >= 0:
            # Buffer full (nobody reading) or closed: a real box drops the bytes too.
            with contextlib.suppress(OSError):
                os.write(self._master, data)

    def _run(self) -> None:
        framer = sp.LineFramer()
        while not self._stop.is_set():
            try:
                # Host lines wake it at once; the timeout only paces heartbeats and
                # late debounce releases (12 fake boxes must not eat the bench's CPU).
                ready, _, _ = select.select([self._master], [], [], 0.1)
                data = os.read(self._master, 4096) if ready else b""
            except OSError:
                data = b""  # EIO while the host has the slave closed
                time.sleep(0.002)
            with self._lock:
                now = _ms()
                if data:
                    for line in framer.feed(data):
                        with contextlib.suppress(sp.ProtocolError):
                            self.received.append(sp.decode(line))
                    out = self.logic.receive(data, now)
                    if self.answer:
                        self._write(out)
                if self.answer:
                    # Debounce releases that came inside the window, and heartbeats.
                    self._write(self.logic.scan(dict(self._pressed), now))
                    self._write(self.logic.tick(now))
