"""A score pad filled in on a seat's own box: one question at a time, BACK to the one before,
locked when the last is answered. The games keep their questions and what a locked pad
scores; this module owns the stepping, the box's prompt and the pads' sealed round
(`pad_round`, what a game's `Rules.sealed` names while pads are filled in), so every pad
acts alike: once every pad is locked they are revealed, and after that the host corrects one
seat's category (`correct` with its `item`) or voids the pads, never an undo."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .actions import Value
from .errors import IllegalAction
from .prompts import Choice, Prompt
from .refusals import ALREADY_LOCKED
from .rounds.sealed import SealedRound
from .text import Msg, msg

BACK = "back"  # the box's entry for "the question before"


class PadQuestion(Protocol):
    @property
    def key(self) -> str: ...  # names the category in a host correction's journal line

    @property
    def label(self) -> Msg: ...  # the box's question: a 16-column LCD line

    @property
    def hi(self) -> int: ...  # the largest answer the box accepts


Q = TypeVar("Q", bound=PadQuestion)


@dataclass(frozen=True)
class PadMove:
    """The pads after one entry; `locked`: that was the last answer (the pad starts over)."""

    pads: Mapping[int, tuple[int, ...]]
    pad_at: Mapping[int, int]
    locked: bool


def enter_pad(pads: Mapping[int, tuple[int, ...]], pad_at: Mapping[int, int],
              pads_locked: frozenset[int], seat: int, value: Value, questions: Sequence[Q],
              too_big: Callable[[Q], Msg] | None = None) -> PadMove:
    """The seat's answer to its pad's current question (or BACK); IllegalAction if refused.
    `too_big` words the refusal of an answer above the question's bound, if not the default."""
    if seat in pads_locked:
        raise IllegalAction(ALREADY_LOCKED)
    at = pad_at.get(seat, 0)
    if value == BACK:
        if at == 0:
            raise IllegalAction("Nothing before\nthis entry")
        return PadMove(pads, {**pad_at, seat: at - 1}, False)
    question = questions[at]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= question.hi:
        if too_big is not None:
            raise IllegalAction(too_big(question))
        raise IllegalAction(msg("Enter 0 to {hi}", hi=question.hi))
    pad = list(pads.get(seat, ()))
    pad[at:at + 1] = [value]
    new = {**pads, seat: tuple(pad)}
    if at + 1 < len(questions):
        return PadMove(new, {**pad_at, seat: at + 1}, False)
    return PadMove(new, {**pad_at, seat: 0}, True)


def pad_prompt(pads: Mapping[int, tuple[int, ...]], pad_at: Mapping[int, int],
               pads_locked: frozenset[int], seats: int, seat: int,
               questions: Sequence[PadQuestion]) -> Prompt:
    """The seat's box on its pad: the current question (the last OK locks it; sealed), or
    "Score pad" locked, which hold OK reopens until every seat has locked."""
    if seat in pads_locked:
        return Prompt("number", msg("Score pad"), locked=True, locked_value="",
                      unlockable=len(pads_locked) < seats)
    at = pad_at.get(seat, 0)
    question = questions[at]
    pad = pads.get(seat, ())
    extras = (Choice(BACK, msg("BACK")),) if at else ()
    return Prompt("number", question.label, lo=0, hi=question.hi,
                  initial=pad[at] if at < len(pad) else 0, extras=extras,
                  sealed=at == len(questions) - 1, must_act=True, item=question.key)


def pad_round(pads: Mapping[int, tuple[int, ...]], pads_locked: frozenset[int],
              seats: int) -> SealedRound:
    """The pads as a sealed round: every seat takes part, a locked pad is its entry. The last
    pad locked reveals them all (`rounds.sealed.reveals`)."""
    return SealedRound(tuple(range(seats)),
                       {s: ",".join(map(str, pads.get(s, ()))) for s in sorted(pads_locked)})
