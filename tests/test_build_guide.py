"""The build guide agrees with itself: hardware/wiring.svg is what hardware.wiring_diagram draws
from the pin table (regenerate it when the table changes), every box pin in the SVG is the
one wiring.md's pin table gives, and the connector pinout in hardware/README.md is the one the
diagram prints."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from companion.boxes.pins import BCM_TO_PHYSICAL, DEFAULT_BOX_PINS, GROUND_PINS
from hardware import breakout, breakout_drawing, wiring_diagram

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


# The breakout board (hardware/breakout.py): what a maker solders must join each jack pin to
# its Pi pin and nothing else. The checks below follow the wires themselves (union-find over
# pads), not the layout's own net names, except to name what they find.

def board_groups(wires: list[breakout.Wire]) -> dict[breakout.Pad, breakout.Pad]:
    """Pad -> a representative pad of everything the wires join it to."""
    parent: dict[breakout.Pad, breakout.Pad] = {}

    def find(p: breakout.Pad) -> breakout.Pad:
        parent.setdefault(p, p)
        while parent[p] != p:
            p = parent[p]
        return p

    for part in breakout.parts():
        for pin, _ in part.pads:
            find((part.ref, pin))
    for wire in wires:
        parent[find(wire.a)] = find(wire.b)
    return {p: find(p) for p in parent}


def short_problems(wires: list[breakout.Wire]) -> list[str]:
    """Every place where the wires join two different nets or leave a net in pieces."""
    group, nets = board_groups(wires), breakout.nets()
    problems = []
    seen: dict[breakout.Pad, str] = {}
    for pad, net in sorted(nets.items()):
        other = seen.setdefault(group[pad], net)
        if other != net:
            problems.append(f"{pad} joins {net} to {other}")
    for pad, root in group.items():
        if pad not in nets and any(p != pad and group[p] == root for p in group):
            problems.append(f"{pad} should be unconnected")
    by_net: dict[str, set[breakout.Pad]] = {}
    for pad, net in nets.items():
        by_net.setdefault(net, set()).add(group[pad])
    problems += [f"{net} is in {len(roots)} pieces" for net, roots in by_net.items()
                 if len(roots) > 1]
    return problems


def test_the_committed_breakout_drawing_and_tables_are_the_generated_ones() -> None:
    for path, solder_side in ((breakout_drawing.SVG, False),
                              (breakout_drawing.SOLDER_SVG, True)):
        assert path.read_text(encoding="utf-8") == breakout_drawing.render_svg(solder_side), (
            f"hardware/{path.name} is stale: run `python -m hardware.wiring_diagram`")
    guide = (ROOT / "hardware" / "README.md").read_text(encoding="utf-8")
    assert breakout_drawing.render_tables() in guide, (
        "the breakout tables in hardware/README.md are stale: run "
        "`python -m hardware.wiring_diagram`")


def test_every_jack_pin_reaches_its_pi_pin_and_no_other() -> None:
    group = board_groups(breakout.wires())
    parts = {p.ref: p for p in breakout.parts()}

    def joined(a: breakout.Pad, b: breakout.Pad) -> bool:
        return group[a] == group[b]

    def header(pin: int) -> breakout.Pad:
        return ("H1", str(pin))

    repeaters = [ref for ref, p in parts.items() if [n for n, _ in p.pads] == list(
        breakout.REPEATER_PINS)]
    assert len(repeaters) == 2
    for u in repeaters:  # each repeater: 3.3 V side on the Pi's bus, 5 V side on the jacks'
        assert joined((u, "SDAA"), header(3)) and joined((u, "SCLA"), header(5))
        assert joined((u, "VCCA"), header(1)) and joined((u, "EN"), header(1))
        assert joined((u, "GND"), header(6)) and not joined((u, "VCCB"), header(2))
    assert not joined(("H1", "3"), ("H1", "5"))
    for box, pins in enumerate(DEFAULT_BOX_PINS):
        jack = f"J{box}"
        assert jack in parts, f"box {box} has no jack"
        at = {signal: (jack, str(n)) for n, signal in enumerate(wiring_diagram.CONNECTOR, 1)}
        for signal in ("minus", "plus", "ok"):
            bcm = pins.as_dict()[signal]
            assert joined(at[signal], header(BCM_TO_PHYSICAL[bcm])), f"box {box} {signal}"
        resistor = parts[f"R{box}"]
        assert "330 Ω" in resistor.what
        lead_jack, lead_pi = (resistor.ref, "b"), (resistor.ref, "a")
        assert joined(at["led"], lead_jack) and joined(lead_pi, header(BCM_TO_PHYSICAL[pins.led]))
        assert all(joined(at["gnd"], header(g)) for g in GROUND_PINS)
        assert joined(at["5v"], ("F1", "b")) and joined(("F1", "a"), header(2))
        assert joined(("F1", "a"), header(4)) and not joined(at["5v"], header(2))
        u = next(u for u in repeaters if joined(at["sda"], (u, "SDAB")))
        assert joined(at["scl"], (u, "SCLB")) and joined(at["5v"], (u, "VCCB"))
        # And nothing else: no header pin but its own on any of its signal wires.
        for signal, pad in at.items():
            others = {int(p[1]) for p in group if p[0] == "H1" and joined(p, pad)}
            if signal in ("minus", "plus", "ok"):
                assert others == {BCM_TO_PHYSICAL[pins.as_dict()[signal]]}, (box, signal)
            elif signal != "gnd":
                assert not others, (box, signal, others)


def test_no_two_nets_meet_and_every_net_is_whole() -> None:
    assert short_problems(breakout.wires()) == []
    group = board_groups(breakout.wires())
    for row in range(20):  # the header's two columns are never joined, row by row
        odd, even = ("H1", str(2 * row + 1)), ("H1", str(2 * row + 2))
        assert group[odd] != group[even], f"header pins {odd[1]} and {even[1]} are joined"
    for pin in range(1, 39):  # nor neighbours in a column, but for the two 5 V pins
        joined = group["H1", str(pin)] == group["H1", str(pin + 2)]
        assert joined == (pin == 2), f"header pins {pin} and {pin + 2}"


def test_the_checks_see_a_short_and_a_missing_wire() -> None:
    wires = breakout.wires()
    short = [*wires, breakout.Wire("GND", ("J0", "2"), ("J0", "6"))]
    assert any("5V" in p and "GND" in p for p in short_problems(short))
    cut = [w for w in wires if not (w.net.startswith("GPIO") and "J0" in (w.a[0], w.b[0]))]
    assert any("pieces" in p for p in short_problems(cut))


def test_no_hole_holds_two_pads_and_no_part_sits_on_another() -> None:
    parts = breakout.parts()
    holes = [hole for p in parts for _, hole in p.pads]
    assert len(holes) == len(set(holes)), "two pads in one hole"
    assert all(1 <= c <= breakout.COLS and 1 <= r <= breakout.ROWS for c, r in holes)
    for part in parts:
        c0, r0, c1, r1 = part.body
        assert 1 <= c0 <= c1 <= breakout.COLS and 1 <= r0 <= r1 <= breakout.ROWS, part.ref
        for other in parts:
            if other is part:
                continue
            d0, s0, d1, s1 = other.body
            assert c1 < d0 or d1 < c0 or r1 < s0 or s1 < r0, f"{part.ref} overlaps {other.ref}"


def test_optional_parts_can_be_left_out_and_no_pad_takes_too_many_wires() -> None:
    optional = {p.ref for p in breakout.parts() if p.optional}
    assert optional == {"RB1", "RB2", "RB3", "RB4"}
    kept = [w for w in breakout.wires() if w.a[0] not in optional and w.b[0] not in optional]
    group = board_groups(kept)
    roots: dict[str, set[breakout.Pad]] = {}
    for pad, net in breakout.nets().items():
        if pad[0] not in optional:
            roots.setdefault(net, set()).add(group[pad])
    assert all(len(r) == 1 for r in roots.values()), "leaving out RB1-RB4 cuts a net"
    ends: dict[breakout.Pad, int] = {}
    for wire in breakout.wires():
        for pad in (wire.a, wire.b):
            ends[pad] = ends.get(pad, 0) + 1
    assert max(ends.values()) <= breakout.MAX_WIRES_PER_PAD


def drawn_pads(path: Path) -> dict[tuple[str, str], tuple[int, int, float, float]]:
    """(ref, pin) -> (column, row, x, y) of every pad in a breakout SVG."""
    out = {}
    for e in ET.parse(path).getroot().iter():
        if e.get("data-ref"):
            x = float(e.get("cx") or float(e.get("x", "")) + 5)  # circle, or pin 1's square
            y = float(e.get("cy") or float(e.get("y", "")) + 5)
            out[e.get("data-ref", ""), e.get("data-pin", "")] = (
                int(e.get("data-col", "")), int(e.get("data-row", "")), x, y)
    return out


def test_the_breakout_svgs_draw_each_pad_at_its_hole_and_each_wire() -> None:
    top, below = drawn_pads(breakout_drawing.SVG), drawn_pads(breakout_drawing.SOLDER_SVG)
    want = {(p.ref, pin): hole for p in breakout.parts() for pin, hole in p.pads}
    assert {pad: v[:2] for pad, v in top.items()} == want
    assert {pad: v[:2] for pad, v in below.items()} == want
    step = breakout_drawing.S
    for pad, (col, row, x, y) in top.items():  # evenly spaced, column 1 at the left...
        col0, row0 = breakout.HEADER_COL, breakout.HEADER_ROW  # where H1 pin 1 is
        assert (x, y) == (top["H1", "1"][2] + (col - col0) * step,
                          top["H1", "1"][3] + (row - row0) * step), pad
        mirrored = below[pad]  # ...and at the right from the solder side
        assert (mirrored[2], mirrored[3]) == (below["H1", "1"][2] - (col - col0) * step, y), pad
    for path in (breakout_drawing.SVG, breakout_drawing.SOLDER_SVG):
        drawn = sorted((e.get("data-net"), e.get("data-a"), e.get("data-b"))
                       for e in ET.parse(path).getroot().iter() if e.get("data-a"))
        assert drawn == sorted((w.net, ".".join(w.a), ".".join(w.b))
                               for w in breakout.wires())


def guide_table(title: str) -> list[list[str]]:
    guide = (ROOT / "hardware" / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"{re.escape(title)}.*?\n(\|.*?)\n\n", guide, re.S)
    assert match, title
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in match.group(1).splitlines()[2:]]


def test_the_pull_up_table_adds_up_and_stays_within_its_limits() -> None:
    for backpack, boxes, do, together in guide_table("then per side:"):
        each = {"4.7 kΩ": [4.7], "10 kΩ": [10.0]}.get(backpack, [])
        if "Remove both pull-ups from one" in do:
            n = int(boxes) - 1
        else:
            n = int(boxes) if each and boxes.isdigit() else 0
        added = re.search(r"RB = ([\d.]+) kΩ", do)
        resistors = each * n + ([float(added[1])] if added else [])
        total = 1 / sum(1 / r for r in resistors)
        figures = re.fullmatch(r"([\d.]+) kΩ, ([\d.]+) mA", together)
        assert figures, together
        kohm, ma = figures.groups()
        assert abs(total - float(kohm)) < 0.051 and abs(5 / total - float(ma)) < 0.051, do
        assert 1.7 <= total <= 2.95, f"{backpack} x {boxes}: {total:.2f} kΩ"


def test_the_cable_budget_table_is_its_formula() -> None:
    for boxes, metres, _ in guide_table("Total cable on one side ="):
        assert float(metres.removesuffix(" m")) == int((400 - 10 - 20 * int(boxes)) / 60 * 10) / 10


def test_both_docs_give_the_same_pull_up_limit_and_it_is_the_arithmetic() -> None:
    """n backpacks' 4.7 kΩ pull-ups in parallel to 5 V may draw at most 3 mA (an I2C chip's
    sink): n = 2 (2.1 mA), not 3 (3.2 mA). Both pages say it in words."""
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    most = max(n for n in words if 5 / (4.7 / n) <= 3.0)
    for doc in (ROOT / "hardware" / "README.md", ROOT / "wiring.md"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        said = re.findall(r"at most (\w+) backpacks with 4\.7 kΩ pull-ups", text)
        assert said == [words[most]], f"{doc.name}: {said}"
