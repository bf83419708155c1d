"""Scripted demo games: per game a list of steps that the demo driver plays on mock boxes.

A step is an engine action or a `Shot`. The driver turns `Enter(seat, value)` into real
button presses on that seat's box (minus/plus until the LCD's draft is the value, then OK;
a `Withdraw` is OK held), `Host` and `Undo` into host input, and saves a frame at a `Shot`.
So a demo script is written in rule terms and exercises the whole input path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.actions import Action, Enter, Host, Value
from ...engine.errors import IllegalAction
from ...engine.history import History, Setup
from ...engine.registry import get_game
from ...engine.seats import Seat


@dataclass(frozen=True)
class Shot:
    """Save a frame here; `name` becomes the PNG's file name."""

    name: str
    hold: float = 1.5  # window mode: seconds to let people look
    # The seats the frame is about (by name): on a table split into pages, the saved frame
    # shows the page that holds them.
    subject: tuple[str, ...] = ()


def answers(seat: int, *values: Value) -> tuple[Enter, ...]:
    """One seat's entries one after another, as its box asks them (a score pad, a purchase)."""
    return tuple(Enter(seat, value) for value in values)


@dataclass(frozen=True)
class Demo:
    game: str
    seats: tuple[str, ...]
    steps: tuple[Action | Shot, ...]
    options: Mapping[str, Value] = field(default_factory=dict)
    title: str = ""


def play_until(demo: Demo, *, after_command: str | None = None,
               before_shot: str | None = None, strict: bool = False) -> History[Any]:
    """The demo's game as the engine sees it, played up to a point: just after the host
    command `after_command`, or just before the shot `before_shot` (else to the end).
    The demo's deliberate refusals are skipped, as they change nothing; `strict` raises on
    any (for a script that has none)."""
    game = get_game(demo.game)
    h = History.start(game, Setup(game.id, tuple(Seat(n) for n in demo.seats), demo.options))
    for step in demo.steps:
        if isinstance(step, Shot):
            if step.name == before_shot:
                break
            continue
        try:
            h.apply(step)
        except IllegalAction:
            if strict:
                raise
        if isinstance(step, Host) and step.command == after_command:
            break
    return h


def demo_for(game_id: str) -> Demo:
    from importlib import import_module

    module = import_module(f"{__name__}.{game_id.replace('-', '_')}")
    demo: Demo = module.DEMO
    return demo
