"""Mega Civilization (5-18 seats): the trade-card phases 6a/6b, the trade timer (7), the
calamity count and a private set-value calculator.

Rules: shared/rules.md section 5; seed shared/seeds/004_*.txt. A turn on the companion:

  setup (a civilization per seat; treasury entered per seat, public) -> cities (from turn 2
  each seat first confirms its treasury) -> 6a draw (fewest cities first, A.S.T. breaks
  ties; empty stacks give water) -> 6b buy (stack 9 for 15 treasury a card, one at a time,
  or pass) -> 7 trade (the timer, wall-clock `at_ms` from the app) -> calamity count (sealed,
  revealed together) -> after (the host starts the next turn or ends the game).

The card contents themselves are never known to the companion: it tracks counts and water.
The set-value calculator lives on each seat's own box and never reaches the table.

Data: `civs` (the A.S.T. ranking and blocks) and `commodities` (the commodity cards per seat
count). State: `state`. Steps: `setup` (civilizations, blocks, the start of a turn),
`treasury` (entered, confirmed, corrected), `trade_cards` (6a draw order and plans, 6b
purchases), `timer` (7), `calamities` (the sealed count), `calculator` (set values). Views:
`prompts` (the boxes), `table` (the table screen), `outcome` (replay --json); `host` the
host menu; `rules` the game class with its one dispatch.
"""

from .calculator import set_value
from .civs import AST_RANK, CIV_NAMES, CIVS
from .commodities import commodity_table
from .rules import GAME, MegaCivilization
from .state import MegaState, Timer
from .trade_cards import draw_order

__all__ = [
    "AST_RANK",
    "CIVS",
    "CIV_NAMES",
    "GAME",
    "MegaCivilization",
    "MegaState",
    "Timer",
    "commodity_table",
    "draw_order",
    "set_value",
]
