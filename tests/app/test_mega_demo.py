"""Mega Civilization's demo plays the whole script on the boxes (every value reached by key
presses) through phase 12 to the score sheet, at both sizes and in both languages."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.app.cli import main


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "size"), [("en", "1280x720"), ("pl", "800x480")])
def test_mega_civilization_demo_ends_on_the_score_sheet(tmp_path: Path, lang: str,
                                                         size: str) -> None:
    assert main(["demo", "--game", "mega-civilization", "--out", str(tmp_path), "--window",
                 "no", "--lang", lang, "--size", size]) == 0
    frames = sorted(p.name for p in tmp_path.glob("*.png"))
    assert frames[-1] == "22-score-sheet.png"
    assert {"18-minoa-pays-for-two-advances.png", "19-no-change-given.png",
            "17b-random-discards.png"} <= set(frames)
    w, h = (int(x) for x in size.split("x"))
    assert pygame.image.load(str(tmp_path / frames[-1])).get_size() == (w, h)
