"""Five Tribes' public side: the table screen's view and `replay --json`.

The table never shows a seat's gold before the game is over: what a sale, a gain or a payment
came to stays on the seat's own box; the track's prices and the markets' costs are public, as on
the board.
"""

from __future__ import annotations

from typing import Any, Literal

from ...ledger import SUPPLY
from ...rounds.ordered import OrderedRound
from ...text import Msg, msg
from ...views import Cell, Panel, SeatLine, Style, TableView
from .state import COSTS, MAX_SUIT, SUIT_VALUES, Bid, FiveTribesState, markers, merchandise_value


def table(name: Msg, state: FiveTribesState) -> TableView:
    """The public picture: seats, the track, the bid or play order, and the final gold."""
    names = state.names()
    actor = state.actor
    seats = []
    for i, s in enumerate(state.seats):
        status: Literal["waiting", "turn", "done", "thinking"] = "waiting"
        if state.phase in ("bid", "play"):
            if i == actor:
                status = "turn"
            elif _acted(state, i):
                status = "done"
        elif state.phase == "scoring":
            status = "done" if i in state.unsold_done else "thinking"
        else:
            status = "done"
        badges = (msg("Kumarbi"),) if state.kumarbi == i else ()
        seats.append(SeatLine(i, s.name, s.colour, None, status, badges))
    panels = [_track_panel(state)] if state.phase in ("bid", "play") else []
    if state.phase == "bid":
        panels.append(_order_panel(state, state.bid.order, msg("Bid order"), "bids"))
        who = names[actor] if actor is not None else ""
        headline = msg("Turn {n}: bid for turn order", n=state.bid.turn)
        detail = msg("{name} picks a spot on the turn order track.", name=who)
    elif state.phase == "play" and state.play is not None:
        panels.append(_order_panel(state, state.play, msg("Play order"), "plays"))
        who = names[actor] if actor is not None else ""
        headline = msg("Turn {n}: {name} plays", n=state.bid.turn, name=who)
        detail = msg("Play order: {order}. Next bid order: the same.",
                     order=", ".join(names[s] for s in state.play.order))
    elif state.phase == "scoring":
        panels.append(_suits_panel())
        headline = msg("Game over: unsold merchandise")
        detail = msg("Each seat enters its unsold suits on its box.")
    else:
        panels.append(_final_panel(state))
        headline = msg("Game over")
        detail = msg("Gold and merchandise; add the other points from the score pad.")
    return TableView(name, headline, detail, tuple(seats), tuple(panels),
                     tuple(state.log[-6:]), final=state.phase == "over")


def _acted(state: FiveTribesState, seat: int) -> bool:
    """A seat with no marker still to act in this bid or play."""
    rnd = state.bid.order if state.phase == "bid" else state.play
    return rnd is not None and seat not in rnd.order[rnd.pos:]


def _track_panel(state: FiveTribesState) -> Panel:
    names = state.names()
    rows: list[tuple[Cell, ...]] = [
        (Cell(msg("Spot"), "head"), Cell(msg("Marker"), "head"), Cell(msg("Paid"), "head"))]
    for spot, p in enumerate(state.bid.track()):
        cost = str(COSTS[spot])
        if p is None:
            rows.append((Cell(cost, "dim"), Cell("-", "dim"), Cell("", "dim")))
            continue
        paid: Msg | str = str(p.paid)
        if p.fakirs:
            paid = msg("{p} (Kumarbi, {k} Fakirs)", p=p.paid, k=p.fakirs)
        elif p.short:
            paid = msg("all it had")
        rows.append((Cell(cost), Cell(names[p.seat]), Cell(paid)))
    zeros = state.bid.zeros_taken()
    note = (msg("The last seat to bid 0 plays first among the 0s.") if zeros > 1
            else msg("0s taken: {z} of 3.", z=zeros))
    return Panel(msg("Turn order track"), tuple(rows), note)


def _order_panel(state: FiveTribesState, rnd: OrderedRound, title: Msg, verb: str) -> Panel:
    names = state.names()
    rows = []
    for k, seat in enumerate(rnd.order):
        style: Style = "dim" if k < rnd.pos else ("win" if k == rnd.pos else "")
        now = msg("bids now") if verb == "bids" else msg("plays now")
        what: Msg | str = now if k == rnd.pos else ""
        rows.append((Cell(str(k + 1), style), Cell(names[seat], style), Cell(what, style)))
    note = None
    if verb == "plays":
        note = msg("Each marker moves to the Bid Order track as its turn starts: "
                   "next turn's bid order is this play order.")
    elif markers(len(state.seats)) == 2:
        note = msg("Two seats: each has two markers and may play twice, even in a row.")
    return Panel(title, tuple(rows), note)


def _suits_panel() -> Panel:
    sizes = range(1, MAX_SUIT + 1)
    rows = ((Cell(msg("Cards"), "head"), *(Cell(str(n), "head") for n in sizes)),
            (Cell(msg("Gold")), *(Cell(str(SUIT_VALUES[n])) for n in sizes)))
    return Panel(msg("Merchandise suits"), rows,
                 msg("A suit is cards of all-different types; Fakirs do not count."))


def _final_panel(state: FiveTribesState) -> Panel:
    names = state.names()
    rows: list[tuple[Cell, ...]] = [
        (Cell(msg("Seat"), "head"), Cell(msg("Gold"), "head"),
         Cell(msg("Merchandise"), "head"), Cell(msg("Total"), "head"))]
    totals = {i: state.gold(i) + merchandise_value(state.unsold.get(i, ()))
              for i in range(len(names))}
    top = max(totals.values())
    for i in sorted(totals, key=lambda s: (-totals[s], s)):
        suits = state.unsold.get(i, ())
        merch = str(merchandise_value(suits))
        if suits:
            merch = f"{merch} ({'+'.join(str(s) for s in suits)})"
        style: Style = "win" if totals[i] == top else ""
        rows.append((Cell(names[i], style), Cell(str(state.gold(i))), Cell(merch),
                     Cell(str(totals[i]), style)))
    return Panel(msg("Gold and merchandise"), tuple(rows),
                 msg("Viziers, Elders, Djinns, tiles, palm trees and palaces are not "
                     "counted here."))


# ---------------------------------------------------------------- replay --json


def outcome(game_id: str, state: FiveTribesState) -> dict[str, Any]:
    """Everything a replay decided, as JSON: bids, track, sales, and the final scores."""
    names = state.names()

    def bid_json(b: Bid) -> dict[str, Any]:
        return {
            "turn": b.turn,
            "bid_order": list(b.order.order),
            "placements": [{"seat": p.seat, "name": names[p.seat], "spot": COSTS[p.spot],
                            "paid": p.paid, "fakirs": p.fakirs, "short": p.short}
                           for p in b.placements],
            "track": [None if p is None else {"spot": COSTS[k], "seat": p.seat,
                                              "name": names[p.seat], "paid": p.paid}
                      for k, p in enumerate(b.track())],
            "play_order": list(b.play_order()) if b.order.done else None,
            "kumarbi_used": b.kumarbi_used,
        }

    out: dict[str, Any] = {
        "game": game_id,
        "phase": state.phase,
        "turn": state.bid.turn,
        "money": [{"seat": i, "name": n, "money": state.gold(i)} for i, n in enumerate(names)],
        "supply": state.ledger.balance(SUPPLY),
        "bid": bid_json(state.bid),
        "bids": [bid_json(b) for b in state.bids],
        "current": state.actor,
        "mode": state.mode,
        "play_order": list(state.play.order) if state.play is not None else None,
        "next_bid_order": (list(state.bid.play_order()) if state.bid.order.done
                           else None),
        "kumarbi": state.kumarbi,
        "sales": [{"seat": s.seat, "name": names[s.seat], "turn": s.turn,
                   "suits": list(s.suits), "gold": s.gold} for s in state.sales],
        "sale_in_progress": list(state.sale),
    }
    if state.phase in ("scoring", "over"):
        out["merchandise"] = [
            {"seat": i, "name": n, "suits": list(state.unsold.get(i, ())),
             "value": merchandise_value(state.unsold.get(i, ())),
             "done": i in state.unsold_done} for i, n in enumerate(names)]
    if state.phase == "over":
        out["final"] = [
            {"seat": i, "name": n, "gold": state.gold(i),
             "merchandise": merchandise_value(state.unsold.get(i, ())),
             "total": state.gold(i) + merchandise_value(state.unsold.get(i, ()))}
            for i, n in enumerate(names)]
    return out
