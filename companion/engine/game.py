"""The contract every game fulfils (`Game`, generic in its state type), the skeleton every game
builds on (`Rules`: one dispatch from an action to its handler, one wording per refusal; its
`Views`; `TableState`, what every game's state starts with), and `public_view` / `seat_view`,
the only ways out of the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .actions import Action, Enter, Host, Value, Withdraw
from .errors import IllegalAction, MalformedInput
from .ledger import Ledger
from .prompts import Prompt

# The refusals every game shares (one wording each), re-exported: games import them from here.
from .refusals import ALREADY_LOCKED as ALREADY_LOCKED
from .refusals import GAME_OVER as GAME_OVER
from .refusals import NOT_AN_ACTION as NOT_AN_ACTION
from .refusals import NOTHING_LOCKED as NOTHING_LOCKED
from .refusals import NOTHING_TO_ENTER as NOTHING_TO_ENTER
from .refusals import unknown_command as unknown_command
from .rounds.sealed import SealedRound
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


S = TypeVar("S")


@dataclass(frozen=True)
class Step(Generic[S]):
    """What one accepted action did: the new state, and the events to flash and log."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class TableState:
    """What every game's state starts with: its seats, its options as set up, and the money
    (the ledger). A game's state dataclass adds its own fields after these."""

    seats: tuple[Seat, ...]
    options: Mapping[str, Value]
    ledger: Ledger


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
    # Per parameter, where one value means different things in two of them (seat 1, amount 1):
    # "seat" -> {0: "Iberia", ...}. Before `value_labels`; the menu names the parameters in
    # the order `params` lists them.
    labels: Mapping[str, Mapping[Value, Msg]] = field(default_factory=dict)
    timed: bool = False  # the app adds `at_ms` (wall-clock epoch ms) when the host runs it
    confirm: bool = False  # destructive: the host confirms it (end, abandon are by name)


class Game(Protocol[S]):
    """A game. State `S` is a frozen dataclass the game owns; the engine is pure."""

    # Read-only, so a game may declare them as plain class attributes.
    @property
    def id(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def name(self) -> Msg: ...
    @property
    def min_seats(self) -> int: ...
    @property
    def max_seats(self) -> int: ...
    @property
    def options(self) -> tuple[OptionSpec, ...]: ...

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> S: ...

    def apply(self, state: S, action: Action) -> Step[S]: ...

    def prompt(self, state: S, seat: int) -> Prompt: ...

    def table(self, state: S) -> TableView: ...

    def host_commands(self, state: S) -> tuple[HostCommand, ...]: ...

    def outcome(self, state: S) -> dict[str, Any]: ...

    def phase(self, state: S) -> str: ...

    def sealed(self, state: S) -> SealedRound | None: ...


EnterHandler = Callable[[S, int, Value], Step[S]]
HostHandler = Callable[[S, Host], Step[S]]


@dataclass(frozen=True)
class Views(Generic[S]):
    """What the boxes and the table see: the functions of a game's modules that build it."""

    prompt: Callable[[S, int], Prompt]  # a seat's own box
    host_commands: Callable[[S], tuple[HostCommand, ...]]  # the host menu
    table: Callable[[Msg, S], TableView]  # the table screen, given the game's name
    outcome: Callable[[str, S], dict[str, Any]]  # `replay --json`, given the game's id


class Phased(Protocol):
    @property
    def phase(self) -> str: ...  # the phase that picks the handler of a seat's entry


P = TypeVar("P", bound=Phased)


class Rules(Generic[P]):
    """The skeleton of a game: one dispatch from an action to its handler.

    A game names its handlers once, in `__init__`: `self.on_enter` maps a phase (its state's
    `phase`) to the handler of a seat's entry in it, `self.on_host` maps a host command to its
    handler, and `withdraw` unlocks a sealed entry. `apply` does the rest, and refuses in one
    wording what no handler takes. `after` may add events every step shares (MarraCash turns
    its new log lines into events there). `self.views` names, there too, what its boxes and
    the table see.
    """

    id: str
    aliases: tuple[str, ...]
    name: Msg
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...]
    on_enter: Mapping[str, EnterHandler[P]]
    on_host: Mapping[str, HostHandler[P]]
    views: Views[P]

    def phase(self, state: P) -> str:
        return state.phase

    def sealed(self, state: P) -> SealedRound | None:
        """The sealed round taking entries now, if any. A game with a sealed round names it
        here, once; the history then keeps it sealed after its reveal (no undo across it)
        and offers the host `correct` and `void` for it, the same in every game."""
        return None

    def withdraw(self, state: P, seat: int) -> Step[P]:
        raise IllegalAction(NOTHING_LOCKED)

    def after(self, before: P, step: Step[P]) -> Step[P]:
        return step

    def prompt(self, state: P, seat: int) -> Prompt:
        return self.views.prompt(state, seat)

    def host_commands(self, state: P) -> tuple[HostCommand, ...]:
        return self.views.host_commands(state)

    def table(self, state: P) -> TableView:
        return self.views.table(self.name, state)

    def outcome(self, state: P) -> dict[str, Any]:
        return self.views.outcome(self.id, state)

    def apply(self, state: P, action: Action) -> Step[P]:
        if isinstance(action, Host):
            host = self.on_host.get(action.command)
            if host is None:
                raise IllegalAction(unknown_command(action.command))
            return self.after(state, host(state, action))
        if isinstance(action, Withdraw):
            return self.after(state, self.withdraw(state, action.seat))
        if isinstance(action, Enter):
            enter = self.on_enter.get(self.phase(state))
            if enter is None:
                raise IllegalAction(NOTHING_TO_ENTER)
            return self.after(state, enter(state, action.seat, action.value))
        raise IllegalAction(NOT_AN_ACTION)


def resolve_options(game: Game[Any], given: Mapping[str, object]) -> dict[str, Value]:
    """Defaults filled in, unknown names and bad values refused (MalformedInput)."""
    known = {o.name: o for o in game.options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise MalformedInput(msg("unknown option(s) {names} for {game}; known: {known}",
                                 names=", ".join(unknown), game=game.id,
                                 known=", ".join(known)))
    return {n: (o.check(given[n]) if n in given else o.default) for n, o in known.items()}


def public_view(game: Game[S], state: S) -> TableView:
    """What the table screen may show; never a secret (the only way out for the table)."""
    return game.table(state)


def seat_view(game: Game[S], state: S, seat: int) -> Prompt:
    """One seat's own box; holds only its own secrets (the only way out for a box)."""
    return game.prompt(state, seat)


def public_asks(game: Game[S], state: S, seats: int) -> tuple[tuple[Msg, bool], ...]:
    """What each seat's box asks now and whether it must answer. Public: the table's
    "waiting for" line quotes these labels, so no secret (not even the holder's own) may
    change them; the games' non-interference tests hold every game to it."""
    return tuple((p.label, p.must_act) for p in (game.prompt(state, s) for s in range(seats)))
