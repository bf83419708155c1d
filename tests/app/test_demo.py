"""`companion demo` without a display: renders the scripted game to PNG files and exits 0."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.app.cli import main


def test_demo_writes_frames_and_exits_zero(tmp_path: Path, capsys: object) -> None:
    assert main(["demo", "--out", str(tmp_path), "--window", "no"]) == 0
    frames = sorted(p.name for p in tmp_path.glob("*.png"))
    assert frames[0] == "01-bidding-two-locked.png" and frames[-1] == "10-final.png"
    assert len(frames) == 10
    img = pygame.image.load(str(tmp_path / "02-reveal-highest-bet-ties-drop.png"))
    assert img.get_size() == (1280, 720)
    assert (tmp_path / "journal.jsonl").exists()


def test_demo_at_800x480(tmp_path: Path) -> None:
    assert main(["demo", "--out", str(tmp_path), "--window", "no", "--size", "800x480"]) == 0
    img = pygame.image.load(str(tmp_path / "10-final.png"))
    assert img.get_size() == (800, 480)
