"""Every game the companion knows, by id and by alias (`companion games` lists them).

The games are imported here by name, so every import can be read and checked; a new game is
one import and one entry in `GAMES`.
"""

from __future__ import annotations

from typing import Any

from .errors import MalformedInput
from .game import Game
from .games import amun_re, camel_up_off_season, five_tribes, marracash, mega_civilization
from .text import msg

GAMES: tuple[Game[Any], ...] = (
    camel_up_off_season.GAME,
    marracash.GAME,
    five_tribes.GAME,
    mega_civilization.GAME,
    amun_re.GAME,
)


def all_games() -> tuple[Game[Any], ...]:
    return GAMES


def get_game(name: str) -> Game[Any]:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for game in GAMES:
        if key == game.id or key in game.aliases:
            return game
    known = ", ".join(g.id for g in GAMES)
    raise MalformedInput(msg("unknown game {name!r}; known games: {known}", name=name,
                             known=known))
