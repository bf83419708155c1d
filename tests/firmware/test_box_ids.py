"""A Pico's id is 21 characters and its LCD has 16 columns: the box shows a short form that
keeps both ends, and `companion check-hardware` prints the whole id, so the line on the screen
is matched to the box in the hand and copied into the config as it is."""

from __future__ import annotations

import threading

from companion.app.config import parse_config
from companion.app.selftest import CheckEnv, check_hardware
from hardware.firmware.fakebox import FakeSerialBox

FULL = "pico-e6614c311b4a2b29"
FAST = {"poll_every": 0.03, "heartbeat": 0.2, "timeout": 1.0, "retry_after": 0.05}


def test_check_hardware_prints_the_full_id_the_lcd_shortens() -> None:
    box = FakeSerialBox(FULL, heartbeat_ms=200)
    try:
        waiting = box.logic.screen(0)
        assert waiting == ("Waiting for host", "pico-e..1b4a2b29")
        assert FULL.startswith(waiting[1][:6]) and FULL.endswith(waiting[1][8:])
        cfg = parse_config({"game": "camel-up", "seat": [
            {"name": "Ann", "box": "keyboard:0"}, {"name": "Bob", "box": "keyboard:1"},
            {"name": "Cy", "box": "keyboard:2"}]})
        lines: list[str] = []
        rc: list[int] = []
        env = CheckEnv(serial_ports=lambda: [box.path], serial_options=FAST, serial_wait=2.0,
                       press_timeout=0.5, pattern_seconds=0.05, out=lines.append)
        t = threading.Thread(target=lambda: rc.append(check_hardware(cfg, env)), daemon=True)
        t.start()
        t.join(20)
        assert rc == [1], lines  # a box in no seat is a problem to fix...
        text = "\n".join(lines)
        # ...named by its whole id, ready to paste into the config.
        assert f'serial box {FULL} on {box.path} is in no seat' in text, text
        assert f'box = "serial:{FULL}"' in text
    finally:
        box.unplug()
