"""Actions: the inputs the engine accepts, and their JSON form for the journal.

Boxes only ever produce `Enter` (confirm a value for the seat's current prompt) and
`Withdraw` (unlock a sealed entry). The host produces `Host` commands, which each game
interprets, and the history's own corrections, each shown on the table: `Undo` (take back the
last entry, never across a reveal), `Correct` (a revealed round re-resolved with one seat's
meant value) and `Void` (a revealed round entered again by every seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import MalformedInput
from .text import msg

Value = int | str


@dataclass(frozen=True)
class Action:
    """Base class of every action."""


@dataclass(frozen=True)
class Enter(Action):
    """A seat confirms `value` for its current prompt (a sealed bid locks)."""

    seat: int
    value: Value


@dataclass(frozen=True)
class Withdraw(Action):
    """A seat unlocks its sealed entry before the reveal."""

    seat: int


@dataclass(frozen=True)
class Host(Action):
    """A host command (start an auction with a card, abandon, end the game, adjust money...)."""

    command: str
    params: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def make(cls, command: str, **params: Value) -> Host:
        return cls(command, tuple(sorted(params.items())))

    def get(self, key: str, default: Value | None = None) -> Value | None:
        # A few pairs, read at every host step of a replay; the last of a name wins, as in a
        # dict of them.
        for name, value in reversed(self.params):
            if name == key:
                return value
        return default

    def int_param(self, key: str) -> int:
        v = self.get(key)
        if not isinstance(v, int) or isinstance(v, bool):
            raise MalformedInput(msg("host command {command!r} needs whole-number {key!r}",
                                     command=self.command, key=key))
        return v

    def str_param(self, key: str) -> str:
        v = self.get(key)
        if not isinstance(v, str):
            raise MalformedInput(msg("host command {command!r} needs text {key!r}",
                                     command=self.command, key=key))
        return v


@dataclass(frozen=True)
class Undo(Action):
    """The host takes back the last accepted action; recorded as a visible correction."""


@dataclass(frozen=True)
class Correct(Action):
    """The host corrects one seat's entry in the last revealed sealed round (a mis-pressed
    box): the round re-resolves from the corrected set of entries. On a score pad, `item`
    names the category corrected (the pad's question key, e.g. "tiles")."""

    seat: int
    value: Value
    item: str | None = None


VOID_REASONS = ("dispute", "mistake", "box_fault")


@dataclass(frozen=True)
class Void(Action):
    """The host voids the last revealed sealed round: every seat that took part enters again.
    `reason` is one of VOID_REASONS, shown on the table."""

    reason: str


# Journal metadata (sequence number, time of acceptance) rides on action lines; never a param.
META_KEYS = ("seq", "at")
_NOT_PARAMS = ("type", "command", *META_KEYS)


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Enter):
        return {"type": "enter", "seat": action.seat, "value": action.value}
    if isinstance(action, Withdraw):
        return {"type": "withdraw", "seat": action.seat}
    if isinstance(action, Host):
        return {"type": "host", "command": action.command, **dict(action.params)}
    if isinstance(action, Undo):
        return {"type": "undo"}
    if isinstance(action, Correct):
        item = {} if action.item is None else {"item": action.item}
        return {"type": "correct", "seat": action.seat, **item, "value": action.value}
    if isinstance(action, Void):
        return {"type": "void", "reason": action.reason}
    raise TypeError(f"not a journal action: {action!r}")


def _seat(obj: Mapping[str, Any]) -> int:
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise MalformedInput(msg("'seat' must be a seat number from 0, got {seat}",
                                 seat=repr(seat)))
    return seat


def _value(v: Any, what: str) -> Value:
    if isinstance(v, bool) or not isinstance(v, int | str):
        raise MalformedInput(msg("{what} must be a whole number or a text, got {value}",
                                 what=what, value=repr(v)))
    return v


def action_from_json(obj: Mapping[str, Any]) -> Action:
    """Parse one journal/scenario action; anything unexpected is MalformedInput."""
    kind = obj.get("type")
    if kind == "enter":
        if "value" not in obj:
            raise MalformedInput("an 'enter' action needs a 'value'")
        return Enter(_seat(obj), _value(obj["value"], "'value'"))
    if kind == "withdraw":
        return Withdraw(_seat(obj))
    if kind == "host":
        cmd = obj.get("command")
        if not isinstance(cmd, str) or not cmd:
            raise MalformedInput("a 'host' action needs a 'command'")
        params = {k: _value(v, repr(k)) for k, v in obj.items() if k not in _NOT_PARAMS}
        return Host.make(cmd, **params)
    if kind == "undo":
        return Undo()
    if kind == "correct":
        if "value" not in obj:
            raise MalformedInput("a 'correct' action needs a 'value'")
        item = obj.get("item")
        if item is not None and (not isinstance(item, str) or not item):
            raise MalformedInput(msg("'item' must be a score pad category, got {item}",
                                     item=repr(item)))
        return Correct(_seat(obj), _value(obj["value"], "'value'"), item)
    if kind == "void":
        reason = obj.get("reason")
        if reason not in VOID_REASONS:
            raise MalformedInput(msg("a 'void' action needs a 'reason': one of {reasons}",
                                     reasons=", ".join(VOID_REASONS)))
        return Void(str(reason))
    raise MalformedInput(msg("unknown action type {kind} (enter, withdraw, host, undo, "
                             "correct, void)", kind=repr(kind)))
