"""Mega Civilization's table screen: the seat lines (treasury is public), the headline of the
phase, and one panel: the civilizations in A.S.T. order at setup, the cities as they come in,
the trade cards (draw plans, water, purchases) in 6a/6b and the trade, the revealed
calamity counts after it, and in 12 the advances each civilization owns by name beside its
credits by colour. The trade phase adds the timer.

Never read here: the calculator (`hands`, `picking`, `cursor`) and unrevealed calamity counts.
"""

from __future__ import annotations

from typing import Any

from ...scoresheet import result_line
from ...text import Msg, msg
from ...views import Cell, Panel, SeatLine, TableView
from . import calamities, purchase_view, scoring, timer
from .civs import AST_RANK, BLOCK_NAMES
from .state import MegaState, join
from .trade_cards import draw_order, plan


def table(name: Msg, state: MegaState) -> TableView:
    seats = tuple(_seat_line(state, i) for i in range(len(state.seats)))
    headline, detail = _headline(state)
    panels: list[Panel] = []
    if state.phase in ("score", "over"):
        panels.append(scoring.panel(state))
    elif state.phase == "advances":
        panels.append(purchase_view.panel(state))
    elif state.phase == "bought":
        # The names once every seat has bought: while seats buy, the host's and waiting lines
        # and a refusal's banner leave 800x480 no room for a second panel (the legibility
        # audit found the table clipped). The purchase panel stays the newest.
        panels += [purchase_view.owned_panel(state), purchase_view.panel(state)]
    elif state.phase == "after":
        # The turn's trade cards are history now: the screen is the calamity count's.
        panels.append(calamities.panel(state) if calamities.by_name(state)
                      else _calamity_panel(state))
    elif state.phase == "setup":
        panels.append(_setup_panel(state))
    elif state.phase == "cities":
        if state.cities:
            panels.append(Panel(msg("Cities on the board, turn {n}", n=state.turn), tuple(
                (Cell(state.label(s)), Cell(str(n))) for s, n in sorted(
                    state.cities.items(), key=lambda kv: AST_RANK.get(state.civs[kv[0]] or "",
                                                                      99)))))
    else:
        panels.append(_cards_panel(state))
    return TableView(name, headline, detail, seats, tuple(panels), tuple(state.log[-6:]),
                     final=state.phase == "over",
                     timer=timer.view(state) if state.phase == "trade" else None)


def _seat_line(state: MegaState, i: int) -> SeatLine:
    s = state.seats[i]
    civ = state.civs[i]
    badges: list[Msg] = []
    if civ is not None and civ != s.name:
        badges.append(msg("{civ}", civ=civ))
    if state.two_blocks:
        badges.append(BLOCK_NAMES[state.blocks[i]])
    status: Any = "waiting"
    if state.phase == "setup":
        status = "done" if i in state.treasury_in else "thinking"
    elif state.phase == "cities":
        status = "done" if i in state.cities else "thinking"
    elif state.phase == "draw":
        status = ("turn" if state.draw.current == i else "done" if i in state.drawn
                  else "out" if state.cities.get(i, 0) == 0 else "waiting")
    elif state.phase == "buy":
        status = ("turn" if state.buy.current == i else "done" if i in state.passed
                  else "out" if i not in state.buy.order else "waiting")
    elif state.phase == "trade":
        status = "thinking"  # everybody trades at once
    elif state.phase == "calamity":
        status = "locked" if state.calamity.is_locked(i) else "thinking"
    elif state.phase == "score":
        status = "done" if i in state.final_cities else "thinking"
    elif state.phase == "over":
        status = "done"  # the score sheet has the result; nobody is waited for
    elif state.phase == "advances":
        status = ("turn" if state.study.current == i else "done"
                  if i in state.study.acted else "waiting")
    money = state.treasury(i) if state.phase != "setup" else state.treasury_in.get(i)
    return SeatLine(i, s.name, s.colour, money, status, tuple(badges))


def _headline(state: MegaState) -> tuple[Msg, Msg]:
    price = int(state.options["card_price"])
    if state.phase == "setup":
        return (msg("Setup: civilizations and treasury"),
                msg("Each seat enters its treasury; the host sets missing civilizations."))
    if state.phase == "cities":
        return (msg("Turn {n} - 6a: cities on the board", n=state.turn),
                msg("Each seat enters its number of cities (public)."))
    if state.phase == "draw":
        cur = state.draw.current
        assert cur is not None
        return (msg("6a: {civ} draws stacks 1-{n}", civ=state.label(cur),
                    n=state.cities[cur]),
                msg("Fewest cities first, A.S.T. order breaks ties. An empty stack "
                    "gives a water card."))
    if state.phase == "buy":
        cur = state.buy.current
        assert cur is not None
        return (msg("6b: {civ} may buy from stack 9", civ=state.label(cur)),
                msg("{p} treasury a card: look, then buy again or pass. A pass is final.",
                    p=price))
    if state.phase == "trade":
        if state.timer.expired:
            return msg("TIME! Trading is over"), msg("The host ends the trade.")
        return (msg("7: Trade"),
                msg("Deals of 3+ cards each side. Your box adds up your sets privately."))
    if state.phase == "calamity":
        return (msg("Calamity count"),
                msg("Each seat enters the calamity cards it holds by name; shown together.")
                if calamities.by_name(state) else
                msg("Each seat enters how many calamity cards it holds; shown together."))
    if state.phase == "after":
        if calamities.pending(state):
            return (msg("Turn {n}: calamities over the limit", n=state.turn),
                    msg("3 at most, 2 majors, no duplicates: the host records each random "
                        "discard."))
        return (msg("Turn {n}: calamity cards revealed", n=state.turn),
                msg("Resolve the calamities; then the host opens 12: advances."))
    if state.phase == "advances":
        cur = state.study.current
        assert cur is not None
        return (msg("12: {civ} buys advances", civ=state.label(cur)),
                msg("Card sets + treasury, after credits. No change; treasury only up to "
                    "the price."))
    if state.phase == "bought":
        return (msg("Turn {n}: advances bought", n=state.turn),
                msg("The host starts the next turn or ends the game."))
    if state.phase == "score":
        return (msg("Game over: A.S.T. steps and cities"),
                msg("Each seat enters its A.S.T. step and its cities; advances are counted."))
    return result_line(scoring.score_sheet(state)), scoring.score_sheet(state).decided_by


def _calamity_panel(state: MegaState) -> Panel:
    """The revealed counts in A.S.T. order, two civilizations a row (18 fit on 9 rows)."""
    ranked = sorted(state.calamities, key=lambda s: AST_RANK.get(state.civs[s] or "", 99))
    cells = [(Cell(state.label(s)), Cell(str(state.calamities[s]),
                                         "alert" if state.calamities[s] else ""))
             for s in ranked]
    half = (len(cells) + 1) // 2
    blank = (Cell(""), Cell(""))
    rows = tuple((*cells[i], *(cells[i + half] if i + half < len(cells) else blank))
                 for i in range(half))
    total = sum(state.calamities.values())
    return Panel(msg("Calamity cards held"), rows, msg("{n} in all", n=total))


def _setup_panel(state: MegaState) -> Panel:
    head: list[Cell] = [Cell(msg("A.S.T."), "head"), Cell(msg("Civilization"), "head"),
                        Cell(msg("Seat"), "head")]
    if state.two_blocks:
        head.append(Cell(msg("Block"), "head"))
    head.append(Cell(msg("Treasury"), "head"))
    rows: list[tuple[Cell, ...]] = [tuple(head)]
    for i in sorted(range(len(state.seats)),
                    key=lambda i: AST_RANK.get(state.civs[i] or "", 99)):
        civ = state.civs[i]
        row = [Cell(str(AST_RANK[civ]) if civ else "-"),
               Cell(civ if civ else msg("(host sets it)"), "" if civ else "alert"),
               Cell(state.seats[i].name)]
        if state.two_blocks:
            row.append(Cell(BLOCK_NAMES[state.blocks[i]]))
        t = state.treasury_in.get(i)
        row.append(Cell(str(t) if t is not None else ""))
        rows.append(tuple(row))
    return Panel(msg("Civilizations in A.S.T. order"), tuple(rows))


def _cards_panel(state: MegaState) -> Panel:
    head: list[Cell] = [Cell("#", "head"), Cell(msg("Civilization"), "head"),
                        Cell(msg("Cities"), "head")]
    if state.two_blocks:
        head.append(Cell(msg("Block"), "head"))
    head += [Cell(msg("Draws"), "head"), Cell(msg("Bought"), "head")]
    rows: list[tuple[Cell, ...]] = [tuple(head)]
    # 6a lists the drawers first (seats without cities draw nothing); from 6b on, the
    # buying order, where seats without cities come first (fewest cities).
    acting = state.draw.order if state.phase == "draw" else state.buy.order
    order = list(acting) + [s for s in draw_order(state.cities, state.civs, include_zero=True)
                            if s not in acting]
    current = state.draw.current if state.phase == "draw" else (
        state.buy.current if state.phase == "buy" else None)
    for k, seat in enumerate(order, start=1):
        n = state.cities.get(seat, 0)
        style: Any = "win" if seat == current else "dim" if n == 0 else ""
        draws_of = plan(state, seat)
        draws: Msg | str = join([msg("water") if w else str(st) for st, w in draws_of]) \
            if draws_of else "-"
        row = [Cell(str(k) if seat in acting else "-", style), Cell(state.label(seat), style),
               Cell(str(n), style)]
        if state.two_blocks:
            row.append(Cell(BLOCK_NAMES[state.blocks[seat]], style))
        row += [Cell(draws, "alert" if any(w for _, w in draws_of) else style),
                Cell(_bought_text(state, seat), style)]
        rows.append(tuple(row))
    notes: list[Msg] = []
    if state.empties:
        def where(b: str, st: int) -> Msg:
            return (msg("{block} {k}", block=BLOCK_NAMES[b], k=st) if state.two_blocks
                    else msg("{k}", k=st))
        notes.append(msg("Empty stacks: {list}", list=join(
            [where(b, st) for b, st in sorted(state.empties)], ", ")))
    return Panel(msg("Trade cards, turn {n}", n=state.turn), tuple(rows),
                 join(notes) if notes else None)


def _bought_text(state: MegaState, seat: int) -> Msg | str:
    cards = state.bought.get(seat, ())
    water = sum(1 for w in cards if w)
    parts: list[Msg | str] = []
    if cards:
        parts.append(msg("{n} ({w} water)", n=len(cards), w=water) if water
                     else str(len(cards)))
    if seat in state.passed:
        parts.append(msg("passed"))
    return join(parts, ", ") if parts else ""
