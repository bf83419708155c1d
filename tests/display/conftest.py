"""Display tests run headless: SDL's dummy video driver and no audio, set before pygame loads.

Forced (not setdefault): a developer's shell with SDL_VIDEODRIVER=x11 must not make the
suite open windows. The suite runs with --import-mode=importlib, which does not put test
folders on sys.path, so this folder is added for its helper modules (display_scenes,
display_pixels, make_screenshots), whose names are unique to it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture(autouse=True, scope="session")
def _video() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()
