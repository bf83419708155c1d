"""The sizes a panel is planned at, and lower bounds of its height: what the panel planner
(panel_plan) rules layouts out with before it plans a panel, so a crowded table's failing
tries cost a few sums instead of a wrap and a measure of every cell.

Each bound must never exceed the height `panel_plan._plan_panel` gives (tests/display/
test_wrap_bounds.py): a bound too high would rule out a layout that fits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.views import Cell, Panel
from .canvas import Canvas
from .fonts import Face
from .memo import Frozen

MAX_CELL_LINES = 3
MAX_TITLE_LINES = 2
MAX_NOTE_LINES = 6  # in the first layouts tried; the last resort allows 2
# The scales a panel is planned at, biggest first: above 1.0 only when there is room (one
# small panel on a TV); below 1.0 the spacing tightens (text never goes under the minimum).
SCALES = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
LEAD = 1.25  # the final score sheet's scale, over the others'


def panel_sizes(c: Canvas, scale: float) -> tuple[int, int, int]:
    """(title, cell, note) font sizes."""
    return c.px(21, scale), c.px(20, scale), c.px(16, scale)


def least_height(c: Canvas, panel: Panel, key: Frozen, scale: float) -> int:
    """A lower bound of the panel's height at `scale` (see `_plan_panel`'s `height`)."""
    def least() -> int:
        _, cell_size, _ = panel_sizes(c, scale)
        head = c.sp(4, scale) if any(is_head(r) for r in panel.rows) else 0
        return (2 * c.sp(12, scale) + c.sp(6, scale)
                + len(panel.rows) * row_height(c, cell_size) + head)
    return c.memo.get("least", (key, scale), least)


def least_text_height(c: Canvas, panel: Panel, key: Frozen, scale: float, width: int) -> int:
    """A lower bound of the height the panel's title and note take in a column `width`
    wide at `scale` (see `_plan_panel`), from the fewest lines each can wrap to."""
    title, note, title_lh, note_lh = c.memo.get("panel text widths", (key, scale),
                                                lambda: _texts(c, panel, key, scale))
    # Only the column's width varies from one try to the next: the rest is remembered.
    inner = max(0, width - 2 * c.sp(12, scale))
    height = _lines_within(title, inner, MAX_TITLE_LINES) * title_lh
    notes = _lines_within(note, inner, MAX_NOTE_LINES)
    if notes:
        height += c.sp(6, scale) + notes * note_lh
    return height


def _texts(c: Canvas, panel: Panel, key: Frozen, scale: float
           ) -> tuple[tuple[int, int] | None, tuple[int, int] | None, int, int]:
    """The title's and the note's one-line widths (and a space's) at `scale`, and their
    line heights. The texts themselves are made once per panel, not once per scale."""
    title, note = c.memo.get("panel texts", key, lambda: (
        " ".join(c.text_of(panel.title).split()),
        " ".join(c.text_of(panel.note).split()) if panel.note is not None else ""))
    title_size, _, note_size = panel_sizes(c, scale)
    return (_one_line(c, title, "bold", title_size), _one_line(c, note, "regular", note_size),
            c.lh("bold", title_size), c.lh("regular", note_size))


def least_lines(c: Canvas, text: str, face: Face, size: int, width: int, cap: int) -> int:
    """The fewest lines `Canvas.wrap` can make of `text` at `width` (at most `cap`). Each
    line holds at most `width` pixels, and each break drops a space: so the text on one
    line (`whole`) is at most lines x width + (lines - 1) x space. Checked against every
    wrap of every demo: a line break never gains a pixel; 2 px a line are spare."""
    return _lines_within(_one_line(c, text, face, size), width, cap)


def _one_line(c: Canvas, text: str, face: Face, size: int) -> tuple[int, int] | None:
    """`text`'s words on one line: its width and a space's (None: no words)."""
    words = text.split()
    if not words:
        return None
    return c.fonts.measure(" ".join(words), face, size), c.fonts.measure(" ", face, size)


def _lines_within(one_line: tuple[int, int] | None, width: int, cap: int) -> int:
    """`least_lines` of a text whose `_one_line` is `one_line`."""
    if one_line is None or width <= 0 or cap <= 0:
        return 0
    whole, space = one_line
    return min(cap, max(1, math.ceil((whole + space) / (width + space + 2))))


def row_height(c: Canvas, cell_size: int, lines: int = 1) -> int:
    """A table row's height: its lines of cell text plus a quarter line of air."""
    line = c.lh("regular", cell_size)
    return lines * line + round(line * 0.25)


def is_head(row: Sequence[Cell]) -> bool:
    """A row of column heads (ruled off below)."""
    return bool(row) and all(cell.style == "head" for cell in row)
