"""A full, read-only or failing disk under the journal never stops the table: the refused
entry is not shown as confirmed and not left in the file, the table and the box say why,
and the table resumes by itself once the disk writes again.

The failing writer replaces the journal's two system calls; the tmpfs tests run in a child
process with its own mount namespace (tests/app/storage_child.py), so a tiny real disk
fills up and turns read-only for real."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.app.controller import Controller
from companion.app.journal import Journal, load
from companion.boxes.vocabulary import HostInput, Intent, SeatIntent
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")
SETUP = Setup(GAME.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy")), {"start_coins": 5})
CHILD = Path(__file__).with_name("storage_child.py")
FULL = "Storage full: entries are not saved; free space or call the host"


class FailingJournal(Journal):
    """A journal whose disk fails on demand: `fail` is the errno, `partial` how many bytes
    of a line get through first, `fsync_fails` whether the data lands but fsync fails."""

    fail: int | None = None
    partial = 0
    fsync_fails = False

    def _os_write(self, fd: int, data: bytes | memoryview) -> int:
        if self.fail is not None and not self.fsync_fails:
            if self.partial and len(data) > self.partial:
                return os.write(fd, bytes(data[:self.partial]))  # the rest then fails
            raise OSError(self.fail, os.strerror(self.fail))
        return os.write(fd, data)

    def _os_fsync(self, fd: int) -> None:
        if self.fail is not None and self.fsync_fails:
            raise OSError(self.fail, os.strerror(self.fail))
        os.fsync(fd)


def table(tmp_path: Path) -> tuple[Controller, FailingJournal, Path]:
    path = tmp_path / "j.jsonl"
    Journal.create(path, SETUP).close()
    j = FailingJournal(path)
    c = Controller(History.start(GAME, SETUP), j, translator("en"))
    c.handle(HostInput("start", (("card", "highest_bet"),)), 0.0)
    return c, j, path


def lock(c: Controller, seat: int, value: int, now: float) -> None:
    for _ in range(value):
        c.handle(SeatIntent(seat, Intent.PLUS), now)
    c.handle(SeatIntent(seat, Intent.OK), now)


@pytest.mark.parametrize(("err", "partial", "fsync", "box", "banner"), [
    (errno.ENOSPC, 7, False, "disk full", FULL),
    (errno.EROFS, 0, False, "disk read-only",
     "Storage is read-only: entries are not saved; call the host"),
    (errno.EIO, 0, True, "disk error",
     "Storage failing (Input/output error): entries are not saved; call the host"),
])
def test_a_refused_write_is_spoken_and_nothing_unsaved_is_confirmed(
        tmp_path: Path, err: int, partial: int, fsync: bool, box: str, banner: str) -> None:
    c, j, path = table(tmp_path)
    before = path.read_bytes()
    j.fail, j.partial, j.fsync_fails = err, partial, fsync
    lock(c, 0, 3, 1.0)
    # the box never said LOCKED; it says why, and the draft is still there to try again
    assert c.lcd_lines(0) == ("NOT SAVED       ", f"{box:<16}")
    assert c.led_mode(0) == "on" and c.banner_text() is not None
    assert c.banner_text().render(translator("en")) == banner  # type: ignore[union-attr]
    assert path.read_bytes() == before  # a part line or an unsynced line is cut back off
    assert c.history.journal_actions[-1].__class__.__name__ == "Host"  # the bid is not held
    # while down, another box's entry is refused at once, without touching the disk
    j.fail = None
    lock(c, 1, 2, 1.5)
    assert c.lcd_lines(1)[0] == "NOT SAVED       " and path.read_bytes() == before
    c.expire(3.9)  # tried again 3 s after the fault, not in a busy loop
    assert c.storage_fault is not None
    c.expire(4.0)  # the disk writes again: the table resumes by itself
    assert c.storage_fault is None and c.banner_text() is None
    c.expire(10.0)
    c.handle(SeatIntent(0, Intent.OK), 10.0)  # the draft 3 was kept: one press locks it
    assert c.lcd_lines(0)[0].startswith("LOCKED 3")
    loaded = load(path)
    assert [getattr(a, "value", None) for a in loaded.actions][-1] == 3
    assert json.loads(path.read_text().splitlines()[-1])["seq"] == 2  # no seq skipped


def test_a_retry_that_fails_keeps_the_table_waiting(tmp_path: Path) -> None:
    c, j, _ = table(tmp_path)
    j.fail = errno.ENOSPC
    lock(c, 0, 1, 0.0)
    c.expire(2.9)  # the box's "NOT SAVED" has gone; the table's banner stays
    assert c.storage_fault is not None and c.banner_text() is not None
    assert c.expire(3.0) is False and c.storage_fault is not None  # still full: nothing new
    assert not (tmp_path / "j.jsonl.probe").exists()  # the probe page is never left behind
    assert c.next_deadline() == pytest.approx(6.0)
    j.fail = errno.EROFS
    assert c.expire(6.0) is True  # another fault: the banner changes to say so
    assert "read-only" in c.banner_text().render(translator("en"))  # type: ignore[union-attr]


def unshare() -> list[str]:
    if shutil.which("unshare") is None:
        pytest.skip("needs util-linux unshare to mount a tiny tmpfs in a child process")
    prefix = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"cannot make a mount namespace here ({probe.stderr.strip()}): the tmpfs "
                    "tests need root or unprivileged user namespaces")
    return prefix


def run_child(tmp_path: Path, case: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([*unshare(), sys.executable, str(CHILD), case, str(tmp_path)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


@pytest.mark.slow  # a child process in its own mount namespace
def test_a_tiny_tmpfs_fills_up_and_the_table_resumes_when_space_is_freed(tmp_path: Path) -> None:
    r = run_child(tmp_path, "full")
    assert r["refused_lcd"] == ["NOT SAVED       ", "disk full       "]
    assert r["banner"] == FULL
    assert r["file_whole"] is True and r["actions_on_disk"] == r["actions_accepted"]
    assert r["still_full_after_retry"] is True
    assert r["banner_after_free"] is None and r["lcd_after_free"][0].startswith("LOCKED")
    assert r["last_on_disk"] == r["locked_value"]


@pytest.mark.slow  # a child process in its own mount namespace
def test_a_read_only_disk_at_start_opens_the_table_and_resumes_when_writable(
        tmp_path: Path) -> None:
    r = run_child(tmp_path, "read-only")
    assert r["resumed_lcd"][0].startswith("LOCKED 2")  # the game on the read-only disk resumed
    assert r["banner"] == "Storage is read-only: entries are not saved; call the host"
    assert r["refused_lcd"] == ["NOT SAVED       ", "disk read-only  "]
    assert r["banner_after_rw"] is None and r["lcd_after_rw"][0].startswith("LOCKED 2")
    assert r["seqs_on_disk"] == [1, 2, 3]


@pytest.mark.slow  # a child process in its own mount namespace
def test_companion_run_on_a_read_only_disk_keeps_running_and_says_why(tmp_path: Path) -> None:
    r = run_child(tmp_path, "run-read-only")
    assert r["alive_after_start"] is True
    assert "storage: cannot write the journal" in str(r["stderr"])
    assert "Traceback" not in str(r["stderr"])
    assert r["returncode"] == 0  # SIGTERM ends it cleanly
