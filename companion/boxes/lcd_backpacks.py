"""The adafruit charlcd objects of the two LCD backpacks we support, on a real or fake I2C bus.

This module owns what `LcdWriter` needs of a charlcd object (`CharLcd`), the I2C surface the
drivers use (`I2CBus`), the builders for Adafruit's MCP23008 backpack and the common PCF8574
"1602 IIC" board, and opening the Pi's bus (`real_i2c`). Blinka-based libraries are imported
inside the builders: on a PC `board` has no I2C, and tests pass the fake bus of `fake_lcd`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

from .vocabulary import LCD_COLS, LCD_ROWS


class CharLcd(Protocol):
    """What LcdWriter needs of an adafruit charlcd object (Character_LCD and subclasses)."""

    def cursor_position(self, column: int, row: int) -> None: ...

    @property
    def message(self) -> str | None: ...

    @message.setter
    def message(self, message: str) -> None: ...

    def create_char(self, location: int, pattern: Sequence[int]) -> None: ...


class I2CBus(Protocol):
    """The busio.I2C surface the Adafruit drivers use (and the fakes in fake_lcd provide)."""

    def try_lock(self) -> bool: ...

    def unlock(self) -> None: ...

    def writeto(self, address: int, buffer: bytes | bytearray, *, start: int = 0,
                end: int | None = None) -> None: ...

    def readfrom_into(self, address: int, buffer: bytearray, *, start: int = 0,
                      end: int | None = None) -> None: ...

    def writeto_then_readfrom(self, address: int, buffer_out: bytes | bytearray,
                              buffer_in: bytearray, *, out_start: int = 0,
                              out_end: int | None = None, in_start: int = 0,
                              in_end: int | None = None) -> None: ...


def mcp23008_lcd(i2c: I2CBus, address: int = 0x20, cols: int = LCD_COLS,
                 rows: int = LCD_ROWS) -> CharLcd:
    """An LCD on Adafruit's MCP23008 I2C/SPI backpack (address 0x20-0x27 by jumpers)."""
    from adafruit_character_lcd.character_lcd_i2c import Character_LCD_I2C

    lcd = Character_LCD_I2C(i2c, cols, rows, address=address)
    # The base __init__ resets _backlight_on after the backpack set it, and this class
    # sends the backlight bit with every byte: without this the light goes out on first text.
    lcd.backlight = True
    return cast(CharLcd, lcd)


def pcf8574_lcd(i2c: I2CBus, address: int = 0x27, cols: int = LCD_COLS,
                rows: int = LCD_ROWS) -> CharLcd:
    """An LCD on a PCF8574 "1602 IIC" board: P0 RS, P1 RW, P2 E, P3 backlight, P4-P7 D4-D7."""
    from adafruit_character_lcd.character_lcd import Character_LCD_Mono
    from adafruit_pcf8574 import PCF8574

    pcf = PCF8574(i2c, address)
    # RW high would put the HD44780 in read mode, driving D4-D7 against us; we only write.
    pcf.get_pin(1).switch_to_output(value=False)
    pin = pcf.get_pin
    lcd = Character_LCD_Mono(pin(0), pin(2), pin(4), pin(5), pin(6), pin(7), cols, rows,
                             backlight_pin=pin(3))
    lcd.backlight = True  # the pin is already on; this makes `lcd.backlight` read true too
    return cast(CharLcd, lcd)


def real_i2c() -> I2CBus:
    """The Pi's I2C bus 1 (SDA pin 3, SCL pin 5). Only ever call this on a Pi.

    Imports Blinka here, not at module import: on a PC `board` has no I2C, and on a Pi the
    import needs gpiod (set BLINKA_SKIP_DEPENDENCY_CHECK=1 so it never offers to pip-install).
    The bus speed is the kernel's (dtparam=i2c_arm_baudrate in config.txt), not ours.
    """
    import board
    import busio

    bus: Any = busio.I2C(board.SCL, board.SDA)
    return cast(I2CBus, bus)
