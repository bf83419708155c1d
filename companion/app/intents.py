"""Input as it arrives from any box: key edges with a timestamp, and host commands.

Hardware callbacks (gpiozero, pyserial threads, pygame keys) only build one of these and
put it on the app's queue. `InputShaper` turns edges into intents (debounce, auto-repeat,
hold), driven by the loop with an injectable clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ..engine.actions import Value


class Key(Enum):
    MINUS = "minus"
    PLUS = "plus"
    OK = "ok"


class Intent(Enum):
    MINUS = "minus"
    PLUS = "plus"
    OK = "ok"  # short press: confirm / lock
    OK_HELD = "ok_held"  # long press: unlock a locked sealed entry


@dataclass(frozen=True)
class KeyEdge:
    """A button went down or up on a seat's box at time `at` (seconds, box clock)."""

    seat: int
    key: Key
    down: bool
    at: float
    # A serial box debounces in its firmware; its edges arrive with line jitter, so the
    # host must not debounce them again (that would hold back a release up to 20 ms).
    debounced: bool = False


@dataclass(frozen=True)
class SeatIntent:
    seat: int
    intent: Intent
    step: int = 1  # auto-repeat accelerates by raising the step


@dataclass(frozen=True)
class HostInput:
    """A host command from the keyboard or a host box (start, abandon, undo, end ...)."""

    command: str
    params: tuple[tuple[str, Value], ...] = ()


@dataclass(frozen=True)
class BoxStatus:
    """A box connected or went away (serial hot-plug); the table screen shows it."""

    seat: int
    connected: bool


@dataclass(frozen=True)
class Quit:
    """Stop the main loop (window closed, SIGTERM)."""


InputItem = KeyEdge | SeatIntent | HostInput | BoxStatus | Quit
InputSink = Callable[[InputItem], None]
Clock = Callable[[], float]
