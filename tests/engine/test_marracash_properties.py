"""Properties over random MarraCash games: money conserved against the bank, replay equals
live play, every refusal fits the 16x2 LCD, and (sealed variant) the public view and the
other boxes do not depend on bids still locked.

The random player mostly answers what its box asks (a choice, a number from the prompt's
range or an extra such as PASS), so games get deep; now and then it sends garbage, a host
command or an undo.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.app.boxui import BoxSession
from companion.engine.actions import Action, Enter, Host, Undo, Value, Withdraw
from companion.engine.errors import IllegalAction
from companion.engine.game import public_asks
from companion.engine.games.marracash import SHOPS, MarraState
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.rounds.sealed import SealedRound
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("marracash")
SEATS = tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di"))
GARBAGE: tuple[Value, ...] = (-5, 0, 1, 3, 5, 7, 24, 1000, "pass", "move", "auction", "end",
                              "back", "done", "red1", "blue3", "nonsense")

steps = st.lists(
    st.one_of(
        st.tuples(st.just("box"), st.integers(0, 3), st.integers(0, 1000)),
        st.tuples(st.just("box"), st.integers(0, 3), st.integers(0, 1000)),
        st.tuples(st.just("box"), st.integers(0, 3), st.integers(0, 1000)),
        st.tuples(st.just("garbage"), st.integers(0, 3), st.sampled_from(GARBAGE)),
        st.tuples(st.just("withdraw"), st.integers(0, 3)),
        st.tuples(st.just("host"), st.sampled_from(["end_turn", "end_game", "adjust",
                                                    "start_seat"]), st.integers(0, 3)),
        st.tuples(st.just("undo")),
    ),
    max_size=150,
)
options = st.fixed_dictionaries({
    "auction": st.sampled_from(["open", "sealed"]),
    "preset": st.sampled_from(["seed", "1996"]),
    "queue": st.integers(1, 12),
})


def to_action(state: MarraState, m: tuple[Any, ...]) -> Action:
    """Turn a drawn step into an action, mostly one the seat's own box could send."""
    if m[0] == "box":
        pick = int(m[2])
        # Mostly a seat whose box asks something; that keeps the random game moving.
        asked = [s for s in range(4) if GAME.prompt(state, s).accepts_input]
        seat = asked[int(m[1]) % len(asked)] if asked and pick % 8 else int(m[1])
        p = GAME.prompt(state, seat)
        # A seat with nothing to do (or locked) presses anyway: the rules must refuse it.
        if p.kind == "choice":
            return Enter(seat, p.choices[pick % len(p.choices)].key)
        if p.kind == "number":
            values: list[Value] = [p.lo, p.hi, min(p.hi, p.lo + p.step), p.lo - p.step]
            values += [c.key for c in p.extras]
            values.append(p.lo + pick % max(1, p.hi - p.lo + 1))
            return Enter(seat, values[pick % len(values)])
        return Enter(seat, pick % 50)
    if m[0] == "garbage":
        return Enter(int(m[1]), m[2])
    if m[0] == "withdraw":
        return Withdraw(int(m[1]))
    if m[0] == "host":
        cmd, seat = str(m[1]), int(m[2])
        if cmd == "adjust":
            return Host.make("adjust", seat=seat, amount=-100 if seat % 2 else 35)
        if cmd == "start_seat":
            return Host.make("start_seat", seat=seat)
        return Host.make(cmd)
    return Undo()


def play(ms: list[tuple[Any, ...]], opts: dict[str, Any]) -> tuple[History, list[str]]:
    h = History.start(GAME, Setup(GAME.id, SEATS, opts))
    refusals: list[str] = []
    for m in ms:
        try:
            h.apply(to_action(h.state, m))
        except IllegalAction as exc:
            refusals.append(exc.message.render())
    return h, refusals


@settings(max_examples=150, deadline=None)
@given(steps, options)
def test_money_is_conserved_and_the_register_stays_sound(ms: list[tuple[Any, ...]],
                                                          opts: dict[str, Any]) -> None:
    h, _ = play(ms, opts)
    start = 1200 if opts["preset"] == "1996" else 240
    for state in h.states:
        assert state.ledger.total == 4 * start  # seats + bank: nothing made or lost
        assert all(state.money(s) >= 0 for s in range(4))
        assert 0 <= state.queue <= opts["queue"]
        for shop in state.shops.values():
            assert shop.customers >= 0
            assert shop.owner is not None or shop.customers == 0
    out = GAME.outcome(h.state)
    assert sum(m["money"] for m in out["money"]) + out["bank"] == 4 * start


@settings(max_examples=150, deadline=None)
@given(steps, options)
def test_replaying_the_accepted_actions_gives_the_live_state(ms: list[tuple[Any, ...]],
                                                             opts: dict[str, Any]) -> None:
    live, _ = play(ms, opts)
    again = replay(GAME, live.setup, live.journal_actions)
    assert again.state == live.state
    assert GAME.outcome(again.state) == GAME.outcome(live.state)


@settings(max_examples=150, deadline=None)
@given(steps, options)
def test_every_refusal_fits_the_lcd(ms: list[tuple[Any, ...]], opts: dict[str, Any]) -> None:
    _, refusals = play(ms, opts)
    for text in refusals:
        lines = text.split("\n")
        assert len(lines) <= 2 and all(len(x) <= 16 for x in lines), text


@settings(max_examples=60, deadline=None)
@given(steps, options)
def test_every_box_text_fits_the_lcd_uncut(ms: list[tuple[Any, ...]],
                                           opts: dict[str, Any]) -> None:
    """Labels, wait lines and every choice show in full on the 16x2 LCD (with money shown)."""
    h, _ = play(ms, opts)
    for state in h.states[-25:]:
        for seat in range(4):
            p = GAME.prompt(state, seat)
            box = BoxSession(seat, translator("en"))
            box.sync(p)
            top, bottom = box.lines()
            if not p.locked:
                assert top.startswith(box.t(p.label)), (top, p.label)
            if p.kind == "wait" and p.info is not None:
                assert bottom.rstrip() == box.t(p.info)
            for c in (*p.choices, *p.extras):
                assert len(box.t(c.label)) + 2 <= 16, c.label


@settings(max_examples=150, deadline=None)
@given(steps, st.lists(st.integers(0, 1200), min_size=4, max_size=4))
def test_public_view_does_not_depend_on_locked_sealed_bids(ms: list[tuple[Any, ...]],
                                                           other: list[int]) -> None:
    h, _ = play(ms, {"auction": "sealed", "preset": "seed", "queue": 12})
    state = h.state
    au = state.auction
    if state.stage != "bidding" or au is None or au.sealed is None or not au.sealed.entries:
        return
    swapped = SealedRound(au.sealed.seats, {s: other[s] for s in au.sealed.entries})
    twin = replace(state, auction=replace(au, sealed=swapped))
    assert GAME.table(twin) == GAME.table(state)
    assert public_asks(GAME, twin, 4) == public_asks(GAME, state, 4)
    for seat in range(4):
        if seat not in au.sealed.entries:
            assert GAME.prompt(twin, seat) == GAME.prompt(state, seat)


@pytest.mark.slow  # many random games
def test_random_play_reaches_every_stage() -> None:
    """The generator above is worth its name: a fixed long run visits the whole game."""
    seen: set[str] = set()
    owned = 0
    for seed in range(6):
        ms = [("box", (seed * 7 + i * 13) % 4, (i * 37 + seed * 11) % 1000) for i in range(400)]
        h, _ = play(ms, {"auction": "open" if seed % 2 else "sealed", "preset": "seed",
                         "queue": 6})
        seen |= {s.stage for s in h.states}
        owned = max(owned, sum(1 for k in SHOPS if h.state.shops[k].owner is not None))
    assert seen == {"pick", "bidding", "pullin", "action", "move", "count", "refill", "over"}
    assert owned >= 4
