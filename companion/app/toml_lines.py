"""Where each key of a TOML file is written: the line a config message points at.

tomllib (the standard library's parser) gives values but no positions, and tomlkit keeps
none either (its items carry no line numbers: python-poetry/tomlkit issue 55). The file has
already been parsed by tomllib when this runs, so a line scanner only has to find table
headers and `key =` starts, skipping the insides of strings, arrays and inline tables. Paths
are tuples: ("game",), ("display", "size"), ("seat", 0, "box"); a header's own line is the
path of its table, ("seat", 2) or ("display",).
"""

from __future__ import annotations

import re

from .text_lines import lines_of

_BARE = re.compile(r"[A-Za-z0-9_-]+")

Path = tuple[str | int, ...]


def _key_parts(text: str, i: int) -> tuple[list[str], int] | None:
    """A dotted key starting at text[i]: its parts and the index after it, or None."""
    parts: list[str] = []
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] in "\"'":
            quote = text[i]
            end = i + 1
            while end < len(text) and text[end] != quote:
                end += 2 if quote == '"' and text[end] == "\\" else 1
            if end >= len(text):
                return None
            parts.append(text[i + 1:end])
            i = end + 1
        else:
            m = _BARE.match(text, i)
            if m is None:
                return None
            parts.append(m.group())
            i = m.end()
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        return parts, i


class _Value:
    """Scans values across lines: open brackets and multi-line strings carry over."""

    def __init__(self) -> None:
        self.depth = 0  # open [ and { of an array or inline table
        self.multiline: str | None = None  # the closing quotes of a multi-line string
        self.deepest = 0  # the most brackets open at once so far

    @property
    def open(self) -> bool:
        return self.depth > 0 or self.multiline is not None

    def feed(self, text: str, i: int = 0) -> None:
        while i < len(text):
            if self.multiline is not None:
                end = text.find(self.multiline, i)
                if end < 0:
                    return
                i = end + 3
                self.multiline = None
                continue
            c = text[i]
            if c == "#":
                return
            if text.startswith('"""', i) or text.startswith("'''", i):
                self.multiline = text[i:i + 3]
                i += 3
            elif c in "\"'":
                i += 1
                while i < len(text) and text[i] != c:
                    i += 2 if c == '"' and text[i] == "\\" else 1
                i += 1
            else:
                if c in "[{":
                    self.depth += 1
                    self.deepest = max(self.deepest, self.depth)
                elif c in "]}":
                    self.depth = max(0, self.depth - 1)
                i += 1


def key_lines(text: str) -> dict[Path, int]:
    """Every key's and table header's first line (1-based)."""
    lines: dict[Path, int] = {}
    table: Path = ()
    arrays: dict[tuple[str, ...], int] = {}  # how many [[x]] tables so far
    value = _Value()
    for n, raw in enumerate(lines_of(text), start=1):
        if value.open:
            value.feed(raw)
            continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            double = line.startswith("[[")
            parsed = _key_parts(line, 2 if double else 1)
            if parsed is None:
                continue
            names = tuple(parsed[0])
            if double:
                index = arrays.get(names, -1) + 1
                arrays[names] = index
                table = (*names, index)
            else:
                table = names
            lines.setdefault(table, n)
            continue
        parsed = _key_parts(raw, 0)
        if parsed is None or parsed[1] >= len(raw) or raw[parsed[1]] != "=":
            continue
        lines.setdefault((*table, *parsed[0]), n)
        value.feed(raw, parsed[1] + 1)
    return lines


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of `path`, else of its nearest written parent (a key inside an inline
    table points at the line that opens it)."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


def too_deep(text: str, limit: int) -> int | None:
    """The first line where arrays and inline tables nest deeper than `limit` (tomllib
    recurses once per level and would end in a RecursionError), else None."""
    value = _Value()
    for n, raw in enumerate(lines_of(text), start=1):
        if value.open:
            value.feed(raw)
        else:
            parsed = _key_parts(raw, 0)
            if parsed is not None and parsed[1] < len(raw) and raw[parsed[1]] == "=":
                value.feed(raw, parsed[1] + 1)
        if value.deepest > limit:
            return n
    return None
