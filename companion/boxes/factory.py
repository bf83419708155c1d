"""The one box factory: every seat's box, of any kind, for `run`, `check-hardware`, `demo`
and the benches.

This module owns how a box spec becomes a working box: `gpio:N` (a `GpioBox` on the default
pin table with its LCD on the shared I2C bus), `mock:N` (the same on mock pins and a fake
bus, `MockRig`), `serial:<id>` (one `SerialBoxes` manager for every serial seat),
`keyboard:N` and `memory:N` (in-memory boxes). It keeps whatever must be closed, in the
order it was opened. `BoxFactory.build` makes a whole table; `check-hardware` calls the
per-kind builders itself, because it reports each box's fault before it asks for presses.

The adapters that need gpiozero, charlcd or pyserial are imported where they are built, so
a table with keyboard boxes only never loads them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.text import Msg
from .vocabulary import Box, Clock, InputSink, Key, TextDisplay

if TYPE_CHECKING:
    from .gpio_box import GpioBox
    from .lcd import BusLcd, LcdBus
    from .lcd_backpacks import I2CBus
    from .mock_rig import MockRig
    from .serial_box import SerialBoxes


@dataclass
class Boxes:
    """Every seat's box, and whatever must be closed when the app stops."""

    boxes: dict[int, Box] = field(default_factory=dict)
    keyboard: dict[str, tuple[int, Key]] = field(default_factory=dict)  # key name -> seat, key
    closers: list[Callable[[], None]] = field(default_factory=list)
    # The serial boxes' banner line (a seat to claim, a refused box) for App.notice.
    notice: Callable[[], Msg | None] | None = None
    serial: SerialBoxes | None = None
    rig: MockRig | None = None  # the mock boxes' pins and fake LCD glass

    def close(self) -> None:
        for close in reversed(self.closers):
            try:
                close()
            except Exception as exc:  # closing must go on for every box
                print(f"companion: closing a box failed: {exc}", file=sys.stderr)


class BoxFactory:
    """Builds boxes into `made` (a `Boxes`). Every hardware source is injectable: `i2c` (a
    busio.I2C-like bus; None opens the Pi's), `pin_factory` (gpiozero; None = the default),
    `serial_ports` (replaces USB discovery), `serial_options` (tunes `SerialBoxes`)."""

    def __init__(self, sink: InputSink, clock: Clock, *, lcd: str = "pcf8574",
                 i2c: Any = None, pin_factory: Any = None,
                 serial_ports: Callable[[], Iterable[str]] | None = None,
                 serial_options: Mapping[str, Any] | None = None) -> None:
        self.sink, self.clock, self.lcd = sink, clock, lcd
        self.pin_factory = pin_factory
        self.serial_ports = serial_ports
        self.serial_options = dict(serial_options or {})
        self.made = Boxes()
        self._i2c: Any = i2c
        self._lcd_bus: LcdBus | None = None

    def build(self, wanted: Iterable[tuple[int, str]], names: Mapping[int, str] | None = None,
              *, host_keyboard: bool = False) -> Boxes:
        """A whole table: `wanted` is (seat, box spec), the host's box as HOST_SEAT; `names`
        seat -> name for serial seats' prompts; `host_keyboard` maps the host's keys."""
        by_kind: dict[str, list[tuple[int, str]]] = {}
        for seat, spec in wanted:
            kind, _, ident = spec.partition(":")
            by_kind.setdefault(kind, []).append((seat, ident))
        try:
            self._build(by_kind, names or {})
        except BaseException:
            self.made.close()  # a half-built table must not keep pins or ports
            raise
        if host_keyboard:
            from .keyboard_box import host_key_map

            self.made.keyboard.update(host_key_map())
        return self.made

    def _build(self, by_kind: dict[str, list[tuple[int, str]]], names: Mapping[int, str]
               ) -> None:
        for seat, n in by_kind.pop("gpio", []):
            self.gpio_box(seat, int(n))
        if mock := by_kind.pop("mock", []):
            self.mock_boxes([(seat, int(n)) for seat, n in mock])
        if serial := by_kind.pop("serial", []):
            self.serial_boxes(serial, names).start()  # "disconnected" until identified
        for seat, n in by_kind.pop("keyboard", []):
            self.keyboard_box(seat, int(n))
        for seat, _ in by_kind.pop("memory", []):
            self.memory_box(seat)
        if by_kind:
            raise ValueError(f"unknown box kind(s): {', '.join(sorted(by_kind))}")

    # -- GPIO boxes: header pins and an LCD on the shared I2C bus

    def i2c(self) -> I2CBus:
        """The I2C bus of the GPIO boxes' LCDs, opened once (raises if it cannot be)."""
        if self._i2c is None:
            from .lcd_backpacks import real_i2c

            self._i2c = real_i2c()
        return self._i2c  # type: ignore[no-any-return]

    def gpio_lcd(self, seat: int, n: int) -> BusLcd:
        """Box `n`'s LCD at its default address, written by the one LCD bus thread."""
        from .lcd import LcdBus
        from .lcd_backpacks import mcp23008_lcd, pcf8574_lcd
        from .lcd_text import POLISH
        from .pins import DEFAULT_LCD_ADDRESSES

        if self._lcd_bus is None:
            self._lcd_bus = LcdBus("i2c-1")
            self.made.closers.append(self._lcd_bus.close)
        i2c, address = self.i2c(), DEFAULT_LCD_ADDRESSES[n]
        build = pcf8574_lcd if self.lcd == "pcf8574" else mcp23008_lcd
        return self._lcd_bus.attach(lambda: build(i2c, address), mapper=POLISH,
                                    name=f"seat{seat}-lcd")

    def gpio_box(self, seat: int, n: int, lcd: TextDisplay | None = None) -> GpioBox:
        """Box `n` of the default pin table as `seat`; its LCD unless `lcd` is given."""
        from .gpio_box import GpioBox
        from .pins import DEFAULT_BOX_PINS

        screen = lcd if lcd is not None else self.gpio_lcd(seat, n)
        box = GpioBox(seat, DEFAULT_BOX_PINS[n], self.sink, self.clock, screen,
                      pin_factory=self.pin_factory)
        self.made.closers.append(box.close)
        self.made.boxes[seat] = box
        return box

    # -- mock, serial, keyboard and in-memory boxes

    def mock_boxes(self, wanted: Iterable[tuple[int, int]]) -> dict[int, GpioBox]:
        """(seat, mock box number) each: real GpioBoxes on mock pins and fake LCDs."""
        from .mock_rig import MockRig

        wanted = list(wanted)
        # Its own MockFactory, always: mock box n sits on the pins of GPIO box n.
        rig = MockRig(max(n for _, n in wanted) + 1, sink=self.sink, clock=self.clock)
        self.made.closers.append(rig.close)
        self.made.rig = rig
        out = {}
        for seat, n in wanted:
            box = rig.boxes[n]
            box.seat = seat
            out[seat] = box
        self.made.boxes.update(out)
        return out

    def serial_boxes(self, wanted: Iterable[tuple[int, str]], names: Mapping[int, str],
                     **options: Any) -> SerialBoxes:
        """(seat, box id or `*N`) each, in one manager; `options` over `serial_options`.
        The caller starts it (the check waits for boxes itself)."""
        from .serial_box import SerialBoxes
        from .serial_seat import SerialSeat

        specs: list[SerialSeat] = [SerialSeat(seat, names.get(seat, "host"), box_id)
                                   for seat, box_id in wanted]
        manager = SerialBoxes(specs, self.sink, self.clock, discover=self.serial_ports,
                              **{**self.serial_options, **options})
        self.made.closers.append(manager.close)
        self.made.boxes.update(manager.boxes)
        self.made.notice, self.made.serial = manager.notice, manager
        return manager

    def keyboard_box(self, seat: int, keyset: int) -> Box:
        """A seat played on keyboard key set `keyset`; its keys go into `made.keyboard`."""
        from .keyboard_box import SEAT_KEYS, KeyboardBox

        box = KeyboardBox(seat, keyset)
        self.made.boxes[seat] = box
        for name, key in zip(SEAT_KEYS[box.keyset], (Key.MINUS, Key.PLUS, Key.OK), strict=True):
            self.made.keyboard[name] = (seat, key)
        return box

    def memory_box(self, seat: int) -> Box:
        """A box with no hardware at all: its LCD and LED are kept in memory."""
        from .keyboard_box import MemoryBox

        box = MemoryBox(seat)
        self.made.boxes[seat] = box
        return box


def build_boxes(wanted: Iterable[tuple[int, str]], sink: InputSink, clock: Clock, *,
                names: Mapping[int, str] | None = None, host_keyboard: bool = False,
                **sources: Any) -> Boxes:
    """`BoxFactory(sink, clock, **sources).build(wanted, names, host_keyboard=...)`."""
    return BoxFactory(sink, clock, **sources).build(wanted, names, host_keyboard=host_keyboard)
