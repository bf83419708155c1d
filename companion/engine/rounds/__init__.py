"""Interaction shapes shared by the games: the sealed round and the ordered round.

Games compose these; they do not re-implement them.
"""

from .ordered import OrderedRound
from .sealed import SealedRound

__all__ = ["OrderedRound", "SealedRound"]
