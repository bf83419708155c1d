"""Shared test set-up: headless backends first, the hypothesis profile, then fixtures every
package's tests may use.

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
from hypothesis import settings

# Property tests are deterministic unless asked otherwise (a run must not go red, or stay
# green, by chance): "ci" (chosen when CI is set) and "dev" (the default) derandomize, so every
# run checks the same examples; "explore" (`make test-explore`) draws fresh ones each run and
# keeps any failure it finds in .hypothesis/ to replay it next time. Loaded here, before any
# test module builds its @settings, which take what they do not set from this profile.
# No deadline: an example's time is not what these tests check, and on a loaded machine
# Hypothesis's 200 ms per example fails a sound test.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("dev", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", derandomize=False, print_blob=True, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI")
                                                                 else "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every property test is slow (hundreds of games each): `make test-fast` leaves them out."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)


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
