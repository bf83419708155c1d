"""A full Camel Up round driven by presses on gpiozero MockFactory pins, through the real
input path, with each seat's LCD read back from what the real charlcd code put on the fake
I2C bus, and the reveal saved as a screenshot."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.app.controller import Controller
from companion.app.journal import Journal, load
from companion.app.loop import App
from companion.boxes.mock_rig import MockRig
from companion.boxes.vocabulary import HOST_SEAT, Key, KeyEdge
from companion.display.renderer import Renderer
from companion.display.window import open_display, save_png
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def test_a_round_on_mock_pins_to_the_reveal(tmp_path: Path) -> None:
    setup = Setup(GAME.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di")))
    history = History.start(GAME, setup)
    journal = Journal.create(tmp_path / "j.jsonl", history.setup)
    controller = Controller(history, journal, translator("en"))
    clock = Clock()
    surface = open_display((1280, 720))
    renderer = Renderer(surface, translator("en"))
    app = App(controller, {}, clock, renderer, show_lcds=False)
    rig = MockRig(4, sink=app.sink, clock=clock)
    app.boxes = dict(enumerate(rig.boxes))
    try:
        def step(dt: float = 0.05) -> None:
            clock.now += dt
            app.run_once(0)

        def tap(seat: int, key: Key, times: int = 1) -> None:
            for _ in range(times):
                rig.press(seat, key)
                step()
                rig.release(seat, key)
                step()

        # the host chooses "Start auction: Highest bet" on the host menu with the arrow keys
        options = [e.label.render() for e in controller.host_options()]
        assert options[0] == "Start auction: Highest bet"
        app.sink(KeyEdge(HOST_SEAT, Key.OK, True, clock()))
        step()
        app.sink(KeyEdge(HOST_SEAT, Key.OK, False, clock()))
        step()
        rig.flush()
        assert rig.lcd_lines(0) == ("Bid          $10", "<0>      OK=lock")
        assert rig.led_state(0) == "on"

        tap(0, Key.PLUS, 3)
        rig.flush()
        assert rig.lcd_lines(0)[1] == "<3>      OK=lock"
        tap(0, Key.OK)
        rig.flush()
        assert rig.lcd_lines(0) == ("LOCKED 3     $10", "hold OK: unlock ")
        assert rig.led_state(0) == "blink"
        assert [s.status for s in controller.table_view().seats] == [
            "locked", "thinking", "thinking", "thinking"]
        assert "3" not in repr(controller.table_view().panels)  # nothing of the bid shows

        # Bob holds plus: auto-repeat takes him to 7 without seven taps; then locks
        rig.press(1, Key.PLUS)  # 1 at once, then a repeat every 0.1 s after 0.4 s
        for _ in range(9):
            step(0.101)
        rig.release(1, Key.PLUS)
        step()
        assert controller.sessions[1].draft == 7
        tap(1, Key.OK)
        tap(2, Key.MINUS)  # already at 0: stays 0
        tap(2, Key.OK)
        tap(3, Key.PLUS, 3)
        tap(3, Key.OK)
        rig.flush()

        assert controller.state.phase == "income"
        result = GAME.outcome(controller.state)["auctions"][0]
        assert result["winner"] == 1 and result["payment"] == 7
        assert rig.lcd_lines(1) == ("You won!        ", "                ")
        assert rig.lcd_lines(0) == ("Sale income? $10", "<0>     OK=enter")
        assert len(load(tmp_path / "j.jsonl").actions) == 5
        path = save_png(renderer.surface, tmp_path / "reveal.png")
        shot = pygame.image.load(str(path))
        assert shot.get_size() == (1280, 720)
    finally:
        rig.close()
        journal.close()
        pygame.display.quit()
