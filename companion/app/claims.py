"""Seat claims that wait for the host, for any kind of box that can ask for a seat.

A box that wants a seat (a phone that picked "Cyrille" on the join page; later a new serial
box) puts a `ClaimRequest` on the input queue. The table screen asks "Phone for Cyrille?
Return to accept, Left to refuse"; the host's OK accepts, minus refuses, plus shows the next
waiting claim. The decision is appended to the claims log and fsynced *before* the box hears
it, like every accepted input: a box that was told "yours" still holds the seat after a power
cut. A box that takes over a seat already held says so on the table ("Phone took over
Cyrille's seat"), and the host can release a seat from the menu ("Release Phone: Cyrille"),
confirmed like every destructive host command (Return again within 3 s).

A claim does not wait for ever: one whose box has been away (`ClaimAway`, a phone whose
page closed) for `AWAY_SECONDS`, or that waited `WAIT_SECONDS` in all, is withdrawn from the
host line with a short banner, and its box hears `expired()`. Both count on the loop's clock
(`now`), so they are tested without sleeping.

The claims log (`claims.jsonl` beside the journal, mode 0600) is a record for people, not
game state: the game's journal holds only game actions, so a replay never depends on which
box a seat played on. Each box kind keeps what it needs to find its seat again (a phone's
token, hashed) in its own file. Nothing secret is written here.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..boxes.vocabulary import (
    ClaimAway,
    ClaimRequest,
    ClaimWithdrawn,
    Intent,
    SeatBinder,
    SeatIntent,
)
from ..engine.text import Msg, msg
from .hostmenu import AppCommand, MenuEntry

log = logging.getLogger(__name__)

NOTICE_SECONDS = 5.0
# A reload or a short Wi-Fi drop comes back well within this; a phone put away does not.
AWAY_SECONDS = 20.0
WAIT_SECONDS = 120.0  # a claim nobody answered for two minutes is stale: the phone asks again
CLAIMS_FILE = "claims.jsonl"  # beside the journal
RELEASE = "release"  # AppCommand(f"release:{binder}", seat): free a seat from its box


class ClaimLog:
    """Append-only JSON Lines of claim decisions and releases, fsynced line by line.

    The file is opened for each line (claims are rare): a disk that refuses one line (full,
    read-only) raises OSError for that decision only, and the next one tries again."""

    def __init__(self, path: Path, wall_clock: Callable[[], str]) -> None:
        self.path = path
        self._wall = wall_clock

    def record(self, event: str, seat: int, name: str, what: Msg) -> None:
        line = {"at": self._wall(), "event": event, "seat": seat, "name": name,
                "box": what.id}  # the English id: the log is for the maintainer
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.fchmod(fd, 0o600)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)  # only now may the box be told the seat is its own
        finally:
            os.close(fd)


@dataclass
class _Notice:
    text: Msg
    until: float


class ClaimDesk:
    """The claims waiting for the host, the binders whose seats the host may release, and
    the last decision shown on the table for a few seconds."""

    def __init__(self, names: Sequence[str], log_file: ClaimLog | None = None) -> None:
        self.names = list(names)
        self.log = log_file
        self.binders: list[SeatBinder] = []
        self.pending: list[ClaimRequest] = []
        self._since: dict[str, float] = {}  # claim -> when it came
        self._away: dict[str, float] = {}  # claim -> since when its box is away
        self._notice: _Notice | None = None

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    # -- input

    def handle(self, item: ClaimRequest | ClaimWithdrawn | ClaimAway, now: float) -> bool:
        if isinstance(item, ClaimAway):
            if any(c.claim == item.claim for c in self.pending):
                if not item.away:
                    self._away.pop(item.claim, None)
                elif item.claim not in self._away:
                    self._away[item.claim] = now
            return False  # the question stays as it is until the box has been away a while
        if isinstance(item, ClaimWithdrawn):
            before = len(self.pending)
            self._forget(item.claim)
            return len(self.pending) != before
        if not 0 <= item.seat < len(self.names):
            item.answer(False)  # the box asked for a seat this table does not have
            return False
        self._forget(item.claim)
        self.pending.append(item)
        self._since[item.claim] = now
        log.info("%s asks for seat %d (%s)", item.what.render(), item.seat, self.name(item.seat))
        return True

    def on_host_intent(self, intent: SeatIntent, now: float) -> bool:
        """The host's keys answer the first waiting claim; False when none is waiting."""
        if not self.pending:
            return False
        if intent.intent is Intent.OK:
            self.decide(self.pending[0], True, now)
        elif intent.intent is Intent.MINUS:
            self.decide(self.pending[0], False, now)
        elif intent.intent is Intent.PLUS:
            self.pending.append(self.pending.pop(0))  # look at the next one first
        return True  # OK held does nothing here: no undo while a box waits for an answer

    def decide(self, claim: ClaimRequest, accepted: bool, now: float) -> None:
        """Record the decision (fsynced), then tell the box."""
        takeover = self.is_takeover(claim)
        name = self.name(claim.seat)
        event = ("takeover" if takeover else "accepted") if accepted else "refused"
        self._forget(claim.claim)
        if self.log is not None:
            try:
                self.log.record(event, claim.seat, name, claim.what)
            except OSError as exc:  # what cannot be saved is refused, and said in words
                log.error("cannot record a seat claim in %s: %s", self.log.path, exc.strerror)
                claim.answer(False)
                self._notice = _Notice(msg("Cannot save seat claims ({why}): {what} for "
                                           "{name} refused", why=str(exc.strerror or exc),
                                           what=claim.what, name=name), now + NOTICE_SECONDS)
                return
        log.info("host %s: %s for seat %d (%s)", event, claim.what.render(), claim.seat, name)
        claim.answer(accepted)
        if not accepted:
            text = msg("Refused: {what} for {name}", what=claim.what, name=name)
        elif takeover:
            text = msg("{what} took over {name}'s seat", what=claim.what, name=name)
        else:
            text = msg("{what} for {name}: accepted", what=claim.what, name=name)
        self._notice = _Notice(text, now + NOTICE_SECONDS)

    def _forget(self, claim: str) -> None:
        self.pending = [c for c in self.pending if c.claim != claim]
        self._since.pop(claim, None)
        self._away.pop(claim, None)

    def _deadline(self, claim: ClaimRequest) -> float:
        """When `claim` goes stale: two minutes after it came, or a while after its box left."""
        due = self._since.get(claim.claim, 0.0) + WAIT_SECONDS
        away = self._away.get(claim.claim)
        return min(due, away + AWAY_SECONDS) if away is not None else due

    def _withdraw_stale(self, now: float) -> bool:
        stale = [c for c in self.pending if now >= self._deadline(c)]
        for claim in stale:
            gone = claim.claim in self._away
            self._forget(claim.claim)
            name = self.name(claim.seat)
            if self.log is not None:
                try:
                    self.log.record("expired", claim.seat, name, claim.what)
                except OSError as exc:  # a record for people: the claim goes all the same
                    log.error("cannot record a seat claim in %s: %s", self.log.path,
                              exc.strerror)
            log.info("%s for seat %d (%s) withdrawn: %s", claim.what.render(), claim.seat,
                     name, "its box went away" if gone else "no answer in time")
            if claim.expired is not None:
                claim.expired()
            else:
                claim.answer(False)
            text = (msg("{what} for {name} went away: question withdrawn", what=claim.what,
                        name=name) if gone else
                    msg("{what} for {name}: no answer in 2 minutes, withdrawn",
                        what=claim.what, name=name))
            self._notice = _Notice(text, now + NOTICE_SECONDS)
        return bool(stale)

    def release(self, binder: SeatBinder, seat: int, now: float) -> None:
        name = self.name(seat)
        if self.log is not None:
            try:
                self.log.record("released", seat, name, binder.what)
            except OSError as exc:  # the release still happens: it frees, it binds nothing
                log.error("cannot record a seat release in %s: %s", self.log.path,
                          exc.strerror)
        log.info("host released %s of seat %d (%s)", binder.what.render(), seat, name)
        binder.release(seat)
        self._notice = _Notice(msg("{what} released: {name}'s seat is free", name=name,
                                   what=binder.what), now + NOTICE_SECONDS)

    def is_takeover(self, claim: ClaimRequest) -> bool:
        return claim.takeover or any(claim.seat in b.bound() for b in self.binders)

    # -- output

    def question(self) -> Msg | None:
        """The question for the host while a claim waits (the host line shows it)."""
        if self.pending:
            claim = self.pending[0]
            more = len(self.pending) - 1
            if self.is_takeover(claim):
                text = msg("{what} for {name}, replacing the one it has? Return to accept, "
                           "Left to refuse", what=claim.what, name=self.name(claim.seat))
            else:
                text = msg("{what} for {name}? Return to accept, Left to refuse",
                           what=claim.what, name=self.name(claim.seat))
            if more:
                text = msg("{question} (Right: {n} more waiting)", question=text, n=more)
            return text
        return None

    def notice(self, now: float) -> Msg | None:
        """The last decision, for a few seconds (the table's banner shows it)."""
        if self._notice is not None and now < self._notice.until:
            return self._notice.text
        return None

    def expire(self, now: float) -> bool:
        """Withdraw stale claims and drop a banner whose time is up; True if either did."""
        changed = self._withdraw_stale(now)
        if self._notice is not None and now >= self._notice.until:
            self._notice = None
            changed = True
        return changed

    def next_deadline(self) -> float | None:
        times = [self._deadline(c) for c in self.pending]
        if self._notice is not None:
            times.append(self._notice.until)
        return min(times, default=None)

    def menu_entries(self) -> list[MenuEntry]:
        """One "Release Phone: Cyrille" entry per seat a box holds, for the host menu. Each
        asks first, like the other destructive host commands: releasing cuts a playing box
        off its seat, so one stray OK must not do it."""
        out: list[MenuEntry] = []
        for i, binder in enumerate(self.binders):
            for seat in binder.bound():
                name = self.name(seat)
                label = msg("Release {what}: {name}", what=binder.what, name=name)
                out.append(MenuEntry(label, AppCommand(f"{RELEASE}:{i}", seat),
                                     msg("Release a seat"), name,  # 16 columns whatever the box
                                     confirm=True))
        return out

    def run(self, command: AppCommand, now: float) -> bool:
        """Run a "Release ..." entry; False when the command is not one of these."""
        kind, _, index = command.name.partition(":")
        if kind != RELEASE or command.seat is None or not index.isdigit():
            return False
        if int(index) < len(self.binders):
            self.release(self.binders[int(index)], command.seat, now)
        return True
