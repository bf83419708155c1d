"""Five Tribes' rules: setup, which handler takes each entry and host command, and the boxes.

Rules: docs/games/five_tribes.md. The entries live by phase in `bidding` (the bid for turn
order), `turns` (a seat's turn) and `scoring` (the score pads); the host commands
(bid order, Kumarbi's owner, a gold correction, the end) are here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import permutations

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import GAME_OVER, Event, Game, HostCommand, OptionSpec, Rules, Step, Views
from ...ledger import Ledger
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...scorepad import pad_round
from ...seats import Seat
from ...text import Msg, msg
from . import boxes, scoring, table
from .bidding import bid
from .state import Bid, FiveTribesState, default_bid_order, markers
from .turns import turn


class FiveTribes(Rules[FiveTribesState]):
    id = "five-tribes"
    aliases = ("fivetribes", "five_tribes", "5-tribes", "ft")
    name = msg("Five Tribes")
    min_seats = 2
    max_seats = 4
    options = (
        OptionSpec("start_gold", 50, lo=0, hi=999,
                   help="gold each seat starts with (the rulebook: 50)"),
        OptionSpec("first_bidder", 0, lo=0, hi=3,
                   help="seat whose marker is first on the Bid Order track at the start; "
                        "the rest follow clockwise (host command bid_order sets any order)"),
        OptionSpec("kumarbi", "on", ("on", "off"),
                   help="offer the Djinn Kumarbi on its owner's box: Fakirs lower a bid "
                        "by one spot each (host command kumarbi names the owner)"),
    )

    def __init__(self) -> None:
        self.on_enter = {"bid": bid, "play": turn, "scoring": scoring.enter,
                         "over": self._over}
        self.on_host = {"bid_order": self._bid_order, "kumarbi": self._kumarbi,
                        "adjust": self._adjust, "end": self._end}
        # The table (table.py) never shows a seat's gold before the game is over.
        self.views = Views(boxes.prompt, self._host_commands, table.table, table.outcome)

    def sealed(self, state: FiveTribesState) -> SealedRound | None:
        """The score pads, while they are filled in: sealed like any round, so once every
        pad is locked the sheet stands (no undo; the host corrects a category or voids)."""
        if state.phase != "scoring":
            return None
        return pad_round(state.pads, state.pads_locked, len(state.seats))

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> FiveTribesState:
        first = int(options["first_bidder"])
        if first >= len(seats):
            raise IllegalAction(msg("No seat {n} to\nbid first", n=first + 1))
        start = int(options["start_gold"])
        ledger = Ledger.for_seats(len(seats), start)
        first_bid = Bid(1, OrderedRound.of(default_bid_order(first, len(seats))))
        return FiveTribesState(seats, dict(options), ledger, "bid", first_bid,
                               log=(msg("Turn {n}: bid for turn order", n=1),))

    # -- entries and withdrawals (the entries by phase live in bidding, turns and scoring)

    def _over(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        raise IllegalAction(GAME_OVER)

    def withdraw(self, state: FiveTribesState, seat: int) -> Step[FiveTribesState]:
        return scoring.reopen(state, seat)

    # -- host commands

    def _bid_order(self, state: FiveTribesState, action: Host) -> Step[FiveTribesState]:
        if state.phase != "bid" or state.bid.placements:
            raise IllegalAction("Bid order: only\nbefore any bid")
        order = _parse_order(len(state.seats), action.str_param("order"))
        line = msg("Bid order: {order}", order=", ".join(state.names()[s] for s in order))
        new_bid = replace(state.bid, order=OrderedRound.of(order))
        return Step(replace(state, bid=new_bid, mode="",
                            log=appended(state.log, line)), (Event(line),))

    def _kumarbi(self, state: FiveTribesState, action: Host) -> Step[FiveTribesState]:
        if state.options["kumarbi"] != "on":
            raise IllegalAction("Kumarbi is off\nin the options")
        seat = action.int_param("seat")
        if not -1 <= seat < len(state.seats):
            raise IllegalAction("Kumarbi: give a\nseat, or -1")
        owner = None if seat < 0 else seat
        line = (msg("{name} holds Kumarbi", name=state.names()[seat]) if owner is not None
                else msg("Nobody holds Kumarbi"))
        new = replace(state, kumarbi=owner, log=appended(state.log, line))
        if state.mode in ("fakirs", "spot_f") and state.actor != owner:
            new = replace(new, mode="", fakirs=0)  # the half-done Kumarbi entry lapses
        return Step(new, (Event(line),))

    def _adjust(self, state: FiveTribesState, action: Host) -> Step[FiveTribesState]:
        if state.phase == "over":
            raise IllegalAction(GAME_OVER)
        seat, amount = action.int_param("seat"), action.int_param("amount")
        if not 0 <= seat < len(state.seats) or amount == 0:
            raise IllegalAction("Adjust: a seat\nand an amount")
        ledger = state.ledger.correct(seat, amount, msg("host correction"), secret=True)
        # The amount stays off the table: gold is secret, the correction is not.
        line = msg("Host corrected {name}'s gold", name=state.names()[seat])
        return Step(replace(state, ledger=ledger, log=appended(state.log, line)),
                    (Event(line), Event(msg("Gold {amount:+d}", amount=amount), seat)))

    def _end(self, state: FiveTribesState, action: Host) -> Step[FiveTribesState]:
        if state.phase != "bid" or state.bid.placements:
            raise IllegalAction("End only before\nthe first bid")
        line = msg("Game over: each seat fills in its score pad")
        new = replace(state, phase="scoring", mode="", log=appended(state.log, line))
        return Step(new, (Event(line),))

    # -- the seat's own box, and the host's menu

    def _host_commands(self, state: FiveTribesState) -> tuple[HostCommand, ...]:
        names = state.names()
        n = len(state.seats)
        cmds: list[HostCommand] = []
        if state.phase == "bid" and not state.bid.placements:
            # Every possible bid order, so a host box can set the one drawn at random.
            orders = sorted(set(permutations(list(range(n)) * markers(n))))
            keys: dict[Value, Msg] = {
                ",".join(map(str, o)): msg("{order}", order=", ".join(names[s] for s in o))
                for o in orders}
            cmds.append(HostCommand("bid_order", msg("Bid order"), {"order": tuple(keys)}, keys))
            cmds.append(HostCommand("end", msg("End the game")))
        if state.options["kumarbi"] == "on" and state.phase in ("bid", "play"):
            owners: dict[Value, Msg] = {-1: msg("nobody")}
            owners |= {i: msg("{name}", name=names[i]) for i in range(n)}
            cmds.append(HostCommand("kumarbi", msg("Kumarbi held by"), {"seat": tuple(owners)},
                                    owners))
        # `adjust` (seat, signed amount) is accepted but not listed: an amount cannot be
        # picked from a menu, and a listed entry would show the amount on the table screen.
        return tuple(cmds)


def _parse_order(n: int, text: str) -> tuple[int, ...]:
    """The host's bid order, "2,0,1": every seat once (twice with two seats)."""
    try:
        order = tuple(int(part) for part in text.replace(" ", "").split(","))
    except ValueError:
        raise IllegalAction("Bid order: seats\nlike 2,0,1") from None
    if sorted(order) != sorted(list(range(n)) * markers(n)):
        if markers(n) == 2:
            raise IllegalAction("Bid order: each\nseat twice")
        raise IllegalAction("Bid order: each\nseat once")
    return order


GAME: Game[FiveTribesState] = FiveTribes()
