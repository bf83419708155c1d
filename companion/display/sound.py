"""Sound on the table: the trade timer's warnings and zero, and an optional chime at every
reveal, played through pygame's mixer with tones made in code (no sound files).

`Speaker` owns the mixer: it starts it on the first sound, at the configured volume
(`[display] volume`, 0-100; 0 never starts audio), and where there is no audio device it says
so once in the log and stays silent: a table without speakers plays on. `TimerBell` watches
the timer the screen shows and rings once as the time left falls to each warning threshold
and once at zero, only when the game's timer asks for sound (Mega Civilization's
`timer_sound = on`). `RevealBell` chimes when a sealed round is revealed.
"""

from __future__ import annotations

import logging
import math
from array import array
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from ..engine.text import msg
from ..engine.views import TimerView

log = logging.getLogger(__name__)

RATE = 22050  # Hz: plenty for beeps, light on a Pi
# (frequency Hz, milliseconds) per note: a short high beep for a warning, a falling
# three-note call at zero, a soft rising pair for a reveal.
TONES: dict[str, tuple[tuple[int, int], ...]] = {
    "warn": ((880, 150),),
    "zero": ((988, 220), (784, 220), (587, 420)),
    "chime": ((660, 120), (990, 200)),
}


class Mixer(Protocol):
    """What `Speaker` needs of `pygame.mixer` (a parameter so tests can watch the calls)."""

    def init(self, frequency: int = ..., size: int = ..., channels: int = ...) -> None: ...
    def get_init(self) -> tuple[int, int, int] | None: ...


def samples(notes: Sequence[tuple[int, int]], volume: float, channels: int,
            rate: int = RATE) -> bytes:
    """Signed 16-bit PCM of the notes, each with a 5 ms fade in and out (no clicks)."""
    out = array("h")
    peak = 32767 * max(0.0, min(volume, 1.0))
    for freq, ms in notes:
        n = rate * ms // 1000
        fade = max(1, rate * 5 // 1000)
        for i in range(n):
            env = min(1.0, i / fade, (n - 1 - i) / fade)
            v = int(peak * env * math.sin(2 * math.pi * freq * i / rate))
            out.extend([v] * channels)
    return out.tobytes()


class Speaker:
    """Plays the named tones; silent (and says why, once) where audio cannot start."""

    def __init__(self, volume: int, mixer: Mixer | None = None,
                 sound: Callable[[bytes], object] | None = None) -> None:
        self.volume = max(0, min(volume, 100))
        self._mixer = mixer if mixer is not None else pygame.mixer
        self._sound = sound  # tests: a stand-in for pygame.mixer.Sound(buffer=...)
        self._ready: bool | None = None if self.volume else False
        self._cache: dict[str, object] = {}
        self.played: list[str] = []  # what was asked to play, in order

    def _start(self) -> bool:
        if self._ready is None:
            try:
                if self._mixer.get_init() is None:
                    self._mixer.init(frequency=RATE, size=-16, channels=1)
                self._ready = self._mixer.get_init() is not None
            except pygame.error as exc:
                log.warning(msg("sound: no audio device ({why}); the timer stays silent",
                                why=str(exc) or type(exc).__name__).render())
                self._ready = False
        return self._ready

    def play(self, kind: str) -> bool:
        """Play one of `TONES`; False when silent (volume 0 or no audio device)."""
        if not self._start():
            return False
        sound = self._cache.get(kind)
        if sound is None:
            # The mixer may have been started elsewhere: match its rate and channels.
            rate, _, channels = self._mixer.get_init() or (RATE, -16, 1)
            data = samples(TONES[kind], self.volume / 100, channels, rate)
            try:
                sound = (self._sound(data) if self._sound is not None
                         else pygame.mixer.Sound(buffer=data))
            except pygame.error as exc:
                log.warning(msg("sound: cannot play ({why})", why=str(exc)).render())
                self._ready = False
                return False
            self._cache[kind] = sound
        play = getattr(sound, "play", None)
        if callable(play):
            play()
        self.played.append(kind)
        return True


class TimerBell:
    """Rings as a shown timer's time left falls to each warning threshold, and at zero."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._left: int | None = None  # the time left last seen (None: no timer with sound)
        self._rang_zero = False

    def observe(self, timer: TimerView | None) -> None:
        if timer is None or not timer.sound:
            self._left, self._rang_zero = None, False
            return
        left = max(0, timer.remaining_ms)
        before, self._left = self._left, left
        if timer.expired or left == 0:
            if not self._rang_zero and before is not None:
                self.speaker.play("zero")
            self._rang_zero = True
            return
        self._rang_zero = False
        if before is None or left >= before:  # first sight, paused or extended: no ring
            return
        if any(left <= w < before for w in timer.warnings_ms):
            self.speaker.play("warn")


class RevealBell:
    """Chimes once each time a sealed round is revealed (`reveal()` from the app)."""

    def __init__(self, speaker: Speaker, enabled: bool) -> None:
        self.speaker, self.enabled = speaker, enabled

    def reveal(self) -> None:
        if self.enabled:
            self.speaker.play("chime")
