"""Eighteen seats pressing at once: every box's key edges arrive from its own thread at the
same moment (as GPIO and serial callbacks do), and the calamity count's sealed round still
gets every seat's value, none lost, none mixed up."""

from __future__ import annotations

import threading
import time

from companion.app.controller import Controller
from companion.app.demos import demo_for, play_until
from companion.app.loop import App
from companion.boxes.keyboard_box import MemoryBox
from companion.boxes.vocabulary import Key, KeyEdge
from companion.engine.history import History
from companion.engine.registry import get_game
from companion.i18n import translator

GAME = get_game("mega-civilization")


def at_calamity_count() -> History:
    """The 18-seat demo table just as the sealed calamity count opens: nobody locked yet."""
    return play_until(demo_for(GAME.id), after_command="calamities")


def test_eighteen_seats_press_at_once_and_nothing_is_lost() -> None:
    history = at_calamity_count()
    controller = Controller(history, None, translator("en"))
    app = App(controller, {s: MemoryBox(s) for s in range(18)}, time.monotonic)
    prompts = [controller.sessions[s].prompt for s in range(18)]
    assert all(p is not None and p.sealed and not p.locked for p in prompts)
    # By name: PLUS k times walks from "Lock: 0 held" to the k-th calamity, OK picks it; the
    # cursor stays on it, so MINUS k times is back on "Lock: 1 held", and OK locks.
    steps = {s: s % 4 for s in range(18)}
    wanted = {s: 1 if steps[s] else 0 for s in range(18)}
    start = threading.Barrier(18)

    def box(seat: int) -> None:
        start.wait()  # all eighteen boxes start pressing in the same instant
        k = steps[seat]
        for key in [Key.PLUS] * k + [Key.OK] + ([Key.MINUS] * k + [Key.OK] if k else []):
            # A press outlasts the 20 ms debounce window: its up is stamped 30 ms after its
            # down here, not when sent, so a stalled thread cannot turn it into a held key
            # that auto-repeats (0.4 s). The wait lets the stamp pass before the next press.
            now = time.monotonic()
            app.sink(KeyEdge(seat, key, True, now))
            app.sink(KeyEdge(seat, key, False, now + 0.03))
            time.sleep(0.06)

    threads = [threading.Thread(target=box, args=(s,)) for s in range(18)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 10
    while any(t.is_alive() for t in threads) and time.monotonic() < deadline:
        app.run_once(0.01)
    for t in threads:
        t.join()
    for _ in range(5):  # let the last releases settle past the debounce window
        time.sleep(0.03)
        app.run_once(0)
    revealed = GAME.outcome(controller.state)["calamities"]["revealed"]
    assert {r["seat"]: r["count"] for r in revealed} == wanted
