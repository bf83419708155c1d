"""Resolving one reveal of Camel Up's sealed bids: pure functions of the bids and the card.

Tied effective values drop out, cascading; no value held by exactly one seat means a restart.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...text import Msg, msg
from .state import DATES, FIRST, GOODS, LOWEST, LUCKY0, LUCKY_PENALTY, Attempt


def modifiers_for(
    card: str,
    seats: tuple[int, ...],
    counts: Mapping[int, int],
    first_player: int,
    first_auction: bool,
) -> tuple[dict[int, int], bool, Msg | None]:
    """The card's +1/-1 per seat, whether it fell back to standard, and why."""
    if card == DATES:
        most = max((counts.get(s, 0) for s in seats), default=0)
        if most == 0:
            return {}, True, msg("Nobody has dates: standard auction.")
        return {s: 1 for s in seats if counts.get(s, 0) == most}, False, None
    if card == GOODS:
        if all(counts.get(s, 0) == 0 for s in seats):
            return {}, True, msg("Nobody has goods cards: standard auction.")
        fewest = min(counts.get(s, 0) for s in seats)
        return {s: 1 for s in seats if counts.get(s, 0) == fewest}, False, None
    if card == FIRST:
        if first_auction:
            return {}, True, msg("First auction of the game: standard auction.")
        return {first_player: -1}, False, None
    return {}, False, None


def unique_best(effective: Mapping[int, int], lowest: bool) -> tuple[int | None, tuple[int, ...]]:
    """The seat holding the best value no other seat holds, and the tied values tried before it."""
    by_value: dict[int, list[int]] = {}
    for seat, value in effective.items():
        by_value.setdefault(value, []).append(seat)
    dropped: list[int] = []
    for value in sorted(by_value, reverse=not lowest):
        holders = by_value[value]
        if len(holders) == 1:
            return holders[0], tuple(dropped)
        dropped.append(value)
    return None, tuple(dropped)


def resolve(
    card: str,
    bids: Mapping[int, int],
    counts: Mapping[int, int],
    first_player: int,
    first_auction: bool,
    coins: Mapping[int, int],
    payment: str,
) -> Attempt:
    """Resolve one reveal of the sealed bids (rules.md 0 and 1.2)."""
    seats = tuple(sorted(bids))
    mods, standard, note = modifiers_for(card, seats, counts, first_player, first_auction)
    effective = {s: bids[s] + mods.get(s, 0) for s in seats}
    considered = seats
    zeros = tuple(s for s in seats if bids[s] == 0)
    if card == LUCKY0 and len(zeros) == 1:
        return Attempt(
            bids, mods, effective, seats, (), zeros[0], 0, {}, False, msg("Only one 0: it wins.")
        )
    if card == LOWEST:
        considered = tuple(s for s in seats if bids[s] >= 1)
    winner, dropped = unique_best({s: effective[s] for s in considered}, lowest=card == LOWEST)
    penalties: dict[int, int] = {}
    if winner is None:
        note = msg("No value held by one seat alone: everybody bids again.")
    elif card == LUCKY0 and len(zeros) >= 2:
        penalties = {s: min(LUCKY_PENALTY, coins[s]) for s in zeros}
        penalties = {s: p for s, p in penalties.items() if p}
        note = msg("Two or more 0s: each loses {n}; standard auction.", n=LUCKY_PENALTY)
    pay = 0
    if winner is not None:
        owed = bids[winner] if payment == "bid" else effective[winner]
        pay = max(0, min(owed, coins[winner]))
    return Attempt(
        bids, mods, effective, considered, dropped, winner, pay, penalties, standard, note
    )
