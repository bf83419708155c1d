"""Five Tribes: the bid for turn order on the boxes, secret gold, and merchandise sales.

Rules as the companion applies them: docs/games/five_tribes.md (rulebook page 7 for sales).
The package owns each seat's gold (hidden: only the seat's own LCD shows it), the turn
order track (18, 12, 8, 5, 3, 1, 0, 0, 0) and the bid that fills it, the play order and the
next bid order derived from it, Kumarbi's Fakir discount, merchandise sales card by card, and
the final score sheet. The board itself (meeples, tiles, cards) stays on the table: in its
turn a seat records only what moved gold (SELL / MARKET / GOLD +/- / DONE).

A game turn goes bid (seats pick spots in bid order, paying at once) -> play (seats act in
play order; each ends with DONE) -> the next bid, whose order is this play order. The host
ends the game between turns (`end`); every seat then fills in its score pad in secret, and
the final screen reveals the score sheet (every category of the rules) and the winner. Two
seats play with two markers each.

`state` holds the track, the calculators and the state types; `bidding` the bid for turn
order, `turns` a seat's turn and its sales, `scoring` the score pads and the score sheet;
`boxes` what each seat's box asks; `rules` the game (setup, dispatch, host commands);
`table` the public view and the replay output.
"""

from .rules import GAME, FiveTribes
from .state import (
    CARD_TYPES,
    COSTS,
    MERCHANDISE,
    SUIT_VALUES,
    FiveTribesState,
    best_suits,
    merchandise_value,
    suit_value,
)

__all__ = [
    "CARD_TYPES",
    "COSTS",
    "GAME",
    "MERCHANDISE",
    "SUIT_VALUES",
    "FiveTribes",
    "FiveTribesState",
    "best_suits",
    "merchandise_value",
    "suit_value",
]
