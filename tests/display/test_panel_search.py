"""The panel search's shortcut: a column count whose lowest bounds overflow at every scale
left is not tried again (`_Search.lowest`). It must change no result: for the panels of
every game's demo, in areas from roomy to far too small, the search with the shortcut finds
what the search without it finds, and the shortcut is taken often enough to matter."""

from __future__ import annotations

import pygame
import pytest
from display_scenes import demo_views

from companion.display.canvas import Canvas
from companion.display.fonts import FontCache
from companion.display.legibility import TextAudit
from companion.display.memo import Memo
from companion.display.paging import paged_view
from companion.display.panel_plan import Interrupted, PanelPlan, PanelPlanner, _Search
from companion.engine.registry import all_games
from companion.engine.views import Panel
from companion.i18n import translator


def _panel_sets() -> list[tuple[tuple[Panel, ...], bool]]:
    """Every third shot of every game's demo: its panels, whole and on two pages."""
    found: dict[tuple[tuple[Panel, ...], bool], None] = {}
    for game in all_games():
        for view in demo_views(game.id, 3):
            for pages, page in ((1, 0), (2, 1)):
                panels = paged_view(view, pages, page)[0].panels
                if panels:
                    found[(panels, view.final)] = None
    return list(found)


PANEL_SETS = _panel_sets()


def _found(columns: list[list[PanelPlan]] | None) -> object:
    if columns is None:
        return None
    return [[(p.index, p.width, p.scale, p.height) for p in col] for col in columns]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_shortcut_changes_no_search_result(lang: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    c = Canvas(pygame.Surface((1280, 720)), translator(lang), FontCache(), 1.0, TextAudit(),
               Memo())
    areas = [pygame.Rect(0, 0, w, h) for w in (420, 614, 827) for h in (150, 230, 294, 458)]
    results = []
    for panels, final in PANEL_SETS:
        for area in areas:
            search = _Search(c, panels, area, 12, final, {})
            results.append(_found(search.search(search.order, False)))
    taken = 0
    lowest = _Search.lowest

    def counted(self: _Search, i: int, col_w: int, first: int) -> int:
        nonlocal taken
        taken += 1
        return lowest(self, i, col_w, first)

    monkeypatch.setattr(_Search, "lowest", counted)
    for panels, final in PANEL_SETS:
        for area in areas:
            search = _Search(c, panels, area, 12, final, {})
            search.search(search.order, False)
    monkeypatch.setattr(_Search, "lowest", lambda self, i, col_w, first: 0)  # never fires
    plain = []
    for panels, final in PANEL_SETS:
        for area in areas:
            search = _Search(c, panels, area, 12, final, {})
            plain.append(_found(search.search(search.order, False)))
    assert results == plain
    assert sum(r is None for r in plain) > 20  # areas too small: the shortcut's case
    assert sum(r is not None for r in plain) > 20
    assert taken > 20


def test_a_search_asked_ahead_stops_between_scales_and_leaves_nothing_half_made() -> None:
    """The look-ahead's `stop` is asked inside a panel search too (a big new panel's first
    search is too long to keep a press waiting); stopped, it remembers no answer."""
    c = Canvas(pygame.Surface((1280, 720)), translator("en"), FontCache(), 1.0, TextAudit(),
               Memo())
    panels, final = max(PANEL_SETS, key=lambda found: sum(len(p.rows) for p in found[0]))
    area = pygame.Rect(0, 0, 600, 400)
    planner = PanelPlanner()
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 1  # the first configuration is measured, then input came

    with pytest.raises(Interrupted):
        planner.fits_whole(c, panels, area, 12, final, stop)
    assert len(asked) == 2
    assert planner.fits_whole(c, panels, area, 12, final) == PanelPlanner().fits_whole(
        c, panels, area, 12, final)  # asked again, searched in full
