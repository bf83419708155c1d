"""The trade timer through the app: the host menu stamps wall-clock `at_ms` on timer
commands, the loop tells the game time is up at the deadline, and the table screen counts
down from the deadline by the wall clock (right after a restart too)."""

from __future__ import annotations

from dataclasses import replace

from companion.app.controller import Controller
from companion.app.demos import demo_for, play_until
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.display.renderer import Renderer
from companion.display.window import open_display
from companion.engine.actions import Host
from companion.engine.registry import get_game
from companion.i18n import translator

GAME = get_game("mega-civilization")


class Wall:
    ms = 1_800_000_000_000

    def __call__(self) -> int:
        return self.ms


def ready_for_trade(wall: Wall) -> Controller:
    """The demo's 18-seat table, played up to the trade phase."""
    h = play_until(demo_for(GAME.id), before_shot="11-trade-ready")
    return Controller(h, None, translator("en"), wall_ms=wall)


def choose(c: Controller, label: str, now: float) -> None:
    for _ in range(len(c.host_options())):
        entry = c.host_menu.current(c.host_options())
        if entry is not None and entry.label.render() == label:
            c.handle(SeatIntent(HOST_SEAT, Intent.OK), now)
            return
        c.handle(SeatIntent(HOST_SEAT, Intent.PLUS), now)
    raise AssertionError(f"{label!r} not offered: {[e.label.render() for e in c.host_options()]}")


def test_host_menu_stamps_time_and_the_app_calls_time_up() -> None:
    wall = Wall()
    c = ready_for_trade(wall)
    choose(c, "Start the trade timer", 0.0)
    last = c.history.actions[-1]
    assert isinstance(last, Host) and last.int_param("at_ms") == wall.ms
    timer = c.table_view().timer
    assert timer is not None and timer.running and timer.deadline_ms == wall.ms + 20_000
    wall.ms += 19_000
    assert not c.check_timer(c.table_view(), 1.0)  # a second left: nothing yet
    wall.ms += 1_000
    assert c.check_timer(c.table_view(), 2.0)
    timer = c.table_view().timer
    assert timer is not None and timer.expired and not timer.running
    assert not c.check_timer(c.table_view(), 3.0)  # once only


def test_renderer_counts_down_from_the_deadline_by_the_wall_clock() -> None:
    wall = Wall()
    c = ready_for_trade(wall)
    choose(c, "Start the trade timer", 0.0)
    view = c.table_view()
    # The monotonic clock stands still: 18 seats are shown in pages, which turn by that
    # clock every 8 s, and this test is about the wall clock's countdown only.
    renderer = Renderer(open_display((1280, 720)), translator("en"), wall_ms=wall,
                        clock=lambda: 0.0)
    assert renderer.update(view)
    wall.ms += 400
    assert not renderer.update(view)  # same second shown: no redraw
    wall.ms += 12_000  # e.g. after a restart: 7.6 s left, inside the 10 s warning
    assert renderer.update(view)
    shown = renderer._with_local_timer(view).timer
    assert shown is not None and shown.remaining_ms == 7_600 and shown.warning
    wall.ms += 8_000
    shown = renderer._with_local_timer(view).timer
    assert shown is not None and shown.expired and shown.remaining_ms == 0
    paused = replace(view.timer, running=False, deadline_ms=None)  # type: ignore[arg-type]
    assert renderer._with_local_timer(replace(view, timer=paused)).timer == paused
