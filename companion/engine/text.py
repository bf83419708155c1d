"""Translatable messages: the engine never formats text for a language.

A `Msg` holds a gettext-style message id (the English source text, with
`{name}` placeholders) and its arguments. The app renders it through the
translation layer; the engine only builds them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

# gettext's msgctxt separator: "context\x04id" keys a text that needs telling apart from the
# same English (the 3-letter shop colour "Red" vs the colour name "Red"); see `msg_in`.
CONTEXT_SEP = "\x04"


def _identity(text: str) -> str:
    return text.rpartition(CONTEXT_SEP)[2]  # English is the id, without its context


@dataclass(frozen=True)
class Msg:
    """A message id plus its arguments, rendered later in the table's language."""

    id: str
    args: tuple[tuple[str, str | int | Msg], ...] = ()

    def render(self, translate: Callable[[str], str] = _identity) -> str:
        """Translate the id, then fill in the arguments (nested messages too)."""
        values = {
            k: (v.render(translate) if isinstance(v, Msg) else v) for k, v in self.args
        }
        text = translate(self.id)
        return text.format(**values) if values else text

    def __str__(self) -> str:
        return self.render()


_new, _set = object.__new__, object.__setattr__


def msg(id: str, **args: str | int | Msg) -> Msg:
    """Build a message; `id` is the English text and the catalog key."""
    # Built at nearly every step of a game (a log line, an event), so it sets the two
    # fields itself, as Msg's generated __init__ would (Msg has no __post_init__), without
    # that call; and most messages have one argument or none: nothing to sort.
    m = _new(Msg)
    _set(m, "id", id)
    _set(m, "args", tuple(sorted(args.items())) if len(args) > 1
         else tuple(args.items()) if args else ())
    return m


def msg_in(context: str, id: str, **args: str | int | Msg) -> Msg:
    """A message whose English is also used elsewhere with another meaning or length, told
    apart for translators by `context` (gettext's msgctxt): msg_in("shop colour, 3 letters",
    "Red") can be "Czer" while msg("Red") is "Czerwony"."""
    return Msg(context + CONTEXT_SEP + id, tuple(sorted(args.items())))


def joined(parts: Sequence[Msg]) -> Msg | None:
    """The messages as one, "first; second; ...", each part still translated on its own (a
    list of faults or of changes); None when there are none."""
    if not parts:
        return None
    line = parts[0]
    for part in parts[1:]:
        line = msg("{first}; {then}", first=line, then=part)
    return line


def N_(text: str) -> str:
    """Mark a plain string for extraction without building a Msg."""
    return text
