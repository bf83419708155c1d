"""What is wrong with a box, in words a player can act on, and finding LCDs on the I2C bus.

One fault degrades one seat: a box's LCD missing or failing, the I2C bus off, its GPIO pins
taken by another program. This module turns the real exceptions (charlcd's "No I2C device at
address" ValueError, an OSError(5) mid-write, gpiozero's GPIOPinInUse) into one short line
("no LCD at 0x25: check the cable") for the table's banner and the log, and a seat card's few
words ("No LCD: check cable"); it keeps each seat's current fault (`SeatFaults`) for the
screen, the log (one line when a fault starts, one when it ends) and `check-hardware`.
It also scans the I2C bus and names the backpack kind an address most likely belongs to.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..engine.text import Msg, msg
from .vocabulary import BoxStatus

log = logging.getLogger(__name__)

# Where each backpack kind can sit (A0-A2 jumpers): PCF8574 and MCP23008 share 0x20-0x27.
KIND_ADDRESSES: Mapping[str, range] = {
    "pcf8574": range(0x20, 0x28), "pcf8574a": range(0x38, 0x40), "mcp23008": range(0x20, 0x28),
}


class I2CUnavailable(Exception):
    """The Pi's I2C bus cannot be opened (I2C off in raspi-config, or no /dev/i2c-1)."""


I2C_OFF = msg("I2C is off: enable it with raspi-config and reboot")


def lcd_fault(exc: BaseException, address: int | None) -> Msg:
    """One line saying what is wrong with an LCD and what to check."""
    where = f"0x{address:02x}" if address is not None else "?"
    if isinstance(exc, I2CUnavailable):
        return I2C_OFF
    if isinstance(exc, ValueError) and "No I2C device" in str(exc):
        return msg("no LCD at {address}: check the cable", address=where)
    if isinstance(exc, OSError) and exc.errno in (errno.EIO, errno.EREMOTEIO, errno.ENXIO,
                                                  errno.ETIMEDOUT):
        return msg("LCD at {address} stopped answering: check the cable", address=where)
    return msg("LCD at {address} failed ({error}): check the cable", address=where,
               error=str(exc) or type(exc).__name__)


def pins_fault(exc: BaseException, pins: str) -> Msg:
    """One line for GPIO pins a box cannot have."""
    if type(exc).__name__ == "GPIOPinInUse" or "in use" in str(exc):
        return msg("GPIO pins {pins} are busy: stop the other program using them", pins=pins)
    return msg("GPIO pins {pins} cannot be used ({error})", pins=pins,
               error=str(exc) or type(exc).__name__)


def likely_kinds(address: int) -> tuple[str, ...]:
    """The backpack kinds that answer at `address` (empty: no LCD backpack we know)."""
    return tuple(kind for kind, where in KIND_ADDRESSES.items() if address in where)


# Where EEPROMs sit (24Cxx at 0x50-0x57 and their second pages up to 0x5F; SPD and some
# write-protect registers at 0x30-0x37): an empty write there can change a protection bit
# or start a write on some parts, so they are only ever read, as i2cdetect's default does.
READ_ONLY_PROBE = (range(0x30, 0x38), range(0x50, 0x60))


def probe_i2c(i2c: Any, address: int) -> bool:
    """Whether a device acknowledges `address`: an empty write, then a one-byte read (what
    adafruit_bus_device does; some chips only answer one of the two). EEPROM addresses
    (`READ_ONLY_PROBE`) get the read alone."""
    while not i2c.try_lock():
        time.sleep(0.001)
    try:
        if not any(address in where for where in READ_ONLY_PROBE):
            try:
                i2c.writeto(address, b"")
                return True
            except OSError:
                pass
        try:
            i2c.readfrom_into(address, bytearray(1))
            return True
        except OSError:
            return False
    finally:
        i2c.unlock()


def scan_i2c(i2c: Any) -> list[int]:
    """Every address on the bus that answers (0x08-0x77, the range i2cdetect scans)."""
    return [a for a in range(0x08, 0x78) if probe_i2c(i2c, a)]


def short_fault(part: str, fault: Msg) -> Msg:
    """The few words a seat card shows for a fault of `part` (the banner and the log carry
    the whole line): big enough to read from across the table, on the seat they concern."""
    if fault == I2C_OFF:
        return msg("I2C is off")
    if part == "lcd":
        return msg("No LCD: check cable")
    return msg("Buttons not working")  # its pins: the host menu offers a keyboard stand-in


class SeatFaults:
    """Each seat's current box fault, set from any thread. When one starts or ends it is
    logged (one line: the journal says when a seat was degraded and when it was mended) and
    `on_change(status)` is told the seat's new `BoxStatus` (the app marks the seat with it)."""

    def __init__(self, on_change: Callable[[BoxStatus], None] | None = None,
                 names: Mapping[int, str] | None = None) -> None:
        # Reentrant: `on_change` is called under it (so statuses reach the app in the order
        # the faults changed) and may read the faults back.
        self._lock = threading.RLock()
        self._faults: dict[tuple[int, str], Msg] = {}  # (seat, part) -> words
        self.on_change = on_change
        self.names: Mapping[int, str] = names if names is not None else {}  # for the log

    def set(self, seat: int, part: str, fault: Msg | None) -> None:
        """`part`: which part of the box ("lcd", "pins"); None clears it."""
        with self._lock:
            before = self._faults.get((seat, part))
            if before == fault:
                return  # a retry that failed the same way: nothing new to say
            if fault is None:
                self._faults.pop((seat, part), None)
            else:
                self._faults[(seat, part)] = fault
            who = self.names.get(seat, "host" if seat < 0 else f"seat {seat}")
            if fault is not None:
                log.warning("%s's box: %s", who, fault.render())
            else:
                log.warning("%s's box: mended (was: %s)", who, before.render() if before else "")
            if self.on_change is not None:
                self.on_change(self.status(seat))

    def status(self, seat: int) -> BoxStatus:
        """The seat as the table shows it: connected unless its buttons cannot be used (an
        LCD fault leaves the box playable), with its fault's few words."""
        with self._lock:
            fault = self.of(seat)
            part = "pins" if (seat, "pins") in self._faults else "lcd"
            return BoxStatus(seat, (seat, "pins") not in self._faults,
                             None if fault is None else short_fault(part, fault))

    def of(self, seat: int) -> Msg | None:
        """The seat's fault, pins first (without them the box cannot be played at all)."""
        with self._lock:
            for part in ("pins", "lcd"):
                if (seat, part) in self._faults:
                    return self._faults[(seat, part)]
            return None

    def all(self) -> dict[int, Msg]:
        with self._lock:
            seats = sorted({seat for seat, _ in self._faults})
            return {seat: fault for seat in seats if (fault := self.of(seat)) is not None}
