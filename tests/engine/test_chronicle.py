"""Chronicles (a game's growing records) behave as the tuples they replace, even when two of
them grow from one; and the history's snapshots give undo exactly the state it had."""

from __future__ import annotations

import random

import pytest

from companion.engine.actions import Undo
from companion.engine.chronicle import Chronicle, appended, last_replaced
from companion.engine.history import RECENT, SNAPSHOT_EVERY, History, replay
from companion.engine.registry import get_game


def test_a_chronicle_reads_as_the_tuple_it_replaces() -> None:
    c = appended((), "a", "b", "c")
    assert c == ("a", "b", "c")
    assert ("a", "b", "c") == c  # noqa: SIM300  (the tuple's side of the comparison)
    assert len(c) == 3 and c[0] == "a" and c[-1] == "c" and c[1:] == ("b", "c")
    assert list(c) == ["a", "b", "c"] and "b" in c and c.index("c") == 2
    assert hash(c) == hash(("a", "b", "c"))
    assert last_replaced(c, "z") == ("a", "b", "z")
    assert c + ("d",) == ("a", "b", "c", "d")  # noqa: RUF005  (a game's `log + (line,)`)
    assert ("x",) + c == ("x", "a", "b", "c")  # noqa: RUF005
    with pytest.raises(IndexError):
        c[3]
    with pytest.raises(IndexError):
        Chronicle[str]().with_last("a")


def test_branches_never_see_each_other() -> None:
    base = appended((), 1, 2)
    left = base.add(3).add(4)
    right = base.add(30)  # grows from the same chronicle after `left` did
    again = base.add(3)  # the same item as `left` added: shares, still reads right
    assert base == (1, 2) and left == (1, 2, 3, 4) and right == (1, 2, 30) and again == (1, 2, 3)
    assert last_replaced(left, 40) == (1, 2, 3, 40) and left == (1, 2, 3, 4)
    assert right.add(31) == (1, 2, 30, 31) and left.add(5) == (1, 2, 3, 4, 5)


def test_random_growth_matches_tuples() -> None:
    rng = random.Random(7)
    pairs: list[tuple[Chronicle[int], tuple[int, ...]]] = [(Chronicle(), ())]
    for n in range(2000):
        c, t = pairs[rng.randrange(len(pairs))]
        if t and rng.random() < 0.3:
            pairs.append((c.with_last(n), (*t[:-1], n)))
        else:
            pairs.append((c.add(n), (*t, n)))
    for c, t in pairs:
        assert c == t and tuple(c) == t and c[-3:] == t[-3:]


@pytest.mark.slow  # a long game undone far back
def test_undo_far_back_through_snapshots_gives_the_states_of_a_replay() -> None:
    from bench.journals import generate

    # Five Tribes: no sealed round, so no reveal stops the undos (they stop at a reveal).
    game = get_game("five-tribes")
    setup, actions = generate(game.id, 3 * SNAPSHOT_EVERY + 5, seed=3)
    live = replay(game, setup, actions)
    actions = list(live.actions)  # the ones standing: a replay of them is the same game
    before = len(live.corrections)
    # Undo more than the recent states kept and across two snapshot boundaries.
    for k in range(1, RECENT + 2 * SNAPSHOT_EVERY):
        live.apply(Undo())
        assert live.state == replay(game, setup, actions[:-k]).state, k
    assert len(live.corrections) - before == RECENT + 2 * SNAPSHOT_EVERY - 1
    assert live.states == replay(game, setup, live.actions).states


def test_states_are_every_state_of_the_game() -> None:
    from bench.journals import generate

    game = get_game("camel-up")
    setup, actions = generate(game.id, 40, seed=4)
    h = History.start(game, setup)
    for a in actions:
        h.apply(a)
    assert len(h.states) == len(h.actions) + 1 and h.states[-1] == h.state
    assert h.states[0] == game.setup(setup.seats, h.setup.options)
    assert h.states == replay(game, setup, h.actions).states
