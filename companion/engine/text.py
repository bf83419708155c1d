"""Translatable messages: the engine never formats text for a language.

A `Msg` holds a gettext-style message id (the English source text, with
`{name}` placeholders) and its arguments. The app renders it through the
translation layer; the engine only builds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Arg = "str | int | Msg"


def _identity(text: str) -> str:
    return text


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


def msg(id: str, **args: str | int | Msg) -> Msg:
    """Build a message; `id` is the English text and the catalog key."""
    return Msg(id, tuple(sorted(args.items())))


def N_(text: str) -> str:  # noqa: N802 - the gettext marker name, found by extraction
    """Mark a plain string for extraction without building a Msg."""
    return text
