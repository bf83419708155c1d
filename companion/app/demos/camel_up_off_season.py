"""The Camel Up: Off Season demo: five auctions covering most cards, then the final screen.

Ann, Bob, Cy and Di start with 10 coins each. Every Enter below is played as real button
presses on the seat's mock box.
"""

from __future__ import annotations

from ...engine.actions import Enter, Host, Withdraw
from . import Demo, Shot


def bids(*values: int) -> tuple[Enter, ...]:
    return tuple(Enter(s, v) for s, v in enumerate(values))


DEMO = Demo(
    game="camel-up-off-season",
    seats=("Ann", "Bob", "Cy", "Di"),
    title="Camel Up: Off Season - five auctions on mock boxes",
    steps=(
        Host.make("start", card="highest_bet"),
        Enter(0, 3), Enter(3, 4), Shot("01-bidding-two-locked"),
        Withdraw(3), Enter(3, 2),  # Di changes her mind before everyone has locked
        Enter(1, 5), Enter(2, 5), Shot("02-reveal-highest-bet-ties-drop", hold=3),
        *bids(0, 4, 2, 0),  # sale income
        Host.make("start", card="most_dates"),
        *bids(2, 5, 5, 0),  # dates on camels, public
        Shot("03-dates-entered"),
        *bids(4, 3, 6, 4), Shot("04-reveal-most-dates", hold=3),
        *bids(3, 0, 1, 5),
        Host.make("start", card="lucky_0"),
        *bids(0, 0, 3, 2), Shot("05-reveal-lucky-zero", hold=3),
        *bids(0, 2, 0, 1),
        Host.make("start", card="cannot_bet_3"),
        Enter(1, 3), Shot("06-forbidden-value-refused"),
        *bids(2, 2, 1, 1), Shot("07-all-tied-restart", hold=3),
        *bids(1, 4, 0, 4), Shot("08-reveal-after-restart", hold=3),
        *bids(2, 2, 2, 2),
        Host.make("start", card="first_player_bet"),
        *bids(4, 3, 2, 3), Shot("09-reveal-first-player-bet", hold=3),
        *bids(1, 0, 0, 3),
        Host.make("end"), Shot("10-final", hold=4),
    ),
)
