"""CPU used while everyone thinks: the app's loop waiting for bids versus a plain loop that
redraws the same table at 30 fps, both measured in this run on SDL's dummy driver.

Three loops, each for the same wall time:
- app, blocking: `companion run` with only GPIO/serial boxes (sleeps in queue.get);
- app, 30 Hz ticks: the fallback where keyboard boxes play on a window that cannot be waited
  on (neither X11 nor the console; on those a watcher wakes the loop: bench.latency_keys
  measures that app's idle CPU under Xvfb), it reads window events but draws nothing;
- plain 30 fps: draws and flips the table every frame (the common pygame pattern).
Target: the app's idle cost is a small fraction of the plain loop's.

Run: .venv/bin/python -m bench.idle_cpu [--seconds S]
"""

from __future__ import annotations

import argparse
import time

import pygame

from bench.common import camel_table
from companion.engine.actions import Enter, Host

WARM_UP: list[float] = []  # CPU seconds of each app's first wait (fonts, look-ahead)


def waiting_table(seconds: float, tick: float | None) -> tuple[float, int]:
    table = camel_table(4)
    c = table.controller
    c.submit(Host.make("start", card="highest_bet"), 0.0, None)
    c.submit(Enter(0, 3), 0.0, 0)  # one seat locked, three thinking: the usual idle picture
    app = table.app
    app.tick = tick
    if tick is not None:

        def pump() -> list[object]:
            pygame.event.get()  # what the keyboard loop does each tick; no keys come
            return []

        app.pump = pump  # type: ignore[assignment]
    app.render()
    # The fonts' glyphs are loaded, and the three asked seats' next frames laid out, once,
    # while the loop first waits after a start (App.rest): start-up, reported on its own
    # line, not idling.
    warm0 = time.process_time()
    app.rest()
    WARM_UP.append(time.process_time() - warm0)
    frames0 = app.frames
    cpu0, end = time.process_time(), time.monotonic() + seconds
    while time.monotonic() < end:
        wait = app.timeout()
        app.run_once(
            min(wait, end - time.monotonic())
            if wait is not None
            else max(0.0, end - time.monotonic())
        )
    return (time.process_time() - cpu0) / seconds, app.frames - frames0


def plain_loop(seconds: float) -> tuple[float, int]:
    table = camel_table(4)
    c = table.controller
    c.submit(Host.make("start", card="highest_bet"), 0.0, None)
    c.submit(Enter(0, 3), 0.0, 0)
    clock = pygame.time.Clock()
    view = c.table_view()
    frames = 0
    cpu0, end = time.process_time(), time.monotonic() + seconds
    while time.monotonic() < end:
        pygame.event.get()
        table.renderer.invalidate()
        table.renderer.update(view)  # draw + flip every frame, like most pygame loops
        frames += 1
        clock.tick(30)
    return (time.process_time() - cpu0) / seconds, frames


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    blocking, f1 = waiting_table(args.seconds, None)
    ticking, f2 = waiting_table(args.seconds, 1 / 30)
    plain, f3 = plain_loop(args.seconds)
    print(f"idle CPU over {args.seconds:.0f} s at 1280x720 (fraction of one core):")
    print(f"  app, blocking on the queue : {blocking:.4f}  ({f1} frames drawn)")
    print(f"  app, 30 Hz ticks (fallback): {ticking:.4f}  ({f2} frames drawn)")
    print(f"  plain 30 fps redraw loop   : {plain:.4f}  ({f3} frames drawn)")
    print(f"  (once after a start, before the window above: the loop's first wait, the fonts' "
          f"glyphs loaded and the asked seats' next frames laid out, "
          f"{1000 * max(WARM_UP):.0f} ms of CPU)")
    worst = max(blocking, ticking)
    print(
        f"  app / plain = {worst / plain:.3f}  [{'OK' if worst <= plain / 4 else 'OVER'}: "
        "target a small fraction (<= 1/4)]"
    )


if __name__ == "__main__":
    main()
