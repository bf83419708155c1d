"""What a seat's box is asked right now: the engine's side of the 16x2 LCD.

The engine derives a `Prompt` per seat from the state; the app turns it into LCD text and
keeps the seat's draft value while the player presses minus/plus. OK sends `Enter`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .actions import Value
from .text import Msg


@dataclass(frozen=True)
class Choice:
    key: str
    label: Msg  # short: it shares the LCD's second line with an arrow


@dataclass(frozen=True)
class Prompt:
    """One seat's current question.

    kind: "number" (minus/plus between lo and hi, step), "choice" (minus/plus cycle choices),
    or "wait" (nothing to enter; `info` explains why).
    A number prompt may also offer `extras` (e.g. PASS, "steal 3"): minus below `lo` reaches
    them, and OK on one enters its key (a str) instead of a number.
    sealed: the entry is secret and locks (the LCD shows LOCKED; hold OK to unlock while
    `unlockable`). A non-sealed entry is public and is just confirmed.
    """

    kind: Literal["number", "choice", "wait"]
    label: Msg
    lo: int = 0
    hi: int = 0
    step: int = 1
    initial: Value = 0
    forbidden: frozenset[int] = field(default_factory=frozenset)
    choices: tuple[Choice, ...] = ()
    extras: tuple[Choice, ...] = ()
    sealed: bool = False
    locked: bool = False
    locked_value: Value | None = None
    unlockable: bool = False
    info: Msg | None = None
    money: int | None = None  # the seat's own money, for its own LCD only
    must_act: bool = False  # lights the seat's LED
    # A score pad's question key ("tiles"): a host correction of a revealed pad names it.
    item: str | None = None

    @property
    def accepts_input(self) -> bool:
        return self.kind != "wait" and not self.locked
