"""Fixtures for the hardware adapter tests: charlcd without its sleeps, LCDs on fake buses,
tables of fake serial boxes (`table`).

The suite runs with --import-mode=importlib, which does not put test folders on sys.path,
so this folder is added for its helper module (serial_table), whose name is unique to it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

from serial_table import Table

from companion.boxes.fake_lcd import FakeMCP23008Bus, FakePCF8574Bus, fast_charlcd
from companion.boxes.lcd_backpacks import CharLcd, mcp23008_lcd, pcf8574_lcd
from hardware.firmware.fakebox import FakeSerialBox


@pytest.fixture
def fast_lcd() -> Iterator[None]:
    """charlcd without its 1 ms per byte sleeps, for this test only."""
    restore = fast_charlcd()
    yield
    restore()


@pytest.fixture(params=["mcp23008", "pcf8574"])
def lcd_on_bus(
    request: pytest.FixtureRequest, fast_lcd: None
) -> tuple[CharLcd, FakeMCP23008Bus | FakePCF8574Bus]:
    """A real charlcd object on each kind of fake backpack, and the bus with its model."""
    if request.param == "mcp23008":
        mcp = FakeMCP23008Bus(address=0x21)
        return mcp23008_lcd(mcp, 0x21), mcp
    pcf = FakePCF8574Bus(address=0x26)
    return pcf8574_lcd(pcf, 0x26), pcf


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Callable[..., Table]]:
    """Make serial tables (ids, boxes, by_id, SerialBoxes options); all closed at the end."""
    made: list[Table] = []

    def make(ids: list[str], boxes: list[FakeSerialBox] | None = None, **kw: Any) -> Table:
        boxes = boxes if boxes is not None else [FakeSerialBox(i, heartbeat_ms=200) for i in ids]
        t = Table(tmp_path, ids, boxes, **kw)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()
