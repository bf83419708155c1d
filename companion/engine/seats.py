"""Seats at the table: who sits where (index = clockwise position), name and colour."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """One seat. Its index in the game's seat tuple is its clockwise position."""

    name: str
    colour: str = "#888888"


def clockwise_from(first: int, count: int) -> tuple[int, ...]:
    """Seat indices clockwise starting at `first`: (first, first+1, ...) modulo `count`."""
    return tuple((first + i) % count for i in range(count))


DEFAULT_COLOURS = (
    "#d64541", "#2e86de", "#27ae60", "#f1c40f", "#8e44ad", "#e67e22",
    "#16a085", "#c0392b", "#7f8c8d", "#d35400", "#2c3e50", "#e84393",
    "#00b894", "#6c5ce7", "#fdcb6e", "#0984e3", "#b2bec3", "#a0522d",
)
