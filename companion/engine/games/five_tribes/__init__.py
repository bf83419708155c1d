"""Five Tribes: the bid for turn order on the boxes, secret gold, and merchandise sales.

Rules: shared/rules.md sections 0 and 4; seed shared/seeds/003_*.txt (rulebook page 7).
The package owns each seat's gold (hidden: only the seat's own LCD shows it), the turn
order track (18, 12, 8, 5, 3, 1, 0, 0, 0) and the bid that fills it, the play order and the
next bid order derived from it, Kumarbi's Fakir discount, merchandise sales and the final
merchandise scoring. The board itself (meeples, tiles, cards) stays on the table: in its
turn a seat records only what moved gold (SELL / MARKET / GOLD +/- / DONE).

A game turn goes bid (seats pick spots in bid order, paying at once) -> play (seats act in
play order; each ends with DONE) -> the next bid, whose order is this play order. The host
ends the game between turns (`end`); every seat then enters its unsold suits, and the final
screen shows gold and merchandise value. Two seats play with two markers each.

`state` holds the track, the calculators and the state types; `bidding` the bid for turn
order, `turns` a seat's turn, `scoring` the unsold merchandise at the end; `boxes` what each
seat's box asks; `rules` the game (setup, dispatch, host commands); `table` the public view
and the replay output.
"""

from .rules import GAME, FiveTribes
from .state import (
    COSTS,
    MERCHANDISE,
    SUIT_VALUES,
    FiveTribesState,
    merchandise_value,
    suit_value,
    suits_possible,
)

__all__ = [
    "COSTS",
    "GAME",
    "MERCHANDISE",
    "SUIT_VALUES",
    "FiveTribes",
    "FiveTribesState",
    "merchandise_value",
    "suit_value",
    "suits_possible",
]
