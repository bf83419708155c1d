"""The host menu's entries as a list whose entries are made when they are looked at.

A game's host command with parameters is one entry per combination of its values: Mega
Civilization's "Adjust a treasury" is 18 civilizations times a dozen sums, about 200 entries
of three messages each. The menu shows one entry at a time, so making them all on every
state change cost most of an 18-seat table's frame (bench/frames.py). Here a command's
entries are a `Combinations` sequence that makes entry i on demand (and keeps it), and the
whole menu is a `Menu`: its parts one after another, with the correction opener and the
undo found without making a single combination (combinations only ever run a game's
command).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate
from typing import TypeVar, overload

T = TypeVar("T")


class _Lazy(Sequence[T]):
    """A sequence whose entries come from `_at(i)`, for i within its length."""

    def _at(self, i: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | Sequence[T]:
        if isinstance(i, slice):
            return [self._at(j) for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._at(i)


class Combinations(_Lazy[T]):
    """One entry per combination of `choices` (the first changes slowest, as in
    `itertools.product`), each made by `make` the first time it is looked at."""

    def __init__(self, choices: Sequence[Sequence[object]],
                 make: Callable[[tuple[object, ...]], T]) -> None:
        self._choices = choices
        self._make = make
        self._made: dict[int, T] = {}
        self._len = 1
        for values in choices:
            self._len *= len(values)

    def __len__(self) -> int:
        return self._len

    def _at(self, i: int) -> T:
        found = self._made.get(i)
        if found is None:
            found = self._made[i] = self._make(self._combination(i))
        return found

    def _combination(self, i: int) -> tuple[object, ...]:
        picked: list[object] = []
        for values in reversed(self._choices):  # the last changes fastest
            i, at = divmod(i, len(values))
            picked.append(values[at])
        return tuple(reversed(picked))


class Menu(_Lazy[T]):
    """`parts` one after another, as one sequence (none of them copied or made)."""

    def __init__(self, parts: Sequence[Sequence[T]]) -> None:
        self._parts = [p for p in parts if len(p)]
        self._ends = list(accumulate(len(p) for p in self._parts))

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def _at(self, i: int) -> T:
        part = bisect_right(self._ends, i)
        return self._parts[part][i - (self._ends[part - 1] if part else 0)]

    def __iter__(self) -> Iterator[T]:
        for part in self._parts:
            yield from part

    def first(self, wanted: Callable[[T], bool]) -> T | None:
        """The first entry `wanted` accepts, looking past the combinations (they hold only a
        game's commands, which is never what the menu looks for this way)."""
        for part in self._parts:
            if isinstance(part, Combinations):
                continue
            found = (part.first(wanted) if isinstance(part, Menu)
                     else next((e for e in part if wanted(e)), None))
            if found is not None:
                return found
        return None
