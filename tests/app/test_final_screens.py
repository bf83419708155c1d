"""After the end of a game: no seat is shown as waiting, and the host menu offers only
what the game would take (each entry is tried), saying what it changes."""

from __future__ import annotations

import pytest

from companion.app.controller import Controller
from companion.app.demos import demo_for, play_until
from companion.app.hostmenu import AppCommand, CorrectSeat
from companion.engine.actions import Correct
from companion.engine.errors import IllegalAction
from companion.engine.registry import GAMES
from companion.i18n import translator


@pytest.mark.parametrize("game", sorted(g.id for g in GAMES))
def test_the_final_screen_waits_for_nobody_and_offers_only_what_runs(game: str) -> None:
    c = Controller(play_until(demo_for(game)), None, translator("en"))
    view = c.table_view()
    assert view.final
    assert {s.status for s in view.seats} == {"done"}, [s.status for s in view.seats]
    assert c.waiting_text(final=True) is None
    for entry in c.host_options():
        action = entry.action
        if isinstance(action, AppCommand):
            continue
        if isinstance(action, CorrectSeat) and action.items:  # revealed score pads
            seat, offers = action.items[0]  # one category of one seat stands for the pads
            action = Correct(seat, offers[0].values[0], item=offers[0].key)
        elif isinstance(action, CorrectSeat):  # one value of one seat stands for the round
            seat, values = action.values[0]
            action = Correct(seat, values[0])
        try:
            c.history.check(action)
        except IllegalAction as exc:
            pytest.fail(f"{entry.label.render()} is offered but refused: {exc.message}")


def test_camel_ups_final_menu_says_it_changes_the_last_round_or_undoes_the_end() -> None:
    c = Controller(play_until(demo_for("camel-up-off-season")), None, translator("pl"))
    offered = [e.label.render(c.translate) for e in c.host_options()]
    assert offered == ["Popraw ostatnią rundę: wpis gracza (wynik się przeliczy)",
                       "Odwołaj koniec", "Zamknij companion"]
    assert c.host_lcd_lines()[0] == "Popraw wpis     "
