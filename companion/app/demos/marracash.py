"""The MarraCash demo: a first round of open auctions (both commission tiers, a pull-in),
a move into two other seats' shops (mover commissions), gate refills, the last round and
the final screen.

Ann, Bob, Cy and Di start with 240 dirhams; only 6 people wait outside the walls (option
`queue`), so the game ends after two normal turns and a last round. Every Enter below is
played as real button presses on the seat's mock box: shops and MOVE/AUCTION are choices,
bids and counts are numbers, PASS is the extra below the lowest bid.
"""

from __future__ import annotations

from ...engine.actions import Enter
from . import Demo, Shot


def e(seat: int, value: int | str) -> Enter:
    return Enter(seat, value)


def move(seat: int, *entries: tuple[str, int]) -> tuple[Enter, ...]:
    """A MOVE: per shop that received customers, the shop then how many; then Done."""
    steps = [e(seat, "move")]
    for shop, count in entries:
        steps += [e(seat, shop), e(seat, count)]
    return (*steps, e(seat, "done"))


DEMO = Demo(
    game="marracash",
    seats=("Ann", "Bob", "Cy", "Di"),
    options={"queue": 6},
    title="MarraCash - the companion as the bank, on mock boxes",
    steps=(
        # First round: each seat auctions one shop.
        e(0, "red1"), e(0, 20), e(1, 35), e(2, "pass"), e(3, 40),
        Shot("01-open-auction-high-bid", hold=3),
        e(0, "pass"), e(1, 50), e(3, "pass"),
        Shot("02-sold-commission-20"),
        e(0, 0),  # nobody waiting at Red 1's door
        e(1, "blue1"), e(1, 20), e(2, "pass"), e(3, "pass"), e(0, "pass"),
        e(1, 1), Shot("03-pull-in-wage"),  # one waiting customer walks into Blue 1
        e(2, "green1"), e(2, 20), e(3, 25), e(0, "pass"), e(1, "pass"), e(2, 30),
        e(3, "pass"), e(2, 0),
        e(3, "yellow1"), e(3, 20), e(0, 105), e(1, "pass"), e(2, "pass"), e(3, "pass"),
        Shot("04-sold-for-105-commission-40"),
        e(3, 0),
        # Ann's turn: a MOVE into Bob's and Cy's shops, then an AUCTION.
        e(0, "move"), e(0, "red1"), e(0, 2), Shot("05-move-first-shop"),
        e(0, "green1"), e(0, 3), Shot("06-move-two-owners-commissions", hold=3),
        e(0, "done"),
        e(0, "auction"), e(0, "purple1"), e(0, 20), e(1, "pass"), e(2, 25), e(3, "pass"),
        e(0, "pass"), e(0, 0),
        e(0, 3), Shot("07-gate-refill"), e(0, "end"),
        # Bob: one customer into Cy's shop (4th customer: 80, commission 20), then the last
        # three people go to a gate: the last round starts and Bob plays last.
        *move(1, ("green1", 1)), *move(1),
        e(1, 3), Shot("08-last-round", hold=3),
        *move(2, ("red1", 1)), *move(2),
        *move(3), *move(3),
        *move(0, ("blue1", 1)), *move(0),
        *move(1, ("blue1", 2)), *move(1),
        Shot("09-final", hold=4),
    ),
)
