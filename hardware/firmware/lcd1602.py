"""A 16x2 HD44780 LCD on a PCF8574 "1602 IIC" backpack, driven over MicroPython's machine.I2C.

This module owns the box's glass: the 4-bit init sequence and diff writes (only characters
that changed are sent, so a bid step costs a few I2C bytes, not a repaint). Backpack wiring:
P0 RS, P1 RW (always low: we only write), P2 E, P3 backlight, P4-P7 D4-D7. Text arrives as
HD44780 ROM codes (the host maps it), so every character is written as its code unchanged.
MicroPython subset only; tested on the desktop against companion.boxes.fake_lcd's PCF8574 model.
"""

# typing.TYPE_CHECKING without importing typing, which MicroPython lacks (mypy and ruff read
# the name the same way); annotations are strings or never evaluated on the box.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

RS = 0x01
ENABLE = 0x04
BACKLIGHT = 0x08
ROW_START = (0x00, 0x40, 0x14, 0x54)
# PCF8574 (0x20-0x27) and PCF8574A (0x38-0x3F); boards come as 0x27 or 0x3F.
ADDRESSES = (0x27, 0x3F, 0x26, 0x25, 0x24, 0x23, 0x22, 0x21, 0x20,
             0x3E, 0x3D, 0x3C, 0x3B, 0x3A, 0x39, 0x38)


def find_lcd(found: "list[int]") -> "int | None":
    """The first address in `found` (an I2C scan) where a backpack could be, or None."""
    for address in ADDRESSES:
        if address in found:
            return address
    return None


def _no_sleep(ms: int) -> None:
    pass


class Lcd1602:
    def __init__(self, i2c: "Any", address: int, cols: int = 16, rows: int = 2,
                 sleep_ms: "Callable[[int], None]" = _no_sleep) -> None:
        self.i2c = i2c
        self.address = address
        self.cols = cols
        self.rows = rows
        self.sleep_ms = sleep_ms
        self.shadow = [" " * cols for _ in range(rows)]
        self.writes = 0  # I2C transactions, for tests
        self._port(0)
        sleep_ms(50)  # power-up: the controller needs >40 ms after VCC rises
        # 0x33 then 0x32 are the nibbles 3, 3, 3, 2: "8-bit mode" three times, then "4-bit
        # mode", which works from any state the controller was left in (a reset mid-byte).
        for byte, wait in ((0x33, 5), (0x32, 1), (0x28, 1), (0x0C, 1), (0x06, 1), (0x01, 2)):
            self._byte(byte, False)
            sleep_ms(wait)

    def _port(self, value: int) -> None:
        self.i2c.writeto(self.address, bytes([value | BACKLIGHT]))
        self.writes += 1

    def _byte(self, value: int, data: bool) -> None:
        rs = RS if data else 0
        out = bytearray()
        for nibble in (value & 0xF0, (value << 4) & 0xF0):
            # E high then low latches the nibble; both in one I2C transaction (fewer starts).
            out.append(nibble | rs | ENABLE | BACKLIGHT)
            out.append(nibble | rs | BACKLIGHT)
        self.i2c.writeto(self.address, bytes(out))
        self.writes += 1

    def show(self, lines: "tuple[str, ...] | list[str]") -> int:
        """Bring the glass to `lines` (padded or cut to the width); returns characters sent."""
        sent = 0
        for row in range(self.rows):
            text = lines[row] if row < len(lines) else ""
            text = (text + " " * self.cols)[:self.cols]
            old = self.shadow[row]
            col = 0
            while col < self.cols:
                if text[col] == old[col]:
                    col += 1
                    continue
                end = col
                while end < self.cols and text[end] != old[end]:
                    end += 1
                self._byte(0x80 | (ROW_START[row] + col), False)  # set DDRAM address
                for ch in text[col:end]:
                    self._byte(ord(ch) & 0xFF, True)
                    sent += 1
                col = end
            self.shadow[row] = text
        return sent
