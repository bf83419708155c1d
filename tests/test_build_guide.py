"""The build guide agrees with itself: hardware/wiring.svg is what hardware.wiring_diagram draws
from the pin table (regenerate it when the table changes), every box pin in the SVG is the
one wiring.md's pin table gives, and the connector pinout in hardware/README.md is the one the
diagram prints."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from companion.boxes.pins import BCM_TO_PHYSICAL, DEFAULT_BOX_PINS
from hardware import wiring_diagram

ROOT = Path(__file__).resolve().parent.parent


def wiring_md_pin_table() -> set[tuple[int, str, int, int]]:
    text = (ROOT / "wiring.md").read_text(encoding="utf-8")
    match = re.search(r"^### Pin table\n(.*?)(?=^#)", text, re.M | re.S)
    assert match, "wiring.md has no pin table"
    rows = set()
    for line in match.group(1).splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("|") and cells[0].isdigit():
            rows.add((int(cells[0]), cells[1], int(cells[2].removeprefix("GPIO")), int(cells[3])))
    return rows


def svg_elements() -> list[ET.Element]:
    return list(ET.parse(wiring_diagram.SVG).getroot().iter())


def test_the_committed_svg_is_the_generated_one() -> None:
    committed = wiring_diagram.SVG.read_text(encoding="utf-8")
    assert committed == wiring_diagram.render(), (
        "hardware/wiring.svg is stale: run `python -m hardware.wiring_diagram`")


def test_the_svg_pins_are_wiring_mds_pin_table() -> None:
    drawn = {(int(e.get("data-box", "")), e.get("data-signal", ""), int(e.get("data-bcm", "")),
              int(e.get("data-pin", ""))) for e in svg_elements() if e.get("data-box")}
    assert len(drawn) == 24  # six boxes, four pins each
    assert drawn == wiring_md_pin_table()


def test_the_svg_cards_follow_the_connector_pinout() -> None:
    for box, pins in enumerate(DEFAULT_BOX_PINS):
        rows = sorted((int(e.get("data-rj45", "")), e.get("data-signal", ""), e.text or "")
                      for e in svg_elements() if e.get("data-connector") == str(box))
        assert [signal for _, signal, _ in rows] == list(wiring_diagram.CONNECTOR)
        for _, signal, text in rows:
            if signal in pins.as_dict():
                bcm = pins.as_dict()[signal]
                assert text.endswith(f"GPIO{bcm} / pin {BCM_TO_PHYSICAL[bcm]}"), text


def test_the_guide_prints_the_same_connector_pinout() -> None:
    guide = (ROOT / "hardware" / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^### Box connector\n(.*?)(?=^#)", guide, re.M | re.S)
    assert match, "hardware/README.md has no 'Box connector' section"
    rows = [[c.strip().strip("`") for c in line.strip("|").split("|")]
            for line in match.group(1).splitlines() if line.startswith("|")][2:]
    assert [(int(r[0]), r[1].lower()) for r in rows] == list(
        enumerate(wiring_diagram.CONNECTOR, start=1))
