"""When the cyclic garbage collector runs: while the loop has nothing to do, not in a frame.

CPython starts a collection wherever the program happens to be once enough container objects
were allocated. On an 18-seat table that was inside a frame's drawing about once every other
press: a young-generation pass of 0.5-4 ms, a middle one of 3-8 ms and, a few times an
evening, a full one of 50-150 ms, each added to somebody's press-to-frame time.

`GcPacing` keeps CPython's own generational schedule (its thresholds, its counts) but runs a
due collection when the loop is about to wait for input, after the frame is shown and the
boxes are updated. The objects built at start (the replayed history, fonts, catalogues) are
frozen out of the collector's sight, so a full collection looks only at what the evening
added. Automatic collection stays on as a backstop, at `BACKSTOP` times the usual allocation
count: a loop that never waits (a flood of input) or a thread that allocates while the loop
sleeps still gets collected. Reference counting frees everything that is not in a cycle
either way; only cyclic garbage waits for these passes.
"""

from __future__ import annotations

import gc

BACKSTOP = 20  # automatic collection after this many times the usual allocation count


class GcPacing:
    """Owns the collector's schedule for one running loop (`start` ... `stop`)."""

    def __init__(self) -> None:
        self.thresholds = gc.get_threshold()
        self.running = False
        self.collections = [0, 0, 0]  # passes run here, by generation (for tests and benches)

    def start(self) -> None:
        """Collect what start-up left, freeze the survivors, and take over the schedule."""
        if self.running:
            return
        self.thresholds = gc.get_threshold()
        gc.collect()
        gc.freeze()
        first, *rest = self.thresholds
        gc.set_threshold(first * BACKSTOP, *rest)
        self.running = True

    def idle(self, older: bool = True) -> None:
        """The loop is about to wait: run the collection CPython's schedule says is due;
        with `older` False, a middle pass in place of a full one, which then waits for the
        next call with `older` (the loop's quiet moment: `App.rest`).

        Called only when the input queue is empty, so a press that arrives during it waits
        for one pass; the full pass comes at its usual rate, one in every threshold[1] *
        threshold[2] young ones. A full pass holds the interpreter for up to a few hundred
        milliseconds at a big table, which the boxes' threads must not spend waiting right
        after a change: they are sending it then (a phone's LOCKED waited 180-290 ms)."""
        if not self.running:
            return
        first, second, third = self.thresholds[:3]
        young, middle, old = gc.get_count()
        if young <= first:  # CPython's test: a count over its generation's threshold
            return
        generation = 0
        if middle > second:
            generation = 2 if old > third and older else 1
        gc.collect(generation)
        self.collections[generation] += 1

    def stop(self) -> None:
        """Give the schedule back to CPython (the frozen objects rejoin the oldest
        generation)."""
        if not self.running:
            return
        gc.set_threshold(*self.thresholds)
        gc.unfreeze()
        self.running = False
