"""The ledger: the only place money moves.

Accounts are named: `seat_account(i)` for seats, `SUPPLY` for the bank/supply,
and any game pot a game opens. Every move is a `Transfer(src, dst, amount, reason)`
kept in the history; the sum over all accounts never changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .chronicle import appended
from .errors import IllegalAction
from .text import Msg, msg

SUPPLY = "supply"


def seat_account(seat: int) -> str:
    return f"seat:{seat}"


@dataclass(frozen=True)
class Transfer:
    """One money move. `secret` transfers (hidden gold) are never shown on the table."""

    src: str
    dst: str
    amount: int
    reason: Msg
    secret: bool = False


@dataclass(frozen=True)
class Ledger:
    """Balances plus the history of transfers. Copy-on-write: every move returns a new Ledger.

    Accounts in `unbounded` (the Supply/bank) may go below zero: the bank never runs out,
    and conservation still holds because the negative balance is counted.
    """

    balances: Mapping[str, int]
    history: Sequence[Transfer] = ()
    unbounded: frozenset[str] = field(default_factory=lambda: frozenset({SUPPLY}))

    @classmethod
    def open(cls, accounts: Mapping[str, int], unbounded: Iterable[str] = (SUPPLY,)) -> Ledger:
        bal = dict(accounts)
        for acct in unbounded:
            bal.setdefault(acct, 0)
        return cls(bal, (), frozenset(unbounded))

    @classmethod
    def for_seats(cls, seats: int, start: int) -> Ledger:
        """Every seat's account holding `start`, and the supply (the bank) at 0."""
        return cls.open({seat_account(i): start for i in range(seats)} | {SUPPLY: 0})

    def balance(self, account: str) -> int:
        return self.balances[account]

    def seat(self, seat: int) -> int:
        return self.balances[seat_account(seat)]

    @property
    def total(self) -> int:
        return sum(self.balances.values())

    def can_pay(self, account: str, amount: int) -> bool:
        return account in self.unbounded or self.balances[account] >= amount

    def correct(self, seat: int, amount: int, reason: Msg, *, secret: bool = False) -> Ledger:
        """The host's signed correction: the supply pays the seat `amount`, or takes it back."""
        if amount > 0:
            return self.transfer(SUPPLY, seat_account(seat), amount, reason, secret=secret)
        return self.transfer(seat_account(seat), SUPPLY, -amount, reason, secret=secret)

    def transfer(
        self, src: str, dst: str, amount: int, reason: Msg, *, secret: bool = False
    ) -> Ledger:
        """Move `amount` from `src` to `dst`; refuses to overdraw a bounded account."""
        if amount < 0:
            raise ValueError(f"negative transfer {amount}")
        if src not in self.balances or dst not in self.balances:
            raise KeyError(f"unknown account {src!r} or {dst!r}")
        if amount == 0:
            return self
        if not self.can_pay(src, amount):
            raise IllegalAction(msg("Not enough money\nhave {have}", have=self.balances[src]))
        bal = dict(self.balances)
        bal[src] -= amount
        bal[dst] += amount
        return Ledger(
            bal, appended(self.history, Transfer(src, dst, amount, reason, secret)), self.unbounded
        )
