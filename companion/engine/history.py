"""Folding a game's actions into states, with the host's undo as a visible correction.

State = replay(setup, actions). `Undo` pops the last accepted action's state and is
recorded as a correction; nothing in the record is ever edited.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Enter, Undo, Value, Withdraw, action_to_json
from .errors import IllegalAction
from .game import Event, Game, resolve_options
from .seats import Seat
from .text import Msg, msg


@dataclass(frozen=True)
class Setup:
    game: str
    seats: tuple[Seat, ...]
    options: Mapping[str, Value] = field(default_factory=dict)


@dataclass
class History:
    """The live record: every state after each accepted action, and the corrections made."""

    game: Game[Any]
    setup: Setup
    states: list[Any]
    actions: list[Action] = field(default_factory=list)  # the ones standing (undos applied)
    corrections: list[Msg] = field(default_factory=list)
    # Every accepted action including the undos, in order: what the journal holds.
    journal_actions: list[Action] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game[Any], setup: Setup) -> History:
        if not game.min_seats <= len(setup.seats) <= game.max_seats:
            raise IllegalAction(
                msg(
                    "{game} needs {lo} to {hi} seats",
                    game=game.name,
                    lo=game.min_seats,
                    hi=game.max_seats,
                )
            )
        # Keep every option's value, defaults included: a journal must replay the same
        # even if a later version changes a default.
        options = resolve_options(game, setup.options)
        setup = Setup(setup.game, setup.seats, options)
        return cls(game, setup, [game.setup(setup.seats, options)])

    @property
    def state(self) -> Any:
        return self.states[-1]

    def check(self, action: Action) -> tuple[Any, tuple[Event, ...]]:
        """What `action` would do, without accepting it (raises IllegalAction)."""
        if isinstance(action, Undo):
            if len(self.states) < 2:
                raise IllegalAction("Nothing to undo")
            return self.states[-2], (Event(msg("Host correction: last entry undone")),)
        # Checked here once for every game: a box can only speak for a seat at the table.
        if isinstance(action, Enter | Withdraw) and not 0 <= action.seat < len(self.setup.seats):
            raise IllegalAction(msg("No seat {n}", n=action.seat + 1))
        step = self.game.apply(self.state, action)
        return step.state, step.events

    def accept(self, action: Action, new_state: Any) -> None:
        """Record an action already checked (the app journals it in between)."""
        if isinstance(action, Undo):
            undone = self.actions.pop()
            self.states.pop()
            self.corrections.append(msg("Undone: {what}", what=describe(undone)))
        else:
            self.actions.append(action)
            self.states.append(new_state)
        self.journal_actions.append(action)

    def apply(self, action: Action) -> tuple[Event, ...]:
        new_state, events = self.check(action)
        self.accept(action, new_state)
        return events


def describe(action: Action) -> str:
    return ", ".join(f"{k}={v}" for k, v in action_to_json(action).items())


def replay(game: Game[Any], setup: Setup, actions: Iterable[Action]) -> History:
    """Rebuild the history from a journal; an action the rules refuse is a hard error."""
    history = History.start(game, setup)
    for n, action in enumerate(actions, start=1):
        try:
            history.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(
                msg("action {n} refused: {why}", n=n, why=exc.message)
            ) from exc
    return history
