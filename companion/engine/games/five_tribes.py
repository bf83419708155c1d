"""Five Tribes: the bid for turn order on the boxes, secret gold, and merchandise sales.

Rules: shared/rules.md sections 0 and 4; seed shared/seeds/003_*.txt (rulebook page 7).
This module owns each seat's gold (hidden: only the seat's own LCD shows it), the turn
order track (18, 12, 8, 5, 3, 1, 0, 0, 0) and the bid that fills it, the play order and the
next bid order derived from it, Kumarbi's Fakir discount, merchandise sales and the final
merchandise scoring. The board itself (meeples, tiles, cards) stays on the table: in its
turn a seat records only what moved gold (SELL / MARKET / GOLD +/- / DONE).

A game turn goes bid (seats pick spots in bid order, paying at once) -> play (seats act in
play order; each ends with DONE) -> the next bid, whose order is this play order. The host
ends the game between turns (`end`); every seat then enters its unsold suits, and the final
screen shows gold and merchandise value. Two seats play with two markers each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any, Literal

from ..actions import Action, Enter, Host, Value, Withdraw
from ..errors import IllegalAction
from ..game import Event, HostCommand, OptionSpec, Step
from ..ledger import SUPPLY, Ledger, seat_account
from ..prompts import Choice, Prompt
from ..rounds.ordered import OrderedRound
from ..seats import Seat, clockwise_from
from ..text import Msg, msg
from ..views import Cell, Panel, SeatLine, Style, TableView

# The turn order track, best spot first. Index = spot; 6, 7 and 8 are the three 0s.
COSTS = (18, 12, 8, 5, 3, 1, 0, 0, 0)
PAID_SPOTS = 6  # spots 0..5 cost gold; one marker each
ZERO_SPOTS = 3  # never more than three markers on 0s
# Gold for a suit of n all-different merchandise cards (index n), rulebook 2.6 / seed S3.
SUIT_VALUES = (0, 1, 3, 7, 13, 21, 30, 40, 50, 60)
MAX_SUIT = 9
# Cards of each of the nine merchandise types (Ivory, Jewels, Gold, Papyrus, Silk, Spice,
# Fish, Wheat, Pottery): what bounds how many suits of a size can exist at once.
MERCHANDISE = (2, 2, 2, 4, 4, 4, 6, 6, 6)
SMALL_MARKET = 3
LARGE_MARKET = 6
MAX_ENTRY = 999

# Menu keys on the box in a seat's turn.
SELL, SMALL, LARGE, GAIN, PAY, DONE = "sell", "small", "large", "gain", "pay", "done"
FAKIRS = "fakirs"  # the spot menu's Kumarbi entry
BACK = "back"
END = "end"  # closes a sale, or a seat's unsold merchandise at the end

Phase = Literal["bid", "play", "scoring", "over"]
# What the acting seat's box asks beyond its main question: "" = the spot list or the turn
# menu; "fakirs"/"spot_f" = Kumarbi's two steps; "sell"/"gain"/"pay" = amounts in a turn.
Mode = Literal["", "fakirs", "spot_f", "sell", "gain", "pay"]


# ---------------------------------------------------------------- pure calculators


def suit_value(size: int) -> int:
    """Gold for one suit of `size` all-different merchandise cards (1..9)."""
    if not 1 <= size <= MAX_SUIT:
        raise ValueError(f"a suit has 1 to {MAX_SUIT} cards, not {size}")
    return SUIT_VALUES[size]


def suits_possible(suits: Sequence[int]) -> bool:
    """Whether one hand can hold these suits at once, given the cards of each type.

    Each suit takes distinct types, each type has a fixed number of cards, so this is
    Gale's condition: for every k, the k largest suits need at most sum(min(cards, k)).
    """
    if any(not 1 <= s <= MAX_SUIT for s in suits):
        return False
    need = 0
    for k, size in enumerate(sorted(suits, reverse=True), start=1):
        need += size
        if need > sum(min(c, k) for c in MERCHANDISE):
            return False
    return True


def merchandise_value(suits: Sequence[int]) -> int:
    """The gold (or points, at the end) for a set of suits: the sale and scoring calculator."""
    return sum(suit_value(s) for s in suits)


def kumarbi_cost(spot: int, fakirs: int) -> int:
    """Cost of a paid spot when its owner discards `fakirs` Fakirs: the spot that many lower."""
    lower = spot + fakirs
    return COSTS[lower] if lower < len(COSTS) else 0


def rank(spot: int) -> int:
    """How many spots a paid spot sits above the 0s (spot '1' is 1, spot '18' is 6)."""
    return PAID_SPOTS - spot


# ---------------------------------------------------------------- state


@dataclass(frozen=True)
class Placement:
    """One marker put on the track. `spot` is 0..5 for paid spots, 6 for any 0."""

    seat: int
    spot: int
    paid: int
    fakirs: int = 0  # Fakirs discarded for Kumarbi's discount
    short: bool = False  # could pay no legal spot: took the cheapest for what it had

    @property
    def zero(self) -> bool:
        return self.spot >= PAID_SPOTS


@dataclass(frozen=True)
class Bid:
    """One bid for turn order: the bid order as an ordered round, and the markers placed."""

    turn: int
    order: OrderedRound
    placements: tuple[Placement, ...] = ()
    kumarbi_used: bool = False

    def track(self) -> tuple[Placement | None, ...]:
        """The nine spots, best first. A later 0 pushes earlier ones down the row."""
        paid: list[Placement | None] = [None] * PAID_SPOTS
        for p in self.placements:
            if not p.zero:
                paid[p.spot] = p
        zeros: list[Placement | None] = [p for p in reversed(self.placements) if p.zero]
        zeros += [None] * (ZERO_SPOTS - len(zeros))
        return (*paid, *zeros)

    def zeros_taken(self) -> int:
        return sum(1 for p in self.placements if p.zero)

    def taken(self, spot: int) -> Placement | None:
        return next((p for p in self.placements if p.spot == spot and not p.zero), None)

    def play_order(self) -> tuple[int, ...]:
        """From the most expensive spot down, then the 0s (last 0 taken first)."""
        return tuple(p.seat for p in self.track() if p is not None)


@dataclass(frozen=True)
class Sale:
    seat: int
    turn: int
    suits: tuple[int, ...]

    @property
    def gold(self) -> int:
        return merchandise_value(self.suits)


@dataclass(frozen=True)
class FiveTribesState:
    seats: tuple[Seat, ...]
    options: Mapping[str, Value]
    ledger: Ledger
    phase: Phase
    bid: Bid  # the current bid; kept through the play phase to show the track
    play: OrderedRound | None = None
    mode: Mode = ""
    fakirs: int = 0  # Fakirs chosen for Kumarbi while mode == "spot_f"
    sale: tuple[int, ...] = ()  # suits sold so far in the sale under way
    kumarbi: int | None = None  # the seat holding the Djinn Kumarbi
    bids: tuple[Bid, ...] = ()  # finished bids, for the outcome
    sales: tuple[Sale, ...] = ()
    unsold: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    unsold_done: frozenset[int] = frozenset()
    log: tuple[Msg, ...] = ()

    def gold(self, seat: int) -> int:
        return self.ledger.seat(seat)

    @property
    def actor(self) -> int | None:
        """Who acts now: the bidder in bid order, then the player in play order."""
        if self.phase == "bid":
            return self.bid.order.current
        if self.phase == "play" and self.play is not None:
            return self.play.current
        return None


def markers(n_seats: int) -> int:
    """Turn markers per seat: two in a 2-seat game, else one."""
    return 2 if n_seats == 2 else 1


def default_bid_order(first: int, n_seats: int) -> tuple[int, ...]:
    """Clockwise from `first`; with two seats each seat's markers alternate."""
    return clockwise_from(first, n_seats) * markers(n_seats)


# ---------------------------------------------------------------- the game


class FiveTribes:
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

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> FiveTribesState:
        first = int(options["first_bidder"])
        if first >= len(seats):
            raise IllegalAction(msg("No seat {n} to\nbid first", n=first + 1))
        start = int(options["start_gold"])
        ledger = Ledger.open({seat_account(i): start for i in range(len(seats))} | {SUPPLY: 0})
        bid = Bid(1, OrderedRound.of(default_bid_order(first, len(seats))))
        return FiveTribesState(seats, dict(options), ledger, "bid", bid,
                               log=(msg("Turn {n}: bid for turn order", n=1),))

    # -- transitions

    def apply(self, state: FiveTribesState, action: Action) -> Step[FiveTribesState]:
        if isinstance(action, Host):
            return self._host(state, action)
        if isinstance(action, Withdraw):
            return self._reopen(state, action.seat)
        if isinstance(action, Enter):
            if state.phase == "bid":
                return self._bid(state, action.seat, action.value)
            if state.phase == "play":
                return self._turn(state, action.seat, action.value)
            if state.phase == "scoring":
                return self._unsold(state, action.seat, action.value)
            raise IllegalAction("Game over")
        raise IllegalAction(msg("Not an action\nfor this game"))

    def _names(self, state: FiveTribesState) -> list[str]:
        return [s.name for s in state.seats]

    # -- host

    def _host(self, state: FiveTribesState, action: Host) -> Step[FiveTribesState]:
        names = self._names(state)
        if action.command == "bid_order":
            if state.phase != "bid" or state.bid.placements:
                raise IllegalAction("Bid order: only\nbefore any bid")
            order = self._parse_order(state, action.str_param("order"))
            line = msg("Bid order: {order}", order=", ".join(names[s] for s in order))
            bid = replace(state.bid, order=OrderedRound.of(order))
            return Step(replace(state, bid=bid, mode="", log=(*state.log, line)), (Event(line),))
        if action.command == "kumarbi":
            if state.options["kumarbi"] != "on":
                raise IllegalAction("Kumarbi is off\nin the options")
            seat = action.int_param("seat")
            if not -1 <= seat < len(state.seats):
                raise IllegalAction("Kumarbi: give a\nseat, or -1")
            owner = None if seat < 0 else seat
            line = (msg("{name} holds Kumarbi", name=names[seat]) if owner is not None
                    else msg("Nobody holds Kumarbi"))
            new = replace(state, kumarbi=owner, log=(*state.log, line))
            if state.mode in ("fakirs", "spot_f") and state.actor != owner:
                new = replace(new, mode="", fakirs=0)  # the half-done Kumarbi entry lapses
            return Step(new, (Event(line),))
        if action.command == "adjust":
            if state.phase == "over":
                raise IllegalAction("Game over")
            seat, amount = action.int_param("seat"), action.int_param("amount")
            if not 0 <= seat < len(state.seats) or amount == 0:
                raise IllegalAction("Adjust: a seat\nand an amount")
            reason = msg("host correction")
            if amount > 0:
                ledger = state.ledger.transfer(SUPPLY, seat_account(seat), amount, reason,
                                               secret=True)
            else:
                ledger = state.ledger.transfer(seat_account(seat), SUPPLY, -amount, reason,
                                               secret=True)
            # The amount stays off the table: gold is secret, the correction is not.
            line = msg("Host corrected {name}'s gold", name=names[seat])
            return Step(replace(state, ledger=ledger, log=(*state.log, line)),
                        (Event(line), Event(msg("Gold {amount:+d}", amount=amount), seat)))
        if action.command == "end":
            if state.phase != "bid" or state.bid.placements:
                raise IllegalAction("End only before\nthe first bid")
            line = msg("Game over: enter unsold merchandise")
            new = replace(state, phase="scoring", mode="", log=(*state.log, line))
            return Step(new, (Event(line),))
        raise IllegalAction(msg("Unknown command\n{c}", c=action.command))

    def _parse_order(self, state: FiveTribesState, text: str) -> tuple[int, ...]:
        n = len(state.seats)
        try:
            order = tuple(int(part) for part in text.replace(" ", "").split(","))
        except ValueError:
            raise IllegalAction("Bid order: seats\nlike 2,0,1") from None
        if sorted(order) != sorted(list(range(n)) * markers(n)):
            if markers(n) == 2:
                raise IllegalAction("Bid order: each\nseat twice")
            raise IllegalAction("Bid order: each\nseat once")
        return order

    # -- the bid for turn order

    def legal_spots(self, state: FiveTribesState, seat: int,
                    fakirs: int = 0) -> tuple[tuple[int, int], ...]:
        """(spot, price) pairs the seat may take now, best spot first.

        A taken paid spot is not offered; 0 only while fewer than three markers sit on 0s;
        a spot the seat cannot afford is not offered (its box is private, so hiding it
        tells the table nothing). With Kumarbi's `fakirs`, only paid spots at least that
        many above the 0s, each at the cost of the spot that many lower.
        """
        bid, gold = state.bid, state.gold(seat)
        free = [s for s in range(PAID_SPOTS) if bid.taken(s) is None]
        if fakirs:
            return tuple((s, kumarbi_cost(s, fakirs)) for s in free
                         if rank(s) >= fakirs and kumarbi_cost(s, fakirs) <= gold)
        spots = [(s, COSTS[s]) for s in free if COSTS[s] <= gold]
        if bid.zeros_taken() < ZERO_SPOTS:
            spots.append((PAID_SPOTS, 0))
        if not spots and free:
            # The 0s are full and no free spot is affordable (only a seat with no gold at
            # all can get here): it takes the cheapest free spot and pays what it has.
            spots.append((free[-1], gold))
        return tuple(spots)

    def kumarbi_fakirs_max(self, state: FiveTribesState, seat: int) -> int:
        """Most Fakirs Kumarbi can usefully take now: 0 when Kumarbi is not available."""
        if (state.options["kumarbi"] != "on" or state.kumarbi != seat
                or state.bid.kumarbi_used):
            return 0
        free = [rank(s) for s in range(PAID_SPOTS) if state.bid.taken(s) is None]
        return max(free, default=0)

    def _bid(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        state.bid.order.check_turn(seat, self._names(state))
        if state.mode == "fakirs":
            return self._bid_fakirs(state, seat, value)
        fakirs = state.fakirs if state.mode == "spot_f" else 0
        if value == BACK and state.mode == "spot_f":
            return Step(replace(state, mode="fakirs", fakirs=0))
        if value == FAKIRS and not fakirs:
            if state.options["kumarbi"] != "on":
                raise IllegalAction("Kumarbi is off")
            if state.kumarbi != seat:
                raise IllegalAction("Kumarbi is not\nyours")
            if state.bid.kumarbi_used:
                raise IllegalAction("Kumarbi used\nthis turn")
            if not self.kumarbi_fakirs_max(state, seat):
                raise IllegalAction("No paid spot\nis free")
            return Step(replace(state, mode="fakirs"))
        spot = self._spot_of(value)
        self._check_spot(state, seat, spot, fakirs)
        price = dict(self.legal_spots(state, seat, fakirs))[spot]
        return self._place(state, seat, spot, price, fakirs)

    def _bid_fakirs(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        if value == BACK:
            return Step(replace(state, mode="", fakirs=0))
        top = self.kumarbi_fakirs_max(state, seat)
        if not isinstance(value, int) or not 1 <= value <= top:
            raise IllegalAction(msg("Fakirs: 1 to {n}", n=top))
        if not self.legal_spots(state, seat, value):
            raise IllegalAction(msg("None affordable\nwith {k} Fakirs", k=value))
        return Step(replace(state, mode="spot_f", fakirs=value))

    @staticmethod
    def _spot_of(value: Value) -> int:
        """The spot a choice key names: the spot's cost, as the box's key or a number."""
        try:
            cost = int(value)
        except ValueError:
            raise IllegalAction("No such spot\n18 12 8 5 3 1 0") from None
        if cost not in COSTS:
            raise IllegalAction("No such spot\n18 12 8 5 3 1 0")
        return COSTS.index(cost)

    def _check_spot(self, state: FiveTribesState, seat: int, spot: int, fakirs: int) -> None:
        """Refuse a spot that is not among the legal ones, saying why."""
        if spot in dict(self.legal_spots(state, seat, fakirs)):
            return
        bid = state.bid
        if spot >= PAID_SPOTS:
            if fakirs:
                raise IllegalAction("Fakirs only pay\nfor a paid spot")
            raise IllegalAction("The 0s are full\nbid at least 1")
        if bid.taken(spot) is not None:
            raise IllegalAction(msg("Spot {c} taken", c=COSTS[spot]))
        if fakirs and rank(spot) < fakirs:
            raise IllegalAction(msg("Too many Fakirs\nfor spot {c}", c=COSTS[spot]))
        price = kumarbi_cost(spot, fakirs) if fakirs else COSTS[spot]
        raise IllegalAction(msg("Can't afford {c}\nyou have {n}", c=price, n=state.gold(seat)))

    def _place(self, state: FiveTribesState, seat: int, spot: int, price: int,
               fakirs: int) -> Step[FiveTribesState]:
        names = self._names(state)
        name = names[seat]
        short = spot < PAID_SPOTS and not fakirs and price < COSTS[spot]
        ledger = state.ledger.transfer(
            seat_account(seat), SUPPLY, price, msg("turn order spot {c}", c=COSTS[spot]))
        placement = Placement(seat, spot, price, fakirs, short)
        if spot >= PAID_SPOTS:
            line = msg("{name} bids 0", name=name)
            if state.bid.zeros_taken():
                line = msg("{name} bids 0 and pushes the other 0s down", name=name)
        elif fakirs:
            line = msg("{name} takes {c} with Kumarbi ({k} Fakirs): pays {p}",
                       name=name, c=COSTS[spot], k=fakirs, p=price)
        elif short:
            line = msg("{name} must take {c} and pays all the gold held", name=name, c=COSTS[spot])
        else:
            line = msg("{name} takes {c}: pays {c}", name=name, c=COSTS[spot])
        bid = replace(state.bid, order=state.bid.order.advance(),
                      placements=(*state.bid.placements, placement),
                      kumarbi_used=state.bid.kumarbi_used or fakirs > 0)
        state = replace(state, ledger=ledger, bid=bid, mode="", fakirs=0,
                        log=(*state.log, line))
        events: list[Event] = [Event(line)]
        if bid.order.done:
            order = bid.play_order()
            done = msg("Play order: {order}", order=", ".join(names[s] for s in order))
            state = replace(state, phase="play", play=OrderedRound.of(order),
                            log=(*state.log, done))
            events += [Event(done), Event(msg("You play first"), order[0])]
        return Step(state, tuple(events))

    # -- a seat's turn: SELL / MARKET / GOLD +/- / DONE

    def _turn(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        assert state.play is not None
        state.play.check_turn(seat, self._names(state))
        name = self._names(state)[seat]
        gold = state.gold(seat)
        if state.mode == "sell":
            return self._sell(state, seat, value)
        if state.mode in ("gain", "pay"):
            return self._amount(state, seat, value)
        if value == SELL:
            return Step(replace(state, mode="sell", sale=()))
        if value in (SMALL, LARGE):
            cost, label = ((SMALL_MARKET, msg("Small Market")) if value == SMALL
                           else (LARGE_MARKET, msg("Large Market")))
            if gold < cost:
                raise IllegalAction(msg("Cannot pay {c}\nyou have {n}", c=cost, n=gold))
            ledger = state.ledger.transfer(seat_account(seat), SUPPLY, cost, label)
            line = msg("{name}: {market}, pays {c}", name=name, market=label, c=cost)
            return Step(replace(state, ledger=ledger, log=(*state.log, line)), (Event(line),))
        if value == GAIN:
            return Step(replace(state, mode="gain"))
        if value == PAY:
            if gold == 0:
                raise IllegalAction("No gold to pay")
            return Step(replace(state, mode="pay"))
        if value == DONE:
            return self._done(state, seat)
        raise IllegalAction("Pick from the\nmenu")

    def _sell(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        name = self._names(state)[seat]
        if value == END:
            if not state.sale:
                return Step(replace(state, mode=""))
            assert state.play is not None
            sale = Sale(seat, state.bid.turn, state.sale)
            # Public: that a sale happened. Private: what it paid (gold is secret).
            line = msg("{name} sold merchandise", name=name)
            new = replace(state, mode="", sale=(), sales=(*state.sales, sale),
                          log=(*state.log, line))
            return Step(new, (Event(line), Event(msg("Sale: +{g} gold", g=sale.gold), seat)))
        if not isinstance(value, int) or not 1 <= value <= MAX_SUIT:
            raise IllegalAction("A suit is 1 to 9\ncards")
        suits = (*state.sale, value)
        if not suits_possible(suits):
            raise IllegalAction("Not enough cards\nfor these suits")
        gain = suit_value(value)
        ledger = state.ledger.transfer(SUPPLY, seat_account(seat), gain,
                                       msg("suit of {n}", n=value), secret=True)
        total = merchandise_value(suits)
        return Step(replace(state, ledger=ledger, sale=suits),
                    (Event(msg("Suit {n}: +{g}\nsale +{t}", n=value, g=gain, t=total), seat),))

    def _amount(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        name = self._names(state)[seat]
        gold = state.gold(seat)
        if value == BACK:
            return Step(replace(state, mode=""))
        if state.mode == "gain":
            if not isinstance(value, int) or not 1 <= value <= MAX_ENTRY:
                raise IllegalAction(msg("Gain 1 to {hi}", hi=MAX_ENTRY))
            ledger = state.ledger.transfer(SUPPLY, seat_account(seat), value, msg("gold gained"),
                                           secret=True)
            line = msg("{name} takes gold", name=name)
            private = msg("Gold +{n}", n=value)
        else:
            if not isinstance(value, int) or value < 1:
                raise IllegalAction(msg("Pay 1 to {hi}", hi=max(gold, 1)))
            if value > gold:
                raise IllegalAction(msg("Cannot pay {c}\nyou have {n}", c=value, n=gold))
            ledger = state.ledger.transfer(seat_account(seat), SUPPLY, value, msg("gold paid"),
                                           secret=True)
            line = msg("{name} pays gold", name=name)
            private = msg("Gold -{n}", n=value)
        return Step(replace(state, ledger=ledger, mode="", log=(*state.log, line)),
                    (Event(line), Event(private, seat)))

    def _done(self, state: FiveTribesState, seat: int) -> Step[FiveTribesState]:
        assert state.play is not None
        names = self._names(state)
        play = state.play.advance()
        line = msg("{name} ends the turn", name=names[seat])
        if not play.done:
            nxt = play.current
            assert nxt is not None
            new = replace(state, play=play, mode="", log=(*state.log, line))
            return Step(new, (Event(line), Event(msg("Your turn"), nxt)))
        # Every marker moved to the Bid Order track in play order: that is the next bid order.
        order = state.bid.play_order()
        turn = state.bid.turn + 1
        head = msg("Turn {n}: bid for turn order", n=turn)
        new = replace(state, phase="bid", play=None, mode="", bids=(*state.bids, state.bid),
                      bid=Bid(turn, OrderedRound.of(order)), log=(*state.log, line, head))
        return Step(new, (Event(line), Event(head), Event(msg("You bid first"), order[0])))

    # -- the end: unsold merchandise, then the final screen

    def _unsold(self, state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
        if seat in state.unsold_done:
            raise IllegalAction("Already done\nhold OK to redo")
        suits = state.unsold.get(seat, ())
        name = self._names(state)[seat]
        if value == END:
            done = state.unsold_done | {seat}
            line = msg("{name} has entered the merchandise", name=name)
            new = replace(state, unsold_done=done, unsold={**state.unsold, seat: suits},
                          log=(*state.log, line))
            events = [Event(line)]
            if len(done) == len(state.seats):
                over = msg("Game over: gold and merchandise revealed")
                new = replace(new, phase="over", log=(*new.log, over))
                events.append(Event(over))
            return Step(new, tuple(events))
        if not isinstance(value, int) or not 1 <= value <= MAX_SUIT:
            raise IllegalAction("A suit is 1 to 9\ncards")
        suits = (*suits, value)
        if not suits_possible(suits):
            raise IllegalAction("Not enough cards\nfor these suits")
        return Step(replace(state, unsold={**state.unsold, seat: suits}),
                    (Event(msg("Suit {n}: {g}\nunsold {t}", n=value, g=suit_value(value),
                               t=merchandise_value(suits)), seat),))

    def _reopen(self, state: FiveTribesState, seat: int) -> Step[FiveTribesState]:
        """Hold OK after entering the unsold merchandise: enter it again (until all are in)."""
        if state.phase != "scoring" or seat not in state.unsold_done:
            raise IllegalAction("Nothing to\nunlock")
        line = msg("{name} enters the merchandise again", name=self._names(state)[seat])
        new = replace(state, unsold_done=state.unsold_done - {seat},
                      unsold={s: v for s, v in state.unsold.items() if s != seat},
                      log=(*state.log, line))
        return Step(new, (Event(line),))

    # -- the seat's own box

    def prompt(self, state: FiveTribesState, seat: int) -> Prompt:
        gold = state.gold(seat)
        names = self._names(state)
        actor = state.actor
        if state.phase == "bid":
            if actor != seat:
                who = names[actor] if actor is not None else ""
                return Prompt("wait", msg("Wait"), info=msg("{name} bids", name=who), money=gold)
            return self._bid_prompt(state, seat, gold)
        if state.phase == "play":
            if actor != seat:
                who = names[actor] if actor is not None else ""
                return Prompt("wait", msg("Wait"), info=msg("{name} plays", name=who), money=gold)
            return self._turn_prompt(state, gold)
        if state.phase == "scoring":
            value = merchandise_value(state.unsold.get(seat, ()))
            if seat in state.unsold_done:
                return Prompt("number", msg("Unsold"), locked=True, locked_value=value,
                              unlockable=len(state.unsold_done) < len(state.seats), money=gold)
            # The label stays put (the running total flashes): a changing label would reset
            # the draft on the box, and "Unsold 120" would not fit beside the gold.
            return Prompt("number", msg("Unsold?"), lo=1, hi=MAX_SUIT, initial=1,
                          extras=(Choice(END, msg("DONE")),), money=gold, must_act=True)
        mine = merchandise_value(state.unsold.get(seat, ()))
        return Prompt("wait", msg("Over"), info=msg("Merchandise {m}", m=mine), money=gold)

    def _bid_prompt(self, state: FiveTribesState, seat: int, gold: int) -> Prompt:
        if state.mode == "fakirs":
            top = self.kumarbi_fakirs_max(state, seat)
            return Prompt("number", msg("Fakirs?"), lo=1, hi=top, initial=1,
                          extras=(Choice(BACK, msg("BACK")),), money=gold, must_act=True)
        fakirs = state.fakirs if state.mode == "spot_f" else 0
        choices = []
        for spot, price in self.legal_spots(state, seat, fakirs):
            key = str(COSTS[spot])
            # The label is the spot; a different price (Kumarbi, no gold) follows a colon.
            label = msg("{c}", c=COSTS[spot]) if price == COSTS[spot] else msg(
                "{c}:{p}", c=COSTS[spot], p=price)
            choices.append(Choice(key, label))
        if fakirs:
            choices.append(Choice(BACK, msg("BACK")))
            label = msg("Spot {k}F", k=fakirs)
        else:
            if self.kumarbi_fakirs_max(state, seat):
                choices.append(Choice(FAKIRS, msg("FAKIR")))
            mine = sum(1 for p in state.bid.placements if p.seat == seat)
            label = msg("Spot 2?") if mine else msg("Spot?")
        return Prompt("choice", label, choices=tuple(choices), initial=choices[0].key,
                      money=gold, must_act=True)

    def _turn_prompt(self, state: FiveTribesState, gold: int) -> Prompt:
        if state.mode == "sell":
            return Prompt("number", msg("Suit?"), lo=1, hi=MAX_SUIT, initial=1,
                          extras=(Choice(END, msg("END")),), money=gold, must_act=True)
        if state.mode == "gain":
            return Prompt("number", msg("Gain?"), lo=1, hi=MAX_ENTRY, initial=1,
                          extras=(Choice(BACK, msg("BACK")),), money=gold, must_act=True)
        if state.mode == "pay":
            return Prompt("number", msg("Pay?"), lo=1, hi=max(gold, 1), initial=1,
                          extras=(Choice(BACK, msg("BACK")),), money=gold, must_act=True)
        menu = (Choice(SELL, msg("SELL")), Choice(SMALL, msg("MKT 3")),
                Choice(LARGE, msg("MKT 6")), Choice(GAIN, msg("GOLD+")),
                Choice(PAY, msg("GOLD-")), Choice(DONE, msg("DONE")))
        return Prompt("choice", msg("Turn"), choices=menu, initial=SELL, money=gold,
                      must_act=True)

    def host_commands(self, state: FiveTribesState) -> tuple[HostCommand, ...]:
        names = self._names(state)
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

    # -- the public table (never a seat's gold before the game is over)

    def table(self, state: FiveTribesState) -> TableView:
        names = self._names(state)
        actor = state.actor
        seats = []
        for i, s in enumerate(state.seats):
            status: Any = "waiting"
            if state.phase in ("bid", "play"):
                if i == actor:
                    status = "turn"
                elif self._acted(state, i):
                    status = "done"
            elif state.phase == "scoring":
                status = "done" if i in state.unsold_done else "thinking"
            else:
                status = "done"
            badges = (msg("Kumarbi"),) if state.kumarbi == i else ()
            seats.append(SeatLine(i, s.name, s.colour, None, status, badges))
        panels = [self._track_panel(state)] if state.phase in ("bid", "play") else []
        if state.phase == "bid":
            panels.append(self._order_panel(state, state.bid.order, msg("Bid order"), "bids"))
            who = names[actor] if actor is not None else ""
            headline = msg("Turn {n}: bid for turn order", n=state.bid.turn)
            detail = msg("{name} picks a spot on the turn order track.", name=who)
        elif state.phase == "play" and state.play is not None:
            panels.append(self._order_panel(state, state.play, msg("Play order"), "plays"))
            who = names[actor] if actor is not None else ""
            headline = msg("Turn {n}: {name} plays", n=state.bid.turn, name=who)
            detail = msg("Play order: {order}. Next bid order: the same.",
                         order=", ".join(names[s] for s in state.play.order))
        elif state.phase == "scoring":
            panels.append(self._suits_panel())
            headline = msg("Game over: unsold merchandise")
            detail = msg("Each seat enters its unsold suits on its box.")
        else:
            panels.append(self._final_panel(state))
            headline = msg("Game over")
            detail = msg("Gold and merchandise; add the other points from the score pad.")
        return TableView(self.name, headline, detail, tuple(seats), tuple(panels),
                         state.log[-6:], final=state.phase == "over")

    def _acted(self, state: FiveTribesState, seat: int) -> bool:
        """A seat with no marker still to act in this bid or play."""
        rnd = state.bid.order if state.phase == "bid" else state.play
        return rnd is not None and seat not in rnd.order[rnd.pos:]

    def _track_panel(self, state: FiveTribesState) -> Panel:
        names = self._names(state)
        rows: list[tuple[Cell, ...]] = [
            (Cell(msg("Spot"), "head"), Cell(msg("Marker"), "head"), Cell(msg("Paid"), "head"))]
        for spot, p in enumerate(state.bid.track()):
            cost = str(COSTS[spot])
            if p is None:
                rows.append((Cell(cost, "dim"), Cell("-", "dim"), Cell("", "dim")))
                continue
            paid: Msg | str = str(p.paid)
            if p.fakirs:
                paid = msg("{p} (Kumarbi, {k} Fakirs)", p=p.paid, k=p.fakirs)
            elif p.short:
                paid = msg("all it had")
            rows.append((Cell(cost), Cell(names[p.seat]), Cell(paid)))
        zeros = state.bid.zeros_taken()
        note = (msg("The last seat to bid 0 plays first among the 0s.") if zeros > 1
                else msg("0s taken: {z} of 3.", z=zeros))
        return Panel(msg("Turn order track"), tuple(rows), note)

    def _order_panel(self, state: FiveTribesState, rnd: OrderedRound, title: Msg,
                     verb: str) -> Panel:
        names = self._names(state)
        rows = []
        for k, seat in enumerate(rnd.order):
            style: Style = "dim" if k < rnd.pos else ("win" if k == rnd.pos else "")
            now = msg("bids now") if verb == "bids" else msg("plays now")
            what: Msg | str = now if k == rnd.pos else ""
            rows.append((Cell(str(k + 1), style), Cell(names[seat], style), Cell(what, style)))
        note = None
        if verb == "plays":
            note = msg("Each marker moves to the Bid Order track as its turn starts: "
                       "next turn's bid order is this play order.")
        elif markers(len(state.seats)) == 2:
            note = msg("Two seats: each has two markers and may play twice, even in a row.")
        return Panel(title, tuple(rows), note)

    def _suits_panel(self) -> Panel:
        sizes = range(1, MAX_SUIT + 1)
        rows = ((Cell(msg("Cards"), "head"), *(Cell(str(n), "head") for n in sizes)),
                (Cell(msg("Gold")), *(Cell(str(SUIT_VALUES[n])) for n in sizes)))
        return Panel(msg("Merchandise suits"), rows,
                     msg("A suit is cards of all-different types; Fakirs do not count."))

    def _final_panel(self, state: FiveTribesState) -> Panel:
        names = self._names(state)
        rows: list[tuple[Cell, ...]] = [
            (Cell(msg("Seat"), "head"), Cell(msg("Gold"), "head"),
             Cell(msg("Merchandise"), "head"), Cell(msg("Total"), "head"))]
        totals = {i: state.gold(i) + merchandise_value(state.unsold.get(i, ()))
                  for i in range(len(names))}
        top = max(totals.values())
        for i in sorted(totals, key=lambda s: (-totals[s], s)):
            suits = state.unsold.get(i, ())
            merch = str(merchandise_value(suits))
            if suits:
                merch = f"{merch} ({'+'.join(str(s) for s in suits)})"
            style: Style = "win" if totals[i] == top else ""
            rows.append((Cell(names[i], style), Cell(str(state.gold(i))), Cell(merch),
                         Cell(str(totals[i]), style)))
        return Panel(msg("Gold and merchandise"), tuple(rows),
                     msg("Viziers, Elders, Djinns, tiles, palm trees and palaces are not "
                         "counted here."))

    # -- replay --json

    def outcome(self, state: FiveTribesState) -> dict[str, Any]:
        names = self._names(state)

        def bid_json(b: Bid) -> dict[str, Any]:
            return {
                "turn": b.turn,
                "bid_order": list(b.order.order),
                "placements": [{"seat": p.seat, "name": names[p.seat], "spot": COSTS[p.spot],
                                "paid": p.paid, "fakirs": p.fakirs, "short": p.short}
                               for p in b.placements],
                "track": [None if p is None else {"spot": COSTS[k], "seat": p.seat,
                                                  "name": names[p.seat], "paid": p.paid}
                          for k, p in enumerate(b.track())],
                "play_order": list(b.play_order()) if b.order.done else None,
                "kumarbi_used": b.kumarbi_used,
            }

        out: dict[str, Any] = {
            "game": self.id,
            "phase": state.phase,
            "turn": state.bid.turn,
            "money": [{"seat": i, "name": n, "money": state.gold(i)} for i, n in enumerate(names)],
            "supply": state.ledger.balance(SUPPLY),
            "bid": bid_json(state.bid),
            "bids": [bid_json(b) for b in state.bids],
            "current": state.actor,
            "mode": state.mode,
            "play_order": list(state.play.order) if state.play is not None else None,
            "next_bid_order": (list(state.bid.play_order()) if state.bid.order.done
                               else None),
            "kumarbi": state.kumarbi,
            "sales": [{"seat": s.seat, "name": names[s.seat], "turn": s.turn,
                       "suits": list(s.suits), "gold": s.gold} for s in state.sales],
            "sale_in_progress": list(state.sale),
        }
        if state.phase in ("scoring", "over"):
            out["merchandise"] = [
                {"seat": i, "name": n, "suits": list(state.unsold.get(i, ())),
                 "value": merchandise_value(state.unsold.get(i, ())),
                 "done": i in state.unsold_done} for i, n in enumerate(names)]
        if state.phase == "over":
            out["final"] = [
                {"seat": i, "name": n, "gold": state.gold(i),
                 "merchandise": merchandise_value(state.unsold.get(i, ())),
                 "total": state.gold(i) + merchandise_value(state.unsold.get(i, ()))}
                for i, n in enumerate(names)]
        return out


GAME = FiveTribes()
