"""Mega Civilization's phase 12, civilization advance purchase (rules.md 5.6), on the boxes.

In A.S.T. order each seat picks the advances it buys this turn (its basket), enters the
commodity cards it pays with by name and count and the treasury it adds, then pays: the
companion prices every advance after that seat's credits (`advances.price_after`), refuses
a payment short of the price or one that asks for change (treasury only ever tops the card
sets up to the exact price), and records what the seat owns. Written Record and Monument
then place their extra credit tokens (5 at a time, any colours), Anatomy brings its free
science advance, and the seat enters how many commodity cards it keeps in hand: the hand
limit (8 with 5-11 players, 9 with 12-18; Roadbuilding +1) counts the discards.

PRIVATE until the payment: the basket, the cards entered and the treasury added live in
`basket`, `pay_cards`, `pay_treasury` and `step`, read only by the seat's own box and by
`replay --json`. What is paid, bought and discarded is public (the table, the log).
"""

from __future__ import annotations

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...frozen import replace
from ...game import Event, Step
from ...ledger import SUPPLY, seat_account
from ...rounds.ordered import OrderedRound
from ...text import Msg, msg
from .advances import (
    ANATOMY_FREE_BELOW,
    BY_NAME,
    COLOUR_NAMES,
    COLOURS,
    LIBRARY_CREDIT,
    anatomy_choices,
    price_after,
)
from .calamities import pending
from .calculator import calc_list, set_value
from .civs import AST_RANK
from .state import MegaState, join

MAX_HAND = 60  # more commodity cards than any hand holds: the entry's upper bound
CREDIT_STEP = 5  # extra credit tokens are placed 5 points at a time


def start(state: MegaState, action: Host) -> Step[MegaState]:
    """Host: the calamities are resolved; phase 12 opens in A.S.T. order."""
    if state.phase != "after":
        raise IllegalAction("After the\ncalamity count")
    if pending(state):
        raise IllegalAction("Random discards\nfirst")
    order = sorted(range(len(state.seats)), key=lambda s: AST_RANK.get(state.civs[s] or "", 99))
    line = msg("12: advances in A.S.T. order")
    new = replace(state, phase="advances", study=OrderedRound.of(order), learnt={}, paid={},
                  discards={}, basket={}, pay_cards={}, pay_treasury={}, step={},
                  credit_left={}, picking={}, log=appended(state.log, line))
    return Step(new, (Event(line),))


# -- prices


def basket_prices(state: MegaState, seat: int) -> tuple[tuple[str, int], ...]:
    """Each advance in the basket with its price after the seat's credits (those of the
    advances it owned before this turn) and, with Library in the basket, Library's one-time
    40 on the other advance it saves most on."""
    owned = state.owns(seat)
    extra = dict(state.extra.get(seat, {}))
    basket = state.basket.get(seat, ())
    prices = [(name, price_after(name, owned, extra)) for name in basket]
    if "Library" in basket:
        others = [i for i, (n, _) in enumerate(prices) if n != "Library"]
        if others:
            best = max(others, key=lambda i: (min(prices[i][1], LIBRARY_CREDIT), -i))
            name, p = prices[best]
            prices[best] = (name, max(p - LIBRARY_CREDIT, 0))
    return tuple(prices)


def basket_total(state: MegaState, seat: int) -> int:
    return sum(p for _, p in basket_prices(state, seat))


def cards_value(state: MegaState, seat: int) -> int:
    faces = {nm: face for nm, face, _ in calc_list(state, seat)}
    return sum(set_value(n, faces[nm]) for nm, n in state.pay_cards.get(seat, {}).items())


# -- the seat's entries


def enter(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    state.study.check_turn(seat, state.labels())
    step = state.step.get(seat, "pick")
    if step == "pick":
        return _pick(state, seat, value)
    if step == "cards":
        return _cards(state, seat, value)
    if step.startswith("count:"):
        return _count(state, seat, step[len("count:"):], value)
    if step == "treasury":
        return _treasury(state, seat, value)
    if step == "credit":
        return _credit(state, seat, value)
    if step == "anatomy":
        return _anatomy(state, seat, value)
    return _hand(state, seat, value)


def _to(state: MegaState, seat: int, step: str) -> MegaState:
    return replace(state, step={**state.step, seat: step})


def _pick(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    basket = state.basket.get(seat, ())
    if value == "pay":
        if not basket:
            raise IllegalAction("Pick an advance\nfirst")
        return Step(_to(state, seat, "cards"))
    if value == "done":
        new = replace(_to(state, seat, "hand"), basket={**state.basket, seat: ()})
        return Step(new, (Event(msg("No advance\nthis turn"), seat),))
    if not isinstance(value, str) or value not in BY_NAME:
        raise IllegalAction("Not an advance")
    if value in state.owns(seat):
        raise IllegalAction(msg("{name}\nalready owned", name=BY_NAME[value].short))
    chosen = tuple(n for n in basket if n != value) if value in basket else (*basket, value)
    new = replace(state, basket={**state.basket, seat: chosen}, cursor={**state.cursor,
                                                                       seat: value})
    return Step(new, (Event(msg("{n} picked\ntotal {t}", n=len(chosen),
                                t=basket_total(new, seat)), seat),))


def _cards(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    listing = {nm for nm, _, _ in calc_list(state, seat)}
    if value == "back":
        return Step(_to(state, seat, "pick"))
    if value == "treasury":
        return Step(_to(state, seat, "treasury"))
    if value == "confirm":
        return pay(state, seat)
    if not isinstance(value, str) or value not in listing:
        raise IllegalAction("Not a commodity\nof this game")
    return Step(replace(_to(state, seat, f"count:{value}"),
                        cursor={**state.cursor, seat: value}))


def _count(state: MegaState, seat: int, name: str, value: Value) -> Step[MegaState]:
    cap = {nm: c for nm, _, c in calc_list(state, seat)}[name]
    if isinstance(value, str) and value.isdigit():
        value = int(value)  # the box's choice key
    if not isinstance(value, int) or not 0 <= value <= cap:
        raise IllegalAction(msg("Max {cap} {name}\nin the game", name=Msg(name), cap=cap))
    cards = {k: v for k, v in state.pay_cards.get(seat, {}).items() if k != name}
    if value:
        cards[name] = value
    new = replace(_to(state, seat, "cards"), pay_cards={**state.pay_cards, seat: cards})
    return Step(new, (Event(msg("Cards {v} of {p}", v=cards_value(new, seat),
                                p=basket_total(new, seat)), seat),))


def _treasury(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    have = state.treasury(seat)
    if not isinstance(value, int) or not 0 <= value <= have:
        raise IllegalAction(msg("Treasury 0-{n}", n=have))
    new = replace(_to(state, seat, "cards"), pay_treasury={**state.pay_treasury, seat: value})
    return Step(new)


def pay(state: MegaState, seat: int) -> Step[MegaState]:
    """Check the payment against the price; accept it whole or change nothing."""
    price = basket_total(state, seat)
    cards = cards_value(state, seat)
    treasury = state.pay_treasury.get(seat, 0)
    if treasury > state.treasury(seat):
        raise IllegalAction(msg("Treasury 0-{n}", n=state.treasury(seat)))
    if cards + treasury < price:
        raise IllegalAction(msg("Short by {n}\nprice {p}", n=price - cards - treasury, p=price))
    if treasury and cards + treasury > price:
        # No change is given and treasury may only make up what the sets leave open.
        raise IllegalAction(msg("No change given\ntreasury max {n}", n=max(price - cards, 0)))
    basket = state.basket.get(seat, ())
    ledger = state.ledger
    if treasury:
        ledger = ledger.transfer(seat_account(seat), SUPPLY, treasury,
                                 msg("advances (treasury)"))
    owned = (*state.owns(seat), *basket)
    line = msg("{civ} buys {list}: {p} paid with sets {c} + treasury {t}",
               civ=state.label(seat), list=join(list(basket), ", "), p=price,
               c=cards, t=treasury)
    if cards > price:
        line = msg("{line} (no change: {n} lost)", line=line, n=cards - price)
    extra = sum(BY_NAME[n].extra_credits for n in basket)
    new = replace(state, ledger=ledger, owned={**state.owned, seat: owned},
                  learnt={**state.learnt, seat: basket}, paid={**state.paid,
                                                               seat: (cards, treasury)},
                  pay_cards={**state.pay_cards, seat: {}}, pay_treasury={**state.pay_treasury,
                                                                         seat: 0},
                  credit_left={**state.credit_left, seat: extra}, log=appended(state.log,
                                                                               line))
    return Step(_after_payment(new, seat), (Event(line),))


def _after_payment(state: MegaState, seat: int) -> MegaState:
    if state.credit_left.get(seat, 0) > 0:
        return _to(state, seat, "credit")
    if "Anatomy" in state.learnt.get(seat, ()) and anatomy_choices(state.owns(seat)):
        return _to(state, seat, "anatomy")
    return _to(state, seat, "hand")


def _credit(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    if not isinstance(value, str) or value not in COLOURS:
        raise IllegalAction("Pick a colour")
    placed = dict(state.extra.get(seat, {}))
    placed[value] = placed.get(value, 0) + CREDIT_STEP
    left = state.credit_left.get(seat, 0) - CREDIT_STEP
    line = msg("{civ}: +{n} {colour} credit", civ=state.label(seat), n=CREDIT_STEP,
               colour=COLOUR_NAMES[value])
    new = replace(state, extra={**state.extra, seat: placed},
                  credit_left={**state.credit_left, seat: left}, log=appended(state.log, line))
    if left <= 0:
        new = _after_payment(replace(new, credit_left={**new.credit_left, seat: 0}), seat)
    return Step(new, (Event(line),))


def _anatomy(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    if value == "none":
        return Step(_to(state, seat, "hand"))
    if not isinstance(value, str) or value not in anatomy_choices(state.owns(seat)):
        raise IllegalAction(msg("Green, under {n}", n=ANATOMY_FREE_BELOW))
    line = msg("{civ} takes {name} free (Anatomy)", civ=state.label(seat), name=value)
    new = replace(state, owned={**state.owned, seat: (*state.owns(seat), value)},
                  learnt={**state.learnt, seat: (*state.learnt.get(seat, ()), value)},
                  log=appended(state.log, line))
    return Step(_to(new, seat, "hand"), (Event(line),))


def hand_limit(state: MegaState, seat: int) -> int:
    return state.hand_limit + sum(BY_NAME[n].hand_bonus for n in state.owns(seat))


def _hand(state: MegaState, seat: int, value: Value) -> Step[MegaState]:
    """The commodity cards the seat keeps (hand size is public); over the limit it
    discards the rest, counted on the table."""
    if not isinstance(value, int) or not 0 <= value <= MAX_HAND:
        raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_HAND))
    limit = hand_limit(state, seat)
    out = max(value - limit, 0)
    line = (msg("{civ}: {n} cards, discards {d} (limit {k})", civ=state.label(seat), n=value,
                d=out, k=limit) if out
            else msg("{civ}: {n} cards in hand", civ=state.label(seat), n=value))
    return Step(done(replace(state, discards={**state.discards, seat: (value, out)},
                             log=appended(state.log, line)), seat), (Event(line),))


def done(state: MegaState, seat: int) -> MegaState:
    """The seat's phase 12 is over: its private entries are dropped, the next seat acts."""
    rnd = state.study.advance()
    new = replace(state, study=rnd, step={s: v for s, v in state.step.items() if s != seat},
                  basket={s: v for s, v in state.basket.items() if s != seat},
                  pay_cards={s: v for s, v in state.pay_cards.items() if s != seat},
                  pay_treasury={s: v for s, v in state.pay_treasury.items() if s != seat})
    if rnd.done:
        line = msg("Advances bought: the host starts the next turn")
        new = replace(new, phase="bought", log=appended(new.log, line))
    return new


def skip(state: MegaState) -> Step[MegaState]:
    """Host: the current seat buys nothing more (its hand is not entered)."""
    cur = state.study.current
    assert cur is not None
    line = msg("Host: {civ} skipped", civ=state.label(cur))
    return Step(done(replace(state, log=appended(state.log, line)), cur), (Event(line),))

