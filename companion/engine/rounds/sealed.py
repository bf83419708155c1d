"""The sealed round: every listed seat enters a value, secret until all have locked.

Entering a value locks it; a seat may withdraw (unlock) and re-enter until the round is
complete. Only `complete` rounds may be read with `values()`; the public side is `is_locked`.
The round builds its seats' box prompts itself (`prompt`), so every game locks, shows LOCKED
and unlocks the same way.

Sealed means sealed: a game names its round taking entries (`Rules.sealed`), and `reveals`
tells, for any accepted action, whether it revealed that round. The history never takes back
a reveal with `undo`; it offers the host `correct` and `void` instead (engine/corrections.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..actions import Action, Enter, Host, Value
from ..errors import IllegalAction
from ..prompts import Choice, Prompt
from ..refusals import ALREADY_LOCKED, NOTHING_LOCKED
from ..text import Msg


@dataclass(frozen=True)
class SealedRound:
    seats: tuple[int, ...]
    entries: Mapping[int, Value] = field(default_factory=dict)

    def enter(self, seat: int, value: Value) -> SealedRound:
        if seat not in self.seats:
            raise IllegalAction("Not in this\nround")
        if seat in self.entries:
            raise IllegalAction(ALREADY_LOCKED)
        return SealedRound(self.seats, {**self.entries, seat: value})

    def withdraw(self, seat: int) -> SealedRound:
        if seat not in self.entries:
            raise IllegalAction(NOTHING_LOCKED)
        return SealedRound(self.seats, {s: v for s, v in self.entries.items() if s != seat})

    def without(self, seat: int) -> SealedRound:
        """The round goes on without `seat` (its box is gone and the host skips it)."""
        if seat not in self.seats:
            raise IllegalAction("Not in this\nround")
        return SealedRound(tuple(s for s in self.seats if s != seat),
                           {s: v for s, v in self.entries.items() if s != seat})

    def is_locked(self, seat: int) -> bool:
        return seat in self.entries

    def own(self, seat: int) -> Value | None:
        """The seat's own entry: only for that seat's private view."""
        return self.entries.get(seat)

    @property
    def complete(self) -> bool:
        return self.entries.keys() >= set(self.seats)  # asked after every entry of a replay

    def values(self) -> dict[int, Value]:
        """All entries, in seat order; only once every seat has locked."""
        if not self.complete:
            raise RuntimeError("sealed values read before every seat locked")
        return {s: self.entries[s] for s in self.seats}

    def prompt(
        self,
        seat: int,
        label: Msg,
        *,
        lo: int = 0,
        hi: int = 0,
        step: int = 1,
        money: int | None = None,
        forbidden: frozenset[int] = frozenset(),
        extras: tuple[Choice, ...] = (),
        info: Msg | None = None,
        initial: Value | None = None,
    ) -> Prompt:
        """The seat's box for this round: a number (or, with no range, a choice among
        `extras`, e.g. Amun-Re's "steal 3" for a seat with nothing to offer); LOCKED with its
        own value once entered, unlockable until the reveal."""
        own = self.own(seat)
        locked = own is not None
        start: Value = own if own is not None else (lo if initial is None else initial)
        kind: Literal["number", "choice"] = "choice" if extras and hi < lo else "number"
        if kind == "choice":
            lo = hi = 0  # a choice has no range
        return Prompt(
            kind,
            label,
            lo=lo,
            hi=hi,
            step=step,
            initial=start if kind == "number" else 0,
            forbidden=forbidden,
            choices=extras if kind == "choice" else (),
            extras=extras if kind == "number" else (),
            sealed=True,
            locked=locked,
            locked_value=own,
            unlockable=locked,
            info=info,
            money=money,
            must_act=not locked,
        )


def reveals(before: SealedRound | None, action: Action, after: SealedRound | None) -> bool:
    """Whether `action`, accepted while `before` was the round taking entries (and leaving
    `after`), revealed it: the round changed and every seat still in it had entered.

    A seat's last missing entry reveals; so does a host command that takes the last seat
    without an entry out (a sit-out). Abandoning a round with entries missing reveals
    nothing, and a command that leaves the round as it was (a money adjustment) neither.
    """
    if before is None or before.complete:
        return False
    # The round's comparison last: the history asks this after every entry of a replay, and
    # an entry that leaves others missing is told by the cheaper tests.
    if isinstance(action, Enter):
        return (action.seat in before.seats and action.seat not in before.entries
                and _all_but(before, action.seat) and after != before)
    if isinstance(action, Host):
        seat = action.get("seat")
        return (isinstance(seat, int) and seat in before.seats and bool(before.entries)
                and _all_but(before, seat) and after != before)
    return False


def _all_but(rnd: SealedRound, seat: int) -> bool:
    """Whether every seat of `rnd` but `seat` has entered."""
    return rnd.entries.keys() >= {s for s in rnd.seats if s != seat}
