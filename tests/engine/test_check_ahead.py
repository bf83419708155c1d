"""Seat entries checked ahead (`History.check_ahead`, asked while the table waits): the
entry, when it comes, is the very state worked out, and nothing else changes: a refused
entry is still refused, and a check made in another state is never used."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.actions import Enter, Host
from companion.engine.errors import IllegalAction
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat


def camel(seats: int = 4) -> History[Any]:
    game = get_game("camel-up")
    setup = Setup(game.id, tuple(Seat(f"P{i}", DEFAULT_COLOURS[i]) for i in range(seats)))
    history = History.start(game, setup)
    history.apply(Host.make("start", card="highest_bet"))
    return history


def test_the_entry_checked_ahead_is_the_state_it_brings() -> None:
    history = camel()
    ahead = {seat: history.check_ahead(Enter(seat, 3 + seat))[0] for seat in range(4)}
    history.apply(Enter(2, 5))
    assert history.state is ahead[2]  # the very state laid out ahead...
    # ...and the game it plays is the one a replay of its journal gives.
    assert history.state == replay(history.game, history.setup, history.actions).state


def test_a_check_from_another_state_is_not_used() -> None:
    history = camel()
    before = history.check_ahead(Enter(1, 4))[0]
    history.apply(Enter(0, 2))  # the table moved on: seat 1's entry now follows it
    after, _ = history.check(Enter(1, 4))
    assert after is not before
    assert after == history.game.apply(history.state, Enter(1, 4)).state
    history.apply(Enter(1, 4))
    assert history.state == replay(history.game, history.setup, history.actions).state


def test_a_refused_entry_stays_refused() -> None:
    history = camel()
    for _ in range(2):
        with pytest.raises(IllegalAction):
            history.check_ahead(Enter(0, 10_000))  # more than the seat has
    with pytest.raises(IllegalAction):
        history.apply(Enter(0, 10_000))
    assert len(history.actions) == 1  # only the host's start
