"""Serial boxes end to end on pty pairs: each fake box runs the reference firmware's logic;
the host side, the app loop and the controller are the real ones (Camel Up: Off Season).

Checked: a sealed round played on serial boxes; unplug and replug mid-round (no lost lock,
the LCD text comes back, held keys are released); garbage, truncated and oversized lines
(no crash, no lost input); a box claiming another seat's id (refused, never steals, and
gets the seat only from the host); seats claimed at the table; a spare taking a dead box's
seat once the host accepts; a silent box timing out; discovery by USB id and
/dev/serial/by-id, with each device's USB serial number. Binding seats to devices, the
impostor after an unplug, exclusive ports and box restarts: test_serial_binding.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from serial_table import ByIdDir, Table, all_connected

from companion.app.journal import load
from companion.boxes import serial_protocol as sp
from companion.boxes.serial_ports import FoundPort, usb_ports
from companion.boxes.vocabulary import HostInput, Intent
from companion.engine.actions import Enter
from hardware.firmware.fakebox import FakeSerialBox


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
    assert t.pump(lambda: not t.app.shaper.next_deadline(), timeout=30.0)
    value = t.controller.lcd_lines(0)[1]
    t.settle(0.6)
    assert t.controller.lcd_lines(0)[1] == value  # no runaway auto-repeat


def test_a_box_claiming_another_seats_id_is_refused(table: Callable[..., Table],
                                                   tmp_path: Path) -> None:
    by_id = ByIdDir(tmp_path / "by-id")
    a, b, c = (by_id.plug(FakeSerialBox(i, heartbeat_ms=200, plugged=False), serial)
               for i, serial in (("box-a", "A1"), ("box-b", "B2"), ("box-c", "C3")))
    t = table(["box-a", "box-b", "box-c"], [a, b, c], by_id=by_id)
    assert t.pump(lambda: all_connected(t))
    intruder = by_id.plug(FakeSerialBox("box-a", heartbeat_ms=200, plugged=False), "D4")
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
    link = t.serial.boxes[0].link
    assert link is not None and link.path == str(by_id.link("A1"))
    # When the rightful box goes, the refused one (same id, another device) is not given
    # the seat: the host is asked, and only the host's Return moves it.
    by_id.unplug(a)
    assert t.pump(lambda: t.host_text() == "New box for Ann? Return to accept, Left to refuse")
    assert not t.controller.connected[0]
    t.host(Intent.OK)
    assert t.pump(lambda: t.controller.connected[0])
    link = t.serial.boxes[0].link
    assert link is not None and link.path == str(by_id.link("D4"))
    assert t.pump(lambda: t.banner() == "New box for Ann: accepted")


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
    assert t.pump(lambda: "take seat 3 (Cy)" in t.banner())
    spare.tap("ok")
    # Cy's seat had a box: a spare gets it only when the host accepts.
    assert t.pump(lambda: t.host_text() == "New box for Cy? Return to accept, Left to refuse")
    assert spare.wait_for(lambda: spare.lcd() == ("Host must accept", "seat 3: Cy      "))
    t.settle(0.3)
    assert not t.controller.connected[2]
    t.host(Intent.OK)
    assert t.pump(lambda: t.controller.connected[2])


@pytest.mark.slow
def test_a_silent_box_is_dropped_and_comes_back(table: Callable[..., Table]) -> None:
    t = table(["box-a", "box-b", "box-c"])
    assert t.pump(lambda: all_connected(t))
    t.fakes[0].answer = False  # firmware hung, USB still there
    assert t.pump(lambda: not t.controller.connected[0], timeout=30.0)
    t.fakes[0].answer = True
    assert t.pump(lambda: t.controller.connected[0], timeout=30.0)


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
    ports = [SimpleNamespace(device=str(tty_a), vid=0x2E8A, pid=0x0005,
                             serial_number="e6614c311b4a2b29"),
             SimpleNamespace(device=str(tty_b), vid=0x2E8A, pid=0x0005,
                             serial_number="e6614c3100000002"),
             SimpleNamespace(device=str(other), vid=0x0403, pid=0x6001, serial_number=None),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None, serial_number=None)]
    found = usb_ports(by_id=by_id, comports=lambda: ports)
    assert found == sorted([FoundPort(str(by_id / "usb-MicroPython_Board_in_FS_mode_"
                                                   "e6614c311b4a2b29-if00"), "e6614c311b4a2b29"),
                            FoundPort(str(tty_b), "e6614c3100000002")], key=lambda p: p.path)
    with_ftdi = usb_ports([(0x2E8A, 5), (0x0403, 0x6001)], by_id=by_id, comports=lambda: ports)
    # The FTDI reports no serial number (pyserial's None): its by-id name is not read as one.
    assert FoundPort(str(by_id / "usb-FTDI_FT232R-if00-port0"), None) in with_ftdi
