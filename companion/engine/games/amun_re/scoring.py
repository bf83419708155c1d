"""Amun-Re's victory points: the temples at each harvest (computed from the province data),
the kingdom scoring after rounds 3 and 6, and the final gold bonus; the score sheet and the
winner.

At a kingdom's end every seat fills in a pad on its own box with what only the board shows
(pyramids, the pyramids in its province with the fewest, the Nile's +5s it won, its yellow
favor cards met; at the last scoring also its stones, for the tie-break), secret until every
seat has locked, then revealed together; the companion adds the temples (with province data
on) and, at the end, the gold bonus. Rules: the 2016 rulebook's Intermediate and Final Scoring
(docs/games/amun_re.md); the 2003 edition is scored the same way except its 6-2 gold bonus.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import NOTHING_LOCKED, Event, Step
from ...scorepad import enter_pad
from ...scoresheet import Category, ScoreSheet, result_line
from ...text import Msg, msg
from . import provinces
from .state import KINGDOM_ROUNDS, AmunReState, awards, gold_bonus


@dataclass(frozen=True)
class PadItem:
    key: str
    label: Msg  # LCD line 1, no money beside it: 16 columns
    hi: int
    points: int  # VP per unit (0: a tie-break count)


PYRAMIDS = PadItem("pyramids", msg("Pyramids?"), 99, 1)
FEWEST = PadItem("fewest", msg("Fewest-prov pyr?"), 99, 3)
NILE = PadItem("nile", msg("Nile +5s won?"), 2, 5)
YELLOW = PadItem("yellow", msg("Yellow cards?"), 9, 3)
TEMPLE_VP = PadItem("temple_vp", msg("Temple VP?"), 99, 1)
STONES = PadItem("stones", msg("Stones?"), 99, 0)

# The sheet's rows, in order, with their labels on the table.
ROWS: tuple[tuple[str, Msg], ...] = (
    ("harvest_temples", msg("Temples at harvests")),
    ("temples", msg("Temples at kingdom ends")),
    ("pyramids", msg("Pyramids")),
    ("fewest", msg("Province with fewest pyramids")),
    ("nile", msg("Most pyramids by the Nile")),
    ("yellow", msg("Yellow favor cards")),
    ("gold_bonus", msg("Gold bonus")),
)


def pad_items(state: AmunReState) -> tuple[PadItem, ...]:
    """What the pad asks now: temple VP only when the companion cannot count them, stones
    only at the last scoring (they break a tie)."""
    items = [PYRAMIDS, FEWEST, NILE, YELLOW]
    if not provinces.on(state):
        items.append(TEMPLE_VP)
    if state.final_scoring:
        items.append(STONES)
    return tuple(items)


def start(state: AmunReState, events: tuple[Event, ...], final: bool) -> Step[AmunReState]:
    """The kingdom's scoring pads (after round 3, and the last one before the gold bonus)."""
    line = (msg("Final kingdom scoring: fill in your pad") if final
            else msg("Old Kingdom scoring: fill in your pad"))
    new = replace(state, phase="kingdom", final_scoring=final, pads={}, pad_at={},
                  pads_locked=frozenset(), asks={}, buying=None, log=appended(state.log, line))
    return Step(new, (*events, Event(line)))


def enter(state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
    move = enter_pad(state.pads, state.pad_at, state.pads_locked, seat, value, pad_items(state))
    if not move.locked:
        return Step(replace(state, pads=move.pads, pad_at=move.pad_at))
    locked = state.pads_locked | {seat}
    line = msg("Score pad locked: {name}", name=state.seats[seat].name)
    new = replace(state, pads=move.pads, pad_at=move.pad_at, pads_locked=locked,
                  log=appended(state.log, line))
    if len(locked) < len(state.seats):
        return Step(new, (Event(line),))
    return _score_kingdom(new, (Event(line),))


def reopen(state: AmunReState, seat: int) -> Step[AmunReState]:
    if state.phase != "kingdom" or seat not in state.pads_locked:
        raise IllegalAction(NOTHING_LOCKED)
    line = msg("{name} enters the score pad again", name=state.seats[seat].name)
    new = replace(state, pads_locked=state.pads_locked - {seat},
                  pad_at={**state.pad_at, seat: 0}, log=appended(state.log, line))
    return Step(new, (Event(line),))


def add(state: AmunReState, seat: int, key: str, points: int) -> AmunReState:
    mine = dict(state.vp.get(seat, {}))
    mine[key] = mine.get(key, 0) + points
    return replace(state, vp={**state.vp, seat: mine})


def _score_kingdom(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    """Every pad locked: add each seat's kingdom points (public now), then go on."""
    from .income import next_round

    items = pad_items(state)
    lines: list[Msg] = []
    tile = _last_tile(state)
    if state.final_scoring:
        # First, so each seat's "VP in all" below is the total its sheet shows.
        state = _with_gold_bonus(state)
    for s in range(len(state.seats)):
        pad = dict(zip((i.key for i in items), state.pads[s], strict=True))
        for item in items:
            if item.points:
                state = add(state, s, item.key if item.key != "temple_vp" else "temples",
                            pad[item.key] * item.points)
        if provinces.on(state) and tile is not None:
            state = add(state, s, "temples",
                        provinces.temples(state, s) * provinces.tile_value(state, tile))
        if "stones" in pad:
            state = replace(state, tie_counts={**state.tie_counts,
                                               s: (pad["pyramids"], pad["stones"])})
        lines.append(msg("{name}: {n} VP in all", name=state.seats[s].name,
                         n=sum(state.vp.get(s, {}).values())))
    head = msg("Kingdom scoring revealed")
    state = replace(state, scored=state.round_no, log=appended(state.log, head, *lines))
    events = (*events, Event(head), *(Event(x) for x in lines))
    if state.final_scoring:
        return _over(state, events)
    return next_round(state, events)


def _last_tile(state: AmunReState) -> int | None:
    for rnd in reversed(state.rounds):
        if rnd.offering is not None and rnd.offering.revealed:
            return rnd.offering.tile
    return None


def final(state: AmunReState, events: tuple[Event, ...] = ()) -> Step[AmunReState]:
    """Final Scoring: the gold bonus on top of everything; the game is over."""
    return _over(_with_gold_bonus(state), events)


def _with_gold_bonus(state: AmunReState) -> AmunReState:
    golds = {i: state.gold(i) for i in range(len(state.seats))}
    for s, (_, bonus) in gold_bonus(golds, awards(state)).items():
        state = add(state, s, "gold_bonus", bonus)
    return state


def _over(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    """The game is over: the score sheet (the gold bonus already added) and the winner."""
    sheet = score_sheet(replace(state, phase="over"))
    line = msg("Game over: score sheet revealed")
    new = replace(state, phase="over", asks={}, buying=None, offered=(),
                  log=appended(state.log, line))
    return Step(new, (*events, Event(line), Event(result_line(sheet))))


def needs_scoring(state: AmunReState) -> bool:
    """Whether the current kingdom has rounds not yet scored."""
    return state.round_no > state.scored


def score_sheet(state: AmunReState) -> ScoreSheet:
    n = len(state.seats)
    cats = tuple(Category(key, label, tuple(state.vp.get(s, {}).get(key, 0) for s in range(n)))
                 for key, label in ROWS)
    if not provinces.on(state):
        cats = tuple(c for c in cats if c.key != "harvest_temples")
    keys = tuple(state.tie_counts.get(s, (0, 0)) for s in range(n))
    return ScoreSheet(tuple(state.names()), cats,
                      msg("Most victory points wins; a tie goes to the most pyramids, then "
                          "the most stones, else the win is shared."),
                      complete=state.phase == "over", tie_keys=keys)


def kingdoms_done(state: AmunReState) -> int:
    return state.scored // KINGDOM_ROUNDS
