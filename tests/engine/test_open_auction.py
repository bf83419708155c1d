"""The open auction shape: opener must open, raises by at least the step, a pass is final,
clockwise from the opener, ends when one bidder is left, never above a seat's limit."""

from __future__ import annotations

import pytest

from companion.engine.errors import IllegalAction
from companion.engine.rounds.open_auction import OpenAuction

NAMES = ["Ann", "Bob", "Cy", "Di"]
RICH = {0: 240, 1: 240, 2: 240, 3: 240}


def start(order: tuple[int, ...] = (1, 2, 3, 0), limits: dict[int, int] | None = None,
          unit: int = 5) -> OpenAuction:
    return OpenAuction.start(order, 20, 5, limits or RICH, unit=unit)


def test_the_opener_acts_first_and_cannot_pass_before_opening() -> None:
    a = start()
    assert a.turn == 1 and a.need == 20 and not a.opened
    with pytest.raises(IllegalAction, match="You must open\n20 or more"):
        a.pass_(1, NAMES)
    with pytest.raises(IllegalAction, match="Opening bid\n20 or more"):
        a.bid(1, 15, NAMES)
    with pytest.raises(IllegalAction, match="Not your turn\nBob is up"):
        a.bid(2, 20, NAMES)


def test_turns_go_clockwise_from_the_opener_and_skip_the_leader() -> None:
    a = start().bid(1, 20)
    assert a.turn == 2
    a = a.bid(2, 25)
    assert a.turn == 3
    a = a.pass_(3)
    assert a.turn == 0
    a = a.pass_(0)
    assert a.turn == 1  # back to the opener: Cy leads and is skipped
    a = a.bid(1, 40)
    assert a.turn == 2 and a.still_in == (1, 2)
    a = a.pass_(2)
    assert a.done and a.winner == 1 and a.price == 40
    assert a.out == (3, 0, 2)


def test_a_raise_under_the_step_and_off_unit_bids_are_refused() -> None:
    a = start().bid(1, 20)
    with pytest.raises(IllegalAction, match="Min raise 5\nbid 25 or more"):
        a.bid(2, 24)
    with pytest.raises(IllegalAction, match="Bids go in\nsteps of 5"):
        a.bid(2, 27)
    assert a.bid(2, 25).high == 25  # the refusals changed nothing


def test_no_bid_above_the_limit() -> None:
    a = start(limits={0: 240, 1: 240, 2: 30, 3: 240}).bid(1, 20)
    with pytest.raises(IllegalAction, match="Over your money\nyou have 30"):
        a.bid(2, 35)
    assert a.bid(2, 30).leader == 2


def test_a_pass_is_final() -> None:
    a = start().bid(1, 20).pass_(2).bid(3, 25).bid(0, 30).bid(1, 35)
    assert a.turn == 3  # Cy passed: never asked again
    with pytest.raises(IllegalAction, match="You passed"):
        a.bid(2, 40)


def test_seats_that_cannot_reach_the_next_bid_are_out_at_once() -> None:
    a = start(limits={0: 20, 1: 240, 2: 10, 3: 240}).bid(1, 20)
    # Cy (10) and Ann (20) cannot bid 25: out without being asked; Di is next
    assert a.forced == (2, 0) and a.out == (2, 0) and a.turn == 3
    assert a.still_in == (1, 3)
    a = a.pass_(3)
    assert a.done and a.winner == 1 and a.price == 20


def test_opener_alone_wins_at_the_opening_bid_when_nobody_can_raise() -> None:
    a = start(limits={0: 20, 1: 240, 2: 20, 3: 0}).bid(1, 20)
    assert a.done and a.winner == 1 and a.price == 20 and a.forced == (2, 3, 0)


def test_an_opener_who_cannot_afford_the_minimum_cannot_start() -> None:
    with pytest.raises(IllegalAction, match="Need 20 to\nopen an auction"):
        start(limits={0: 240, 1: 15, 2: 240, 3: 240})


def test_nothing_is_accepted_after_the_end() -> None:
    a = start().bid(1, 20).pass_(2).pass_(3).pass_(0)
    assert a.done and a.winner == 1
    with pytest.raises(IllegalAction, match="is over"):
        a.bid(1, 25)


def test_status_per_seat() -> None:
    a = start(limits={0: 240, 1: 240, 2: 240, 3: 10}).bid(1, 20).pass_(2)
    assert [a.status(s) for s in range(4)] == ["turn", "leading", "out", "forced"]


def test_a_seat_with_exactly_the_next_bid_stays_in() -> None:
    """Money equal to the next legal bid is enough: the seat is asked, and may bid it all."""
    a = start(limits={0: 240, 1: 240, 2: 25, 3: 240}).bid(1, 20)
    assert a.forced == () and a.turn == 2 and a.still_in == (1, 2, 3, 0)
    assert a.status(2) == "turn"
    a = a.bid(2, 25)
    assert a.leader == 2 and a.high == 25
    # the opener too: exactly the minimum opens
    assert start(limits={0: 240, 1: 20, 2: 240, 3: 240}).bid(1, 20).leader == 1
