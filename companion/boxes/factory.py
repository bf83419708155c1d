"""The one box factory: every seat's box, of any kind, for `run`, `check-hardware`, `demo`
and the benches.

This module owns how a box spec becomes a working box: `gpio:N` (a `GpioBox` on the default
pin table with its LCD on the shared I2C bus), `mock:N` (the same on mock pins and a fake
bus, `MockRig`), `serial:<id>` (one `SerialBoxes` manager for every serial seat),
`keyboard:N` and `memory:N` (in-memory boxes), `phone` (a page on a player's phone, every
phone seat served by one `Phones` web server). It keeps whatever must be closed, in the
order it was opened. `BoxFactory.build` makes a whole table; `check-hardware` calls the
per-kind builders itself, because it reports each box's fault before it asks for presses.

One fault degrades one seat: an LCD that is missing or fails, the I2C bus off, GPIO pins
another program holds never stop the build. The seat's fault is kept in `Boxes.faults` (in
words, for the table screen), an LCD is retried by its bus thread, and a box whose pins were
busy gets an in-memory stand-in until `PinsRetry` (polled by the app's loop) can build it.

The adapters that need gpiozero, charlcd or pyserial are imported where they are built, so
a table with keyboard boxes only never loads them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.text import Msg, joined, msg
from .box_faults import I2CUnavailable, SeatFaults, pins_fault
from .vocabulary import Box, Clock, InputSink, Key, TextDisplay

if TYPE_CHECKING:
    from .gpio_box import GpioBox
    from .lcd import BusLcd, LcdBus
    from .lcd_backpacks import I2CBus
    from .mock_rig import MockRig
    from .phones import Phones
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
    faults: SeatFaults = field(default_factory=SeatFaults)  # each seat's box fault, in words
    names: dict[int, str] = field(default_factory=dict)  # seat -> name, for the fault line
    retry: PinsRetry | None = None  # boxes whose GPIO pins were busy, tried again

    def fault_notice(self) -> Msg | None:
        """The table's line for every seat whose box has a fault, then the serial notice:
        "Ann: no LCD at 0x25: check the cable"."""
        faults = self.faults.all()
        if self.serial is not None:
            faults.update(self.serial.missing())
        by_fault: dict[Msg, list[str]] = {}  # one fault shared by seats (I2C off) said once
        for seat, fault in sorted(faults.items()):
            by_fault.setdefault(fault, []).append(self.names.get(seat, "host"))
        parts: list[Msg] = [msg("{who}: {fault}", who=", ".join(who), fault=fault)
                            for fault, who in by_fault.items()]
        serial = self.notice() if self.notice is not None else None
        if serial is not None:
            parts.append(serial)
        return joined(parts)
    phones: Phones | None = None  # the phone seats and their web server

    def close(self) -> None:
        for close in reversed(self.closers):
            try:
                close()
            except Exception as exc:  # closing must go on for every box
                print(f"companion: closing a box failed: {exc}", file=sys.stderr)


class BoxFactory:
    """Builds boxes into `made` (a `Boxes`). Every hardware source is injectable: `i2c` (a
    busio.I2C-like bus; None opens the Pi's), `pin_factory` (gpiozero; None = the default),
    `serial_ports` (replaces USB discovery), `serial_options` (tunes `SerialBoxes`),
    `phone_options` (`Phones`' port, listen, url, translate, lang, state_dir); `state_dir`
    is where the serial seats' device bindings are kept (None: in memory)."""

    def __init__(self, sink: InputSink, clock: Clock, *, lcd: str = "pcf8574",
                 i2c: Any = None, pin_factory: Any = None,
                 serial_ports: Callable[[], Iterable[str]] | None = None,
                 serial_options: Mapping[str, Any] | None = None,
                 lcds: Mapping[int, tuple[str, int | None]] | None = None,
                 retry_after: float = 3.0,
                 open_i2c: Callable[[], I2CBus] | None = None,
                 phone_options: Mapping[str, Any] | None = None,
                 state_dir: Path | None = None) -> None:
        self.sink, self.clock, self.lcd = sink, clock, lcd
        # Per seat: its GPIO box's backpack kind and address (None: the kind's default).
        self.lcds = dict(lcds or {})
        self.retry_after = retry_after
        self.phone_options = dict(phone_options or {})
        self.pin_factory = pin_factory
        self.serial_ports = serial_ports
        self.serial_options = dict(serial_options or {})
        self.state_dir = state_dir
        self.made = Boxes()
        # A seat's box fault starts or ends: the seat is marked and the loop wakes to say so.
        self.made.faults.on_change = sink
        self.made.faults.names = self.made.names
        self._i2c: Any = i2c
        self._open_i2c = open_i2c  # None: the Pi's bus 1 (lcd_backpacks.real_i2c)
        self._lcd_seats: dict[int, int] = {}  # id(BusLcd) -> seat
        self._lcd_bus: LcdBus | None = None

    def build(self, wanted: Iterable[tuple[int, str]], names: Mapping[int, str] | None = None,
              *, host_keyboard: bool = False) -> Boxes:
        """A whole table: `wanted` is (seat, box spec), the host's box as HOST_SEAT; `names`
        seat -> name for serial seats' prompts; `host_keyboard` maps the host's keys."""
        self.made.names.update(names or {})
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
        if phone := by_kind.pop("phone", []):
            self.phone_boxes([seat for seat, _ in phone], names).start()
        if by_kind:
            raise ValueError(f"unknown box kind(s): {', '.join(sorted(by_kind))}")

    # -- GPIO boxes: header pins and an LCD on the shared I2C bus

    def i2c(self) -> I2CBus:
        """The I2C bus of the GPIO boxes' LCDs, opened once; I2CUnavailable while it cannot
        be (I2C off), tried again on the next call."""
        if self._i2c is None:
            from .lcd_backpacks import real_i2c

            try:
                self._i2c = (self._open_i2c or real_i2c)()
            except Exception as exc:  # Blinka raises ValueError, OSError or RuntimeError
                raise I2CUnavailable(str(exc) or type(exc).__name__) from exc
        return self._i2c  # type: ignore[no-any-return]

    def lcd_place(self, seat: int, n: int) -> tuple[str, int]:
        """(backpack kind, I2C address) of GPIO box `n` played as `seat`."""
        from .pins import lcd_address

        kind, address = self.lcds.get(seat, (self.lcd, None))
        return kind, address if address is not None else lcd_address(n, kind)  # type: ignore[arg-type]

    def gpio_lcd(self, seat: int, n: int) -> BusLcd:
        """Box `n`'s LCD, written by the one LCD bus thread. A missing LCD (or I2C off) is
        the seat's fault, retried by the bus thread, never an exception here."""
        from .lcd import LcdBus
        from .lcd_backpacks import mcp23008_lcd, pcf8574_lcd
        from .lcd_text import POLISH

        if self._lcd_bus is None:
            self._lcd_bus = LcdBus("i2c-1", retry_after=self.retry_after,
                                   on_fault=self._lcd_fault)
            self.made.closers.append(self._lcd_bus.close)
        kind, address = self.lcd_place(seat, n)
        build = mcp23008_lcd if kind == "mcp23008" else pcf8574_lcd  # PCF8574A: same driver
        slot = self._lcd_bus.attach(lambda: build(self.i2c(), address), mapper=POLISH,
                                    name=f"seat{seat}-lcd", address=address,
                                    register=lambda s: self._lcd_seats.__setitem__(id(s), seat))
        return slot

    def _lcd_fault(self, slot: BusLcd) -> None:
        seat = self._lcd_seats.get(id(slot))
        if seat is not None:
            self.made.faults.set(seat, "lcd", slot.fault)

    def gpio_box(self, seat: int, n: int, lcd: TextDisplay | None = None) -> Box:
        """Box `n` of the default pin table as `seat`; its LCD unless `lcd` is given. Pins
        another program holds make an in-memory stand-in (with the real LCD) and the seat's
        fault, and the box is built again by `made.retry`."""
        screen = lcd if lcd is not None else self.gpio_lcd(seat, n)
        try:
            box = self._new_gpio_box(seat, n, screen)
        except Exception as exc:  # gpiozero's GPIOPinInUse, a pin library that will not load
            from .keyboard_box import MemoryBox

            self.made.faults.set(seat, "pins", pins_fault(exc, _pins_text(n)))
            stand_in = MemoryBox(seat)
            stand_in.lcd = screen  # type: ignore[assignment]
            self.made.boxes[seat] = stand_in
            if self.made.retry is None:
                self.made.retry = PinsRetry(self, self.retry_after)
            self.made.retry.waiting[seat] = (n, screen)
            return stand_in
        self.made.boxes[seat] = box
        return box

    def _new_gpio_box(self, seat: int, n: int, screen: TextDisplay) -> GpioBox:
        from .gpio_box import GpioBox
        from .pins import DEFAULT_BOX_PINS

        box = GpioBox(seat, DEFAULT_BOX_PINS[n], self.sink, self.clock, screen,
                      pin_factory=self.pin_factory)
        self.made.closers.append(box.close)
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
        from .serial_bindings import BINDINGS_FILE, SeatBindings
        from .serial_box import SerialBoxes
        from .serial_seat import SerialSeat

        specs: list[SerialSeat] = [SerialSeat(seat, names.get(seat, "host"), box_id)
                                   for seat, box_id in wanted]
        options = {**self.serial_options, **options}
        if self.state_dir is not None and "bindings" not in options:
            options["bindings"] = SeatBindings(self.state_dir / BINDINGS_FILE)
        manager = SerialBoxes(specs, self.sink, self.clock, discover=self.serial_ports,
                              **options)
        self.made.closers.append(manager.close)
        self.made.boxes.update(manager.boxes)
        self.made.notice, self.made.serial = manager.notice, manager
        return manager

    def phone_boxes(self, seats: Iterable[int], names: Mapping[int, str]) -> Phones:
        """Every phone seat, served by one web server (`phone_options`); the caller starts
        it. Its banner (the port is taken) joins the serial boxes' one."""
        from .phones import Phones

        options = {"port": 8080, "translate": lambda text: text, "lang": "en",
                   "state_dir": None, **self.phone_options}
        phones = Phones({s: names.get(s, str(s)) for s in seats}, self.sink, self.clock,
                        options.pop("translate"), options.pop("lang"), **options)
        self.made.closers.append(phones.close)
        self.made.boxes.update(phones.boxes)
        self.made.phones = phones
        serial_notice = self.made.notice
        self.made.notice = (phones.notice if serial_notice is None
                            else lambda: phones.notice() or serial_notice())
        return phones

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


def _pins_text(n: int) -> str:
    from .pins import DEFAULT_BOX_PINS

    return ", ".join(str(bcm) for bcm in DEFAULT_BOX_PINS[n].as_dict().values())


class PinsRetry:
    """GPIO boxes whose pins were busy at start, built again every `every` seconds (polled
    by the app's loop: no thread, no busy loop). `on_box(seat, box)` hands a box that could
    be built to the app."""

    def __init__(self, factory: BoxFactory, every: float) -> None:
        self.factory, self.every = factory, every
        self.waiting: dict[int, tuple[int, TextDisplay]] = {}  # seat -> (box n, its LCD)
        self.on_box: Callable[[int, Box], None] | None = None
        self._at: float | None = None

    def next_deadline(self) -> float | None:
        if not self.waiting:
            return None
        if self._at is None:
            self._at = self.factory.clock() + self.every
        return self._at

    def poll(self, now: float) -> bool:
        due = self.next_deadline()
        if due is None or now < due:
            return False
        self._at = now + self.every
        built = False
        for seat, (n, screen) in list(self.waiting.items()):
            try:
                box = self.factory._new_gpio_box(seat, n, screen)
            except Exception as exc:
                self.factory.made.faults.set(seat, "pins", pins_fault(exc, _pins_text(n)))
                continue
            del self.waiting[seat]
            self.factory.made.boxes[seat] = box
            self.factory.made.faults.set(seat, "pins", None)
            if self.on_box is not None:
                self.on_box(seat, box)
            built = True
        return built

