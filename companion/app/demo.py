"""`companion demo`: a scripted game played by simulated presses on mock boxes.

Up to six seats play on real `GpioBox`es over gpiozero MockFactory pins with real charlcd
LCDs on a fake I2C bus (companion.boxes.mock_rig); larger tables use in-memory boxes fed the same
key edges. Every `Enter` of the script becomes minus/plus presses until the seat's LCD
shows the value, then OK, through the real input path (debounce, auto-repeat, journal).

With a display it opens a window and plays at watching speed; without one it renders
frames to PNG files in a folder it names, on a virtual clock, and exits 0. The clock and
the `Driver` that turns a script's actions into presses are in `demo_driver`.

`--phone` plays the first seat on a phone instead (companion.app.demo_phone): the real phone
server on 127.0.0.1, joined and pressed over its WebSocket, the phone page drawn beside the
table from what that phone received.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..boxes.vocabulary import HOST_SEAT, Key, KeyEdge, Quit
from ..engine.history import History, Setup, replay
from ..engine.registry import get_game
from ..engine.seats import DEFAULT_COLOURS, Seat
from ..engine.text import msg
from ..i18n import translator
from .controller import Controller
from .demo_driver import DemoClock, Driver, EdgePresser, Presser, SplitPresser
from .demos import Demo, Shot, demo_for
from .journal import Journal, load
from .loop import App

if TYPE_CHECKING:
    from companion.display.legibility import TextAudit

    from .demo_phone import PhoneSeat

DEFAULT_GAME = "camel-up-off-season"


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
