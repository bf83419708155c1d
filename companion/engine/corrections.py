"""The host's corrections of a revealed sealed round: `correct` and `void`, for every game.

After a reveal no seat's entry is reopened (`undo` stops at a reveal). Instead the host may
correct one seat's value (a mis-pressed box) or void the round (everyone enters again). Both
work on the standing actions, never on a state: they are re-folded with the corrected entry
in place, or without the round's entries, so the result is exactly what
the table would have had with those entries.

Only the last revealed round can be corrected or voided. The functions here take the state
after the reveal before it (`base`) and the standing actions from there (`tail`): a round
never spans a reveal, so nothing before `base` can change. The actions after its reveal (sale
incomes, a money adjustment, the next card) are applied again, in order, on the corrected
result. Each must still be accepted in the same phase as before; if one is not (the
corrected result made a restart, or another seat is now to act), the command is refused
and names that action: the host undoes back to it first (undo is allowed up to the reveal).
A void always waits for that: the round's phase comes back, so nothing after it fits.

A score pad (engine/scorepad.py) is a round whose entry is many answers, one per category:
its correction names the category (`Correct.item`) and replaces the seat's standing answer to
that question; its void takes back every answer of every pad.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Correct, Enter, Host, Value, Void, Withdraw, action_to_json
from .errors import IllegalAction
from .game import Event, Game
from .prompts import Prompt
from .rounds.sealed import reveals
from .scoresheet import is_result
from .text import Msg, msg

NO_REVEAL = msg("No revealed round\nto correct")
UNDO_AT_REVEAL = msg("Undo stops at a reveal: correct a seat's entry or void the round")
VOID_REASON_LABELS = {  # short: a host box shows one on its LCD's second line
    "dispute": msg("a dispute"),
    "mistake": msg("a mistake"),
    "box_fault": msg("a box fault"),
}


@dataclass
class Revealed:
    """The last revealed round among the standing actions."""

    at: int  # index of the revealing action
    entries: dict[int, int] = field(default_factory=dict)  # seat -> index of its entry
    touched: list[int] = field(default_factory=list)  # indices of its entries and withdraws
    prompts: dict[int, Prompt] = field(default_factory=dict)  # seat -> box before its entry
    asked: dict[int, Prompt] = field(default_factory=dict)  # entry's index -> box before it
    phases: list[str] = field(default_factory=list)  # phase before each action after `at`
    shown: tuple[Msg, ...] = ()  # the public lines of the reveal


def is_reveal(game: Game[Any], before: Any, action: Action, after: Any) -> bool:
    """Whether `action` (taking `before` to `after`) revealed a sealed round."""
    rnd = game.sealed(before)  # asked after every action: most are taken with none open
    return rnd is not None and reveals(rnd, action, game.sealed(after))


def last_reveal(game: Game[Any], base: Any, tail: Sequence[Action]) -> Revealed | None:
    """One pass over `tail` from `base`: the last revealed round and what belonged to it
    (indices into `tail`)."""
    scan = RevealScan(game, base)
    for action in tail:
        scan.feed(action)
    return scan.found


class RevealScan:
    """`last_reveal`'s pass, kept open: actions fed one at a time. The host menu asks for
    the last revealed round after every action; a scan that carries on from where it was
    costs one step an action, where scanning the whole tail again made a long phase after a
    reveal cost its length squared (`History`'s offers)."""

    def __init__(self, game: Game[Any], base: Any, at: int = 0,
                 anchor: Action | None = None) -> None:
        self.game = game
        self.state = base
        self.at, self.anchor = at, anchor  # where in the history it starts, the action before
        self.seen: list[Action] = []
        self.found: Revealed | None = None
        self._entries: dict[int, int] = {}
        self._touched: list[int] = []
        self._prompts: dict[int, Prompt] = {}
        self._asked: dict[int, Prompt] = {}
        # Where the window after the last reveal starts (an index into the history) and
        # the state there: the next scan starts from it instead of replaying up to it.
        self.after_reveal: tuple[int, Any] | None = None

    def feed(self, action: Action) -> None:
        game, state, i = self.game, self.state, len(self.seen)
        rnd = game.sealed(state)
        if self.found is not None:
            self.found.phases.append(game.phase(state))
        if rnd is None or rnd.complete:
            self._entries, self._touched, self._prompts, self._asked = {}, [], {}, {}
        elif isinstance(action, Enter) and action.seat in rnd.seats \
                and not rnd.is_locked(action.seat):
            self._prompts[action.seat] = self._asked[i] = game.prompt(state, action.seat)
            self._entries[action.seat] = i
            self._touched.append(i)
        elif isinstance(action, Withdraw) and rnd.is_locked(action.seat):
            self._entries.pop(action.seat, None)
            self._touched.append(i)
        step = game.apply(state, action)
        if reveals(rnd, action, game.sealed(step.state)):
            self.found = Revealed(i, dict(self._entries), list(self._touched),
                                  dict(self._prompts), dict(self._asked),
                                  shown=tuple(e.text for e in step.events if e.seat is None))
            self._entries, self._touched, self._prompts, self._asked = {}, [], {}, {}
            self.after_reveal = (self.at + i + 1, step.state)
        self.state = step.state
        self.seen.append(action)


@dataclass(frozen=True)
class Refolded:
    """The standing actions after a correction, the states they fold to, and the banner."""

    tail: list[Action]  # the standing actions from `base` on
    states: list[Any]  # base, then the state after each of `tail`
    banner: Msg
    events: tuple[Event, ...]


def _refold(game: Game[Any], start: Any, actions: list[Action], reveal_at: int,
            phases: list[str], names: Sequence[str]) -> tuple[list[Any], list[tuple[Event, ...]]]:
    """Every state of `actions` from `start`; the actions after `reveal_at` must still be
    taken in the phase they were taken in (`phases`)."""
    states = [start]
    events: list[tuple[Event, ...]] = []
    for i, action in enumerate(actions):
        state = states[-1]
        later = i - reveal_at - 1
        if later >= 0 and (later >= len(phases) or game.phase(state) != phases[later]):
            raise _host_refusal(msg("Not after this correction: {what}; undo back to it first",
                                    what=_public(action, names)))
        try:
            step = game.apply(state, action)
        except IllegalAction as exc:
            if later >= 0:
                raise _host_refusal(msg("Not after this correction: {what} ({why}); undo back"
                                        " to it first", what=_public(action, names),
                                        why=exc.message)) from exc
            raise _host_refusal(msg("Correction refused: {why}", why=exc.message)) from exc
        states.append(step.state)
        events.append(step.events)
    return states, events


def correct(game: Game[Any], base: Any, tail: Sequence[Action], action: Correct,
            names: Sequence[str]) -> Refolded:
    rev = last_reveal(game, base, tail)
    if rev is None:
        raise IllegalAction(NO_REVEAL)
    at = rev.entries.get(action.seat)
    if at is None:
        raise IllegalAction(msg("No entry of seat {n}\nin the last reveal", n=action.seat + 1))
    pad = rev.prompts[action.seat].item is not None
    if pad and action.item is None:
        raise _host_refusal(msg("A score pad correction names the category"))
    if not pad and action.item is not None:
        raise _host_refusal(msg("Not a score pad: a correction names no category"))
    if action.item is not None:
        at = _pad_answers(rev, tail, action.seat).get(action.item, -1)
        if at < 0:
            raise _host_refusal(msg("No {item} on {name}'s score pad", item=action.item,
                                    name=names[action.seat]))
        if action.value in {c.key for c in rev.asked[at].extras}:
            raise _host_refusal(msg("Correction refused: {value} is no answer",
                                    value=str(action.value)))
    old = tail[at]
    assert isinstance(old, Enter)
    if old.value == action.value:
        raise IllegalAction(msg("{value} is already\nthe entry", value=str(action.value)))
    new_actions = list(tail)
    new_actions[at] = Enter(action.seat, action.value)
    states, events = _refold(game, base, new_actions, rev.at, rev.phases, names)
    if not is_reveal(game, states[rev.at], new_actions[rev.at], states[rev.at + 1]):
        raise _host_refusal(msg("Correction refused: the round is no longer revealed"))
    public = [e.text for e in events[rev.at] if e.seat is None]
    result = [t for t in public if t not in rev.shown]
    if action.item is not None:  # a pad's banner always says who wins now, changed or not
        result += [t for t in public if is_result(t) and t not in result]
    prompt = rev.asked.get(at)
    if action.item is not None and prompt is not None:
        banner = msg("Host correction: {name}'s score pad, {item} {new}, not {old}. {result}",
                     name=names[action.seat], item=prompt.label, new=str(action.value),
                     old=str(old.value), result=_joined(result))
    else:
        banner = msg("Host correction: {name} meant {new}, not {old}. {result}",
                     name=names[action.seat], new=_shown(prompt, action.value),
                     old=_shown(prompt, old.value), result=_joined(result))
    return Refolded(new_actions, states, banner, (Event(banner), *events[rev.at]))


def void(game: Game[Any], base: Any, tail: Sequence[Action], action: Void,
         names: Sequence[str]) -> Refolded:
    rev = last_reveal(game, base, tail)
    if rev is None:
        raise IllegalAction(NO_REVEAL)
    if rev.at < len(tail) - 1:
        raise _host_refusal(msg("A void comes right after the reveal: undo the entries after "
                                "it first ({n})", n=len(tail) - 1 - rev.at))
    gone = set(rev.touched)
    new_actions = [a for i, a in enumerate(tail) if i not in gone]
    states, _ = _refold(game, base, new_actions, len(new_actions) - 1, [], names)
    rnd = game.sealed(states[-1])
    if rnd is None or rnd.entries:
        raise _host_refusal(msg("This round cannot be voided"))
    who = ", ".join(names[s] for s in rnd.seats)
    why = VOID_REASON_LABELS.get(action.reason, msg("{r}", r=action.reason))
    banner = msg("Host voided the round ({why}): {names} enter again", why=why, names=who)
    if any(p.item is not None for p in rev.prompts.values()):
        banner = msg("Host voided the score pads ({why}): {names} fill in their pads again",
                     why=why, names=who)
    return Refolded(new_actions, states, banner, (Event(banner),))


def offers(rev: Revealed | None, tail: Sequence[Action]
           ) -> tuple[dict[int, tuple[Value, ...]], dict[int, tuple[PadOffer, ...]]]:
    """For the host's menu, from the last revealed round `rev` of `tail` (`last_reveal`,
    `RevealScan`): what `correct_values` and `pad_items` give (one of them is empty: a
    round is a score pad or not)."""
    if rev is None:
        return {}, {}
    return correct_values(rev, tail), pad_items(rev, tail)


def correct_values(rev: Revealed, tail: Sequence[Action]) -> dict[int, tuple[Value, ...]]:
    """Each seat of the revealed round `rev` and the values it might have meant (its box's
    range then, with its extras), its entry left out."""
    out: dict[int, tuple[Value, ...]] = {}
    for seat, at in sorted(rev.entries.items()):
        if rev.prompts[seat].item is not None:
            continue  # a score pad: corrected by category (`pad_items`)
        out[seat] = _others(rev.prompts[seat], tail[at])
    return out


@dataclass(frozen=True)
class PadOffer:
    """One category of a revealed score pad, for the host's menu: its key (the journal's
    `item`), the box's question, and the values it might have meant (its answer left out)."""

    key: str
    label: Msg
    values: tuple[Value, ...]
    start: int  # where the host's dial starts: just above the answer given


def pad_items(rev: Revealed, tail: Sequence[Action]) -> dict[int, tuple[PadOffer, ...]]:
    """Each seat's categories on the revealed score pads `rev` (none for another round)."""
    out: dict[int, tuple[PadOffer, ...]] = {}
    for seat in sorted(rev.entries):
        offers = []
        for key, at in _pad_answers(rev, tail, seat).items():
            entered = tail[at]
            assert isinstance(entered, Enter)
            steps = {c.key for c in rev.asked[at].extras}  # BACK is a step, not an answer
            values = tuple(v for v in _others(rev.asked[at], entered) if v not in steps)
            below = sum(1 for v in values if isinstance(v, int) and isinstance(entered.value, int)
                        and v < entered.value)
            offers.append(PadOffer(key, rev.asked[at].label, values,
                                   min(below, max(0, len(values) - 1))))
        if offers:
            out[seat] = tuple(offers)
    return out


def _pad_answers(rev: Revealed, tail: Sequence[Action], seat: int) -> dict[str, int]:
    """The seat's standing answer to each category of its pad (index into `tail`), in the
    pad's order: the last entry made on that question that was an answer, not a step (BACK)."""
    out: dict[str, int] = {}
    for i in rev.touched:
        action, prompt = tail[i], rev.asked.get(i)
        if (isinstance(action, Enter) and action.seat == seat and prompt is not None
                and prompt.item is not None
                and action.value not in {c.key for c in prompt.extras}):
            out[prompt.item] = i
    return out


def _others(p: Prompt, entered: Action) -> tuple[Value, ...]:
    """The values the box `p` would have taken, the one `entered` left out."""
    assert isinstance(entered, Enter)
    values: list[Value] = [*(c.key for c in p.extras), *(c.key for c in p.choices)]
    if p.kind == "number":
        values += [v for v in range(p.lo, p.hi + 1, max(1, p.step)) if v not in p.forbidden]
    return tuple(v for v in values if v != entered.value)


def _public(action: Action, names: Sequence[str]) -> Msg:
    """A later action as the table may hear of it: whose entry, never its value (an entry
    after the corrected round may be a sealed bid of the next one), or the host's command."""
    seat = getattr(action, "seat", None)
    if isinstance(seat, int) and 0 <= seat < len(names):
        return msg("{name}'s entry", name=names[seat])
    if isinstance(action, Host):
        return msg("the host's command {command}", command=action.command)
    return msg("an entry")


def _host_refusal(text: Msg) -> IllegalAction:
    """A refusal of a host correction: the host sees it on the table's banner, never on a
    16x2 LCD, so it may say in full what to do instead."""
    return IllegalAction(text)


def _shown(prompt: Prompt | None, value: Value) -> Msg | str:
    """A value as the seat's box showed it (a choice's label, else the number)."""
    if prompt is not None:
        for c in (*prompt.extras, *prompt.choices):
            if c.key == value:
                return c.label
    return str(value)


def _joined(lines: list[Msg]) -> Msg | str:
    if not lines:
        return msg("The result stands.")
    out: Msg | str = lines[0]
    for line in lines[1:]:
        out = msg("{a}; {b}", a=out, b=line)
    return out


def describe(action: Action) -> str:
    return ", ".join(f"{k}={v}" for k, v in action_to_json(action).items())
