"""MarraCash: the companion as the table's bank (shop auctions, wages, mover commissions).

Rules: shared/rules.md sections 0 and 2; seed shared/seeds/001_*.txt (the Polish player aid).
This module owns the money and the shop register (owner and customer count of each of the
25 shops, 5 colours x 5 numbers), the count of people outside the city walls, and the turn
structure; the board itself stays on the table, so the active seat tells the companion what
happened there (which shops customers entered, how many, how many people it put on a gate).

Flow: first round (each seat in turn auctions one shop, or none) -> turns of two actions
(MOVE+MOVE, MOVE+AUCTION, AUCTION+AUCTION; never a MOVE after an AUCTION) -> at the end of a
turn with a move, one refill entry per empty gate -> when nobody is left outside, the last
round: every seat plays one more turn, ending with the seat that placed the last group ->
the final screen. Money is public in MarraCash: every payment is one public log line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..actions import Action, Enter, Host, Value, Withdraw
from ..errors import IllegalAction
from ..game import Event, HostCommand, OptionSpec, Step
from ..ledger import SUPPLY, Ledger, seat_account
from ..prompts import Choice, Prompt
from ..rounds.open_auction import OpenAuction
from ..rounds.ordered import OrderedRound
from ..rounds.sealed import SealedRound
from ..seats import Seat, clockwise_from
from ..text import Msg, msg, msg_in
from ..views import Cell, Panel, SeatLine, Style, TableView

# ---------------------------------------------------------------- the board's fixed parts

COLOURS = ("red", "blue", "green", "yellow", "purple")
COLOUR_NAMES: dict[str, Msg] = {
    "red": msg("Red"), "blue": msg("Blue"), "green": msg("Green"),
    "yellow": msg("Yellow"), "purple": msg("Purple"),
}
# Three letters for prompt labels, where "Pur 5: how many" must fit 16 columns.
# A msgctxt keeps the short "Red" apart from the colour name "Red" for translators.
COLOUR_SHORT: dict[str, Msg] = {
    "red": msg_in("shop colour, 3 letters", "Red"),
    "blue": msg_in("shop colour, 3 letters", "Blu"),
    "green": msg_in("shop colour, 3 letters", "Grn"),
    "yellow": msg_in("shop colour, 3 letters", "Yel"),
    "purple": msg_in("shop colour, 3 letters", "Pur"),
}
SHOPS: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in range(1, 6))
GATES = 3  # city-gate spaces on the board: at most three refills in one turn
MAX_GROUP = 30  # the most customers one entry may name (a large merged group)

# Choice and extra keys a box may enter (besides shop keys and numbers).
MOVE, AUCTION, BACK, END, DONE, PASS = "move", "auction", "back", "end", "done", "pass"


def shop_name(key: str) -> Msg:
    return msg("{colour} {n}", colour=COLOUR_NAMES[key[:-1]], n=int(key[-1]))


def shop_short(key: str) -> Msg:
    return msg("{colour} {n}", colour=COLOUR_SHORT[key[:-1]], n=int(key[-1]))


@dataclass(frozen=True)
class Amounts:
    """Every amount of money in the rules; the 1996 edition is the seed's times five."""

    start: int = 240
    minimum: int = 20  # opening bid
    step: int = 5  # lowest raise, and the smallest note: every bid is a multiple of it
    commission_cap: int = 100  # auctioneer commission: low up to this price, high above
    commission: tuple[int, int] = (20, 40)
    wages: tuple[int, ...] = (20, 40, 60, 80, 100)  # 1st, 2nd, ... 5th and later customer
    mover_cap: int = 60  # mover commission: low per customer while a shop's wages <= this
    mover: tuple[int, int] = (10, 20)

    def times(self, k: int) -> Amounts:
        return Amounts(self.start * k, self.minimum * k, self.step * k, self.commission_cap * k,
                       (self.commission[0] * k, self.commission[1] * k),
                       tuple(w * k for w in self.wages), self.mover_cap * k,
                       (self.mover[0] * k, self.mover[1] * k))

    def wage(self, nth: int) -> int:
        """The wage for a shop's `nth` customer (counting the newcomer)."""
        return self.wages[min(nth, len(self.wages)) - 1]

    def auction_commission(self, price: int) -> int:
        return self.commission[0] if price <= self.commission_cap else self.commission[1]

    def mover_rate(self, wages_from_move: int) -> int:
        return self.mover[0] if wages_from_move <= self.mover_cap else self.mover[1]


PRESETS: dict[str, Amounts] = {"seed": Amounts(), "1996": Amounts().times(5)}

Stage = Literal["pick", "bidding", "pullin", "action", "move", "count", "refill", "over"]
Round = Literal["first", "normal", "last", "over"]


@dataclass(frozen=True)
class Shop:
    owner: int | None = None
    customers: int = 0


@dataclass(frozen=True)
class Auction:
    number: int  # 1-based over the game
    shop: str
    auctioneer: int
    open: OpenAuction | None = None  # the open (default) variant
    sealed: SealedRound | None = None  # the designer's sealed variant
    revealed: Mapping[int, int] | None = None  # sealed bids, once every seat has locked
    winner: int | None = None
    price: int = 0
    commission: int = 0
    pulled_in: int | None = None  # waiting customers that entered after the auction


@dataclass(frozen=True)
class Entry:
    """Customers one move put into one shop, and what they earned."""

    shop: str
    owner: int
    entered: int
    wages: int
    commission: int


@dataclass(frozen=True)
class Move:
    turn: int
    seat: int
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class MarraState:
    seats: tuple[Seat, ...]
    options: Mapping[str, Value]
    amounts: Amounts
    ledger: Ledger
    shops: Mapping[str, Shop]
    queue: int  # people outside the city walls
    round: Round
    stage: Stage
    seat: int  # whose turn it is
    start_seat: int
    turn_no: int = 1
    first_round: OrderedRound | None = None
    last_round: OrderedRound | None = None
    last_group: int | None = None  # the seat that placed the last group on a gate
    actions: tuple[str, ...] = ()  # MOVE / AUCTION done in this turn
    entries: tuple[Entry, ...] = ()  # the move in progress
    pending: str | None = None  # the shop whose count is being entered
    refills: tuple[int, ...] = ()  # gate refills in this turn
    auction: Auction | None = None  # the auction in progress (bidding, pull-in)
    auctions: tuple[Auction, ...] = ()  # finished auctions
    moves: tuple[Move, ...] = ()
    log: tuple[Msg, ...] = ()

    def money(self, seat: int) -> int:
        return self.ledger.seat(seat)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def can_auction(self, seat: int) -> bool:
        return self.money(seat) >= self.amounts.minimum and any(
            sh.owner is None for sh in self.shops.values())


# ---------------------------------------------------------------- pure helpers


def sealed_winner(bids: Mapping[int, int], auctioneer: int, count: int) -> int:
    """Highest bid wins; a tie goes to the tied seat nearest clockwise from the auctioneer,
    the auctioneer counting as nearest (rules.md 0, DORRA)."""
    top = max(bids.values())
    return next(s for s in clockwise_from(auctioneer, count) if bids.get(s) == top)


def _who(state: MarraState, seat: int | None) -> Msg | str:
    return msg("Bank") if seat is None else state.names[seat]


def _pay(state: MarraState, src: int | None, dst: int | None, amount: int,
         why: Msg) -> MarraState:
    """Move money through the ledger and log it as one public line: who, whom, how much, why."""
    if amount == 0:
        return state
    ledger = state.ledger.transfer(SUPPLY if src is None else seat_account(src),
                                   SUPPLY if dst is None else seat_account(dst), amount, why)
    line = msg("{payer} pays {payee} {amount}: {why}", payer=_who(state, src),
               payee=_who(state, dst), amount=amount, why=why)
    return replace(state, ledger=ledger, log=(*state.log, line))


def _say(state: MarraState, line: Msg) -> MarraState:
    return replace(state, log=(*state.log, line))


def _pay_wages(state: MarraState, shop: str, count: int) -> tuple[MarraState, int]:
    """`count` customers enter `shop` one by one; the bank pays its owner each one's wage."""
    sh = state.shops[shop]
    assert sh.owner is not None
    total = 0
    for k in range(sh.customers + 1, sh.customers + count + 1):
        wage = state.amounts.wage(k)
        total += wage
        state = _pay(state, None, sh.owner, wage,
                     msg("wage, {shop} customer {k}", shop=shop_name(shop), k=k))
    shops = {**state.shops, shop: Shop(sh.owner, sh.customers + count)}
    return replace(state, shops=shops), total


# ---------------------------------------------------------------- the game


class MarraCash:
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

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> MarraState:
        amounts = PRESETS[str(options["preset"])]
        first = int(options["start_seat"])
        if first >= len(seats):
            raise IllegalAction(msg("No seat {n}\nto start", n=first + 1))
        ledger = Ledger.open({seat_account(i): amounts.start for i in range(len(seats))}
                             | {SUPPLY: 0})
        return MarraState(seats, dict(options), amounts, ledger, dict.fromkeys(SHOPS, Shop()),
                          int(options["queue"]), "first", "pick", first, first,
                          first_round=OrderedRound.of(clockwise_from(first, len(seats))))

    # -- transitions

    def apply(self, state: MarraState, action: Action) -> Step[MarraState]:
        if isinstance(action, Host):
            new = self._host(state, action)
        elif isinstance(action, Enter | Withdraw):
            if isinstance(action, Withdraw):
                new = self._withdraw(state, action.seat)
            else:
                new = self._enter(state, action.seat, action.value)
        else:
            raise IllegalAction(msg("Not an action\nfor this game"))
        events = [Event(line) for line in new.log[len(state.log):]]
        if new.auction is not None and new.auction.winner is not None and (
                state.auction is None or state.auction.winner is None):
            events.append(Event(msg("You won {shop}", shop=shop_name(new.auction.shop)),
                                new.auction.winner))
        return Step(new, tuple(events))

    def _enter(self, state: MarraState, seat: int, value: Value) -> MarraState:
        if state.stage == "over":
            raise IllegalAction("The game is over")
        if state.stage == "bidding":
            return self._bid(state, seat, value)
        if seat != state.seat:
            raise IllegalAction(msg("Not your turn\n{name} is up", name=state.names[state.seat]))
        handler = {
            "pick": self._pick, "pullin": self._pullin, "action": self._action,
            "move": self._move, "count": self._count, "refill": self._refill,
        }[state.stage]
        return handler(state, value)

    # -- choosing an action

    def _action(self, state: MarraState, value: Value) -> MarraState:
        if value == MOVE:
            if AUCTION in state.actions:
                raise IllegalAction("No MOVE after\nan AUCTION")
            return replace(state, stage="move", entries=(), pending=None)
        if value == AUCTION:
            self._check_can_auction(state, state.seat)
            return replace(state, stage="pick")
        raise IllegalAction("Pick MOVE or\nAUCTION")

    def _check_can_auction(self, state: MarraState, seat: int) -> None:
        if state.money(seat) < state.amounts.minimum:
            raise IllegalAction(msg("Need {n} to\nopen an auction", n=state.amounts.minimum))
        if not any(sh.owner is None for sh in state.shops.values()):
            raise IllegalAction("No shop left\nto auction")

    # -- auctions

    def _pick(self, state: MarraState, value: Value) -> MarraState:
        if state.round == "first" and value == END:
            return self._finish_turn(_say(state, msg("{name} auctions no shop",
                                                     name=state.names[state.seat])))
        if state.round != "first" and value == BACK:
            return replace(state, stage="action")
        if not isinstance(value, str) or value not in SHOPS:
            raise IllegalAction("Pick a shop\nto auction")
        if state.shops[value].owner is not None:
            raise IllegalAction(msg("{shop}: signed\npick another", shop=shop_name(value)))
        self._check_can_auction(state, state.seat)
        n = len(state.seats)
        number = len(state.auctions) + 1
        auction = Auction(number, value, state.seat)
        if state.options["auction"] == "sealed":
            auction = replace(auction, sealed=SealedRound(tuple(range(n))))
        else:
            a = state.amounts
            auction = replace(auction, open=OpenAuction.start(
                clockwise_from(state.seat, n), a.minimum, a.step,
                {s: state.money(s) for s in range(n)}, unit=a.step))
        line = msg("Auction {k}: {name} auctions {shop}", k=number, name=state.names[state.seat],
                   shop=shop_name(value))
        return _say(replace(state, stage="bidding", auction=auction), line)

    def _bid(self, state: MarraState, seat: int, value: Value) -> MarraState:
        au = state.auction
        assert au is not None
        names = state.names
        if au.open is not None:
            op = au.open
            if value == BACK and seat == au.auctioneer and not op.opened:
                # Nothing was bid yet: the auctioneer may still choose another shop or action.
                return _say(replace(state, stage="pick", auction=None),
                            msg("{name} takes the auction back", name=names[seat]))
            if value == PASS:
                op = op.pass_(seat, names)
                line = msg("{name} passes", name=names[seat])
            elif isinstance(value, int):
                op = op.bid(seat, value, names)
                line = msg("{name} bids {n}", name=names[seat], n=value)
            else:
                op.check_turn(seat, names)
                raise IllegalAction("Enter a bid\nor PASS")
            gone = op.forced[len(au.open.forced):]
            state = _say(state, line)
            for s in gone:
                state = _say(state, msg("{name} cannot raise: out", name=names[s]))
            state = replace(state, auction=replace(au, open=op))
            if op.done:
                assert op.winner is not None
                return self._sold(state, op.winner, op.high)
            return state
        assert au.sealed is not None
        if not isinstance(value, int) or value < 0:
            raise IllegalAction("Enter a bid\n(0 = pass)")
        a = state.amounts
        if value > state.money(seat):
            raise IllegalAction(msg("Over your money\nyou have {n}", n=state.money(seat)))
        if seat == au.auctioneer and value < a.minimum:
            raise IllegalAction(msg("Opening bid\n{n} or more", n=a.minimum))
        if value % a.step:
            raise IllegalAction(msg("Bids go in\nsteps of {unit}", unit=a.step))
        sealed = au.sealed.enter(seat, value)
        state = _say(replace(state, auction=replace(au, sealed=sealed)),
                     msg("{name} locked a bid", name=names[seat]))
        if not sealed.complete:
            return state
        bids = {s: int(v) for s, v in sealed.values().items()}
        winner = sealed_winner(bids, au.auctioneer, len(state.seats))
        shown = ", ".join(f"{names[s]} {bids[s]}" for s in clockwise_from(au.auctioneer,
                                                                             len(names)))
        state = _say(state, msg("Sealed bids: {bids}", bids=shown))
        state = replace(state, auction=replace(au, sealed=sealed, revealed=bids))
        return self._sold(state, winner, bids[winner])

    def _withdraw(self, state: MarraState, seat: int) -> MarraState:
        au = state.auction
        if state.stage != "bidding" or au is None or au.sealed is None:
            raise IllegalAction("Nothing to\nunlock")
        return _say(replace(state, auction=replace(au, sealed=au.sealed.withdraw(seat))),
                    msg("{name} unlocked", name=state.names[seat]))

    def _sold(self, state: MarraState, winner: int, price: int) -> MarraState:
        """The winner pays the bank; an auctioneer who did not win gets the commission."""
        au = state.auction
        assert au is not None
        name = shop_name(au.shop)
        state = _pay(state, winner, None, price, msg("bought {shop}", shop=name))
        commission = 0
        if winner != au.auctioneer:
            commission = state.amounts.auction_commission(price)
            state = _pay(state, None, au.auctioneer, commission,
                         msg("auction commission, {shop} sold for {price}", shop=name,
                             price=price))
        shops = {**state.shops, au.shop: Shop(winner, 0)}
        return replace(state, shops=shops, stage="pullin",
                       auction=replace(au, winner=winner, price=price, commission=commission))

    def _pullin(self, state: MarraState, value: Value) -> MarraState:
        """Matching customers waiting at the new shop's door enter: wages to the new owner,
        no mover commission (the auction commission was already settled)."""
        au = state.auction
        assert au is not None and au.winner is not None
        if not isinstance(value, int) or not 0 <= value <= MAX_GROUP:
            raise IllegalAction(msg("Enter 0 to {hi}\n(0 = nobody)", hi=MAX_GROUP))
        if value:
            state = _say(state, msg("Waiting customers enter {shop}: {n}", n=value,
                                    shop=shop_name(au.shop)))
            state, _ = _pay_wages(state, au.shop, value)
        done = replace(au, pulled_in=value)
        state = replace(state, auction=None, auctions=(*state.auctions, done))
        if state.round == "first":
            return self._finish_turn(state)
        return self._after_action(replace(state, actions=(*state.actions, AUCTION)))

    # -- moves

    def _move(self, state: MarraState, value: Value) -> MarraState:
        if value == DONE:
            move = Move(state.turn_no, state.seat, state.entries)
            if not state.entries:
                state = _say(state, msg("{name} moves: no customers enter",
                                        name=state.names[state.seat]))
            state = replace(state, moves=(*state.moves, move), entries=(),
                            actions=(*state.actions, MOVE))
            return self._after_action(state)
        if not isinstance(value, str) or value not in SHOPS:
            raise IllegalAction("Pick a shop\nor Done")
        if state.shops[value].owner is None:
            raise IllegalAction(msg("{shop} has no\nsign: nobody in", shop=shop_name(value)))
        if any(e.shop == value for e in state.entries):
            raise IllegalAction(msg("{shop} already\nin this move", shop=shop_name(value)))
        return replace(state, stage="count", pending=value)

    def _count(self, state: MarraState, value: Value) -> MarraState:
        shop = state.pending
        assert shop is not None
        if value == BACK:
            return replace(state, stage="move", pending=None)
        if not isinstance(value, int) or not 1 <= value <= MAX_GROUP:
            raise IllegalAction(msg("Enter 1 to {hi}\nor Back", hi=MAX_GROUP))
        owner = state.shops[shop].owner
        assert owner is not None
        mover = state.seat
        state, wages = _pay_wages(state, shop, value)
        commission = 0
        if owner != mover:
            # Per new customer, by the wages this move brought into this one shop.
            rate = state.amounts.mover_rate(wages)
            commission = rate * value
            state = _pay(state, owner, mover, commission,
                         msg("mover commission, {n} x {rate} for {shop}", n=value, rate=rate,
                             shop=shop_name(shop)))
        entry = Entry(shop, owner, value, wages, commission)
        return replace(state, stage="move", pending=None, entries=(*state.entries, entry))

    # -- end of a turn, the city gates, the rounds

    def _after_action(self, state: MarraState) -> MarraState:
        if len(state.actions) >= 2:
            return self._end_of_turn(state)
        if state.actions[-1] == AUCTION and not state.can_auction(state.seat):
            # After an AUCTION only another AUCTION may follow; if it cannot, the turn is over.
            state = _say(state, msg("{name} cannot auction again: turn over",
                                    name=state.names[state.seat]))
            return self._end_of_turn(state)
        return replace(state, stage="action")

    def _end_of_turn(self, state: MarraState) -> MarraState:
        # Only a move can empty a gate, and nothing is refilled once nobody is outside.
        if MOVE in state.actions and state.queue > 0:
            return replace(state, stage="refill", entries=(), pending=None)
        return self._finish_turn(state)

    def _refill(self, state: MarraState, value: Value) -> MarraState:
        if value == END:
            return self._finish_turn(state)
        lo, hi = min(2, state.queue), min(4, state.queue)
        if not isinstance(value, int) or not lo <= value <= hi:
            if lo == hi:
                raise IllegalAction(msg("Take {n}: only\n{n} left outside", n=lo))
            raise IllegalAction(msg("Take {lo} to {hi}\n{n} left outside", lo=lo, hi=hi,
                                    n=state.queue))
        queue = state.queue - value
        name = state.names[state.seat]
        state = _say(replace(state, queue=queue, refills=(*state.refills, value)),
                     msg("{name} puts {n} on a gate: {q} left outside", name=name, n=value,
                         q=queue))
        if queue == 0:
            n = len(state.seats)
            state = _say(replace(state, last_group=state.seat,
                                 last_round=OrderedRound.of(clockwise_from((state.seat + 1) % n,
                                                                           n))),
                         msg("Nobody left outside: last round, {name} plays last", name=name))
            return self._finish_turn(state)
        if len(state.refills) >= GATES:
            return self._finish_turn(state)
        return state

    def _finish_turn(self, state: MarraState) -> MarraState:
        n = len(state.seats)
        if state.round == "first":
            assert state.first_round is not None
            fr = state.first_round.advance()
            state = replace(state, first_round=fr)
            if fr.done:
                return self._begin_turn(replace(state, round="normal", first_round=None),
                                        state.start_seat)
            assert fr.current is not None
            return self._begin_turn(state, fr.current)
        if state.round == "normal":
            if state.last_round is not None:  # the queue emptied in this turn
                assert state.last_round.current is not None
                return self._begin_turn(replace(state, round="last"), state.last_round.current)
            return self._begin_turn(state, (state.seat + 1) % n)
        assert state.last_round is not None
        lr = state.last_round.advance()
        state = replace(state, last_round=lr)
        if lr.done:
            return self._game_over(state)
        assert lr.current is not None
        return self._begin_turn(state, lr.current)

    def _begin_turn(self, state: MarraState, seat: int) -> MarraState:
        state = replace(state, seat=seat, turn_no=state.turn_no + 1, actions=(), entries=(),
                        pending=None, refills=(), auction=None,
                        stage="pick" if state.round == "first" else "action")
        if state.round == "first" and not state.can_auction(seat):
            state = _say(state, msg("{name} cannot open an auction: no shop this round",
                                    name=state.names[seat]))
            return self._finish_turn(state)
        return state

    def _game_over(self, state: MarraState) -> MarraState:
        state = replace(state, round="over", stage="over", auction=None, pending=None)
        best = max(state.money(s) for s in range(len(state.seats)))
        winners = [state.names[s] for s in range(len(state.seats)) if state.money(s) == best]
        if len(winners) == 1:
            return _say(state, msg("Game over: {name} wins with {n}", name=winners[0], n=best))
        return _say(state, msg("Game over: {names} share the win with {n}",
                               names=", ".join(winners), n=best))

    # -- host commands

    def _host(self, state: MarraState, action: Host) -> MarraState:
        names = state.names
        cmd = action.command
        if cmd == "start_seat":
            seat = action.int_param("seat")
            if not 0 <= seat < len(state.seats):
                raise IllegalAction(msg("No seat {n}", n=seat + 1))
            if (state.round != "first" or state.stage != "pick" or state.auctions
                    or state.first_round is None or state.first_round.pos != 0):
                raise IllegalAction("Only before the\nfirst auction")
            order = OrderedRound.of(clockwise_from(seat, len(state.seats)))
            return _say(replace(state, start_seat=seat, seat=seat, first_round=order),
                        msg("{name} starts", name=names[seat]))
        if cmd == "end_turn":
            if state.stage in ("bidding", "pullin"):
                raise IllegalAction("Finish the\nauction first")
            if state.stage == "over":
                raise IllegalAction("The game is over")
            state = _say(state, msg("Host ends {name}'s turn", name=names[state.seat]))
            if state.stage in ("move", "count"):
                # What was entered of this move is paid already: keep it as the move.
                move = Move(state.turn_no, state.seat, state.entries)
                state = replace(state, moves=(*state.moves, move), entries=(), pending=None,
                                actions=(*state.actions, MOVE))
            if state.stage == "refill" or state.round == "first":
                return self._finish_turn(state)
            return self._end_of_turn(state)
        if cmd == "adjust":
            seat, amount = action.int_param("seat"), action.int_param("amount")
            if not 0 <= seat < len(state.seats) or amount == 0:
                raise IllegalAction("Adjust needs a\nseat and amount")
            if amount > 0:
                return _pay(state, None, seat, amount, msg("host correction"))
            return _pay(state, seat, None, -amount, msg("host correction"))
        if cmd == "end_game":
            if state.stage in ("bidding", "pullin"):
                raise IllegalAction("Finish the\nauction first")
            if state.stage == "over":
                raise IllegalAction("The game is over")
            return self._game_over(_say(state, msg("Host ends the game")))
        raise IllegalAction(msg("Unknown command\n{c}", c=cmd))

    def host_commands(self, state: MarraState) -> tuple[HostCommand, ...]:
        cmds: list[HostCommand] = []
        n = len(state.seats)
        if (state.round == "first" and state.stage == "pick" and not state.auctions
                and state.first_round is not None and state.first_round.pos == 0):
            cmds.append(HostCommand("start_seat", msg("Who starts"), {"seat": tuple(range(n))},
                                    {i: msg("{name}", name=s.name)
                                     for i, s in enumerate(state.seats)}))
        if state.stage not in ("bidding", "pullin", "over"):
            cmds.append(HostCommand("end_turn", msg("End this turn")))
            cmds.append(HostCommand("end_game", msg("End the game")))
        return tuple(cmds)

    # -- the seat's own box

    def prompt(self, state: MarraState, seat: int) -> Prompt:
        money = state.money(seat)
        names = state.names
        active = names[state.seat]
        if state.stage == "over":
            best = max(state.money(s) for s in range(len(state.seats)))
            label = msg("You win!") if money == best else msg("Game over")
            return Prompt("wait", label, info=msg("You have {n}", n=money), money=money)
        if state.stage == "bidding":
            return self._bid_prompt(state, seat)
        if seat != state.seat:
            return Prompt("wait", msg("Wait"), info=self._doing(state), money=money)
        short = {k: shop_short(k) for k in SHOPS}
        full = {k: shop_name(k) for k in SHOPS}
        if state.stage == "action":
            choices = []
            if AUCTION not in state.actions:
                choices.append(Choice(MOVE, msg("MOVE")))
            if state.can_auction(seat):
                choices.append(Choice(AUCTION, msg("AUCTION")))
            # After an AUCTION only an AUCTION may follow, so the box offers only that.
            label = (msg("Auction again") if AUCTION in state.actions
                     else msg("Action {k} of 2", k=len(state.actions) + 1))
            return Prompt("choice", label, choices=tuple(choices), must_act=True)
        if state.stage == "pick":
            free = tuple(Choice(k, full[k]) for k in SHOPS if state.shops[k].owner is None)
            extra = (Choice(END, msg("No shop")) if state.round == "first"
                     else Choice(BACK, msg("Back")))
            return Prompt("choice", msg("Auction a shop"), choices=(*free, extra), must_act=True)
        if state.stage == "pullin":
            au = state.auction
            assert au is not None
            return Prompt("number", msg("{shop}: at door?", shop=short[au.shop]), lo=0,
                          hi=MAX_GROUP, initial=0, must_act=True)
        if state.stage == "move":
            counted = {e.shop for e in state.entries}
            signed = tuple(Choice(k, full[k]) for k in SHOPS
                           if state.shops[k].owner is not None and k not in counted)
            done = Choice(DONE, msg("Done") if state.entries else msg("None"))
            return Prompt("choice", msg("Customers into"), choices=(done, *signed),
                          must_act=True)
        if state.stage == "count":
            assert state.pending is not None
            return Prompt("number", msg("{shop}: how many", shop=short[state.pending]), lo=1,
                          hi=MAX_GROUP, initial=1, extras=(Choice(BACK, msg("Back")),),
                          must_act=True)
        if state.stage == "refill":
            lo, hi = min(2, state.queue), min(4, state.queue)
            end = Choice(END, msg("Done") if state.refills else msg("None"))
            return Prompt("number", msg("Gate refill {k}", k=len(state.refills) + 1), lo=lo,
                          hi=hi, initial=lo, extras=(end,), must_act=True)
        return Prompt("wait", msg("Wait"), info=msg("{name}'s turn", name=active), money=money)

    def _bid_prompt(self, state: MarraState, seat: int) -> Prompt:
        au = state.auction
        assert au is not None
        money = state.money(seat)
        names = state.names
        step = state.amounts.step
        if au.sealed is not None:
            own = au.sealed.own(seat)
            mine = seat == au.auctioneer
            lo = state.amounts.minimum if mine else 0
            return Prompt("number", msg("Open bid") if mine else msg("Bid 0=pass"), lo=lo,
                          hi=money, step=step, initial=own if own is not None else lo,
                          sealed=True, locked=own is not None, locked_value=own,
                          unlockable=own is not None, money=money, must_act=own is None)
        op = au.open
        assert op is not None
        if seat == op.turn:
            if not op.opened:
                return Prompt("number", msg("Open"), lo=op.need, hi=money, step=step,
                              initial=op.need, extras=(Choice(BACK, msg("Back")),),
                              money=money, must_act=True)
            return Prompt("number", msg("Raise"), lo=op.need, hi=money, step=step,
                          initial=op.need, extras=(Choice(PASS, msg("PASS")),), money=money,
                          must_act=True)
        status = op.status(seat)
        label = {"leading": msg("Leading"), "out": msg("Out"), "forced": msg("Out")}.get(
            status, msg("Wait"))
        assert op.turn is not None
        info = (msg("High {n}: {name}", n=op.high, name=names[op.leader])
                if op.leader is not None and status != "leading"
                else msg("{name} to bid", name=names[op.turn]))
        return Prompt("wait", label, info=info, money=money)

    def _doing(self, state: MarraState) -> Msg:
        """One LCD line on what the active seat is doing, for the others' boxes."""
        name = state.names[state.seat]
        if state.stage in ("pick",):
            return msg("{name}: a shop", name=name)
        if state.stage in ("move", "count"):
            return msg("{name} moves", name=name)
        if state.stage == "refill":
            return msg("{name}: gates", name=name)
        if state.stage == "pullin":
            return msg("{name}: at door", name=name)
        return msg("{name}'s turn", name=name)

    # -- the public table

    def table(self, state: MarraState) -> TableView:
        names = state.names
        au = state.auction
        owned = {s: sum(1 for sh in state.shops.values() if sh.owner == s)
                 for s in range(len(names))}
        seats = []
        for i, s in enumerate(state.seats):
            status: Any = "waiting"
            badges: list[Msg] = []
            if state.stage == "over":
                status = "done"
            elif state.stage == "bidding" and au is not None:
                if au.sealed is not None:
                    status = "locked" if au.sealed.is_locked(i) else "thinking"
                elif au.open is not None:
                    st = au.open.status(i)
                    status = {"turn": "thinking", "out": "out", "forced": "out"}.get(st,
                                                                                  "waiting")
                    if st == "leading":
                        badges.append(msg("High bid {n}", n=au.open.high))
                if i == au.auctioneer:
                    badges.append(msg("Auctioneer"))
            elif i == state.seat:
                status = "turn"
            if owned[i]:
                badges.append(msg("{n} shops", n=owned[i]) if owned[i] != 1 else msg("1 shop"))
            if state.round == "last" and i == state.last_group:
                badges.append(msg("Plays last"))
            seats.append(SeatLine(i, s.name, s.colour, state.money(i), status, tuple(badges)))
        headline, detail = self._headline(state)
        panels = [self._shops_panel(state), self._city_panel(state)]
        if au is not None:
            panels.append(self._auction_panel(state, au))
        elif state.stage in ("move", "count") and state.entries:
            panels.append(self._move_panel(state))
        if state.stage == "over":
            panels = [self._shops_panel(state), self._final_panel(state)]
        return TableView(self.name, headline, detail, tuple(seats), tuple(panels),
                         state.log[-8:], final=state.stage == "over")

    def _headline(self, state: MarraState) -> tuple[Msg, Msg]:
        names = state.names
        name = names[state.seat]
        au = state.auction
        outside = msg("{q} people outside the walls", q=state.queue)
        if state.round == "last":
            outside = msg("Last round: {name} plays last",
                          name=names[state.last_group] if state.last_group is not None else "")
        if state.stage == "over":
            best = max(state.money(s) for s in range(len(names)))
            winners = [names[s] for s in range(len(names)) if state.money(s) == best]
            if len(winners) == 1:
                return msg("Game over: {name} wins", name=winners[0]), msg(
                    "Richest seat wins: {n} dirhams", n=best)
            return msg("Game over: {names} share the win", names=", ".join(winners)), msg(
                "Richest seats tie with {n} dirhams", n=best)
        if au is not None:
            head = msg("Auction {k}: {shop}", k=au.number, shop=shop_name(au.shop))
            if au.winner is not None:
                return msg("{shop} sold to {name} for {price}", shop=shop_name(au.shop),
                           name=names[au.winner], price=au.price), msg(
                    "{name}: customers waiting at its door?", name=names[au.auctioneer])
            if au.sealed is not None:
                locked = sum(1 for s in range(len(names)) if au.sealed.is_locked(s))
                return head, msg("Sealed bids: {k} of {n} locked", k=locked, n=len(names))
            op = au.open
            assert op is not None
            still = ", ".join(names[s] for s in op.still_in)
            if op.leader is None:
                return head, msg("{name} opens at {n} or more", name=names[op.opener],
                                 n=op.minimum)
            return head, msg("High bid {n} by {name}; still in: {still}", n=op.high,
                             name=names[op.leader], still=still)
        if state.round == "first":
            return msg("First round: {name} auctions a shop", name=name), outside
        if state.stage == "action":
            return msg("{name}'s turn: action {k} of 2", name=name,
                       k=len(state.actions) + 1), outside
        if state.stage == "pick":
            return msg("{name} picks a shop to auction", name=name), outside
        if state.stage in ("move", "count"):
            return msg("{name} moves", name=name), outside
        return msg("{name} refills the city gates", name=name), outside

    def _shops_panel(self, state: MarraState) -> Panel:
        names = state.names
        rows: list[tuple[Cell, ...]] = [(Cell(msg("Shop"), "head"),
                                         *(Cell(str(n), "head") for n in range(1, 6)))]
        for c in COLOURS:
            cells = [Cell(COLOUR_NAMES[c], "head")]
            for n in range(1, 6):
                sh = state.shops[f"{c}{n}"]
                if sh.owner is None:
                    cells.append(Cell("-", "dim"))
                else:
                    cells.append(Cell(msg("{name} {k}", name=names[sh.owner], k=sh.customers)))
            rows.append(tuple(cells))
        return Panel(msg("Shops: owner and customers"), tuple(rows))

    def _city_panel(self, state: MarraState) -> Panel:
        round_name = {"first": msg("First round"), "normal": msg("Normal turns"),
                      "last": msg("Last round"), "over": msg("Game over")}[state.round]
        rows = [(Cell(msg("Round")), Cell(round_name)),
                (Cell(msg("Outside the walls")), Cell(str(state.queue))),
                (Cell(msg("Actions this turn")), Cell(self._actions_text(state.actions)))]
        return Panel(msg("City"), tuple(rows))

    @staticmethod
    def _actions_text(actions: tuple[str, ...]) -> Msg | str:
        words = [msg("MOVE") if a == MOVE else msg("AUCTION") for a in actions]
        if not words:
            return "-"
        if len(words) == 1:
            return words[0]
        return msg("{first} + {second}", first=words[0], second=words[1])

    def _auction_panel(self, state: MarraState, au: Auction) -> Panel:
        names = state.names
        title = msg("Auction {k}: {shop}", k=au.number, shop=shop_name(au.shop))
        rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Status"), "head"),
                                         Cell(msg("Bid"), "head"))]
        for s in clockwise_from(au.auctioneer, len(names)):
            style: Style = "win" if s == au.winner else ""
            if au.open is not None:
                op = au.open
                last = next((b for seat, b in reversed(op.calls) if seat == s and b), None)
                st = op.status(s)
                text = {"turn": msg("to bid"), "leading": msg("high bid"), "in": msg("in"),
                        "out": msg("passed"), "forced": msg("cannot raise")}[st]
                if st in ("out", "forced"):
                    style = "strike" if s != au.winner else style
                if op.done and s == op.winner:
                    text = msg("wins")
                rows.append((Cell(names[s], style), Cell(text),
                             Cell(str(last) if last is not None else "")))
            else:
                assert au.sealed is not None
                if au.revealed is not None:
                    text = msg("wins") if s == au.winner else msg("revealed")
                    rows.append((Cell(names[s], style), Cell(text), Cell(str(au.revealed[s]))))
                else:
                    text = msg("locked") if au.sealed.is_locked(s) else msg("thinking")
                    rows.append((Cell(names[s]), Cell(text), Cell("")))
        if au.winner is not None:
            note = msg("{name} pays {price}.", name=names[au.winner], price=au.price)
            if au.commission:
                note = msg("{a} Commission {c} to {name}.", a=note, c=au.commission,
                           name=names[au.auctioneer])
        elif au.open is not None and au.open.leader is not None:
            note = msg("High bid {n} by {name}; still in: {still}", n=au.open.high,
                       name=names[au.open.leader],
                       still=", ".join(names[s] for s in au.open.still_in))
        elif au.open is not None:
            note = msg("Opening bid {n} or more", n=au.open.minimum)
        else:
            note = msg("Sealed: one bid each, the auctioneer {n} or more; ties go clockwise "
                       "from the auctioneer", n=state.amounts.minimum)
        return Panel(title, tuple(rows), note)

    def _move_panel(self, state: MarraState) -> Panel:
        names = state.names
        rows: list[tuple[Cell, ...]] = [(Cell(msg("Shop"), "head"), Cell(msg("Owner"), "head"),
                                         Cell(msg("In"), "head"), Cell(msg("Wages"), "head"),
                                         Cell(msg("Commission"), "head"))]
        for e in state.entries:
            rows.append((Cell(shop_name(e.shop)), Cell(names[e.owner]), Cell(str(e.entered)),
                         Cell(str(e.wages)), Cell(str(e.commission) if e.commission else "-")))
        return Panel(msg("{name} moves", name=names[state.seat]), tuple(rows))

    def _final_panel(self, state: MarraState) -> Panel:
        names = state.names
        ranking = sorted(range(len(names)), key=lambda s: (-state.money(s), s))
        best = state.money(ranking[0])
        rows = tuple((Cell(names[s], "win" if state.money(s) == best else ""),
                      Cell(str(state.money(s)), "win" if state.money(s) == best else ""))
                     for s in ranking)
        return Panel(msg("Final money"), rows, msg("The richest seat wins; ties share the win."))

    # -- replay --json

    def outcome(self, state: MarraState) -> dict[str, Any]:
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
        if state.stage == "over":
            ranking = sorted(range(len(names)), key=lambda s: (-state.money(s), s))
            best = state.money(ranking[0])
            result = {"ranking": [{"seat": s, "name": names[s], "money": state.money(s)}
                                  for s in ranking],
                      "winners": [s for s in range(len(names)) if state.money(s) == best]}
        return {
            "game": self.id,
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
        }


GAME = MarraCash()
