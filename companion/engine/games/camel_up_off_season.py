"""Camel Up: Off Season: the sealed auction every round, with every special auction card.

Rules: shared/rules.md sections 0 and 1; seed shared/seeds/000_*.txt. A round goes
card (host draws it) -> counts (dates or goods cards, public, only for the two modifier
cards) -> bidding (sealed) -> reveal -> income (sale income entered per seat) -> next card.
Tied effective values drop out, cascading; no value held by exactly one seat restarts the
auction (unlimited; the host may abandon it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..actions import Action, Enter, Host, Value, Withdraw
from ..errors import IllegalAction
from ..game import Event, HostCommand, OptionSpec, Step
from ..ledger import SUPPLY, Ledger, seat_account
from ..prompts import Prompt
from ..rounds.sealed import SealedRound
from ..seats import Seat, clockwise_from
from ..text import Msg, msg
from ..views import Cell, Panel, SeatLine, TableView

HIGHEST = "highest_bet"
LOWEST = "lowest_bet"
DATES = "most_dates"
FIRST = "first_player_bet"
LUCKY0 = "lucky_0"
NO2 = "cannot_bet_2"
NO3 = "cannot_bet_3"
GOODS = "fewest_goods"

CARDS: dict[str, tuple[Msg, Msg]] = {
    HIGHEST: (msg("Highest bet"), msg("The highest bet held by one seat wins.")),
    LOWEST: (msg("Lowest bet"), msg("The lowest bet from 1 held by one seat wins; 0 is ignored.")),
    DATES: (msg("Highest quantity of dates"), msg("Most dates on camels: +1 to the bet.")),
    FIRST: (msg("First player bet"), msg("The First Player's bet counts 1 less.")),
    LUCKY0: (msg("The Lucky 0"), msg("A lone 0 wins; two or more 0s lose 2 each.")),
    NO2: (msg("Cannot bet 2"), msg("Nobody may bet 2.")),
    NO3: (msg("Cannot bet 3"), msg("Nobody may bet 3.")),
    GOODS: (msg("Lowest quantity of goods cards"), msg("Fewest goods cards: +1 to the bet.")),
}
FORBIDDEN = {NO2: 2, NO3: 3}
COUNT_CARDS = {DATES: msg("Dates on camels?"), GOODS: msg("Goods cards?")}
LUCKY_PENALTY = 2
MAX_COUNT = 99
MAX_INCOME = 999

Phase = Literal["card", "counts", "bidding", "income", "over"]


@dataclass(frozen=True)
class Attempt:
    """One reveal of sealed bids and how it resolved."""

    bids: Mapping[int, int]
    modifiers: Mapping[int, int]  # seat -> +1 / -1 applied by the card
    effective: Mapping[int, int]
    considered: tuple[int, ...]  # seats whose bid took part (Lowest bet ignores 0)
    dropped: tuple[int, ...]  # tied effective values that dropped out, in the order tried
    winner: int | None
    payment: int
    penalties: Mapping[int, int]  # Lucky 0 losses, seat -> pounds
    standard: bool  # the card fell back to the standard auction
    note: Msg | None

    @property
    def restart(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class Auction:
    number: int  # 1-based; the first auction of the game is 1
    card: str
    first_player: int  # who held the token when the auction started
    counts: Mapping[int, int] = field(default_factory=dict)
    bids: SealedRound = field(default_factory=lambda: SealedRound(()))
    attempts: tuple[Attempt, ...] = ()
    abandoned: bool = False
    absent: frozenset[int] = frozenset()  # seats the host let sit this auction out

    @property
    def result(self) -> Attempt | None:
        last = self.attempts[-1] if self.attempts else None
        return last if last is not None and not last.restart else None

    @property
    def done(self) -> bool:
        return self.abandoned or self.result is not None


@dataclass(frozen=True)
class CamelState:
    seats: tuple[Seat, ...]
    options: Mapping[str, Value]
    ledger: Ledger
    phase: Phase
    first_player: int
    auctions: tuple[Auction, ...] = ()
    market_order: tuple[int, ...] = ()
    income: Mapping[int, int] = field(default_factory=dict)  # this round's sale income entries
    log: tuple[Msg, ...] = ()

    @property
    def current(self) -> Auction | None:
        return self.auctions[-1] if self.auctions else None

    def coins(self, seat: int) -> int:
        return self.ledger.seat(seat)


# ---------------------------------------------------------------- resolution (pure functions)


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
        return Attempt(bids, mods, effective, seats, (), zeros[0], 0, {}, False,
                       msg("Only one 0: it wins."))
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


# ---------------------------------------------------------------- the game


class CamelUpOffSeason:
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

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> CamelState:
        start = int(options["start_coins"])
        fp = int(options["first_player"])
        if fp >= len(seats):
            raise IllegalAction(msg("No seat {n} for\nFirst Player", n=fp + 1))
        ledger = Ledger.open({seat_account(i): start for i in range(len(seats))} | {SUPPLY: 0})
        return CamelState(
            seats, dict(options), ledger, "card", fp, market_order=clockwise_from(fp, len(seats))
        )

    # -- transitions

    def apply(self, state: CamelState, action: Action) -> Step:
        if isinstance(action, Host):
            return self._host(state, action)
        if isinstance(action, Withdraw):
            return self._withdraw(state, action.seat)
        if isinstance(action, Enter):
            if state.phase == "counts":
                return self._count(state, action.seat, action.value)
            if state.phase == "bidding":
                return self._bid(state, action.seat, action.value)
            if state.phase == "income":
                return self._income(state, action.seat, action.value)
            raise IllegalAction("Nothing to enter\nright now")
        raise IllegalAction(msg("Not an action\nfor this game"))

    def _host(self, state: CamelState, action: Host) -> Step:
        if action.command == "start":
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
            new = replace(
                state,
                auctions=(*state.auctions, auction),
                phase=phase,
                income={},
                log=(*state.log, msg("Auction {n}: {card}", n=number, card=name)),
            )
            return Step(new, (Event(msg("Auction {n}: {card}", n=number, card=name)),))
        if action.command == "abandon":
            cur = state.current
            if cur is None or state.phase not in ("counts", "bidding"):
                raise IllegalAction("No auction to\nabandon")
            new = replace(
                state,
                auctions=(*state.auctions[:-1], replace(cur, abandoned=True)),
                phase="income",
                income={},
                market_order=clockwise_from(state.first_player, len(state.seats)),
                log=(*state.log, msg("Auction {n} abandoned: nobody wins", n=cur.number)),
            )
            return Step(new, (Event(msg("Auction abandoned")),))
        if action.command == "sit_out":
            return self._sit_out(state, action.int_param("seat"))
        if action.command == "adjust":
            seat, amount = action.int_param("seat"), action.int_param("amount")
            if not 0 <= seat < len(state.seats) or amount == 0:
                raise IllegalAction("Adjust needs a\nseat and amount")
            reason = msg("host correction")
            if amount > 0:
                ledger = state.ledger.transfer(SUPPLY, seat_account(seat), amount, reason)
            else:
                ledger = state.ledger.transfer(seat_account(seat), SUPPLY, -amount, reason)
            line = msg("Correction: {name} {amount:+d}", name=state.seats[seat].name, amount=amount)
            return Step(replace(state, ledger=ledger, log=(*state.log, line)), (Event(line),))
        if action.command == "end":
            if state.phase in ("counts", "bidding"):
                raise IllegalAction("First finish or\nabandon auction")
            return Step(
                replace(state, phase="over", log=(*state.log, msg("Game over"))),
                (Event(msg("Game over")),),
            )
        raise IllegalAction(msg("Unknown command\n{c}", c=action.command))

    def _sit_out(self, state: CamelState, seat: int) -> Step:
        """A seat whose box is gone sits this auction out: no count, no bid, pays nothing.

        Its coins stay out of every comparison; with fewer than two bidders left there is
        nothing to auction, so the host should abandon instead.
        """
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
        state = replace(state, auctions=(*state.auctions[:-1], auction), log=(*state.log, line))
        events: tuple[Event, ...] = (Event(line),)
        if state.phase == "counts" and len(counts) == len(auction.bids.seats):
            state = replace(state, phase="bidding")
        if state.phase == "bidding" and auction.bids.complete:
            return self._reveal(state, events)
        return Step(state, events)

    def _count(self, state: CamelState, seat: int, value: Value) -> Step:
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
            state, auctions=(*state.auctions[:-1], auction), phase=phase, log=(*state.log, line)
        )
        return Step(new, (Event(line),))

    def _bid(self, state: CamelState, seat: int, value: Value) -> Step:
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
        state = replace(state, auctions=(*state.auctions[:-1], auction))
        events: tuple[Event, ...] = (Event(msg("{name} locked", name=state.seats[seat].name)),)
        if bids.complete:
            return self._reveal(state, events)
        return Step(state, events)

    def _withdraw(self, state: CamelState, seat: int) -> Step:
        cur = state.current
        if state.phase != "bidding" or cur is None:
            raise IllegalAction("Nothing locked\nto unlock")
        auction = replace(cur, bids=cur.bids.withdraw(seat))
        return Step(
            replace(state, auctions=(*state.auctions[:-1], auction)),
            (Event(msg("{name} unlocked", name=state.seats[seat].name)),),
        )

    def _reveal(self, state: CamelState, events: tuple[Event, ...]) -> Step:
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
        log = list(state.log)
        if attempt.winner is None:
            line = msg(
                "Auction {n}: no unique value, restart {r}", n=cur.number, r=len(auction.attempts)
            )
            auction = replace(auction, bids=SealedRound(cur.bids.seats))
            new = replace(state, auctions=(*state.auctions[:-1], auction), log=(*log, line))
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
            auctions=(*state.auctions[:-1], auction),
            phase="income",
            first_player=win,
            market_order=order,
            income={},
            log=tuple(log),
        )
        return Step(new, (*events, Event(line), Event(msg("You won!"), win)))

    def _income(self, state: CamelState, seat: int, value: Value) -> Step:
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
        new = replace(state, ledger=ledger, income=income, log=(*state.log, line))
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
            if seat in cur.counts:
                return Prompt(
                    "wait",
                    msg("Entered {n}", n=cur.counts[seat]),
                    info=msg("Wait for others"),
                    money=coins,
                )
            return Prompt(
                "number", COUNT_CARDS[cur.card], lo=0, hi=MAX_COUNT, money=coins, must_act=True
            )
        if state.phase == "bidding" and cur is not None:
            banned = FORBIDDEN.get(cur.card)
            own = cur.bids.own(seat)
            label = msg("Bid") if not cur.attempts else msg("Bid again")
            return Prompt(
                "number",
                label,
                lo=0,
                hi=coins,
                forbidden=frozenset({banned}) if banned is not None else frozenset(),
                sealed=True,
                locked=own is not None,
                locked_value=own,
                unlockable=own is not None,
                money=coins,
                must_act=own is None,
                initial=own if own is not None else 0,
            )
        if state.phase == "income":
            if seat in state.income:
                return Prompt(
                    "wait",
                    msg("Sold for {n}", n=state.income[seat]),
                    info=msg("Next: host card"),
                    money=coins,
                )
            return Prompt(
                "number", msg("Sale income?"), lo=0, hi=MAX_INCOME, money=coins, must_act=True
            )
        if state.phase == "over":
            return Prompt("wait", msg("Game over"), info=msg("You have {n}", n=coins), money=coins)
        return Prompt("wait", msg("Wait for card"), info=msg("Host draws it"), money=coins)

    def host_commands(self, state: CamelState) -> tuple[HostCommand, ...]:
        cmds: list[HostCommand] = []
        if state.phase in ("card", "income"):
            cmds.append(
                HostCommand(
                    "start",
                    msg("Start auction"),
                    {"card": tuple(CARDS)},
                    {k: v[0] for k, v in CARDS.items()},
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

    # -- the public table

    def table(self, state: CamelState) -> TableView:
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
                status = "done" if i in cur.counts else "thinking"
            elif state.phase == "income":
                status = "done" if i in state.income else "thinking"
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
            panels.extend(self._reveal_panels(state, cur))
        if state.phase == "over":
            ranking = sorted(range(len(names)), key=lambda i: -state.coins(i))
            top = state.coins(ranking[0])
            panels.append(
                Panel(
                    msg("Final coins"),
                    tuple(
                        (
                            Cell(names[i], "win" if state.coins(i) == top else ""),
                            Cell(str(state.coins(i))),
                        )
                        for i in ranking
                    ),
                )
            )
            headline, detail = msg("Game over"), msg("Most coins wins.")
        return TableView(
            self.name,
            headline,
            detail,
            tuple(seats),
            tuple(panels),
            state.log[-6:],
            final=state.phase == "over",
        )

    def _reveal_panels(self, state: CamelState, cur: Auction) -> list[Panel]:
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
            if att.winner is None:
                title = msg("Reveal {k}: restart", k=k + 1)
                note = att.note
            else:
                title = msg("Reveal {k}: {name} wins", k=k + 1, name=names[att.winner])
                note = msg(
                    "{name} pays {pay}. First Player: {name}. Market order: {order}",
                    name=names[att.winner],
                    pay=att.payment,
                    order=", ".join(names[i] for i in state.market_order),
                )
                if att.note is not None:
                    note = msg("{a} {b}", a=att.note, b=note)
            panels.append(Panel(title, tuple(rows), note))
        if cur.abandoned:
            panels.append(Panel(msg("Auction abandoned"), (), msg("No winner; the token stays.")))
        return panels

    # -- replay --json

    def outcome(self, state: CamelState) -> dict[str, Any]:
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
            "game": self.id,
            "phase": state.phase,
            "money": [{"seat": i, "name": n, "money": state.coins(i)} for i, n in enumerate(names)],
            "supply": state.ledger.balance(SUPPLY),
            "auctions": auctions,
            "first_player": state.first_player,
            "market_order": list(state.market_order),
        }


GAME = CamelUpOffSeason()
