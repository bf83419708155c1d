"""Camel Up: Off Season rule cases, each run as a scenario through `companion replay --json`.

Built from the seed's card texts (docs/games/camel_up_off_season.md), plus
edge cases. Seats: Ann 0, Bob 1, Cy 2, Di 3 (clockwise); 10 coins each unless said.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_lines import money, replay

from companion.app.cli import main

SEATS = ["Ann", "Bob", "Cy", "Di"]


def scenario(
    tmp_path: Path, lines: list[dict[str, Any]], seats: list[str] | None = None, **options: Any
) -> dict[str, Any]:
    return replay(tmp_path, "camel-up-off-season", seats or SEATS, lines, options)


def card(name: str) -> dict[str, Any]:
    return {"type": "host", "command": "start", "card": name}


def entries(*values: int) -> list[dict[str, Any]]:
    """Seat n enters values[n]: a bid, or a count of dates or goods cards."""
    return [{"type": "enter", "seat": s, "value": v} for s, v in enumerate(values)]


bids = counts = entries


def last(out: dict[str, Any]) -> dict[str, Any]:
    a: dict[str, Any] = out["auctions"][-1]
    return a


def test_highest_bet_wins_and_pays_to_supply(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("highest_bet"), *bids(3, 7, 5, 1)])
    a = last(out)
    assert a["winner"] == 1 and a["payment"] == 7
    assert money(out) == [10, 3, 10, 10]
    assert out["supply"] == 7
    assert out["first_player"] == 1
    assert out["market_order"] == [1, 2, 3, 0]  # the winner, then clockwise


def test_tied_values_drop_out_cascading(tmp_path: Path) -> None:
    out = scenario(
        tmp_path, [card("highest_bet"), *bids(5, 5, 3, 3, 1)], seats=["A", "B", "C", "D", "E"]
    )
    att = last(out)["attempts"][0]
    assert att["dropped"] == [5, 3]
    assert att["winner"] == 4 and att["payment"] == 1


def test_all_tied_restarts_nobody_pays_then_resolves(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("highest_bet"), *bids(4, 4, 2, 2), *bids(4, 3, 2, 2)])
    a = last(out)
    assert a["restarts"] == 1
    assert a["attempts"][0]["restart"] is True and a["attempts"][0]["payment"] == 0
    assert a["winner"] == 0 and a["payment"] == 4
    assert money(out) == [6, 10, 10, 10]


def test_lowest_bet_ignores_zero_and_drops_ties(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("lowest_bet"), *bids(0, 2, 2, 4)])
    att = last(out)["attempts"][0]
    assert [b["considered"] for b in att["bids"]] == [False, True, True, True]
    assert att["dropped"] == [2]
    assert att["winner"] == 3 and att["payment"] == 4


def test_lowest_bet_all_zero_restarts(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("lowest_bet"), *bids(0, 0, 0, 0)])
    assert last(out)["attempts"][0]["restart"] is True
    assert money(out) == [10, 10, 10, 10]


def test_most_dates_adds_one_to_every_tied_leader(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("most_dates"), *counts(0, 4, 4, 1), *bids(5, 4, 2, 1)])
    att = last(out)["attempts"][0]
    assert [b["modifier"] for b in att["bids"]] == [0, 1, 1, 0]
    assert [b["effective"] for b in att["bids"]] == [5, 5, 3, 1]
    assert att["dropped"] == [5]
    assert att["winner"] == 2 and att["payment"] == 3  # pays the effective value by default


def test_modifier_payment_option_bid_pays_coins_put_in(tmp_path: Path) -> None:
    lines = [card("most_dates"), *counts(0, 2, 0, 0), *bids(3, 4, 4, 1)]
    eff = last(scenario(tmp_path, lines))
    assert eff["winner"] == 1 and eff["payment"] == 5
    paid_bid = last(scenario(tmp_path, lines, payment="bid"))
    assert paid_bid["winner"] == 1 and paid_bid["payment"] == 4


def test_effective_payment_never_more_than_coins(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("most_dates"), *counts(3, 0, 0, 0), *bids(10, 4, 2, 1)])
    assert last(out)["winner"] == 0 and last(out)["payment"] == 10  # effective 11, holds 10


def test_nobody_has_dates_is_a_standard_auction(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("most_dates"), *counts(0, 0, 0, 0), *bids(2, 3, 1, 0)])
    att = last(out)["attempts"][0]
    assert att["standard_fallback"] is True
    assert all(b["modifier"] == 0 for b in att["bids"]) and att["winner"] == 1


def test_fewest_goods_cards_plus_one_for_all_tied(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("fewest_goods"), *counts(2, 0, 0, 5), *bids(3, 3, 1, 2)])
    att = last(out)["attempts"][0]
    assert [b["modifier"] for b in att["bids"]] == [0, 1, 1, 0]
    assert [b["effective"] for b in att["bids"]] == [3, 4, 2, 2]
    assert att["winner"] == 1 and att["payment"] == 4


def test_nobody_has_goods_cards_is_standard(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("fewest_goods"), *counts(0, 0, 0, 0), *bids(1, 2, 3, 4)])
    assert last(out)["attempts"][0]["standard_fallback"] is True
    assert last(out)["winner"] == 3


def test_first_player_bet_is_standard_in_the_first_auction(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("first_player_bet"), *bids(4, 3, 2, 1)], first_player=0)
    att = last(out)["attempts"][0]
    assert att["standard_fallback"] is True and att["winner"] == 0 and att["payment"] == 4


def test_first_player_bet_minus_one_for_the_token_holder(tmp_path: Path) -> None:
    # auction 1: Bob wins and takes the token; auction 2: Bob's 4 counts as 3 and ties Cy's 3
    out = scenario(
        tmp_path,
        [card("highest_bet"), *bids(0, 2, 1, 0), card("first_player_bet"), *bids(1, 4, 3, 2)],
    )
    att = last(out)["attempts"][0]
    assert [b["modifier"] for b in att["bids"]] == [0, -1, 0, 0]
    assert att["dropped"] == [3]
    assert att["winner"] == 3 and att["payment"] == 2
    assert out["first_player"] == 3


def test_first_player_winning_with_negative_value_pays_nothing_receives_nothing(
    tmp_path: Path,
) -> None:
    out = scenario(
        tmp_path,
        [card("highest_bet"), *bids(0, 1, 0, 0), card("first_player_bet"), *bids(2, 0, 2, 2)],
    )
    att = last(out)["attempts"][0]
    assert att["winner"] == 1 and [b["effective"] for b in att["bids"]][1] == -1
    assert att["payment"] == 0
    assert money(out) == [10, 9, 10, 10]  # only the first auction's 1 was paid


def test_lucky_zero_single_zero_wins_outright(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("lucky_0"), *bids(5, 0, 3, 2)])
    a = last(out)
    assert a["winner"] == 1 and a["payment"] == 0
    assert money(out) == [10, 10, 10, 10]


def test_lucky_zero_two_zeros_lose_two_each_then_standard(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("lucky_0"), *bids(0, 0, 3, 2)])
    att = last(out)["attempts"][0]
    assert att["lucky_zero_penalties"] == [{"seat": 0, "lost": 2}, {"seat": 1, "lost": 2}]
    assert att["winner"] == 2 and att["payment"] == 3
    assert money(out) == [8, 8, 7, 10]
    assert out["supply"] == 7


def test_lucky_zero_penalty_takes_all_when_less_than_two(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("lucky_0"), *bids(0, 0, 3, 2)], start_coins=1)
    # nobody can bid 3 with 1 coin: that bid is refused and the seat bids 1 instead
    assert out["refused"] and "Max bid 1" in out["refused"][0]["message"]
    out = scenario(tmp_path, [card("lucky_0"), *bids(0, 0, 1, 0)], start_coins=1)
    att = last(out)["attempts"][0]
    assert att["winner"] == 2
    assert att["lucky_zero_penalties"] == [
        {"seat": 0, "lost": 1},
        {"seat": 1, "lost": 1},
        {"seat": 3, "lost": 1},
    ]
    assert money(out) == [0, 0, 0, 0]


def test_lucky_zero_restart_costs_the_zeros_nothing(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("lucky_0"), *bids(0, 0, 3, 3)])
    att = last(out)["attempts"][0]
    assert att["restart"] is True and att["lucky_zero_penalties"] == []
    assert money(out) == [10, 10, 10, 10]


@pytest.mark.parametrize(("name", "banned"), [("cannot_bet_2", 2), ("cannot_bet_3", 3)])
def test_forbidden_value_is_refused_and_changes_nothing(
    tmp_path: Path, name: str, banned: int
) -> None:
    out = scenario(
        tmp_path,
        [card(name), {"type": "enter", "seat": 0, "value": banned}, *bids(banned + 1, 1, 0, 6)],
    )
    assert out["refused"][0]["index"] == 2
    assert f"Cannot bet {banned}" in out["refused"][0]["message"]
    assert last(out)["winner"] == 3 and last(out)["attempts"][0]["bids"][0]["bid"] == banned + 1


def test_bid_over_money_is_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("highest_bet"), {"type": "enter", "seat": 2, "value": 11}])
    assert out["refused"][0]["message"].startswith("Max bid 10")
    assert last(out)["attempts"] == []


def test_a_seat_may_change_its_bid_until_all_locked(tmp_path: Path) -> None:
    out = scenario(
        tmp_path,
        [
            card("highest_bet"),
            {"type": "enter", "seat": 0, "value": 9},
            {"type": "withdraw", "seat": 0},
            *bids(2, 3, 1, 0),
        ],
    )
    assert last(out)["winner"] == 1 and last(out)["attempts"][0]["bids"][0]["bid"] == 2


def test_no_unlock_after_the_reveal(tmp_path: Path) -> None:
    out = scenario(
        tmp_path, [card("highest_bet"), *bids(2, 3, 1, 0), {"type": "withdraw", "seat": 1}]
    )
    assert out["refused"][0]["index"] == 6 and money(out) == [10, 7, 10, 10]


def test_host_undo_stops_at_the_reveal(tmp_path: Path) -> None:
    """The issue's case: Di cannot re-enter after seeing every bid. Her 5 is her sale income."""
    out = scenario(
        tmp_path,
        [
            card("highest_bet"),
            *bids(2, 3, 1, 0),
            {"type": "undo"},
            {"type": "enter", "seat": 3, "value": 5},
        ],
    )
    assert out["refused"][0]["index"] == 6 and out["corrections"] == []
    assert "correct" in out["refused"][0]["message"] and "void" in out["refused"][0]["message"]
    assert last(out)["winner"] == 1 and money(out) == [10, 7, 10, 15]


def test_host_abandons_after_restarts_token_stays(tmp_path: Path) -> None:
    out = scenario(
        tmp_path,
        [card("highest_bet"), *bids(1, 1, 2, 2), {"type": "host", "command": "abandon"}],
        first_player=2,
    )
    a = last(out)
    assert a["abandoned"] is True and a["winner"] is None and a["restarts"] == 1
    assert out["first_player"] == 2 and out["market_order"] == [2, 3, 0, 1]
    assert money(out) == [10, 10, 10, 10]


def test_sale_income_is_entered_per_seat_and_public(tmp_path: Path) -> None:
    out = scenario(
        tmp_path,
        [
            card("highest_bet"),
            *bids(2, 3, 1, 0),
            *counts(4, 0, 7, 1),
        ],
    )
    assert money(out) == [14, 7, 17, 11]
    assert out["supply"] == 3 - 12


def test_next_card_only_after_the_auction_is_done(tmp_path: Path) -> None:
    out = scenario(tmp_path, [card("highest_bet"), card("lucky_0")])
    assert out["refused"][0]["index"] == 2 and len(out["auctions"]) == 1


def test_cli_replay_json_prints_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(
        json.dumps({"type": "setup", "game": "camel-up", "seats": SEATS})
        + "\n"
        + "\n".join(json.dumps(x) for x in [card("highest_bet"), *bids(1, 2, 3, 4)])
        + "\n"
    )
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["auctions"][0]["winner"] == 3 and out["money"][3]["money"] == 6


def test_cli_replay_refuses_a_garbled_scenario_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"type": "setup", "game": "camel-up", "seats": SEATS}) + "\n{oops\n")
    assert main(["replay", str(path), "--json"]) == 2
    assert "bad.jsonl:2: not JSON" in capsys.readouterr().err


def test_host_lets_a_disconnected_seat_sit_out_the_auction(tmp_path: Path) -> None:
    out = scenario(
        tmp_path,
        [
            card("most_dates"),
            {"type": "enter", "seat": 0, "value": 5},
            {"type": "enter", "seat": 1, "value": 1},
            {"type": "host", "command": "sit_out", "seat": 3},
            {"type": "enter", "seat": 2, "value": 1},
            {"type": "enter", "seat": 3, "value": 2},  # refused: sits out
            *bids(1, 3, 3),
        ],
    )
    a = last(out)
    assert a["sat_out"] == [3] and out["refused"][0]["index"] == 6
    att = a["attempts"][0]
    assert [b["seat"] for b in att["bids"]] == [0, 1, 2]  # Di took no part
    assert [b["modifier"] for b in att["bids"]] == [1, 0, 0]  # Ann has the most dates
    assert att["dropped"] == [3] and att["winner"] == 0 and att["payment"] == 2
    assert money(out) == [8, 10, 10, 10]


def test_sitting_out_completes_a_round_everyone_else_locked(tmp_path: Path) -> None:
    out = scenario(
        tmp_path,
        [card("highest_bet"), *bids(3, 1, 2), {"type": "host", "command": "sit_out", "seat": 3}],
    )
    assert last(out)["winner"] == 0 and out["phase"] == "income"


def test_two_bidders_cannot_lose_another(tmp_path: Path) -> None:
    out = scenario(
        tmp_path,
        [
            card("highest_bet"),
            {"type": "host", "command": "sit_out", "seat": 3},
            {"type": "host", "command": "sit_out", "seat": 2},
            {"type": "host", "command": "sit_out", "seat": 1},
        ],
    )
    assert last(out)["sat_out"] == [2, 3]
    assert "abandon instead" in out["refused"][0]["message"]


# -- the final screen


def test_a_tied_final_score_is_a_shared_win(tmp_path: Path) -> None:
    # Ann wins the auction with 3 (7 left); sale income 5, 0, 1, 2: Ann 12, Bob 10, Cy 11,
    # Di 12. The rules give no tie-break: Ann and Di share the win.
    lines = [card("highest_bet"), *entries(3, 1, 0, 2), *entries(5, 0, 1, 2),
             {"type": "host", "command": "end"}]
    out = scenario(tmp_path, lines, start_coins=10)
    assert money(out) == [12, 10, 11, 12]
    assert out["final"]["winner_names"] == ["Ann", "Di"] and out["final"]["tie"] is True
    view = _view(tmp_path, lines)
    assert view.headline.render() == "Ann and Di share the win with 12 coins"
    assert "no tie-break" in view.detail.render()
    rows = view.panels[-1].rows[1:]
    assert [(r[0].text, r[0].style) for r in rows] == [
        ("Ann", "win"), ("Di", "win"), ("Cy", ""), ("Bob", "")]


def test_no_winner_until_the_last_sale_income_is_in(tmp_path: Path) -> None:
    # The host ends the game while Di's sale income is still missing: the final screen names
    # no winner and says whose income it waits for; Di's entry completes it.
    lines = [card("highest_bet"), *entries(3, 1, 0, 2), *entries(5, 0, 1),
             {"type": "host", "command": "end"}]
    out = scenario(tmp_path, lines, start_coins=10)
    assert out["phase"] == "over" and out["final"]["complete"] is False
    assert out["final"]["winners"] == []
    view = _view(tmp_path, lines)
    assert view.headline.render() == "Final score not complete"
    assert view.detail.render() == "Waiting for sale income: Di"
    assert all(r[0].style != "win" for r in view.panels[-1].rows)
    done = scenario(tmp_path, [*lines, *entries(0, 0, 0, 9)], start_coins=10)
    assert [r["message"] for r in done["refused"]] == ["The game is over"] * 3
    assert done["final"]["winner_names"] == ["Di"] and money(done)[3] == 19


def _view(tmp_path: Path, lines: list[dict[str, Any]]) -> Any:
    from companion.engine.actions import action_from_json
    from companion.engine.history import History, Setup
    from companion.engine.registry import get_game
    from companion.engine.seats import Seat

    game = get_game("camel-up-off-season")
    h = History.start(game, Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di")),
                                  {"start_coins": 10}))
    for line in lines:
        h.apply(action_from_json(line))
    return game.table(h.state)
