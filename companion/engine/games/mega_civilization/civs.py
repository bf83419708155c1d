"""Mega Civilization's civilizations: the A.S.T. ranking of all 18, the West/East block of
each, and how a seat's civilization is read from its name or the host's entry.

Data only (with two lookups): no state, no rules.
"""

from __future__ import annotations

import re

from ...text import msg

WEST = "west"
EAST = "east"
BLOCK_NAMES = {WEST: msg("West"), EAST: msg("East")}

# The A.S.T. ranking (vertical order on the Archaeological Succession Table, rank 1 first) and
# the West/East region of every civilization. Source: bubba0077/MegaCiv,
# src/net/bubbaland/megaciv/game/Civ_Constants.xml, <AstTable> (AstRank and Region of each
# Civilization), https://github.com/bubba0077/MegaCiv ; the same order is in the enum of
# src/net/bubbaland/megaciv/game/Civilization.java and the AST_TABLE of the older
# src/net/bubbaland/megaciv/Civilization.java. Checked against the seed (004: "Hellas is
# higher on the A.S.T. than Egypt": 15 before 17). The rulebook's own A.S.T. picture
# (menuan/megacivrules-flutter assets/img/chapters/3/ast_ranking.png) is an image and was not
# read; its text (assets/data/json/chapters.json) says "smaller civilization numbers take
# priority". The regions agree with the same file's <StartingCivs> for 5-9 players (West:
# Hellas, Minoa, Hatti, Assyria, Egypt, Carthage, Rome, Iberia, Celt; East: Parthia, Persia,
# Babylon, Saba, Indus, Kushan, Dravidia, Maurya, Nubia). With 12-18 seats the rulebook
# (chapters.json, "Starting civilizations") says each civilization draws from the block the
# map-board setup assigns it; those setups are images, so the region above is the default
# and the host can override a seat's block during setup (`block`).
CIVS: tuple[tuple[str, str], ...] = (
    ("Minoa", WEST), ("Saba", EAST), ("Assyria", WEST), ("Maurya", EAST),
    ("Celt", WEST), ("Babylon", EAST), ("Carthage", WEST), ("Dravidia", EAST),
    ("Hatti", WEST), ("Kushan", EAST), ("Rome", WEST), ("Persia", EAST),
    ("Iberia", WEST), ("Nubia", EAST), ("Hellas", WEST), ("Indus", EAST),
    ("Egypt", WEST), ("Parthia", EAST),
)
CIV_NAMES = tuple(name for name, _ in CIVS)
AST_RANK = {name: rank for rank, (name, _) in enumerate(CIVS, start=1)}
CIV_REGION = dict(CIVS)


def civ_from_name(name: str) -> str | None:
    """A civilization named in a seat name ("Minoa", "Ronald (Minoa)"); None if 0 or 2+."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    found = [c for c in CIV_NAMES if c.lower() in words]
    return found[0] if len(found) == 1 else None


def parse_civ(text: str) -> str | None:
    """The civilization the host typed, any case; None if it is not one."""
    for c in CIV_NAMES:
        if c.lower() == text.strip().lower():
            return c
    return None
