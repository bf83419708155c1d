"""Mega Civilization's final score: victory points from the advances each civilization owns
(computed from the catalogue), 5 per step of its A.S.T. position and 1 per city in play
(both entered on the seat's box: the board decides them), the score sheet and the winners,
ties shared.

Source of the categories: bubba0077/MegaCiv, src/net/bubbaland/megaciv/game/Civilization.java,
getVP() = cities + 5 x A.S.T. position + the advances' VP (docs/games/mega_civilization.md,
"The score"). The A.S.T. position and the cities are public on the board, so the entries are
public; a seat may change its own until the last entry closes the sheet.
"""

from __future__ import annotations

from typing import Any

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...frozen import replace
from ...game import NOTHING_LOCKED, Event, Step
from ...prompts import Prompt
from ...scoresheet import Category, ScoreSheet, result_line
from ...text import msg
from ...views import Cell, Panel
from .advances import vp as advance_vp
from .civs import AST_RANK
from .state import MAX_CITIES, MegaState

AST_STEP_VP = 5  # Civilization.getVP(): astPosition * 5
MAX_AST = 20  # more steps than the A.S.T. has: the entry's upper bound


def start(state: MegaState, action: Host) -> Step[MegaState]:
    """Host: the game ends; each seat enters its A.S.T. position and its cities."""
    if state.phase in ("draw", "buy", "calamity", "advances", "score", "over"):
        raise IllegalAction("Finish the phase\nfirst")
    line = msg("Game over: enter A.S.T. steps and cities")
    new = replace(state, phase="score", ast_steps={}, final_cities={},
                  log=appended(state.log, line))
    return Step(new, (Event(line),))


def enter(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    if seat in state.final_cities:
        raise IllegalAction("Already entered\nhold OK: change")
    if seat not in state.ast_steps:
        if not isinstance(value, int) or not 0 <= value <= MAX_AST:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_AST))
        return Step(replace(state, ast_steps={**state.ast_steps, seat: value}))
    if not isinstance(value, int) or not 0 <= value <= MAX_CITIES:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_CITIES))
    new = replace(state, final_cities={**state.final_cities, seat: value})
    line = msg("{civ}: A.S.T. step {a}, {c} cities", civ=state.label(seat),
               a=state.ast_steps[seat], c=value)
    events = [Event(line)]
    new = replace(new, log=appended(new.log, line))
    if len(new.final_cities) == len(state.seats):
        result = result_line(score_sheet(new))
        new = replace(new, phase="over", log=appended(new.log, result))
        events.append(Event(result))
    return Step(new, tuple(events))


def withdraw(state: MegaState, seat: int) -> Step[MegaState]:
    """The seat enters its A.S.T. step and cities again (before the sheet closes)."""
    if seat not in state.ast_steps:
        raise IllegalAction(NOTHING_LOCKED)
    new = replace(state, ast_steps={s: v for s, v in state.ast_steps.items() if s != seat},
                  final_cities={s: v for s, v in state.final_cities.items() if s != seat})
    return Step(new, (Event(msg("{civ} changes the score", civ=state.label(seat))),))


def prompt(state: MegaState, seat: int) -> Prompt:
    if seat in state.final_cities:
        return Prompt("number", msg("Cities?"), lo=0, hi=MAX_CITIES,
                      initial=state.final_cities[seat], locked=True,
                      locked_value=state.final_cities[seat], unlockable=True)
    if seat in state.ast_steps:
        return Prompt("number", msg("Cities?"), lo=0, hi=MAX_CITIES,
                      initial=state.cities.get(seat, 0), must_act=True)
    return Prompt("number", msg("A.S.T. step?"), lo=0, hi=MAX_AST, initial=0, must_act=True)


def ranked(state: MegaState) -> list[int]:
    return sorted(range(len(state.seats)), key=lambda s: AST_RANK.get(state.civs[s] or "", 99))


def score_sheet(state: MegaState) -> ScoreSheet:
    n = len(state.seats)
    names = tuple(state.label(s) for s in range(n))
    return ScoreSheet(
        names,
        (Category("advances", msg("Advances"),
                  tuple(advance_vp(state.owns(s)) for s in range(n))),
         Category("ast", msg("A.S.T."),
                  tuple(AST_STEP_VP * state.ast_steps.get(s, 0) for s in range(n))),
         Category("cities", msg("Cities"), tuple(state.final_cities.get(s, 0)
                                                 for s in range(n)))),
        msg("Most victory points wins; equal totals share the win."),
        complete=len(state.final_cities) == n)


def panel(state: MegaState) -> Panel:
    """One row per civilization (18 fit), highest total first once complete."""
    sheet = score_sheet(state)
    winners = set(sheet.winners)
    order = list(sheet.ranking()) if sheet.complete else ranked(state)
    rows: list[tuple[Cell, ...]] = [(
        Cell(msg("Civilization"), "head"), Cell(msg("Advances"), "head"),
        Cell(msg("A.S.T."), "head"), Cell(msg("Cities"), "head"), Cell(msg("Total"), "head"))]
    for s in order:
        style: Any = "win" if s in winners else ""
        done = s in state.final_cities
        rows.append((Cell(state.label(s), style), Cell(str(sheet.categories[0].points[s]), style),
                     Cell(f"{state.ast_steps[s]} x5" if s in state.ast_steps else "", style),
                     Cell(str(state.final_cities[s]) if done else "", style),
                     Cell(str(sheet.totals[s]) if done else "", style)))
    return Panel(msg("Final score"), tuple(rows))
