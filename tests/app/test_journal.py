"""The journal: fsynced append, resume, torn last line, corruption refused with its line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.app.journal import Journal, load
from companion.engine.actions import Enter, Host, Withdraw
from companion.engine.errors import MalformedInput
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.seats import Seat

GAME = get_game("camel-up")
SETUP = Setup(GAME.id, tuple(Seat(n, "#112233") for n in ("Ann", "Bob", "Cy")))


def test_round_trip_resumes_locked_bids_still_secret(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, SETUP, wall_clock=lambda: "2026-11-22T10:00:00Z")
    h = History.start(GAME, SETUP)
    for a in [
        Host.make("start", card="highest_bet"),
        Enter(0, 4),
        Enter(1, 2),
        Withdraw(1),
        Enter(1, 3),
    ]:
        h.apply(a)
        j.append(a)
    j.close()
    loaded = load(path)
    again = replay(GAME, loaded.setup, loaded.actions)
    assert again.state == h.state
    assert again.state.phase == "bidding"
    assert GAME.prompt(again.state, 0).locked and GAME.prompt(again.state, 0).locked_value == 4
    table = GAME.table(again.state)
    assert [s.status for s in table.seats] == ["locked", "locked", "thinking"]
    assert "4" not in repr(table.panels) and table.panels == ()
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "setup"
    assert json.loads(lines[2]) == {
        "seq": 2,
        "type": "enter",
        "seat": 0,
        "value": 4,
        "at": "2026-11-22T10:00:00Z",
    }


def test_torn_last_line_is_dropped_and_cut(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, SETUP)
    j.append(Host.make("start", card="lucky_0"))
    j.close()
    with path.open("ab") as f:
        f.write(b'{"seq":2,"type":"enter","se')  # power cut mid-write
    loaded = load(path)
    assert loaded.torn_tail and len(loaded.actions) == 1
    assert path.read_bytes().endswith(b"\n")  # the next append starts on a clean line


def test_a_corrupt_middle_line_stops_the_start_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, SETUP)
    j.close()
    with path.open("a") as f:
        f.write("garbage\n" + json.dumps({"type": "undo"}) + "\n")
    with pytest.raises(MalformedInput, match=r"j.jsonl:2: not JSON"):
        load(path)


def test_create_refuses_to_overwrite_a_game(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    Journal.create(path, SETUP).close()
    with pytest.raises(FileExistsError):
        Journal.create(path, SETUP)


def test_journal_metadata_is_not_read_back_as_host_params(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, SETUP, wall_clock=lambda: "2026-11-22T10:00:00Z")
    j.append(Host.make("start", card="lucky_0"))
    j.close()
    assert load(path).actions == [Host.make("start", card="lucky_0")]


def test_every_line_is_fsynced_once_it_is_whole(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`append` returns only after an fsync of the journal that covers the whole new line."""
    synced: list[tuple[int, int]] = []  # (inode, file size) at each fsync
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        real_fsync(fd)
        st = os.fstat(fd)
        synced.append((st.st_ino, st.st_size))

    monkeypatch.setattr(os, "fsync", fsync)
    path = tmp_path / "j.jsonl"
    journal = Journal.create(path, SETUP)
    for action in (Host("start", (("card", "highest_bet"),)), Enter(0, 3), Withdraw(0)):
        synced.clear()
        journal.append(action)
        st = path.stat()
        assert (st.st_ino, st.st_size) in synced, "the new line was not fsynced"
    journal.close()


@pytest.mark.parametrize("mark", ["\u2028", "\u2029", "\x85"])
def test_a_seat_named_with_a_unicode_line_break_still_resumes(tmp_path: Path, mark: str) -> None:
    """json.dumps leaves these as they are in a text, and `str.splitlines` splits there:
    the journal of such a table could not be read at the next start."""
    path = tmp_path / "j.jsonl"
    setup = Setup(GAME.id, (Seat(f"Ann{mark}Lee", "#112233"), *SETUP.seats[1:]))
    j = Journal.create(path, setup)
    j.append(Host.make("start", card="lucky_0"))
    j.append(Enter(0, 2))
    j.close()
    assert mark in path.read_text(encoding="utf-8")  # written as it is, not escaped
    loaded = load(path)
    assert loaded.setup.seats[0].name == f"Ann{mark}Lee"
    assert loaded.actions == [Host.make("start", card="lucky_0"), Enter(0, 2)]
