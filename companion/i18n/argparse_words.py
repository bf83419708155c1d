"""argparse's own words ("usage:", "options", "show this help message and exit", its errors)
in the table's language.

argparse translates them with `gettext.gettext` of the global "messages" domain, looked up
when a parser is built, when help is formatted and when an error is reported. `argparse_in`
points argparse at our translator for the time the CLI builds and runs its parser, so
`companion --lang pl --help` is Polish from "użycie:" to the last help line. The ids are
listed here with N_ so extraction puts them in our catalog (CPython 3.11-3.13 texts).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ..engine.text import N_
from . import Translate

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


@contextmanager
def argparse_in(translate: Translate) -> Iterator[None]:
    """argparse's words through `translate` inside the block (the CLI's main thread only)."""
    saved = vars(argparse).get("_"), vars(argparse).get("ngettext")

    def ngettext(singular: str, plural: str, n: int) -> str:
        return translate(singular if n == 1 else plural)

    setattr(argparse, "_", translate)  # noqa: B010 - `_` is argparse's private gettext name
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        for name, value in zip(("_", "ngettext"), saved, strict=True):
            if value is not None:
                setattr(argparse, name, value)
