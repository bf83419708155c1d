"""The worked examples (docs/examples) as the engine's tests replay them: one copy of where
they are, how one starts, and how far one goes to its first reveal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.app.journal import parse_scenario
from companion.engine.actions import Action, Correct, Undo, Void
from companion.engine.history import History
from companion.engine.registry import get_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(path: Path | str) -> tuple[History[Any], list[Action]]:
    """A worked example (its path, or its name under docs/examples): its game as set up,
    and its actions, not applied yet."""
    setup, actions = parse_scenario(EXAMPLES / path)
    return History.start(get_game(setup.game), setup), actions


def revealed(path: Path | str) -> History[Any]:
    """A worked example played up to its first reveal: the lines before its first
    correction, void or undo (a whole example that has none)."""
    history, actions = example(path)
    for action in actions:
        if isinstance(action, Correct | Void | Undo):
            break
        history.apply(action)
    assert history.last_is_reveal(), path
    return history
