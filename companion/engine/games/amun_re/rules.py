"""Amun-Re's rules: the options, setup, the one dispatch (a seat's entry by phase, the host's
commands by name, unlocking the sealed offer), and the seat's box and the table by delegation.

Rules as applied: docs/games/amun_re.md (the 2003 auction text is our default; the 2016 rules
are the `edition = "2016"` preset).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...actions import Value
from ...errors import IllegalAction
from ...game import Game, OptionSpec, Rules, Step, Views
from ...ledger import Ledger
from ...rounds.sealed import SealedRound
from ...scorepad import pad_round
from ...seats import Seat
from ...text import msg
from . import asks, auction, host, offering, outcome, prompts, provinces, scoring, table
from .state import AmunReState, Hand


class AmunRe(Rules[AmunReState]):
    id = "amun-re"
    aliases = ("amunre", "amun")
    name = msg("Amun-Re")
    min_seats = 3
    max_seats = 5
    options = (
        OptionSpec("edition", "2003", ("2003", "2016"),
                   help="2003 rules (seed) or the 2016 preset: Protection, Bribery, pass while "
                        "winning, no bid above gold, +6/+4/+2 gold bonus"),
        OptionSpec("start_gold", 20, lo=0, hi=999, help="gold each seat starts with"),
        OptionSpec("start_cards", 1, lo=0, hi=9,
                   help="power cards each seat starts with (the Master Builder / Architect)"),
        OptionSpec("start_player", 0, lo=0, hi=4, help="seat holding the Pharaoh at the start"),
        OptionSpec("affordability", "edition", ("edition", "gold_and_cards", "gold"),
                   help="what a bid may reach: gold plus power cards at 1 each (2003, sold "
                        "after the auction) or gold only (2016; sell cards first)"),
        OptionSpec("rebid_order", "edition", ("edition", "rounds", "turns"),
                   help="rounds: outbid seats rebid in bidding rounds from the Starting Player "
                        "(2003); turns: clockwise turns, winning seats pass (2016)"),
        OptionSpec("gold_bonus", "edition", ("edition", "6-2", "6-4-2"),
                   help="final gold bonus: 6-2 (2003) or 6-4-2 (2016); ties share, next down"),
        OptionSpec("pharaoh", "offering", ("offering", "host"),
                   help="who becomes Starting Player after the offering: the highest offer "
                        "(2016 rule; not found for 2003) or only the host's start_player"),
        OptionSpec("rounds", 6, lo=1, hi=6, help="rounds to play; 3 per kingdom"),
        OptionSpec("province_data", "host", ("host", "off"),
                   help="host: the host enters each province's card symbols, fields, caravan, "
                        "mine and temples once; buying limits are checked and the harvest is "
                        "computed. off: no limits, every seat types its income"),
        OptionSpec("tile_value_1", 1, lo=0, hi=9,
                   help="gold per farmer and VP per temple on the lowest offering tile (a "
                        "reading; the 3-12 tile's 2 is confirmed)"),
        OptionSpec("tile_value_3", 3, lo=0, hi=9,
                   help="the same for the 13-22 tile (a reading)"),
        OptionSpec("tile_value_4", 4, lo=0, hi=9,
                   help="the same for the 23-or-more tile (a reading)"),
        OptionSpec("camel_tiles", "1-2", ("1", "1-2", "1-2-3"),
                   help="the offering tiles (lowest first) that show a camel, so caravans "
                        "pay: a reading of \"low offerings\""),
    )

    def __init__(self) -> None:
        self.on_enter = {
            "auction": auction.enter,
            "offering": offering.offer,
            "adjusting": offering.adjust,
            "kingdom": scoring.enter,
            "settle": asks.enter,
            "buying": asks.enter,
            "rewards": asks.enter,
            "income": asks.enter,
        }
        self.on_host = {
            "offer": host.offer,
            "provinces": host.offer,
            "start_player": host.start_player,
            "adjust": host.adjust,
            "cards": host.cards,
            "end": host.end,
            "province": provinces.enter,
        }
        self.views = Views(prompts.prompt, host.commands, table.table, outcome.outcome)

    def sealed(self, state: AmunReState) -> SealedRound | None:
        if state.phase == "kingdom":  # the kingdom's score pads, revealed together
            return pad_round(state.pads, state.pads_locked, len(state.seats))
        rnd = state.current
        if state.phase != "offering" or rnd is None or rnd.offering is None:
            return None
        return rnd.offering.entries

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> AmunReState:
        sp = int(options["start_player"])
        if sp >= len(seats):
            raise IllegalAction(msg("No seat {n} for\nthe Pharaoh", n=sp + 1))
        gold = int(options["start_gold"])
        ledger = Ledger.for_seats(len(seats), gold)
        hands = tuple(Hand(other=int(options["start_cards"])) for _ in seats)
        return AmunReState(seats, dict(options), ledger, hands, "provinces", sp)

    def withdraw(self, state: AmunReState, seat: int) -> Step[AmunReState]:
        if state.phase == "kingdom":
            return scoring.reopen(state, seat)
        return offering.withdraw(state, seat)


GAME: Game[AmunReState] = AmunRe()
