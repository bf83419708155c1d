"""The Mega Civilization demo: 18 seats, one turn of trade cards, the trade timer and the
calamity count.

The seats sit from west to east around the table, so the A.S.T. order the companion derives
is visibly not the seating order. Every seat confirms its treasury (most keep the offered 20),
enters its cities (the seed's example is inside: Minoa 3, Hellas and Egypt 5 each, and Egypt
finds West stack 2 empty), then 6b: some buy from stack 9, Celt cannot afford a second card,
Dravidia finds East stack 9 empty and buys a water card. A 20-second trade timer (option)
is started, paused, resumed, extended and runs out; Hellas adds up sets on its box; then the
sealed calamities are entered by name and revealed together; Nubia holds Famine twice and
three majors, so the host records its random discards (the duplicate first, then a major).
Phase 12 follows in A.S.T. order: Minoa buys Pottery and
Mysticism with two sets and treasury and discards down to the hand limit of 9, Saba buys
Written Record and places its 10 extra credits, Assyria's Library payment is refused for
asking change and then paid with only the treasury needed; the others buy nothing. The host
ends the game and every seat enters its A.S.T. step and cities: the score sheet names the
winners (Hellas and Egypt share it). The timer commands carry fixed `at_ms` values: the demo
shows the timer as the engine sees it at each command.
"""

from __future__ import annotations

from ...engine.actions import Enter, Host
from ...engine.games.mega_civilization import AST_RANK, draw_order
from ...engine.games.mega_civilization.calamity_cards import lock_value
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


# Calamities by name (two blocks: a calamity can be held twice). Nubia is over the limits.
HELD = {"Celt": ["Treachery"], "Carthage": ["Famine", "Superstition"],
        "Hellas": ["Flood"], "Nubia": ["Famine", "Famine", "Civil War", "Piracy"],
        "Assyria": ["Epidemic"], "Persia": ["Cyclone", "Tyranny"], "Kushan": ["Regression"],
        "Dravidia": ["Corruption"]}


def e(civ: str, value: int | str) -> Enter:
    return Enter(S[civ], value)


def calamities(civs: tuple[str, ...]) -> tuple[Enter, ...]:
    """Each seat picks its calamities on its box (private), then locks the list."""
    steps: list[Enter] = []
    for civ in civs:
        steps += [e(civ, name) for name in HELD.get(civ, [])]
        steps.append(e(civ, lock_value(HELD.get(civ, []))))
    return tuple(steps)


def draws() -> tuple[Enter | Shot, ...]:
    steps: list[Enter | Shot] = []
    for seat in DRAW:
        civ = SEATS[seat]
        if civ == "Egypt":  # the seed: stack 2 is empty when Egypt draws
            steps += [e(civ, "empty"), Shot("05-egypt-reports-empty-stack", subject=(civ,)),
                      e(civ, 2),
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
            # refused: 3 left
            steps += [e(civ, "buy"), Shot("08-celt-cannot-afford", subject=(civ,))]
        if civ == "Minoa":
            steps.append(Shot("09-minoa-bought-two", subject=("Minoa",)))
        steps.append(e(civ, "pass"))
    return tuple(steps)


AST = tuple(sorted(SEATS, key=lambda c: AST_RANK[c]))
HANDS = {"Minoa": 10, "Saba": 5, "Assyria": 9, "Persia": 11}  # others keep 4
# A.S.T. step and cities at the end: Hellas 3 x5 + 7 = 22 and Egypt 3 x5 + 7 = 22 share it.
FINAL = {"Hellas": (3, 7), "Egypt": (3, 7), "Minoa": (3, 4), "Babylon": (2, 8), "Rome": (2, 6),
         "Persia": (2, 7), "Assyria": (2, 5)}


def pay(civ: str, advances: tuple[str, ...], cards: dict[str, int],
        treasury: int = 0) -> list[Enter | Shot]:
    steps: list[Enter | Shot] = [e(civ, a) for a in advances]
    steps.append(e(civ, "pay"))
    for name, n in cards.items():
        steps += [e(civ, name), e(civ, str(n))]  # the count is a choice on the box
    if treasury:
        steps += [e(civ, "treasury"), e(civ, treasury)]
    return steps


def advances() -> tuple[Enter | Shot, ...]:
    steps: list[Enter | Shot] = []
    for civ in AST:
        if civ == "Minoa":  # 110 = Fish 3 (27) + Wine 4 (80) + 3 treasury
            steps += pay(civ, ("Pottery", "Mysticism"), {"Fish": 3, "Wine": 4}, 3)
            steps += [Shot("18-minoa-pays-for-two-advances", subject=("Minoa",)), e(civ, "confirm")]
        elif civ == "Saba":  # Written Record 60 = Salt 3 (27) + Timber 3 (27) + 6 treasury
            steps += pay(civ, ("Written Record",), {"Salt": 3, "Timber": 3}, 6)
            steps += [e(civ, "confirm"), e(civ, "blue"), e(civ, "green")]
        elif civ == "Assyria":  # Library 220 = Gemstones 5 (200) + Fish 2 (12) + 8 treasury
            steps += pay(civ, ("Library",), {"Gemstones": 5, "Fish": 2}, 20)
            steps += [e(civ, "confirm"), Shot("19-no-change-given", subject=(civ,)),
                      e(civ, "treasury"), e(civ, 8), e(civ, "confirm")]
        else:
            steps.append(e(civ, "done"))
        steps.append(e(civ, HANDS.get(civ, 4)))
        if civ == "Dravidia":
            steps.append(Shot("20-advances-owned-and-credits"))
    return tuple(steps)


DEMO = Demo(
    game="mega-civilization",
    seats=SEATS,
    options={"start_treasury": 20, "trade_seconds": 20, "warn_first": 10, "warn_second": 5,
             "countdown": 3},
    title="Mega Civilization - 18 seats: trade cards, trade timer, calamities, advances, score",
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
        *calamities(SEATS[:12]),
        Shot("16-calamity-count-sealed"),
        *calamities(SEATS[12:]),
        Shot("17-calamities-revealed", hold=4),
        Host.make("discard", seat=S["Nubia"], name="Famine"),  # the duplicate goes first
        Host.make("discard", seat=S["Nubia"], name="Piracy"),  # then a major, at random
        Shot("17b-random-discards", hold=3),
        Host.make("advances"),
        *advances(),
        Shot("21-advances-bought", hold=3),
        Host.make("end"),
        *(x for civ in AST for x in (e(civ, FINAL.get(civ, (1, 3))[0]),
                                      e(civ, FINAL.get(civ, (1, 3))[1]))),
        Shot("22-score-sheet", hold=5, subject=("Hellas", "Egypt")),
    ),
)
