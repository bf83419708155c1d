"""Reference firmware for a USB-serial seat box (MicroPython on a Raspberry Pi Pico).

This package owns what runs on the box: `boxlogic` (debounce, key edges, LCD/LED state,
heartbeats: no pins), `lcd1602` (an HD44780 LCD on a PCF8574 backpack over `machine.I2C`) and
`main` (pins, USB serial, the loop). The files are copied flat onto the Pico next to
`companion/boxes/serial_protocol.py` (README.md beside them); on the desktop the same code runs
in tests against fake `machine`, `select` and `sys.stdin` stand-ins, and `fakebox` runs
`boxlogic` on a pty as a stand-in box. It lives in the repository only: the wheel does not ship
it, and this `__init__` and `fakebox.py` are not copied to the Pico.
"""
