"""Pages for a table too big for one screen: Mega Civilization's 18 seats at 800x480.

Text never shrinks below the minimum height (see `legibility`), so when no arrangement
fits whole the seats and the long panels are split into pages the screen turns every
`PAGE_SECONDS`: each page shows a run of the seats and the same run of each long panel's
rows (its column heads repeated), titled "page 1 of 2", and the seat column says which
seats it shows.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..engine.text import Msg, msg
from ..engine.views import Panel, TableView
from .panel_bounds import is_head

PAGE_SECONDS = 8.0
MIN_ROWS_TO_SPLIT = 6  # a short panel (a reveal, a few lines) is shown whole on every page



def page_of(clock_seconds: float, pages: int) -> int:
    """The page shown at `clock_seconds` when there are `pages`."""
    return int(clock_seconds // PAGE_SECONDS) % pages if pages > 1 else 0


def paged_view(view: TableView, pages: int, page: int,
               min_rows: int = MIN_ROWS_TO_SPLIT) -> tuple[TableView, Msg | None]:
    """`view` cut to page `page` of `pages`, and the seat column's "Seats 1-9 of 18";
    panels with at least `min_rows` rows below their heads are split too."""
    if pages <= 1:
        return view, None
    n = len(view.seats)
    per = math.ceil(n / pages)
    seats = view.seats[page * per:(page + 1) * per]
    note = (msg("Seats {first}-{last} of {total}", first=page * per + 1,
                last=page * per + len(seats), total=n)
            if seats and n > per else None)
    panels = tuple(_page_panel(p, pages, page, min_rows) for p in view.panels)
    return replace(view, seats=seats, panels=panels), note


def _page_panel(panel: Panel, pages: int, page: int, min_rows: int) -> Panel:
    head = [r for r in panel.rows if is_head(r)]
    body = [r for r in panel.rows if not is_head(r)]
    if len(body) < max(min_rows, pages):
        return panel
    per = math.ceil(len(body) / pages)
    rows = tuple(head + body[page * per:(page + 1) * per])
    title = msg("{title} (page {page} of {pages})", title=panel.title, page=page + 1,
                pages=pages)
    return replace(panel, title=title, rows=rows)
