"""Amun-Re's host commands: the provinces of the coming auction, the Starting Player,
corrections of a seat's gold or cards (never shown on the table), and the end of the game;
and which of them the host menu offers now.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Host
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import Event, HostCommand, Step
from ...text import msg
from . import provinces
from .auction import start_auction
from .income import finish
from .state import PROVINCES, AmunReState, Hand, province_named


def offer(state: AmunReState, action: Host) -> Step[AmunReState]:
    """`offer` (one province) or `provinces` (a comma-separated list); the last one of the
    seat count starts the auction."""
    if state.phase != "provinces":
        raise IllegalAction("Not between\nrounds")
    wanted = ([action.str_param("province")] if action.command == "offer"
              else [p for p in action.str_param("names").split(",") if p.strip()])
    if not wanted:
        raise IllegalAction("Name a province")
    offered = list(state.offered)
    for raw in wanted:
        prov = province_named(raw)
        if prov is None:
            raise IllegalAction(msg("No province\n{name}", name=raw.strip()))
        if prov in offered:
            raise IllegalAction(msg("{name} is\nalready offered", name=prov))
        if prov in state.taken:
            raise IllegalAction(msg("{name} was sold\nthis kingdom", name=prov))
        if len(offered) == len(state.seats):
            raise IllegalAction(msg("{n} provinces:\none per seat", n=len(state.seats)))
        offered.append(prov)
    state = replace(state, offered=tuple(offered))
    if len(offered) == len(state.seats) and not provinces.missing(state):
        return start_auction(state)
    line = msg("Offered: {list}", list=", ".join(offered))
    return Step(replace(state, log=appended(state.log, line)), (Event(line),))


def start_player(state: AmunReState, action: Host) -> Step[AmunReState]:
    seat = action.int_param("seat")
    if not 0 <= seat < len(state.seats):
        raise IllegalAction(msg("No seat {n}", n=seat + 1))
    if state.phase != "provinces":
        raise IllegalAction("Between rounds\nonly")
    line = msg("Starting Player: {name}", name=state.seats[seat].name)
    return Step(replace(state, start_player=seat, log=appended(state.log, line)), (Event(line),))


def _check_correctable(state: AmunReState) -> None:
    if state.phase in ("auction", "settle", "offering"):
        # Bids, sales and sealed offers were checked against the gold and cards held.
        raise IllegalAction("Correct after\nthis phase")


def adjust(state: AmunReState, action: Host) -> Step[AmunReState]:
    _check_correctable(state)
    seat, amount = action.int_param("seat"), action.int_param("amount")
    if not 0 <= seat < len(state.seats) or amount == 0:
        raise IllegalAction("Adjust needs a\nseat and amount")
    reason = msg("host correction")
    if -amount > state.gold(seat):
        # Not the ledger's "have N": a host refusal shows on the table screen.
        raise IllegalAction("Seat has less\ngold than that")
    ledger = state.ledger.correct(seat, amount, reason, secret=True)
    # The amount stays off the table: gold is hidden. The seat sees its new gold.
    line = msg("Host correction: {name}'s gold", name=state.seats[seat].name)
    return Step(replace(state, ledger=ledger, log=appended(state.log, line)),
                (Event(line), Event(msg("Gold corrected"), seat)))


def cards(state: AmunReState, action: Host) -> Step[AmunReState]:
    _check_correctable(state)
    seat = action.int_param("seat")
    if not 0 <= seat < len(state.seats):
        raise IllegalAction(msg("No seat {n}", n=seat + 1))
    counts = {k: action.int_param(k) for k in ("other", "blockade", "outbid")}
    if any(v < 0 for v in counts.values()):
        raise IllegalAction("Card counts\nfrom 0")
    hands = list(state.hands)
    hands[seat] = Hand(counts["other"], counts["blockade"], counts["outbid"])
    line = msg("Host correction: {name}'s cards", name=state.seats[seat].name)
    return Step(replace(state, hands=tuple(hands), log=appended(state.log, line)),
                (Event(line), Event(msg("Cards corrected"), seat)))


def end(state: AmunReState, action: Host) -> Step[AmunReState]:
    if state.phase not in ("provinces", "income") or state.final_scoring:
        raise IllegalAction("End between\nrounds")
    return finish(state)


def commands(state: AmunReState) -> tuple[HostCommand, ...]:
    """The host menu now: provinces and the Starting Player between rounds, the end then too
    and during the harvest."""
    cmds: list[HostCommand] = []
    if state.phase == "provinces":
        cmds.extend(provinces.commands(state))
        free = tuple(p for p in PROVINCES if p not in state.taken and p not in state.offered)
        if len(state.offered) < len(state.seats):
            cmds.append(HostCommand("offer", msg("Offer province"), {"province": free}))
        cmds.append(HostCommand("start_player", msg("Starting Player"),
                                {"seat": tuple(range(len(state.seats)))},
                                {i: msg("{name}", name=s.name)
                                 for i, s in enumerate(state.seats)}))
    if state.phase in ("provinces", "income"):
        cmds.append(HostCommand("end", msg("End the game")))
    return tuple(cmds)
