"""MarraCash's fixed parts and state: the colours and shops, the amounts of each preset, the
state types, and the helpers every step uses (pay through the ledger with one public log
line, say a log line, pay a shop's wages, decide a sealed auction's winner).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ...chronicle import appended
from ...errors import IllegalAction
from ...game import TableState
from ...ledger import SUPPLY, seat_account
from ...rounds.open_auction import OpenAuction
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...seats import clockwise_from
from ...text import Msg, msg, msg_in

COLOURS = ("red", "blue", "green", "yellow", "purple")
COLOUR_NAMES: dict[str, Msg] = {
    "red": msg("Red"), "blue": msg("Blue"), "green": msg("Green"),
    "yellow": msg("Yellow"), "purple": msg("Purple"),
}
# Three letters for prompt labels, where "Pur 5: how many" must fit 16 columns.
# A msgctxt keeps the short "Red" apart from the colour name "Red" for translators.
COLOUR_SHORT: dict[str, Msg] = {
    "red": msg_in("shop colour, 3 letters", "Red"),
    "blue": msg_in("shop colour, 3 letters", "Blu"),
    "green": msg_in("shop colour, 3 letters", "Grn"),
    "yellow": msg_in("shop colour, 3 letters", "Yel"),
    "purple": msg_in("shop colour, 3 letters", "Pur"),
}
SHOPS: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in range(1, 6))
GATES = 3  # city-gate spaces on the board: at most three refills in one turn
MAX_GROUP = 30  # the most customers one entry may name (a large merged group)

# Choice and extra keys a box may enter (besides shop keys and numbers).
MOVE, AUCTION, BACK, END, DONE, PASS = "move", "auction", "back", "end", "done", "pass"


def shop_name(key: str) -> Msg:
    return msg("{colour} {n}", colour=COLOUR_NAMES[key[:-1]], n=int(key[-1]))


def shop_short(key: str) -> Msg:
    return msg("{colour} {n}", colour=COLOUR_SHORT[key[:-1]], n=int(key[-1]))


@dataclass(frozen=True)
class Amounts:
    """Every amount of money in the rules; the 1996 edition is the seed's times five."""

    start: int = 240
    minimum: int = 20  # opening bid
    step: int = 5  # lowest raise, and the smallest note: every bid is a multiple of it
    commission_cap: int = 100  # auctioneer commission: low up to this price, high above
    commission: tuple[int, int] = (20, 40)
    wages: tuple[int, ...] = (20, 40, 60, 80, 100)  # 1st, 2nd, ... 5th and later customer
    mover_cap: int = 60  # mover commission: low per customer while a shop's wages <= this
    mover: tuple[int, int] = (10, 20)

    def times(self, k: int) -> Amounts:
        return Amounts(self.start * k, self.minimum * k, self.step * k, self.commission_cap * k,
                       (self.commission[0] * k, self.commission[1] * k),
                       tuple(w * k for w in self.wages), self.mover_cap * k,
                       (self.mover[0] * k, self.mover[1] * k))

    def wage(self, nth: int) -> int:
        """The wage for a shop's `nth` customer (counting the newcomer)."""
        return self.wages[min(nth, len(self.wages)) - 1]

    def auction_commission(self, price: int) -> int:
        return self.commission[0] if price <= self.commission_cap else self.commission[1]

    def mover_rate(self, wages_from_move: int) -> int:
        return self.mover[0] if wages_from_move <= self.mover_cap else self.mover[1]


PRESETS: dict[str, Amounts] = {"seed": Amounts(), "1996": Amounts().times(5)}

Stage = Literal["pick", "bidding", "pullin", "action", "move", "count", "refill", "over"]
Round = Literal["first", "normal", "last", "over"]


@dataclass(frozen=True)
class Shop:
    owner: int | None = None
    customers: int = 0


@dataclass(frozen=True)
class Auction:
    number: int  # 1-based over the game
    shop: str
    auctioneer: int
    open: OpenAuction | None = None  # the open (default) variant
    sealed: SealedRound | None = None  # the designer's sealed variant
    revealed: Mapping[int, int] | None = None  # sealed bids, once every seat has locked
    winner: int | None = None
    price: int = 0
    commission: int = 0
    pulled_in: int | None = None  # waiting customers that entered after the auction


@dataclass(frozen=True)
class Entry:
    """Customers one move put into one shop, and what they earned."""

    shop: str
    owner: int
    entered: int
    wages: int
    commission: int


@dataclass(frozen=True)
class Move:
    turn: int
    seat: int
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class MarraState(TableState):
    amounts: Amounts
    shops: Mapping[str, Shop]
    queue: int  # people outside the city walls
    round: Round
    stage: Stage
    seat: int  # whose turn it is
    start_seat: int
    turn_no: int = 1
    first_round: OrderedRound | None = None
    last_round: OrderedRound | None = None
    last_group: int | None = None  # the seat that placed the last group on a gate
    actions: tuple[str, ...] = ()  # MOVE / AUCTION done in this turn
    entries: tuple[Entry, ...] = ()  # the move in progress
    pending: str | None = None  # the shop whose count is being entered
    refills: tuple[int, ...] = ()  # gate refills in this turn
    auction: Auction | None = None  # the auction in progress (bidding, pull-in)
    auctions: Sequence[Auction] = ()  # finished auctions
    moves: Sequence[Move] = ()
    log: Sequence[Msg] = ()

    @property
    def phase(self) -> str:
        """The stage is what picks the handler of a seat's entry (`Rules.phase`)."""
        return self.stage

    def money(self, seat: int) -> int:
        return self.ledger.seat(seat)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def can_auction(self, seat: int) -> bool:
        return self.money(seat) >= self.amounts.minimum and any(
            sh.owner is None for sh in self.shops.values())


def check_can_auction(state: MarraState, seat: int) -> None:
    if state.money(seat) < state.amounts.minimum:
        raise IllegalAction(msg("Need {n} to\nopen an auction", n=state.amounts.minimum))
    if not any(sh.owner is None for sh in state.shops.values()):
        raise IllegalAction("No shop left\nto auction")


def sealed_winner(bids: Mapping[int, int], auctioneer: int, count: int) -> int:
    """Highest bid wins; a tie goes to the tied seat nearest clockwise from the auctioneer,
    the auctioneer counting as nearest (rules.md 0, DORRA)."""
    top = max(bids.values())
    return next(s for s in clockwise_from(auctioneer, count) if bids.get(s) == top)


def who(state: MarraState, seat: int | None) -> Msg | str:
    return msg("Bank") if seat is None else state.names[seat]


def pay(state: MarraState, src: int | None, dst: int | None, amount: int,
        why: Msg) -> MarraState:
    """Move money through the ledger and log it as one public line: who, whom, how much, why."""
    if amount == 0:
        return state
    ledger = state.ledger.transfer(SUPPLY if src is None else seat_account(src),
                                   SUPPLY if dst is None else seat_account(dst), amount, why)
    line = msg("{payer} pays {payee} {amount}: {why}", payer=who(state, src),
               payee=who(state, dst), amount=amount, why=why)
    return replace(state, ledger=ledger, log=appended(state.log, line))


def say(state: MarraState, line: Msg) -> MarraState:
    return replace(state, log=appended(state.log, line))


def pay_wages(state: MarraState, shop: str, count: int) -> tuple[MarraState, int]:
    """`count` customers enter `shop` one by one; the bank pays its owner each one's wage."""
    sh = state.shops[shop]
    assert sh.owner is not None
    total = 0
    for k in range(sh.customers + 1, sh.customers + count + 1):
        wage = state.amounts.wage(k)
        total += wage
        state = pay(state, None, sh.owner, wage,
                    msg("wage, {shop} customer {k}", shop=shop_name(shop), k=k))
    shops = {**state.shops, shop: Shop(sh.owner, sh.customers + count)}
    return replace(state, shops=shops), total
