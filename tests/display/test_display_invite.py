"""The phones' join card on the table screen: the QR code drawn module for module (a camera
reads what was encoded), the address under it, and the body making room for it."""

from __future__ import annotations

import pygame
import pytest

from companion.boxes.phone_page import qr_rows
from companion.boxes.vocabulary import JoinInvite
from companion.display.table_screen import TableScreen
from companion.engine.game import public_view
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_the_qr_code_is_drawn_as_encoded_and_fits(size: tuple[int, int]) -> None:
    game = get_game("camel-up")
    history = History.start(game, Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy"))))
    view = public_view(game, history.state)
    url = "http://192.168.1.20:8080/"
    invite = JoinInvite(url, qr_rows(url), ("Bob", "Cy"))
    screen = TableScreen(pygame.Surface(size), translator("en"))
    screen.draw(view)
    assert screen.layout is not None and screen.layout.invite is None
    full_body = screen.layout.body
    screen.draw(view, invite=invite)
    layout = screen.layout
    assert layout is not None and layout.invite is not None
    card = layout.invite
    assert pygame.Rect((0, 0), size).contains(card)
    assert layout.body.right < card.left and layout.body.w < full_body.w
    # Find the QR's white square and read every module back from the pixels.
    surface = screen.surface
    n = len(invite.qr)
    white = [(x, y) for y in range(card.top, card.bottom) for x in range(card.left, card.right)
             if surface.get_at((x, y))[:3] == (255, 255, 255)]
    left, top = min(x for x, _ in white), min(y for _, y in white)
    right = max(x for x, _ in white)
    scale = (right - left + 1) // n
    assert scale >= 2  # at least two pixels a module, or a camera across the table cannot read it
    read = tuple(tuple(surface.get_at((left + c * scale + scale // 2,
                                       top + r * scale + scale // 2))[:3] != (255, 255, 255)
                       for c in range(n)) for r in range(n))
    assert read == invite.qr


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("url", "whole"), [
    ("http://192.168.1.20:8080/", "192.168.1.20:8080"),
    ("http://192.168.100.200:51234/", "192.168.100.200:51234"),
    ("http://companion-table.local:8080/join", "companion-table.local:8080/join")])
def test_the_address_under_the_qr_code_is_drawn_whole(url: str, whole: str,
                                                      size: tuple[int, int], lang: str) -> None:
    """A player reads the address from across the table to type it: never cut with "…",
    broken only before the port or after a "/", without the "http://" a browser adds."""
    from companion.display.invite_card import shown_url
    from companion.display.legibility import TextAudit

    game = get_game("camel-up")
    history = History.start(game, Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy"))))
    audit = TextAudit()
    screen = TableScreen(pygame.Surface(size), translator(lang), audit=audit)
    screen.draw(public_view(game, history.state), invite=JoinInvite(url, qr_rows(url), ("Bob",)))
    assert [(p.problem, p.text) for p in audit.problems] == []
    assert shown_url(url) == whole
    # The lines drawn under the QR code, read in order, make the whole address.
    parts = [t for t in screen.fonts.cached_texts() if t and t in whole]
    ends = {0}
    for i in range(len(whole)):
        if i in ends:
            ends |= {i + len(p) for p in parts if whole.startswith(p, i)}
    assert len(whole) in ends, (whole, parts)
