"""Amun-Re's table screen: the public view, which never reads gold or hands before the game
is over (a seat's line carries no money; the final panel reveals the gold at Final Scoring).
"""

from __future__ import annotations

from typing import Literal

from ...scoresheet import result_line, sheet_panel
from ...seats import clockwise_from
from ...text import Msg, msg
from ...views import Cell, Panel, SeatLine, TableView
from . import provinces, scoring
from .state import (
    BLOCKADE,
    KINGDOM_ROUNDS,
    AmunReState,
    Auction,
    Offering,
    awards,
    card_name,
    gold_bonus,
    outbid_in_order,
    space_value,
    temple_label,
)

Status = Literal["thinking", "locked", "waiting", "turn", "done", "out"]


def table(name: Msg, state: AmunReState) -> TableView:
    """The public picture: seats and their provinces, the auction, the revealed offering, and
    the final gold (the only time gold shows)."""
    rnd = state.current
    au = rnd.auction if rnd is not None else None
    off = rnd.offering if rnd is not None else None
    seats: list[SeatLine] = []
    for i, s in enumerate(state.seats):
        status: Status = "waiting"
        badges: list[Msg] = []
        if i == state.start_player:
            badges.append(msg("Starting Player"))
        if state.phase == "auction" and au is not None:
            status = "turn" if au.turns.current == i else "waiting"
            if au.is_outbid(i):
                badges.append(msg("Must rebid"))
            if i in au.protected:
                badges.append(card_name(state, BLOCKADE))
        elif state.phase == "offering" and off is not None:
            status = "locked" if off.entries.is_locked(i) else "thinking"
        elif state.phase == "adjusting" and off is not None and off.adjusting is not None:
            status = "turn" if off.adjusting.current == i else "waiting"
        elif state.phase == "kingdom":
            status = "locked" if i in state.pads_locked else "thinking"
        elif state.phase == "buying" and state.buying is not None:
            cur = state.buying.current
            status = ("turn" if cur == i else "done" if i in state.buying.acted
                      else "waiting")
        elif state.phase in ("settle", "rewards", "income"):
            status = "thinking" if state.asks.get(i) else "done"
        elif state.phase == "over":
            status = "done"
        if rnd is not None and state.phase != "auction":
            owned = [p for p, o in rnd.owners.items() if o == i]
            badges.extend(msg("{prov}", prov=p) for p in owned)
        seats.append(SeatLine(i, s.name, s.colour, None, status, tuple(badges)))
    headline, detail = _headline(state)
    panels: list[Panel] = []
    if state.phase == "provinces" and state.offered:
        panels.append(_offered_panel(state))
    # The computed harvest replaces the round's other panels: it names the tile, and the
    # provinces' owners are on the seats' badges.
    harvest = state.phase == "income" and provinces.on(state)
    if au is not None and state.phase not in ("over", "kingdom") and not harvest:
        panels.append(_auction_panel(state, au))
    if (off is not None and off.revealed and not harvest
            and state.phase in ("adjusting", "rewards", "income")):
        panels.append(_offering_panel(state, off))
    if (state.phase == "income" and provinces.on(state) and off is not None
            and off.revealed):
        panels.append(_harvest_panel(state, off.tile))
    if state.phase == "kingdom":
        panels += [_vp_panel(state), _pad_panel(state)]
    if state.phase == "over":
        sheet = scoring.score_sheet(state)
        panels += [_final_panel(state), sheet_panel(sheet, msg("Score sheet"), msg(
            "Temples score the offering tile's value; pyramids 1 each, 3 each in the "
            "province with the fewest, 5 for the most by the Nile; yellow cards 3."))]
    return TableView(name, headline, detail, tuple(seats), tuple(panels), tuple(state.log[-8:]),
                     final=state.phase == "over")


def _headline(state: AmunReState) -> tuple[Msg, Msg]:
    names = state.names()
    kingdom = (msg("Old Kingdom") if state.round_no <= KINGDOM_ROUNDS
               else msg("New Kingdom"))
    rnd = state.current
    n = state.round_no
    if state.phase == "provinces":
        nxt = n + 1
        k = msg("Old Kingdom") if nxt <= KINGDOM_ROUNDS else msg("New Kingdom")
        return (msg("Round {n} ({kingdom}): provinces", n=nxt, kingdom=k),
                msg("The host offers {n} provinces, one per seat.", n=len(state.seats)))
    if state.phase == "over":
        sheet = scoring.score_sheet(state)
        return result_line(sheet), sheet.decided_by
    if state.phase == "kingdom":
        return (msg("Kingdom scoring: score pads"),
                msg("Each seat enters its pyramids, Nile bonuses and yellow cards on its "
                    "box; revealed when every pad is locked."))
    assert rnd is not None
    title = msg("Round {n} ({kingdom})", n=n, kingdom=kingdom)
    if state.phase == "auction":
        au = rnd.auction
        cur = au.turns.current
        rebid = [names[s] for s in outbid_in_order(state, au)]
        who = msg("{name} to bid", name=names[cur]) if cur is not None else msg("-")
        if rebid:
            detail = msg("Bidding round {k}: {who}. Must rebid: {list}.", k=au.bidding_round,
                         who=who, list=", ".join(rebid))
        else:
            detail = msg("Bidding round {k}: {who}.", k=au.bidding_round, who=who)
        return msg("{title}: province auction", title=title), detail
    if state.phase == "settle":
        return (msg("{title}: provinces paid", title=title),
                msg("Seats take their provinces and bonuses."))
    if state.phase == "buying":
        cur = state.buying.current if state.buying is not None else None
        return (msg("{title}: buying", title=title),
                msg("{name} buys cards, farmers, stones.",
                    name=names[cur] if cur is not None else "-"))
    if state.phase == "offering":
        return (msg("{title}: offering to Amun-Re", title=title),
                msg("In secret: gold (at least 1) or steal 3."))
    off = rnd.offering
    if off is not None and off.revealed:
        detail = msg("Total {t}: temple {range}", t=off.total, range=temple_label(off.tile))
    else:
        detail = msg("-")
    if state.phase == "adjusting" and off is not None and off.adjusting is not None:
        cur = off.adjusting.current
        return (msg("{title}: Offering Adjustment", title=title),
                msg("Total {t}: {name} adds 3, takes 3 off or keeps it.", t=off.total,
                    name=names[cur] if cur is not None else "-"))
    if state.phase == "rewards":
        return msg("{title}: rewards", title=title), detail
    return msg("{title}: harvest and income", title=title), detail


def _auction_panel(state: AmunReState, au: Auction) -> Panel:
    names = state.names()
    rows: list[tuple[Cell, ...]] = []
    if au.over:
        rows.append((Cell(msg("Province"), "head"), Cell(msg("Owner"), "head"),
                     Cell(msg("Price"), "head")))
        for prov in au.provinces:
            top = au.top(prov)
            assert top is not None
            rows.append((Cell(prov), Cell(names[top.seat], "win"), Cell(str(top.value))))
        return Panel(msg("Round {n}: provinces", n=state.round_no), tuple(rows))
    rows.append((Cell(msg("Province"), "head"), Cell(msg("Leading"), "head"),
                 Cell(msg("Bid"), "head"), Cell(msg("Outbid"), "head"),
                 Cell(msg("Next bid"), "head")))
    for prov in au.provinces:
        here = sorted((b for b in au.bids.values() if b.province == prov),
                      key=lambda b: -b.space)
        top = here[0] if here else None
        lead = ""
        if top is not None:
            lead = names[top.seat] + (" *" if top.seat in au.protected else "")
        losers = ", ".join(f"{names[b.seat]} {b.value}" for b in here[1:])
        # The lowest bid anyone else may place now (two spaces up on a protected leader).
        nxt = str(space_value(au.min_space(prov, -1)))
        # The province the seat to bid is looking at (its first step) stays off the table:
        # at a real table nobody sees where a hand hovers before the pawn is put down.
        rows.append((Cell(prov), Cell(lead), Cell(str(top.value) if top else ""),
                     Cell(losers, "strike" if losers else ""), Cell(nxt)))
    note = None
    if au.protected:
        note = msg("* {card}: outbid only 2 spaces higher",
                   card=card_name(state, BLOCKADE))
    return Panel(msg("Round {n}: provinces", n=state.round_no), tuple(rows), note)


def _offering_panel(state: AmunReState, off: Offering) -> Panel:
    names = state.names()
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Offer"), "head"),
                                     Cell(msg("Items"), "head"))]
    order = clockwise_from(state.start_player, len(state.seats))
    for s in (*off.ranking, *(t for t in order if t in off.thieves)):
        if s in off.thieves:
            rows.append((Cell(names[s], "dim"), Cell(msg("steals 3")), Cell(msg("+3 gold"))))
        else:
            rows.append((Cell(names[s], "win" if s == off.ranking[0] else ""),
                         Cell(str(off.offers[s])), Cell(str(off.items[s]))))
    for s, change in off.adjustments:
        rows.append((Cell(names[s]), Cell(msg("Adjustment")),
                     Cell(f"{change:+d}" if change else "0")))
    if state.phase == "adjusting":
        note = msg("Before adjustments {t}; Offering Adjustment in turn order.",
                   t=off.raw_total)
    else:
        note = msg("Temple {range}. Ties: Starting Player, then turn order.",
                   range=temple_label(off.tile))
    if off.revealed:
        note = msg("{a} {b}", a=_offering_reasons(state, off), b=note)
    return Panel(msg("Offering: total {t}", t=off.total), tuple(rows), note)


def _offering_reasons(state: AmunReState, off: Offering) -> Msg:
    """Who held the Starting Player before the reveal, and why the top offer is first."""
    names = state.names()
    before = off.start_before if off.start_before is not None else state.start_player
    why = msg("Starting Player before the offering: {name}.", name=names[before])
    if off.ranking:
        top = off.ranking[0]
        tied = [s for s in off.ranking[1:] if off.offers[s] == off.offers[top]]
        if tied:
            why = msg("{a} {b}", a=why, b=msg(
                "{name} and {others} offered {n}: {name} comes first in turn order from the "
                "Starting Player.", name=names[top], n=off.offers[top],
                others=", ".join(names[s] for s in tied)))
        else:
            why = msg("{a} {b}", a=why, b=msg("{name} offered the most: {n}.",
                                              name=names[top], n=off.offers[top]))
        if state.options["pharaoh"] == "offering":
            why = msg("{a} {b}", a=why, b=msg("Starting Player now: {name}.",
                                              name=names[top]))
    return why


def _offered_panel(state: AmunReState) -> Panel:
    """The provinces offered so far and, with province data on, what the host entered."""
    if not provinces.on(state):
        return Panel(msg("Offered so far"), tuple((Cell(p),) for p in state.offered),
                     msg("{k} of {n}", k=len(state.offered), n=len(state.seats)))
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Province"), "head"), Cell(msg("Cards"), "head"),
                                     Cell(msg("Fields"), "head"), Cell(msg("Caravan"), "head"),
                                     Cell(msg("Mine"), "head"), Cell(msg("Temples"), "head"))]
    for p in state.offered:
        got = state.province_data.get(p, {})
        rows.append((Cell(p), *(Cell(str(got[k]) if k in got else "?", "" if k in got
                                     else "dim") for k in provinces.ITEM_KEYS)))
    return Panel(msg("Offered so far"), tuple(rows),
                 msg("{k} of {n}; the host enters each province's bonuses once.",
                     k=len(state.offered), n=len(state.seats)))


def _harvest_panel(state: AmunReState, tile: int) -> Panel:
    """The computed harvest, seat by seat (public: farmers, provinces and the tile are on the
    board; the balances stay hidden)."""
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Farmers"), "head"),
                                     Cell(msg("Caravans"), "head"), Cell(msg("Mines"), "head"),
                                     Cell(msg("Gold"), "head"), Cell(msg("Temple VP"), "head"))]
    for i, name in enumerate(state.names()):
        h = provinces.harvest(state, i, tile)
        rows.append((Cell(name), Cell(str(h.farmers)), Cell(str(h.caravans)),
                     Cell(str(h.mines)), Cell(str(h.gold)), Cell(str(h.temple_vp))))
    value = provinces.tile_value(state, tile)
    note = (msg("Tile {range}: {v} gold per farmer and per temple VP; it shows a camel.",
                range=temple_label(tile), v=value) if provinces.camel(state, tile)
            else msg("Tile {range}: {v} gold per farmer and per temple VP; no camel.",
                     range=temple_label(tile), v=value))
    return Panel(msg("Harvest"), tuple(rows), note)


def _pad_panel(state: AmunReState) -> Panel:
    """What each line of the kingdom's score pad asks, and what it scores."""
    what = {
        "pyramids": msg("all yours (a double is 2): 1 VP each"),
        "fewest": msg("in your province with the fewest: 3 VP each"),
        "nile": msg("Nile sides you have the most on: 5 VP each"),
        "yellow": msg("yellow cards met: 3 VP each"),
        "temple_vp": msg("temples x the tile's value"),
        "stones": msg("stones: only for a tie"),
    }
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Box asks"), "head"), Cell(msg("Count"), "head"))]
    rows += [(Cell(item.label), Cell(what[item.key])) for item in scoring.pad_items(state)]
    note = (msg("The companion adds the temples: each temple scores the last tile's value.")
            if provinces.on(state) else None)
    return Panel(msg("Score pad"), tuple(rows), note)


def _vp_panel(state: AmunReState) -> Panel:
    """Victory points so far (public: they are on the board's score track)."""
    names = state.names()
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("VP so far"), "head"))]
    for i, name in enumerate(names):
        rows.append((Cell(name), Cell(str(sum(state.vp.get(i, {}).values())))))
    return Panel(msg("Victory points"), tuple(rows))


def _final_panel(state: AmunReState) -> Panel:
    # The game is over: gold may be shown now (Final Scoring reveals it).
    golds = {i: state.gold(i) for i in range(len(state.seats))}
    bonus = gold_bonus(golds, awards(state))
    rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Gold"), "head"),
                                     Cell(msg("Bonus"), "head"))]
    for s in sorted(golds, key=lambda i: (bonus[i][0], i)):
        rows.append((Cell(state.seats[s].name),
                     Cell(str(golds[s])), Cell(f"+{bonus[s][1]}" if bonus[s][1] else "")))
    return Panel(msg("Final gold"), tuple(rows),
                 msg("Gold bonus {awards}; tied seats share the higher award.",
                     awards="/".join(f"+{a}" for a in awards(state))))
