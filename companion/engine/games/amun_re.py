"""Amun-Re: the province auction on the boxes, the secret offering, and hidden gold.

Rules: shared/rules.md sections 0 and 3; seed shared/seeds/002_*.txt (the 2003 auction text,
our default); the 2016 rules are the `edition = "2016"` preset. This module owns one game's
money flow and everything the seats enter:

  provinces (host offers one per seat) -> auction (ordered placements on bid spaces 0, 1, 3,
  6, 10, ... with Bid Blockade / Outbid in the Same Province) -> settle (2003: sell the cards
  a bid needs; pay; immediate province bonuses) -> buying (in turn: cards, farmers, stones at
  n(n+1)/2 each) -> offering (sealed: gold or "steal 3") -> rewards (which items were cards)
  -> income (harvest and other income) -> next round; after the last round, the gold bonus.

Gold is hidden: the table never shows a seat's gold (SeatLine.money is None) and `table()`
never reads the ledger or the hands until the game is over, so it cannot leak them. Power
cards are tracked per seat as a count plus which of them are the two auction cards; card
draws happen at the table, so the seat enters what it drew. Public log lines carry only what
the table sees anyway: bids and their prices, revealed offers, entered income.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..actions import Action, Enter, Host, Value, Withdraw
from ..errors import IllegalAction
from ..game import Event, HostCommand, OptionSpec, Step
from ..ledger import SUPPLY, Ledger, seat_account
from ..prompts import Choice, Prompt
from ..rounds.ordered import OrderedRound
from ..rounds.sealed import SealedRound
from ..seats import Seat, clockwise_from
from ..text import Msg, msg
from ..views import Cell, Panel, SeatLine, TableView

# The board's provinces, by name. Only these are confirmed by a source we could read:
#   Abydos, Sawu, Dakhla, Baharya - the seed's auction example (S2 = spielbyweb rules pg=6);
#   Memphis, Amarna, Avaris, Buto, Mendes - the 2003 buying examples (spielbyweb rules pg=7);
#   Thebes, Edfu - the 2016 rulebook's examples (AR16, rules.md source table).
# The board has 15 (2016 rulebook: 7 in Lower Egypt, 8 in Upper Egypt); the other four names
# were not found in any source we could reach, so they are numbered until someone confirms them.
PROVINCES: tuple[str, ...] = (
    "Abydos", "Amarna", "Avaris", "Baharya", "Buto", "Dakhla", "Edfu", "Memphis", "Mendes",
    "Sawu", "Thebes", "Province 12", "Province 13", "Province 14", "Province 15",
)

BLOCKADE = "blockade"  # 2003 Bid Blockade = 2016 Protection (rules.md 0: same effect)
OUTBID = "outbid"  # 2003 Outbid in the Same Province = 2016 Bribery
SELL = "sell"
USED = "used"  # a power card played outside the auction (Master Builder, harvest cards ...)
BACK = "back"
STEAL = "steal"
THEFT = 3  # gold a thief takes from the bank; also what it takes off the offering total
START_ITEMS = (3, 2)  # highest offer 3 items, second 2, every other non-thief 1
MAX_BUY_CARDS = 4  # the best province's card symbols allow 0-4 (rules.md 3.1)
MAX_BUY = 15  # farmers/stones offered on the box (fields and gold limit it long before)
MAX_DRAWN_KIND = 4
MAX_BONUS_GOLD = 99
MAX_BONUS_CARDS = 4
MAX_INCOME = 999
KINGDOM_ROUNDS = 3
# Offering tiles (2016: "<=2", "3-12", "13-22", ">=23"); the 2003 temple track's ranges are
# only confirmed for "3-12" (SBW-8), so both editions use the 2016 tiles (rules.md 3.4).
TEMPLE_RANGES: tuple[tuple[int | None, int | None], ...] = (
    (None, 2), (3, 12), (13, 22), (23, None))
GOLD_BONUS = {"6-2": (6, 2), "6-4-2": (6, 4, 2)}

Phase = Literal["provinces", "auction", "settle", "buying", "offering", "rewards", "income", "over"]
AskKind = Literal["sell", "bonus_gold", "bonus_cards", "drew", "buy_cards", "buy_farmers",
                  "buy_stones", "reward_cards", "income"]


def space_value(index: int) -> int:
    """Bid space `index` (0-based) is worth the triangular number: 0, 1, 3, 6, 10, 15, ..."""
    return index * (index + 1) // 2


def space_index(value: int) -> int | None:
    """The bid space printed with `value`, or None when no space shows that number."""
    i = 0
    while space_value(i) < value:
        i += 1
    return i if space_value(i) == value else None


def buy_cost(n: int) -> int:
    """Buying n items of one type costs 1, 3, 6, 10, ... (n(n+1)/2; SBW-7, AR16)."""
    return n * (n + 1) // 2


def temple(total: int) -> int:
    """Index of the offering tile / temple range the collective total falls in."""
    for i, (lo, hi) in enumerate(TEMPLE_RANGES):
        if (lo is None or total >= lo) and (hi is None or total <= hi):
            return i
    raise AssertionError(total)


def temple_label(i: int) -> Msg:
    lo, hi = TEMPLE_RANGES[i]
    if lo is None:
        return msg("{n} or less", n=hi if hi is not None else 0)
    if hi is None:
        return msg("{n} or more", n=lo)
    return msg("{lo}-{hi}", lo=lo, hi=hi)


def gold_bonus(golds: Mapping[int, int], awards: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Seat -> (rank, bonus VP). Tied seats share the higher award and push the next down
    (AR16: two tied for most both get +6, the next gets +2); used for both editions."""
    out: dict[int, tuple[int, int]] = {}
    for s, g in golds.items():
        rank = 1 + sum(1 for o in golds.values() if o > g)
        out[s] = (rank, awards[rank - 1] if rank <= len(awards) else 0)
    return out


# ---------------------------------------------------------------- state


@dataclass(frozen=True)
class Hand:
    """A seat's power cards: how many, and which of them are the two auction cards."""

    other: int = 0
    blockade: int = 0
    outbid: int = 0

    @property
    def total(self) -> int:
        return self.other + self.blockade + self.outbid

    def without(self, n: int) -> Hand:
        """Sell or discard n cards; the auction cards go last (the seat keeps its options),
        Outbid before Blockade. A seat that wants otherwise asks the host (`cards`)."""
        other = min(self.other, n)
        n -= other
        outbid = min(self.outbid, n)
        n -= outbid
        blockade = min(self.blockade, n)
        return Hand(self.other - other, self.blockade - blockade, self.outbid - outbid)

    def play(self, card: str) -> Hand:
        if card == BLOCKADE:
            return replace(self, blockade=self.blockade - 1)
        return replace(self, outbid=self.outbid - 1)

    def add(self, n: int, blockade: int = 0, outbid: int = 0) -> Hand:
        """n new cards, of which `blockade` and `outbid` are auction cards."""
        return Hand(self.other + n - blockade - outbid, self.blockade + blockade,
                    self.outbid + outbid)


@dataclass(frozen=True)
class Bid:
    """A seat's pawn on a province's bid space."""

    seat: int
    province: str
    space: int

    @property
    def value(self) -> int:
        return space_value(self.space)


@dataclass(frozen=True)
class Placement:
    """One bid placed, as it happened (for the outcome and the worked examples)."""

    bidding_round: int
    seat: int
    province: str
    value: int
    card: str | None  # OUTBID when the seat rebid on the province it had just lost
    outbid: int | None  # the seat this bid outbid


@dataclass(frozen=True)
class Auction:
    provinces: tuple[str, ...]
    turns: OrderedRound
    bids: Mapping[int, Bid] = field(default_factory=dict)  # each seat's current pawn
    protected: frozenset[int] = frozenset()  # seats with Bid Blockade / Protection active
    played: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # auction cards played
    pending: str | None = None  # province the current seat picked; its bid space comes next
    pending_outbid: bool = False  # ... played with Outbid in the Same Province / Bribery
    bidding_round: int = 1
    placements: tuple[Placement, ...] = ()
    passes: tuple[tuple[int, int], ...] = ()  # 2016 (bidding round, seat) passing while winning
    over: bool = False

    def top(self, province: str, excluding: int | None = None) -> Bid | None:
        here = [b for s, b in self.bids.items() if b.province == province and s != excluding]
        return max(here, key=lambda b: b.space) if here else None

    def is_outbid(self, seat: int) -> bool:
        bid = self.bids.get(seat)
        if bid is None:
            return False
        top = self.top(bid.province)
        return top is not None and top.seat != seat

    def lost(self, seat: int) -> str | None:
        """The province this seat was just outbid on (where its losing pawn still stands)."""
        return self.bids[seat].province if self.is_outbid(seat) else None

    def min_space(self, province: str, seat: int) -> int:
        """Lowest space `seat` may take: above every other pawn there, two spaces above a
        protected leader (Bid Blockade / Protection)."""
        top = self.top(province, excluding=seat)
        if top is None:
            return 0
        return top.space + (2 if top.seat in self.protected else 1)


@dataclass(frozen=True)
class Offering:
    entries: SealedRound
    offers: Mapping[int, int] = field(default_factory=dict)  # after the reveal: seat -> gold
    thieves: tuple[int, ...] = ()
    total: int = 0
    tile: int = 0
    items: Mapping[int, int] = field(default_factory=dict)  # seat -> reward items
    ranking: tuple[int, ...] = ()  # non-thieves, highest offer first (ties: turn order)
    revealed: bool = False


@dataclass(frozen=True)
class Purchase:
    cards: int = 0
    farmers: int = 0
    stones: int = 0

    @property
    def cost(self) -> int:
        return buy_cost(self.cards) + buy_cost(self.farmers) + buy_cost(self.stones)


@dataclass(frozen=True)
class Round:
    number: int
    start_player: int
    auction: Auction
    owners: Mapping[str, int] = field(default_factory=dict)  # after the auction
    purchases: Mapping[int, Purchase] = field(default_factory=dict)
    offering: Offering | None = None


@dataclass(frozen=True)
class Ask:
    """One question queued for a seat in a phase where seats answer at their own pace."""

    kind: AskKind
    n: int = 0  # cards to sell (sell), cards drawn (drew), reward items (reward_cards)


@dataclass(frozen=True)
class AmunReState:
    seats: tuple[Seat, ...]
    options: Mapping[str, Value]
    ledger: Ledger
    hands: tuple[Hand, ...]
    phase: Phase
    start_player: int
    round_no: int = 0  # rounds begun
    offered: tuple[str, ...] = ()  # provinces the host has chosen for the coming auction
    taken: frozenset[str] = frozenset()  # provinces sold this kingdom (the deck holds 15)
    rounds: tuple[Round, ...] = ()
    asks: Mapping[int, tuple[Ask, ...]] = field(default_factory=dict)
    buying: OrderedRound | None = None
    log: tuple[Msg, ...] = ()

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def edition(self) -> str:
        return str(self.options["edition"])

    def gold(self, seat: int) -> int:
        return self.ledger.seat(seat)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def setting(self, name: str, by_edition: dict[str, str]) -> str:
        """An option that defaults to the edition's reading."""
        value = str(self.options[name])
        return by_edition[self.edition] if value == "edition" else value


def _afford(state: AmunReState) -> str:
    return state.setting("affordability", {"2003": "gold_and_cards", "2016": "gold"})


def _order_rule(state: AmunReState) -> str:
    return state.setting("rebid_order", {"2003": "rounds", "2016": "turns"})


def _awards(state: AmunReState) -> tuple[int, ...]:
    return GOLD_BONUS[state.setting("gold_bonus", {"2003": "6-2", "2016": "6-4-2"})]


def card_name(state: AmunReState, card: str) -> Msg:
    if state.edition == "2016":
        return msg("Protection") if card == BLOCKADE else msg("Bribery")
    return msg("Bid Blockade") if card == BLOCKADE else msg("Outbid in the Same Province")


def _card_short(state: AmunReState, card: str) -> Msg:
    if state.edition == "2016":
        return msg("Protect") if card == BLOCKADE else msg("Bribery")
    return msg("Blockade") if card == BLOCKADE else msg("Outbid")


def _int(value: Value) -> int | None:
    """A number entered on a number prompt, or a numeric choice key ("10")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = value.strip()
    return int(text) if text.isdigit() else None


def _province(name: str) -> str | None:
    key = name.strip().lower()
    return next((p for p in PROVINCES if p.lower() == key), None)


# ---------------------------------------------------------------- the game


class AmunRe:
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
    )

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> AmunReState:
        sp = int(options["start_player"])
        if sp >= len(seats):
            raise IllegalAction(msg("No seat {n} for\nthe Pharaoh", n=sp + 1))
        gold = int(options["start_gold"])
        ledger = Ledger.open({seat_account(i): gold for i in range(len(seats))} | {SUPPLY: 0})
        hands = tuple(Hand(other=int(options["start_cards"])) for _ in seats)
        return AmunReState(seats, dict(options), ledger, hands, "provinces", sp)

    # -- transitions

    def apply(self, state: AmunReState, action: Action) -> Step[AmunReState]:
        if isinstance(action, Host):
            return self._host(state, action)
        if isinstance(action, Withdraw):
            return self._withdraw(state, action.seat)
        if isinstance(action, Enter):
            if state.phase == "auction":
                return self._auction_enter(state, action.seat, action.value)
            if state.phase == "offering":
                return self._offer(state, action.seat, action.value)
            if state.phase in ("settle", "buying", "rewards", "income"):
                return self._answer(state, action.seat, action.value)
            raise IllegalAction("Nothing to enter\nright now")
        raise IllegalAction("Not for this\ngame")

    # -- host

    def _host(self, state: AmunReState, action: Host) -> Step[AmunReState]:
        cmd = action.command
        names = state.names()
        if cmd in ("offer", "provinces"):
            if state.phase != "provinces":
                raise IllegalAction("Not between\nrounds")
            wanted = ([action.str_param("province")] if cmd == "offer"
                      else [p for p in action.str_param("names").split(",") if p.strip()])
            if not wanted:
                raise IllegalAction("Name a province")
            offered = list(state.offered)
            for raw in wanted:
                prov = _province(raw)
                if prov is None:
                    raise IllegalAction(msg("No province\n{name}", name=raw.strip()))
                if prov in offered:
                    raise IllegalAction(msg("{name} is\nalready offered", name=prov))
                if prov in state.taken:
                    raise IllegalAction(msg("{name} was sold\nthis kingdom", name=prov))
                if len(offered) == len(state.seats):
                    raise IllegalAction(msg("{n} provinces:\none per seat",
                                            n=len(state.seats)))
                offered.append(prov)
            state = replace(state, offered=tuple(offered))
            if len(offered) == len(state.seats):
                return self._start_auction(state)
            line = msg("Offered: {list}", list=", ".join(offered))
            return Step(replace(state, log=(*state.log, line)), (Event(line),))
        if cmd == "start_player":
            seat = action.int_param("seat")
            if not 0 <= seat < len(state.seats):
                raise IllegalAction(msg("No seat {n}", n=seat + 1))
            if state.phase != "provinces":
                raise IllegalAction("Between rounds\nonly")
            line = msg("Starting Player: {name}", name=names[seat])
            return Step(replace(state, start_player=seat, log=(*state.log, line)), (Event(line),))
        if cmd in ("adjust", "cards") and state.phase in ("auction", "settle", "offering"):
            # Bids, sales and sealed offers were checked against the gold and cards held.
            raise IllegalAction("Correct after\nthis phase")
        if cmd == "adjust":
            seat, amount = action.int_param("seat"), action.int_param("amount")
            if not 0 <= seat < len(state.seats) or amount == 0:
                raise IllegalAction("Adjust needs a\nseat and amount")
            reason = msg("host correction")
            if -amount > state.gold(seat):
                # Not the ledger's "have N": a host refusal shows on the table screen.
                raise IllegalAction("Seat has less\ngold than that")
            if amount > 0:
                ledger = state.ledger.transfer(SUPPLY, seat_account(seat), amount, reason,
                                               secret=True)
            else:
                ledger = state.ledger.transfer(seat_account(seat), SUPPLY, -amount, reason,
                                               secret=True)
            # The amount stays off the table: gold is hidden. The seat sees its new gold.
            line = msg("Host correction: {name}'s gold", name=names[seat])
            return Step(replace(state, ledger=ledger, log=(*state.log, line)),
                        (Event(line), Event(msg("Gold corrected"), seat)))
        if cmd == "cards":
            seat = action.int_param("seat")
            if not 0 <= seat < len(state.seats):
                raise IllegalAction(msg("No seat {n}", n=seat + 1))
            counts = {k: action.int_param(k) for k in ("other", "blockade", "outbid")}
            if any(v < 0 for v in counts.values()):
                raise IllegalAction("Card counts\nfrom 0")
            hands = list(state.hands)
            hands[seat] = Hand(counts["other"], counts["blockade"], counts["outbid"])
            line = msg("Host correction: {name}'s cards", name=names[seat])
            return Step(replace(state, hands=tuple(hands), log=(*state.log, line)),
                        (Event(line), Event(msg("Cards corrected"), seat)))
        if cmd == "end":
            if state.phase not in ("provinces", "income"):
                raise IllegalAction("End between\nrounds")
            return self._finish(state)
        raise IllegalAction(msg("Unknown command\n{c}", c=cmd))

    # -- the auction

    def _start_auction(self, state: AmunReState) -> Step[AmunReState]:
        n = len(state.seats)
        number = state.round_no + 1
        first = (clockwise_from(state.start_player, n) if _order_rule(state) == "rounds"
                 else (state.start_player,))
        auction = Auction(state.offered, OrderedRound.of(first))
        rnd = Round(number, state.start_player, auction)
        names = state.names()
        lines = (msg("Round {n}: {list} offered", n=number, list=", ".join(state.offered)),
                 msg("{name} bids first", name=names[state.start_player]))
        new = replace(state, phase="auction", round_no=number, rounds=(*state.rounds, rnd),
                      offered=(), log=(*state.log, *lines))
        return Step(new, tuple(Event(x) for x in lines))

    def _set_auction(self, state: AmunReState, auction: Auction, **changes: Any) -> AmunReState:
        rnd = state.current
        assert rnd is not None
        return replace(state, rounds=(*state.rounds[:-1], replace(rnd, auction=auction)),
                       **changes)

    def _cap(self, state: AmunReState, seat: int, card_spent: int = 0) -> int:
        """The highest bid the seat can cover now (affordability option)."""
        gold = state.gold(seat)
        if _afford(state) == "gold":
            return gold
        return gold + state.hands[seat].total - card_spent

    def _spaces(self, state: AmunReState, au: Auction, seat: int, province: str,
                with_card: bool) -> list[int]:
        """Bid spaces (indexes) the seat may take on `province` now, affordable only."""
        cap = self._cap(state, seat, 1 if with_card else 0)
        out: list[int] = []
        i = au.min_space(province, seat)
        while space_value(i) <= cap:
            out.append(i)
            i += 1
        return out

    def _can_play(self, state: AmunReState, au: Auction, seat: int, card: str) -> bool:
        hand = state.hands[seat]
        if (hand.blockade if card == BLOCKADE else hand.outbid) < 1:
            return False
        # 2016: "never 2 identical favor cards in the same phase"; 2003 has no such rule.
        if state.edition == "2016" and card in au.played.get(seat, ()):
            return False
        if card == BLOCKADE:
            return seat not in au.protected
        lost = au.lost(seat)
        return lost is not None and bool(self._spaces(state, au, seat, lost, True))

    def _auction_enter(self, state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
        rnd = state.current
        assert rnd is not None
        au = rnd.auction
        names = state.names()
        au.turns.check_turn(seat, names)
        if au.pending is None:
            return self._pick_province(state, au, seat, value)
        if value == BACK:
            return Step(self._set_auction(state, replace(au, pending=None, pending_outbid=False)))
        if value == SELL and _afford(state) == "gold":
            return self._sell_one(state, seat, keep_outbid=au.pending_outbid)
        number = _int(value)
        if number is None:
            raise IllegalAction("Pick a bid space")
        index = space_index(number)
        if index is None:
            raise IllegalAction(msg("No bid space {v}", v=number))
        prov = au.pending
        others = [b for s, b in au.bids.items() if b.province == prov and s != seat]
        if any(b.space == index for b in others):
            raise IllegalAction(msg("Space {v} taken", v=number))
        low = au.min_space(prov, seat)
        if index < low:
            top = au.top(prov, excluding=seat)
            assert top is not None
            if top.seat in au.protected and index == top.space + 1:
                raise IllegalAction(msg("Protected: bid\n{v} or more", v=space_value(low)))
            raise IllegalAction(msg("Bid over {v}", v=top.value))
        cap = self._cap(state, seat, 1 if au.pending_outbid else 0)
        if number > cap:
            if _afford(state) == "gold":
                raise IllegalAction(msg("Over your gold\nmax {n}", n=cap))
            raise IllegalAction(msg("Over gold+cards\nmax {n}", n=cap))
        return self._place(state, au, seat, Bid(seat, prov, index))

    def _pick_province(
        self, state: AmunReState, au: Auction, seat: int, value: Value
    ) -> Step[AmunReState]:
        names = state.names()
        if value == BLOCKADE:
            if not self._can_play(state, au, seat, BLOCKADE):
                raise IllegalAction(msg("No {card}\nto play", card=_card_short(state, BLOCKADE)))
            hands = list(state.hands)
            hands[seat] = hands[seat].play(BLOCKADE)
            au = replace(au, protected=au.protected | {seat},
                         played={**au.played, seat: (*au.played.get(seat, ()), BLOCKADE)})
            line = msg("{name} plays {card}", name=names[seat], card=card_name(state, BLOCKADE))
            new = self._set_auction(state, au, hands=tuple(hands), log=(*state.log, line))
            return Step(new, (Event(line),))
        if value == OUTBID:
            if au.lost(seat) is None:
                raise IllegalAction("Only after you\nare outbid")
            if not self._can_play(state, au, seat, OUTBID):
                raise IllegalAction(msg("No {card}\nto play", card=_card_short(state, OUTBID)))
            return Step(self._set_auction(state, replace(au, pending=au.lost(seat),
                                                         pending_outbid=True)))
        if value == SELL:
            if _afford(state) != "gold":
                raise IllegalAction("Sell cards after\nthe auction")
            return self._sell_one(state, seat)
        prov = _province(str(value))
        if prov is None or prov not in au.provinces:
            raise IllegalAction(msg("Not offered:\n{name}", name=str(value)))
        if prov == au.lost(seat):
            raise IllegalAction(msg("Lost here: pick\nanother province"))
        if not self._spaces(state, au, seat, prov, False):
            if _afford(state) == "gold":
                raise IllegalAction(msg("Over your gold\nthere"))
            raise IllegalAction(msg("Over gold+cards\nthere"))
        return Step(self._set_auction(state, replace(au, pending=prov, pending_outbid=False)))

    def _sell_one(
        self, state: AmunReState, seat: int, keep_outbid: bool = False
    ) -> Step[AmunReState]:
        """Turn one power card into 1 gold (allowed at any time; private). `keep_outbid`: the
        seat is placing with Outbid/Bribery, so that card is not for sale."""
        hand = state.hands[seat]
        kept = 1 if keep_outbid else 0
        if hand.total - kept < 1:
            raise IllegalAction("No cards to sell")
        hands = list(state.hands)
        rest = replace(hand, outbid=hand.outbid - kept).without(1)
        hands[seat] = replace(rest, outbid=rest.outbid + kept)
        ledger = state.ledger.transfer(SUPPLY, seat_account(seat), 1, msg("card sold"),
                                       secret=True)
        return Step(replace(state, ledger=ledger, hands=tuple(hands)),
                    (Event(msg("Sold 1 card"), seat),))

    def _place(self, state: AmunReState, au: Auction, seat: int, bid: Bid) -> Step[AmunReState]:
        names = state.names()
        hands = list(state.hands)
        played = dict(au.played)
        card = None
        events: list[Event] = []
        log = list(state.log)
        if au.pending_outbid:
            card = OUTBID
            hands[seat] = hands[seat].play(OUTBID)
            played[seat] = (*played.get(seat, ()), OUTBID)
            line = msg("{name} plays {card}", name=names[seat], card=card_name(state, OUTBID))
            log.append(line)
            events.append(Event(line))
        prev = au.top(bid.province, excluding=seat)
        bids = {**au.bids, seat: bid}
        placement = Placement(au.bidding_round, seat, bid.province, bid.value, card,
                              prev.seat if prev is not None else None)
        if prev is not None:
            line = msg("{name} bids {v} on {prov}, outbidding {other}", name=names[seat],
                       v=bid.value, prov=bid.province, other=names[prev.seat])
        else:
            line = msg("{name} bids {v} on {prov}", name=names[seat], v=bid.value,
                       prov=bid.province)
        log.append(line)
        events.append(Event(line))
        au = replace(au, bids=bids, played=played, pending=None, pending_outbid=False,
                     placements=(*au.placements, placement))
        au, more = self._next_turn(state, au, seat)
        log.extend(more)
        events.extend(Event(x) for x in more)
        state = self._set_auction(state, au, hands=tuple(hands), log=tuple(log))
        if au.over:
            return self._end_auction(state, tuple(events))
        return Step(state, tuple(events))

    def _outbid_in_order(self, state: AmunReState, au: Auction) -> list[int]:
        return [s for s in clockwise_from(state.start_player, len(state.seats)) if au.is_outbid(s)]

    def _next_turn(self, state: AmunReState, au: Auction, seat: int) -> tuple[Auction, list[Msg]]:
        names = state.names()
        n = len(state.seats)
        turns = au.turns.advance()
        outbid = self._outbid_in_order(state, au)
        if _order_rule(state) == "rounds":
            # 2003: "After each player has placed their bids, players check to see if any
            # player has been out-bid ... Beginning with the Starting Player and proceeding in
            # turn, each player that was outbid places a new bid": the round's list is fixed
            # when the round starts; a seat outbid during the round bids in the next one.
            if not turns.done:
                return replace(au, turns=turns), []
            if not outbid:
                return replace(au, turns=turns, over=True), []
            k = au.bidding_round + 1
            line = msg("Bidding round {k}: {list} bid again", k=k,
                       list=", ".join(names[s] for s in outbid))
            return replace(au, turns=turns.then(outbid), bidding_round=k), [line]
        # 2016: clockwise turns; "pass if he already has a winning bid"; the auction ends as
        # soon as every province has exactly one pawn.
        if not outbid and len(au.bids) == n:
            return replace(au, turns=turns, over=True), []
        lines: list[Msg] = []
        passes = list(au.passes)
        k = au.bidding_round
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s == state.start_player:
                k += 1  # a new turn round starts with the Starting Player
            if s not in au.bids or au.is_outbid(s):
                return replace(au, turns=turns.then([s]), passes=tuple(passes),
                               bidding_round=k), lines
            passes.append((k, s))
            lines.append(msg("{name} passes (winning bid)", name=names[s]))
        raise AssertionError("an outbid seat always exists here")

    def _end_auction(self, state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
        rnd = state.current
        assert rnd is not None
        au = rnd.auction
        owners = {b.province: s for s, b in au.bids.items()}
        log = [*state.log, msg("Auction over")]
        evs = [*events, Event(msg("Auction over"))]
        ledger = state.ledger
        asks: dict[int, tuple[Ask, ...]] = {}
        for s in clockwise_from(state.start_player, len(state.seats)):
            bid = au.bids[s]
            # Every price is announced now, whether or not the seat must sell cards first:
            # a payment line appearing later would tell the table the seat was short of gold.
            line = self._paid_line(state, s, bid)
            log.append(line)
            evs.append(Event(line))
            need = bid.value - state.gold(s)
            if need > 0:
                # 2003: a bid may exceed gold when cards cover it; the seat sells them now.
                asks[s] = (Ask("sell", need), Ask("bonus_gold"), Ask("bonus_cards"))
                continue
            ledger = self._pay(ledger, s, bid)
            asks[s] = (Ask("bonus_gold"), Ask("bonus_cards"))
        rnd = replace(rnd, owners=owners)
        state = replace(state, ledger=ledger, rounds=(*state.rounds[:-1], rnd), phase="settle",
                        asks=asks, taken=state.taken | set(owners), log=tuple(log))
        for s, b in au.bids.items():
            evs.append(Event(msg("You take {prov}", prov=b.province), s))
        return Step(state, tuple(evs))

    @staticmethod
    def _pay(ledger: Ledger, seat: int, bid: Bid) -> Ledger:
        return ledger.transfer(seat_account(seat), SUPPLY, bid.value,
                               msg("bid for {prov}", prov=bid.province), secret=True)

    @staticmethod
    def _paid_line(state: AmunReState, seat: int, bid: Bid) -> Msg:
        # The price is public (the pawn stands on it); the balance never is.
        name = state.seats[seat].name
        if bid.value:
            return msg("{name} pays {v} for {prov}", name=name, v=bid.value, prov=bid.province)
        return msg("{name} takes {prov} for 0", name=name, prov=bid.province)

    # -- questions answered at each seat's own pace (settle, buying, rewards, income)

    def _answer(self, state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
        if state.phase == "buying" and state.buying is not None:
            state.buying.check_turn(seat, state.names())
        queue = state.asks.get(seat, ())
        if not queue:
            raise IllegalAction("Nothing to enter\nwait for others")
        ask = queue[0]
        rest = queue[1:]
        name = state.seats[seat].name
        hands = list(state.hands)
        hand = hands[seat]
        ledger = state.ledger
        log = list(state.log)
        events: list[Event] = []
        if value == SELL and ask.kind in ("buy_cards", "buy_farmers", "buy_stones", "income"):
            return self._sell_one(state, seat)
        if value == USED and ask.kind == "income":
            # An extra on the income question, not a question of its own: asking only seats
            # that hold cards would show the table who does.
            if hand.other < 1:
                raise IllegalAction("No other card\nto discard")
            hands[seat] = replace(hand, other=hand.other - 1)
            return Step(replace(state, hands=tuple(hands)), (Event(msg("1 card used"), seat),))
        rnd = state.current
        assert rnd is not None
        if ask.kind == "sell":
            n = _int(value)
            if n is None or not ask.n <= n <= hand.total:
                raise IllegalAction(msg("Sell {lo} to {hi}\ncards", lo=ask.n, hi=hand.total))
            hands[seat] = hand.without(n)
            ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("cards sold"), secret=True)
            ledger = self._pay(ledger, seat, rnd.auction.bids[seat])
            if n:
                sold = msg("Sold 1 card") if n == 1 else msg("Sold {n} cards", n=n)
                events.append(Event(sold, seat))
        elif ask.kind == "bonus_gold":
            n = self._ranged(value, 0, MAX_BONUS_GOLD)
            ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("province bonus"),
                                     secret=True)
            if n:
                line = msg("{name} takes {n} gold (province bonus)", name=name, n=n)
                log.append(line)
                events.append(Event(line))
        elif ask.kind in ("bonus_cards", "reward_cards"):
            hi = MAX_BONUS_CARDS if ask.kind == "bonus_cards" else ask.n
            n = self._ranged(value, 0, hi)
            if n:
                rest = (Ask("drew", n), *rest)
        elif ask.kind == "drew":
            b, o = self._drawn(value, ask.n)
            hands[seat] = hand.add(ask.n, b, o)
        elif ask.kind in ("buy_cards", "buy_farmers", "buy_stones"):
            hi = self._buy_max(state, seat, ask.kind)
            n = self._ranged(value, 0, hi)
            cost = buy_cost(n)
            what = {"buy_cards": msg("power cards"), "buy_farmers": msg("farmers"),
                    "buy_stones": msg("stones")}[ask.kind]
            ledger = ledger.transfer(seat_account(seat), SUPPLY, cost,
                                     msg("bought {n} {what}", n=n, what=what), secret=True)
            bought = rnd.purchases.get(seat, Purchase())
            if ask.kind == "buy_cards":
                bought = replace(bought, cards=n)
            elif ask.kind == "buy_farmers":
                bought = replace(bought, farmers=n)
            else:
                bought = replace(bought, stones=n)
            rnd = replace(rnd, purchases={**rnd.purchases, seat: bought})
            if ask.kind == "buy_cards" and n:
                rest = (Ask("drew", n), *rest)
            if ask.kind == "buy_stones":
                # Costs stay private: the counts are on the board, the gold is not.
                events.append(Event(msg("Paid {n} in all", n=bought.cost), seat))
                line = msg("{name} has bought", name=name)
                log.append(line)
                events.append(Event(line))
        elif ask.kind == "income":
            n = self._ranged(value, 0, MAX_INCOME)
            ledger = ledger.transfer(SUPPLY, seat_account(seat), n, msg("income"), secret=True)
            line = msg("{name}: income {n}", name=name, n=n)
            log.append(line)
            events.append(Event(line))
        asks = {**state.asks, seat: rest}
        state = replace(state, ledger=ledger, hands=tuple(hands), asks=asks, log=tuple(log),
                        rounds=(*state.rounds[:-1], rnd))
        return self._after_answer(state, seat, tuple(events))

    @staticmethod
    def _ranged(value: Value, lo: int, hi: int) -> int:
        n = _int(value)
        if n is None or not lo <= n <= hi:
            raise IllegalAction(msg("Enter {lo} to {hi}", lo=lo, hi=hi))
        return n

    def _buy_max(self, state: AmunReState, seat: int, kind: str) -> int:
        cap = MAX_BUY_CARDS if kind == "buy_cards" else MAX_BUY
        gold = state.gold(seat)
        n = 0
        while n < cap and buy_cost(n + 1) <= gold:
            n += 1
        return n

    @staticmethod
    def draw_key(blockade: int, outbid: int) -> str:
        """Choice key for 'which auction cards were among those drawn': "B", "O", "BBO", ..."""
        return "B" * blockade + "O" * outbid or "none"

    def _drawn(self, value: Value, n: int) -> tuple[int, int]:
        key = str(value).strip().upper()
        if key == "NONE":
            return 0, 0
        if not key or set(key) - {"B", "O"}:
            raise IllegalAction("Not in the list")
        b, o = key.count("B"), key.count("O")
        if b + o > n or b > MAX_DRAWN_KIND or o > MAX_DRAWN_KIND:
            raise IllegalAction(msg("Only {n} cards\nwere drawn", n=n))
        return b, o

    def _after_answer(
        self, state: AmunReState, seat: int, events: tuple[Event, ...]
    ) -> Step[AmunReState]:
        if any(state.asks.get(s) for s in range(len(state.seats))):
            return Step(state, events)
        if state.phase == "settle":
            return self._start_buying(state, events)
        if state.phase == "buying":
            assert state.buying is not None
            turns = state.buying.advance()
            if turns.done:
                return self._start_offering(replace(state, buying=turns), events)
            nxt = turns.current
            assert nxt is not None
            return Step(replace(state, buying=turns, asks={nxt: self._buy_asks()}), events)
        if state.phase == "rewards":
            return self._start_income(state, events)
        if state.phase == "income":
            return self._end_round(state, events)
        raise AssertionError(state.phase)

    @staticmethod
    def _buy_asks() -> tuple[Ask, ...]:
        return (Ask("buy_cards"), Ask("buy_farmers"), Ask("buy_stones"))

    def _start_buying(self, state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
        turns = OrderedRound.of(clockwise_from(state.start_player, len(state.seats)))
        first = turns.current
        assert first is not None
        line = msg("Buying, from {name}", name=state.seats[first].name)
        new = replace(state, phase="buying", buying=turns, asks={first: self._buy_asks()},
                      log=(*state.log, line))
        return Step(new, (*events, Event(line)))

    # -- the offering

    def _start_offering(self, state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
        rnd = state.current
        assert rnd is not None
        offering = Offering(SealedRound(tuple(range(len(state.seats)))))
        line = msg("Offering to Amun-Re: gold or steal 3, in secret")
        new = replace(state, phase="offering", buying=None, asks={},
                      rounds=(*state.rounds[:-1], replace(rnd, offering=offering)),
                      log=(*state.log, line))
        return Step(new, (*events, Event(line)))

    def _set_offering(self, state: AmunReState, offering: Offering, **changes: Any) -> AmunReState:
        rnd = state.current
        assert rnd is not None
        return replace(state, rounds=(*state.rounds[:-1], replace(rnd, offering=offering)),
                       **changes)

    def _offer(self, state: AmunReState, seat: int, value: Value) -> Step[AmunReState]:
        rnd = state.current
        assert rnd is not None and rnd.offering is not None
        off = rnd.offering
        if value != STEAL:
            n = _int(value)
            most = state.gold(seat) + state.hands[seat].total
            if n is None or n < 1:
                raise IllegalAction("Offer 1 or more\nor steal 3")
            if n > most:
                raise IllegalAction(msg("Over gold+cards\nmax {n}", n=most))
            value = n
        entries = off.entries.enter(seat, value)
        off = replace(off, entries=entries)
        events: tuple[Event, ...] = (Event(msg("{name} locked", name=state.seats[seat].name)),)
        state = self._set_offering(state, off)
        if entries.complete:
            return self._reveal(state, events)
        return Step(state, events)

    def _withdraw(self, state: AmunReState, seat: int) -> Step[AmunReState]:
        rnd = state.current
        if state.phase != "offering" or rnd is None or rnd.offering is None:
            raise IllegalAction("Nothing locked")
        off = replace(rnd.offering, entries=rnd.offering.entries.withdraw(seat))
        return Step(self._set_offering(state, off),
                    (Event(msg("{name} unlocked", name=state.seats[seat].name)),))

    def _reveal(self, state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
        rnd = state.current
        assert rnd is not None and rnd.offering is not None
        names = state.names()
        values = rnd.offering.entries.values()
        order = clockwise_from(state.start_player, len(state.seats))
        thieves = tuple(s for s in order if values[s] == STEAL)
        offers = {s: int(v) for s, v in values.items() if v != STEAL}
        total = sum(offers.values()) - THEFT * len(thieves)
        tile = temple(total)
        # Ties: "the Starting player always has the advantage, or the next player following
        # him in turn order" (SBW-8; AR16 the same).
        ranking = tuple(sorted(offers, key=lambda s: (-offers[s], order.index(s))))
        items = {s: (START_ITEMS[i] if i < len(START_ITEMS) else 1) for i, s in enumerate(ranking)}
        ledger = state.ledger
        hands = list(state.hands)
        for s, n in offers.items():
            gold = min(n, ledger.seat(s))
            ledger = ledger.transfer(seat_account(s), SUPPLY, gold, msg("offering"), secret=True)
            hands[s] = hands[s].without(n - gold)  # power cards count 1 gold each (SBW-8)
        for s in thieves:
            ledger = ledger.transfer(SUPPLY, seat_account(s), THEFT, msg("stole 3"), secret=True)
        log = list(state.log)
        head = msg("Offering total {t}: temple {range}", t=total, range=temple_label(tile))
        lines = [head]
        for s in order:
            if s in thieves:
                lines.append(msg("{name} steals 3", name=names[s]))
            else:
                lines.append(msg("{name} offered {n}: {k} items", name=names[s], n=offers[s],
                                 k=items[s]))
        sp = state.start_player
        if ranking and state.options["pharaoh"] == "offering":
            sp = ranking[0]
            lines.append(msg("Starting Player: {name}", name=names[sp]))
        log.extend(lines)
        off = replace(rnd.offering, offers=offers, thieves=thieves, total=total, tile=tile,
                      items=items, ranking=ranking, revealed=True)
        asks = {s: (Ask("reward_cards", items[s]),) for s in ranking}
        state = self._set_offering(state, off, ledger=ledger, hands=tuple(hands), log=tuple(log),
                                   start_player=sp, phase="rewards", asks=asks)
        evs = [*events, *(Event(x) for x in lines)]
        evs += [Event(msg("You get 3 gold"), s) for s in thieves]
        evs += [Event(msg("Take {k} items", k=items[s]), s) for s in ranking]
        if not asks:
            return self._start_income(state, tuple(evs))
        return Step(state, tuple(evs))

    # -- income and the end of a round

    def _start_income(self, state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
        line = msg("Harvest: enter your income")
        asks = {s: (Ask("income"),) for s in range(len(state.seats))}
        new = replace(state, phase="income", asks=asks, log=(*state.log, line))
        return Step(new, (*events, Event(line)))

    def _end_round(self, state: AmunReState, events: tuple[Event, ...]) -> Step[AmunReState]:
        if state.round_no >= int(state.options["rounds"]):
            return self._finish(state, events)
        lines = [msg("Round {n} over", n=state.round_no)]
        taken = state.taken
        if state.round_no % KINGDOM_ROUNDS == 0:
            # The Old Kingdom ends: its province cards are shuffled back into the deck.
            taken = frozenset()
            lines.append(msg("The New Kingdom begins"))
        new = replace(state, phase="provinces", asks={}, taken=taken, log=(*state.log, *lines))
        return Step(new, (*events, *(Event(x) for x in lines)))

    def _finish(self, state: AmunReState, events: tuple[Event, ...] = ()) -> Step[AmunReState]:
        line = msg("Game over: gold bonus")
        new = replace(state, phase="over", asks={}, buying=None, offered=(),
                      log=(*state.log, line))
        return Step(new, (*events, Event(line)))

    # -- the seat's own box

    def _cards_info(self, state: AmunReState, seat: int) -> Msg:
        h = state.hands[seat]
        # Compact when auction cards are among them: "C4 B1 O1" = 4 cards, 1 Bid Blockade,
        # 1 Outbid (2016: "C4 P1 Br1", Protection and Bribery).
        if h.blockade or h.outbid:
            if state.edition == "2016":
                return msg("C{n} P{nb} Br{no}", n=h.total, nb=h.blockade, no=h.outbid)
            return msg("C{n} B{nb} O{no}", n=h.total, nb=h.blockade, no=h.outbid)
        return msg("1 card") if h.total == 1 else msg("{n} cards", n=h.total)

    def prompt(self, state: AmunReState, seat: int) -> Prompt:
        gold = state.gold(seat)
        cards = self._cards_info(state, seat)
        names = state.names()
        rnd = state.current

        def wait(label: Msg, info: Msg | None = None) -> Prompt:
            return Prompt("wait", label, info=info if info is not None else cards, money=gold)

        if state.phase == "provinces":
            return wait(msg("Next round"))
        if state.phase == "over":
            return wait(msg("Game over"), msg("Gold: {n}", n=gold))
        assert rnd is not None
        if state.phase == "auction":
            au = rnd.auction
            cur = au.turns.current
            if cur != seat:
                if au.is_outbid(seat):
                    return wait(msg("Outbid: wait"))
                if seat in au.bids:
                    return wait(msg("Win {prov}", prov=au.bids[seat].province))
                return wait(msg("{name} bids", name=names[cur] if cur is not None else "-"))
            return self._auction_prompt(state, au, seat, gold, cards)
        if state.phase == "offering":
            off = rnd.offering
            assert off is not None
            own = off.entries.own(seat)
            most = gold + state.hands[seat].total
            steal = (Choice(STEAL, msg("steal 3")),)
            locked = own is not None
            if most < 1:
                return Prompt("choice", msg("Offer"), choices=steal, sealed=True, locked=locked,
                              locked_value=own, unlockable=locked, money=gold, info=cards,
                              must_act=not locked)
            return Prompt("number", msg("Offer"), lo=1, hi=most, extras=steal, sealed=True,
                          locked=locked, locked_value=own, unlockable=locked, money=gold,
                          info=cards, must_act=not locked, initial=own if own is not None else 1)
        queue = state.asks.get(seat, ())
        if not queue:
            if state.phase == "buying" and state.buying is not None:
                cur = state.buying.current
                if cur is not None and cur != seat:
                    return wait(msg("{name} buys", name=names[cur]))
            return wait(msg("Done"), msg("Wait for others"))
        return self._ask_prompt(state, seat, queue[0], gold, cards)

    def _auction_prompt(self, state: AmunReState, au: Auction, seat: int, gold: int,
                        cards: Msg) -> Prompt:
        if au.pending is not None:
            spaces = self._spaces(state, au, seat, au.pending, au.pending_outbid)
            choices = tuple(Choice(str(space_value(i)), msg("{v}", v=space_value(i)))
                            for i in spaces)
            spare = state.hands[seat].total - (1 if au.pending_outbid else 0)
            sell = ((Choice(SELL, msg("sell 1")),) if _afford(state) == "gold" and spare else ())
            return Prompt("choice", msg("{prov}", prov=au.pending),
                          choices=(*choices, *sell, Choice(BACK, msg("back"))), money=gold,
                          info=cards, must_act=True)
        lost = au.lost(seat)
        options: list[Choice] = []
        for prov in au.provinces:
            if prov != lost and self._spaces(state, au, seat, prov, False):
                options.append(Choice(prov, msg("{prov}", prov=prov)))
        for card in (BLOCKADE, OUTBID):
            if self._can_play(state, au, seat, card):
                options.append(Choice(card, _card_short(state, card)))
        if _afford(state) == "gold" and state.hands[seat].total:
            options.append(Choice(SELL, msg("sell 1")))
        label = msg("Rebid") if lost is not None else msg("Province")
        return Prompt("choice", label, choices=tuple(options), money=gold, info=cards,
                      must_act=True)

    def _ask_prompt(self, state: AmunReState, seat: int, ask: Ask, gold: int,
                    cards: Msg) -> Prompt:
        hand = state.hands[seat]
        sell = (Choice(SELL, msg("sell 1")),) if hand.total else ()
        if ask.kind == "sell":
            return Prompt("number", msg("Sell cards"), lo=ask.n, hi=hand.total, initial=ask.n,
                          money=gold, info=cards, must_act=True)
        if ask.kind == "bonus_gold":
            return Prompt("number", msg("Bonus gold"), lo=0, hi=MAX_BONUS_GOLD, money=gold,
                          info=cards, must_act=True)
        if ask.kind == "bonus_cards":
            return Prompt("number", msg("Bonus cards"), lo=0, hi=MAX_BONUS_CARDS, money=gold,
                          info=cards, must_act=True)
        if ask.kind == "reward_cards":
            return Prompt("number", msg("Cards of {k}", k=ask.n), lo=0, hi=ask.n, money=gold,
                          info=cards, must_act=True)
        if ask.kind == "drew":
            choices = []
            for b in range(min(ask.n, MAX_DRAWN_KIND) + 1):
                for o in range(min(ask.n - b, MAX_DRAWN_KIND) + 1):
                    choices.append(Choice(self.draw_key(b, o), self._drawn_label(state, b, o)))
            return Prompt("choice", msg("Drew?"), choices=tuple(choices), money=gold, info=cards,
                          must_act=True)
        if ask.kind in ("buy_cards", "buy_farmers", "buy_stones"):
            label = {"buy_cards": msg("Buy cards"), "buy_farmers": msg("Farmers"),
                     "buy_stones": msg("Stones")}[ask.kind]
            hi = self._buy_max(state, seat, ask.kind)
            # The cost of each count shows on the seat's own box only.
            counts = tuple(Choice(str(n), msg("{n}", n=n) if n == 0
                                  else msg("{n}:${c}", n=n, c=buy_cost(n)))
                           for n in range(hi + 1))
            return Prompt("choice", label, choices=(*counts, *sell), money=gold, info=cards,
                          must_act=True)
        assert ask.kind == "income"
        used = (Choice(USED, msg("used 1")),) if hand.other else ()
        return Prompt("number", msg("Income"), lo=0, hi=MAX_INCOME, extras=(*sell, *used),
                      money=gold, info=cards, must_act=True)

    def _drawn_label(self, state: AmunReState, b: int, o: int) -> Msg:
        if not b and not o:
            return msg("none")
        bl, ol = ("P", "Br") if state.edition == "2016" else ("B", "O")
        parts = [f"{b}{bl}" if b else "", f"{o}{ol}" if o else ""]
        return msg("{cards}", cards="+".join(p for p in parts if p))

    def host_commands(self, state: AmunReState) -> tuple[HostCommand, ...]:
        cmds: list[HostCommand] = []
        if state.phase == "provinces":
            free = tuple(p for p in PROVINCES if p not in state.taken and p not in state.offered)
            cmds.append(HostCommand("offer", msg("Offer province"), {"province": free}))
            cmds.append(HostCommand("start_player", msg("Starting Player"),
                                    {"seat": tuple(range(len(state.seats)))},
                                    {i: msg("{name}", name=s.name)
                                     for i, s in enumerate(state.seats)}))
        if state.phase in ("provinces", "income"):
            cmds.append(HostCommand("end", msg("End the game")))
        return tuple(cmds)

    # -- the public table (never reads gold or hands before the game is over)

    def table(self, state: AmunReState) -> TableView:
        rnd = state.current
        au = rnd.auction if rnd is not None else None
        off = rnd.offering if rnd is not None else None
        seats: list[SeatLine] = []
        for i, s in enumerate(state.seats):
            status: Any = "waiting"
            badges: list[Msg] = []
            if i == state.start_player:
                badges.append(msg("Starting Player"))
            if state.phase == "auction" and au is not None:
                status = "turn" if au.turns.current == i else "waiting"
                if au.is_outbid(i):
                    badges.append(msg("Must rebid"))
                if i in au.protected:
                    badges.append(card_name(state, BLOCKADE))
            elif state.phase == "offering" and off is not None:
                status = "locked" if off.entries.is_locked(i) else "thinking"
            elif state.phase == "buying" and state.buying is not None:
                cur = state.buying.current
                status = ("turn" if cur == i else "done" if i in state.buying.acted
                          else "waiting")
            elif state.phase in ("settle", "rewards", "income"):
                status = "thinking" if state.asks.get(i) else "done"
            elif state.phase == "over":
                status = "done"
            if rnd is not None and state.phase != "auction":
                owned = [p for p, o in rnd.owners.items() if o == i]
                badges.extend(msg("{prov}", prov=p) for p in owned)
            seats.append(SeatLine(i, s.name, s.colour, None, status, tuple(badges)))
        headline, detail = self._headline(state)
        panels: list[Panel] = []
        if state.phase == "provinces" and state.offered:
            panels.append(Panel(msg("Offered so far"),
                                tuple((Cell(p),) for p in state.offered),
                                msg("{k} of {n}", k=len(state.offered), n=len(state.seats))))
        if au is not None and state.phase != "over":
            panels.append(self._auction_panel(state, au))
        if off is not None and off.revealed and state.phase in ("rewards", "income"):
            panels.append(self._offering_panel(state, off))
        if state.phase == "over":
            panels.append(self._final_panel(state))
        return TableView(self.name, headline, detail, tuple(seats), tuple(panels),
                         state.log[-8:], final=state.phase == "over")

    def _headline(self, state: AmunReState) -> tuple[Msg, Msg]:
        names = state.names()
        kingdom = (msg("Old Kingdom") if state.round_no <= KINGDOM_ROUNDS
                   else msg("New Kingdom"))
        rnd = state.current
        n = state.round_no
        if state.phase == "provinces":
            nxt = n + 1
            k = msg("Old Kingdom") if nxt <= KINGDOM_ROUNDS else msg("New Kingdom")
            return (msg("Round {n} ({kingdom}): provinces", n=nxt, kingdom=k),
                    msg("The host offers {n} provinces, one per seat.", n=len(state.seats)))
        if state.phase == "over":
            return msg("Game over"), msg("Gold bonus: {awards}",
                                         awards="/".join(f"+{a}" for a in _awards(state)))
        assert rnd is not None
        title = msg("Round {n} ({kingdom})", n=n, kingdom=kingdom)
        if state.phase == "auction":
            au = rnd.auction
            cur = au.turns.current
            rebid = [names[s] for s in self._outbid_in_order(state, au)]
            who = msg("{name} to bid", name=names[cur]) if cur is not None else msg("-")
            if rebid:
                detail = msg("Bidding round {k}: {who}. Must rebid: {list}.", k=au.bidding_round,
                             who=who, list=", ".join(rebid))
            else:
                detail = msg("Bidding round {k}: {who}.", k=au.bidding_round, who=who)
            return msg("{title}: province auction", title=title), detail
        if state.phase == "settle":
            return (msg("{title}: provinces paid", title=title),
                    msg("Seats take their provinces and bonuses."))
        if state.phase == "buying":
            cur = state.buying.current if state.buying is not None else None
            return (msg("{title}: buying", title=title),
                    msg("{name} buys cards, farmers, stones.",
                        name=names[cur] if cur is not None else "-"))
        if state.phase == "offering":
            return (msg("{title}: offering to Amun-Re", title=title),
                    msg("In secret: gold (at least 1) or steal 3."))
        off = rnd.offering
        if off is not None and off.revealed:
            detail = msg("Total {t}: temple {range}", t=off.total, range=temple_label(off.tile))
        else:
            detail = msg("-")
        if state.phase == "rewards":
            return msg("{title}: rewards", title=title), detail
        return msg("{title}: harvest and income", title=title), detail

    def _auction_panel(self, state: AmunReState, au: Auction) -> Panel:
        names = state.names()
        rows: list[tuple[Cell, ...]] = []
        if au.over:
            rows.append((Cell(msg("Province"), "head"), Cell(msg("Owner"), "head"),
                         Cell(msg("Price"), "head")))
            for prov in au.provinces:
                top = au.top(prov)
                assert top is not None
                rows.append((Cell(prov), Cell(names[top.seat], "win"), Cell(str(top.value))))
            return Panel(msg("Round {n}: provinces", n=state.round_no), tuple(rows))
        rows.append((Cell(msg("Province"), "head"), Cell(msg("Leading"), "head"),
                     Cell(msg("Bid"), "head"), Cell(msg("Outbid"), "head"),
                     Cell(msg("Next bid"), "head")))
        for prov in au.provinces:
            here = sorted((b for b in au.bids.values() if b.province == prov),
                          key=lambda b: -b.space)
            top = here[0] if here else None
            lead = ""
            if top is not None:
                lead = names[top.seat] + (" *" if top.seat in au.protected else "")
            losers = ", ".join(f"{names[b.seat]} {b.value}" for b in here[1:])
            # The lowest bid anyone else may place now (two spaces up on a protected leader).
            nxt = str(space_value(au.min_space(prov, -1)))
            # The province the seat to bid is looking at (its first step) stays off the table:
            # at a real table nobody sees where a hand hovers before the pawn is put down.
            rows.append((Cell(prov), Cell(lead), Cell(str(top.value) if top else ""),
                         Cell(losers, "strike" if losers else ""), Cell(nxt)))
        note = None
        if au.protected:
            note = msg("* {card}: outbid only 2 spaces higher",
                       card=card_name(state, BLOCKADE))
        return Panel(msg("Round {n}: provinces", n=state.round_no), tuple(rows), note)

    def _offering_panel(self, state: AmunReState, off: Offering) -> Panel:
        names = state.names()
        rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Offer"), "head"),
                                         Cell(msg("Items"), "head"))]
        order = clockwise_from(state.start_player, len(state.seats))
        for s in (*off.ranking, *(t for t in order if t in off.thieves)):
            if s in off.thieves:
                rows.append((Cell(names[s], "dim"), Cell(msg("steals 3")), Cell(msg("+3 gold"))))
            else:
                rows.append((Cell(names[s], "win" if s == off.ranking[0] else ""),
                             Cell(str(off.offers[s])), Cell(str(off.items[s]))))
        return Panel(msg("Offering: total {t}", t=off.total), tuple(rows),
                     msg("Temple {range}. Ties: Starting Player, then turn order.",
                         range=temple_label(off.tile)))

    def _final_panel(self, state: AmunReState) -> Panel:
        # The game is over: gold may be shown now (Final Scoring reveals it).
        golds = {i: state.gold(i) for i in range(len(state.seats))}
        bonus = gold_bonus(golds, _awards(state))
        rows: list[tuple[Cell, ...]] = [(Cell(msg("Seat"), "head"), Cell(msg("Gold"), "head"),
                                         Cell(msg("Bonus"), "head"))]
        for s in sorted(golds, key=lambda i: (bonus[i][0], i)):
            rows.append((Cell(state.seats[s].name, "win" if bonus[s][0] == 1 else ""),
                         Cell(str(golds[s])), Cell(f"+{bonus[s][1]}" if bonus[s][1] else "")))
        return Panel(msg("Final gold"), tuple(rows), msg("Victory points for gold; ties share."))

    # -- replay --json

    def outcome(self, state: AmunReState) -> dict[str, Any]:
        names = state.names()
        rounds = []
        for rnd in state.rounds:
            au = rnd.auction
            offering = None
            if rnd.offering is not None and rnd.offering.revealed:
                off = rnd.offering
                offering = {
                    "offers": [{"seat": s, "name": names[s], "offer": off.offers[s],
                                "items": off.items[s]} for s in off.ranking],
                    "thieves": list(off.thieves),
                    "total": off.total,
                    "temple": temple_label(off.tile).render(),
                    "ranking": list(off.ranking),
                }
            rounds.append({
                "round": rnd.number,
                "start_player": rnd.start_player,
                "provinces": list(au.provinces),
                "placements": [{"bidding_round": p.bidding_round, "seat": p.seat,
                                "name": names[p.seat], "province": p.province, "bid": p.value,
                                "card": p.card, "outbid": p.outbid} for p in au.placements],
                "passes": [{"bidding_round": k, "seat": s} for k, s in au.passes],
                "cards_played": [{"seat": s, "cards": list(c)}
                                 for s, c in sorted(au.played.items())],
                "bidding_rounds": au.bidding_round,
                "auction_over": au.over,
                "result": [{"province": p, "seat": rnd.owners[p], "name": names[rnd.owners[p]],
                            "price": au.bids[rnd.owners[p]].value}
                           for p in au.provinces if p in rnd.owners],
                "purchases": [{"seat": s, "cards": b.cards, "farmers": b.farmers,
                               "stones": b.stones, "cost": b.cost}
                              for s, b in sorted(rnd.purchases.items())],
                "offering": offering,
            })
        out: dict[str, Any] = {
            "game": self.id,
            "edition": state.edition,
            "phase": state.phase,
            "round": state.round_no,
            "start_player": state.start_player,
            "money": [{"seat": i, "name": n, "money": state.gold(i)} for i, n in enumerate(names)],
            "supply": state.ledger.balance(SUPPLY),
            "cards": [{"seat": i, "cards": h.total, "blockade": h.blockade, "outbid": h.outbid}
                      for i, h in enumerate(state.hands)],
            "offered": list(state.offered),
            "rounds": rounds,
            "final": None,
        }
        if state.phase == "over":
            golds = {i: state.gold(i) for i in range(len(names))}
            bonus = gold_bonus(golds, _awards(state))
            out["final"] = [{"seat": i, "name": names[i], "gold": golds[i], "rank": bonus[i][0],
                             "bonus": bonus[i][1]} for i in range(len(names))]
        return out


GAME = AmunRe()
