"""Mega Civilization's host: skipping the seat whose turn it is in 6a/6b and 12, and the
host menu (`commands`): exactly the commands that apply now.

The other host commands live with what they change: `civ`, `block` and `turn` in `setup`,
`adjust` in `treasury`, `empty` in `trade_cards`, the timer in `timer`, `calamities` in
`calamities`.
"""

from __future__ import annotations

from ...actions import Host, Value
from ...errors import IllegalAction
from ...game import HostCommand, Step
from ...text import Msg, msg
from . import purchase
from .calamities import pending
from .calamity_cards import excess, shown
from .civs import BLOCK_NAMES, CIV_NAMES, EAST, WEST
from .state import MegaState
from .trade_cards import buy, done_drawing


def skip(state: MegaState, action: Host) -> Step[MegaState]:
    """The current drawer has drawn (6a), or the current buyer passes (6b)."""
    if state.phase == "draw" and state.draw.current is not None:
        cur = state.draw.current
        return done_drawing(state, cur, msg("Host: {civ} skipped (has drawn)",
                                            civ=state.label(cur)))
    if state.phase == "buy" and state.buy.current is not None:
        return buy(state, state.buy.current, "pass")
    if state.phase == "advances" and state.study.current is not None:
        return purchase.skip(state)
    raise IllegalAction("Nobody to skip")


def commands(state: MegaState) -> tuple[HostCommand, ...]:
    seats = tuple(range(len(state.seats)))
    # The menu names a seat by its civilization (its name before it has one) and a block
    # by its translated name, never by a seat number or a raw key.
    who: dict[Value, Msg] = {s: msg("{name}", name=state.label(s)) for s in seats}
    block: dict[Value, Msg] = {k: v for k, v in BLOCK_NAMES.items()}
    cmds: list[HostCommand] = []
    if state.phase == "setup":
        missing = tuple(i for i in seats if state.civs[i] is None)
        free = tuple(c for c in CIV_NAMES if c not in state.civs)
        if missing:
            cmds.append(HostCommand("civ", msg("Set a civilization"),
                                    {"seat": missing, "name": free}, labels={"seat": who}))
        if state.two_blocks:
            cmds.append(HostCommand("block", msg("Set a trade-card block"),
                                    {"seat": seats, "block": (WEST, EAST)},
                                    labels={"seat": who, "block": block}))
    if state.phase in ("draw", "buy"):
        blocks: tuple[Value, ...] = (WEST, EAST) if state.two_blocks else (state.blocks[0],)
        cmds.append(HostCommand("empty", msg("Mark a stack empty"),
                                {"block": blocks, "stack": tuple(range(1, 10))},
                                labels={"block": block}))
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
    due = state.phase == "after" and pending(state) > 0  # random discards still to make
    if due:
        over = tuple(s for s, h in state.held.items() if excess(h))
        names: tuple[Value, ...] = tuple(sorted({n for s in over for n in state.held[s]}))
        cmds.append(HostCommand("discard", msg("Random calamity discard"),
                                {"seat": over, "name": names},
                                labels={"seat": who, "name": {n: shown(str(n)) for n in names}}))
    if state.phase == "after" and not due:
        cmds.append(HostCommand("advances", msg("12: buy advances")))
    if state.phase == "advances":
        cmds.append(HostCommand("skip", msg("Skip the current seat")))
    if state.phase in ("after", "bought"):
        cmds.append(HostCommand("turn", msg("Next turn")))
    if state.phase not in ("setup", "score", "over"):
        # The companion keeps each treasury across the turn; the host corrects what the
        # board changed (taxes, city building, calamities) as a visible journal entry.
        amounts = (-10, -5, -2, -1, 1, 2, 5, 10)
        cmds.append(HostCommand("adjust", msg("Correct a treasury"),
                                {"seat": seats, "amount": amounts},
                                labels={"seat": who, "amount": {a: msg("{n}", n=f"{a:+d}")
                                                                for a in amounts}}))
    if state.phase in ("cities", "trade", "after", "bought"):
        cmds.append(HostCommand("end", msg("End the game")))
    return tuple(cmds)
