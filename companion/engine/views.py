"""The public picture of the table, as data the display draws without knowing the game.

`TableView` is the public view (`view(state, None)`): it must never hold an unrevealed
bid or hidden money. Games fill generic panels (rows of styled cells) so one display
module draws every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .text import Msg

Style = Literal["", "head", "win", "strike", "dim", "alert"]


@dataclass(frozen=True)
class Cell:
    text: Msg | str
    style: Style = ""


@dataclass(frozen=True)
class Panel:
    title: Msg
    rows: tuple[tuple[Cell, ...], ...] = ()
    note: Msg | None = None


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    colour: str
    money: int | None  # None where the game keeps money hidden
    # "asked": to enter a public number (a count, a sale income); "thinking": a secret one
    status: Literal["thinking", "locked", "waiting", "turn", "asked", "done", "out"]
    badges: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class TimerView:
    """A countdown the display animates (Mega Civilization's trade phase)."""

    label: Msg
    remaining_ms: int  # exact as of the last timer input (frozen while paused)
    running: bool
    warning: bool = False
    # Wall-clock epoch ms at which a running timer reaches zero (None when not running): the
    # display computes the time left from its own clock, so it is right after a restart too.
    deadline_ms: int | None = None
    warnings_ms: tuple[int, ...] = ()  # warn when the time left falls to each of these (ms)
    sound: bool = False  # play a sound at each warning and at zero
    expired: bool = False  # the countdown reached zero: show the "time" state


@dataclass(frozen=True)
class TableView:
    game: Msg
    headline: Msg  # e.g. the round's card
    detail: Msg  # what it means, in one line
    seats: tuple[SeatLine, ...]
    panels: tuple[Panel, ...] = ()
    log: tuple[Msg, ...] = ()  # newest last; public lines only
    final: bool = False
    timer: TimerView | None = None


@dataclass(frozen=True)
class HostLine:
    """The app's two lines beside the game's view: the host's line (the current choice and
    the keys, or a destructive command's question) and what the table waits for."""

    hint: Msg | str
    waiting: Msg | str | None = None  # None: nothing (the game is over)
    active: bool = False  # the host pressed a menu key lately
    asking: bool = False  # a destructive command waits for its second Return
