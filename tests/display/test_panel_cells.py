"""A panel's cells are measured per row and remembered, and the planner rules crowded layouts
out with a bound on the rows' height that wraps nothing (`panel_cells`). Both must change
no plan: a remembered row lays out exactly as a fresh one, and the bound never exceeds the
height the plan turns out to need, nor calls a plan cramped that is not. Checked on the
panels every game's demo shows, whole and split into pages, at every scale the planner
tries and widths from its narrowest column to a whole 1280x720 screen."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from display_scenes import demo_views

from companion.display.canvas import Canvas
from companion.display.fonts import FontCache
from companion.display.legibility import TextAudit
from companion.display.memo import Frozen, Memo
from companion.display.paging import paged_view
from companion.display.panel_bounds import least_height, least_text_height
from companion.display.panel_cells import least_rows
from companion.display.panel_plan import PanelPlan, _plan_panel
from companion.engine.registry import all_games
from companion.engine.views import Cell, Panel
from companion.i18n import translator

SCALES = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 1.25 * 0.5)


def _panels() -> list[Panel]:
    """Every other shot of every game's demo: its panels, and the pages of the long ones."""
    found: dict[Panel, None] = {}
    for game in all_games():
        for view in demo_views(game.id, 2):
            for pages in (1, 2):
                for page in range(pages):
                    for panel in paged_view(view, pages, page)[0].panels:
                        found[panel] = None
    return list(found)


PANELS = _panels()


def _canvas(lang: str, u: float) -> Canvas:
    pygame.font.init()
    return Canvas(pygame.Surface((1280, 720)), translator(lang), FontCache(), u, TextAudit(),
                  Memo())


@pytest.mark.parametrize("lang,u", [("en", 1.0), ("pl", 1.0), ("en", 480 / 720)],
                         ids=["en-1280", "pl-1280", "en-800"])
def test_the_rows_bound_is_never_above_the_plan_nor_calls_a_fit_cramped(lang: str,
                                                                       u: float) -> None:
    c = _canvas(lang, u)
    wrapped_rows = surely_cramped = 0
    for panel in PANELS:
        key = Frozen(panel)
        for scale in SCALES:
            for width in range(c.sp(260), round(1250 * u), 53):
                plan = _plan_panel(c, panel, 0, width, scale, key=key)
                extra, cramped = least_rows(c, panel, key, width, scale)
                bound = (least_height(c, panel, key, scale) + extra
                         + least_text_height(c, panel, key, scale, width))
                assert bound <= plan.height, (panel.title, scale, width)
                assert plan.cramped or not cramped, (panel.title, scale, width)
                wrapped_rows += extra > 0
                surely_cramped += cramped
    # The bound is more than the one-line-a-row one somewhere, and rules out cramped plans.
    assert wrapped_rows > 100
    assert surely_cramped > 100


def _as_planned(plan: PanelPlan) -> tuple[object, ...]:
    return (plan.cells, plan.row_heights, plan.col_widths, plan.height, plan.cramped,
            plan.title_lines, plan.note_lines)


def test_a_panel_whose_row_changed_is_planned_as_if_afresh() -> None:
    """The 18-seat trade cards panel, planned; then one seat's row says more (its cells wrap,
    a word is too long for its column): planned on the same canvas, it is what a fresh
    canvas plans, and the audit is told of the same cut lines."""
    panel = max(PANELS, key=lambda p: len(p.rows))
    assert len(panel.rows) >= 19
    kept = _canvas("en", 1.0)
    for scale in SCALES:
        for width in range(260, 1250, 97):
            _plan_panel(kept, panel, 0, width, scale)
    rows = list(panel.rows)
    long = "Pottery Cloth Wine Supercalifragilisticexpialidocious Bronze Grain Spices Salt"
    rows[5] = (*rows[5][:-1], Cell(long, "alert"))
    changed = replace(panel, rows=tuple(rows))
    for scale in SCALES:
        for width in range(260, 1250, 97):
            fresh = _canvas("en", 1.0)
            kept.audit._cut.clear()
            ours = _plan_panel(kept, changed, 0, width, scale)
            theirs = _plan_panel(fresh, changed, 0, width, scale)
            assert _as_planned(ours) == _as_planned(theirs), (scale, width)
            assert dict(kept.audit._cut) == dict(fresh.audit._cut), (scale, width)
            assert _as_planned(_plan_panel(kept, panel, 0, width, scale)) == _as_planned(
                _plan_panel(_canvas("en", 1.0), panel, 0, width, scale))
