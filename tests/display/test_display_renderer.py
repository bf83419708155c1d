"""The renderer draws only on change: idle costs no frames, a lock costs one."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame loads, even without the conftest
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import replace

import display_scenes as scenes
import pygame
import pytest

from companion.display.renderer import Renderer
from companion.display.window import open_display
from companion.engine.actions import Enter, Withdraw
from companion.engine.text import msg
from companion.engine.views import TimerView
from companion.i18n import translator


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_redraws_only_when_something_changed() -> None:
    surface = open_display((1280, 720), False)
    flips: list[int] = []
    renderer = Renderer(surface, translator("en"), flip=lambda: flips.append(1))
    history = scenes.start_lucky0(4)

    assert renderer.update(scenes.table(history)) is True
    assert renderer.frames == 1
    # Idle: the loop keeps asking with the same (or an equal, rebuilt) view: no frames.
    for _ in range(100):
        assert renderer.update(scenes.table(history)) is False
    assert renderer.frames == 1

    scenes.play(history, Enter(2, 3))  # a seat locks: the table must show it
    assert renderer.update(scenes.table(history)) is True
    assert renderer.frames == 2
    assert renderer.update(scenes.table(history)) is False

    scenes.play(history, Withdraw(2))  # and unlocks
    assert renderer.update(scenes.table(history)) is True
    assert renderer.frames == 3
    assert len(flips) == renderer.frames


def test_lcds_banner_and_links_count_as_changes() -> None:
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), flip=lambda: None)
    view = scenes.table(scenes.start_lucky0(4))
    lcds = {i: ("Bid", "> 0") for i in range(4)}
    assert renderer.update(view, lcds, None, None)
    assert not renderer.update(view, dict(lcds), None, None)
    lcds[1] = ("Bid", "> 1")  # the caller mutates its own dict: still seen as a change
    assert renderer.update(view, lcds, None, None)
    assert renderer.update(view, lcds, msg("Host correction"), None)
    assert not renderer.update(view, lcds, msg("Host correction"), None)
    assert renderer.update(view, lcds, msg("Host correction"), {3: False})
    assert not renderer.update(view, lcds, msg("Host correction"), {3: False})
    assert renderer.update(view, lcds, None, {3: True})
    assert renderer.frames == 5


def test_invalidate_forces_one_redraw() -> None:
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), flip=lambda: None)
    view = scenes.reveal_view()
    assert renderer.update(view)
    renderer.invalidate()
    assert renderer.update(view)
    assert not renderer.update(view)
    renderer.set_surface(pygame.Surface((1280, 720)))
    assert renderer.update(view)
    assert renderer.frames == 3


def test_flips_the_real_display() -> None:
    surface = open_display((800, 480), False)
    renderer = Renderer(surface, translator("en"))  # default flip: pygame.display.flip
    assert renderer.update(scenes.reveal_view())


def test_running_timer_redraws_once_a_second() -> None:
    clock = FakeClock()
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), clock=clock,
                        flip=lambda: None)
    base = scenes.table(scenes.start_lucky0(4))
    view = replace(base, timer=TimerView(msg("Trade"), 95_000, True))
    assert renderer.update(view)
    assert renderer.next_redraw_in(view) == pytest.approx(1.001)
    clock.now += 0.4
    assert not renderer.update(view)  # still 1:35
    assert renderer.next_redraw_in(view) == pytest.approx(0.601)
    clock.now += 0.6
    assert renderer.update(view)  # 1:34, counted down locally from the same view
    assert "1:34" in renderer.screen.fonts.cached_texts()
    # Ticking at 30 fps for 3 s draws 3 frames, not 90.
    frames, start = renderer.frames, clock.now
    for tick in range(1, 91):
        clock.now = start + tick / 30
        renderer.update(view)
    assert renderer.frames - frames == 3


def test_timer_pushed_every_tick_still_redraws_per_second() -> None:
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), clock=FakeClock(),
                        flip=lambda: None)
    base = scenes.table(scenes.start_lucky0(4))
    drawn = sum(renderer.update(replace(base, timer=TimerView(msg("Trade"), ms, True)))
                for ms in range(60_000, 56_999, -20))
    assert drawn == 4  # 1:00, 0:59, 0:58, 0:57 -- one frame per displayed second


def test_paused_or_absent_timer_needs_no_tick() -> None:
    clock = FakeClock()
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), clock=clock,
                        flip=lambda: None)
    base = scenes.table(scenes.start_lucky0(4))
    assert renderer.next_redraw_in(base) is None
    paused = replace(base, timer=TimerView(msg("Trade"), 30_000, False))
    assert renderer.update(paused)
    assert renderer.next_redraw_in(paused) is None
    clock.now += 5
    assert not renderer.update(paused)
    warn = replace(paused, timer=TimerView(msg("Trade"), 30_000, False, warning=True))
    assert renderer.update(warn)
    done = replace(base, timer=TimerView(msg("Trade"), 0, True))
    assert renderer.update(done)
    assert renderer.next_redraw_in(done) is None
