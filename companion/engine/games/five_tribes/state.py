"""Five Tribes' state: the turn order track and its bids, sales, the merchandise calculators.

Each seat's gold is in the ledger (hidden: only the seat's own LCD shows it). Rules as applied:
docs/games/five_tribes.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...game import TableState
from ...rounds.ordered import OrderedRound
from ...seats import clockwise_from
from ...text import Msg, msg

# The turn order track, best spot first. Index = spot; 6, 7 and 8 are the three 0s.
COSTS = (18, 12, 8, 5, 3, 1, 0, 0, 0)
PAID_SPOTS = 6  # spots 0..5 cost gold; one marker each
ZERO_SPOTS = 3  # never more than three markers on 0s
# Gold for a suit of n all-different merchandise cards (index n), rulebook 2.6 / seed S3.
SUIT_VALUES = (0, 1, 3, 7, 13, 21, 30, 40, 50, 60)
MAX_SUIT = 9
# The nine merchandise types (the box's keys, rarest first) and the cards of each in the
# deck (rules.md 4.2): no hand holds more. Fakirs are resource cards but never merchandise.
CARD_TYPES = ("ivory", "jewels", "gold", "papyrus", "silk", "spice", "fish", "wheat", "pottery")
MERCHANDISE = (2, 2, 2, 4, 4, 4, 6, 6, 6)
DECK = dict(zip(CARD_TYPES, MERCHANDISE, strict=True))
FAKIR = "fakir"
CARD_NAMES: dict[str, Msg] = {
    "ivory": msg("Ivory"), "jewels": msg("Jewels"), "gold": msg("Gold"),
    "papyrus": msg("Papyrus"), "silk": msg("Silk"), "spice": msg("Spice"),
    "fish": msg("Fish"), "wheat": msg("Wheat"), "pottery": msg("Pottery"),
    FAKIR: msg("Fakir"),
}
SMALL_MARKET = 3
LARGE_MARKET = 6
MAX_ENTRY = 999

# Menu keys on the box in a seat's turn.
SELL, SMALL, LARGE, GAIN, PAY, DONE = "sell", "small", "large", "gain", "pay", "done"
FAKIRS = "fakirs"  # the spot menu's Kumarbi entry
BACK = "back"
END = "end"  # closes a sale
CLOSE = "close"  # closes the suit being built in a sale
UNDO = "undo"  # takes the last card back out of the suit being built

Phase = Literal["bid", "play", "scoring", "over"]
# What the acting seat's box asks beyond its main question: "" = the spot list or the turn
# menu; "fakirs"/"spot_f" = Kumarbi's two steps; "sell"/"gain"/"pay" = amounts in a turn.
Mode = Literal["", "fakirs", "spot_f", "sell", "gain", "pay"]


# ---------------------------------------------------------------- pure calculators


def suit_value(size: int) -> int:
    """Gold for one suit of `size` all-different merchandise cards (1..9)."""
    if not 1 <= size <= MAX_SUIT:
        raise ValueError(f"a suit has 1 to {MAX_SUIT} cards, not {size}")
    return SUIT_VALUES[size]


def best_suits(counts: Mapping[str, int]) -> tuple[int, ...]:
    """The suits that score most from a hand of `counts` cards per type, largest first.

    Each suit takes one card of every type still held. That is the best split: a suit's
    value grows by at least as much with every card added (1, 2, 4, 6, 8, 9, 10, 10, 10),
    so making the big suits bigger never loses.
    """
    left = {t: n for t, n in counts.items() if n > 0}
    suits = []
    while left:
        suits.append(len(left))
        left = {t: n - 1 for t, n in left.items() if n > 1}
    return tuple(suits)


def merchandise_value(suits: Sequence[int]) -> int:
    """The gold (or points, at the end) for a set of suits: the sale and scoring calculator."""
    return sum(suit_value(s) for s in suits)


def kumarbi_cost(spot: int, fakirs: int) -> int:
    """Cost of a paid spot when its owner discards `fakirs` Fakirs: the spot that many lower."""
    lower = spot + fakirs
    return COSTS[lower] if lower < len(COSTS) else 0


def rank(spot: int) -> int:
    """How many spots a paid spot sits above the 0s (spot '1' is 1, spot '18' is 6)."""
    return PAID_SPOTS - spot


# ---------------------------------------------------------------- state


@dataclass(frozen=True)
class Placement:
    """One marker put on the track. `spot` is 0..5 for paid spots, 6 for any 0."""

    seat: int
    spot: int
    paid: int
    fakirs: int = 0  # Fakirs discarded for Kumarbi's discount
    short: bool = False  # could pay no legal spot: took the cheapest for what it had

    @property
    def zero(self) -> bool:
        return self.spot >= PAID_SPOTS


@dataclass(frozen=True)
class Bid:
    """One bid for turn order: the bid order as an ordered round, and the markers placed."""

    turn: int
    order: OrderedRound
    placements: tuple[Placement, ...] = ()
    kumarbi_used: bool = False

    def track(self) -> tuple[Placement | None, ...]:
        """The nine spots, best first. A later 0 pushes earlier ones down the row."""
        paid: list[Placement | None] = [None] * PAID_SPOTS
        for p in self.placements:
            if not p.zero:
                paid[p.spot] = p
        zeros: list[Placement | None] = [p for p in reversed(self.placements) if p.zero]
        zeros += [None] * (ZERO_SPOTS - len(zeros))
        return (*paid, *zeros)

    def zeros_taken(self) -> int:
        return sum(1 for p in self.placements if p.zero)

    def taken(self, spot: int) -> Placement | None:
        return next((p for p in self.placements if p.spot == spot and not p.zero), None)

    def play_order(self) -> tuple[int, ...]:
        """From the most expensive spot down, then the 0s (last 0 taken first)."""
        return tuple(p.seat for p in self.track() if p is not None)


Suit = tuple[str, ...]  # card types, all different


@dataclass(frozen=True)
class Sale:
    seat: int
    turn: int
    suits: tuple[Suit, ...]

    @property
    def gold(self) -> int:
        return merchandise_value([len(s) for s in self.suits])


@dataclass(frozen=True)
class FiveTribesState(TableState):
    phase: Phase
    bid: Bid  # the current bid; kept through the play phase to show the track
    play: OrderedRound | None = None
    mode: Mode = ""
    fakirs: int = 0  # Fakirs chosen for Kumarbi while mode == "spot_f"
    sale: tuple[Suit, ...] = ()  # suits sold so far in the sale under way
    suit: Suit = ()  # the suit being built in the sale under way
    kumarbi: int | None = None  # the seat holding the Djinn Kumarbi
    bids: tuple[Bid, ...] = ()  # finished bids, for the outcome
    sales: tuple[Sale, ...] = ()
    # The final score pad: each seat's entries so far (secret until every pad is locked).
    pads: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    pad_at: Mapping[int, int] = field(default_factory=dict)  # the category each seat is on
    pads_locked: frozenset[int] = frozenset()
    log: Sequence[Msg] = ()

    def gold(self, seat: int) -> int:
        return self.ledger.seat(seat)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def actor(self) -> int | None:
        """Who acts now: the bidder in bid order, then the player in play order."""
        if self.phase == "bid":
            return self.bid.order.current
        if self.phase == "play" and self.play is not None:
            return self.play.current
        return None


def markers(n_seats: int) -> int:
    """Turn markers per seat: two in a 2-seat game, else one."""
    return 2 if n_seats == 2 else 1


def default_bid_order(first: int, n_seats: int) -> tuple[int, ...]:
    """Clockwise from `first`; with two seats each seat's markers alternate."""
    return clockwise_from(first, n_seats) * markers(n_seats)
