"""Mega Civilization's treasury from turn 2, with the default options (taxes computed,
treasury confirmed each turn): the box offers last turn's treasury plus 2 per city entered
for 6a, so a seat whose board changed nothing else keeps it with one OK instead of dialling
its whole treasury."""

from __future__ import annotations

from companion.engine.actions import Enter, Host
from companion.engine.game import seat_view
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat

GAME = "mega-civilization"
SEATS = ["Egypt", "Hellas", "Minoa", "Carthage", "Celt"]
EGYPT, HELLAS, MINOA, CARTHAGE, CELT = range(5)
CITIES = {EGYPT: 5, HELLAS: 5, MINOA: 3, CARTHAGE: 0, CELT: 0}


def to_turn_2() -> History:
    game = get_game(GAME)
    h = History.start(game, Setup(GAME, tuple(Seat(s) for s in SEATS),
                                  {"ask_treasury": "no", "start_treasury": 40,
                                   "calamities": "count"}))
    for s, n in CITIES.items():
        h.apply(Enter(s, n))
    for s in (MINOA, HELLAS, EGYPT):  # 6a in draw order
        h.apply(Enter(s, "done"))
    for s in (CELT, CARTHAGE, MINOA, HELLAS, EGYPT):  # 6b: everybody passes
        h.apply(Enter(s, "pass"))
    h.apply(Host.make("calamities"))
    for s in range(5):
        h.apply(Enter(s, 0))
    h.apply(Host.make("turn"))
    return h


def test_turn_two_offers_last_treasury_plus_taxes_and_ok_keeps_it() -> None:
    h = to_turn_2()
    game = h.game
    offers = {s: seat_view(game, h.state, s) for s in range(5)}
    assert all(p.label.render() == "Treasury?" for p in offers.values())
    assert {s: p.initial for s, p in offers.items()} == {
        s: 40 + 2 * n for s, n in CITIES.items()}
    assert "Taxes: Egypt +10, Hellas +10, Minoa +6" in [m.render() for m in h.state.log]
    for s, p in offers.items():  # nothing else changed on the boards: OK on the offer
        h.apply(Enter(s, p.initial))
    assert [h.state.treasury(s) for s in range(5)] == [50, 50, 46, 40, 40]
    assert h.state.phase == "cities"
