"""Amun-Re beyond the auction: the 2016 Offering Adjustment, the buying limits and the harvest
from the province data the host enters, the kingdom score pads and the final score sheet to
the winner (ties: pyramids, then stones, then shared).

Seats Ann 0, Bob 1, Cy 2 (clockwise, Ann starting); 20 gold and one power card each.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine_lines import Line, host, money, refused, replay
from engine_lines import enter as e

from companion.engine.actions import action_from_json
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat

SEATS = ["Ann", "Bob", "Cy"]
GAME = get_game("amun-re")
def scenario(tmp_path: Path, lines: list[Line], seats: list[str] | None = None,
             **options: Any) -> dict[str, Any]:
    return replay(tmp_path, "amun-re", seats or SEATS, lines, options)


# Abydos: 2 card symbols, 3 fields, caravan 4, no mine, 1 temple; Sawu: 1 symbol, 1 field,
# mine 3; Dakhla: nothing but 2 temples.
DATA = {"Abydos": (2, 3, 4, 0, 1), "Sawu": (1, 1, 0, 3, 0), "Dakhla": (0, 0, 0, 0, 2)}


def data(*provinces: str) -> list[Line]:
    out = []
    for p in provinces:
        s, f, c, m, t = DATA[p]
        out.append(host("province", province=p, symbols=s, fields=f, caravan=c, mine=m,
                        temples=t))
    return out


def round_to_buying() -> list[Line]:
    """Ann takes Abydos, Bob Sawu, Cy Dakhla, all for 0, no bonuses."""
    return [host("provinces", names="Abydos,Sawu,Dakhla"), *data("Abydos", "Sawu", "Dakhla"),
            e(0, "Abydos"), e(0, 0), e(1, "Sawu"), e(1, 0), e(2, "Dakhla"), e(2, 0),
            *[e(s, 0) for s in range(3) for _ in range(2)]]


# ---------------------------------------------------------------- province data and limits


def test_the_auction_waits_for_the_province_data(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("provinces", names="Abydos,Sawu,Dakhla"),
                              *data("Abydos", "Sawu")])
    assert out["phase"] == "provinces"
    menu = GAME.host_commands(replay_state(tmp_path, [host("provinces",
                                                           names="Abydos,Sawu,Dakhla")]))
    assert menu[0].command == "province" and menu[0].params["province"] == ("Abydos",)
    assert menu[0].params["symbols"] == (0, 1, 2, 3, 4)
    out = scenario(tmp_path, [host("provinces", names="Abydos,Sawu,Dakhla"),
                              *data("Abydos", "Sawu", "Dakhla")])
    assert out["phase"] == "auction" and out["province_data"]["Sawu"]["mine"] == 3


def history_of(lines: list[Line], **options: Any) -> History:
    """The scenario's lines applied one by one, as the journal would replay them."""
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in SEATS), options))
    for line in lines:
        h.apply(action_from_json(line))
    return h


def replay_state(tmp_path: Path, lines: list[Line], **options: Any) -> Any:
    return history_of(lines, **options).state


def test_a_farmer_over_the_free_fields_and_a_card_over_the_symbols_are_refused(
        tmp_path: Path) -> None:
    out = scenario(tmp_path, [*round_to_buying(),
                              e(0, "3"),           # Abydos shows 2 card symbols
                              e(0, "2"), e(0, "none"),
                              e(0, "4"),           # 3 fields
                              e(0, "3"), e(0, "0"),
                              e(1, "0"), e(1, "2"),  # Sawu has 1 field
                              e(1, "1"), e(1, "0")])
    assert refused(out) == ["Cards: 2 at most (symbols)", "Free fields left: 3",
                            "Free fields left: 1"]
    assert [f["farmers"] for f in out["farmers"]] == [3, 1, 0]
    purchases = out["rounds"][0]["purchases"]
    assert [(p["cards"], p["farmers"]) for p in purchases] == [(2, 3), (0, 1)]
    box = GAME.prompt(replay_state(tmp_path, round_to_buying()), 0)
    assert [c.key for c in box.choices if c.key.isdigit()] == ["0", "1", "2"]


def test_a_computed_harvest(tmp_path: Path) -> None:
    # Ann: 3 farmers on Abydos; Bob 1 on Sawu. Offers 5 + 4 + 3 = 12: tile 3-12, 2 gold per
    # farmer, and it shows a camel (option camel_tiles "1-2"): Abydos's caravan pays 4.
    lines = [*round_to_buying(), e(0, "0"), e(0, "3"), e(0, "0"),
             e(1, "0"), e(1, "1"), e(1, "0"), e(2, "0"), e(2, "0"), e(2, "0"),
             e(0, 5), e(1, 4), e(2, 3),
             e(0, 0), e(1, 0), e(2, 0)]  # rewards: no cards (and no field is free)
    out = scenario(tmp_path, lines)
    assert out["phase"] == "income"
    # Ann 20 - 6 (3 farmers) - 5 + 3x2 + 4 = 19; Bob 20 - 1 - 4 + 2 + 3 (mine) = 20;
    # Cy 20 - 3 = 17 and no farmer, but Dakhla's 2 temples score 2 x 2 VP.
    assert money(out) == [19, 20, 17]
    assert [v.get("harvest_temples", 0) for v in out["vp"]] == [2, 0, 4]
    low = scenario(tmp_path, lines, camel_tiles="1")  # the 3-12 tile without a camel
    assert money(low) == [15, 20, 17]
    view = GAME.table(replay_state(tmp_path, lines))
    harvest = view.panels[-1]
    assert harvest.title.render() == "Harvest"
    assert [[str(c.text) for c in row] for row in harvest.rows[1:]] == [
        ["Ann", "3", "4", "0", "10", "2"], ["Bob", "1", "0", "3", "5", "0"],
        ["Cy", "0", "0", "0", "0", "4"]]
    assert all(line.money is None for line in view.seats)  # the balances stay hidden


# ---------------------------------------------------------------- the Offering Adjustment


def to_offering_2016() -> list[Line]:
    return [*round_to_buying(), *[e(s, "0") for s in range(3) for _ in range(3)]]


def test_offering_adjustment_moves_the_total_across_a_temple_range(tmp_path: Path) -> None:
    # Offers 6 + 3 + 2 = 11, tile 3-12; Ann played the Offering Adjustment with hers: +3 is
    # 14, tile 13-22. Her own offer stays 6 (ranking and rewards unchanged).
    lines = [*to_offering_2016(), e(0, "adj_yes"), e(0, 6), e(1, 3), e(2, 2)]
    before = scenario(tmp_path, lines, edition="2016")
    assert before["phase"] == "adjusting"
    out = scenario(tmp_path, [*lines, e(1, "+3"), e(0, "+3")], edition="2016")
    off = out["rounds"][0]["offering"]
    assert refused(out) == ["Not your turn Ann is up"]
    assert off["total_before_adjustments"] == 11 and off["total"] == 14
    assert off["temple"] == "13-22" and off["adjustments"] == [
        {"seat": 0, "name": "Ann", "change": 3}]
    assert [(o["name"], o["offer"], o["items"]) for o in off["offers"]] == [
        ("Ann", 6, 3), ("Bob", 3, 2), ("Cy", 2, 1)]
    assert out["cards"][0]["cards"] == 0  # the card is spent
    kept = scenario(tmp_path, [*lines, e(0, "keep")], edition="2016")
    assert kept["rounds"][0]["offering"]["temple"] == "3-12"


def test_offering_adjustment_is_secret_until_the_reveal(tmp_path: Path) -> None:
    lines = [*to_offering_2016(), e(0, "adj_yes"), e(0, 6), e(1, "adj_yes")]
    h = history_of(lines, edition="2016")
    view = GAME.table(h.state)
    text = " ".join(str(c.text) for p in view.panels for r in p.rows for c in r)
    assert "6" not in text and "Adjust" not in " ".join(m.render() for m in view.log)
    assert [s.status for s in view.seats] == ["locked", "thinking", "thinking"]
    assert GAME.prompt(h.state, 1).label.render() == "Offer+adj"
    assert GAME.prompt(h.state, 2).label.render() == "Offer"
    assert "adj_yes" in [c.key for c in GAME.prompt(h.state, 2).extras]


# ---------------------------------------------------------------- scoring to the winner


def one_round(offers: tuple[int, int, int] = (5, 4, 3)) -> list[Line]:
    return [*round_to_buying(), *[e(s, "0") for s in range(3) for _ in range(3)],
            *[e(s, v) for s, v in enumerate(offers)],
            e(0, 0), e(0, 0), e(1, 0), e(1, 0), e(2, 0),  # rewards: no cards, no farmers
            e(0, 0), e(1, 0), e(2, 0)]  # no extra income


def pad(seat: int, pyramids: int, fewest: int, nile: int, yellow: int,
        stones: int) -> list[Line]:
    return [e(seat, v) for v in (pyramids, fewest, nile, yellow, stones)]


def test_score_sheet_to_the_winner(tmp_path: Path) -> None:
    lines = [*one_round(), *pad(0, 3, 1, 1, 1, 0), *pad(1, 1, 0, 0, 0, 2),
             *pad(2, 0, 0, 0, 0, 0)]
    out = scenario(tmp_path, lines, rounds=1)
    assert out["phase"] == "over"
    sheet = out["final"]
    points = {c["key"]: c["points"] for c in sheet["categories"]}
    # Tile 3-12 (value 2): temples at the harvest and at the kingdom's end.
    assert points["harvest_temples"] == [2, 0, 4] and points["temples"] == [2, 0, 4]
    assert points["pyramids"] == [3, 1, 0] and points["fewest"] == [3, 0, 0]
    assert points["nile"] == [5, 0, 0] and points["yellow"] == [3, 0, 0]
    # Gold: Ann 15 + Abydos's caravan 4 = 19, Bob 16 + Sawu's mine 3 = 19, Cy 17: Ann and
    # Bob share the most (+6 each, 2003), Cy is third (nothing in the 2003 +6/+2).
    assert points["gold_bonus"] == [6, 6, 0]
    assert [t["total"] for t in sheet["totals"]] == [24, 7, 8]
    assert sheet["winner_names"] == ["Ann"] and not sheet["tie"]


def test_a_tied_total_goes_to_pyramids_then_stones_then_is_shared(tmp_path: Path) -> None:
    # Before the pads: Ann 2 + 2 temple VP + 6 gold bonus = 10, Cy 4 + 4 temple VP = 8.
    base = [*one_round(), *pad(1, 0, 0, 0, 0, 0)]

    def sheet(ann: list[Line], cy: list[Line]) -> dict[str, Any]:
        out: dict[str, Any] = scenario(tmp_path, [*base, *ann, *cy], rounds=1)["final"]
        assert [t["total"] for t in out["totals"]][0::2] == [14, 14]
        return out

    # 1 pyramid + 1 in the fewest province (3) against 2 yellow cards: pyramids 1 to 0.
    s = sheet(pad(0, 1, 1, 0, 0, 0), pad(2, 0, 0, 0, 2, 9))
    assert s["winner_names"] == ["Ann"] and s["tie_broken"] and not s["tie"]
    # 1 pyramid + a yellow card against 1 pyramid + a Nile +5: equal pyramids, stones decide.
    s = sheet(pad(0, 1, 0, 0, 1, 1), pad(2, 1, 0, 1, 0, 2))
    assert s["winner_names"] == ["Cy"] and s["tie_broken"]
    # ... and with equal stones the win is shared.
    s = sheet(pad(0, 1, 0, 0, 1, 2), pad(2, 1, 0, 1, 0, 2))
    assert s["winner_names"] == ["Ann", "Cy"] and s["tie"] and not s["tie_broken"]
    view = GAME.table(replay_state(tmp_path, [*base, *pad(0, 1, 0, 0, 1, 2),
                                              *pad(2, 1, 0, 1, 0, 2)], rounds=1))
    assert view.headline.render() == "Ann and Cy share the win with 14 points"
    assert "pyramids, then the most stones" in view.detail.render()
