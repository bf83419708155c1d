"""A Camel Up table whose seats play on fake serial boxes over ptys, for the serial tests.

Each `FakeSerialBox` runs the reference firmware's logic on a pty pair; the host side, the
app loop and the controller (with its claim desk and claims log) are the real ones. With a
`ByIdDir`, discovery is the real `usb_ports` over a temporary directory of by-id links
standing in for /dev/serial/by-id, so every box has a USB serial number.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.app.claims import ClaimLog
from companion.app.controller import Controller
from companion.app.journal import Journal
from companion.app.loop import App
from companion.boxes.serial_bindings import BINDINGS_FILE, SeatBindings
from companion.boxes.serial_box import SerialBoxes
from companion.boxes.serial_ports import usb_ports
from companion.boxes.serial_seat import SerialSeat
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import Msg
from companion.engine.views import HostLine, TableView
from companion.i18n import translator
from hardware.firmware.fakebox import FakeSerialBox

GAME = get_game("camel-up")
FAST = {"poll_every": 0.03, "heartbeat": 0.2, "timeout": 1.0, "retry_after": 0.05}


@dataclass
class StubRenderer:
    """Keeps what the table screen would draw: the banner and who is connected."""

    banner: Msg | str | None = None
    connected: dict[int, bool] = field(default_factory=dict)
    host: HostLine | None = None

    def update(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None,
               banner: Msg | str | None, connected: Mapping[int, bool] | None,
               host: HostLine | None = None) -> bool:
        self.banner, self.connected, self.host = banner, dict(connected or {}), host
        return True

    def next_redraw_in(self, view: TableView) -> float | None:
        return None

    def warm_step(self) -> bool:
        return False  # no fonts here

    def keep_step(self) -> bool:
        return False  # no sprites here

    @property
    def lays_out(self) -> bool:
        return False  # no layout here

    def look_ahead(self, *args: object, **kwargs: object) -> bool:
        return True  # no layout here


class ByIdDir:
    """A folder standing in for /dev/serial/by-id: plugging a box adds the link udev would
    (`usb-MicroPython_Board_in_FS_mode_<serial>-if00` -> its pty), unplugging removes it."""

    def __init__(self, where: Path) -> None:
        self.dir = where
        where.mkdir(exist_ok=True)
        self.serials: dict[int, str] = {}  # id(box) -> its USB serial number

    def link(self, serial: str) -> Path:
        return self.dir / f"usb-MicroPython_Board_in_FS_mode_{serial}-if00"

    def plug(self, box: FakeSerialBox, serial: str) -> FakeSerialBox:
        self.serials[id(box)] = serial
        box.plug()
        self.link(serial).unlink(missing_ok=True)
        self.link(serial).symlink_to(box.path)
        return box

    def unplug(self, box: FakeSerialBox) -> None:
        self.link(self.serials[id(box)]).unlink(missing_ok=True)
        box.unplug()

    def discover(self) -> list[Any]:
        return list(usb_ports(by_id=self.dir, comports=lambda: []))


class Table:
    """A Camel Up table whose seats play on fake serial boxes over ptys."""

    def __init__(self, tmp: Path, ids: list[str], boxes: list[FakeSerialBox],
                 by_id: ByIdDir | None = None, **options: Any) -> None:
        names = ("Ann", "Bob", "Cy", "Di", "Eve")[: len(ids)]
        setup = Setup(GAME.id, tuple(Seat(n) for n in names), {"start_coins": 5})
        self.journal_path = tmp / "journal.jsonl"
        self.journal = Journal.create(self.journal_path, setup)
        self.controller = Controller(History.start(GAME, setup), self.journal, translator("en"))
        self.claims_path = tmp / "claims.jsonl"
        self.controller.claims.log = ClaimLog(self.claims_path, lambda: "2026-11-25T18:00:00Z")
        self.bindings_path = tmp / BINDINGS_FILE
        self.renderer = StubRenderer()
        self.app = App(self.controller, {}, time.monotonic, self.renderer)
        self.fakes = boxes
        self.by_id = by_id
        seats = [SerialSeat(i, n, b) for i, (n, b) in enumerate(zip(names, ids, strict=True))]
        discover = by_id.discover if by_id is not None else (
            lambda: [b.path for b in self.fakes if b.plugged])
        self.serial = SerialBoxes(seats, self.app.sink, time.monotonic, discover=discover,
                                  bindings=SeatBindings(self.bindings_path),
                                  **{**FAST, **options})
        self.app.boxes = dict(self.serial.boxes)
        self.app.notice = self.serial.notice
        self.serial.start()
        self.app.refresh()

    def pump(self, until: Callable[[], bool], timeout: float = 30.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.app.run_once(0.01)
            if until():
                return True
        return until()

    def settle(self, seconds: float = 0.15) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.run_once(0.01)

    def tap(self, seat: int, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.fakes[seat].tap(key)
            self.settle(0.04)

    def host(self, intent: Intent) -> None:
        """The host's key (Return = OK, Left = MINUS, Right = PLUS), as the shaper gives it."""
        self.app.sink(SeatIntent(HOST_SEAT, intent))
        self.settle(0.05)

    def banner(self) -> str:
        return str(self.renderer.banner)

    def host_text(self) -> str:
        """The host's line: the menu, or the question a box's claim asks."""
        host = self.renderer.host
        return "" if host is None else str(host.hint)

    def locked(self, seat: int) -> bool:
        cur = self.controller.state.current
        return cur is not None and cur.bids.is_locked(seat)

    def bid(self, seat: int, value: int) -> None:
        self.tap(seat, "plus", value)
        assert self.pump(lambda: self.controller.lcd_lines(seat)[1].startswith(f"<{value}>"))
        self.tap(seat, "ok")

    def close(self) -> None:
        self.serial.close()
        for b in self.fakes:
            b.unplug()
        self.journal.close()  # the claims log opens its file per line: nothing to close


def all_connected(t: Table) -> bool:
    return all(t.controller.connected.values()) and len(t.controller.connected) == len(t.fakes)
