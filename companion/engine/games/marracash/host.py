"""MarraCash's host commands: who starts (before the first auction), end this turn (what was
entered of a move is kept and paid), a money correction through the ledger, end the game;
and the menu of those the host box offers now.
"""

from __future__ import annotations

from dataclasses import replace

from ...actions import Host
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import GAME_OVER, HostCommand
from ...rounds.ordered import OrderedRound
from ...seats import clockwise_from
from ...text import msg
from .state import MOVE, MarraState, Move, pay, say
from .turns import end_of_turn, finish_turn, game_over


def start_seat(state: MarraState, action: Host) -> MarraState:
    seat = action.int_param("seat")
    if not 0 <= seat < len(state.seats):
        raise IllegalAction(msg("No seat {n}", n=seat + 1))
    if (state.round != "first" or state.stage != "pick" or state.auctions
            or state.first_round is None or state.first_round.pos != 0):
        raise IllegalAction("Only before the\nfirst auction")
    order = OrderedRound.of(clockwise_from(seat, len(state.seats)))
    return say(replace(state, start_seat=seat, seat=seat, first_round=order),
               msg("{name} starts", name=state.names[seat]))


def _no_auction_running(state: MarraState) -> None:
    if state.stage in ("bidding", "pullin"):
        raise IllegalAction("Finish the\nauction first")
    if state.stage == "over":
        raise IllegalAction(GAME_OVER)


def end_turn(state: MarraState, action: Host) -> MarraState:
    _no_auction_running(state)
    state = say(state, msg("Host ends {name}'s turn", name=state.names[state.seat]))
    if state.stage in ("move", "count"):
        # What was entered of this move is paid already: keep it as the move.
        done = Move(state.turn_no, state.seat, state.entries)
        state = replace(state, moves=appended(state.moves, done), entries=(), pending=None,
                        actions=(*state.actions, MOVE))
    if state.stage == "refill" or state.round == "first":
        return finish_turn(state)
    return end_of_turn(state)


def adjust(state: MarraState, action: Host) -> MarraState:
    seat, amount = action.int_param("seat"), action.int_param("amount")
    if not 0 <= seat < len(state.seats) or amount == 0:
        raise IllegalAction("Adjust needs a\nseat and amount")
    if amount > 0:
        return pay(state, None, seat, amount, msg("host correction"))
    return pay(state, seat, None, -amount, msg("host correction"))


def end_game(state: MarraState, action: Host) -> MarraState:
    _no_auction_running(state)
    return game_over(say(state, msg("Host ends the game")))


def commands(state: MarraState) -> tuple[HostCommand, ...]:
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
