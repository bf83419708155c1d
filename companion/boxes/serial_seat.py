"""A serial seat as the app sees it, plugged in or not.

This module owns `SerialSeat` (a seat bound to a box id from the config, or `*N` to be
claimed at the table) and `SerialSeatBox`, the seat's `Box`: it keeps the seat's current LCD
text and LED mode, so a box that is plugged in again (or claims the seat) gets them at once,
while the app only sends what changed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.text import Msg, msg
from . import serial_protocol as sp
from .lcd_text import to_hd44780
from .vocabulary import LCD_COLS, LedMode

if TYPE_CHECKING:
    from .serial_link import BoxLink

CLAIM_PREFIX = "*"  # `serial:*1`: a seat taken at the table; `*` never occurs in a box id


@dataclass(frozen=True)
class SerialSeat:
    """A seat played on a serial box: `box_id` from the config, or `*N` to claim at the table."""

    seat: int
    name: str
    box_id: str

    @property
    def claimable(self) -> bool:
        return self.box_id.startswith(CLAIM_PREFIX)


def seat_label(seat: int, name: str) -> Msg:
    if seat < 0:  # HOST_SEAT: the host's own box may be a serial box too
        return msg("the host box")
    return msg("seat {n} ({name})", n=seat + 1, name=name)


class _SeatLcd:
    def __init__(self, box: SerialSeatBox) -> None:
        self._box = box

    def show(self, line1: str, line2: str) -> None:
        self._box._set(rows=(line1, line2))

    @property
    def lines(self) -> tuple[str, str]:
        return self._box._rows


class _SeatLed:
    def __init__(self, box: SerialSeatBox) -> None:
        self._box = box

    def set(self, mode: LedMode) -> None:
        if mode not in sp.LED_MODES:
            raise ValueError(f"LED mode must be 'off', 'on' or 'blink', not {mode!r}")
        self._box._set(led=mode)

    @property
    def mode(self) -> str:
        return self._box._led


class SerialSeatBox:
    """A seat's serial box as the app sees it (`companion.boxes.vocabulary.Box`), plugged in or not.

    Text is mapped to the HD44780 ROM here (as for GPIO LCDs) and kept, so whichever box is
    attached next shows the seat's current text and LED straight away.
    """

    def __init__(self, spec: SerialSeat) -> None:
        self.seat = spec.seat
        self.spec = spec
        self._lock = threading.Lock()
        self._rows: tuple[str, str] = ("", "")
        self._led = "off"
        self._link: BoxLink | None = None
        self.lcd = _SeatLcd(self)
        self.led = _SeatLed(self)

    @property
    def link(self) -> BoxLink | None:
        return self._link

    @property
    def connected(self) -> bool:
        return self._link is not None

    def _set(self, rows: tuple[str, str] | None = None, led: str | None = None) -> None:
        with self._lock:  # the loop thread sets, a link thread attaches: never send stale text
            if rows is not None:
                self._rows = (to_hd44780(rows[0])[:LCD_COLS], to_hd44780(rows[1])[:LCD_COLS])
                if self._link is not None:
                    self._link.post_lcd(self._rows)
            if led is not None:
                self._led = led
                if self._link is not None:
                    self._link.post_led(led)

    def attach(self, link: BoxLink) -> None:
        with self._lock:
            self._link = link
            link.post_lcd(self._rows)
            link.post_led(self._led)

    def detach(self, link: BoxLink) -> None:
        with self._lock:
            if self._link is link:
                self._link = None

    def close(self) -> None:
        pass  # links belong to SerialBoxes, which closes them
