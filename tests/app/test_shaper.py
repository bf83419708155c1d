"""Debounce, auto-repeat with acceleration, and OK held, on an injected clock."""

from __future__ import annotations

from companion.app.shaper import DEBOUNCE, HOLD, REPEAT_DELAY, InputShaper
from companion.boxes.vocabulary import Intent, Key, KeyEdge, SeatIntent


def edge(key: Key, down: bool, at: float, seat: int = 0) -> KeyEdge:
    return KeyEdge(seat, key, down, at)


def test_a_bouncing_press_counts_once() -> None:
    sh = InputShaper()
    out: list[SeatIntent] = []
    t = 1.0
    for i, down in enumerate([True, False, True, False, True]):  # contact bounce inside 8 ms
        out += sh.feed(edge(Key.PLUS, down, t + i * 0.002))
    out += sh.poll(t + DEBOUNCE + 0.001)
    out += sh.feed(edge(Key.PLUS, False, t + 0.1))
    assert out == [SeatIntent(0, Intent.PLUS)]


def test_a_change_swallowed_by_the_window_is_taken_when_it_settles() -> None:
    sh = InputShaper()
    assert sh.feed(edge(Key.OK, True, 1.0)) == []
    assert sh.feed(edge(Key.OK, False, 1.005)) == []  # a real short tap inside the window
    assert sh.next_deadline() == 1.0 + DEBOUNCE
    assert sh.poll(1.0 + DEBOUNCE) == [SeatIntent(0, Intent.OK)]


def test_holding_plus_repeats_and_accelerates() -> None:
    sh = InputShaper()
    out = sh.feed(edge(Key.PLUS, True, 0.0))
    out += sh.poll(REPEAT_DELAY + 4.0)
    steps = [i.step for i in out]
    assert steps[0] == 1 and steps.count(1) == 11 and 5 in steps and steps[-1] == 25
    total = sum(steps)
    assert total > 300  # under five seconds of holding reaches a few hundred
    assert sh.feed(edge(Key.PLUS, False, REPEAT_DELAY + 4.0)) == []
    assert sh.poll(100.0) == []


def test_ok_held_fires_once_and_release_adds_no_press() -> None:
    sh = InputShaper()
    sh.feed(edge(Key.OK, True, 0.0))
    assert sh.poll(HOLD - 0.01) == []
    assert sh.poll(HOLD) == [SeatIntent(0, Intent.OK_HELD)]
    assert sh.feed(edge(Key.OK, False, HOLD + 0.5)) == []


def test_seats_are_independent() -> None:
    sh = InputShaper()
    a = sh.feed(edge(Key.MINUS, True, 0.0, seat=0))
    b = sh.feed(edge(Key.MINUS, True, 0.001, seat=1))
    assert a == [SeatIntent(0, Intent.MINUS)] and b == [SeatIntent(1, Intent.MINUS)]


def test_edges_debounced_at_the_box_are_not_held_back_again() -> None:
    # A serial box debounced these; line jitter made press and release arrive 5 ms apart.
    sh = InputShaper()
    assert sh.feed(KeyEdge(0, Key.OK, True, 1.0, debounced=True)) == []
    assert sh.feed(KeyEdge(0, Key.OK, False, 1.005, debounced=True)) == [SeatIntent(0, Intent.OK)]
    assert sh.next_deadline() is None


def test_ok_held_takes_eight_tenths_of_a_second() -> None:
    """Pinned in seconds, not by the constant: players learn this timing by hand."""
    sh = InputShaper()
    sh.feed(edge(Key.OK, True, 10.0))
    assert sh.poll(10.79) == []
    assert sh.poll(10.8) == [SeatIntent(0, Intent.OK_HELD)]
    assert sh.feed(edge(Key.OK, False, 11.0)) == []
    # let go before then: a plain OK
    sh.feed(edge(Key.OK, True, 20.0))
    assert sh.feed(edge(Key.OK, False, 20.79)) == [SeatIntent(0, Intent.OK)]
