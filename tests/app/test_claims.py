"""Seat claims wait for the host: the question on the table, the host's keys answering it,
the decision written (fsynced) before the box hears it, takeovers and releases visible."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from companion.app.claims import AWAY_SECONDS, WAIT_SECONDS, ClaimLog
from companion.app.controller import Controller
from companion.boxes.vocabulary import (
    HOST_SEAT,
    ClaimAway,
    ClaimRequest,
    ClaimWithdrawn,
    Intent,
    SeatIntent,
)
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import msg
from companion.i18n import translator

GAME = get_game("camel-up")


class Binder:
    """A box kind holding seats, as phones or serial boxes would."""

    what = msg("New box")

    def __init__(self) -> None:
        self.held: set[int] = set()

    def bound(self) -> tuple[int, ...]:
        return tuple(sorted(self.held))

    def release(self, seat: int) -> None:
        self.held.discard(seat)


def table(tmp: Path, lang: str = "en") -> tuple[Controller, Binder, Path]:
    c = Controller(History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in
                                                          ("Ann", "Bob", "Cyrille")))),
                   None, translator(lang))
    log = tmp / "claims.jsonl"
    c.claims.log = ClaimLog(log, lambda: "2026-11-25T18:00:00Z")
    binder = Binder()
    c.claims.binders.append(binder)
    return c, binder, log


def host(c: Controller, intent: Intent, now: float = 1.0) -> None:
    c.handle(SeatIntent(HOST_SEAT, intent), now)


def test_the_host_accepts_and_the_box_hears_only_after_the_log_line(tmp_path: Path) -> None:
    c, binder, log = table(tmp_path)
    heard: list[tuple[bool, list[str]]] = []

    def answer(ok: bool) -> None:
        heard.append((ok, log.read_text().splitlines()))  # what is on disk at that moment
        if ok:
            binder.held.add(2)

    c.handle(ClaimRequest("b1", 2, msg("New box"), False, answer), 0.0)
    line = c.host_line()  # the host's own line asks, as a question
    assert line.hint.render() == "New box for Cyrille? Return to accept, Left to refuse"
    assert line.asking
    host(c, Intent.OK_HELD)  # no undo while a box waits: nothing happens
    assert heard == [] and c.claims.pending
    host(c, Intent.OK)
    assert len(heard) == 1 and heard[0][0] is True
    assert [json.loads(x)["event"] for x in heard[0][1]] == ["accepted"]
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    banner = c.banner_text()
    assert banner is not None and banner.render() == "New box for Cyrille: accepted"
    c.expire(100.0)
    assert c.banner_text() is None


def test_refuse_rotate_withdraw_takeover_and_release(tmp_path: Path) -> None:
    c, binder, log = table(tmp_path, "pl")
    answers: dict[str, bool] = {}

    def claim(cid: str, seat: int) -> ClaimRequest:
        return ClaimRequest(cid, seat, msg("Phone"), False,
                            lambda ok: answers.__setitem__(cid, ok))

    binder.held.add(0)
    c.handle(claim("p1", 1), 0.0)
    c.handle(claim("p2", 0), 0.0)
    c.handle(claim("p3", 2), 0.0)
    assert c.host_hint().render(translator("pl")) == (
        "Telefon dla Bob? Enter: przyjmij, w lewo: odrzuć (W prawo: czekają jeszcze: 2)")
    host(c, Intent.MINUS)  # refuse Bob's
    assert answers == {"p1": False}
    host(c, Intent.PLUS)  # look at the next one: p3 first, p2 later
    c.handle(ClaimWithdrawn("p3"), 1.0)  # the phone behind p3 went away
    assert "replacing" in c.host_hint().render()  # Ann's seat has a box
    host(c, Intent.OK)
    assert answers == {"p1": False, "p2": True} and not c.claims.pending
    banner = c.banner_text()
    assert banner is not None and banner.render() == "Phone took over Ann's seat"
    labels = [e.label.render() for e in c.host_options()]
    for _ in range(labels.index("Release New box: Ann")):  # the menu: Right to the entry
        host(c, Intent.PLUS, 10.0)
    host(c, Intent.OK, 10.0)  # one OK only asks: releasing cuts a playing box off its seat
    assert binder.held == {0}
    assert c.host_line().asking and c.host_hint().render() == (
        "Press Return (OK) again within 3 s: Release New box: Ann. Any other key cancels.")
    assert c.host_lcd_lines() == ("OK ponownie?    ", "Zwolnij miejsce ")  # a Polish table
    host(c, Intent.OK, 13.0)  # 3 s later is too late: it only asks again
    assert binder.held == {0}
    host(c, Intent.PLUS, 13.5)  # any other key cancels
    assert not c.host_line().asking and binder.held == {0}
    host(c, Intent.MINUS, 13.6)
    host(c, Intent.OK, 14.0)
    host(c, Intent.OK, 16.9)  # the second OK in time runs it
    assert binder.held == set()
    events = [json.loads(x)["event"] for x in log.read_text().splitlines()]
    assert events == ["refused", "takeover", "released"]


def test_a_claim_for_a_seat_the_table_has_not_is_refused_at_once(tmp_path: Path) -> None:
    c, _, _ = table(tmp_path)
    answers: list[bool] = []
    assert not c.handle(ClaimRequest("x", 7, msg("Phone"), False, answers.append), 0.0)
    assert answers == [False] and not c.claims.pending


class Asker:
    """A box's claim, recording what the app told it."""

    def __init__(self, cid: str, seat: int) -> None:
        self.heard: list[str] = []
        self.request = ClaimRequest(cid, seat, msg("Phone"), False,
                                    lambda ok: self.heard.append(f"answer {ok}"),
                                    lambda: self.heard.append("expired"))


def test_a_claim_whose_phone_went_away_is_withdrawn_after_a_grace(tmp_path: Path) -> None:
    c, _, log = table(tmp_path)
    bob = Asker("p1", 1)
    c.handle(bob.request, 100.0)
    c.handle(ClaimAway("p1", True), 101.0)  # the page closed (a reload, or put away)
    assert c.next_deadline() == 101.0 + AWAY_SECONDS  # the loop wakes for it, not by polling
    assert not c.expire(101.0 + AWAY_SECONDS - 0.01)
    assert c.claims.pending and bob.heard == []
    c.handle(ClaimAway("p1", False), 110.0)  # a reload comes back: the question stays
    assert not c.expire(140.0) and c.claims.pending
    c.handle(ClaimAway("p1", True), 150.0)  # away again, for good
    assert c.expire(150.0 + AWAY_SECONDS)
    assert not c.claims.pending and bob.heard == ["expired"]
    assert c.host_hint().render() != "Phone for Bob? Return to accept, Left to refuse"
    banner = c.banner_text()
    assert banner is not None and banner.render() == "Phone for Bob went away: question withdrawn"
    assert banner.render(translator("pl")) == "Telefon dla Bob zniknął: pytanie wycofane"
    c.expire(150.0 + AWAY_SECONDS + 5.0)
    assert c.banner_text() is None  # short: five seconds
    events = [json.loads(x)["event"] for x in log.read_text().splitlines()]
    assert events == ["expired"]
    host(c, Intent.OK, 200.0)  # the host's OK now goes to the menu, not to a stale claim
    assert bob.heard == ["expired"]


def test_a_claim_nobody_answers_goes_after_two_minutes_and_others_stay(tmp_path: Path) -> None:
    c, _, _ = table(tmp_path)
    bob, cy = Asker("p1", 1), Asker("p2", 2)
    c.handle(bob.request, 0.0)
    c.handle(cy.request, 60.0)
    assert "1 more waiting" in c.host_hint().render()
    assert c.next_deadline() == WAIT_SECONDS
    assert not c.expire(WAIT_SECONDS - 0.01)
    assert c.expire(WAIT_SECONDS)
    assert bob.heard == ["expired"] and cy.heard == []
    assert c.host_hint().render() == "Phone for Cyrille? Return to accept, Left to refuse"
    banner = c.banner_text()
    assert banner is not None and banner.render() == (
        "Phone for Bob: no answer in 2 minutes, withdrawn")
    host(c, Intent.OK, WAIT_SECONDS + 1)  # Cyrille's, answered in time, is accepted
    assert cy.heard == ["answer True"]
    assert c.next_deadline() == WAIT_SECONDS + 1 + 5.0  # only the banner is left


def test_away_news_for_a_claim_not_waiting_changes_nothing(tmp_path: Path) -> None:
    c, _, _ = table(tmp_path)
    assert not c.handle(ClaimAway("nobody", True), 0.0)
    assert c.next_deadline() is None
    # a box without an `expired` hook hears a refusal instead
    heard: list[bool] = []
    c.handle(ClaimRequest("old", 0, msg("New box"), False, heard.append), 0.0)
    c.expire(WAIT_SECONDS)
    assert heard == [False] and not c.claims.pending
