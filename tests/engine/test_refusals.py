"""The same situation is refused in the same words in every game: one msg id (so one
translation) per shared refusal. Walked over every worked example, so each game's own rounds
(sealed bids, offerings, calamity counts, score pads) are met where a table meets them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from worked_examples import EXAMPLES, example

from companion.engine.actions import Enter, Withdraw
from companion.engine.errors import IllegalAction
from companion.engine.refusals import ALREADY_LOCKED, NOTHING_LOCKED
from companion.engine.registry import all_games

# The games whose examples run a sealed round (every seat enters, secret until all lock).
SEALED_GAMES = {"camel-up-off-season", "marracash", "amun-re", "mega-civilization"}


def walk() -> Counter[tuple[str, str]]:
    """Every state of every example: each seat's unlock, and its entry over a locked one.
    Returns how often each game met each situation; asserts the wording where refused."""
    met: Counter[tuple[str, str]] = Counter()
    for path in sorted(EXAMPLES.rglob("*.jsonl")):
        h, actions = example(path)
        game = h.game
        for action in actions:
            try:
                h.apply(action)
            except IllegalAction:
                continue
            state = h.state
            rnd = game.sealed(state)
            for seat in range(len(h.setup.seats)):
                try:
                    game.apply(state, Withdraw(seat))
                except IllegalAction as refused:
                    assert refused.message == NOTHING_LOCKED, (path.name, seat)
                    met[game.id, "nothing locked"] += 1
                    if rnd is not None and seat in rnd.seats:
                        met[game.id, "nothing locked in the sealed round"] += 1
                if rnd is not None and rnd.is_locked(seat):
                    own = rnd.own(seat)
                    assert own is not None
                    with pytest.raises(IllegalAction) as again:
                        game.apply(state, Enter(seat, own))
                    assert again.value.message == ALREADY_LOCKED, (path.name, seat)
                    met[game.id, "already locked"] += 1
    return met


def test_unlock_and_relock_are_refused_in_one_wording_in_every_game() -> None:
    met = walk()
    # Every game refuses an unlock with nothing locked; every sealed game does it inside its
    # sealed round too, and refuses a second entry over a locked one.
    assert {g for g, what in met if what == "nothing locked"} == {g.id for g in all_games()}
    for game_id in SEALED_GAMES:
        assert met[game_id, "nothing locked in the sealed round"] > 0, game_id
        assert met[game_id, "already locked"] > 0, game_id


def test_the_words_are_one_translation() -> None:
    # A literal beside the constant would be a second id with its own translation: none left.
    engine = Path(__file__).resolve().parents[2] / "companion" / "engine"
    for path in engine.rglob("*.py"):
        text = path.read_text()
        for words in ('"Nothing locked', '"Already locked'):
            assert words not in text or path.name == "refusals.py", path
