"""Every MarraCash box line fits the 16x2 LCD in English and Polish, with the largest money
a preset allows beside the label.

A seat's box shows its own money ("$63800") on the top line beside the label; at 1996 amounts
a seat holding 14000 once saw `Bid 0=pas $14000`: the label cut to fit. Here every seat holds
the most money its preset allows, a fixed game walks through every stage (first round, open
and sealed auctions, pull-in, both actions, moves, gate refills, last round, final screen),
and every box, every private flash and every refusal met on the way is rendered as the LCD
shows it, in both languages.
"""

from __future__ import annotations

import pytest

from companion.app.boxui import BoxSession
from companion.engine.actions import Action, Enter, Host, Value
from companion.engine.errors import IllegalAction
from companion.engine.games.marracash import PRESETS, Amounts, MarraState
from companion.engine.history import History, Setup
from companion.engine.prompts import Prompt
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import msg
from companion.i18n import translator

GAME = get_game("marracash")
SEATS = tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di"))
MOST_PEOPLE = 99 + 9  # the `queue` option's most, plus 3 fountains of 3 at the start


def most_money(a: Amounts, seats: int = 4) -> int:
    """The most one seat can hold: all the money in the game. Every seat's start money, every
    person entering a shop once at the top wage, every shop's auction commission at the top
    rate (mover commissions and prices only move money that is already counted)."""
    return seats * a.start + MOST_PEOPLE * a.wages[-1] + 25 * a.commission[1]


def test_the_largest_money_has_five_digits() -> None:
    """What the LCD must make room for: "$" and five digits ($63800 at 1996 amounts)."""
    assert most_money(PRESETS["1996"]) == 63800
    assert most_money(PRESETS["seed"]) == 12760


def answer(state: MarraState) -> Action | None:
    """What the fixed game enters next: the first seat asked answers as a player would."""
    for seat in range(len(state.seats)):
        p = GAME.prompt(state, seat)
        if p.accepts_input:
            return Enter(seat, choose(state, p))
    return None


def choose(state: MarraState, p: Prompt) -> Value:
    keys = [c.key for c in p.choices]
    au = state.auction
    if state.stage == "bidding" and au is not None and au.open is not None:
        # The opener opens, the next seat raises once, everyone else passes.
        bids = sum(1 for _, b in au.open.calls if b is not None)
        return p.lo if bids < 2 else "pass"
    if state.stage == "action":
        return "move" if "move" in keys and not state.actions else keys[-1]
    if state.stage == "move":
        return keys[1] if len(keys) > 1 and not state.entries else "done"
    if state.stage == "count":
        return 6  # past the fifth customer: the top wage
    if state.stage == "pullin":
        return 1
    if state.stage == "refill":
        return p.hi
    if p.kind == "choice":
        return keys[0]
    return p.lo  # sealed: the auctioneer opens at the minimum, the others pass with 0


def bad_inputs(state: MarraState) -> list[Action]:
    """Entries the rules refuse, whose refusals carry the seat's money or the amounts."""
    rich = state.money(1)
    return [Enter(1, rich + 25), Enter(0, 1), Enter(1, 7), Enter(2, "nonsense"),
            Host.make("adjust", seat=9, amount=0)]


def check_fits(text: str, what: object) -> None:
    lines = text.split("\n")
    assert len(lines) <= 2 and all(len(x) <= 16 for x in lines), (text, what)


def check_box(state: MarraState, seat: int, lang: str) -> None:
    p = GAME.prompt(state, seat)
    box = BoxSession(seat, translator(lang))
    box.sync(p)
    top, bottom = box.lines()
    money = f"${p.money}" if p.money is not None else ""
    if p.locked:
        # The locked bid in full; the money gives way to it.
        assert top.startswith(box.t(msg("LOCKED {v}", v=str(p.locked_value)))), (lang, top)
    else:
        assert top.startswith(box.t(p.label)), (lang, top, p.label)
        assert top.endswith(money), (lang, top, money)
    if p.kind == "wait" and p.info is not None:
        assert bottom.rstrip() == box.t(p.info), (lang, bottom, p.info)
    for c in (*p.choices, *p.extras):
        assert len(box.t(c.label)) + 2 <= 16, (lang, c.label)  # "<" label ">"


@pytest.mark.slow  # plays every reachable prompt: 8 runs of about 2 s
@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("variant", ["open", "sealed"])
@pytest.mark.parametrize("preset", ["seed", "1996"])
def test_every_box_line_fits_with_the_most_money(preset: str, variant: str, lang: str) -> None:
    amounts = PRESETS[preset]
    most = most_money(amounts)
    h = History.start(GAME, Setup(GAME.id, SEATS, {"preset": preset, "auction": variant,
                                                    "queue": 4}))
    for seat in range(4):  # every seat holds all the money there is
        h.apply(Host.make("adjust", seat=seat, amount=most - amounts.start))
    t = translator(lang)
    stages: set[str] = set()
    for _ in range(300):
        state = h.state
        stages.add(state.stage)
        for seat in range(4):
            check_box(state, seat, lang)
        for bad in bad_inputs(state):
            try:
                GAME.apply(state, bad)
            except IllegalAction as exc:
                check_fits(exc.message.render(t), bad)
        step = answer(state)
        if step is None:
            break
        for event in h.apply(step):
            if event.seat is not None:  # a private flash on the seat's own LCD
                check_fits(event.text.render(t), event)
    assert h.state.stage == "over"
    assert stages >= {"pick", "bidding", "pullin", "action", "move", "count", "refill", "over"}
    assert max(h.state.money(s) for s in range(4)) >= 10_000  # five digits at the end
