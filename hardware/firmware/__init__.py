"""Reference firmware for a USB-serial seat box (MicroPython on a Raspberry Pi Pico).

This package owns what runs on the box: `boxlogic` (debounce, key edges, LCD/LED state,
heartbeats: no pins), `lcd1602` (an HD44780 LCD on a PCF8574 backpack over `machine.I2C`) and
`main` (pins, USB serial, the loop). The files are copied flat onto the Pico next to
`hardware/serial_protocol.py` (README.md beside them); on the desktop the same code runs in
tests against fake `machine`, `select` and `sys.stdin` stand-ins. This `__init__` is not copied.
"""
