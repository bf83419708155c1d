"""Amun-Re's `replay --json` output: every round as it happened, the balances, and at the
end the score sheet (`final`) and how the gold bonus was given (`gold_bonus`).
"""

from __future__ import annotations

from typing import Any

from ...ledger import SUPPLY
from ...scoresheet import sheet_json
from . import provinces, scoring
from .state import AmunReState, awards, gold_bonus, temple_label


def outcome(game_id: str, state: AmunReState) -> dict[str, Any]:
    """Every round as it happened (placements, passes, cards, prices, purchases, the revealed
    offering), the balances, the score sheet and the gold bonus."""
    names = state.names()
    rounds = []
    for rnd in state.rounds:
        au = rnd.auction
        offering = None
        if rnd.offering is not None and rnd.offering.revealed:
            off = rnd.offering
            offering = {
                "offers": [{"seat": s, "name": names[s], "offer": off.offers[s],
                            "items": off.items[s]} for s in off.ranking],
                "thieves": list(off.thieves),
                "total": off.total,
                "total_before_adjustments": off.raw_total,
                "adjustments": [{"seat": s, "name": names[s], "change": c}
                                for s, c in off.adjustments],
                "temple": temple_label(off.tile).render(),
                "ranking": list(off.ranking),
            }
        rounds.append({
            "round": rnd.number,
            "start_player": rnd.start_player,
            "provinces": list(au.provinces),
            "placements": [{"bidding_round": p.bidding_round, "seat": p.seat,
                            "name": names[p.seat], "province": p.province, "bid": p.value,
                            "card": p.card, "outbid": p.outbid} for p in au.placements],
            "passes": [{"bidding_round": k, "seat": s} for k, s in au.passes],
            "cards_played": [{"seat": s, "cards": list(c)}
                             for s, c in sorted(au.played.items())],
            "bidding_rounds": au.bidding_round,
            "auction_over": au.over,
            "result": [{"province": p, "seat": rnd.owners[p], "name": names[rnd.owners[p]],
                        "price": au.bids[rnd.owners[p]].value}
                       for p in au.provinces if p in rnd.owners],
            "purchases": [{"seat": s, "cards": b.cards, "farmers": b.farmers,
                           "stones": b.stones, "cost": b.cost}
                          for s, b in sorted(rnd.purchases.items())],
            "offering": offering,
        })
    out: dict[str, Any] = {
        "game": game_id,
        "edition": state.edition,
        "phase": state.phase,
        "round": state.round_no,
        "start_player": state.start_player,
        "money": [{"seat": i, "name": n, "money": state.gold(i)} for i, n in enumerate(names)],
        "supply": state.ledger.balance(SUPPLY),
        "cards": [{"seat": i, "cards": h.total, "blockade": h.blockade, "outbid": h.outbid}
                  for i, h in enumerate(state.hands)],
        "offered": list(state.offered),
        "rounds": rounds,
        "province_data": provinces.data_json(state),
        "farmers": [{"seat": i, "name": n, "farmers": provinces.farmers(state, i)}
                    for i, n in enumerate(names)],
        "vp": [{"seat": i, "name": n, **dict(sorted(state.vp.get(i, {}).items()))}
               for i, n in enumerate(names)],
        "final": None,
        "gold_bonus": None,
    }
    if state.phase == "over":
        # `final` is the score sheet, as in every game; `gold_bonus` how the bonus was given.
        golds = {i: state.gold(i) for i in range(len(names))}
        bonus = gold_bonus(golds, awards(state))
        out["final"] = sheet_json(scoring.score_sheet(state))
        out["gold_bonus"] = [{"seat": i, "name": names[i], "gold": golds[i],
                              "rank": bonus[i][0], "bonus": bonus[i][1]}
                             for i in range(len(names))]
    return out
