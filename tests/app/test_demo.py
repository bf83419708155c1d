"""`companion demo` without a display: renders the scripted game to PNG files and exits 0."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion.app.cli import main
from companion.display.phone_panel import panel_width


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


@pytest.mark.slow
def test_demo_with_a_phone_seat(tmp_path: Path) -> None:
    """Ann plays on a phone: the real server on loopback, joined with the host's OK, every
    press of hers a WebSocket message; the frames show her phone beside the table."""
    assert main(["demo", "--out", str(tmp_path), "--window", "no", "--phone"]) == 0
    frames = sorted(p.name for p in tmp_path.glob("*.png"))
    assert frames[:2] == ["00-phone-asks-for-a-seat.png", "00-phone-joined.png"]
    assert frames[-1] == "10-final.png" and len(frames) == 12
    img = pygame.image.load(str(tmp_path / "01-bidding-two-locked.png"))
    assert img.get_size() == (1280 + panel_width(720), 720)
    # the phone page beside the table: its LED shows "locked" (green) after Ann's bid,
    # and nothing lit while it waited for the host
    asks = pygame.image.load(str(tmp_path / "00-phone-asks-for-a-seat.png"))
    led_area = pygame.Rect(1280, 0, panel_width(720), 150)
    locked = pygame.Color("#2ecc71")

    def lit(surface: pygame.Surface) -> bool:
        return any(surface.get_at((x, y))[:3] == tuple(locked)[:3]
                   for x in range(led_area.left, led_area.right)
                   for y in range(led_area.top, led_area.bottom))

    assert lit(img) and not lit(asks)
    claims = [json.loads(x) for x in (tmp_path / "claims.jsonl").read_text().splitlines()]
    assert [(c["event"], c["seat"], c["box"]) for c in claims] == [("accepted", 0, "Phone")]
    assert json.loads((tmp_path / "phones.json").read_text())["seats"].keys() == {"0"}
    # Ann's entries reached the journal: they can only have come over her phone's socket
    entries = [json.loads(x) for x in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert any(e.get("seat") == 0 and e.get("type") == "enter" for e in entries)


def test_speed_shortens_watching_but_never_button_timings() -> None:
    import time

    from companion.app.demo_driver import DemoClock
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
