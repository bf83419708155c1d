"""A seat is bound to a device: serial boxes on ptys, discovered through a temporary folder of
/dev/serial/by-id links, on a real table (controller, claim desk, claims log, main loop).

Checked: the first claim is recorded (0600, survives a restart); the unplug-then-impostor case
(the real box unplugged, 3.5+ s later another device with the same box id: it sees nothing
of the seat, its keys do nothing, the host is asked and decides, on the record); the host
accepting a new box and refusing the old one's return; ports opened exclusively (a second
program gets a clear refusal, the table loses no line); a box restarting behind an open
port (no false "lost" lines, its glass comes back).
"""

from __future__ import annotations

import json
import logging
import stat
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from serial_table import FAST, ByIdDir, Table, all_connected

from companion.app.journal import load
from companion.boxes import serial_protocol as sp
from companion.boxes.serial_bindings import SeatBindings
from companion.boxes.serial_box import SerialBoxes
from companion.boxes.serial_ports import PortBusy, open_serial, serial_from_by_id
from companion.boxes.serial_seat import SerialSeat
from companion.boxes.vocabulary import BoxStatus, ClaimRequest, HostInput, InputItem, Intent
from companion.engine.text import msg
from companion.i18n import translator
from hardware.firmware.fakebox import FakeSerialBox

IDS = ["box-a", "box-b", "box-c"]
SERIALS = ["E6614C31A", "E6614C31B", "E6614C31C"]
ASK_ANN = "New box for Ann? Return to accept, Left to refuse"


def boxes_on(by_id: ByIdDir) -> list[FakeSerialBox]:
    return [by_id.plug(FakeSerialBox(i, heartbeat_ms=200, plugged=False), s)
            for i, s in zip(IDS, SERIALS, strict=True)]


def claims(t: Table) -> list[tuple[str, str]]:
    lines = t.claims_path.read_text().splitlines() if t.claims_path.exists() else []
    return [(json.loads(x)["event"], json.loads(x)["name"]) for x in lines]


def glass_seen(box: FakeSerialBox) -> list[tuple[str, str]]:
    return [m.rows for m in list(box.received) if isinstance(m, sp.LcdText)]


def test_by_id_names_give_the_usb_serial_number() -> None:
    assert serial_from_by_id("/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_"
                             "e6614c311b4a2b29-if00") == "e6614c311b4a2b29"
    assert serial_from_by_id("usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0") == "A50285BI"
    assert serial_from_by_id("/dev/ttyACM0") is None
    assert serial_from_by_id("usb-Serial-if00") is None  # no vendor_model_serial in it


def test_the_first_claim_is_recorded_0600_and_kept_across_a_restart(
        table: Callable[..., Table], tmp_path: Path) -> None:
    by_id = ByIdDir(tmp_path / "by-id")
    t = table(IDS, boxes_on(by_id), by_id=by_id)
    assert t.pump(lambda: all_connected(t))
    assert stat.S_IMODE(t.bindings_path.stat().st_mode) == 0o600
    saved = json.loads(t.bindings_path.read_text())["seats"]
    assert [(r["name"], r["box_id"], r["usb_serial"]) for r in saved] == list(
        zip(["Ann", "Bob", "Cy"], IDS, SERIALS, strict=True))
    assert claims(t) == []  # first claims need no host
    t.serial.close()
    # A restart: a new manager reads the file. Another device with Ann's box id comes
    # first; it is asked about, not bound. Ann's own device is bound without a question.
    got: list[InputItem] = []
    specs = [SerialSeat(i, n, b) for i, (n, b) in enumerate(zip(["Ann", "Bob", "Cy"], IDS,
                                                                strict=True))]
    by_id.unplug(t.fakes[0])
    impostor = by_id.plug(FakeSerialBox("box-a", heartbeat_ms=200, plugged=False), "0BAD")
    t.fakes.append(impostor)
    again = SerialBoxes(specs, got.append, time.monotonic, discover=by_id.discover,
                        bindings=SeatBindings(t.bindings_path), **FAST)
    try:
        again.start()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any(isinstance(i, ClaimRequest) for i in got):
            time.sleep(0.02)
        asks = [i for i in got if isinstance(i, ClaimRequest)]
        assert [(a.seat, a.what.render()) for a in asks] == [(0, "New box")]
        assert BoxStatus(0, True) not in got and again.boxes[0].link is None
        by_id.plug(t.fakes[0], SERIALS[0])
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and again.boxes[0].link is None:
            time.sleep(0.02)
        link = again.boxes[0].link
        assert link is not None and link.usb_serial == SERIALS[0]
    finally:
        again.close()


@pytest.mark.slow
def test_an_impostor_after_an_unplug_sees_nothing_and_waits_for_the_host(
        table: Callable[..., Table], tmp_path: Path) -> None:
    by_id = ByIdDir(tmp_path / "by-id")
    ann, *_ = fakes = boxes_on(by_id)
    t = table(IDS, fakes, by_id=by_id, timeout=3.5)  # the real heartbeat timeout
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    t.bid(0, 3)
    assert t.pump(lambda: t.locked(0))
    assert ann.wait_for(lambda: ann.lcd()[0].startswith("LOCKED 3"))
    entries = len(load(t.journal_path).actions)
    secret = t.controller.lcd_lines(0)
    by_id.unplug(ann)
    assert t.pump(lambda: not t.controller.connected[0], timeout=30.0)
    t.settle(3.6)  # 3.5+ s later, the impostor: flashed with Ann's box id, another device
    impostor = by_id.plug(FakeSerialBox("box-a", heartbeat_ms=200, plugged=False), "0BAD")
    t.fakes.append(impostor)
    assert t.pump(lambda: t.host_text() == ASK_ANN)
    assert impostor.wait_for(lambda: impostor.lcd() == ("Host must accept", "seat 1: Ann     "))
    # It tries everything: bid, lock, hold OK to withdraw the locked bid, bid again.
    impostor.tap("minus")
    impostor.tap("plus")
    impostor.tap("ok")
    impostor.tap("ok", hold=1.2)
    impostor.tap("plus")
    impostor.tap("ok")
    t.settle(0.5)
    assert t.locked(0) and t.controller.lcd_lines(0) == secret
    assert len(load(t.journal_path).actions) == entries  # not one entry from it
    assert not t.controller.connected[0]
    seen = glass_seen(impostor)
    assert not any("LOCKED" in row or "3" in row for rows in seen for row in rows), seen
    assert sp.Led("blink") not in impostor.received
    # The host refuses it, on the record; the box says so and still has nothing.
    t.host(Intent.MINUS)
    assert t.pump(lambda: t.banner() == "Refused: New box for Ann")
    assert claims(t) == [("refused", "Ann")]
    assert impostor.wait_for(lambda: impostor.lcd()[0].startswith("Host refused"))
    impostor.tap("ok", hold=1.2)
    t.settle(0.3)
    assert t.locked(0) and not t.controller.connected[0]
    # Ann's own box comes back: no question, the locked bid is where it was.
    by_id.plug(ann, SERIALS[0])
    assert t.pump(lambda: t.controller.connected[0])
    assert ann.wait_for(lambda: ann.lcd()[0].startswith("LOCKED 3"))
    t.bid(1, 1)
    t.bid(2, 0)
    assert t.pump(lambda: t.controller.state.phase == "income")
    assert t.controller.state.current.result.bids == {0: 3, 1: 1, 2: 0}


def test_the_host_moves_a_seat_to_a_new_box_and_then_the_old_one_must_ask(
        table: Callable[..., Table], tmp_path: Path) -> None:
    by_id = ByIdDir(tmp_path / "by-id")
    ann, *_ = fakes = boxes_on(by_id)
    t = table(IDS, fakes, by_id=by_id)
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    assert t.pump(lambda: t.controller.lcd_lines(0)[0].startswith("Bid"))
    by_id.unplug(ann)  # Ann's box died; a spare flashed with box-a replaces it
    assert t.pump(lambda: not t.controller.connected[0])
    spare = by_id.plug(FakeSerialBox("box-a", heartbeat_ms=200, plugged=False), "5PARE")
    t.fakes.append(spare)
    assert t.pump(lambda: t.host_text() == ASK_ANN)
    t.host(Intent.OK)
    assert t.pump(lambda: t.controller.connected[0])
    assert t.pump(lambda: t.banner() == "New box for Ann: accepted")
    assert claims(t) == [("accepted", "Ann")]
    saved = json.loads(t.bindings_path.read_text())["seats"][0]
    assert (saved["box_id"], saved["usb_serial"]) == ("box-a", "5PARE")
    assert spare.wait_for(lambda: spare.lcd()[0].startswith("Bid"))  # the seat, now
    t.tap(3, "plus")
    assert t.pump(lambda: t.controller.lcd_lines(0)[1].startswith("<1>"))
    # The old box returns while the spare plays: a second box with that id, refused.
    by_id.plug(ann, SERIALS[0])
    assert ann.wait_for(lambda: ann.lcd()[0].startswith("ID in use"))
    # The spare goes: the old box is now the other device, so it too must ask the host.
    by_id.unplug(spare)
    assert t.pump(lambda: t.host_text() == ASK_ANN)
    assert not t.controller.connected[0]
    t.host(Intent.MINUS)
    assert ann.wait_for(lambda: ann.lcd()[0].startswith("Host refused"))
    assert claims(t) == [("accepted", "Ann"), ("refused", "Ann")]
    assert not t.controller.connected[0]


def test_a_port_is_opened_exclusively(table: Callable[..., Table], tmp_path: Path,
                                      caplog: pytest.LogCaptureFixture) -> None:
    box = FakeSerialBox("box-a", heartbeat_ms=200)
    try:
        first = open_serial(box.path)
        with pytest.raises(PortBusy, match="open in another program"):
            open_serial(box.path)
        first.close()
        open_serial(box.path).close()  # free again once the first one let go
    finally:
        box.unplug()
    # A check-hardware beside the running table: refused; the table keeps every line.
    t = table(IDS)
    assert t.pump(lambda: all_connected(t))
    for fake in t.fakes:
        with pytest.raises(PortBusy):
            open_serial(fake.path)
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    for seat, value in enumerate((2, 1, 0)):
        t.bid(seat, value)
    assert t.pump(lambda: t.controller.state.phase == "income")
    assert t.controller.state.current.result.bids == {0: 2, 1: 1, 2: 0}
    # The other way round: a port held by another program is reported, not shared.
    held = FakeSerialBox("box-d", heartbeat_ms=200)
    other = open_serial(held.path)
    try:
        with caplog.at_level(logging.WARNING, logger="companion.boxes.serial_box"):
            t.fakes.append(held)
            assert t.pump(lambda: "open in another program" in caplog.text)
    finally:
        other.close()


@pytest.mark.slow  # a box restarted on a pty, waited for
@pytest.mark.parametrize("hello", [True, False], ids=["hello", "no-hello"])
def test_a_box_restarting_behind_an_open_port_loses_nothing(
        table: Callable[..., Table], caplog: pytest.LogCaptureFixture, hello: bool) -> None:
    t = table(IDS)
    assert t.pump(lambda: all_connected(t))
    t.app.sink(HostInput("start", (("card", "highest_bet"),)))
    assert t.pump(lambda: t.controller.lcd_lines(0)[0].startswith("Bid"))
    ann = t.fakes[0]
    t.tap(0, "plus", 4)
    t.tap(0, "minus", 2)  # 12 key lines: the box's numbers are at 12
    assert t.pump(lambda: t.controller.lcd_lines(0)[1].startswith("<2>"))
    link = t.serial.boxes[0].link
    assert link is not None
    # An ID line within a second of the host's ID? counts as its answer (key numbers are
    # followed afresh either way); this restart comes later, as a player's would.
    t.settle(1.0)
    with caplog.at_level(logging.INFO, logger="companion.boxes.serial_link"):
        ann.restart()  # a soft reset behind a UART bridge: key numbers from 0, blank glass
        if not hello:  # firmware before 1.2, or the hello line lost to noise
            ann.logic.hello_due = False
        else:
            assert t.pump(lambda: link.restarts == 1)
            # Its glass is the seat's again, though the app sent nothing new.
            assert ann.wait_for(lambda: ann.lcd()[1].startswith("<2>"))
        t.tap(0, "plus")
        assert t.pump(lambda: t.controller.lcd_lines(0)[1].startswith("<3>"))
        t.tap(0, "ok")
        assert t.pump(lambda: t.locked(0))
    assert link.keys_lost == 0 and link.restarts == 1
    assert "lost" not in caplog.text and "restarted" in caplog.text
    assert t.serial.boxes[0].link is link  # the same open port all along
    assert ann.wait_for(lambda: ann.lcd()[0].startswith("LOCKED 3"))


LCD_PROMPTS = [("Host must accept", {}), ("seat {n}: {name}", {"n": 18, "name": "Marian"}),
               ("Host refused", {}), ("this box", {}), ("Seat moved to", {}),
               ("another box", {}), ("ID in use:", {}), ("No seat to take", {}),
               ("OK: take seat {n}", {"n": 18}), ("Protocol v{v}", {"v": 999}),
               ("update firmware", {})]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_boxes_own_prompts_fit_the_lcd(lang: str) -> None:
    tr = translator(lang)
    for text, args in LCD_PROMPTS:
        shown = msg(text, **args).render(tr)
        assert len(shown) <= 16, (lang, shown)
        if lang == "pl":
            assert shown != text or text.startswith("Protocol"), text  # translated
