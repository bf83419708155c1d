"""Shared test set-up: headless backends first, then fixtures every package's tests may use.

The environment is set before anything imports pygame, gpiozero or Blinka: SDL's dummy
drivers (no window, no ALSA noise), gpiozero's mock pins (also stops lgpio, if installed,
dropping its .lgd-nfy FIFO in the repo), and Blinka never offering to pip-install.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["GPIOZERO_PIN_FACTORY"] = "mock"
os.environ["BLINKA_SKIP_DEPENDENCY_CHECK"] = "1"

# Imports after the environment on purpose (ruff allows os.environ set-up before them).
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def pins() -> Iterator[Any]:
    """A fresh gpiozero MockFactory with PWM-capable pins; pass it as `pin_factory=`.

    Pins and reservations belong to the factory, so each test starts clean; reset() after
    the test forgets them even if a device was left open.
    """
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()
