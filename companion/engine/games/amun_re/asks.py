"""Amun-Re's questions that seats answer at their own pace, one queue per seat: the settle
after the auction (cards to sell, province bonuses), buying in turn (cards, farmers, stones at
n(n+1)/2 each, within the limits of the seat's provinces: cards up to its best province's
card symbols, farmers up to its free fields), the rewards of the offering (which items were
cards, which were farmers, which auction cards were drawn) and the harvest income (or, with
the harvest computed, any extra income from power cards). Costs and balances stay on the
seat's own box.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import NOTHING_TO_ENTER, Event, Step
from ...ledger import SUPPLY, seat_account
from ...rounds.ordered import OrderedRound
from ...seats import clockwise_from
from ...text import Msg, msg
from . import provinces
from .auction import pay, sell_one
from .income import end_round, start_income
from .offering import start_offering
from .state import (
    MAX_BONUS_CARDS,
    MAX_BONUS_GOLD,
    MAX_BUY,
    MAX_BUY_CARDS,
    MAX_DRAWN_KIND,
    MAX_INCOME,
    SELL,
    USED,
    AmunReState,
    Ask,
    Purchase,
    as_int,
    buy_cost,
)


def enter(state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
    """The answer to the first question in the seat's queue (or a card sold or used on the
    side); when every queue is empty the phase moves on."""
    if state.phase == "buying" and state.buying is not None:
        state.buying.check_turn(seat, state.names())
    queue = state.asks.get(seat, ())
    if not queue:
        # The box already says "Done / Wait for others": the shared wording is enough.
        raise IllegalAction(NOTHING_TO_ENTER)
    ask = queue[0]
    rest = queue[1:]
    name = state.seats[seat].name
    hands = list(state.hands)
    hand = hands[seat]
    ledger = state.ledger
    log: list[Msg] = []  # the new lines
    events: list[Event] = []
    if value == SELL and ask.kind in ("buy_cards", "buy_farmers", "buy_stones", "income",
                                      "extra_income"):
        return sell_one(state, seat)
    if value == USED and ask.kind in ("income", "extra_income"):
        # An extra on the income question, not a question of its own: asking only seats
        # that hold cards would show the table who does.
        if hand.other < 1:
            raise IllegalAction("No other card\nto discard")
        hands[seat] = replace(hand, other=hand.other - 1)
        return Step(replace(state, hands=tuple(hands)), (Event(msg("1 card used"), seat),))
    rnd = state.current
    assert rnd is not None
    if ask.kind == "sell":
        n = as_int(value)
        if n is None or not ask.n <= n <= hand.total:
            raise IllegalAction(msg("Sell {lo} to {hi}\ncards", lo=ask.n, hi=hand.total))
        hands[seat] = hand.without(n)
        ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("cards sold"), secret=True)
        ledger = pay(ledger, seat, rnd.auction.bids[seat])
        if n:
            sold = msg("Sold 1 card") if n == 1 else msg("Sold {n} cards", n=n)
            events.append(Event(sold, seat))
    elif ask.kind == "bonus_gold":
        n = ranged(value, 0, MAX_BONUS_GOLD)
        ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("province bonus"),
                                 secret=True)
        if n:
            line = msg("{name} takes {n} gold (province bonus)", name=name, n=n)
            log.append(line)
            events.append(Event(line))
    elif ask.kind in ("bonus_cards", "reward_cards"):
        hi = MAX_BONUS_CARDS if ask.kind == "bonus_cards" else ask.n
        n = ranged(value, 0, hi)
        free = provinces.free_fields(state, seat)
        if ask.kind == "reward_cards" and n < ask.n and free:
            # Only a seat with a free field is asked how many of the rest were farmers.
            rest = (Ask("reward_farmers", min(ask.n - n, free)), *rest)
        if n:
            rest = (Ask("drew", n), *rest)
    elif ask.kind == "reward_farmers":
        n = ranged(value, 0, ask.n)
        check_fields(state, seat, n)
        state = provinces.add_farmers(state, seat, n)
    elif ask.kind == "drew":
        b, o = drawn(value, ask.n)
        hands[seat] = hand.add(ask.n, b, o)
    elif ask.kind in ("buy_cards", "buy_farmers", "buy_stones"):
        n = ranged(value, 0, MAX_BUY_CARDS if ask.kind == "buy_cards" else 99)
        if ask.kind == "buy_cards":
            limit = provinces.card_limit(state, seat)
            if limit is not None and n > limit:
                raise IllegalAction(msg("Cards: {n} at\nmost (symbols)", n=limit))
        if ask.kind == "buy_farmers":
            check_fields(state, seat, n)
        if buy_cost(n) > state.gold(seat):
            raise IllegalAction(msg("{n} cost {c}\nyou have {g}", n=n, c=buy_cost(n),
                                    g=state.gold(seat)))
        cost = buy_cost(n)
        what = {"buy_cards": msg("power cards"), "buy_farmers": msg("farmers"),
                "buy_stones": msg("stones")}[ask.kind]
        ledger = ledger.transfer(seat_account(seat), SUPPLY, cost,
                                 msg("bought {n} {what}", n=n, what=what), secret=True)
        bought = rnd.purchases.get(seat, Purchase())
        if ask.kind == "buy_cards":
            bought = replace(bought, cards=n)
        elif ask.kind == "buy_farmers":
            bought = replace(bought, farmers=n)
            state = provinces.add_farmers(state, seat, n)
        else:
            bought = replace(bought, stones=n)
        rnd = replace(rnd, purchases={**rnd.purchases, seat: bought})
        if ask.kind == "buy_cards" and n:
            rest = (Ask("drew", n), *rest)
        if ask.kind == "buy_stones":
            # Costs stay private: the counts are on the board, the gold is not.
            events.append(Event(msg("Paid {n} in all", n=bought.cost), seat))
            line = msg("{name} has bought", name=name)
            log.append(line)
            events.append(Event(line))
    elif ask.kind == "income":
        n = ranged(value, 0, MAX_INCOME)
        ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("income"), secret=True)
        line = msg("{name}: income {n}", name=name, n=n)
        log.append(line)
        events.append(Event(line))
    elif ask.kind == "extra_income":
        # Power cards (Big Harvest, Treasury...): a visible entry beside the computed harvest.
        n = ranged(value, 0, MAX_INCOME)
        if n:
            ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("power cards"),
                                     secret=True)
            line = msg("{name}: +{n} from power cards", name=name, n=n)
            log.append(line)
            events.append(Event(line))
    asks = {**state.asks, seat: rest}
    state = replace(state, ledger=ledger, hands=tuple(hands), asks=asks,
                    log=appended(state.log, *log),
                    rounds=(*state.rounds[:-1], rnd))
    return after_answer(state, tuple(events))


def ranged(value: Value, lo: int, hi: int) -> int:
    n = as_int(value)
    if n is None or not lo <= n <= hi:
        raise IllegalAction(msg("Enter {lo} to {hi}", lo=lo, hi=hi))
    return n


def check_fields(state: AmunReState, seat: int, n: int) -> None:
    """Farmers go on free fields of the seat's provinces (province data on)."""
    free = provinces.free_fields(state, seat)
    if free is not None and n > free:
        raise IllegalAction(msg("Free fields\nleft: {n}", n=free))


def buy_max(state: AmunReState, seat: int, kind: str) -> int:
    cap = MAX_BUY_CARDS if kind == "buy_cards" else MAX_BUY
    if kind == "buy_cards":
        limit = provinces.card_limit(state, seat)
        cap = cap if limit is None else min(cap, limit)
    if kind == "buy_farmers":
        free = provinces.free_fields(state, seat)
        cap = cap if free is None else min(cap, free)
    gold = state.gold(seat)
    n = 0
    while n < cap and buy_cost(n + 1) <= gold:
        n += 1
    return n


def draw_key(blockade: int, outbid: int) -> str:
    """Choice key for 'which auction cards were among those drawn': "B", "O", "BBO", ..."""
    return "B" * blockade + "O" * outbid or "none"


def drawn(value: Value, n: int) -> tuple[int, int]:
    key = str(value).strip().upper()
    if key == "NONE":
        return 0, 0
    if not key or set(key) - {"B", "O"}:
        raise IllegalAction("Not in the list")
    b, o = key.count("B"), key.count("O")
    if b + o > n or b > MAX_DRAWN_KIND or o > MAX_DRAWN_KIND:
        raise IllegalAction(msg("Cards drawn:\nonly {n}", n=n))
    return b, o


def after_answer(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    """Once no seat has a question left: the next buyer, or the next phase."""
    if any(state.asks.get(s) for s in range(len(state.seats))):
        return Step(state, events)
    if state.phase == "settle":
        return start_buying(state, events)
    if state.phase == "buying":
        assert state.buying is not None
        turns = state.buying.advance()
        if turns.done:
            return start_offering(replace(state, buying=turns), events)
        nxt = turns.current
        assert nxt is not None
        return Step(replace(state, buying=turns, asks={nxt: buy_asks()}), events)
    if state.phase == "rewards":
        return start_income(state, events)
    if state.phase == "income":
        return end_round(state, events)
    raise AssertionError(state.phase)


def buy_asks() -> tuple[Ask, ...]:
    return (Ask("buy_cards"), Ask("buy_farmers"), Ask("buy_stones"))


def start_buying(state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
    turns = OrderedRound.of(clockwise_from(state.start_player, len(state.seats)))
    first = turns.current
    assert first is not None
    line = msg("Buying, from {name}", name=state.seats[first].name)
    new = replace(state, phase="buying", buying=turns, asks={first: buy_asks()},
                  log=appended(state.log, line))
    return Step(new, (*events, Event(line)))
