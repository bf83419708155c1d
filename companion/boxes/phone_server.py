"""The phones' web server: aiohttp (HTTP and WebSocket) on its own thread and event loop.

Routes: `/` lists the phone seats (HTML), `POST /claim` picks one (a token cookie, and a
claim the host must accept), `/seat` is the seat's box page, `/ws` its WebSocket, `/static/`
the page's script and style. Everything a phone needs is served from here.

The rules this module keeps:
- a seat's messages go only to sockets that opened with the token the seat holds now; a
  wrong or missing token gets 403 and changes nothing;
- a request from another site (its Origin is not this server, or Sec-Fetch-Site says
  cross-site) gets 403: another page in the phone's browser cannot claim or press;
- a request whose Host is not one of this table's own names gets 421 (DNS rebinding: a page
  of another site whose name was pointed at the Pi would otherwise count as "same origin").
  Allowed: localhost and loopback, the IP address the request arrived on (or any address of
  the Pi's interfaces), the machine's name and `<name>.local`, the listen address and the
  host of the configured `[phones] url`: exactly what the QR code and the README give out;
- each socket may send `RATE` messages a second (a burst of `BURST`); more, or a message
  that is not `{"t": "key", "key": "minus"|"plus"|"ok", "down": true|false}`, gets an
  error message back and changes nothing;
- no token, cookie or seat text is written to the log; no access log.

Key presses become `KeyEdge`s on the app's input sink, like any box's; what the phone shows
comes back through the seat's `PhoneSeatBox`, which the app updates only after the journal
line is fsynced.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from ..engine.text import Msg, msg
from .phone_box import MAX_PENDING, Outcome, PhoneSeats, token_hash
from .phone_hosts import own_host, own_names
from .phone_page import Pages, asset
from .vocabulary import Key

log = logging.getLogger(__name__)

COOKIE = "companion_seat"
COOKIE_DAYS = 30
RATE = 20.0  # messages a second per socket: a thumb on three buttons never needs more
BURST = 40
KEYS = {"minus": Key.MINUS, "plus": Key.PLUS, "ok": Key.OK}
ASSETS = {"phone.js": "text/javascript", "phone.css": "text/css"}
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # "no-referrer" would make form posts say Origin: null
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    "Cache-Control": "no-store",
    "Server": "companion",  # not aiohttp's name and version: nothing to look up for a visitor
}


def same_origin(request: web.Request) -> bool:
    """True unless the browser says the request comes from another site."""
    origin = request.headers.get("Origin")
    if origin is None:
        return request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()


@dataclass
class Bucket:
    """Token bucket: `take()` is False once a socket sends faster than RATE (BURST ahead)."""

    rate: float = RATE
    burst: float = BURST
    level: float = BURST
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Conn:
    """One open socket: its token's hash, its seat once accepted, and an ordered outbox."""

    def __init__(self, ws: web.WebSocketResponse, hashed: str) -> None:
        self.ws = ws
        self.hashed = hashed
        self.seat: int | None = None
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.bucket = Bucket()

    def send(self, message: dict[str, Any] | None) -> None:
        self.outbox.put_nowait(message)  # None closes the socket after what is queued

    async def writer(self) -> None:
        while True:
            message = await self.outbox.get()
            if message is None or self.ws.closed:
                await self.ws.close()
                return
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.send_str(json.dumps(message, ensure_ascii=False))


class PhoneServer:
    """Serves the phone seats of one table on `host:port` from a thread of its own."""

    def __init__(self, seats: PhoneSeats, pages: Pages, host: str | None, port: int,
                 url: str | None = None) -> None:
        self.seats = seats
        self.pages = pages
        self.host = host or None  # None: every interface, IPv4 and IPv6
        self.port = port
        self.names = own_names(host, url)  # the Host names this server answers to
        self.error: Msg | None = None  # the table's banner when the server cannot run
        self._conns: set[Conn] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._stop: asyncio.Event | None = None
        self._dirty: set[int] = set()
        self._dirty_lock = threading.Lock()
        seats.push = self._push
        seats.notify = self._notify

    # -- life cycle (app thread)

    def start(self, timeout: float = 10.0) -> None:
        """Start serving; on failure (port in use) `error` says why and the table goes on."""
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._started.wait(timeout)
        if self.error is not None:
            log.error("phones: %s", self.error.render())

    def close(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(5.0)

    @property
    def bound_port(self) -> int:
        """The port actually listened on (tests ask for port 0: any free one)."""
        assert self._runner is not None
        for addr in self._runner.addresses:
            if isinstance(addr, tuple):
                return int(addr[1])
        return self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        finally:
            self._started.set()
            loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        app = web.Application(client_max_size=4096,
                              middlewares=[_headers, self._host_check])
        app.add_routes([web.get("/", self.join), web.post("/claim", self.claim),
                        web.get("/seat", self.seat_page), web.get("/ws", self.socket),
                        web.get("/static/{name}", self.static)])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port, reuse_address=True).start()
        except OSError as exc:
            self.error = msg("Phones: cannot listen on port {port} ({why})", port=self.port,
                             why=exc.strerror or str(exc))
            await self._runner.cleanup()
            return
        log.info("phones: listening on port %d", self.bound_port)
        self._started.set()
        await self._stop.wait()
        for conn in list(self._conns):
            conn.send(None)
        await self._runner.cleanup()

    # -- pushes from the app thread

    def _push(self, seat: int) -> None:
        """The seat's text or LED changed (app thread). The LCD text and the LED of one
        update arrive back to back: one flush on the server's loop sends both at once."""
        loop = self._loop
        with self._dirty_lock:
            first = not self._dirty
            self._dirty.add(seat)
        if first and loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop stopped meanwhile
                loop.call_soon_threadsafe(self._flush)

    def _flush(self) -> None:
        with self._dirty_lock:
            dirty, self._dirty = self._dirty, set()
        for seat in dirty:
            state = self.seats.boxes[seat].state()
            for conn in self._conns:
                if conn.seat == seat:
                    conn.send(state)

    def _notify(self, outcome: Outcome) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._apply, outcome)

    def _apply(self, outcome: Outcome) -> None:
        for conn in list(self._conns):
            if conn.hashed != outcome.hashed:
                continue
            if outcome.kind == "accepted":
                self._seat_conn(conn, outcome.seat)
            else:
                self._drop(conn, outcome.kind)

    def _seat_conn(self, conn: Conn, seat: int) -> None:
        conn.seat = seat
        self.seats.connected(seat, +1)
        conn.send(self.seats.boxes[seat].state())

    def _drop(self, conn: Conn, why: str) -> None:
        """Tell the phone why it has no seat (refused, taken over, released) and close."""
        if conn.seat is not None:
            self.seats.connected(conn.seat, -1)
            conn.seat = None
        conn.hashed = ""
        conn.send({"t": "gone", "why": why})
        conn.send(None)

    # -- HTTP

    @web.middleware
    async def _host_check(self, request: web.Request,
                          handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        if not own_host(request, self.names):
            log.warning("phones: refused a request for another host name")  # not which one
            return self._refuse(421, msg("Refused: this address is not the table's. Open the "
                                         "address the table screen shows."))
        response: web.StreamResponse = await handler(request)
        return response

    def _token(self, request: web.Request) -> str | None:
        return request.cookies.get(COOKIE)

    async def join(self, request: web.Request) -> web.Response:
        free = set(self.seats.free_seats())
        mine = self.seats.seat_of(self._token(request))
        names = self.seats.names
        page = self.pages.join([(s, n) for s, n in names.items() if s in free],
                               [(s, n) for s, n in names.items() if s not in free],
                               names[mine] if mine is not None else None)
        return web.Response(text=page, content_type="text/html")

    def _refuse(self, status: int, why: Msg) -> web.Response:
        return web.Response(status=status, text=self.pages.refused(why),
                            content_type="text/html")

    async def claim(self, request: web.Request) -> web.Response:
        if not same_origin(request):
            return self._refuse(403, msg("Refused: this request came from another site."))
        form = await request.post()
        raw = form.get("seat")
        if not isinstance(raw, str) or not raw.isdigit() or int(raw) not in self.seats.names:
            return self._refuse(400, msg("No such seat: pick one from the list."))
        token = self.seats.claim(int(raw), self._token(request))
        if token is None:
            return self._refuse(429, msg("{n} phones already wait for the host: try again "
                                         "in a moment.", n=MAX_PENDING))
        response = web.Response(status=303, headers={"Location": "/seat"})
        response.set_cookie(COOKIE, token, max_age=COOKIE_DAYS * 86400, path="/",
                            httponly=True, samesite="Strict")
        return response

    async def seat_page(self, request: web.Request) -> web.Response:
        token = self._token(request)
        seat = self.seats.seat_of(token)
        if seat is None:
            seat = self.seats.claim_of(token)
        if seat is None:
            return self._refuse(403, msg("This phone holds no seat."))
        return web.Response(text=self.pages.seat(self.seats.names[seat]),
                            content_type="text/html")

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in ASSETS:
            raise web.HTTPNotFound()
        return web.Response(body=asset(name), content_type=ASSETS[name], charset="utf-8")

    # -- WebSocket

    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request):
            return self._refuse(403, msg("Refused: this request came from another site."))
        token = self._token(request)
        seat = self.seats.seat_of(token)
        waiting = self.seats.claim_of(token) if seat is None else None
        if token is None or (seat is None and waiting is None):
            return self._refuse(403, msg("This phone holds no seat."))
        ws = web.WebSocketResponse(heartbeat=25.0, max_msg_size=1024)
        await ws.prepare(request)
        conn = Conn(ws, token_hash(token))
        self._conns.add(conn)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        if seat is not None:
            self._seat_conn(conn, seat)
        else:
            self.seats.waiting(conn.hashed, +1)  # the claim's phone is here
            conn.send({"t": "pending"})
        try:
            async for message in ws:
                if message.type is WSMsgType.TEXT:
                    self._on_text(conn, message.data)
                elif message.type is WSMsgType.BINARY:
                    conn.send(self._error(msg("Send text messages only.")))
        finally:
            self._conns.discard(conn)
            if conn.seat is not None:
                self.seats.connected(conn.seat, -1)
                conn.seat = None
            elif conn.hashed:  # still waiting for the host: its phone left
                self.seats.waiting(conn.hashed, -1)
            conn.send(None)
            await writer
        return ws

    def _error(self, text: Msg) -> dict[str, Any]:
        return {"t": "error", "text": text.render(self.pages.translate)}

    def _on_text(self, conn: Conn, data: str) -> None:
        if not conn.bucket.take():
            conn.send(self._error(msg("Too many presses at once: slow down.")))
            return
        try:
            obj = json.loads(data)
        except ValueError:
            obj = None
        if (not isinstance(obj, dict) or obj.get("t") != "key" or obj.get("key") not in KEYS
                or not isinstance(obj.get("down"), bool)):
            conn.send(self._error(msg("Not understood: the page sends key presses only.")))
            return
        if conn.seat is None:
            conn.send(self._error(msg("Wait for the host to accept this phone.")))
            return
        self.seats.key(conn.seat, KEYS[obj["key"]], obj["down"])


@web.middleware
async def _headers(request: web.Request,
                   handler: Callable[[web.Request], Any]) -> web.StreamResponse:
    try:
        response: web.StreamResponse = await handler(request)
    except web.HTTPException as exc:
        exc.headers.update(SECURITY_HEADERS)
        raise
    if not response.prepared:  # a WebSocket has already sent its headers
        response.headers.update(SECURITY_HEADERS)
    return response
