"""Scripted demo games: per game a list of steps that the demo driver plays on mock boxes.

A step is an engine action or a `Shot`. The driver turns `Enter(seat, value)` into real
button presses on that seat's box (minus/plus until the LCD's draft is the value, then OK;
a `Withdraw` is OK held), `Host` and `Undo` into host input, and saves a frame at a `Shot`.
So a demo script is written in rule terms and exercises the whole input path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...engine.actions import Action, Value


@dataclass(frozen=True)
class Shot:
    """Save a frame here; `name` becomes the PNG's file name."""

    name: str
    hold: float = 1.5  # window mode: seconds to let people look


@dataclass(frozen=True)
class Demo:
    game: str
    seats: tuple[str, ...]
    steps: tuple[Action | Shot, ...]
    options: Mapping[str, Value] = field(default_factory=dict)
    title: str = ""


def demo_for(game_id: str) -> Demo:
    from importlib import import_module

    module = import_module(f"{__name__}.{game_id.replace('-', '_')}")
    demo: Demo = module.DEMO
    return demo
