"""The host menu: the commands the game offers now, cycled with minus/plus, run with OK,
undo with OK held; the shown entry and the keys are always on the table screen's host line."""

from __future__ import annotations

from companion.app.controller import Controller
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")


def host(c: Controller, intent: Intent, now: float = 0.0) -> None:
    c.handle(SeatIntent(HOST_SEAT, intent), now)


def test_menu_cycles_runs_and_undoes() -> None:
    c = Controller(History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in "ABC"))), None,
                   translator("en"))
    labels = [e.label.render() for e in c.host_options()]
    assert labels[:3] == ["Start auction: Highest bet", "Start auction: Lowest bet",
                          "Start auction: Highest quantity of dates"]
    assert "End the game" in labels and "Undo the last entry" not in labels
    assert c.host_hint().render() == (
        "Host: Start auction: Highest bet   \u25c0 \u25b6 choose \u00b7 Return runs")
    # ^ before any key the hint is there; nothing to undo yet, so it does not offer undo
    host(c, Intent.PLUS)
    host(c, Intent.PLUS)
    assert "Highest quantity of dates" in c.host_hint().render() and c.banner_text() is None
    host(c, Intent.OK)
    assert c.state.current.card == "most_dates"
    assert [e.label.render() for e in c.host_options()] == [
        "Abandon auction", "Sit out: A", "Sit out: B", "Sit out: C", "Undo the last entry",
        "Quit the companion"]
    host(c, Intent.OK_HELD, 1.0)
    assert c.state.current is None and len(c.history.corrections) == 1
    c.expire(100.0)
    assert c.banner_text() is None


def table(kiosk: bool) -> Controller:
    return Controller(History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in "ABC"))), None,
                      translator("en"), kiosk=kiosk)


def choose(c: Controller, label: str, now: float) -> None:
    """Walk the host menu with minus to the entry `label` and press OK."""
    for _ in range(len(c.host_options())):
        entry = c.host_menu.current(c.host_options())
        if entry is not None and entry.label.render() == label:
            host(c, Intent.OK, now)
            return
        host(c, Intent.MINUS, now)
    raise AssertionError(f"{label} not in the host menu")


def test_quitting_from_the_host_menu_asks_to_confirm() -> None:
    c = table(kiosk=False)
    choose(c, "Quit the companion", 1.0)
    assert not c.commands.quit_requested  # one OK only asks, like every destructive command
    assert c.host_lcd_lines() == ("OK again: sure? ", "Quit            ")
    assert c.host_hint().render() == (
        "Press Return (OK) again within 3 s: Quit the companion. Any other key cancels.")
    c.expire(4.0)  # not confirmed in time: the question goes away
    assert not c.host_line().asking
    host(c, Intent.OK, 4.0)  # this OK only asks again
    assert not c.commands.quit_requested
    host(c, Intent.OK, 6.9)
    assert c.commands.quit_requested


def test_on_the_appliance_esc_never_quits_and_the_menu_restarts() -> None:
    c = table(kiosk=True)
    for t in (1.0, 1.2, 1.4):
        assert c.escape(t) is False
    banner = c.banner_text()
    assert banner is not None and banner.render() == (
        "Esc does not quit here: the host menu has 'Restart the companion'")
    choose(c, "Restart the companion", 2.0)
    assert c.host_lcd_lines() == ("OK again: sure? ", "Restart         ")
    host(c, Intent.OK, 2.5)
    assert c.commands.quit_requested


def test_on_a_desktop_a_second_esc_quits() -> None:
    c = table(kiosk=False)
    assert c.escape(1.0) is False
    banner = c.banner_text()
    assert banner is not None and banner.render() == "Press Esc again to quit"
    assert c.escape(12.0) is False  # too late: asks again
    assert c.escape(13.0) is True
