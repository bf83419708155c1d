"""Mega Civilization's calamity cards as data, and the limits on how many a player resolves.

Data only (with lookups): no state. Sources (docs/games/mega_civilization.md, "Calamities"):
the major calamities per stack and tradeability from rules.md 5.3 (the rulebook's setup
list); the minor calamities' names and stacks from jscott1989/megaempiresassistant,
lib/screens/calamities.dart (shown there with 9-11 and 15-18 players only); the limits from
rules.md 5.4: at most 3 calamities, at most 2 of them major, no duplicates; duplicates are
discarded first, then the excess at random.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ...text import Msg, msg

MAX_CALAMITIES_RESOLVED = 3
MAX_MAJOR = 2
HELD = "held:"  # the lock's value: "held:Famine+Flood", "held:" for none


@dataclass(frozen=True)
class Calamity:
    name: str
    short: str  # <= 10 letters for the box and the table
    stack: int
    kind: str  # "non-tradeable", "tradeable" (both major) or "minor" (tradeable)

    @property
    def major(self) -> bool:
        return self.kind != "minor"


def _c(stack: int, kind: str, name: str, short: str) -> Calamity:
    return Calamity(name, short, stack, kind)


CALAMITIES: tuple[Calamity, ...] = (
    _c(2, "non-tradeable", "Volcanic Eruption/Earthquake", "Volcano"),
    _c(2, "tradeable", "Treachery", "Treachery"),
    _c(3, "non-tradeable", "Famine", "Famine"),
    _c(3, "tradeable", "Slave Revolt", "SlaveRevlt"),
    _c(4, "non-tradeable", "Flood", "Flood"),
    _c(4, "tradeable", "Superstition", "Superstit."),
    _c(5, "non-tradeable", "Civil War", "Civil War"),
    _c(5, "tradeable", "Barbarian Hordes", "Barbarians"),
    _c(6, "non-tradeable", "Cyclone", "Cyclone"),
    _c(6, "tradeable", "Epidemic", "Epidemic"),
    _c(7, "non-tradeable", "Tyranny", "Tyranny"),
    _c(7, "tradeable", "Civil Disorder", "CivDisordr"),
    _c(8, "non-tradeable", "Corruption", "Corruption"),
    _c(8, "tradeable", "Iconoclasm and Heresy", "Iconoclasm"),
    _c(9, "non-tradeable", "Regression", "Regression"),
    _c(9, "tradeable", "Piracy", "Piracy"),
    _c(2, "minor", "Tempest", "Tempest"),
    _c(3, "minor", "Squandered Wealth", "Squandered"),
    _c(4, "minor", "City Riots", "City Riots"),
    _c(5, "minor", "City in Flames", "CityFlames"),
    _c(6, "minor", "Tribal Conflict", "TribalConf"),
    _c(7, "minor", "Minor Uprising", "Uprising"),
    _c(8, "minor", "Banditry", "Banditry"),
    _c(9, "minor", "Coastal Migration", "CoastMigr."),
)
BY_NAME = {c.name: c for c in CALAMITIES}


def shown(name: str) -> Msg:
    """A calamity as the table and the boxes show it: its short name, in the table's
    language (a data name, listed in companion/i18n/data_names.py)."""
    return Msg(BY_NAME[name].short if name in BY_NAME else name)


def listed(names: Sequence[str]) -> Msg | str:
    """Calamities one after another ("Famine, Flood"), each translated; "-" for none."""
    if not names:
        return "-"
    out = shown(names[0])
    for name in names[1:]:
        out = msg("{a}, {b}", a=out, b=shown(name))
    return out


def with_minors(seats: int) -> bool:
    """Minor calamities are in the trade cards with 9-11 and 15-18 players."""
    return 9 <= seats <= 11 or seats >= 15


@cache  # five to eighteen seats; every box of the count asks it
def in_game(seats: int) -> tuple[Calamity, ...]:
    """The calamities of this player count, by stack (the resolution order)."""
    return tuple(sorted((c for c in CALAMITIES if c.major or with_minors(seats)),
                        key=lambda c: (c.stack, c.kind != "minor", c.kind == "tradeable")))


@cache
def names_in_game(seats: int) -> frozenset[str]:
    """The names of `in_game(seats)`: what a seat's entry by name may be."""
    return frozenset(c.name for c in in_game(seats))


def copies(seats: int) -> int:
    """One of each per block: two with 12-18 players (both blocks)."""
    return 2 if seats >= 12 else 1


def lock_value(names: Sequence[str]) -> str:
    return HELD + "+".join(sorted(names, key=lambda n: (BY_NAME[n].stack, n)))


def parse(value: str) -> tuple[str, ...] | None:
    """The names in a lock value, or None if it is not one."""
    if not value.startswith(HELD):
        return None
    body = value[len(HELD):]
    names = tuple(body.split("+")) if body else ()
    return names if all(n in BY_NAME for n in names) else None


def excess(held: Sequence[str]) -> int:
    """How many of the held calamities must go: one copy of each duplicate, then what is
    over 2 majors, then what is over 3 in all."""
    return _excess(tuple(held))


@lru_cache(maxsize=4096)  # asked for every seat's hand by every host menu after the reveal
def _excess(held: tuple[str, ...]) -> int:
    counts = Counter(held)
    dupes = sum(n - 1 for n in counts.values())
    unique = list(counts)
    majors = sum(1 for n in unique if BY_NAME[n].major)
    over_major = max(majors - MAX_MAJOR, 0)
    rest = len(unique) - over_major
    return dupes + over_major + max(rest - MAX_CALAMITIES_RESOLVED, 0)


def may_discard(held: Sequence[str], name: str) -> Msg | None:
    """Why this discard is refused (None: allowed). The rule's order: a duplicate first,
    then a major while more than 2 majors are held, then any while more than 3."""
    counts = Counter(held)
    if name not in counts:
        return msg("{name}\nnot held", name=shown(name))
    if excess(held) == 0:
        return msg("Within the limit\nnothing to drop")
    if any(n > 1 for n in counts.values()):
        return None if counts[name] > 1 else msg("Duplicates go\nfirst")
    if sum(1 for n in counts if BY_NAME[n].major) > MAX_MAJOR and not BY_NAME[name].major:
        return msg("Too many majors\ndrop a major")
    return None
