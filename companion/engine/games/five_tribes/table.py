"""Five Tribes' public side: the table screen's view and `replay --json`.

The table never shows a seat's gold before the game is over: what a sale, a gain or a payment
came to stays on the seat's own box; the track's prices and the markets' costs are public, as on
the board.
"""

from __future__ import annotations

from typing import Any, Literal

from ...ledger import SUPPLY
from ...rounds.ordered import OrderedRound
from ...scoresheet import result_line, sheet_json, sheet_panel
from ...text import Msg, msg
from ...views import Cell, Panel, SeatLine, Style, TableView
from .scoring import counts, score_sheet
from .state import (
    COSTS,
    MAX_SUIT,
    SUIT_VALUES,
    Bid,
    FiveTribesState,
    best_suits,
    markers,
    merchandise_value,
)


def table(name: Msg, state: FiveTribesState) -> TableView:
    """The public picture: seats, the track, the bid or play order, and the final gold."""
    names = state.names()
    actor = state.actor
    seats = []
    for i, s in enumerate(state.seats):
        status: Literal["waiting", "turn", "done", "thinking", "locked"] = "waiting"
        if state.phase in ("bid", "play"):
            if i == actor:
                status = "turn"
            elif _acted(state, i):
                status = "done"
        elif state.phase == "scoring":
            status = "locked" if i in state.pads_locked else "thinking"
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
        panels += [_pad_panel(), _suits_panel()]
        headline = msg("Game over: score pads")
        detail = msg("Each seat enters its points on its own box, in secret; the score "
                     "sheet is revealed when every pad is locked.")
    else:
        sheet = score_sheet(state)
        panels.append(sheet_panel(sheet, msg("Score sheet"), msg(
            "Viziers: 1 each, +10 per opponent with fewer. Merchandise, the best suits "
            "(cards): {suits}.", suits=_suits_text(state))))
        headline = result_line(sheet)
        detail = sheet.decided_by
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


def _pad_panel() -> Panel:
    """What the score pad asks and how each category scores (rules.md 4.3)."""
    rows = (
        (Cell(msg("Category"), "head"), Cell(msg("Points"), "head")),
        (Cell(msg("Gold")), Cell(msg("1 per gold (the companion counts it)"))),
        (Cell(msg("Viziers")), Cell(msg("1 each, +10 per opponent with fewer"))),
        (Cell(msg("Elders")), Cell(msg("2 each"))),
        (Cell(msg("Djinns")), Cell(msg("the points on the cards"))),
        (Cell(msg("Palm trees")), Cell(msg("3 each"))),
        (Cell(msg("Palaces")), Cell(msg("5 each"))),
        (Cell(msg("Tiles")), Cell(msg("the points on the tiles"))),
        (Cell(msg("Merchandise")), Cell(msg("cards by type: the best suits"))),
    )
    return Panel(msg("Score pad"), rows)


def _suits_panel() -> Panel:
    sizes = range(1, MAX_SUIT + 1)
    rows = ((Cell(msg("Cards"), "head"), *(Cell(str(n), "head") for n in sizes)),
            (Cell(msg("Gold")), *(Cell(str(SUIT_VALUES[n])) for n in sizes)))
    return Panel(msg("Merchandise suits"), rows,
                 msg("A suit is cards of all-different types; Fakirs do not count."))


def _suits_text(state: FiveTribesState) -> Msg:
    """The suits the companion formed from each seat's cards, so the sheet can be checked:
    "Ann 4, Bob 5+2, Cy none"."""
    parts: list[Msg] = []
    for i, name in enumerate(state.names()):
        suits = best_suits(counts(state, i))
        sizes: Msg | str = "+".join(str(n) for n in suits) if suits else msg("none")
        parts.append(msg("{name} {suits}", name=name, suits=sizes))
    out = parts[0]
    for part in parts[1:]:
        out = msg("{a}, {b}", a=out, b=part)
    return out


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
                   "suits": [list(x) for x in s.suits], "gold": s.gold}
                  for s in state.sales],
        "sale_in_progress": [list(x) for x in state.sale],
        "suit_in_progress": list(state.suit),
    }
    if state.phase in ("scoring", "over"):
        out["score_pads_locked"] = sorted(state.pads_locked)
    if state.phase == "over":
        sheet = score_sheet(state)
        out["merchandise"] = [
            {"seat": i, "name": n, "cards": counts(state, i),
             "suits": list(best_suits(counts(state, i))),
             "value": merchandise_value(best_suits(counts(state, i)))}
            for i, n in enumerate(names)]
        out["final"] = sheet_json(sheet)
    return out
