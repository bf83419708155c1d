"""`Chronicle`: a game's growing record (log lines, ledger transfers, past auctions), kept once.

A state used to carry such a record as a tuple: every step copied the whole record, and every
state the history kept held a copy of its own, so a long game cost O(N^2) time and memory.
A Chronicle is an immutable sequence that shares one append-only buffer with the chronicles it
grew from: `appended` is O(1), and a new state holds only (buffer, length, last item).

The sharing cannot be seen from outside: a chronicle never reads past its own length, and the
buffer is only ever appended to. When two chronicles grow from the same one (the history
replays after an undo; the controller checks an action it then does not accept), the second
to grow copies its items into a buffer of its own, unless it adds the very item already there.
The last item sits outside the buffer so that replacing it (the auction still running) is O(1)
as well. Chronicles compare equal to tuples with the same items.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Chronicle(Sequence[T]):
    """An immutable sequence: `_buf[:_n]`, then `_last` (zero or one item)."""

    __slots__ = ("_buf", "_last", "_n")

    def __init__(self, items: Sequence[T] = ()) -> None:
        self._buf: list[T] = list(items[:-1])
        self._n = len(self._buf)
        self._last: tuple[T, ...] = tuple(items[-1:])

    @classmethod
    def _make(cls, buf: list[T], n: int, last: tuple[T, ...]) -> Chronicle[T]:
        new: Chronicle[T] = cls.__new__(cls)
        new._buf, new._n, new._last = buf, n, last
        return new

    @classmethod
    def of(cls, items: Sequence[T]) -> Chronicle[T]:
        return items if isinstance(items, Chronicle) else cls(items)

    def _settled(self) -> tuple[list[T], int]:
        """A buffer holding every item (the last included), shared where it can be."""
        if not self._last:
            return self._buf, self._n
        item, buf, n = self._last[0], self._buf, self._n
        if n == 0:
            return [item], 1  # never grow a buffer that empty chronicles share
        if len(buf) == n:
            buf.append(item)
        elif buf[n] is not item and buf[n] != item:
            buf = [*islice(buf, n), item]  # another chronicle grew here first: branch off
        return buf, n + 1

    def add(self, *items: T) -> Chronicle[T]:
        """These items appended."""
        out = self
        for item in items:
            buf, n = out._settled()
            out = Chronicle.__new__(Chronicle)  # `_make`, inlined: a game adds at every step
            out._buf, out._n, out._last = buf, n, (item,)
        return out

    def with_last(self, item: T) -> Chronicle[T]:
        """The last item replaced (there must be one)."""
        if self._last:
            return Chronicle._make(self._buf, self._n, (item,))
        if not self._n:
            raise IndexError("with_last on an empty chronicle")
        return Chronicle._make(self._buf, self._n - 1, (item,))

    def __len__(self) -> int:
        return self._n + len(self._last)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...
    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        # Read at every step (a game's current auction is its last item): no call inside.
        n, last = self._n, self._last
        if index < 0:
            index += n + len(last)
        if 0 <= index < n:
            return self._buf[index]
        if index == n and last:
            return last[0]
        raise IndexError("chronicle index out of range")

    def __iter__(self) -> Iterator[T]:
        yield from islice(self._buf, self._n)
        yield from self._last

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chronicle):
            if len(other) != len(self):
                return False
            if other._buf is self._buf and other._n == self._n:
                return other._last == self._last
            return tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[T]) -> Chronicle[T]:
        return self.add(*other)

    def __radd__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        return other + tuple(self)

    def __repr__(self) -> str:
        return f"Chronicle({tuple(self)!r})"


def appended(items: Sequence[T], *new: T) -> Chronicle[T]:
    """`items` with `new` at the end, sharing what `items` holds (a tuple is copied once)."""
    return (items if isinstance(items, Chronicle) else Chronicle(items)).add(*new)


def last_replaced(items: Sequence[T], item: T) -> Chronicle[T]:
    """`items` with its last item replaced by `item`."""
    return Chronicle.of(items).with_last(item)
