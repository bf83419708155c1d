"""Phones: press-to-frame with 18 phone seats on loopback, and idle CPU with 18 phones
connected versus none.

The table is the 18-seat Mega Civilization demo at its calamity count (a sealed round): every
seat is `box = "phone"`, served by the real aiohttp server on 127.0.0.1. The phones already
hold their seats (their tokens are in phones.json, as after a power cut), so no host is
needed. 18 WebSocket clients run on an asyncio loop in a thread of this process (so they
compete with the table for the interpreter: a worst case; real phones are other machines).

Press-to-frame: a phone sends OK down, then OK up (OK acts on release); the time runs from
sending the release to the table frame that shows the seat locked having been drawn. The
host's undo unlocks it before the next sample. A press is lost when no frame shows it or
the phone never hears LOCKED. Target: p99 <= 30 ms, nothing lost.

Idle CPU: the same table with nobody pressing, for `--seconds`, once with no phone
connected and once with 18 phones connected from another process (this process's CPU only).
Target: with phones <= 2x without.

Run: .venv/bin/python -m bench.latency_phones [--presses N] [--seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.common import (
    FrameLog,
    host_undo,
    p99,
    percentiles,
    run_loop_until,
    run_presser,
    wait_for_frame,
)
from companion.app.controller import Controller
from companion.app.journal import Journal, game_identity
from companion.app.loop import App
from companion.boxes.factory import Boxes, BoxFactory
from companion.i18n import translator

TARGET_P99_MS = 30.0
SEATS = 18


def phone_table(state: Path, serve: bool = True) -> tuple[App, Boxes, dict[int, str]]:
    """The 18-seat table at its calamity count, every seat a phone that holds its seat
    (`serve` False: the same table with in-memory boxes and no server at all). The boxes come
    from the one box factory, as `companion run` builds them; close them when done."""
    from companion.app.demos import demo_for, play_until
    from companion.display.renderer import Renderer
    from companion.display.window import open_display

    h = play_until(demo_for("mega-civilization"), after_command="calamities")
    renderer = Renderer(open_display((1280, 720)), translator("en"))
    # A real journal: every lock and undo is fsynced before the phone hears of it.
    journal = Journal.create(state / "journal.jsonl", h.setup)
    app = App(Controller(h, journal, translator("en")), {}, time.monotonic, renderer)
    names = {s: seat.name for s, seat in enumerate(h.setup.seats)}
    # Every phone already holds its seat, granted in this game (kept tokens name the journal
    # they were granted in and the seat's name, as the server saves them).
    game = game_identity(state / "journal.jsonl")
    tokens = {s: secrets.token_urlsafe(24) for s in range(SEATS)}
    saved = {str(s): {"name": names[s], "token": hashlib.sha256(t.encode()).hexdigest()}
             for s, t in tokens.items()}
    (state / "phones.json").write_text(json.dumps({"format": 2, "game": game, "seats": saved}))
    factory = BoxFactory(app.sink, time.monotonic, phone_options={
        "port": 0, "listen": "127.0.0.1", "translate": translator("en"), "lang": "en",
        "state_dir": state, "game": game})
    made = factory.build(((s, "phone" if serve else f"memory:{s}") for s in names), names)
    app.boxes = dict(made.boxes)
    if made.phones is not None:
        app.invite = made.phones.invite
    return app, made, tokens


def bound_url(made: Boxes) -> str:
    assert made.phones is not None
    return f"http://127.0.0.1:{made.phones.server.bound_port}"


class Clients:
    """18 phones on one asyncio loop in a thread: connect, press, and note when LOCKED came."""

    def __init__(self, url: str, tokens: dict[int, str]) -> None:
        self.url, self.tokens = url, tokens
        self.loop = asyncio.new_event_loop()
        self.ws: dict[int, Any] = {}
        self.locked_at: dict[int, list[float]] = {s: [] for s in tokens}
        self.sessions: list[Any] = []
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.call(self._connect())

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    async def _connect(self) -> None:
        import aiohttp

        for seat, token in self.tokens.items():
            s = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
            s.cookie_jar.update_cookies({"companion_seat": token})
            self.sessions.append(s)
            self.ws[seat] = await s.ws_connect(self.url + "/ws")
            self.loop.create_task(self._read(seat))

    async def _read(self, seat: int) -> None:
        async for m in self.ws[seat]:
            data = json.loads(m.data)
            if data.get("t") == "seat" and data["led"] == "blink":
                self.locked_at[seat].append(time.perf_counter())

    def send(self, seat: int, down: bool) -> None:
        msg = json.dumps({"t": "key", "key": "ok", "down": down})
        self.call(self.ws[seat].send_str(msg))

    def close(self) -> None:
        async def shut() -> None:
            for ws in self.ws.values():
                await ws.close()
            for s in self.sessions:
                await s.close()

        self.call(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)


def measure(presses: int) -> tuple[list[float], list[float], int]:
    with tempfile.TemporaryDirectory() as tmp:
        app, made, tokens = phone_table(Path(tmp))
        url = bound_url(made)
        frame_at = FrameLog()
        app.on_frame = frame_at.record
        frames: list[float] = []
        confirms: list[float] = []
        lost = 0
        clients: list[Clients] = []

        def presser() -> None:
            nonlocal lost
            clients.append(Clients(url, tokens))
            c = clients[0]
            time.sleep(0.5)  # every phone has its first state
            for i in range(presses):
                seat = (i * 7) % SEATS
                heard = len(c.locked_at[seat])
                c.send(seat, True)
                time.sleep(0.03)
                before = len(frame_at)
                t0 = time.perf_counter()
                c.send(seat, False)
                took = wait_for_frame(frame_at, before, t0)
                end = time.perf_counter() + 1.0
                while len(c.locked_at[seat]) == heard and time.perf_counter() < end:
                    time.sleep(0.0002)
                if took is None or len(c.locked_at[seat]) == heard:
                    lost += 1
                else:
                    frames.append(took)
                    confirms.append((c.locked_at[seat][heard] - t0) * 1000)
                host_undo(app)

        run_presser(app, presser)
        clients[0].close()
        made.close()
        return frames, confirms, lost


CLIENT = """
import asyncio, json, sys, aiohttp
async def main(url, tokens):
    sessions, sockets = [], []
    for token in tokens:
        s = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        s.cookie_jar.update_cookies({"companion_seat": token})
        sessions.append(s)
        sockets.append(await s.ws_connect(url + "/ws"))
    print("connected", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for ws in sockets: await ws.close()
    for s in sessions: await s.close()
asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
"""


def idle_cpu(seconds: float, connect: bool, serve: bool = True) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        app, made, tokens = phone_table(Path(tmp), serve)
        proc = None
        if connect:
            url = bound_url(made)
            proc = subprocess.Popen([sys.executable, "-c", CLIENT, url,
                                     json.dumps(list(tokens.values()))],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None and proc.stdout.readline().strip() == "connected"
        done = threading.Event()
        # The collector's schedule starts as `companion run`'s does, with a full collection
        # (of everything this process made before, the tables measured earlier too), then
        # the connections' first states are drawn and sent: start-up, not idling.
        with app.collecting_when_idle():
            end = time.monotonic() + 1.0
            while time.monotonic() < end:
                app.run_once(0.05)
            cpu0 = time.process_time()
            threading.Timer(seconds, done.set).start()
            run_loop_until(app, done)
            used = (time.process_time() - cpu0) / seconds
        if proc is not None:
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait(10)
        made.close()
        return used


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=10.0)
    args = ap.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    frames, confirms, lost = measure(args.presses)
    ok = frames and p99(frames) <= TARGET_P99_MS and lost == 0
    print(f"phone press-to-frame, {SEATS} phone seats on loopback, 1280x720: "
          f"{percentiles(frames)}  lost={lost}  "
          f"[{'OK' if ok else 'OVER'}: target p99 <= {TARGET_P99_MS:.0f} ms, none lost]")
    print(f"phone press-to-LOCKED on the phone (journal written first): {percentiles(confirms)}")
    without = idle_cpu(args.seconds, connect=False)
    with_phones = idle_cpu(args.seconds, connect=True)
    boxes = idle_cpu(args.seconds, connect=False, serve=False)
    base = min(boxes, without)  # the stricter of the two "without" figures
    ratio = with_phones / base if base else float("inf")
    verdict = "OK" if with_phones <= 2 * base else "OVER"
    print(f"idle CPU over {args.seconds:.0f} s (fraction of one core): in-memory boxes, no "
          f"server {boxes:.4f}; server, no phone connected {without:.4f}; {SEATS} phones "
          f"connected {with_phones:.4f} (x{ratio:.2f})  [{verdict}: target <= 2x]")


if __name__ == "__main__":
    main()
