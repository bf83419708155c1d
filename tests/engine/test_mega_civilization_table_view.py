"""Mega Civilization's table screen in phase 12: the advances each civilization owns, by
name, beside its credits by colour (public: rules.md 5.6, the issue's "What each seat owns
and its credits by colour are public on the table screen")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine.actions import Enter, Host
from companion.engine.game import public_view
from companion.engine.games.mega_civilization.advances import BY_NAME
from companion.engine.games.mega_civilization.state import MegaState
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.views import Panel

GAME = "mega-civilization"
SEATS = ["Egypt", "Hellas", "Minoa", "Carthage", "Celt"]
EGYPT, HELLAS, MINOA, CARTHAGE, CELT = range(5)
AST = [MINOA, CELT, CARTHAGE, HELLAS, EGYPT]


def phase_12(h: History) -> None:
    for s in range(5):
        h.apply(Enter(s, 0))  # no cities: nobody draws
    for _ in range(5):
        h.apply(Host.make("skip"))
    h.apply(Host.make("calamities"))
    for s in range(5):
        h.apply(Enter(s, "held:"))
    h.apply(Host.make("advances"))


def started() -> History:
    game = get_game(GAME)
    h = History.start(game, Setup(GAME, tuple(Seat(s) for s in SEATS),
                                  {"ask_treasury": "no", "start_treasury": 40,
                                   "treasury_each_turn": "no"}))
    phase_12(h)
    return h


def minoa_buys_two(h: History) -> None:
    # Pottery 60 + Mysticism 50 = 110: Fish 3 (27) + Wine 4 (80) + 3 treasury
    for v in ("Pottery", "Mysticism", "pay", "Fish", "3", "Wine", "4", "treasury", 3,
              "confirm", 0):
        h.apply(Enter(MINOA, v))


def panels(state: Any) -> dict[str, Panel]:
    view = public_view(get_game(GAME), state)
    return {p.title.render().split(" (")[0]: p for p in view.panels}


def rows(panel: Panel) -> list[list[str]]:
    return [[c.text if isinstance(c.text, str) else c.text.render() for c in r]
            for r in panel.rows]


def everyone_else_buys_nothing(h: History) -> None:
    for s in AST[1:]:
        h.apply(Enter(s, "done"))
        h.apply(Enter(s, 0))


def test_the_table_names_each_civilizations_advances_and_marks_this_turns() -> None:
    h = started()
    assert "Advances owned" not in panels(h.state)  # while seats buy: the purchase panel
    minoa_buys_two(h)
    everyone_else_buys_nothing(h)
    assert h.state.phase == "bought"
    owned = panels(h.state)["Advances owned"]
    assert rows(owned) == [["Civilization", "Advances owned"],
                           ["Minoa", "+Pottery, +Mysticism"]]
    h.apply(Host.make("turn"))
    phase_12(h)  # turn 2: last turn's purchases are owned now, no longer marked
    for s in AST:
        h.apply(Enter(s, "done"))
        h.apply(Enter(s, 0))
    assert rows(panels(h.state)["Advances owned"])[1] == ["Minoa", "Pottery, Mysticism"]
    # the credits by colour, by initial, zeros left out: Pottery O10 B5, Mysticism B5 Y5
    credits = rows(panels(h.state)["12: advances, credits by colour"])
    assert credits[0][2] == "Credits"
    assert credits[1][:3] == ["Minoa", "2", "B10 O10 Y5"]
    assert credits[2][:3] == ["Celt", "0", "-"]


def test_nobody_owning_anything_is_said_in_one_note() -> None:
    h = started()
    for s in AST:
        h.apply(Enter(s, "done"))
        h.apply(Enter(s, 0))
    owned = panels(h.state)["Advances owned"]
    assert owned.rows == () and owned.note is not None
    assert owned.note.render() == "No civilization owns an advance yet."


def test_a_long_list_goes_on_more_rows_each_naming_its_civilization() -> None:
    h = started()
    many = ("Pottery", "Mysticism", "Sculpture", "Monarchy", "Law", "Deism", "Music",
            "Coinage", "Masonry")
    state: MegaState = replace(h.state, owned={HELLAS: many, CELT: ("Urbanism",)},
                               phase="bought")
    owned = panels(state)["Advances owned"]
    shorts = [BY_NAME[n].short for n in many]
    assert rows(owned)[1:] == [
        ["Celt", "Urbanism"],  # A.S.T. order: Celt (5) before Hellas (15)
        ["Hellas", ", ".join(shorts[:4])], ["Hellas", ", ".join(shorts[4:8])],
        ["Hellas", shorts[8]]]
    assert [r[0].style for r in owned.rows[2:]] == ["", "dim", "dim"]
    assert all(len(r[1]) <= 4 * 11 + 3 * 2 for r in rows(owned)[1:])  # "+" and 10 letters


def test_a_late_big_table_is_summed_up_per_civilization_with_this_turns_names() -> None:
    """18 civilizations with 6 advances each would need 36 rows of names: more than the
    screen pages legibly. Each gets one row: how many it owns, and this turn's purchases."""
    from companion.engine.games.mega_civilization.advances import ADVANCES
    from companion.engine.games.mega_civilization.civs import AST_RANK

    civs = sorted(AST_RANK, key=lambda c: AST_RANK[c])
    game = get_game(GAME)
    h = History.start(game, Setup(GAME, tuple(Seat(c) for c in civs),
                                  {"ask_treasury": "no", "start_treasury": 40}))
    names = [a.name for a in ADVANCES]
    owned = {s: tuple(names[(s * 3 + k) % 51] for k in range(6)) for s in range(18)}
    state = replace(h.state, owned=owned, learnt={0: owned[0][-2:]}, phase="bought")
    panel = panels(state)["Advances owned"]
    assert rows(panel)[1:3] == [
        [civs[0], f"6 owned, +{BY_NAME[owned[0][4]].short}, +{BY_NAME[owned[0][5]].short}"],
        [civs[1], "6 owned"]]
    assert len(panel.rows) == 1 + 18
    assert panel.note is not None and panel.note.render().startswith("Too many to name")
