"""Mega Civilization rule cases, each run as a scenario through `companion replay --json`.

From the seed (shared/seeds/004_*.txt: the 6a draw-order example, 6b purchases, set values)
and rules.md section 5, plus edge cases. Unless said otherwise: 5 seats named after their
civilizations (one West block), treasury 40 each, not asked on the boxes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_lines import replay

from companion.app.cli import main
from companion.engine.actions import Enter, Host
from companion.engine.games.mega_civilization import CIV_NAMES, CIVS

GAME = "mega-civilization"
SEATS = ["Egypt", "Hellas", "Minoa", "Carthage", "Celt"]  # seat order is NOT the A.S.T. order
EGYPT, HELLAS, MINOA, CARTHAGE, CELT = range(5)
T0 = 1_750_000_000_000  # a wall-clock epoch millisecond, as the app passes it


def scenario(tmp_path: Path, lines: list[dict[str, Any]], seats: list[str] | None = None,
             **options: Any) -> dict[str, Any]:
    # The calamity count (option `calamities = count`); by name: ..._advances.py.
    opts = {"ask_treasury": "no", "start_treasury": 40, "calamities": "count", **options}
    return replay(tmp_path, GAME, seats or SEATS, lines, opts)


def enter(seat: int, value: int | str) -> dict[str, Any]:
    return {"type": "enter", "seat": seat, "value": value}


def host(command: str, **params: Any) -> dict[str, Any]:
    return {"type": "host", "command": command, **params}


def cities(*counts: int) -> list[dict[str, Any]]:
    return [enter(s, n) for s, n in enumerate(counts)]


def money(out: dict[str, Any]) -> list[int]:
    return [m["money"] for m in out["money"]]


def plans(out: dict[str, Any]) -> dict[str, list[int | str]]:
    return {d["civ"]: d["plan"] for d in out["draws"]}


def refused(out: dict[str, Any]) -> list[str]:
    return [r["message"] for r in out["refused"]]


# the seed's example: Minoa 3 cities; Hellas and Egypt 5 each; stack 2 runs out for Egypt
SEED = [*cities(5, 5, 3, 0, 0), enter(MINOA, "done"), enter(HELLAS, "done"),
        enter(EGYPT, "empty"), enter(EGYPT, 2), enter(EGYPT, "done")]


# ---------------------------------------------------------------- data


def test_ast_ranking_has_all_18_civilizations_alternating_west_and_east() -> None:
    assert len(CIV_NAMES) == len(set(CIV_NAMES)) == 18
    assert CIV_NAMES[0] == "Minoa" and CIV_NAMES[-1] == "Parthia"
    assert CIV_NAMES.index("Hellas") < CIV_NAMES.index("Egypt")  # the seed's tie-break
    west = {c for c, b in CIVS if b == "west"}
    assert west == {"Minoa", "Assyria", "Celt", "Carthage", "Hatti", "Rome", "Iberia",
                    "Hellas", "Egypt"}


# ---------------------------------------------------------------- 6a: draw order and plans


def test_seed_example_draw_order_plans_and_water(tmp_path: Path) -> None:
    out = scenario(tmp_path, SEED)
    assert [out["civilizations"][s]["civ"] for s in out["draw_order"]] == \
        ["Minoa", "Hellas", "Egypt"]  # fewest first; Hellas before Egypt by A.S.T.
    assert plans(out) == {"Minoa": [1, 2, 3], "Hellas": [1, 2, 3, 4, 5],
                          "Egypt": [1, "water", 3, 4, 5]}
    assert out["empty_stacks"] == [{"block": "west", "stack": 2, "reported_by": EGYPT}]
    assert out["phase"] == "buy" and out["refused"] == []


def test_seats_without_cities_draw_nothing(tmp_path: Path) -> None:
    out = scenario(tmp_path, SEED)
    assert CARTHAGE not in out["draw_order"] and CELT not in out["draw_order"]


def test_an_empty_stack_shows_water_for_every_later_drawer_only(tmp_path: Path) -> None:
    # Hellas (5) finds stack 2 empty; Minoa (3) drew before; Carthage (6) draws after
    out = scenario(tmp_path, [*cities(0, 5, 3, 6, 0), enter(MINOA, "done"),
                              enter(HELLAS, "empty"), enter(HELLAS, 2), enter(HELLAS, "done"),
                              enter(CARTHAGE, "done")])
    assert plans(out) == {"Minoa": [1, 2, 3], "Hellas": [1, "water", 3, 4, 5],
                          "Carthage": [1, "water", 3, 4, 5, 6]}


def test_plan_of_a_seat_still_to_draw_shows_water_at_once(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*cities(5, 5, 3, 0, 0), enter(MINOA, "empty"), enter(MINOA, 3)])
    assert out["phase"] == "draw"
    assert plans(out)["Egypt"] == [1, 2, "water", 4, 5]  # not drawn yet: the plan shows it
    assert plans(out)["Minoa"] == [1, 2, "water"]


def test_drawing_out_of_turn_is_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*cities(5, 5, 3, 0, 0), enter(EGYPT, "done")])
    assert refused(out) == ["Not your turn Minoa is up"]
    assert out["draws"][0]["done"] is False


def test_reporting_a_stack_outside_the_plan_or_twice_is_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*cities(5, 5, 3, 0, 0), enter(MINOA, "empty"), enter(MINOA, 4),
                              enter(MINOA, 2), enter(MINOA, "done"), enter(HELLAS, "empty"),
                              enter(HELLAS, 2)])
    assert refused(out) == ["Your stacks are 1 to 3", "Stack 2 is already empty"]
    assert plans(out)["Hellas"] == [1, "water", 3, 4, 5]


def test_reporting_can_be_backed_out_of(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*cities(5, 5, 3, 0, 0), enter(MINOA, "empty"),
                              enter(MINOA, "back"), enter(MINOA, "done")])
    assert out["empty_stacks"] == [] and out["draws"][0]["done"] is True


@pytest.mark.parametrize("bad", [10, -1, "3"])
def test_cities_outside_0_to_9_are_refused(tmp_path: Path, bad: int | str) -> None:
    out = scenario(tmp_path, [enter(0, bad)])
    assert refused(out) == ["Enter 0 to 9"] and out["cities"] == []


def test_cities_can_be_changed_until_everyone_has_entered(tmp_path: Path) -> None:
    out = scenario(tmp_path, [enter(EGYPT, 4), enter(EGYPT, 5),
                              {"type": "withdraw", "seat": EGYPT}, *cities(2, 5, 3, 0, 0),
                              {"type": "withdraw", "seat": EGYPT}])
    assert refused(out) == ["Already entered hold OK: change", "Nothing locked to unlock"]
    assert out["cities"][EGYPT] == {"seat": EGYPT, "cities": 2}
    assert out["draw_order"] == [EGYPT, MINOA, HELLAS]


def test_nobody_with_cities_goes_straight_to_purchases(tmp_path: Path) -> None:
    out = scenario(tmp_path, cities(0, 0, 0, 0, 0))
    assert out["phase"] == "buy" and out["draw_order"] == []
    assert out["buy_order"] == [MINOA, CELT, CARTHAGE, HELLAS, EGYPT]  # all tied: A.S.T.


# ---------------------------------------------------------------- 6b: purchases


BUY_PHASE = [*cities(5, 5, 3, 0, 0), enter(MINOA, "done"), enter(HELLAS, "done"),
             enter(EGYPT, "done")]  # buy order: Celt, Carthage (0 cities), Minoa, Hellas, Egypt


def test_buy_order_is_the_draw_order_with_seats_without_cities_first(tmp_path: Path) -> None:
    out = scenario(tmp_path, BUY_PHASE)
    assert out["buy_order"] == [CELT, CARTHAGE, MINOA, HELLAS, EGYPT]
    out = scenario(tmp_path, BUY_PHASE, zero_city_buys="no")
    assert out["buy_order"] == [MINOA, HELLAS, EGYPT]


def test_buying_until_broke_then_refused_then_pass(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*BUY_PHASE, enter(CELT, "buy"), enter(CELT, "buy"),
                              enter(CELT, "buy"), enter(CELT, "pass")])
    assert refused(out) == ["Costs 15 you have 10"]
    assert out["purchases"][0] == {"seat": CELT, "bought": 2, "water": 0, "paid": 30,
                                   "passed": True}
    assert money(out)[CELT] == 10 and out["supply"] == 30
    assert out["buy_order"][1] == CARTHAGE  # the turn moved on to Carthage


def test_a_pass_is_final(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*BUY_PHASE, enter(CELT, "pass"), enter(CELT, "buy"),
                              enter(CARTHAGE, "buy"), enter(CELT, "pass")])
    assert refused(out) == ["You passed: that is final", "You passed: that is final"]
    assert [p["bought"] for p in out["purchases"][:2]] == [0, 1]


def test_buying_out_of_turn_is_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*BUY_PHASE, enter(EGYPT, "buy")])
    assert refused(out) == ["Not your turn Celt is up"] and money(out)[EGYPT] == 40


def test_card_price_option(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*BUY_PHASE, enter(CELT, "buy"), enter(CELT, "buy")],
                   card_price=25)
    assert refused(out) == ["Costs 25 you have 15"] and money(out)[CELT] == 15


def test_empty_stack_9_still_costs_15_and_gives_water(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*BUY_PHASE, enter(CELT, "buy"), enter(CELT, "empty"),
                              enter(CELT, "buy"), enter(CELT, "pass"), enter(CARTHAGE, "buy")])
    assert out["purchases"][0] == {"seat": CELT, "bought": 2, "water": 1, "paid": 30,
                                   "passed": True}
    assert out["purchases"][1]["water"] == 1  # everybody after gets water too
    assert money(out)[CARTHAGE] == 25 and money(out)[CELT] == 10


def test_stack_9_emptied_in_6a_makes_every_purchase_water(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*cities(9, 0, 0, 0, 0), enter(EGYPT, "empty"), enter(EGYPT, 9),
                              enter(EGYPT, "done"), enter(MINOA, "buy")])
    assert plans(out)["Egypt"][-1] == "water"
    assert out["buy_order"][0] == MINOA  # 0 cities, first on the A.S.T.
    assert out["purchases"][0]["water"] == 1 and money(out)[MINOA] == 25


def test_host_skips_an_absent_seat(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*cities(5, 5, 3, 0, 0), host("skip"), enter(HELLAS, "done"),
                              enter(EGYPT, "done"), host("skip"), enter(CARTHAGE, "pass")])
    assert out["draws"][0]["done"] is True
    assert out["purchases"][0]["passed"] is True and out["purchases"][1]["passed"] is True


# ---------------------------------------------------------------- treasury


def test_treasury_is_entered_on_the_boxes_at_setup(tmp_path: Path) -> None:
    lines = [enter(0, 12), enter(1, 56), enter(1, 55), enter(2, 0), enter(3, 7), enter(4, 30)]
    out = scenario(tmp_path, lines, ask_treasury="yes")
    assert refused(out) == ["Enter 0 to 55"]
    assert money(out) == [12, 55, 0, 7, 30] and out["phase"] == "cities"
    assert out["supply"] == -(12 + 55 + 7 + 30)  # the bank counted negative: total conserved


def test_host_adjusts_a_treasury_but_never_below_zero(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("adjust", seat=2, amount=9),
                              host("adjust", seat=1, amount=-41),
                              host("adjust", seat=1, amount=-40)])
    assert refused(out) == ["Not enough money have 40"]
    assert money(out) == [40, 0, 49, 40, 40]


# ---------------------------------------------------------------- civilizations and blocks


def test_civilizations_from_names_options_or_the_host(tmp_path: Path) -> None:
    seats = ["Ronald (Minoa)", "Judith", "Tony", "Ann", "Bob"]
    out = scenario(tmp_path, [enter(0, 3), host("civ", seat=1, name="hellas"),
                              host("civ", seat=2, name="Minoa"), host("civ", seat=2, name="Gaul"),
                              host("civ", seat=2, name="Egypt")],
                   seats=seats, civ_4="Rome", civ_5="Saba")
    assert refused(out) == ["Nothing to enter right now", "Minoa taken",
                            "Not a Mega Civ civilization"]
    assert [c["civ"] for c in out["civilizations"]] == ["Minoa", "Hellas", "Egypt", "Rome",
                                                        "Saba"]
    assert out["phase"] == "cities"  # the last civilization completed the setup


def test_twelve_seats_use_both_blocks_and_stacks_run_out_per_block(tmp_path: Path) -> None:
    seats = ["Minoa", "Saba", "Assyria", "Maurya", "Celt", "Babylon", "Carthage", "Dravidia",
             "Hatti", "Kushan", "Rome", "Persia"]
    blocks = [b for _, b in CIVS[:12]]
    lines = [*cities(2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3), enter(0, "empty"), enter(0, 2),
             enter(0, "done"), enter(1, "done"), host("empty", block="east", stack=1)]
    out = scenario(tmp_path, lines, seats=seats)
    assert [c["block"] for c in out["civilizations"]] == blocks
    # West stack 2 ran out for Minoa; Saba and Persia draw from the East block
    assert plans(out) == {"Minoa": [1, "water"], "Saba": [1, 2], "Persia": ["water", 2, 3]}


def test_host_overrides_a_block_at_setup(tmp_path: Path) -> None:
    seats = ["Minoa", "Saba", "Assyria", "Maurya", "Celt", "Babylon", "Carthage", "Dravidia",
             "Hatti", "Kushan", "Rome", "Persia", "Ann"]
    out = scenario(tmp_path, [host("block", seat=1, block="west"),
                              host("civ", seat=12, name="Nubia")], seats=seats)
    assert [c["block"] for c in out["civilizations"]][:2] == ["west", "west"]
    assert out["civilizations"][12]["block"] == "east" and out["phase"] == "cities"


@pytest.mark.parametrize(("n", "block"), [(10, "west"), (11, "east")])
def test_ten_seats_play_west_and_eleven_east(tmp_path: Path, n: int, block: str) -> None:
    out = scenario(tmp_path, [], seats=list(CIV_NAMES[:n]))
    assert {c["block"] for c in out["civilizations"]} == {block}


def test_a_block_the_seat_count_forbids_is_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"type": "setup", "game": GAME, "seats": list(CIV_NAMES[:10]),
                                "options": {"block": "east"}}) + "\n")
    assert main(["replay", str(path), "--json"]) == 2
    assert "10 seats play" in capsys.readouterr().err


# ---------------------------------------------------------------- 7: trade timer


TRADE = [*BUY_PHASE, *(enter(s, "pass") for s in (CELT, CARTHAGE, MINOA, HELLAS, EGYPT))]


def test_timer_start_pause_resume_extend_and_time(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*TRADE, host("timer_start", at_ms=T0)])
    assert out["timer"]["deadline_ms"] == T0 + 600_000 and out["timer"]["running"] is True
    lines = [*TRADE, host("timer_start", at_ms=T0),
             host("timer_pause", at_ms=T0 + 100_000),
             host("timer_resume", at_ms=T0 + 200_000),
             host("timer_extend", seconds=60),
             host("timer_check", at_ms=T0 + 759_999),
             host("timer_check", at_ms=T0 + 760_000)]
    out = scenario(tmp_path, lines)
    assert refused(out) == ["Time not up 0:01 left"]
    t = out["timer"]
    assert (t["expired"], t["running"], t["remaining_ms"], t["deadline_ms"]) == \
        (True, False, 0, None)
    assert t["total_ms"] == 660_000 and out["phase"] == "trade"


def test_timer_pause_keeps_the_time_left(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*TRADE, host("timer_start", at_ms=T0),
                              host("timer_pause", at_ms=T0 + 100_000),
                              host("timer_pause", at_ms=T0 + 101_000)])
    assert refused(out) == ["Timer is not running"]
    assert out["timer"]["remaining_ms"] == 500_000 and out["timer"]["deadline_ms"] is None


def test_a_timer_command_after_the_deadline_is_the_zero(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*TRADE, host("timer_start", at_ms=T0, seconds=30),
                              host("timer_pause", at_ms=T0 + 45_000)])
    assert out["refused"] == [] and out["timer"]["expired"] is True


def test_extend_after_zero_restarts_the_countdown(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*TRADE, host("timer_start", at_ms=T0, seconds=30),
                              host("timer_check", at_ms=T0 + 30_000),
                              host("timer_extend", seconds=120),
                              host("timer_extend", seconds=120, at_ms=T0 + 40_000)])
    assert refused(out)[0].startswith("timer_extend after zero needs 'at_ms'")
    assert out["timer"]["running"] is True and out["timer"]["deadline_ms"] == T0 + 160_000


def test_timer_commands_outside_trade_or_twice_are_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("timer_start", at_ms=T0), *TRADE,
                              host("timer_resume", at_ms=T0), host("timer_start", at_ms=T0),
                              host("timer_start", at_ms=T0 + 5)])
    assert refused(out) == ["Timer runs in the trade phase", "Timer is not paused",
                            "Timer already started"]



def test_an_unknown_timer_command_is_an_unknown_command_in_every_phase(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("timer_stop", at_ms=T0), *TRADE, host("timer_stop", at_ms=T0)])
    assert refused(out) == ["Unknown command timer_stop"] * 2 and out["timer"]["started"] is False

def test_warnings_follow_the_options(tmp_path: Path) -> None:
    out = scenario(tmp_path, TRADE)
    assert out["timer"]["warnings_ms"] == [60_000, 15_000, 5000, 4000, 3000, 2000, 1000]
    out = scenario(tmp_path, TRADE, warn_first=120, warn_second=0, countdown=3)
    assert out["timer"]["warnings_ms"] == [120_000, 3000, 2000, 1000]


def test_replaying_the_journal_keeps_the_deadline(tmp_path: Path) -> None:
    """After a power cut the app replays the journal: the same deadline, so the display,
    counting from its own clock, shows the time really left."""
    lines = [*TRADE, host("timer_start", at_ms=T0), host("timer_pause", at_ms=T0 + 5_000),
             host("timer_resume", at_ms=T0 + 65_000)]
    first = scenario(tmp_path, lines)
    again = scenario(tmp_path, lines)
    assert first["timer"] == again["timer"]
    assert first["timer"]["deadline_ms"] == T0 + 65_000 + 595_000


# ---------------------------------------------------------------- calamity count


def test_calamity_counts_are_sealed_then_revealed_together(tmp_path: Path) -> None:
    lines = [*TRADE, host("calamities"), enter(0, 2), enter(1, 21), enter(1, 0),
             {"type": "withdraw", "seat": 0}, enter(0, 1), enter(2, 3), enter(3, 0)]
    out = scenario(tmp_path, lines)
    assert refused(out) == ["Enter 0 to 20"]
    assert out["phase"] == "calamity" and out["calamities"]["revealed"] == []
    assert out["calamities"]["locked"] == [0, 1, 2, 3]
    out = scenario(tmp_path, [*lines, enter(4, 1)])
    assert out["phase"] == "after"
    assert [r["count"] for r in out["calamities"]["revealed"]] == [1, 0, 3, 0, 1]


NEXT_TURN = [*BUY_PHASE, enter(CELT, "buy"),
             *(enter(s, "pass") for s in (CELT, CARTHAGE, MINOA, HELLAS, EGYPT)),
             host("calamities"), *(enter(s, 0) for s in range(5)), host("turn")]


def test_next_turn_asks_treasury_then_cities_and_starts_afresh(tmp_path: Path) -> None:
    # taxes and advances happened on the mats: each box first confirms its treasury
    out = scenario(tmp_path, [*NEXT_TURN, enter(EGYPT, 56), enter(EGYPT, 50), enter(HELLAS, 32),
                              enter(MINOA, 40), enter(CARTHAGE, 40), enter(CELT, 25),
                              *cities(1, 1, 1, 1, 1)])
    assert refused(out) == ["Enter 0 to 55"]
    assert out["turn"] == 2 and out["empty_stacks"] == []
    assert money(out) == [50, 32, 40, 40, 25] and out["supply"] == 15 - 10 + 8
    assert out["draw_order"] == [MINOA, CELT, CARTHAGE, HELLAS, EGYPT]


def test_next_turn_without_the_treasury_question(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*NEXT_TURN, *cities(1, 1, 1, 1, 1)], treasury_each_turn="no")
    assert out["turn"] == 2 and money(out)[CELT] == 25 and out["phase"] == "draw"


# ---------------------------------------------------------------- set values


def calc(seat: int, *sets: tuple[str, int]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for name, n in sets:
        lines += [enter(seat, name), enter(seat, n)]
    return lines


def values(out: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(v for v in out["set_values"] if v["seat"] == seat)


def to_trade(n: int) -> list[dict[str, Any]]:
    """n seats: nobody has cities, everybody passes: the trade phase."""
    return [*(enter(s, 0) for s in range(n)), *(enter(s, "pass") for s in range(n))]


@pytest.mark.parametrize(("sets", "total"), [
    ((("Fish", 1),), 3),  # seed: one card is worth its face value
    ((("Fish", 2),), 12),  # two equal cards: 2 squared x 3
    ((("Fish", 2), ("Fruit", 1), ("Ceramics", 1)), 18),  # same face, other names: singles
])
def test_seed_set_values(tmp_path: Path, sets: tuple[tuple[str, int], ...], total: int) -> None:
    seats = list(CIV_NAMES[:9])  # 9 seats: a third commodity per stack (Ceramics on 3)
    out = scenario(tmp_path, [*to_trade(9), *calc(0, *sets)], seats=seats)
    assert values(out, 0)["total"] == total and out["refused"] == []


def test_set_value_is_n_squared_times_face_value_capped_by_copies(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*TRADE, enter(MINOA, "Gemstones"), enter(MINOA, 6),
                              enter(MINOA, 5), *calc(MINOA, ("Ochre", 9), ("Gold", 2))])
    assert refused(out) == ["Max 5 Gemstones in the game"]
    v = values(out, MINOA)
    assert v["sets"] == [
        {"commodity": "Ochre", "count": 9, "face": 1, "value": 81},
        {"commodity": "Gemstones", "count": 5, "face": 8, "value": 200},
        {"commodity": "Gold", "count": 2, "face": 9, "value": 36}]
    assert v["total"] == 317


def test_a_count_of_zero_removes_a_set_and_clear_empties_the_hand(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*TRADE, *calc(MINOA, ("Gold", 2), ("Iron", 3), ("Gold", 0))])
    assert values(out, MINOA)["sets"] == [{"commodity": "Iron", "count": 3, "face": 2,
                                           "value": 18}]
    out = scenario(tmp_path, [*TRADE, *calc(MINOA, ("Gold", 2)), enter(MINOA, "clear")])
    assert out["set_values"] == []


def test_a_commodity_not_in_the_game_is_refused(tmp_path: Path) -> None:
    # 5 seats playing West: no East cards and no third commodities (Bone, Wax, ...) in play
    out = scenario(tmp_path, [*TRADE, enter(MINOA, "Silk"), enter(MINOA, "Bone")])
    assert refused(out) == ["Not a commodity of this game"] * 2


def test_twelve_seats_count_copies_of_both_blocks(tmp_path: Path) -> None:
    seats = list(CIV_NAMES[:12])
    lines = [*to_trade(12), *calc(0, ("Clay", 9), ("Flax", 2))]  # Clay 5 W + 4 E; Flax: E
    out = scenario(tmp_path, lines, seats=seats)
    assert out["refused"] == []
    assert values(out, 0)["total"] == 81 + 4


def test_calculator_is_only_on_the_box_in_trade_and_after(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*BUY_PHASE, enter(CELT, "Fish")])
    assert refused(out) == ["Choose BUY or PASS"] and out["set_values"] == []


def test_host_menu_offers_what_the_phase_allows() -> None:
    from companion.engine.history import History, Setup
    from companion.engine.registry import get_game
    from companion.engine.seats import Seat

    game = get_game(GAME)
    seats = tuple(Seat(n) for n in ("Minoa", "Ann", "Saba", "Bob", "Celt"))
    h = History.start(game, Setup(GAME, seats, {"ask_treasury": "no"}))
    (civ,) = game.host_commands(h.state)
    assert civ.command == "civ" and civ.params["seat"] == (1, 3)  # only seats still missing
    assert "Minoa" not in civ.params["name"] and len(civ.params["name"]) == 15
    h.apply(Host.make("civ", seat=1, name="Rome"))
    h.apply(Host.make("civ", seat=3, name="Egypt"))
    for s in range(5):
        h.apply(Enter(s, 0))
    for s in h.state.buy.order:
        h.apply(Enter(s, "pass"))
    names = [c.command for c in game.host_commands(h.state)]
    assert names == ["timer_start", "timer_extend", "calamities", "adjust", "end"]
    h.apply(Host.make("timer_start", at_ms=T0))
    names = [c.command for c in game.host_commands(h.state)]
    assert names == ["timer_pause", "timer_check", "timer_extend", "calamities", "adjust",
                     "end"]


def test_cli_replay_json_prints_the_outcome(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    setup = {"type": "setup", "game": "megaciv", "seats": SEATS,
             "options": {"ask_treasury": "no"}}
    path.write_text("\n".join(json.dumps(x) for x in [setup, *SEED]) + "\n")
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["draw_order"] == [MINOA, HELLAS, EGYPT]
