"""Planning the panels: each panel measured for a width and scale (column widths, numeric
columns right-aligned, the note wrapped), and the choice of one or two columns at the largest
scale that fits, leaving out the oldest panels only when even the smallest layout overflows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import pygame

from ..engine.views import Panel
from .canvas import Canvas
from .memo import Frozen
from .panel_bounds import (
    LEAD,
    MAX_NOTE_LINES,
    MAX_TITLE_LINES,
    SCALES,
    least_height,
    least_text_height,
    panel_sizes,
)
from .panel_cells import lay_cells, least_rows, measure_columns


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
    cells: tuple[tuple[tuple[str, ...], ...], ...] = ()  # per row, per column: its lines
    row_heights: tuple[int, ...] = ()
    title_lines: tuple[str, ...] = ()


def _plan_panel(c: Canvas, panel: Panel, index: int, width: int, scale: float,
                max_note_lines: int = MAX_NOTE_LINES, key: Frozen | None = None) -> PanelPlan:
    title_size, _, note_size = panel_sizes(c, scale)
    pad = c.sp(12, scale)
    inner = max(0, width - 2 * pad)
    m, cell_size, widths = measure_columns(c, panel, key or c.memo.frozen(panel), width,
                                          scale)
    # The cells depend on the columns' widths only: wider panels often get the same ones.
    cells, row_hs, cramped, marks = c.memo.get(
        "cells", (c.memo.frozen(m), cell_size, tuple(widths)),
        lambda: lay_cells(c, m, cell_size, widths))
    c.mark(marks)
    title = m.title
    title_full = c.wrap(title, "bold", title_size, inner, 50)
    cramped = cramped or len(title_full) > MAX_TITLE_LINES
    title_lines = tuple(c.wrap(title, "bold", title_size, inner, MAX_TITLE_LINES))
    note_lines: tuple[str, ...] = ()
    if m.note is not None:
        note = m.note
        full = c.wrap(note, "regular", note_size, inner, 50)
        cramped = cramped or len(full) > max_note_lines
        note_lines = tuple(full if len(full) <= max_note_lines
                           else c.wrap(note, "regular", note_size, inner, max_note_lines))
    height = (pad + len(title_lines) * c.lh("bold", title_size) + c.sp(6, scale)
              + sum(row_hs)
              + (c.sp(4, scale) if m.head else 0)
              + (c.sp(6, scale) + len(note_lines) * c.lh("regular", note_size)
                 if note_lines else 0)
              + pad)
    return PanelPlan(panel, index, width, scale, m.texts, tuple(widths), m.right,
                     title, note_lines, height, cramped, cells, row_hs, title_lines)


class Interrupted(Exception):
    """A search asked ahead of time (app.look_ahead) stopped because its `stop` said so:
    nothing was remembered for it, only for the parts it had finished."""


class PanelPlanner:
    """Plans the panels, remembering the last few plans (see `plan`)."""

    def __init__(self) -> None:
        self._plans: dict[object, tuple[list[list[PanelPlan]], int]] = {}
        self._fits: dict[object, bool] = {}
        # One panel's plan at one width and scale: a new panel beside unchanged ones (a phase
        # ends) re-plans only the new one.
        self._panel_plans: dict[object, PanelPlan] = {}

    def plan(self, c: Canvas, panels: tuple[Panel, ...], area: pygame.Rect, gap: int,
             final: bool) -> tuple[list[list[PanelPlan]], int]:
        """Choose the panels' columns and scale (and how many must be left out).

        Remembered per (panels, area): a seat locking or a timer second changes no panel,
        and re-planning 18 rows at every scale cost most of a frame (bench/latency.py).
        """
        search = self._search(c, panels, area, gap, final)
        cached = self._plans.get(search.key)
        if cached is not None:
            return cached
        return self._remember(search.key, search.choose())

    def _remember(self, key: object, found: tuple[list[list[PanelPlan]], int]
                  ) -> tuple[list[list[PanelPlan]], int]:
        if len(self._plans) >= 512:  # an arrangement tries many areas (and pages) per frame
            self._plans.clear()
        self._plans[key] = found
        return found

    def fits_whole(self, c: Canvas, panels: tuple[Panel, ...], area: pygame.Rect, gap: int,
                   final: bool, stop: Callable[[], bool] | None = None) -> bool:
        """Whether `plan` shows every panel whole: none left out or cramped, every column
        within the area's height. The body asks it of every arrangement it tries, most of
        which fail; this stops at the first search's failure, where `plan` goes on to its
        fallbacks (leaving panels out, cramped ones), none of which is whole. A search
        asked ahead of time passes `stop`, asked before each configuration it measures:
        when it says so, `Interrupted` is raised."""
        search = self._search(c, panels, area, gap, final, stop)
        known = self._fits.get(search.key)
        if known is not None:
            return known
        if search.key in self._plans:
            fits = whole(*self._plans[search.key], area, gap)
        elif (found := search.search(search.order, False)) is not None:
            # What `plan` chooses (its first search's find): the frame that draws this
            # arrangement does not search again.
            self._remember(search.key, (found, 0))
            fits = True
        elif area.w >= c.sp(260):
            # The fallbacks: fewer panels (not whole); the same configurations allowing a
            # cramped panel (the first that fits has one, or the search would have found
            # it); the smallest scale with short notes (whole only if the search found it).
            fits = False
        else:  # too narrow for the search: only the last fallback can say
            fits = whole(*self.plan(c, panels, area, gap, final), area, gap)
        if len(self._fits) >= 2048:
            self._fits.clear()
        self._fits[search.key] = fits
        return fits

    def _search(self, c: Canvas, panels: tuple[Panel, ...], area: pygame.Rect, gap: int,
                final: bool, stop: Callable[[], bool] | None = None) -> _Search:
        if len(self._panel_plans) > 4096:  # bounded: a long game makes many panels
            self._panel_plans.clear()
        return _Search(c, panels, area, gap, final, self._panel_plans, stop)


def whole(columns: list[list[PanelPlan]], hidden: int, area: pygame.Rect, gap: int) -> bool:
    """Every panel shown (`hidden` 0), none cramped, each column within the area's height."""
    return hidden == 0 and all(not p.cramped for col in columns for p in col) and all(
        sum(p.height for p in col) + gap * (len(col) - 1) <= area.h for col in columns)


class _Search:
    """One planning of `panels` in `area`: the configurations tried, in order."""

    def __init__(self, c: Canvas, panels: tuple[Panel, ...], area: pygame.Rect, gap: int,
                 final: bool, memo: dict[object, PanelPlan],
                 stop: Callable[[], bool] | None = None) -> None:
        self.c, self.panels, self.area, self.gap, self.memo = c, panels, area, gap, memo
        # Each panel's hash computed once: a look-up would hash its 18 rows cell by cell.
        self.keys = [c.memo.frozen(p) for p in panels]
        self.key = (tuple(self.keys), tuple(area), gap, final)
        self.order = list(range(len(panels)))
        if final:
            self.order.reverse()
        self.lead = self.order[0] if final and self.order else None
        # Asked before each configuration is measured, in a search made ahead of time: a
        # new 19-row panel's first search is tens of milliseconds on a Pi, too long to
        # keep a press waiting.
        self.stop = stop

    def plan_one(self, i: int, col_w: int, scale: float, note_lines: int) -> PanelPlan:
        c = self.c
        scale *= LEAD if i == self.lead else 1.0
        # Not keyed by the panel's place: when a phase ends, the older panels move up one
        # place (the oldest scrolls off) and keep their plans.
        key = (self.keys[i], col_w, scale, note_lines, c.u, c.translate)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = _plan_panel(c, self.panels[i], i, col_w, scale,
                                                 note_lines, self.keys[i])
        return found if found.index == i else replace(found, index=i)

    def plan_all(self, indices: Sequence[int], col_w: int, scale: float,
                 note_lines: int = MAX_NOTE_LINES) -> list[PanelPlan]:
        return [self.plan_one(i, col_w, scale, note_lines) for i in indices]

    def lowest(self, i: int, col_w: int, first: int) -> int:
        """The panel's least height with its title and note in a column `col_w` wide, at
        whichever of the scales from SCALES[first] down makes it smallest: at none of them
        is its bound in `search` below this. Remembered per panel: last round's reveal is
        measured once, not at every try."""
        c, key = self.c, self.keys[i]
        lead = LEAD if i == self.lead else 1.0

        def least() -> int:
            return min(least_height(c, self.panels[i], key, s * lead)
                       + least_text_height(c, self.panels[i], key, s * lead, col_w)
                       for s in SCALES[first:])
        return c.memo.get("lowest", (key, col_w, lead, first), least)

    def search(self, indices: Sequence[int], allow_cramped: bool) -> list[list[PanelPlan]] | None:
        c, area, gap = self.c, self.area, self.gap
        # Column counts that fit at no scale left: once a count fails on its bounds, the
        # panels' lowest bounds at this or any smaller scale (`lowest`) are summed; if even
        # they overflow, every smaller scale fails the same way, and the count is not tried
        # again. A table whose log leaves the panels too little room (a 4-seat reveal beside
        # last round's) fails here in one sum instead of sixteen.
        # The column counts to try, each with its columns' width (none narrower than 260).
        widths = {cols: w for cols in (1, 2) if cols <= len(indices)
                  and (w := (area.w - (cols - 1) * gap) // cols) >= c.sp(260)}
        hopeless: set[int] = set()
        for at, scale in enumerate(SCALES):
            if self.stop is not None and self.stop():
                raise Interrupted
            # A panel taller than the area at this scale, however wide, rules it out
            # (measured without planning it: every row on one line, no title or note).
            scales = [scale * (LEAD if i == self.lead else 1.0) for i in indices]
            least = [least_height(c, self.panels[i], self.keys[i], s)
                     for i, s in zip(indices, scales, strict=True)]
            if any(h > area.h for h in least):
                continue
            for cols, col_w in widths.items():
                if cols in hopeless:
                    continue
                if self.stop is not None and self.stop():  # (each try measures more)
                    raise Interrupted
                # Nor can `cols` columns hold panels whose least heights at this width
                # (now with the fewest lines their title and note can wrap to) and the gaps
                # between them add up to more than the columns' height: most tries at a
                # crowded table end here, without planning a panel.
                # Each bound is taken panel by panel, oldest first, and the first panel that
                # rules the layout out spares the rest theirs (a new reveal's texts are not
                # measured at a scale the last one's panel already fails at).
                room = _Room(area.h, cols, gap, len(indices))
                texts = (h + least_text_height(c, self.panels[i], self.keys[i], s, col_w)
                         for h, i, s in zip(least, indices, scales, strict=True))
                at_w = room.within(texts)
                if at_w is None:
                    if room.within(self.lowest(i, col_w, at) for i in indices) is None:
                        hopeless.add(cols)
                        if len(hopeless) == len(widths):
                            return None
                    continue
                # Then with each row's fewest lines (from its cells' one-line widths): a
                # panel of long lists fails here rather than after every cell is wrapped.
                rows = (least_rows(c, self.panels[i], self.keys[i], col_w, s)
                        for i, s in zip(indices, scales, strict=True))
                if room.within(None if cramped and not allow_cramped else h + extra
                               for h, (extra, cramped) in zip(at_w, rows, strict=True)) is None:
                    continue
                plans = []
                for i in indices:  # a cramped panel rules the layout out: stop there
                    plans.append(self.plan_one(i, col_w, scale, MAX_NOTE_LINES))
                    if not allow_cramped and plans[-1].cramped:
                        break
                else:
                    found = _split_columns(plans, cols, area.h, gap)
                    if found is not None:
                        return found
        return None

    def choose(self) -> tuple[list[list[PanelPlan]], int]:
        """The columns, and how many of the oldest panels are left out."""
        c, panels, area, gap, order = self.c, self.panels, self.area, self.gap, self.order
        hidden = 0
        # First a layout where nothing is cut; then the same leaving out the oldest panels
        # (the newest, the reveal just made or the final result, are what the table reads);
        # only then cut columns and notes (the legibility audit reports those).
        chosen = self.search(order, False)
        for keep in range(len(panels) - 1, 0, -1):
            if chosen is not None:
                break
            chosen = self.search([i for i in order if i >= len(panels) - keep], False)
            hidden = len(panels) - keep
        if chosen is None:
            hidden = 0
            chosen = self.search(order, True)
        if chosen is None:
            cols = 2 if len(panels) > 1 and (area.w - gap) // 2 >= c.sp(260) else 1
            col_w = (area.w - (cols - 1) * gap) // cols
            kept: list[int] = []
            for i in sorted(order, reverse=True):  # newest first
                trial = [j for j in order if j in kept or j == i]
                if kept and _split_columns(self.plan_all(trial, col_w, 0.5, 2), cols, area.h,
                                           gap) is None:
                    break
                kept.append(i)
            shown = [j for j in order if j in kept]
            hidden = len(panels) - len(shown)
            plans = self.plan_all(shown, col_w, 0.5, 2)
            # Still too tall (one huge panel): draw it anyway, clipped to the area below.
            chosen = _split_columns(plans, cols, area.h, gap) or [plans]
        return chosen, hidden


class _Room:
    """Whether panels of given heights (lower bounds) can fit `cols` columns `height` tall:
    none taller than a column, all of them and the gaps between them within the columns."""

    def __init__(self, height: int, cols: int, gap: int, panels: int) -> None:
        self.height = height
        self.budget = cols * height - gap * (panels - cols)

    def within(self, heights: Iterable[int | None]) -> list[int] | None:
        """The heights, taken one at a time, or None at the first that rules the layout
        out (None itself: a panel surely cramped). The total only grows, so a sum over the
        budget part way fails as the whole would."""
        taken: list[int] = []
        total = 0
        for h in heights:
            if h is None or h > self.height:
                return None
            total += h
            if total > self.budget:
                return None
            taken.append(h)
        return taken


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
