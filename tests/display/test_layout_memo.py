"""The table screen remembers its layouts from frame to frame (`memo`): what it draws from
memory must be exactly what it would draw afresh, at every moment of an 18-seat game whose
table is split into pages, and the moment a seat or a panel changes."""

from __future__ import annotations

import pygame
import pytest
from display_scenes import demo_views

from companion.display.table_screen import TableScreen
from companion.engine.views import TableView
from companion.i18n import translator


def _views() -> list[TableView]:
    """Mega Civilization's table at every third shot of its demo (one phase to the next)."""
    return demo_views("mega-civilization", 3)


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_remembered_layout_draws_the_same_pixels_as_a_fresh_one(size: tuple[int, int]
                                                                   ) -> None:
    views = _views()
    kept = TableScreen(pygame.Surface(size), translator("en"))
    paged = 0
    for i, view in enumerate(views):
        for page in (0, 1, 0):  # a page turn and back: the first page from memory
            kept.draw(view, page=page)
            fresh = TableScreen(pygame.Surface(size), translator("en"))
            fresh.draw(view, page=page)
            assert kept.pages == fresh.pages
            assert (pygame.image.tobytes(kept.surface, "RGB")
                    == pygame.image.tobytes(fresh.surface, "RGB")), (i, page)
            paged += kept.pages > 1
    assert paged  # the 18 seats were split into pages at some point
