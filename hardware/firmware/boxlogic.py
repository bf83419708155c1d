"""The box's input and protocol logic, apart from its pins: testable on the desktop.

This module owns what a serial box decides: debouncing the three buttons into key edges,
answering the host's lines (identify, LCD text, LED mode, heartbeat), sending its own
heartbeat, and what the LCD and LED show when the host has gone quiet. Time is passed in as
milliseconds with a `diff` function, because MicroPython's `ticks_ms` wraps around and must be
compared with `ticks_diff`. MicroPython subset only (see serial_protocol's docstring).
"""

try:  # on the desktop (tests) the protocol lives in the hardware package
    from companion.boxes import serial_protocol as sp
except ImportError:  # on the Pico the files sit side by side
    import serial_protocol as sp  # type: ignore[import-not-found, no-redef]

# typing.TYPE_CHECKING without importing typing, which MicroPython lacks (mypy and ruff read
# the name the same way); annotations are strings or never evaluated on the box.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

FIRMWARE = "1.2"  # 1.1: LCD retry, watchdog, short id on the LCD, USB reset; 1.2: hello
DEBOUNCE_MS = 20  # contacts bounce for a few ms; a human press lasts 60 ms or more
HEARTBEAT_MS = 1000
HOST_TIMEOUT_MS = 3000  # three missed host heartbeats: the host is gone (crashed, unplugged)
BLINK_MS = 500  # "locked" blinks at 1 Hz, like the GPIO boxes
COLS = 16
WAITING = "Waiting for host"
ID_HEAD = 6  # short_id keeps this many characters of the front, ".." and the rest of the end
FAULT_MS = 250  # the LCD-fault flicker: 125 ms on, 125 ms off, unlike any host LED mode


def short_id(box_id: str, cols: int = COLS) -> str:
    """The id as it fits one LCD row: "pico-e6614c311b4a2b29" -> "pico-e..1b4a2b29". Its
    front and end are in the full id, which `companion check-hardware` prints, so the box in
    the hand and the line on the screen are matched by eye."""
    if len(box_id) <= cols:
        return box_id
    return box_id[:ID_HEAD] + ".." + box_id[len(box_id) - (cols - ID_HEAD - 2):]


def plain_diff(a: int, b: int) -> int:
    """`a - b` for clocks that never wrap (the desktop); the Pico passes time.ticks_diff."""
    return a - b


class Debouncer:
    """One button. A change of level is taken at once (no added latency) unless the last
    taken change is under `ms` old: then it is a bounce, and the level is looked at again on
    a later scan, so a real release inside the window is still taken when the window ends."""

    def __init__(self, ms: int = DEBOUNCE_MS) -> None:
        self.ms = ms
        self.level = False  # True = pressed
        self.changed_at = None  # type: int | None

    def update(self, pressed: bool, now: int, diff: "Callable[[int, int], int]" = plain_diff
               ) -> "bool | None":
        """The new level when a change is taken, else None."""
        if pressed == self.level:
            return None
        if self.changed_at is not None and diff(now, self.changed_at) < self.ms:
            return None
        self.level = pressed
        self.changed_at = now
        return pressed


class BoxLogic:
    """Everything the box decides. `receive`, `scan` and `tick` return the lines to send;
    `screen()` and `led_lit()` say what the glass and the LED should show right now."""

    def __init__(self, box_id: str, lcd_address: "int | None", now: int, *,
                 firmware: str = FIRMWARE, cols: int = COLS,
                 diff: "Callable[[int, int], int]" = plain_diff,
                 heartbeat_ms: int = HEARTBEAT_MS, host_timeout_ms: int = HOST_TIMEOUT_MS,
                 debounce_ms: int = DEBOUNCE_MS) -> None:
        self.ident = sp.Ident(box_id, firmware, lcd_address)
        self.cols = cols
        self.diff = diff
        self.heartbeat_ms = heartbeat_ms
        self.host_timeout_ms = host_timeout_ms
        self.framer = sp.LineFramer()
        self.keys = {}  # type: dict[str, Debouncer]
        for k in sp.KEYS:
            self.keys[k] = Debouncer(debounce_ms)
        self.seq = 0
        self.rows = ("", "")  # the host's last LCD text: shown again when the host comes back
        self.led = "off"
        self.last_rx = None  # type: int | None
        self.last_hb = now
        self.last_bytes = now  # when anything last came from the host, whole line or not
        self.dropped = 0  # host lines dropped (garbled, too long, unknown)
        self.lcd_fault = False  # the LCD stopped answering: the LED flickers until it is back
        # The hello: one ID line, unasked, on the first tick after a (re)start. A host that
        # opened the port later never sees it (it asks ID? anyway); a host that kept the port
        # open while the box restarted (a UART bridge, a MicroPython soft reset) learns from
        # it that the KEY numbers start from 0 again, and sends the LCD text and LED again.
        self.hello_due = True

    # -- from the host

    def receive(self, data: bytes, now: int) -> list[bytes]:
        out = []  # type: list[bytes]
        self.last_bytes = now
        before = self.framer.oversized
        for line in self.framer.feed(data):
            if not line.strip():
                continue  # a stray newline, e.g. a terminal's CR LF
            try:
                message = sp.decode(line)
            except sp.ProtocolError as exc:
                self.dropped += 1
                out.append(sp.encode(sp.BoxError("checksum" if str(exc) == "checksum"
                                                 else "bad-line")))
                continue
            self.last_rx = now
            if isinstance(message, sp.Identify):
                self.hello_due = False  # the answer is the hello
                # Our state follows at once, so the host knows which keys are held (stuck).
                out.append(sp.encode(self.ident))
                out.append(sp.encode(self.heartbeat()))
                self.last_hb = now
            elif isinstance(message, sp.LcdText):
                self.rows = message.rows
            elif isinstance(message, sp.Led):
                self.led = message.mode
            # A host heartbeat only refreshes last_rx; box-only types are ignored.
        if self.framer.oversized != before:
            self.dropped += self.framer.oversized - before
            out.append(sp.encode(sp.BoxError("too-long")))
        return out

    def host_alive(self, now: int) -> bool:
        return self.last_rx is not None and self.diff(now, self.last_rx) < self.host_timeout_ms

    # -- from the buttons

    def scan(self, pressed: "dict[str, bool]", now: int) -> list[bytes]:
        """Raw levels of the buttons (True = pressed) -> KEY lines for the taken edges."""
        out = []  # type: list[bytes]
        for k in sp.KEYS:
            level = self.keys[k].update(bool(pressed.get(k, False)), now, self.diff)
            if level is not None:
                out.append(sp.encode(sp.KeyEvent(self.seq, k, level)))
                self.seq = (self.seq + 1) % sp.MAX_SEQ
        return out

    def held(self) -> tuple[str, ...]:
        return tuple(k for k in sp.KEYS if self.keys[k].level)

    def heartbeat(self) -> sp.Heartbeat:
        return sp.Heartbeat(self.held())

    # -- time

    def tick(self, now: int) -> list[bytes]:
        if (self.framer.buf or self.framer.discarding) and (
                self.diff(now, self.last_bytes) >= self.host_timeout_ms):
            # The host went quiet mid-line (a USB reset, a host restart): drop the half line,
            # or it would be glued to the first line of the next connection.
            self.framer = sp.LineFramer()
        if self.hello_due:
            self.hello_due = False
            self.last_hb = now
            return [sp.encode(self.ident), sp.encode(self.heartbeat())]
        if self.diff(now, self.last_hb) >= self.heartbeat_ms:
            self.last_hb = now
            return [sp.encode(self.heartbeat())]
        return []

    # -- what to show

    def screen(self, now: int) -> tuple[str, str]:
        """Two rows padded to the width: the host's text, or who we are while it is away."""
        rows = self.rows if self.host_alive(now) else (WAITING, short_id(self.ident.box_id,
                                                                         self.cols))
        return self._pad(rows[0]), self._pad(rows[1])

    def _pad(self, row: str) -> str:
        return (row[:self.cols] + " " * self.cols)[:self.cols]

    def led_lit(self, now: int) -> bool:
        if self.lcd_fault:  # over any host mode: the player must see why the glass is dead
            return (now // (FAULT_MS // 2)) % 2 == 0
        if not self.host_alive(now):
            return False
        if self.led == "blink":
            return (now // BLINK_MS) % 2 == 0
        return self.led == "on"
