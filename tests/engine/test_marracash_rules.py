"""MarraCash rule cases, each run as a scenario through `companion replay --json`.

Built from the seed player aid (docs/games/marracash.md: commission and wage tables, the
special situations, the game end) and rules.md sections 0 and 2, plus edge cases.
Seats: Ann 0, Bob 1, Cy 2, Di 3 (clockwise); 240 dirhams each unless said. In every case the
money is conserved against the bank: the seats' money plus the bank's balance (which goes
negative as it pays wages) is always what the seats started with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_lines import Line, host, money, replay
from engine_lines import enter as e

from companion.engine.actions import action_from_json
from companion.engine.errors import IllegalAction
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.rounds.open_auction import OpenAuction
from companion.engine.seats import Seat

SEATS = ["Ann", "Bob", "Cy", "Di"]
GAME = get_game("marracash")

def scenario(tmp_path: Path, lines: list[Line], seats: list[str] | None = None,
             **options: Any) -> dict[str, Any]:
    out = replay(tmp_path, "marracash", seats or SEATS, lines, options)
    start = 1200 if options.get("preset") == "1996" else 240
    # Money is conserved against the bank in every case.
    assert sum(m["money"] for m in out["money"]) + out["bank"] == start * len(seats or SEATS)
    return out


def auction(auctioneer: int, shop: str, winner: int, price: int, pull: int = 0, n: int = 4,
            minimum: int = 20, step: int = 5) -> list[Line]:
    """An open auction played on the boxes: the auctioneer opens at the minimum (or at the
    price when it wins), the winner jumps to the price, everybody else passes."""
    lines = [e(auctioneer, shop)]
    order = tuple((auctioneer + i) % n for i in range(n))
    a = OpenAuction.start(order, minimum, step, dict.fromkeys(range(n), 10**6), unit=step)
    while not a.done:
        seat = a.turn
        assert seat is not None
        if seat == winner and a.high < price:
            a = a.bid(seat, price)
            lines.append(e(seat, price))
        elif not a.opened:
            a = a.bid(seat, minimum)
            lines.append(e(seat, minimum))
        else:
            a = a.pass_(seat)
            lines.append(e(seat, "pass"))
    return [*lines, e(auctioneer, pull)]


def first_round(n: int = 4) -> list[Line]:
    """Each seat in turn auctions one shop and wins it at 20: red1, blue1, green1, yellow1."""
    shops = ["red1", "blue1", "green1", "yellow1"]
    return [line for s in range(n) for line in auction(s, shops[s], s, 20, n=n)]


def move(seat: int, *entries: tuple[str, int]) -> list[Line]:
    """One MOVE: per shop that received customers, the shop then how many; then Done."""
    lines = [e(seat, "move")]
    for shop, count in entries:
        lines += [e(seat, shop), e(seat, count)]
    return [*lines, e(seat, "done")]


def payments(out: dict[str, Any], start: int = 0) -> list[tuple[str, str, int, str]]:
    return [(p["from"], p["to"], p["amount"], p["why"]) for p in out["payments"][start:]]


def shops(out: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {s["shop"]: (s["owner"], s["customers"]) for s in out["shops"]}


def without_bookkeeping(out: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in out.items() if k not in ("accepted", "refused")}


def refused_changes_nothing(tmp_path: Path, before: list[Line], bad: Line, after: list[Line],
                            **options: Any) -> str:
    """The bad line is refused, and the game goes on exactly as if it had never been sent."""
    out = scenario(tmp_path, [*before, bad, *after], **options)
    clean = scenario(tmp_path, [*before, *after], **options)
    assert [r["index"] for r in out["refused"]] == [len(before) + 1]
    assert without_bookkeeping(out) == without_bookkeeping(clean)
    message: str = out["refused"][0]["message"]
    return message


def lcd_message(before: list[Line], bad: Line, **options: Any) -> list[str]:
    """The refusal as the box shows it: at most two lines of at most 16 characters."""
    game = GAME
    h = History.start(game, Setup("marracash", tuple(Seat(n) for n in SEATS), options))
    for line in before:
        h.apply(action_from_json(line))
    with pytest.raises(IllegalAction) as info:
        h.apply(action_from_json(bad))
    lines = info.value.message.render().split("\n")
    assert len(lines) <= 2 and all(len(x) <= 16 for x in lines), lines
    return lines


FIRST = first_round()  # money 220 each, the bank holds 80; Ann's normal turn comes next


# ---------------------------------------------------------------- setup and the first round


def test_setup_240_each_and_the_first_seat_picks_a_shop(tmp_path: Path) -> None:
    out = scenario(tmp_path, [])
    assert money(out) == [240] * 4 and out["bank"] == 0
    assert out["round"] == "first" and out["phase"] == "pick" and out["turn"]["seat"] == 0
    assert out["queue"] == 45 and out["shops"] == []


def test_first_round_each_seat_auctions_once_and_may_end_without_a_shop(tmp_path: Path) -> None:
    lines = [
        *auction(2, "red1", 0, 35),  # Cy auctions, Ann wins: Cy gets the commission
        e(3, "end"),  # Di may not skip her first-round auction (the aid: each seat once)
        *auction(3, "purple1", 0, 25),  # Di auctions, Ann wins again
        e(0, "move"),  # no moves in the first round: refused
        *auction(0, "blue1", 0, 20),
        *auction(1, "green1", 2, 60),
    ]
    out = scenario(tmp_path, lines, start_seat=2)
    assert [r["message"] for r in out["refused"]] == ["Round 1: every seat auctions",
                                                      "Pick a shop to auction"]
    assert [a["auctioneer"] for a in out["auctions"]] == [2, 3, 0, 1]
    assert shops(out) == {"red1": (0, 0), "purple1": (0, 0), "blue1": (0, 0),
                          "green1": (2, 0)}
    assert money(out) == [240 - 35 - 25 - 20, 240 + 20, 240 + 20 - 60, 240 + 20]
    # Bob and Di were auctioneers but start the game without a shop; the normal turns begin
    # with the first seat.
    assert out["round"] == "normal" and out["phase"] == "action" and out["turn"]["seat"] == 2


def test_the_first_round_box_offers_no_way_to_skip_the_auction() -> None:
    box = GAME.prompt(_state([]), 0)
    assert box.label.render() == "Auction a shop"
    assert "end" not in [c.key for c in box.choices]


def test_host_picks_the_starting_seat_only_before_the_first_auction(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("start_seat", seat=1), *auction(1, "red1", 1, 20),
                              host("start_seat", seat=3)])
    assert out["auctions"][0]["auctioneer"] == 1 and out["turn"]["seat"] == 2
    assert [r["message"] for r in out["refused"]] == ["Only before the first auction"]


def test_a_seat_that_cannot_afford_the_opening_bid_is_skipped_in_the_first_round(
        tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("adjust", seat=1, amount=-225), *auction(0, "red1", 0, 20)])
    assert money(out)[1] == 15
    assert out["turn"]["seat"] == 2  # Bob (15) cannot open at 20: his first-round turn passes
    assert out["payments"][0] == {"from": "Bob", "to": "bank", "amount": 225,
                                  "why": "host correction"}


# ---------------------------------------------------------------- the open auction


@pytest.mark.parametrize(("price", "commission"), [(100, 20), (105, 40), (25, 20), (240, 40)])
def test_auctioneer_commission_tiers_at_100_and_105(tmp_path: Path, price: int,
                                                    commission: int) -> None:
    out = scenario(tmp_path, auction(0, "red1", 1, price))
    a = out["auctions"][0]
    assert a["winner"] == 1 and a["price"] == price and a["commission"] == commission
    assert money(out) == [240 + commission, 240 - price, 240, 240]
    assert payments(out) == [
        ("Bob", "bank", price, "bought Red 1"),
        ("bank", "Ann", commission, f"auction commission, Red 1 sold for {price}"),
    ]


def test_auctioneer_who_wins_gets_no_commission(tmp_path: Path) -> None:
    out = scenario(tmp_path, auction(0, "red1", 0, 150))
    assert out["auctions"][0]["commission"] == 0
    assert payments(out) == [("Ann", "bank", 150, "bought Red 1")]


def test_open_auction_goes_clockwise_and_a_pass_is_final(tmp_path: Path) -> None:
    lines = [e(1, "red1"), e(1, 20), e(2, 25), e(3, "pass"), e(0, 30), e(1, "pass"),
             e(2, 35), e(3, 40), e(0, 40), e(0, 45), e(2, "pass")]
    out = scenario(tmp_path, lines, start_seat=1)
    # Di passed: her later 40 is refused; Ann raises to 40 and must then wait for Cy
    # (Bob passed, Di passed); Cy passes and Ann wins at 40
    assert [(r["index"], r["message"]) for r in out["refused"]] == [
        (8, "You passed: out of this one"), (10, "Not your turn Cy is up")]
    assert out["auction"]["still_in"] == [0] and out["auction"]["winner"] == 0
    assert out["phase"] == "pullin" and out["auction"]["commission"] == 20
    assert money(out) == [200, 260, 240, 240]


def test_table_shows_the_high_bid_and_who_is_still_in() -> None:
    h = History.start(GAME, Setup("marracash", tuple(Seat(n) for n in SEATS)))
    for line in [e(0, "red1"), e(0, 20), e(1, 35), e(2, "pass")]:
        h.apply(action_from_json(line))
    view = GAME.table(h.state)
    assert str(view.detail) == "High bid 35 by Bob; still in: Ann, Bob, Di"
    statuses = {s.name: s.status for s in view.seats}
    assert statuses == {"Ann": "waiting", "Bob": "waiting", "Cy": "out", "Di": "thinking"}
    assert [str(b) for b in view.seats[1].badges] == ["High bid 35"]
    assert all(s.money == 240 for s in view.seats)  # MarraCash money is public


def test_seats_that_cannot_raise_are_out_without_being_asked(tmp_path: Path) -> None:
    lines = [host("adjust", seat=2, amount=-220), host("adjust", seat=3, amount=-218),
             e(0, "red1"), e(0, 20), e(1, "pass")]
    out = scenario(tmp_path, lines)
    # Cy (20) and Di (22) cannot bid 25: out at once; Bob passes; Ann wins at 20
    assert out["auction"]["cannot_raise"] == [2, 3] and out["auction"]["winner"] == 0


def test_the_auctioneer_may_take_the_auction_back_before_opening(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, e(0, "auction"), e(0, "purple1"), e(0, "back"),
                              e(0, "back"), e(0, "move")])
    assert out["refused"] == [] and out["phase"] == "move" and out["auction"] is None
    assert out["auctions"][-1]["shop"] == "yellow1"


# ---------------------------------------------------------------- bad input changes nothing


# Each bad line: the lines before it, the line, what then goes on as if it had never been
# sent, and the refusal as the box shows it (two LCD lines; the journal joins them).
REFUSED = {
    "a raise under 5": ([e(0, "red1"), e(0, 20)], e(1, 24), [e(1, 25)],
                        ["Min raise 5", "bid 25 or more"]),
    "an opening under 20": ([e(0, "red1")], e(0, 15), [e(0, 20)],
                            ["Opening bid", "20 or more"]),
    "a bid over what the bidder has": ([e(0, "red1"), e(0, 20)], e(1, 245), [e(1, 240)],
                                       ["Over your money", "you have 240"]),
    "the auctioneer passing its own opening": ([e(0, "red1")], e(0, "pass"), [e(0, 20)],
                                               ["You must open", "20 or more"]),
    "an auction of a signed shop": ([*FIRST, e(0, "auction")], e(0, "blue1"), [e(0, "blue2")],
                                    ["Blue 1: signed", "pick another"]),
    "a move after an auction": ([*FIRST, e(0, "auction"), *auction(0, "purple1", 0, 20)],
                                e(0, "move"), [e(0, "auction")], ["No MOVE after", "an AUCTION"]),
    **{f"a gate refill of {bad}": ([*FIRST, *move(0), *move(0)], e(0, bad), [e(0, 4)],
                                   ["Take 2 to 4", "45 left outside"]) for bad in (1, 5)},
    "an auction by a seat that cannot afford 20": (
        [*FIRST, *move(0), *move(0), e(0, "end"), host("adjust", seat=1, amount=-205)],
        e(1, "auction"), [e(1, "move")], ["Need 20 to", "open an auction"]),
    "a bid out of turn": ([e(0, "red1"), e(0, 20)], e(2, 30), [e(1, 30)],
                          ["Not your turn", "Bob is up"]),
}


@pytest.mark.parametrize(("before", "bad", "after", "lcd"), REFUSED.values(), ids=REFUSED)
def test_a_bad_line_is_refused_in_words_that_fit_the_box(
        tmp_path: Path, before: list[Line], bad: Line, after: list[Line], lcd: list[str]) -> None:
    assert refused_changes_nothing(tmp_path, before, bad, after) == " ".join(lcd)
    assert lcd_message(before, bad) == lcd


# ---------------------------------------------------------------- moves: wages and commissions


def test_wage_steps_20_40_60_80_100_counting_the_shops_customers(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, *move(0, ("red1", 6)), *move(0, ("red1", 1))])
    assert shops(out)["red1"] == (0, 7)
    wages = [p for p in payments(out, 4)]
    assert wages == [("bank", "Ann", w, f"wage, Red 1 customer {k}")
                     for k, w in enumerate([20, 40, 60, 80, 100, 100, 100], start=1)]
    assert money(out) == [220 + 500, 220, 220, 220]


def test_mover_commission_10_each_up_to_60_of_wages(tmp_path: Path) -> None:
    # 2 customers into Bob's empty shop: wages 20+40 = 60 -> Bob pays Ann 10 each
    out = scenario(tmp_path, [*FIRST, *move(0, ("blue1", 2))])
    assert payments(out, 4) == [
        ("bank", "Bob", 20, "wage, Blue 1 customer 1"),
        ("bank", "Bob", 40, "wage, Blue 1 customer 2"),
        ("Bob", "Ann", 20, "mover commission, 2 x 10 for Blue 1"),
    ]
    assert out["moves"][0]["shops"] == [{"shop": "blue1", "owner": 1, "entered": 2,
                                         "wages": 60, "commission": 20}]
    assert money(out) == [240, 260, 220, 220]


def test_mover_commission_20_each_from_80_of_wages(tmp_path: Path) -> None:
    # 3 customers into Cy's empty shop: wages 120 -> 20 each; then one 3rd-customer wage
    # of 60 (10) and one 4th-customer wage of 80 (20): the tiers meet between 60 and 80
    out = scenario(tmp_path, [*FIRST, *move(0, ("green1", 3)), *move(0, ("blue1", 2)),
                              e(0, "end"), *move(1, ("blue1", 1)), *move(1, ("green1", 1))])
    entries = [m["shops"][0] for m in out["moves"]]
    assert [(x["wages"], x["commission"]) for x in entries] == [(120, 60), (60, 20), (60, 0),
                                                                (80, 20)]
    assert payments(out)[-1] == ("Cy", "Bob", 20, "mover commission, 1 x 20 for Green 1")


def test_one_customer_into_a_shop_with_two_pays_10(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, *move(0, ("blue1", 2)), *move(0, ("blue1", 1))])
    assert payments(out)[-2:] == [("bank", "Bob", 60, "wage, Blue 1 customer 3"),
                                  ("Bob", "Ann", 10, "mover commission, 1 x 10 for Blue 1")]


def test_no_commission_for_ones_own_shop(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, *move(0, ("red1", 3))])
    assert [p[:3] for p in payments(out, 4)] == [("bank", "Ann", 20), ("bank", "Ann", 40),
                                                 ("bank", "Ann", 60)]
    assert out["moves"][0]["shops"][0]["commission"] == 0
    assert money(out) == [340, 220, 220, 220]


def test_two_owners_in_one_move_each_pay_their_own_commission(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, *move(0, ("blue1", 1), ("green1", 4), ("red1", 1))])
    assert payments(out, 4) == [
        ("bank", "Bob", 20, "wage, Blue 1 customer 1"),
        ("Bob", "Ann", 10, "mover commission, 1 x 10 for Blue 1"),
        ("bank", "Cy", 20, "wage, Green 1 customer 1"),
        ("bank", "Cy", 40, "wage, Green 1 customer 2"),
        ("bank", "Cy", 60, "wage, Green 1 customer 3"),
        ("bank", "Cy", 80, "wage, Green 1 customer 4"),
        ("Cy", "Ann", 80, "mover commission, 4 x 20 for Green 1"),
        ("bank", "Ann", 20, "wage, Red 1 customer 1"),
    ]
    assert money(out) == [220 + 10 + 80 + 20, 220 + 20 - 10, 220 + 200 - 80, 220]
    assert len(out["moves"]) == 1 and len(out["moves"][0]["shops"]) == 3


def test_a_shop_counts_once_per_move_and_unsigned_shops_take_nobody(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, e(0, "move"), e(0, "blue1"), e(0, 1), e(0, "blue1"),
                              e(0, "purple3"), e(0, "red1"), e(0, "back"), e(0, "done")])
    assert [r["message"] for r in out["refused"]] == ["Blue 1 already in this move",
                                                      "Purple 3 has no sign: nobody in"]
    assert shops(out)["red1"] == (0, 0) and out["phase"] == "action"


# ---------------------------------------------------------------- pull-in after an auction


def test_waiting_customers_enter_after_the_auction_without_mover_commission(
        tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, e(0, "auction"), *auction(0, "purple1", 1, 50, pull=2)])
    assert payments(out, 4) == [
        ("Bob", "bank", 50, "bought Purple 1"),
        ("bank", "Ann", 20, "auction commission, Purple 1 sold for 50"),
        ("bank", "Bob", 20, "wage, Purple 1 customer 1"),
        ("bank", "Bob", 40, "wage, Purple 1 customer 2"),
    ]
    assert out["auctions"][-1]["pulled_in"] == 2 and shops(out)["purple1"] == (1, 2)
    assert money(out) == [240, 230, 220, 220]
    # after an AUCTION the second action is an AUCTION again
    assert out["phase"] == "action" and out["turn"]["actions"] == ["auction"]


def test_pull_in_in_the_first_round_pays_the_new_owner(tmp_path: Path) -> None:
    out = scenario(tmp_path, auction(0, "red1", 0, 20, pull=1))
    assert money(out) == [240, 240, 240, 240] and shops(out)["red1"] == (0, 1)


def test_auction_auction_turn_and_an_auction_that_cannot_follow(tmp_path: Path) -> None:
    lines = [*FIRST, e(0, "auction"), *auction(0, "purple1", 0, 20), e(0, "auction"),
             *auction(0, "purple2", 0, 20)]
    out = scenario(tmp_path, lines)
    assert out["turn"]["seat"] == 1 and out["queue"] == 45  # no move, no gate refill
    # Bob spends down to 15 in his first auction: he cannot open a second one
    lines += [host("adjust", seat=1, amount=-185), e(1, "auction"),
              *auction(1, "purple3", 1, 20)]
    out = scenario(tmp_path, lines)
    assert money(out)[1] == 15 and out["turn"]["seat"] == 2
    assert "Bob cannot auction again: turn over" in [str(x) for x in _state(lines).log]


def _state(lines: list[Line], **options: Any) -> Any:
    h = History.start(GAME, Setup("marracash", tuple(Seat(n) for n in SEATS), options))
    for line in lines:
        h.apply(action_from_json(line))
    return h.state


# ---------------------------------------------------------------- city gates and the game end


def test_gate_refills_at_the_end_of_a_turn_with_a_move(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, *move(0), *move(0), e(0, 4), e(0, 2), e(0, 3)])
    assert out["queue"] == 45 - 9
    assert out["turn"]["seat"] == 1  # three gates refilled: the turn is over
    out = scenario(tmp_path, [*FIRST, *move(0), e(0, "auction"),
                              *auction(0, "purple1", 0, 20), e(0, 3), e(0, "end")])
    assert out["queue"] == 42 and out["turn"]["seat"] == 1


def test_fewer_than_two_only_when_fewer_remain(tmp_path: Path) -> None:
    lines = [*FIRST, *move(0), *move(0), e(0, 4), e(0, 2), e(0, 2), e(0, 1)]
    out = scenario(tmp_path, lines, queue=3)
    assert [r["message"] for r in out["refused"]] == ["Take 2 to 3 3 left outside",
                                                      "Take 1: only 1 left outside"]
    assert out["queue"] == 0 and out["last_group"] == 0 and out["round"] == "last"


def test_last_round_ends_with_the_seat_that_placed_the_last_group(tmp_path: Path) -> None:
    lines = [*FIRST,
             *move(0), *move(0), e(0, 2), e(0, "end"),  # Ann: 2 left outside
             *move(1), *move(1), e(1, 2),  # Bob places the last group: last round
             *move(2, ("red1", 1)), *move(2),  # Cy earns a commission
             *move(3), *move(3),
             *move(0, ("red1", 1)), *move(0),  # Ann: her own shop
             *move(1), *move(1)]
    out = scenario(tmp_path, lines, queue=4)
    assert out["refused"] == []
    assert [m["seat"] for m in out["moves"]] == [0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1]
    assert out["phase"] == "over" and out["round"] == "over" and out["last_group"] == 1
    assert money(out) == [220 + 20 - 10 + 40, 220, 230, 220]
    assert out["result"] == {
        "ranking": [{"seat": 0, "name": "Ann", "money": 270},
                    {"seat": 2, "name": "Cy", "money": 230},
                    {"seat": 1, "name": "Bob", "money": 220},
                    {"seat": 3, "name": "Di", "money": 220}],
        "winners": [0]}
    view = GAME.table(_state(lines, queue=4))
    assert view.final and str(view.headline) == "Ann wins with 270 dirhams"
    assert "no tie-break" in str(view.detail)
    assert [c.text for c in view.panels[-1].rows[1]] == ["Ann", "270"]
    assert [c.style for c in view.panels[-1].rows[1]] == ["win", "win"]
    over = scenario(tmp_path, [*lines, e(2, "move")], queue=4)
    assert over["refused"][0]["message"] == "The game is over"


def test_ties_for_the_most_money_share_the_win(tmp_path: Path) -> None:
    lines = [*FIRST, *move(0), *move(0), e(0, 2),
             *move(1), *move(1), *move(2), *move(2), *move(3), *move(3), *move(0), *move(0)]
    out = scenario(tmp_path, lines, queue=2)
    assert out["result"]["winners"] == [0, 1, 2, 3]
    view = GAME.table(_state(lines, queue=2))
    assert str(view.headline) == "Ann, Bob, Cy and Di share the win with 220 dirhams"
    assert out["final"]["tie"] is True and out["final"]["winner_names"] == [
        "Ann", "Bob", "Cy", "Di"]


def test_host_ends_a_turn_and_the_game(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*FIRST, e(0, "move"), e(0, "red1"), e(0, 2),
                              host("end_turn"), e(0, "end"), host("end_game")])
    assert out["moves"][0]["shops"][0]["entered"] == 2  # what was entered stays paid
    assert out["queue"] == 45 and out["turn"]["seat"] == 1
    assert out["phase"] == "over" and out["result"]["winners"] == [0]


def test_host_cannot_end_a_turn_in_the_middle_of_an_auction(tmp_path: Path) -> None:
    out = scenario(tmp_path, [e(0, "red1"), e(0, 20), host("end_turn")])
    assert out["refused"][0]["message"] == "Finish the auction first"


# ---------------------------------------------------------------- the sealed variant


def test_sealed_tie_goes_to_the_auctioneer_first(tmp_path: Path) -> None:
    out = scenario(tmp_path, [e(1, "red1"), e(1, 40), e(2, 40), e(3, 0), e(0, 40), e(1, 0)],
                   auction="sealed", start_seat=1)
    a = out["auctions"][0]
    assert a["variant"] == "sealed" and a["winner"] == 1 and a["price"] == 40
    assert a["commission"] == 0 and money(out) == [240, 200, 240, 240]


def test_sealed_tie_goes_to_the_nearest_clockwise_from_the_auctioneer(tmp_path: Path) -> None:
    out = scenario(tmp_path, [e(1, "red1"), e(1, 20), e(2, 0), e(3, 50), e(0, 50), e(1, 0)],
                   auction="sealed", start_seat=1)
    a = out["auctions"][0]
    assert a["winner"] == 3 and a["price"] == 50 and a["commission"] == 20
    assert a["bids"] == [{"seat": 0, "bid": 50}, {"seat": 1, "bid": 20},
                         {"seat": 2, "bid": 0}, {"seat": 3, "bid": 50}]
    assert money(out) == [240, 260, 240, 190]


def test_sealed_bids_are_checked_and_may_be_changed_until_all_locked(tmp_path: Path) -> None:
    lines = [e(0, "red1"), e(0, 15), e(0, 20), e(1, 245), e(1, 33), e(1, 120),
             {"type": "withdraw", "seat": 1}, e(1, 110), e(2, 0), e(3, 105), e(0, 0)]
    out = scenario(tmp_path, lines, auction="sealed")
    assert [r["message"] for r in out["refused"]] == [
        "Opening bid 20 or more", "Over your money you have 240", "Bids go in steps of 5"]
    a = out["auctions"][0]
    assert a["winner"] == 1 and a["price"] == 110 and a["commission"] == 40


# ---------------------------------------------------------------- the 1996 amounts


def test_1996_preset_five_times_the_amounts(tmp_path: Path) -> None:
    kw = {"minimum": 100, "step": 25}
    lines = [*auction(0, "red1", 1, 500, **kw), *auction(1, "blue1", 2, 525, **kw),
             e(2, "green1"), e(2, 100), e(3, 110), e(3, 130), e(3, 125)]
    out = scenario(tmp_path, lines, preset="1996")
    assert [(a["price"], a["commission"]) for a in out["auctions"]] == [(500, 100), (525, 200)]
    assert [r["message"] for r in out["refused"]] == ["Min raise 25 bid 125 or more",
                                                      "Bids go in steps of 25"]
    assert money(out) == [1300, 700 + 200, 1200 - 525, 1200]


def test_1996_preset_wages_and_mover_commission(tmp_path: Path) -> None:
    kw = {"minimum": 100, "step": 25}
    lines = [*[x for s, shop in enumerate(["red1", "blue1", "green1", "yellow1"])
               for x in auction(s, shop, s, 100, **kw)],
             *move(0, ("blue1", 2), ("green1", 3))]
    out = scenario(tmp_path, lines, preset="1996")
    assert [(x["wages"], x["commission"]) for x in out["moves"][0]["shops"]] == [(300, 100),
                                                                                (600, 300)]
    assert money(out) == [1100 + 400, 1100 + 200, 1100 + 300, 1100]
