"""Finding and opening the USB-serial seat boxes' ports, and telling one device from another.

This module owns discovery: serial ports whose USB VID:PID is a known box, named by their
stable `/dev/serial/by-id` link when there is one, each with the USB device's serial number
(`usb_ports`, which gives `FoundPort`s), and how a port is opened: exclusively (`open_serial`),
so a second program cannot silently share a box's lines. Both are injectable in `SerialBoxes`,
so tests pass ptys (with a temporary directory of by-id links) or `loop://`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Raspberry Pi Pico running MicroPython (the reference firmware): VID 0x2E8A, PID 0x0005.
DEFAULT_USB_IDS: tuple[tuple[int, int], ...] = ((0x2E8A, 0x0005),)
BY_ID = Path("/dev/serial/by-id")
BAUD = 115200  # USB CDC ignores it; a UART bridge (CH340, FTDI) box needs it
READ_TIMEOUT = 0.25  # how often an idle reader looks up to check its deadlines (data wakes
# it at once; deadlines are seconds long, and 12 boxes at 20 wake-ups a second cost CPU)
# udev's by-id name: usb-<ID_SERIAL>-if<interface>[-port<n>], where ID_SERIAL is
# <vendor>_<model>_<serial number> (spaces made "_"), e.g.
# usb-MicroPython_Board_in_FS_mode_e6614c311b4a2b29-if00.
_BY_ID_NAME = re.compile(r"usb-(?P<serial>.+)-if[0-9A-Fa-f]{2}(?:-port\d+)?")


@dataclass(frozen=True)
class FoundPort:
    """A plugged-in box's port: the path to open and the USB device's serial number (None
    when the device reports none, as most CH340 bridges, or when it is not known: a bare
    device path). The serial number is what binds a seat to a device (`serial_bindings`)."""

    path: str
    usb_serial: str | None


OpenPort = Callable[[str], Any]  # path -> an open pyserial-like port
Discover = Callable[[], Iterable["str | FoundPort"]]  # a bare str is a path, serial unknown


class PortBusy(OSError):
    """The port is open in another program (a check-hardware run, a serial terminal)."""


def serial_from_by_id(path: str) -> str | None:
    """The USB serial number in a by-id link's name (the last `_` field of its ID_SERIAL),
    or None when `path` is not named like one."""
    m = _BY_ID_NAME.fullmatch(os.path.basename(path))
    if m is None:
        return None
    head, sep, serial = m.group("serial").rpartition("_")
    return serial if sep and head and serial else None


def found_port(item: str | FoundPort) -> FoundPort:
    """A discovered port: as given, or a bare path with the serial its by-id name shows."""
    if isinstance(item, FoundPort):
        return item
    return FoundPort(item, serial_from_by_id(item))


def usb_ports(usb_ids: Iterable[tuple[int, int]] = DEFAULT_USB_IDS, by_id: Path = BY_ID,
              comports: Callable[[], Iterable[Any]] | None = None) -> list[FoundPort]:
    """Ports of plugged-in boxes: comports() with a known VID:PID, plus by-id links of
    MicroPython boards, each named by its /dev/serial/by-id link when it has one (stable
    across replugs and reboots, unlike /dev/ttyACM0), with the device's USB serial number
    (pyserial's; for a by-id link pyserial does not list, the one its name shows)."""
    ids = set(usb_ids)
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports
    found: dict[str, FoundPort] = {}
    for port in comports():
        if (port.vid, port.pid) in ids:
            found[os.path.realpath(port.device)] = FoundPort(
                port.device, getattr(port, "serial_number", None) or None)
    if by_id.is_dir():
        for link in sorted(by_id.iterdir()):
            real = os.path.realpath(link)
            if real in found:  # pyserial read the device's own serial number (or its lack:
                # then the name's last field is the model, e.g. usb-FTDI_FT232R-if00-port0)
                found[real] = FoundPort(str(link), found[real].usb_serial)
            elif "MicroPython" in link.name:
                found[real] = FoundPort(str(link), serial_from_by_id(str(link)))
    return sorted(found.values(), key=lambda p: p.path)


def open_serial(path: str) -> Any:
    """Open a box's port, exclusively: pyserial's `exclusive=True` takes an flock on POSIX,
    so a second program (check-hardware beside the service) gets `PortBusy` instead of
    silently taking half of the box's lines."""
    import serial

    try:
        # write_timeout: a box that stopped reading must not hang the writer thread for good.
        return serial.serial_for_url(path, baudrate=BAUD, timeout=READ_TIMEOUT,
                                     write_timeout=1.0, exclusive=True)
    except serial.SerialException as exc:
        if "exclusively lock" in str(exc):
            raise PortBusy(f"{path} is open in another program (the companion service, or "
                           f"a check-hardware run, or a serial terminal): stop that one "
                           f"first") from exc
        raise
