"""Keyboard and host key press to frame, black-box: `companion run` in its own process on an
Xvfb X server, keys pressed through XTest, the frame seen as X Damage on the app's window.

Nothing of the app is touched: the bench writes a config and a journal, starts the CLI, finds
its window, and asks the X server to report damage to it. A sample runs from the moment the
bench sends a key edge to the moment the server reports the window drawn.
- 4 seats, Camel Up: every seat locks a bid of 0 with an OK tap (timed from the release:
  OK acts on release); the fourth lock reveals a tie and the auction restarts, so the table
  changes on every tap. The host's Left/Right (timed from the press) page the host menu,
  whose entry the table shows.
- 18 seats, Mega Civilization: 17 seats enter their cities with an OK tap (public, shown at
  once); the app is then restarted on the same prepared journal for the next round. The host's
  keys as above.
Then, with the table waiting and nobody pressing, the app's CPU over a few seconds.
Target: p99 <= 8 ms (half a 60 Hz frame); idle CPU no higher than 0.005 of a core.

The journal lives on tmpfs (/dev/shm) here, so the figure is the app's own latency: every
accepted entry is fsynced before it is shown (journal first), and what that costs depends on
the disk, so the bench measures this machine's fsync on its own line (paging the host menu
journals nothing).

Needs the Debian packages xvfb (and python-xlib from PyPI); without them it says so and skips.
Run: .venv/bin/python -m bench.latency_keys [--presses N]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.common import p99, percentiles

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 8.0
IDLE_TARGET = 0.005
WAIT_FRAME = 1.0
IDLE_SECONDS = 15.0  # /proc counts CPU in 10 ms ticks: 0.005 of a core is 7 ticks here
X_NAMES = {",": "comma", ".": "period", "-": "minus", "=": "equal", "[": "bracketleft",
           "]": "bracketright", "return": "Return", "left": "Left", "right": "Right"}


def fsync_ms(folder: Path, n: int = 40) -> list[float]:
    """What one journal line's write and fsync costs on the disk holding `folder`."""
    path = folder / "fsync-probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    out = []
    try:
        for _ in range(n):
            t0 = time.perf_counter()
            os.write(fd, b'{"seq":1,"type":"enter","seat":0,"value":0}\n')
            os.fsync(fd)
            out.append((time.perf_counter() - t0) * 1000)
    finally:
        os.close(fd)
        path.unlink()
    return out


def missing() -> str | None:
    if shutil.which("Xvfb") is None:
        return "Xvfb is not installed (Debian: apt-get install xvfb)"
    try:
        import Xlib  # noqa: F401
    except ImportError:
        return "python-xlib is not installed (pip install python-xlib, or .[bench])"
    return None


@contextlib.contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    n = next(n for n in range(70, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists()
             and not Path(f"/tmp/.X{n}-lock").exists())
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24",
                             "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{n}").exists():
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("Xvfb did not start")
            time.sleep(0.05)
        yield f":{n}"
    finally:
        proc.terminate()
        proc.wait(5)


def x_key(name: str) -> str:
    if name.startswith("f") and name[1:].isdigit():
        return name.upper()
    return X_NAMES.get(name, name)


class Window:
    """The app's window as the X server sees it: XTest key edges in, damage reports out."""

    def __init__(self, display_name: str, timeout: float = 30.0) -> None:
        from Xlib import X, display, error
        from Xlib.ext import damage

        self.X = X
        self.d = display.Display(display_name)
        self.d.damage_query_version()  # type: ignore[attr-defined]
        root = self.d.screen().root
        deadline = time.monotonic() + timeout
        self.win: Any = None
        while self.win is None:
            for child in root.query_tree().children:
                try:
                    viewable = child.get_attributes().map_state == X.IsViewable
                except error.BadWindow:  # a window the app made and dropped while starting
                    continue
                if viewable:
                    self.win = child
            if self.win is None:
                if time.monotonic() > deadline:
                    raise RuntimeError("the app's window did not appear")
                time.sleep(0.05)
        self.damage = self.win.damage_create(damage.DamageReportNonEmpty)
        self.event_type = self.d.extension_event.DamageNotify  # type: ignore[attr-defined]
        self.win.set_input_focus(X.RevertToParent, X.CurrentTime)
        self.d.sync()

    def keycode(self, name: str) -> int:
        from Xlib import XK

        sym = XK.string_to_keysym(x_key(name))
        code: int = self.d.keysym_to_keycode(sym)
        if not code:
            raise RuntimeError(f"no keycode for {name!r}")
        return code

    def settle(self, quiet: float = 0.15, limit: float = 3.0) -> None:
        """Drain damage until the window has been quiet for `quiet` seconds."""
        end = time.monotonic() + limit
        last = time.monotonic()
        while time.monotonic() < end and time.monotonic() - last < quiet:
            if self._damaged(0.02):
                last = time.monotonic()

    def _damaged(self, timeout: float) -> bool:
        import select

        end = time.monotonic() + timeout
        while True:
            while self.d.pending_events():
                ev = self.d.next_event()
                if ev.type == self.event_type:
                    self.d.damage_subtract(self.damage)  # type: ignore[attr-defined]
                    self.d.flush()
                    return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            select.select([self.d.fileno()], [], [], left)

    def edge(self, name: str, down: bool) -> float:
        from Xlib.ext import xtest

        code = self.keycode(name)
        t0 = time.perf_counter()
        xtest.fake_input(self.d, self.X.KeyPress if down else self.X.KeyRelease, code)
        self.d.flush()
        return t0

    def timed(self, name: str, on_release: bool) -> float | None:
        """Press and release `name`; ms from the timed edge to the next damage, or None."""
        if on_release:
            self.edge(name, True)
            time.sleep(0.03)  # a finger's press; OK acts on release
            while self._damaged(0):  # whatever the press itself drew is not the sample
                pass
            t0 = self.edge(name, False)
        else:
            t0 = self.edge(name, True)
        got = self._damaged(WAIT_FRAME)
        took = (time.perf_counter() - t0) * 1000
        if not on_release:
            time.sleep(0.03)
            self.edge(name, False)
        self.settle(0.06)
        return took if got else None

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the window may be gone with the app
            self.d.damage_destroy(self.damage)  # type: ignore[attr-defined]
        self.d.close()


def seat_keys(seat: int) -> tuple[str, str, str]:
    from companion.boxes.keyboard_box import SEAT_KEYS

    keys: tuple[str, str, str] = SEAT_KEYS[seat]
    return keys


def prepare(folder: Path, game_id: str, seats: int) -> tuple[Path, Path]:
    """A config for keyboard seats and host, and the journal the app resumes."""
    from bench.journals import TABLES
    from companion.app.journal import setup_to_json
    from companion.engine.actions import Host, action_to_json
    from companion.engine.game import resolve_options
    from companion.engine.history import Setup
    from companion.engine.registry import get_game
    from companion.engine.seats import DEFAULT_COLOURS, Seat

    game = get_game(game_id)
    names, options = TABLES[game.id]
    names = names[:seats]
    lines = [f'game = "{game.id}"', 'language = "en"', f'journal = "{folder / "j.jsonl"}"',
             "[options]", *(f"{k} = {json.dumps(v)}" for k, v in options.items()),
             "[display]", "size = [1280, 720]", "fullscreen = false", "[host]",
             'box = "keyboard"']
    for i, name in enumerate(names):
        lines += ["[[seat]]", f'name = "{name}"', f'box = "keyboard:{i}"']
    config = folder / "companion.toml"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    setup = Setup(game.id, tuple(Seat(n, DEFAULT_COLOURS[i]) for i, n in enumerate(names)),
                  resolve_options(game, options))
    # Camel Up: an auction running; Mega Civilization: cities to enter, and one host entry
    # standing so that the host menu has two entries to page between (End, Undo).
    actions = ([Host.make("start", card="highest_bet")] if game.id == "camel-up-off-season"
               else [Host.make("adjust", seat=seats - 1, amount=1)])
    journal = folder / "prepared.jsonl"
    rows = [setup_to_json(setup)] + [{"seq": i, **action_to_json(a)}
                                     for i, a in enumerate(actions, start=1)]
    journal.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return config, journal


class App:
    """`companion run` on the Xvfb display, resuming a copy of the prepared journal."""

    def __init__(self, display: str, config: Path, prepared: Path) -> None:
        shutil.copy(prepared, config.parent / "j.jsonl")
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config",
                                      str(config)], cwd=config.parent, env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.window = Window(display)
        self.window.settle(0.5, 10.0)

    def cpu(self) -> float:
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        self.window.close()
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def measure(display: str, game_id: str, seats: int, presses: int,
            folder: Path) -> tuple[list[float], list[float], int, float]:
    config, prepared = prepare(folder, game_id, seats)
    keyboard: list[float] = []
    host: list[float] = []
    missed = 0
    idle = float("nan")
    app = App(display, config, prepared)
    try:
        # Idle first, with the table just drawn and nobody pressing.
        c0, t0 = app.cpu(), time.monotonic()
        time.sleep(IDLE_SECONDS)
        idle = (app.cpu() - c0) / (time.monotonic() - t0)
        while len(host) < presses // 4:
            for name in ("right", "left"):
                took = app.window.timed(name, on_release=False)
                if took is None:
                    missed += 1
                else:
                    host.append(took)
        from companion.app.hostmenu import SHOW_SECONDS

        app.window.settle(SHOW_SECONDS + 0.5, SHOW_SECONDS + 3)  # the menu line goes away
        acting = seats if seats <= 5 else seats - 1  # Mega Civ: one seat holds the phase open
        while len(keyboard) < presses:
            for seat in range(acting):
                took = app.window.timed(seat_keys(seat)[2], on_release=True)
                if took is None:
                    missed += 1
                else:
                    keyboard.append(took)
            if seats > 5:  # every city entered but one: start the round afresh
                app.close()
                app = App(display, config, prepared)
    finally:
        app.close()
    return keyboard, host, missed, idle


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=120)
    args = ap.parse_args()
    why = missing()
    if why is not None:
        print(f"keyboard/host press to frame under Xvfb: NOT MEASURED: {why}")
        return
    shm = "/dev/shm" if Path("/dev/shm").is_dir() else None
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; journal on "
          f"{shm or 'the temp folder'})")
    with xvfb((1280, 720)) as display, tempfile.TemporaryDirectory(dir=shm) as tmp:
        for game, seats in (("camel-up-off-season", 4), ("mega-civilization", 18)):
            keyboard, host, missed, idle = measure(display, game, seats, args.presses, Path(tmp))
            for what, ms in (("keyboard seat OK", keyboard), ("host key", host)):
                if len(ms) < 2:
                    print(f"{what} press to frame, {seats} seats: too few samples ({len(ms)})")
                    continue
                verdict = "OK" if p99(ms) <= TARGET_MS else "OVER"
                print(f"{what} press to frame, {seats} seats, Xvfb 1280x720: {percentiles(ms)}"
                      f"  [{verdict}: target p99 <= {TARGET_MS:.0f} ms]")
            if missed:
                print(f"  ({missed} presses drew no frame within {WAIT_FRAME:.0f} s)")
            verdict = "OK" if idle <= IDLE_TARGET else "OVER"
            print(f"idle CPU of `companion run`, {seats} keyboard seats + host keys, Xvfb: "
                  f"{idle:.4f} of a core  [{verdict}: target <= {IDLE_TARGET}]")
    print(f"journal fsync on this machine's disk ({tempfile.gettempdir()}), added to every "
          f"accepted entry: {percentiles(fsync_ms(Path(tempfile.gettempdir())))}")


if __name__ == "__main__":
    main()
