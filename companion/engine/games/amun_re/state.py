"""Amun-Re's state: the provinces and bid spaces, the offering tiles, a seat's power cards,
one auction, one offering, one round, and the game (`AmunReState`), with the edition presets.

Gold is hidden: only the ledger holds it, and only `table`'s final panel and the seat's own
box read it. Power cards are a count per seat plus which of them are the two auction cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ...actions import Value
from ...game import TableState
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...seats import clockwise_from
from ...text import Msg, msg

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
# The 2016 Offering Adjustment: with the offer (yes / no), then after the reveal.
ADJ_YES, ADJ_NO = "adj_yes", "adj_no"
ADJ_PLUS, ADJ_MINUS, ADJ_KEEP = "+3", "-3", "keep"
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

Phase = Literal["provinces", "auction", "settle", "buying", "offering", "adjusting", "rewards",
                "income", "kingdom", "over"]
AskKind = Literal["sell", "bonus_gold", "bonus_cards", "drew", "buy_cards", "buy_farmers",
                  "buy_stones", "reward_cards", "reward_farmers", "income", "extra_income"]


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
    # 2016 Offering Adjustment: an offer waiting for the "card too?" answer (secret), the
    # seats that played the card (turn order), who adjusts now, and what each did.
    pending: Mapping[int, Value] = field(default_factory=dict)
    adjusters: tuple[int, ...] = ()
    adjusting: OrderedRound | None = None
    adjustments: tuple[tuple[int, int], ...] = ()
    raw_total: int = 0  # before the adjustments
    start_before: int | None = None  # the Starting Player when the offerings were revealed


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
class AmunReState(TableState):
    hands: tuple[Hand, ...]
    phase: Phase
    start_player: int
    round_no: int = 0  # rounds begun
    offered: tuple[str, ...] = ()  # provinces the host has chosen for the coming auction
    taken: frozenset[str] = frozenset()  # provinces sold this kingdom (the deck holds 15)
    rounds: tuple[Round, ...] = ()
    asks: Mapping[int, tuple[Ask, ...]] = field(default_factory=dict)
    buying: OrderedRound | None = None
    log: Sequence[Msg] = ()
    # What the host entered of each province (provinces.py): item -> value.
    province_data: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    farmers: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (kingdom, seat)
    # Victory points so far, by seat and category (scoring.py), and the kingdom pads.
    vp: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    scored: int = 0  # the last round whose kingdom has been scored
    final_scoring: bool = False
    pads: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    pad_at: Mapping[int, int] = field(default_factory=dict)
    pads_locked: frozenset[int] = frozenset()
    tie_counts: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # pyramids, stones

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


def afford(state: AmunReState) -> str:
    return state.setting("affordability", {"2003": "gold_and_cards", "2016": "gold"})


def order_rule(state: AmunReState) -> str:
    return state.setting("rebid_order", {"2003": "rounds", "2016": "turns"})


def awards(state: AmunReState) -> tuple[int, ...]:
    return GOLD_BONUS[state.setting("gold_bonus", {"2003": "6-2", "2016": "6-4-2"})]


def card_name(state: AmunReState, card: str) -> Msg:
    if state.edition == "2016":
        return msg("Protection") if card == BLOCKADE else msg("Bribery")
    return msg("Bid Blockade") if card == BLOCKADE else msg("Outbid in the Same Province")


def card_short(state: AmunReState, card: str) -> Msg:
    if state.edition == "2016":
        return msg("Protect") if card == BLOCKADE else msg("Bribery")
    return msg("Blockade") if card == BLOCKADE else msg("Outbid")


def as_int(value: Value) -> int | None:
    """A number entered on a number prompt, or a numeric choice key ("10")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = value.strip()
    return int(text) if text.isdigit() else None


def province_named(name: str) -> str | None:
    key = name.strip().lower()
    return next((p for p in PROVINCES if p.lower() == key), None)



def outbid_in_order(state: AmunReState, au: Auction) -> list[int]:
    """The seats that must rebid, from the Starting Player clockwise."""
    return [s for s in clockwise_from(state.start_player, len(state.seats)) if au.is_outbid(s)]


def with_auction(state: AmunReState, auction: Auction) -> AmunReState:
    """The state with the current round's auction replaced."""
    rnd = state.current
    assert rnd is not None
    return replace(state, rounds=(*state.rounds[:-1], replace(rnd, auction=auction)))


def with_offering(state: AmunReState, offering: Offering) -> AmunReState:
    """The state with the current round's offering replaced."""
    rnd = state.current
    assert rnd is not None
    return replace(state, rounds=(*state.rounds[:-1], replace(rnd, offering=offering)))
