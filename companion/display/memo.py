"""Layout results remembered across frames: the table screen's layout search tries many
arrangements per frame (seat grids, panel columns, pages), and most of what it measures is
the same from one frame to the next (the same names, the same pills, the same log).

A `Memo` is a set of bounded tables, one per kind of result. Each result depends only on
its key and on the canvas's unit, language and fonts, so the screen that owns the memo
clears it when one of those changes (`for_canvas`). A full table becomes the older
generation (see `get`): a long game cannot grow memory without end on a Pi, and a full
table is rare (a frame needs a few hundred entries at most).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

V = TypeVar("V")


class Memo:
    """Bounded tables of layout results, each keyed by what the result depends on."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[Hashable, Any]] = {}
        # Each table's previous generation: what it held when it last filled up.
        self._older: dict[str, dict[Hashable, Any]] = {}
        self._ids: dict[int, tuple[Hashable, Frozen]] = {}
        # One key per value (see `frozen`).
        self._canon: dict[Frozen, Frozen] = {}
        self._owner: tuple[object, ...] | None = None

    def for_canvas(self, unit: float, translate: object, fonts: object) -> Memo:
        """This memo for a canvas of `unit`, `translate` and `fonts`: emptied when they are not
        the ones its results were measured with (a resized window, another language)."""
        owner = (unit, translate, fonts)
        if owner != self._owner:
            self._tables.clear()
            self._older.clear()
            self._owner = owner
        return self

    def frozen(self, value: Hashable) -> Frozen:
        """`value` as a `Frozen` key, made once per object: the seats of a page or a panel is
        looked up many times a frame as the same object. The table holds the objects, so an
        id in it is never another object's; it is small, as it keeps whole views alive.

        Equal values get the very same key. Each state's view is made anew, so a panel that
        did not change comes back as an equal but new object; with a key of its own, every
        look-up of a result remembered under the old key compared the two panels cell by
        cell (a dictionary compares equal hashes by value unless the keys are one object),
        some 20 times per panel search. Now they are compared once, here. The keys outlive
        the id table (1,024 of them: +1.6 MB in the 18-seat demo), so a seat or panel that stays
        the same all evening keeps one key."""
        found = self._ids.get(id(value))
        if found is None or found[0] is not value:
            if len(self._ids) >= 256:
                self._ids.clear()
            if len(self._canon) >= 1024:
                self._canon.clear()
            made = Frozen(value)
            key = self._canon.setdefault(made, made)
            found = self._ids[id(value)] = (value, key)
        return found[1]

    def get(self, table: str, key: Hashable, make: Callable[[], V], limit: int = 1024) -> V:
        """The result remembered for `key` in `table`, else `make()` (then remembered).

        A table of `limit` results becomes the older generation and a new one starts: a
        result asked for again moves up from the older one, and the one before that is
        dropped whole. So a full table costs nothing to empty (dropping keys one by one
        would hash each again, and an arrangement's key is a whole view: 16 ms for half
        the table), and what was just asked for, e.g. the frames laid out ahead for the
        state the table is in, stays. At most 2 x `limit` results are held."""
        # Every layout look-up comes here (hundreds a frame): when the result is there,
        # nothing but two dictionary reads.
        found = self._tables.get(table)
        if found is None:
            found = self._tables[table] = {}
        try:
            value: V = found[key]
        except KeyError:
            older = self._older.get(table)
            value = older.pop(key, _MISSING) if older else _MISSING
            if value is _MISSING:
                value = make()
            if len(found) >= limit:
                self._older[table] = found
                found = self._tables[table] = {}
            found[key] = value
        return value


_MISSING: Any = object()


class Frozen:
    """A key whose hash is computed once: a tuple of 18 seats or a panel of 18 rows is hashed
    field by field on every look-up otherwise, and a frame looks them up hundreds of times."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Frozen) and self._hash == other._hash
                                 and self.value == other.value)
