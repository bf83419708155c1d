"""LCD bus writes per bid step: one PLUS press on a seat's box, as I2C transactions on the
fake bus under the real charlcd code, versus a full 16x2 rewrite of the same LCD.

Both LCD backpacks are measured (MCP23008 on even seats, PCF8574 on odd seats of the mock
rig). Target: a bid step costs a quarter or less of a full rewrite.

Run: .venv/bin/python -m bench.lcd_writes
"""

from __future__ import annotations

from bench.common import table_boxes  # first: it sets the SDL/gpiozero environment
from companion.app.controller import Controller
from companion.app.loop import App
from companion.boxes.vocabulary import HostInput, Key
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


def main() -> None:
    game = get_game("camel-up")
    setup = Setup(game.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy", "Di")), {"start_coins": 40})
    controller = Controller(History.start(game, setup), None, translator("en"))
    clock = Clock()
    app = App(controller, {}, clock)
    made = table_boxes(app, "mock", 4, clock)
    rig = made.rig
    assert rig is not None
    app.sink(HostInput("start", (("card", "highest_bet"),)))
    app.run_once(0)
    rig.flush()
    for seat, kind in ((0, "MCP23008"), (1, "PCF8574")):
        steps: list[int] = []
        for _ in range(12):  # 0 -> 12: crosses from one digit to two
            before = rig.bus_writes(seat)
            rig.press(seat, Key.PLUS)
            clock.now += 0.05
            rig.release(seat, Key.PLUS)
            clock.now += 0.05
            app.run_once(0)
            rig.flush()
            steps.append(rig.bus_writes(seat) - before)
        lines = rig.lcd_lines(seat)
        before = rig.bus_writes(seat)
        rig.lcds[seat].writer.invalidate()  # forget the shadow: the next show rewrites all
        rig.lcds[seat].show(*lines)
        rig.flush()
        full = rig.bus_writes(seat) - before
        mean = sum(steps) / len(steps)
        ok = max(steps) <= full / 4
        print(
            f"LCD {kind} (seat {seat}): bid step {mean:.1f} I2C writes on average "
            f"(max {max(steps)}), full 16x2 rewrite {full}: ratio {max(steps) / full:.3f} "
            f"[{'OK' if ok else 'OVER'}: target <= 0.25]  glass: {lines!r}"
        )
    made.close()


if __name__ == "__main__":
    main()
