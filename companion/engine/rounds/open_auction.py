"""The open auction: ascending bids called out in turn, a pass is final (MarraCash).

The opener (the first seat of `order`) must open at `minimum` or more; then, going round
`order` (clockwise from the opener), each seat still in raises by at least `step` or passes.
A pass is final for this auction. The seat holding the high bid is skipped while it leads.
The auction ends as soon as one seat is left in; it wins at its bid.

Nobody may bid more than its `limits` entry (its money, fixed for the auction: nothing is
paid while bidding). A seat that can no longer reach the next bid is out at once, without
being asked: it could only pass. (This reads the seat's limit, so use it where money is
public, as in MarraCash; a game with hidden money would have to ask such a seat anyway.)

All of this state is public: an open auction has no secrets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..errors import IllegalAction
from ..text import msg


@dataclass(frozen=True)
class OpenAuction:
    order: tuple[int, ...]  # seats taking part, clockwise from the opener (order[0])
    minimum: int  # lowest opening bid
    step: int  # lowest raise
    limits: Mapping[int, int]  # the most each seat may bid
    unit: int = 1  # every bid is a multiple of this (the smallest note)
    high: int = 0
    leader: int | None = None
    out: tuple[int, ...] = ()  # seats that passed or could not go on, in the order they left
    forced: tuple[int, ...] = ()  # the part of `out` that left because it could not raise
    turn: int | None = None  # the seat to act now; None once the auction is over
    calls: tuple[tuple[int, int | None], ...] = field(default=())  # (seat, bid or None = pass)

    @classmethod
    def start(cls, order: Sequence[int], minimum: int, step: int, limits: Mapping[int, int],
              unit: int = 1) -> OpenAuction:
        """A new auction; refused when the opener cannot afford the opening bid."""
        if len(order) < 1 or len(set(order)) != len(order):
            raise ValueError(f"bad auction order {order!r}")
        opener = order[0]
        if limits[opener] < minimum:
            raise IllegalAction(msg("Need {n} to\nopen an auction", n=minimum))
        return cls(tuple(order), minimum, step, dict(limits), unit, turn=opener)

    # -- what the table and the boxes show

    @property
    def opener(self) -> int:
        return self.order[0]

    @property
    def opened(self) -> bool:
        return self.leader is not None

    @property
    def need(self) -> int:
        """The lowest bid the seat to act may make now."""
        return self.minimum if self.leader is None else self.high + self.step

    @property
    def still_in(self) -> tuple[int, ...]:
        return tuple(s for s in self.order if s not in self.out)

    @property
    def done(self) -> bool:
        return self.turn is None

    @property
    def winner(self) -> int | None:
        return self.leader if self.done else None

    @property
    def price(self) -> int:
        return self.high if self.done else 0

    def status(self, seat: int) -> str:
        """One of: turn, leading, in, out, forced (out because it could not raise)."""
        if seat in self.forced:
            return "forced"
        if seat in self.out:
            return "out"
        if seat == self.turn:
            return "turn"
        if seat == self.leader:
            return "leading"
        return "in"

    # -- input

    def check_turn(self, seat: int, names: Sequence[str] | None = None) -> None:
        if self.turn is None:
            raise IllegalAction("This auction\nis over")
        if seat not in self.order:
            raise IllegalAction("Not in this\nauction")
        if seat in self.out:
            raise IllegalAction("You passed:\nout of this one")
        if seat != self.turn:
            who = names[self.turn] if names is not None else str(self.turn + 1)
            raise IllegalAction(msg("Not your turn\n{name} is up", name=who))

    def bid(self, seat: int, amount: int, names: Sequence[str] | None = None) -> OpenAuction:
        self.check_turn(seat, names)
        limit = self.limits[seat]
        if amount > limit:
            raise IllegalAction(msg("Over your money\nyou have {n}", n=limit))
        if self.leader is None and amount < self.minimum:
            raise IllegalAction(msg("Opening bid\n{n} or more", n=self.minimum))
        if amount < self.need:
            raise IllegalAction(msg("Min raise {step}\nbid {need} or more", step=self.step,
                                    need=self.need))
        if amount % self.unit:
            raise IllegalAction(msg("Bids go in\nsteps of {unit}", unit=self.unit))
        new = replace(self, high=amount, leader=seat, calls=(*self.calls, (seat, amount)))
        return new._next(seat)

    def pass_(self, seat: int, names: Sequence[str] | None = None) -> OpenAuction:
        self.check_turn(seat, names)
        if self.leader is None:
            # The opener starts the auction, so it cannot pass before anyone has bid.
            raise IllegalAction(msg("You must open\n{n} or more", n=self.minimum))
        new = replace(self, out=(*self.out, seat), calls=(*self.calls, (seat, None)))
        return new._next(seat)

    # -- going round

    def _next(self, after: int) -> OpenAuction:
        """Drop the seats that cannot reach the next bid, then find who acts next."""
        need = self.need
        broke = tuple(s for s in self.order
                      if s not in self.out and s != self.leader and self.limits[s] < need)
        new = replace(self, out=(*self.out, *broke), forced=(*self.forced, *broke))
        if len(new.still_in) <= 1:
            return replace(new, turn=None)
        i = new.order.index(after)
        for k in range(1, len(new.order) + 1):
            seat = new.order[(i + k) % len(new.order)]
            if seat not in new.out and seat != new.leader:
                return replace(new, turn=seat)
        return replace(new, turn=None)  # pragma: no cover - still_in > 1 always finds one
