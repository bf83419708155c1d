"""Mega Civilization's civilization advances as data: the 51 cards with their colour groups,
price, victory points, the credits each gives to every colour and to one named advance, and
the purchase-related specials (extra credit tokens, Library's one-time credit, Anatomy's free
science advance, Roadbuilding's larger hand).

Data only (with lookups): no state, no rules. Sources (docs/games/mega_civilization.md,
"Advance catalogue"): Tupsi/CivicHelper app/src/main/assets/advances.xml for groups, prices,
victory points and colour credits; bubba0077/MegaCiv src/net/bubbaland/megaciv/game/
Technology.java for the credit to a named advance and the card texts, and as the second
source for the rest (differences are listed in the docs).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...text import msg

BLUE, GREEN, ORANGE, RED, YELLOW = "blue", "green", "orange", "red", "yellow"
COLOURS = (BLUE, GREEN, ORANGE, RED, YELLOW)  # arts, science, crafts, civics, religion
COLOUR_NAMES = {BLUE: msg("blue"), GREEN: msg("green"), ORANGE: msg("orange"),
                RED: msg("red"), YELLOW: msg("yellow")}
COLOUR_SHORT = {BLUE: "B", GREEN: "G", ORANGE: "O", RED: "R", YELLOW: "Y"}

LIBRARY_CREDIT = 40  # "discount ... any one other advance purchased in the same turn"
ANATOMY_FREE_BELOW = 100  # "a science card with an undiscounted cost of less than 100"


@dataclass(frozen=True)
class Advance:
    name: str
    short: str  # <= 10 letters: a box choice is "<Name 240>" (16 columns)
    groups: tuple[str, ...]  # one colour, or two for a dual-colour card
    price: int
    vp: int
    credits: tuple[tuple[str, int], ...]  # colour credit tokens printed on the card
    to_advance: tuple[str, int] | None = None  # credit toward one named advance
    extra_credits: int = 0  # Written Record 10, Monument 20: credit tokens, any colours
    hand_bonus: int = 0  # Roadbuilding: the trade-card hand limit is 1 higher

    def credit(self, colour: str) -> int:
        return dict(self.credits).get(colour, 0)


def _a(name: str, short: str, groups: str, price: int, vp: int, credits: str,
       to: tuple[str, int] | None = None, extra: int = 0, hand: int = 0) -> Advance:
    """One card from a compact line: groups "B/Y", credits "B5 Y5" (colour initial, amount)."""
    by_initial = {v: k for k, v in COLOUR_SHORT.items()}
    cols = tuple(by_initial[g] for g in groups.split("/"))
    cr = tuple((by_initial[c[0]], int(c[1:])) for c in credits.split())
    return Advance(name, short, cols, price, vp, cr, to, extra, hand)


# In the families of the sources (1 / 3 / 6 victory points each), family order.
ADVANCES: tuple[Advance, ...] = (
    _a("Mysticism", "Mysticism", "B/Y", 50, 1, "B5 Y5", ("Monument", 10)),
    _a("Monument", "Monument", "O/Y", 180, 3, "O10 Y10", ("Wonder of the World", 20),
       extra=20),
    _a("Wonder of the World", "Wonder", "B/O", 290, 6, "B20 O20"),
    _a("Sculpture", "Sculpture", "B", 50, 1, "B10 R5", ("Architecture", 10)),
    _a("Architecture", "Architect.", "B", 140, 3, "B10 G5", ("Mining", 20)),
    _a("Mining", "Mining", "O", 230, 6, "O20 G5"),
    _a("Cloth Making", "Cloth Make", "O", 50, 1, "O10 B5", ("Naval Warfare", 10)),
    _a("Naval Warfare", "Naval War", "R", 160, 3, "R10 O5", ("Diaspora", 10)),
    _a("Diaspora", "Diaspora", "Y", 270, 6, "Y20 B5"),
    _a("Urbanism", "Urbanism", "R", 50, 1, "R10 G5", ("Diplomacy", 10)),
    _a("Diplomacy", "Diplomacy", "B", 160, 3, "B10 R5", ("Provincial Empire", 20)),
    _a("Provincial Empire", "Prov Emp", "R", 260, 6, "R20 Y5"),
    _a("Monarchy", "Monarchy", "R", 60, 1, "R10 Y5", ("Law", 10)),
    _a("Law", "Law", "R", 150, 3, "R10 Y5", ("Cultural Ascendancy", 20)),
    _a("Cultural Ascendancy", "Cult Asc", "B", 280, 6, "B20 Y5"),
    _a("Written Record", "Wr. Record", "R/G", 60, 1, "R5 G5", ("Cartography", 10), extra=10),
    _a("Cartography", "Cartograph", "G", 160, 3, "G10 B5", ("Library", 20)),
    _a("Library", "Library", "G", 220, 6, "G20 B5"),
    _a("Pottery", "Pottery", "O", 60, 1, "O10 B5", ("Agriculture", 10)),
    _a("Agriculture", "Agricult.", "O", 120, 3, "O10 G5", ("Democracy", 20)),
    _a("Democracy", "Democracy", "R", 220, 6, "R20 B5"),
    _a("Masonry", "Masonry", "O", 60, 1, "O10 G5", ("Engineering", 10)),
    _a("Engineering", "Engineer.", "O/G", 160, 3, "O10 G10", ("Roadbuilding", 20)),
    _a("Roadbuilding", "Roadbuild", "O", 220, 6, "O20 G5", hand=1),
    _a("Mythology", "Mythology", "Y", 60, 1, "Y10 B5", ("Literacy", 10)),
    _a("Literacy", "Literacy", "B/R", 110, 3, "B10 R10 O5 Y5 G5", ("Mathematics", 20)),
    _a("Mathematics", "Mathemat.", "B/G", 250, 6, "B20 G20 O10 R10 Y10"),
    _a("Empiricism", "Empiricism", "G", 60, 1, "G10 B5 R5 O5 Y5", ("Medicine", 10)),
    _a("Medicine", "Medicine", "G", 140, 3, "G10 O5", ("Anatomy", 20)),
    _a("Anatomy", "Anatomy", "G", 270, 6, "G20 O5"),
    _a("Deism", "Deism", "Y", 70, 1, "Y10 O5", ("Fundamentalism", 10)),
    _a("Fundamentalism", "Fundament.", "Y", 150, 3, "Y10 B5", ("Monotheism", 20)),
    _a("Monotheism", "Monotheism", "Y", 240, 6, "Y20 R5"),
    _a("Theocracy", "Theocracy", "R/Y", 80, 1, "R5 Y5", ("Universal Doctrine", 10)),
    _a("Universal Doctrine", "Univ Doct", "Y", 160, 3, "Y10 R5", ("Theology", 20)),
    _a("Theology", "Theology", "Y", 250, 6, "Y20 G5"),
    _a("Drama and Poetry", "Drama&Poet", "B", 80, 1, "B10 Y5", ("Rhetoric", 10)),
    _a("Rhetoric", "Rhetoric", "B", 130, 3, "B10 R5", ("Politics", 20)),
    _a("Politics", "Politics", "B", 230, 6, "B20 Y5"),
    _a("Music", "Music", "B", 80, 1, "B10 Y5", ("Enlightenment", 10)),
    _a("Enlightenment", "Enlighten", "Y", 160, 3, "Y10 O5", ("Philosophy", 20)),
    _a("Philosophy", "Philosophy", "Y/G", 220, 6, "Y20 G20"),
    _a("Astronavigation", "Astronav", "G", 80, 1, "G10 Y5", ("Calendar", 10)),
    _a("Calendar", "Calendar", "G", 180, 3, "G10 R5", ("Public Works", 20)),
    _a("Public Works", "Public Wks", "R", 230, 6, "R20 O5"),
    _a("Coinage", "Coinage", "G", 90, 1, "G10 Y5", ("Trade Routes", 10)),
    _a("Trade Routes", "Trade Rts", "O", 180, 3, "O10 Y5", ("Trade Empire", 20)),
    _a("Trade Empire", "Trade Emp", "O", 260, 6, "O20 R5"),
    _a("Metalworking", "Metalwork", "O", 90, 1, "O10 R5", ("Military", 10)),
    _a("Military", "Military", "R", 170, 3, "R10 O5", ("Advanced Military", 20)),
    _a("Advanced Military", "Adv Mil", "R", 240, 6, "R20 G5"),
)
BY_NAME = {a.name: a for a in ADVANCES}
BY_SHORT = {a.short: a for a in ADVANCES}


def colour_credits(owned: tuple[str, ...], extra: dict[str, int] | None = None
                   ) -> dict[str, int]:
    """Credits by colour from the advances owned (plus extra credit tokens placed)."""
    out = {c: 0 for c in COLOURS}
    for name in owned:
        for colour, n in BY_NAME[name].credits:
            out[colour] += n
    for colour, n in (extra or {}).items():
        out[colour] += n
    return out


def price_after(name: str, owned: tuple[str, ...], extra: dict[str, int] | None = None
                ) -> int:
    """The advance's price after the owner's credits: the higher colour credit for a
    dual-colour card (never both), plus every credit printed toward this advance by name."""
    return _price_after(name, tuple(owned), tuple(sorted(extra.items())) if extra else ())


@lru_cache(maxsize=4096)  # a seat's basket is priced at every pick; what it owns seldom changes
def _price_after(name: str, owned: tuple[str, ...], extra: tuple[tuple[str, int], ...]) -> int:
    adv = BY_NAME[name]
    credits = colour_credits(owned, dict(extra))
    colour = max(credits[g] for g in adv.groups)
    named = sum(n for o in owned if (t := BY_NAME[o].to_advance) is not None and t[0] == name
                for n in (t[1],))
    return max(adv.price - colour - named, 0)


def vp(owned: tuple[str, ...]) -> int:
    return sum(BY_NAME[n].vp for n in owned)


def anatomy_choices(owned: tuple[str, ...]) -> tuple[str, ...]:
    """Science (green) advances Anatomy may bring for free: undiscounted price below 100."""
    return tuple(a.name for a in ADVANCES if GREEN in a.groups and a.price < ANATOMY_FREE_BELOW
                 and a.name not in owned)
