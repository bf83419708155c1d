"""Mega Civilization (5-18 seats): the trade-card phases 6a/6b, the trade timer (7), the
calamity count and a private set-value calculator.

Rules: shared/rules.md section 5; seed shared/seeds/004_*.txt. This module owns:
- the civilization data: the A.S.T. ranking of all 18 civilizations, the West/East block of
  each, and the commodity cards (face value = stack number, copies per block) per seat count;
- setup: a civilization per seat (seat name, option `civ_N` or host `civ`), the treasury
  entered per seat (public: treasury tokens lie on the player mat, on the table);
- 6a: cities entered per seat (public) -> draw order (fewest cities first, A.S.T. ranking
  breaks ties, 0 cities draws nothing) and each seat's draw plan, stacks 1..N of its block;
  a seat reports an empty stack and from then on the plans show a water card for it;
- 6b: in the same order each seat buys cards from stack 9 (15 treasury each) one at a time or
  passes (final); an unaffordable purchase is refused; an empty stack 9 costs the same and
  gives water;
- 7: the trade timer. The engine has no clock: the app passes wall-clock epoch milliseconds
  (`at_ms`) with every timer command, so a replay is exact and a restart after a power cut
  keeps the same deadline;
- the calamity count (sealed, revealed together) and the set-value calculator (private: it
  lives on the seat's own box and never reaches the table).
The card contents themselves are never known to the companion: it tracks counts and water.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..actions import Action, Enter, Host, Value, Withdraw
from ..chronicle import appended
from ..errors import IllegalAction, MalformedInput
from ..game import Event, HostCommand, OptionSpec, Step
from ..ledger import SUPPLY, Ledger, seat_account
from ..prompts import Choice, Prompt
from ..rounds.ordered import OrderedRound
from ..rounds.sealed import SealedRound
from ..seats import Seat
from ..text import Msg, msg
from ..views import Cell, Panel, SeatLine, TableView, TimerView

WEST = "west"
EAST = "east"
BLOCK_NAMES = {WEST: msg("West"), EAST: msg("East")}

# ---------------------------------------------------------------- civilization data

# The A.S.T. ranking (vertical order on the Archaeological Succession Table, rank 1 first) and
# the West/East region of every civilization. Source: bubba0077/MegaCiv,
# src/net/bubbaland/megaciv/game/Civ_Constants.xml, <AstTable> (AstRank and Region of each
# Civilization), https://github.com/bubba0077/MegaCiv ; the same order is in the enum of
# src/net/bubbaland/megaciv/game/Civilization.java and the AST_TABLE of the older
# src/net/bubbaland/megaciv/Civilization.java. Checked against the seed (004: "Hellas is
# higher on the A.S.T. than Egypt": 15 before 17). The rulebook's own A.S.T. picture
# (menuan/megacivrules-flutter assets/img/chapters/3/ast_ranking.png) is an image and was not
# read; its text (assets/data/json/chapters.json) says "smaller civilization numbers take
# priority". The regions agree with the same file's <StartingCivs> for 5-9 players (West:
# Hellas, Minoa, Hatti, Assyria, Egypt, Carthage, Rome, Iberia, Celt; East: Parthia, Persia,
# Babylon, Saba, Indus, Kushan, Dravidia, Maurya, Nubia). With 12-18 seats the rulebook
# (chapters.json, "Starting civilizations") says each civilization draws from the block the
# map-board setup assigns it; those setups are images, so the region above is the default
# and the host can override a seat's block during setup (`block`).
CIVS: tuple[tuple[str, str], ...] = (
    ("Minoa", WEST), ("Saba", EAST), ("Assyria", WEST), ("Maurya", EAST),
    ("Celt", WEST), ("Babylon", EAST), ("Carthage", WEST), ("Dravidia", EAST),
    ("Hatti", WEST), ("Kushan", EAST), ("Rome", WEST), ("Persia", EAST),
    ("Iberia", WEST), ("Nubia", EAST), ("Hellas", WEST), ("Indus", EAST),
    ("Egypt", WEST), ("Parthia", EAST),
)
CIV_NAMES = tuple(name for name, _ in CIVS)
AST_RANK = {name: rank for rank, (name, _) in enumerate(CIVS, start=1)}
CIV_REGION = dict(CIVS)

# Commodity cards: (stack = face value, name, copies in the West block, copies in the East
# block). Source: bubba0077/MegaCiv Civ_Constants.xml <TradeCards>, per player count; the
# 5-8 West list matches the rulebook's setup list (megacivrules-flutter chapters.json,
# "Setting up the game for 5-8 players"). 5-11 seats play ONE block (blue cards; West or East
# for 5-9, West for 10, East for 11: chapters.json "Selecting trade cards"); 12-18 seats play
# both blocks (orange cards), and the 12-14 and 15-18 selections differ.
_BASE_5_11: tuple[tuple[int, str, int, int], ...] = (
    (1, "Ochre", 9, 0), (1, "Clay", 9, 0), (1, "Flax", 0, 9), (1, "Hides", 0, 9),
    (2, "Papyrus", 8, 0), (2, "Iron", 8, 0), (2, "Stone", 0, 8), (2, "Furs", 0, 8),
    (3, "Fish", 8, 0), (3, "Fruit", 9, 0), (3, "Timber", 0, 8), (3, "Salt", 0, 9),
    (4, "Wool", 7, 0), (4, "Oil", 8, 0), (4, "Cotton", 0, 7), (4, "Sugar", 0, 8),
    (5, "Wine", 6, 0), (5, "Textiles", 7, 0), (5, "Lacquer", 0, 6), (5, "Livestock", 0, 7),
    (6, "Tin", 5, 0), (6, "Copper", 6, 0), (6, "Silver", 0, 5), (6, "Bronze", 0, 6),
    (7, "Resin", 5, 0), (7, "Incense", 6, 0), (7, "Jade", 0, 5), (7, "Spice", 0, 6),
    (8, "Marble", 4, 0), (8, "Gemstones", 5, 0), (8, "Dye", 0, 4), (8, "Tea", 0, 5),
    (9, "Ivory", 4, 0), (9, "Gold", 5, 0), (9, "Silk", 0, 4), (9, "Pearls", 0, 5),
)
_THIRD_9_11: tuple[tuple[int, str, int, int], ...] = (
    (1, "Bone", 8, 8), (2, "Wax", 8, 8), (3, "Ceramics", 8, 8), (4, "Grain", 8, 8),
    (5, "Glass", 6, 6), (6, "Lead", 6, 6), (7, "Herbs", 6, 6), (8, "Obsidian", 4, 4),
    (9, "Amber", 4, 4),
)
_BASE_12_18: tuple[tuple[int, str, int, int], ...] = (
    (1, "Ochre", 9, 0), (1, "Flax", 0, 9), (1, "Clay", 5, 4), (1, "Hides", 4, 5),
    (2, "Papyrus", 8, 0), (2, "Stone", 0, 8), (2, "Iron", 4, 4), (2, "Furs", 4, 4),
    (3, "Fish", 8, 0), (3, "Timber", 0, 8), (3, "Fruit", 5, 4), (3, "Salt", 4, 5),
    (4, "Wool", 7, 0), (4, "Cotton", 0, 7), (4, "Oil", 4, 4), (4, "Sugar", 4, 4),
    (5, "Wine", 6, 0), (5, "Lacquer", 0, 6), (5, "Textiles", 4, 3), (5, "Livestock", 3, 4),
    (6, "Tin", 5, 0), (6, "Silver", 0, 5), (6, "Copper", 3, 3), (6, "Bronze", 3, 3),
    (7, "Resin", 5, 0), (7, "Jade", 0, 5), (7, "Incense", 3, 3), (7, "Spice", 3, 3),
    (8, "Marble", 4, 0), (8, "Dye", 0, 4), (8, "Gemstones", 3, 2), (8, "Tea", 2, 3),
    (9, "Ivory", 4, 0), (9, "Silk", 0, 4), (9, "Gold", 3, 2), (9, "Pearls", 2, 3),
)
_FIFTH_15_18: tuple[tuple[int, str, int, int], ...] = (
    (1, "Bone", 4, 4), (2, "Wax", 4, 4), (3, "Ceramics", 4, 4), (4, "Grain", 4, 4),
    (5, "Glass", 3, 3), (6, "Lead", 3, 3), (7, "Herbs", 3, 3), (8, "Obsidian", 2, 2),
    (9, "Amber", 2, 2),
)


def commodity_table(seat_count: int) -> tuple[tuple[int, str, int, int], ...]:
    """The commodity cards in the game for this many seats, sorted by stack."""
    if seat_count <= 8:
        rows = _BASE_5_11
    elif seat_count <= 11:
        rows = _BASE_5_11 + _THIRD_9_11
    elif seat_count <= 14:
        rows = _BASE_12_18
    else:
        rows = _BASE_12_18 + _FIFTH_15_18
    return tuple(sorted(rows, key=lambda r: r[0]))


def set_value(count: int, face: int) -> int:
    """n identical commodity cards are worth n squared times the face value (seed 004)."""
    return count * count * face


STACKS = 9
BUY_STACK = 9  # "by default players can only purchase a trade card from stack 9" (seed 004)
MAX_CITIES = 9  # a player has 9 cities (rulebook, "The player mats")
MAX_TREASURY = 55  # the 55 two-sided tokens are population or treasury (same section)
MAX_CALAMITIES = 20

TIMER_COMMANDS = ("timer_start", "timer_pause", "timer_resume", "timer_extend", "timer_check")

Phase = Literal["setup", "cities", "draw", "buy", "trade", "calamity", "after", "over"]


# ---------------------------------------------------------------- state


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
class MegaState:
    seats: tuple[Seat, ...]
    options: Mapping[str, Value]
    ledger: Ledger
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
    hands: Mapping[int, Mapping[str, int]] = field(default_factory=dict)  # calculator: PRIVATE
    picking: Mapping[int, str] = field(default_factory=dict)  # calculator step 2: PRIVATE
    cursor: Mapping[int, str] = field(default_factory=dict)  # calculator's last pick: PRIVATE
    log: Sequence[Msg] = ()

    def treasury(self, seat: int) -> int:
        return self.ledger.seat(seat)

    def label(self, seat: int) -> str:
        """The seat's short name for LCDs and logs: its civilization (<= 8 letters)."""
        civ = self.civs[seat]
        return civ if civ is not None else self.seats[seat].name

    @property
    def two_blocks(self) -> bool:
        return len(self.seats) >= 12


# ---------------------------------------------------------------- pure helpers


def draw_order(cities: Mapping[int, int], civs: Sequence[str | None],
               include_zero: bool = False) -> tuple[int, ...]:
    """Fewest cities first; the A.S.T. ranking breaks ties; 0 cities draws nothing."""
    seats = [s for s, n in cities.items() if n > 0 or include_zero]
    return tuple(sorted(seats, key=lambda s: (cities[s], AST_RANK.get(civs[s] or "", 99), s)))


def civ_from_name(name: str) -> str | None:
    """A civilization named in a seat name ("Minoa", "Ronald (Minoa)"); None if 0 or 2+."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    found = [c for c in CIV_NAMES if c.lower() in words]
    return found[0] if len(found) == 1 else None


def _parse_civ(text: str) -> str | None:
    for c in CIV_NAMES:
        if c.lower() == text.strip().lower():
            return c
    return None


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


# ---------------------------------------------------------------- the game


def _civ_options() -> tuple[OptionSpec, ...]:
    return tuple(
        OptionSpec(f"civ_{n}", "", ("", *CIV_NAMES),
                   help="civilization of seat N of civ_N (default: the one named in the "
                        "seat name)")  # one literal: a catalog id, translated for `games`
        for n in range(1, 19))


class MegaCivilization:
    id = "mega-civilization"
    aliases = ("mega-civ", "megaciv", "mega-civilisation", "megacivilization")
    name = msg("Mega Civilization")
    min_seats = 5
    max_seats = 18
    options = (
        OptionSpec("block", "auto", ("auto", WEST, EAST),
                   help="trade-card block for 5-9 seats (auto = west); 10 seats play west, 11 "
                        "east, 12-18 each civilization its own block"),
        OptionSpec("start_treasury", 0, lo=0, hi=MAX_TREASURY,
                   help="treasury each seat starts with (the box asks, starting from this value)"),
        OptionSpec("ask_treasury", "yes", ("yes", "no"),
                   help="each seat enters its treasury on its box at setup"),
        OptionSpec("treasury_each_turn", "yes", ("yes", "no"),
                   help="from turn 2 each seat confirms its treasury (taxes, advances...) "
                        "before its cities"),
        OptionSpec("card_price", 15, lo=0, hi=999,
                   help="treasury per extra trade card bought in 6b"),
        OptionSpec("zero_city_buys", "yes", ("yes", "no"),
                   help="a seat with no cities may still buy in 6b (it comes first)"),
        OptionSpec("trade_seconds", 600, lo=5, hi=7200, help="trade timer, seconds (10 minutes)"),
        OptionSpec("warn_first", 60, lo=0, hi=3600,
                   help="first warning, seconds before zero (0 = none)"),
        OptionSpec("warn_second", 15, lo=0, hi=3600,
                   help="second warning, seconds before zero (0 = none)"),
        OptionSpec("countdown", 5, lo=0, hi=10, help="warn each of the last N seconds (0 = none)"),
        OptionSpec("timer_sound", "off", ("off", "on"), help="sound at warnings and at zero"),
        *_civ_options(),
    )

    def phase(self, state: MegaState) -> str:
        return state.phase

    def sealed(self, state: MegaState) -> SealedRound | None:
        return state.calamity if state.phase == "calamity" else None

    # -- setup

    def setup(self, seats: tuple[Seat, ...], options: Mapping[str, Value]) -> MegaState:
        n = len(seats)
        civs: list[str | None] = []
        for i, seat in enumerate(seats):
            chosen = str(options.get(f"civ_{i + 1}", "")) if i < 18 else ""
            civs.append(chosen or civ_from_name(seat.name))
        taken = [c for c in civs if c is not None]
        if len(set(taken)) != len(taken):
            dup = next(c for c in taken if taken.count(c) > 1)
            raise IllegalAction(msg("{civ}\ntaken twice", civ=dup))
        table_block = self._table_block(n, str(options["block"]))
        blocks = tuple(self._block_for(table_block, c) for c in civs)
        start = int(options["start_treasury"])
        ask = options["ask_treasury"] == "yes"
        ledger = Ledger.open({seat_account(i): 0 if ask else start for i in range(n)} | {SUPPLY: 0})
        total = int(options["trade_seconds"]) * 1000
        state = MegaState(seats, dict(options), ledger, "setup", tuple(civs), blocks,
                          Timer(total, total))
        return self._maybe_finish_setup(state)

    def _table_block(self, n: int, option: str) -> str | None:
        """The one block for 5-11 seats; None for 12-18 (each civilization its own)."""
        if n >= 12:
            if option != "auto":
                raise IllegalAction(msg("12-18 seats use\nboth blocks"))
            return None
        forced = WEST if n == 10 else EAST if n == 11 else None
        if forced is not None:
            if option not in ("auto", forced):
                raise IllegalAction(msg("{n} seats play\n{block}", n=n, block=BLOCK_NAMES[forced]))
            return forced
        return WEST if option == "auto" else option

    def _block_for(self, table_block: str | None, civ: str | None) -> str:
        if table_block is not None:
            return table_block
        return CIV_REGION[civ] if civ is not None else WEST

    def _maybe_finish_setup(self, state: MegaState) -> MegaState:
        if state.phase != "setup" or any(c is None for c in state.civs):
            return state
        ask = state.options["ask_treasury"] == "yes"
        if ask and len(state.treasury_in) < len(state.seats):
            return state
        ledger = state.ledger
        for seat, amount in sorted(state.treasury_in.items()):
            ledger = ledger.transfer(SUPPLY, seat_account(seat), amount, msg("treasury at setup"))
        new = replace(state, ledger=ledger, treasury_in={} if not ask else state.treasury_in)
        return self._new_turn(new)

    def _new_turn(self, state: MegaState) -> MegaState:
        total = int(state.options["trade_seconds"]) * 1000
        turn = state.turn + 1
        return replace(state, phase="cities", turn=turn, treasury_in={}, cities={},
                       draw=OrderedRound(()),
                       drawn={}, empties={}, reporting=frozenset(), buy=OrderedRound(()),
                       bought={}, passed=frozenset(), timer=Timer(total, total),
                       calamity=SealedRound(()), calamities={}, picking={},
                       log=appended(state.log, msg("Turn {n}: enter your cities", n=turn)))

    # -- transitions

    def apply(self, state: MegaState, action: Action) -> Step[MegaState]:
        if isinstance(action, Host):
            return self._host(state, action)
        if isinstance(action, Withdraw):
            return self._withdraw(state, action.seat)
        if isinstance(action, Enter):
            seat, value = action.seat, action.value
            if state.phase == "setup":
                return self._enter_treasury(state, seat, value)
            if state.phase == "cities":
                if self.needs_treasury(state, seat):
                    return self._update_treasury(state, seat, value)
                return self._enter_cities(state, seat, value)
            if state.phase == "draw":
                return self._draw(state, seat, value)
            if state.phase == "buy":
                return self._buy(state, seat, value)
            if state.phase == "calamity":
                return self._calamity(state, seat, value)
            if state.phase in ("trade", "after"):
                return self._calculator(state, seat, value)
            raise IllegalAction("Nothing to enter\nright now")
        raise IllegalAction(msg("Not an action\nfor this game"))

    # setup and 6a entries: public numbers a seat may unlock until every seat has entered

    def _enter_treasury(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        if state.options["ask_treasury"] != "yes":
            raise IllegalAction("Nothing to enter\nright now")
        if seat in state.treasury_in:
            raise IllegalAction("Already entered\nhold OK: change")
        if not isinstance(value, int) or not 0 <= value <= MAX_TREASURY:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_TREASURY))
        line = msg("{civ}: treasury {n}", civ=state.label(seat), n=value)
        new = replace(state, treasury_in={**state.treasury_in, seat: value},
                      log=appended(state.log, line))
        return Step(self._maybe_finish_setup(new), (Event(line),))

    def needs_treasury(self, state: MegaState, seat: int) -> bool:
        """From turn 2 a seat confirms its treasury before its cities: taxes, calamities and
        advances changed it on the player mat, outside the companion."""
        return (state.phase == "cities" and state.turn >= 2 and seat not in state.treasury_in
                and state.options["treasury_each_turn"] == "yes")

    def _update_treasury(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        if not isinstance(value, int) or not 0 <= value <= MAX_TREASURY:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_TREASURY))
        change = value - state.treasury(seat)
        reason = msg("treasury update")
        ledger = state.ledger
        if change > 0:
            ledger = ledger.transfer(SUPPLY, seat_account(seat), change, reason)
        elif change < 0:
            ledger = ledger.transfer(seat_account(seat), SUPPLY, -change, reason)
        line = msg("{civ}: treasury {n} ({change:+d})", civ=state.label(seat), n=value,
                   change=change)
        new = replace(state, ledger=ledger, treasury_in={**state.treasury_in, seat: value},
                      log=appended(state.log, line))
        return Step(new, (Event(line),))

    def _enter_cities(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        if seat in state.cities:
            raise IllegalAction("Already entered\nhold OK: change")
        if not isinstance(value, int) or not 0 <= value <= MAX_CITIES:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_CITIES))
        cities = {**state.cities, seat: value}
        line = msg("{civ}: {n} cities", civ=state.label(seat), n=value)
        new = replace(state, cities=cities, log=appended(state.log, line))
        events = [Event(line)]
        if len(cities) == len(state.seats):
            new = self._start_draw(new)
            events.append(Event(new.log[-1]))
        return Step(new, tuple(events))

    def _withdraw(self, state: MegaState, seat: int) -> Step[MegaState]:
        name = state.label(seat)
        if state.phase == "setup" and seat in state.treasury_in:
            rest = {s: v for s, v in state.treasury_in.items() if s != seat}
            return Step(replace(state, treasury_in=rest),
                        (Event(msg("{civ} changes the treasury", civ=name)),))
        if state.phase == "cities" and seat in state.cities:
            rest = {s: v for s, v in state.cities.items() if s != seat}
            return Step(replace(state, cities=rest),
                        (Event(msg("{civ} changes the cities", civ=name)),))
        if state.phase == "calamity":
            new = replace(state, calamity=state.calamity.withdraw(seat))
            return Step(new, (Event(msg("{civ} unlocked", civ=name)),))
        raise IllegalAction("Nothing locked")

    def _start_draw(self, state: MegaState) -> MegaState:
        order = draw_order(state.cities, state.civs)
        names = ", ".join(state.label(s) for s in order) or "-"
        new = replace(state, phase="draw", draw=OrderedRound.of(order),
                      log=appended(state.log, msg("Draw order: {order}", order=names)))
        return self._start_buy(new) if not order else new

    # 6a: the current drawer says when it is done, or reports an empty stack

    def plan(self, state: MegaState, seat: int) -> tuple[tuple[int, bool], ...]:
        """The seat's draws this turn: (stack, water) for stacks 1..cities."""
        n = state.cities.get(seat, 0)
        if seat in state.drawn:
            water = state.drawn[seat]
            return tuple((k, k in water) for k in range(1, n + 1))
        block = state.blocks[seat]
        return tuple((k, (block, k) in state.empties) for k in range(1, n + 1))

    def _draw(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        state.draw.check_turn(seat, [state.label(s) for s in range(len(state.seats))])
        name = state.label(seat)
        if seat in state.reporting:
            if value == "back":
                return Step(replace(state, reporting=state.reporting - {seat}))
            n = state.cities[seat]
            if not isinstance(value, int) or not 1 <= value <= n:
                raise IllegalAction(msg("Your stacks are\n1 to {n}", n=n))
            new = self._mark_empty(replace(state, reporting=state.reporting - {seat}),
                                   state.blocks[seat], value, seat)
            return Step(new, (Event(new.log[-1]),
                              Event(msg("Stack {k} empty:\na water card", k=value), seat)))
        if value == "empty":
            open_stacks = [k for k, water in self.plan(state, seat) if not water]
            if not open_stacks:
                raise IllegalAction("No stack left\nto report")
            return Step(replace(state, reporting=state.reporting | {seat}))
        if value != "done":
            raise IllegalAction("Choose Done or\nReport empty")
        return self._done_drawing(state, seat, msg("{civ} has drawn", civ=name))

    def _done_drawing(self, state: MegaState, seat: int, line: Msg) -> Step[MegaState]:
        water = frozenset(k for k, w in self.plan(state, seat) if w)
        new = replace(state, drawn={**state.drawn, seat: water}, draw=state.draw.advance(),
                      reporting=state.reporting - {seat}, log=appended(state.log, line))
        events = [Event(line)]
        if new.draw.done:
            new = self._start_buy(new)
            events.append(Event(new.log[-1]))
        return Step(new, tuple(events))

    def _mark_empty(self, state: MegaState, block: str, stack: int, by: int) -> MegaState:
        if (block, stack) in state.empties:
            raise IllegalAction(msg("Stack {k} is\nalready empty", k=stack))
        where = msg("{block} stack {k}", block=BLOCK_NAMES[block], k=stack) if state.two_blocks \
            else msg("stack {k}", k=stack)
        who = state.label(by) if by >= 0 else msg("host")
        line = msg("{who}: {where} is empty - water cards from now on", who=who, where=where)
        return replace(state, empties={**state.empties, (block, stack): by},
                       log=appended(state.log, line))

    # 6b: buy one card at a time from stack 9, or pass (final)

    def _start_buy(self, state: MegaState) -> MegaState:
        zero = state.options["zero_city_buys"] == "yes"
        order = draw_order(state.cities, state.civs, include_zero=zero)
        price = int(state.options["card_price"])
        new = replace(state, phase="buy", buy=OrderedRound.of(order),
                      log=appended(state.log, msg("6b: buy from stack 9 for {p} each", p=price)))
        return self._start_trade(new) if not order else new

    def _buy(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        if seat in state.passed:
            raise IllegalAction("You passed:\nthat is final")
        state.buy.check_turn(seat, [state.label(s) for s in range(len(state.seats))])
        name = state.label(seat)
        block = state.blocks[seat]
        if value == "pass":
            line = msg("{civ} passes", civ=name)
            new = replace(state, passed=state.passed | {seat}, buy=state.buy.advance(),
                          log=appended(state.log, line))
            events = [Event(line)]
            if new.buy.done:
                new = self._start_trade(new)
                events.append(Event(new.log[-1]))
            return Step(new, tuple(events))
        if value == "empty":
            new = self._mark_empty(state, block, BUY_STACK, seat)
            return Step(new, (Event(new.log[-1]),))
        if value != "buy":
            raise IllegalAction("Choose BUY or\nPASS")
        price = int(state.options["card_price"])
        have = state.treasury(seat)
        if have < price:
            raise IllegalAction(msg("Costs {p}\nyou have {have}", p=price, have=have))
        water = (block, BUY_STACK) in state.empties
        ledger = state.ledger.transfer(seat_account(seat), SUPPLY, price,
                                       msg("trade card from stack 9"))
        cards = (*state.bought.get(seat, ()), water)
        line = (msg("{civ} buys a water card ({p})", civ=name, p=price) if water
                else msg("{civ} buys a card ({p})", civ=name, p=price))
        private = (msg("Water card {k}\nstack 9 is empty", k=len(cards)) if water
                   else msg("Card {k} bought\nlook, then pick", k=len(cards)))
        new = replace(state, ledger=ledger, bought={**state.bought, seat: cards},
                      buy=state.buy.stay(), log=appended(state.log, line))
        return Step(new, (Event(line), Event(private, seat)))

    # 7: trade, with the timer

    def _start_trade(self, state: MegaState) -> MegaState:
        return replace(state, phase="trade",
                       log=appended(state.log, msg("7: trade ({t}); the host starts the timer",
                                            t=clock(state.timer.total_ms))))

    # calamity count: sealed, revealed together

    def _calamity(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        if not isinstance(value, int) or not 0 <= value <= MAX_CALAMITIES:
            raise IllegalAction(msg("Enter 0 to {hi}", hi=MAX_CALAMITIES))
        rnd = state.calamity.enter(seat, value)
        new = replace(state, calamity=rnd)
        events: list[Event] = [Event(msg("{civ} locked", civ=state.label(seat)))]
        if rnd.complete:
            counts = {s: int(v) for s, v in rnd.values().items()}
            line = msg("Calamity cards revealed: {total} in all", total=sum(counts.values()))
            new = replace(new, phase="after", calamities=counts, log=appended(new.log, line))
            events.append(Event(line))
        return Step(new, tuple(events))

    # the private set-value calculator

    def calc_list(self, state: MegaState, seat: int) -> tuple[tuple[str, int, int], ...]:
        """(name, face, copies in the game): the seat's block first, then (12-18 seats) the
        other block's commodities, which can reach a hand by trade across the blocks."""
        table = commodity_table(len(state.seats))
        block = state.blocks[seat]
        in_play = {WEST, EAST} if state.two_blocks else {block}

        def copies(w: int, e: int) -> int:
            return (w if WEST in in_play else 0) + (e if EAST in in_play else 0)

        own = [(nm, st, copies(w, e)) for st, nm, w, e in table
               if (w if block == WEST else e) > 0]
        other = [(nm, st, copies(w, e)) for st, nm, w, e in table
                 if (w if block == WEST else e) == 0 and copies(w, e) > 0]
        return tuple(own + other)

    def hand_sets(self, state: MegaState, seat: int) -> tuple[tuple[str, int, int, int], ...]:
        """(name, count, face, value) for each commodity in the seat's calculator."""
        faces = {nm: face for nm, face, _ in self.calc_list(state, seat)}
        hand = state.hands.get(seat, {})
        return tuple((nm, hand[nm], faces[nm], set_value(hand[nm], faces[nm]))
                     for nm, _, _ in self.calc_list(state, seat) if hand.get(nm, 0) > 0)

    def hand_total(self, state: MegaState, seat: int) -> int:
        return sum(v for *_, v in self.hand_sets(state, seat))

    def _calculator(self, state: MegaState, seat: int, value: Value) -> Step[MegaState]:
        listing = {nm: (face, cap) for nm, face, cap in self.calc_list(state, seat)}
        picking = state.picking.get(seat)
        if picking is not None:
            face, cap = listing[picking]
            if not isinstance(value, int) or not 0 <= value <= cap:
                raise IllegalAction(msg("Max {cap} {name}\nin the game",
                                        name=Msg(picking), cap=cap))
            hand = {k: v for k, v in state.hands.get(seat, {}).items() if k != picking}
            if value:
                hand[picking] = value
            new = replace(state, hands={**state.hands, seat: hand},
                          picking={s: p for s, p in state.picking.items() if s != seat},
                          cursor={**state.cursor, seat: picking})
            shown = msg("{name} {n}: {v}\nTotal {t}", name=Msg(picking), n=value,
                        v=set_value(value, face), t=self.hand_total(new, seat))
            return Step(new, (Event(shown, seat),))
        if value == "clear":
            new = replace(state, hands={**state.hands, seat: {}})
            return Step(new, (Event(msg("Sets cleared\nTotal 0"), seat),))
        if not isinstance(value, str) or value not in listing:
            raise IllegalAction("Not a commodity\nof this game")
        return Step(replace(state, picking={**state.picking, seat: value}))

    # host commands

    def _host(self, state: MegaState, action: Host) -> Step[MegaState]:
        cmd = action.command
        if cmd == "civ":
            return self._host_civ(state, action)
        if cmd == "block":
            return self._host_block(state, action)
        if cmd == "adjust":
            return self._host_adjust(state, action)
        if cmd == "empty":
            if state.phase not in ("draw", "buy"):
                raise IllegalAction("Only in 6a/6b")
            block = action.str_param("block") if state.two_blocks else state.blocks[0]
            stack = action.int_param("stack")
            if block not in (WEST, EAST) or not 1 <= stack <= STACKS:
                raise IllegalAction("Give block and\nstack 1-9")
            new = self._mark_empty(state, block, stack, -1)
            return Step(new, (Event(new.log[-1]),))
        if cmd == "skip":
            if state.phase == "draw" and state.draw.current is not None:
                cur = state.draw.current
                return self._done_drawing(state, cur, msg("Host: {civ} skipped (has drawn)",
                                                          civ=state.label(cur)))
            if state.phase == "buy" and state.buy.current is not None:
                return self._buy(state, state.buy.current, "pass")
            raise IllegalAction("Nobody to skip")
        if cmd.startswith("timer_"):
            return self._host_timer(state, action)
        if cmd == "calamities":
            if state.phase != "trade":
                raise IllegalAction("Only after\nthe trade")
            timer = state.timer
            if "at_ms" in dict(action.params):
                timer = timer.caught_up(action.int_param("at_ms"))
            if timer.running:
                timer = replace(timer, running=False, deadline_ms=None)
            line = msg("Trade over: enter your calamity cards")
            new = replace(state, phase="calamity", timer=timer, picking={},
                          calamity=SealedRound(tuple(range(len(state.seats)))),
                          log=appended(state.log, line))
            return Step(new, (Event(line),))
        if cmd == "turn":
            if state.phase != "after":
                raise IllegalAction("Finish this turn\nfirst")
            new = self._new_turn(state)
            return Step(new, (Event(new.log[-1]),))
        if cmd == "end":
            if state.phase in ("draw", "buy", "calamity", "over"):
                raise IllegalAction("Finish the phase\nfirst")
            return Step(replace(state, phase="over", log=appended(state.log, msg("Game over"))),
                        (Event(msg("Game over")),))
        raise IllegalAction(msg("Unknown command\n{c}", c=cmd))

    def _host_civ(self, state: MegaState, action: Host) -> Step[MegaState]:
        if state.phase != "setup":
            raise IllegalAction("Civs are set\nat setup")
        seat = action.int_param("seat")
        civ = _parse_civ(action.str_param("name"))
        if not 0 <= seat < len(state.seats):
            raise IllegalAction(msg("No seat {n}", n=seat + 1))
        if civ is None:
            raise IllegalAction("Not a Mega Civ\ncivilization")
        if civ in state.civs and state.civs[seat] != civ:
            raise IllegalAction(msg("{civ} taken", civ=civ))
        civs = tuple(civ if i == seat else c for i, c in enumerate(state.civs))
        table_block = None if state.two_blocks else state.blocks[0]
        blocks = tuple(self._block_for(table_block, c) if i == seat else b
                       for i, (c, b) in enumerate(zip(civs, state.blocks, strict=True)))
        line = msg("{seat} plays {civ}", seat=state.seats[seat].name, civ=civ)
        new = replace(state, civs=civs, blocks=blocks, log=appended(state.log, line))
        return Step(self._maybe_finish_setup(new), (Event(line),))

    def _host_block(self, state: MegaState, action: Host) -> Step[MegaState]:
        if state.phase != "setup" or not state.two_blocks:
            raise IllegalAction("Blocks: setup,\n12+ seats only")
        seat, block = action.int_param("seat"), action.str_param("block")
        if not 0 <= seat < len(state.seats) or block not in (WEST, EAST):
            raise IllegalAction("Give a seat and\nwest or east")
        blocks = tuple(block if i == seat else b for i, b in enumerate(state.blocks))
        line = msg("{civ} draws from the {block} block", civ=state.label(seat),
                   block=BLOCK_NAMES[block])
        return Step(replace(state, blocks=blocks, log=appended(state.log, line)), (Event(line),))

    def _host_adjust(self, state: MegaState, action: Host) -> Step[MegaState]:
        if state.phase == "setup":
            raise IllegalAction("Finish the setup\nfirst")
        seat, amount = action.int_param("seat"), action.int_param("amount")
        if not 0 <= seat < len(state.seats) or amount == 0:
            raise IllegalAction("Give a seat and\nan amount")
        reason = msg("treasury adjustment")
        if amount > 0:
            ledger = state.ledger.transfer(SUPPLY, seat_account(seat), amount, reason)
        else:
            ledger = state.ledger.transfer(seat_account(seat), SUPPLY, -amount, reason)
        line = msg("Treasury: {civ} {amount:+d} = {n}", civ=state.label(seat), amount=amount,
                   n=ledger.seat(seat))
        return Step(replace(state, ledger=ledger, log=appended(state.log, line)), (Event(line),))

    def _host_timer(self, state: MegaState, action: Host) -> Step[MegaState]:
        if state.phase != "trade":
            raise IllegalAction("Timer runs in\nthe trade phase")
        cmd = action.command
        if cmd not in TIMER_COMMANDS:
            raise IllegalAction(msg("Unknown command\n{c}", c=cmd))
        params = dict(action.params)
        # Every timer command carries the app's wall clock; only extend may omit it.
        at = action.int_param("at_ms") if "at_ms" in params or cmd != "timer_extend" else None
        if at is not None and at < 0:
            raise MalformedInput("'at_ms' must be wall-clock epoch milliseconds")
        before = state.timer
        t = before.caught_up(at) if at is not None else before
        expired_now = t.expired and not before.expired
        if cmd == "timer_start":
            if t.started:
                raise IllegalAction("Timer already\nstarted")
            assert at is not None
            total = action.int_param("seconds") * 1000 if "seconds" in params else t.total_ms
            if total <= 0:
                raise IllegalAction("Timer needs at\nleast 1 second")
            t = Timer(total, total, True, True, at + total, at)
            line = msg("Trade timer started: {t}", t=clock(total))
        elif cmd == "timer_pause":
            if expired_now:
                line = msg("Time! Trading is over")
            elif not t.running:
                raise IllegalAction("Timer is not\nrunning")
            else:
                t = replace(t, running=False, deadline_ms=None)
                line = msg("Timer paused at {t}", t=clock(t.remaining_ms))
        elif cmd == "timer_resume":
            if expired_now:
                line = msg("Time! Trading is over")
            elif not t.started or t.running or t.expired:
                raise IllegalAction("Timer is not\npaused")
            else:
                assert at is not None
                t = replace(t, running=True, deadline_ms=at + t.remaining_ms, as_of_ms=at)
                line = msg("Timer resumed: {t}", t=clock(t.remaining_ms))
        elif cmd == "timer_extend":
            secs = action.int_param("seconds")
            if not 1 <= secs <= 3600:
                raise IllegalAction("Extend by 1 to\n3600 seconds")
            add = secs * 1000
            if t.expired:
                if at is None:
                    raise MalformedInput("timer_extend after zero needs 'at_ms'")
                t = replace(t, total_ms=t.total_ms + add, remaining_ms=add, running=True,
                            deadline_ms=at + add, as_of_ms=at, expired=False)
            elif t.running:
                assert t.deadline_ms is not None
                t = replace(t, total_ms=t.total_ms + add, remaining_ms=t.remaining_ms + add,
                            deadline_ms=t.deadline_ms + add)
            else:
                t = replace(t, total_ms=t.total_ms + add, remaining_ms=t.remaining_ms + add)
            line = msg("Timer extended by {s} s: {t}", s=secs, t=clock(t.remaining_ms))
        else:  # timer_check: the app saw its clock pass the deadline
            if not expired_now:
                left = t.remaining_ms if t.started else t.total_ms
                raise IllegalAction(msg("Time not up\n{t} left", t=clock(left)))
            line = msg("Time! Trading is over")
        return Step(replace(state, timer=t, log=appended(state.log, line)), (Event(line),))

    # -- the seat's own box

    def prompt(self, state: MegaState, seat: int) -> Prompt:
        name = state.label(seat)
        if state.phase == "setup":
            if state.civs[seat] is None:
                return Prompt("wait", msg("No civilization"), info=msg("The host sets it"))
            if state.options["ask_treasury"] != "yes":
                return Prompt("wait", msg("Setting up"), info=msg("Waiting for host"))
            own = state.treasury_in.get(seat)
            return Prompt("number", msg("Treasury?"), lo=0, hi=MAX_TREASURY,
                          initial=own if own is not None else int(state.options["start_treasury"]),
                          locked=own is not None, locked_value=own, unlockable=own is not None,
                          must_act=own is None)
        money = state.treasury(seat)
        if self.needs_treasury(state, seat):
            return Prompt("number", msg("Treasury?"), lo=0, hi=MAX_TREASURY,
                          initial=min(money, MAX_TREASURY), money=money, must_act=True)
        if state.phase == "cities":
            own = state.cities.get(seat)
            return Prompt("number", msg("Cities?"), lo=0, hi=MAX_CITIES, initial=own or 0,
                          locked=own is not None, locked_value=own, unlockable=own is not None,
                          money=money, must_act=own is None)
        if state.phase == "draw":
            return self._draw_prompt(state, seat)
        if state.phase == "buy":
            return self._buy_prompt(state, seat, money)
        if state.phase == "calamity":
            own_c = state.calamity.own(seat)
            return Prompt("number", msg("Calamities?"), lo=0, hi=MAX_CALAMITIES, sealed=True,
                          initial=own_c if own_c is not None else 0,
                          locked=own_c is not None, locked_value=own_c,
                          unlockable=own_c is not None, must_act=own_c is None)
        if state.phase in ("trade", "after"):
            return self._calc_prompt(state, seat)
        if state.phase == "over":
            return Prompt("wait", msg("Game over"), info=msg("{civ}", civ=name), money=money)
        return Prompt("wait", msg("Please wait"), money=money)

    def _draw_prompt(self, state: MegaState, seat: int) -> Prompt:
        n = state.cities.get(seat, 0)
        cur = state.draw.current
        if cur == seat:
            if seat in state.reporting:
                water = frozenset(k for k, w in self.plan(state, seat) if w)
                return Prompt("number", msg("Which is empty?"), lo=1, hi=n, initial=1,
                              forbidden=water, extras=(Choice("back", msg("Back")),),
                              must_act=True)
            label = msg("Draw stack 1") if n == 1 else msg("Draw stacks 1-{n}", n=n)
            return Prompt("choice", label, initial="done", must_act=True,
                          choices=(Choice("done", msg("Done")),
                                   Choice("empty", msg("Report empty"))))
        now = msg("Now: {civ}", civ=state.label(cur)) if cur is not None else msg("6a: draw")
        if n == 0:
            return Prompt("wait", msg("No cities"), info=msg("No cards to draw"))
        if seat in state.drawn:
            done = msg("Drew stack 1") if n == 1 else msg("Drew stacks 1-{n}", n=n)
            return Prompt("wait", done, info=now)
        place = state.draw.order.index(seat) + 1
        return Prompt("wait", now, info=msg("Draw #{k} of {m}", k=place,
                                            m=len(state.draw.order)))

    def _buy_prompt(self, state: MegaState, seat: int, money: int) -> Prompt:
        cur = state.buy.current
        price = int(state.options["card_price"])
        if cur == seat:
            choices = [Choice("buy", msg("BUY")), Choice("pass", msg("PASS"))]
            if (state.blocks[seat], BUY_STACK) not in state.empties:
                choices.append(Choice("empty", msg("Stack 9 empty")))
            return Prompt("choice", msg("Buy {p}?", p=price), initial="pass",
                          choices=tuple(choices), money=money, must_act=True)
        now = msg("Now: {civ}", civ=state.label(cur)) if cur is not None else msg("6b: buy")
        # Waiting boxes leave out the treasury: "Now: Carthage" needs the whole line.
        k = len(state.bought.get(seat, ()))
        if seat in state.passed:
            return Prompt("wait", msg("Bought {k}", k=k), info=now, money=money)
        if seat not in state.buy.order:
            return Prompt("wait", now, info=msg("No buy: 0 cities"))
        place = state.buy.order.index(seat) + 1
        return Prompt("wait", now, info=msg("Buy #{k} of {m}", k=place, m=len(state.buy.order)))

    def _calc_prompt(self, state: MegaState, seat: int) -> Prompt:
        picking = state.picking.get(seat)
        hand = state.hands.get(seat, {})
        if picking is not None:
            cap = {nm: c for nm, _, c in self.calc_list(state, seat)}[picking]
            return Prompt("number", msg("{name} cards", name=Msg(picking)), lo=0, hi=cap,
                          initial=hand.get(picking, 0))
        # Commodity names are catalog ids (companion/i18n/data_names.py lists them).
        choices = [Choice(nm, msg("{name} x{n}", name=Msg(nm), n=hand[nm]) if hand.get(nm)
                          else msg("{name}", name=Msg(nm)))
                   for nm, _, _ in self.calc_list(state, seat)]
        choices.append(Choice("clear", msg("Clear all")))
        # Back on the commodity just counted, so the next one is a press or two away.
        return Prompt("choice", msg("Sets total {t}", t=self.hand_total(state, seat)),
                      choices=tuple(choices), initial=state.cursor.get(seat, choices[0].key))

    def host_commands(self, state: MegaState) -> tuple[HostCommand, ...]:
        seats = tuple(range(len(state.seats)))
        cmds: list[HostCommand] = []
        # `adjust` (seat, amount) is left out of the host menu: from turn 2 every seat
        # confirms its treasury on its own box; the command stays for corrections.
        if state.phase == "setup":
            missing = tuple(i for i in seats if state.civs[i] is None)
            free = tuple(c for c in CIV_NAMES if c not in state.civs)
            if missing:
                cmds.append(HostCommand("civ", msg("Set a civilization"),
                                        {"seat": missing, "name": free}))
            if state.two_blocks:
                cmds.append(HostCommand("block", msg("Set a trade-card block"),
                                        {"seat": seats, "block": (WEST, EAST)}))
        if state.phase in ("draw", "buy"):
            blocks: tuple[Value, ...] = (WEST, EAST) if state.two_blocks else (state.blocks[0],)
            cmds.append(HostCommand("empty", msg("Mark a stack empty"),
                                    {"block": blocks, "stack": tuple(range(1, 10))}))
            cmds.append(HostCommand("skip", msg("Skip the current seat")))
        if state.phase == "trade":
            t = state.timer
            if not t.started:
                cmds.append(HostCommand("timer_start", msg("Start the trade timer"), timed=True))
            elif t.running:
                cmds.append(HostCommand("timer_pause", msg("Pause the timer"), timed=True))
                cmds.append(HostCommand("timer_check", msg("Time is up"), timed=True))
            elif not t.expired:
                cmds.append(HostCommand("timer_resume", msg("Resume the timer"), timed=True))
            cmds.append(HostCommand("timer_extend", msg("Extend the timer"),
                                    {"seconds": (30, 60, 120, 300)}))
            cmds.append(HostCommand("calamities", msg("End trade: calamity count"), timed=True))
        if state.phase == "after":
            cmds.append(HostCommand("turn", msg("Next turn")))
        if state.phase in ("cities", "trade", "after"):
            cmds.append(HostCommand("end", msg("End the game")))
        return tuple(cmds)

    # -- the public table

    def timer_view(self, state: MegaState) -> TimerView:
        t = state.timer
        opts = state.options
        warn = sorted({int(opts["warn_first"]) * 1000, int(opts["warn_second"]) * 1000,
                       *(k * 1000 for k in range(1, int(opts["countdown"]) + 1))} - {0},
                      reverse=True)
        warnings = tuple(w for w in warn if w < t.total_ms)
        remaining = t.remaining_ms if t.started else t.total_ms
        if t.expired:
            label = msg("TIME")
        elif t.started and not t.running:
            label = msg("Trade (paused)")
        else:
            label = msg("Trade")
        return TimerView(label, remaining, t.running,
                         warning=bool(warnings) and 0 < remaining <= warnings[0] and t.started,
                         deadline_ms=t.deadline_ms if t.running else None,
                         warnings_ms=warnings, sound=opts["timer_sound"] == "on",
                         expired=t.expired)

    def table(self, state: MegaState) -> TableView:
        seats = tuple(self._seat_line(state, i) for i in range(len(state.seats)))
        headline, detail = self._headline(state)
        panels: list[Panel] = []
        if state.phase == "after":
            # The turn's trade cards are history now: the screen is the calamity count's.
            panels.append(self._calamity_panel(state))
        elif state.phase == "setup":
            panels.append(self._setup_panel(state))
        elif state.phase == "cities":
            if state.cities:
                panels.append(Panel(msg("Cities on the board, turn {n}", n=state.turn), tuple(
                    (Cell(state.label(s)), Cell(str(n))) for s, n in sorted(
                        state.cities.items(), key=lambda kv: AST_RANK.get(state.civs[kv[0]] or "",
                                                                          99)))))
        elif state.phase != "over" or state.cities:
            panels.append(self._cards_panel(state))
        return TableView(self.name, headline, detail, seats, tuple(panels), tuple(state.log[-6:]),
                         final=state.phase == "over",
                         timer=self.timer_view(state) if state.phase == "trade" else None)

    def _seat_line(self, state: MegaState, i: int) -> SeatLine:
        s = state.seats[i]
        civ = state.civs[i]
        badges: list[Msg] = []
        if civ is not None and civ != s.name:
            badges.append(msg("{civ}", civ=civ))
        if state.two_blocks:
            badges.append(BLOCK_NAMES[state.blocks[i]])
        status: Any = "waiting"
        if state.phase == "setup":
            status = "done" if i in state.treasury_in else "thinking"
        elif state.phase == "cities":
            status = "done" if i in state.cities else "thinking"
        elif state.phase == "draw":
            status = ("turn" if state.draw.current == i else "done" if i in state.drawn
                      else "out" if state.cities.get(i, 0) == 0 else "waiting")
        elif state.phase == "buy":
            status = ("turn" if state.buy.current == i else "done" if i in state.passed
                      else "out" if i not in state.buy.order else "waiting")
        elif state.phase == "trade":
            status = "thinking"  # everybody trades at once
        elif state.phase == "calamity":
            status = "locked" if state.calamity.is_locked(i) else "thinking"
        money = state.treasury(i) if state.phase != "setup" else state.treasury_in.get(i)
        return SeatLine(i, s.name, s.colour, money, status, tuple(badges))

    def _headline(self, state: MegaState) -> tuple[Msg, Msg]:
        price = int(state.options["card_price"])
        if state.phase == "setup":
            return (msg("Setup: civilizations and treasury"),
                    msg("Each seat enters its treasury; the host sets missing civilizations."))
        if state.phase == "cities":
            return (msg("Turn {n} - 6a: cities on the board", n=state.turn),
                    msg("Each seat enters its number of cities (public)."))
        if state.phase == "draw":
            cur = state.draw.current
            assert cur is not None
            return (msg("6a: {civ} draws stacks 1-{n}", civ=state.label(cur),
                        n=state.cities[cur]),
                    msg("Fewest cities first, A.S.T. order breaks ties. An empty stack "
                        "gives a water card."))
        if state.phase == "buy":
            cur = state.buy.current
            assert cur is not None
            return (msg("6b: {civ} may buy from stack 9", civ=state.label(cur)),
                    msg("{p} treasury a card: look, then buy again or pass. A pass is final.",
                        p=price))
        if state.phase == "trade":
            if state.timer.expired:
                return msg("TIME! Trading is over"), msg("The host ends the trade.")
            return (msg("7: Trade"),
                    msg("Deals of 3+ cards each side. Your box adds up your sets privately."))
        if state.phase == "calamity":
            return (msg("Calamity count"),
                    msg("Each seat enters how many calamity cards it holds; shown together."))
        if state.phase == "after":
            return (msg("Turn {n}: calamity cards revealed", n=state.turn),
                    msg("Resolve calamities, buy advances; the host starts the next turn."))
        return msg("Game over"), msg("Count your victory points.")

    def _calamity_panel(self, state: MegaState) -> Panel:
        """The revealed counts in A.S.T. order, two civilizations a row (18 fit on 9 rows)."""
        ranked = sorted(state.calamities, key=lambda s: AST_RANK.get(state.civs[s] or "", 99))
        cells = [(Cell(state.label(s)), Cell(str(state.calamities[s]),
                                             "alert" if state.calamities[s] else ""))
                 for s in ranked]
        half = (len(cells) + 1) // 2
        blank = (Cell(""), Cell(""))
        rows = tuple((*cells[i], *(cells[i + half] if i + half < len(cells) else blank))
                     for i in range(half))
        total = sum(state.calamities.values())
        return Panel(msg("Calamity cards held"), rows, msg("{n} in all", n=total))

    def _setup_panel(self, state: MegaState) -> Panel:
        head: list[Cell] = [Cell(msg("A.S.T."), "head"), Cell(msg("Civilization"), "head"),
                            Cell(msg("Seat"), "head")]
        if state.two_blocks:
            head.append(Cell(msg("Block"), "head"))
        head.append(Cell(msg("Treasury"), "head"))
        rows: list[tuple[Cell, ...]] = [tuple(head)]
        for i in sorted(range(len(state.seats)),
                        key=lambda i: AST_RANK.get(state.civs[i] or "", 99)):
            civ = state.civs[i]
            row = [Cell(str(AST_RANK[civ]) if civ else "-"),
                   Cell(civ if civ else msg("(host sets it)"), "" if civ else "alert"),
                   Cell(state.seats[i].name)]
            if state.two_blocks:
                row.append(Cell(BLOCK_NAMES[state.blocks[i]]))
            t = state.treasury_in.get(i)
            row.append(Cell(str(t) if t is not None else ""))
            rows.append(tuple(row))
        return Panel(msg("Civilizations in A.S.T. order"), tuple(rows))

    def _cards_panel(self, state: MegaState) -> Panel:
        head: list[Cell] = [Cell("#", "head"), Cell(msg("Civilization"), "head"),
                            Cell(msg("Cities"), "head")]
        if state.two_blocks:
            head.append(Cell(msg("Block"), "head"))
        head += [Cell(msg("Draws"), "head"), Cell(msg("Bought"), "head")]
        rows: list[tuple[Cell, ...]] = [tuple(head)]
        # 6a lists the drawers first (seats without cities draw nothing); from 6b on, the
        # buying order, where seats without cities come first (fewest cities).
        acting = state.draw.order if state.phase == "draw" else state.buy.order
        order = list(acting) + [s for s in draw_order(state.cities, state.civs, include_zero=True)
                                if s not in acting]
        current = state.draw.current if state.phase == "draw" else (
            state.buy.current if state.phase == "buy" else None)
        for k, seat in enumerate(order, start=1):
            n = state.cities.get(seat, 0)
            style: Any = "win" if seat == current else "dim" if n == 0 else ""
            plan = self.plan(state, seat)
            draws: Msg | str = join([msg("water") if w else str(st) for st, w in plan]) \
                if plan else "-"
            row = [Cell(str(k) if seat in acting else "-", style), Cell(state.label(seat), style),
                   Cell(str(n), style)]
            if state.two_blocks:
                row.append(Cell(BLOCK_NAMES[state.blocks[seat]], style))
            row += [Cell(draws, "alert" if any(w for _, w in plan) else style),
                    Cell(self._bought_text(state, seat), style)]
            rows.append(tuple(row))
        notes: list[Msg] = []
        if state.empties:
            def where(b: str, st: int) -> Msg:
                return (msg("{block} {k}", block=BLOCK_NAMES[b], k=st) if state.two_blocks
                        else msg("{k}", k=st))
            notes.append(msg("Empty stacks: {list}", list=join(
                [where(b, st) for b, st in sorted(state.empties)], ", ")))
        return Panel(msg("Trade cards, turn {n}", n=state.turn), tuple(rows),
                     join(notes) if notes else None)

    def _bought_text(self, state: MegaState, seat: int) -> Msg | str:
        cards = state.bought.get(seat, ())
        water = sum(1 for w in cards if w)
        parts: list[Msg | str] = []
        if cards:
            parts.append(msg("{n} ({w} water)", n=len(cards), w=water) if water
                         else str(len(cards)))
        if seat in state.passed:
            parts.append(msg("passed"))
        return join(parts, ", ") if parts else ""

    # -- replay --json

    def outcome(self, state: MegaState) -> dict[str, Any]:
        names = [s.name for s in state.seats]
        t = state.timer
        return {
            "game": self.id,
            "phase": state.phase,
            "turn": state.turn,
            "money": [{"seat": i, "name": n, "money": state.treasury(i)}
                      for i, n in enumerate(names)],
            "supply": state.ledger.balance(SUPPLY),
            "civilizations": [{"seat": i, "name": n, "civ": state.civs[i],
                               "ast_rank": AST_RANK.get(state.civs[i] or ""),
                               "block": state.blocks[i]} for i, n in enumerate(names)],
            "cities": [{"seat": s, "cities": n} for s, n in sorted(state.cities.items())],
            "draw_order": list(state.draw.order),
            "draws": [{"seat": s, "civ": state.label(s), "cities": state.cities.get(s, 0),
                       "plan": ["water" if w else st for st, w in self.plan(state, s)],
                       "done": s in state.drawn} for s in state.draw.order],
            "empty_stacks": [{"block": b, "stack": st, "reported_by": by if by >= 0 else None}
                             for (b, st), by in sorted(state.empties.items())],
            "buy_order": list(state.buy.order),
            "purchases": [{"seat": s, "bought": len(state.bought.get(s, ())),
                           "water": sum(1 for w in state.bought.get(s, ()) if w),
                           "paid": len(state.bought.get(s, ())) * int(state.options["card_price"]),
                           "passed": s in state.passed} for s in state.buy.order],
            "timer": {"started": t.started, "running": t.running, "expired": t.expired,
                      "total_ms": t.total_ms, "remaining_ms": t.remaining_ms,
                      "deadline_ms": t.deadline_ms, "as_of_ms": t.as_of_ms,
                      "warnings_ms": list(self.timer_view(state).warnings_ms)},
            "calamities": {"locked": sorted(state.calamity.entries),
                           "revealed": [{"seat": s, "count": n}
                                        for s, n in sorted(state.calamities.items())]},
            "set_values": [{"seat": i, "sets": [{"commodity": nm, "count": c, "face": f,
                                                 "value": v}
                                                for nm, c, f, v in self.hand_sets(state, i)],
                            "total": self.hand_total(state, i)}
                           for i in range(len(names)) if state.hands.get(i)],
        }


GAME = MegaCivilization()
