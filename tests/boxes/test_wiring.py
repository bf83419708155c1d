"""wiring.md and the code agree, and the default pin table is safe to solder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.boxes.keyboard_box import HOST_KEYS, SEAT_KEYS
from companion.boxes.pins import (
    BCM_TO_PHYSICAL,
    DEFAULT_BOX_PINS,
    DEFAULT_LCD_ADDRESSES,
    GROUND_PINS,
    PCF8574A_LCD_ADDRESSES,
    RESERVED_BCM,
    BoxPins,
    check_pin_table,
    physical_pin,
)

WIRING = Path(__file__).resolve().parents[2] / "wiring.md"


def section(title: str) -> str:
    """The text under a markdown heading, up to the next heading of any level."""
    text = WIRING.read_text(encoding="utf-8")
    match = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#)", text + "\n#", re.M | re.S)
    assert match, f"wiring.md has no section {title!r}"
    return match.group(1)


def table_rows(text: str) -> list[list[str]]:
    """Body rows of the first markdown table in `text`, cells stripped of spaces/backticks."""
    rows = [line for line in text.splitlines() if line.startswith("|")]
    assert len(rows) > 2, "no table"
    return [[c.strip().strip("`") for c in row.strip("|").split("|")] for row in rows[2:]]


def doc_pin_table() -> list[tuple[int, str, int, int]]:
    rows = []
    for box, signal, bcm, header in table_rows(section("Pin table")):
        assert bcm.startswith("GPIO"), bcm
        rows.append((int(box), signal, int(bcm[4:]), int(header)))
    return rows


def test_pin_table_in_wiring_md_equals_the_code_defaults() -> None:
    doc: dict[int, dict[str, int]] = {}
    for box, signal, bcm, _ in doc_pin_table():
        doc.setdefault(box, {})[signal] = bcm
    assert [BoxPins(**doc[box]) for box in sorted(doc)] == list(DEFAULT_BOX_PINS)


def test_header_pins_in_wiring_md_match_the_bcm_numbers() -> None:
    for box, signal, bcm, header in doc_pin_table():
        assert physical_pin(bcm) == header, f"box {box} {signal}: GPIO{bcm} is not pin {header}"


def test_glance_table_agrees_with_the_pin_table() -> None:
    cell = re.compile(r"GPIO(\d+) / pin (\d+)")
    for row in table_rows(section("Per box at a glance")):
        box = int(row[0])
        pins = DEFAULT_BOX_PINS[box]
        for text, bcm in zip(row[1:5], (pins.minus, pins.plus, pins.ok, pins.led), strict=True):
            m = cell.fullmatch(text)
            assert m and (int(m[1]), int(m[2])) == (bcm, physical_pin(bcm)), f"box {box}: {text}"
        grounds = {int(n) for n in re.findall(r"\d+", row[5])}
        assert grounds and grounds <= GROUND_PINS, f"box {box}: {row[5]} are not all GND pins"
        assert int(row[6], 16) == DEFAULT_LCD_ADDRESSES[box]


def test_no_pin_is_used_twice_and_none_is_reserved() -> None:
    used = [bcm for pins in DEFAULT_BOX_PINS for bcm in pins.as_dict().values()]
    assert len(used) == len(set(used))
    assert not set(used) & RESERVED_BCM  # I2C SDA/SCL and the ID EEPROM pins
    check_pin_table(DEFAULT_BOX_PINS)  # the same check the config uses for custom tables


@pytest.mark.parametrize(("bad", "problem"), [
    (BoxPins(minus=2, plus=17, ok=27, led=22), "I2C"),
    (BoxPins(minus=0, plus=17, ok=27, led=22), "EEPROM"),
    (BoxPins(minus=4, plus=17, ok=27, led=4), "already box 0 minus"),
    (BoxPins(minus=28, plus=17, ok=27, led=22), "not on the 40-pin header"),
])
def test_check_pin_table_names_the_problem(bad: BoxPins, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        check_pin_table([bad])


@pytest.mark.parametrize("revision", ["a02082", "c03111", "d04170"])  # Pi 3B, 4B, 5B
def test_bcm_to_physical_matches_gpiozeros_board_data(revision: str) -> None:
    from gpiozero.pins.mock import MockFactory

    factory: Any = MockFactory(revision=revision)
    header = factory.board_info.headers["J8"].pins
    theirs = {
        int(info.name[4:]): number
        for number, info in header.items()
        if info.name.startswith("GPIO")
    }
    assert dict(BCM_TO_PHYSICAL) == theirs
    assert {n for n, info in header.items() if info.name == "GND"} == GROUND_PINS
    factory.close()


def test_lcd_address_table_equals_the_code_and_its_jumpers_add_up() -> None:
    rows = table_rows(section("LCDs on the I2C bus"))
    assert [int(r[0]) for r in rows] == list(range(len(DEFAULT_LCD_ADDRESSES)))
    bit = {"A0": 1, "A1": 2, "A2": 4}
    for box, addr, addr_a, pcf_pads, mcp_pads in rows:
        b = int(box)
        assert int(addr, 16) == DEFAULT_LCD_ADDRESSES[b]
        assert int(addr_a, 16) == PCF8574A_LCD_ADDRESSES[b]
        # PCF8574 pads are pulled up: bridging clears a bit of 0x27. MCP23008: sets a bit of 0x20.
        cleared = sum(bit[p] for p in pcf_pads.split() if p != "none")
        assert 0x27 & ~cleared == DEFAULT_LCD_ADDRESSES[b], f"box {b} PCF8574 pads"
        assert 0x38 | (7 & ~cleared) == PCF8574A_LCD_ADDRESSES[b], f"box {b} PCF8574A pads"
        assert 0x20 | sum(bit[p] for p in mcp_pads.split()) == DEFAULT_LCD_ADDRESSES[b], (
            f"box {b} MCP23008 pads")


def test_lcd_addresses_are_distinct_and_in_the_chips_ranges() -> None:
    assert len(set(DEFAULT_LCD_ADDRESSES)) == len(DEFAULT_LCD_ADDRESSES) == len(DEFAULT_BOX_PINS)
    assert all(0x20 <= a <= 0x27 for a in DEFAULT_LCD_ADDRESSES)
    assert all(0x38 <= a <= 0x3F for a in PCF8574A_LCD_ADDRESSES)


def test_keyboard_section_equals_the_key_map() -> None:
    text = section("Desktop keyboard")
    tables = text.split("\n\n")
    seat_rows = table_rows(next(t for t in tables if "| Key set" in t))
    assert [tuple(r[1:]) for r in seat_rows] == list(SEAT_KEYS)
    host_rows = table_rows(next(t for t in tables if "| Key |" in t))
    assert dict((k, v) for k, v in host_rows) == {k: v.value for k, v in HOST_KEYS.items()}


def test_serial_protocol_section_documents_every_line_type() -> None:
    text = section("The line protocol (version 1)")
    for line_type in ("`ID? <v>`", "`ID <v>", "`KEY <seq>", "`LCD <row1>", "`LED <off",
                      "`HB [held keys]`", "`ERR <reason>`", "CRC-16/CCITT-FALSE"):
        assert line_type in text, line_type


def test_the_box_numbers_a_config_may_name_are_the_adapters() -> None:
    """The app checks config box specs against the vocabulary's numbers; each adapter must
    have exactly that many (a seventh GPIO box in pins.py would otherwise be refused)."""
    from companion.boxes import serial_protocol as sp
    from companion.boxes.mock_rig import MockRig
    from companion.boxes.pins import DEFAULT_BOX_PINS
    from companion.boxes.vocabulary import BOX_ID_CHARS, BOX_ID_MAX, BOX_NUMBERS

    assert {"gpio": len(DEFAULT_BOX_PINS), "keyboard": len(SEAT_KEYS),
                           "mock": len(DEFAULT_BOX_PINS)} == BOX_NUMBERS
    MockRig(BOX_NUMBERS["mock"]).close()  # the rig builds that many boxes, and no more
    with pytest.raises(ValueError):
        MockRig(BOX_NUMBERS["mock"] + 1)
    assert (BOX_ID_CHARS, BOX_ID_MAX) == (sp.ID_CHARS, sp.MAX_ID)
