"""The host menu's correction offers come from a scan of the actions since the last reveal
that carries on as actions follow (`History._reveal_scan`). After every action of every
worked example, undos, corrections and voids included, what it offers must be what a fresh
scan of the whole tail gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import corrections as fix
from companion.engine.errors import IllegalAction

from .worked_examples import EXAMPLES, example

PATHS = sorted(EXAMPLES.rglob("*.jsonl"))


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_offers_after_every_action_match_a_fresh_scan(path: Path) -> None:
    history, actions = example(path)
    compared = 0
    for action in actions:
        try:
            history.apply(action)
        except IllegalAction:
            continue  # the example shows a refusal: nothing changed
        p = history._since_reveal()
        tail = history.actions[p:]
        fresh = fix.offers(fix.last_reveal(history.game, history._state_at(p), tail), tail)
        rnd = history.game.sealed(history.state)
        if not history.reveals or (rnd is not None and rnd.entries):
            fresh = ({}, {})  # a newer round has entries: nothing offered
        assert (history.correct_values(), history.correct_items()) == fresh
        compared += 1
    assert compared


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_offers_match_a_fresh_scan_when_the_pass_is_carried_on_ahead(path: Path) -> None:
    """The same, with the pass for the next reveal carried on while the table waits
    (`History.scan_ahead`, stopped after a few actions at every other wait, as input
    stops it): a reveal takes it up, and offers what a fresh scan does."""
    history, actions = example(path)
    taken_up = 0
    for n, action in enumerate(actions):
        left = iter(range(2 if n % 2 else 10**6))
        history.scan_ahead(lambda left=left: next(left, None) is None)
        ahead = history._next_scan
        try:
            history.apply(action)
        except IllegalAction:
            continue
        p = history._since_reveal()
        tail = history.actions[p:]
        fresh = fix.offers(fix.last_reveal(history.game, history._state_at(p), tail), tail)
        rnd = history.game.sealed(history.state)
        if not history.reveals or (rnd is not None and rnd.entries):
            fresh = ({}, {})
        assert (history.correct_values(), history.correct_items()) == fresh
        taken_up += ahead is not None and history._scan is ahead
    if history.reveals:
        assert taken_up  # a reveal took up the pass carried on ahead
