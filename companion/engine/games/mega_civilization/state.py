"""Mega Civilization's state: the limits the rules give, the trade timer's state (`Timer`)
and the game's (`MegaState`), plus two text helpers every part shares.

Public: treasury (tokens lie on the player mat), cities, draws, purchases, revealed calamity
counts. Private to a seat's own box: the set-value calculator (`hands`, `picking`, `cursor`)
and a calamity count until the reveal (inside the sealed round).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ...game import TableState
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...text import Msg, msg

STACKS = 9
BUY_STACK = 9  # "by default players can only purchase a trade card from stack 9" (seed 004)
MAX_CITIES = 9  # a player has 9 cities (rulebook, "The player mats")
MAX_TREASURY = 55  # the 55 two-sided tokens are population or treasury (same section)
MAX_CALAMITIES = 20

Phase = Literal["setup", "cities", "draw", "buy", "trade", "calamity", "after", "advances",
                "bought", "score", "over"]


@dataclass(frozen=True)
class Timer:
    """The trade timer, in wall-clock epoch milliseconds supplied by the app.

    `remaining_ms` is exact as of `as_of_ms` (the last timer command); while running, the
    time left at any moment is `deadline_ms - now`, which is what the display computes.
    """

    total_ms: int
    remaining_ms: int
    started: bool = False
    running: bool = False
    deadline_ms: int | None = None
    as_of_ms: int | None = None
    expired: bool = False

    def caught_up(self, at_ms: int) -> Timer:
        """The timer as of `at_ms`: a running timer whose deadline has passed is at zero."""
        if not self.running or self.deadline_ms is None:
            return self
        # A clock that steps back (a Pi without a real-time clock, before NTP) never adds time.
        now = at_ms if self.as_of_ms is None else max(at_ms, self.as_of_ms)
        if now >= self.deadline_ms:
            return replace(self, remaining_ms=0, running=False, deadline_ms=None,
                           as_of_ms=self.deadline_ms, expired=True)
        return replace(self, remaining_ms=self.deadline_ms - now, as_of_ms=now)


@dataclass(frozen=True)
class MegaState(TableState):
    phase: Phase
    civs: tuple[str | None, ...]
    blocks: tuple[str, ...]
    timer: Timer
    turn: int = 0
    treasury_in: Mapping[int, int] = field(default_factory=dict)  # this turn's entries, public
    cities: Mapping[int, int] = field(default_factory=dict)  # this turn, public
    draw: OrderedRound = field(default_factory=lambda: OrderedRound(()))
    drawn: Mapping[int, frozenset[int]] = field(default_factory=dict)  # seat -> water stacks
    empties: Mapping[tuple[str, int], int] = field(default_factory=dict)  # -> reporter (-1 host)
    reporting: frozenset[int] = frozenset()  # seats choosing which stack is empty
    buy: OrderedRound = field(default_factory=lambda: OrderedRound(()))
    bought: Mapping[int, tuple[bool, ...]] = field(default_factory=dict)  # per card: water?
    passed: frozenset[int] = frozenset()
    calamity: SealedRound = field(default_factory=lambda: SealedRound(()))
    calamities: Mapping[int, int] = field(default_factory=dict)  # revealed counts
    cal_draft: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # PRIVATE picks
    held: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # revealed, by name
    dropped: tuple[tuple[int, str], ...] = ()  # the host's random discards (seat, name)
    hands: Mapping[int, Mapping[str, int]] = field(default_factory=dict)  # calculator: PRIVATE
    picking: Mapping[int, str] = field(default_factory=dict)  # calculator step 2: PRIVATE
    cursor: Mapping[int, str] = field(default_factory=dict)  # calculator's last pick: PRIVATE
    # Phase 12 (advances.py, purchase.py). Public: what each seat owns, the extra credit
    # tokens it placed, what it bought this turn and its hand-limit discards.
    owned: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    extra: Mapping[int, Mapping[str, int]] = field(default_factory=dict)  # colour -> credits
    study: OrderedRound = field(default_factory=lambda: OrderedRound(()))
    learnt: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # this turn
    paid: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # (card sets, treasury)
    discards: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # (hand, discarded)
    # PRIVATE to the seat's own box until it pays: the basket, the cards it pays with, the
    # treasury it adds and where it is in the purchase (pick, cards, count, treasury...).
    basket: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    pay_cards: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    pay_treasury: Mapping[int, int] = field(default_factory=dict)
    step: Mapping[int, str] = field(default_factory=dict)
    credit_left: Mapping[int, int] = field(default_factory=dict)
    # The final score (scoring.py): public entries of what the board decides.
    ast_steps: Mapping[int, int] = field(default_factory=dict)
    final_cities: Mapping[int, int] = field(default_factory=dict)
    log: Sequence[Msg] = ()

    def treasury(self, seat: int) -> int:
        return self.ledger.seat(seat)

    def label(self, seat: int) -> str:
        """The seat's short name for LCDs and logs: its civilization (<= 8 letters)."""
        civ = self.civs[seat]
        return civ if civ is not None else self.seats[seat].name

    def labels(self) -> list[str]:
        """Every seat's label, in seat order (an ordered round names whose turn it is)."""
        return [self.label(s) for s in range(len(self.seats))]

    def owns(self, seat: int) -> tuple[str, ...]:
        return self.owned.get(seat, ())

    @property
    def hand_limit(self) -> int:
        """8 commodity cards with 5-11 players, 9 with 12-18 (rules.md 5.6)."""
        return 9 if len(self.seats) >= 12 else 8

    @property
    def two_blocks(self) -> bool:
        return len(self.seats) >= 12


def clock(ms: int) -> str:
    """m:ss, rounding up so that 0:00 is shown only at zero."""
    secs = (max(ms, 0) + 999) // 1000
    return f"{secs // 60}:{secs % 60:02d}"


def join(parts: Sequence[Msg | str], sep: str = " ") -> Msg:
    """Join translatable parts into one message (each part is translated on its own)."""
    if not parts:
        return msg("")
    out: Msg | str = parts[0]
    for p in parts[1:]:
        out = msg("{a}{sep}{b}", a=out, sep=sep, b=p)
    return out if isinstance(out, Msg) else msg("{a}", a=out)
