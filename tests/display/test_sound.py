"""Sound: the trade timer's warnings and zero really ask pygame's mixer to play (SDL's dummy
audio driver), a table without an audio device stays silent without an error, volume 0 never
starts audio, and a reveal chimes when the option is on."""

from __future__ import annotations

import logging
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import replace
from typing import ClassVar

import display_scenes as scenes
import pygame
import pytest

from companion.app.config import parse_config
from companion.app.controller import Controller
from companion.display.renderer import Renderer
from companion.display.sound import RATE, TONES, RevealBell, Speaker, TimerBell, samples
from companion.engine.actions import Enter, Host
from companion.engine.errors import ConfigError
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import msg
from companion.engine.views import TableView, TimerView
from companion.i18n import translator

T0 = 1_750_000_000_000


class Played:
    """A real pygame Sound whose play() calls are counted (the mixer is asked to play)."""

    calls: ClassVar[list[float]] = []

    def __init__(self, data: bytes) -> None:
        self.sound = pygame.mixer.Sound(buffer=data)

    def play(self) -> None:
        self.sound.play()  # really through the mixer (dummy driver)
        Played.calls.append(self.sound.get_length())


@pytest.fixture(autouse=True)
def _fresh_mixer() -> None:
    pygame.mixer.quit()
    Played.calls = []


def timer(deadline_ms: int, sound: bool = True) -> TimerView:
    return TimerView(msg("Trade"), 20_000, True, deadline_ms=deadline_ms,
                     warnings_ms=(10_000, 5_000, 3_000, 2_000, 1_000), sound=sound)


def run_timer(speaker: Speaker, sound: bool = True) -> None:
    """A 20 s timer on the screen, the wall clock stepping by whole seconds past zero."""
    wall = [T0]
    renderer = Renderer(pygame.Surface((800, 480)), translator("en"), flip=lambda: None,
                        wall_ms=lambda: wall[0], bell=TimerBell(speaker))
    view = _view(timer(T0 + 20_000, sound))
    for t in range(0, 23_000, 500):
        wall[0] = T0 + t
        renderer.update(view)


def _view(t: TimerView) -> TableView:
    return replace(scenes.timer_view(), timer=t)


def test_the_mixer_is_asked_to_play_at_each_warning_and_at_zero() -> None:
    speaker = Speaker(70, sound=Played)
    run_timer(speaker)
    assert pygame.mixer.get_init() is not None  # the dummy driver really started
    assert speaker.played == ["warn"] * 5 + ["zero"]
    assert len(Played.calls) == 6  # every one reached pygame's Sound.play


def test_no_sound_when_the_timer_does_not_ask_for_it() -> None:
    speaker = Speaker(70, sound=Played)
    run_timer(speaker, sound=False)
    assert speaker.played == [] and Played.calls == []


def test_tones_are_made_in_code_at_the_volume() -> None:
    loud = samples(TONES["warn"], 1.0, 1)
    quiet = samples(TONES["warn"], 0.2, 1)
    assert len(loud) == 2 * (RATE * 150 // 1000)  # 16-bit mono, 150 ms
    peak = max(abs(int.from_bytes(loud[i:i + 2], "little", signed=True))
               for i in range(0, len(loud), 2))
    quiet_peak = max(abs(int.from_bytes(quiet[i:i + 2], "little", signed=True))
                     for i in range(0, len(quiet), 2))
    assert peak > 30_000 and quiet_peak < 0.25 * peak


class NoDevice:
    inits = 0

    def init(self, frequency: int = 0, size: int = 0, channels: int = 0) -> None:
        NoDevice.inits += 1
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    def get_init(self) -> tuple[int, int, int] | None:
        return None


def test_no_audio_device_is_silent_says_so_once_and_never_raises(
        caplog: pytest.LogCaptureFixture) -> None:
    NoDevice.inits = 0
    speaker = Speaker(70, mixer=NoDevice())
    with caplog.at_level(logging.WARNING):
        run_timer(speaker)
        assert speaker.play("chime") is False
    assert speaker.played == [] and NoDevice.inits == 1
    assert [r.getMessage() for r in caplog.records] == [
        "sound: no audio device (ALSA: Couldn't open audio device: No such file or directory);"
        " the timer stays silent"]


def test_volume_0_never_starts_audio() -> None:
    NoDevice.inits = 0
    speaker = Speaker(0, mixer=NoDevice())
    run_timer(speaker)
    assert NoDevice.inits == 0 and speaker.played == []


def test_a_reveal_chimes_when_the_option_is_on() -> None:
    game = get_game("mega-civilization")
    seats = ("Minoa", "Saba", "Assyria", "Maurya", "Celt")
    history = History.start(game, Setup(game.id, tuple(Seat(s) for s in seats),
                                        {"ask_treasury": "no", "calamities": "count"}))
    controller = Controller(history, None, translator("en"))
    speaker = Speaker(70, sound=Played)
    controller.on_reveal = RevealBell(speaker, True).reveal
    for s in range(5):
        assert controller.submit(Enter(s, 0), 0.0, s)
    for _ in range(5):
        assert controller.submit(Host.make("skip"), 0.0, None)
    assert controller.submit(Host.make("calamities"), 0.0, None)
    for s in range(5):
        assert controller.submit(Enter(s, s % 2), 0.0, s)
        assert speaker.played == (["chime"] if s == 4 else [])
    silent = RevealBell(Speaker(70, sound=Played), False)
    silent.reveal()
    assert silent.speaker.played == []


@pytest.mark.parametrize(("text", "volume", "chime"), [
    ("", 70, False), ("[display]\nvolume = 0\nchime = true\n", 0, True)])
def test_volume_and_chime_in_the_config(text: str, volume: int, chime: bool) -> None:
    import tomllib
    raw = tomllib.loads('game = "camel-up"\n' + text + "".join(
        f'[[seat]]\nname = "{n}"\nbox = "keyboard:{i}"\n' for i, n in enumerate("ABCD")))
    cfg = parse_config(raw)
    assert (cfg.volume, cfg.chime) == (volume, chime)


def test_a_volume_out_of_range_is_refused() -> None:
    import tomllib
    raw = tomllib.loads('game = "camel-up"\n[display]\nvolume = 101\n' + "".join(
        f'[[seat]]\nname = "{n}"\nbox = "keyboard:{i}"\n' for i, n in enumerate("ABCD")))
    with pytest.raises(ConfigError, match="volume must be a whole number from 0 to 100"):
        parse_config(raw)
