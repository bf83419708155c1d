"""Amun-Re's texts never say "1 farmers" or "1 items": the catalog has no plural forms, so
a count goes after its noun ("farmers 1") or has its own singular text ("1 card"). Every
text of the demo game (table, boxes, events) is read in English and Polish."""

from __future__ import annotations

import re

import pytest

from companion.app.demos import demo_for, play_until
from companion.engine.game import public_view, seat_view
from companion.engine.text import Msg
from companion.i18n import translator

# A lone 1 before an English plural noun (not "11 cards", not "+1 gold", not "x 1").
ONE_PLURAL = re.compile(r"(?<![\d.+-])\b1 [a-z]+s\b")


def texts(obj: object) -> list[Msg]:
    """Every Msg inside a view, a prompt or an event (dataclasses, tuples)."""
    if isinstance(obj, Msg):
        return [obj]
    if isinstance(obj, tuple | list):
        return [m for x in obj for m in texts(x)]
    fields = getattr(obj, "__dataclass_fields__", None)
    if fields is None:
        return []
    return [m for f in fields for m in texts(getattr(obj, f))]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_no_count_of_one_before_a_plural_noun(lang: str) -> None:
    history = play_until(demo_for("amun-re"))
    game, state = history.game, history.start_state
    tr = translator(lang)
    said: set[str] = set()
    for action in history.actions:
        step = game.apply(state, action)
        state = step.state
        found = texts(public_view(game, state)) + texts(step.events)
        for seat in range(len(history.setup.seats)):
            found += texts(seat_view(game, state, seat))
        said.update(m.render(tr) for m in found)
    assert not [t for t in said if ONE_PLURAL.search(t)]
    assert any("farmers 1" in t or "rolnicy 1" in t for t in said)  # the case is met
