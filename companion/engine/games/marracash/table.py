"""MarraCash's table screen: every seat's money (public in this game), the headline of what
happens now, the shop register, the city (round, people outside, actions this turn), the
auction in progress or the move being entered, and the final money. Sealed bids show only
as locked until the reveal.
"""

from __future__ import annotations

from typing import Literal

from ...scoresheet import Category, ScoreSheet, ranking_panel, result_line
from ...seats import clockwise_from
from ...text import Msg, msg
from ...views import Cell, Panel, SeatLine, Style, TableView
from .state import COLOUR_NAMES, COLOURS, MOVE, Auction, MarraState, shop_name

SeatStatus = Literal["thinking", "locked", "waiting", "turn", "done", "out"]
# A seat's place in an open auction, as the table's seat line shows it.
OPEN_STATUS: dict[str, SeatStatus] = {"turn": "thinking", "out": "out", "forced": "out"}


def table(name: Msg, state: MarraState) -> TableView:
    names = state.names
    au = state.auction
    owned = {s: sum(1 for sh in state.shops.values() if sh.owner == s)
             for s in range(len(names))}
    seats = []
    for i, s in enumerate(state.seats):
        status: SeatStatus = "waiting"
        badges: list[Msg] = []
        if state.stage == "over":
            status = "done"
        elif state.stage == "bidding" and au is not None:
            if au.sealed is not None:
                status = "locked" if au.sealed.is_locked(i) else "thinking"
            elif au.open is not None:
                st = au.open.status(i)
                status = OPEN_STATUS.get(st, "waiting")
                if st == "leading":
                    badges.append(msg("High bid {n}", n=au.open.high))
            if i == au.auctioneer:
                badges.append(msg("Auctioneer"))
        elif i == state.seat:
            status = "turn"
        if owned[i]:
            badges.append(msg("{n} shops", n=owned[i]) if owned[i] != 1 else msg("1 shop"))
        if state.round == "last" and i == state.last_group:
            badges.append(msg("Plays last"))
        seats.append(SeatLine(i, s.name, s.colour, state.money(i), status, tuple(badges)))
    headline, detail = _headline(state)
    panels = [_shops_panel(state), _city_panel(state)]
    if au is not None:
        panels.append(_auction_panel(state, au))
    elif state.stage in ("move", "count") and state.entries:
        panels.append(_move_panel(state))
    if state.stage == "over":
        panels = [_shops_panel(state), _final_panel(state)]
    return TableView(name, headline, detail, tuple(seats), tuple(panels), tuple(state.log[-8:]),
                     final=state.stage == "over")


def _headline(state: MarraState) -> tuple[Msg, Msg]:
    names = state.names
    name = names[state.seat]
    au = state.auction
    outside = msg("{q} people outside the walls", q=state.queue)
    if state.round == "last":
        outside = msg("Last round: {name} plays last",
                      name=names[state.last_group] if state.last_group is not None else "")
    if state.stage == "over":
        sheet = final_sheet(state)
        best = sheet.totals[sheet.winners[0]]
        return (result_line(sheet, msg("{n} dirhams", n=best)), sheet.decided_by)
    if au is not None:
        head = msg("Auction {k}: {shop}", k=au.number, shop=shop_name(au.shop))
        if au.winner is not None:
            return msg("{shop} sold to {name} for {price}", shop=shop_name(au.shop),
                       name=names[au.winner], price=au.price), msg(
                "{name}: customers waiting at its door?", name=names[au.auctioneer])
        if au.sealed is not None:
            locked = sum(1 for s in range(len(names)) if au.sealed.is_locked(s))
            return head, msg("Sealed bids: {k} of {n} locked", k=locked, n=len(names))
        op = au.open
        assert op is not None
        still = ", ".join(names[s] for s in op.still_in)
        if op.leader is None:
            return head, msg("{name} opens at {n} or more", name=names[op.opener],
                             n=op.minimum)
        return head, msg("High bid {n} by {name}; still in: {still}", n=op.high,
                         name=names[op.leader], still=still)
    if state.round == "first":
        return msg("First round: {name} auctions a shop", name=name), outside
    if state.stage == "action":
        return msg("{name}'s turn: action {k} of 2", name=name,
                   k=len(state.actions) + 1), outside
    if state.stage == "pick":
        return msg("{name} picks a shop to auction", name=name), outside
    if state.stage in ("move", "count"):
        return msg("{name} moves", name=name), outside
    return msg("{name} refills the city gates", name=name), outside

def _shops_panel(state: MarraState) -> Panel:
    names = state.names
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Shop"), "head"),
                                     *(Cell(str(n), "head") for n in range(1, 6)))]
    for c in COLOURS:
        cells = [Cell(COLOUR_NAMES[c], "head")]
        for n in range(1, 6):
            sh = state.shops[f"{c}{n}"]
            if sh.owner is None:
                cells.append(Cell("-", "dim"))
            else:
                cells.append(Cell(msg("{name} {k}", name=names[sh.owner], k=sh.customers)))
        rows.append(tuple(cells))
    return Panel(msg("Shops: owner and customers"), tuple(rows))

def _city_panel(state: MarraState) -> Panel:
    round_name = {"first": msg("First round"), "normal": msg("Normal turns"),
                  "last": msg("Last round"), "over": msg("Game over")}[state.round]
    rows = [(Cell(msg("Round")), Cell(round_name)),
            (Cell(msg("Outside the walls")), Cell(str(state.queue))),
            (Cell(msg("Actions this turn")), Cell(_actions_text(state.actions)))]
    return Panel(msg("City"), tuple(rows))

def _actions_text(actions: tuple[str, ...]) -> Msg | str:
    words = [msg("MOVE") if a == MOVE else msg("AUCTION") for a in actions]
    if not words:
        return "-"
    if len(words) == 1:
        return words[0]
    return msg("{first} + {second}", first=words[0], second=words[1])

def _auction_panel(state: MarraState, au: Auction) -> Panel:
    names = state.names
    title = msg("Auction {k}: {shop}", k=au.number, shop=shop_name(au.shop))
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Status"), "head"),
                                     Cell(msg("Bid"), "head"))]
    for s in clockwise_from(au.auctioneer, len(names)):
        style: Style = "win" if s == au.winner else ""
        if au.open is not None:
            op = au.open
            last = next((b for seat, b in reversed(op.calls) if seat == s and b), None)
            st = op.status(s)
            text = {"turn": msg("to bid"), "leading": msg("high bid"), "in": msg("in"),
                    "out": msg("passed"), "forced": msg("cannot raise")}[st]
            if st in ("out", "forced"):
                style = "strike" if s != au.winner else style
            if op.done and s == op.winner:
                text = msg("wins")
            rows.append((Cell(names[s], style), Cell(text),
                         Cell(str(last) if last is not None else "")))
        else:
            assert au.sealed is not None
            if au.revealed is not None:
                text = msg("wins") if s == au.winner else msg("revealed")
                rows.append((Cell(names[s], style), Cell(text), Cell(str(au.revealed[s]))))
            else:
                text = msg("locked") if au.sealed.is_locked(s) else msg("thinking")
                rows.append((Cell(names[s]), Cell(text), Cell("")))
    if au.winner is not None:
        note = msg("{name} pays {price}.", name=names[au.winner], price=au.price)
        if au.revealed is not None:  # sealed: say why this bid won
            note = msg("{a} {b}", a=_sealed_reason(state, au), b=note)
        if au.commission:
            note = msg("{a} Commission {c} to {name}.", a=note, c=au.commission,
                       name=names[au.auctioneer])
    elif au.open is not None and au.open.leader is not None:
        note = msg("High bid {n} by {name}; still in: {still}", n=au.open.high,
                   name=names[au.open.leader],
                   still=", ".join(names[s] for s in au.open.still_in))
    elif au.open is not None:
        note = msg("Opening bid {n} or more", n=au.open.minimum)
    else:
        note = msg("Sealed: one bid each, the auctioneer {n} or more; ties go clockwise "
                   "from the auctioneer", n=state.amounts.minimum)
    return Panel(title, tuple(rows), note)

def _sealed_reason(state: MarraState, au: Auction) -> Msg:
    """Why the sealed auction's winner won: the highest bid, and a tie settled clockwise
    from the auctioneer."""
    names = state.names
    assert au.revealed is not None and au.winner is not None
    top = au.revealed[au.winner]
    tied = [s for s in clockwise_from(au.auctioneer, len(names))
            if s != au.winner and au.revealed.get(s) == top]
    if not tied:
        return msg("Highest bid: {name}, {n}.", name=names[au.winner], n=top)
    return msg("{name} and {others} bid {n}: {name} comes first clockwise from the "
               "auctioneer ({auctioneer}).", name=names[au.winner], n=top,
               others=", ".join(names[s] for s in tied), auctioneer=names[au.auctioneer])


def _move_panel(state: MarraState) -> Panel:
    names = state.names
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Shop"), "head"), Cell(msg("Owner"), "head"),
                                     Cell(msg("In"), "head"), Cell(msg("Wages"), "head"),
                                     Cell(msg("Commission"), "head"))]
    for e in state.entries:
        rows.append((Cell(shop_name(e.shop)), Cell(names[e.owner]), Cell(str(e.entered)),
                     Cell(str(e.wages)), Cell(str(e.commission) if e.commission else "-")))
    return Panel(msg("{name} moves", name=names[state.seat]), tuple(rows))

def final_sheet(state: MarraState) -> ScoreSheet:
    """Money is the score; the rules name no tie-break, so equal money shares the win."""
    money = Category("money", msg("Money"),
                     tuple(state.money(s) for s in range(len(state.names))))
    return ScoreSheet(tuple(state.names), (money,),
                      msg("The richest seat wins; the rules name no tie-break, so equal money "
                          "shares the win."), complete=state.stage == "over")


def _final_panel(state: MarraState) -> Panel:
    return ranking_panel(final_sheet(state), msg("Final money"), msg("Dirhams"))
