"""The on-Pi suite: real GPIO (lgpio), the real I2C bus and the real boxes of a table.

Opt-in and skipped everywhere else: run it on the Pi with the boxes plugged in and someone
at the table to press the buttons when the LCDs ask:

    COMPANION_ON_PI=1 COMPANION_CONFIG=/etc/companion/companion.toml \\
        GPIOZERO_PIN_FACTORY=lgpio BLINKA_SKIP_DEPENDENCY_CHECK=1 .venv/bin/pytest -m pi tests/pi
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.pi,
    pytest.mark.skipif(os.environ.get("COMPANION_ON_PI") != "1",
                       reason="on-Pi suite: set COMPANION_ON_PI=1 on a Pi with the boxes attached"),
]


def config_path() -> Path:
    return Path(os.environ.get("COMPANION_CONFIG", "/etc/companion/companion.toml"))


def test_lgpio_pin_factory_loads() -> None:
    from gpiozero import Device
    from gpiozero.pins.lgpio import LGPIOFactory

    Device.pin_factory = LGPIOFactory()
    try:
        assert Device.pin_factory.board_info.model
    finally:
        Device.pin_factory.close()
        Device.pin_factory = None


def test_every_configured_box_answers_and_every_button_works() -> None:
    """check-hardware on the real table: each LCD shows a test pattern, each LED blinks,
    each button must be pressed once; any stuck button or missing LCD/box fails."""
    from companion.app.config import load_config
    from companion.app.selftest import CheckEnv, check_hardware

    assert check_hardware(load_config(config_path()), CheckEnv(press_timeout=60.0)) == 0
