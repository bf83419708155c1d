"""The mock rig end to end: pins -> edges in the sink; show -> text decoded off the fake bus."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

from companion.boxes.fake_lcd import FakeMCP23008, FakePCF8574
from companion.boxes.mock_rig import MockRig
from companion.boxes.vocabulary import InputItem, Key, KeyEdge


def test_a_tap_arrives_in_the_sink_as_down_and_up(pins: Any) -> None:
    got: list[InputItem] = []
    ticks = itertools.count(10.0, 0.5)
    with MockRig(3, pins, sink=got.append, clock=lambda: next(ticks)) as rig:
        rig.tap(2, Key.OK)
        rig.press(0, Key.PLUS)
        rig.release(0, Key.PLUS)
    assert got == [
        KeyEdge(2, Key.OK, True, 10.0), KeyEdge(2, Key.OK, False, 10.5),
        KeyEdge(0, Key.PLUS, True, 11.0), KeyEdge(0, Key.PLUS, False, 11.5),
    ]


def test_default_sink_collects_edges(pins: Any) -> None:
    with MockRig(2, pins) as rig:
        rig.tap(1, Key.MINUS)
        assert [(e.seat, e.key, e.down) for e in rig.edges if isinstance(e, KeyEdge)] == [
            (1, Key.MINUS, True), (1, Key.MINUS, False)]


def test_every_seat_reads_its_own_text_through_both_backpacks(pins: Any) -> None:
    with MockRig(6, pins) as rig:
        assert isinstance(rig.chips[0], FakeMCP23008) and isinstance(rig.chips[1], FakePCF8574)
        for seat, box in enumerate(rig.boxes):
            box.lcd.show(f"Seat {seat}", f"Bid: {seat * 7}")
        assert rig.flush()
        for seat in range(6):
            assert rig.lcd_lines(seat) == (f"Seat {seat}".ljust(16), f"Bid: {seat * 7}".ljust(16))


def test_a_bid_step_costs_a_handful_of_bus_writes(pins: Any) -> None:
    with MockRig(2, pins) as rig:
        for seat in (0, 1):
            box = rig.boxes[seat]
            box.lcd.show("Camel: blue", "Your bid:     9")
            assert rig.flush()
            before, data_before = rig.bus_writes(seat), rig.chips[seat].model.data_writes()
            box.lcd.show("Camel: blue", "Your bid:    10")
            assert rig.flush()
            assert rig.lcd_lines(seat) == ("Camel: blue     ", "Your bid:    10 ")
            assert rig.chips[seat].model.data_writes() - data_before == 2
            # 2 characters + 2 address commands at ~15 I2C writes each; a repaint is ~500
            assert 0 < rig.bus_writes(seat) - before <= 80


def test_the_latest_text_wins_on_the_glass(pins: Any) -> None:
    with MockRig(1, pins) as rig:
        for n in range(100):
            rig.boxes[0].lcd.show("Bid", str(n))
        assert rig.flush()
        assert rig.lcd_lines(0) == ("Bid".ljust(16), "99".ljust(16))


def test_led_modes_show_on_the_rig(pins: Any) -> None:
    with MockRig(2, pins, blink_on=0.02, blink_off=0.02) as rig:
        rig.boxes[1].led.set("on")
        assert rig.led_state(1) == "on" and rig.led_lit(1)
        assert rig.led_state(0) == "off" and not rig.led_lit(0)
        rig.boxes[0].led.set("blink")
        seen: set[bool] = set()
        deadline = time.monotonic() + 2
        while len(seen) < 2 and time.monotonic() < deadline:
            seen.add(rig.led_lit(0))
            time.sleep(0.005)
        assert seen == {True, False}


@pytest.mark.slow  # two rigs built
def test_close_resets_the_factory_so_a_new_rig_can_use_the_pins(pins: Any) -> None:
    MockRig(6, pins).close()
    with MockRig(6, pins) as rig:
        rig.tap(5, Key.OK)
        assert len(rig.edges) == 2


def test_the_rig_builds_its_own_factory_when_none_is_given() -> None:
    with MockRig(1) as rig:
        rig.tap(0, Key.MINUS)
        rig.boxes[0].lcd.show("hello", "")
        assert rig.flush()
        assert rig.lcd_lines(0)[0] == "hello".ljust(16)
        assert len(rig.edges) == 2


def test_more_boxes_than_the_header_holds_is_refused(pins: Any) -> None:
    with pytest.raises(ValueError, match="1-6"):
        MockRig(7, pins)
