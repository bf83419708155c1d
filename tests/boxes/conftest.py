"""Fixtures for the hardware adapter tests: charlcd without its sleeps, LCDs on fake buses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.boxes.fake_lcd import FakeMCP23008Bus, FakePCF8574Bus, fast_charlcd
from companion.boxes.lcd_backpacks import CharLcd, mcp23008_lcd, pcf8574_lcd


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
