"""The Mega Civilization demo: 18 seats, one turn of trade cards, the trade timer and the
calamity count.

The seats sit from west to east around the table, so the A.S.T. order the companion derives
is visibly not the seating order. Every seat confirms its treasury (most keep the offered 20),
enters its cities (the seed's example is inside: Minoa 3, Hellas and Egypt 5 each, and Egypt
finds West stack 2 empty), then 6b: some buy from stack 9, Celt cannot afford a second card,
Dravidia finds East stack 9 empty and buys a water card. A 20-second trade timer (option)
is started, paused, resumed, extended and runs out; Hellas adds up sets on its box; then the
sealed calamity count is revealed. The timer commands carry fixed `at_ms` values: the demo
shows the timer as the engine sees it at each command.
"""

from __future__ import annotations

from ...engine.actions import Enter, Host
from ...engine.games.mega_civilization import draw_order
from . import Demo, Shot

SEATS = ("Iberia", "Celt", "Rome", "Carthage", "Hellas", "Minoa", "Egypt", "Nubia", "Hatti",
         "Assyria", "Babylon", "Saba", "Persia", "Parthia", "Kushan", "Indus", "Maurya",
         "Dravidia")
S = {name: i for i, name in enumerate(SEATS)}
TREASURY = {"Celt": 18, "Minoa": 35, "Persia": 25, "Dravidia": 30}  # others keep 20
CITIES = {"Iberia": 2, "Celt": 1, "Rome": 4, "Carthage": 3, "Hellas": 5, "Minoa": 3,
          "Egypt": 5, "Nubia": 2, "Hatti": 0, "Assyria": 6, "Babylon": 4, "Saba": 1,
          "Persia": 7, "Parthia": 0, "Kushan": 3, "Indus": 2, "Maurya": 5, "Dravidia": 9}
BUYS = {"Minoa": 2, "Hellas": 1, "Persia": 1, "Celt": 1}
T0 = 1_750_000_000_000  # wall-clock epoch ms, as the app passes them

_cities = {S[c]: n for c, n in CITIES.items()}
DRAW = draw_order(_cities, SEATS)
BUY = draw_order(_cities, SEATS, include_zero=True)


def e(civ: str, value: int | str) -> Enter:
    return Enter(S[civ], value)


def draws() -> tuple[Enter | Shot, ...]:
    steps: list[Enter | Shot] = []
    for seat in DRAW:
        civ = SEATS[seat]
        if civ == "Egypt":  # the seed: stack 2 is empty when Egypt draws
            steps += [e(civ, "empty"), Shot("05-egypt-reports-empty-stack"), e(civ, 2),
                      Shot("06-water-card-in-the-plans", hold=3)]
        steps.append(e(civ, "done"))
        if len(steps) == 4:
            steps.append(Shot("04-6a-draw-order"))
    return tuple(steps)


def purchases() -> tuple[Enter | Shot, ...]:
    steps: list[Enter | Shot] = []
    for seat in BUY:
        civ = SEATS[seat]
        if civ == "Dravidia":
            steps += [e(civ, "empty"), e(civ, "buy"), Shot("10-empty-stack-9-water")]
        for _ in range(BUYS.get(civ, 0)):
            steps.append(e(civ, "buy"))
        if civ == "Celt":
            steps += [e(civ, "buy"), Shot("08-celt-cannot-afford")]  # refused: 3 left
        if civ == "Minoa":
            steps.append(Shot("09-minoa-bought-two"))
        steps.append(e(civ, "pass"))
    return tuple(steps)


DEMO = Demo(
    game="mega-civilization",
    seats=SEATS,
    options={"start_treasury": 20, "trade_seconds": 20, "warn_first": 10, "warn_second": 5,
             "countdown": 3},
    title="Mega Civilization - 18 seats: trade cards, trade timer, calamity count",
    steps=(
        Shot("01-setup-civilizations"),
        *(e(civ, TREASURY.get(civ, 20)) for civ in SEATS),
        Shot("02-cities-entry"),
        *(e(civ, CITIES[civ]) for civ in SEATS[:9]),
        Shot("03-cities-half-entered"),
        *(e(civ, CITIES[civ]) for civ in SEATS[9:]),
        *draws(),
        Shot("07-6b-buying"),
        *purchases(),
        Shot("11-trade-ready"),
        Host.make("timer_start", at_ms=T0),
        Shot("12-timer-running"),
        e("Hellas", "Fish"), e("Hellas", 2), e("Hellas", "Gemstones"), e("Hellas", 3),
        Host.make("timer_pause", at_ms=T0 + 8_000),
        Shot("13-timer-paused"),
        Host.make("timer_resume", at_ms=T0 + 30_000),
        Host.make("timer_extend", seconds=10),
        Host.make("timer_check", at_ms=T0 + 30_000 + 6_000),  # refused: 16 s are left
        Shot("14-timer-extended"),
        Host.make("timer_check", at_ms=T0 + 30_000 + 22_000),
        Shot("15-time", hold=3),
        Host.make("calamities"),
        *(e(civ, n) for civ, n in zip(SEATS[:12], (0, 1, 0, 2, 1, 0, 0, 3, 0, 1, 0, 0),
                                      strict=True)),
        Shot("16-calamity-count-sealed"),
        *(e(civ, n) for civ, n in zip(SEATS[12:], (2, 0, 1, 0, 0, 1), strict=True)),
        Shot("17-calamities-revealed", hold=4),
    ),
)
