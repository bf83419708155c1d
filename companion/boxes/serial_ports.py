"""Finding and opening the USB-serial seat boxes' ports.

This module owns discovery: serial ports whose USB VID:PID is a known box, named by their
stable `/dev/serial/by-id` link when there is one (`usb_ports`), and how a port is opened
(`open_serial`). Both are injectable in `SerialBoxes`, so tests pass ptys or `loop://`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

# Raspberry Pi Pico running MicroPython (the reference firmware): VID 0x2E8A, PID 0x0005.
DEFAULT_USB_IDS: tuple[tuple[int, int], ...] = ((0x2E8A, 0x0005),)
BY_ID = Path("/dev/serial/by-id")
BAUD = 115200  # USB CDC ignores it; a UART bridge (CH340, FTDI) box needs it
READ_TIMEOUT = 0.25  # how often an idle reader looks up to check its deadlines (data wakes
# it at once; deadlines are seconds long, and 12 boxes at 20 wake-ups a second cost CPU)

OpenPort = Callable[[str], Any]  # path -> an open pyserial-like port


def usb_ports(usb_ids: Iterable[tuple[int, int]] = DEFAULT_USB_IDS, by_id: Path = BY_ID,
              comports: Callable[[], Iterable[Any]] | None = None) -> list[str]:
    """Ports of plugged-in boxes: comports() with a known VID:PID, plus by-id links of
    MicroPython boards, each named by its /dev/serial/by-id link when it has one (stable
    across replugs and reboots, unlike /dev/ttyACM0)."""
    ids = set(usb_ids)
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports
    found: dict[str, str] = {}
    for port in comports():
        if (port.vid, port.pid) in ids:
            found[os.path.realpath(port.device)] = port.device
    if by_id.is_dir():
        for link in sorted(by_id.iterdir()):
            real = os.path.realpath(link)
            if real in found or "MicroPython" in link.name:
                found[real] = str(link)
    return sorted(found.values())


def open_serial(path: str) -> Any:
    import serial

    # write_timeout: a box that stopped reading must not hang the writer thread for good.
    return serial.serial_for_url(path, baudrate=BAUD, timeout=READ_TIMEOUT, write_timeout=1.0)
