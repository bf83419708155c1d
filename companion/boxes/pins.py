"""The default GPIO pin table and LCD I2C addresses for up to six GPIO boxes.

This module owns the numbers; wiring.md shows the same table to the person with the soldering
iron, and tests/boxes/test_wiring.py checks that the two agree. Box numbers are 0-based, as
in the config (`box = "gpio:0"` ... `"gpio:5"`); wiring.md prints them the same way.

Pure data and checks: importing this module touches no hardware library.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

# BCM GPIO number -> physical pin on the 40-pin header (every Pi since the B+, Pi 5 included).
BCM_TO_PHYSICAL: Final[Mapping[int, int]] = MappingProxyType({
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
    10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32,
    13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
})
PHYSICAL_TO_BCM: Final[Mapping[int, int]] = MappingProxyType(
    {phys: bcm for bcm, phys in BCM_TO_PHYSICAL.items()}
)
GROUND_PINS: Final = frozenset({6, 9, 14, 20, 25, 30, 34, 39})

# GPIO2/3 are SDA/SCL for the shared LCD bus (with fixed 1.8k pull-ups: no buttons there).
I2C_BCM: Final = frozenset({2, 3})
# GPIO0/1 are ID_SD/ID_SC: the firmware reads a HAT's ID EEPROM on them at boot.
ID_EEPROM_BCM: Final = frozenset({0, 1})
RESERVED_BCM: Final = I2C_BCM | ID_EEPROM_BCM

SDA_PIN: Final = 3
SCL_PIN: Final = 5


@dataclass(frozen=True)
class BoxPins:
    """One GPIO box: BCM numbers of its three buttons (to GND) and its LED (to GND via R)."""

    minus: int
    plus: int
    ok: int
    led: int

    def as_dict(self) -> dict[str, int]:
        return {"minus": self.minus, "plus": self.plus, "ok": self.ok, "led": self.led}


# Boxes 0-4 each take four neighbouring header pins next to a ground pin, so one short
# Dupont bundle serves a box; box 5 gets the four pins left over. Boxes 0-4 avoid the
# UART pins (GPIO14/15), which a serial console drives; box 5 uses them, so it needs the
# console off (wiring.md). LEDs sit on GPIO9-27, which a Pi 1-4 pulls down at reset (GPIO0-8
# are pulled up), so an LED stays dark until the app starts instead of glowing faintly.
DEFAULT_BOX_PINS: Final[tuple[BoxPins, ...]] = (
    BoxPins(minus=4, plus=17, ok=27, led=22),   # header 7, 11, 13, 15; GND 9
    BoxPins(minus=18, plus=23, ok=24, led=25),  # header 12, 16, 18, 22; GND 14, 20
    BoxPins(minus=9, plus=11, ok=8, led=10),    # header 21, 23, 24, 19; GND 20, 25
    BoxPins(minus=5, plus=6, ok=13, led=19),    # header 29, 31, 33, 35; GND 30, 34
    BoxPins(minus=12, plus=16, ok=20, led=21),  # header 32, 36, 38, 40; GND 34, 39
    BoxPins(minus=14, plus=15, ok=7, led=26),   # header 8, 10, 26, 37; GND 6, 39
)
MAX_GPIO_BOXES: Final = len(DEFAULT_BOX_PINS)

LcdChip = Literal["pcf8574", "pcf8574a", "mcp23008"]

# One address per box, whatever the backpack: every LCD on the shared bus needs its own
# address, and keying it to the box keeps a mixed table (some PCF8574, some MCP23008) free
# of clashes. 0x27 is the PCF8574 "1602 IIC" board as sold (no jumper bridged), so box 0
# works out of the bag; the others bridge jumpers (table in wiring.md).
DEFAULT_LCD_ADDRESSES: Final[tuple[int, ...]] = (0x27, 0x26, 0x25, 0x24, 0x23, 0x22)
# The PCF8574A variant answers at 0x38-0x3F instead; same jumper pattern, as sold = 0x3F.
PCF8574A_LCD_ADDRESSES: Final[tuple[int, ...]] = (0x3F, 0x3E, 0x3D, 0x3C, 0x3B, 0x3A)


def _check_box(box: int) -> None:
    if not 0 <= box < MAX_GPIO_BOXES:
        raise ValueError(f"GPIO box {box} does not exist: the header has boxes "
                         f"0-{MAX_GPIO_BOXES - 1}; more seats need serial boxes")


def physical_pin(bcm: int) -> int:
    """The header pin number of a BCM GPIO; KeyError for a GPIO not on the header."""
    return BCM_TO_PHYSICAL[bcm]


def box_pins(box: int) -> BoxPins:
    """Default pins of GPIO box `box` (0-based, as in `gpio:N`)."""
    _check_box(box)
    return DEFAULT_BOX_PINS[box]


def lcd_address(box: int, chip: LcdChip = "pcf8574") -> int:
    """Default I2C address of box `box`'s LCD backpack."""
    _check_box(box)
    table = PCF8574A_LCD_ADDRESSES if chip == "pcf8574a" else DEFAULT_LCD_ADDRESSES
    return table[box]


def check_pin_table(boxes: Iterable[BoxPins]) -> None:
    """Raise ValueError naming the first problem: a pin used twice, reserved, or not on the header.

    For custom pin tables (config) as much as for the defaults.
    """
    seen: dict[int, str] = {}
    for n, pins in enumerate(boxes):
        for role, bcm in pins.as_dict().items():
            where = f"box {n} {role}"
            if bcm in I2C_BCM:
                raise ValueError(f"{where}: GPIO{bcm} is an I2C pin (the LCD bus); pick another")
            if bcm in ID_EEPROM_BCM:
                raise ValueError(f"{where}: GPIO{bcm} is the HAT ID EEPROM pin; pick another")
            if bcm not in BCM_TO_PHYSICAL:
                raise ValueError(f"{where}: GPIO{bcm} is not on the 40-pin header")
            if bcm in seen:
                raise ValueError(f"{where}: GPIO{bcm} is already {seen[bcm]}")
            seen[bcm] = where
