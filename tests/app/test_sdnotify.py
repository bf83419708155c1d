"""The systemd watchdog: the notifier's datagrams on a real unix socket, and `companion run`
under a stand-in for systemd (the socket and WATCHDOG_USEC in its environment) saying READY,
then WATCHDOG=1 from its idle loop, then STOPPING on SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.app.sdnotify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    s.settimeout(10)
    try:
        yield s, path
    finally:
        s.close()


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


def test_ready_then_watchdog_at_the_asked_pace(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    clock = Clock()
    n = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000"}, clock)
    assert n.interval == 10.0  # half of systemd's 20 s
    assert n.ready("camel-up, 4 seats")
    assert sock.recv(256) == b"READY=1\nWATCHDOG=1\nSTATUS=camel-up, 4 seats"
    sock.setblocking(False)
    clock.now += 4.9
    n.alive()  # too soon after READY: no datagram
    with pytest.raises(BlockingIOError):
        sock.recv(256)
    clock.now += 0.1
    n.alive()
    assert sock.recv(256) == b"WATCHDOG=1"
    n.alive()  # a busy loop's next pass: still only one ping per half interval
    with pytest.raises(BlockingIOError):
        sock.recv(256)
    assert n.stopping()
    assert sock.recv(256) == b"STOPPING=1"


def test_abstract_socket_names() -> None:
    name = f"companion-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.bind("\0" + name)
        s.settimeout(5)
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).send("READY=1")
        assert s.recv(64) == b"READY=1"


def test_outside_systemd_nothing_happens() -> None:
    n = Notifier({})
    assert not n.enabled and n.interval is None
    assert not n.ready() and not n.stopping()
    n.alive()


def test_another_processs_watchdog_is_not_ours(listener: tuple[socket.socket, str]) -> None:
    _, path = listener
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}
    assert Notifier(env).interval is None
    env["WATCHDOG_PID"] = str(os.getpid())
    assert Notifier(env).interval == 10.0


def test_a_dead_socket_is_said_once_and_never_raises(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    n = Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone"), "WATCHDOG_USEC": "2000000"})
    assert not n.ready()
    n.alive()
    assert capsys.readouterr().err.count("cannot notify systemd") == 1


TableConfig = Callable[..., Path]  # the fixture in conftest.py
MOCKS = ("mock:0", "mock:1", "mock:2")


@pytest.mark.slow  # `companion run` in a subprocess
def test_the_running_table_pings_the_watchdog_while_idle(
        tmp_path: Path, listener: tuple[socket.socket, str], table_config: TableConfig) -> None:
    sock, path = listener
    table_config(MOCKS)
    # WatchdogSec=1: pings are due every 0.5 s, and the idle loop (mock boxes, nobody
    # pressing) must wake for them by itself.
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000000",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config",
                             str(tmp_path / "c.toml")], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = sock.recv(256)
        assert first.startswith(b"READY=1\nWATCHDOG=1"), first
        started = time.monotonic()
        pings = [sock.recv(256) for _ in range(4)]
        took = time.monotonic() - started
        assert pings == [b"WATCHDOG=1"] * 4
        # Four pings, each due 0.25-0.5 s after the last: about a second, never a flood.
        assert 0.7 <= took < 8, took
        proc.send_signal(signal.SIGTERM)
        tail = b""
        while tail != b"STOPPING=1":
            tail = sock.recv(256)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        _, err = proc.communicate()
    assert "Traceback" not in err, err


def test_an_idle_loop_wakes_for_the_watchdog_and_pings_each_pass(
        table_config: TableConfig) -> None:
    """With no tick and no deadline the loop would sleep until input; the watchdog caps it."""
    from companion.app.config import load_config
    from companion.app.controller import Controller
    from companion.app.loop import App
    from companion.app.runner import open_history
    from companion.boxes.vocabulary import Quit
    from companion.i18n import translator

    cfg = load_config(table_config(("keyboard:0", "keyboard:1", "keyboard:2")))
    history, journal, _ = open_history(cfg, cfg.journal)
    clock = Clock()
    app = App(Controller(history, journal, translator("en")), {}, clock)
    try:
        assert app.timeout() is None  # idle: it would sleep for ever
        passes: list[int] = []

        def alive() -> None:
            passes.append(1)
            if len(passes) == 3:
                app.sink(Quit())  # ends the next pass

        app.alive, app.alive_every = alive, 0.05
        assert app.timeout() == 0.05
        app.tick = 1 / 30
        assert app.timeout() == pytest.approx(1 / 30)  # the shorter cap wins
        app.tick = None
        runner = threading.Thread(target=app.run, daemon=True)
        runner.start()
        runner.join(timeout=10)  # without the cap the idle loop would sleep here for ever
        assert not runner.is_alive()
        assert len(passes) == 4  # three idle wake-ups, then the pass that took the Quit
    finally:
        journal.close()
