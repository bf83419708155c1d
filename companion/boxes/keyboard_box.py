"""Keyboard boxes for the desktop: seat keys, host keys, and in-memory LCD/LED.

This module owns the desktop key map (documented in wiring.md, "Desktop keyboard") and turns
key events into the same `KeyEdge`s a GPIO box sends, so the InputShaper treats a held key
like a held button. Key names are pygame's (`pygame.key.name(event.key)`), so this module
never imports pygame: the loop that reads events does.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .vocabulary import HOST_SEAT, LCD_COLS, LCD_ROWS, Key, KeyEdge, LedMode

# Key sets in keyboard-row blocks of three: (minus, plus, ok). Left hand takes q/a/z rows,
# right hand u/j/m rows, so up to six people can share one keyboard without reaching over
# each other. Index = key set = N in the config's `box = "keyboard:N"`.
SEAT_KEYS: Final[tuple[tuple[str, str, str], ...]] = (
    ("q", "w", "e"),
    ("a", "s", "d"),
    ("z", "x", "c"),
    ("u", "i", "o"),
    ("j", "k", "l"),
    ("m", ",", "."),
    # Sets 6-17 let a desktop play a Mega Civilization table of up to 18 seats: the number
    # row, the keys left between the blocks above, and the function keys, three at a time.
    ("1", "2", "3"),
    ("4", "5", "6"),
    ("7", "8", "9"),
    ("0", "-", "="),
    ("r", "t", "y"),
    ("p", "[", "]"),
    ("f", "g", "h"),
    ("v", "b", "n"),
    ("f1", "f2", "f3"),
    ("f4", "f5", "f6"),
    ("f7", "f8", "f9"),
    ("f10", "f11", "f12"),
)
MAX_KEYBOARD_SEATS: Final = len(SEAT_KEYS)

# The host's keys work like a host box's three buttons on the host menu (companion.app.
# hostmenu): Left/Right choose among the commands the game offers now, Return runs the shown
# one, Return held undoes the last entry. They sit apart from the seat blocks.
HOST_KEYS: Final[Mapping[str, Key]] = MappingProxyType({
    "left": Key.MINUS,
    "right": Key.PLUS,
    "return": Key.OK,
})

SeatKeyMap = Mapping[str, tuple[int, Key]]


def seat_key_map(keysets: Mapping[int, int] | int) -> dict[str, tuple[int, Key]]:
    """Key name -> (seat, key). `keysets` is seat -> key set index, or a seat count n for
    seats 0..n-1 on key sets 0..n-1. Raises ValueError if a key set is unknown or shared."""
    assign = dict(enumerate(range(keysets))) if isinstance(keysets, int) else dict(keysets)
    used: dict[int, int] = {}
    out: dict[str, tuple[int, Key]] = {}
    for seat, keyset in assign.items():
        if not 0 <= keyset < MAX_KEYBOARD_SEATS:
            raise ValueError(f"keyboard key set {keyset} does not exist: "
                             f"use 0-{MAX_KEYBOARD_SEATS - 1}")
        if keyset in used:
            raise ValueError(f"keyboard key set {keyset} is given to seats "
                             f"{used[keyset]} and {seat}")
        used[keyset] = seat
        for name, key in zip(SEAT_KEYS[keyset], (Key.MINUS, Key.PLUS, Key.OK), strict=True):
            out[name] = (seat, key)
    return out


def keyboard_edge(event_type_down: bool, key_name: str, seat_map: SeatKeyMap,
                  at: float) -> KeyEdge | None:
    """A KEYDOWN/KEYUP of `key_name` as a KeyEdge, or None if it is no seat's key. Pure."""
    hit = seat_map.get(key_name.lower())
    if hit is None:
        return None
    seat, key = hit
    return KeyEdge(seat, key, event_type_down, at)


def host_key_map() -> dict[str, tuple[int, Key]]:
    """Key name -> (HOST_SEAT, key) for the host's keys, to merge into a seat key map."""
    return {name: (HOST_SEAT, key) for name, key in HOST_KEYS.items()}


class MemoryDisplay:
    """A `TextDisplay` that keeps the text, for the table screen to draw beside the seat.

    Lines are cut to the LCD width, so the desktop shows what would fit on the real glass.
    `version` goes up on every change, so a screen can redraw only when it moved.
    """

    def __init__(self, cols: int = LCD_COLS, rows: int = LCD_ROWS) -> None:
        self.cols = cols
        self.lines: tuple[str, ...] = ("",) * rows
        self.version = 0

    def show(self, line1: str, line2: str) -> None:
        lines = (line1[: self.cols], line2[: self.cols])
        if lines != self.lines:
            self.lines = lines
            self.version += 1


class MemoryLed:
    """A `StatusLed` that keeps its mode, for the table screen to draw."""

    def __init__(self) -> None:
        self.mode: LedMode = "off"
        self.version = 0

    def set(self, mode: LedMode) -> None:
        if mode not in ("off", "on", "blink"):
            raise ValueError(f"LED mode must be 'off', 'on' or 'blink', not {mode!r}")
        if mode != self.mode:
            self.mode = mode
            self.version += 1


class MemoryBox:
    """A box with an in-memory LCD and LED and no keys of its own: the demo feeds its key
    edges straight into the app (tables larger than the GPIO header or the keyboard)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.lcd = MemoryDisplay()
        self.led = MemoryLed()

    def close(self) -> None:
        pass  # nothing to release


class KeyboardBox(MemoryBox):
    """A seat played from the keyboard; implements `companion.boxes.vocabulary.Box`.

    Input does not go through the box: the pygame loop maps key events with `keyboard_edge`.
    """

    def __init__(self, seat: int, keyset: int | None = None) -> None:
        keyset = seat if keyset is None else keyset
        if not 0 <= keyset < MAX_KEYBOARD_SEATS:
            raise ValueError(f"keyboard key set {keyset} does not exist: "
                             f"use 0-{MAX_KEYBOARD_SEATS - 1}")
        super().__init__(seat)
        self.keyset = keyset
        self.keys = SEAT_KEYS[keyset]
