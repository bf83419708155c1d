"""Camel Up: Off Season's rules: setup, each entry and host command, and each seat's box.

Rules: docs/games/camel_up_off_season.md. Tied effective values drop out, cascading; no value
held by exactly one seat restarts the auction (unlimited; the host may abandon it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...actions import Host, Value
from ...chronicle import appended, last_replaced
from ...errors import IllegalAction
from ...frozen import replace
from ...game import GAME_OVER, Event, Game, HostCommand, OptionSpec, Rules, Step, Views
from ...ledger import SUPPLY, Ledger, seat_account
from ...prompts import Prompt
from ...rounds.sealed import SealedRound
from ...seats import Seat, clockwise_from
from ...text import Msg, msg
from . import table
from .resolve import resolve
from .state import (
    CARDS,
    COUNT_CARDS,
    DATES,
    FORBIDDEN,
    MAX_COUNT,
    MAX_INCOME,
    Auction,
    CamelState,
    Phase,
)


class CamelUpOffSeason(Rules[CamelState]):
    id = "camel-up-off-season"
    aliases = ("camel-up", "camelup", "cuos", "off-season")
    name = msg("Camel Up: Off Season")
    min_seats = 3
    max_seats = 5
    options = (
        OptionSpec(
            "start_coins",
            10,
            lo=0,
            hi=999,
            help="coins each seat starts with (not in the seed text; set to your edition)",
        ),
        OptionSpec(
            "payment",
            "effective",
            ("effective", "bid"),
            help="what the winner pays: the modified value (never below 0) or the coins bid",
        ),
        OptionSpec(
            "first_player", 0, lo=0, hi=4, help="seat holding the First Player token at the start"
        ),
    )

    def __init__(self) -> None:
        self.on_enter = {"counts": self._count, "bidding": self._bid, "income": self._income,
                         "over": self._late_income}
        self.on_host = {
            "start": self._start,
            "abandon": self._abandon,
            "sit_out": self._sit_out,
            "adjust": self._adjust,
            "end": self._end,
        }
        self.views = Views(self.prompt, self._host_commands, table.table, table.outcome)

    def sealed(self, state: CamelState) -> SealedRound | None:
        if state.phase != "bidding":  # asked before and after every action of a replay
            return None
        cur = state.current
        return cur.bids if cur is not None else None

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> CamelState:
        start = int(options["start_coins"])
        fp = int(options["first_player"])
        if fp >= len(seats):
            raise IllegalAction(msg("No seat {n} for\nFirst Player", n=fp + 1))
        ledger = Ledger.for_seats(len(seats), start)
        return CamelState(
            seats, dict(options), ledger, "card", fp, market_order=clockwise_from(fp, len(seats))
        )

    # -- host commands

    def _start(self, state: CamelState, action: Host) -> Step[CamelState]:
        card = action.str_param("card")
        if card not in CARDS:
            raise IllegalAction(msg("Unknown card\n{card}", card=card))
        if state.phase not in ("card", "income"):
            raise IllegalAction("Finish this\nauction first")
        number = len(state.auctions) + 1
        auction = Auction(
            number, card, state.first_player, bids=SealedRound(tuple(range(len(state.seats))))
        )
        phase: Phase = "counts" if card in COUNT_CARDS else "bidding"
        name = CARDS[card][0]
        line = msg("Auction {n}: {card}", n=number, card=name)
        dropped = _no_income(state)
        # A sale income not entered by now is gone: the log says whose (the host's menu
        # asked first, naming them).
        lines = (line,) if not dropped else (msg("No sale income from {names}",
                                                 names=dropped), line)
        new = replace(
            state,
            auctions=appended(state.auctions, auction),
            phase=phase,
            income={},
            log=appended(state.log, *lines),
        )
        return Step(new, (Event(line),))

    def _abandon(self, state: CamelState, action: Host) -> Step[CamelState]:
        cur = state.current
        if cur is None or state.phase not in ("counts", "bidding"):
            raise IllegalAction("No auction to\nabandon")
        new = replace(
            state,
            auctions=last_replaced(state.auctions, replace(cur, abandoned=True)),
            phase="income",
            income={},
            market_order=clockwise_from(state.first_player, len(state.seats)),
            log=appended(state.log, msg("Auction {n} abandoned: nobody wins", n=cur.number)),
        )
        return Step(new, (Event(msg("Auction abandoned")),))

    def _adjust(self, state: CamelState, action: Host) -> Step[CamelState]:
        seat, amount = action.int_param("seat"), action.int_param("amount")
        if not 0 <= seat < len(state.seats) or amount == 0:
            raise IllegalAction("Adjust needs a\nseat and amount")
        ledger = state.ledger.correct(seat, amount, msg("host correction"))
        line = msg("Correction: {name} {amount:+d}", name=state.seats[seat].name, amount=amount)
        return Step(replace(state, ledger=ledger, log=appended(state.log, line)), (Event(line),))

    def _end(self, state: CamelState, action: Host) -> Step[CamelState]:
        if state.phase in ("counts", "bidding"):
            raise IllegalAction("First finish or\nabandon auction")
        # Ended during the sale: the seats still to enter their income may do so on the
        # final screen, which names no winner until they have (the score is not complete).
        ended_in_income = state.phase == "income" and len(state.income) < len(state.seats)
        return Step(
            replace(state, phase="over", ended_in_income=ended_in_income,
                    log=appended(state.log, msg("Game over"))),
            (Event(msg("Game over")),),
        )

    def _sit_out(self, state: CamelState, action: Host) -> Step[CamelState]:
        """A seat whose box is gone sits this auction out: no count, no bid, pays nothing.

        Its coins stay out of every comparison; with fewer than two bidders left there is
        nothing to auction, so the host should abandon instead.
        """
        seat = action.int_param("seat")
        cur = state.current
        if cur is None or state.phase not in ("counts", "bidding"):
            raise IllegalAction("No auction to\nsit out")
        if not 0 <= seat < len(state.seats) or seat in cur.absent:
            raise IllegalAction("That seat is not\nin this auction")
        if len(cur.bids.seats) <= 2:
            raise IllegalAction("Too few bidders:\nabandon instead")
        counts = {s: n for s, n in cur.counts.items() if s != seat}
        auction = replace(
            cur, bids=cur.bids.without(seat), counts=counts, absent=cur.absent | {seat}
        )
        line = msg("{name} sits out auction {n}", name=state.seats[seat].name, n=cur.number)
        state = replace(state, auctions=last_replaced(state.auctions, auction),
                        log=appended(state.log, line))
        events: tuple[Event, ...] = (Event(line),)
        if state.phase == "counts" and len(counts) == len(auction.bids.seats):
            state = replace(state, phase="bidding")
        if state.phase == "bidding" and auction.bids.complete:
            return self._reveal(state, events)
        return Step(state, events)

    # -- entries

    def _count(self, state: CamelState, seat: int, value: Value) -> Step[CamelState]:
        cur = state.current
        assert cur is not None
        if seat in cur.counts:
            raise IllegalAction("Already entered")
        if seat in cur.absent:
            raise IllegalAction("You sit out\nthis auction")
        if not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_COUNT))
        counts = {**cur.counts, seat: value}
        what = msg("dates") if cur.card == DATES else msg("goods cards")
        line = msg("{name}: {n} {what}", name=state.seats[seat].name, n=value, what=what)
        phase: Phase = "bidding" if len(counts) == len(cur.bids.seats) else "counts"
        auction = replace(cur, counts=counts)
        new = replace(
            state, auctions=last_replaced(state.auctions, auction), phase=phase,
            log=appended(state.log, line),
        )
        return Step(new, (Event(line),))

    def _bid(self, state: CamelState, seat: int, value: Value) -> Step[CamelState]:
        cur = state.current
        assert cur is not None
        if not isinstance(value, int) or value < 0:
            raise IllegalAction("A bid is a whole\nnumber from 0")
        coins = state.coins(seat)
        if value > coins:
            raise IllegalAction(msg("Max bid {coins}\nyou have {coins}", coins=coins))
        banned = FORBIDDEN.get(cur.card)
        if banned is not None and value == banned:
            raise IllegalAction(msg("Cannot bet {n}\nthis auction", n=banned))
        bids = cur.bids.enter(seat, value)
        auction = replace(cur, bids=bids)
        state = replace(state, auctions=last_replaced(state.auctions, auction))
        events: tuple[Event, ...] = (Event(msg("{name} locked", name=state.seats[seat].name)),)
        if bids.complete:
            return self._reveal(state, events)
        return Step(state, events)

    def withdraw(self, state: CamelState, seat: int) -> Step[CamelState]:
        cur = state.current
        if state.phase != "bidding" or cur is None:
            return super().withdraw(state, seat)
        auction = replace(cur, bids=cur.bids.withdraw(seat))
        return Step(
            replace(state, auctions=last_replaced(state.auctions, auction)),
            (Event(msg("{name} unlocked", name=state.seats[seat].name)),),
        )

    def _reveal(self, state: CamelState, events: tuple[Event, ...]) -> Step[CamelState]:
        cur = state.current
        assert cur is not None
        bids = {s: int(v) for s, v in cur.bids.values().items()}
        coins = {s: state.coins(s) for s in bids}
        attempt = resolve(
            cur.card,
            bids,
            cur.counts,
            cur.first_player,
            cur.number == 1,
            coins,
            str(state.options["payment"]),
        )
        auction = replace(cur, attempts=(*cur.attempts, attempt))
        names = [s.name for s in state.seats]
        log: list[Msg] = []  # the new lines
        if attempt.winner is None:
            line = msg(
                "Auction {n}: no unique value, restart {r}", n=cur.number, r=len(auction.attempts)
            )
            auction = replace(auction, bids=SealedRound(cur.bids.seats))
            new = replace(state, auctions=last_replaced(state.auctions, auction),
                          log=appended(state.log, *log, line))
            return Step(new, (*events, Event(line)))
        ledger = state.ledger
        win = attempt.winner
        won = msg("won auction {n}", n=cur.number)
        ledger = ledger.transfer(seat_account(win), SUPPLY, attempt.payment, won)
        line = msg("{name} wins and pays {pay} to the Supply", name=names[win], pay=attempt.payment)
        log.append(line)
        for seat, lost in attempt.penalties.items():
            ledger = ledger.transfer(seat_account(seat), SUPPLY, lost, msg("Lucky 0 penalty"))
            log.append(msg("{name} loses {n} (Lucky 0)", name=names[seat], n=lost))
        order = clockwise_from(win, len(state.seats))
        new = replace(
            state,
            ledger=ledger,
            auctions=last_replaced(state.auctions, auction),
            phase="income",
            first_player=win,
            market_order=order,
            income={},
            log=appended(state.log, *log),
        )
        return Step(new, (*events, Event(line), Event(msg("You won!"), win)))

    def _late_income(self, state: CamelState, seat: int, value: Value) -> Step[CamelState]:
        """After the end: only a seat whose last sale income is missing may still enter it."""
        if not state.ended_in_income or seat in state.income:
            raise IllegalAction(GAME_OVER)
        return self._income(state, seat, value)

    def _income(self, state: CamelState, seat: int, value: Value) -> Step[CamelState]:
        if seat in state.income:
            raise IllegalAction("Already entered")
        if not isinstance(value, int) or not 0 <= value <= MAX_INCOME:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_INCOME))
        name = state.seats[seat].name
        ledger = state.ledger.transfer(SUPPLY, seat_account(seat), value, msg("sale"))
        line = (
            msg("{name} sells for {n}", name=name, n=value)
            if value
            else msg("{name} sells nothing", name=name)
        )
        income = {**state.income, seat: value}
        new = replace(state, ledger=ledger, income=income, log=appended(state.log, line))
        return Step(new, (Event(line),))

    # -- the seat's own box

    def prompt(self, state: CamelState, seat: int) -> Prompt:
        coins = state.coins(seat)
        cur = state.current
        if state.phase in ("counts", "bidding") and cur is not None and seat in cur.absent:
            return Prompt(
                "wait", msg("Sitting out"), info=msg("auction {n}", n=cur.number), money=coins
            )
        if state.phase == "counts" and cur is not None:
            return _enter_once(cur.counts.get(seat), lambda n: msg("Entered {n}", n=n),
                               msg("Wait for others"), COUNT_CARDS[cur.card], MAX_COUNT, coins)
        if state.phase == "bidding" and cur is not None:
            banned = FORBIDDEN.get(cur.card)
            label = msg("Bid") if not cur.attempts else msg("Bid again")
            return cur.bids.prompt(
                seat,
                label,
                lo=0,
                hi=coins,
                forbidden=frozenset({banned}) if banned is not None else frozenset(),
                money=coins,
            )
        if state.phase == "income":
            return _enter_once(state.income.get(seat), lambda n: msg("Sold for {n}", n=n),
                               msg("Next: host card"), msg("Sale income?"), MAX_INCOME, coins)
        if state.phase == "over":
            if state.ended_in_income and seat not in state.income:
                return Prompt("number", msg("Sale income?"), lo=0, hi=MAX_INCOME,
                              money=coins, must_act=True)
            return Prompt("wait", msg("Game over"), info=msg("You have {n}", n=coins), money=coins)
        return Prompt("wait", msg("Wait for card"), info=msg("Host draws it"), money=coins)

    def _host_commands(self, state: CamelState) -> tuple[HostCommand, ...]:
        cmds: list[HostCommand] = []
        if state.phase in ("card", "income"):
            dropped = _no_income(state)
            # Starting while a sale income is still to come drops it: the entry says so (the
            # waiting line above it names whose, the log keeps it), and runs only on a second
            # Return. Short, so the host line stays one line at 800x480 in Polish.
            cmds.append(
                HostCommand(
                    "start",
                    msg("Start anyway (incomes missing)") if dropped else msg("Start auction"),
                    {"card": tuple(CARDS)},
                    {k: v[0] for k, v in CARDS.items()},
                    confirm=bool(dropped),
                )
            )
            cmds.append(HostCommand("end", msg("End the game")))
        if state.phase in ("counts", "bidding"):
            cmds.append(HostCommand("abandon", msg("Abandon auction")))
            cur = state.current
            if cur is not None and len(cur.bids.seats) > 2:
                waiting = tuple(
                    s
                    for s in cur.bids.seats
                    if not cur.bids.is_locked(s)
                    and (state.phase == "bidding" or s not in cur.counts)
                )
                if waiting:
                    cmds.append(
                        HostCommand(
                            "sit_out",
                            msg("Sit out"),
                            {"seat": waiting},
                            {s: msg("{name}", name=state.seats[s].name) for s in waiting},
                        )
                    )
        return tuple(cmds)


GAME: Game[CamelState] = CamelUpOffSeason()


def _no_income(state: CamelState) -> str:
    """The seats whose sale income is still to come in the sale ("": none), by name."""
    if state.phase != "income":
        return ""
    return ", ".join(s.name for i, s in enumerate(state.seats) if i not in state.income)


def _enter_once(entered: int | None, done: Callable[[int], Msg], then: Msg, ask: Msg,
                hi: int, coins: int) -> Prompt:
    """A public number each seat enters once (a count, a sale income): asked for until the
    seat has entered it, then shown back while the others enter theirs."""
    if entered is not None:
        return Prompt("wait", done(entered), info=then, money=coins)
    return Prompt("number", ask, lo=0, hi=hi, money=coins, must_act=True)
