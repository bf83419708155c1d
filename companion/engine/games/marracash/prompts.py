"""MarraCash's boxes: what each seat's 16x2 LCD asks now. Money is public in MarraCash, yet
each box shows only its own; the active seat's box offers only legal choices (shops without
a sign to auction, signed shops to move customers into); the sealed auction's box comes from
the sealed round (`SealedRound.prompt`).
"""

from __future__ import annotations

from ...prompts import Choice, Prompt
from ...text import Msg, msg, msg_in
from .state import (
    AUCTION,
    BACK,
    DONE,
    END,
    MAX_GROUP,
    MOVE,
    PASS,
    SHOPS,
    MarraState,
    shop_name,
    shop_short,
)


def prompt(state: MarraState, seat: int) -> Prompt:
    money = state.money(seat)
    if state.stage == "over":
        best = max(state.money(s) for s in range(len(state.seats)))
        # A box shows its own money beside the label: "$" and up to five digits (the most a
        # preset allows is $63800, at 1996 amounts), so a label beside money gets 9 of the 16
        # columns. The msgctxt tells translators, where the same English may be longer.
        label = (msg_in("box label beside money, 9 columns", "You win!") if money == best
                 else msg_in("box label beside money, 9 columns", "Game over"))
        return Prompt("wait", label, info=msg("You have {n}", n=money), money=money)
    if state.stage == "bidding":
        return bid_prompt(state, seat)
    if seat != state.seat:
        return Prompt("wait", msg("Wait"), info=doing(state), money=money)
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
        free = tuple(Choice(k, shop_name(k)) for k in SHOPS if state.shops[k].owner is None)
        # Round 1: every seat auctions a shop (the aid), so there is no way out of it.
        extra = () if state.round == "first" else (Choice(BACK, msg("Back")),)
        return Prompt("choice", msg("Auction a shop"), choices=(*free, *extra), must_act=True)
    if state.stage == "pullin":
        au = state.auction
        assert au is not None
        return Prompt("number", msg("{shop}: at door?", shop=shop_short(au.shop)), lo=0,
                      hi=MAX_GROUP, initial=0, must_act=True)
    if state.stage == "move":
        counted = {e.shop for e in state.entries}
        signed = tuple(Choice(k, shop_name(k)) for k in SHOPS
                       if state.shops[k].owner is not None and k not in counted)
        done = Choice(DONE, msg("Done") if state.entries else msg("None"))
        return Prompt("choice", msg("Customers into"), choices=(done, *signed), must_act=True)
    if state.stage == "count":
        assert state.pending is not None
        return Prompt("number", msg("{shop}: how many", shop=shop_short(state.pending)), lo=1,
                      hi=MAX_GROUP, initial=1, extras=(Choice(BACK, msg("Back")),),
                      must_act=True)
    if state.stage == "refill":
        lo, hi = min(2, state.queue), min(4, state.queue)
        end = Choice(END, msg("Done") if state.refills else msg("None"))
        return Prompt("number", msg("Gate refill {k}", k=len(state.refills) + 1), lo=lo,
                      hi=hi, initial=lo, extras=(end,), must_act=True)
    return Prompt("wait", msg("Wait"), info=msg("{name}'s turn", name=state.names[state.seat]),
                  money=money)


def bid_prompt(state: MarraState, seat: int) -> Prompt:
    au = state.auction
    assert au is not None
    money = state.money(seat)
    names = state.names
    step = state.amounts.step
    if au.sealed is not None:
        mine = seat == au.auctioneer
        label = (msg("Open bid") if mine
                 else msg_in("box label beside money, 9 columns", "Bid 0=no"))
        return au.sealed.prompt(seat, label, lo=state.amounts.minimum if mine else 0, hi=money,
                                step=step, money=money)
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


def doing(state: MarraState) -> Msg:
    """One LCD line on what the active seat is doing, for the others' boxes."""
    name = state.names[state.seat]
    if state.stage == "pick":
        return msg("{name}: a shop", name=name)
    if state.stage in ("move", "count"):
        return msg("{name} moves", name=name)
    if state.stage == "refill":
        return msg("{name}: gates", name=name)
    if state.stage == "pullin":
        return msg("{name}: at door", name=name)
    return msg("{name}'s turn", name=name)
