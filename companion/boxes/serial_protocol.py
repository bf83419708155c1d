"""The serial box line protocol: framing, checksum and every message, for host and box alike.

This module owns the wire format documented in wiring.md ("Serial boxes"). It is pure (no
pyserial, no I/O) and written in the subset of Python that MicroPython runs, because the
Pico firmware imports this very file (copied next to main.py): no dataclasses, no `re`, no
`from __future__`, only simple f-strings (MicroPython 1.17+), typing only behind a guarded
import. Annotations are fine: MicroPython compiles and ignores them.

A line is printable ASCII: `<body>*<CRC>\\n`, CRC = CRC-16/CCITT-FALSE of the body in four
hex digits. The body is a type word, then fields separated by single spaces:

    host -> box:  ID? <v>            LCD <row1>|<row2>     LED <off|on|blink>    HB
    box -> host:  ID <v> <id> <fw> <lcd>   KEY <seq> <minus|plus|ok> <down|up>
                  HB [held keys...]         ERR <reason>

A line that is too long, not printable, has a bad checksum or a malformed body raises
`ProtocolError` (the caller drops it and counts it); `LineFramer` never buffers more than
`MAX_LINE` bytes, whatever arrives.
"""

# typing.TYPE_CHECKING without importing typing, which MicroPython lacks (mypy and ruff read
# the name the same way); annotations are strings or never evaluated on the box.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

    Message: TypeAlias = "Identify | Ident | KeyEvent | LcdText | Led | Heartbeat | BoxError"

PROTOCOL_VERSION = 1
MAX_LINE = 160  # bytes before "\n" (a trailing "\r" included); longer lines are dropped
MAX_COLS = 20  # characters per LCD row on the wire (16x2 and 20x4 boards both fit)
MAX_ID = 32  # box id length
MAX_FW = 16  # firmware version length
MAX_SEQ = 65536  # KEY sequence numbers wrap here
KEYS = ("minus", "plus", "ok")
LED_MODES = ("off", "on", "blink")
ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
REASON_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_-"
HEX = "0123456789ABCDEFabcdef"
HEX_UPPER = "0123456789ABCDEF"


class ProtocolError(ValueError):
    """A line that is not a valid protocol line: dropped by the receiver, never fatal."""


# --- CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): check value of b"123456789" is 0x29B1 ----


def _crc_table() -> list[int]:
    table = []
    for n in range(256):
        crc = n << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC = _crc_table()  # 256 entries: a table keeps the Pico's per-line cost well under 1 ms


def crc16(data: bytes) -> int:
    crc = 0xFFFF
    for b in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC[((crc >> 8) ^ b) & 0xFF]
    return crc


# --- small checks that MicroPython can run (no re) ---------------------------------------------


def _only(text: str, allowed: str) -> bool:
    return all(ch in allowed for ch in text)


def _number(text: str, limit: int) -> int:
    # Digits only: int() alone would take "+1", " 1" or "1_0"; the length cap keeps a
    # hostile "KEY 999...9" from costing big-integer work.
    if not text or len(text) > 5 or not _only(text, "0123456789"):
        raise ProtocolError("bad number")
    value = int(text)
    if value >= limit:
        raise ProtocolError("number out of range")
    return value


def _token(text: str, allowed: str, longest: int, what: str) -> str:
    if not text or len(text) > longest or not _only(text, allowed):
        raise ProtocolError("bad " + what)
    return text


def check_box_id(box_id: str) -> str:
    """A box id: 1-32 of A-Z a-z 0-9 _ . - (it names a seat in the config: "serial:<id>")."""
    return _token(box_id, ID_CHARS, MAX_ID, "box id")


# --- LCD text: HD44780 codes 0-255, escaped so the line stays printable ASCII ---------------


def escape_row(row: str) -> str:
    """`\\HH` for every code that is not plain printable ASCII, and for `\\` and `|`."""
    out = []
    for ch in row:
        code = ord(ch)
        if code > 0xFF:
            raise ValueError("LCD text must be HD44780 codes 0-255 (map it with to_hd44780)")
        if 0x20 <= code <= 0x7E and ch != "\\" and ch != "|":
            out.append(ch)
        else:
            out.append(f"\\{code:02X}")
    return "".join(out)


def unescape_row(text: str) -> str:
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            pair = text[i + 1:i + 3]
            if len(pair) != 2 or not _only(pair, HEX):
                raise ProtocolError("bad escape")
            out.append(chr(int(pair, 16)))
            i += 3
        else:
            out.append(ch)
            i += 1
    if len(out) > MAX_COLS:
        raise ProtocolError("LCD row too long")
    return "".join(out)


# --- messages ------------------------------------------------------------------------------


class _Msg:
    def key(self) -> tuple[object, ...]:
        raise NotImplementedError

    def body(self) -> str:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Msg) and type(self) is type(other) and self.key() == other.key()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return type(self).__name__ + repr(self.key())


class Identify(_Msg):
    """Host -> box `ID? <v>`: say who you are. Sent after every open: a box's greeting sent
    before the host opened the port is lost, so the host never waits for one."""

    def __init__(self, version: int = PROTOCOL_VERSION) -> None:
        self.version = version

    def key(self) -> tuple[object, ...]:
        return (self.version,)

    def body(self) -> str:
        return f"ID? {self.version}"


class Ident(_Msg):
    """Box -> host `ID <v> <box id> <firmware> <lcd>`: the answer to `ID?`. `lcd` is the I2C
    address the box found its LCD at (hex, e.g. `27`), or `-` when no LCD answered."""

    def __init__(self, box_id: str, firmware: str, lcd: int | None,
                 version: int = PROTOCOL_VERSION) -> None:
        self.box_id = check_box_id(box_id)
        self.firmware = _token(firmware, ID_CHARS + "+", MAX_FW, "firmware version")
        if lcd is not None and not 0 <= lcd <= 0x7F:
            raise ProtocolError("bad LCD address")
        self.lcd = lcd
        self.version = version

    def key(self) -> tuple[object, ...]:
        return (self.version, self.box_id, self.firmware, self.lcd)

    def body(self) -> str:
        lcd = "-" if self.lcd is None else f"{self.lcd:02X}"
        return f"ID {self.version} {self.box_id} {self.firmware} {lcd}"


class KeyEvent(_Msg):
    """Box -> host `KEY <seq> <key> <down|up>`: a debounced edge. `seq` counts KEY lines
    (mod 65536) so the host can tell that one was lost to a garbled line."""

    def __init__(self, seq: int, key: str, down: bool) -> None:
        if key not in KEYS:
            raise ProtocolError("bad key")
        if not 0 <= seq < MAX_SEQ:
            raise ProtocolError("bad sequence number")
        self.seq = seq
        self.key_name = key
        self.down = bool(down)

    def key(self) -> tuple[object, ...]:
        return (self.seq, self.key_name, self.down)

    def body(self) -> str:
        return "KEY {} {} {}".format(self.seq, self.key_name, "down" if self.down else "up")


class LcdText(_Msg):
    """Host -> box `LCD <row1>|<row2>`: the whole glass. Rows are HD44780 codes, escaped;
    trailing blanks are not sent (the box pads every row to its width)."""

    def __init__(self, row1: str, row2: str) -> None:
        self.rows = (row1[:MAX_COLS].rstrip(" "), row2[:MAX_COLS].rstrip(" "))

    def key(self) -> tuple[object, ...]:
        return self.rows

    def body(self) -> str:
        return "LCD " + escape_row(self.rows[0]) + "|" + escape_row(self.rows[1])


class Led(_Msg):
    """Host -> box `LED <off|on|blink>`: on = you must act, blink = locked."""

    def __init__(self, mode: str) -> None:
        if mode not in LED_MODES:
            raise ProtocolError("bad LED mode")
        self.mode = mode

    def key(self) -> tuple[object, ...]:
        return (self.mode,)

    def body(self) -> str:
        return "LED " + self.mode


class Heartbeat(_Msg):
    """`HB [held...]` both ways, once a second. The host's carries nothing; the box's names
    the keys it holds, so the host can release a key whose `up` line was lost."""

    def __init__(self, held: tuple[str, ...] = ()) -> None:
        for k in held:
            if k not in KEYS:
                raise ProtocolError("bad key")
        self.held = tuple(k for k in KEYS if k in held)  # one order: equal sets compare equal

    def key(self) -> tuple[object, ...]:
        return self.held

    def body(self) -> str:
        return "HB" + "".join(" " + k for k in self.held)


class BoxError(_Msg):
    """Box -> host `ERR <reason>`: the box dropped a host line (e.g. `checksum`, `long`)."""

    def __init__(self, reason: str) -> None:
        self.reason = _token(reason, REASON_CHARS, 24, "reason")

    def key(self) -> tuple[object, ...]:
        return (self.reason,)

    def body(self) -> str:
        return "ERR " + self.reason


# --- lines -----------------------------------------------------------------------------------


def frame(body: str) -> bytes:
    """One line on the wire: body, `*`, CRC-16 in hex, newline."""
    data = body.encode()
    if len(data) + 5 > MAX_LINE:
        raise ValueError("line longer than MAX_LINE")
    return data + b"*" + f"{crc16(data):04X}".encode() + b"\n"


def encode(message: "Message") -> bytes:
    return frame(message.body())


def _printable(data: bytes) -> bool:
    return all(0x20 <= b <= 0x7E for b in data)


def unframe(line: bytes) -> str:
    """The body of one line (without its newline), or ProtocolError."""
    if len(line) > MAX_LINE:
        raise ProtocolError("line too long")
    if line[-1:] == b"\r":  # MicroPython's stdout may turn "\n" into "\r\n"
        line = line[:-1]
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 5:
        raise ProtocolError("no checksum")
    if not _printable(line):
        raise ProtocolError("not printable ASCII")
    body = line[:star]
    check = line[star + 1:].decode()
    if not _only(check, HEX_UPPER):  # one spelling per line: "c" for "C" is a changed byte
        raise ProtocolError("bad checksum digits")
    if int(check, 16) != crc16(body):
        raise ProtocolError("checksum")
    return body.decode()


def parse(body: str) -> "Message":
    """A checked body as a message object, or ProtocolError (unknown type included)."""
    if body.startswith("LCD "):
        rest = body[4:]
        bar = rest.find("|")
        if bar < 0 or rest.find("|", bar + 1) >= 0:
            raise ProtocolError("LCD needs two rows")
        return LcdText(unescape_row(rest[:bar]), unescape_row(rest[bar + 1:]))
    parts = body.split(" ")
    for p in parts:
        if not p:
            raise ProtocolError("empty field")
    kind = parts[0]
    args = parts[1:]
    n = len(args)
    if kind == "ID?" and n == 1:
        return Identify(_number(args[0], 1000))
    if kind == "ID" and n == 4:
        lcd = None if args[3] == "-" else _hex_address(args[3])
        return Ident(args[1], args[2], lcd, _number(args[0], 1000))
    if kind == "KEY" and n == 3:
        if args[2] not in ("down", "up"):
            raise ProtocolError("bad edge")
        return KeyEvent(_number(args[0], MAX_SEQ), args[1], args[2] == "down")
    if kind == "LED" and n == 1:
        return Led(args[0])
    if kind == "HB" and n <= len(KEYS):
        return Heartbeat(tuple(args))
    if kind == "ERR" and n == 1:
        return BoxError(args[0])
    raise ProtocolError("unknown line type")


def _hex_address(text: str) -> int:
    if len(text) != 2 or not _only(text, HEX):
        raise ProtocolError("bad LCD address")
    return int(text, 16)


def decode(line: bytes) -> "Message":
    """unframe + parse: a message, or ProtocolError for anything else."""
    return parse(unframe(line))


class LineFramer:
    """Splits a byte stream into lines, holding at most `max_line` bytes of a partial line.

    A line that grows past the limit is dropped up to its newline (`oversized` counts them),
    so a box spewing bytes without newlines costs bounded memory. Lines come out without
    the newline; checking them is `decode`'s job.
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self.buf = bytearray()
        self.discarding = False
        self.oversized = 0

    def feed(self, data: bytes) -> list[bytes]:
        data = bytes(data)
        lines = []  # type: list[bytes]
        start = 0
        while True:
            nl = data.find(b"\n", start)
            piece = data[start:] if nl < 0 else data[start:nl]
            if not self.discarding:
                if len(self.buf) + len(piece) > self.max_line:
                    self.oversized += 1
                    self.discarding = True
                    self.buf = bytearray()
                else:
                    self.buf.extend(piece)
            if nl < 0:
                return lines
            if not self.discarding:
                lines.append(bytes(self.buf))
            self.buf = bytearray()
            self.discarding = False
            start = nl + 1
