"""Phone seats: a seat's box is a page on a player's phone (the web side: phone_server).

This module owns what a phone seat *is*, apart from HTTP:

- `PhoneSeatBox`: the seat's `Box`. The app's loop calls `lcd.show` and `led.set` after the
  journal line is fsynced, like for every box; the box keeps the text and LED mode and hands
  them to the seat's open connections (`push`, which the server runs on its own event loop);
- `PhoneSeats`: the table's phone seats and who holds them. A phone holds a seat by a random
  token (`secrets.token_urlsafe(24)`: 192 bits) in a cookie. A phone that picks a seat gets
  its token at once, but the token opens nothing until the host accepts the claim
  (`ClaimRequest`, answered on the app's loop). Only a SHA-256 of each accepted token is kept,
  in `phones.json` in the state directory (mode 0600, written and fsynced before the phone
  hears "yours"), so after a power cut every phone rejoins its seat by its cookie. Each kept
  token names the game it was granted in (the journal's identity) and its seat's name: a new
  game in the folder, or a seat renamed, opens to no old cookie (the host confirms again);
- the seat's state message: the two LCD lines (the same text the LCD would show), the LED,
  and the seat's name. Nothing else of the table: a seat's page learns only its own text.

Locking: the app's loop (show, set, answer, release) and the server's loop (connect, claim,
key) both touch the seats, so every table here is read and changed under one lock; pushes to
the sockets are handed to the server's loop.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import logging
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.text import Msg, msg
from .vocabulary import (
    LCD_COLS,
    BoxStatus,
    ClaimAway,
    ClaimRequest,
    ClaimWithdrawn,
    Clock,
    InputSink,
    Key,
    KeyEdge,
    LedMode,
)

log = logging.getLogger(__name__)

TOKEN_BYTES = 24  # 192 bits, well over the 128 asked for
TOKEN_FILE = "phones.json"
FORMAT = 2  # 1 kept seat -> hash only, for no game in particular: never trusted now
MAX_PENDING = 8  # claims waiting for the host at once; more is a flood, not a table
PHONE: Msg = msg("Phone")  # what asks for a seat, on the table's banner and in its log

Push = Callable[[int], None]  # seat whose state changed -> sent on the server's loop


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class PhoneDisplay:
    """The seat's LCD text, kept and sent to the phone; `show` never blocks."""

    def __init__(self, box: PhoneSeatBox) -> None:
        self._box = box
        self.lines: tuple[str, str] = ("", "")

    def show(self, line1: str, line2: str) -> None:
        lines = (line1[:LCD_COLS], line2[:LCD_COLS])
        if lines != self.lines:
            self.lines = lines
            self._box.changed()


class PhoneLed:
    def __init__(self, box: PhoneSeatBox) -> None:
        self._box = box
        self.mode: LedMode = "off"

    def set(self, mode: LedMode) -> None:
        if mode not in ("off", "on", "blink"):
            raise ValueError(f"LED mode must be 'off', 'on' or 'blink', not {mode!r}")
        if mode != self.mode:
            self.mode = mode
            self._box.changed()


class PhoneSeatBox:
    """A seat played on a phone; implements `companion.boxes.vocabulary.Box`."""

    def __init__(self, seat: int, name: str, push: Push) -> None:
        self.seat = seat
        self.name = name
        self._push = push
        self.lcd = PhoneDisplay(self)
        self.led = PhoneLed(self)

    def state(self) -> dict[str, Any]:
        """The one message a seat's phone gets: its own LCD lines, LED and name."""
        return {"t": "seat", "name": self.name, "lines": list(self.lcd.lines),
                "led": self.led.mode}

    def changed(self) -> None:
        self._push(self.seat)

    def close(self) -> None:
        pass  # the server closes the connections


@dataclass
class _Claim:
    claim: str
    seat: int
    hashed: str


@dataclass
class Outcome:
    """What the server must tell a seat's phones after a claim was decided or a seat freed."""

    seat: int
    kind: str  # "accepted", "refused", "taken", "released", "expired"
    hashed: str  # the token the news is for


@dataclass
class PhoneSeats:
    """The phone seats of one table: seat -> accepted token hash, claims waiting, boxes."""

    names: dict[int, str]  # phone seats only: seat -> name
    sink: InputSink
    clock: Clock
    state_dir: Path | None = None  # where phones.json lives; None: kept in memory only
    # The game the tokens are for (the journal's identity); None: no kept token is trusted.
    game: str | None = None
    what: Msg = PHONE
    boxes: dict[int, PhoneSeatBox] = field(default_factory=dict)
    # set by the server: hands a message to a seat's sockets, or news to a token's sockets
    push: Push | None = None
    notify: Callable[[Outcome], None] | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)

    def __post_init__(self) -> None:
        self._bound: dict[int, str] = {}
        self._claims: dict[str, _Claim] = {}  # token hash -> its waiting claim
        self._waiting: dict[str, int] = {}  # token hash -> its open sockets while it waits
        self._ids = itertools.count(1)
        self._live: dict[int, int] = dict.fromkeys(self.names, 0)  # open sockets per seat
        for seat, name in self.names.items():
            self.boxes[seat] = PhoneSeatBox(seat, name, self._push)
        self._load()

    def _push(self, seat: int) -> None:
        if self.push is not None:
            self.push(seat)

    # -- persistence

    @property
    def path(self) -> Path | None:
        return self.state_dir / TOKEN_FILE if self.state_dir is not None else None

    def _load(self) -> None:
        path = self.path
        if path is None or not path.exists():
            return
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            game = raw.get("game") if raw.get("format") == FORMAT else None
            seats = {int(k): (str(v["name"]), str(v["token"]))
                     for k, v in raw.get("seats", {}).items()} if game is not None else {}
        except (OSError, ValueError, AttributeError, KeyError, TypeError) as exc:
            # One fault, one seat: the phones pick their seats again; the table goes on.
            log.warning("%s is unreadable (%s): every phone seat must be joined again",
                        path, type(exc).__name__)
            return
        if self.game is None or game != self.game:
            # Tokens of another game (a new journal in this folder, a file from before games
            # were named): none opens a seat here, however fresh its cookie; the file is
            # emptied for this game, so the old hashes are gone for good.
            log.info("%s holds another game's phones: every phone seat is joined again", path)
            if self.game is not None:
                try:
                    self._save()
                except OSError as exc:
                    log.error("cannot save %s (%s)", path, exc.strerror)
            return
        self._bound = {s: h for s, (name, h) in seats.items() if self.names.get(s) == name}

    def _save(self) -> None:
        path = self.path
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        data = json.dumps({"format": FORMAT, "game": self.game,
                           "seats": {str(s): {"name": self.names[s], "token": h}
                                     for s, h in self._bound.items()}})
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, data.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)  # the new name must survive a power cut too
        finally:
            os.close(dfd)

    # -- who holds what (any thread)

    def seat_of(self, token: str | None) -> int | None:
        """The seat an accepted token holds, or None."""
        if not token:
            return None
        hashed = token_hash(token)
        with self.lock:
            for seat, held in self._bound.items():
                if hmac.compare_digest(held, hashed):
                    return seat
        return None

    def claim_of(self, token: str | None) -> int | None:
        """The seat a token is waiting for (the host has not answered yet), or None."""
        if not token:
            return None
        with self.lock:
            c = self._claims.get(token_hash(token))
            return c.seat if c is not None else None

    def free_seats(self) -> list[int]:
        with self.lock:
            return [s for s in self.names if s not in self._bound]

    def bound(self) -> tuple[int, ...]:
        with self.lock:
            return tuple(sorted(self._bound))

    def away(self) -> tuple[int, ...]:
        """The phone seats no phone has open now (none joined yet, or its phone went)."""
        with self.lock:
            return tuple(sorted(s for s, live in self._live.items() if live == 0))

    # -- claims (server thread)

    def claim(self, seat: int, old_token: str | None) -> str | None:
        """A phone picked `seat`: a new token for it, and a claim for the host. None if the
        seat is no phone seat or too many claims wait."""
        if seat not in self.names:
            return None
        with self.lock:
            if old_token:  # the same phone asking again: its earlier question goes
                old = self._claims.pop(token_hash(old_token), None)
                self._waiting.pop(token_hash(old_token), None)
                if old is not None:
                    self.sink(ClaimWithdrawn(old.claim))
            if len(self._claims) >= MAX_PENDING:
                return None
            token = secrets.token_urlsafe(TOKEN_BYTES)
            hashed = token_hash(token)
            claim = _Claim(f"phone-{next(self._ids)}", seat, hashed)
            self._claims[hashed] = claim
            takeover = seat in self._bound
        log.info("a phone asks for seat %d (%s)", seat, self.names[seat])

        def answer(accepted: bool) -> None:
            self._answer(claim, accepted)

        def expired() -> None:
            self._expired(claim)

        self.sink(ClaimRequest(claim.claim, seat, self.what, takeover, answer, expired))
        # Away until its page opens the socket: a phone that picked a seat and closed the
        # browser at once does not keep the question on the table.
        self.sink(ClaimAway(claim.claim, True))
        return token

    def waiting(self, hashed: str, delta: int) -> None:
        """A socket of a token whose claim waits opened (+1) or closed (-1) (server thread):
        the table hears when the claim's phone comes or goes."""
        with self.lock:
            claim = self._claims.get(hashed)
            if claim is None:
                self._waiting.pop(hashed, None)
                return
            before = self._waiting.get(hashed, 0)
            now = max(0, before + delta)
            self._waiting[hashed] = now
        if (before > 0) != (now > 0):
            self.sink(ClaimAway(claim.claim, now == 0))

    # -- the host's answers (app loop thread)

    def _expired(self, claim: _Claim) -> None:
        """The app gave up on the claim (its phone went away, or no answer in time)."""
        with self.lock:
            if self._claims.get(claim.hashed) is not claim:
                return
            del self._claims[claim.hashed]
            self._waiting.pop(claim.hashed, None)
        self._tell(Outcome(claim.seat, "expired", claim.hashed))

    def _answer(self, claim: _Claim, accepted: bool) -> None:
        news: list[Outcome] = []
        old: str | None = None
        with self.lock:
            if self._claims.get(claim.hashed) is not claim:
                return  # withdrawn meanwhile
            del self._claims[claim.hashed]
            self._waiting.pop(claim.hashed, None)
            if accepted:
                old = self._bound.get(claim.seat)
                self._bound[claim.seat] = claim.hashed
                try:
                    self._save()  # fsynced before the phone hears it
                except OSError as exc:  # not saved, not given: a power cut would lose it
                    log.error("cannot save %s (%s): the phone is refused", self.path,
                              exc.strerror)
                    self._bound.pop(claim.seat)
                    if old is not None:
                        self._bound[claim.seat] = old
                    accepted = False
            if accepted:
                if old is not None:
                    news.append(Outcome(claim.seat, "taken", old))
                news.append(Outcome(claim.seat, "accepted", claim.hashed))
            else:
                news.append(Outcome(claim.seat, "refused", claim.hashed))
        for n in news:
            self._tell(n)

    def release(self, seat: int) -> None:
        with self.lock:
            old = self._bound.pop(seat, None)
            if old is None:
                return
            try:
                self._save()
            except OSError as exc:  # the phone loses the seat now; after a restart it would
                log.error("cannot save %s (%s)", self.path, exc.strerror)  # hold it again
        self._tell(Outcome(seat, "released", old))

    def _tell(self, outcome: Outcome) -> None:
        if self.notify is not None:
            self.notify(outcome)

    # -- connections and keys (server thread)

    def connected(self, seat: int, delta: int) -> None:
        """A socket of `seat` opened (+1) or closed (-1); the table hears when the seat's
        first socket opens or its last one closes."""
        with self.lock:
            before = self._live[seat]
            self._live[seat] = max(0, before + delta)
            now_live = self._live[seat] > 0
        if (before > 0) != now_live:
            self.sink(BoxStatus(seat, now_live))

    def key(self, seat: int, key: Key, down: bool) -> None:
        # No bounce on a touch screen: the edge is final, like a serial box's.
        self.sink(KeyEdge(seat, key, down, self.clock(), debounced=True))

    def announce(self) -> None:
        """At start every phone seat is away until its phone connects."""
        for seat in self.names:
            self.sink(BoxStatus(seat, False))
