"""`companion demo`: a scripted game played by simulated presses on mock boxes.

Up to six seats play on real `GpioBox`es over gpiozero MockFactory pins with real charlcd
LCDs on a fake I2C bus (companion.boxes.mock_rig); larger tables use in-memory boxes fed the same
key edges. Every `Enter` of the script becomes minus/plus presses until the seat's LCD
shows the value, then OK, through the real input path (debounce, auto-repeat, journal).

With a display it opens a window and plays at watching speed; without one it renders
frames to PNG files in a folder it names, on a virtual clock, and exits 0.

`--phone` plays the first seat on a phone instead (companion.app.demo_phone): the real phone
server on 127.0.0.1, joined and pressed over its WebSocket, the phone page drawn beside the
table from what that phone received.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..boxes.vocabulary import HOST_SEAT, HostInput, Key, KeyEdge, Quit
from ..engine.actions import Action, Enter, Host, Undo, Withdraw
from ..engine.history import History, Setup, replay
from ..engine.registry import get_game
from ..engine.seats import DEFAULT_COLOURS, Seat
from ..engine.text import msg
from ..i18n import translator
from .controller import Controller
from .demos import Demo, Shot, demo_for
from .journal import Journal, load
from .loop import App
from .shaper import HOLD, REPEAT_EVERY

if TYPE_CHECKING:
    from companion.display.legibility import TextAudit

    from .demo_phone import PhoneSeat

DEFAULT_GAME = "camel-up-off-season"


@dataclass
class DemoClock:
    """Real time in a window; in headless mode a virtual clock that `sleep` advances."""

    virtual: bool
    speed: float = 1.0
    now: float = 1000.0
    pump: Callable[[], None] = field(default=lambda: None)

    def __call__(self) -> float:
        return self.now if self.virtual else time.monotonic()

    def sleep(self, seconds: float) -> None:
        """Exactly `seconds`: button timings (debounce, hold, repeat) never speed up."""
        if self.virtual:
            self.now += seconds
            return
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            self.pump()
            time.sleep(min(left, 1 / 30))

    def pause(self, seconds: float) -> None:
        """Time for people to watch: shortened by `speed` in a window. On the virtual clock
        it passes in full, so messages on the boxes time out as they would at a table."""
        self.sleep(seconds if self.virtual else seconds / self.speed)


class Presser(Protocol):
    def press(self, seat: int, key: Key) -> None: ...

    def release(self, seat: int, key: Key) -> None: ...


class EdgePresser:
    """For tables larger than the GPIO header: key edges straight into the app's queue."""

    def __init__(self, app: App, clock: DemoClock) -> None:
        self.app, self.clock = app, clock

    def press(self, seat: int, key: Key) -> None:
        self.app.sink(KeyEdge(seat, key, True, self.clock()))

    def release(self, seat: int, key: Key) -> None:
        self.app.sink(KeyEdge(seat, key, False, self.clock()))


class Driver:
    """Plays one script step at a time through the presser, the app and the clock."""

    GAP = 0.05  # between a press and its release: longer than the debounce window

    def __init__(self, app: App, presser: Presser, clock: DemoClock, pace: float) -> None:
        self.app, self.presser, self.clock, self.pace = app, presser, clock, pace

    def settle(self, seconds: float = 0.0) -> None:
        self.clock.sleep(max(seconds, 0.0))
        self.app.run_once(0)
        self.app.rest()  # where `companion run` would wait for the next input

    def watch(self, seconds: float) -> None:
        """Let people look (the pace between steps, a shot's hold)."""
        self.clock.pause(seconds)
        self.app.run_once(0)
        self.app.rest()

    def tap(self, seat: int, key: Key) -> None:
        self.presser.press(seat, key)
        self.settle(self.GAP)
        self.presser.release(seat, key)
        self.settle(self.GAP)

    def hold(self, seat: int, key: Key, until: Callable[[], bool], limit: float = 8.0) -> None:
        self.presser.press(seat, key)
        waited = 0.0
        while not until() and waited < limit:
            self.settle(REPEAT_EVERY / 2)
            waited += REPEAT_EVERY / 2
        self.presser.release(seat, key)
        self.settle(self.GAP)

    def enter(self, seat: int, value: Any) -> None:
        session = self.app.controller.sessions[seat]
        prompt = session.prompt
        if prompt is None or prompt.kind == "wait" or prompt.locked:
            raise RuntimeError(f"demo script: seat {seat} cannot enter now ({prompt})")
        for _ in range(400):
            draft = session.draft
            if draft == value:
                break
            if prompt.kind == "choice":
                self.tap(seat, Key.PLUS)
                continue
            if isinstance(value, str) or isinstance(draft, str):
                # number prompts keep their extras (PASS, ...) below the lowest number
                self.tap(seat, Key.MINUS if isinstance(value, str) else Key.PLUS)
                continue
            diff = int(value) - int(draft)
            key = Key.PLUS if diff > 0 else Key.MINUS
            if abs(diff) >= 15:  # hold to show auto-repeat; stop short, then tap
                self.hold(seat, key, self._near(seat, int(value)))
            else:
                self.tap(seat, key)
        else:
            raise RuntimeError(f"demo script: seat {seat} could not reach {value!r}")
        self.tap(seat, Key.OK)
        self.watch(self.pace)

    def _near(self, seat: int, target: int) -> Callable[[], bool]:
        """While holding a key: stop once the draft is within a few taps of `target`."""
        session = self.app.controller.sessions[seat]

        def near() -> bool:
            return isinstance(session.draft, int) and abs(target - session.draft) < 12

        return near

    def withdraw(self, seat: int) -> None:
        self.presser.press(seat, Key.OK)
        self.settle(HOLD + 0.1)
        self.presser.release(seat, Key.OK)
        self.settle(self.GAP)

    def step(self, action: Action) -> None:
        if isinstance(action, Enter):
            self.enter(action.seat, action.value)
        elif isinstance(action, Withdraw):
            self.withdraw(action.seat)
        elif isinstance(action, Host):
            self.app.sink(HostInput(action.command, action.params))
            self.settle()
            self.watch(self.pace)
        elif isinstance(action, Undo):
            self.app.sink(HostInput("undo"))
            self.settle()
            self.watch(self.pace)


class SplitPresser:
    """Seat 0 on its phone (over the WebSocket), every other seat on `others`."""

    def __init__(self, others: Presser, phone: Presser) -> None:
        self.others, self.phone = others, phone

    def press(self, seat: int, key: Key) -> None:
        (self.phone if seat == 0 else self.others).press(seat, key)

    def release(self, seat: int, key: Key) -> None:
        (self.phone if seat == 0 else self.others).release(seat, key)


def join_by_phone(driver: Driver, phone: PhoneSeat, shot: Callable[[str, float], None]) -> None:
    """The phone picks seat 0 on the join page; the host accepts it with OK (the host's keys,
    as on a host box); the phone then holds the seat. A frame of each moment."""
    phone.client.claim(0)
    phone.client.wait_for(lambda m: m.get("t") == "pending", "'waiting for the host'")
    driver.settle()
    shot("00-phone-asks-for-a-seat", 1.0)
    app, clock = driver.app, driver.clock
    app.sink(KeyEdge(HOST_SEAT, Key.OK, True, clock()))  # the host's Return / OK
    driver.settle(driver.GAP)
    app.sink(KeyEdge(HOST_SEAT, Key.OK, False, clock()))
    driver.settle(driver.GAP)
    phone.client.wait_for(lambda m: m.get("t") == "seat", "its seat")
    driver.settle()
    shot("00-phone-joined", 1.0)


def _pygame_pump(app: App) -> Callable[[], None]:
    import pygame

    def pump() -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            ):
                app.sink(Quit())

    return pump


def run_demo(
    out: Path | None,
    size: tuple[int, int],
    window: str = "auto",
    lang: str = "en",
    speed: float = 1.0,
    game: str = DEFAULT_GAME,
    phone: bool = False,
) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is imported
    from companion.display.window import has_display

    use_window = window == "yes" or (window == "auto" and has_display())
    if not use_window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    demo = demo_for(get_game(game).id)
    folder = out if out is not None else Path(tempfile.mkdtemp(prefix="companion-demo-"))
    folder.mkdir(parents=True, exist_ok=True)
    shots = play(demo, folder, size, use_window, lang, speed, phone=phone)
    tr = translator(lang)
    if use_window:
        print(msg("demo finished; journal in {folder}", folder=str(folder)).render(tr))
    else:
        print(
            msg("demo frames: {n} PNG files in {folder}", n=len(shots), folder=str(folder)).render(
                tr
            )
        )
        for shot in shots:
            print(f"  {shot}")
    return 0


def play(
    demo: Demo, folder: Path, size: tuple[int, int], use_window: bool, lang: str,
    speed: float = 1.0, *, phone: bool = False, audit: TextAudit | None = None,
) -> list[Path]:
    """Play `demo`; returns the PNG frames written (headless) or [] (window). `phone`: seat 0
    plays on a phone (the real server on loopback), drawn beside the table. Every text the
    screen draws is reported to `audit` (the legibility test reads it)."""
    import pygame

    from companion.display.fonts import FontCache
    from companion.display.paging import PAGE_SECONDS
    from companion.display.phone_panel import draw_phone, panel_width
    from companion.display.renderer import Renderer
    from companion.display.window import open_display, save_png

    translate = translator(lang)
    game = get_game(demo.game)
    seats = tuple(
        Seat(n, DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]) for i, n in enumerate(demo.seats)
    )
    setup = Setup(game.id, seats, demo.options)
    journal_path = folder / "journal.jsonl"
    if journal_path.exists():
        journal_path.unlink()
    history = History.start(game, setup)
    journal = Journal.create(journal_path, history.setup)
    controller = Controller(history, journal, translate)
    clock = DemoClock(virtual=not use_window, speed=speed)
    side = panel_width(size[1]) if phone else 0  # the phone page beside the table
    display = open_display((size[0] + side, size[1]), fullscreen=False)
    if use_window:
        pygame.display.set_caption(
            translate(demo.title) if demo.title else msg("companion demo").render(translate)
        )
    surface = display.subsurface(pygame.Rect((0, 0), size)) if phone else display
    renderer = Renderer(surface, translate, clock=clock, audit=audit)
    app = App(controller, {}, clock, renderer, show_lcds=True)
    from companion.boxes.factory import BoxFactory

    # Up to six seats on the mock rig (real GpioBoxes and charlcd code on mock pins and a fake
    # I2C bus); a larger table on in-memory boxes fed key edges straight into the queue.
    kind = "mock" if len(seats) <= 6 else "memory"
    specs = [(s, f"{kind}:{s}") for s in range(len(seats))]
    sink = app.sink
    if phone:
        from .claims import CLAIMS_FILE, ClaimLog
        from .demo_phone import EdgeCount

        specs[0] = (0, "phone")
        sink = edges = EdgeCount(app.sink, 0)
        controller.claims.log = ClaimLog(
            folder / CLAIMS_FILE, lambda: datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
    factory = BoxFactory(sink, clock, phone_options={
        "port": 0, "listen": "127.0.0.1", "translate": translate, "lang": lang,
        "state_dir": folder})
    made = factory.build(specs, {s: seat.name for s, seat in enumerate(seats)})
    app.boxes = dict(made.boxes)
    rig = made.rig
    presser: Presser = rig if rig is not None else EdgePresser(app, clock)
    lcds: Callable[[int], tuple[str, str]] | None = rig.lcd_lines if rig is not None else None
    on_phone: PhoneSeat | None = None
    if made.phones is not None:
        from .demo_phone import PhoneSeat

        controller.claims.binders.append(made.phones.seats)
        app.invite = made.phones.invite
        on_phone = PhoneSeat(made.phones, 0, edges)
        presser = SplitPresser(presser, on_phone)
        rig_lines = lcds
        phone_seat = on_phone

        def lcds(s: int) -> tuple[str, str]:  # seat 0: what its phone received
            if s == 0:
                return phone_seat.lines()
            return rig_lines(s) if rig_lines is not None else controller.lcd_lines(s)

    if lcds is not None:
        # The table shows what the real charlcd code put on each (fake) LCD's glass, and a
        # phone seat what its phone got over the WebSocket.
        view_of = lcds
        app.lcd_view = lambda: {s: view_of(s) for s in range(len(seats))}
    if use_window:
        clock.pump = _pygame_pump(app)
    flush: Callable[[], bool] = rig.flush if rig is not None else (lambda: True)
    fonts = FontCache()

    def catch_up() -> None:
        """Every box shows its latest: the LCD glass, the phone's page; then draw it."""
        flush()
        if on_phone is not None:
            on_phone.synced()
            panel = pygame.Rect(size[0], 0, side, size[1])
            draw_phone(display, panel, on_phone.view(), translate, fonts)
            if use_window:
                pygame.display.update(panel)
        app.render()  # the glass caught up after the last render: draw it before the frame

    if use_window and on_phone is not None:
        # In a window the phone's page follows every frame (what it has received by then).
        shown = on_phone

        def draw_panel() -> None:
            panel = pygame.Rect(size[0], 0, side, size[1])
            draw_phone(display, panel, shown.view(), translate, fonts)
            pygame.display.update(panel)

        app.on_frame = draw_panel
    driver = Driver(app, presser, clock, pace=0.35 if use_window else 0.0)
    frames: list[Path] = []

    def turn_to(subject: tuple[str, ...]) -> None:
        """On a table split into pages, let the pages turn (on the virtual clock, as they do
        at a table) until the one holding the `subject` seats is shown."""
        wanted = {demo.seats.index(name) for name in subject}
        for _ in range(renderer.screen.pages):
            layout = renderer.screen.layout
            if layout is not None and wanted <= set(layout.seat_cards):
                return
            clock.sleep(PAGE_SECONDS - clock() % PAGE_SECONDS + 0.001)
            catch_up()
            driver.settle()

    def shot(name: str, hold: float, subject: tuple[str, ...] = ()) -> None:
        catch_up()
        driver.settle()
        if not use_window:
            turn_to(subject)
            path = folder / f"{name}.png"
            save_png(display, path)
            frames.append(path)
        driver.watch(hold)  # people look; messages on the boxes time out

    # The demo's loop collects garbage where `companion run`'s does: while it waits.
    with app.collecting_when_idle():
        try:
            app.refresh()
            driver.settle()
            if on_phone is not None:
                join_by_phone(driver, on_phone, shot)
            for step in demo.steps:
                if app.quit:
                    break
                if isinstance(step, Shot):
                    shot(step.name, step.hold, step.subject)
                    continue
                driver.step(step)
            flush()
        finally:
            if on_phone is not None:
                on_phone.client.close()
            made.close()
            journal.close()
            pygame.display.quit()
    # The journal the demo wrote must replay to the state it played to.
    loaded = load(journal_path)
    again = replay(game, loaded.setup, loaded.actions)
    if again.state != controller.state:
        print(
            msg("demo: the journal does not replay to the played state").render(translate),
            file=sys.stderr,
        )
        raise SystemExit(1)
    return frames
