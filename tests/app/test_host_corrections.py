"""The host's corrections of a revealed round at the table: the menu offers correct and void
(not undo) after a reveal, OK held is refused with a message naming them, and each
correction shows on the table as a banner with what changed."""

from __future__ import annotations

from companion.app.controller import Controller
from companion.app.shaper import InputShaper
from companion.boxes.vocabulary import HOST_SEAT, Intent, Key, KeyEdge, SeatIntent
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


def open_correction(c: Controller, now: float) -> None:
    """Right to "Correct a seat's entry", then OK: the host now picks the seat."""
    while c.host_menu.current(c.host_options()).label.render() != (  # type: ignore[union-attr]
            "Correct a seat's entry"):
        host(c, Intent.PLUS, now)
    host(c, Intent.OK, now)


def shown(c: Controller) -> str:
    entry = c.host_menu.current(c.host_options())
    assert entry is not None
    return entry.label.render()


def test_after_a_reveal_the_menu_offers_correct_and_void_not_undo() -> None:
    c = revealed()
    offered = labels(c)
    assert "Undo the last entry" not in offered
    # One entry opens the seat and value choice, not a seat x value list.
    assert offered[-5:-1] == ["Correct a seat's entry", "Void the round: a dispute",
                              "Void the round: a mistake", "Void the round: a box fault"]
    assert not any(x.startswith("Correct Di") for x in offered)
    host(c, Intent.OK_HELD, 2.0)
    c.expire(10.0)  # the menu line has gone; the refusal is what stays
    assert c.history.state.first_player == 1
    c.host("undo", 11.0)
    banner = c.banner_text()
    assert banner is not None and "correct" in banner.render() and "void" in banner.render()


def test_a_correction_chosen_in_the_menu_asks_first_then_shows_old_new_and_result() -> None:
    c = revealed()
    open_correction(c, 2.0)
    host(c, Intent.MINUS, 2.0)  # from Ann back round to Di
    assert shown(c) == "Correct which seat? Di"
    host(c, Intent.OK, 2.0)
    assert shown(c) == "Correct Di: 1"  # her 0 is what she entered: not offered
    for _ in range(3):
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
    open_correction(c, 2.0)
    host(c, Intent.OK, 2.0)  # Ann
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


def feed(c: Controller, shaper: InputShaper, key: Key, down: bool, at: float) -> None:
    """A host box's (or the keyboard's) key edge, shaped as the loop shapes it."""
    for intent in shaper.feed(KeyEdge(HOST_SEAT, key, down, at)):
        c.handle(intent, at)


def hold(c: Controller, shaper: InputShaper, key: Key, start: float, seconds: float) -> None:
    feed(c, shaper, key, True, start)
    t = start
    while t < start + seconds:  # the loop polls the shaper; stamps are the box's clock
        t = round(t + 0.05, 2)
        for intent in shaper.poll(t):
            c.handle(intent, t)
    feed(c, shaper, key, False, start + seconds)


def test_with_40_coins_the_host_dials_a_value_instead_of_cycling_160_entries() -> None:
    c = Controller(History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in ("Ann", "Bob",
                                                                             "Cy", "Di")),
                                             {"start_coins": 40})), None, translator("en"))
    c.host("start", 0.0, card="highest_bet")
    for seat, bid in enumerate((2, 3, 1, 0)):
        assert c.submit(Enter(seat, bid), 1.0, seat)
    assert len(c.host_options()) < 20  # not 4 seats x 40 values
    shaper = InputShaper()
    t = 3.0
    while shown(c) != "Correct a seat's entry" and t < 5.0:
        feed(c, shaper, Key.PLUS, True, t)
        feed(c, shaper, Key.PLUS, False, t + 0.05)
        t += 0.1
    feed(c, shaper, Key.OK, True, 5.0)
    feed(c, shaper, Key.OK, False, 5.1)
    assert c.host_lcd_lines() == ("Correct: seat?  ", "Ann             ")
    assert c.host_hint().render() == (
        "Host: Correct which seat? Ann   \u25c0 \u25b6 seat \u00b7 Return picks \u00b7 "
        "hold Return: back")
    feed(c, shaper, Key.MINUS, True, 5.3)
    feed(c, shaper, Key.MINUS, False, 5.35)  # round to Di
    feed(c, shaper, Key.OK, True, 5.5)
    feed(c, shaper, Key.OK, False, 5.6)
    assert shown(c) == "Correct Di: 1"
    assert c.host_lcd_lines() == ("Correct Di      ", "1               ")
    # Held, plus repeats faster and faster, as on a seat's box: 1..40 in about 2.5 s.
    hold(c, shaper, Key.PLUS, 6.0, 2.5)
    assert shown(c) == "Correct Di: 40"  # and stops there, never wrapping to 1
    hold(c, shaper, Key.MINUS, 9.0, 0.3)  # one press, no repeat yet
    assert shown(c) == "Correct Di: 39"
    # OK held goes back a level: to the seat, then to the menu (no undo after a reveal).
    hold(c, shaper, Key.OK, 10.0, 1.0)
    assert shown(c) == "Correct which seat? Di"
    hold(c, shaper, Key.OK, 12.0, 1.0)
    assert shown(c) == "Correct a seat's entry"
    assert c.history.journal_actions[-1] == Enter(3, 0)  # nothing ran
    for at in (14.0, 14.5):  # in again, and OK on the first seat
        feed(c, shaper, Key.OK, True, at)
        feed(c, shaper, Key.OK, False, at + 0.1)
    assert shown(c) == "Correct Ann: 0"  # the seat choice starts at the first seat
    for at in (15.0, 15.5):  # OK asks, OK again within 3 s runs it
        feed(c, shaper, Key.OK, True, at)
        feed(c, shaper, Key.OK, False, at + 0.1)
    assert c.history.journal_actions[-1] == Correct(0, 0)
    assert shown(c) == labels(c)[0]  # back at the top of the menu


def test_host_box_texts_for_the_correction_fit_its_16_columns() -> None:
    for lang in ("en", "pl"):
        c = revealed()
        c.translate = translator(lang)
        while c.host_menu.current(c.host_options()).label.render() != (  # type: ignore[union-attr]
                "Correct a seat's entry"):
            host(c, Intent.PLUS, 2.0)
        seen = [c.host_lcd_lines()]
        host(c, Intent.OK, 2.0)
        seen.append(c.host_lcd_lines())
        host(c, Intent.OK, 2.0)
        seen.append(c.host_lcd_lines())
        host(c, Intent.OK_HELD, 2.5)
        host(c, Intent.OK_HELD, 2.6)
        seen.append(c.host_lcd_lines())  # the opener again
        tr = translator(lang)
        # Whole, not cut by the 16 columns (the names here are short).
        for text in ("Correct an entry", "OK: pick a seat", "Correct: seat?"):
            assert len(tr(text)) <= 16, (lang, tr(text))
        assert all(len(line) == 16 for pair in seen for line in pair)
        assert seen[0] == seen[3]
        assert [tuple(x.rstrip() for x in pair) for pair in seen[:3]] == {
            "en": [("Correct an entry", "OK: pick a seat"), ("Correct: seat?", "Ann"),
                   ("Correct Ann", "0")],
            "pl": [("Popraw wpis", "OK: wybór gracza"), ("Popraw: kogo?", "Ann"),
                   ("Popraw: Ann", "0")]}[lang]
