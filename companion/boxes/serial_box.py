"""Host side of the USB-serial seat boxes: discovery, one link per plugged box, seats bound to
box ids, claiming at the table, and hot-plug.

This module owns `SerialBoxes`, the table's serial seats (discovery is in `serial_ports`,
one open port in `serial_link`, a seat's box in `serial_seat`). A seat is bound to a box id
from the config (`serial:<box id>`), or is a placeholder (`serial:*1`, `serial:*2`, ...) that
the next new box takes when OK is pressed on it while the table screen asks. A second box
with an id already in use is refused (log and table banner) and never takes the seat.

Threads only put `KeyEdge` and `BoxStatus` items on the app's sink; the table banner text
(`notice()`) is read by the app's loop, which a BoxStatus wakes when it changes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence

from ..engine.text import Msg, msg
from . import serial_protocol as sp
from .serial_link import BoxLink
from .serial_ports import OpenPort, open_serial, usb_ports
from .serial_seat import SerialSeat, SerialSeatBox, seat_label
from .vocabulary import BoxStatus, Clock, InputSink, Key, KeyEdge

log = logging.getLogger(__name__)


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

    def missing(self) -> dict[int, Msg]:
        """Each seat whose own box (named by its id) is not connected, with what to check."""
        with self._lock:
            return {seat: msg("serial box {box} not connected: check its USB cable",
                              box=spec.box_id)
                    for seat, spec in self.specs.items()
                    if not spec.claimable and not self._connected[seat]}

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
