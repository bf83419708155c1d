"""Camel Up: Off Season's public side: the table screen's view and `replay --json`.

Nothing here reads a sealed bid before its reveal: the table shows who has locked, never what.
"""

from __future__ import annotations

from typing import Any

from ...ledger import SUPPLY
from ...scoresheet import Category, ScoreSheet, ranking_panel, result_line, sheet_json
from ...text import Msg, msg
from ...views import Cell, Panel, SeatLine, TableView
from .state import CARDS, COUNT_CARDS, DATES, LOWEST, LUCKY0, Attempt, Auction, CamelState


def table(name: Msg, state: CamelState) -> TableView:
    """The public picture: seats, the card, counts, each reveal, and the final coins."""
    cur = state.current
    names = [s.name for s in state.seats]
    seats = []
    for i, s in enumerate(state.seats):
        status: Any = "waiting"
        if state.phase in ("counts", "bidding") and cur is not None and i in cur.absent:
            status = "out"
        elif state.phase == "bidding" and cur is not None:
            status = "locked" if cur.bids.is_locked(i) else "thinking"
        elif state.phase == "counts" and cur is not None:
            status = "done" if i in cur.counts else "asked"
        elif state.phase == "income":
            status = "done" if i in state.income else "asked"
        elif state.phase == "over":
            # The game is over: nobody is waited for, but a sale income still to come.
            status = "asked" if i in pending_income(state) else "done"
        badges = (msg("First Player"),) if i == state.first_player else ()
        seats.append(SeatLine(i, s.name, s.colour, state.coins(i), status, badges))
    if cur is None:
        headline, detail = (
            msg("Waiting for the first card"),
            msg("The host draws the Tower's top card."),
        )
    else:
        title, detail = CARDS[cur.card]
        headline = msg("Auction {n}: {card}", n=cur.number, card=title)
        if state.phase == "income":
            # The boxes now ask for sale income: the header says so, not the card's rule.
            headline = msg("Auction {n}: sale income", n=cur.number)
            detail = msg("Each seat enters what it sold on its box (0 if nothing); then the "
                         "host draws the next card.")
    panels: list[Panel] = []
    if cur is not None and cur.card in COUNT_CARDS and cur.counts:
        label = msg("Dates") if cur.card == DATES else msg("Goods cards")
        panels.append(
            Panel(
                label,
                tuple((Cell(names[s]), Cell(str(n))) for s, n in sorted(cur.counts.items())),
            )
        )
    if cur is not None:
        panels.extend(reveal_panels(state, cur))
    if state.phase == "over":
        sheet = final_sheet(state)
        panels.append(ranking_panel(sheet, msg("Final coins"), msg("Coins")))
        headline = result_line(sheet, unit=None if not sheet.winners else msg(
            "{n} coins", n=sheet.totals[sheet.winners[0]]))
        detail = sheet.decided_by
        if not sheet.complete:
            missing = [names[s] for s in pending_income(state)]
            detail = msg("Waiting for sale income: {names}", names=", ".join(missing))
    return TableView(
        name,
        headline,
        detail,
        tuple(seats),
        tuple(panels),
        tuple(state.log[-6:]),
        final=state.phase == "over",
    )


def pending_income(state: CamelState) -> tuple[int, ...]:
    """Seats whose last sale income is still to come (the host ended the game during the
    harvest): until they enter it, the coins are not the final score."""
    if not state.ended_in_income:
        return ()
    return tuple(s for s in range(len(state.seats)) if s not in state.income)


def final_sheet(state: CamelState) -> ScoreSheet:
    """Coins are the victory points; the rules we have give no tie-break (rules.md 1.3), so
    equal coins share the win."""
    names = tuple(s.name for s in state.seats)
    coins = Category("coins", msg("Coins"), tuple(state.coins(i) for i in range(len(names))))
    return ScoreSheet(names, (coins,), msg("Most coins wins; the rules give no tie-break, "
                                           "so equal coins share the win."),
                      complete=state.phase == "over" and not pending_income(state))


def reveal_reasons(names: list[str], cur: Auction, att: Attempt) -> Msg:
    """Why the reveal went as it did, in words: who held the First Player token before the
    auction, each card modifier, the tied values that dropped out, and the winning value."""
    parts: list[Msg] = [msg("First Player before this auction: {name}.",
                            name=names[cur.first_player])]
    mods = [f"{names[s]} {att.bids[s]} {'+' if att.modifiers[s] > 0 else '−'} "
            f"{abs(att.modifiers[s])} = {att.effective[s]}"
            for s in sorted(att.modifiers) if att.modifiers[s]]
    if mods:
        parts.append(msg("Card modifiers: {list}.", list=", ".join(mods)))
    if att.dropped:
        held = {s: att.effective[s] for s in att.considered}
        ties = [f"{v} ({', '.join(names[s] for s in sorted(held) if held[s] == v)})"
                for v in att.dropped]
        parts.append(msg("Tied values drop out: {ties}.", ties="; ".join(ties)))
    lone_zero = cur.card == LUCKY0 and list(att.bids.values()).count(0) == 1  # said by the note
    if att.winner is not None and not lone_zero:
        value = att.effective[att.winner]
        name = names[att.winner]
        if cur.card == LOWEST:
            parts.append(msg("{name} wins with {value}, the lowest value held by one seat "
                             "alone.", name=name, value=value))
        else:
            parts.append(msg("{name} wins with {value}, the highest value held by one seat "
                             "alone.", name=name, value=value))
    why = parts[0]
    for part in parts[1:]:
        why = msg("{a} {b}", a=why, b=part)
    return why


def reveal_panels(state: CamelState, cur: Auction) -> list[Panel]:
    """Each reveal of this auction: bids, modifiers, what counted, who won and why."""
    names = [s.name for s in state.seats]
    panels: list[Panel] = []
    for k, att in enumerate(cur.attempts):
        is_last = k == len(cur.attempts) - 1
        if not is_last and len(cur.attempts) > 2 and k < len(cur.attempts) - 2:
            continue  # older restarts: the log keeps them
        rows: list[tuple[Cell, ...]] = [
            (
                Cell(msg("Seat"), "head"),
                Cell(msg("Bid"), "head"),
                Cell(msg("Card +/-"), "head"),
                Cell(msg("Counts as"), "head"),
            )
        ]
        held = [att.effective[s] for s in att.considered]
        for s in sorted(att.bids):
            mod = att.modifiers.get(s, 0)
            eff = att.effective[s]
            style: Any = ""
            if s == att.winner:
                style = "win"
            elif s not in att.considered:
                style = "dim"
            elif held.count(eff) > 1:  # every tied value is out, tried or not
                style = "strike"
            rows.append(
                (
                    Cell(names[s], style),
                    Cell(str(att.bids[s])),
                    Cell(f"{mod:+d}" if mod else ""),
                    Cell(str(eff), style),
                )
            )
        why = reveal_reasons(names, cur, att)
        if att.winner is None:
            title = msg("Reveal {k}: restart", k=k + 1)
            note = why if att.note is None else msg("{a} {b}", a=att.note, b=why)
        else:
            title = msg("Reveal {k}: {name} wins", k=k + 1, name=names[att.winner])
            note = msg(
                "{name} pays {pay}. First Player: {name}. Market order: {order}",
                name=names[att.winner],
                pay=att.payment,
                order=", ".join(names[i] for i in state.market_order),
            )
            note = msg("{a} {b}", a=why, b=note)
            if att.note is not None:
                note = msg("{a} {b}", a=att.note, b=note)
        panels.append(Panel(title, tuple(rows), note))
    if cur.abandoned:
        panels.append(Panel(msg("Auction abandoned"), (), msg("No winner; the token stays.")))
    return panels


def outcome(game_id: str, state: CamelState) -> dict[str, Any]:
    """`companion replay --json`: every auction, its reveals, the money and the token."""
    names = [s.name for s in state.seats]

    def attempt_json(a: Attempt) -> dict[str, Any]:
        return {
            "bids": [
                {
                    "seat": s,
                    "name": names[s],
                    "bid": a.bids[s],
                    "modifier": a.modifiers.get(s, 0),
                    "effective": a.effective[s],
                    "considered": s in a.considered,
                }
                for s in sorted(a.bids)
            ],
            "dropped": list(a.dropped),
            "winner": a.winner,
            "payment": a.payment,
            "lucky_zero_penalties": [
                {"seat": s, "lost": n} for s, n in sorted(a.penalties.items())
            ],
            "standard_fallback": a.standard,
            "restart": a.restart,
        }

    auctions = []
    for au in state.auctions:
        res = au.result
        auctions.append(
            {
                "number": au.number,
                "card": au.card,
                "counts": [{"seat": s, "count": n} for s, n in sorted(au.counts.items())],
                "attempts": [attempt_json(a) for a in au.attempts],
                "restarts": sum(1 for a in au.attempts if a.restart),
                "winner": res.winner if res else None,
                "payment": res.payment if res else 0,
                "abandoned": au.abandoned,
                "sat_out": sorted(au.absent),
                "done": au.done,
            }
        )
    return {
        "game": game_id,
        "phase": state.phase,
        "money": [{"seat": i, "name": n, "money": state.coins(i)} for i, n in enumerate(names)],
        "supply": state.ledger.balance(SUPPLY),
        "auctions": auctions,
        "first_player": state.first_player,
        "market_order": list(state.market_order),
        "final": sheet_json(final_sheet(state)) if state.phase == "over" else None,
    }
