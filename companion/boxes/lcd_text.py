"""Text for the seat LCDs: what the HD44780 A00 character ROM can draw, and the Polish letters
it lacks as custom characters.

This module owns `to_hd44780` (text to ROM codes, unknown letters as '?'), `ROM_TEXT` (ROM
codes back to text, for reading the glass), and `PolishFont`/`CgramAllocator`, which draw
ą ć ę ł ń ó ś ź ż (and capitals) as custom characters: up to 8 per LCD, defined in its CGRAM
for the letters the current screen needs, the plain letter (ą -> a) when a screen needs more.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Sequence

# --- text -> HD44780 A00 ROM -------------------------------------------------------------

# Characters whose A00 ROM code differs from their Unicode code point, or that ASCII lacks but
# the ROM draws. Values are ROM codes as one-char strings: charlcd sends ord(ch) unchanged.
# 0x5C is a yen sign and 0x7E/0x7F are arrows in A00, so backslash and tilde need stand-ins.
_ROM: dict[str, str] = {
    "\\": "/",
    "~": "-",
    "¥": "\x5c",
    "→": "\x7e",
    "←": "\x7f",
    "·": "\xa5",
    "°": "\xdf",
    "ä": "\xe1",
    "ß": "\xe2",  # the ROM's beta, the usual stand-in
    "µ": "\xe4",
    "ñ": "\xee",
    "ö": "\xef",
    "ü": "\xf5",
    "÷": "\xfd",
}
# Letters and marks NFKD does not decompose to ASCII but that have an obvious plain spelling.
_PLAIN: dict[str, str] = {
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "€": "E",
    "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-",
}
UNKNOWN = "?"


def _rom_safe(s: str) -> bool:
    # 0x20..0x7D are the ASCII glyphs in A00, except 0x5C (yen).
    return all(" " <= c <= "}" and c != "\\" for c in s)


@functools.lru_cache(maxsize=1024)
def _map_char(ch: str) -> str:
    if ch in _ROM:
        return _ROM[ch]
    if " " <= ch <= "}":
        return ch
    if ch < " " or ch == "\x7f":
        return " "  # a newline or tab would make charlcd jump lines: show a blank instead
    if ch in _PLAIN:
        return _PLAIN[ch]
    # Strip accents: "é" -> "e" + combining acute; keep the base if the ROM has it.
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if base and _rom_safe(base) else UNKNOWN


def to_hd44780(text: str) -> str:
    """Map `text` to HD44780 A00 ROM codes (one char per code); unknown letters become '?'.

    The result may be longer than the input ("æ" -> "ae"); callers truncate to the width.
    """
    return "".join(_map_char(ch) for ch in text)


# Reading the glass back (tests, the demo's LCD mock-ups): ROM codes to the text they draw.
ROM_TEXT: dict[str, str] = {code: ch for ch, code in _ROM.items() if ch not in "\\~"}


# --- Polish letters as custom characters (CGRAM) -----------------------------------------

CGRAM_SLOTS = 8
Glyph = tuple[int, int, int, int, int, int, int, int]  # 8 rows of 5 pixels, bit 4 = left

# 5x8 patterns in the A00 ROM's style. Lowercase letters keep the ROM's x-height (rows 2-6)
# with the accent in rows 0-1 and the ogonek in row 7; capitals with an accent above are six
# rows tall (2-7) so that no capital looks like its lowercase letter (Ó/ó, Ś/ś, Ź/ź, Ż/ż).
POLISH_GLYPHS: dict[str, Glyph] = {
    "ą": (0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F, 0x02),
    "ć": (0x02, 0x04, 0x0E, 0x10, 0x10, 0x11, 0x0E, 0x00),
    "ę": (0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E, 0x04),
    "ł": (0x0C, 0x04, 0x06, 0x0C, 0x04, 0x04, 0x0E, 0x00),
    "ń": (0x02, 0x04, 0x16, 0x19, 0x11, 0x11, 0x11, 0x00),
    "ó": (0x02, 0x04, 0x0E, 0x11, 0x11, 0x11, 0x0E, 0x00),
    "ś": (0x02, 0x04, 0x0E, 0x10, 0x0E, 0x01, 0x1E, 0x00),
    "ź": (0x02, 0x04, 0x1F, 0x02, 0x04, 0x08, 0x1F, 0x00),
    "ż": (0x04, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F, 0x00),
    "Ą": (0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x02),
    "Ć": (0x02, 0x04, 0x0E, 0x11, 0x10, 0x10, 0x11, 0x0E),
    "Ę": (0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F, 0x04),
    "Ł": (0x10, 0x10, 0x14, 0x18, 0x10, 0x10, 0x1F, 0x00),
    "Ń": (0x02, 0x04, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11),
    "Ó": (0x02, 0x04, 0x0E, 0x11, 0x11, 0x11, 0x11, 0x0E),
    "Ś": (0x02, 0x04, 0x0F, 0x10, 0x0E, 0x01, 0x01, 0x1E),
    "Ź": (0x02, 0x04, 0x1F, 0x01, 0x02, 0x04, 0x08, 0x1F),
    "Ż": (0x04, 0x00, 0x1F, 0x01, 0x02, 0x04, 0x08, 0x1F),
}


class PolishFont:
    """A mapper (text -> ROM codes, like `to_hd44780`) that also knows glyphs for letters the
    ROM lacks. Stateless and shared: each `LcdWriter` given one keeps its own CGRAM slots
    in a `CgramAllocator`. Called as a plain mapper it spells those letters plain."""

    def __init__(self, glyphs: dict[str, Glyph] | None = None,
                 fallback: Callable[[str], str] = to_hd44780) -> None:
        self.glyphs = dict(POLISH_GLYPHS if glyphs is None else glyphs)
        self.fallback = fallback

    def __call__(self, text: str) -> str:
        return self.fallback(text)

    def visible(self, line: str, cols: int) -> str:
        """The start of `line` that lands within `cols` columns once mapped."""
        width = 0
        for i, ch in enumerate(line):
            if width >= cols:
                return line[:i]
            width += 1 if ch in self.glyphs else len(self.fallback(ch))
        return line


POLISH = PolishFont()


class CgramAllocator:
    """One LCD's 8 CGRAM slots: which letter each holds, kept stable from frame to frame.

    `plan(lines)` maps one screen: every letter of the font that the screen shows gets a slot
    (already defined: reused, so a bid step defines nothing; else a free slot, else the slot
    least recently needed by a screen), and is written as that slot's code 0-7. When a
    screen needs more than 8 such letters, the 8 most frequent on it (letters already in a
    slot first) get slots and the rest fall back to the plain letter (ą -> a).
    """

    def __init__(self, font: PolishFont, slots: int = CGRAM_SLOTS) -> None:
        self.font = font
        self.letters: list[str | None] = [None] * slots  # what each slot holds on the chip
        self._used: list[int] = [0] * slots  # frame number that last needed the slot
        self._frame = 0

    def forget(self) -> None:
        """The chip's CGRAM is unknown (replugged LCD): define every letter again."""
        self.letters = [None] * len(self.letters)
        self._used = [0] * len(self._used)

    def plan(self, lines: Sequence[str], cols: int) -> tuple[list[str], dict[int, Glyph]]:
        """(mapped lines, {slot: glyph} to define before they are written)."""
        self._frame += 1
        shown = [self.font.visible(line, cols) for line in lines]
        text = "".join(shown)
        count: dict[str, int] = {}
        for ch in text:
            if ch in self.font.glyphs:
                count[ch] = count.get(ch, 0) + 1
        order = sorted(count, key=lambda ch: (ch not in self.letters, -count[ch], text.index(ch)))
        chosen = order[: len(self.letters)]
        defines: dict[int, Glyph] = {}
        for ch in chosen:
            if ch in self.letters:
                self._used[self.letters.index(ch)] = self._frame
        for ch in chosen:
            if ch in self.letters:
                continue
            free = [i for i, held in enumerate(self.letters) if held is None]
            if free:
                slot = free[0]
            else:  # the slot no letter of this screen holds, least recently needed
                idle = [i for i in range(len(self.letters)) if self._used[i] != self._frame]
                slot = min(idle, key=lambda i: (self._used[i], i))
            self.letters[slot] = ch
            self._used[slot] = self._frame
            defines[slot] = self.font.glyphs[ch]
        code = {ch: chr(self.letters.index(ch)) for ch in chosen}
        mapped = ["".join(code.get(ch) or self.font.fallback(ch) for ch in line)
                  for line in shown]
        return mapped, defines
