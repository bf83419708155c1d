"""Camel Up: starting the next auction while a sale income is still to come drops it. The
host menu says whose income goes and asks for a second Return; the log keeps whose it was."""

from __future__ import annotations

import pytest
from camel_table import revealed

from companion.app.controller import Controller
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.engine.actions import Enter


def in_the_sale(lang: str) -> Controller:
    """The first auction won by Bob; Ann and Cy have entered their sale income."""
    c = revealed(lang)
    assert c.state.phase == "income"
    assert c.submit(Enter(0, 4), 2.0, 0) and c.submit(Enter(2, 0), 2.0, 2)
    return c


def ok(c: Controller, now: float) -> None:
    c.handle(SeatIntent(HOST_SEAT, Intent.OK), now)


LABEL = {"en": "Start anyway (incomes missing): Highest bet",
         "pl": "Zacznij mimo braków: Najwyższa stawka"}
DROPPED = {"en": "No sale income from Bob, Di",
           "pl": "Brak dochodu ze sprzedaży: Bob, Di"}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_start_during_the_sale_names_whose_income_it_drops_and_asks(lang: str) -> None:
    c = in_the_sale(lang)
    entry = c.host_menu.current(c.host_options())  # where the menu rests: one Return away
    assert entry is not None and entry.label.render(c.translate) == LABEL[lang]
    assert entry.confirm
    ok(c, 3.0)
    assert c.state.phase == "income"  # one Return only asks
    assert c.host_line().asking
    waiting = c.waiting_text()  # the line above the host's names whose income is missing
    assert waiting is not None and "Bob, Di" in waiting.render(c.translate)
    ok(c, 4.0)
    assert c.state.phase == "bidding"
    log = [m.render(c.translate) for m in c.table_view().log]
    assert log[-2] == DROPPED[lang]


def test_once_every_income_is_in_start_runs_at_once_as_before() -> None:
    c = in_the_sale("en")
    assert c.submit(Enter(1, 1), 3.0, 1) and c.submit(Enter(3, 2), 3.0, 3)
    entry = c.host_menu.current(c.host_options())
    assert entry is not None and entry.label.render() == "Start auction: Highest bet"
    assert not entry.confirm
    ok(c, 4.0)
    assert c.state.phase == "bidding"
    assert not any("No sale income" in m.render() for m in c.table_view().log)
