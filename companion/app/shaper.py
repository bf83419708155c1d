"""Turns raw key edges into intents: debounce, accelerating auto-repeat, OK held.

Pure logic driven by timestamps: `feed` takes an edge, `poll(now)` fires what is due, and
`next_deadline()` tells the loop how long it may sleep. Mock pins ignore gpiozero's
bounce_time, so debounce lives here, testable with an injected clock.

Debounce: an edge within DEBOUNCE of the last accepted change on that key is not taken at
once; if the raw level still differs when the window closes, the change is taken then.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..boxes.vocabulary import Intent, Key, KeyEdge, SeatIntent

DEBOUNCE = 0.02
HOLD = 0.8  # OK held this long = OK_HELD (unlock)
REPEAT_DELAY = 0.4
REPEAT_EVERY = 0.1
# (repeats so far below this count -> step): 1s of ones, 1s of fives, 1.5s of tens, then 25s
ACCEL = ((10, 1), (20, 5), (35, 10))
FAST_STEP = 25


@dataclass
class _KeyState:
    down: bool = False  # accepted level
    raw: bool = False
    accepted_at: float = -1e9
    settle_at: float | None = None
    next_repeat: float | None = None
    repeats: int = 0
    hold_at: float | None = None
    held: bool = False


class InputShaper:
    def __init__(self) -> None:
        self._keys: dict[tuple[int, Key], _KeyState] = {}

    def _st(self, seat: int, key: Key) -> _KeyState:
        return self._keys.setdefault((seat, key), _KeyState())

    def feed(self, edge: KeyEdge) -> list[SeatIntent]:
        st = self._st(edge.seat, edge.key)
        st.raw = edge.down
        out = self.poll(edge.at)
        if edge.down == st.down:
            st.settle_at = None
        elif edge.debounced or edge.at - st.accepted_at >= DEBOUNCE:
            out += self._accept(edge.seat, edge.key, st, edge.down, edge.at)
        else:
            st.settle_at = st.accepted_at + DEBOUNCE
        return out

    def _accept(
        self, seat: int, key: Key, st: _KeyState, down: bool, at: float
    ) -> list[SeatIntent]:
        st.down, st.accepted_at, st.settle_at = down, at, None
        out: list[SeatIntent] = []
        if key is Key.OK:
            if down:
                st.hold_at, st.held = at + HOLD, False
            else:
                if not st.held:
                    out.append(SeatIntent(seat, Intent.OK))
                st.hold_at, st.held = None, False
        else:
            intent = Intent.PLUS if key is Key.PLUS else Intent.MINUS
            if down:
                out.append(SeatIntent(seat, intent))
                st.next_repeat, st.repeats = at + REPEAT_DELAY, 0
            else:
                st.next_repeat = None
        return out

    def poll(self, now: float) -> list[SeatIntent]:
        out: list[SeatIntent] = []
        for (seat, key), st in self._keys.items():
            if st.settle_at is not None and now >= st.settle_at:
                at = st.settle_at
                st.settle_at = None
                if st.raw != st.down:
                    out += self._accept(seat, key, st, st.raw, at)
            if st.hold_at is not None and now >= st.hold_at:
                st.hold_at, st.held = None, True
                out.append(SeatIntent(seat, Intent.OK_HELD))
            while st.next_repeat is not None and now >= st.next_repeat:
                step = next((s for limit, s in ACCEL if st.repeats < limit), FAST_STEP)
                st.repeats += 1
                st.next_repeat += REPEAT_EVERY
                out.append(SeatIntent(seat, Intent.PLUS if key is Key.PLUS else Intent.MINUS, step))
        return out

    def next_deadline(self) -> float | None:
        times = [
            t
            for st in self._keys.values()
            for t in (st.settle_at, st.hold_at, st.next_repeat)
            if t is not None
        ]
        return min(times, default=None)

    def release_all(self, seat: int) -> None:
        """A box went away: forget its held keys so nothing repeats forever."""
        for (s, _), st in self._keys.items():
            if s == seat:
                st.down = st.raw = False
                st.settle_at = st.next_repeat = st.hold_at = None
