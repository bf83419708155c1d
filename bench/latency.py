"""Press-to-frame latency on mock pins: from a button's pin going low to the table frame
that shows its effect having been flipped.

A presser thread drives gpiozero MockFactory pins (the callbacks run in that thread and
only queue the edge, as on a Pi); the main thread runs the app's loop exactly as `companion
run` does, blocking on the queue. Each OK press locks a seat's bid or confirms its sale
income, which changes the table screen. Target: p99 under one 60 Hz frame (16.7 ms).

Run: .venv/bin/python -m bench.latency [--presses N] [--seats N]
"""

from __future__ import annotations

import argparse
import time

from bench.common import (
    FrameLog,
    camel_table,
    host_undo,
    p99,
    percentiles,
    run_presser,
    table_boxes,
    wait_for_frame,
)
from companion.app.loop import App
from companion.boxes.vocabulary import HostInput, Key, KeyEdge

FRAME_60HZ_MS = 1000 / 60


def measure(presses: int, seats: int, size: tuple[int, int]) -> list[float]:
    table = camel_table(seats, size)
    app: App = table.app
    frame_at = FrameLog()
    app.on_frame = frame_at.record
    made = table_boxes(app, "mock", seats)
    rig = made.rig
    assert rig is not None
    samples: list[float] = []

    def presser() -> None:
        # Each round: the host starts a card, every seat locks a bid of 0... then every seat
        # confirms a sale income of 0. Every OK press changes what the table shows.
        count = 0
        while count < presses:
            app.sink(HostInput("start", (("card", "highest_bet"),)))
            time.sleep(0.03)
            for _phase in range(2):
                for seat in range(seats):
                    before = len(frame_at)
                    rig.press(seat, Key.OK)
                    time.sleep(0.03)  # a real press lasts longer than the debounce window
                    rig.release(seat, Key.OK)  # OK acts on release (a hold means unlock)
                    took = wait_for_frame(frame_at, before, time.perf_counter())
                    if took is not None:
                        samples.append(took)
                    count += 1
                    time.sleep(0.03)

    run_presser(app, presser)
    made.close()
    return samples


def calamity_count_table(size: tuple[int, int]) -> App:
    """The 18-seat Mega Civilization demo table, at the calamity count's sealed round."""
    from companion.app.controller import Controller
    from companion.app.demos import demo_for, play_until
    from companion.display.renderer import Renderer
    from companion.display.window import open_display
    from companion.i18n import translator

    h = play_until(demo_for("mega-civilization"), after_command="calamities")
    renderer = Renderer(open_display(size), translator("en"))
    app = App(Controller(h, None, translator("en")), {}, time.monotonic, renderer)
    table_boxes(app, "memory", 18)  # in-memory boxes hold nothing to close
    return app


def measure_18(presses: int, size: tuple[int, int]) -> list[float]:
    """OK locks a seat's calamity count (the table shows it locked); the host's undo
    unlocks it again between samples. Edges come from a box thread, as from GPIO/serial."""
    app = calamity_count_table(size)
    frame_at = FrameLog()
    app.on_frame = frame_at.record
    samples: list[float] = []

    def presser() -> None:
        for i in range(presses):
            seat = (i * 7) % 18  # all over the grid
            before = len(frame_at)
            app.sink(KeyEdge(seat, Key.OK, True, time.monotonic()))
            time.sleep(0.03)
            t0 = time.perf_counter()
            app.sink(KeyEdge(seat, Key.OK, False, time.monotonic()))
            took = wait_for_frame(frame_at, before, t0)
            if took is not None:
                samples.append(took)
            host_undo(app)

    run_presser(app, presser)
    return samples


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=200)
    ap.add_argument("--seats", type=int, default=4)
    args = ap.parse_args()
    for size in ((1280, 720), (800, 480)):
        samples = measure(args.presses, args.seats, size)
        verdict = "OK" if p99(samples) < FRAME_60HZ_MS else "OVER"
        print(
            f"press-to-frame, {args.seats} seats, mock pins, {size[0]}x{size[1]}: "
            f"{percentiles(samples)}  [{verdict}: target p99 < {FRAME_60HZ_MS:.1f} ms]"
        )
        big = measure_18(min(args.presses, 100), size)
        verdict = "OK" if p99(big) < FRAME_60HZ_MS else "OVER"
        print(
            f"press-to-frame, 18 seats, box threads, {size[0]}x{size[1]}: "
            f"{percentiles(big)}  [{verdict}: target p99 < {FRAME_60HZ_MS:.1f} ms]"
        )


if __name__ == "__main__":
    main()
