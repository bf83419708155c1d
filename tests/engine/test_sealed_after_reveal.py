"""Sealed means sealed, in every game: after a reveal no seat's entry is reopened. Undo stops
at a reveal; the host corrects one seat's value (the round re-resolves) or voids the round
(every seat enters again), each a journal line of its own, shown as a correction."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest
from worked_examples import EXAMPLES, example, revealed

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
from companion.engine.game import Rules
from companion.engine.history import History, Setup, replay
from companion.engine.registry import all_games, get_game
from companion.engine.seats import Seat

# The games with a sealed round, and a worked example that reveals each of its rounds (score
# pads, entered in secret and revealed together, are one).
SEALED = {
    "camel-up-off-season": ("camel-up-off-season/correct_and_void.jsonl",),
    "marracash": ("marracash/sealed_correct_void.jsonl",),
    "amun-re": ("amun-re/offering_correct_void.jsonl", "amun-re/kingdom_correct_void.jsonl"),
    "mega-civilization": ("mega-civilization/calamity_correct_void.jsonl",),
    "five-tribes": ("five-tribes/pads_correct_void.jsonl",),
}
CASES = [path for paths in SEALED.values() for path in paths]


@pytest.mark.parametrize("case", CASES)
def test_every_sealed_round_stays_sealed_after_its_reveal(case: str) -> None:
    h = revealed(case)
    revealed_by = h.actions[-1]
    before = h.state
    with pytest.raises(IllegalAction) as refused:
        h.apply(Undo())
    text = str(refused.value.message)
    assert "correct" in text and "void" in text
    assert h.state is before and h.last_is_reveal()
    # No seat of the round can take its entry back or enter into it again.
    rnd = h.game.sealed(h.state)
    assert rnd is None or not rnd.entries
    seats = range(len(h.setup.seats))
    for seat in seats:
        with pytest.raises(IllegalAction):
            h.check(Withdraw(seat))
    if isinstance(revealed_by, Enter):
        # The revealing seat's next press is never a new sealed entry into that round.
        assert h.game.sealed(h.state) is None or not h.game.sealed(h.state).entries


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.jsonl")),
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_undo_is_refused_at_every_reveal_of_every_example(path: Path) -> None:
    h, actions = example(path)
    for action in actions:
        try:
            h.apply(action)
        except (IllegalAction, MalformedInput):
            continue
        if h.last_is_reveal():
            with pytest.raises(IllegalAction):
                h.check(Undo())


def test_each_sealed_game_names_its_round_so_new_ones_cannot_forget() -> None:
    """A game whose source builds a SealedRound must say which is open (`sealed`):
    without it, undo would reopen its reveals."""
    for game in all_games():
        source = inspect.getsource(inspect.getmodule(type(game)))  # type: ignore[arg-type]
        package = Path(inspect.getfile(type(game))).parent
        if package.name != "games":
            source += "".join(p.read_text() for p in package.glob("*.py"))
        if "SealedRound(" in source or "enter_pad(" in source:  # a score pad is one too
            assert type(game).sealed is not Rules.sealed, game.id
    assert set(SEALED) == {g.id for g in all_games() if type(g).sealed is not Rules.sealed}


def camel(*lines: Any) -> History:
    game = get_game("camel-up-off-season")
    setup = Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di")),
                  {"start_coins": 10})
    return replay(game, setup, lines)


START = Host.make("start", card="highest_bet")


def test_correct_re_resolves_and_shows_old_new_and_result() -> None:
    h = camel(START, Enter(0, 2), Enter(1, 3), Enter(2, 1), Enter(3, 0))
    assert h.state.first_player == 1
    events = h.apply(Correct(3, 4))
    banner = h.corrections[-1].render()
    assert banner == "Host correction: Di meant 4, not 0. Di wins and pays 4 to the Supply"
    assert any(e.seat == 3 and e.text.render() == "You won!" for e in events)
    assert h.state.first_player == 3 and [h.state.coins(s) for s in range(4)] == [10, 10, 10, 6]
    # The journal keeps every line; the standing actions hold the corrected entry.
    assert h.journal_actions[-1] == Correct(3, 4) and h.actions[-1] == Enter(3, 4)
    with pytest.raises(IllegalAction):
        h.apply(Undo())  # the correction did not reopen the round either


def test_correct_keeps_later_entries_that_still_fit() -> None:
    h = camel(START, Enter(0, 2), Enter(1, 3), Enter(2, 1), Enter(3, 0), Enter(0, 4))
    h.apply(Correct(3, 4))
    assert h.state.income == {0: 4} and h.state.coins(0) == 14 and h.state.first_player == 3


def test_correct_is_refused_when_a_later_entry_no_longer_fits() -> None:
    """Bids 2, 3, 1, 1 (Bob wins) and Ann's sale income; Ann meant 3: 3, 3, 1, 1 is a
    restart, so her income would become a bid. Refused, naming the entry; nothing changes."""
    h = camel(START, Enter(0, 2), Enter(1, 3), Enter(2, 1), Enter(3, 1), Enter(0, 4))
    before = h.state
    with pytest.raises(IllegalAction) as refused:
        h.apply(Correct(0, 3))
    assert refused.value.message.render() == ("Not after this correction: Ann's entry; undo back"
                                              " to it first")
    assert h.state is before and h.journal_actions[-1] == Enter(0, 4)
    h.apply(Undo())  # allowed: it came after the reveal
    h.apply(Correct(0, 3))
    assert h.state.phase == "bidding" and not h.state.current.bids.entries


def test_correct_refusals() -> None:
    h = camel(START, Enter(0, 2), Enter(1, 3))
    with pytest.raises(IllegalAction, match="No revealed round"):
        h.apply(Correct(0, 1))
    h = camel(START, Enter(0, 2), Enter(1, 3), Enter(2, 1), Enter(3, 0))
    with pytest.raises(IllegalAction, match="already"):
        h.apply(Correct(0, 2))
    with pytest.raises(IllegalAction, match="Max bid"):
        h.apply(Correct(0, 11))  # over her coins: the rules refuse it as they would a box
    with pytest.raises(IllegalAction, match="No seat 9"):
        h.apply(Correct(8, 1))


def test_void_reopens_the_round_for_every_seat_that_took_part() -> None:
    sit_out = Host.make("sit_out", seat=2)
    h = camel(START, Enter(0, 2), Enter(1, 3), sit_out, Enter(3, 0))
    h.apply(Void("dispute"))
    assert h.corrections[-1].render() == (
        "Host voided the round (a dispute): Ann, Bob, Di enter again")
    assert h.state.phase == "bidding" and h.state.current.bids.entries == {}
    assert h.state.current.bids.seats == (0, 1, 3)  # Cy still sits out
    assert not h.last_is_reveal()
    h.apply(Undo())  # before the new reveal undo works as before: it takes back the sit-out
    assert h.actions[-1] == START


def test_void_waits_for_the_entries_after_the_reveal() -> None:
    h = camel(START, Enter(0, 2), Enter(1, 3), Enter(2, 1), Enter(3, 0), Enter(1, 2))
    with pytest.raises(IllegalAction, match=r"undo the entries after it first \(1\)"):
        h.apply(Void("mistake"))
    h.apply(Undo())
    h.apply(Void("mistake"))
    assert h.state.coins(1) == 10 and h.state.phase == "bidding"


def test_corrections_replay_from_the_journal_exactly() -> None:
    lines = [START, Enter(0, 2), Enter(1, 3), Enter(2, 1), Enter(3, 0), Correct(3, 4),
             Void("box_fault"), Enter(0, 1), Enter(1, 1), Enter(2, 2), Enter(3, 3)]
    live = camel(*lines)
    again = camel(*(action_from_json(action_to_json(a)) for a in lines))
    assert again.state == live.state and again.corrections == live.corrections
    assert live.state.first_player == 3 and live.state.coins(3) == 7


def test_correction_lines_in_the_journal_format() -> None:
    assert action_to_json(Correct(3, 4)) == {"type": "correct", "seat": 3, "value": 4}
    assert action_from_json({"type": "void", "reason": "dispute"}) == Void("dispute")
    with pytest.raises(MalformedInput, match="reason"):
        action_from_json({"type": "void", "reason": "because"})
    with pytest.raises(MalformedInput, match="value"):
        action_from_json({"type": "correct", "seat": 1})


def test_the_host_menu_values_come_from_each_seats_box() -> None:
    h = camel(Host.make("start", card="cannot_bet_3"), Enter(0, 2), Enter(1, 4), Enter(2, 1),
              Enter(3, 0))
    values = h.correct_values()
    assert set(values) == {0, 1, 2, 3}
    assert 3 not in values[0] and 2 not in values[0] and values[0][-1] == 10
    h.apply(Host.make("start", card="highest_bet"))
    assert h.correct_values()  # the new round has no entries yet
    h.apply(Enter(0, 1))
    assert h.correct_values() == {}  # now the new round is the table's concern


def test_a_correction_deep_in_a_long_game_equals_a_fresh_replay() -> None:
    """Past several of the history's snapshots: the corrected history is the fold of its
    standing actions, and undo afterwards walks back through the new states."""
    lines: list[Any] = []
    for n in range(20):  # 20 auctions of 9 actions: past two 64-action snapshots
        lines += [START, Enter(0, 1), Enter(1, 2), Enter(2, 0), Enter(3, n % 2)]
        lines += [Enter(s, 3) for s in range(4)]  # sale incomes keep everyone solvent
    lines = lines[:-4]  # the last auction stops at its reveal
    h = camel(*lines)
    h.apply(Correct(2, 3))
    fresh = camel(*h.actions)
    assert h.state == fresh.state and h.state.first_player == 2
    assert h.states == fresh.states
    assert len(h.actions) == len(lines)
    h.apply(Void("mistake"))
    assert h.state == camel(*h.actions).state and h.state.phase == "bidding"
    for _ in range(3):
        h.apply(Undo())  # the void left START and the income before it: undo walks back
    assert h.state == camel(*h.actions).state
