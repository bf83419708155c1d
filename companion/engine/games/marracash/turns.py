"""MarraCash's turn: choosing an action (MOVE or AUCTION; never a MOVE after an AUCTION), a
move's customers shop by shop (wages from the bank, the mover's commission from the owner),
the city-gate refills at the end of a turn, and the rounds: first, normal, last, game over.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...rounds.ordered import OrderedRound
from ...scoresheet import names_and
from ...seats import clockwise_from
from ...text import msg
from .state import (
    AUCTION,
    BACK,
    DONE,
    END,
    GATES,
    MAX_GROUP,
    MOVE,
    SHOPS,
    Entry,
    MarraState,
    Move,
    check_can_auction,
    pay,
    pay_wages,
    say,
    shop_name,
)

# -- choosing an action


def action(state: MarraState, value: Value) -> MarraState:
    if value == MOVE:
        if AUCTION in state.actions:
            raise IllegalAction("No MOVE after\nan AUCTION")
        return replace(state, stage="move", entries=(), pending=None)
    if value == AUCTION:
        check_can_auction(state, state.seat)
        return replace(state, stage="pick")
    raise IllegalAction("Pick MOVE or\nAUCTION")


# -- moves


def move(state: MarraState, value: Value) -> MarraState:
    if value == DONE:
        done = Move(state.turn_no, state.seat, state.entries)
        if not state.entries:
            state = say(state, msg("{name} moves: no customers enter",
                                   name=state.names[state.seat]))
        state = replace(state, moves=appended(state.moves, done), entries=(),
                        actions=(*state.actions, MOVE))
        return after_action(state)
    if not isinstance(value, str) or value not in SHOPS:
        raise IllegalAction("Pick a shop\nor Done")
    if state.shops[value].owner is None:
        raise IllegalAction(msg("{shop} has no\nsign: nobody in", shop=shop_name(value)))
    if any(e.shop == value for e in state.entries):
        raise IllegalAction(msg("{shop} already\nin this move", shop=shop_name(value)))
    return replace(state, stage="count", pending=value)


def count(state: MarraState, value: Value) -> MarraState:
    shop = state.pending
    assert shop is not None
    if value == BACK:
        return replace(state, stage="move", pending=None)
    if not isinstance(value, int) or not 1 <= value <= MAX_GROUP:
        raise IllegalAction(msg("Enter 1 to {hi}\nor Back", hi=MAX_GROUP))
    owner = state.shops[shop].owner
    assert owner is not None
    mover = state.seat
    state, wages = pay_wages(state, shop, value)
    commission = 0
    if owner != mover:
        # Per new customer, by the wages this move brought into this one shop.
        rate = state.amounts.mover_rate(wages)
        commission = rate * value
        state = pay(state, owner, mover, commission,
                    msg("mover commission, {n} x {rate} for {shop}", n=value, rate=rate,
                        shop=shop_name(shop)))
    entry = Entry(shop, owner, value, wages, commission)
    return replace(state, stage="move", pending=None, entries=(*state.entries, entry))


# -- end of a turn, the city gates, the rounds


def after_action(state: MarraState) -> MarraState:
    if len(state.actions) >= 2:
        return end_of_turn(state)
    if state.actions[-1] == AUCTION and not state.can_auction(state.seat):
        # After an AUCTION only another AUCTION may follow; if it cannot, the turn is over.
        state = say(state, msg("{name} cannot auction again: turn over",
                               name=state.names[state.seat]))
        return end_of_turn(state)
    return replace(state, stage="action")


def end_of_turn(state: MarraState) -> MarraState:
    # Only a move can empty a gate, and nothing is refilled once nobody is outside.
    if MOVE in state.actions and state.queue > 0:
        return replace(state, stage="refill", entries=(), pending=None)
    return finish_turn(state)


def refill(state: MarraState, value: Value) -> MarraState:
    if value == END:
        return finish_turn(state)
    lo, hi = min(2, state.queue), min(4, state.queue)
    if not isinstance(value, int) or not lo <= value <= hi:
        if lo == hi:
            raise IllegalAction(msg("Take {n}: only\n{n} left outside", n=lo))
        raise IllegalAction(msg("Take {lo} to {hi}\n{n} left outside", lo=lo, hi=hi,
                                n=state.queue))
    queue = state.queue - value
    name = state.names[state.seat]
    state = say(replace(state, queue=queue, refills=(*state.refills, value)),
                msg("{name} puts {n} on a gate: {q} left outside", name=name, n=value,
                    q=queue))
    if queue == 0:
        n = len(state.seats)
        state = say(replace(state, last_group=state.seat,
                            last_round=OrderedRound.of(clockwise_from((state.seat + 1) % n, n))),
                    msg("Nobody left outside: last round, {name} plays last", name=name))
        return finish_turn(state)
    if len(state.refills) >= GATES:
        return finish_turn(state)
    return state


def finish_turn(state: MarraState) -> MarraState:
    n = len(state.seats)
    if state.round == "first":
        assert state.first_round is not None
        fr = state.first_round.advance()
        state = replace(state, first_round=fr)
        if fr.done:
            return begin_turn(replace(state, round="normal", first_round=None),
                              state.start_seat)
        assert fr.current is not None
        return begin_turn(state, fr.current)
    if state.round == "normal":
        if state.last_round is not None:  # the queue emptied in this turn
            assert state.last_round.current is not None
            return begin_turn(replace(state, round="last"), state.last_round.current)
        return begin_turn(state, (state.seat + 1) % n)
    assert state.last_round is not None
    lr = state.last_round.advance()
    state = replace(state, last_round=lr)
    if lr.done:
        return game_over(state)
    assert lr.current is not None
    return begin_turn(state, lr.current)


def begin_turn(state: MarraState, seat: int) -> MarraState:
    state = replace(state, seat=seat, turn_no=state.turn_no + 1, actions=(), entries=(),
                    pending=None, refills=(), auction=None,
                    stage="pick" if state.round == "first" else "action")
    if state.round == "first" and not state.can_auction(seat):
        state = say(state, msg("{name} cannot open an auction: no shop this round",
                               name=state.names[seat]))
        return finish_turn(state)
    return state


def game_over(state: MarraState) -> MarraState:
    state = replace(state, round="over", stage="over", auction=None, pending=None)
    best = max(state.money(s) for s in range(len(state.seats)))
    winners = [state.names[s] for s in range(len(state.seats)) if state.money(s) == best]
    if len(winners) == 1:
        return say(state, msg("Game over: {name} wins with {n}", name=winners[0], n=best))
    return say(state, msg("Game over: {names} share the win with {n}",
                          names=names_and(winners), n=best))
