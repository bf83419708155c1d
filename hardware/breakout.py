"""The breakout board (hardware/breakout.svg and the tables in hardware/README.md), as data.

This module owns where every part of the breakout board sits, hole by hole, and which wire
joins which pads. It is a perfboard (one copper pad per hole, no strips), wired point to
point with insulated wire on the solder side, so only the wires join anything: a wrong
strip cut cannot short a GPIO to 5 V. The nets come from the same pin table as the wiring
(`companion.boxes.pins`) and the same connector pinout (`wiring_diagram.CONNECTOR`);
tests/test_build_guide.py checks every jack pin against them, that no hole holds two nets,
that each net's wires join all its pads, and that the committed SVG and tables are these.

Regenerate with `python -m hardware.wiring_diagram` (it writes this board too).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.boxes.pins import BCM_TO_PHYSICAL, GROUND_PINS, SCL_PIN, SDA_PIN
from companion.boxes.pins import DEFAULT_BOX_PINS as DEFAULT_BOX_PINS
from hardware.wiring_diagram import CONNECTOR, FIVE_V_PINS

# The board: columns 1-63 left to right, rows 1-39 top to bottom, seen from the component
# side (a 160 x 100 mm Eurocard perfboard has 63 x 39 holes at 2.54 mm).
COLS, ROWS = 63, 39
HEADER_COL, HEADER_ROW = 31, 10  # H1 pin 1; odd pins down column 31, even pins down 32
JACK_COL = {"L": 10, "R": 54}  # the jack modules' pin rows; their bodies lie outboard
JACK_ROWS = (3, 16, 29)  # pin 1 of the top, middle and bottom jack on each side
MAX_WIRES_PER_PAD = 3  # more wire ends than that on one pad is hard to solder well

# PCA9517A / TCA9517 (same pinout), on an SOIC-8 to DIP-8 adapter: pins 1-4 down the left
# column, 5-8 up the right one, 3 holes (7.62 mm) apart.
REPEATER_PINS = ("VCCA", "SCLA", "SDAA", "GND", "EN", "SDAB", "SCLB", "VCCB")

Hole = tuple[int, int]  # (column, row)
Pad = tuple[str, str]  # (part reference, pin name)


@dataclass(frozen=True)
class Part:
    """One part: its pads' holes and the holes its body covers (nothing else may go there)."""

    ref: str
    what: str
    pads: tuple[tuple[str, Hole], ...]
    body: tuple[int, int, int, int]  # first column, first row, last column, last row
    optional: bool = False

    def hole(self, pin: str) -> Hole:
        return dict(self.pads)[pin]


@dataclass(frozen=True)
class Wire:
    net: str
    a: Pad
    b: Pad


def side_of(box: int) -> str:
    """'L' or 'R': the header column (odd pins left, even right) most of a box's pins are in."""
    pins = [BCM_TO_PHYSICAL[b] for b in DEFAULT_BOX_PINS[box].as_dict().values()]
    return "L" if sum(p % 2 for p in pins) * 2 > len(pins) else "R"


def jack_order() -> dict[str, list[int]]:
    """The boxes on each side, top to bottom by where their pins sit on the header."""
    order: dict[str, list[int]] = {"L": [], "R": []}
    for box in sorted(range(len(DEFAULT_BOX_PINS)), key=lambda b: sum(
            BCM_TO_PHYSICAL[p] for p in DEFAULT_BOX_PINS[b].as_dict().values())):
        order[side_of(box)].append(box)
    return order


def header_hole(pin: int) -> Hole:
    return (HEADER_COL + (pin + 1) % 2, HEADER_ROW + (pin - 1) // 2)


def _two(ref: str, what: str, a: tuple[str, Hole], b: tuple[str, Hole], *,
         optional: bool = False, grow: int = 0) -> Part:
    """A two-lead part; `grow` widens its body by that many holes all round (a can, a disc)."""
    (c0, r0), (c1, r1) = a[1], b[1]
    return Part(ref, what, (a, b), (min(c0, c1) - grow, min(r0, r1) - grow,
                                    max(c0, c1) + grow, max(r0, r1) + grow), optional)


def _repeater(ref: str, col: int) -> Part:
    pads = [(name, (col, 3 + i)) for i, name in enumerate(REPEATER_PINS[:4])]
    pads += [(name, (col + 3, 6 - i)) for i, name in enumerate(REPEATER_PINS[4:])]
    return Part(ref, "PCA9517A (or TCA9517) on an SOIC-8 to DIP-8 adapter; pin 1 top left",
                tuple(pads), (col - 1, 2, col + 4, 7))


def parts() -> list[Part]:
    """Every part on the board, with the hole of each of its pins."""
    out = [Part("H1", "2x20 shrouded box header (IDC), pin 1 (the triangle) top left",
                tuple((str(p), header_hole(p)) for p in range(1, 41)),
                (HEADER_COL - 1, HEADER_ROW - 2, HEADER_COL + 2, HEADER_ROW + 21))]
    for side, boxes in jack_order().items():
        col = JACK_COL[side]
        for box, row in zip(boxes, JACK_ROWS, strict=False):
            body = (1, row - 1, col - 1, row + 8) if side == "L" else (col + 1, row - 1, COLS,
                                                                       row + 8)
            out.append(Part(f"J{box}", f"RJ45 breakout module for box {box}, pin 1 at the "
                            "top, jack facing the board edge",
                            tuple((str(n), (col, row + n - 1)) for n in range(1, 9)), body))
            near, far = (col + 7, col + 3) if side == "L" else (col - 7, col - 3)
            out.append(_two(f"R{box}", f"330 Ω 1/4 W, box {box}'s LED resistor",
                            ("a", (near, row + 7)), ("b", (far, row + 7))))
    out += [_repeater("U1", 20), _repeater("U2", 41),
            _two("C3", "100 nF, U1's 3.3 V side", ("a", (17, 3)), ("b", (17, 5))),
            _two("C4", "100 nF, U1's 5 V side", ("a", (26, 3)), ("b", (26, 5))),
            _two("C5", "100 nF, U2's 3.3 V side", ("a", (38, 3)), ("b", (38, 5))),
            _two("C6", "100 nF, U2's 5 V side", ("a", (47, 3)), ("b", (47, 5))),
            _two("F1", "PTC fuse, 0.5 A hold", ("a", (28, 3)), ("b", (30, 3))),
            _two("C1", "100 µF 10 V electrolytic (at most 6.3 mm across), + at the left",
                 ("+", (33, 3)), ("-", (34, 3)), grow=1),
            _two("C2", "100 nF ceramic", ("a", (34, 6)), ("b", (36, 6)))]
    for ref, line, col, row in (("RB1", "SDA-L", 20, 9), ("RB2", "SCL-L", 20, 11),
                                ("RB3", "SDA-R", 41, 9), ("RB4", "SCL-R", 41, 11)):
        out.append(_two(ref, f"{line} pull-up to 5 V, only if the pull-up table says so",
                        ("a", (col, row)), ("b", (col + 4, row)), optional=True))
    return out


def nets() -> dict[Pad, str]:
    """Pad -> net name for every pad that is wired (unwired header pins are absent)."""
    net: dict[Pad, str] = {}
    for pin in range(1, 41):
        if pin in GROUND_PINS:
            net["H1", str(pin)] = "GND"
        elif pin in FIVE_V_PINS:
            net["H1", str(pin)] = "5V-Pi"
        elif pin == 1:
            net["H1", str(pin)] = "3V3"
        elif pin == SDA_PIN:
            net["H1", str(pin)] = "SDA"
        elif pin == SCL_PIN:
            net["H1", str(pin)] = "SCL"
    for side, boxes in jack_order().items():
        for box in boxes:
            pins = DEFAULT_BOX_PINS[box].as_dict()
            for n, signal in enumerate(CONNECTOR, start=1):
                if signal in ("minus", "plus", "ok"):
                    name = f"GPIO{pins[signal]}"
                    net["H1", str(BCM_TO_PHYSICAL[pins[signal]])] = name
                else:
                    name = {"sda": f"SDA-{side}", "scl": f"SCL-{side}", "gnd": "GND",
                            "5v": "5V", "led": f"LED{box}"}[signal]
                net[f"J{box}", str(n)] = name
            net["H1", str(BCM_TO_PHYSICAL[pins["led"]])] = f"GPIO{pins['led']}"
            net[f"R{box}", "a"] = f"GPIO{pins['led']}"
            net[f"R{box}", "b"] = f"LED{box}"
    for ref, side in (("U1", "L"), ("U2", "R")):
        for chip_pin, chip_net in zip(REPEATER_PINS, ("3V3", "SCL", "SDA", "GND", "3V3",
                                                      f"SDA-{side}", f"SCL-{side}", "5V"),
                                      strict=True):
            net[ref, chip_pin] = chip_net
    for ref, a, b in (("C3", "3V3", "GND"), ("C4", "5V", "GND"), ("C5", "3V3", "GND"),
                      ("C6", "5V", "GND"), ("F1", "5V-Pi", "5V"), ("C2", "5V", "GND"),
                      ("RB1", "SDA-L", "5V"), ("RB2", "SCL-L", "5V"),
                      ("RB3", "SDA-R", "5V"), ("RB4", "SCL-R", "5V")):
        net[ref, "a"], net[ref, "b"] = a, b
    net["C1", "+"], net["C1", "-"] = "5V", "GND"
    return net


def _distance(a: Hole, b: Hole) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def wires() -> list[Wire]:
    """The wires: per net a shortest tree over its pads (at most 3 wire ends on a pad), with
    each optional part's pad hung on as a leaf, so leaving that part out breaks nothing."""
    by_ref = {p.ref: p for p in parts()}
    optional = {p.ref for p in parts() if p.optional}
    members: dict[str, list[Pad]] = {}
    for pad, name in nets().items():
        members.setdefault(name, []).append(pad)
    out: list[Wire] = []
    for name in sorted(members, key=_net_key):
        out += sorted(_net_wires(name, members[name], by_ref, optional),
                      key=lambda w: (by_ref[w.a[0]].hole(w.a[1])[::-1],
                                     by_ref[w.b[0]].hole(w.b[1])[::-1]))
    return out


def _net_wires(name: str, pads: list[Pad], by_ref: dict[str, Part],
               optional: set[str]) -> list[Wire]:
    """One net's wires (Kruskal, shortest first); each wire's first end is its upper one."""
    core = [p for p in pads if p[0] not in optional]
    holes = {p: by_ref[p[0]].hole(p[1]) for p in pads}
    group = {p: i for i, p in enumerate(core)}
    ends = dict.fromkeys(core, 0)
    out: list[Wire] = []

    def add(a: Pad, b: Pad) -> None:
        ends[a] = ends.get(a, 0) + 1
        ends[b] = ends.get(b, 0) + 1
        upper, lower = sorted((a, b), key=lambda p: holes[p][::-1])
        out.append(Wire(name, upper, lower))

    edges = sorted((_distance(holes[a], holes[b]), holes[a], holes[b], a, b)
                   for i, a in enumerate(core) for b in core[i + 1:])
    for _, _, _, a, b in edges:
        if group[a] == group[b] or max(ends[a], ends[b]) >= MAX_WIRES_PER_PAD:
            continue
        old, new = group[b], group[a]
        group.update({p: new for p, g in group.items() if g == old})
        add(a, b)
    for extra in (p for p in pads if p[0] in optional):
        add(min(core, key=lambda p: (ends[p] >= MAX_WIRES_PER_PAD,
                                     _distance(holes[p], holes[extra]), holes[p])), extra)
    return out


def _net_key(name: str) -> int:
    """Power and bus nets first, then each box's nets in jack order: a build order."""
    order = ["GND", "5V-Pi", "5V", "3V3", "SDA", "SCL", "SDA-L", "SCL-L", "SDA-R", "SCL-R"]
    for boxes in jack_order().values():
        for box in boxes:
            pins = DEFAULT_BOX_PINS[box]
            order += [f"GPIO{b}" for b in (pins.minus, pins.plus, pins.ok, pins.led)]
            order.append(f"LED{box}")
    return order.index(name)


def hole_name(hole: Hole) -> str:
    return f"c{hole[0]} r{hole[1]}"
