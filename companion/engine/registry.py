"""Every game the companion knows, by id and by alias (`companion games` lists them)."""

from __future__ import annotations

from .errors import MalformedInput
from .game import Game
from .text import msg

# One line per game module in companion/engine/games/ (each defines GAME).
_MODULES = (
    "camel_up_off_season",
    "marracash",
    "five_tribes",
    "mega_civilization",
    "amun_re",
)


def _games() -> tuple[Game, ...]:
    from importlib import import_module

    return tuple(import_module(f"{__package__}.games.{m}").GAME for m in _MODULES)


def all_games() -> tuple[Game, ...]:
    return _games()


def get_game(name: str) -> Game:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for game in _games():
        if key == game.id or key in game.aliases:
            return game
    known = ", ".join(g.id for g in _games())
    raise MalformedInput(msg("unknown game {name!r}; known games: {known}", name=name,
                             known=known))
