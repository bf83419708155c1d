"""Opening the display: real driver detection, dummy fallback, native fullscreen, PNGs."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame loads, even without the conftest
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.display import window
from companion.display.fonts import FontCache, font_path


@pytest.mark.parametrize(("env", "expected"), [
    ({}, False),
    ({"DISPLAY": ":0"}, True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, True),
    ({"SDL_VIDEODRIVER": "kmsdrm"}, True),
    ({"SDL_VIDEODRIVER": "KMSDRM"}, True),
    ({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, False),
    ({"SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":0"}, False),
    ({"SDL_VIDEODRIVER": "x11"}, False),
    ({"SDL_VIDEODRIVER": "x11", "DISPLAY": ":1"}, True),
    ({"SDL_VIDEODRIVER": "wayland", "DISPLAY": ":1"}, False),
])
def test_has_display(env: dict[str, str], expected: bool) -> None:
    assert window.has_display(env) is expected


def test_headless_opens_dummy_and_saves_png(tmp_path: Path) -> None:
    surface = window.open_display((800, 480), False)
    assert surface.get_size() == (800, 480)
    assert pygame.display.get_driver() == "dummy"
    assert pygame.font.get_init()
    surface.fill((10, 200, 30))
    out = window.save_png(surface, tmp_path / "deep" / "shot.png")
    loaded = pygame.image.load(str(out))
    assert loaded.get_size() == (800, 480)
    assert loaded.get_at((5, 5))[:3] == (10, 200, 30)


def test_headless_fullscreen_falls_back_to_reference_size() -> None:
    surface = window.open_display(None, True)
    assert surface.get_size() == window.DEFAULT_SIZE


def test_real_fullscreen_uses_native_mode_and_hides_mouse(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: dict[str, Any] = {}

    def set_mode(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        calls["mode"] = (tuple(size), flags)
        return pygame.Surface((1920, 1080))

    monkeypatch.setattr(window, "has_display", lambda env=None: True)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "kmsdrm")
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    monkeypatch.setattr(pygame.display, "set_caption", lambda title: None)
    monkeypatch.setattr(pygame.mouse, "set_visible",
                        lambda visible: calls.setdefault("mouse", visible))
    surface = window.open_display(None, True)
    assert calls["mode"] == ((0, 0), pygame.FULLSCREEN)
    assert calls["mouse"] is False
    assert surface.get_size() == (1920, 1080)


def test_fonts_load_from_the_package_not_the_working_dir(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # lgpio may chdir the whole process on a Pi
    for face in ("regular", "bold", "mono"):
        path = font_path(face)
        assert path.is_file() and path.suffix == ".ttf"
        assert "assets" in path.parts
    cache = FontCache()
    assert cache.font("mono", 20) is cache.font("mono", 20)
    assert cache.font("bold", 20) is not cache.font("bold", 21)
    assert cache.fonts_created == 3


def test_text_cache_is_bounded() -> None:
    cache = FontCache(max_texts=3)
    white = pygame.Color("white")
    for word in ("one", "two", "three", "four", "five"):
        cache.render(word, "regular", 18, white)
    assert cache.cached_texts() == {"three", "four", "five"}
    first = cache.render("five", "regular", 18, white)
    assert cache.render("five", "regular", 18, white) is first
    assert cache.text_hits == 2 and cache.text_misses == 5
    assert cache.fonts_created == 1
