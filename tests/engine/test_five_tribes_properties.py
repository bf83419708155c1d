"""Properties over random Five Tribes games: gold conserved and never negative, replay equals
live play, the public view independent of every seat's hidden gold (so it cannot leak it),
and every text a box shows fits its 16x2 LCD."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.actions import Action, Enter, Host, Undo, Value, Withdraw
from companion.engine.errors import IllegalAction
from companion.engine.game import public_asks
from companion.engine.games.five_tribes import CARD_TYPES, MERCHANDISE, FiveTribesState
from companion.engine.history import History, Setup, replay
from companion.engine.ledger import SUPPLY, Ledger, seat_account
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import Msg

GAME = get_game("five-tribes")
NAMES = ("Ann", "Bob", "Cy", "Di")
START = 50

# What boxes and hosts send, weighted towards what moves the game on.
VALUES: tuple[Value, ...] = (
    "18", "12", "8", "5", "3", "1", "0", "0", "0", "fakirs", "back",
    "sell", "small", "large", "gain", "pay", "done", "done", "done", "end", "end",
    "close", "undo", "fakir", *CARD_TYPES, 0, 1, 2, 3, 6, 9, 10, 24, 60,
)

moves = st.lists(
    st.one_of(
        *[st.tuples(st.just("legal"), st.integers(0, 20), st.integers(0, 3))] * 8,
        *[st.tuples(st.just("finish"), st.integers(0, 3))] * 3,
        st.tuples(st.just("act"), st.sampled_from(VALUES)),
        st.tuples(st.just("act"), st.sampled_from(VALUES)),
        st.tuples(st.just("enter"), st.integers(0, 3), st.sampled_from(VALUES)),
        st.tuples(st.just("withdraw"), st.integers(0, 3)),
        st.tuples(st.just("kumarbi"), st.integers(-1, 3)),
        st.tuples(st.just("adjust"), st.integers(0, 3), st.integers(-60, 60)),
        st.tuples(st.just("end"), st.integers(0, 3)),  # mostly a no-op: ends the game rarely
        st.tuples(st.just("undo")),
    ),
    min_size=60,
    max_size=200,
)
seat_counts = st.integers(2, 4)


def to_action(state: FiveTribesState, m: tuple[Any, ...]) -> Action:
    if m[0] == "legal":  # what a box can send: one of the prompt's choices, extras or numbers
        seat = state.actor if state.actor is not None else m[2] % len(state.seats)
        p = GAME.prompt(state, seat)
        options: list[Value] = [c.key for c in (*p.choices, *p.extras)]
        if p.kind == "number" and not p.locked:
            options += [p.lo, p.hi, (p.lo + p.hi) // 2, min(p.hi, p.lo + 5)]
        return Enter(seat, options[m[1] % len(options)] if options else 0)
    if m[0] == "finish":  # close what the seat is doing: DONE, END of a sale, BACK
        seat = state.actor if state.actor is not None else m[1] % len(state.seats)
        keys = [c.key for c in (*GAME.prompt(state, seat).choices,
                                *GAME.prompt(state, seat).extras)]
        return Enter(seat, next((k for k in ("done", "end", "back") if k in keys), "done"))
    if m[0] == "act":  # the seat whose turn it is (or seat 0 when nobody has the turn)
        seat = state.actor if state.actor is not None else 0
        return Enter(seat, m[1])
    if m[0] == "enter":
        return Enter(m[1] % len(state.seats), m[2])
    if m[0] == "withdraw":
        return Withdraw(m[1] % len(state.seats))
    if m[0] == "kumarbi":
        return Host.make("kumarbi", seat=min(m[1], len(state.seats) - 1))
    if m[0] == "adjust":
        return Host.make("adjust", seat=m[1] % len(state.seats), amount=m[2])
    if m[0] == "end":
        return Host.make("end") if m[1] == 0 else Host.make("nothing")
    return Undo()


def play(n: int, ms: list[tuple[Any, ...]],
         refused: list[Msg] | None = None, events: list[Msg] | None = None) -> History:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(x) for x in NAMES[:n])))
    for m in ms:
        try:
            for ev in h.apply(to_action(h.state, m)):
                if ev.seat is not None and events is not None:
                    events.append(ev.text)
        except IllegalAction as exc:
            if refused is not None:
                refused.append(exc.message)
    return h


@settings(max_examples=300, deadline=None)
@given(seat_counts, moves)
def test_gold_is_conserved_and_never_negative(n: int, ms: list[tuple[Any, ...]]) -> None:
    h = play(n, ms)
    for state in h.states:
        assert state.ledger.total == START * n
        assert all(state.gold(s) >= 0 for s in range(n))


@settings(max_examples=200, deadline=None)
@given(seat_counts, moves)
def test_replaying_the_accepted_actions_gives_the_live_state(n: int,
                                                             ms: list[tuple[Any, ...]]) -> None:
    live = play(n, ms)
    again = replay(GAME, live.setup, live.journal_actions)
    assert again.state == live.state
    assert GAME.outcome(again.state) == GAME.outcome(live.state)


def with_gold(state: FiveTribesState, gold: list[int]) -> FiveTribesState:
    """The same table, but every seat holding other (hidden) gold."""
    accounts = {seat_account(s): gold[s] for s in range(len(state.seats))}
    ledger = Ledger.open(accounts | {SUPPLY: state.ledger.balance(SUPPLY)})
    return replace(state, ledger=ledger)


@settings(max_examples=200, deadline=None)
@given(seat_counts, moves, st.lists(st.integers(0, 300), min_size=4, max_size=4),
       st.lists(st.lists(st.integers(0, 60), min_size=15, max_size=15), min_size=4,
                max_size=4))
def test_public_view_does_not_depend_on_hidden_gold(n: int, ms: list[tuple[Any, ...]],
                                                    other: list[int],
                                                    pads: list[list[int]]) -> None:
    """Non-interference: change every seat's gold (and, while they are secret, the score
    pads): the table screen is the same, and so is every other seat's box."""
    for state in play(n, ms).states:
        if state.phase == "over":
            continue  # the final screen reveals gold on purpose
        twin = with_gold(state, other)
        if state.phase == "scoring":
            twin = replace(twin, pads={s: tuple(pads[s][:len(state.pads.get(s, ()))])
                                       for s in range(n)})
        assert GAME.table(twin) == GAME.table(state)
        assert public_asks(GAME, twin, n) == public_asks(GAME, state, n)
        for seat in range(n):
            # Only this seat's gold changes: every other box stays the same.
            mine = [other[s] if s == seat else state.gold(s) for s in range(n)]
            one = with_gold(state, mine)
            for looker in range(n):
                if looker != seat:
                    assert GAME.prompt(one, looker) == GAME.prompt(state, looker)
        assert all(line.money is None for line in GAME.table(state).seats)


def lcd_ok(text: str, cols: int = 16) -> bool:
    lines = text.split("\n")
    return len(lines) <= 2 and all(len(line) <= cols for line in lines)


@settings(max_examples=200, deadline=None)
@given(seat_counts, moves)
def test_every_box_text_fits_the_lcd(n: int, ms: list[tuple[Any, ...]]) -> None:
    refused: list[Msg] = []
    private: list[Msg] = []
    h = play(n, ms, refused, private)
    for m in refused + private:
        assert lcd_ok(m.render()), m.render()
    for state in h.states:
        for seat in range(n):
            p = GAME.prompt(state, seat)
            # The label beside "$999" (when the box shows money); a choice between "<" ">".
            room = 16 - (5 if p.money is not None else 0)
            assert len(p.label.render()) <= room, p.label.render()
            assert all(len(c.label.render()) <= 14 for c in (*p.choices, *p.extras)), p
            if p.info is not None:
                assert lcd_ok(p.info.render()), p.info.render()
            if p.kind == "choice":
                assert p.choices and p.initial in [c.key for c in p.choices]
            if p.kind == "number" and not p.locked:
                assert p.lo <= p.hi


def private_script(gain: int, suits: list[list[str]], pay: int) -> list[Action]:
    """One turn where only hidden amounts vary: what Ann gains, sells and pays."""
    bids: list[Action] = [Enter(0, "18"), Enter(1, "0"), Enter(2, "0"), Enter(3, "0")]

    def sale(seat: int, order: list[list[str]]) -> list[Action]:
        out: list[Action] = [Enter(seat, "sell")]
        for suit in order:
            out += [*(Enter(seat, c) for c in suit), Enter(seat, "close")]
        return [*out, Enter(seat, "end")]

    ann: list[Action] = [Enter(0, "gain"), Enter(0, gain), *sale(0, suits),
                         Enter(0, "pay"), Enter(0, pay), Enter(0, "done")]
    rest: list[Action] = [*sale(3, list(reversed(suits))),
                          *[Enter(s, "done") for s in (3, 2, 1)],
                          Enter(0, "0")]  # turn 2: Ann bids first, and 0 is always legal
    return bids + ann + rest


def deal(sizes: list[int]) -> list[list[str]] | None:
    """Suits of these sizes from one hand (the most plentiful types first), or None when the
    deck has too few cards of some type."""
    left = dict(zip(CARD_TYPES, MERCHANDISE, strict=True))
    suits = []
    for size in sizes:
        types = sorted((t for t in CARD_TYPES if left[t]), key=lambda t: -left[t])[:size]
        if len(types) < size:
            return None
        for t in types:
            left[t] -= 1
        suits.append(types)
    return suits


amounts = st.tuples(st.integers(1, 200),
                    st.lists(st.integers(1, 9), min_size=1, max_size=4).map(deal).filter(
                        lambda d: d is not None),
                    st.integers(1, 32))


@settings(max_examples=100, deadline=None)
@given(amounts, amounts)
def test_hidden_amounts_never_reach_the_table(a: tuple[int, list[list[str]], int],
                                              b: tuple[int, list[list[str]], int]) -> None:
    """Two games with the same public moves and different gains, sales and payments show
    the same table screen after every step (the steps inside a sale are left out: their
    number differs, and the table shows none of them)."""
    def tables(amount: tuple[int, list[list[str]], int]) -> list[Any]:
        h = History.start(GAME, Setup(GAME.id, tuple(Seat(x) for x in NAMES)))
        out = []
        for action in private_script(*amount):
            h.apply(action)  # every step is legal: a refusal fails the test
            if h.state.mode != "sell":
                out.append(GAME.table(h.state))
        return out

    assert tables(a) == tables(b)
