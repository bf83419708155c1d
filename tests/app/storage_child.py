"""Child process for test_storage_faults: runs in its own mount namespace (unshare -m), mounts
a tiny tmpfs, and plays a table on it while the disk fills up or turns read-only. Prints one
JSON line of what a user would have seen; the parent test asserts on it.

Usage: storage_child.py full|read-only|run-read-only FOLDER
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.app.config import load_config
from companion.app.controller import Controller
from companion.app.journal import Journal, load
from companion.app.runner import open_journal
from companion.boxes.vocabulary import HostInput, Intent, SeatIntent
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")
SETUP = Setup(GAME.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy")), {"start_coins": 5})
EN = translator("en")
CONFIG = """\
game = "camel-up"
journal = "{journal}"
[options]
start_coins = 5
[host]
box = "mock:3"
[[seat]]
name = "Ann"
box = "mock:0"
[[seat]]
name = "Bob"
box = "mock:1"
[[seat]]
name = "Cy"
box = "mock:2"
"""


def sh(*args: str) -> None:
    subprocess.run(args, check=True)


def mount(disk: Path, size: str) -> None:
    disk.mkdir(exist_ok=True)
    sh("mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(disk))


def banner(c: Controller) -> str | None:
    b = c.banner_text()
    return None if b is None else b.render(EN)


def press(c: Controller, seat: int, intent: Intent, now: float, n: int = 1) -> None:
    for _ in range(n):
        c.handle(SeatIntent(seat, intent), now)


def start_table(folder: Path) -> tuple[Path, Path, Journal, Controller]:
    """A 64 KiB disk mounted at folder/disk, a new journal on it and an auction started."""
    disk = folder / "disk"
    mount(disk, "64k")
    path = disk / "j.jsonl"
    journal = Journal.create(path, SETUP)
    c = Controller(History.start(GAME, SETUP), journal, EN)
    c.handle(HostInput("start", (("card", "highest_bet"),)), 0.0)
    return disk, path, journal, c


def full(folder: Path) -> dict[str, object]:
    disk, path, _, c = start_table(folder)
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:  # every free page taken
        while os.write(fd, bytes(4096)):
            pass
    except OSError:
        pass
    os.close(fd)
    now, accepted = 1.0, len(c.history.journal_actions)
    for _ in range(500):  # lock and unlock until the journal's last page is full too
        press(c, 0, Intent.OK, now)
        if c.storage_fault is not None:
            break
        press(c, 0, Intent.OK_HELD, now)
        if c.storage_fault is not None:
            break
        now += 0.01
    accepted = len(c.history.journal_actions)
    refused_lcd = list(c.lcd_lines(0))
    text = path.read_bytes()
    on_disk = load(path)
    shown_banner = banner(c)
    c.expire(now + 3.0)
    still_full = c.storage_fault is not None
    filler.unlink()
    c.expire(now + 6.0)
    after_banner = banner(c)
    c.expire(now + 10.0)
    press(c, 0, Intent.OK_HELD, now + 10.0)  # unlock if it was locked
    press(c, 0, Intent.PLUS, now + 10.0, 2)
    value = c.sessions[0].draft
    press(c, 0, Intent.OK, now + 10.0)
    last = load(path).actions[-1]
    return {"refused_lcd": refused_lcd, "banner": shown_banner,
            "file_whole": text.endswith(b"\n"), "actions_on_disk": len(on_disk.actions),
            "actions_accepted": accepted, "still_full_after_retry": still_full,
            "banner_after_free": after_banner, "lcd_after_free": list(c.lcd_lines(0)),
            "locked_value": value, "last_on_disk": getattr(last, "value", None)}


def write_config(folder: Path, journal: Path) -> Path:
    cfg = folder / "c.toml"
    cfg.write_text(CONFIG.format(journal=journal))
    return cfg


def read_only(folder: Path) -> dict[str, object]:
    disk, path, journal, c = start_table(folder)
    press(c, 0, Intent.PLUS, 0.0, 2)
    press(c, 0, Intent.OK, 0.0)
    journal.close()
    sh("mount", "-o", "remount,ro", str(disk))
    cfg = load_config(write_config(folder, path))
    cfg.check_journal()  # a read-only disk is not a config error
    opened = open_journal(cfg, path)
    c = Controller(opened.history, opened.journal, EN)
    resumed_lcd = list(c.lcd_lines(0))
    c.expire(0.0)  # the first retry comes at once: still read-only
    shown_banner = banner(c)
    press(c, 1, Intent.OK, 0.5)
    refused = list(c.lcd_lines(1))
    sh("mount", "-o", "remount,rw", str(disk))
    c.expire(3.0)
    after = banner(c)
    press(c, 1, Intent.PLUS, 4.0, 1)
    press(c, 1, Intent.OK, 4.0)
    seqs = [json.loads(line)["seq"] for line in path.read_text().splitlines()[1:]]
    return {"resumed_lcd": resumed_lcd, "banner": shown_banner,
            "refused_lcd": refused, "banner_after_rw": after,
            "lcd_after_rw": list(c.lcd_lines(0)), "seqs_on_disk": seqs}


def run_read_only(folder: Path) -> dict[str, object]:
    disk = folder / "disk"
    mount(disk, "64k")
    sh("mount", "-o", "remount,ro", str(disk))
    cfg = write_config(folder, disk / "j.jsonl")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", str(cfg)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(4.0)
    alive = proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    return {"alive_after_start": alive, "stderr": err, "stdout": out,
            "returncode": proc.returncode}


if __name__ == "__main__":
    case, where = sys.argv[1], Path(sys.argv[2])
    run = {"full": full, "read-only": read_only, "run-read-only": run_read_only}[case]
    print(json.dumps(run(where)))
