"""Folding a game's actions into states, with the host's corrections made visible.

State = replay(setup, actions). `Undo` takes back the last standing action, but never a
reveal of a sealed round: after a reveal the host corrects one seat's value (`Correct`) or
voids the round (`Void`), which re-fold the standing actions from the reveal before it
(engine/corrections.py). Each is recorded as a correction; nothing in the journal is ever
edited. The history keeps a snapshot every few actions, not every state, so a long game's
memory and replay time grow linearly.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from . import corrections as fix
from .actions import Action, Correct, Enter, Undo, Value, Void, Withdraw
from .corrections import describe
from .errors import IllegalAction
from .game import Event, Game, resolve_options
from .seats import Seat
from .text import Msg, msg


@dataclass(frozen=True)
class Setup:
    game: str
    seats: tuple[Seat, ...]
    options: Mapping[str, Value] = field(default_factory=dict)


# A full state is kept only every SNAPSHOT_EVERY standing actions (and for the last RECENT
# ones): the states between are replayed from the snapshot before them when an undo needs
# one. Games keep their growing records in Chronicles, so a snapshot is small.
SNAPSHOT_EVERY = 64
RECENT = 16
AHEAD_CHECKS = 64  # seat entries checked ahead and kept for one state (`check_ahead`)

S = TypeVar("S")

# The history's own actions and the ones a seat makes, as isinstance() tuples: a union
# (`Correct | Void`) would be built again at every check of every action of a replay.
_FIXES = (Correct, Void)
_SEATED = (Enter, Withdraw)


@dataclass
class History(Generic[S]):
    """The live record: the current state, the actions standing (undos applied), the
    corrections made, and every accepted action in order (what the journal holds).

    Memory grows with the actions, not with actions times states: the states between
    snapshots are recomputed (the engine is pure, so a replay gives equal states)."""

    game: Game[S]
    setup: Setup
    start_state: S
    actions: list[Action] = field(default_factory=list)  # the ones standing (undos applied)
    corrections: list[Msg] = field(default_factory=list)
    # Every accepted action including the undos, in order: what the journal holds.
    journal_actions: list[Action] = field(default_factory=list)
    # _snapshots[i]: the state after i * SNAPSHOT_EVERY standing actions.
    _snapshots: list[S] = field(default_factory=list, repr=False)
    # The states before each of the last few standing actions, newest last (fast undo).
    _recent: list[S] = field(default_factory=list, repr=False)
    _state: S = field(init=False, repr=False)
    _every: list[S] | None = field(default=None, repr=False)  # `states`, once asked for
    # Indices (into `actions`) of the standing actions that revealed a sealed round.
    reveals: list[int] = field(default_factory=list)
    # The last correction checked, its re-fold kept for `accept` (keyed by the action and
    # the record's length, so a stale one is never used).
    _checked: tuple[Action, int, fix.Refolded] | None = field(default=None, repr=False)
    _offers: tuple[int, dict[int, tuple[Value, ...]], dict[int, tuple[fix.PadOffer, ...]]
                   ] | None = field(default=None, repr=False)
    _scan: fix.RevealScan | None = field(default=None, repr=False)
    # The pass the next reveal's corrections will need, carried on while the table waits
    # (`scan_ahead`): it starts after the last reveal, where that reveal's window will.
    _next_scan: fix.RevealScan | None = field(default=None, repr=False)
    # Seat entries checked ahead (`check_ahead`), for the state they were checked in.
    _ahead: tuple[S, dict[Enter, tuple[S, tuple[Event, ...]]]] | None = field(
        default=None, repr=False)

    def __post_init__(self) -> None:
        if not self._snapshots:
            self._snapshots.append(self.start_state)
        self._state = self.start_state

    @classmethod
    def start(cls, game: Game[S], setup: Setup) -> History[S]:
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
        return cls(game, setup, game.setup(setup.seats, options))

    @property
    def state(self) -> S:
        return self._state

    @property
    def states(self) -> list[S]:
        """Every state, from the start through each standing action: recomputed (O(actions))
        and held until the next accepted action, for tests and tools, never for the table."""
        if self._every is None:
            state = self.start_state
            self._every = [state]
            for action in self.actions:
                state = self.game.apply(state, action).state
                self._every.append(state)
        return self._every

    def _before_last(self) -> S:
        """The state before the last standing action (there must be one)."""
        if not self._recent:
            # Replay from the snapshot before it, keeping the states met on the way: they
            # are the states before each of the last actions, which the next undos need.
            m = len(self.actions) - 1
            k = m // SNAPSHOT_EVERY
            state = self._snapshots[k]
            recent = [state]
            for action in self.actions[k * SNAPSHOT_EVERY:m]:
                state = self.game.apply(state, action).state
                recent.append(state)
            self._recent = recent[-RECENT:]
        return self._recent[-1]

    def _state_at(self, n: int) -> S:
        """The state after the first `n` standing actions (from the snapshot before it)."""
        k = n // SNAPSHOT_EVERY
        state = self._snapshots[k]
        for action in self.actions[k * SNAPSHOT_EVERY:n]:
            state = self.game.apply(state, action).state
        return state

    def _names(self) -> list[str]:
        return [s.name for s in self.setup.seats]

    def _since_reveal(self) -> int:
        """Where the last revealed round's actions may start: after the reveal before it."""
        return self.reveals[-2] + 1 if len(self.reveals) > 1 else 0

    def _correction(self, action: Correct | Void) -> fix.Refolded:
        if self._checked is not None and self._checked[:2] == (action,
                                                               len(self.journal_actions)):
            return self._checked[2]
        if isinstance(action, Correct) and not 0 <= action.seat < len(self.setup.seats):
            raise IllegalAction(msg("No seat {n}", n=action.seat + 1))
        p = self._since_reveal()
        base, tail, names = self._state_at(p), self.actions[p:], self._names()
        done = (fix.correct(self.game, base, tail, action, names)
                if isinstance(action, Correct)
                else fix.void(self.game, base, tail, action, names))
        self._checked = (action, len(self.journal_actions), done)
        return done

    def last_is_reveal(self) -> bool:
        """Whether the last standing action revealed a sealed round (undo stops there)."""
        return bool(self.reveals) and self.reveals[-1] == len(self.actions) - 1

    def correct_values(self) -> dict[int, tuple[Value, ...]]:
        """The host's `correct` choices now: seat -> values it might have meant. Offered
        while no newer sealed round has entries (then that round is the table's concern)."""
        return self._offered()[1]

    def correct_items(self) -> dict[int, tuple[fix.PadOffer, ...]]:
        """The same for revealed score pads: seat -> its categories, each with the values it
        might have meant (a pad's correction names the category)."""
        return self._offered()[2]

    def _offered(self) -> tuple[int, dict[int, tuple[Value, ...]],
                                dict[int, tuple[fix.PadOffer, ...]]]:
        key = len(self.journal_actions)
        if self._offers is None or self._offers[0] != key:
            rnd = self.game.sealed(self.state)
            values: dict[int, tuple[Value, ...]] = {}
            items: dict[int, tuple[fix.PadOffer, ...]] = {}
            if self.reveals and (rnd is None or not rnd.entries):
                scan = self._reveal_scan()
                values, items = fix.offers(scan.found, scan.seen)
            self._offers = (key, values, items)
        return self._offers

    def _reveal_scan(self) -> fix.RevealScan:
        """The pass over the actions since the reveal before the last, carried on from
        where the last call left it when those actions still stand (a new action is one
        more step; an undo or a correction that changed them starts a new pass)."""
        p = self._since_reveal()
        scan = self._scan
        if not self._fits(scan, p):
            fits = self._fits(self._next_scan, p)  # carried on ahead (`scan_ahead`)
            scan = self._scan = self._next_scan if fits else self._new_scan(p, scan)
        assert scan is not None
        for action in self.actions[p + len(scan.seen):]:
            scan.feed(action)
        return scan

    def scan_ahead(self, stop: Callable[[], bool]) -> None:
        """While a sealed round is open, carry on the pass over the actions the host's
        corrections will need once it is revealed (from the last reveal on), one action at
        a time until `stop()`. Asked while the table waits (app.look_ahead): the reveal
        then feeds the pass its one new action, where it fed the whole round (the 55
        actions of an 18-seat Mega Civilization turn, a third of the reveal's press)."""
        if self.game.sealed(self._state) is None:
            return
        q = self.reveals[-1] + 1 if self.reveals else 0
        scan = self._next_scan
        if not self._fits(scan, q):
            scan = self._next_scan = self._new_scan(q, self._scan)
        assert scan is not None
        for action in self.actions[q + len(scan.seen):]:
            if stop():
                return
            scan.feed(action)

    def _new_scan(self, p: int, old: fix.RevealScan | None) -> fix.RevealScan:
        """A pass starting after the first `p` standing actions (its state from `old` when
        it can: `_base_at`)."""
        anchor = self.actions[p - 1] if p else None
        return fix.RevealScan(self.game, self._base_at(p, old), p, anchor)

    def _fits(self, scan: fix.RevealScan | None, p: int) -> bool:
        """Whether `scan` is a pass from `p` over actions that all still stand."""
        return (scan is not None and scan.at == p and len(scan.seen) <= len(self.actions) - p
                and self._stands(scan, len(self.actions)))

    def _stands(self, scan: fix.RevealScan, end: int) -> bool:
        """Whether the action `scan` started after, and those it was fed up to the history's
        index `end`, are still the standing ones (the very objects: an undo or a correction
        puts others there)."""
        before = self.actions[scan.at - 1] if scan.at else None
        return scan.anchor is before and all(
            a is b for a, b in zip(scan.seen, self.actions[scan.at:end], strict=False))

    def _base_at(self, p: int, old: fix.RevealScan | None) -> S:
        """The state after the first `p` standing actions, taken from the last scan when it
        passed the reveal there over actions that all still stand (a reveal moves the
        window on by a round), else replayed from a snapshot."""
        if (old is not None and old.after_reveal is not None and old.after_reveal[0] == p
                and len(old.seen) >= p - old.at and self._stands(old, p)):
            state: S = old.after_reveal[1]
            return state
        return self._state_at(p)

    def check(self, action: Action) -> tuple[S, tuple[Event, ...]]:
        """What `action` would do, without accepting it (raises IllegalAction)."""
        # Checked here once for every game: a box can only speak for a seat at the table.
        # (A seat's entry first: most actions of a game are.)
        if isinstance(action, _SEATED):
            if not 0 <= action.seat < len(self.setup.seats):
                raise IllegalAction(msg("No seat {n}", n=action.seat + 1))
            if (isinstance(action, Enter) and self._ahead is not None
                    and self._ahead[0] is self._state and action in self._ahead[1]):
                return self._ahead[1][action]
        elif isinstance(action, Undo):
            if not self.actions:
                raise IllegalAction("Nothing to undo")
            if self.last_is_reveal():
                raise IllegalAction(fix.UNDO_AT_REVEAL)
            return self._before_last(), (Event(msg("Host correction: last entry undone")),)
        elif isinstance(action, _FIXES):
            done = self._correction(action)
            return done.states[-1], done.events
        step = self.game.apply(self._state, action)
        return step.state, step.events

    def check_ahead(self, action: Enter) -> tuple[S, tuple[Event, ...]]:
        """`check`, kept until the state changes: asked while the table waits for each
        seat's likely entry, so that the entry, when it comes, checks to the very state
        worked out ahead, and what was made from that state is found by identity."""
        if self._ahead is None or self._ahead[0] is not self._state:
            self._ahead = (self._state, {})
        known = self._ahead[1]
        if action not in known:
            if len(known) >= AHEAD_CHECKS:
                known.clear()  # a seat stepping through many drafts in one state
            known[action] = self.check(action)
        return known[action]

    def accept(self, action: Action, new_state: S) -> None:
        """Record an action already checked, with the state `check` gave for it (the app
        journals it in between)."""
        self._every = None
        if isinstance(action, Undo):
            undone = self.actions.pop()
            if self._recent:
                self._recent.pop()
            del self._snapshots[len(self.actions) // SNAPSHOT_EVERY + 1:]
            self._state = new_state
            if self.reveals and self.reveals[-1] >= len(self.actions):
                self.reveals.pop()  # never a reveal (refused), but keep the index true
            self.corrections.append(msg("Undone: {what}", what=describe(undone)))
        elif isinstance(action, _FIXES):
            done = self._correction(action)  # the re-fold `check` made
            self._checked = None
            p = self._since_reveal()
            self.actions[p:] = done.tail
            # Snapshots past `p` were of the old actions: keep those before, add the new.
            del self._snapshots[p // SNAPSHOT_EVERY + 1:]
            for j, state in enumerate(done.states[1:], start=p + 1):
                if j % SNAPSHOT_EVERY == 0:
                    self._snapshots.append(state)
            self._recent = done.states[:-1][-RECENT:]
            self._state = done.states[-1]
            if isinstance(action, Void):
                self.reveals.pop()
            self.corrections.append(done.banner)
        else:
            if fix.is_reveal(self.game, self._state, action, new_state):
                self.reveals.append(len(self.actions))
            self._recent.append(self._state)
            if len(self._recent) > RECENT:
                del self._recent[0]
            self.actions.append(action)
            self._state = new_state
            if len(self.actions) % SNAPSHOT_EVERY == 0:
                self._snapshots.append(new_state)
        self.journal_actions.append(action)

    def apply(self, action: Action) -> tuple[Event, ...]:
        new_state, events = self.check(action)
        self.accept(action, new_state)
        return events


def replay(game: Game[S], setup: Setup, actions: Iterable[Action]) -> History[S]:
    """Rebuild the history from a journal; an action the rules refuse is a hard error."""
    history = History.start(game, setup)
    # A replay allocates many long-lived objects and creates no reference cycles (states
    # are frozen trees): the cyclic collector's passes over them would be pure overhead.
    paused = gc.isenabled()
    gc.disable()
    try:
        for n, action in enumerate(actions, start=1):
            try:
                history.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(
                    msg("action {n} refused: {why}", n=n, why=exc.message)
                ) from exc
    finally:
        if paused:
            gc.enable()
    return history
