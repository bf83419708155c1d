"""Mega Civilization's rules: the options, setup, the one dispatch (a seat's entry by phase,
the host's commands by name, unlocking an entry), and the seat's box and the table by
delegation.

Rules: docs/games/mega_civilization.md; shared/rules.md section 5; seed
shared/seeds/004_*.txt.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...actions import Value
from ...errors import IllegalAction
from ...frozen import replace
from ...game import NOTHING_LOCKED, Event, Game, OptionSpec, Rules, Step, Views
from ...rounds.sealed import SealedRound
from ...seats import Seat
from ...text import msg
from . import (
    calamities,
    calculator,
    host,
    outcome,
    prompts,
    purchase,
    scoring,
    setup,
    table,
    timer,
    trade_cards,
    treasury,
)
from .civs import CIV_NAMES, EAST, WEST
from .state import MAX_TREASURY, MegaState


def _civ_options() -> tuple[OptionSpec, ...]:
    return tuple(
        OptionSpec(f"civ_{n}", "", ("", *CIV_NAMES),
                   help="civilization of seat N of civ_N (default: the one named in the "
                        "seat name)")  # one literal: a catalog id, translated for `games`
        for n in range(1, 19))


class MegaCivilization(Rules[MegaState]):
    id = "mega-civilization"
    aliases = ("mega-civ", "megaciv", "mega-civilisation", "megacivilization")
    name = msg("Mega Civilization")
    min_seats = 5
    max_seats = 18
    options = (
        OptionSpec("block", "auto", ("auto", WEST, EAST),
                   help="trade-card block for 5-9 seats (auto = west); 10 seats play west, 11 "
                        "east, 12-18 each civilization its own block"),
        OptionSpec("start_treasury", 0, lo=0, hi=MAX_TREASURY,
                   help="treasury each seat starts with (the box asks, starting from this value)"),
        OptionSpec("ask_treasury", "yes", ("yes", "no"),
                   help="each seat enters its treasury on its box at setup"),
        OptionSpec("treasury_each_turn", "yes", ("yes", "no"),
                   help="from turn 2 each seat confirms its treasury before its cities: the "
                        "box offers the kept one, taxes added; OK keeps it"),
        # Computed by default: the seat's box then offers last treasury + taxes, so a seat
        # dials only what the board changed besides (ships, calamities), not its whole sum.
        OptionSpec("taxes", "computed", ("off", "computed"),
                   help="computed: each new turn adds 2 treasury per city entered for 6a the "
                        "turn before (tax rate 2), up to 55; off: the seats count them in"),
        OptionSpec("card_price", 15, lo=0, hi=999,
                   help="treasury per extra trade card bought in 6b"),
        OptionSpec("zero_city_buys", "yes", ("yes", "no"),
                   help="a seat with no cities may still buy in 6b (it comes first)"),
        OptionSpec("trade_seconds", 600, lo=5, hi=7200, help="trade timer, seconds (10 minutes)"),
        OptionSpec("warn_first", 60, lo=0, hi=3600,
                   help="first warning, seconds before zero (0 = none)"),
        OptionSpec("warn_second", 15, lo=0, hi=3600,
                   help="second warning, seconds before zero (0 = none)"),
        OptionSpec("countdown", 5, lo=0, hi=10, help="warn each of the last N seconds (0 = none)"),
        OptionSpec("calamities", "names", ("names", "count"),
                   help="names: each seat enters its calamity cards by name (limits and random "
                        "discards checked); count: only how many"),
        OptionSpec("timer_sound", "off", ("off", "on"), help="sound at warnings and at zero"),
        *_civ_options(),
    )

    def __init__(self) -> None:
        self.on_enter = {
            "setup": treasury.enter,
            "cities": self._cities,
            "draw": trade_cards.draw,
            "buy": trade_cards.buy,
            "calamity": calamities.count,
            "trade": calculator.enter,
            "after": calculator.enter,
            "advances": purchase.enter,
            "score": scoring.enter,
        }
        self.on_host = {
            "civ": setup.civ,
            "block": setup.block,
            "adjust": treasury.adjust,
            "empty": trade_cards.empty,
            "skip": host.skip,
            **{command: timer.command for command in timer.COMMANDS},
            "calamities": calamities.start,
            "discard": calamities.discard,
            "advances": purchase.start,
            "turn": setup.turn,
            "end": scoring.start,
        }
        self.views = Views(prompts.prompt, host.commands, table.table, outcome.outcome)

    def sealed(self, state: MegaState) -> SealedRound | None:
        return state.calamity if state.phase == "calamity" else None

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> MegaState:
        return setup.start(seats, options)

    def _cities(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        # From turn 2 the seat's first entry of the turn is its treasury, then its cities.
        if treasury.needed(state, seat):
            return treasury.update(state, seat, value)
        return trade_cards.cities(state, seat, value)

    def withdraw(self, state: MegaState, seat: int) -> Step[MegaState]:
        """Unlock the seat's treasury at setup, its cities in 6a, or its calamity count."""
        name = state.label(seat)
        if state.phase == "setup" and seat in state.treasury_in:
            rest = {s: v for s, v in state.treasury_in.items() if s != seat}
            return Step(replace(state, treasury_in=rest),
                        (Event(msg("{civ} changes the treasury", civ=name)),))
        if state.phase == "cities" and seat in state.cities:
            rest = {s: v for s, v in state.cities.items() if s != seat}
            return Step(replace(state, cities=rest),
                        (Event(msg("{civ} changes the cities", civ=name)),))
        if state.phase == "calamity":
            return calamities.withdraw(state, seat)
        if state.phase == "score":
            return scoring.withdraw(state, seat)
        raise IllegalAction(NOTHING_LOCKED)


GAME: Game[MegaState] = MegaCivilization()
