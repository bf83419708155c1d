"""`companion demo --phone`: the demo's first seat played on a phone, for real.

The real phone server (`companion.boxes.phones`) listens on 127.0.0.1; a phone made of
aiohttp's client (`PhoneClient`, its own thread and event loop) picks the seat on the join
page, opens the seat's WebSocket, and waits while the host's OK (a key edge on the host's
keys, as from a host box) accepts it through the app's claim desk. From then on the script's
presses for that seat are WebSocket messages, which the server turns into key edges for the
app, and what the frames show for the seat (its LCD on the table, the phone page beside it)
is what that phone received.

Every step waits for what it caused (the key edge in the app's queue, the pushed state on
the phone), so the demo stays deterministic on its virtual clock, with no browser needed.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp

from ..boxes.vocabulary import InputItem, InputSink, Key, KeyEdge

if TYPE_CHECKING:  # the adapters and the display are imported where they are used
    from ..boxes.phones import Phones
    from ..display.phone_panel import PhoneView

T = TypeVar("T")
WAIT = 10.0  # seconds for the server or the app to answer; more is a fault, said as one
KEY_NAMES = {Key.MINUS: "minus", Key.PLUS: "plus", Key.OK: "ok"}


class EdgeCount:
    """The app's input sink, counting the key edges a seat's box put in: a press sent over
    the WebSocket is done once its edge is in the app's queue."""

    def __init__(self, sink: InputSink, seat: int) -> None:
        self._sink, self.seat = sink, seat
        self.count = 0
        self._cond = threading.Condition()

    def __call__(self, item: InputItem) -> None:
        self._sink(item)
        if isinstance(item, KeyEdge) and item.seat == self.seat:
            with self._cond:
                self.count += 1
                self._cond.notify_all()

    def wait_past(self, count: int) -> None:
        with self._cond:
            if not self._cond.wait_for(lambda: self.count > count, WAIT):
                raise RuntimeError("demo: the phone's key press never reached the table")


class PhoneClient:
    """A phone as a program: its cookie, its seat's WebSocket, the last state it received."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.messages: list[dict[str, Any]] = []
        self._cond = threading.Condition()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="demo-phone",
                                        daemon=True)
        self._thread.start()
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(WAIT)

    def claim(self, seat: int) -> None:
        """Pick `seat` on the join page (the form's POST), then open the seat's socket."""
        self._call(self._claim(seat))

    async def _claim(self, seat: int) -> None:
        # unsafe=True: aiohttp keeps no cookies for an IP address otherwise; browsers do
        self._session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        async with self._session.post(f"{self.base}/claim", data={"seat": str(seat)},
                                      allow_redirects=False) as r:
            if r.status != 303:
                raise RuntimeError(f"demo: the phone's claim got HTTP {r.status}")
        self._ws = await self._session.ws_connect(f"{self.base}/ws")
        self._reader = asyncio.get_running_loop().create_task(self._read(self._ws))

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type is aiohttp.WSMsgType.TEXT:
                with self._cond:
                    self.messages.append(json.loads(message.data))
                    self._cond.notify_all()

    def key(self, key: Key, down: bool) -> None:
        ws = self._ws
        if ws is None:
            raise RuntimeError("demo: the phone has no socket")
        data = json.dumps({"t": "key", "key": KEY_NAMES[key], "down": down})
        self._call(ws.send_str(data))

    def wait_for(self, check: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The first message received so far or next that passes `check`."""
        with self._cond:
            found: list[dict[str, Any]] = []

            def seen() -> bool:
                found[:] = [m for m in self.messages if check(m)][:1]
                return bool(found)

            if not self._cond.wait_for(seen, WAIT):
                raise RuntimeError(f"demo: the phone never got {what}")
            return found[0]

    def last(self) -> dict[str, Any] | None:
        with self._cond:
            return self.messages[-1] if self.messages else None

    def view(self, name: str) -> PhoneView:
        """What the phone's page shows now, from the messages it received."""
        from ..display.phone_panel import PhoneView

        m = self.last()
        if m is None or m.get("t") == "pending":
            return PhoneView(name, note="pending")
        if m.get("t") == "gone":
            return PhoneView(name, note=str(m.get("why")))
        last_state = next((x for x in reversed(self.messages) if x.get("t") == "seat"), None)
        if last_state is None:
            return PhoneView(name)
        lines = last_state["lines"]
        return PhoneView(str(last_state["name"]), (str(lines[0]), str(lines[1])),
                         str(last_state["led"]))

    def close(self) -> None:
        async def shut() -> None:
            if self._ws is not None:
                await self._ws.close()
            if self._reader is not None:
                await self._reader
            if self._session is not None:
                await self._session.close()

        try:
            self._call(shut())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(WAIT)
            self._loop.close()


class PhoneSeat:
    """The demo's phone seat: presses go over the WebSocket; `synced` waits until the phone
    shows what the seat's box holds now (the app updated it after the journal's fsync)."""

    def __init__(self, phones: Phones, seat: int, edges: EdgeCount) -> None:
        self.phones, self.seat, self.edges = phones, seat, edges
        from ..boxes.phone_server import BURST, RATE, Bucket

        self.client = PhoneClient(f"http://127.0.0.1:{phones.server.bound_port}")
        self.bucket = Bucket(rate=RATE * 0.8, burst=BURST / 2, level=BURST / 2)

    @property
    def name(self) -> str:
        return self.phones.seats.names[self.seat]

    def press(self, seat: int, key: Key) -> None:
        self._send(key, True)

    def release(self, seat: int, key: Key) -> None:
        self._send(key, False)

    def _send(self, key: Key, down: bool) -> None:
        # The server limits each socket to RATE messages a second, in real time; the script
        # presses faster on its virtual clock, so the phone keeps under the limit here (the
        # edges still carry the virtual clock's time: the server reads the app's clock).
        while not self.bucket.take():
            time.sleep(0.01)
        before = self.edges.count
        self.client.key(key, down)
        self.edges.wait_past(before)

    def synced(self) -> None:
        if self.seat not in self.phones.seats.bound():
            return  # still waiting for the host: the page says so, nothing more comes
        box = self.phones.boxes[self.seat]
        self.client.wait_for(lambda m: m == box.state() and m is self.client.last(),
                             "the seat's latest state")

    def lines(self) -> tuple[str, str]:
        view = self.client.view(self.name)
        return view.lines

    def view(self) -> PhoneView:
        return self.client.view(self.name)
