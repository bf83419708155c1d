"""Reading back the lines the companion wrote (journal_lines): the same actions as reading
each line on its own, and never a line taken that the line-by-line reading refuses."""

from __future__ import annotations

import json
from itertools import count
from pathlib import Path

import pytest

import companion.app.journal as journal_module
from companion.app.journal import Journal, load, parse_lines
from companion.app.journal_lines import written_actions
from companion.engine.actions import Action, Enter, Host, Undo, Withdraw
from companion.engine.errors import JournalError, MalformedInput
from companion.engine.history import Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat

GAME = get_game("camel-up")
SETUP = Setup(GAME.id, tuple(Seat(n, "#112233") for n in ("Ann", "Bob", "Cy")))
ACTIONS: list[Action] = [Host.make("start", card="highest_bet"), Enter(0, 4), Enter(1, 2),
                         Withdraw(1), Enter(1, 2), Undo(), Enter(1, 2), Enter(0, 4)]


def written(tmp_path: Path, clock: bool) -> Path:
    path = tmp_path / "j.jsonl"
    ticks = count()
    j = Journal.create(path, SETUP,
                       wall_clock=(lambda: f"2026-11-29T10:00:{next(ticks):02d}Z") if clock
                       else None)
    for a in ACTIONS:
        j.append(a)
    j.close()
    return path


@pytest.mark.parametrize("clock", [True, False])
def test_a_journal_as_written_reads_back_its_actions_decoding_each_kind_once(
        tmp_path: Path, clock: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    path = written(tmp_path, clock)
    decoded: list[str] = []
    real_loads = json.loads

    def loads(text: str) -> object:
        decoded.append(text)
        return real_loads(text)

    monkeypatch.setattr(json, "loads", loads)
    assert load(path).actions == ACTIONS
    # The setup line, then one line of each distinct action (times differ on every line).
    assert len(decoded) == 1 + len(set(ACTIONS))
    assert sum('"type":"setup"' in text for text in decoded) == 1


def with_line(path: Path, k: int, line: str) -> list[str]:
    """The journal's lines with action line `k` (from 1) replaced."""
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[k] = line
    return lines


# Lines the fast reading must not take as they stand: each one is refused by reading line by
# line, or (a second "seq", which json keeps; a space after the object) read there otherwise.
# Each stands where Enter(1, 2) was already read (action line 5), so that its text between the
# seq and the time is one known already.
ODD = [
    '{"seq":5,"type":"enter","seat":1,"value":2}x',  # text after the object
    '{"seq":5,"type":"enter","seat":1,"value":2} ',  # a space after it (allowed, but not ours)
    '{"seq":5,"type":"enter","seat":1,"value":2,}',  # a trailing comma
    '{"seq":5,"type":"enter","seat":1,"value":2}}',  # a brace too many
    '{"seq":5,"type":"enter","seat":1,"value":2,"at":"10:00\\"}',  # the time unterminated
    '{"seq":5,"type":"enter","seat":1,"value":2,"at":"a","b"}',  # a key without a value
    '{"seq":5,"type":"enter","seat":1,"value":2,"seq":9}',  # seq 9 is the one json keeps
    '{"seq":6,"type":"enter","seat":1,"value":2}',  # a seq out of place
    '{"seq":05,"type":"enter","seat":1,"value":2}',  # not JSON
    '{"seq":5,"type":"enter","seat":-1,"value":2}',  # no such seat number
    '{"seq":5,"type":"enter","seat":1}',  # no value
    '{"seq":5,"at":"2026-11-29T10:00:00Z"}',  # nothing but metadata
    '// a comment',
    '',
]


def outcome(lines: list[str]) -> object:
    """What reading `lines` as a journal gives: its actions, or the message it stops with."""
    try:
        return parse_lines(lines, "j.jsonl", journal=True)[1]
    except (MalformedInput, JournalError) as exc:
        return str(exc)


@pytest.mark.parametrize("line", ODD)
def test_a_line_not_as_written_is_read_line_by_line_with_its_message(
        tmp_path: Path, line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = with_line(written(tmp_path, clock=True), 5, line)
    assert written_actions(lines, 1) is None
    got = outcome(lines)
    monkeypatch.setattr(journal_module, "written_actions", lambda lines, first: None)
    assert got == outcome(lines)  # as the line by line reading alone: message and all
    if line.endswith(" "):  # a space after the object is JSON's: the line reads as before
        assert got == ACTIONS
    elif line.strip() and not line.startswith("//"):
        assert isinstance(got, str) and got.startswith("j.jsonl:6: ")
    else:  # skipped: the next line's seq is then out of place
        assert isinstance(got, str) and got.startswith("j.jsonl:7: seq 6 where 5 belongs")


def test_the_time_and_the_seq_are_all_a_line_may_differ_in_to_be_read_as_one_before(
        tmp_path: Path) -> None:
    path = written(tmp_path, clock=True)
    # Line 3 (Enter(1, 2)) again at line 5 with another time: the same action.
    lines = with_line(path, 5, '{"seq":5,"type":"enter","seat":1,"value":2,"at":"later"}')
    got = written_actions(lines, 1)
    assert got is not None and got[4] == Enter(1, 2)
    # The same text with a key in another order, or a value changed, is decoded on its own.
    lines = with_line(path, 5, '{"seq":5,"type":"enter","value":2,"seat":1,"at":"later"}')
    assert (got := written_actions(lines, 1)) is not None and got[4] == Enter(1, 2)
    lines = with_line(path, 5, '{"seq":5,"type":"enter","seat":1,"value":3,"at":"later"}')
    assert (got := written_actions(lines, 1)) is not None and got[4] == Enter(1, 3)
    assert got == parse_lines(lines, "j.jsonl")[1]  # as read line by line
