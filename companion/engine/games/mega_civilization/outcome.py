"""Mega Civilization's `replay --json` output: treasuries, civilizations, the turn's draws and
purchases, the timer, the calamity counts (revealed ones only) and the calculator's sets.
"""

from __future__ import annotations

from typing import Any

from ...ledger import SUPPLY
from ...scoresheet import sheet_json
from . import purchase_view, scoring, timer
from .calculator import hand_sets, hand_total
from .civs import AST_RANK
from .state import MegaState
from .trade_cards import plan


def outcome(game_id: str, state: MegaState) -> dict[str, Any]:
    names = [s.name for s in state.seats]
    t = state.timer
    return {
        "game": game_id,
        "phase": state.phase,
        "turn": state.turn,
        "money": [{"seat": i, "name": n, "money": state.treasury(i)}
                  for i, n in enumerate(names)],
        "supply": state.ledger.balance(SUPPLY),
        "civilizations": [{"seat": i, "name": n, "civ": state.civs[i],
                           "ast_rank": AST_RANK.get(state.civs[i] or ""),
                           "block": state.blocks[i]} for i, n in enumerate(names)],
        "cities": [{"seat": s, "cities": n} for s, n in sorted(state.cities.items())],
        "draw_order": list(state.draw.order),
        "draws": [{"seat": s, "civ": state.label(s), "cities": state.cities.get(s, 0),
                   "plan": ["water" if w else st for st, w in plan(state, s)],
                   "done": s in state.drawn} for s in state.draw.order],
        "empty_stacks": [{"block": b, "stack": st, "reported_by": by if by >= 0 else None}
                         for (b, st), by in sorted(state.empties.items())],
        "buy_order": list(state.buy.order),
        "purchases": [{"seat": s, "bought": len(state.bought.get(s, ())),
                       "water": sum(1 for w in state.bought.get(s, ()) if w),
                       "paid": len(state.bought.get(s, ())) * int(state.options["card_price"]),
                       "passed": s in state.passed} for s in state.buy.order],
        "timer": {"started": t.started, "running": t.running, "expired": t.expired,
                  "total_ms": t.total_ms, "remaining_ms": t.remaining_ms,
                  "deadline_ms": t.deadline_ms, "as_of_ms": t.as_of_ms,
                  "warnings_ms": list(timer.view(state).warnings_ms)},
        "calamities": {"locked": sorted(state.calamity.entries),
                       "revealed": [{"seat": s, "count": n}
                                    for s, n in sorted(state.calamities.items())],
                       "held": [{"seat": s, "names": list(h)} for s, h in sorted(
                           state.held.items())],
                       "dropped": [{"seat": s, "name": n} for s, n in state.dropped]},
        "advances": purchase_view.outcome(state),
        "log": [line.render() for line in state.log],
        "final": (sheet_json(scoring.score_sheet(state)) if state.phase in ("score", "over")
                  else None),
        "set_values": [{"seat": i, "sets": [{"commodity": nm, "count": c, "face": f,
                                             "value": v}
                                            for nm, c, f, v in hand_sets(state, i)],
                        "total": hand_total(state, i)}
                       for i in range(len(names)) if state.hands.get(i)],
    }
