"""Properties over random Amun-Re games: gold conserved and never negative, replay equals live
play, and hidden gold does not reach the table (non-interference: changing a seat's gold and
cards changes neither the table, nor the public events of the next step, nor another seat's box).

Random games are driven through the prompts: mostly a seat that must act picks one of the
choices its box offers (or a number in range), sometimes anything at all (refusals must change
nothing), and the host offers provinces, corrects gold and cards, undoes, or ends the game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.actions import Action, Enter, Host, Undo, Withdraw
from companion.engine.errors import IllegalAction
from companion.engine.game import public_asks
from companion.engine.games.amun_re import PROVINCES, AmunReState, Hand
from companion.engine.history import History, Setup, replay
from companion.engine.ledger import SUPPLY, Ledger, seat_account
from companion.engine.registry import get_game
from companion.engine.seats import Seat

GAME = get_game("amun-re")


def pick_action(data: st.DataObject, h: History) -> Action:
    state: AmunReState = h.state
    n = len(state.seats)
    roll = data.draw(st.integers(0, 99), label="roll")
    if roll < 3:
        return Undo()
    if roll < 5:
        return Host.make("adjust", seat=data.draw(st.integers(0, n - 1)),
                         amount=data.draw(st.integers(-8, 8)))
    if roll < 7:
        return Host.make("cards", seat=data.draw(st.integers(0, n - 1)),
                         other=data.draw(st.integers(0, 2)), blockade=data.draw(st.integers(0, 2)),
                         outbid=data.draw(st.integers(0, 2)))
    if roll < 8:
        return Host.make("end")
    if state.phase == "provinces":
        # With province data on, the host answers the menu's question about a province.
        ask = [c for c in GAME.host_commands(state) if c.command == "province"]
        if ask:
            return Host.make("province", **{k: data.draw(st.sampled_from(v), label=k)
                                            for k, v in ask[0].params.items()})
        free = [p for p in PROVINCES if p not in state.taken]
        chosen = data.draw(st.permutations(free), label="provinces")[:n]
        return Host.make("provinces", names=",".join(chosen))
    if roll < 14:  # anything at all from any seat
        seat = data.draw(st.integers(0, n - 1))
        if roll < 10:
            return Withdraw(seat)
        value = data.draw(st.one_of(st.integers(-2, 60), st.sampled_from(
            ["steal", "sell", "back", "blockade", "outbid", "B", "O", "none", *PROVINCES[:6]])))
        return Enter(seat, value)
    acting = [s for s in range(n) if GAME.prompt(state, s).accepts_input]
    if not acting:
        return Host.make("end")
    seat = data.draw(st.sampled_from(acting), label="seat")
    p = GAME.prompt(state, seat)
    if p.kind == "choice":
        return Enter(seat, data.draw(st.sampled_from([c.key for c in p.choices]), label="choice"))
    extras = [c.key for c in p.extras]
    if extras and data.draw(st.integers(0, 4)) == 0:
        return Enter(seat, data.draw(st.sampled_from(extras)))
    hi = min(p.hi, p.lo + 12)  # keep incomes small so games stay varied
    return Enter(seat, data.draw(st.integers(p.lo, hi), label="number"))


def random_game(data: st.DataObject) -> History:
    seats = data.draw(st.sampled_from([("Ann", "Bob", "Cy"), ("Ann", "Bob", "Cy", "Di"),
                                       ("Ann", "Bob", "Cy", "Di", "Ed")]), label="seats")
    options: dict[str, Any] = {
        "edition": data.draw(st.sampled_from(["2003", "2016"]), label="edition"),
        "start_player": data.draw(st.integers(0, len(seats) - 1), label="sp"),
        "start_cards": data.draw(st.integers(0, 3), label="cards"),
        "rounds": data.draw(st.integers(1, 6), label="rounds"),
        "province_data": data.draw(st.sampled_from(["host", "off"]), label="data"),
    }
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(s) for s in seats), options))
    steps = data.draw(st.integers(0, 140), label="steps")
    for _ in range(steps):
        if h.state.phase == "over":
            break
        action = pick_action(data, h)
        try:
            h.apply(action)
        except IllegalAction as exc:
            if not isinstance(action, Host | Undo):  # a box's refusal fits its 16x2 LCD
                lines = exc.message.render().split("\n")
                assert len(lines) <= 2 and all(len(x) <= 16 for x in lines), lines
    return h


def richer(state: AmunReState, seat: int, gold: int, hand: Hand) -> AmunReState:
    """The same table, but `seat` holds other gold and other cards (bank pays the difference,
    so the total stays put)."""
    bal = dict(state.ledger.balances)
    delta = gold - bal[seat_account(seat)]
    bal[seat_account(seat)] = gold
    bal[SUPPLY] -= delta
    ledger = Ledger(bal, state.ledger.history, state.ledger.unbounded)
    hands = list(state.hands)
    hands[seat] = hand
    return replace(state, ledger=ledger, hands=tuple(hands))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_gold_is_conserved_and_never_negative(data: st.DataObject) -> None:
    h = random_game(data)
    start = h.states[0].ledger.total
    for state in h.states:
        assert state.ledger.total == start
        assert all(state.gold(s) >= 0 for s in range(len(state.seats)))
        assert all(min(hand.other, hand.blockade, hand.outbid) >= 0 for hand in state.hands)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_replaying_the_accepted_actions_gives_the_live_state(data: st.DataObject) -> None:
    live = random_game(data)
    again = replay(GAME, live.setup, live.journal_actions)
    assert again.state == live.state
    assert GAME.outcome(again.state) == GAME.outcome(live.state)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_hidden_gold_and_cards_do_not_reach_the_table(data: st.DataObject) -> None:
    h = random_game(data)
    n = len(h.setup.seats)
    for k, state in enumerate(h.states):
        if state.phase == "over":
            continue  # Final Scoring reveals the gold
        seat = data.draw(st.integers(0, n - 1), label="seat")
        gold = data.draw(st.integers(0, 90), label="gold")
        hand = Hand(*data.draw(st.tuples(st.integers(0, 4), st.integers(0, 2),
                                         st.integers(0, 2)), label="hand"))
        twin = richer(state, seat, gold, hand)
        assert GAME.table(twin) == GAME.table(state)
        assert public_asks(GAME, twin, n) == public_asks(GAME, state, n)
        for other in range(n):
            if other != seat:
                assert GAME.prompt(twin, other) == GAME.prompt(state, other)
        if k + 1 >= len(h.states):
            continue
        # The next accepted action, applied with more gold and cards everywhere, announces the
        # same public events and leads to the same table (an action needing less gold than
        # the real seat had is still legal when every seat is richer).
        action = h.actions[k]
        if isinstance(action, Host) and action.command in ("adjust", "cards", "end"):
            continue
        rich = state
        for s in range(n):
            old = state.hands[s]
            rich = richer(rich, s, state.gold(s) + 50, replace(old, other=old.other + 3))
        real = GAME.apply(state, action)
        if real.state.phase == "over":
            continue
        try:
            other_step = GAME.apply(rich, action)
        except IllegalAction:
            continue  # e.g. "sell" asked of a seat that no longer needs to sell
        assert [e for e in other_step.events if e.seat is None] == [
            e for e in real.events if e.seat is None]
        assert GAME.table(other_step.state) == GAME.table(real.state)
