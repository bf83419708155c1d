"""Mega Civilization's calamities after the trade: the host ends the trade (`calamities`);
each seat enters, sealed (`SealedRound`), the calamity cards it holds: by name (option
`calamities = names`, the default) or only how many (`count`). All are revealed together
when the last seat locks. By name, the companion then applies the limits (`calamity_cards`:
3 at most, 2 majors at most, no duplicates) and records each random discard the host makes
(`discard`), refusing what the rules forbid; the table shows who is hit by what.

PRIVATE until the reveal: the names a seat is picking (`cal_draft`) and every locked entry;
the box's prompt lives here (`prompt`), the table's panel too (`panel`).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...frozen import replace
from ...game import ALREADY_LOCKED, Event, Step
from ...prompts import Choice, Prompt
from ...rounds.sealed import SealedRound
from ...text import msg
from ...views import Cell, Panel
from .calamity_cards import (
    BY_NAME,
    copies,
    excess,
    in_game,
    listed,
    lock_value,
    may_discard,
    names_in_game,
    parse,
    shown,
)
from .civs import AST_RANK
from .state import MAX_CALAMITIES, MegaState


def by_name(state: MegaState) -> bool:
    return state.options.get("calamities", "names") == "names"


def start(state: MegaState, action: Host) -> Step[MegaState]:
    """Host: the trade is over (a running timer stops as of `at_ms`); the entries open."""
    if state.phase != "trade":
        raise IllegalAction("Only after\nthe trade")
    timer = state.timer
    if "at_ms" in dict(action.params):
        timer = timer.caught_up(action.int_param("at_ms"))
    if timer.running:
        timer = replace(timer, running=False, deadline_ms=None)
    line = msg("Trade over: enter your calamity cards")
    new = replace(state, phase="calamity", timer=timer, picking={}, cal_draft={}, held={},
                  dropped=(), calamity=SealedRound(tuple(range(len(state.seats)))),
                  log=appended(state.log, line))
    return Step(new, (Event(line),))


def count(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The seat's entry: a count, or by name a pick, `clear`, or the lock (`held:...`)."""
    if by_name(state):
        return _name_entry(state, seat, value)
    if not isinstance(value, int) or not 0 <= value <= MAX_CALAMITIES:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_CALAMITIES))
    return _lock(state, seat, value)


def _name_entry(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    if state.calamity.is_locked(seat):
        raise IllegalAction(ALREADY_LOCKED)
    n = len(state.seats)
    names = names_in_game(n)
    draft = list(state.cal_draft.get(seat, ()))
    if value == "clear":
        return Step(replace(state, cal_draft={**state.cal_draft, seat: ()}),
                    (Event(msg("Cleared"), seat),))
    if isinstance(value, str) and value in names:
        held = draft.count(value)
        # Another copy while the game has one (two blocks), else back to none.
        draft = [d for d in draft if d != value] if held >= copies(n) else [*draft, value]
        new = replace(state, cal_draft={**state.cal_draft, seat: tuple(draft)},
                      cursor={**state.cursor, seat: value})
        return Step(new, (Event(msg("{name} x{k}\n{n} held", name=shown(value),
                                    k=draft.count(value), n=len(draft)), seat),))
    parsed = parse(value) if isinstance(value, str) else None
    if parsed is None or any(p not in names for p in parsed) or any(
            k > copies(n) for k in Counter(parsed).values()):
        raise IllegalAction("Not a calamity\nof this game")
    return _lock(state, seat, lock_value(parsed))


def _lock(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    rnd = state.calamity.enter(seat, value)
    new = replace(state, calamity=rnd)
    events: list[Event] = [Event(msg("{civ} locked", civ=state.label(seat)))]
    if rnd.complete:
        values = rnd.values()
        if by_name(state):
            held = {s: parse(str(v)) or () for s, v in values.items()}
            counts = {s: len(h) for s, h in held.items()}
        else:
            held, counts = {}, {s: int(v) for s, v in values.items()}
        line = msg("Calamity cards revealed: {total} in all", total=sum(counts.values()))
        new = replace(new, phase="after", calamities=counts, held=held,
                      log=appended(new.log, line))
        events.append(Event(line))
        for s in sorted(held, key=lambda s: AST_RANK.get(state.civs[s] or "", 99)):
            if excess(held[s]):
                due = msg("{civ} must drop {n} at random", civ=state.label(s),
                          n=excess(held[s]))
                new = replace(new, log=appended(new.log, due))
                events.append(Event(due))
    return Step(new, tuple(events))


def withdraw(state: MegaState, seat: int) -> Step[MegaState]:
    """The seat unlocks its entry (before the reveal only)."""
    new = replace(state, calamity=state.calamity.withdraw(seat))
    return Step(new, (Event(msg("{civ} unlocked", civ=state.label(seat))),))


def discard(state: MegaState, action: Host) -> Step[MegaState]:
    """Host: the calamity a seat discarded at random (drawn face down), as the limits ask."""
    if state.phase != "after" or not by_name(state):
        raise IllegalAction("After the reveal\nby name only")
    seat, name = action.int_param("seat"), action.str_param("name")
    if not 0 <= seat < len(state.seats) or name not in BY_NAME:
        raise IllegalAction("Give a seat and\na calamity")
    held = state.held.get(seat, ())
    why = may_discard(held, name)
    if why is not None:
        raise IllegalAction(why)
    rest = list(held)
    rest.remove(name)
    line = msg("{civ} drops {name} (at random)", civ=state.label(seat), name=shown(name))
    new = replace(state, held={**state.held, seat: tuple(rest)},
                  dropped=(*state.dropped, (seat, name)), log=appended(state.log, line))
    return Step(new, (Event(line),))


def pending(state: MegaState) -> int:
    """Random discards still due after a reveal by name."""
    return sum(excess(h) for h in state.held.values())


def prompt(state: MegaState, seat: int) -> Prompt:
    if not by_name(state):
        return state.calamity.prompt(seat, msg("Calamities?"), lo=0, hi=MAX_CALAMITIES)
    own = state.calamity.own(seat)
    if own is not None:
        locked = parse(str(own)) or ()
        return Prompt("choice", msg("Calamities?"), initial=own, sealed=True, locked=True,
                      locked_value=own, unlockable=True,
                      choices=(Choice(str(own), msg("{n} held", n=len(locked))),))
    return _naming(len(state.seats), state.cal_draft.get(seat, ()), state.cursor.get(seat))


@lru_cache(maxsize=256)
def _naming(seats: int, draft: tuple[str, ...], cursor: str | None) -> Prompt:
    """A seat's box while it names its calamities: made once per draft and cursor (every
    seat's box is asked again at every entry, and this one lists some twenty choices)."""
    choices = [Choice(lock_value(draft), msg("Lock: {n} held", n=len(draft)))]
    for c in in_game(seats):
        k = draft.count(c.name)
        choices.append(Choice(c.name, msg("{name} x{k}", name=shown(c.name), k=k) if k
                              else msg("{name}", name=shown(c.name))))
    choices.append(Choice("clear", msg("Clear all")))
    initial = cursor if cursor in {c.key for c in choices} else choices[0].key
    # The label reaches the table's "waiting for" line: the count stays in the lock choice.
    return Prompt("choice", msg("Calamities?"), choices=tuple(choices),
                  initial=initial, sealed=True, must_act=True)


def panel(state: MegaState) -> Panel:
    """After a reveal by name: who is hit by what (A.S.T. order), what must still go at
    random and what went."""
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Civilization"), "head"),
                                     Cell(msg("Calamities"), "head"),
                                     Cell(msg("To drop"), "head"),
                                     Cell(msg("Dropped"), "head"))]
    for s in sorted(range(len(state.seats)), key=lambda s: AST_RANK.get(state.civs[s] or "", 99)):
        held = state.held.get(s, ())
        due = excess(held)
        gone = [n for seat, n in state.dropped if seat == s]
        rows.append((Cell(state.label(s)),
                     Cell(listed(held), "alert" if held else ""),
                     Cell(str(due) if due else "", "alert" if due else ""),
                     Cell(listed(gone) if gone else "")))
    total = sum(len(h) for h in state.held.values())
    return Panel(msg("Calamities held"), tuple(rows), msg("{n} to resolve", n=total))
