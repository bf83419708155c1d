"""Amun-Re's boxes: what each seat's 16x2 LCD asks now. Its own gold and cards show on its
own box only; the auction box offers only legal provinces, bid spaces and cards; the sealed
offering's box comes from the sealed round (`SealedRound.prompt`).
"""

from __future__ import annotations

from ... import scorepad
from ...prompts import Choice, Prompt
from ...text import Msg, msg
from .asks import buy_max, draw_key
from .auction import can_play, spaces
from .offering import may_adjust
from .scoring import pad_items
from .state import (
    ADJ_KEEP,
    ADJ_MINUS,
    ADJ_NO,
    ADJ_PLUS,
    ADJ_YES,
    BACK,
    BLOCKADE,
    MAX_BONUS_CARDS,
    MAX_BONUS_GOLD,
    MAX_DRAWN_KIND,
    MAX_INCOME,
    OUTBID,
    SELL,
    STEAL,
    USED,
    AmunReState,
    Ask,
    Auction,
    afford,
    buy_cost,
    card_short,
    space_value,
)


def cards_info(state: AmunReState, seat: int) -> Msg:
    h = state.hands[seat]
    # Compact when auction cards are among them: "C4 B1 O1" = 4 cards, 1 Bid Blockade,
    # 1 Outbid (2016: "C4 P1 Br1", Protection and Bribery).
    if h.blockade or h.outbid:
        if state.edition == "2016":
            return msg("C{n} P{nb} Br{no}", n=h.total, nb=h.blockade, no=h.outbid)
        return msg("C{n} B{nb} O{no}", n=h.total, nb=h.blockade, no=h.outbid)
    return msg("1 card") if h.total == 1 else msg("{n} cards", n=h.total)


def prompt(state: AmunReState, seat: int) -> Prompt:
    gold = state.gold(seat)
    cards = cards_info(state, seat)
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
        return auction_prompt(state, au, seat, gold, cards)
    if state.phase == "kingdom":
        return pad_prompt(state, seat)
    if state.phase == "adjusting":
        off = rnd.offering
        assert off is not None and off.adjusting is not None
        cur = off.adjusting.current
        if cur != seat:
            return wait(msg("{name} adjusts", name=names[cur] if cur is not None else "-"),
                        msg("Total {t}", t=off.total))
        return Prompt("choice", msg("Total {t}", t=off.total),
                      choices=(Choice(ADJ_PLUS, msg("+3")), Choice(ADJ_MINUS, msg("-3")),
                               Choice(ADJ_KEEP, msg("keep"))),
                      money=gold, info=cards, must_act=True)
    if state.phase == "offering":
        off = rnd.offering
        assert off is not None
        # Gold and power cards (1 each) cover an offer; with neither, only stealing is left.
        # 2016: below the numbers, the Offering Adjustment card can go with the offer.
        with_card = seat in off.pending
        most = gold + state.hands[seat].total - (1 if with_card else 0)
        extras = [Choice(STEAL, msg("steal 3"))]
        if with_card:
            extras.append(Choice(ADJ_NO, msg("no adj card")))
        elif may_adjust(state, seat):
            extras.append(Choice(ADJ_YES, msg("+adj card")))
        return off.entries.prompt(seat, msg("Offer+adj") if with_card else msg("Offer"),
                                  lo=1, hi=most, extras=tuple(extras), money=gold,
                                  info=cards)
    queue = state.asks.get(seat, ())
    if not queue:
        if state.phase == "buying" and state.buying is not None:
            cur = state.buying.current
            if cur is not None and cur != seat:
                return wait(msg("{name} buys", name=names[cur]))
        return wait(msg("Done"), msg("Wait for others"))
    return ask_prompt(state, seat, queue[0], gold, cards)


def auction_prompt(state: AmunReState, au: Auction, seat: int, gold: int, cards: Msg) -> Prompt:
    if au.pending is not None:
        free = spaces(state, au, seat, au.pending, au.pending_outbid)
        choices = tuple(Choice(str(space_value(i)), msg("{v}", v=space_value(i))) for i in free)
        spare = state.hands[seat].total - (1 if au.pending_outbid else 0)
        sell = ((Choice(SELL, msg("sell 1")),) if afford(state) == "gold" and spare else ())
        return Prompt("choice", msg("{prov}", prov=au.pending),
                      choices=(*choices, *sell, Choice(BACK, msg("back"))), money=gold,
                      info=cards, must_act=True)
    lost = au.lost(seat)
    options: list[Choice] = []
    for prov in au.provinces:
        if prov != lost and spaces(state, au, seat, prov, False):
            options.append(Choice(prov, msg("{prov}", prov=prov)))
    for card in (BLOCKADE, OUTBID):
        if can_play(state, au, seat, card):
            options.append(Choice(card, card_short(state, card)))
    if afford(state) == "gold" and state.hands[seat].total:
        options.append(Choice(SELL, msg("sell 1")))
    label = msg("Rebid") if lost is not None else msg("Province")
    return Prompt("choice", label, choices=tuple(options), money=gold, info=cards,
                  must_act=True)


def ask_prompt(state: AmunReState, seat: int, ask: Ask, gold: int, cards: Msg) -> Prompt:
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
    if ask.kind == "reward_farmers":
        return Prompt("number", msg("Farmers of {k}", k=ask.n), lo=0, hi=ask.n, money=gold,
                      info=cards, must_act=True)
    if ask.kind == "reward_cards":
        return Prompt("number", msg("Cards of {k}", k=ask.n), lo=0, hi=ask.n, money=gold,
                      info=cards, must_act=True)
    if ask.kind == "drew":
        choices: list[Choice] = []
        for b in range(min(ask.n, MAX_DRAWN_KIND) + 1):
            for o in range(min(ask.n - b, MAX_DRAWN_KIND) + 1):
                choices.append(Choice(draw_key(b, o), drawn_label(state, b, o)))
        return Prompt("choice", msg("Drew?"), choices=tuple(choices), money=gold, info=cards,
                      must_act=True)
    if ask.kind in ("buy_cards", "buy_farmers", "buy_stones"):
        label = {"buy_cards": msg("Buy cards"), "buy_farmers": msg("Farmers"),
                 "buy_stones": msg("Stones")}[ask.kind]
        hi = buy_max(state, seat, ask.kind)
        # The cost of each count shows on the seat's own box only.
        counts = tuple(Choice(str(n), msg("{n}", n=n) if n == 0
                              else msg("{n}:${c}", n=n, c=buy_cost(n)))
                       for n in range(hi + 1))
        return Prompt("choice", label, choices=(*counts, *sell), money=gold, info=cards,
                      must_act=True)
    used = (Choice(USED, msg("used 1")),) if hand.other else ()
    label = msg("Income") if ask.kind == "income" else msg("Card income")
    return Prompt("number", label, lo=0, hi=MAX_INCOME, extras=(*sell, *used),
                  money=gold, info=cards, must_act=True)


def pad_prompt(state: AmunReState, seat: int) -> Prompt:
    """The kingdom's score pad: one question per line; the last OK locks it."""
    return scorepad.pad_prompt(state.pads, state.pad_at, state.pads_locked, len(state.seats),
                               seat, pad_items(state))


def drawn_label(state: AmunReState, b: int, o: int) -> Msg:
    if not b and not o:
        return msg("none")
    bl, ol = ("P", "Br") if state.edition == "2016" else ("B", "O")
    parts = [f"{b}{bl}" if b else "", f"{o}{ol}" if o else ""]
    return msg("{cards}", cards="+".join(p for p in parts if p))
