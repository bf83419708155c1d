"""Our checks on Babel's catalog objects, shared by the test suite and `python -m companion.i18n
check` (Babel reads, merges and compiles; these are what it cannot know about a 16x2 table):

- completeness: every extracted id has a translation (non-empty, not fuzzy) per language;
- placeholders: a translation keeps exactly the id's set of `{name}` fields (format spec and
  conversion included, e.g. `{amount:+d}`), or its `%(name)s`/`%s` fields for argparse's own
  words, so `str.format` can never raise or drop a value at the table;
- LCD fit: a text shown on a seat's 16x2 LCD has at most 16 columns a line after formatting
  with realistic values (below), and no more than 2 lines.

Realistic values, since the width of a formatted line depends on its arguments: a seat name
is `SAMPLE_NAME` (6 letters: longer names are cut by the box, as anywhere on a 16x2), numbers
have 3 digits (`999`: bids, money and counts up to 999 fit; a 4-digit amount may cut the
last letter of a long line), data names (provinces, civilizations) their longest realistic
value, and anything else 3 characters.

A placeholder filled with another message (a shop, a card, a block) is measured with that
message in the language checked, at its longest: `SAMPLE_MESSAGES` lists the candidates,
rendered through the catalog. Where the same placeholder holds a long form in one text and a
short form in another ("Purple 5" on a refusal, "Pur 5" in a prompt label beside a number),
the variants are tried longest first and the first with which the *English* id fits 16
columns is used: the short form is what the game passes where the long one would not fit.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from babel.messages.catalog import Message

from ..engine.text import CONTEXT_SEP, Msg, msg, msg_in
from .catalogs import key as key_of
from .catalogs import on_lcd, where

Translate = Callable[[str], str]

LCD_COLS = 16
LCD_ROWS = 2
SAMPLE_NAME = "Marian"
SAMPLE_NUMBER = 999
SAMPLE_TEXT = "abc"
# Placeholders that hold a seat name (or names) and those holding a short message.
NAME_FIELDS = frozenset({"name", "who", "names", "leader", "winner", "player", "seat_name",
                         "still", "owner", "picking"})
SAMPLE_BY_NAME: Mapping[str, str] = {
    "prov": "Baharya",  # Amun-Re provinces (data, not translated)
    "civ": "Dravidia",  # Mega Civilization civilizations (data)
    "what": "daktyle",
    "cmd": "Start",
    "c": "999",
    "e": "abc",
    "t": "9:59",
    "v": "999",
    "value": "999",
    "entry": "abc",
    "why": "abc",
}
_COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple")
_SHORT = tuple(msg_in("shop colour, 3 letters", c) for c in ("Red", "Blu", "Grn", "Yel", "Pur"))
# Variants (long first) of the messages a placeholder holds; each a tuple of candidates.
SAMPLE_MESSAGES: Mapping[str, tuple[tuple[Msg, ...], ...]] = {
    "shop": (tuple(msg("{colour} {n}", colour=msg(c), n=5) for c in _COLOURS),
             tuple(msg("{colour} {n}", colour=c, n=5) for c in _SHORT)),
    "colour": (tuple(msg(c) for c in _COLOURS), _SHORT),
    "card": (tuple(msg(c) for c in ("Protect", "Bribery", "Blockade", "Outbid")),),
    "block": (tuple(msg(c) for c in ("West", "East")),),
}

_FORMATTER = string.Formatter()
_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdrifgxXeEc%]")


def brace_fields(text: str) -> list[str]:
    """The `{...}` fields of a str.format text, as written (sorted): `name`, `n:+d`, `s!r`.

    Raises ValueError on a malformed format string (a lone brace).
    """
    fields = []
    for _, name, spec, conv in _FORMATTER.parse(text):
        if name is None:
            continue
        fields.append(name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else ""))
    return sorted(fields)


def percent_fields(text: str) -> list[str]:
    return sorted(m.group(0) for m in _PERCENT.finditer(text) if m.group(0) != "%%")


def is_percent_format(msgid: str) -> bool:
    """argparse's own words use %-formatting; everything of ours uses str.format."""
    return "%(" in msgid or bool(re.search(r"%[sr]", msgid))


def placeholder_problem(msgid: str, msgstr: str) -> str | None:
    """Why `msgstr` cannot replace `msgid`, or None when the fields match."""
    if is_percent_format(msgid):
        want, got = percent_fields(msgid), percent_fields(msgstr)
    else:
        try:
            want = brace_fields(msgid)
        except ValueError:
            return None  # not a format string (never formatted): any text will do
        try:
            got = brace_fields(msgstr)
        except ValueError as exc:
            return f"malformed braces: {exc}"
    if set(want) != set(got):  # a field may be used once where English repeats it
        return f"placeholders {sorted(set(got))} should be {sorted(set(want))}"
    return None


def english(msgid: str) -> str:
    """The English text of an id (without a msgctxt)."""
    return msgid.rpartition(CONTEXT_SEP)[2]


def _english_translate(text: str) -> str:
    return english(text)


def sample_value(field: str) -> str | int:
    """A plain realistic value for one `{field}` (see the module docstring)."""
    name, _, spec = field.partition(":")
    name = name.split("!")[0]
    if spec and spec[-1] in "dxXob":
        return SAMPLE_NUMBER
    if name in NAME_FIELDS:
        return SAMPLE_NAME
    if name in SAMPLE_BY_NAME:
        return SAMPLE_BY_NAME[name]
    if name in ("n", "k", "lo", "hi", "amount", "price", "pay", "coins", "money", "bid",
                "have", "need", "cap", "p", "g", "step", "unit", "q", "r", "x", "cost",
                "gold", "total", "most", "left", "max", "min", "count", "number"):
        return SAMPLE_NUMBER
    return SAMPLE_TEXT


def _fields(text: str) -> dict[str, str]:
    """Field name -> the field as written (with its spec), for a format string."""
    try:
        parsed = list(_FORMATTER.parse(text))
    except ValueError:
        return {}
    out: dict[str, str] = {}
    for _, name, spec, _conv in parsed:
        if name is not None:
            out.setdefault(name.split(".")[0].split("[")[0], f"{name}:{spec}" if spec else name)
    return out


def _longest(candidates: tuple[Msg, ...], translate: Translate) -> str:
    return max((c.render(translate) for c in candidates), key=len)


def sample_values(msgid: str, translate: Translate = _english_translate) -> dict[str, str | int]:
    """Realistic values for the fields of `msgid`, message-valued ones in `translate`'s
    language, the variant chosen by the English fit (see the module docstring)."""
    fields = _fields(english(msgid))
    values = {key: sample_value(field) for key, field in fields.items()}
    for key in fields:
        variants = SAMPLE_MESSAGES.get(key)
        if not variants:
            continue
        chosen = variants[-1]
        for variant in variants:
            trial = {**values, key: _longest(variant, _english_translate)}
            if not _overflow(_format(english(msgid), trial)):
                chosen = variant
                break
        values[key] = _longest(chosen, translate)
    return values


def _format(text: str, values: Mapping[str, str | int]) -> str:
    if not values or not _fields(text):
        return text
    try:
        return text.format(**values)
    except (ValueError, KeyError, IndexError):  # a spec the sample cannot satisfy
        fixed = {k: (SAMPLE_NUMBER if isinstance(v, str) else v) for k, v in values.items()}
        try:
            return text.format(**fixed)
        except (ValueError, KeyError, IndexError):
            return text


def formatted(text: str, values: Mapping[str, str | int] | None = None) -> str:
    """`text` with every `{field}` filled (by default with its English sample value)."""
    return _format(text, sample_values(text) if values is None else values)


def _overflow(text: str) -> list[str]:
    lines = text.split("\n")
    bad = [line for line in lines if len(line) > LCD_COLS]
    if len(lines) > LCD_ROWS:
        bad.append(f"<{len(lines)} lines>")
    return bad


def lcd_overflow(text: str, values: Mapping[str, str | int] | None = None) -> list[str]:
    """The lines of `text` (formatted with samples) that do not fit a 16x2 LCD; a third line
    is reported as a whole."""
    return _overflow(formatted(text, values))


@dataclass(frozen=True)
class Problem:
    msgid: str
    problem: str
    where: str

    def __str__(self) -> str:
        return f"{self.msgid!r} ({self.where}): {self.problem}"


def untranslated(messages: Iterable[Message], translations: Mapping[str, str]) -> list[Message]:
    """Messages without a usable translation (`translations` holds only usable ones)."""
    return [m for m in messages if not translations.get(key_of(m))]


def placeholder_problems(messages: Iterable[Message],
                         translations: Mapping[str, str]) -> list[Problem]:
    out = []
    for m in messages:
        text = translations.get(key_of(m))
        if text:
            why = placeholder_problem(key_of(m), text)
            if why is not None:
                out.append(Problem(key_of(m), why, where(m)))
    return out


def catalog_translate(translations: Mapping[str, str]) -> Translate:
    """A translator over a key -> msgstr mapping, English where it has no entry."""
    def translate(text: str) -> str:
        return translations.get(text) or english(text)

    return translate


def lcd_problems(messages: Iterable[Message], translations: Mapping[str, str]) -> list[Problem]:
    """LCD texts whose translation (formatted with samples) overflows 16x2."""
    translate = catalog_translate(translations)
    out = []
    for m in messages:
        text = translations.get(key_of(m))
        if on_lcd(m) and text:
            bad = lcd_overflow(text, sample_values(key_of(m), translate))
            if bad:
                out.append(Problem(key_of(m), f"too long for the LCD: {bad!r}", where(m)))
    return out


def english_lcd_overflows(messages: Iterable[Message]) -> list[Problem]:
    """LCD ids whose English already overflows: for the game's author, not the translator."""
    out = []
    for m in messages:
        bad = lcd_overflow(english(key_of(m)), sample_values(key_of(m))) if on_lcd(m) else []
        if bad:
            out.append(Problem(key_of(m), f"too long for the LCD: {bad!r}", where(m)))
    return out
