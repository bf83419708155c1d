"""What one input costs the loop, by the kind of frame it leads to, at 4 and 18 seats.

The loop's whole pass (`App.run_once`: the input, the controller, the boxes' LCD and LED
updates, drawing and pushing the frame) is timed in CPU time of this process, so other
processes on a shared machine do not count (on a quiet machine it is the wall time), on SDL's
dummy driver at 1280x720, with a virtual clock so the key edges' timing is exact:
- value change: a seat locks its entry and the table shows it (one seat's card changes);
- phase change: the last seat's entry ends the phase (reveal, new panels, every seat);
- no frame: a PLUS press that moves only the seat's own draft (its LCD), no table change.
4 seats: Camel Up, the bids of a "highest bet" auction (all 0: a tie, the auction restarts).
18 seats: Mega Civilization, the cities of a turn (the last entry starts the trade-card
draw); the host's undo takes the entries back between rounds (not timed).
Target: a phase-change frame <= 8 ms at 18 seats (half a 60 Hz frame).

Each table plays its rounds in a fresh process, PROCESSES times, the two tables taking
turns, and the process with the lowest median is the figure (the others' maxima are
printed beside it). A shared machine slows a whole process for seconds at a time: in one
full run the 4-seat reveal read 9.3 ms median where the runs around read 4.8, with the
same instructions (bench.instructions); the best of several processes, as in
bench.replay, is the code's own figure.

The repeated round above draws the same views again, which the table screen's layout memo
remembers; so the realistic 18-seat figure is the Mega Civilization demo's own frames: the
whole scripted game (18 seats on in-memory boxes, the host's lines, long panels split
into pages), every `TableScreen.draw` timed in CPU, at 1280x720 and 800x480.
Its p99 is held to the target (its max includes the frames that make new fonts).

Run: .venv/bin/python -m bench.frames [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import NAMES
from bench.journals import CIVS, table_setup
from companion.app.controller import Controller
from companion.app.loop import App
from companion.boxes.factory import BoxFactory
from companion.boxes.vocabulary import HostInput, Key, KeyEdge
from companion.display.renderer import Renderer
from companion.display.window import open_display
from companion.engine.actions import Host
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.i18n import translator

TARGET_MS = 8.0
PROCESSES = 5  # fresh processes per table (see the docstring)
ROOT = Path(__file__).resolve().parent.parent
TABLES = (("camel-up-off-season", 4), ("mega-civilization", len(CIVS)))


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(game_id: str, seats: int, clock: Clock) -> App:
    game = get_game(game_id)
    if game.id == "mega-civilization":
        setup = table_setup(game.id)
        setup = Setup(setup.game, setup.seats[:seats], setup.options)
    else:
        setup = Setup(game.id, tuple(Seat(NAMES[i], DEFAULT_COLOURS[i]) for i in range(seats)),
                      {"start_coins": 40})
    history = History.start(game, setup)
    if game.id == "camel-up-off-season":
        history.apply(Host.make("start", card="highest_bet"))
    translate = translator("en")
    app = App(Controller(history, None, translate), {}, clock,
              Renderer(open_display((1280, 720)), translate, clock=clock))
    made = BoxFactory(app.sink, clock).build([(s, f"memory:{s}") for s in range(seats)])
    app.boxes = dict(made.boxes)
    app.render()
    return app


def tap(app: App, clock: Clock, seat: int, key: Key, last: bool = False) -> tuple[float, str]:
    """Press and release `key`; the timed pass is the one that handles the acting edge.
    `last`: this entry ends the round (the reveal, the next phase)."""
    frames = app.frames
    timed = 0.0
    for down in (True, False):
        app.sink(KeyEdge(seat, key, down, clock.now))
        clock.now += 0.05  # past the debounce window
        t0 = time.process_time()
        app.run_once(0)
        took = (time.process_time() - t0) * 1000
        if down == (key is not Key.OK):  # PLUS acts on the press, OK on the release
            timed = took
    drew = app.frames > frames
    kind = "no frame" if not drew else "phase change" if last else "value change"
    return timed, kind


def measure(game_id: str, seats: int, rounds: int) -> dict[str, list[float]]:
    """The first round apart: its frames draw every text for the first time (the font
    cache is cold), which a table meets once per new text, not on every press."""
    clock = Clock()
    app = table(game_id, seats, clock)
    out: dict[str, list[float]] = {"value change": [], "phase change": [], "no frame": [],
                                   "phase change, first round": []}
    for n in range(rounds + 1):
        for seat in range(seats):
            took, kind = tap(app, clock, seat, Key.PLUS)
            if n:
                out[kind].append(took)
            tap(app, clock, seat, Key.MINUS)  # back to 0 (not timed)
            took, kind = tap(app, clock, seat, Key.OK, last=seat == seats - 1)
            if n == 0:
                if kind == "phase change":
                    out["phase change, first round"].append(took)
                continue
            out[kind].append(took)
        if game_id == "mega-civilization":
            for _ in range(seats):  # every city entry undone: the same round again
                app.sink(HostInput("undo"))
                clock.now += 0.01
                app.run_once(0)
            clock.now += 10  # banners and flashes gone
            app.run_once(0)
    return out


def demo_frames(size: tuple[int, int]) -> list[float]:
    """CPU ms of every table-screen draw while the Mega Civilization demo plays headless."""
    import tempfile
    from pathlib import Path

    from companion.app.demo import play
    from companion.app.demos import demo_for
    from companion.display.table_screen import TableScreen

    took: list[float] = []
    draw = TableScreen.draw

    def timed(self: TableScreen, *args: Any, **kwargs: Any) -> Any:
        t0 = time.process_time()
        try:
            return draw(self, *args, **kwargs)
        finally:
            took.append((time.process_time() - t0) * 1000)

    TableScreen.draw = timed  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as folder:
            play(demo_for("mega-civilization"), Path(folder), size, False, "en")
    finally:
        TableScreen.draw = draw  # type: ignore[method-assign]
    return took


def in_processes(rounds: int) -> dict[tuple[str, int], list[dict[str, list[float]]]]:
    """`measure` of each table in PROCESSES fresh processes, the tables taking turns."""
    runs: dict[tuple[str, int], list[dict[str, list[float]]]] = {t: [] for t in TABLES}
    for _ in range(PROCESSES):
        for game, seats in TABLES:
            out = subprocess.run([sys.executable, "-m", "bench.frames", "--child", game,
                                  str(seats), "--rounds", str(rounds)],
                                 cwd=ROOT, capture_output=True, text=True, check=True).stdout
            runs[(game, seats)].append(json.loads(out.splitlines()[-1]))
    return runs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]), args.rounds)))
        return
    for (_, seats), runs in in_processes(args.rounds).items():
        for kind in runs[0]:
            if not runs[0][kind]:
                continue
            ms = sorted(min(runs, key=lambda r: statistics.median(r[kind]))[kind])
            worst = ms[-1]
            others = sorted(max(r[kind]) for r in runs)
            target = (f"[{'OK' if worst <= TARGET_MS else 'OVER'}: target <= {TARGET_MS:.0f} ms]"
                      if kind in ("value change", "phase change") else "[reference]")
            print(f"loop pass, {seats} seats, {kind:25}: n={len(ms):3}  "
                  f"median {statistics.median(ms):6.2f} ms  max {worst:6.2f} ms  {target}  "
                  f"(max in the {len(runs)} processes: "
                  f"{', '.join(f'{m:.2f}' for m in others)})")
    for size in ((1280, 720), (800, 480)):
        ms = sorted(demo_frames(size))
        p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
        verdict = "OK" if p99 <= TARGET_MS else "OVER"
        print(f"Mega Civilization demo, 18 seats, {size[0]}x{size[1]}, draw: n={len(ms)}  "
              f"p50 {statistics.median(ms):6.2f} ms  p99 {p99:6.2f} ms  max {ms[-1]:6.2f} ms  "
              f"[{verdict}: p99 target <= {TARGET_MS:.0f} ms]")


if __name__ == "__main__":
    main()
