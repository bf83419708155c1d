"""Interaction shapes shared by the games (sealed round, ordered round, open auction)."""

from .sealed import SealedRound

__all__ = ["SealedRound"]
