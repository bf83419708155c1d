"""A real table with phone seats for tests and the bench: the controller, the fsynced
journal and the main loop run in a thread; the phone server listens on 127.0.0.1 on a free
port; the other seats are mock GPIO boxes (gpiozero mock pins). The host's keys are sent as
key edges, like the keyboard's Left / Right / Return."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp

from companion.app.claims import ClaimLog
from companion.app.controller import Controller
from companion.app.journal import Journal, game_identity, read
from companion.app.loop import App
from companion.boxes.mock_rig import MockRig
from companion.boxes.phones import Phones
from companion.boxes.vocabulary import HOST_SEAT, Key, KeyEdge, Quit
from companion.engine.history import History, Setup, replay
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path, name in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromedriver")):
        if shutil.which(path) is None:
            return f"no {name} at {path}"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium package is not installed"
    return None


def wait_until(check: Callable[[], Any], timeout: float = 30.0, what: str = "") -> Any:
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what or check}")
        time.sleep(0.01)


class PhoneTable:
    """`names` seats; those in `phones` play on phones, the rest on mock GPIO boxes. A journal
    already in `tmp` is resumed (a restart), else a new game begins in it."""

    def __init__(self, tmp: Path, names: Sequence[str] = ("Ann", "Bob", "Cy"),
                 phones: Sequence[int] = (0, 1), game: str = "camel-up", lang: str = "en",
                 renderer: Any = None, on_frame: Callable[[], None] | None = None,
                 url: str | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        g = get_game(game)
        self.tmp = tmp
        self.lang = lang
        setup = Setup(g.id, tuple(Seat(n) for n in names))
        self.journal_path = tmp / "journal.jsonl"
        if self.journal_path.exists():  # the Pi is back after a power cut: the game resumes
            loaded = read(self.journal_path)
            assert loaded is not None
            history = replay(g, loaded.setup, loaded.actions)
            self.journal = Journal(self.journal_path)
            self.journal.seq = len(loaded.actions)
        else:
            history = History.start(g, setup)
            self.journal = Journal.create(self.journal_path, setup)
        translate = translator(lang)
        self.controller = Controller(history, self.journal, translate)
        self.claims_log = ClaimLog(tmp / "claims.jsonl", lambda: "2026-01-01T00:00:00Z")
        self.controller.claims.log = self.claims_log
        self.app = App(self.controller, {}, clock, renderer, on_frame=on_frame)
        others = [s for s in range(len(names)) if s not in phones]
        self.rig = MockRig(max(len(others), 1), sink=self.app.sink, clock=clock)
        self.mock_seat = {}
        for n, seat in enumerate(others):
            self.rig.boxes[n].seat = seat
            self.app.boxes[seat] = self.rig.boxes[n]
            self.mock_seat[seat] = n
        self.phones = Phones({s: names[s] for s in phones}, self.app.sink, clock,
                             translate, lang, state_dir=tmp, port=0, listen="127.0.0.1",
                             url=url, game=game_identity(self.journal_path))
        self.app.boxes.update(self.phones.boxes)
        self.controller.claims.binders.append(self.phones.seats)
        self.app.invite = self.phones.invite
        self.phones.start()
        self.thread = threading.Thread(target=self.app.run, name="table", daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.phones.server.bound_port}"

    def host(self, key: Key = Key.OK, hold: float = 0.0) -> None:
        """The host presses (and releases) one of the host keys."""
        # Edges 30 ms apart (the host's keys are debounced, 20 ms), stamped here rather than
        # when sent: a sleep between them could stretch past the 0.8 s of OK held on a
        # loaded machine. The wait after lets the stamps pass before the next key.
        held = max(hold, 0.03)
        now = time.monotonic()
        self.app.sink(KeyEdge(HOST_SEAT, key, True, now))
        self.app.sink(KeyEdge(HOST_SEAT, key, False, now + held))
        time.sleep(held + 0.03)

    def press(self, seat: int, key: Key) -> None:
        """A press and release on a mock GPIO seat's box."""
        n = self.mock_seat[seat]
        self.rig.press(n, key)
        self.rig.release(n, key)

    def pending(self) -> int:
        return len(self.controller.claims.pending)

    def journal_lines(self) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.journal_path.read_text().splitlines()]

    def close(self) -> None:
        self.app.sink(Quit())
        self.thread.join(5)
        self.phones.close()
        self.rig.close()
        self.journal.close()


class Phone:
    """A phone as a program: HTTP with its own cookie jar, then the seat's WebSocket."""

    def __init__(self, base: str) -> None:
        self.base = base
        # unsafe=True: aiohttp keeps no cookies for IP addresses otherwise; browsers do
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.got: list[dict[str, Any]] = []

    async def claim(self, seat: int) -> int:
        async with self.session.post(f"{self.base}/claim", data={"seat": str(seat)},
                                     allow_redirects=False) as r:
            return r.status

    async def connect(self, headers: dict[str, str] | None = None) -> int:
        try:
            self.ws = await self.session.ws_connect(f"{self.base}/ws", headers=headers)
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status
        return 101

    async def send(self, obj: Any) -> None:
        assert self.ws is not None
        await self.ws.send_str(obj if isinstance(obj, str) else json.dumps(obj))

    async def key(self, key: str, down: bool | None = None) -> None:
        if down is None:
            await self.send({"t": "key", "key": key, "down": True})
            await self.send({"t": "key", "key": key, "down": False})
        else:
            await self.send({"t": "key", "key": key, "down": down})

    async def next(self, timeout: float = 30.0) -> dict[str, Any]:
        assert self.ws is not None
        try:
            message = await self.ws.receive(timeout)
        except TimeoutError:
            raise AssertionError(f"no message in {timeout:.1f} s; got {self.got[-5:]}") from None
        assert message.type is aiohttp.WSMsgType.TEXT, message
        obj: dict[str, Any] = json.loads(message.data)
        self.got.append(obj)
        return obj

    async def until(self, check: Callable[[dict[str, Any]], bool],
                    timeout: float = 30.0) -> dict[str, Any]:
        end = asyncio.get_running_loop().time() + timeout
        while True:
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"no such message; got {self.got[-5:]}")
            m = await self.next(left)
            if check(m):
                return m

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.session.close()
