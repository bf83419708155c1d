"""Press-to-frame latency on an 18-seat mixed table: 6 GPIO boxes on mock pins and 12 serial
boxes on pty pairs (each running the reference firmware's logic), playing Mega Civilization.

A presser thread releases OK on the seat that must act (GPIO: a mock pin; serial: the fake
box writes its KEY line to the pty, which the host's reader thread turns into a key edge);
the main thread runs the app's loop as `companion run` does. Every OK enters something the
table shows: cities (public), a 6b pass (the next buyer's turn) or a locked calamity count.
Between rounds the presser sends the host commands (`calamities`, `turn`) through the same
queue. The figure is from the release to the flip of the frame that shows it, per box kind.
Target: p99 under one 60 Hz frame (16.7 ms).

Run: .venv/bin/python -m bench.latency_mixed [--presses N]
"""

from __future__ import annotations

import argparse
import logging
import threading
import time

from bench.common import percentiles, run_loop_until, wait_for_frame
from companion.app.config import parse_config
from companion.app.controller import Controller
from companion.app.loop import App
from companion.app.runner import build_boxes
from companion.boxes.gpio_box import GpioBox
from companion.boxes.vocabulary import HostInput, InputItem, Key, KeyEdge
from companion.display.renderer import Renderer
from companion.display.window import open_display
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.i18n import translator
from hardware.firmware.fakebox import FakeSerialBox

FRAME_60HZ_MS = 1000 / 60
CIVS = ("Minoa", "Saba", "Assyria", "Maurya", "Celt", "Babylon", "Carthage", "Dravidia",
        "Hatti", "Kushan", "Rome", "Persia", "Iberia", "Nubia", "Hellas", "Indus", "Egypt",
        "Parthia")
GPIO_SEATS = 6


def measure(presses: int, size: tuple[int, int]) -> dict[str, list[float]]:
    game = get_game("mega-civilization")
    seats = [{"name": civ, "box": f"mock:{i}" if i < GPIO_SEATS else f"serial:box-{i:02d}"}
             for i, civ in enumerate(CIVS)]
    cfg = parse_config({"game": game.id, "seat": seats,
                        "options": {"ask_treasury": "no", "start_treasury": 20}})
    controller = Controller(History.start(game, Setup(game.id, tuple(s.seat for s in cfg.seats),
                                                      cfg.options)), None, translator("en"))
    renderer = Renderer(open_display(size), translator("en"))
    app = App(controller, {}, time.monotonic, renderer)
    frame_at: list[float] = []
    app.on_frame = lambda: frame_at.append(time.perf_counter())
    fakes = {i: FakeSerialBox(f"box-{i:02d}") for i in range(GPIO_SEATS, len(CIVS))}
    queued_at: list[float] = []

    def sink(item: InputItem) -> None:
        # When an OK release reached the app's queue: splits box-to-queue from queue-to-frame.
        if isinstance(item, KeyEdge) and item.key is Key.OK and not item.down:
            queued_at.append(time.perf_counter())
        app.sink(item)

    boxes = build_boxes(cfg, sink, time.monotonic,
                        serial_ports=lambda: [f.path for f in fakes.values()],
                        serial_options={"poll_every": 0.1})
    app.boxes = dict(boxes.boxes)
    app.notice = boxes.notice
    samples: dict[str, list[float]] = {"GPIO": [], "serial": [], "serial to queue": []}
    done = threading.Event()

    def acting() -> list[int]:
        # Read-only peeks at the loop's state from this thread: fine for a benchmark.
        return [s for s, sess in controller.sessions.items()
                if sess.prompt is not None and sess.prompt.must_act and not sess.prompt.locked]

    def press_ok(seat: int) -> float:
        if seat in fakes:
            fakes[seat].press("ok")
            time.sleep(0.03)  # longer than the debounce window, like a finger
            fakes[seat].release("ok")  # OK acts on release (a hold means unlock)
        else:
            box = boxes.boxes[seat]
            assert isinstance(box, GpioBox)
            box.button(Key.OK).pin.drive_low()
            time.sleep(0.03)
            box.button(Key.OK).pin.drive_high()
        return time.perf_counter()

    def presser() -> None:
        while not all(controller.connected.values()):
            time.sleep(0.05)
        count = 0
        while count < presses:
            seats_now = acting()
            if not seats_now:
                phase = controller.state.phase
                command = {"trade": "calamities", "after": "turn"}.get(phase)
                if command is not None:
                    app.sink(HostInput(command))
                time.sleep(0.05)
                continue
            seat = seats_now[0]
            before, queued = len(frame_at), len(queued_at)
            t0 = press_ok(seat)
            took = wait_for_frame(frame_at, before, t0)
            if took is not None:
                samples["serial" if seat in fakes else "GPIO"].append(took)
                if seat in fakes and len(queued_at) > queued:
                    samples["serial to queue"].append((queued_at[queued] - t0) * 1000)
            count += 1
            time.sleep(0.03)
        done.set()

    thread = threading.Thread(target=presser, daemon=True)
    thread.start()
    try:
        run_loop_until(app, done)
    finally:
        thread.join(5)
        boxes.close()
        for f in fakes.values():
            f.unplug()
    return samples


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR)  # the boxes' disconnect lines at the end
    for size in ((1280, 720), (800, 480)):
        samples = measure(args.presses, size)
        for kind in ("GPIO", "serial", "serial to queue"):
            ms = samples[kind]
            if len(ms) < 2:
                print(f"press-to-frame, 18 seats mixed, {kind}: too few samples ({len(ms)})")
                continue
            p99 = sorted(ms)[max(0, int(len(ms) * 0.99) - 1)]
            verdict = "OK" if p99 < FRAME_60HZ_MS else "OVER"
            what = ("release-to-queue (pty, reader thread)" if kind == "serial to queue"
                    else f"press-to-frame, {kind} boxes")
            print(f"18 seats (6 GPIO + 12 serial), {what}, "
                  f"{size[0]}x{size[1]}: {percentiles(ms)}  "
                  f"[{verdict}: target p99 < {FRAME_60HZ_MS:.1f} ms]")


if __name__ == "__main__":
    main()
