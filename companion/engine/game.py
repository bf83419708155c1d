"""The contract every game module fulfils, and `view`, the only way out of the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action, Value
from .prompts import Prompt
from .seats import Seat
from .text import Msg, msg
from .views import TableView


@dataclass(frozen=True)
class Event:
    """Something that happened in one step, for the app to flash on a box or log.

    `seat` None means public (table screen, logs). A seat's private event goes to its LCD only.
    """

    text: Msg
    seat: int | None = None


@dataclass(frozen=True)
class Step:
    state: Any
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class OptionSpec:
    """One game option: a name, its default, the allowed values, and what it means."""

    name: str
    default: Value
    choices: tuple[Value, ...] = ()  # empty: any whole number in [lo, hi]
    lo: int = 0
    hi: int = 10**6
    help: str = ""

    def check(self, value: object) -> Value:
        from .errors import MalformedInput

        if self.choices:
            if value not in self.choices:
                raise MalformedInput(msg("option {name}: {value} is not one of {choices}",
                                         name=self.name, value=repr(value),
                                         choices=", ".join(repr(c) for c in self.choices)))
            return value  # type: ignore[return-value,unused-ignore]
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            raise MalformedInput(msg("option {name}: {value} must be a whole number from {lo} to "
                                     "{hi}", name=self.name, value=repr(value), lo=self.lo,
                                     hi=self.hi))
        return value


@dataclass(frozen=True)
class HostCommand:
    """A host command offered now: its name, a label, and parameters it needs."""

    command: str
    label: Msg
    params: Mapping[str, tuple[Value, ...]] = field(default_factory=dict)
    value_labels: Mapping[Value, Msg] = field(default_factory=dict)  # e.g. card id -> card name
    timed: bool = False  # the app adds `at_ms` (wall-clock epoch ms) when the host runs it


class Game(Protocol):
    """A game module. State is a frozen dataclass the game owns; the engine is pure."""

    id: str
    aliases: tuple[str, ...]
    name: Msg
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...]

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> Any: ...

    def apply(self, state: Any, action: Action) -> Step: ...

    def prompt(self, state: Any, seat: int) -> Prompt: ...

    def table(self, state: Any) -> TableView: ...

    def host_commands(self, state: Any) -> tuple[HostCommand, ...]: ...

    def outcome(self, state: Any) -> dict[str, Any]: ...


def resolve_options(game: Game, given: Mapping[str, object]) -> dict[str, Value]:
    """Defaults filled in, unknown names and bad values refused (MalformedInput)."""
    from .errors import MalformedInput

    known = {o.name: o for o in game.options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise MalformedInput(msg("unknown option(s) {names} for {game}; known: {known}",
                                 names=", ".join(unknown), game=game.id,
                                 known=", ".join(known)))
    return {n: (o.check(given[n]) if n in given else o.default) for n, o in known.items()}


def view(game: Game, state: Any, seat: int | None) -> TableView | Prompt:
    """The only way out of the engine: the public table (seat None) or one seat's own view."""
    if seat is None:
        return public_view(game, state)
    return seat_view(game, state, seat)


def public_view(game: Game, state: Any) -> TableView:
    """`view(state, None)`: what the table screen may show; never a secret."""
    return game.table(state)


def seat_view(game: Game, state: Any, seat: int) -> Prompt:
    """`view(state, seat)`: that seat's own box; holds only its own secrets."""
    return game.prompt(state, seat)
