"""The host menu: the commands the game offers now, cycled with minus/plus, run with OK,
undo with OK held; the shown entry appears on the table screen while choosing."""

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
    host(c, Intent.PLUS)
    host(c, Intent.PLUS)
    banner = c.banner_text()
    assert banner is not None and "Highest quantity of dates" in banner.render()
    host(c, Intent.OK)
    assert c.state.current.card == "most_dates"
    assert [e.label.render() for e in c.host_options()] == [
        "Abandon auction", "Sit out: A", "Sit out: B", "Sit out: C", "Undo the last entry"]
    host(c, Intent.OK_HELD, 1.0)
    assert c.state.current is None and len(c.history.corrections) == 1
    c.expire(100.0)
    assert c.banner_text() is None
