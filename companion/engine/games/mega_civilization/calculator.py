"""Mega Civilization's private set-value calculator, on each seat's own box during and after
the trade: the seat picks a commodity, enters how many it holds, and sees each set's value
(n squared times the face value, seed 004) and the total.

PRIVATE: what a seat enters here lives in `hands`, `picking` and `cursor`, read only by that
seat's own box and by `replay --json`; never by the table.
"""

from __future__ import annotations

from functools import cache

from ...actions import Value
from ...errors import IllegalAction
from ...frozen import replace
from ...game import Event, Step
from ...prompts import Choice
from ...text import Msg, msg
from .civs import EAST, WEST
from .commodities import commodity_table
from .state import MegaState


def set_value(count: int, face: int) -> int:
    """n identical commodity cards are worth n squared times the face value (seed 004)."""
    return count * count * face


def calc_list(state: MegaState, seat: int) -> tuple[tuple[str, int, int], ...]:
    """(name, face, copies in the game): the seat's block first, then (12-18 seats) the
    other block's commodities, which can reach a hand by trade across the blocks."""
    return _listing(len(state.seats), state.blocks[seat], state.two_blocks)


@cache  # a few seat counts and two blocks; every box of the trade asks it, every step
def _listing(seat_count: int, block: str, two_blocks: bool) -> tuple[tuple[str, int, int], ...]:
    table = commodity_table(seat_count)
    in_play = {WEST, EAST} if two_blocks else {block}

    def copies(w: int, e: int) -> int:
        return (w if WEST in in_play else 0) + (e if EAST in in_play else 0)

    own = [(nm, st, copies(w, e)) for st, nm, w, e in table
           if (w if block == WEST else e) > 0]
    other = [(nm, st, copies(w, e)) for st, nm, w, e in table
             if (w if block == WEST else e) == 0 and copies(w, e) > 0]
    return tuple(own + other)


def commodity_choice(name: str, count: int) -> Choice:
    """A commodity on a box's list: its name, and how many when there are some."""
    if count:
        return Choice(name, msg("{name} x{n}", name=Msg(name), n=count))
    return _bare(name)


@cache  # the same few dozen names on every box of the trade, at every step
def _bare(name: str) -> Choice:
    return Choice(name, msg("{name}", name=Msg(name)))


def hand_sets(state: MegaState, seat: int) -> tuple[tuple[str, int, int, int], ...]:
    """(name, count, face, value) for each commodity in the seat's calculator."""
    faces = {nm: face for nm, face, _ in calc_list(state, seat)}
    hand = state.hands.get(seat, {})
    return tuple((nm, hand[nm], faces[nm], set_value(hand[nm], faces[nm]))
                 for nm, _, _ in calc_list(state, seat) if hand.get(nm, 0) > 0)


def hand_total(state: MegaState, seat: int) -> int:
    return sum(v for *_, v in hand_sets(state, seat))


def enter(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """A commodity's name (then its count), or "clear"; the result flashes on the seat's box."""
    listing = {nm: (face, cap) for nm, face, cap in calc_list(state, seat)}
    picking = state.picking.get(seat)
    if picking is not None:
        face, cap = listing[picking]
        if not isinstance(value, int) or not 0 <= value <= cap:
            raise IllegalAction(msg("Max {cap} {name}\nin the game",
                                    name=Msg(picking), cap=cap))
        hand = {k: v for k, v in state.hands.get(seat, {}).items() if k != picking}
        if value:
            hand[picking] = value
        new = replace(state, hands={**state.hands, seat: hand},
                      picking={s: p for s, p in state.picking.items() if s != seat},
                      cursor={**state.cursor, seat: picking})
        shown = msg("{name} {n}: {v}\nTotal {t}", name=Msg(picking), n=value,
                    v=set_value(value, face), t=hand_total(new, seat))
        return Step(new, (Event(shown, seat),))
    if value == "clear":
        new = replace(state, hands={**state.hands, seat: {}})
        return Step(new, (Event(msg("Sets cleared\nTotal 0"), seat),))
    if not isinstance(value, str) or value not in listing:
        raise IllegalAction("Not a commodity\nof this game")
    return Step(replace(state, picking={**state.picking, seat: value}))
