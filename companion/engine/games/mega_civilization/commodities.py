"""Mega Civilization's commodity cards: face value (= stack number), name and copies in each
block, per seat count.

Data only: the set-value calculator (`calculator`) and the translation list
(`companion/i18n/data_names.py`, kept equal to these tables by a test) read it.
"""

from __future__ import annotations

# Commodity cards: (stack = face value, name, copies (West block, East block) with 5-11 seats,
# copies (West, East) with 12-18 seats). Source: bubba0077/MegaCiv Civ_Constants.xml
# <TradeCards>, per player count; the 5-8 West list matches the rulebook's setup list
# (megacivrules-flutter chapters.json, "Setting up the game for 5-8 players"). 5-11 seats play
# ONE block (blue cards; West or East for 5-9, West for 10, East for 11: chapters.json
# "Selecting trade cards"); 12-18 seats play both blocks (orange cards), where the second
# commodity of each block in a stack is split between them. One row a commodity, so a name
# or a count is changed once; in a stack the unsplit ones come first (the order the boxes
# list them in).
Copies = tuple[int, int]
_BASE: tuple[tuple[int, str, Copies, Copies], ...] = (
    (1, "Ochre", (9, 0), (9, 0)), (1, "Flax", (0, 9), (0, 9)),
    (1, "Clay", (9, 0), (5, 4)), (1, "Hides", (0, 9), (4, 5)),
    (2, "Papyrus", (8, 0), (8, 0)), (2, "Stone", (0, 8), (0, 8)),
    (2, "Iron", (8, 0), (4, 4)), (2, "Furs", (0, 8), (4, 4)),
    (3, "Fish", (8, 0), (8, 0)), (3, "Timber", (0, 8), (0, 8)),
    (3, "Fruit", (9, 0), (5, 4)), (3, "Salt", (0, 9), (4, 5)),
    (4, "Wool", (7, 0), (7, 0)), (4, "Cotton", (0, 7), (0, 7)),
    (4, "Oil", (8, 0), (4, 4)), (4, "Sugar", (0, 8), (4, 4)),
    (5, "Wine", (6, 0), (6, 0)), (5, "Lacquer", (0, 6), (0, 6)),
    (5, "Textiles", (7, 0), (4, 3)), (5, "Livestock", (0, 7), (3, 4)),
    (6, "Tin", (5, 0), (5, 0)), (6, "Silver", (0, 5), (0, 5)),
    (6, "Copper", (6, 0), (3, 3)), (6, "Bronze", (0, 6), (3, 3)),
    (7, "Resin", (5, 0), (5, 0)), (7, "Jade", (0, 5), (0, 5)),
    (7, "Incense", (6, 0), (3, 3)), (7, "Spice", (0, 6), (3, 3)),
    (8, "Marble", (4, 0), (4, 0)), (8, "Dye", (0, 4), (0, 4)),
    (8, "Gemstones", (5, 0), (3, 2)), (8, "Tea", (0, 5), (2, 3)),
    (9, "Ivory", (4, 0), (4, 0)), (9, "Silk", (0, 4), (0, 4)),
    (9, "Gold", (5, 0), (3, 2)), (9, "Pearls", (0, 5), (2, 3)),
)
# The third commodity of each stack: in both blocks with 9-11 seats, and (half as many) with
# 15-18 seats.
_EXTRA: tuple[tuple[int, str, Copies, Copies], ...] = (
    (1, "Bone", (8, 8), (4, 4)), (2, "Wax", (8, 8), (4, 4)), (3, "Ceramics", (8, 8), (4, 4)),
    (4, "Grain", (8, 8), (4, 4)), (5, "Glass", (6, 6), (3, 3)), (6, "Lead", (6, 6), (3, 3)),
    (7, "Herbs", (6, 6), (3, 3)), (8, "Obsidian", (4, 4), (2, 2)), (9, "Amber", (4, 4), (2, 2)),
)


def commodity_table(seat_count: int) -> tuple[tuple[int, str, int, int], ...]:
    """The commodity cards in the game for this many seats, sorted by stack: (stack, name,
    copies in the West block, copies in the East block)."""
    both = seat_count >= 12  # 12-18 seats: the second copies column
    extra = seat_count >= 15 if both else seat_count >= 9
    rows = _BASE + _EXTRA if extra else _BASE
    return tuple(sorted(((stack, name, *(big if both else small))
                         for stack, name, small, big in rows), key=lambda r: r[0]))
