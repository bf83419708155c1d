"""Mega Civilization's advance catalogue and phase 12 (advance purchase), each case run as a
scenario through `companion replay --json`.

The catalogue figures are the cited sources' own (docs/games/mega_civilization.md,
"Advance catalogue"); the purchase rules are rules.md 5.6. Unless said otherwise: 5 seats
named after their civilizations, treasury 40 each, no cities (nobody draws), so the turn
reaches phase 12 at once. Minoa (seat 2) is first in A.S.T. order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine_lines import replay

from companion.engine.games.mega_civilization import CIV_NAMES
from companion.engine.games.mega_civilization.advances import (
    ADVANCES,
    BY_NAME,
    price_after,
)

GAME = "mega-civilization"
SEATS = ["Egypt", "Hellas", "Minoa", "Carthage", "Celt"]
EGYPT, HELLAS, MINOA, CARTHAGE, CELT = range(5)
AST = [MINOA, CELT, CARTHAGE, HELLAS, EGYPT]  # A.S.T. ranks 1, 5, 7, 15, 17


def enter(seat: int, value: int | str) -> dict[str, Any]:
    return {"type": "enter", "seat": seat, "value": value}


def host(command: str, **params: Any) -> dict[str, Any]:
    return {"type": "host", "command": command, **params}


def to_phase_12(n: int) -> list[dict[str, Any]]:
    """No cities (nobody draws), every 6b purchase skipped, no calamities, then phase 12."""
    return [*(enter(s, 0) for s in range(n)), *(host("skip") for _ in range(n)),
            host("calamities"), *(enter(s, "held:") for s in range(n)), host("advances")]


def scenario(tmp_path: Path, lines: list[dict[str, Any]], seats: list[str] | None = None,
             **options: Any) -> dict[str, Any]:
    opts = {"ask_treasury": "no", "start_treasury": 40, "treasury_each_turn": "no", **options}
    return replay(tmp_path, GAME, seats or SEATS, lines, opts)


def buy(seat: int, advances: list[str], cards: dict[str, int], treasury: int = 0,
        hand: int = 0) -> list[dict[str, Any]]:
    lines = [enter(seat, a) for a in advances] + [enter(seat, "pay")]
    for name, n in cards.items():
        lines += [enter(seat, name), enter(seat, n)]
    if treasury:
        lines += [enter(seat, "treasury"), enter(seat, treasury)]
    return [*lines, enter(seat, "confirm")]


def nothing(seat: int, hand: int = 0) -> list[dict[str, Any]]:
    return [enter(seat, "done"), enter(seat, hand)]


def others(after: int, n: int = 5) -> list[dict[str, Any]]:
    """Every seat after `after` in A.S.T. order buys nothing and keeps no cards."""
    order = AST if n == 5 else []
    return [line for s in order[order.index(after) + 1:] for line in nothing(s)]


def seat_of(out: dict[str, Any], seat: int) -> dict[str, Any]:
    result: dict[str, Any] = out["advances"]["seats"][seat]
    return result


def refused(out: dict[str, Any]) -> list[str]:
    return [r["message"] for r in out["refused"]]


def money(out: dict[str, Any]) -> list[int]:
    return [m["money"] for m in out["money"]]


# ---------------------------------------------------------------- the catalogue


def test_catalogue_totals_match_the_cited_sources() -> None:
    """51 advances in 17 families of 1, 3 and 6 VP; list prices add up to 7920 (the
    figures of Tupsi/CivicHelper advances.xml, summed)."""
    assert len(ADVANCES) == len(BY_NAME) == 51
    assert sum(a.vp for a in ADVANCES) == 17 * (1 + 3 + 6) == 170
    assert sum(a.price for a in ADVANCES) == 7920
    assert sorted(a.vp for a in ADVANCES).count(6) == 17
    assert {a.name for a in ADVANCES if len(a.groups) == 2} == {
        "Mysticism", "Monument", "Wonder of the World", "Written Record", "Engineering",
        "Literacy", "Mathematics", "Theocracy", "Philosophy"}
    assert all(len(a.short) <= 10 for a in ADVANCES)


def test_catalogue_sample_entries_as_the_sources_print_them() -> None:
    lib, wr, mon = BY_NAME["Library"], BY_NAME["Written Record"], BY_NAME["Monument"]
    assert (lib.groups, lib.price, lib.vp, dict(lib.credits)) == (
        ("green",), 220, 6, {"green": 20, "blue": 5})
    assert (wr.groups, wr.price, wr.vp, dict(wr.credits), wr.extra_credits, wr.to_advance) == (
        ("red", "green"), 60, 1, {"red": 5, "green": 5}, 10, ("Cartography", 10))
    assert (mon.groups, mon.price, mon.vp, mon.extra_credits, mon.to_advance) == (
        ("orange", "yellow"), 180, 3, 20, ("Wonder of the World", 20))
    assert dict(BY_NAME["Mathematics"].credits) == {"blue": 20, "green": 20, "orange": 10,
                                                    "red": 10, "yellow": 10}
    assert (BY_NAME["Wonder of the World"].price, BY_NAME["Anatomy"].price) == (290, 270)
    assert BY_NAME["Roadbuilding"].hand_bonus == 1


def test_dual_colour_price_takes_the_higher_colour_credit_only() -> None:
    # Sculpture (blue 10, red 5) + Monarchy (red 10, yellow 5): red 15, yellow 5.
    owned = ("Sculpture", "Monarchy")
    assert price_after("Theocracy", owned) == 80 - 15  # red/yellow: red's 15, not 15 + 5
    assert price_after("Law", owned) == 150 - 15 - 10  # red 15, Monarchy's 10 toward Law


# ---------------------------------------------------------------- phase 12 on the boxes


def turn_one_then_two(first: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*to_phase_12(5), *first, host("turn"), *to_phase_12(5)]


def test_dual_colour_advance_priced_after_credits_on_the_box(tmp_path: Path) -> None:
    # Turn 1 Minoa buys Sculpture and Monarchy (110: Gemstones 3 = 72, Fish 2 = 12,
    # Wine 1 = 5, treasury 21); turn 2 Theocracy costs 65 after the red credit of 15.
    first = [*buy(MINOA, ["Sculpture", "Monarchy"], {"Gemstones": 3, "Fish": 2, "Wine": 1},
                  treasury=21), enter(MINOA, 3), *others(MINOA)]
    second = [enter(MINOA, "Theocracy")]
    out = scenario(tmp_path, [*turn_one_then_two(first), *second])
    assert refused(out) == []
    assert seat_of(out, MINOA)["owned"] == ["Sculpture", "Monarchy"]
    assert money(out)[MINOA] == 40 - 21
    assert seat_of(out, MINOA)["basket"] == [{"advance": "Theocracy", "price": 65}]
    assert seat_of(out, MINOA)["credits"]["red"] == 15


def test_purchase_refused_for_giving_change(tmp_path: Path) -> None:
    # Pottery 60: Ochre 5 (25) + Clay 3 (9) = 34 in sets; 30 treasury would be 64.
    lines = [*to_phase_12(5), *buy(MINOA, ["Pottery"], {"Ochre": 5, "Clay": 3}, treasury=30)]
    out = scenario(tmp_path, lines)
    assert refused(out) == ["No change given treasury max 26"]
    assert money(out)[MINOA] == 40 and seat_of(out, MINOA)["owned"] == []
    assert out["phase"] == "advances"


def test_purchase_paid_by_two_sets_plus_treasury(tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *buy(MINOA, ["Pottery"], {"Ochre": 5, "Clay": 3}, treasury=26),
             enter(MINOA, 4)]
    out = scenario(tmp_path, lines)
    assert refused(out) == []
    assert money(out)[MINOA] == 14
    me = seat_of(out, MINOA)
    assert me["owned"] == ["Pottery"] and me["paid"] == {"sets": 34, "treasury": 26}
    assert me["credits"]["orange"] == 10 and me["vp"] == 1
    assert (me["hand"], me["discarded"]) == (4, 0)
    assert out["advances"]["seats"][CELT]["owned"] == []  # Celt is next in A.S.T. order


def test_purchase_short_of_the_price_refused(tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *buy(MINOA, ["Pottery"], {"Ochre": 5}, treasury=30)]
    out = scenario(tmp_path, lines)
    assert refused(out) == ["Short by 5 price 60"]
    assert money(out)[MINOA] == 40


def test_cards_over_the_price_without_treasury_are_accepted_and_the_excess_lost(
        tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *buy(MINOA, ["Pottery"], {"Fish": 5})]  # 75 for 60
    out = scenario(tmp_path, lines)
    assert refused(out) == []
    assert any("no change: 15 lost" in line for line in out["log"])


def test_library_one_time_credit(tmp_path: Path) -> None:
    # Library 220 + Pottery 60 bought together: Library's 40 goes to Pottery (240 in all).
    lines = [*to_phase_12(5), *buy(MINOA, ["Library", "Pottery"], {"Gemstones": 5,
                                                                     "Ochre": 5, "Clay": 3},
                                   treasury=6), enter(MINOA, 0), *others(MINOA),
             host("turn"), *to_phase_12(5), enter(MINOA, "Masonry")]
    out = scenario(tmp_path, lines)
    assert refused(out) == []
    assert money(out)[MINOA] == 34
    assert seat_of(out, MINOA)["paid"] is None  # a new turn
    assert seat_of(out, MINOA)["owned"] == ["Library", "Pottery"]
    # The next turn the one-time credit is gone: Masonry (orange 60) gets Pottery's 10 only.
    assert seat_of(out, MINOA)["basket"] == [{"advance": "Masonry", "price": 50}]


def test_library_alone_keeps_its_list_price(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*to_phase_12(5), enter(MINOA, "Library")])
    assert seat_of(out, MINOA)["basket"] == [{"advance": "Library", "price": 220}]


def test_written_record_places_ten_extra_credits(tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *buy(MINOA, ["Written Record"], {"Gemstones": 3}),
             enter(MINOA, "blue"), enter(MINOA, "green"), enter(MINOA, 0)]
    out = scenario(tmp_path, lines)
    assert refused(out) == []
    me = seat_of(out, MINOA)
    assert me["extra_credits"] == {"blue": 5, "green": 5}
    assert me["credits"] == {"blue": 5, "green": 10, "orange": 0, "red": 5, "yellow": 0}


def test_anatomy_brings_a_free_green_advance_under_100(tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *buy(MINOA, ["Anatomy"], {"Gemstones": 5, "Wine": 4}),
             enter(MINOA, "Library"), enter(MINOA, "Coinage"), enter(MINOA, 0)]
    out = scenario(tmp_path, lines)
    assert refused(out) == ["Green, under 100"]
    assert seat_of(out, MINOA)["owned"] == ["Anatomy", "Coinage"]


def test_owned_advance_cannot_be_bought_again_and_others_wait_their_turn(
        tmp_path: Path) -> None:
    lines = [*to_phase_12(5), enter(CELT, "Pottery"),
             *buy(MINOA, ["Pottery"], {"Fish": 5}), enter(MINOA, 0), *others(MINOA),
             host("turn"), *to_phase_12(5), enter(MINOA, "Pottery")]
    out = scenario(tmp_path, lines)
    assert refused(out) == ["Not your turn Minoa is up", "Pottery already owned"]


def hand_limit_case(tmp_path: Path, n: int, hand: int) -> dict[str, Any]:
    seats = list(CIV_NAMES[:n])  # in A.S.T. order: seat 0 acts first
    lines = [*to_phase_12(n), *nothing(0, hand)]
    return scenario(tmp_path, lines, seats=seats)


def test_hand_limit_is_8_with_11_players(tmp_path: Path) -> None:
    out = hand_limit_case(tmp_path, 11, 10)
    assert out["advances"]["hand_limit"] == 8
    me = out["advances"]["seats"][0]
    assert (me["hand"], me["discarded"]) == (10, 2)
    assert "Minoa: 10 cards, discards 2 (limit 8)" in out["log"]


def test_hand_limit_is_9_with_12_players(tmp_path: Path) -> None:
    out = hand_limit_case(tmp_path, 12, 10)
    assert out["advances"]["hand_limit"] == 9
    me = out["advances"]["seats"][0]
    assert (me["hand"], me["discarded"]) == (10, 1)


def test_phase_12_ends_and_the_next_turn_keeps_what_is_owned(tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *buy(MINOA, ["Pottery"], {"Fish": 5}), enter(MINOA, 9),
             *others(MINOA)]
    out = scenario(tmp_path, lines)
    assert out["phase"] == "bought"
    assert seat_of(out, MINOA)["discarded"] == 1


# ---------------------------------------------------------------- the final score


def test_final_score_with_a_tie_shared(tmp_path: Path) -> None:
    # Minoa: Pottery (1) + A.S.T. 2 (10) + 4 cities = 15; Celt: 0 + 10 + 5 = 15.
    steps = {MINOA: (2, 4), CELT: (2, 5), CARTHAGE: (1, 3), HELLAS: (0, 2), EGYPT: (1, 1)}
    lines = [*to_phase_12(5), *buy(MINOA, ["Pottery"], {"Fish": 5}), enter(MINOA, 0),
             *others(MINOA), host("end")]
    for seat in AST:
        a, c = steps[seat]
        lines += [enter(seat, a), enter(seat, c)]
    out = scenario(tmp_path, lines)
    assert refused(out) == []
    assert out["phase"] == "over"
    final = out["final"]
    assert [t["total"] for t in final["totals"]] == [6, 2, 15, 8, 15]
    assert final["winner_names"] == ["Minoa", "Celt"] and final["tie"] is True
    assert {c["key"]: c["points"] for c in final["categories"]} == {
        "advances": [0, 0, 1, 0, 0], "ast": [5, 0, 10, 5, 10], "cities": [1, 2, 4, 3, 5]}
    assert out["log"][-1] == "Minoa and Celt share the win with 15 points"


def test_score_entries_can_be_changed_until_the_last_one(tmp_path: Path) -> None:
    lines = [*to_phase_12(5), *(line for s in AST for line in nothing(s)), host("end"),
             enter(MINOA, 3), enter(MINOA, 2), {"type": "withdraw", "seat": MINOA},
             enter(MINOA, 1), enter(MINOA, 7)]
    out = scenario(tmp_path, lines)
    assert refused(out) == []
    assert out["phase"] == "score" and out["final"]["complete"] is False
    assert out["final"]["totals"][MINOA]["total"] == 5 + 7


# ---------------------------------------------------------------- treasury kept


def test_treasury_kept_across_the_turn_with_computed_taxes_and_a_host_correction(
        tmp_path: Path) -> None:
    cities = [enter(s, 3 if s == MINOA else 0) for s in range(5)]
    lines = [*cities, enter(MINOA, "done"), *(host("skip") for _ in range(5)),
             host("calamities"), *(enter(s, "held:") for s in range(5)), host("advances"),
             *buy(MINOA, ["Pottery"], {"Ochre": 5, "Clay": 3}, treasury=26), enter(MINOA, 2),
             *others(MINOA), host("turn"), host("adjust", seat=MINOA, amount=-2)]
    out = scenario(tmp_path, lines, taxes="computed")
    assert refused(out) == []
    assert money(out)[MINOA] == 40 - 26 + 2 * 3 - 2
    assert "Taxes: Minoa +6" in out["log"]
    assert out["log"][-1] == "Treasury: Minoa -2 = 18"


def test_the_box_labels_the_table_may_quote_carry_no_private_value() -> None:
    """The table's "waiting for" line quotes the acting seat's box label: in phase 12 and
    in the sealed calamities it never says which cards, what total or how many."""
    from companion.engine.actions import Enter as E
    from companion.engine.actions import Host as H
    from companion.engine.history import History, Setup
    from companion.engine.registry import get_game
    from companion.engine.seats import Seat

    game = get_game(GAME)
    h = History.start(game, Setup(GAME, tuple(Seat(s) for s in SEATS),
                                  {"ask_treasury": "no", "start_treasury": 40}))
    labels: set[str] = set()
    for s in range(5):
        h.apply(E(s, 0))
    for _ in range(5):
        h.apply(H.make("skip"))
    h.apply(H.make("calamities"))
    for name in ("Famine", "Flood"):
        h.apply(E(MINOA, name))
        labels.add(game.prompt(h.state, MINOA).label.render())
    for s in range(5):
        h.apply(E(s, "held:"))
    h.apply(H.make("advances"))
    for value in ("Pottery", "Mysticism", "pay", "Fish", "3", "Wine", "4", "treasury", 3):
        labels.add(game.prompt(h.state, MINOA).label.render())
        h.apply(E(MINOA, value))
    assert labels == {"Calamities?", "Advances?", "Pay with?", "How many?", "Treasury pay"}
