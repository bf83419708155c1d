"""Host side of the USB-serial seat boxes: discovery, one link per plugged box, seats bound to
box ids and USB devices, claiming at the table, the host's confirmation, and hot-plug.

This module owns `SerialBoxes`, the table's serial seats (discovery is in `serial_ports`,
one open port in `serial_link`, a seat's box in `serial_seat`, the device bindings in
`serial_bindings`). A seat is bound to a box id from the config (`serial:<box id>`), or is a
placeholder (`serial:*1`, `serial:*2`, ...) that the next new box takes when OK is pressed on
it while the table screen asks; and to the USB serial number of the device that first
presented it (recorded on that first claim, kept across restarts). A second box with an id
already in use is refused (log and table banner) and never takes the seat. A different
device presenting a seat's box id while the seat's box is away, or a spare claiming a seat
that had a box, gets the seat only when the host accepts it: a `ClaimRequest` ("New box for
Ann? Return to accept"), answered on the app's loop; until then it sees nothing of the seat
and its keys go nowhere.

Threads only put `KeyEdge` and `BoxStatus` items on the app's sink; the table banner text
(`notice()`) is read by the app's loop, which a BoxStatus wakes when it changes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

from ..engine.text import CONTEXT_SEP, Msg, msg
from . import serial_protocol as sp
from .serial_bindings import NO_SERIAL, Binding, SeatBindings
from .serial_link import BoxLink
from .serial_ports import Discover, OpenPort, found_port, open_serial, usb_ports
from .serial_seat import SerialSeat, SerialSeatBox, seat_label
from .vocabulary import BoxStatus, ClaimRequest, ClaimWithdrawn, Clock, InputSink, Key, KeyEdge

log = logging.getLogger(__name__)


def _english(text: str) -> str:
    """The translator of a manager given none (check-hardware, tests): the English id."""
    return text.rpartition(CONTEXT_SEP)[2]


class SerialBoxes:
    """Every serial seat of a table, the links to plugged boxes, and the discovery thread.

    `boxes` maps seat -> SerialSeatBox for the app. `start()` marks every serial seat
    disconnected until its box identifies, and starts looking for boxes every `poll_every`
    seconds. `rebind_after`: a seat whose box has been gone that long may be claimed by a new
    box (a spare replacing a dead one), once the host accepts it; None never. `bindings`:
    the seats' USB devices (a file in the state directory; in memory when None).
    `translate` renders the boxes' own LCD prompts in the table's language.
    """

    def __init__(
        self,
        seats: Sequence[SerialSeat],
        sink: InputSink,
        clock: Clock = time.monotonic,
        *,
        discover: Discover | None = None,
        open_port: OpenPort = open_serial,
        poll_every: float = 1.0,
        heartbeat: float = 1.0,
        timeout: float = 3.5,
        identify_timeout: float = 5.0,
        retry_after: float = 2.0,
        rebind_after: float | None = 10.0,
        bindings: SeatBindings | None = None,
        translate: Callable[[str], str] | None = None,
    ) -> None:
        self.specs = {s.seat: s for s in seats}
        self.boxes = {s.seat: SerialSeatBox(s) for s in seats}
        self.sink = sink
        self.clock = clock
        self.discover: Discover = discover or usb_ports
        self.open_port = open_port
        self.poll_every = poll_every
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.identify_timeout = identify_timeout
        self.retry_after = retry_after
        self.rebind_after = rebind_after
        self._lock = threading.RLock()
        self.bindings = bindings if bindings is not None else SeatBindings()
        self._translate: Callable[[str], str] = translate or _english
        self._bound: dict[str, int] = {s.box_id: s.seat for s in seats if not s.claimable}
        for spec in seats:  # a seat claimed (or moved) in an earlier run keeps its box
            rec = self.bindings.get(spec)
            if rec is not None and self._bound.get(rec.box_id, spec.seat) == spec.seat:
                self._bound[rec.box_id] = spec.seat
        self._asking: dict[BoxLink, tuple[int, str]] = {}  # waiting for the host: seat, claim
        self._claims = 0
        # Ports that could not be opened, and why (another program has one: check-hardware
        # reports it); a port leaves when a box on it identifies.
        self.unopened: dict[str, str] = {}
        self._connected = dict.fromkeys(self.boxes, False)
        self._gone_since = dict.fromkeys(self.boxes, time.monotonic())
        self._links: dict[str, BoxLink] = {}
        self._retry_at: dict[str, float] = {}
        self._unclaimed: list[BoxLink] = []
        self._refused: dict[BoxLink, Msg] = {}
        self._last_notice: Msg | None = None
        # The journal's line for a seat whose box is absent at start: said once after the
        # first discovery pass, and that its box came, once it does.
        self._first_scan: float | None = None
        self._absent_said: set[int] | None = None  # None: not said yet
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
                self._say_absent()
                # Time alone can change the banner (a seat gone long enough to be claimed).
                if self.notice() != self._last_notice:
                    self._prompt_unclaimed()
                    self._wake()
            self._stop.wait(self.poll_every)

    def scan(self) -> None:
        """Open a link to every discovered port that has none (and is not backing off)."""
        ports = [found_port(p) for p in self.discover()]
        now = time.monotonic()
        with self._lock:
            for port in ports:
                path = port.path
                if path in self._links or self._retry_at.get(path, 0.0) > now:
                    continue
                link = BoxLink(self, path, port.usb_serial)
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

    def _say_absent(self) -> None:
        """Once, after the first discovery pass and once the boxes it found identified (or
        had the time to): one log line for each seat whose own box is not there."""
        if self._absent_said is not None:
            return
        now = time.monotonic()
        if self._first_scan is None:
            self._first_scan = now
        identifying = any(link.alive and link.ident is None for link in self._links.values())
        if identifying and now < self._first_scan + self.identify_timeout:
            return
        self._absent_said = set()
        for seat, text in self.missing().items():
            self._absent_said.add(seat)
            log.warning("%s: %s", seat_label(seat, self.specs[seat].name).render(),
                        text.render())

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
            self.unopened.pop(link.path, None)
            if ident.version != sp.PROTOCOL_VERSION:
                self._refuse(link, msg("Box {box} speaks protocol v{v}, this companion v{ours}: "
                                       "update the box's firmware or the companion",
                                       box=ident.box_id, v=ident.version, ours=sp.PROTOCOL_VERSION))
                self._show(link, msg("Protocol v{v}", v=ident.version), msg("update firmware"))
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
                self._show(link, msg("ID in use:"), ident.box_id)
                return
            self._admit(link, seat)

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
        self._requery(seat)
        log.info("%s: box %s is %s", link.path, link.ident.box_id,
                 seat_label(seat, self.specs[seat].name).render())
        if self._absent_said is not None and seat in self._absent_said:
            self._absent_said.discard(seat)  # the fault logged at start has ended
            log.warning("%s: box %s connected at last (%s)",
                        seat_label(seat, self.specs[seat].name).render(), link.ident.box_id,
                        link.path)

    def _prompt_unclaimed(self) -> None:
        seat = self._claimable_seat()
        for link in self._unclaimed:
            assert link.ident is not None
            if seat is None:
                self._show(link, msg("No seat to take"), link.ident.box_id)
            else:
                self._show(link, msg("OK: take seat {n}", n=seat + 1), self.specs[seat].name)

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
        self._unclaimed.remove(link)
        if self.bindings.get(self.specs[seat]) is None:
            # The seat's first box: the OK press is the claim, and it is recorded.
            self._record(seat, self._binding(link))
            self._bind(link, seat)
            log.info("box %s claimed %s at the table", link.ident.box_id,
                     seat_label(seat, self.specs[seat].name).render())
        else:
            self._ask_host(link, seat)  # a spare for a seat that had a box: the host decides
        self._prompt_unclaimed()

    # -- devices: the first claim is recorded, another device needs the host

    def _binding(self, link: BoxLink) -> Binding:
        assert link.ident is not None
        return Binding(link.ident.box_id, link.usb_serial or NO_SERIAL)

    def _admit(self, link: BoxLink, seat: int) -> None:
        """A box presenting the seat's box id: bind it if it is the seat's device (or the
        seat has none yet: the first claim, recorded), else ask the host."""
        recorded = self.bindings.get(self.specs[seat])
        if recorded is None:
            self._record(seat, self._binding(link))
        elif recorded != self._binding(link):
            self._ask_host(link, seat)
            return
        self._bind(link, seat)

    def _record(self, seat: int, binding: Binding) -> None:
        """Write down (on disk first) which box and device hold the seat from now on."""
        self.bindings.put(self.specs[seat], binding)
        for box_id, bound in list(self._bound.items()):
            if bound == seat and not (box_id == self.specs[seat].box_id
                                      and not self.specs[seat].claimable):
                del self._bound[box_id]  # a claimed seat's earlier box no longer has it
        self._bound[binding.box_id] = seat
        if not binding.usb_serial:
            log.warning("seat %d (%s): box %s reports no USB serial number; another such "
                        "box with its id cannot be told from it", seat + 1,
                        self.specs[seat].name, binding.box_id)

    def _ask_host(self, link: BoxLink, seat: int) -> None:
        assert link.ident is not None
        self._claims += 1
        self._asking[link] = (seat, f"serial {link.path} #{self._claims}")
        link.state = "asking"
        self._show(link, msg("Host must accept"),
                   msg("seat {n}: {name}", n=seat + 1, name=self.specs[seat].name))
        recorded = self.bindings.get(self.specs[seat])
        log.warning("%s: box %s (USB serial %s) is not the device that plays %s (box %s, USB "
                    "serial %s): the host is asked", link.path, link.ident.box_id,
                    link.usb_serial or "none", seat_label(seat, self.specs[seat].name).render(),
                    recorded.box_id if recorded else "?",
                    (recorded.usb_serial if recorded else "") or "none")
        self._request(link)

    def _request(self, link: BoxLink) -> None:
        """(Re)send the question for `link` (the app replaces one with the same claim id)."""
        seat, claim = self._asking[link]
        holder = self.boxes[seat].link
        takeover = holder is not None and holder is not link and holder.alive
        self.sink(ClaimRequest(claim, seat, msg("New box"), takeover,
                               lambda accepted: self._answered(link, accepted)))

    def _answered(self, link: BoxLink, accepted: bool) -> None:
        """The host's decision (already recorded by the app), on the app's loop thread."""
        with self._lock:
            asked = self._asking.pop(link, None)
            if asked is None or not link.alive or link.ident is None:
                return  # the box went meanwhile
            seat = asked[0]
            if not accepted:
                link.state = "refused"
                self._show(link, msg("Host refused"), msg("this box"))
                log.warning("%s: the host refused box %s for %s", link.path, link.ident.box_id,
                            seat_label(seat, self.specs[seat].name).render())
                self._wake()
                return
            holder = self.boxes[seat].link
            if holder is not None and holder is not link:
                self.boxes[seat].detach(holder)  # the seat moves: the old box loses it
                holder.seat, holder.state = None, "refused"
                self._show(holder, msg("Seat moved to"), msg("another box"))
            self._record(seat, self._binding(link))
            self._bind(link, seat)
            log.info("%s: the host gave %s to box %s (USB serial %s)", link.path,
                     seat_label(seat, self.specs[seat].name).render(), link.ident.box_id,
                     link.usb_serial or "none")

    def _requery(self, seat: int) -> None:
        """The seat's box came or went: the questions about that seat say so."""
        for other, (s, _) in list(self._asking.items()):
            if s == seat:
                self._request(other)

    def _show(self, link: BoxLink, line1: Msg | str, line2: Msg | str) -> None:
        def text(m: Msg | str) -> str:
            if isinstance(m, str):
                return m
            return m.render(self._translate)

        link.show(text(line1), text(line2))

    def _link_closed(self, link: BoxLink, reason: str) -> None:
        with self._lock:
            if self._links.get(link.path) is link:
                del self._links[link.path]
            self._retry_at[link.path] = time.monotonic() + (
                self.retry_after if link.ident is not None else max(self.retry_after, 10.0))
            if link in self._unclaimed:
                self._unclaimed.remove(link)
                self._wake()
            asked = self._asking.pop(link, None)
            if asked is not None:
                self.sink(ClaimWithdrawn(asked[1]))  # the question goes with the box
            if self._refused.pop(link, None) is not None:
                self._wake()
            seat = link.seat
            if seat is None or self.boxes[seat].link is not link:
                if link.ident is None and not self._stop.is_set():
                    log.warning("%s: %s", link.path, reason)
                    if reason.startswith("cannot open"):
                        self.unopened[link.path] = reason
                return
            self.boxes[seat].detach(link)
            self._connected[seat] = False
            self._gone_since[seat] = time.monotonic()
            self.sink(BoxStatus(seat, False))
            log.warning("%s: box of %s disconnected: %s", link.path,
                        seat_label(seat, self.specs[seat].name).render(), reason)
            assert link.ident is not None
            self._requery(seat)
            for twin in list(self._refused):
                # A box refused for this very id may have the seat now that it is free: if
                # it is the seat's device; any other device, only if the host accepts it.
                if twin.alive and twin.ident is not None and twin.ident.box_id == link.ident.box_id:
                    del self._refused[twin]
                    self._admit(twin, seat)
                    break
