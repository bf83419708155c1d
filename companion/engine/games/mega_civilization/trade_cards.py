"""Mega Civilization's trade cards, phases 6a and 6b.

6a, drawing: cities entered per seat (public) -> the draw order (fewest cities first, the
A.S.T. ranking breaks ties, 0 cities draws nothing) and each seat's draw plan (stacks
1..cities of its block). The current drawer says when it is done or reports an empty stack
(the host may mark one too, `empty`); from then on the plans show a water card for it.

6b, additional purchases: in the same order (seats without cities first, when they may buy)
each seat buys cards from stack 9 one at a time, or passes (final); an unaffordable purchase
is refused; an empty stack 9 costs the same and gives water.

The companion never knows which cards anyone drew: it keeps counts, water and treasury.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...frozen import replace
from ...game import Event, Step
from ...ledger import SUPPLY, seat_account
from ...rounds.ordered import OrderedRound
from ...text import Msg, msg
from .civs import AST_RANK, BLOCK_NAMES, EAST, WEST
from .state import BUY_STACK, MAX_CITIES, STACKS, MegaState
from .timer import start_trade


def draw_order(cities: Mapping[int, int], civs: Sequence[str | None],
               include_zero: bool = False) -> tuple[int, ...]:
    """Fewest cities first; the A.S.T. ranking breaks ties; 0 cities draws nothing."""
    seats = [s for s, n in cities.items() if n > 0 or include_zero]
    return tuple(sorted(seats, key=lambda s: (cities[s], AST_RANK.get(civs[s] or "", 99), s)))


def plan(state: MegaState, seat: int) -> tuple[tuple[int, bool], ...]:
    """The seat's draws this turn: (stack, water) for stacks 1..cities."""
    n = state.cities.get(seat, 0)
    if seat in state.drawn:
        water = state.drawn[seat]
        return tuple((k, k in water) for k in range(1, n + 1))
    block = state.blocks[seat]
    return tuple((k, (block, k) in state.empties) for k in range(1, n + 1))


def cities(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The seat's cities on the board, public; it may unlock them until every seat has
    entered. The last entry starts the draw."""
    if seat in state.cities:
        raise IllegalAction("Already entered\nhold OK: change")
    if not isinstance(value, int) or not 0 <= value <= MAX_CITIES:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_CITIES))
    entered = {**state.cities, seat: value}
    line = msg("{civ}: {n} cities", civ=state.label(seat), n=value)
    new = replace(state, cities=entered, log=appended(state.log, line))
    events = [Event(line)]
    if len(entered) == len(state.seats):
        new = _start_draw(new)
        events.append(Event(new.log[-1]))
    return Step(new, tuple(events))


def _start_draw(state: MegaState) -> MegaState:
    order = draw_order(state.cities, state.civs)
    names = ", ".join(state.label(s) for s in order) or "-"
    new = replace(state, phase="draw", draw=OrderedRound.of(order),
                  log=appended(state.log, msg("Draw order: {order}", order=names)))
    return start_buy(new) if not order else new


def draw(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The current drawer: "done", or "empty" and then which of its stacks ran out."""
    state.draw.check_turn(seat, state.labels())
    name = state.label(seat)
    if seat in state.reporting:
        if value == "back":
            return Step(replace(state, reporting=state.reporting - {seat}))
        n = state.cities[seat]
        if not isinstance(value, int) or not 1 <= value <= n:
            raise IllegalAction(msg("Your stacks are\n1 to {n}", n=n))
        new = mark_empty(replace(state, reporting=state.reporting - {seat}),
                         state.blocks[seat], value, seat)
        return Step(new, (Event(new.log[-1]),
                          Event(msg("Stack {k} empty:\na water card", k=value), seat)))
    if value == "empty":
        open_stacks = [k for k, water in plan(state, seat) if not water]
        if not open_stacks:
            raise IllegalAction("No stack left\nto report")
        return Step(replace(state, reporting=state.reporting | {seat}))
    if value != "done":
        raise IllegalAction("Choose Done or\nReport empty")
    return done_drawing(state, seat, msg("{civ} has drawn", civ=name))


def done_drawing(state: MegaState, seat: int, line: Msg) -> Step[MegaState]:
    """The seat's draws are final (its water cards kept); the next drawer, or 6b."""
    water = frozenset(k for k, w in plan(state, seat) if w)
    new = replace(state, drawn={**state.drawn, seat: water}, draw=state.draw.advance(),
                  reporting=state.reporting - {seat}, log=appended(state.log, line))
    events = [Event(line)]
    if new.draw.done:
        new = start_buy(new)
        events.append(Event(new.log[-1]))
    return Step(new, tuple(events))


def mark_empty(state: MegaState, block: str, stack: int, by: int) -> MegaState:
    """Stack `stack` of `block` is empty from now on (`by` a seat, or -1 for the host)."""
    if (block, stack) in state.empties:
        raise IllegalAction(msg("Stack {k} is\nalready empty", k=stack))
    where = msg("{block} stack {k}", block=BLOCK_NAMES[block], k=stack) if state.two_blocks \
        else msg("stack {k}", k=stack)
    who = state.label(by) if by >= 0 else msg("host")
    line = msg("{who}: {where} is empty - water cards from now on", who=who, where=where)
    return replace(state, empties={**state.empties, (block, stack): by},
                   log=appended(state.log, line))


def empty(state: MegaState, action: Host) -> Step[MegaState]:
    """Host: a stack is empty (block, stack), during 6a or 6b."""
    if state.phase not in ("draw", "buy"):
        raise IllegalAction("Only in 6a/6b")
    block = action.str_param("block") if state.two_blocks else state.blocks[0]
    stack = action.int_param("stack")
    if block not in (WEST, EAST) or not 1 <= stack <= STACKS:
        raise IllegalAction("Give block and\nstack 1-9")
    new = mark_empty(state, block, stack, -1)
    return Step(new, (Event(new.log[-1]),))


# -- 6b: buy one card at a time from stack 9, or pass (final)


def start_buy(state: MegaState) -> MegaState:
    zero = state.options["zero_city_buys"] == "yes"
    order = draw_order(state.cities, state.civs, include_zero=zero)
    price = int(state.options["card_price"])
    new = replace(state, phase="buy", buy=OrderedRound.of(order),
                  log=appended(state.log, msg("6b: buy from stack 9 for {p} each", p=price)))
    return start_trade(new) if not order else new


def buy(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The current buyer: "buy" (and stay on turn), "pass" (final), or "empty" (stack 9)."""
    if seat in state.passed:
        raise IllegalAction("You passed:\nthat is final")
    state.buy.check_turn(seat, state.labels())
    name = state.label(seat)
    block = state.blocks[seat]
    if value == "pass":
        line = msg("{civ} passes", civ=name)
        new = replace(state, passed=state.passed | {seat}, buy=state.buy.advance(),
                      log=appended(state.log, line))
        events = [Event(line)]
        if new.buy.done:
            new = start_trade(new)
            events.append(Event(new.log[-1]))
        return Step(new, tuple(events))
    if value == "empty":
        new = mark_empty(state, block, BUY_STACK, seat)
        return Step(new, (Event(new.log[-1]),))
    if value != "buy":
        raise IllegalAction("Choose BUY or\nPASS")
    price = int(state.options["card_price"])
    have = state.treasury(seat)
    if have < price:
        raise IllegalAction(msg("Costs {p}\nyou have {have}", p=price, have=have))
    water = (block, BUY_STACK) in state.empties
    ledger = state.ledger.transfer(seat_account(seat), SUPPLY, price,
                                   msg("trade card from stack 9"))
    cards = (*state.bought.get(seat, ()), water)
    line = (msg("{civ} buys a water card ({p})", civ=name, p=price) if water
            else msg("{civ} buys a card ({p})", civ=name, p=price))
    private = (msg("Water card {k}\nstack 9 is empty", k=len(cards)) if water
               else msg("Card {k} bought\nlook, then pick", k=len(cards)))
    new = replace(state, ledger=ledger, bought={**state.bought, seat: cards},
                  buy=state.buy.stay(), log=appended(state.log, line))
    return Step(new, (Event(line), Event(private, seat)))
