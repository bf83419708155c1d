"""Sealed means sealed for the score pads too: each seat fills in its pad in secret and the
pads are revealed together when the last one locks. After that no pad is reopened: undo is
refused, and the host corrects one seat's category (the sheet re-scores, the winner may
change) or voids the pads (every seat fills its pad in again). Five Tribes' final pads and
Amun-Re's kingdom pads."""

from __future__ import annotations

from typing import Any

import pytest
from worked_examples import revealed

from companion.engine.actions import (
    Correct,
    Enter,
    Host,
    Undo,
    Void,
    Withdraw,
    action_from_json,
    action_to_json,
)
from companion.engine.errors import IllegalAction, MalformedInput
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.seats import Seat

UNDO_REFUSAL = "Undo stops at a reveal: correct a seat's entry or void the round"


def five_tribes() -> History:
    return revealed("five-tribes/final_screen.jsonl")


def amun_re() -> History:
    return revealed("amun-re/final_score.jsonl")


def totals(h: History) -> list[int]:
    return [t["total"] for t in h.game.outcome(h.state)["final"]["totals"]]


def winners(h: History) -> list[str]:
    return list(h.game.outcome(h.state)["final"]["winner_names"])


def test_the_audits_exploit_is_refused_at_every_step() -> None:
    """Bob 150 wins, Di 66. The audit's way round: one undo reopened Di's last answer, she
    stepped BACK to her tile points and entered 999. Now the undo is refused, her box takes
    nothing, and the sheet stands."""
    h = five_tribes()
    assert winners(h) == ["Bob"] and totals(h)[3] == 66
    with pytest.raises(IllegalAction) as refused:
        h.apply(Undo())
    assert refused.value.message.render() == UNDO_REFUSAL
    for action in (Enter(3, "back"), Enter(3, 999), Withdraw(3)):
        with pytest.raises(IllegalAction):
            h.apply(action)
    assert winners(h) == ["Bob"] and totals(h)[3] == 66
    assert h.game.prompt(h.state, 3).kind == "wait"


def test_a_pad_correction_re_scores_the_sheet_and_may_change_the_winner() -> None:
    h = five_tribes()
    before = len(h.journal_actions)
    h.apply(Correct(0, 50, "tiles"))  # Ann meant 50 tile points, not 20
    assert totals(h) == [157, 150, 100, 66] and winners(h) == ["Ann"]
    assert h.corrections[-1].render() == (
        "Host correction: Ann's score pad, Tile points? 50, not 20. Ann wins with 157 points")
    # One journal line of its own, in the documented format; the standing answer replaced.
    assert len(h.journal_actions) == before + 1
    assert action_to_json(h.journal_actions[-1]) == {
        "type": "correct", "seat": 0, "item": "tiles", "value": 50}
    assert h.state.pads[0][5] == 50
    with pytest.raises(IllegalAction, match="Undo stops at a reveal"):
        h.apply(Undo())  # the correction reopened nothing either
    again = replay(h.game, h.setup, [action_from_json(action_to_json(a))
                                     for a in h.journal_actions])
    assert again.state == h.state and again.corrections == h.corrections


def test_a_correction_that_keeps_the_winner_still_names_it() -> None:
    h = five_tribes()
    h.apply(Correct(3, 18, "tiles"))
    assert totals(h)[3] == 76 and winners(h) == ["Bob"]
    assert h.corrections[-1].render() == (
        "Host correction: Di's score pad, Tile points? 18, not 8. Bob wins with 150 points")


def test_a_merchandise_count_re_forms_the_suits() -> None:
    """Di meant 4 Pottery cards, not 1: the companion's best suits follow the count."""
    h = five_tribes()
    merch = totals(h)[3]
    h.apply(Correct(3, 4, "pottery"))
    assert totals(h)[3] > merch
    assert h.game.outcome(h.state)["merchandise"][3]["cards"]["pottery"] == 4


def test_pad_correction_refusals() -> None:
    h = five_tribes()
    state = h.state
    cases = [
        (Correct(0, 50), "names the category"),
        (Correct(0, 50, "camels"), "No camels on Ann's score pad"),
        (Correct(0, 20, "tiles"), "already"),
        (Correct(0, 3, "ivory"), "Only 2"),  # what the box itself refuses
        (Correct(0, "back", "elders"), "no answer"),
        (Correct(9, 1, "tiles"), "No seat 10"),
    ]
    for action, why in cases:
        with pytest.raises(IllegalAction, match=why):
            h.apply(action)
    assert h.state is state
    camel = get_game("camel-up-off-season")
    c = replay(camel, Setup(camel.id, tuple(Seat(n) for n in "ABCD"), {"start_coins": 10}),
               [Host.make("start", card="highest_bet"), *(Enter(s, s) for s in range(4))])
    with pytest.raises(IllegalAction, match="no category"):
        c.apply(Correct(0, 1, "tiles"))
    with pytest.raises(MalformedInput, match="item"):
        action_from_json({"type": "correct", "seat": 0, "item": 3, "value": 1})


def test_a_void_reopens_every_pad_and_the_table_says_so() -> None:
    h = five_tribes()
    h.apply(Void("dispute"))
    assert h.corrections[-1].render() == (
        "Host voided the score pads (a dispute): Ann, Bob, Cy, Di fill in their pads again")
    assert h.state.phase == "scoring" and not h.state.pads and not h.state.pads_locked
    assert not h.last_is_reveal()
    for seat in range(4):
        box = h.game.prompt(h.state, seat)
        assert box.label.render() == "Viziers?" and box.accepts_input
    view = h.game.table(h.state)
    assert view.headline.render() == "Game over: score pads"
    h.apply(Enter(0, 3))
    h.apply(Undo())  # before the new reveal an answer may be taken back as before
    assert h.actions[-1] == Host.make("end")


def test_the_host_menu_offers_each_seats_categories_not_the_plain_list() -> None:
    h = five_tribes()
    assert h.correct_values() == {}
    items = h.correct_items()
    assert sorted(items) == [0, 1, 2, 3]
    keys = [o.key for o in items[0]]
    assert keys[:6] == ["viziers", "elders", "djinns", "palms", "palaces", "tiles"]
    assert len(keys) == 15 and len(set(keys)) == 15
    tiles = next(o for o in items[0] if o.key == "tiles")
    assert tiles.label.render() == "Tile points?"
    assert 20 not in tiles.values and "back" not in tiles.values and tiles.values[-1] == 999
    assert tiles.values[tiles.start] == 21  # the dial starts just above the answer given
    ivory = next(o for o in items[0] if o.key == "ivory")
    assert ivory.values == (1, 2)  # Ann entered 0; the deck holds 2


def test_amun_re_kingdom_pads_are_sealed_and_corrected_by_category() -> None:
    h = amun_re()
    assert totals(h) == [24, 7, 8] and winners(h) == ["Ann"]
    with pytest.raises(IllegalAction, match="Undo stops at a reveal"):
        h.apply(Undo())
    for seat in range(3):
        with pytest.raises(IllegalAction):
            h.apply(Withdraw(seat))
    h.apply(Correct(1, 6, "fewest"))  # 3 VP a pyramid in his fewest province
    assert totals(h) == [24, 25, 8] and winners(h) == ["Bob"]
    assert h.corrections[-1].render() == (
        "Host correction: Bob's score pad, Fewest-prov pyr? 6, not 0. Bob: 25 VP in all; "
        "Bob wins with 25 points")
    # The stones only break a tie: correcting them re-ranks nothing here but is accepted.
    h.apply(Correct(2, 5, "stones"))
    assert h.game.outcome(h.state)["final"]["winner_names"] == ["Bob"]
    h.apply(Void("mistake"))
    assert h.state.phase == "kingdom" and not h.state.pads_locked
    assert h.corrections[-1].render() == (
        "Host voided the score pads (a mistake): Ann, Bob, Cy fill in their pads again")
    assert [h.game.prompt(h.state, s).label.render() for s in range(3)] == ["Pyramids?"] * 3


def test_amun_re_vp_in_all_lines_say_the_sheets_totals() -> None:
    """The final kingdom's log lines include the gold bonus, as the sheet does."""
    h = amun_re()
    lines = [x.render() for x in h.state.log if x.id == "{name}: {n} VP in all"]
    assert lines == ["Ann: 24 VP in all", "Bob: 7 VP in all", "Cy: 8 VP in all"]
    assert totals(h) == [24, 7, 8]
    out: dict[str, Any] = h.game.outcome(h.state)
    assert [g["bonus"] for g in out["gold_bonus"]] == [6, 6, 0]
    assert "score_sheet" not in out


def old_kingdom() -> History:
    """Amun-Re played on through its boxes (3 seats, province data off: each seat's first
    answer its box accepts) to the Old Kingdom's pads after round 3."""
    game = get_game("amun-re")
    h = History.start(game, Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy")),
                                  {"province_data": "off"}))
    for _ in range(2000):
        if h.state.phase == "kingdom":
            return h
        next_step(h)
    raise AssertionError("no kingdom scoring")


def next_step(h: History) -> None:
    state = h.state
    if state.phase == "provinces":
        offer = next(c for c in h.game.host_commands(state) if c.command == "offer")
        h.apply(Host.make("offer", province=offer.params["province"][0]))
        return
    for seat in range(len(h.setup.seats)):
        box = h.game.prompt(state, seat)
        if not box.accepts_input:
            continue
        for value in (box.initial, *(c.key for c in (*box.choices, *box.extras)),
                      *range(box.lo, box.hi + 1)):
            try:
                h.apply(Enter(seat, value))
                return
            except IllegalAction:
                continue
    raise AssertionError(f"stuck in {state.phase}")


def test_amun_re_old_kingdom_pads_after_round_3_stay_sealed() -> None:
    """Pyramids 2, fewest 1, Nile 0, yellow 1, temple VP 3 each: 11 VP each. The next
    round's province offer stands through a correction; a void waits until it is undone."""
    h = old_kingdom()
    assert h.state.round_no == 3
    for seat in range(3):
        for value in (2, 1, 0, 1, 3):
            h.apply(Enter(seat, value))
    assert h.last_is_reveal() and h.state.phase == "provinces"
    with pytest.raises(IllegalAction, match="Undo stops at a reveal"):
        h.apply(Undo())
    next_step(h)  # the host offers the New Kingdom's first province
    h.apply(Correct(1, 5, "pyramids"))
    assert h.corrections[-1].render() == (
        "Host correction: Bob's score pad, Pyramids? 5, not 2. Bob: 14 VP in all")
    assert [sum(h.state.vp[s].values()) for s in range(3)] == [11, 14, 11]
    assert isinstance(h.actions[-1], Host) and h.state.phase == "provinces"
    with pytest.raises(IllegalAction, match="undo the entries after it first"):
        h.apply(Void("mistake"))
    h.apply(Undo())
    h.apply(Void("mistake"))
    assert h.state.phase == "kingdom" and not h.state.pads and not h.state.vp
