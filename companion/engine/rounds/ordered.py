"""The ordered round: seats act one at a time in a given order (Five Tribes turn-order
spots, Amun-Re placements, Mega Civilization draws and purchases).

`current` is derived from the data; acting out of turn is refused with whose turn it is.
A seat may keep the turn (`stay`, e.g. buying card after card until it passes), and more
seats can be queued behind (`then`, e.g. Amun-Re's outbid seats bidding again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import IllegalAction
from ..text import msg


@dataclass(frozen=True)
class OrderedRound:
    order: tuple[int, ...]
    pos: int = 0

    @classmethod
    def of(cls, order: Sequence[int]) -> OrderedRound:
        return cls(tuple(order))

    @property
    def current(self) -> int | None:
        return self.order[self.pos] if self.pos < len(self.order) else None

    @property
    def done(self) -> bool:
        return self.pos >= len(self.order)

    @property
    def acted(self) -> tuple[int, ...]:
        return self.order[: self.pos]

    @property
    def waiting(self) -> tuple[int, ...]:
        """Seats still to act after the current one."""
        return self.order[self.pos + 1:]

    def check_turn(self, seat: int, names: Sequence[str] | None = None) -> None:
        """Refuse an action from a seat whose turn it is not."""
        cur = self.current
        if cur is None:
            raise IllegalAction("Round is over")
        if seat != cur:
            who = names[cur] if names is not None else str(cur + 1)
            raise IllegalAction(msg("Not your turn\n{name} is up", name=who))

    def advance(self) -> OrderedRound:
        """The current seat is done; the next one acts."""
        if self.done:
            raise IllegalAction("Round is over")
        return OrderedRound(self.order, self.pos + 1)

    def stay(self) -> OrderedRound:
        """The current seat acts again (no change; named for readability at call sites)."""
        return self

    def then(self, seats: Sequence[int]) -> OrderedRound:
        """Queue more seats after everyone already in the order."""
        return OrderedRound((*self.order, *seats), self.pos)
