"""The shared round shapes: sealed (secret until all lock) and ordered (one at a time)."""

from __future__ import annotations

import pytest

from companion.engine.errors import IllegalAction
from companion.engine.rounds import OrderedRound, SealedRound


def test_sealed_round_locks_unlocks_and_reveals_only_when_complete() -> None:
    r = SealedRound((0, 1, 2)).enter(0, 5).enter(2, 1)
    assert not r.complete and r.own(0) == 5 and r.own(1) is None
    with pytest.raises(RuntimeError):
        r.values()
    with pytest.raises(IllegalAction, match="Already locked"):
        r.enter(0, 6)
    r = r.withdraw(0).enter(0, 6).enter(1, 0)
    assert r.complete and r.values() == {0: 6, 1: 0, 2: 1}
    with pytest.raises(IllegalAction, match="Not in this\nround"):
        r.enter(3, 1)


def test_ordered_round_turns_stay_and_queue() -> None:
    r = OrderedRound.of([2, 0, 1])
    assert r.current == 2
    with pytest.raises(IllegalAction, match="Not your turn\nCy is up"):
        r.check_turn(0, ["Ann", "Bob", "Cy"])
    r = r.advance().stay()
    assert r.current == 0 and r.acted == (2,) and r.waiting == (1,)
    r = r.advance().advance()
    assert r.done and r.current is None
    r = r.then([0])
    assert r.current == 0 and not r.done
    with pytest.raises(IllegalAction):
        r.advance().advance()


def test_history_refuses_a_seat_that_is_not_at_the_table() -> None:
    from companion.engine.actions import Enter, Withdraw
    from companion.engine.history import History, Setup
    from companion.engine.registry import all_games
    from companion.engine.seats import Seat

    for game in all_games():
        h = History.start(game, Setup(game.id, tuple(Seat(f"S{i}") for i in range(game.min_seats))))
        for action in (Enter(game.min_seats, 1), Enter(-1, 1), Withdraw(game.min_seats)):
            with pytest.raises(IllegalAction, match="No seat"):
                h.apply(action)
        assert len(h.actions) == 0, game.id
