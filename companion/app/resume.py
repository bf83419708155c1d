"""Opening a table's journal at start: lock it, read it, resume or begin, note any drift.

The order matters: the lock comes first (a second program must not even read a journal that
is being written, or it could cut a line in flight as torn), then the journal is read and
replayed, then the writer opens it. A journal that holds nothing yet (empty, blank lines, a
setup line torn by a power cut) begins a new game at once. Options in the config that differ
from the journal's setup are reported, and the journal wins: a game never changes its rules
half-way.

When the disk refuses (read-only, full) at start, `open_offline` opens the table anyway: the
journal as far as it can be read, and a writer that is down until the disk takes writes again
(companion.app.storage).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import ConfigError, MalformedInput
from ..engine.game import resolve_options
from ..engine.history import History, Setup, replay
from ..engine.registry import get_game
from ..engine.text import Msg, joined, msg
from .config import Config
from .journal import Journal, StorageFault, make_folders, read
from .journal_lock import JournalLock


@dataclass
class Opened:
    history: History[Any]
    journal: Journal
    resumed: bool
    drift: Msg | None  # the config's settings the journal overrides, one line; None if none


def open_table(cfg: Config, journal_path: Path,
               wall_clock: Callable[[], str] | None = None) -> Opened:
    """Resume the journal if it holds this table's game, else start a new one in it."""
    game = get_game(cfg.game)
    setup = Setup(game.id, tuple(sc.seat for sc in cfg.seats), cfg.options)
    make_folders(journal_path.parent)
    lock = JournalLock.acquire(journal_path)
    try:
        loaded = read(journal_path) if journal_path.exists() else None
        if loaded is None:
            history = History.start(game, setup)
            journal = Journal.create(journal_path, history.setup, wall_clock, lock)
            return Opened(history, journal, False, None)
        check_same_game(journal_path, loaded.setup, setup)
        history = replay(game, loaded.setup, loaded.actions)
        journal = Journal(journal_path, wall_clock, lock)
        journal.seq = len(loaded.actions)
        return Opened(history, journal, True, drift(cfg, loaded.setup))
    except BaseException:
        lock.release()
        raise


def check_same_game(journal_path: Path, journal: Setup, config: Setup) -> None:
    same = (journal.game == config.game
            and [s.name for s in journal.seats] == [s.name for s in config.seats])
    if not same:
        raise ConfigError(str(journal_path), 1,
                          msg("the journal holds another game ({game}, seats {names})",
                              game=journal.game, names=", ".join(s.name for s in journal.seats)),
                          msg("move the old journal away to start a new game, or point "
                              "'journal' in the config at a new file"))


def open_offline(cfg: Config, journal_path: Path, fault: StorageFault,
                 wall_clock: Callable[[], str] | None = None) -> Opened:
    """The table when the disk refused its journal at start: the game as far as the journal
    can be read (nothing is written, a torn last line is only left out), and a journal that
    is down until a retry opens it as `open_table` would."""
    game = get_game(cfg.game)
    setup = Setup(game.id, tuple(sc.seat for sc in cfg.seats), cfg.options)
    loaded = read(journal_path, repair=False) if journal_path.is_file() else None
    if loaded is None:
        history = History.start(game, setup)
        resumed, note = False, None
    else:
        check_same_game(journal_path, loaded.setup, setup)
        history = replay(game, loaded.setup, loaded.actions)
        resumed, note = True, drift(cfg, loaded.setup)

    def reopen() -> Journal:
        return open_table(cfg, journal_path, wall_clock).journal

    return Opened(history, Journal.offline(journal_path, fault, reopen), resumed, note)


def drift(cfg: Config, journal: Setup) -> Msg | None:
    """What the config asks for that the journal's game was set up otherwise."""
    game = get_game(cfg.game)
    try:
        now = resolve_options(game, journal.options)
    except MalformedInput:
        now = dict(journal.options)
    wanted = resolve_options(game, cfg.options)
    changes: list[Msg] = [msg("{name} {want} (the game has {have})", name=name,
                              want=str(wanted[name]), have=str(now.get(name)))
                          for name in sorted(wanted) if wanted[name] != now.get(name)]
    for sc, seat in zip(cfg.seats, journal.seats, strict=False):
        if sc.seat.colour.lower() != seat.colour.lower():
            changes.append(msg("{name}'s colour {want} (the game has {have})",
                               name=seat.name, want=sc.seat.colour, have=seat.colour))
    listed = joined(changes)
    if listed is None:
        return None
    return msg("The config differs from the game in the journal: {changes}. The journal wins "
               "(start a new journal to use the config's)", changes=listed)
