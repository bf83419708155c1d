"""Amun-Re rule cases, each run as a scenario through `companion replay --json`.

From the seed's 2003 auction example (docs/games/amun_re.md), the 2003 sacrifice example and
the 2016 rulebook's auction and offering examples (rules.md section 3), plus constructed cases
for every power card, the affordability rule, offering ties, buying and the gold bonus.
Seats of the 2003 examples: Red 0, Black 1, Blue 2, White 3 (clockwise); 20 gold and one
power card each unless said.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_lines import Line, host, money, replay
from engine_lines import enter as e

from companion.app.cli import main

SEED = ["Red", "Black", "Blue", "White"]
FIVE = ["A", "B", "C", "D", "E"]

def scenario(tmp_path: Path, lines: list[Line], seats: list[str] | None = None,
             **options: Any) -> dict[str, Any]:
    # These cases predate the province data: the seats type their income, nothing limits
    # buying (test_amun_re_scoring.py covers the data the host enters).
    options = {"province_data": "off", **options}
    return replay(tmp_path, "amun-re", seats or SEED, lines, options)


def offer(*names: str) -> Line:
    return host("provinces", names=",".join(names))


def place(seat: int, province: str, value: int) -> list[Line]:
    """A placement on the box: choose the province, then the bid space."""
    return [e(seat, province), e(seat, value)]


def cards(out: dict[str, Any]) -> list[int]:
    return [c["cards"] for c in out["cards"]]


def last_round(out: dict[str, Any]) -> dict[str, Any]:
    r: dict[str, Any] = out["rounds"][-1]
    return r


def result(out: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return {r["province"]: (r["name"], r["price"]) for r in last_round(out)["result"]}


def no_bonus(*seats: int) -> list[Line]:
    """Every seat takes no province bonus (no gold, no cards)."""
    return [x for s in seats for x in (e(s, 0), e(s, 0))]


def buy_nothing(*order: int) -> list[Line]:
    return [e(s, "0") for s in order for _ in range(3)]


def same_except_refused(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keep = {k: v for k, v in a.items() if k not in ("refused", "accepted")}
    return keep == {k: v for k, v in b.items() if k not in ("refused", "accepted")}


# The seed's example (SBW-6), exactly as the rules tell it.
SEED_AUCTION: list[Line] = [
    offer("Abydos", "Sawu", "Dakhla", "Baharya"),
    # first bidding round
    *place(0, "Abydos", 3), *place(1, "Sawu", 1), *place(2, "Abydos", 6), *place(3, "Abydos", 10),
    # second: Red and Blue were outbid
    *place(0, "Dakhla", 0), *place(2, "Sawu", 6),
    # third: Black was outbid on Sawu
    *place(1, "Baharya", 0),
]


def test_seed_2003_auction_example(tmp_path: Path) -> None:
    out = scenario(tmp_path, SEED_AUCTION)
    assert out["refused"] == []
    r = last_round(out)
    assert [(p["bidding_round"], p["name"], p["province"], p["bid"], p["outbid"])
            for p in r["placements"]] == [
        (1, "Red", "Abydos", 3, None), (1, "Black", "Sawu", 1, None),
        (1, "Blue", "Abydos", 6, 0), (1, "White", "Abydos", 10, 2),
        (2, "Red", "Dakhla", 0, None), (2, "Blue", "Sawu", 6, 1),
        (3, "Black", "Baharya", 0, None)]
    assert r["bidding_rounds"] == 3 and r["auction_over"] is True
    # "White pays 10 Gold, Blue pays 6 Gold, Red and Black pay nothing."
    assert result(out) == {"Abydos": ("White", 10), "Sawu": ("Blue", 6), "Dakhla": ("Red", 0),
                           "Baharya": ("Black", 0)}
    assert money(out) == [20, 20, 14, 10] and out["supply"] == 16
    assert out["phase"] == "settle"


def test_2016_rulebook_auction_example(tmp_path: Path) -> None:
    # AR16: Thebes, Dakhla, Abydos; Seb starts, then Arnaud, then Charles. Seb bids 10 on
    # Dakhla, Arnaud 3 on Thebes, Charles outbids him with 6; Seb "must pass"; Arnaud moves to
    # the 0 of Abydos; the auction ends at once. Seb pays 10, then gains 12 gold and 1 favor
    # card; Arnaud pays nothing (his free stone is not gold); Charles pays 6 and takes 2 cards.
    lines = [offer("Thebes", "Dakhla", "Abydos"),
             *place(0, "Dakhla", 10), *place(1, "Thebes", 3), *place(2, "Thebes", 6),
             *place(1, "Abydos", 0),
             e(0, 12), e(0, 1), e(0, "none"),  # Seb: bonus gold, bonus cards, none for auctions
             e(1, 0), e(1, 0),
             e(2, 0), e(2, 2), e(2, "none")]
    out = scenario(tmp_path, lines, ["Seb", "Arnaud", "Charles"], edition="2016")
    assert out["refused"] == []
    r = last_round(out)
    assert r["passes"] == [{"bidding_round": 2, "seat": 0}]
    assert [p["name"] for p in r["placements"]] == ["Seb", "Arnaud", "Charles", "Arnaud"]
    assert result(out) == {"Thebes": ("Charles", 6), "Dakhla": ("Seb", 10),
                           "Abydos": ("Arnaud", 0)}
    assert money(out) == [22, 20, 14]
    assert cards(out) == [2, 1, 3]  # the Architect each, plus the bonus cards
    assert out["phase"] == "buying"


def test_rounds_and_turns_rebid_orders_differ(tmp_path: Path) -> None:
    # Constructed: A and C are outbid in round 1; in round 2 A outbids B. 2003 reading: the
    # round's list is fixed, so C bids before B (B waits for round 3). 2016 reading: turns go
    # clockwise, so B (now outbid) bids right after A.
    provinces = offer("Abydos", "Sawu", "Dakhla", "Baharya", "Buto")
    first = [*place(0, "Abydos", 0), *place(1, "Sawu", 0), *place(2, "Dakhla", 0),
             *place(3, "Abydos", 1), *place(4, "Dakhla", 1), *place(0, "Sawu", 1)]
    rounds = scenario(tmp_path, [provinces, *first, *place(2, "Baharya", 0),
                                 *place(1, "Buto", 0)], FIVE, rebid_order="rounds")
    assert rounds["refused"] == []
    assert [(p["bidding_round"], p["name"]) for p in last_round(rounds)["placements"][5:]] == [
        (2, "A"), (2, "C"), (3, "B")]
    turns = scenario(tmp_path, [provinces, *first, *place(2, "Baharya", 0),
                                *place(1, "Buto", 0)], FIVE, rebid_order="turns")
    assert turns["refused"][0]["message"] == "Not your turn B is up"
    turns = scenario(tmp_path, [provinces, *first, *place(1, "Buto", 0),
                                *place(2, "Baharya", 0)], FIVE, rebid_order="turns")
    assert turns["refused"] == []
    assert [p["name"] for p in last_round(turns)["placements"][5:]] == ["A", "B", "C"]


# -- illegal placements: refused with the box's message, and nothing changes


@pytest.mark.parametrize(("bad", "message"), [
    (e(2, 3), "Space 3 taken"),  # occupied
    (e(2, 1), "Bid over 3"),  # lower than the bid already there
    (e(2, 2), "No bid space 2"),  # not a printed space
])
def test_occupied_or_lower_space_is_refused(tmp_path: Path, bad: Line, message: str) -> None:
    good = [offer("Abydos", "Sawu", "Dakhla", "Baharya"), *place(0, "Abydos", 3),
            *place(1, "Sawu", 1), e(2, "Abydos")]
    out = scenario(tmp_path, [*good, bad, e(2, 6)])
    assert out["refused"][0]["index"] == 7 and out["refused"][0]["message"] == message
    assert same_except_refused(out, scenario(tmp_path, [*good, e(2, 6)]))
    assert last_round(out)["placements"][-1]["bid"] == 6


def test_province_just_lost_is_refused_without_the_card(tmp_path: Path) -> None:
    good = [*SEED_AUCTION[:9]]  # round 1 done; Red to rebid, was outbid on Abydos
    out = scenario(tmp_path, [*good, e(0, "Abydos"), *place(0, "Dakhla", 0)])
    assert out["refused"][0]["message"] == "Lost here: pick another province"
    assert same_except_refused(out, scenario(tmp_path, [*good, *place(0, "Dakhla", 0)]))


def test_not_your_turn(tmp_path: Path) -> None:
    out = scenario(tmp_path, [offer("Abydos", "Sawu", "Dakhla", "Baharya"), e(2, "Abydos")])
    assert out["refused"][0]["message"] == "Not your turn Red is up"


def test_province_not_offered_is_refused(tmp_path: Path) -> None:
    out = scenario(tmp_path, [offer("Abydos", "Sawu", "Dakhla", "Baharya"), e(0, "Thebes")])
    assert out["refused"][0]["message"] == "Not offered: Thebes"


def test_back_returns_to_the_province_choice(tmp_path: Path) -> None:
    out = scenario(tmp_path, [offer("Abydos", "Sawu", "Dakhla", "Baharya"), e(0, "Abydos"),
                              e(0, "back"), *place(0, "Sawu", 3)])
    assert out["refused"] == [] and last_round(out)["placements"][0]["province"] == "Sawu"


# -- affordability


def test_2003_bid_over_gold_covered_by_cards_then_sold(tmp_path: Path) -> None:
    # Blue: 20 gold + 1 card may bid 21 (20 + 1), not 28; after the auction it must sell 1.
    lines = [offer("Abydos", "Sawu", "Dakhla", "Baharya"),
             *place(0, "Abydos", 0), *place(1, "Sawu", 0), e(2, "Dakhla"), e(2, 28), e(2, 21),
             *place(3, "Baharya", 0)]
    out = scenario(tmp_path, lines)
    assert out["refused"][0]["message"] == "Over gold+cards max 21"
    assert result(out)["Dakhla"] == ("Blue", 21)
    assert money(out)[2] == 20  # not paid yet: the seat is asked to sell first
    out = scenario(tmp_path, [*lines, e(2, 0), e(2, 1)])
    assert out["refused"][1]["message"] == "Sell 1 to 1 cards"  # at least the card it needs
    # Blue paid 21 (10 by White too); the card sold brought 1 gold from the bank
    assert money(out)[2] == 0 and cards(out)[2] == 0 and out["supply"] == 20


def test_2003_two_cards_cover_a_bid_two_over_gold(tmp_path: Path) -> None:
    lines = [host("cards", seat=0, other=2, blockade=0, outbid=0), host("adjust", seat=0,
             amount=-15), offer("Abydos", "Sawu", "Dakhla"),
             e(0, "Abydos"), e(0, 10), e(0, 6), *place(1, "Sawu", 0), *place(2, "Dakhla", 0),
             e(0, 0)]
    out = scenario(tmp_path, lines, SEED[:3])
    assert out["refused"][0]["message"] == "Over gold+cards max 7"
    assert out["refused"][1]["message"] == "Sell 1 to 2 cards"  # gold 5, bid 6
    out = scenario(tmp_path, [*lines, e(0, 2)], SEED[:3])
    assert money(out)[0] == 1 and cards(out)[0] == 0  # sold 2 (one more than needed), paid 6


def test_2016_no_bid_above_gold_but_cards_convert_first(tmp_path: Path) -> None:
    lines = [offer("Abydos", "Sawu", "Dakhla"), e(0, "Abydos"), e(0, 21), e(0, "sell"),
             e(0, 21)]
    out = scenario(tmp_path, lines, SEED[:3], edition="2016")
    assert out["refused"][0]["message"] == "Over your gold max 20"
    assert len(out["refused"]) == 1
    assert last_round(out)["placements"][0]["bid"] == 21 and cards(out)[0] == 0


def test_2003_cards_are_sold_after_the_auction_not_during(tmp_path: Path) -> None:
    out = scenario(tmp_path, [offer("Abydos", "Sawu", "Dakhla"), e(0, "sell")], SEED[:3])
    assert out["refused"][0]["message"] == "Sell cards after the auction"


# -- power cards in the auction


def test_bid_blockade_needs_two_spaces_and_follows_the_pawn(tmp_path: Path) -> None:
    lines = [host("cards", seat=0, other=0, blockade=1, outbid=0),
             offer("Abydos", "Sawu", "Dakhla", "Baharya"),
             e(0, "blockade"), *place(0, "Abydos", 3),
             e(1, "Abydos"), e(1, 6),  # one space above a protected bid: refused
             e(1, 10),  # two spaces above: fine
             *place(2, "Sawu", 0), *place(3, "Sawu", 1),
             *place(0, "Dakhla", 0),  # Red moves; the protection goes with the pawn
             e(2, "Dakhla"), e(2, 1), e(2, 3),  # Blue: 1 is refused, 3 (two spaces up) is not
             *place(0, "Baharya", 0)]
    out = scenario(tmp_path, lines)
    assert [r["message"] for r in out["refused"]] == ["Protected: bid 10 or more",
                                                      "Protected: bid 3 or more"]
    assert last_round(out)["cards_played"] == [{"seat": 0, "cards": ["blockade"]}]
    assert result(out) == {"Abydos": ("Black", 10), "Sawu": ("White", 1),
                           "Dakhla": ("Blue", 3), "Baharya": ("Red", 0)}
    assert out["cards"][0] == {"seat": 0, "cards": 0, "blockade": 0, "outbid": 0}


def test_blockade_cannot_be_played_twice_or_without_the_card(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("cards", seat=0, other=0, blockade=2, outbid=0),
                              offer("Abydos", "Sawu", "Dakhla", "Baharya"),
                              e(0, "blockade"), e(0, "blockade"), e(1, "blockade")])
    assert [r["message"] for r in out["refused"]] == ["No Blockade to play",
                                                      "Not your turn Red is up"]
    out = scenario(tmp_path, [offer("Abydos", "Sawu", "Dakhla", "Baharya"), e(0, "blockade")])
    assert out["refused"][0]["message"] == "No Blockade to play"


def test_outbid_in_the_same_province(tmp_path: Path) -> None:
    # Red holds the card; after White's 10 Red may go back to Abydos, but only above 10.
    lines = [host("cards", seat=0, other=1, blockade=0, outbid=1), *SEED_AUCTION[:9],
             e(0, "outbid"), e(0, 10), e(0, 15),
             *place(2, "Dakhla", 0), *place(3, "Baharya", 0)]
    out = scenario(tmp_path, lines)
    assert [r["message"] for r in out["refused"]] == ["Space 10 taken"]
    placed = last_round(out)["placements"][4]
    assert (placed["name"], placed["province"], placed["bid"], placed["card"]) == (
        "Red", "Abydos", 15, "outbid")
    assert result(out)["Abydos"] == ("Red", 15)
    assert out["cards"][0] == {"seat": 0, "cards": 1, "blockade": 0, "outbid": 0}


def test_outbid_card_only_after_being_outbid(tmp_path: Path) -> None:
    out = scenario(tmp_path, [host("cards", seat=0, other=0, blockade=0, outbid=1),
                              offer("Abydos", "Sawu", "Dakhla", "Baharya"), e(0, "outbid")])
    assert out["refused"][0]["message"] == "Only after you are outbid"


def test_bribery_once_per_auction_in_2016_but_outbid_twice_in_2003(tmp_path: Path) -> None:
    def lines() -> list[Line]:
        return [host("cards", seat=0, other=0, blockade=0, outbid=2),
                offer("Abydos", "Sawu", "Dakhla"),
                *place(0, "Abydos", 0), *place(1, "Abydos", 1), *place(2, "Sawu", 0),
                e(0, "outbid"), e(0, 3),  # Red goes back onto Abydos with the card
                *place(1, "Sawu", 1),  # Black must move; outbids Blue
                *place(2, "Abydos", 6),  # Blue outbids Red on Abydos again
                e(0, "outbid"), e(0, 10)]  # Red would use its second card

    out16 = scenario(tmp_path, lines(), SEED[:3], edition="2016")
    assert out16["refused"][0]["message"] == "No Bribery to play"  # not twice in one phase
    out03 = scenario(tmp_path, lines(), SEED[:3])
    assert out03["refused"] == []
    assert out03["cards"][0]["outbid"] == 0  # both played
    assert [p["card"] for p in last_round(out03)["placements"]] == [
        None, None, None, "outbid", None, None, "outbid"]


def test_2016_selling_while_bribing_keeps_the_bribery_card(tmp_path: Path) -> None:
    lines = [host("cards", seat=0, other=0, blockade=0, outbid=1),
             offer("Abydos", "Sawu", "Dakhla"),
             *place(0, "Abydos", 0), *place(1, "Abydos", 1), *place(2, "Sawu", 0),
             e(0, "outbid"), e(0, "sell"), e(0, 3)]
    out = scenario(tmp_path, lines, SEED[:3], edition="2016")
    assert [r["message"] for r in out["refused"]] == ["No cards to sell"]
    assert last_round(out)["placements"][-1]["card"] == "outbid"
    assert out["cards"][0] == {"seat": 0, "cards": 0, "blockade": 0, "outbid": 0}


# -- settle, buying, income


def test_buying_costs_and_charges_each_type_separately(tmp_path: Path) -> None:
    # SBW-7: 2 power cards + 4 farmers + 3 stones = 3 + 10 + 6 = 19.
    lines = [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), e(0, "2"), e(0, "BO"), e(0, "4"), e(0, "3")]
    out = scenario(tmp_path, lines)
    assert out["refused"] == []
    assert last_round(out)["purchases"] == [
        {"seat": 0, "cards": 2, "farmers": 4, "stones": 3, "cost": 19}]
    assert money(out)[0] == 1
    assert out["cards"][0] == {"seat": 0, "cards": 3, "blockade": 1, "outbid": 1}


def test_buying_beyond_gold_is_refused_and_selling_helps(tmp_path: Path) -> None:
    # White paid 10 and holds 10 gold, 1 card: 4 farmers (10) fit, 5 (15) do not.
    lines = [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), *buy_nothing(0, 1, 2),
             e(3, "0"), e(3, "5"), e(3, "sell"), e(3, "4"), e(3, "2"), e(3, "1")]
    out = scenario(tmp_path, lines)
    assert [r["message"] for r in out["refused"]] == ["5 cost 15 you have 10",
                                                       "2 cost 3 you have 1"]
    assert money(out)[3] == 0 and cards(out)[3] == 0  # 10 + 1 sold - 10 farmers - 1 stone
    assert out["phase"] == "offering"


def test_buying_goes_in_turn_from_the_starting_player(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), e(1, "0")])
    assert out["refused"][0]["message"] == "Not your turn Red is up"


# -- the offering


def offering_2003(tmp_path: Path, values: list[int | str], **options: Any) -> dict[str, Any]:
    lines = [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), *buy_nothing(0, 1, 2, 3),
             *[e(s, v) for s, v in enumerate(values)]]
    return scenario(tmp_path, lines, **options)


def test_sbw_offering_example(tmp_path: Path) -> None:
    # SBW-8: Red 9, Blue 4, Black and White steal 3: total 7, the 3-12 range.
    out = offering_2003(tmp_path, [9, "steal", 4, "steal"])
    off = last_round(out)["offering"]
    assert off["total"] == 7 and off["temple"] == "3-12"
    assert [(o["name"], o["offer"], o["items"]) for o in off["offers"]] == [
        ("Red", 9, 3), ("Blue", 4, 2)]
    assert off["thieves"] == [1, 3]
    # Red 20-9; Black 20+3; Blue 14-4; White 10+3
    assert money(out) == [11, 23, 10, 13]
    assert out["start_player"] == 0 and out["phase"] == "rewards"


def test_2016_rulebook_offering_example(tmp_path: Path) -> None:
    # AR16: Arnaud (Start Player) 6, Charles 6, Seb the Theft card: 6 + 6 - 3 = 9, tile 3-12;
    # the tie goes to Arnaud, earlier in turn order: 3 rewards and he keeps the token;
    # Charles 2 rewards; Seb takes 3 gold. (The example names no auction; ours is constructed,
    # turn order Arnaud, Charles, Seb, all bids 0.)
    seats = ["Arnaud", "Charles", "Seb"]
    lines = [offer("Thebes", "Dakhla", "Abydos"),
             *place(0, "Thebes", 0), *place(1, "Dakhla", 0), *place(2, "Abydos", 0),
             *no_bonus(0, 1, 2), *buy_nothing(0, 1, 2), e(0, 6), e(1, 6), e(2, "steal")]
    out = scenario(tmp_path, lines, seats, edition="2016")
    off = last_round(out)["offering"]
    assert off["total"] == 9 and off["temple"] == "3-12"
    assert [(o["name"], o["items"]) for o in off["offers"]] == [("Arnaud", 3), ("Charles", 2)]
    assert money(out) == [14, 14, 23] and out["start_player"] == 0


def test_offering_tie_goes_to_the_starting_player_then_turn_order(tmp_path: Path) -> None:
    # Starting Player Blue (2): turn order Blue, White, Red, Black. White and Red tie at 5:
    # White is earlier, takes 3 items and the Pharaoh; Black 4 is third (1 item).
    lines = [offer("Abydos", "Sawu", "Dakhla", "Baharya"),
             *place(2, "Abydos", 0), *place(3, "Sawu", 0), *place(0, "Dakhla", 0),
             *place(1, "Baharya", 0), *no_bonus(0, 1, 2, 3), *buy_nothing(2, 3, 0, 1),
             e(0, 5), e(1, 4), e(2, "steal"), e(3, 5)]
    out = scenario(tmp_path, lines, start_player=2)
    off = last_round(out)["offering"]
    assert [(o["name"], o["items"]) for o in off["offers"]] == [
        ("White", 3), ("Red", 2), ("Black", 1)]
    assert off["total"] == 11 and out["start_player"] == 3


def test_offering_tie_with_the_starting_player_himself(tmp_path: Path) -> None:
    out = offering_2003(tmp_path, [3, 3, 3, 3])
    assert [o["items"] for o in last_round(out)["offering"]["offers"]] == [3, 2, 1, 1]
    assert [o["name"] for o in last_round(out)["offering"]["offers"]] == [
        "Red", "Black", "Blue", "White"]
    assert last_round(out)["offering"]["temple"] == "3-12"


def test_offering_ranges_at_the_edges(tmp_path: Path) -> None:
    assert last_round(offering_2003(tmp_path, [1, 1, "steal", "steal"]))["offering"][
        "temple"] == "2 or less"  # 2 - 6 = -4
    assert last_round(offering_2003(tmp_path, [13, 5, 3, 1]))["offering"]["temple"] == "13-22"
    assert last_round(offering_2003(tmp_path, [20, 1, 1, 1]))["offering"]["temple"] == "23 or more"


def test_pharaoh_option_host_keeps_the_starting_player(tmp_path: Path) -> None:
    out = offering_2003(tmp_path, [1, 9, 1, 1], pharaoh="host")
    assert out["start_player"] == 0


def test_offering_needs_one_gold_and_may_include_cards(tmp_path: Path) -> None:
    # White holds 10 gold and 1 card: may offer 11 (the card counts 1), not 12 nor 0.
    out = offering_2003(tmp_path, [1, 1, 1, 0])
    assert out["refused"][0]["message"] == "Offer 1 or more or steal 3"
    out = offering_2003(tmp_path, [1, 1, 1, 12])
    assert out["refused"][0]["message"] == "Over gold+cards max 11"
    out = offering_2003(tmp_path, [1, 1, 1, 11])
    assert money(out)[3] == 0 and cards(out)[3] == 0
    assert last_round(out)["offering"]["offers"][0] == {"seat": 3, "name": "White",
                                                        "offer": 11, "items": 3}


def test_offering_may_be_changed_until_all_locked(tmp_path: Path) -> None:
    lines = [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), *buy_nothing(0, 1, 2, 3),
             e(0, 9), {"type": "withdraw", "seat": 0}, e(0, 2), e(1, 1), e(2, 1), e(3, 1)]
    out = scenario(tmp_path, lines)
    assert last_round(out)["offering"]["offers"][0]["offer"] == 2 and money(out)[0] == 18


def test_rewards_cards_income_and_the_next_round(tmp_path: Path) -> None:
    lines = [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), *buy_nothing(0, 1, 2, 3),
             e(0, 9), e(1, "steal"), e(2, 4), e(3, "steal"),
             e(0, 2), e(0, "B"),  # Red: 2 of its 3 items are cards, one a Bid Blockade
             e(2, 0),  # Blue: no cards among its 2
             e(0, "used"), e(0, 8),  # Red used a card (Master Builder), income 8
             e(1, 0), e(2, 5), e(3, "used"), e(3, "used"), e(3, 6)]
    out = scenario(tmp_path, lines)
    assert [r["message"] for r in out["refused"]] == ["No other card to discard"]
    assert money(out) == [19, 23, 15, 19]
    assert out["cards"][0] == {"seat": 0, "cards": 2, "blockade": 1, "outbid": 0}
    assert cards(out) == [2, 1, 1, 0]
    assert out["phase"] == "provinces" and out["round"] == 1
    nxt = scenario(tmp_path, [*lines, offer("Abydos", "Memphis", "Thebes", "Edfu")])
    assert nxt["refused"][-1]["message"] == "Abydos was sold this kingdom"
    nxt = scenario(tmp_path, [*lines, host("offer", province="memphis"),
                              offer("Thebes", "Edfu", "Buto")])
    assert len(nxt["refused"]) == 1 and nxt["phase"] == "auction" and nxt["round"] == 2
    assert last_round(nxt)["provinces"] == ["Memphis", "Thebes", "Edfu", "Buto"]


def test_host_province_errors(tmp_path: Path) -> None:
    out = scenario(tmp_path, [offer("Abydos", "Atlantis"), offer("Abydos", "Abydos"),
                              offer("Abydos", "Sawu", "Dakhla", "Baharya", "Buto")])
    assert [r["message"] for r in out["refused"]] == [
        "No province Atlantis", "Abydos is already offered", "4 provinces: one per seat"]
    assert out["offered"] == [] and out["phase"] == "provinces"


# -- the end of the game


def end_with_gold(tmp_path: Path, golds: list[int], **options: Any) -> dict[str, Any]:
    lines = [host("adjust", seat=s, amount=g - 20) for s, g in enumerate(golds) if g != 20]
    return scenario(tmp_path, [*lines, host("end")], **options)  # no round: no kingdom pad


def test_gold_bonus_2003_six_and_two(tmp_path: Path) -> None:
    out = end_with_gold(tmp_path, [30, 25, 25, 10])
    assert [(f["gold"], f["bonus"]) for f in out["gold_bonus"]] == [
        (30, 6), (25, 2), (25, 2), (10, 0)]


def test_gold_bonus_2016_ties_share_and_push_down(tmp_path: Path) -> None:
    out = end_with_gold(tmp_path, [30, 30, 25, 10], edition="2016")
    # two tied for most both +6; the next is third: +2
    assert [f["bonus"] for f in out["gold_bonus"]] == [6, 6, 2, 0]
    out = end_with_gold(tmp_path, [30, 25, 25, 10], edition="2016")
    assert [f["bonus"] for f in out["gold_bonus"]] == [6, 4, 4, 0]


def test_game_ends_by_itself_after_the_last_round(tmp_path: Path) -> None:
    lines = [*SEED_AUCTION, *no_bonus(0, 1, 2, 3), *buy_nothing(0, 1, 2, 3),
             e(0, 1), e(1, 1), e(2, 1), e(3, 1),  # everyone offers 1
             e(0, 0), e(1, 0), e(2, 0), e(3, 0),  # no cards among the rewards
             *[e(s, 0) for s in range(4)],  # no income
             *[e(s, 0) for s in range(4) for _ in range(6)]]  # empty kingdom score pads
    out = scenario(tmp_path, lines, rounds=1)
    assert out["refused"] == [] and out["phase"] == "over"
    assert [f["gold"] for f in out["gold_bonus"]] == money(out) == [19, 19, 13, 9]
    assert [f["bonus"] for f in out["gold_bonus"]] == [6, 6, 0, 0]  # 2003: +6, +2; tied for most


def test_end_only_between_rounds(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*SEED_AUCTION[:3], host("end")])
    assert out["refused"][0]["message"] == "End between rounds" and out["phase"] == "auction"


def test_undo_is_a_visible_correction(tmp_path: Path) -> None:
    out = scenario(tmp_path, [*SEED_AUCTION[:3], {"type": "undo"}, {"type": "undo"},
                              *place(0, "Sawu", 6)])
    assert out["corrections"] == ["Undone: type=enter, seat=0, value=3",
                                  "Undone: type=enter, seat=0, value=Abydos"]
    assert last_round(out)["placements"][0]["province"] == "Sawu"


def test_cli_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    setup = {"type": "setup", "game": "amun-re", "seats": SEED,
             "options": {"province_data": "off"}}
    path.write_text("\n".join(json.dumps(x) for x in [setup, *SEED_AUCTION]) + "\n")
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["money"][3]["money"] == 10
