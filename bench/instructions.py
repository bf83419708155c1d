"""Instructions per press: the steady figure for comparing two versions of the code.

CPU time on a shared machine drifts (on the development machine the same code's loop pass
moved by a third, at times by half, within minutes), so a 10% change cannot be seen in
milliseconds. Instruction counts can: each figure runs the scripted presses of
`bench.frames` in a fresh process under valgrind (cachegrind, no cache simulation,
PYTHONHASHSEED fixed) twice, with N and with fewer presses, and divides the difference:
- an 18-seat Mega Civilization entry (cities, each press a new state: the layout search
  meets every table once, as at a real table): the 9th, after the table waited, and the
  average of 16 with no wait between them;
- what the table's wait after the 8th entry costs: every asked seat's next frame laid out
  (app.look_ahead) and the cards it will show at a new size drawn ahead;
- the 18-seat press that ends the phase (the trade-card draw: one page becomes two);
- the first 18-seat entry after a start (a panel appears, the seats page: every card
  changes size), the keyboard bench's slowest press, as it restarts the app each round;
- a 4-seat Camel Up reveal, the eleventh of a table that has been revealing ties since it
  opened (as the keyboard bench's table does): new panels beside the last round's.
The table waits (`App.rest`, as `companion run`'s loop does whenever no input is queued)
once after its first frame and then before every press, as at a real table, where seconds
pass between presses: the fonts warm, the last frame's parts are kept as sprites and the
frames the asked seats' OK would bring are laid out then, and the figure is the press
alone (the run with fewer presses ends with the same wait). Presses are also counted
"right after the one before": no wait between them, so nothing laid out ahead. The
collector runs on `companion run`'s schedule (`gc_pacing`).
Reference figures, no target: a Pi 4 runs roughly a fifth as many instructions a second
as the development machine's about 3 per nanosecond.

Needs valgrind (Debian: apt install valgrind); without it, it says so and skips.
Run: .venv/bin/python -m bench.instructions
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (what, game, seats, the table waits before each press, (presses, then a wait) of the
# run counted, (presses, then a wait) of the run whose count is taken off, how many presses
# the difference holds): the figure is the difference's share of one.
CASES = (("18 seats, an entry (the 9th), after the table waited", "mega-civilization", 18,
          True, (9, False), (8, True), 1),
         ("18 seats, an entry (average of 16), right after the one before",
          "mega-civilization", 18, False, (17, False), (1, False), 16),
         ("18 seats, the wait after the 8th entry (every asked seat's next frame laid out)",
          "mega-civilization", 18, True, (8, True), (8, False), 1),
         ("18 seats, the entry that ends the phase", "mega-civilization", 18, True,
          (18, False), (17, True), 1),
         ("18 seats, the entry that ends the phase, right after the one before",
          "mega-civilization", 18, False, (18, False), (17, False), 1),
         ("18 seats, the first entry after a start", "mega-civilization", 18, True,
          (1, False), (0, False), 1),
         ("4 seats, Camel Up, the 11th reveal", "camel-up-off-season", 4, True, (44, False),
          (43, True), 1),
         ("4 seats, Camel Up, the 11th reveal, right after the press before",
          "camel-up-off-season", 4, False, (44, False), (43, False), 1))

def play(game: str, seats: int, presses: int, waits: bool, then_wait: bool) -> None:
    """The child: a fresh table that waits once, then `presses` OK taps round the seats,
    the table waiting before each when `waits`, and once more after the last when
    `then_wait` (the run with fewer presses ends so: the difference is then the presses
    alone, not the wait that follows them)."""
    from bench.frames import Clock, table
    from companion.app.loop import AHEAD_AFTER
    from companion.boxes.vocabulary import Key, KeyEdge

    clock = Clock()
    app = table(game, seats, clock)
    with app.collecting_when_idle():  # the collector's schedule, as `companion run`'s
        app.rest()  # the table waits for its first press, as `companion run`'s does
        for i in range(presses):
            for down in (True, False):
                if waits and (i, down) != (0, True):
                    clock.now += AHEAD_AFTER  # the table waits: it lays out ahead
                    app.rest()
                app.sink(KeyEdge(i % seats, Key.OK, down, clock.now))
                clock.now += 0.05
                app.run_once(0)
        if then_wait and presses:
            clock.now += AHEAD_AFTER
            app.rest()


def instructions(game: str, seats: int, presses: int, then_wait: bool, waits: bool) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, "-m",
                          "bench.instructions", "--play", game, str(seats), str(presses),
                          str(int(waits)), str(int(then_wait))],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        raise RuntimeError("valgrind printed no instruction count")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--play", nargs=5, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.play:
        game, seats, presses, waits, then_wait = args.play
        play(game, int(seats), int(presses), waits == "1", then_wait == "1")
        return
    if shutil.which("valgrind") is None:
        print("instructions per press: NOT MEASURED: valgrind is not installed "
              "(Debian: apt install valgrind)")
        return
    with ThreadPoolExecutor(2) as pool:  # each run is a process of its own
        counts = [(what, pool.submit(instructions, game, seats, *many, waits),
                   pool.submit(instructions, game, seats, *few, waits), share)
                  for what, game, seats, waits, many, few, share in CASES]
        for what, many_count, few_count, share in counts:
            each = (many_count.result() - few_count.result()) / share / 1e6
            print(f"instructions, {what}: {each:6.2f} million  [reference]")

if __name__ == "__main__":
    main()
