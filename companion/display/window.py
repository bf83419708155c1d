"""Opening the table screen: a real display when there is one, SDL's dummy driver otherwise.

Only the display and font subsystems are initialised: `pygame.init()` would also start audio,
which on a Pi without a sound card prints ALSA errors and gains nothing (hardware-notes 11).
On the Pi console (no X, no Wayland) SDL's KMSDRM driver draws straight to HDMI; only
pygame-ce ships it, which is why the project depends on pygame-ce and never on pygame.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pygame

DEFAULT_SIZE = (1280, 720)
CAPTION = "companion"

# Drivers that draw nowhere a person can see; with them we only ever save PNGs.
_HEADLESS = {"dummy", "offscreen"}


def has_display(env: Mapping[str, str] | None = None) -> bool:
    """Whether a real video driver is usable: X11/Wayland session, or KMSDRM asked for.

    `env` defaults to the process environment (a parameter so tests need not patch it).
    """
    env = os.environ if env is None else env
    driver = env.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in _HEADLESS:
        return False
    if driver == "kmsdrm":
        # The console service sets this explicitly; there is no session variable to check.
        return True
    if driver == "x11":
        return bool(env.get("DISPLAY"))
    if driver == "wayland":
        return bool(env.get("WAYLAND_DISPLAY"))
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def open_display(size: tuple[int, int] | None = None, fullscreen: bool = False) -> pygame.Surface:
    """Open the window (or the console in native mode) and return its surface.

    `fullscreen` with `size` None uses the screen's native mode ((0, 0) + FULLSCREEN) and hides
    the mouse pointer, which would otherwise sit in the middle of a kiosk screen. Without a
    usable display SDL's dummy driver is selected, so the same code can render PNGs headless.
    """
    if not has_display():
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_driver() == "x11":
        # Under X, SDL's default is to push the window surface through an OpenGL texture:
        # every update, however small, uploads and draws the whole window (5 ms of CPU per
        # frame here with Mesa's software GL). X's own framebuffer (XShm) pushes only the
        # rects asked for: 0.01-0.25 ms. (The console's KMSDRM has no such path: left as is.)
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    headless = pygame.display.get_driver() in _HEADLESS
    if fullscreen and not headless:
        surface = pygame.display.set_mode(size or (0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        # The dummy driver has no native mode worth using; pick the reference size.
        surface = pygame.display.set_mode(size or DEFAULT_SIZE)
    pygame.display.set_caption(CAPTION)
    return surface


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> Path:
    """Write the surface to a PNG (creating folders), for screenshots and headless runs."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out
