"""Ports the app drives: a seat's LCD and LED. Hardware adapters implement them."""

from __future__ import annotations

from typing import Literal, Protocol

LedMode = Literal["off", "on", "blink"]

LCD_COLS = 16
LCD_ROWS = 2


class TextDisplay(Protocol):
    """One seat's private 16x2 LCD. `show` never blocks: the newest text wins."""

    def show(self, line1: str, line2: str) -> None: ...


class StatusLed(Protocol):
    """The seat's LED: on = you must act, blink = locked, off = nothing to do."""

    def set(self, mode: LedMode) -> None: ...


class Box(Protocol):
    """A seat's box: where its LCD text and LED state go. Input goes to the app's queue."""

    seat: int

    @property
    def lcd(self) -> TextDisplay: ...

    @property
    def led(self) -> StatusLed: ...

    def close(self) -> None: ...
