"""The refusals every game shares, one wording each: one msg id, so one translation, and the
same situation reads the same on a box's LCD in every game. Its own module (not game.py) so
the rounds and the score pad, which game.py builds on, can use them too."""

from __future__ import annotations

from .text import Msg, msg

NOTHING_TO_ENTER = msg("Nothing to enter\nright now")
NOT_AN_ACTION = msg("Not an action\nfor this game")
NOTHING_LOCKED = msg("Nothing locked\nto unlock")  # unlock, with no entry of the seat's locked
ALREADY_LOCKED = msg("Already locked\nhold OK: unlock")  # an entry over the seat's locked one
GAME_OVER = msg("The game is over")


def unknown_command(command: str) -> Msg:
    return msg("Unknown command\n{c}", c=command)
