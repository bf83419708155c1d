"""Arranging the body of the table screen: seats on the left, panels on the right, the log
under whichever has room, chosen so that nothing is cut or clipped.

The first arrangement keeps everything (the demo's LCD mock-ups, the log); when the panels
or the seats do not fit whole, the LCD mock-ups (only a demo aid) go first, then the log
(the panels are what the table is looking at, e.g. the final score sheet). A table too big
for one screen even then is split into pages (see `paging`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import pygame

from ..engine.text import Msg
from ..engine.views import TableView
from .canvas import Canvas
from .log import box_height, lines_in, newest_that_fit, wrap_entries
from .log import text_width as log_text_width
from .paging import MIN_ROWS_TO_SPLIT, paged_view
from .panel_plan import Interrupted, PanelPlanner, whole
from .seat_plan import SeatPlan, plan_seats
from .theme import MAX_LOG_LINES

# Arrangements remembered (twice this at most, see `Memo.get`): each state's frames laid
# out ahead (one per seat asked, 17 at an 18-seat table) and the last few states'.
ARRANGEMENTS = 128


@dataclass(frozen=True)
class BodyPlan:
    """Where the seats, the log and the panels go, and whether all of it fits whole."""

    left: pygame.Rect
    right: pygame.Rect
    seats: SeatPlan
    seats_h: int
    log: list[list[str]]
    log_rect: pygame.Rect | None
    panels_area: pygame.Rect
    fits: bool
    view: TableView  # the view drawn: the page's seats and rows when paged
    pages: int = 1
    seat_note: str | None = None  # "Seats 1-9 of 18" under a paged seat grid


def arrange(c: Canvas, planner: PanelPlanner, view: TableView, body: pygame.Rect, gap: int,
            lcds: bool, connected: Mapping[int, bool | Msg],
            page: int | Callable[[int], int] = 0,
            stop: Callable[[], bool] | None = None) -> BodyPlan:
    """The first arrangement that fits whole: the LCD mock-ups go first, then the log, then
    the seat column narrows (one-line cards) to give the panels room; else the fewest pages
    on which every page fits, showing page `page` (modulo), or `page(pages)` for the number
    of pages it turns out to need.

    Remembered (`c.memo`) per what the body shows (seats, panels, log, the body's rect): a
    timer second, an LCD's draft or a page turn arranges nothing again. A search asked
    ahead of time (app.look_ahead) passes `stop`, asked before each try: when it says so,
    the search raises `Interrupted`."""
    online = tuple(connected.get(seat.seat, True) for seat in view.seats)
    # The seats and panels by their shared keys (`Memo.frozen`): a look-up hashes a whole
    # view otherwise, twice or more per frame laid out ahead.
    key = (c.memo.frozen(view.seats), online, c.memo.frozen(view.panels),
           view.log[-MAX_LOG_LINES:], view.final, tuple(body), gap, lcds)
    plans = c.memo.get("arrange", key,
                       lambda: _choose(c, planner, view, body, gap, lcds, connected, stop),
                       limit=ARRANGEMENTS)
    plan = plans[(page(len(plans)) if callable(page) else page) % len(plans)]
    if plan.pages == 1:  # the view itself (the header's fields may be newer than the memo's)
        return plan if plan.view is view else replace(plan, view=view)
    return replace(plan, view=replace(view, seats=plan.view.seats, panels=plan.view.panels))


def _choose(c: Canvas, planner: PanelPlanner, view: TableView, body: pygame.Rect, gap: int,
            lcds: bool, connected: Mapping[int, bool | Msg],
            stop: Callable[[], bool] | None) -> tuple[BodyPlan, ...]:
    """`arrange`'s search: the one plan that fits, or each page's plan (else the last
    one-page plan tried, drawn clipped)."""
    last: tuple[bool, bool, float, bool] = (False, False, 0.5, False)
    # The seat columns (width, LCDs wanted) the whole table's seats did not fit: a grid
    # fits only more easily in a wider column, so a try whose column is no wider (with no
    # more to fit) fails on its seats as well, and is not made. A big table tries eight
    # one-page arrangements before it pages; this spares seven of them.
    no_room: list[tuple[int, bool]] = []

    def tried(lcd: bool, log: bool, frac: float, hidden_ok: bool = False) -> BodyPlan | None:
        nonlocal last
        last = (lcd, log, frac, hidden_ok)
        want_lcd = lcd and bool(view.seats)
        width = _left_width(view, body, frac, log)
        if any(width <= w and (seen_lcd or not want_lcd) for w, seen_lcd in no_room):
            return None
        if stop is not None and stop():
            raise Interrupted
        plan = _arrange(c, planner, view, None, body, gap, lcd, log, connected, frac,
                        hidden_ok, stop=stop)
        if not plan.seats.fits:
            no_room.append((width, want_lcd))
        return plan

    tries = [(lcd, True) for lcd in ((True, False) if lcds else (False,))] + [(False, False)]
    for lcd, log in tries:
        for frac in _fractions(view, lcd):
            plan = tried(lcd, log, frac)
            if plan is not None and plan.fits:
                return (plan,)
    # Pages: long panels (MIN_ROWS_TO_SPLIT rows) split with the seats. Next, the oldest
    # panels left out (an earlier reveal of the same auction). Last, on a screen crowded by
    # the host's lines, even a short panel is split rather than clipped.
    for min_rows, hidden_ok in ((MIN_ROWS_TO_SPLIT, False), (0, True), (2, False)):
        if hidden_ok:  # the LCD mock-ups go before any panel does
            for lcd, log in ((False, True), (False, False)):
                for frac in _fractions(view, lcd):
                    plan = tried(lcd, log, frac, hidden_ok=True)
                    if plan is not None and plan.fits:
                        return (plan,)
            continue
        # The page that failed last time at each try, looked at first: a page that does
        # not fit rules the try out, and at a table where one press changes one row the
        # same page fails frame after frame (the pages that fit are then not planned for
        # nothing). Every page must fit either way, so the order changes no result.
        failed: dict[tuple[int, bool, float, int], int] = c.memo.get(
            "failed page", (tuple(body), gap, len(view.seats)), dict)
        for pages in (2, 3, 4):
            for log in (True, False):
                for frac in _fractions(view, False):
                    plans: dict[int, BodyPlan] = {}
                    first = failed.get((pages, log, frac, min_rows), 0)
                    for k in (first, *(k for k in range(pages) if k != first)):
                        if stop is not None and stop():
                            raise Interrupted
                        plans[k] = _arrange(c, planner, *_paged(c, view, pages, k, min_rows),
                                            body, gap, False, log, connected, frac, stop=stop)
                        if not plans[k].fits:
                            failed[(pages, log, frac, min_rows)] = k
                            break
                    else:
                        return tuple(replace(plans[k], pages=pages) for k in range(pages))
    lcd, log, frac, hidden_ok = last
    return (_arrange(c, planner, view, None, body, gap, lcd, log, connected, frac, hidden_ok,
                     whole_plan=True),)


def _fractions(view: TableView, lcd: bool) -> tuple[float, ...]:
    """Widths of the seat column to try, as fractions of the body, widest first."""
    if not view.panels:
        return (0.5,)
    # The seat column widens for the LCD mock-ups and for big tables, where a second
    # column of cards keeps names whole; narrower ones give a wide panel room.
    first = 0.5 if len(view.seats) > 6 else (0.42 if lcd and view.seats else 0.33)
    return tuple(f for f in (first, 0.42, 0.36, 0.3) if f <= first)


def _arrange(c: Canvas, planner: PanelPlanner, view: TableView, seat_note: Msg | None,
             body: pygame.Rect, gap: int, show_lcds: bool, with_log: bool,
             connected: Mapping[int, bool | Msg], frac: float, hidden_ok: bool = False,
             whole_plan: bool = False, stop: Callable[[], bool] | None = None) -> BodyPlan:
    """One arrangement, and whether it fits. Seats that do not fit rule it out before the
    log is wrapped or a panel planned, unless `whole_plan` (the one drawn clipped when
    nothing fits). `stop`: see `PanelPlanner.fits_whole`."""
    n = len(view.seats)
    entries = _entries(c, view.log[-MAX_LOG_LINES:]) if with_log else ()
    left = pygame.Rect(body.x, body.y, _left_width(view, body, frac, with_log), body.h)
    right = pygame.Rect(left.right + gap, body.y, max(0, body.right - left.right - gap),
                        body.h)
    note = c.text_of(seat_note) if seat_note is not None else None
    grid = left
    if note is not None:  # a line under the grid says which seats this page shows
        grid = pygame.Rect(left.x, left.y, left.w,
                           left.h - c.lh("bold", seat_note_size(c)) - c.sp(8))
    seats = plan_seats(c, n, grid, gap, show_lcds and n > 0, view.seats, connected)
    seats_h = seats.rows * seats.card_h + max(0, seats.rows - 1) * c.sp(8) if n else 0
    if note is not None:
        seats_h += c.lh("bold", seat_note_size(c)) + c.sp(8)
        if c.fonts.measure(note, "bold", seat_note_size(c)) > left.w:
            seats = replace(seats, fits=False)
    if not seats.fits and not whole_plan:  # ruled out: the log and panels are not wanted
        return BodyPlan(left, right, seats, seats_h, [], None, right, False, view,
                        seat_note=note)

    # The log goes under the seats when they leave room for at least two entries (keeping
    # the newest), so the panels keep the full height; otherwise it sits under the panels,
    # taking at most a third. Entries wrap; none is cut.
    wrapped: list[list[str]] = []
    log_left = False
    if entries and view.panels:
        wrapped = newest_that_fit(_wrapped(c, entries, log_text_width(c, left.w)),
                                  lines_in(c, left.h - seats_h - gap))
        log_left = len(wrapped) >= min(2, len(entries))
    if entries and not log_left:
        wrapped = list(_wrapped(c, entries, log_text_width(c, right.w if right.w > 0
                                                           else left.w)))
    need = box_height(c, wrapped)
    panels_area = right
    log_rect: pygame.Rect | None = None
    if wrapped:
        if log_left:
            top = left.y + seats_h + gap
            log_rect = pygame.Rect(left.x, top, left.w, min(need, left.bottom - top))
        elif view.panels:
            log_h = min(need, right.h // 3)
            log_rect = pygame.Rect(right.x, right.bottom - log_h, right.w, log_h)
            panels_area = pygame.Rect(right.x, right.y, right.w, max(0, right.h - log_h - gap))
        else:
            log_rect = pygame.Rect(right.x, right.y, right.w, min(need, right.h))
    fits = seats.fits
    # The panels are planned only when the rest fits: a plan that fails on its seats fails.
    if fits and view.panels and panels_area.w > 0 and panels_area.h > 0:
        if hidden_ok:  # whole, but the oldest panels may be left out
            columns, _ = planner.plan(c, view.panels, panels_area, gap, view.final)
            fits = whole(columns, 0, panels_area, gap)
        else:
            fits = planner.fits_whole(c, view.panels, panels_area, gap, view.final, stop)
    return BodyPlan(left, right, seats, seats_h, wrapped, log_rect, panels_area, fits, view,
                    seat_note=note)


def _left_width(view: TableView, body: pygame.Rect, frac: float, with_log: bool) -> int:
    """The seat column's width: `frac` of the body beside panels or a log, else all of it."""
    has_log = with_log and bool(view.log[-MAX_LOG_LINES:])
    return round(body.w * frac) if view.panels or has_log else body.w


def _paged(c: Canvas, view: TableView, pages: int, page: int,
           min_rows: int) -> tuple[TableView, Msg | None]:
    """`paged_view`, made once per search: each try at a page gets the very same seats and
    panels, which the seat and panel plans then find by identity."""
    return c.memo.get("paged", (c.memo.frozen(view), pages, page, min_rows),
                      lambda: paged_view(view, pages, page, min_rows), limit=64)


def _entries(c: Canvas, log: tuple[Msg, ...]) -> tuple[str, ...]:
    """The log's lines in the table's language (remembered: every arrangement tried wants
    them)."""
    return c.memo.get("log", log, lambda: tuple(c.text_of(m) for m in log))


def _wrapped(c: Canvas, entries: tuple[str, ...], width: int) -> list[list[str]]:
    """The entries wrapped to `width`, remembered (the lists are shared: read them only)."""
    return c.memo.get("wrapped", (entries, width), lambda: wrap_entries(c, entries, width))


def seat_note_size(c: Canvas) -> int:
    return c.px(18)
