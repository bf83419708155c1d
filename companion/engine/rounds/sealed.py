"""The sealed round: every listed seat enters a value, secret until all have locked.

Entering a value locks it; a seat may withdraw (unlock) and re-enter until the round is
complete. Only `complete` rounds may be read with `values()`; the public side is `status`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..actions import Value
from ..errors import IllegalAction


@dataclass(frozen=True)
class SealedRound:
    seats: tuple[int, ...]
    entries: Mapping[int, Value] = field(default_factory=dict)

    def enter(self, seat: int, value: Value) -> SealedRound:
        if seat not in self.seats:
            raise IllegalAction("Not in this\nround")
        if seat in self.entries:
            raise IllegalAction("Already locked\nhold OK: unlock")
        return SealedRound(self.seats, {**self.entries, seat: value})

    def withdraw(self, seat: int) -> SealedRound:
        if seat not in self.entries:
            raise IllegalAction("Nothing locked")
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
        return all(s in self.entries for s in self.seats)

    def values(self) -> dict[int, Value]:
        """All entries, in seat order; only once every seat has locked."""
        if not self.complete:
            raise RuntimeError("sealed values read before every seat locked")
        return {s: self.entries[s] for s in self.seats}
