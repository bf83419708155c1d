"""Legible from across the table: every frame of every game's demo, at 1280x720 and 800x480,
in English and Polish, draws no text below the minimum height and cuts no word.

The demo plays through the real input path and the real renderer; the renderer's text
drawing reports each text to a `TextAudit`, so a text drawn at any moment of the game (not
only at the saved shots) is checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.demo import play
from companion.app.demos import demo_for
from companion.display.canvas import Canvas
from companion.display.legibility import MIN_TEXT_PX, TextAudit, min_text_px
from companion.engine.registry import GAMES
from companion.i18n import translator

SIZES = {(1280, 720): 22, (800, 480): 15}


def test_the_minimum_is_22_px_at_1280x720_and_15_px_at_800x480() -> None:
    assert MIN_TEXT_PX == 22
    assert min_text_px(1.0) == 22
    assert min_text_px(480 / 720) == 15


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("size", list(SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", sorted(g.id for g in GAMES))
def test_every_demo_frame_is_legible(game: str, size: tuple[int, int], lang: str,
                                     tmp_path: Path) -> None:
    audit = TextAudit(keep=10_000)
    shots = play(demo_for(game), tmp_path, size, False, lang, audit=audit)
    assert shots and audit.drawn > 50  # the audit saw the game's texts
    assert min(audit.sizes) >= SIZES[size]
    problems = sorted({(p.problem, p.size, p.text) for p in audit.problems})
    assert problems == [], "\n".join(f"{pr} {sz}px {t!r}" for pr, sz, t in problems)


def _canvas(size: tuple[int, int]) -> tuple[Canvas, TextAudit]:
    import pygame

    from companion.display.fonts import FontCache

    audit = TextAudit()
    surface = pygame.Surface(size)
    return Canvas(surface, translator("pl"), FontCache(), size[1] / 720, audit), audit


def test_the_audit_catches_small_cut_broken_and_clipped_text() -> None:
    import pygame

    c, audit = _canvas((800, 480))
    assert c.px(10) == 15  # a font asked for below the minimum gets the minimum
    c.blit_text("Licytuje ponownie", "bold", 12, pygame.Color("white"), 0, 0)  # bypasses px
    c.blit_text("Licytuje ponownie", "bold", 15, pygame.Color("white"), 0, 40, max_w=90)
    c.wrap("Supercalifragilistic", "regular", 15, 60, 1)
    for line in c.wrap("Supercalifragilistic expialidocious", "regular", 15, 60, 5):
        c.blit_text(line, "regular", 15, pygame.Color("white"), 0, 80)
    c.blit_text("Starting Player", "bold", 15, pygame.Color("white"), 760, 100)  # off the edge
    found = {(p.problem, p.text) for p in audit.problems}
    assert ("small", "Licytuje ponownie") in found
    assert any(kind == "cut" and text.startswith("Licytuje") and text.endswith("…")
               for kind, text in found)
    assert any(kind == "broken" for kind, _ in found)
    assert ("clipped", "Starting Player") in found
    assert audit.drawn >= 4


def test_a_seat_card_never_drops_its_badge() -> None:
    import pygame

    from companion.display.table_screen import TableScreen
    from companion.engine.text import msg
    from companion.engine.views import SeatLine, TableView

    seats = tuple(SeatLine(i, f"Seat {i}", "#e74c3c", 20, "thinking",
                           (msg("First Player"), msg("Must rebid"), msg("East")))
                  for i in range(6))
    view = TableView(msg("Amun-Re"), msg("Auction"), msg("Bid"), seats)
    screen = TableScreen(pygame.Surface((800, 480)), translator("pl"))
    screen.draw(view)
    assert screen.audit.problems == {}
    drawn = screen.fonts.cached_texts()
    assert {"Pierwszy gracz", "Licytuje ponownie"} <= drawn


def test_a_paged_table_turns_its_page_by_itself() -> None:
    import pygame

    from companion.app.demos import play_until
    from companion.display.paging import PAGE_SECONDS
    from companion.display.renderer import Renderer
    from companion.engine.game import public_view
    from companion.engine.registry import get_game

    demo = demo_for("mega-civilization")
    view = public_view(get_game(demo.game), play_until(demo, before_shot="07-6b-buying").state)
    now = [100.0]
    renderer = Renderer(pygame.Surface((800, 480)), translator("pl"), clock=lambda: now[0],
                        flip=lambda: None)
    assert renderer.update(view)
    assert renderer.screen.pages >= 2  # 18 seats do not fit 800x480 at 15 px
    layout = renderer.screen.layout
    assert layout is not None
    first = set(layout.seat_cards)
    wait = renderer.next_redraw_in(view)
    assert wait is not None and 0 < wait <= PAGE_SECONDS + 0.01
    assert not renderer.update(view)  # nothing changed yet
    now[0] += wait
    assert renderer.update(view)  # the page turned without a new view
    assert renderer.screen.layout is not None
    second = set(renderer.screen.layout.seat_cards)
    assert first and second and not first & second
    assert renderer.screen.audit.problems == {}


def test_a_table_that_just_became_paged_is_drawn_once_on_the_clocks_page() -> None:
    """One seat's entry brings a panel that splits 18 seats onto two pages: the frame shows
    the page the clock says (here the second) after one drawing, not the first page drawn
    and then drawn over."""
    import pygame

    from companion.app.demos import play_until
    from companion.display.paging import PAGE_SECONDS
    from companion.display.renderer import Renderer
    from companion.display.table_screen import TableScreen
    from companion.engine.game import public_view
    from companion.engine.registry import get_game

    demo = demo_for("mega-civilization")
    game = get_game(demo.game)
    paged = public_view(game, play_until(demo, before_shot="07-6b-buying").state)
    whole = paged.__class__(paged.game, paged.headline, paged.detail, paged.seats)  # no panels
    now = [PAGE_SECONDS * 3 + 0.5]  # page_of(now, 2) == 1: the second page
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), clock=lambda: now[0],
                        flip=lambda: None)
    renderer.update(whole)
    drawn: list[object] = []
    draw = renderer.screen.draw

    def counted(*args: object, **kw: object) -> list[pygame.Rect] | None:
        drawn.append(args)
        return draw(*args, **kw)  # type: ignore[arg-type]

    renderer.screen.draw = counted  # type: ignore[method-assign]
    assert renderer.update(paged)
    assert renderer.screen.pages == 2 and len(drawn) == 1
    layout = renderer.screen.layout
    assert layout is not None
    assert set(layout.seat_cards) == set(range(9, 18))  # the second page's seats
    # The very frame a screen drawing that page from scratch shows.
    fresh = TableScreen(pygame.Surface((800, 480)), translator("en"))
    fresh.draw(paged, page=1)
    assert pygame.image.tobytes(renderer.surface, "RGB") == pygame.image.tobytes(
        fresh.surface, "RGB")
