"""`companion run`: a real table from a config file, resuming its journal.

Builds each seat's box as configured (through the one box factory, companion.boxes.factory),
opens the table screen, replays the journal and resumes where the game was, then runs the
main loop until SIGTERM or the window closes.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..boxes.vocabulary import Box, InputItem, InputSink, Key, KeyEdge, Quit
from ..engine.errors import ConfigError
from ..engine.history import History
from ..engine.text import Msg, msg
from ..i18n import translator
from .app_commands import under_systemd
from .claims import CLAIMS_FILE, ClaimLog
from .config import Config, load_config
from .controller import Banner, Controller
from .journal import Journal, StorageFault, game_identity
from .loop import App
from .resume import Opened, open_offline, open_table
from .sdnotify import Notifier
from .storage import as_fault, is_storage_error

if TYPE_CHECKING:
    from ..boxes.factory import Boxes


def wall_ms() -> int:
    """Wall-clock epoch milliseconds: what timed host commands carry (a trade timer)."""
    return int(time.time() * 1000)


def wall_clock() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def open_history(cfg: Config, journal_path: Path) -> tuple[History[Any], Journal, bool]:
    """Resume the journal if it holds this table's game, else start a new one (locked for
    this process until the journal is closed: companion.app.resume)."""
    opened = open_table(cfg, journal_path, wall_clock)
    return opened.history, opened.journal, opened.resumed


def build_boxes(cfg: Config, sink: InputSink, clock: Callable[[], float], *,
                serial_ports: Callable[[], Iterable[str]] | None = None,
                serial_options: dict[str, Any] | None = None,
                translate: Callable[[str], str] | None = None,
                state_dir: Path | None = None, game: str | None = None,
                **sources: Any) -> Boxes:
    """Every configured box, of any kind, from the one box factory. `serial_ports` replaces
    USB discovery (tests pass pty paths); `serial_options` tunes the serial boxes;
    `translate` is for phone seats and the serial boxes' own prompts; `state_dir` keeps the
    phones' tokens and which USB device plays each serial seat (None: for this run only);
    `game` is the journal's identity, which a phone's kept token must have been granted in;
    `sources` (i2c, pin_factory, retry_after) go to the factory."""
    from companion.boxes.factory import BoxFactory

    names = {i: sc.seat.name for i, sc in enumerate(cfg.seats)}
    phones = {"port": cfg.phones.port, "listen": cfg.phones.listen, "url": cfg.phones.url,
              "translate": translate or translator(cfg.language), "lang": cfg.language,
              "state_dir": state_dir, "game": game}
    serial = {"translate": translate or translator(cfg.language), **(serial_options or {})}
    factory = BoxFactory(sink, clock, lcd=cfg.lcd, lcds=cfg.box_lcds(),
                         serial_ports=serial_ports, serial_options=serial,
                         phone_options=phones, state_dir=state_dir, **sources)
    return factory.build(cfg.wanted_boxes(), names, host_keyboard=cfg.host_box == "keyboard")


def pygame_pump(keys: dict[str, tuple[int, Key]], clock: Callable[[], float],
                kiosk: bool = False, on_expose: Callable[[], None] | None = None
                ) -> Callable[[], Iterable[InputItem]]:
    """Window events as input: seat and host keys become key edges; Esc asks to quit (the
    app confirms first; on the appliance it never quits); closing the window quits on a
    desktop and only asks on the appliance. No display open: no events. A window uncovered
    (its pixels lost) calls `on_expose`, which has the whole frame drawn again."""
    import pygame

    def pump() -> Iterable[InputItem]:
        items: list[InputItem] = []
        if not pygame.display.get_init():
            return items
        try:
            events = pygame.event.get()
        except pygame.error:  # the display went away; the screen keeper reopens it
            return items
        for event in events:
            if event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
                if on_expose is not None:
                    on_expose()
            elif event.type == pygame.QUIT:
                items.append(Quit(ask=kiosk))
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                hit = keys.get(pygame.key.name(event.key))
                if hit is not None:
                    items.append(KeyEdge(hit[0], hit[1], event.type == pygame.KEYDOWN, clock()))
                elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    items.append(Quit(ask=True))
        return items

    return pump


def open_journal(cfg: Config, journal_path: Path, given: Path | None = None) -> Opened:
    """The table's journal, resumed or begun; on a full or read-only disk the table starts
    anyway with the journal down (it says so and waits for the disk). `given`: --journal."""
    try:
        return open_table(cfg, journal_path, wall_clock)
    except (OSError, StorageFault) as exc:
        if not is_storage_error(exc):
            raise _journal_refused(cfg, given, journal_path, exc) from exc
        return open_offline(cfg, journal_path, as_fault(exc, journal_path), wall_clock)


def _journal_refused(cfg: Config, journal: Path | None, journal_path: Path,
                     exc: OSError | StorageFault) -> ConfigError:
    """What the start-time checks could not see and no waiting mends (a race, no permission)."""
    why = exc.why if isinstance(exc, StorageFault) else str(exc.strerror or exc)
    problem = msg("cannot use the journal {path}: {why}", path=str(journal_path), why=why)
    fix = msg("point journal at a file the companion may write")
    if journal is not None:
        return ConfigError("--journal", None, problem, fix)
    return cfg.error("journal", problem, fix)


def attach_boxes(app: App, boxes: Boxes) -> None:
    """Give the loop the table's boxes: their faults on the screen ("Ann: no LCD at 0x25:
    check the cable"), and boxes whose pins were busy picked up when they can be built."""
    app.boxes = dict(boxes.boxes)
    app.notice = boxes.fault_notice
    if boxes.retry is not None:
        def picked_up(seat: int, box: Box) -> None:
            app.boxes[seat] = box
            app.forget_shown(seat)  # the new box shows the seat's LCD text and LED afresh

        boxes.retry.on_box = picked_up
        app.watchers.append(boxes.retry)


def gone_boxes(boxes: Boxes) -> dict[int, bool]:
    """Each seat whose box's buttons cannot be used now -> whether its LCD still shows the
    seat's prompts: GPIO pins another program holds (its LCD works), a serial box not
    connected, a phone seat whose phone is not open (their prompts have nowhere to go)."""
    gone = dict.fromkeys(boxes.retry.waiting if boxes.retry is not None else (), True)
    if boxes.serial is not None:
        gone.update((seat, False) for seat in boxes.serial.boxes
                    if not boxes.serial.connected(seat))
    if boxes.phones is not None:
        gone.update((seat, False) for seat in boxes.phones.seats.away())
    return gone


def keyboard_attached(input_dir: Path = Path("/dev/input")) -> bool:
    """Whether a keyboard is plugged in: udev names keyboards' event devices "...-event-kbd"
    (by id and by path). A desktop session (an X or Wayland display) always has one."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True
    return any(any((input_dir / where).glob("*-event-kbd")) for where in ("by-id", "by-path"))


def offer_stand_ins(controller: Controller, boxes: Boxes, *,
                    has_keyboard: Callable[[], bool] = lambda: True,
                    on_stand_in: Callable[[int, bool], None] | None = None) -> None:
    """While a keyboard is attached (`has_keyboard`), the host menu offers a keyboard
    stand-in for each seat whose box's buttons cannot be used (`gone_boxes`): a free key set
    of three keys plays as that box until the box is back (and after, harmlessly). Where the
    box's LCD is gone too, the seat's prompts are shown on the table screen, for everyone to
    see, while its box is away: the entry says so. `on_stand_in(seat, public)` is told
    (the runner reads the window's keys from then on, and shows the prompts if `public`)."""
    from companion.boxes.keyboard_box import SEAT_KEYS
    from companion.boxes.vocabulary import Key as BoxKey

    from .boxui import HOST_STAND_IN
    from .hostmenu import AppCommand, MenuEntry

    stood: set[int] = set()

    def free() -> int | None:
        return next((k for k, keys in enumerate(SEAT_KEYS)
                     if not any(name in boxes.keyboard for name in keys)), None)

    def offers(now: float) -> list[MenuEntry]:
        keyset = free()
        gone = {seat: lcd for seat, lcd in gone_boxes(boxes).items() if seat not in stood}
        if not gone or keyset is None or not has_keyboard():
            return []
        keys = " ".join(SEAT_KEYS[keyset])
        return [MenuEntry(msg("Keyboard for {name}: keys {keys}", name=boxes.names[seat],
                              keys=keys) if lcd else
                          msg("Keyboard for {name}: keys {keys}, prompts on the table screen "
                              "(not private)", name=boxes.names[seat], keys=keys),
                          AppCommand("stand-in", seat), HOST_STAND_IN, boxes.names[seat])
                for seat, lcd in sorted(gone.items())]

    def stand_in(command: AppCommand, now: float) -> Msg | None:
        keyset, seat = free(), command.seat
        if keyset is None or seat is None:
            return None
        lcd = gone_boxes(boxes).get(seat, True)
        for name, key in zip(SEAT_KEYS[keyset], (BoxKey.MINUS, BoxKey.PLUS, BoxKey.OK),
                             strict=True):
            boxes.keyboard[name] = (seat, key)  # the window's key map: live at once
        stood.add(seat)
        if on_stand_in is not None:
            on_stand_in(seat, not lcd)
        keys = " ".join(SEAT_KEYS[keyset])
        if lcd:
            return msg("{name} plays on the keys {keys} (minus, plus, OK); the LCD shows the "
                       "prompts as before", name=boxes.names[seat], keys=keys)
        return msg("{name} plays on the keys {keys} (minus, plus, OK); the table screen shows "
                   "{name}'s prompts for everyone to see while the box is away",
                   name=boxes.names[seat], keys=keys)

    controller.commands.offers.append(offers)
    controller.commands.handlers["stand-in"] = stand_in


NOTE_SECONDS = 8.0  # how long the table screen shows a start-up note (config drift)


def run_from_config(path: Path, journal: Path | None = None, lang: str | None = None) -> int:
    if not logging.getLogger().handlers:  # the faults' one-line reports, for the journal
        logging.basicConfig(format="companion: %(message)s", level=logging.WARNING)
    # Everything the config can be refused for is checked before the journal's folder, its
    # lock or the journal itself is made: a refused start leaves nothing behind.
    cfg = load_config(path)
    translate = translator(lang or cfg.language)
    journal_path = journal or cfg.journal
    cfg.check_journal(journal)
    opened = open_journal(cfg, journal_path, journal)
    history, jnl, resumed = opened.history, opened.journal, opened.resumed
    # The appliance: Esc never quits, quitting is the host's confirmed command.
    kiosk = cfg.kiosk if cfg.kiosk is not None else under_systemd()
    controller = Controller(history, jnl, translate, wall_ms=wall_ms, kiosk=kiosk)
    # The translator is built here, per game start: a table may change language between games.
    started = (msg("resumed after {n} entries", n=len(history.journal_actions)) if resumed
               else msg("new game"))
    print(msg("companion: {game}, {n} seats, journal {path} ({started})", game=cfg.game,
              n=len(cfg.seats), path=str(jnl.path), started=started).render(translate))
    if opened.drift is not None:
        print(msg("companion: {note}", note=opened.drift).render(translate))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.display.keeper import ScreenKeeper
    from companion.display.sound import RevealBell, Speaker, TimerBell
    from companion.display.wake import WindowWatch, window_watch

    clock = time.monotonic
    app = App(controller, {}, clock, None, show_lcds=cfg.show_lcds)

    keys = cfg.host_box == "keyboard" or any(sc.box.startswith("keyboard:") for sc in cfg.seats)
    pump: list[Callable[[], Iterable[InputItem]]] = []  # set once the boxes are built
    watch: list[WindowWatch] = []

    def screen(up: bool) -> None:
        # While a window is open, its input wakes the loop through a watcher (keys are read
        # at once); where a window cannot be waited on, it is read on a tick; a table
        # without keys on the console does not read it at all. No display: the loop sleeps
        # until input or a retry is due.
        for old in watch:
            old.close()
        watch.clear()
        app.window, app.tick = None, None
        found = window_watch(app.window_ready, keyboard=keys) if up else None
        if found is not None:
            watch.append(found)
            app.window = found
            found.start()
        elif up and keys:
            app.tick = 1 / 30
        app.pump = pump[0] if pump and (found is not None or (up and keys)) else None

    # No display (the TV is off): the table runs on, and the keeper opens it when it can.
    # Sound: the timer's warnings and zero, and (option) a chime at every reveal.
    speaker = Speaker(cfg.volume)
    controller.on_reveal = RevealBell(speaker, cfg.chime).reveal
    keeper = ScreenKeeper(translate, clock, size=cfg.size, fullscreen=cfg.fullscreen,
                          wall_ms=wall_ms, on_change=screen, bell=TimerBell(speaker))
    keeper.open()
    app.renderer = keeper
    app.watchers.append(keeper)
    # Seat claims (phones, a new serial box for a seat) are decided by the host and recorded
    # beside the journal, like which USB device plays each serial seat.
    state_dir = journal_path.parent
    controller.claims.log = ClaimLog(state_dir / CLAIMS_FILE, wall_clock)
    boxes = build_boxes(cfg, app.sink, clock, translate=translate, state_dir=state_dir,
                        game=game_identity(journal_path))
    attach_boxes(app, boxes)
    if boxes.phones is not None:
        controller.claims.binders.append(boxes.phones.seats)
        app.invite = boxes.phones.invite

    def stood_in(seat: int, public: bool) -> None:
        nonlocal keys
        if public:  # its box's LCD is gone: the seat's prompts go on the table screen
            app.public_lcds.add(seat)
        if not keys:  # from now on the window's keys are read (the stand-in's three)
            keys = True
            screen(keeper.ready)

    # A seat whose buttons are gone may borrow three keys of a keyboard plugged in.
    offer_stand_ins(controller, boxes, has_keyboard=keyboard_attached, on_stand_in=stood_in)
    pump.append(pygame_pump(boxes.keyboard, clock, kiosk, app.expose))
    screen(keeper.ready)
    boxes.closers.append(lambda: screen(False))
    if opened.drift is not None:  # the same note on the screen for a while
        controller.banner = Banner(opened.drift, clock() + NOTE_SECONDS)

    def stop(signum: int, frame: Any) -> None:
        app.sink(Quit())

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # Under systemd (Type=notify): ready once the screen and the boxes are up, then a
    # watchdog ping from the loop, so a hung loop is restarted. Elsewhere a no-op.
    notifier = Notifier()
    if notifier.interval is not None:
        app.alive, app.alive_every = notifier.alive, notifier.interval / 2
    try:
        app.refresh()
        notifier.ready(f"{cfg.game}, {len(cfg.seats)} seats")
        app.run()
    finally:
        notifier.stopping()
        boxes.close()
        jnl.close()
        import pygame

        pygame.display.quit()
    return 0
