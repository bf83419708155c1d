"""A seat box wired to the Pi's header: three buttons and an LED via gpiozero, plus its LCD.

This module owns the gpiozero devices of one box. Buttons report raw edges only, stamped
with the injected clock; debounce, auto-repeat and OK-held live in the app's InputShaper
(mock pins ignore gpiozero's bounce_time, and real debounce would add latency). The LCD is
given from outside (an `companion.boxes.lcd.BusLcd`, usually), because LCDs share the I2C bus.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gpiozero import LED, Button

from .pins import BoxPins
from .vocabulary import Clock, InputSink, Key, KeyEdge, LedMode, TextDisplay

__all__ = ["BLINK_OFF", "BLINK_ON", "BoxPins", "GpioBox", "GpioLed"]

# "Locked" blinks slowly enough to tell apart from "on" across the table.
BLINK_ON = 0.5
BLINK_OFF = 0.5


class GpioLed:
    """A `StatusLed` on a gpiozero LED; blink runs in gpiozero's background thread.

    The modes reach the pin from a worker thread of the LED's own, in the order set: a
    gpiozero blink starts a thread (and waits for it), and a steady mode stops one (and
    joins it), about 0.4 ms each here and ten times that on a Pi Zero. When a phase ends
    every seat's LED changes at once; on the loop's thread that was a pause before the next
    press could be read."""

    def __init__(self, led: Any, blink_on: float = BLINK_ON, blink_off: float = BLINK_OFF) -> None:
        self._led = led
        self.blink_on, self.blink_off = blink_on, blink_off
        self._mode: LedMode = "off"
        self._worker: ThreadPoolExecutor | None = None  # started by the first change

    @property
    def mode(self) -> LedMode:
        """The mode last set (it reaches the pin a moment later: `settle`)."""
        return self._mode

    def set(self, mode: LedMode) -> None:
        if mode == self._mode:
            return  # re-calling blink() would restart its cycle: a visible stutter on redraws
        if mode not in ("on", "off", "blink"):
            raise ValueError(f"LED mode must be 'off', 'on' or 'blink', not {mode!r}")
        if self._worker is None:
            self._worker = ThreadPoolExecutor(1, thread_name_prefix="led")
        self._worker.submit(self._apply, mode)
        self._mode = mode

    def _apply(self, mode: LedMode) -> None:
        if mode == "on":
            self._led.on()  # on()/off() also stop a running blink thread
        elif mode == "off":
            self._led.off()
        else:
            self._led.blink(on_time=self.blink_on, off_time=self.blink_off, background=True)

    def settle(self) -> None:
        """Wait until every mode set so far has reached the pin."""
        if self._worker is not None:
            self._worker.submit(lambda: None).result()

    def close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None
        self._led.close()


class GpioBox:
    """One seat's GPIO box; implements `companion.boxes.vocabulary.Box`.

    Buttons use the Pi's internal pull-ups and switch to GND, so pressed reads low.
    Callbacks run on gpiozero's thread (the caller's thread with mock pins) and only call
    `sink(KeyEdge(...))`: the sink must be thread-safe (a queue's put).
    """

    def __init__(
        self,
        seat: int,
        pins: BoxPins,
        sink: InputSink,
        clock: Clock,
        lcd: TextDisplay,
        pin_factory: Any = None,
        *,
        blink_on: float = BLINK_ON,
        blink_off: float = BLINK_OFF,
    ) -> None:
        self.seat = seat
        self.pins = pins
        self._sink = sink
        self._clock = clock
        self._lcd = lcd
        self._buttons: dict[Key, Any] = {}
        self._led: GpioLed | None = None
        try:
            for key, bcm in ((Key.MINUS, pins.minus), (Key.PLUS, pins.plus), (Key.OK, pins.ok)):
                button = Button(bcm, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                self._buttons[key] = button
                button.when_pressed = self._edge(key, True)
                button.when_released = self._edge(key, False)
            self._led = GpioLed(LED(pins.led, pin_factory=pin_factory), blink_on, blink_off)
        except BaseException:
            # Release the pins claimed so far, or a retry with fixed pins hits GPIOPinInUse.
            self.close()
            raise

    def _edge(self, key: Key, down: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._sink(KeyEdge(self.seat, key, down, self._clock()))

        return on_edge

    @property
    def lcd(self) -> TextDisplay:
        return self._lcd

    @property
    def led(self) -> GpioLed:
        if self._led is None:
            raise RuntimeError(f"GPIO box of seat {self.seat} is closed")
        return self._led

    def button(self, key: Key) -> Any:
        """The gpiozero Button for `key` (tests and self-test drive its pin)."""
        return self._buttons[key]

    def close(self) -> None:
        """Close the buttons and the LED (freeing their pins). The LCD belongs to its bus."""
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()
        if self._led is not None:
            self._led.close()
            self._led = None
