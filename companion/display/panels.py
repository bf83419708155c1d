"""Drawing the panels as the planner laid them out: a titled box per panel with its table of
styled cells (a winning row tinted, a struck cell crossed out), the head rule, and the note.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

import pygame

from ..engine.views import Cell, Panel
from .canvas import Canvas
from .layout import Layout
from .panel_bounds import is_head, panel_sizes, row_height
from .panel_plan import PanelPlan, PanelPlanner
from .regions import clear, outside
from .theme import ACCENT, DIM, GOLD, GOLD_DEEP, MUTED, PANEL_BG, STRIKE, WIN_ROW, cell_look


def draw_panels(c: Canvas, planner: PanelPlanner, panels: Sequence[Panel], area: pygame.Rect,
                gap: int, final: bool, layout: Layout) -> None:
    """Stack panels in one column, else two, picking the largest scale that fits.

    For the final results the newest panel (the game's result) comes first and larger.
    If even the smallest layout overflows, the oldest panels are left out: the newest
    (the reveal just made, the final coins) are what the table is looking at.
    """
    chosen, hidden = planner.plan(c, tuple(panels), area, gap, final)
    layout.panels_hidden = hidden
    col_w = (area.w - (len(chosen) - 1) * gap) // max(1, len(chosen))
    boxes: list[tuple[PanelPlan, pygame.Rect]] = []
    for k, column in enumerate(chosen):
        x = area.x + k * (col_w + gap)
        y = area.y
        for plan in column:
            boxes.append((plan, pygame.Rect(x, y, col_w, min(plan.height, area.bottom - y))))
            y += plan.height + gap
    with c.clipped(area):
        # The area is not cleared before (its region covers it): only the gaps between
        # the panels are, and each panel fills its box (`Canvas.box`).
        for piece in outside(area, [box for _, box in boxes]):
            clear(c.surface, c.bg, piece)
        for plan, box in boxes:
            _panel(c, plan, box, final, layout)
            layout.panel_boxes.append(box)


def _panel(c: Canvas, plan: PanelPlan, box: pygame.Rect, final: bool,
           layout: Layout) -> None:
    """One panel, copied when it was drawn before as it is (a reveal moved beside the
    next one, a page turned back: `sprites`), else drawn. Its pixels depend on its plan
    (texts, columns, lines, all from the panel, its width and scale), its height and the
    final sheet's look, not on where it is or which panel of the view it is."""
    if box.h < plan.height:  # cut off by the foot of the area: drawn, never kept
        cells: dict[Hashable, pygame.Rect] = {}
        _draw_panel(c, plan, box, final, cells)
    else:
        key = ("panel", c.memo.frozen(plan.panel), plan.width, plan.scale, plan.height,
               plan.title_lines, plan.note_lines, plan.cramped, box.size, final)

        def draw() -> dict[Hashable, pygame.Rect]:
            drawn: dict[Hashable, pygame.Rect] = {}
            _draw_panel(c, plan, box, final, drawn)
            return drawn

        cells = c.sprites.drawn(key, c.surface, box, c.audit, draw)
    for (r, col), rect in cast(dict[tuple[int, int], pygame.Rect], cells).items():
        layout.cells[(plan.index, r, col)] = rect


def _draw_panel(c: Canvas, plan: PanelPlan, box: pygame.Rect, final: bool,
                cells: dict[Hashable, pygame.Rect]) -> None:
    """Draw the panel in `box`; each cell's rect goes in `cells` by (row, column)."""
    surface = c.surface
    scale = plan.scale
    title_size, cell_size, note_size = panel_sizes(c, scale)
    pad = c.sp(12, scale)
    radius = c.sp(10, scale)
    c.box(PANEL_BG, box, radius)
    if final:
        pygame.draw.rect(surface, GOLD_DEEP, box, width=max(2, c.sp(2)),
                         border_radius=radius)
    inner_w = box.w - 2 * pad
    x0 = box.x + pad
    y = box.y + pad
    for line in plan.title_lines:
        c.blit_text(line, "bold", title_size, GOLD if final else ACCENT, x0, y, inner_w)
        y += c.lh("bold", title_size)
    y += c.sp(6, scale)

    col_gap = c.sp(26, scale)
    line_h = c.lh("regular", cell_size)
    air = (row_height(c, cell_size) - line_h) // 2
    table_w = sum(plan.col_widths) + col_gap * max(0, len(plan.col_widths) - 1)
    for r, (row, lines) in enumerate(zip(plan.panel.rows, plan.cells, strict=True)):
        row_h = plan.row_heights[r]
        if any(cell.style == "win" for cell in row):
            # A winning row is tinted edge to edge so the winner is found at a glance.
            band = pygame.Rect(x0 - c.sp(6, scale), y, table_w + c.sp(12, scale), row_h)
            pygame.draw.rect(surface, WIN_ROW, band, border_radius=c.sp(4, scale))
        x = x0
        for col, (cell, cell_lines) in enumerate(zip(row, lines, strict=True)):
            width = plan.col_widths[col]
            rect = pygame.Rect(x, y + air, 0, 0)
            for k, text in enumerate(cell_lines):
                part = _draw_cell(c, cell, text, x, y + air + k * line_h, width,
                                  plan.right_aligned[col], cell_size)
                rect = part if k == 0 else rect.union(part)
            cells[(r, col)] = rect
            x += width + col_gap
        y += row_h
        if is_head(row):
            rule_y = y + c.sp(1, scale)
            pygame.draw.line(surface, DIM, (x0, rule_y), (x0 + table_w, rule_y),
                             max(1, c.sp(1)))
            y += c.sp(4, scale)
    if plan.note_lines:
        y += c.sp(6, scale)
        for line in plan.note_lines:
            c.blit_text(line, "regular", note_size, MUTED, x0, y, inner_w)
            y += c.lh("regular", note_size)


def _draw_cell(c: Canvas, cell: Cell, text: str, x: int, y: int, width: int, right: bool,
               size: int) -> pygame.Rect:
    face, colour = cell_look(cell.style)
    text = c.fit(text, face, size, width)
    if right:
        rect = c.blit_text(text, face, size, colour, x + width, y, align="right")
    else:
        rect = c.blit_text(text, face, size, colour, x, y)
    if cell.style == "strike" and rect.w:
        # A real line through the glyphs (not a font effect), at the middle of the digits
        # and lower-case letters, thick enough to read from across the table.
        ascent = c.fonts.font(face, size).get_ascent()
        mid = rect.y + ascent - round(size * 0.36)
        thick = max(2, round(size / 8))
        pygame.draw.line(c.surface, STRIKE, (rect.x - c.sp(3), mid),
                         (rect.right + c.sp(3), mid), thick)
    return rect
