"""`companion check-hardware`: every configured box is asked for a press of each button, shows
a test pattern on its LCD and blinks its LED; what is wrong is said in words, with the fix.

This module owns the check. It finds, before asking anyone to press anything: GPIO LCDs that
do not answer on the I2C bus, buttons that read pressed before anyone touched them (stuck, or
shorted to ground), serial boxes that are not plugged in (or answer with another id), serial
boxes without an LCD, and boxes nobody configured. Then every box that is there shows a test
pattern and asks for minus, plus and OK, all boxes at once, until each is done or the time
is up. The boxes come from the one box factory (companion.boxes.factory), imported inside
the function (design.md: only the CLI wiring and the factory put adapters together), and
every source is injectable (`CheckEnv`), so the tests run this on mock pins, a fake I2C bus
and pty serial boxes.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..boxes.vocabulary import HOST_SEAT, Box, InputItem, Key, KeyEdge
from ..engine.text import Msg, msg
from ..i18n import Translate, translator
from .config import Config

if TYPE_CHECKING:
    from ..boxes.factory import BoxFactory

KEY_NAMES = {Key.MINUS: msg("minus"), Key.PLUS: msg("plus"), Key.OK: msg("OK")}
PATTERN = ("0123456789ABCDEF", "################")  # every cell of the glass lit


@dataclass
class CheckEnv:
    """Where the check finds the hardware; tests pass fakes. None = the real thing."""

    i2c: Any = None  # a busio.I2C-like bus for the GPIO boxes' LCDs
    pin_factory: Any = None  # gpiozero pin factory for GPIO boxes
    serial_ports: Callable[[], Iterable[str]] | None = None  # serial discovery
    serial_options: dict[str, Any] = field(default_factory=dict)
    press_timeout: float = 30.0  # seconds to press every button of every box
    serial_wait: float = 5.0  # seconds for serial boxes to be found and identify
    pattern_seconds: float = 1.0  # how long the test pattern stays before the prompts
    out: Callable[[str], None] = print
    translate: Translate = field(default_factory=lambda: translator("en"))  # the table's


@dataclass
class BoxUnderTest:
    seat: int
    who: Msg  # "seat 3 (Bob)"
    kind: Msg  # "GPIO box 2", "serial box pico-..."
    box: Box
    keys: dict[Key, Msg]  # key -> where it is wired, for the fix text
    doc: str = "wiring.md"  # where the wiring is explained
    stuck: set[Key] = field(default_factory=set)
    pressed: set[Key] = field(default_factory=set)

    def waiting(self) -> list[Key]:
        return [k for k in Key if k not in self.pressed and k not in self.stuck]


class Report:
    """Prints as it goes, in the table's language; keeps the problems for the summary."""

    def __init__(self, out: Callable[[str], None], translate: Translate) -> None:
        self.tr = translate
        self._out = out
        self.problems: list[str] = []

    def out(self, text: Msg) -> None:
        self._out(text.render(self.tr))

    def ok(self, text: Msg) -> None:
        self.out(msg("  ok: {text}", text=text))

    def problem(self, text: Msg) -> None:
        self.problems.append(text.render(self.tr))
        self.out(msg("  PROBLEM: {text}", text=text))


def who(cfg: Config, seat: int) -> Msg:
    if seat == HOST_SEAT:
        return msg("the host box")
    return msg("seat {n} ({name})", n=seat + 1, name=cfg.seats[seat].seat.name)


def key_names(keys: Iterable[Key]) -> Msg:
    """The keys' names, in the table's language, with spaces between."""
    out: Msg = msg("")
    for i, k in enumerate(keys):
        out = KEY_NAMES[k] if i == 0 else msg("{a} {b}", a=out, b=KEY_NAMES[k])
    return out


def check_hardware(cfg: Config, env: CheckEnv | None = None) -> int:
    """Run the whole check; print as it goes; 0 when nothing is wrong, 1 otherwise."""
    env = env or CheckEnv()
    report = Report(env.out, env.translate)
    edges: queue.SimpleQueue[InputItem] = queue.SimpleQueue()
    from companion.boxes.factory import BoxFactory

    factory = BoxFactory(edges.put, time.monotonic, lcd=cfg.lcd, lcds=cfg.box_lcds(), i2c=env.i2c,
                         pin_factory=env.pin_factory, serial_ports=env.serial_ports,
                         serial_options=env.serial_options)
    wanted = cfg.wanted_boxes()
    under_test: list[BoxUnderTest] = []
    try:
        report.out(msg("Checking {n} box(es) from {path}", n=len(wanted),
                       path=str(cfg.path) if cfg.path else msg("the config")))
        under_test += _gpio_boxes(cfg, factory, report)
        under_test += _mock_boxes(cfg, factory, report)
        under_test += _serial_boxes(cfg, env, factory, report)
        for seat, box in wanted:
            if box.startswith("keyboard:"):
                report.ok(msg("{who}: keyboard keys {keys} (nothing to check; try them in "
                              "`companion demo`)", who=who(cfg, seat), keys=box.split(":")[1]))
            elif box == "phone":
                report.ok(msg("{who}: a phone (nothing to check here; `companion run` serves "
                              "its page on port {port})", who=who(cfg, seat),
                              port=cfg.phones.port))
        _press_every_button(under_test, edges, env, report)
    finally:
        for close in reversed(factory.made.closers):
            try:
                close()
            except Exception as exc:  # closing must go on for every box
                report.out(msg("  (closing a box failed: {error})", error=str(exc)))
    if report.problems:
        report.out(msg("{n} problem(s):", n=len(report.problems)))
        for text in report.problems:
            report.out(msg("- {text}", text=text))
        return 1
    report.out(msg("All {n} box(es) work.", n=len(under_test)))
    return 0


def _gpio_boxes(cfg: Config, factory: BoxFactory, report: Report) -> list[BoxUnderTest]:
    gpio = [(seat, int(n)) for seat, n in cfg.boxes_of("gpio")]
    if not gpio:
        return []
    from companion.boxes.box_faults import likely_kinds, probe_i2c
    from companion.boxes.keyboard_box import MemoryDisplay
    from companion.boxes.pins import DEFAULT_BOX_PINS, physical_pin

    i2c: Any
    try:
        i2c = factory.i2c()
    except Exception as exc:
        report.problem(msg("the I2C bus cannot be opened ({error}): enable it with `sudo "
                           "raspi-config nonint do_i2c 0` and reboot; see wiring.md",
                           error=str(exc)))
        i2c = None
    strays: list[int] = []
    if i2c is not None:
        strays = _scan_bus(i2c, {factory.lcd_place(seat, n)[1]: (who(cfg, seat), factory.lcd_place(
            seat, n)[0]) for seat, n in gpio}, report)
    out: list[BoxUnderTest] = []
    for seat, n in gpio:
        name, pins = who(cfg, seat), DEFAULT_BOX_PINS[n]
        kind, address = factory.lcd_place(seat, n)
        hex_address = f"0x{address:02x}"
        lcd: Any = MemoryDisplay()
        if i2c is not None and probe_i2c(i2c, address):
            lcd = factory.gpio_lcd(seat, n)
            fault = factory.made.faults.of(seat)
            if fault is None:
                report.ok(msg("{who}: LCD answers at {address}", who=name, address=hex_address))
            else:
                report.problem(msg("{who}: the device at {address} is not a {lcd} LCD backpack "
                                   "({error}): check `lcd` in the config, see wiring.md",
                                   who=name, address=hex_address, lcd=kind, error=fault))
        elif i2c is not None and strays:
            stray = strays[0]
            report.problem(msg("{who}: no LCD answers at {address}, but one answers at {found} "
                               "(likely {kinds}): set lcd = \"{kind}\" and/or lcd_address = "
                               "{found} for this box, or its A0-A2 jumpers to {address}, see "
                               "wiring.md", who=name, address=hex_address, found=f"0x{stray:02x}",
                               kinds=" / ".join(KIND_NAMES[k] for k in likely_kinds(stray)),
                               kind=likely_kinds(stray)[0]))
        elif i2c is not None:
            report.problem(msg("{who}: no LCD answers at {address} — check SDA/SCL (header pins "
                               "3 and 5), 5 V and GND, and the A0-A2 jumpers (box {n} wants "
                               "{address}), see wiring.md", who=name, address=hex_address, n=n))
        box = factory.gpio_box(seat, n, lcd)
        busy = factory.made.faults.of(seat)
        if busy is not None and not hasattr(box, "button"):
            report.problem(msg("{who}: {fault} — is the companion still running? `sudo "
                               "systemctl stop companion`", who=name, fault=busy))
            continue
        where = {Key.MINUS: pins.minus, Key.PLUS: pins.plus, Key.OK: pins.ok}
        pin = {k: msg("GPIO{bcm} (header pin {pin})", bcm=bcm, pin=physical_pin(bcm))
               for k, bcm in where.items()}
        test = BoxUnderTest(seat, name, msg("GPIO box {n}", n=n), box, {
            k: msg("{pin} and GND", pin=pin[k]) for k in where})
        test.stuck = {k for k in Key if box.button(k).is_pressed}  # type: ignore[attr-defined]
        for k in sorted(test.stuck, key=lambda k: k.value):
            report.problem(msg("{who}: the {key} button reads pressed before anyone touched it "
                               "— a stuck button or a short to GND on {pin}, see wiring.md",
                               who=name, key=KEY_NAMES[k], pin=pin[k]))
        out.append(test)
    return out


KIND_NAMES = {"pcf8574": "PCF8574", "pcf8574a": "PCF8574A", "mcp23008": "MCP23008"}


def _scan_bus(i2c: Any, expected: dict[int, tuple[Msg, str]], report: Report) -> list[int]:
    """Every address that answers against the ones the config expects, each with the
    backpack kind it most likely is: a wrong address is told apart from a missing LCD.
    Returns the LCD backpack addresses no box expects."""
    from companion.boxes.box_faults import likely_kinds, scan_i2c

    strays: list[int] = []
    found = scan_i2c(i2c)
    listed = ", ".join(f"0x{a:02x}" for a in found) or "-"
    report.out(msg("I2C bus: {found} answer(s): {listed}", found=len(found), listed=listed))
    for address in found:
        kinds = " / ".join(KIND_NAMES[k] for k in likely_kinds(address))
        hex_address = f"0x{address:02x}"
        if address in expected:
            name, kind = expected[address]
            report.out(msg("  {address}: {who}'s LCD ({kind} expected; {kinds} answer here)",
                           address=hex_address, who=name, kind=KIND_NAMES[kind], kinds=kinds))
        elif kinds:
            report.out(msg("  {address}: an LCD backpack (likely {kinds}) that no box expects",
                           address=hex_address, kinds=kinds))
            strays.append(address)
        else:
            report.out(msg("  {address}: not an LCD backpack address (another I2C device)",
                           address=hex_address))
    return strays


def _mock_boxes(cfg: Config, factory: BoxFactory, report: Report) -> list[BoxUnderTest]:
    mock = [(seat, int(n)) for seat, n in cfg.boxes_of("mock")]
    if not mock:
        return []
    boxes = factory.mock_boxes(mock)
    out = []
    for seat, n in mock:
        box = boxes[seat]
        report.ok(msg("{who}: mock box {n} (no hardware: press keys in `companion demo`)",
                      who=who(cfg, seat), n=n))
        out.append(BoxUnderTest(seat, who(cfg, seat), msg("mock box {n}", n=n), box,
                                dict.fromkeys(Key, msg("its mock pin"))))
    return out


def _serial_boxes(cfg: Config, env: CheckEnv, factory: BoxFactory,
                  report: Report) -> list[BoxUnderTest]:
    serial = cfg.boxes_of("serial")
    if not serial and env.serial_ports is None:
        return []
    names = {i: sc.seat.name for i, sc in enumerate(cfg.seats)}
    # Claiming has no place in a check: a `*` seat is reported, never bound.
    manager = factory.serial_boxes(serial, names, rebind_after=None, translate=report.tr)
    manager.start()
    deadline = time.monotonic() + env.serial_wait
    fixed = [(seat, box_id) for seat, box_id in serial if not box_id.startswith("*")]
    def ready() -> bool:
        links = manager.links()
        return (all(manager.connected(seat) for seat, _ in fixed)
                and all(link.state not in ("opening", "identifying") for link in links)
                and all(link.first_held is not None for link in links if link.state == "bound"))

    while time.monotonic() < deadline and not ready():
        time.sleep(0.02)
    out: list[BoxUnderTest] = []
    for seat, box_id in serial:
        name = who(cfg, seat)
        if box_id.startswith("*"):
            report.ok(msg("{who}: claimed at the table (serial:{box}); not checked here",
                          who=name, box=box_id))
            continue
        box = manager.boxes[seat]
        link = box.link
        if link is None or link.ident is None:
            report.problem(msg("{who}: serial box {box!r} not found — plug it in by USB (a "
                               "data cable), check that its LCD shows this id and that "
                               "`ls /dev/serial/by-id/` lists it, see hardware/firmware/README.md",
                               who=name, box=box_id))
            continue
        report.ok(msg("{who}: serial box {box} on {path}, firmware {firmware}", who=name,
                      box=box_id, path=str(link.path), firmware=str(link.ident.firmware)))
        if link.ident.lcd is None:
            report.problem(msg("{who}: serial box {box} found no LCD — check the LCD's SDA "
                               "(Pico pin 6, GP4), SCL (pin 7, GP5), 5 V (pin 40) and GND, see "
                               "hardware/firmware/README.md", who=name, box=box_id))
        test = BoxUnderTest(seat, name, msg("serial box {box}", box=box_id), box, {
            k: msg("{pin} and GND", pin=msg("GP{gp} (Pico pin {pin})", gp=gp, pin=pico))
            for k, gp, pico in ((Key.MINUS, 10, 14), (Key.PLUS, 11, 15), (Key.OK, 12, 16))},
            doc="hardware/firmware/README.md")
        test.stuck = {Key(k) for k in (link.first_held or ())}
        for k in sorted(test.stuck, key=lambda k: k.value):
            report.problem(msg("{who}: the {key} button reads pressed before anyone touched it "
                               "— a stuck button or a short on {pin}, see "
                               "hardware/firmware/README.md", who=name, key=KEY_NAMES[k],
                               pin=test.keys[k]))
        out.append(test)
    for path, why in sorted(manager.unopened.items()):
        report.problem(msg("serial port {path}: {why}", path=path, why=why))
    for link in manager.links():
        if link.state == "unclaimed" and link.ident is not None:
            report.problem(msg("serial box {box} on {path} is in no seat — write box = "
                               "\"serial:{box}\" in its [[seat]], or serial:*1 to claim it at "
                               "the table", box=link.ident.box_id, path=str(link.path)))
        elif link.state == "refused" and link.ident is not None:
            report.problem(msg("serial box {box} on {path} has an id another plugged box has "
                               "too — give it its own BOX_ID, see hardware/firmware/README.md",
                               box=link.ident.box_id, path=str(link.path)))
    return out


def _prompt(test: BoxUnderTest, tr: Translate) -> None:
    left = test.waiting()
    if left:
        test.box.lcd.show(msg("Test: press").render(tr), key_names(left).render(tr))
    else:
        stuck = sorted(test.stuck, key=lambda k: k.value)
        test.box.lcd.show(msg("Buttons OK").render(tr),
                          (msg("stuck: {keys}", keys=key_names(stuck)) if stuck
                           else msg("thank you")).render(tr))


def _press_every_button(boxes: list[BoxUnderTest], edges: queue.SimpleQueue[InputItem],
                        env: CheckEnv, report: Report) -> None:
    if not boxes:
        return
    for test in boxes:
        test.box.lcd.show(*PATTERN)
        test.box.led.set("blink")
    time.sleep(env.pattern_seconds)
    for test in boxes:
        _prompt(test, report.tr)
    report.out(msg("Press minus, plus and OK on every box ({s} s) ...",
                   s=f"{env.press_timeout:.0f}"))
    by_seat = {t.seat: t for t in boxes}
    deadline = time.monotonic() + env.press_timeout
    while any(t.waiting() for t in boxes):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            item = edges.get(timeout=min(left, 0.1))
        except queue.Empty:
            continue
        if isinstance(item, KeyEdge) and item.down and item.seat in by_seat:
            test = by_seat[item.seat]
            if item.key not in test.pressed:
                test.pressed.add(item.key)
                _prompt(test, report.tr)
                if not test.waiting():
                    test.box.led.set("on")
    for test in boxes:
        for k in test.waiting():
            report.problem(msg("{who}: no press of {key} within {s} s — check that button's "
                               "wiring to {where}, see {doc}", who=test.who, key=KEY_NAMES[k],
                               s=f"{env.press_timeout:.0f}", where=test.keys[k], doc=test.doc))
        if not test.waiting():
            report.ok(msg("{who}: {kind}: minus, plus and OK each pressed (stuck ones skipped)",
                          who=test.who, kind=test.kind) if test.stuck
                      else msg("{who}: {kind}: minus, plus and OK each pressed", who=test.who,
                               kind=test.kind))
    time.sleep(0.2)  # let the last LCD text and LED reach the boxes before they close
    for test in boxes:
        test.box.led.set("off")
