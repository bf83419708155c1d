"""The serial line protocol: round trips, fuzzing (no input crashes the decoder, memory stays
bounded), garbled/truncated/oversized lines dropped, and the MicroPython subset kept."""

from __future__ import annotations

import ast
import contextlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.boxes import serial_protocol as sp

ROOT = Path(__file__).resolve().parents[2]

ids = st.text(alphabet=sp.ID_CHARS, min_size=1, max_size=sp.MAX_ID)
rows = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=255), max_size=sp.MAX_COLS)
messages = st.one_of(
    st.builds(sp.Identify, st.integers(0, 999)),
    st.builds(sp.Ident, ids, st.text(alphabet=sp.ID_CHARS + "+", min_size=1, max_size=sp.MAX_FW),
              st.none() | st.integers(0, 0x7F), st.integers(0, 999)),
    st.builds(sp.KeyEvent, st.integers(0, sp.MAX_SEQ - 1), st.sampled_from(sp.KEYS), st.booleans()),
    st.builds(sp.LcdText, rows, rows),
    st.builds(sp.Led, st.sampled_from(sp.LED_MODES)),
    st.builds(sp.Heartbeat, st.lists(st.sampled_from(sp.KEYS), unique=True).map(tuple)),
    st.builds(sp.BoxError, st.text(alphabet=sp.REASON_CHARS, min_size=1, max_size=24)),
)


def test_crc16_is_ccitt_false() -> None:
    assert sp.crc16(b"123456789") == 0x29B1


def test_examples_from_wiring_md() -> None:
    assert sp.encode(sp.Identify()) == b"ID? 1*C575\n"
    assert sp.encode(sp.KeyEvent(3, "ok", True)) == b"KEY 3 ok down*00EC\n"
    assert sp.decode(b"ID 1 box-1 1.0 27*45F3") == sp.Ident("box-1", "1.0", 0x27)
    assert sp.encode(sp.LcdText("Gr\xf5n \\ 1|2", "")) == b"LCD Gr\\F5n \\5C 1\\7C2|*F1A6\n"
    wiring = (ROOT / "wiring.md").read_text()
    examples = [sp.Identify(), sp.Ident("box-1", "1.0", 0x27),
                sp.Ident("pico-e6614c311b4a2b29", "1.0", None), sp.KeyEvent(3, "ok", True),
                sp.KeyEvent(4, "ok", False), sp.LcdText("Bid           $5", "<0>      OK=lock"),
                sp.LcdText("Gr\xf5n \\ 1|2", ""), sp.Led("blink"), sp.Heartbeat(),
                sp.Heartbeat(("ok",)), sp.BoxError("checksum")]
    for line in (sp.frame(m.body()).decode().rstrip("\n") for m in examples):
        assert line in wiring, f"wiring.md lost the example {line!r}"


@given(messages)
def test_encode_decode_round_trip(message: sp.Message) -> None:
    line = sp.encode(message)
    assert line.endswith(b"\n") and len(line) - 1 <= sp.MAX_LINE
    assert all(0x20 <= b <= 0x7E for b in line[:-1])
    assert sp.decode(line[:-1]) == message
    assert sp.decode(line[:-1] + b"\r") == message  # MicroPython's CR LF
    assert sp.LineFramer().feed(line) == [line[:-1]]


@given(st.binary(max_size=400))
@settings(max_examples=500)
def test_no_bytes_crash_the_decoder(data: bytes) -> None:
    with contextlib.suppress(sp.ProtocolError):
        sp.decode(data)


@given(st.lists(st.binary(max_size=300), max_size=20))
def test_framer_memory_stays_bounded(chunks: list[bytes]) -> None:
    framer = sp.LineFramer()
    for chunk in chunks:
        for line in framer.feed(chunk):
            assert len(line) <= sp.MAX_LINE and b"\n" not in line
            with contextlib.suppress(sp.ProtocolError):
                sp.decode(line)
        assert len(framer.buf) <= sp.MAX_LINE


@given(messages, st.data())
def test_any_single_byte_change_is_detected(message: sp.Message, data: st.DataObject) -> None:
    line = bytearray(sp.encode(message)[:-1])
    i = data.draw(st.integers(0, len(line) - 1))
    new = data.draw(st.integers(0, 255).filter(lambda b: b != line[i] and b != 0x0A))
    line[i] = new
    with pytest.raises(sp.ProtocolError):
        sp.decode(bytes(line))


@given(messages, st.data())
def test_truncated_lines_are_dropped(message: sp.Message, data: st.DataObject) -> None:
    line = sp.encode(message)[:-1]
    cut = data.draw(st.integers(0, len(line) - 1))
    with pytest.raises(sp.ProtocolError):
        sp.decode(line[:cut])


def test_oversized_line_is_dropped_and_the_next_line_still_reads() -> None:
    framer = sp.LineFramer()
    good = sp.encode(sp.KeyEvent(1, "plus", True))
    out = framer.feed(b"x" * 100)
    out += framer.feed(b"y" * 100)  # now past MAX_LINE: dropped up to the newline
    out += framer.feed(b"z" * 10_000 + b"\n" + good)
    assert out == [good[:-1]] and framer.oversized == 1 and not framer.buf


def test_malformed_bodies_are_refused() -> None:
    for body in ("KEY 1 ok", "KEY 1 enter down", "KEY +1 ok down", "KEY 99999 ok down",
                 "LED bright", "ID 1 bad/id 1.0 27", "ID 1 box 1.0 7", "LCD one row",
                 "LCD a|b|c", "LCD \\ZZ|", "LCD " + "x" * 21 + "|", "HB ok ok ok ok",
                 "HB  ok", "NOPE", "ERR Bad"):
        with pytest.raises(sp.ProtocolError):
            sp.decode(sp.frame(body)[:-1])


def test_lcd_text_keeps_hd44780_codes_and_escapes_the_separators() -> None:
    m = sp.LcdText("a|b\\c\x7e\xff", "   ")
    assert sp.encode(m).startswith(b"LCD a\\7Cb\\5Cc~\\FF|*")
    assert sp.decode(sp.encode(m)[:-1]).key() == ("a|b\\c\x7e\xff", "")
    with pytest.raises(ValueError):
        sp.LcdText("\u20ac", "").body()  # not mapped to the ROM first


# --- the part the Pico imports stays inside MicroPython's subset ------------------------------

# What is copied onto the Pico: the protocol and the firmware (not fakebox.py, the desktop
# harness that runs the firmware's logic on a pty).
FIRMWARE_SIDE = [ROOT / "companion" / "boxes" / "serial_protocol.py",
                 *sorted(p for p in (ROOT / "hardware" / "firmware").glob("*.py")
                         if p.name != "fakebox.py")]
MICROPYTHON_IMPORTS = {"sys", "time", "select", "machine", "micropython", "companion.boxes",
                       "hardware.firmware", "serial_protocol", "boxlogic", "lcd1602",
                       "box_config", "typing", "collections.abc"}


@pytest.mark.parametrize("path", FIRMWARE_SIDE, ids=lambda p: p.name)
def test_firmware_side_uses_only_what_micropython_has(path: Path) -> None:
    tree = ast.parse(path.read_text())
    guarded: set[int] = set()
    for node in ast.walk(tree):
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
            guarded |= {id(n) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""])
            for name in names:
                assert name in MICROPYTHON_IMPORTS, f"{path.name} imports {name}"
                if name in ("typing", "collections.abc"):
                    assert id(node) in guarded, f"{path.name}: {name} outside TYPE_CHECKING"
        assert not isinstance(node, ast.NamedExpr), f"{path.name}: walrus"
        if isinstance(node, ast.ClassDef):
            assert not node.decorator_list, f"{path.name}: class decorator (dataclass?)"


def test_firmware_side_imports_with_no_typing_module() -> None:
    code = (
        "import sys\n"
        "for m in ('typing', 'dataclasses', 're', 'enum', 'collections.abc'):\n"
        "    sys.modules[m] = None\n"
        "from companion.boxes import serial_protocol as sp\n"
        "from hardware.firmware import boxlogic, lcd1602, main\n"
        "logic = boxlogic.BoxLogic('b1', 0x27, 0)\n"
        "out = logic.receive(sp.encode(sp.Identify()), 5)\n"
        "assert sp.decode(out[0][:-1]) == sp.Ident('b1', boxlogic.FIRMWARE, 0x27), out\n"
        "print('ok')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.strip() == "ok", run.stderr
