"""Amun-Re: what the table screen and each seat's box show.

The table shows every province with its bids, whose turn it is and who must rebid, but never
a seat's gold; a box offers only the legal choices and shows its own gold and cards.
"""

from __future__ import annotations

from typing import Any

from companion.engine.actions import Action, Enter, Host
from companion.engine.games.amun_re import AmunReState
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.views import TableView

GAME = get_game("amun-re")
SEED = ("Red", "Black", "Blue", "White")


def play(actions: list[Action], seats: tuple[str, ...] = SEED, **options: Any) -> History:
    options = {"province_data": "off", **options}
    h = History.start(GAME, Setup(GAME.id, tuple(Seat(n) for n in seats), options))
    for a in actions:
        h.apply(a)
    return h


def place(seat: int, province: str, value: int) -> list[Action]:
    return [Enter(seat, province), Enter(seat, str(value))]


SEED_ROUND_1: list[Action] = [
    Host.make("provinces", names="Abydos,Sawu,Dakhla,Baharya"),
    *place(0, "Abydos", 3), *place(1, "Sawu", 1), *place(2, "Abydos", 6), *place(3, "Abydos", 10),
]


def texts(view: TableView) -> list[list[str]]:
    return [[c.text.render() if not isinstance(c.text, str) else c.text for c in row]
            for p in view.panels for row in p.rows]


def test_table_shows_bids_turn_and_who_must_rebid_but_no_gold() -> None:
    h = play(SEED_ROUND_1)
    view = GAME.table(h.state)
    assert view.detail.render() == "Bidding round 2: Red to bid. Must rebid: Red, Blue."
    rows = texts(view)
    assert rows[0] == ["Province", "Leading", "Bid", "Outbid", "Next bid"]
    assert rows[1] == ["Abydos", "White", "10", "Blue 6, Red 3", "15"]
    assert rows[2] == ["Sawu", "Black", "1", "", "3"]
    assert rows[3] == ["Dakhla", "", "", "", "0"]
    assert [s.status for s in view.seats] == ["turn", "waiting", "waiting", "waiting"]
    assert [[b.render() for b in s.badges] for s in view.seats] == [
        ["Starting Player", "Must rebid"], [], ["Must rebid"], []]
    assert all(s.money is None for s in view.seats)
    outbid_cell = view.panels[0].rows[1][3]
    assert outbid_cell.style == "strike"


def test_box_offers_only_legal_provinces_and_spaces() -> None:
    h = play(SEED_ROUND_1)
    p = GAME.prompt(h.state, 0)
    assert p.kind == "choice" and p.must_act
    assert [c.key for c in p.choices] == ["Sawu", "Dakhla", "Baharya"]  # not Abydos: just lost
    h.apply(Enter(0, "Sawu"))
    p = GAME.prompt(h.state, 0)
    assert [c.key for c in p.choices] == ["3", "6", "10", "15", "21", "back"]  # 20 gold + 1 card
    assert p.money == 20
    assert GAME.prompt(h.state, 1).kind == "wait"  # not Black's turn
    assert GAME.prompt(h.state, 1).label.render() == "Win Sawu"


def test_protected_leader_pushes_the_legal_spaces_two_up_on_the_box_and_table() -> None:
    h = play([Host.make("cards", seat=0, other=0, blockade=1, outbid=0),
              Host.make("provinces", names="Abydos,Sawu,Dakhla,Baharya")])
    assert "blockade" in [c.key for c in GAME.prompt(h.state, 0).choices]
    h.apply(Enter(0, "blockade"))
    assert "blockade" not in [c.key for c in GAME.prompt(h.state, 0).choices]
    for a in place(0, "Abydos", 3):
        h.apply(a)
    h.apply(Enter(1, "Abydos"))
    assert [c.key for c in GAME.prompt(h.state, 1).choices][:2] == ["10", "15"]
    view = GAME.table(h.state)
    assert texts(view)[1] == ["Abydos", "Red *", "3", "", "10"]
    assert view.panels[0].note is not None
    assert view.panels[0].note.render() == "* Bid Blockade: outbid only 2 spaces higher"
    assert "Bid Blockade" in [b.render() for b in view.seats[0].badges]


def test_seat_sees_its_own_gold_and_cards_only() -> None:
    h = play([Host.make("cards", seat=2, other=2, blockade=1, outbid=1), *SEED_ROUND_1])
    p = GAME.prompt(h.state, 2)
    assert p.money == 20 and p.info is not None and p.info.render() == "C4 B1 O1"
    assert GAME.prompt(h.state, 3).info is not None
    assert GAME.prompt(h.state, 3).info.render() == "1 card"  # type: ignore[union-attr]


def test_log_lines_name_prices_but_never_a_balance() -> None:
    h = play([*SEED_ROUND_1, *place(0, "Dakhla", 0), *place(2, "Sawu", 6),
              *place(1, "Baharya", 0), Enter(0, 12), Enter(0, 0)])
    log = [m.render() for m in GAME.table(h.state).log]
    assert "White pays 10 for Abydos" in log
    assert "Red takes 12 gold (province bonus)" in log
    state: AmunReState = h.state
    golds = {str(state.gold(s)) for s in range(4)}  # 32, 20, 14, 10
    assert all(g not in line.split() for line in log for g in golds - {"10"})


def test_buying_costs_show_on_the_box_not_the_table() -> None:
    h = play([*SEED_ROUND_1, *place(0, "Dakhla", 0), *place(2, "Sawu", 6),
              *place(1, "Baharya", 0), *[Enter(s, 0) for s in range(4) for _ in range(2)]])
    p = GAME.prompt(h.state, 0)
    assert p.label.render() == "Buy cards"
    assert [c.label.render() for c in p.choices] == ["0", "1:$1", "2:$3", "3:$6", "4:$10",
                                                     "sell 1"]
    h.apply(Enter(0, "2"))
    h.apply(Enter(0, "none"))
    assert [c.label.render() for c in GAME.prompt(h.state, 0).choices][-2:] == ["5:$15", "sell 1"]
    h.apply(Enter(0, "4"))
    events = h.apply(Enter(0, "3"))
    assert [e.text.render() for e in events if e.seat == 0] == ["Paid 19 in all"]
    assert [e.text.render() for e in events if e.seat is None] == ["Red has bought"]
    assert "Red has bought" in [m.render() for m in GAME.table(h.state).log]


def test_offering_is_sealed_until_everyone_locked() -> None:
    h = play([*SEED_ROUND_1, *place(0, "Dakhla", 0), *place(2, "Sawu", 6),
              *place(1, "Baharya", 0), *[Enter(s, 0) for s in range(4) for _ in range(2)],
              *[Enter(s, "0") for s in range(4) for _ in range(3)], Enter(0, 9)])
    p = GAME.prompt(h.state, 0)
    assert p.sealed and p.locked and p.locked_value == 9
    p1 = GAME.prompt(h.state, 1)
    assert (p1.lo, p1.hi, [c.key for c in p1.extras]) == (1, 21, ["steal"])
    view = GAME.table(h.state)
    assert [s.status for s in view.seats] == ["locked", "thinking", "thinking", "thinking"]
    assert "9" not in " ".join(" ".join(r) for r in texts(view))
    for s, v in ((1, "steal"), (2, 4), (3, "steal")):
        h.apply(Enter(s, v))
    view = GAME.table(h.state)
    assert view.detail.render() == "Total 7: temple 3-12"
    assert ["Red", "9", "3"] in texts(view) and ["Black", "steals 3", "+3 gold"] in texts(view)


def test_final_screen_reveals_gold_and_bonus() -> None:
    h = play([Host.make("adjust", seat=1, amount=5), Host.make("end")])
    view = GAME.table(h.state)
    assert view.final
    assert texts(view)[:3] == [["Seat", "Gold", "Bonus"], ["Black", "25", "+6"],
                               ["Red", "20", "+2"]]


def test_host_menu_offers_provinces_one_by_one() -> None:
    h = play([Host.make("offer", province="Abydos")])
    cmds = {c.command: c for c in GAME.host_commands(h.state)}
    assert "Abydos" not in cmds["offer"].params["province"]
    assert len(cmds["offer"].params["province"]) == 14
    assert "Offered: Abydos" in [m.render() for m in GAME.table(h.state).log]


def test_the_province_a_seat_is_looking_at_stays_off_the_table() -> None:
    h = play(SEED_ROUND_1)
    before = GAME.table(h.state)
    h.apply(Enter(0, "Dakhla"))  # the box's first step; the pawn is not down yet
    assert GAME.table(h.state) == before
    h.apply(Enter(0, "back"))
    assert GAME.table(h.state) == before
