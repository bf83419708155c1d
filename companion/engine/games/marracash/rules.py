"""MarraCash's rules: the options, setup, the one dispatch (a seat's entry by stage, the
host's commands by name, unlocking a sealed bid), the events of a step (its new public log
lines, and "You won" on the winner's own box), and the boxes, the table and the replay
output by delegation.

Rules as applied: docs/games/marracash.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...actions import Host, Value
from ...errors import IllegalAction
from ...game import GAME_OVER, Event, Game, OptionSpec, Rules, Step, Views
from ...ledger import Ledger
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...seats import Seat, clockwise_from
from ...text import msg
from . import auction, host, outcome, prompts, table, turns
from .state import PRESETS, SHOPS, MarraState, Shop, shop_name

TurnStep = Callable[[MarraState, Value], MarraState]


def _steps(handler: Callable[[MarraState, int, Value], MarraState]
           ) -> Callable[[MarraState, int, Value], Step[MarraState]]:
    """A handler that only moves the state; `MarraCash.after` adds the step's events."""
    return lambda state, seat, value: Step(handler(state, seat, value))


def _active_seat(handler: TurnStep) -> Callable[[MarraState, int, Value], Step[MarraState]]:
    """An entry only the seat whose turn it is may make."""

    def enter(state: MarraState, seat: int, value: Value) -> Step[MarraState]:
        if seat != state.seat:
            raise IllegalAction(msg("Not your turn\n{name} is up", name=state.names[state.seat]))
        return Step(handler(state, value))

    return enter


def _host(handler: Callable[[MarraState, Host], MarraState]
          ) -> Callable[[MarraState, Host], Step[MarraState]]:
    return lambda state, action: Step(handler(state, action))


def _over(state: MarraState, seat: int, value: Value) -> Step[MarraState]:
    raise IllegalAction(GAME_OVER)


class MarraCash(Rules[MarraState]):
    id = "marracash"
    aliases = ("marra-cash", "marrakesh", "omar")
    name = msg("MarraCash")
    min_seats = 3
    max_seats = 4
    options = (
        OptionSpec("preset", "seed", ("seed", "1996"),
                   help="amounts: seed = 240 start, bids 20+ by 5; 1996 = five times larger "
                        "(1200 start, bids 100+ by 25)"),
        OptionSpec("auction", "open", ("open", "sealed"),
                   help="open ascending auction, or the designer's one sealed bid each"),
        OptionSpec("queue", 45, lo=1, hi=99, help="people outside the city walls at the start"),
        OptionSpec("start_seat", 0, lo=0, hi=3, help="the seat that auctions first"),
    )

    def __init__(self) -> None:
        self.on_enter = {
            "over": _over,
            "bidding": _steps(auction.bid),  # any seat bids, in its turn or sealed
            "pick": _active_seat(auction.pick),
            "pullin": _active_seat(auction.pullin),
            "action": _active_seat(turns.action),
            "move": _active_seat(turns.move),
            "count": _active_seat(turns.count),
            "refill": _active_seat(turns.refill),
        }
        self.on_host = {
            "start_seat": _host(host.start_seat),
            "end_turn": _host(host.end_turn),
            "adjust": _host(host.adjust),
            "end_game": _host(host.end_game),
        }
        self.views = Views(prompts.prompt, host.commands, table.table, outcome.outcome)

    def sealed(self, state: MarraState) -> SealedRound | None:
        au = state.auction
        return au.sealed if state.stage == "bidding" and au is not None else None

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> MarraState:
        amounts = PRESETS[str(options["preset"])]
        first = int(options["start_seat"])
        if first >= len(seats):
            raise IllegalAction(msg("No seat {n}\nto start", n=first + 1))
        ledger = Ledger.for_seats(len(seats), amounts.start)
        return MarraState(seats, dict(options), ledger, amounts, dict.fromkeys(SHOPS, Shop()),
                          int(options["queue"]), "first", "pick", first, first,
                          first_round=OrderedRound.of(clockwise_from(first, len(seats))))

    def withdraw(self, state: MarraState, seat: int) -> Step[MarraState]:
        return Step(auction.withdraw(state, seat))

    def after(self, before: MarraState, step: Step[MarraState]) -> Step[MarraState]:
        """Every new log line is a public event; the auction's winner hears it on its box."""
        new = step.state
        events = [Event(line) for line in new.log[len(before.log):]]
        if new.auction is not None and new.auction.winner is not None and (
                before.auction is None or before.auction.winner is None):
            events.append(Event(msg("You won {shop}", shop=shop_name(new.auction.shop)),
                                new.auction.winner))
        return Step(new, tuple(events))


GAME: Game[MarraState] = MarraCash()
