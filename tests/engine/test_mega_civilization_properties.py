"""Properties over random Mega Civilization games (5 to 18 seats): treasury conserved and never
negative, replay of the journal equals live play, and the public table does not depend on the
private calculator or on unrevealed calamity counts. Plus: every box text of an 18-seat game
fits the 16x2 LCD."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.app.boxui import BoxSession
from companion.engine.actions import Action, Enter, Host, Undo, Withdraw
from companion.engine.errors import IllegalAction, MalformedInput
from companion.engine.game import public_asks
from companion.engine.games.mega_civilization import CIV_NAMES, MegaState
from companion.engine.games.mega_civilization.calamity_cards import lock_value
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.rounds.sealed import SealedRound
from companion.engine.seats import Seat

GAME = get_game("mega-civilization")
T0 = 1_750_000_000_000
COMMODITIES = ("Ochre", "Gemstones", "Flax", "Bone", "Gold", "Silk", "Clay")

# A move is (kind, a, b); `pilot` turns it into an action that fits the state most of the
# time (so games get far), and sometimes into a plain random one (so refusals are exercised).
moves = st.lists(st.tuples(st.integers(0, 19), st.integers(0, 40), st.integers(0, 60_000)),
                 max_size=150)


def pilot(state: MegaState, move: tuple[int, int, int], clock: list[int]) -> Action:
    kind, a, b = move
    n = len(state.seats)
    seat = a % n
    clock[0] += b
    if kind == 0:
        return Undo()
    if kind == 1:
        return Withdraw(seat)
    if kind == 2:  # anything at all
        value: int | str = a - 5 if b % 2 else COMMODITIES[a % len(COMMODITIES)]
        return Enter(seat, value)
    if kind == 3:
        return Host.make("adjust", seat=seat, amount=a - 20 or 1)
    phase = state.phase
    if phase in ("setup", "cities"):
        done = state.treasury_in if phase == "setup" else state.cities
        todo = [s for s in range(n) if s not in done] or [seat]
        return Enter(todo[a % len(todo)], a % 12 if kind > 4 else a % 60)
    if phase == "draw" and state.draw.current is not None:
        cur = state.draw.current
        if kind == 4:
            return Host.make("empty", block=("west", "east")[a % 2], stack=a % 9 + 1)
        choice: int | str = ("done", "done", "done", "empty", a % 10, "back")[b % 6]
        return Enter(cur, choice)
    if phase == "buy" and state.buy.current is not None:
        return Enter(state.buy.current, ("buy", "buy", "pass", "empty")[b % 4])
    if phase == "trade":
        cmd = ("timer_start", "timer_pause", "timer_resume", "timer_check", "calamities")[a % 5]
        if kind == 4:
            return Host.make(cmd, at_ms=T0 + clock[0])
        if kind == 5:
            return Host.make("timer_extend", seconds=a + 1)
        if kind == 6:
            return Host.make("calamities")
        return Enter(seat, COMMODITIES[b % len(COMMODITIES)] if kind % 2 else a % 6)
    if phase == "calamity":
        todo = [s for s in range(n) if s not in state.calamity.entries] or [seat]
        return Enter(todo[a % len(todo)], ("held:", "held:Famine", "Famine", "clear",
                                           "held:Famine+Famine", "held:Flood+Piracy")[b % 6])
    if phase == "after":
        if kind == 4:
            return Host.make(("turn", "advances")[b % 2])
        if kind == 5:
            return Host.make("discard", seat=seat, name=("Famine", "Flood", "Piracy")[b % 3])
        return Enter(seat, ("Gold", 2, "clear")[b % 3])
    if phase == "advances" and state.study.current is not None:
        return Enter(state.study.current, ("done", a % 12, "Pottery", "Library", "pay",
                                           "confirm", "Fish", "treasury", "blue")[b % 9])
    if phase == "score":
        return Enter(seat, a % 12)
    return Host.make(("end", "turn")[b % 2])


def play(seat_count: int, ms: list[tuple[int, int, int]], ask: bool = True) -> History:
    seats = tuple(Seat(n) for n in CIV_NAMES[:seat_count])
    opts = {"ask_treasury": "yes" if ask else "no", "start_treasury": 20}
    h = History.start(GAME, Setup(GAME.id, seats, opts))
    clock = [0]
    for m in ms:
        try:
            h.apply(pilot(h.state, m, clock))
        except IllegalAction as exc:  # the refusal flashes on a 16x2 LCD
            lines = exc.message.render().split("\n")
            assert len(lines) <= 2 and all(len(line) <= 16 for line in lines), lines
        except MalformedInput:
            pass
    return h


seat_counts = st.sampled_from([5, 6, 9, 12, 18])


@settings(max_examples=150, deadline=None)
@given(seat_counts, moves, st.booleans())
def test_treasury_is_conserved_and_never_negative(n: int, ms: list[tuple[int, int, int]],
                                                  ask: bool) -> None:
    h = play(n, ms, ask)
    first = h.states[0].ledger.total
    for state in h.states:
        assert state.ledger.total == first
        assert all(state.treasury(s) >= 0 for s in range(n))


@settings(max_examples=150, deadline=None)
@given(seat_counts, moves)
def test_replaying_the_accepted_actions_gives_the_live_state(
        n: int, ms: list[tuple[int, int, int]]) -> None:
    live = play(n, ms)
    again = replay(GAME, live.setup, live.journal_actions)
    assert again.state == live.state
    assert GAME.outcome(again.state) == GAME.outcome(live.state)


@settings(max_examples=150, deadline=None)
@given(seat_counts, moves, st.dictionaries(st.sampled_from(COMMODITIES[:2]), st.integers(1, 5)),
       st.lists(st.integers(0, 20), min_size=18, max_size=18))
def test_public_table_does_not_depend_on_the_calculator_or_sealed_counts(
        n: int, ms: list[tuple[int, int, int]], hand: dict[str, int], other: list[int]) -> None:
    state = play(n, ms).state
    # every seat's private calculator swapped for another hand, mid-pick on Ochre
    twin = replace(state, hands={s: hand for s in range(n)},
                   cal_draft={s: ("Famine",) * (s % 3) for s in range(n)},
                   basket={s: ("Pottery",) for s in range(n)} if state.phase != "advances"
                   else state.basket,
                   picking={s: "Ochre" for s in range(n) if s % 2},
                   cursor={s: "Gemstones" for s in range(n)})
    if state.phase == "calamity":
        twin = replace(twin, calamity=SealedRound(
            state.calamity.seats, {s: other[s] for s in state.calamity.entries}))
    assert GAME.table(twin) == GAME.table(state)
    assert public_asks(GAME, twin, n) == public_asks(GAME, state, n)
    if state.phase == "calamity":
        for seat in range(n):
            if seat not in state.calamity.entries:
                assert GAME.prompt(twin, seat) == GAME.prompt(state, seat)


# ---------------------------------------------------------------- 16 columns at 18 seats


def check_box(prompt_seat: int, state: MegaState, problems: list[str]) -> None:
    """Render the seat's prompt on a box; every label, choice and info must show in full."""
    p = GAME.prompt(state, prompt_seat)
    box = BoxSession(prompt_seat, lambda t: t)
    box.sync(p)
    top, bottom = box.lines()
    where = f"{state.phase} seat {prompt_seat}"
    if not p.locked and p.label.render() not in top:
        problems.append(f"{where}: label {p.label.render()!r} cut to {top!r}")
    if p.kind == "wait" and p.info is not None and p.info.render() not in bottom:
        problems.append(f"{where}: info {p.info.render()!r} cut to {bottom!r}")
    if p.kind == "choice" and not p.locked:  # a locked box shows LOCKED, not its choices
        for c in p.choices:
            box.draft = c.key
            shown = box.lines()[1]
            if f"<{c.label.render()}>" not in shown:
                problems.append(f"{where}: choice {c.label.render()!r} cut to {shown!r}")
    for line in (top, bottom):
        assert len(line) == 16


def test_every_box_text_of_an_18_seat_game_fits_16_columns() -> None:
    seats = tuple(Seat(n) for n in CIV_NAMES)
    h = History.start(GAME, Setup(GAME.id, seats, {"start_treasury": 30}))
    script: list[Action] = [Enter(s, 30) for s in range(18)]
    script += [Enter(s, (3, 9, 5, 1, 0, 4, 6, 9, 2, 3, 5, 1, 7, 8, 5, 2, 5, 0)[s])
               for s in range(18)]
    problems: list[str] = []
    for action in script:
        h.apply(action)
        for s in range(18):
            check_box(s, h.state, problems)
    while h.state.phase == "draw":
        cur = h.state.draw.current
        assert cur is not None
        if CIV_NAMES[cur] == "Egypt":
            h.apply(Enter(cur, "empty"))
            check_box(cur, h.state, problems)
            h.apply(Enter(cur, 2))
        h.apply(Enter(cur, "done"))
        for s in range(18):
            check_box(s, h.state, problems)
    while h.state.phase == "buy":
        cur = h.state.buy.current
        assert cur is not None
        h.apply(Enter(cur, "buy" if cur % 3 == 0 and cur not in h.state.bought else "pass"))
        for s in range(18):
            check_box(s, h.state, problems)
    for action in [Enter(0, "Gemstones"), Enter(0, 5), Enter(1, "Livestock"), Enter(1, 7),
                   Host.make("timer_start", at_ms=T0), Host.make("calamities")]:
        h.apply(action)
        for s in range(18):
            check_box(s, h.state, problems)
    # Calamities by name: Minoa holds Famine twice (two blocks), Flood and Epidemic.
    picks = {0: ["Famine", "Famine", "Flood", "Epidemic"], 1: ["Tempest"],
             2: ["Volcanic Eruption/Earthquake", "Iconoclasm and Heresy", "Coastal Migration"]}
    for s in range(18):
        for name in picks.get(s, []):
            h.apply(Enter(s, name))
            check_box(s, h.state, problems)
        h.apply(Enter(s, lock_value(picks.get(s, []))))
        check_box(s, h.state, problems)
    assert h.state.phase == "after"
    for action in [Host.make("discard", seat=0, name="Famine"),
                   Host.make("discard", seat=0, name="Flood"), Host.make("advances")]:
        h.apply(action)
    # Phase 12: the first seat in A.S.T. order pays, every other buys nothing.
    first = h.state.study.current
    assert first is not None
    for value in ["Pottery", "Mysticism", "pay", "Fish", 3, "Wine", 4, "treasury", 3,
                  "confirm", 10]:
        h.apply(Enter(first, value))
        for s in range(18):
            check_box(s, h.state, problems)
    while h.state.phase == "advances":
        cur = h.state.study.current
        assert cur is not None
        h.apply(Enter(cur, "done"))
        check_box(cur, h.state, problems)
        h.apply(Enter(cur, 9))
    h.apply(Host.make("end"))
    for s in range(18):
        h.apply(Enter(s, 20))
        check_box(s, h.state, problems)
        h.apply(Enter(s, 9))
        check_box(s, h.state, problems)
    assert h.state.phase == "over"
    assert problems == []


def test_set_value_flash_fits_the_lcd() -> None:
    """The longest set line: 7 Livestock (East, face 5) = 245."""
    seats = tuple(Seat(n) for n in CIV_NAMES[:9])
    h = History.start(GAME, Setup(GAME.id, seats, {"ask_treasury": "no", "block": "east"}))
    for s in range(9):
        h.apply(Enter(s, 0))
    for s in range(9):
        h.apply(Enter(s, "pass"))
    h.apply(Enter(1, "Livestock"))
    (event,) = h.apply(Enter(1, 7))
    assert event.seat == 1  # private: the seat's own box only
    assert event.text.render() == "Livestock 7: 245\nTotal 245"
    assert all(len(line) <= 16 for line in event.text.render().split("\n"))
