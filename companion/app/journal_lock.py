"""One table per journal: an exclusive lock on a file next to the journal.

`companion run` takes the lock before it reads the journal (a second program reading could
cut a line the first is still writing as "torn") and holds it until it stops. The lock is
`fcntl.flock` on `<journal>.lock`, so the kernel drops it when the process ends, however it
ends: a stale lock file is never a problem. The file holds the holder's pid, which a refused
second start names.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from ..engine.errors import JournalError
from ..engine.text import msg


def lock_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".lock")


class JournalLock:
    """Held from `acquire` until `release` (or the process ends)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, journal: Path) -> JournalLock:
        """Take the lock for `journal` (its folder must exist), or refuse naming the holder."""
        path = lock_path(journal)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            raise JournalError(
                str(journal), None,
                msg("another companion (pid {pid}) is running on this journal", pid=holder)
                if holder else msg("another companion is running on this journal"),
                msg("stop it first (sudo systemctl stop companion), or give this one another "
                    "journal")) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(path, fd)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)  # no pid left behind for a process that is gone
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def _read_pid(fd: int) -> str:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""
