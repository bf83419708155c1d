"""Amun-Re: the province auction on the boxes, the secret offering, and hidden gold.

Rules: shared/rules.md sections 0 and 3; seed shared/seeds/002_*.txt (the 2003 auction text,
our default); the 2016 rules are the `edition = "2016"` preset. This package owns one game's
money flow and everything the seats enter:

  provinces (host offers one per seat) -> auction (ordered placements on bid spaces 0, 1, 3,
  6, 10, ... with Bid Blockade / Outbid in the Same Province) -> settle (2003: sell the cards
  a bid needs; pay; immediate province bonuses) -> buying (in turn: cards, farmers, stones at
  n(n+1)/2 each) -> offering (sealed: gold or "steal 3") -> rewards (which items were cards)
  -> income (harvest and other income) -> next round; after the last round, the gold bonus.

Gold is hidden: the table never shows a seat's gold (SeatLine.money is None) and `table()`
never reads the ledger or the hands until the game is over, so it cannot leak them. Power
cards are tracked per seat as a count plus which of them are the two auction cards; card
draws happen at the table, so the seat enters what it drew. Public log lines carry only what
the table sees anyway: bids and their prices, revealed offers, entered income.

`state` holds the data tables and the state types, `auction` the province auction and its
settle, `asks` the questions seats answer at their own pace (settle, buying, rewards,
income), `offering` the sealed offering, `income` the harvest and the ends of a round and of
the game, `host` the host commands, `prompts` the boxes, `table` the table screen, `outcome`
the replay output, and `rules` the game class with its one dispatch.
"""

from .rules import GAME, AmunRe
from .state import PROVINCES, AmunReState, Hand

__all__ = ["GAME", "PROVINCES", "AmunRe", "AmunReState", "Hand"]
