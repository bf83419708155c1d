"""`companion demo` without a display: renders the scripted game to PNG files and exits 0."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.app.cli import main


@pytest.mark.slow
def test_demo_writes_frames_and_exits_zero(tmp_path: Path, capsys: object) -> None:
    assert main(["demo", "--out", str(tmp_path), "--window", "no"]) == 0
    frames = sorted(p.name for p in tmp_path.glob("*.png"))
    assert frames[0] == "01-bidding-two-locked.png" and frames[-1] == "10-final.png"
    assert len(frames) == 10
    img = pygame.image.load(str(tmp_path / "02-reveal-highest-bet-ties-drop.png"))
    assert img.get_size() == (1280, 720)
    assert (tmp_path / "journal.jsonl").exists()


@pytest.mark.slow
def test_demo_at_800x480(tmp_path: Path) -> None:
    assert main(["demo", "--out", str(tmp_path), "--window", "no", "--size", "800x480"]) == 0
    img = pygame.image.load(str(tmp_path / "10-final.png"))
    assert img.get_size() == (800, 480)


def test_speed_shortens_watching_but_never_button_timings() -> None:
    import time

    from companion.app.demo import DemoClock
    from companion.app.shaper import HOLD

    clock = DemoClock(virtual=False, speed=20.0)
    t0 = time.monotonic()
    clock.sleep(HOLD / 4)  # part of an OK hold: must take its real time at any speed
    held = time.monotonic() - t0
    t0 = time.monotonic()
    clock.pause(1.0)  # watching time: 1 s / 20
    watched = time.monotonic() - t0
    assert held >= HOLD / 4 and watched < 0.5
    virtual = DemoClock(virtual=True, speed=20.0)
    before = virtual()
    virtual.pause(2.0)  # headless: the full 2 s pass, so box messages expire as at a table
    assert virtual() - before == 2.0


def test_lang_works_after_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--lang", "pl"]) == 0
    after = capsys.readouterr().out
    assert main(["--lang", "pl", "games"]) == 0
    assert "(3-5 graczy)" in after and after == capsys.readouterr().out
