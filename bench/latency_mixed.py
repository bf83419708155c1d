"""Press-to-frame latency on an 18-seat mixed table: 6 GPIO boxes on mock pins and 12 serial
boxes on pty pairs (each running the reference firmware's logic in a process of its own, as
each real box is its own microcontroller), playing Mega Civilization.

A presser thread releases OK on the seat that must act (GPIO: a mock pin; serial: the boxes'
process writes the KEY line to the pty, which the host's reader thread turns into a key edge);
the main thread runs the app's loop as `companion run` does. Every OK enters something the
table shows: cities (public), a 6b pass (the next buyer's turn) or a locked calamity count.
Between rounds the presser sends the host commands (`calamities`, `turn`) through the same
queue. The figure is from the release (the GPIO pin's edge, the serial box's write: both on
the system's monotonic clock) to the frame that shows it, split by the kind of frame: a value
change (one seat's entry) or a phase change (the entry that ends a round). Target: p99 <= 8 ms.

Run: .venv/bin/python -m bench.latency_mixed [--presses N]
"""

from __future__ import annotations

import argparse
import json
import logging
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench.common import FrameLog, p99, percentiles, run_loop_until, wait_for_frame
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

TARGET_MS = 8.0
CIVS = ("Minoa", "Saba", "Assyria", "Maurya", "Celt", "Babylon", "Carthage", "Dravidia",
        "Hatti", "Kushan", "Rome", "Persia", "Iberia", "Nubia", "Hellas", "Indus", "Egypt",
        "Parthia")
GPIO_SEATS = 6


ROOT = Path(__file__).resolve().parent.parent


class RemoteBoxes:
    """The serial boxes, running in a child process (`--serve-boxes`): press and release
    over a pipe; the child answers with the moment it wrote the key line."""

    def __init__(self, ids: list[str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.latency_mixed",
                                      "--serve-boxes", ",".join(ids)], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.paths: dict[str, str] = json.loads(self.proc.stdout.readline())

    def _ask(self, line: str) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def press(self, box: str, key: str) -> float:
        return self._ask(f"press {box} {key}")

    def release(self, box: str, key: str) -> float:
        return self._ask(f"release {box} {key}")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


def serve_boxes(ids: list[str]) -> None:
    """The child: fake boxes on ptys; commands on stdin, the write's time on stdout."""
    from hardware.firmware.fakebox import FakeSerialBox

    fakes = {i: FakeSerialBox(i) for i in ids}
    print(json.dumps({i: f.path for i, f in fakes.items()}), flush=True)
    for line in sys.stdin:
        what, box, key = line.split()
        if what == "press":
            fakes[box].press(key)
        else:
            fakes[box].release(key)
        print(time.perf_counter(), flush=True)  # CLOCK_MONOTONIC: the parent's clock too
    for f in fakes.values():
        f.unplug()


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
    frame_at = FrameLog()
    app.on_frame = frame_at.record
    serial_ids = {i: f"box-{i:02d}" for i in range(GPIO_SEATS, len(CIVS))}
    remote = RemoteBoxes(list(serial_ids.values()))
    queued_at: list[float] = []

    def sink(item: InputItem) -> None:
        # When an OK release reached the app's queue: splits box-to-queue from queue-to-frame.
        if isinstance(item, KeyEdge) and item.key is Key.OK and not item.down:
            queued_at.append(time.perf_counter())
        app.sink(item)

    boxes = build_boxes(cfg, sink, time.monotonic,
                        serial_ports=lambda: list(remote.paths.values()),
                        serial_options={"poll_every": 0.1})
    app.boxes = dict(boxes.boxes)
    app.notice = boxes.notice
    samples: dict[str, list[float]] = {
        "value change, GPIO": [], "value change, serial": [],
        "phase change, GPIO": [], "phase change, serial": [], "serial to queue": []}
    done = threading.Event()

    def acting() -> list[int]:
        # Read-only peeks at the loop's state from this thread: fine for a benchmark.
        return [s for s, sess in controller.sessions.items()
                if sess.prompt is not None and sess.prompt.must_act and not sess.prompt.locked]

    def press_ok(seat: int) -> float:
        if seat in serial_ids:
            remote.press(serial_ids[seat], "ok")
            time.sleep(0.03)  # longer than the debounce window, like a finger
            return remote.release(serial_ids[seat], "ok")  # OK acts on release
        box = boxes.boxes[seat]
        assert isinstance(box, GpioBox)
        box.button(Key.OK).pin.drive_low()
        time.sleep(0.03)
        t0 = time.perf_counter()
        box.button(Key.OK).pin.drive_high()
        return t0

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
            phase = controller.state.phase
            last = len(seats_now) == 1  # this entry ends the round
            t0 = press_ok(seat)
            took = wait_for_frame(frame_at, before, t0)
            if took is not None:
                kind = "phase change" if last or controller.state.phase != phase else \
                    "value change"
                samples[f"{kind}, {'serial' if seat in serial_ids else 'GPIO'}"].append(took)
                if seat in serial_ids and len(queued_at) > queued:
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
        remote.close()
    return samples


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=200)
    ap.add_argument("--serve-boxes", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_boxes:
        serve_boxes(args.serve_boxes.split(","))
        return
    logging.basicConfig(level=logging.ERROR)  # the boxes' disconnect lines at the end
    for size in ((1280, 720), (800, 480)):
        samples = measure(args.presses, size)
        for kind, ms in samples.items():
            if len(ms) < 2:
                print(f"18 seats mixed, {kind}: too few samples ({len(ms)})")
                continue
            what = ("release-to-queue (pty, reader thread)" if kind == "serial to queue"
                    else f"press-to-frame, {kind}")
            verdict = ("[reference]" if kind == "serial to queue" else
                       f"[{'OK' if p99(ms) <= TARGET_MS else 'OVER'}: target p99 <= "
                       f"{TARGET_MS:.0f} ms]")
            print(f"18 seats (6 GPIO + 12 serial boxes in their own process), {what}, "
                  f"{size[0]}x{size[1]}: {percentiles(ms)}  {verdict}")


if __name__ == "__main__":
    main()
