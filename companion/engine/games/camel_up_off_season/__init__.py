"""Camel Up: Off Season: the sealed auction every round, with every special auction card.

`state` holds the cards and the state types, `resolve` one reveal, `rules` the entries, host
commands and boxes, `table` the public view and the replay output.
"""

from .rules import GAME, CamelUpOffSeason
from .state import CARDS, CamelState

__all__ = ["CARDS", "GAME", "CamelState", "CamelUpOffSeason"]
