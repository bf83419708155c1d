"""`replace`: `dataclasses.replace` for the engine's frozen states, without its per-field cost.

A replay applies every action of a long game, and each step copies the game's state with a
few fields changed. `dataclasses.replace` walks every field in Python and then runs the
class's `__init__`, which sets each field through `object.__setattr__`: for a state of 45
fields (Mega Civilization) that is most of a step's time. A plain frozen dataclass is exactly
its fields in its `__dict__`, so the copy can be that dict with the changes laid over it:
the same object `dataclasses.replace` builds (equal, same field order), in one dict copy.

The fast copy is taken only where it is the same: a frozen dataclass whose `__init__` is the
generated one and sets nothing else (no `__post_init__`, every field an init field), whose
`__dict__` holds exactly its fields (nothing cached beside them), changed only in fields it
has. Anything else goes to `dataclasses.replace` itself, which also raises its own errors.
Type checkers see `dataclasses.replace`, so the changes stay checked against the fields.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

_PLAIN: dict[type, frozenset[str]] = {}  # class -> its field names; empty: not plain


def _plain_fields(cls: type) -> frozenset[str]:
    """The field names of a frozen dataclass the fast copy may copy, else empty."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return frozenset()
    if "__slots__" in cls.__dict__:
        return frozenset()
    init = getattr(cls, "__init__", None)
    # The generated __init__ is named after the class it was made for: a hand-written one
    # (or one inherited from a class that is no dataclass of the same fields) is not plain.
    if init is None or getattr(init, "__qualname__", "") != f"{cls.__qualname__}.__init__":
        return frozenset()
    fields = dataclasses.fields(cls)
    if not all(f.init for f in fields):
        return frozenset()
    return frozenset(f.name for f in fields)


def _replace(obj: Any, /, **changes: Any) -> Any:
    cls = type(obj)
    names = _PLAIN.get(cls)
    if names is None:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names:
        old = obj.__dict__
        if len(old) == len(names) and changes.keys() <= names:
            fields = old.copy()  # one copy of the table, faster than inserting key by key
            fields.update(changes)
            new = object.__new__(cls)
            object.__setattr__(new, "__dict__", fields)
            return new
    return dataclasses.replace(obj, **changes)


if TYPE_CHECKING:
    from dataclasses import replace as replace
else:
    replace = _replace
