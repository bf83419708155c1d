"""A panel's cells: each row's texts measured once per cell size (remembered per row, so a
panel in which one row changed measures and wraps only that row again), the columns' widths
in a panel of a given width, each cell's lines in those columns, and a lower bound of the
rows' height that wraps no text (what the planner rules a crowded layout out with).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from ..engine.views import Cell, Panel
from .canvas import Canvas
from .fonts import Face
from .legibility import Problem
from .memo import Frozen
from .panel_bounds import MAX_CELL_LINES, is_head, least_lines, panel_sizes, row_height
from .theme import cell_look

_NUMBER = re.compile(r"^[+\-−]?\d+$")
Marks = tuple[tuple[str, Problem], ...]  # lines a wrap cut, for the legibility audit
LAYOUTS_PER_ROW = 16


@dataclass(frozen=True, slots=True)
class Row:
    """One row's texts measured at one cell size: remembered per row, so a panel in which one
    row changed (a seat's draw, a purchase) re-measures and re-wraps only that row."""

    texts: tuple[str, ...]
    faces: tuple[Face, ...]
    widths: tuple[int, ...]  # each cell's text on one line
    floors: tuple[int, ...]  # each cell's widest word
    plain: tuple[bool, ...]  # one line of it is the text as written (no wrap)
    # The row's cells per column widths (`_row_cells`), kept with the row: the planner tries
    # the same widths frame after frame (at most 14 of them for a row of the Mega
    # Civilization demo; bounded at LAYOUTS_PER_ROW, so 1,024 rows hold at most 16,384).
    at: dict[tuple[int, ...], RowCells] = field(default_factory=dict, compare=False,
                                                  hash=False, repr=False)


@dataclass(frozen=True, slots=True)
class RowCells:
    """A row laid out in columns of given widths: each cell's lines, the row's height, and
    for each wrapped cell in order the lines its wrap cut and, when its text is wider than
    its column, its column (`lay_cells` then looks at its whole wrap)."""

    lines: tuple[tuple[str, ...], ...]
    height: int
    wraps: tuple[tuple[Marks, int | None], ...]


@dataclass(frozen=True)
class Measured:
    """A panel's texts measured at one cell size: what does not depend on its width."""

    texts: tuple[tuple[str, ...], ...]  # each row's (its faces, widths: `rows`)
    natural: tuple[int, ...]  # each column's widest cell
    floor: tuple[int, ...]  # each column's widest word: a column is never narrower
    right: tuple[bool, ...]
    title: str
    note: str | None
    head: bool  # a row of column heads (ruled off below)
    col_plain: tuple[bool, ...]  # every cell of the column is `plain`
    one_line: tuple[tuple[tuple[str, ...], ...], ...]  # the cells, each on one line
    rows: tuple[Row, ...]


def measure_row(c: Canvas, row: tuple[Cell, ...], cell_size: int) -> Row:
    """One row's texts in the table's language, their faces and widths at `cell_size`."""
    texts = tuple(c.text_of(cell.text) for cell in row)
    faces = tuple(cell_look(cell.style)[0] for cell in row)
    measure = c.fonts.measure
    return Row(texts, faces,
               tuple(measure(t, f, cell_size) for t, f in zip(texts, faces, strict=True)),
               tuple(max([0] + [measure(word, f, cell_size) for word in t.split()])
                     for t, f in zip(texts, faces, strict=True)),
               tuple(bool(t) and t == " ".join(t.split()) for t in texts))


def measure_panel(c: Canvas, panel: Panel, cell_size: int) -> Measured:
    """The panel's rows measured (`measure_row`), and what its columns need."""
    # Each row remembered on its own: one changed row leaves the others' measures standing.
    rows = tuple(c.memo.get("row", (row, cell_size), partial(measure_row, c, row, cell_size),
                            limit=1024) for row in panel.rows)
    texts = tuple(r.texts for r in rows)
    ncols = max((len(r) for r in panel.rows), default=0)
    natural = [0] * ncols
    floor = [0] * ncols
    for r in rows:
        for col, (w, f) in enumerate(zip(r.widths, r.floors, strict=True)):
            natural[col] = max(natural[col], w)
            floor[col] = max(floor[col], f)
    right = tuple(
        is_numeric_column([row[col] for row in panel.rows if col < len(row)],
                          [t[col] for t in texts if col < len(t)])
        for col in range(ncols))
    col_plain = tuple(all(r.plain[col] for r in rows if col < len(r.plain))
                      for col in range(ncols))
    return Measured(texts, tuple(natural), tuple(floor), right, c.text_of(panel.title),
                    c.text_of(panel.note) if panel.note is not None else None,
                    any(is_head(r) for r in panel.rows), col_plain,
                    tuple(tuple((t,) for t in row) for row in texts), rows)


def measure_columns(c: Canvas, panel: Panel, key: Frozen, width: int, scale: float
                    ) -> tuple[Measured, int, list[int]]:
    """The panel's texts measured at `scale`'s cell size, and its columns' widths in a panel
    `width` wide."""
    cell_size = panel_sizes(c, scale)[1]
    inner = max(0, width - 2 * c.sp(12, scale))
    # The texts' widths do not depend on the panel's width: measured once per cell size.
    m = c.memo.get("panel", (key, cell_size), lambda: measure_panel(c, panel, cell_size),
                   limit=256)
    avail = inner - c.sp(26, scale) * max(0, len(m.natural) - 1)
    return m, cell_size, fit_columns(m.natural, avail, m.floor)


def least_rows(c: Canvas, panel: Panel, key: Frozen, width: int, scale: float
               ) -> tuple[int, bool]:
    """What the panel's rows add to `least_height` at `width` (each row at least as many
    lines as its widest cell's one-line width allows, `least_lines`), and whether a cell
    surely needs more than MAX_CELL_LINES lines or a column is narrower than a word (then
    the plan is cramped). Cheaper than planning: no text is wrapped."""
    def least() -> tuple[int, bool]:
        m, cell_size, widths = measure_columns(c, panel, key, width, scale)
        cramped = any(w < f for w, f in zip(widths, m.floor, strict=True))
        one = row_height(c, cell_size)
        extra = 0
        for r in m.rows:
            most = 1
            for col, w in enumerate(r.widths):
                if w > widths[col] and r.floors[col] <= widths[col]:
                    lines = least_lines(c, r.texts[col], r.faces[col], cell_size, widths[col],
                                        MAX_CELL_LINES + 1)
                    cramped = cramped or lines > MAX_CELL_LINES
                    most = max(most, min(lines, MAX_CELL_LINES))
            if most > 1:
                extra += row_height(c, cell_size, most) - one
        return extra, cramped
    return c.memo.get("least rows", (key, width, scale), least)


Cells = tuple[tuple[tuple[str, ...], ...], ...]  # per row, per column: its lines


def lay_cells(c: Canvas, m: Measured, cell_size: int, widths: Sequence[int]
              ) -> tuple[Cells, tuple[int, ...], bool, Marks]:
    """The cells' lines in columns `widths` wide, the rows' heights, whether a cell is
    cramped, and the lines cut on the way (for the audit).

    A cell wider than its column wraps onto more lines (never cut): up to three lines, and
    only between words. Cramped: a word or a column does not fit, or the title or note
    needs more lines than allowed. The planner prefers a smaller scale or another
    arrangement over a cramped layout, since "Ch…" tells the table nothing."""
    cramped = any(w < f for w, f in zip(widths, m.floor, strict=True))
    # A column whose every cell is one line as written and no wider than the column needs
    # no look at its cells (most columns, at most widths: the planner tries many).
    simple = [plain and w <= width
              for plain, w, width in zip(m.col_plain, m.natural, widths, strict=True)]
    if all(simple):
        one = row_height(c, cell_size)
        return m.one_line, (one,) * len(m.texts), cramped, ()
    marks: list[tuple[str, Problem]] = []
    key = tuple(widths)
    cells: list[tuple[tuple[str, ...], ...]] = []
    row_hs: list[int] = []
    for r in m.rows:
        laid = r.at.get(key)
        if laid is None:
            if len(r.at) >= LAYOUTS_PER_ROW:  # a resized window adds more widths
                r.at.clear()
            laid = r.at[key] = _row_cells(c, r, cell_size, widths)
        cells.append(laid.lines)
        row_hs.append(laid.height)
        # The wraps' cuts in the order they were made. A cell wider than its column is
        # cramped if it needs more than MAX_CELL_LINES lines: looked at until one is.
        for cut, wider in laid.wraps:
            marks += cut
            if wider is not None and not cramped:
                full, cut = c.wrapped(r.texts[wider], r.faces[wider], cell_size,
                                      widths[wider], 50)
                marks += cut
                cramped = len(full) > MAX_CELL_LINES
    return tuple(cells), tuple(row_hs), cramped, tuple(marks)


def _row_cells(c: Canvas, r: Row, cell_size: int, widths: Sequence[int]) -> RowCells:
    """One row of `lay_cells`: a cell that fits on one line as written is that line; a wider one
    wraps onto up to MAX_CELL_LINES lines."""
    row_lines: list[tuple[str, ...]] = []
    wraps: list[tuple[Marks, int | None]] = []
    for col, text in enumerate(r.texts):
        if r.plain[col] and r.widths[col] <= widths[col]:
            row_lines.append((text,))
            continue
        lines, cut = c.wrapped(text, r.faces[col], cell_size, widths[col], MAX_CELL_LINES)
        wraps.append((cut, col if r.widths[col] > widths[col] else None))
        row_lines.append(lines or ("",))
    return RowCells(tuple(row_lines),
                    row_height(c, cell_size, max((len(x) for x in row_lines), default=1)),
                    tuple(wraps))


def is_numeric_column(cells: Sequence[Cell], texts: Sequence[str]) -> bool:
    """Right-align a column whose body cells are all whole numbers (or empty)."""
    body = [t.strip() for cell, t in zip(cells, texts, strict=True) if cell.style != "head"]
    return any(body) and all(not t or _NUMBER.match(t) for t in body)


def fit_columns(natural: Sequence[int], avail: int,
                floor: Sequence[int] | None = None) -> list[int]:
    """Column widths within `avail`: the widest columns give way first (down to their
    `floor`, the widest word), the rest keep theirs."""
    if sum(natural) <= avail or not natural:
        return list(natural)
    low = list(floor) if floor is not None else [0] * len(natural)
    if sum(low) > avail:  # a word wider than the room: cut (the audit reports it)
        low = [0] * len(natural)
    lo, hi = 0, max(natural)
    while lo < hi:  # the largest cap with sum(max(floor, min(w, cap))) <= avail
        mid = (lo + hi + 1) // 2
        if sum(max(f, min(w, mid)) for w, f in zip(natural, low, strict=True)) <= avail:
            lo = mid
        else:
            hi = mid - 1
    return [max(f, min(w, lo)) for w, f in zip(natural, low, strict=True)]
