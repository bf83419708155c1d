"""Serial boxes end to end on pty pairs: each fake box runs the reference firmware's logic;
the host side, the app loop and the controller are the real ones (Camel Up: Off Season).

Checked: a sealed round played on serial boxes; unplug and replug mid-round (no lost lock,
the LCD text comes back, held keys are released); garbage, truncated and oversized lines
(no crash, no lost input); a box claiming another seat's id (refused, never steals); seats
claimed at the table; a silent box timing out; discovery by USB id and /dev/serial/by-id.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.app.controller import Controller
from companion.app.journal import Journal, load
from companion.app.loop import App
from companion.boxes import serial_protocol as sp
from companion.boxes.serial_box import SerialBoxes
from companion.boxes.serial_ports import usb_ports
from companion.boxes.serial_seat import SerialSeat
from companion.boxes.vocabulary import HostInput
from companion.engine.actions import Enter
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

    def update(self, view: TableView, lcds: Mapping[int, tuple[str, str]] | None,
               banner: Msg | str | None, connected: Mapping[int, bool] | None,
               host: HostLine | None = None) -> bool:
        self.banner, self.connected = banner, dict(connected or {})
        return True

    def next_redraw_in(self, view: TableView) -> float | None:
        return None


class Table:
    """A Camel Up table whose seats play on fake serial boxes over ptys."""

    def __init__(self, tmp: Path, ids: list[str], boxes: list[FakeSerialBox],
                 **options: Any) -> None:
        names = ("Ann", "Bob", "Cy", "Di", "Eve")[: len(ids)]
        setup = Setup(GAME.id, tuple(Seat(n) for n in names), {"start_coins": 5})
        self.journal_path = tmp / "journal.jsonl"
        self.journal = Journal.create(self.journal_path, setup)
        self.controller = Controller(History.start(GAME, setup), self.journal, translator("en"))
        self.renderer = StubRenderer()
        self.app = App(self.controller, {}, time.monotonic, self.renderer)
        self.fakes = boxes
        seats = [SerialSeat(i, n, b) for i, (n, b) in enumerate(zip(names, ids, strict=True))]
        self.serial = SerialBoxes(seats, self.app.sink, time.monotonic,
                                  discover=lambda: [b.path for b in self.fakes if b.plugged],
                                  **{**FAST, **options})
        self.app.boxes = dict(self.serial.boxes)
        self.app.notice = self.serial.notice
        self.serial.start()
        self.app.refresh()

    def pump(self, until: Callable[[], bool], timeout: float = 5.0) -> bool:
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
        self.journal.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Callable[..., Table]]:
    made: list[Table] = []

    def make(ids: list[str], boxes: list[FakeSerialBox] | None = None, **kw: Any) -> Table:
        boxes = boxes if boxes is not None else [FakeSerialBox(i, heartbeat_ms=200) for i in ids]
        t = Table(tmp_path, ids, boxes, **kw)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()


def all_connected(t: Table) -> bool:
    return all(t.controller.connected.values()) and len(t.controller.connected) == len(t.fakes)


def test_pty_boxes_play_a_sealed_round(table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"])
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    assert t.pump(lambda: all(b.lcd()[0].startswith("Bid") for b in t.fakes))
    assert all(b.led == "on" for b in t.fakes)
    t.bid(0, 2)
    assert t.pump(lambda: t.locked(0))
    assert t.pump(lambda: t.fakes[0].lcd()[0].startswith("LOCKED 2") and t.fakes[0].led == "blink")
    t.bid(1, 1)
    t.bid(2, 0)
    assert t.pump(lambda: t.controller.state.phase == "income")
    assert t.pump(lambda: t.fakes[0].lcd()[0].startswith("You won!"))
    assert [s.money for s in t.controller.table_view().seats] == [3, 5, 5]
    bids = [(a.seat, a.value) for a in load(t.journal_path).actions if isinstance(a, Enter)]
    assert bids == [(0, 2), (1, 1), (2, 0)]  # every press arrived, nothing twice


@pytest.mark.slow
def test_unplug_and_replug_mid_round(table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"])
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    t.bid(0, 4)
    assert t.pump(lambda: t.locked(0))
    t.tap(1, "plus", 2)
    t.fakes[1].press("plus")  # held as the cable comes out: Bob's draft is 3
    t.settle(0.05)
    t.fakes[1].unplug()
    assert t.pump(lambda: t.controller.connected[1] is False)
    assert t.renderer.connected[1] is False  # the table screen shows "Disconnected"
    shown = t.controller.lcd_lines(1)
    t.settle(1.0)  # well past the auto-repeat delay: a released key repeats no more
    assert t.controller.lcd_lines(1) == shown
    assert t.controller.state.phase == "bidding"  # the round waits for the seat
    t.bid(2, 1)  # the others play on meanwhile
    assert t.pump(lambda: t.locked(2))
    t.fakes[1].release("plus")
    t.fakes[1].plug()  # a new /dev/pts path, like another USB port
    assert t.pump(lambda: t.controller.connected[1] is True)
    # The app sent nothing new, yet the box shows the seat's current text again.
    assert t.fakes[1].wait_for(lambda: t.fakes[1].lcd() == shown)
    assert t.fakes[1].led == "on"
    assert t.locked(0) and t.locked(2)  # nothing already locked was lost
    t.tap(1, "ok")
    assert t.pump(lambda: t.controller.state.phase == "income")
    assert t.controller.state.current.result.bids == {0: 4, 1: 3, 2: 1}
    assert t.controller.table_view().seats[0].money == 1  # Ann won with 4


@pytest.mark.slow
def test_garbage_truncated_and_oversized_lines_lose_no_input(table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"])
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    assert t.pump(lambda: t.controller.lcd_lines(0)[0].startswith("Bid"))
    box = t.fakes[0]
    down = sp.encode(sp.KeyEvent(900, "plus", True))
    up = sp.encode(sp.KeyEvent(901, "plus", False))
    box.send_raw(b"\x00\xff\xfe garbage \x1b[2J\n")  # noise
    box.send_raw(down[:7] + b"\n")  # truncated
    box.send_raw(b"A" * 5000)  # no newline for 5000 bytes: dropped up to the next one
    # Then a real press. Its down and up go in one write: the host stamps each edge when it
    # reads it, and edges written apart could be read 0.4 s apart on a loaded machine, which
    # is a held key that auto-repeats (a test that passed or failed by the machine's load).
    box.send_raw(b"\n" + down + up)
    box.send_raw(b"KEY 902 plus down*0000\n" + sp.encode(sp.KeyEvent(903, "plus", False)))
    # ^ a down with a bad checksum: its up still arrives, and the press is replayed
    t.settle(0.3)
    assert t.controller.lcd_lines(0)[1].startswith("<2>")
    link = t.serial.boxes[0].link
    assert link is not None and link.dropped >= 3 and link.keys_lost >= 1
    # A lost "up": the next down replays it, so the key is not stuck and both presses count.
    # (One write, for the same reason as above.)
    box.send_raw(sp.encode(sp.KeyEvent(904, "plus", True)) + b"KEY 905 plus up*FFFF\n"
                 + sp.encode(sp.KeyEvent(906, "plus", True))
                 + sp.encode(sp.KeyEvent(907, "plus", False)))
    t.settle(0.2)
    assert t.controller.lcd_lines(0)[1].startswith("<4>")
    t.tap(0, "ok")
    assert t.pump(lambda: t.locked(0))
    assert t.controller.connected[0] is True  # none of that cost the connection
    t.bid(1, 0)
    t.bid(2, 1)
    assert t.pump(lambda: t.controller.state.phase == "income")


def test_a_lost_up_line_is_healed_by_the_heartbeat(table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"])
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    assert t.pump(lambda: t.controller.lcd_lines(0)[0].startswith("Bid"))
    t.fakes[0].send_raw(sp.encode(sp.KeyEvent(700, "plus", True)))
    t.settle(0.1)
    # The box's "up" never arrives; its next heartbeat says nothing is held.
    assert t.pump(lambda: not t.app.shaper.next_deadline(), timeout=1.0)
    value = t.controller.lcd_lines(0)[1]
    t.settle(0.6)
    assert t.controller.lcd_lines(0)[1] == value  # no runaway auto-repeat


def test_a_box_claiming_another_seats_id_is_refused(table: Callable[..., Table]) -> None:
    a, b, c = (FakeSerialBox(i, heartbeat_ms=200) for i in ("box-a", "box-b", "box-c"))
    t = table(["box-a", "box-b", "box-c"], [a, b, c])
    assert t.pump(lambda: all_connected(t))
    intruder = FakeSerialBox("box-a", heartbeat_ms=200)
    t.fakes.append(intruder)
    assert t.pump(lambda: t.renderer.banner is not None)
    text = str(t.renderer.banner)
    assert "box-a refused" in text and "seat 1 (Ann)" in text, text
    assert intruder.wait_for(lambda: intruder.lcd()[0].startswith("ID in use"))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    assert t.pump(lambda: t.controller.lcd_lines(0)[0].startswith("Bid"))
    intruder.tap("plus")
    intruder.tap("ok")
    t.settle(0.2)
    assert not t.locked(0) and t.controller.lcd_lines(0)[1].startswith("<0>")  # no steal
    assert t.serial.boxes[0].link is not None and t.serial.boxes[0].link.path == a.path
    # When the rightful box goes, the refused one (same id) may take over the seat.
    a.unplug()
    assert t.pump(lambda: t.serial.boxes[0].link is not None
                  and t.serial.boxes[0].link.path == intruder.path)
    assert t.pump(lambda: t.renderer.banner is None)


def test_seats_claimed_at_the_table_by_pressing_ok(table: Callable[..., Table]) -> None:
    boxes = [FakeSerialBox(i, heartbeat_ms=200) for i in ("box-a", "x-17", "x-18")]
    t = table(["box-a", "*1", "*2"], boxes[:1])
    assert t.pump(lambda: t.controller.connected[0])
    assert t.pump(lambda: "seat 2 (Bob) has no box yet" in str(t.renderer.banner))
    t.fakes.append(boxes[1])
    assert t.pump(lambda: "press OK on it to take seat 2 (Bob)" in str(t.renderer.banner))
    assert boxes[1].wait_for(lambda: boxes[1].lcd()[0].startswith("OK: take seat 2"))
    boxes[1].tap("ok")
    assert t.pump(lambda: t.controller.connected[1])
    assert t.pump(lambda: "seat 3 (Cy) has no box yet" in str(t.renderer.banner))
    t.fakes.append(boxes[2])
    assert t.pump(lambda: "press OK on it to take seat 3 (Cy)" in str(t.renderer.banner))
    boxes[2].tap("ok")
    assert t.pump(lambda: all_connected(t))
    assert t.pump(lambda: t.renderer.banner is None)
    # The claim press was the box's, not the seat's: nothing was entered for Bob.
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    t.bid(1, 1)
    assert t.pump(lambda: t.locked(1))
    # Unplugged and back: the claimed box keeps its seat (bound by its id now).
    boxes[1].unplug()
    assert t.pump(lambda: not t.controller.connected[1])
    boxes[1].plug()
    assert t.pump(lambda: t.controller.connected[1])
    assert boxes[1].wait_for(lambda: boxes[1].lcd()[0].startswith("LOCKED 1"))


def test_a_spare_box_takes_a_seat_whose_box_has_been_gone_a_while(
        table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"], rebind_after=0.3)
    assert t.pump(lambda: all_connected(t))
    t.fakes[2].unplug()
    spare = FakeSerialBox("spare-1", heartbeat_ms=200)
    t.fakes.append(spare)
    assert t.pump(lambda: "take seat 3 (Cy)" in str(t.renderer.banner))
    spare.tap("ok")
    assert t.pump(lambda: t.controller.connected[2])


@pytest.mark.slow
def test_a_silent_box_is_dropped_and_comes_back(table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"])
    assert t.pump(lambda: all_connected(t))
    t.fakes[0].answer = False  # firmware hung, USB still there
    assert t.pump(lambda: not t.controller.connected[0], timeout=3.0)
    t.fakes[0].answer = True
    assert t.pump(lambda: t.controller.connected[0], timeout=5.0)


def test_a_box_speaking_another_protocol_version_is_refused(table: Callable[..., Table]) -> None:
    odd = FakeSerialBox("box-a", heartbeat_ms=200)
    odd.logic.ident = sp.Ident("box-a", "9.0", 0x27, version=2)
    t = table(["box-a", "box-b", "box-c"], [odd, FakeSerialBox("box-b"), FakeSerialBox("box-c")])
    assert t.pump(lambda: "speaks protocol v2" in str(t.renderer.banner))
    assert not t.controller.connected[0]


def test_usb_ports_by_vid_pid_named_by_id(tmp_path: Path) -> None:
    tty_a, tty_b, other = tmp_path / "ttyACM0", tmp_path / "ttyACM1", tmp_path / "ttyUSB0"
    for p in (tty_a, tty_b, other):
        p.touch()
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b4a2b29-if00").symlink_to(tty_a)
    (by_id / "usb-FTDI_FT232R-if00-port0").symlink_to(other)
    ports = [SimpleNamespace(device=str(tty_a), vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device=str(tty_b), vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device=str(other), vid=0x0403, pid=0x6001),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None)]
    found = usb_ports(by_id=by_id, comports=lambda: ports)
    assert found == sorted([str(by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b4a2b29-if00"),
                            str(tty_b)])
    with_ftdi = usb_ports([(0x2E8A, 5), (0x0403, 0x6001)], by_id=by_id, comports=lambda: ports)
    assert str(by_id / "usb-FTDI_FT232R-if00-port0") in with_ftdi
