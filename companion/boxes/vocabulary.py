"""The box vocabulary: what a box and the app say to each other, below both.

Keys and key edges (input from any box), intents (what the app's shaper makes of edges), host
input, hot-plug status, seat claims that wait for the host's confirmation, the phones' join
invitation and notes, the input sink and clock, and the two output ports a seat has: its 16x2 text
display and its status LED. The adapters in `companion.boxes` and the app both import this
module; it imports nothing but the engine's value and message types, so neither side depends
on the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Literal, Protocol

from ..engine.actions import Value
from ..engine.text import Msg, msg

HOST_SEAT = -1  # the seat number host boxes and host keys report
LCD_COLS = 16
LCD_ROWS = 2
# How a config names a box ("gpio:N", "keyboard:N", "mock:N", "serial:<box id>"), so the
# app can check a spec without importing an adapter: the numbered kinds' sizes (pins.py's
# six GPIO boxes, which the mock rig mirrors; keyboard_box.py's 18 key sets) and what a
# serial box id may hold (serial_protocol.py). tests/boxes/test_wiring.py holds them equal.
BOX_NUMBERS = {"gpio": 6, "keyboard": 18, "mock": 6}
BOX_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
BOX_ID_MAX = 32

LedMode = Literal["off", "on", "blink"]


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
    """A box connected or went away (serial hot-plug), or a part of it failed or mended; the
    table screen shows it on the seat's card."""

    seat: int
    connected: bool  # its buttons reach the app (False: keys held on it are released)
    # What is wrong with it, in a seat card's few words ("No LCD: check cable"): a box whose
    # LCD is gone is still connected (its buttons play on) but not whole. None: nothing.
    fault: Msg | None = None


@dataclass(frozen=True)
class Quit:
    """Stop the main loop (window closed, SIGTERM). `ask`: someone pressed Esc, which only
    asks (the app confirms first, and on the appliance never quits on it)."""

    ask: bool = False


@dataclass(frozen=True, eq=False)
class ClaimRequest:
    """A box (a phone, a new serial box) asks to play `seat`; the host must accept it.

    The app shows "{what} for {seat name}? Return to accept" on the table screen, records the
    host's decision, then calls `answer(accepted)` on its loop's thread: a box binds itself
    to the seat only then. `claim` names the request (no secret in it); `takeover` says the
    seat already has a box, which loses the seat when the host accepts.
    """

    claim: str
    seat: int
    what: Msg  # "Phone", "New box": the kind of box asking, for the table and its log
    takeover: bool
    answer: Callable[[bool], None]
    # Called (instead of `answer`) when the app gives up on the claim: its box stayed away,
    # or the host did not answer in time. None: the box hears `answer(False)`.
    expired: Callable[[], None] | None = None


@dataclass(frozen=True)
class ClaimWithdrawn:
    """The box behind a pending claim went away (or asked again): drop the question."""

    claim: str


@dataclass(frozen=True)
class ClaimAway:
    """The box behind a pending claim lost its connection (`away`), or has it again. A claim
    whose box stays away a while is withdrawn: nobody is there to hear the answer."""

    claim: str
    away: bool


class SeatBinder(Protocol):
    """A kind of box whose seats the host can release from the menu (phones, serial boxes
    claimed at the table): `bound()` names the seats a box now holds, `release` frees one."""

    what: Msg

    def bound(self) -> tuple[int, ...]: ...

    def release(self, seat: int) -> None: ...


@dataclass(frozen=True)
class JoinInvite:
    """What the table screen shows while a seat waits for a phone: the address to open, its
    QR code (rows of dark = True modules, quiet zone included) and the free seats' names."""

    url: str
    qr: tuple[tuple[bool, ...], ...]
    seats: tuple[str, ...]


# What a phone's page says under its LCD about its claim, by the note's key: the page itself
# (boxes/phone_page.py) and its picture beside the demo's table (display/phone_panel.py) show
# the same words.
PHONE_NOTES: Mapping[str, Msg] = {
    "pending": msg("Waiting for the host to accept this phone"),
    "refused": msg("The host refused this phone."),
    "taken": msg("Another phone took this seat over."),
    "released": msg("The host freed this seat."),
    "expired": msg("The host did not answer in time."),
}


InputItem = (KeyEdge | SeatIntent | HostInput | BoxStatus | ClaimRequest | ClaimWithdrawn
             | ClaimAway | Quit)
InputSink = Callable[[InputItem], None]
Clock = Callable[[], float]


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
