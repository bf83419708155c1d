"""A four-seat Camel Up table on a controller (no boxes, no journal), its first auction
(highest bet) revealed: the setting of the host-correction and sale-income tests."""

from __future__ import annotations

from companion.app.controller import Controller
from companion.engine.actions import Enter
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")


def revealed(lang: str) -> Controller:
    """Ann, Bob, Cy and Di bid 2, 3, 1, 0 in the first auction: Bob won with 3."""
    c = Controller(History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in
                                                            ("Ann", "Bob", "Cy", "Di")))),
                   None, translator(lang))
    c.host("start", 0.0, card="highest_bet")
    for seat, bid in enumerate((2, 3, 1, 0)):
        assert c.submit(Enter(seat, bid), 1.0, seat)
    return c
