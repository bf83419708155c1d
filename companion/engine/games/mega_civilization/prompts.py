"""Mega Civilization's boxes: what each seat's 16x2 LCD asks now. The seat's treasury shows on
its own box; the calculator's hand is private to it; the calamity count's box comes from the
sealed round (`SealedRound.prompt`).
"""

from __future__ import annotations

from ...prompts import Choice, Prompt
from ...text import Msg, msg
from . import calamities, purchase_view, scoring
from .calculator import calc_list, commodity_choice, hand_total
from .state import BUY_STACK, MAX_CITIES, MAX_TREASURY, MegaState
from .trade_cards import plan
from .treasury import needed


def prompt(state: MegaState, seat: int) -> Prompt:
    name = state.label(seat)
    if state.phase == "setup":
        if state.civs[seat] is None:
            return Prompt("wait", msg("No civilization"), info=msg("The host sets it"))
        if state.options["ask_treasury"] != "yes":
            return Prompt("wait", msg("Setting up"), info=msg("Waiting for host"))
        own = state.treasury_in.get(seat)
        return Prompt("number", msg("Treasury?"), lo=0, hi=MAX_TREASURY,
                      initial=own if own is not None else int(state.options["start_treasury"]),
                      locked=own is not None, locked_value=own, unlockable=own is not None,
                      must_act=own is None)
    money = state.treasury(seat)
    if needed(state, seat):
        return Prompt("number", msg("Treasury?"), lo=0, hi=MAX_TREASURY,
                      initial=min(money, MAX_TREASURY), money=money, must_act=True)
    if state.phase == "cities":
        own = state.cities.get(seat)
        return Prompt("number", msg("Cities?"), lo=0, hi=MAX_CITIES, initial=own or 0,
                      locked=own is not None, locked_value=own, unlockable=own is not None,
                      money=money, must_act=own is None)
    if state.phase == "draw":
        return draw_prompt(state, seat)
    if state.phase == "buy":
        return buy_prompt(state, seat, money)
    if state.phase == "calamity":
        return calamities.prompt(state, seat)
    if state.phase in ("trade", "after"):
        return calc_prompt(state, seat)
    if state.phase == "advances":
        return purchase_view.prompt(state, seat)
    if state.phase == "score":
        return scoring.prompt(state, seat)
    if state.phase == "over":
        return Prompt("wait", msg("Game over"), info=msg("{civ}", civ=name), money=money)
    return Prompt("wait", msg("Please wait"), money=money)


def draw_prompt(state: MegaState, seat: int) -> Prompt:
    n = state.cities.get(seat, 0)
    cur = state.draw.current
    if cur == seat:
        if seat in state.reporting:
            water = frozenset(k for k, w in plan(state, seat) if w)
            return Prompt("number", msg("Which is empty?"), lo=1, hi=n, initial=1,
                          forbidden=water, extras=(Choice("back", msg("Back")),),
                          must_act=True)
        label = msg("Draw stack 1") if n == 1 else msg("Draw stacks 1-{n}", n=n)
        return Prompt("choice", label, initial="done", must_act=True,
                      choices=(Choice("done", msg("Done")),
                               Choice("empty", msg("Report empty"))))
    now = msg("Now: {civ}", civ=state.label(cur)) if cur is not None else msg("6a: draw")
    if n == 0:
        return Prompt("wait", msg("No cities"), info=msg("No cards to draw"))
    if seat in state.drawn:
        done = msg("Drew stack 1") if n == 1 else msg("Drew stacks 1-{n}", n=n)
        return Prompt("wait", done, info=now)
    place = state.draw.order.index(seat) + 1
    return Prompt("wait", now, info=msg("Draw #{k} of {m}", k=place, m=len(state.draw.order)))


def buy_prompt(state: MegaState, seat: int, money: int) -> Prompt:
    cur = state.buy.current
    price = int(state.options["card_price"])
    if cur == seat:
        choices = [Choice("buy", msg("BUY")), Choice("pass", msg("PASS"))]
        if (state.blocks[seat], BUY_STACK) not in state.empties:
            choices.append(Choice("empty", msg("Stack 9 empty")))
        return Prompt("choice", msg("Buy {p}?", p=price), initial="pass",
                      choices=tuple(choices), money=money, must_act=True)
    now = msg("Now: {civ}", civ=state.label(cur)) if cur is not None else msg("6b: buy")
    # Waiting boxes leave out the treasury: "Now: Carthage" needs the whole line.
    k = len(state.bought.get(seat, ()))
    if seat in state.passed:
        return Prompt("wait", msg("Bought {k}", k=k), info=now, money=money)
    if seat not in state.buy.order:
        return Prompt("wait", now, info=msg("No buy: 0 cities"))
    place = state.buy.order.index(seat) + 1
    return Prompt("wait", now, info=msg("Buy #{k} of {m}", k=place, m=len(state.buy.order)))


def calc_prompt(state: MegaState, seat: int) -> Prompt:
    picking = state.picking.get(seat)
    hand = state.hands.get(seat, {})
    if picking is not None:
        cap = {nm: c for nm, _, c in calc_list(state, seat)}[picking]
        return Prompt("number", msg("{name} cards", name=Msg(picking)), lo=0, hi=cap,
                      initial=hand.get(picking, 0))
    # Commodity names are catalog ids (companion/i18n/data_names.py lists them).
    choices = [commodity_choice(nm, hand.get(nm, 0)) for nm, _, _ in calc_list(state, seat)]
    choices.append(Choice("clear", msg("Clear all")))
    # Back on the commodity just counted, so the next one is a press or two away.
    return Prompt("choice", msg("Sets total {t}", t=hand_total(state, seat)),
                  choices=tuple(choices), initial=state.cursor.get(seat, choices[0].key))
