"""The host's corrections of a revealed round at the table: the menu offers correct and void
(not undo) after a reveal, OK held is refused with a message naming them, and each
correction shows on the table as a banner with what changed."""

from __future__ import annotations

from companion.app.controller import Controller
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.engine.actions import Correct, Enter, Void
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")


def revealed() -> Controller:
    c = Controller(History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in
                                                            ("Ann", "Bob", "Cy", "Di")))),
                   None, translator("en"))
    c.host("start", 0.0, card="highest_bet")
    for seat, bid in enumerate((2, 3, 1, 0)):
        assert c.submit(Enter(seat, bid), 1.0, seat)
    return c


def host(c: Controller, intent: Intent, now: float) -> None:
    c.handle(SeatIntent(HOST_SEAT, intent), now)


def labels(c: Controller) -> list[str]:
    return [e.label.render() for e in c.host_options()]


def test_after_a_reveal_the_menu_offers_correct_and_void_not_undo() -> None:
    c = revealed()
    shown = labels(c)
    assert "Undo the last entry" not in shown
    assert "Correct Di: 4" in shown and "Correct Di: 0" not in shown
    assert shown[-4:-1] == ["Void the round: a dispute", "Void the round: a mistake",
                          "Void the round: a box fault"]
    host(c, Intent.OK_HELD, 2.0)
    c.expire(10.0)  # the menu line has gone; the refusal is what stays
    assert c.history.state.first_player == 1
    c.host("undo", 11.0)
    banner = c.banner_text()
    assert banner is not None and "correct" in banner.render() and "void" in banner.render()


def test_a_correction_chosen_in_the_menu_asks_first_then_shows_old_new_and_result() -> None:
    c = revealed()
    target = next(i for i, e in enumerate(c.host_options()) if e.action == Correct(3, 4))
    for _ in range(target):
        host(c, Intent.PLUS, 2.0)
    host(c, Intent.OK, 2.0)
    assert c.history.journal_actions[-1] == Enter(3, 0)  # one Return only asks
    assert c.host_hint().render() == (
        "Press Return (OK) again within 3 s: Correct Di: 4. Any other key cancels.")
    assert c.host_lcd_lines() == ("OK again: sure? ", "Correct Di      ")
    assert c.host_line().asking
    host(c, Intent.OK, 4.9)
    banner = c.banner_text()
    assert banner is not None and banner.render() == (
        "Host correction: Di meant 4, not 0. Di wins and pays 4 to the Supply")
    assert c.table_view().seats[3].money == 6
    assert c.lcd_lines(3)[0].startswith("You won!")
    # The banner outranks the host menu for its whole time: pressing menu keys while it
    # shows changes the host line, never the banner.
    host(c, Intent.PLUS, 5.0)
    assert c.banner_text() == banner and c.host_line().active
    c.expire(8.8)
    assert c.banner_text() == banner
    c.expire(8.9)
    assert c.banner_text() is None


def test_a_second_return_too_late_or_another_key_runs_nothing() -> None:
    c = revealed()
    first = next(i for i, e in enumerate(c.host_options()) if isinstance(e.action, Correct))
    for _ in range(first):
        host(c, Intent.PLUS, 2.0)
    entry = c.host_menu.current(c.host_options())
    assert entry is not None and entry.confirm
    host(c, Intent.OK, 3.0)
    host(c, Intent.OK, 6.0)  # 3 s later: too late, it only asks again
    assert len(c.history.journal_actions) == 5
    host(c, Intent.PLUS, 6.5)  # another key cancels
    assert not c.host_line().asking
    host(c, Intent.MINUS, 6.6)
    host(c, Intent.OK, 7.0)
    host(c, Intent.OK, 9.9)
    assert isinstance(c.history.journal_actions[-1], Correct)
    assert c.host_menu.index == 0  # after a command the menu starts over, not on a stale entry


def test_a_void_reopens_every_box() -> None:
    c = revealed()
    assert c.host("void", 2.0, reason="box_fault")
    banner = c.banner_text()
    assert banner is not None and banner.render() == (
        "Host voided the round (a box fault): Ann, Bob, Cy, Di enter again")
    assert c.history.journal_actions[-1] == Void("box_fault")
    for seat in range(4):
        assert c.lcd_lines(seat)[0].startswith("Bid")
