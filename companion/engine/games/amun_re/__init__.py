"""Amun-Re: the province auction on the boxes, the secret offering, and hidden gold.

Rules as applied: docs/games/amun_re.md (the 2003 auction text,
our default); the 2016 rules are the `edition = "2016"` preset. This package owns one game's
money flow and everything the seats enter:

  provinces (host offers one per seat, and enters each one's bonuses once) -> auction
  (ordered placements on bid spaces 0, 1, 3, 6, 10, ... with Bid Blockade / Outbid in the
  Same Province) -> settle (2003: sell the cards a bid needs; pay; immediate province
  bonuses) -> buying (in turn: cards, farmers, stones at n(n+1)/2 each, within the
  provinces' symbols and free fields) -> offering (sealed: gold or "steal 3"; 2016: the
  Offering Adjustment after the reveal) -> rewards -> harvest (computed) -> next round;
  after rounds 3 and 6 the kingdom score pads; at the end the gold bonus and the score sheet.

Gold is hidden: the table never shows a seat's gold (SeatLine.money is None) and `table()`
never reads the ledger or the hands until the game is over, so it cannot leak them. Power
cards are tracked per seat as a count plus which of them are the two auction cards; card
draws happen at the table, so the seat enters what it drew. Public log lines carry only what
the table sees anyway: bids and their prices, revealed offers, entered income.

`state` holds the data tables and the state types, `auction` the province auction and its
settle, `asks` the questions seats answer at their own pace (settle, buying, rewards,
income), `offering` the sealed offering and its adjustment, `income` the harvest and the ends
of a round and of the game, `provinces` the province data and what follows from it,
`scoring` the victory points and the score sheet, `host` the host commands, `prompts` the
boxes, `table` the table screen, `outcome` the replay output, and `rules` the game class with
its one dispatch.
"""

from .rules import GAME, AmunRe
from .state import PROVINCES, AmunReState, Hand

__all__ = ["GAME", "PROVINCES", "AmunRe", "AmunReState", "Hand"]
