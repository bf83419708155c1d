"""Mega Civilization's phase 12 as seen: the seat's own box (its basket, the cards it pays
with and its treasury, all private), the public table panels (the advances each
civilization owns by name; its victory points and credits by colour, this turn's purchases
and discards) and the `replay --json` part.
"""

from __future__ import annotations

from typing import Any

from ...prompts import Choice, Prompt
from ...text import Msg, msg
from ...views import Cell, Panel
from .advances import (
    ADVANCES,
    BLUE,
    BY_NAME,
    COLOUR_NAMES,
    COLOURS,
    GREEN,
    ORANGE,
    RED,
    YELLOW,
    anatomy_choices,
    colour_credits,
    price_after,
)
from .advances import vp as advance_vp
from .calculator import calc_list, commodity_choice
from .civs import AST_RANK
from .purchase import MAX_HAND, basket_prices, basket_total, cards_value, hand_limit
from .state import MegaState, join


def prompt(state: MegaState, seat: int) -> Prompt:
    money = state.treasury(seat)
    cur = state.study.current
    if cur != seat:
        now = msg("Now: {civ}", civ=state.label(cur)) if cur is not None else msg("12: done")
        if seat in state.discards or seat in state.study.acted:
            return Prompt("wait", msg("12: done"), info=now, money=money)
        place = state.study.order.index(seat) + 1
        return Prompt("wait", now, info=msg("Buy #{k} of {m}", k=place,
                                            m=len(state.study.order)), money=money)
    step = state.step.get(seat, "pick")
    if step == "pick":
        return _pick_prompt(state, seat, money)
    if step == "cards":
        return _cards_prompt(state, seat)
    if step.startswith("count:"):
        name = step[len("count:"):]
        # A choice, not a number: the label reaches the table's "waiting for" line, so it
        # stays generic; which commodity is being counted shows only on the box's 2nd line.
        cap = {nm: c for nm, _, c in calc_list(state, seat)}[name]
        return Prompt("choice", msg("How many?"), must_act=True,
                      initial=str(state.pay_cards.get(seat, {}).get(name, 0)),
                      choices=tuple(Choice(str(k), msg("{name} x{k}", name=Msg(name), k=k))
                                    for k in range(cap + 1)))
    if step == "treasury":
        need = max(basket_total(state, seat) - cards_value(state, seat), 0)
        return Prompt("number", msg("Treasury pay"), lo=0, hi=money,
                      initial=min(need, money), money=money, must_act=True)
    if step == "credit":
        return Prompt("choice", msg("+5 credit ({n})", n=state.credit_left.get(seat, 0)),
                      choices=tuple(Choice(c, COLOUR_NAMES[c]) for c in COLOURS),
                      initial=COLOURS[0], must_act=True)
    if step == "anatomy":
        free = anatomy_choices(state.owns(seat))
        return Prompt("choice", msg("Anatomy: free"), initial=free[0], must_act=True,
                      choices=(*(Choice(n, msg("{name}", name=BY_NAME[n].short))
                                 for n in free), Choice("none", msg("None"))))
    return Prompt("number", msg("Hand? limit {k}", k=hand_limit(state, seat)), lo=0,
                  hi=MAX_HAND, initial=0, must_act=True)


def _pick_prompt(state: MegaState, seat: int, money: int) -> Prompt:
    owned = state.owns(seat)
    extra = dict(state.extra.get(seat, {}))
    basket = state.basket.get(seat, ())
    choices: list[Choice] = []
    if basket:
        choices.append(Choice("pay", msg("Pay {p}", p=basket_total(state, seat))))
    choices.append(Choice("done", msg("Buy nothing")))
    for a in ADVANCES:
        if a.name in owned:
            continue
        if a.name in basket:
            choices.append(Choice(a.name, msg("-{name}", name=a.short)))
        else:
            choices.append(Choice(a.name, msg("{name} {p}", name=a.short,
                                              p=price_after(a.name, owned, extra))))
    initial = state.cursor.get(seat, choices[0].key)
    if initial not in {c.key for c in choices}:
        initial = choices[0].key
    # The label is public (the table's "waiting for" line): the basket's total is not.
    return Prompt("choice", msg("Advances?"), choices=tuple(choices), initial=initial,
                  money=money, must_act=True)


def _cards_prompt(state: MegaState, seat: int) -> Prompt:
    paying = state.pay_cards.get(seat, {})
    t = state.pay_treasury.get(seat, 0)
    choices = [Choice("confirm", msg("Pay {a}+{b}/{p}", a=cards_value(state, seat), b=t,
                                     p=basket_total(state, seat))),
               Choice("treasury", msg("Treasury {n}", n=t))]
    choices += [commodity_choice(nm, paying.get(nm, 0)) for nm, _, _ in calc_list(state, seat)]
    choices.append(Choice("back", msg("Back")))
    initial = state.cursor.get(seat, "confirm")
    if initial not in {c.key for c in choices}:
        initial = "confirm"
    return Prompt("choice", msg("Pay with?"), choices=tuple(choices), initial=initial,
                  must_act=True)  # the label is public: the sums are in the "Pay" choice


NAMES_A_ROW = 4  # short names (<= 10 letters) a row: two lines at most in a half-screen panel
# Rows of names the screen can page through legibly beside the purchase panel (18 seats at
# 800x480 fill the 4 pages with one row each); a longer list is summed up per civilization.
MAX_NAME_ROWS = 18


def _ast_order(state: MegaState) -> list[int]:
    return sorted(range(len(state.seats)), key=lambda s: AST_RANK.get(state.civs[s] or "", 99))


def owned_panel(state: MegaState) -> Panel:
    """Public: the advances each civilization owns, by short name, in A.S.T. order; this
    turn's purchases last, marked "+". A long list goes on more rows (the civilization named
    on each, dimmed after the first), so no cell is cut and a page turn splits no name. When
    the names would need more than `MAX_NAME_ROWS` rows (a late game at a big table), each
    civilization gets one row: how many it owns and this turn's purchases by name."""
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Civilization"), "head"),
                                     Cell(msg("Advances owned"), "head"))]
    current = state.study.current if state.phase == "advances" else None
    lists: dict[int, list[str]] = {}
    for s in _ast_order(state):
        learnt = state.learnt.get(s, ())
        names = [BY_NAME[n].short for n in state.owns(s) if n not in learnt]
        lists[s] = names + [f"+{BY_NAME[n].short}" for n in learnt]
    whole = sum(-(-len(names) // NAMES_A_ROW) for names in lists.values()) <= MAX_NAME_ROWS
    for s, names in lists.items():
        style: Any = "win" if s == current else ""
        if not names:
            continue
        if not whole:
            new = [n for n in names if n.startswith("+")]
            text: Msg | str = (msg("{n} owned, {new}", n=len(names), new=", ".join(new))
                               if new else msg("{n} owned", n=len(names)))
            rows.append((Cell(state.label(s), style), Cell(text, style)))
            continue
        for k in range(0, len(names), NAMES_A_ROW):
            rows.append((Cell(state.label(s), style if k == 0 else "dim"),
                         Cell(", ".join(names[k:k + NAMES_A_ROW]), style)))
    owners = sum(1 for names in lists.values() if names)
    notes: list[Msg] = []
    if not whole:
        notes.append(msg("Too many to name on the screen: how many each owns, and this "
                         "turn's purchases (replay --json lists them all)."))
    if owners == 0:
        notes.append(msg("No civilization owns an advance yet."))
    # No note for the others that own none: at 800x480 a refusal's banner leaves the screen
    # no line to spare (the legibility audit found the table clipped).
    return Panel(msg("Advances owned (+ this turn)"), tuple(rows) if owners else (),
                 join(notes) if notes else None)


# A colour's initial and its credit, translated (Polish: N Z P C Ż): "B10 O10 Y5" reads
# without a legend, and zeros are left out.
_CREDIT = {BLUE: lambda n: msg("B{n}", n=n), GREEN: lambda n: msg("G{n}", n=n),
           ORANGE: lambda n: msg("O{n}", n=n), RED: lambda n: msg("R{n}", n=n),
           YELLOW: lambda n: msg("Y{n}", n=n)}


def _credits(credits: dict[str, int]) -> Msg | str:
    parts: list[Msg | str] = [_CREDIT[c](credits[c]) for c in COLOURS if credits[c]]
    return join(parts) if parts else "-"


def panel(state: MegaState) -> Panel:
    """Public: VP and credits by colour per civilization, A.S.T. order, with this turn's
    purchases and hand-limit discards (the advances by name: `owned_panel`)."""
    # Five columns, so that 18 rows stay legible at 800x480: the credits are one cell.
    head = (Cell(msg("Civilization"), "head"), Cell(msg("VP"), "head"),
            Cell(msg("Credits"), "head"), Cell(msg("Bought"), "head"),
            Cell(msg("Discards"), "head"))
    rows: list[tuple[Cell, ...]] = [head]
    current = state.study.current if state.phase == "advances" else None
    for s in _ast_order(state):
        style: Any = "win" if s == current else ""
        cr = colour_credits(state.owns(s), dict(state.extra.get(s, {})))
        learnt = state.learnt.get(s, ())
        hand = state.discards.get(s)
        rows.append((Cell(state.label(s), style), Cell(str(advance_vp(state.owns(s))), style),
                     Cell(_credits(cr), style),
                     # The count only: the log line says what was paid ("110 paid with sets
                     # 107 + treasury 3"); the names are in `owned_panel`, marked "+".
                     Cell(str(len(learnt)) if learnt or s in state.paid else "", style),
                     Cell(str(hand[1]) if hand else "", "alert" if hand and hand[1] else style)))
    return Panel(msg("12: advances, credits by colour (hand limit {k})", k=state.hand_limit),
                 tuple(rows))


def outcome(state: MegaState) -> dict[str, Any]:
    n = len(state.seats)
    return {
        "hand_limit": state.hand_limit,
        "order": list(state.study.order),
        "seats": [{"seat": s, "civ": state.label(s), "owned": list(state.owns(s)),
                   "vp": advance_vp(state.owns(s)),
                   "credits": colour_credits(state.owns(s), dict(state.extra.get(s, {}))),
                   "extra_credits": dict(state.extra.get(s, {})),
                   "bought": list(state.learnt.get(s, ())),
                   "paid": ({"sets": state.paid[s][0], "treasury": state.paid[s][1]}
                            if s in state.paid else None),
                   "hand": state.discards[s][0] if s in state.discards else None,
                   "discarded": state.discards[s][1] if s in state.discards else None,
                   "basket": [{"advance": a, "price": p} for a, p in basket_prices(state, s)]}
                  for s in range(n)],
    }
