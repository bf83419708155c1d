"""MarraCash's replay output (`companion replay --json`): money, the bank, the shop register,
every auction (open calls, or sealed bids once revealed), every move, every payment, and the
result once the game is over. Sealed bids still locked appear only as which seats locked.
"""

from __future__ import annotations

from typing import Any

from ...ledger import SUPPLY
from ...scoresheet import sheet_json
from .state import Auction, MarraState
from .table import final_sheet


def outcome(game_id: str, state: MarraState) -> dict[str, Any]:
    names = state.names

    def who(account: str) -> str:
        return "bank" if account == SUPPLY else names[int(account.split(":")[1])]

    def auction_json(au: Auction) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": au.number, "shop": au.shop, "auctioneer": au.auctioneer,
            "variant": "sealed" if au.sealed is not None else "open",
        }
        if au.open is not None:
            out["calls"] = [{"seat": s, "bid": b} if b is not None else {"seat": s,
                                                                         "pass": True}
                            for s, b in au.open.calls]
            out["high"] = au.open.high
            out["leader"] = au.open.leader
            out["still_in"] = list(au.open.still_in)
            out["cannot_raise"] = list(au.open.forced)
            out["turn"] = au.open.turn
        else:
            assert au.sealed is not None
            out["locked"] = [s for s in range(len(names)) if au.sealed.is_locked(s)]
            out["bids"] = ([{"seat": s, "bid": b} for s, b in sorted(au.revealed.items())]
                           if au.revealed is not None else None)
        out.update({"winner": au.winner, "price": au.price, "commission": au.commission,
                    "pulled_in": au.pulled_in})
        return out

    result = None
    final = None
    if state.stage == "over":
        ranking = sorted(range(len(names)), key=lambda s: (-state.money(s), s))
        best = state.money(ranking[0])
        result = {"ranking": [{"seat": s, "name": names[s], "money": state.money(s)}
                              for s in ranking],
                  "winners": [s for s in range(len(names)) if state.money(s) == best]}
        final = sheet_json(final_sheet(state))
    return {
        "game": game_id,
        "phase": state.stage,
        "round": state.round,
        "turn": {"seat": state.seat, "name": names[state.seat],
                 "actions": list(state.actions)},
        "money": [{"seat": i, "name": n, "money": state.money(i)} for i, n in enumerate(names)],
        "bank": state.ledger.balance(SUPPLY),
        "queue": state.queue,
        "last_group": state.last_group,
        "shops": [{"shop": k, "owner": sh.owner, "owner_name": names[sh.owner],
                   "customers": sh.customers}
                  for k, sh in state.shops.items() if sh.owner is not None],
        "auction": auction_json(state.auction) if state.auction is not None else None,
        "auctions": [auction_json(a) for a in state.auctions],
        "moves": [{"turn": m.turn, "seat": m.seat,
                   "shops": [{"shop": e.shop, "owner": e.owner, "entered": e.entered,
                              "wages": e.wages, "commission": e.commission}
                             for e in m.entries]} for m in state.moves],
        "payments": [{"from": who(t.src), "to": who(t.dst), "amount": t.amount,
                      "why": t.reason.render()} for t in state.ledger.history],
        "result": result,
        "final": final,
    }
