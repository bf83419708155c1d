"""A text file's lines as the companion's formats count them (the journal's JSON lines,
scenarios, the TOML config): split at "\n" only, a "\r" before it dropped.

`str.splitlines` also splits at U+2028, U+2029 and U+0085, which `json.dumps` leaves as they
are inside a text and TOML allows raw in strings and comments: a seat named with one made a
journal no start could read, and every config message after one named a later line.
"""

from __future__ import annotations


def lines_of(text: str) -> list[str]:
    """The lines of `text`, without their ends ("\n", or "\r\n")."""
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if lines[-1] == "":
        lines.pop()  # what follows the last line's "\n"
    return lines
