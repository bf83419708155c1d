"""`companion run`: a real table from a config file, resuming its journal.

Builds each seat's box as configured (GPIO box with its I2C LCD, keyboard box, mock box;
serial boxes come with their own module), opens the table screen, replays the journal and
resumes where the game was, then runs the main loop until SIGTERM or the window closes.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..boxes.vocabulary import Box, InputItem, InputSink, Key, KeyEdge, Quit
from ..engine.errors import ConfigError
from ..engine.game import public_view
from ..engine.history import History
from ..engine.text import msg
from ..i18n import translator
from .config import Config, load_config
from .controller import Banner, Controller
from .journal import Journal
from .loop import App
from .resume import open_table


def wall_ms() -> int:
    """Wall-clock epoch milliseconds: what timed host commands carry (a trade timer)."""
    return int(time.time() * 1000)


def wall_clock() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def open_history(cfg: Config, journal_path: Path) -> tuple[History, Journal, bool]:
    """Resume the journal if it holds this table's game, else start a new one (locked for
    this process until the journal is closed: companion.app.resume)."""
    opened = open_table(cfg, journal_path, wall_clock)
    return opened.history, opened.journal, opened.resumed


@dataclass
class Boxes:
    """Every seat's box, and whatever must be closed when the app stops."""

    boxes: dict[int, Box] = field(default_factory=dict)
    keyboard: dict[str, tuple[int, Key]] = field(default_factory=dict)
    closers: list[Callable[[], None]] = field(default_factory=list)
    # The serial boxes' banner line (a seat to claim, a refused box) for App.notice.
    notice: Callable[[], Any] | None = None
    serial: Any = None  # companion.boxes.serial_box.SerialBoxes when a seat plays on a serial box

    def close(self) -> None:
        for close in reversed(self.closers):
            try:
                close()
            except Exception as exc:  # closing must go on for every box
                print(f"companion: closing a box failed: {exc}", file=sys.stderr)


def build_boxes(cfg: Config, sink: InputSink, clock: Callable[[], float], *,
                serial_ports: Callable[[], Iterable[str]] | None = None,
                serial_options: dict[str, Any] | None = None) -> Boxes:
    """Every configured box, of any kind, in one table. `serial_ports` replaces USB discovery
    (tests pass pty paths); `serial_options` tunes companion.boxes.serial_box.SerialBoxes."""
    from companion.boxes.keyboard_box import SEAT_KEYS, KeyboardBox, host_key_map

    out = Boxes()
    # (seat, box number or id) per kind; the host's own box counts as seat HOST_SEAT
    gpio = [(seat, int(n)) for seat, n in cfg.boxes_of("gpio")]
    mock = [(seat, int(n)) for seat, n in cfg.boxes_of("mock")]
    serial = cfg.boxes_of("serial")
    if gpio:
        from companion.boxes.gpio_box import GpioBox
        from companion.boxes.lcd import POLISH, LcdBus, mcp23008_lcd, pcf8574_lcd, real_i2c
        from companion.boxes.pins import DEFAULT_BOX_PINS, DEFAULT_LCD_ADDRESSES

        i2c = real_i2c()
        bus = LcdBus("i2c-1")
        out.closers.append(bus.close)
        build = pcf8574_lcd if cfg.lcd == "pcf8574" else mcp23008_lcd
        for seat, n in gpio:
            address = DEFAULT_LCD_ADDRESSES[n]
            lcd = bus.attach(lambda a=address: build(i2c, a), mapper=POLISH,  # type: ignore[misc]
                             name=f"seat{seat}-lcd")
            box = GpioBox(seat, DEFAULT_BOX_PINS[n], sink, clock, lcd)
            out.closers.append(box.close)
            out.boxes[seat] = box
    if mock:
        from companion.boxes.mock_rig import MockRig

        rig = MockRig(max(n for _, n in mock) + 1, sink=sink, clock=clock)
        out.closers.append(rig.close)
        for seat, n in mock:
            box = rig.boxes[n]
            box.seat = seat
            out.boxes[seat] = box
    if serial:
        from companion.boxes.serial_box import SerialBoxes, SerialSeat

        names = {i: sc.seat.name for i, sc in enumerate(cfg.seats)}
        specs = [SerialSeat(seat, names.get(seat, "host"), box_id) for seat, box_id in serial]
        manager = SerialBoxes(specs, sink, clock, discover=serial_ports, **(serial_options or {}))
        out.closers.append(manager.close)
        out.boxes.update(manager.boxes)
        out.notice, out.serial = manager.notice, manager
        manager.start()  # every serial seat shows "disconnected" until its box identifies
    for seat, sc in enumerate(cfg.seats):
        if sc.box.startswith("keyboard:"):
            kb = KeyboardBox(seat, int(sc.box.split(":")[1]))
            out.boxes[seat] = kb
            for name, key in zip(SEAT_KEYS[kb.keyset], (Key.MINUS, Key.PLUS, Key.OK), strict=True):
                out.keyboard[name] = (seat, key)
    if cfg.host_box == "keyboard":
        out.keyboard.update(host_key_map())
    return out


def pygame_pump(keys: dict[str, tuple[int, Key]], clock: Callable[[], float]
                ) -> Callable[[], Iterable[InputItem]]:
    """Window events as input: seat and host keys become key edges; closing quits."""
    import pygame

    def pump() -> Iterable[InputItem]:
        items: list[InputItem] = []
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                items.append(Quit())
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                hit = keys.get(pygame.key.name(event.key))
                if hit is not None:
                    items.append(KeyEdge(hit[0], hit[1], event.type == pygame.KEYDOWN, clock()))
                elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    items.append(Quit())
        return items

    return pump


NOTE_SECONDS = 8.0  # how long the table screen shows a start-up note (config drift)


def run_from_config(path: Path, journal: Path | None = None, lang: str | None = None) -> int:
    cfg = load_config(path)
    translate = translator(lang or cfg.language)
    journal_path = journal or cfg.journal
    cfg.check_journal(journal)
    try:
        opened = open_table(cfg, journal_path, wall_clock)
    except OSError as exc:  # what the checks could not see: a read-only disk, a race
        problem = msg("cannot use the journal {path}: {why}", path=str(journal_path),
                      why=str(exc.strerror or exc))
        fix = msg("point journal at a file the companion may write")
        if journal is not None:
            raise ConfigError("--journal", None, problem, fix) from exc
        raise cfg.error("journal", problem, fix) from exc
    history, jnl, resumed = opened.history, opened.journal, opened.resumed
    table = public_view(history.game, history.state)
    if cfg.show_lcds and any(s.money is None for s in table.seats):
        jnl.close()
        raise cfg.error("display.show_lcds",
                        msg("show_lcds would put every seat's hidden money on the table "
                            "screen ({game} keeps money secret)", game=cfg.game),
                        msg("set show_lcds = false: the LCD mock-ups are for the demo"))
    controller = Controller(history, jnl, translate, wall_ms=wall_ms)
    # The translator is built here, per game start: a table may change language between games.
    started = (msg("resumed after {n} entries", n=len(history.journal_actions)) if resumed
               else msg("new game"))
    print(msg("companion: {game}, {n} seats, journal {path} ({started})", game=cfg.game,
              n=len(cfg.seats), path=str(jnl.path), started=started).render(translate))
    if opened.drift is not None:
        print(msg("companion: {note}", note=opened.drift).render(translate))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.display.renderer import Renderer
    from companion.display.window import open_display

    surface = open_display(cfg.size, cfg.fullscreen)
    renderer = Renderer(surface, translate, wall_ms=wall_ms)
    clock = time.monotonic
    app = App(controller, {}, clock, renderer, show_lcds=cfg.show_lcds)
    boxes = build_boxes(cfg, app.sink, clock)
    app.boxes = dict(boxes.boxes)
    app.notice = boxes.notice
    app.pump = pygame_pump(boxes.keyboard, clock)
    app.tick = 1 / 30  # window events must be pumped; the loop sleeps between ticks
    if opened.drift is not None:  # the same note on the screen for a while
        controller.banner = Banner(opened.drift, clock() + NOTE_SECONDS)

    def stop(signum: int, frame: Any) -> None:
        app.sink(Quit())

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        app.refresh()
        app.run()
    finally:
        boxes.close()
        jnl.close()
        import pygame

        pygame.display.quit()
    return 0
