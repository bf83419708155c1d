"""Five Tribes rule cases, each run as a scenario through `companion replay --json`.

From the rulebook (as applied in docs/games/five_tribes.md; page 7 for the sale) plus edge cases.
Seats: Ann 0, Bob 1, Cy 2, Di 3; 50 gold each; bid order Ann, Bob, Cy, Di unless said.
Spots are entered by their cost, as the box's choice keys ("18" ... "1", "0").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_lines import enter, host, replay

from companion.app.cli import main
from companion.engine.actions import Enter, Host, Withdraw, action_from_json
from companion.engine.errors import IllegalAction
from companion.engine.games.five_tribes import (
    CARD_TYPES,
    MERCHANDISE,
    SUIT_VALUES,
    best_suits,
    merchandise_value,
)
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat

SEATS = ["Ann", "Bob", "Cy", "Di"]
GAME = get_game("five-tribes")


def scenario(tmp_path: Path, lines: list[dict[str, Any]], seats: list[str] | None = None,
             **options: Any) -> dict[str, Any]:
    return replay(tmp_path, "five-tribes", seats or SEATS, lines, options)


def spots(*picks: tuple[int, int | str]) -> list[dict[str, Any]]:
    """Bids in the order given: (seat, spot cost)."""
    return [enter(s, str(c)) for s, c in picks]


def gold(out: dict[str, Any]) -> list[int]:
    return [m["money"] for m in out["money"]]


def refusals(out: dict[str, Any]) -> list[str]:
    return [r["message"] for r in out["refused"]]


def track(out: dict[str, Any]) -> list[tuple[int, str] | None]:
    return [None if t is None else (t["spot"], t["name"]) for t in out["bid"]["track"]]




# ---------------------------------------------------------------- the bid for turn order


def test_a_later_zero_pushes_earlier_zeros_down(tmp_path: Path) -> None:
    out = scenario(tmp_path, spots((0, 0), (1, 5), (2, 0), (3, 0)))
    assert track(out)[6:] == [(0, "Di"), (0, "Cy"), (0, "Ann")]  # last 0 first in the row
    assert track(out)[3] == (5, "Bob")
    assert out["play_order"] == [1, 3, 2, 0]  # paid spots down, then the 0s
    assert out["next_bid_order"] == [1, 3, 2, 0]
    assert out["phase"] == "play" and out["current"] == 1
    assert gold(out) == [50, 45, 50, 50]
    assert out["supply"] == 5


def test_the_next_bid_is_in_this_play_order(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*spots((0, 0), (1, 5), (2, 0), (3, 0)),
                              *[enter(s, "done") for s in (1, 3, 2, 0)]])
    assert out["phase"] == "bid" and out["turn"] == 2
    assert out["bid"]["bid_order"] == [1, 3, 2, 0] and out["current"] == 1
    out = scenario(tmp_path, [*spots((0, 0), (1, 5), (2, 0), (3, 0)),
                              *[enter(s, "done") for s in (1, 3, 2, 0)], enter(0, "18")])
    assert refusals(out) == ["Not your turn Bob is up"]


def test_when_the_three_zeros_are_taken_the_last_bidder_must_pay(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*spots((0, 0), (1, 0), (2, 0)), enter(3, "0"), enter(3, "1")])
    assert refusals(out) == ["The 0s are full bid at least 1"]
    assert out["play_order"] == [3, 2, 1, 0]  # the forced payer plays first
    assert gold(out) == [50, 50, 50, 49]


def test_full_zeros_are_not_offered_on_the_box() -> None:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    for s in range(3):
        h.apply(Enter(s, "0"))
    keys = [c.key for c in GAME.prompt(h.state, 3).choices]
    assert keys == ["18", "12", "8", "5", "3", "1"]


def test_an_occupied_spot_is_refused_and_not_offered(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*spots((0, 8)), enter(1, "8"), enter(1, 12)])
    assert refusals(out) == ["Spot 8 taken"]
    assert gold(out) == [42, 38, 50, 50]  # the refused bid cost nothing
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    h.apply(Enter(0, "8"))
    assert "8" not in [c.key for c in GAME.prompt(h.state, 1).choices]
    assert "0" in [c.key for c in GAME.prompt(h.state, 1).choices]  # 0s are shared


def test_an_unaffordable_spot_is_refused_and_not_offered(tmp_path: Path) -> None:
    out = scenario(tmp_path, spots((0, 18), (0, 12)), start_gold=15)
    assert refusals(out) == ["Can't afford 18 you have 15"]
    assert gold(out) == [3, 15, 15, 15]  # the refused bid took nothing
    assert out["current"] == 1
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS), {"start_gold": 7}))
    assert [c.key for c in GAME.prompt(h.state, 0).choices] == ["5", "3", "1", "0"]


def test_a_bid_out_of_turn_and_a_bad_spot_are_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [enter(2, "18"), enter(0, "7"), enter(0, "fakirs")])
    assert refusals(out) == ["Not your turn Ann is up", "No such spot 18 12 8 5 3 1 0",
                             "Kumarbi is not yours"]
    assert out["accepted"] == 0 and gold(out) == [50] * 4


def test_a_seat_with_no_gold_when_the_zeros_are_full_takes_spot_1_for_nothing(
        tmp_path: Path) -> None:
    # No rule covers it: the companion offers the cheapest free spot for all the seat holds.
    out = scenario(tmp_path, [*spots((0, 0), (1, 0), (2, 0)), enter(3, "3"), enter(3, "1")],
                   start_gold=0)
    assert refusals(out) == ["Can't afford 3 you have 0"]
    assert out["bid"]["placements"][3] == {"seat": 3, "name": "Di", "spot": 1, "paid": 0,
                                           "fakirs": 0, "short": True}
    assert out["play_order"] == [3, 2, 1, 0]


def test_two_seats_play_two_markers_each_even_in_a_row(tmp_path: Path) -> None:
    # Bid order Ann, Bob, Ann, Bob; Ann takes 3 and 1, Bob two 0s.
    lines = spots((0, 3), (1, 0), (0, 1), (1, 0))
    out = scenario(tmp_path, lines, seats=["Ann", "Bob"])
    assert out["bid"]["bid_order"] == [0, 1, 0, 1]
    assert out["play_order"] == [0, 0, 1, 1]
    assert gold(out) == [46, 50]
    out = scenario(tmp_path, [*lines, enter(0, "done")], seats=["Ann", "Bob"])
    assert out["current"] == 0  # Ann plays again at once
    out = scenario(tmp_path, [*lines, enter(0, "done"), enter(0, "done"), enter(1, "done"),
                              enter(1, "done")], seats=["Ann", "Bob"])
    assert out["turn"] == 2 and out["bid"]["bid_order"] == [0, 0, 1, 1]
    out = scenario(tmp_path, [*lines, *[enter(s, "done") for s in (0, 0, 1, 1)],
                              enter(0, "12"), enter(0, "12"), enter(0, "8")],
                   seats=["Ann", "Bob"])
    assert refusals(out) == ["Spot 12 taken"]  # one seat's two markers: two spots
    assert out["current"] == 1


def test_two_seats_second_marker_box_says_so() -> None:
    h = History.start(GAME, Setup(GAME.id, (Seat("Ann"), Seat("Bob"))))
    with pytest.raises(IllegalAction, match="each\nseat twice"):
        h.apply(Host.make("bid_order", order="0,1"))
    h.apply(Host.make("bid_order", order="0,0,1,1"))
    assert GAME.prompt(h.state, 0).label.render() == "Spot?"
    h.apply(Enter(0, "5"))
    assert GAME.prompt(h.state, 0).label.render() == "Spot 2?"
    assert GAME.prompt(h.state, 1).kind == "wait"


def test_bid_order_host_command_checks_every_seat_once(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("bid_order", order="2,0,3,1"),
                              host("bid_order", order="2,2,3,1"),
                              enter(2, "0"), host("bid_order", order="0,1,2,3")])
    assert out["bid"]["bid_order"] == [2, 0, 3, 1] and out["current"] == 0
    assert refusals(out) == ["Bid order: each seat once", "Bid order: only before any bid"]
    out = scenario(tmp_path, spots((2, 8)), first_bidder=2)
    assert out["bid"]["bid_order"] == [2, 3, 0, 1] and out["current"] == 3


# ---------------------------------------------------------------- Kumarbi


def test_kumarbi_fakirs_pay_the_cost_of_a_lower_spot(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("kumarbi", seat=1), *spots((0, 12)),
                              enter(1, "fakirs"), enter(1, 2), enter(1, "18")])
    assert out["kumarbi"] == 1
    assert out["bid"]["placements"][1] == {"seat": 1, "name": "Bob", "spot": 18, "paid": 8,
                                           "fakirs": 2, "short": False}  # 18 two spots down
    assert gold(out) == [38, 42, 50, 50]


def test_kumarbi_one_fakir_on_spot_1_costs_nothing(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("kumarbi", seat=0), enter(0, "fakirs"), enter(0, 1),
                              enter(0, "1")])
    assert out["bid"]["placements"][0]["paid"] == 0 and gold(out)[0] == 50


def test_kumarbi_refusals_and_back(tmp_path: Path) -> None:
    out = scenario(tmp_path, [
        host("kumarbi", seat=0), *spots((0, 18)),  # Ann bids normally; 18 is taken now
        enter(1, "fakirs"),                          # Bob has no Kumarbi
        host("kumarbi", seat=1),
        enter(1, "fakirs"), enter(1, 6),              # 18 is taken: at most 5 Fakirs (spot 12)
        enter(1, 3), enter(1, "3"),                   # 3 Fakirs only fit spots >= 3 up (5, 8, 12)
        enter(1, "1"),
        enter(1, "back"), enter(1, "back"),          # back to Fakirs, back to the plain list
        enter(1, "8"),
    ])
    assert refusals(out) == ["Kumarbi is not yours", "Fakirs: 1 to 5", "Too many Fakirs for spot 3",
                             "Too many Fakirs for spot 1"]
    assert out["bid"]["placements"][1]["paid"] == 8 and out["bid"]["placements"][1]["fakirs"] == 0


def test_kumarbi_once_per_turn_even_with_two_markers(tmp_path: Path) -> None:
    lines = [host("kumarbi", seat=0), enter(0, "fakirs"), enter(0, 1), enter(0, "12"),
             enter(1, "0"), enter(0, "fakirs"), enter(0, "5")]
    out = scenario(tmp_path, lines, seats=["Ann", "Bob"])
    assert refusals(out) == ["Kumarbi used this turn"]
    assert [p["paid"] for p in out["bid"]["placements"]] == [8, 0, 5]
    assert gold(out) == [37, 50]


def test_kumarbi_box_offers_reduced_costs() -> None:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    h.apply(Host.make("kumarbi", seat=0))
    menu = GAME.prompt(h.state, 0)
    assert [c.key for c in menu.choices][-1] == "fakirs"
    h.apply(Enter(0, "fakirs"))
    assert GAME.prompt(h.state, 0).hi == 6
    h.apply(Enter(0, 2))
    p = GAME.prompt(h.state, 0)
    assert [c.label.render() for c in p.choices] == ["18:8", "12:5", "8:3", "5:1", "3:0", "BACK"]
    assert p.label.render() == "Spot 2F"


def test_kumarbi_option_off_refuses_the_host_command(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("kumarbi", seat=0), enter(0, "fakirs")], kumarbi="off")
    assert refusals(out) == ["Kumarbi is off in the options", "Kumarbi is off"]


# ---------------------------------------------------------------- sales, markets, gold


PLAYING = spots((0, 18), (1, 0), (2, 0), (3, 0))  # play order Ann (32 gold left), Di, Cy, Bob
ALL_DONE = [enter(s, "done") for s in (0, 3, 2, 1)]


SIX = ["ivory", "jewels", "gold", "papyrus", "silk", "spice"]
THREE = ["fish", "wheat", "pottery"]


def suit(seat: int, cards: list[str]) -> list[dict[str, Any]]:
    """One suit of a sale: its cards by type, then SUIT OK."""
    return [enter(seat, c) for c in cards] + [enter(seat, "close")]


def test_seed_sale_example_six_and_three_cards_pay_37(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*PLAYING, enter(0, "sell"), *suit(0, SIX), *suit(0, THREE),
                              enter(0, "end")])
    assert out["sales"] == [{"seat": 0, "name": "Ann", "turn": 1, "suits": [SIX, THREE],
                             "gold": 37}]
    assert gold(out)[0] == 32 + 30 + 7
    assert out["mode"] == "" and out["current"] == 0  # back on the menu, still Ann's turn


def test_sale_gain_is_private(tmp_path: Path) -> None:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    for s, c in ((0, "18"), (1, "0"), (2, "0"), (3, "0")):
        h.apply(Enter(s, c))
    h.apply(Enter(0, "sell"))
    for card in SIX:
        h.apply(Enter(0, card))
    first = h.apply(Enter(0, "close"))
    for card in THREE:
        h.apply(Enter(0, card))
    h.apply(Enter(0, "close"))
    events = h.apply(Enter(0, "end"))
    assert [(e.seat, e.text.render()) for e in first] == [(0, "Suit of 6: +30\nsale +30")]
    assert [(e.seat, e.text.render()) for e in events] == [
        (None, "Ann sold merchandise"), (0, "Sale: +37 gold")]
    view = GAME.table(h.state)
    assert "Ann sold merchandise" in [m.render() for m in view.log]
    assert not any("37" in m.render() or "69" in m.render() for m in view.log)
    assert all(s.money is None for s in view.seats)
    assert GAME.prompt(h.state, 0).money == 69 and GAME.prompt(h.state, 1).money == 50


def test_a_fakir_and_a_second_card_of_a_type_are_refused_with_the_reason(
        tmp_path: Path) -> None:
    out = scenario(tmp_path, [*PLAYING, enter(0, "sell"), enter(0, "fish"), enter(0, "fakir"),
                              enter(0, "fish"), enter(0, "silk"), enter(0, "rubies"),
                              enter(0, 3), enter(0, "end"), *suit(0, []), enter(0, "undo"),
                              enter(0, "close"), enter(0, "end")])
    assert refusals(out) == ["Fakirs are never sold", "Fish is already in suit",
                             "Pick a card type or SUIT OK", "Pick a card type or SUIT OK",
                             "Close the suit first: SUIT OK", "No card to take back",
                             "The suit has no card yet"]
    # The refusals changed nothing: Fish and Silk make a suit of 2.
    assert out["sales"][0]["suits"] == [["fish", "silk"]] and gold(out)[0] == 32 + 3


def test_no_more_cards_of_a_type_than_the_deck_holds(tmp_path: Path) -> None:
    # Two Ivory cards exist: a third suit with Ivory cannot be in one hand with the first two.
    out = scenario(tmp_path, [*PLAYING, enter(0, "sell"), *suit(0, list(CARD_TYPES)),
                              *suit(0, list(CARD_TYPES)), enter(0, "ivory"), enter(0, "fish"),
                              enter(0, "close"), enter(0, "end")])
    assert refusals(out) == ["Only 2 Ivory in the deck"]
    assert [len(x) for x in out["sales"][0]["suits"]] == [9, 9, 1]
    assert out["sales"][0]["gold"] == 60 + 60 + 1


def test_undo_takes_the_last_card_back(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*PLAYING, enter(0, "sell"), enter(0, "silk"), enter(0, "fish"),
                              enter(0, "undo"), enter(0, "wheat"), enter(0, "close"),
                              enter(0, "end")])
    assert out["sales"][0]["suits"] == [["silk", "wheat"]]


def test_sale_box_lists_the_next_types_first_and_suit_ok_one_press_away() -> None:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    for s, c in ((0, "18"), (1, "0"), (2, "0"), (3, "0"), (0, "sell")):
        h.apply(Enter(s, c))
    p = GAME.prompt(h.state, 0)
    assert [c.key for c in p.choices] == ["end", *CARD_TYPES, "fakir"]
    assert p.initial == "ivory" and p.choices[0].label.render() == "BACK"
    h.apply(Enter(0, "silk"))
    p = GAME.prompt(h.state, 0)
    keys = [c.key for c in p.choices]
    # After Silk: Spice, Fish, ..., then round to Ivory; Silk itself, the Fakir, UNDO last.
    assert keys == ["close", "spice", "fish", "wheat", "pottery", "ivory", "jewels", "gold",
                    "papyrus", "silk", "fakir", "undo"]
    assert p.initial == "spice" and p.label.render() == "In suit: 1"


def test_a_six_card_suit_takes_about_ten_presses_on_the_box() -> None:
    """Counted on the real box session: SELL, six types, SUIT OK, SOLD."""
    from companion.app.boxui import BoxSession
    from companion.boxes.vocabulary import Intent, SeatIntent

    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    for s, c in ((0, "18"), (1, "0"), (2, "0"), (3, "0")):
        h.apply(Enter(s, c))
    box = BoxSession(0, lambda t: t)
    presses = 0

    def press(intent: Intent) -> None:
        nonlocal presses
        presses += 1
        box.sync(GAME.prompt(h.state, 0))
        action = box.on_intent(SeatIntent(0, intent), 0.0)
        if action is not None:
            h.apply(action)
        box.sync(GAME.prompt(h.state, 0))

    def choose(key: str) -> None:
        box.sync(GAME.prompt(h.state, 0))
        while box.draft != key:
            press(Intent.MINUS if key in ("close", "end") else Intent.PLUS)
        press(Intent.OK)

    for key in ("sell", "papyrus", "silk", "spice", "fish", "wheat", "pottery", "close", "end"):
        choose(key)
    assert GAME.outcome(h.state)["sales"][0]["gold"] == 30
    assert presses <= 15, presses


def test_markets_cost_3_and_6_and_a_cost_you_cannot_pay_is_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*spots((0, 3), (1, 0), (2, 0), (3, 0)),  # Ann: 12 gold left
                              enter(0, "large"), enter(0, "large"),       # 12 - 6 - 6 = 0
                              enter(0, "small"), enter(0, "pay"),         # nothing to pay with
                              enter(0, "gain"), enter(0, 4),              # builders: +4
                              enter(0, "large"),                          # 6 > 4
                              enter(0, "pay"), enter(0, 5), enter(0, "back"),
                              enter(0, "small")],                          # 4 - 3 = 1
                   start_gold=15)
    assert refusals(out) == ["Cannot pay 3 you have 0", "No gold to pay",
                             "Cannot pay 6 you have 4", "Cannot pay 5 you have 4"]
    assert gold(out) == [1, 15, 15, 15]
    assert out["supply"] == 3 + 6 + 6 - 4 + 3


def test_gold_gain_and_payment_on_the_box(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*PLAYING, enter(0, "gain"), enter(0, 24), enter(0, "pay"),
                              enter(0, "back"), enter(0, "pay"), enter(0, 5), enter(0, "bogus")])
    assert gold(out)[0] == 32 + 24 - 5
    assert refusals(out) == ["Pick from the menu"]
    assert out["supply"] == 18 - 24 + 5


def test_only_the_seat_whose_turn_it_is_records(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*PLAYING, enter(3, "sell"), enter(0, "done"), enter(1, "small"),
                              enter(3, "small")])
    assert refusals(out) == ["Not your turn Ann is up", "Not your turn Di is up"]
    assert out["current"] == 3 and gold(out) == [32, 50, 50, 47]


# ---------------------------------------------------------------- the end


BOARD = ("viziers", "elders", "djinns", "palms", "palaces", "tiles")


def pad(seat: int, *board: int, **cards: int) -> list[dict[str, Any]]:
    """One seat's score pad in the box's order: viziers, elders, djinn points, palm trees,
    palaces, tile points, then its cards by type."""
    values = [*board, *(cards.get(t, 0) for t in CARD_TYPES)]
    assert len(board) == len(BOARD)
    return [enter(seat, v) for v in values]


def test_final_score_every_category_to_the_winner(tmp_path: Path) -> None:
    lines = [*PLAYING, enter(0, "sell"), *suit(0, SIX), enter(0, "end"), *ALL_DONE,
             host("end"),
             *pad(0, 2, 3, 10, 1, 2, 20, fish=2, wheat=1),   # suits 2 + 1: 3 + 1
             *pad(1, 4, 0, 0, 0, 0, 35, **({t: 1 for t in SIX} | {"fish": 1, "gold": 2})),
             *pad(2, 4, 1, 6, 2, 0, 12),
             *pad(3, 0, 0, 0, 0, 1, 8, pottery=3)]               # three suits of 1
    out = scenario(tmp_path, lines)
    assert out["phase"] == "over"
    final = out["final"]
    points = {c["key"]: c["points"] for c in final["categories"]}
    assert points == {
        "gold": [62, 50, 50, 50],
        "viziers": [2 + 10, 4 + 20, 4 + 20, 0],  # 4 and 4: neither has fewer than the other
        "elders": [6, 0, 2, 0], "djinns": [10, 0, 6, 0], "palms": [3, 0, 6, 0],
        "palaces": [10, 0, 0, 5], "tiles": [20, 35, 12, 8], "merchandise": [4, 41, 0, 3]}
    assert [t["total"] for t in final["totals"]] == [127, 150, 100, 66]
    assert final["winners"] == [1] and final["winner_names"] == ["Bob"]
    assert final["tie"] is False and final["complete"] is True
    assert out["merchandise"][1]["suits"] == [7, 1]
    view = GAME.table(history_of(lines).state)
    assert view.final and view.headline.render() == "Bob wins with 150 points"
    assert "Most points wins" in view.detail.render()


def history_of(lines: list[dict[str, Any]]) -> History:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS)))
    for line in lines:
        h.apply(action_from_json(line))
    return h


def test_a_tied_final_score_is_a_shared_win(tmp_path: Path) -> None:
    # Everyone keeps 50 gold; Ann and Di both add 10 points (5 tiles / 2 palaces): 60 each.
    lines = [*spots((0, 0), (1, 0), (2, 0), (3, 1)), *[enter(s, "done") for s in (3, 2, 1, 0)],
             host("end"), *pad(0, 0, 0, 0, 0, 0, 10), *pad(1, 0, 0, 0, 0, 0, 1),
             *pad(2, 0, 0, 0, 0, 0, 0), *pad(3, 0, 0, 0, 0, 2, 1)]
    out = scenario(tmp_path, lines)
    assert [t["total"] for t in out["final"]["totals"]] == [60, 51, 50, 60]
    assert out["final"]["winners"] == [0, 3] and out["final"]["tie"] is True
    view = GAME.table(history_of(lines).state)
    assert view.headline.render() == "Ann and Di share the win with 60 points"
    sheet = view.panels[-1]
    total_row = sheet.rows[-1]
    assert [c.style for c in total_row[1:]] == ["win", "head", "head", "win"]


def test_viziers_ties_give_no_bonus_between_the_tied(tmp_path: Path) -> None:
    lines = [*spots((0, 0), (1, 0), (2, 0), (3, 1)), *[enter(s, "done") for s in (3, 2, 1, 0)],
             host("end"), *pad(0, 3, 0, 0, 0, 0, 0), *pad(1, 3, 0, 0, 0, 0, 0),
             *pad(2, 1, 0, 0, 0, 0, 0), *pad(3, 0, 0, 0, 0, 0, 0)]
    out = scenario(tmp_path, lines)
    viziers = next(c for c in out["final"]["categories"] if c["key"] == "viziers")
    assert viziers["points"] == [3 + 20, 3 + 20, 1 + 10, 0]


def test_score_pad_is_secret_until_every_pad_is_locked(tmp_path: Path) -> None:
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS), {"start_gold": 41}))
    for s, c in ((0, "0"), (1, "0"), (2, "0"), (3, "1")):
        h.apply(Enter(s, c))
    for s in (3, 2, 1, 0):
        h.apply(Enter(s, "done"))
    h.apply(Host.make("end"))

    def texts() -> str:
        v = GAME.table(h.state)
        cells = " ".join(c.text.render() if not isinstance(c.text, str) else c.text
                         for p in v.panels for r in p.rows for c in r)
        return " ".join([cells, v.headline.render(), v.detail.render(),
                         *(m.render() for m in v.log)])

    for s in range(3):
        for line in pad(s, 0, 0, 0, 0, 0, 77):
            h.apply(Enter(s, line["value"]))
    assert "41" not in texts() and "77" not in texts() and not GAME.table(h.state).final
    assert [s.status for s in GAME.table(h.state).seats] == ["locked"] * 3 + ["thinking"]
    # A locked pad may be entered again (hold OK) until the last seat locks.
    h.apply(Withdraw(0))
    assert GAME.prompt(h.state, 0).label.render() == "Viziers?"
    assert [GAME.prompt(h.state, 0).initial for _ in range(1)] == [0]
    for line in pad(0, 0, 0, 0, 0, 0, 77)[:5]:
        h.apply(Enter(0, line["value"]))
    assert GAME.prompt(h.state, 0).initial == 77  # the earlier answers come back as drafts
    for line in pad(0, 0, 0, 0, 0, 0, 77)[5:]:
        h.apply(Enter(0, line["value"]))
    for line in pad(3, 5, 0, 0, 0, 0, 0):
        h.apply(Enter(3, line["value"]))
    assert "41" in texts() and "77" in texts() and GAME.table(h.state).final
    with pytest.raises(IllegalAction, match="Nothing locked"):
        h.apply(Withdraw(0))  # after the reveal no pad is reopened


def test_pad_refuses_more_cards_than_the_deck_and_goes_back(tmp_path: Path) -> None:
    lines = [*spots((0, 0), (1, 0), (2, 0), (3, 1)), *[enter(s, "done") for s in (3, 2, 1, 0)],
             host("end"), *pad(0, 1, 2, 3, 4, 5, 6)[:6], enter(0, 3), enter(0, "back"),
             enter(0, "back"), enter(0, 1000), enter(0, 5), enter(0, 9), enter(0, 2)]
    out = scenario(tmp_path, lines)
    assert refusals(out) == ["Only 2 Ivory in the deck", "Enter 0 to 99"]


@pytest.mark.parametrize(("cards", "suits"), [
    ({}, ()), ({"fish": 3}, (1, 1, 1)), ({t: 1 for t in SIX} | {"fish": 1}, (7,)),
    ({"ivory": 2, "jewels": 2, "fish": 1}, (3, 2)),
    (dict(zip(CARD_TYPES, MERCHANDISE, strict=True)), (9, 9, 6, 6, 3, 3)),
])
def test_best_suits_from_counts(cards: dict[str, int], suits: tuple[int, ...]) -> None:
    assert best_suits(cards) == suits


@pytest.mark.slow  # every split of every hand
def test_best_suits_beat_every_other_split() -> None:
    """Brute force over small hands: no way of dealing the cards into suits scores more."""
    from itertools import product

    def best_by_search(counts: tuple[int, ...]) -> int:
        if not any(counts):
            return 0
        best = 0
        for pick in product((0, 1), repeat=len(counts)):
            if any(pick) and all(p <= c for p, c in zip(pick, counts, strict=True)):
                rest = tuple(c - p for c, p in zip(counts, pick, strict=True))
                best = max(best, SUIT_VALUES[sum(pick)] + best_by_search(rest))
        return best

    for counts in product(range(3), repeat=4):
        hand = dict(zip(("fish", "wheat", "pottery", "silk"), counts, strict=True))
        assert merchandise_value(best_suits(hand)) == best_by_search(counts), counts


def test_adjust_is_secret_on_the_table(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("adjust", seat=2, amount=-7), host("adjust", seat=2, amount=99)])
    assert gold(out)[2] == 50 - 7 + 99


# ---------------------------------------------------------------- the calculator


def test_suit_values_are_the_rulebook_table() -> None:
    assert [merchandise_value([n]) for n in range(1, 10)] == [1, 3, 7, 13, 21, 30, 40, 50, 60]
    assert merchandise_value([6, 3]) == 37  # the seed's example
    assert SUIT_VALUES[0] == 0 and sum(MERCHANDISE) == 36


def test_replay_json_cli_prints_the_outcome(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    lines = [{"type": "setup", "game": "five-tribes", "seats": SEATS}, *spots((0, 5))]
    path.write_text("\n".join(json.dumps(x) for x in lines))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["money"][0]["money"] == 45 and out["current"] == 1


def test_demo_script_plays_without_refusals() -> None:
    from companion.app.demos import Shot, demo_for

    demo = demo_for("five-tribes")
    h = History.start(GAME, Setup(demo.game, tuple(Seat(n) for n in demo.seats), demo.options))
    for step in demo.steps:
        if not isinstance(step, Shot):
            h.apply(step)  # a refusal raises IllegalAction and fails the test
    out = GAME.outcome(h.state)
    assert out["phase"] == "over"
    assert [t["total"] for t in out["final"]["totals"]] == [135, 148, 139, 164]
    assert out["final"]["winner_names"] == ["Di"]
    assert out["sales"][0]["suits"] == [list(CARD_TYPES[:6]), ["fish", "wheat", "pottery"]]
    assert out["bids"][0]["play_order"] == [1, 3, 2, 0] == out["bids"][1]["bid_order"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_host_menu_entry_is_accepted(n: int) -> None:
    from companion.app.hostmenu import entries

    h = History.start(GAME, Setup(GAME.id, tuple(Seat(x) for x in SEATS[:n])))
    menu = entries(GAME.host_commands(h.state), can_undo=False)
    orders = [e for e in menu if isinstance(e.action, Host) and e.action.command == "bid_order"]
    assert len(orders) == (6 if n == 2 else 6 if n == 3 else 24)  # every order a draw can give
    assert "Bid order: Cy, Di, Ann, Bob" in [e.label.render() for e in orders] or n < 4
    for entry in menu:
        GAME.apply(h.state, entry.action)  # refused would raise IllegalAction
    h.apply(Enter(0, "0"))  # once a marker is placed: no bid order, no end; Kumarbi still
    assert {e.action.command for e in entries(GAME.host_commands(h.state), False)
            if isinstance(e.action, Host)} == {"kumarbi"}
