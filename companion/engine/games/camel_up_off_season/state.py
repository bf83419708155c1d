"""Camel Up: Off Season's state: the cards, one reveal (`Attempt`), one auction, the table.

Rules: docs/games/camel_up_off_season.md. A round goes card (host draws it) -> counts (dates or
goods cards, public, only for the two modifier cards) -> bidding (sealed) -> reveal -> income
(sale income entered per seat) -> next card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...game import TableState
from ...rounds.sealed import SealedRound
from ...text import Msg, msg

HIGHEST = "highest_bet"
LOWEST = "lowest_bet"
DATES = "most_dates"
FIRST = "first_player_bet"
LUCKY0 = "lucky_0"
NO2 = "cannot_bet_2"
NO3 = "cannot_bet_3"
GOODS = "fewest_goods"

CARDS: dict[str, tuple[Msg, Msg]] = {
    HIGHEST: (msg("Highest bet"), msg("The highest bet held by one seat wins.")),
    LOWEST: (msg("Lowest bet"), msg("The lowest bet from 1 held by one seat wins; 0 is ignored.")),
    DATES: (msg("Highest quantity of dates"), msg("Most dates on camels: +1 to the bet.")),
    FIRST: (msg("First player bet"), msg("The First Player's bet counts 1 less.")),
    LUCKY0: (msg("The Lucky 0"), msg("A lone 0 wins; two or more 0s lose 2 each.")),
    NO2: (msg("Cannot bet 2"), msg("Nobody may bet 2.")),
    NO3: (msg("Cannot bet 3"), msg("Nobody may bet 3.")),
    GOODS: (msg("Lowest quantity of goods cards"), msg("Fewest goods cards: +1 to the bet.")),
}
FORBIDDEN = {NO2: 2, NO3: 3}
COUNT_CARDS = {DATES: msg("Dates on camels?"), GOODS: msg("Goods cards?")}
LUCKY_PENALTY = 2
MAX_COUNT = 99
MAX_INCOME = 999

Phase = Literal["card", "counts", "bidding", "income", "over"]


@dataclass(frozen=True)
class Attempt:
    """One reveal of sealed bids and how it resolved."""

    bids: Mapping[int, int]
    modifiers: Mapping[int, int]  # seat -> +1 / -1 applied by the card
    effective: Mapping[int, int]
    considered: tuple[int, ...]  # seats whose bid took part (Lowest bet ignores 0)
    dropped: tuple[int, ...]  # tied effective values that dropped out, in the order tried
    winner: int | None
    payment: int
    penalties: Mapping[int, int]  # Lucky 0 losses, seat -> pounds
    standard: bool  # the card fell back to the standard auction
    note: Msg | None

    @property
    def restart(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class Auction:
    number: int  # 1-based; the first auction of the game is 1
    card: str
    first_player: int  # who held the token when the auction started
    counts: Mapping[int, int] = field(default_factory=dict)
    bids: SealedRound = field(default_factory=lambda: SealedRound(()))
    attempts: tuple[Attempt, ...] = ()
    abandoned: bool = False
    absent: frozenset[int] = frozenset()  # seats the host let sit this auction out

    @property
    def result(self) -> Attempt | None:
        last = self.attempts[-1] if self.attempts else None
        return last if last is not None and not last.restart else None

    @property
    def done(self) -> bool:
        return self.abandoned or self.result is not None


@dataclass(frozen=True)
class CamelState(TableState):
    phase: Phase
    first_player: int
    auctions: Sequence[Auction] = ()
    market_order: tuple[int, ...] = ()
    income: Mapping[int, int] = field(default_factory=dict)  # this round's sale income entries
    ended_in_income: bool = False  # the host ended the game before every sale income was in
    log: Sequence[Msg] = ()

    @property
    def current(self) -> Auction | None:
        return self.auctions[-1] if self.auctions else None

    def coins(self, seat: int) -> int:
        return self.ledger.seat(seat)
