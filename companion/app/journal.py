"""The journal: every accepted input as one JSON line, fsynced before the box confirms it.

Line 1 is the setup (game, seats, options); every further line is one action. A power cut
can only tear the last line, which no box had confirmed: it is dropped (and cut off the
file) on load. Any other unreadable line is corruption and stops the start with its line
number. Format: docs/journal.md.

When the disk refuses a write (full, read-only, failing), the line is cut back off, nothing is
confirmed, and the journal is *down* (`StorageFault`) until `retry` shows the disk takes a
write again: the table keeps going and refuses entries meanwhile (companion.app.storage).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action, action_from_json, action_to_json
from ..engine.errors import JournalError, MalformedInput
from ..engine.history import Setup
from ..engine.seats import DEFAULT_COLOURS, Seat
from ..engine.text import msg
from .journal_lines import decode, written_actions
from .journal_lock import JournalLock
from .text_lines import lines_of

FORMAT = 1


def setup_to_json(setup: Setup) -> dict[str, Any]:
    return {
        "type": "setup",
        "journal": FORMAT,
        "game": setup.game,
        "seats": [{"name": s.name, "colour": s.colour} for s in setup.seats],
        "options": dict(setup.options),
    }


def setup_from_json(obj: Any) -> Setup:
    if not isinstance(obj, dict) or obj.get("type") != "setup":
        raise MalformedInput(
            'the first line must be {"type": "setup", "game": ..., "seats": [...]}'
        )
    game = obj.get("game")
    if not isinstance(game, str):
        raise MalformedInput("setup needs 'game' (see `companion games`)")
    raw_seats = obj.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise MalformedInput("setup needs 'seats': a list of names or {name, colour}")
    seats = []
    for i, s in enumerate(raw_seats):
        if isinstance(s, str):
            seats.append(Seat(s, DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]))
        elif isinstance(s, dict) and isinstance(s.get("name"), str):
            seats.append(
                Seat(s["name"], str(s.get("colour", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])))
            )
        else:
            raise MalformedInput(msg("seat {i}: give a name or {{name, colour}}, got {got}",
                                     i=i, got=repr(s)))
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise MalformedInput("setup 'options' must be an object")
    return Setup(game, tuple(seats), options)


@dataclass
class Loaded:
    setup: Setup
    actions: list[Action]
    torn_tail: bool  # a half-written last line was dropped


SEQ_FIX = msg("the companion writes every seq once and in order, so this journal was edited or "
              "written by two programs: restore it from a backup, or mend that line by hand "
              "(docs/journal.md, Bad files); nothing is guessed")


class _Seqs:
    """The `seq` of each action line: 1, 2, 3, ... with nothing repeated, missing or out of
    order. A journal must carry it on every line; a hand-written scenario may leave it out."""

    def __init__(self, name: str, required: bool) -> None:
        self.name, self.required = name, required
        self.lines: dict[int, int] = {}  # seq -> line

    def check(self, obj: dict[str, Any], n: int, index: int) -> None:
        """`index`: this action's place (1-based) among the action lines."""
        seq = obj.get("seq")
        if seq is None and not self.required:
            return
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise JournalError(self.name, n, msg("action line without a whole-number seq "
                                                 "(got {seq})", seq=repr(seq)), SEQ_FIX)
        if seq in self.lines:
            raise JournalError(self.name, n, msg("seq {seq} again: line {line} has it already "
                                                 "(a line written twice)", seq=seq,
                                                 line=self.lines[seq]), SEQ_FIX)
        if seq > index:
            raise JournalError(self.name, n, msg("seq {seq} where {want} belongs: {missing} "
                                                 "line(s) missing before it", seq=seq,
                                                 want=index, missing=seq - index), SEQ_FIX)
        if seq < index:
            raise JournalError(self.name, n, msg("seq {seq} out of order: {want} belongs here",
                                                 seq=seq, want=index), SEQ_FIX)
        self.lines[seq] = n


def parse_lines(lines: list[str], name: str, journal: bool = False
                ) -> tuple[Setup, list[Action]]:
    """Parse a journal or a hand-written scenario (blank lines and // comments allowed).
    `journal`: every action line must carry its `seq` (a scenario's are checked if given)."""
    setup: Setup | None = None
    actions: list[Action] = []
    seqs = _Seqs(name, journal)
    # The lines after the setup, when the companion wrote them all (journal_lines): then
    # only the setup line is read here.
    written = (written_actions(lines, 1) if journal and lines[:1] and lines[0].startswith("{")
               else None)
    for n, line in enumerate(lines if written is None else lines[:1], start=1):
        text = line.strip()
        if not text or text.startswith("//") or text.startswith("#"):
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MalformedInput(msg("{where}: not JSON ({why})", where=f"{name}:{n}",
                                     why=exc.msg)) from exc
        try:
            if setup is None:
                setup = setup_from_json(obj)
            else:
                if not isinstance(obj, dict):
                    raise MalformedInput("each action line must be a JSON object")
                seqs.check(obj, n, len(actions) + 1)
                actions.append(action_from_json(obj))
        except JournalError:
            raise
        except MalformedInput as exc:
            raise MalformedInput(msg("{where}: {why}", where=f"{name}:{n}",
                                     why=exc.message)) from exc
    if setup is None:
        raise MalformedInput(msg("{where}: empty: the first line must be the setup",
                                 where=name))
    return setup, actions if written is None else written


def game_identity(path: Path) -> str | None:
    """Which game the journal holds, for what is kept beside it (a phone's seat): the setup
    line's random `id`, or (a journal from before ids) a hash of the setup line. None when
    the journal cannot be read or holds nothing yet."""
    try:
        with path.open("rb") as f:
            first = f.readline()
    except OSError:
        return None
    if not first.endswith(b"\n"):
        return None  # empty, or a setup line torn by a power cut: no game yet
    try:
        obj = json.loads(first)
    except ValueError:
        return None
    if not isinstance(obj, dict) or obj.get("type") != "setup":
        return None
    given = obj.get("id")
    if isinstance(given, str) and given:
        return f"id:{given}"
    return "setup:" + hashlib.sha256(first.strip()).hexdigest()


def load(path: Path) -> Loaded:
    """The journal's setup and actions (one that holds nothing yet is refused)."""
    loaded = read(path)
    if loaded is None:
        raise MalformedInput(msg("{where}: empty: the first line must be the setup",
                                 where=str(path)))
    return loaded


def read(path: Path, repair: bool = True) -> Loaded | None:
    """The journal's setup and actions; None when it holds nothing yet (empty, blank lines,
    or only a setup line torn by a power cut): `companion run` starts a new game in it.
    `repair`: cut a torn last line off the file too (False on a disk that refuses writes:
    the line is only left out, and cut when the journal opens for writing)."""
    data = path.read_bytes()
    torn = bool(data) and not data.endswith(b"\n")
    if torn and not repair:
        data = data[:data.rfind(b"\n") + 1]
    elif torn:
        # The last write never completed, so it was never confirmed to anyone: drop it.
        cut = data.rfind(b"\n") + 1
        with path.open("r+b") as f:
            f.truncate(cut)
            f.flush()
            os.fsync(f.fileno())
        data = data[:cut]
    if not data.strip():
        return None
    setup, actions = parse_lines(lines_of(decode(data, str(path))), str(path), journal=True)
    return Loaded(setup, actions, torn)


def parse_scenario(path: Path) -> tuple[Setup, list[Action]]:
    """A scenario for `companion replay`: JSON Lines like a journal, or one JSON object
    `{"setup": {...}, "actions": [...]}`."""
    text = decode(path.read_bytes(), str(path))
    stripped = text.lstrip()
    if stripped.startswith("{") and '"actions"' in text:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict) and "setup" in obj:
            setup = setup_from_json({"type": "setup", **obj["setup"]})
            raw = obj.get("actions", [])
            if not isinstance(raw, list):
                raise MalformedInput(msg("{where}: 'actions' must be a list", where=str(path)))
            acts = []
            for i, a in enumerate(raw):
                if not isinstance(a, dict):
                    raise MalformedInput(msg("{where}: action {i}: must be an object",
                                             where=str(path), i=i))
                try:
                    acts.append(action_from_json(a))
                except MalformedInput as exc:
                    raise MalformedInput(msg("{where}: action {i}: {why}", where=str(path), i=i,
                                             why=exc.message)) from exc
            return setup, acts
    return parse_lines(lines_of(text), str(path))


class StorageFault(Exception):
    """The journal's disk refused a write: nothing of that line was kept or confirmed."""

    def __init__(self, path: Path, errno_: int | None, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path, self.errno, self.why = path, errno_, why

    @classmethod
    def of(cls, path: Path, exc: OSError) -> StorageFault:
        return cls(path, exc.errno, str(exc.strerror or exc))


PROBE_BYTES = 4096  # a retry writes this much beside the journal: a line's room, and then some


class Journal:
    """Append-only, fsynced writer. `append` returns only once the line is on disk.

    The file is the owner's alone (0600: it holds every sealed bid in clear). `lock`, when
    given, is the table's hold on this journal (journal_lock) and is released by `close`.
    `down` is the fault that stops it taking lines (None while the disk writes)."""

    MODE = 0o600

    def __init__(self, path: Path, wall_clock: Callable[[], str] | None = None,
                 lock: JournalLock | None = None) -> None:
        self.path = path
        self._wall = wall_clock
        self._lock = lock
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, self.MODE)
        if os.fstat(self._fd).st_mode & 0o077:
            os.fchmod(self._fd, self.MODE)  # a journal from an older version was 0640
        self.seq = 0
        self._good = os.fstat(self._fd).st_size  # bytes known whole and fsynced
        self._torn = False  # a failed write left bytes past _good that could not be cut yet
        self.down: StorageFault | None = None
        self._reopen: Callable[[], Journal] | None = None

    @classmethod
    def offline(cls, path: Path, fault: StorageFault, reopen: Callable[[], Journal]) -> Journal:
        """A journal whose disk refused it at start: down until `reopen` (which opens the
        real journal, as at start) succeeds in a `retry`."""
        j = cls.__new__(cls)
        j.path, j._wall, j._lock, j._fd, j.seq = path, None, None, None, 0
        j._good, j._torn, j.down, j._reopen = 0, False, fault, reopen
        return j

    @classmethod
    def create(cls, path: Path, setup: Setup, wall_clock: Callable[[], str] | None = None,
               lock: JournalLock | None = None) -> Journal:
        """A new game's journal: its setup line. A file holding only blank lines (or
        nothing) is taken over; one holding anything else is never overwritten."""
        make_folders(path.parent)
        if path.exists() and path.read_bytes().strip():
            raise FileExistsError(f"{path} already holds a game; resume it or move it away")
        j = cls(path, wall_clock, lock)
        try:
            os.ftruncate(j._fd, 0)  # type: ignore[arg-type]
            j._good = 0
            # A random id names this game: what a phone's token was granted in (phones.json
            # beside the journal keeps it), so a new game in the folder starts with no phone.
            j._write({**setup_to_json(setup), "id": secrets.token_hex(16)})
            _fsync_dir(path.parent)  # the new file's name must survive a power cut too
        except (OSError, StorageFault):
            j.close(keep_lock=True)
            raise
        return j

    def append(self, action: Action) -> None:
        """Write one action line; raises StorageFault (and keeps nothing) if the disk refuses,
        at once while the journal is down."""
        if self.down is not None:
            raise self.down
        obj: dict[str, Any] = {"seq": self.seq + 1, **action_to_json(action)}
        if self._wall is not None:
            obj["at"] = self._wall()
        self._write(obj)
        self.seq += 1

    def _write(self, obj: dict[str, Any]) -> None:
        """One whole line, on disk before returning (the only place that writes)."""
        data = (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        assert self._fd is not None  # an offline journal is down: append refused already
        try:
            view = memoryview(data)
            while view:
                n = self._os_write(self._fd, view)
                view = view[n:]
            self._os_fsync(self._fd)
        except OSError as exc:
            self._cut_back()
            self.down = StorageFault.of(self.path, exc)
            raise self.down from exc
        self._good += len(data)

    # The two system calls that put a line on disk; a test's failing writer replaces them.
    def _os_write(self, fd: int, data: bytes | memoryview) -> int:
        return os.write(fd, data)

    def _os_fsync(self, fd: int) -> None:
        os.fsync(fd)

    def _cut_back(self) -> None:
        """Cut off what a failed write left (part of a line, or a whole one whose fsync
        failed), so that no later line follows a torn one; if the disk refuses even that,
        `retry` cuts it before anything else is written."""
        try:
            assert self._fd is not None
            os.ftruncate(self._fd, self._good)
            self._os_fsync(self._fd)
            self._torn = False
        except OSError:
            self._torn = True

    def retry(self) -> bool:
        """After a fault: does the disk take writes again? A page is written and fsynced
        beside the journal (room and write access both shown), then removed. True when the
        journal takes lines again."""
        if self.down is None:
            return True
        try:
            if self._fd is None and self._reopen is not None:
                self._adopt(self._reopen())
            if self._torn:
                self._cut_back()
                if self._torn:
                    raise OSError(errno.EIO, "the torn line cannot be cut off")
            self._probe()
        except OSError as exc:
            self.down = StorageFault.of(self.path, exc)
            return False
        except StorageFault as fault:
            self.down = fault
            return False
        self.down = None
        return True

    def _adopt(self, other: Journal) -> None:
        self._fd, self._lock, self.seq, self._good = other._fd, other._lock, other.seq, other._good
        self._wall, self._torn, self._reopen = other._wall, other._torn, None

    def _probe(self) -> None:
        probe = self.path.with_name(self.path.name + ".probe")
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, self.MODE)
        try:
            if self._os_write(fd, bytes(PROBE_BYTES)) != PROBE_BYTES:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            self._os_fsync(fd)
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                probe.unlink()

    def close(self, keep_lock: bool = False) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._lock is not None and not keep_lock:
            self._lock.release()
            self._lock = None


def make_folders(folder: Path) -> None:
    """Create `folder` and any missing parents, each 0700 (the journal's neighbours are
    nobody else's business); folders that exist are left as they are."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for f in reversed(missing):
        f.mkdir(mode=0o700)
        os.chmod(f, 0o700)  # mkdir's mode is cut by the umask
        _fsync_dir(f.parent)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
