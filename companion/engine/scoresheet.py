"""The final score sheet every game ends on: categories by seat, totals, and the winners.

A game fills a `ScoreSheet` (one row of points per category, one column per seat) and says
how the winner is decided. The sheet names its winners only when it is `complete` (every
category of every seat known): a partial leader is never styled as a winner. Ties are shared
unless the game gives a tie-break, and read as a shared win ("Ann and Di share the win").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .text import Msg, msg
from .views import Cell, Panel, Style


@dataclass(frozen=True)
class Category:
    """One row of the sheet: its label and each seat's points in seat order."""

    key: str  # stable name for `replay --json`
    label: Msg
    points: tuple[int, ...]


@dataclass(frozen=True)
class ScoreSheet:
    names: tuple[str, ...]
    categories: tuple[Category, ...]
    decided_by: Msg  # how the winner is decided, in one sentence for the table
    complete: bool = True
    # A game's tie-break among equal totals: per seat, counts compared in order, the higher
    # winning (Amun-Re: pyramids, then stones). Still equal: the win is shared.
    tie_keys: tuple[tuple[int, ...], ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(c.points[i] for c in self.categories) for i in range(len(self.names)))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that win; empty until the sheet is complete. Equal best totals share
        the win unless the game's tie-break counts tell them apart."""
        if not self.complete or not self.names:
            return ()
        totals = self.totals
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        for k in range(len(self.tie_keys[0]) if self.tie_keys else 0):
            most = max(self.tie_keys[s][k] for s in top)
            top = [s for s in top if self.tie_keys[s][k] == most]
        return tuple(top)

    @property
    def tie_broken(self) -> bool:
        """Whether a tie on the total was decided by the tie-break counts."""
        if not self.winners:
            return False
        best = self.totals[self.winners[0]]
        return sum(1 for t in self.totals if t == best) > len(self.winners)

    def ranking(self) -> tuple[int, ...]:
        """Seats from the highest total down (seat order among equals)."""
        totals = self.totals
        return tuple(sorted(range(len(self.names)), key=lambda s: (-totals[s], s)))


def names_and(names: Sequence[str]) -> Msg:
    """"Ann", "Ann and Di", "Ann, Bob and Di"."""
    if len(names) == 1:
        return msg("{name}", name=names[0])
    return msg("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def result_line(sheet: ScoreSheet, unit: Msg | None = None) -> Msg:
    """The headline: who won with how much, a shared win as such, or that it is not over."""
    winners = sheet.winners
    if not winners:
        return msg("Final score not complete")
    best = sheet.totals[winners[0]]
    who = [sheet.names[s] for s in winners]
    points = unit if unit is not None else msg("{n} points", n=best)
    if len(who) == 1:
        return msg("{name} wins with {points}", name=who[0], points=points)
    return msg("{names} share the win with {points}", names=names_and(who), points=points)


RESULT_IDS = frozenset({"{name} wins with {points}", "{names} share the win with {points}"})


def is_result(line: Msg) -> bool:
    """Whether `line` is a `result_line`: who won (a pad's correction always repeats it)."""
    return line.id in RESULT_IDS


def sheet_panel(sheet: ScoreSheet, title: Msg, note: Msg | None = None,
                order: Sequence[int] | None = None) -> Panel:
    """Category by seat, the totals last; the winners' columns styled only when complete."""
    seats = tuple(order) if order is not None else tuple(range(len(sheet.names)))
    winners = set(sheet.winners)

    def style(seat: int) -> Style:
        return "win" if seat in winners else ""

    rows: list[tuple[Cell, ...]] = [
        (Cell(msg("Category"), "head"), *(Cell(sheet.names[s], "head") for s in seats))]
    for c in sheet.categories:
        rows.append((Cell(c.label), *(Cell(str(c.points[s])) for s in seats)))
    totals = sheet.totals
    rows.append((Cell(msg("Total"), "head"),
                 *(Cell(str(totals[s]), style(s) or "head") for s in seats)))
    return Panel(title, tuple(rows), note)


def ranking_panel(sheet: ScoreSheet, title: Msg, unit: Msg,
                  note: Msg | None = None) -> Panel:
    """A one-category sheet (coins, money) as a ranking: seat and total, highest first; the
    winners styled only when the sheet is complete."""
    winners = set(sheet.winners)
    totals = sheet.totals
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(unit, "head"))]
    for s in sheet.ranking():
        style: Style = "win" if s in winners else ""
        rows.append((Cell(sheet.names[s], style), Cell(str(totals[s]), style)))
    return Panel(title, tuple(rows), note)


def sheet_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The sheet for `replay --json`: points by category and seat, totals, the winners."""
    winners = sheet.winners
    return {
        "complete": sheet.complete,
        "categories": [{"key": c.key, "label": c.label.render(), "points": list(c.points)}
                       for c in sheet.categories],
        "totals": [{"seat": i, "name": n, "total": t}
                   for i, (n, t) in enumerate(zip(sheet.names, sheet.totals, strict=True))],
        "winners": list(winners),
        "winner_names": [sheet.names[s] for s in winners],
        "tie": len(winners) > 1,
        "tie_broken": sheet.tie_broken,
        "decided_by": sheet.decided_by.render(),
    }
