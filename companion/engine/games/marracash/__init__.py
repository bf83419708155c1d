"""MarraCash: the companion as the table's bank (shop auctions, wages, mover commissions).

Rules as applied: docs/games/marracash.md (from the Polish player aid).
This package owns the money and the shop register (owner and customer count of each of the
25 shops, 5 colours x 5 numbers), the count of people outside the city walls, and the turn
structure; the board itself stays on the table, so the active seat tells the companion what
happened there (which shops customers entered, how many, how many people it put on a gate).

Flow: first round (each seat in turn auctions one shop, or none) -> turns of two actions
(MOVE+MOVE, MOVE+AUCTION, AUCTION+AUCTION; never a MOVE after an AUCTION) -> at the end of a
turn with a move, one refill entry per empty gate -> when nobody is left outside, the last
round: every seat plays one more turn, ending with the seat that placed the last group ->
the final screen. Money is public in MarraCash: every payment is one public log line.

`state` holds the board's fixed parts, the amounts of each preset, the state types and the
payment helpers; `auction` the shop auction (open or sealed) and the pull-in; `turns` the
actions, moves, gate refills and rounds; `host` the host commands; `prompts` the boxes;
`table` the table screen; `outcome` the replay output; and `rules` the game class with its
one dispatch.
"""

from .rules import GAME, MarraCash
from .state import PRESETS, SHOPS, Amounts, MarraState

__all__ = ["GAME", "PRESETS", "SHOPS", "Amounts", "MarraCash", "MarraState"]
