"""Planning the panels: each panel measured for a width and scale (column widths, numeric
columns right-aligned, the note wrapped), and the choice of one or two columns at the largest
scale that fits, leaving out the oldest panels only when even the smallest layout overflows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..engine.views import Cell, Panel
from .canvas import Canvas
from .theme import cell_look

_NUMBER = re.compile(r"^[+\-−]?\d+$")


@dataclass(frozen=True)
class PanelPlan:
    """A panel measured for one width and scale, so drawing repeats no layout decisions."""

    panel: Panel
    index: int
    width: int
    scale: float
    texts: tuple[tuple[str, ...], ...]
    col_widths: tuple[int, ...]
    right_aligned: tuple[bool, ...]
    title: str
    note_lines: tuple[str, ...]
    height: int
    cramped: bool


def panel_sizes(c: Canvas, scale: float) -> tuple[int, int, int]:
    """(title, cell, note) font sizes."""
    return c.px(21, scale), c.px(20, scale), c.px(16, scale)


def _plan_panel(c: Canvas, panel: Panel, index: int, width: int, scale: float,
                max_note_lines: int = 3) -> PanelPlan:
    title_size, cell_size, note_size = panel_sizes(c, scale)
    pad = c.sp(12, scale)
    inner = max(0, width - 2 * pad)
    col_gap = c.sp(26, scale)
    texts = tuple(tuple(c.text_of(cell.text) for cell in row) for row in panel.rows)
    ncols = max((len(r) for r in panel.rows), default=0)
    natural = [0] * ncols
    for row, row_texts in zip(panel.rows, texts, strict=True):
        for col, (cell, text) in enumerate(zip(row, row_texts, strict=True)):
            face, _ = cell_look(cell.style)
            natural[col] = max(natural[col], c.fonts.measure(text, face, cell_size))
    widths = _fit_columns(natural, inner - col_gap * max(0, ncols - 1))
    right = tuple(
        _is_numeric_column([row[col] for row in panel.rows if col < len(row)],
                           [t[col] for t in texts if col < len(t)])
        for col in range(ncols))
    # Cramped: a column had to be cut or the note does not fit its lines. The planner
    # prefers a smaller scale over a cramped layout, since "Ch…" tells the table nothing.
    cramped = sum(widths) < sum(natural)
    note_lines: tuple[str, ...] = ()
    if panel.note is not None:
        note = c.text_of(panel.note)
        full = c.wrap(note, "regular", note_size, inner, 50)
        cramped = cramped or len(full) > max_note_lines
        note_lines = tuple(full if len(full) <= max_note_lines
                           else c.wrap(note, "regular", note_size, inner, max_note_lines))
    height = (pad + c.lh("bold", title_size) + c.sp(6, scale)
              + len(panel.rows) * row_height(c, cell_size)
              + (c.sp(4, scale) if any(is_head(r) for r in panel.rows) else 0)
              + (c.sp(6, scale) + len(note_lines) * c.lh("regular", note_size)
                 if note_lines else 0)
              + pad)
    return PanelPlan(panel, index, width, scale, texts, tuple(widths), right,
                     c.text_of(panel.title), note_lines, height, cramped)


def row_height(c: Canvas, cell_size: int) -> int:
    """A table row's height: 1.25 lines of cell text."""
    return round(c.lh("regular", cell_size) * 1.25)


class PanelPlanner:
    """Plans the panels, remembering the last few plans (see `plan`)."""

    def __init__(self) -> None:
        self._plans: dict[object, tuple[list[list[PanelPlan]], int]] = {}
        # One panel's plan at one width and scale: a new panel beside unchanged ones (a phase
        # ends) re-plans only the new one.
        self._panel_plans: dict[object, PanelPlan] = {}

    def plan(self, c: Canvas, panels: tuple[Panel, ...], area: pygame.Rect, gap: int,
             final: bool) -> tuple[list[list[PanelPlan]], int]:
        """Choose the panels' columns and scale (and how many must be left out).

        Remembered per (panels, area): a seat locking or a timer second changes no panel,
        and re-planning 18 rows at every scale cost most of a frame (bench/latency.py).
        """
        key = (panels, tuple(area), gap, final)
        cached = self._plans.get(key)
        if cached is not None:
            return cached
        hidden = 0
        order = list(range(len(panels)))
        if final:
            order.reverse()
        lead = order[0] if final and order else None

        memo = self._panel_plans
        if len(memo) > 4096:  # bounded: a long game makes many panels
            memo.clear()

        def plan_one(i: int, col_w: int, scale: float, note_lines: int) -> PanelPlan:
            key = (panels[i], i, col_w, scale, note_lines, c.u, c.translate)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _plan_panel(c, panels[i], i, col_w, scale, note_lines)
            return found

        def plan_all(indices: Sequence[int], col_w: int, scale: float,
                     note_lines: int = 3) -> list[PanelPlan]:
            return [plan_one(i, col_w, scale * (1.25 if i == lead else 1.0), note_lines)
                    for i in indices]

        chosen: list[list[PanelPlan]] | None = None
        # Above 1.0 only when there is room (one small panel on a TV); below, to fit many.
        # First look for a layout where nothing is cut, then accept cut columns and notes.
        for allow_cramped in (False, True):
            # Down to 0.5 (fonts floor at 12 px) so an 18-row table still shows every row.
            for scale in (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
                for cols in (1, 2):
                    if cols > len(panels):
                        continue
                    col_w = (area.w - (cols - 1) * gap) // cols
                    if col_w < c.sp(260):
                        continue
                    plans = plan_all(order, col_w, scale)
                    if not allow_cramped and any(p.cramped for p in plans):
                        continue
                    chosen = _split_columns(plans, cols, area.h, gap)
                    if chosen is not None:
                        break
                if chosen is not None:
                    break
            if chosen is not None:
                break
        if chosen is None:
            cols = 2 if len(panels) > 1 and (area.w - gap) // 2 >= c.sp(260) else 1
            col_w = (area.w - (cols - 1) * gap) // cols
            kept: list[int] = []
            for i in sorted(order, reverse=True):  # newest first
                trial = [j for j in order if j in kept or j == i]
                if kept and _split_columns(plan_all(trial, col_w, 0.5, 2), cols, area.h,
                                           gap) is None:
                    break
                kept.append(i)
            shown = [j for j in order if j in kept]
            hidden = len(panels) - len(shown)
            plans = plan_all(shown, col_w, 0.5, 2)
            # Still too tall (one huge panel): draw it anyway, clipped to the area below.
            chosen = _split_columns(plans, cols, area.h, gap) or [plans]
        if len(self._plans) >= 8:
            self._plans.clear()
        self._plans[key] = (chosen, hidden)
        return chosen, hidden


def is_head(row: Sequence[Cell]) -> bool:
    """A row of column heads (ruled off below)."""
    return bool(row) and all(cell.style == "head" for cell in row)


def _is_numeric_column(cells: Sequence[Cell], texts: Sequence[str]) -> bool:
    """Right-align a column whose body cells are all whole numbers (or empty)."""
    body = [t.strip() for cell, t in zip(cells, texts, strict=True) if cell.style != "head"]
    return any(body) and all(not t or _NUMBER.match(t) for t in body)


def _fit_columns(natural: Sequence[int], avail: int) -> list[int]:
    """Column widths within `avail`: the widest columns give way first, the rest keep theirs."""
    if sum(natural) <= avail or not natural:
        return list(natural)
    lo, hi = 0, max(natural)
    while lo < hi:  # the largest cap with sum(min(w, cap)) <= avail
        mid = (lo + hi + 1) // 2
        if sum(min(w, mid) for w in natural) <= avail:
            lo = mid
        else:
            hi = mid - 1
    return [min(w, lo) for w in natural]


def _split_columns(plans: Sequence[PanelPlan], cols: int, height: int,
                   gap: int) -> list[list[PanelPlan]] | None:
    """Panels in order, filling column 1 then column 2...; None if they do not fit."""
    columns: list[list[PanelPlan]] = [[]]
    used = 0
    for plan in plans:
        need = plan.height + (gap if columns[-1] else 0)
        if used + need > height and columns[-1]:
            if len(columns) == cols:
                return None
            columns.append([])
            used = 0
            need = plan.height
        if need > height:
            return None
        columns[-1].append(plan)
        used += need
    return columns
