"""Telling systemd how the service is: READY once the table is up, WATCHDOG=1 from the main
loop, STOPPING on the way out (the sd_notify protocol, standard library only).

This module owns the datagrams to `$NOTIFY_SOCKET` and the watchdog's pace. systemd's unit
sets `Type=notify` and `WatchdogSec=`; systemd passes the socket and `WATCHDOG_USEC` in the
environment. Outside systemd (a desktop, the tests, `companion demo`) there is no socket and
every call does nothing. A notification that cannot be sent never stops the table: it is
said once on stderr, and systemd's watchdog then restarts the service, which is the point.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections.abc import Callable, Mapping


class Notifier:
    def __init__(self, env: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        env = os.environ if env is None else env
        address = env.get("NOTIFY_SOCKET", "")
        # "@name" is a Linux abstract socket: the leading NUL is written as "@" in the env.
        self.address = "\0" + address[1:] if address.startswith("@") else address
        self.clock = clock
        # How often the loop must say it is alive: half of systemd's timeout, as sd_notify(3)
        # advises, so one late pass is not yet a restart. None: no watchdog asked for.
        self.interval: float | None = None
        usec, pid = env.get("WATCHDOG_USEC", ""), env.get("WATCHDOG_PID", "")
        if self.address and usec.isdigit() and int(usec) > 0 and (
                not pid or pid == str(os.getpid())):  # another process's watchdog is not ours
            self.interval = int(usec) / 1_000_000 / 2
        self._last_alive: float | None = None
        self._failed = False

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, state: str) -> bool:
        """One notification ("READY=1", "WATCHDOG=1", ...); False when it could not go."""
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
                s.sendto(state.encode(), self.address)
        except OSError as exc:
            if not self._failed:  # once: a dead socket must not flood the journal
                print(f"companion: cannot notify systemd ({exc})", file=sys.stderr)
                self._failed = True
            return False
        return True

    def ready(self, status: str = "") -> bool:
        """The table is up. Also the first watchdog ping: the clock starts here."""
        self._last_alive = self.clock()
        return self.send("READY=1\nWATCHDOG=1" + (f"\nSTATUS={status}" if status else ""))

    def alive(self) -> None:
        """Called on every pass of the main loop; pings at most once per half interval, so a
        busy table costs one datagram now and then, not one per frame."""
        if self.interval is None:
            return
        now = self.clock()
        if self._last_alive is None or now - self._last_alive >= self.interval / 2:
            self._last_alive = now
            self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")
