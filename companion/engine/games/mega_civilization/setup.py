"""Mega Civilization's setup and the start of each turn: a civilization per seat (from the
seat name, option `civ_N` or the host's `civ`), the trade-card block each seat draws from
(the host's `block` with 12-18 seats), and the reset that opens a turn (host `turn`).

Setup ends once every seat has a civilization and, when the boxes ask, its treasury
(`treasury.enter`); the first turn starts at once.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...actions import Host, Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...frozen import replace
from ...game import Event, Step
from ...ledger import SUPPLY, Ledger, seat_account
from ...rounds.ordered import OrderedRound
from ...rounds.sealed import SealedRound
from ...seats import Seat
from ...text import msg
from .calamities import pending
from .civs import BLOCK_NAMES, CIV_REGION, EAST, WEST, civ_from_name, parse_civ
from .state import MAX_TREASURY, MegaState, Timer

TAX_RATE = 2  # treasury per city


def start(seats: tuple[Seat, ...], options: Mapping[str, Value]) -> MegaState:
    n = len(seats)
    civs: list[str | None] = []
    for i, seat in enumerate(seats):
        chosen = str(options.get(f"civ_{i + 1}", "")) if i < 18 else ""
        civs.append(chosen or civ_from_name(seat.name))
    taken = [c for c in civs if c is not None]
    if len(set(taken)) != len(taken):
        dup = next(c for c in taken if taken.count(c) > 1)
        raise IllegalAction(msg("{civ}\ntaken twice", civ=dup))
    table_block = _table_block(n, str(options["block"]))
    blocks = tuple(_block_for(table_block, c) for c in civs)
    first = int(options["start_treasury"])
    ask = options["ask_treasury"] == "yes"
    ledger = Ledger.open({seat_account(i): 0 if ask else first for i in range(n)} | {SUPPLY: 0})
    total = int(options["trade_seconds"]) * 1000
    state = MegaState(seats, dict(options), ledger, "setup", tuple(civs), blocks,
                      Timer(total, total))
    return finish(state)


def _table_block(n: int, option: str) -> str | None:
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


def _block_for(table_block: str | None, civ: str | None) -> str:
    if table_block is not None:
        return table_block
    return CIV_REGION[civ] if civ is not None else WEST


def finish(state: MegaState) -> MegaState:
    """Setup ends (the entered treasuries paid out, turn 1 opened) once nothing is missing."""
    if state.phase != "setup" or any(c is None for c in state.civs):
        return state
    ask = state.options["ask_treasury"] == "yes"
    if ask and len(state.treasury_in) < len(state.seats):
        return state
    ledger = state.ledger
    for seat, amount in sorted(state.treasury_in.items()):
        ledger = ledger.transfer(SUPPLY, seat_account(seat), amount, msg("treasury at setup"))
    new = replace(state, ledger=ledger, treasury_in={} if not ask else state.treasury_in)
    return new_turn(new)


def new_turn(state: MegaState) -> MegaState:
    """Everything of the last turn cleared (the calculator's hands stay); seats enter cities."""
    total = int(state.options["trade_seconds"]) * 1000
    turn = state.turn + 1
    state = _taxes(state)
    return replace(state, phase="cities", turn=turn, treasury_in={}, cities={},
                   draw=OrderedRound(()),
                   drawn={}, empties={}, reporting=frozenset(), buy=OrderedRound(()),
                   bought={}, passed=frozenset(), timer=Timer(total, total),
                   calamity=SealedRound(()), calamities={}, picking={}, cal_draft={},
                   held={}, dropped=(),
                   study=OrderedRound(()), learnt={}, paid={}, discards={}, basket={},
                   pay_cards={}, pay_treasury={}, step={}, credit_left={},
                   log=appended(state.log, msg("Turn {n}: enter your cities", n=turn)))


def _taxes(state: MegaState) -> MegaState:
    """Option `taxes = computed` (the default): 2 treasury per city entered for 6a last turn
    (the tax rate of rules.md's Tax Collection), never above the 55 tokens; one public log
    line. The seat's "Treasury?" then offers the sum, so OK keeps it."""
    if state.options.get("taxes", "off") != "computed" or not state.cities:
        return state
    ledger = state.ledger
    paid: list[str] = []
    for seat, n in sorted(state.cities.items()):
        tax = min(TAX_RATE * n, max(MAX_TREASURY - ledger.seat(seat), 0))
        if tax:
            ledger = ledger.transfer(SUPPLY, seat_account(seat), tax, msg("taxes"))
            paid.append(f"{state.label(seat)} +{tax}")
    if not paid:  # no city on the board anywhere: nothing to say
        return state
    line = msg("Taxes: {list}", list=", ".join(paid))
    return replace(state, ledger=ledger, log=appended(state.log, line))


# -- host commands


def civ(state: MegaState, action: Host) -> Step[MegaState]:
    if state.phase != "setup":
        raise IllegalAction("Civs are set\nat setup")
    seat = action.int_param("seat")
    chosen = parse_civ(action.str_param("name"))
    if not 0 <= seat < len(state.seats):
        raise IllegalAction(msg("No seat {n}", n=seat + 1))
    if chosen is None:
        raise IllegalAction("Not a Mega Civ\ncivilization")
    if chosen in state.civs and state.civs[seat] != chosen:
        raise IllegalAction(msg("{civ} taken", civ=chosen))
    civs = tuple(chosen if i == seat else c for i, c in enumerate(state.civs))
    table_block = None if state.two_blocks else state.blocks[0]
    blocks = tuple(_block_for(table_block, c) if i == seat else b
                   for i, (c, b) in enumerate(zip(civs, state.blocks, strict=True)))
    line = msg("{seat} plays {civ}", seat=state.seats[seat].name, civ=chosen)
    new = replace(state, civs=civs, blocks=blocks, log=appended(state.log, line))
    return Step(finish(new), (Event(line),))


def block(state: MegaState, action: Host) -> Step[MegaState]:
    if state.phase != "setup" or not state.two_blocks:
        raise IllegalAction("Blocks: setup,\n12+ seats only")
    seat, chosen = action.int_param("seat"), action.str_param("block")
    if not 0 <= seat < len(state.seats) or chosen not in (WEST, EAST):
        raise IllegalAction("Give a seat and\nwest or east")
    blocks = tuple(chosen if i == seat else b for i, b in enumerate(state.blocks))
    line = msg("{civ} draws from the {block} block", civ=state.label(seat),
               block=BLOCK_NAMES[chosen])
    return Step(replace(state, blocks=blocks, log=appended(state.log, line)), (Event(line),))


def turn(state: MegaState, action: Host) -> Step[MegaState]:
    if state.phase not in ("after", "bought"):
        raise IllegalAction("Finish this turn\nfirst")
    if pending(state):
        raise IllegalAction("Random discards\nfirst")
    new = new_turn(state)
    return Step(new, (Event(new.log[-1]),))
