"""Storage faults in words, and when to try the disk again.

A full, read-only or failing disk under the journal must never stop the table: the entry that
could not be written is refused (nothing unsaved is ever shown as confirmed), the table screen
says what is wrong and what to do, every box refuses new entries with a short message, and the
disk is tried again every few seconds (`Journal.retry`), so the table resumes by itself once
space is freed or the disk is writable again.
"""

from __future__ import annotations

import errno
import logging

from ..engine.text import Msg, msg
from .boxui import NOT_SAVED
from .journal import StorageFault

log = logging.getLogger(__name__)

RETRY_SECONDS = 3.0  # how often a down journal is tried again (a page written and removed)

# Errors that say "the disk", not "the config": the table starts and waits for them to pass.
FULL = frozenset({errno.ENOSPC, errno.EDQUOT})
READ_ONLY = frozenset({errno.EROFS})
FAILING = frozenset({errno.EIO})
STORAGE_ERRNOS = FULL | READ_ONLY | FAILING


def is_storage_error(exc: BaseException) -> bool:
    """A disk fault the table should wait out (full, read-only, I/O error)."""
    if isinstance(exc, StorageFault):
        return True
    return isinstance(exc, OSError) and exc.errno in STORAGE_ERRNOS


def as_fault(exc: OSError | StorageFault, path: object) -> StorageFault:
    if isinstance(exc, StorageFault):
        return exc
    return StorageFault.of(path, exc)  # type: ignore[arg-type]


def table_words(fault: StorageFault) -> Msg:
    """The table screen's banner while the journal is down."""
    if fault.errno in FULL:
        return msg("Storage full: entries are not saved; free space or call the host")
    if fault.errno in READ_ONLY:
        return msg("Storage is read-only: entries are not saved; call the host")
    return msg("Storage failing ({why}): entries are not saved; call the host", why=fault.why)


def box_words(fault: StorageFault) -> Msg:
    """What a box shows when its entry was refused (two 16-column lines)."""
    if fault.errno in FULL:
        return NOT_SAVED["full"]
    return NOT_SAVED["read-only" if fault.errno in READ_ONLY else "error"]


def down_line(fault: StorageFault) -> Msg:
    """The one log line when the journal goes down."""
    return msg("storage: cannot write the journal {path} ({why}); entries are refused until "
               "it can, tried every {n} s", path=str(fault.path), why=fault.why,
               n=int(RETRY_SECONDS))


def up_line(fault: StorageFault) -> Msg:
    return msg("storage: the journal {path} is written again", path=str(fault.path))
