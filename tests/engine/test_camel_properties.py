"""Properties over random Camel Up games: money conserved, replay equals live play, and
the public view does not depend on unrevealed bids (so it cannot leak them)."""

from __future__ import annotations

import contextlib
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.actions import Action, Enter, Host, Withdraw
from companion.engine.errors import IllegalAction
from companion.engine.game import public_asks
from companion.engine.games.camel_up_off_season import CARDS
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.rounds.sealed import SealedRound
from companion.engine.seats import Seat

GAME = get_game("camel-up")
SEATS = tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di"))

moves = st.lists(
    st.one_of(
        st.tuples(st.just("card"), st.sampled_from(sorted(CARDS))),
        st.tuples(st.just("enter"), st.integers(0, 3), st.integers(-1, 14)),
        st.tuples(st.just("withdraw"), st.integers(0, 3)),
        st.tuples(st.just("abandon")),
        st.tuples(st.just("undo")),
    ),
    max_size=80,
)


def to_action(m: tuple[object, ...]) -> Action:
    from companion.engine.actions import Undo

    if m[0] == "card":
        return Host.make("start", card=str(m[1]))
    if m[0] == "enter":
        return Enter(int(m[1]), int(m[2]))  # type: ignore[call-overload]
    if m[0] == "withdraw":
        return Withdraw(int(m[1]))  # type: ignore[call-overload]
    if m[0] == "abandon":
        return Host.make("abandon")
    return Undo()


def play(ms: list[tuple[object, ...]]) -> History:
    h = History.start(GAME, Setup(GAME.id, SEATS))
    for m in ms:
        with contextlib.suppress(IllegalAction):
            h.apply(to_action(m))
    return h


@settings(max_examples=200, deadline=None)
@given(moves)
def test_money_is_conserved_and_never_negative(ms: list[tuple[object, ...]]) -> None:
    h = play(ms)
    for state in h.states:
        assert state.ledger.total == 40
        assert all(state.coins(s) >= 0 for s in range(4))


@settings(max_examples=200, deadline=None)
@given(moves)
def test_replaying_the_accepted_actions_gives_the_live_state(ms: list[tuple[object, ...]]) -> None:
    live = play(ms)
    again = replay(GAME, live.setup, live.journal_actions)
    assert again.state == live.state
    assert GAME.outcome(again.state) == GAME.outcome(live.state)


@settings(max_examples=200, deadline=None)
@given(moves, st.lists(st.integers(0, 10), min_size=4, max_size=4))
def test_public_view_does_not_depend_on_unrevealed_bids(
    ms: list[tuple[object, ...]], other: list[int]
) -> None:
    state = play(ms).state
    cur = state.current
    if state.phase != "bidding" or cur is None or not cur.bids.entries:
        return
    # same state, but every locked bid swapped for another value: the table must not change
    swapped = SealedRound(cur.bids.seats, {s: other[s] for s in cur.bids.entries})
    twin = replace(state, auctions=(*state.auctions[:-1], replace(cur, bids=swapped)))
    assert GAME.table(twin) == GAME.table(state)
    assert public_asks(GAME, twin, 4) == public_asks(GAME, state, 4)
    for seat in range(4):
        if seat not in cur.bids.entries:
            assert GAME.prompt(twin, seat) == GAME.prompt(state, seat)  # others' boxes too
