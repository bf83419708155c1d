"""The on-Pi suite: real GPIO (lgpio), the real I2C bus and the real boxes of a table.

Opt-in and skipped everywhere else: run it on the Pi with the boxes plugged in and someone
at the table to press the buttons when the LCDs ask:

    sudo systemctl stop companion     # the suite needs the pins, the ports and the display
    COMPANION_ON_PI=1 COMPANION_CONFIG=/etc/companion/companion.toml \\
        GPIOZERO_PIN_FACTORY=lgpio BLINKA_SKIP_DEPENDENCY_CHECK=1 .venv/bin/pytest -m pi tests/pi

Run it once more with `sudo` (same line after `sudo env`): as root it also runs a device
check inside the installed unit's own sandbox (its user, groups and hardening, through
`systemd-run`), which proves the hardened service still reaches GPIO, I2C, serial, DRM and
input. Without root that one test says so and skips.
"""

from __future__ import annotations

import os
import subprocess
import sys
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


# Opens the KMSDRM display as the service does; exits non-zero with SDL's words if it cannot.
OPEN_DISPLAY = """
import os, pygame
os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
pygame.display.init()
assert pygame.display.get_driver() == "KMSDRM", pygame.display.get_driver()
surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
surface.fill((0, 90, 0)); pygame.display.flip()
print("display", surface.get_size())
"""


def test_kmsdrm_opens_the_display() -> None:
    """What install.sh's apt step is for: SDL finds GBM, EGL, GLES 2 and Mesa's driver."""
    run = subprocess.run([sys.executable, "-c", OPEN_DISPLAY], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("display (")


# Inside the sandbox: every device node the table uses opens read-write, the libraries work
# on them, the state directory is writable and the rest of the system is not.
DEVICES = OPEN_DISPLAY + """
import glob
for pattern in ("/dev/gpiochip*", "/dev/i2c-1", "/dev/dri/card*", "/dev/input/event*",
                "/dev/ttyACM*"):
    for path in glob.glob(pattern):
        os.close(os.open(path, os.O_RDWR | os.O_NONBLOCK))
        print("opened", path)
assert glob.glob("/dev/gpiochip*") and glob.glob("/dev/i2c-1") and glob.glob("/dev/dri/card*")
from gpiozero.pins.lgpio import LGPIOFactory
LGPIOFactory().close()
import board, busio
i2c = busio.I2C(board.SCL, board.SDA)
while not i2c.try_lock():
    pass
print("i2c scan", [hex(a) for a in i2c.scan()])
i2c.unlock()
open("/var/lib/companion/.sandbox-check", "w").close()
os.remove("/var/lib/companion/.sandbox-check")
try:
    open("/etc/companion/.sandbox-check", "w")
except OSError:
    print("read-only /etc: ok")
else:
    raise SystemExit("the sandbox let the service write to /etc")
"""
UNIT = Path("/etc/systemd/system/companion.service")
# Keys about how the service is started and supervised, not about what it may touch.
NOT_SANDBOX = ("Exec", "Type", "Notify", "Watchdog", "Restart", "Timeout", "TTY", "Standard")


def test_devices_open_inside_the_units_sandbox() -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root for systemd-run: run the on-Pi suite again with sudo")
    section, props = "", []
    for line in UNIT.read_text().splitlines():
        if line.startswith("["):
            section = line
        elif (section == "[Service]" and "=" in line
              and not line.startswith(("#", *NOT_SANDBOX))):
            props += ["-p", line]
    run = subprocess.run(["systemd-run", "--wait", "--pipe", "--collect", "--quiet", *props,
                          "/opt/companion/.venv/bin/python", "-c", DEVICES],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "read-only /etc: ok" in run.stdout, run.stdout
