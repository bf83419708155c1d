"""PO catalogs: read, write and compile to MO, with the standard library only.

The format is GNU gettext's, so the files open in Poedit, Lokalize, Weblate or plain `msgfmt`;
this module exists so that the workflow needs nothing but Python (a Pi has no gettext tools).
What we write is what `msgcat --no-wrap` would: one `msgid` per entry, strings split after
each `\\n` only, references sorted by file, obsolete entries kept at the end as `#~` lines.

`compile_mo` is the algorithm of CPython's Tools/i18n/msgfmt.py (sorted keys, one hash-less
table); fuzzy and untranslated entries are left out, as `msgfmt` does, so the app shows the
English text for them instead of a wrong or empty one.
"""

from __future__ import annotations

import ast
import re
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field

CONTEXT_SEP = "\x04"  # as companion.engine.text.CONTEXT_SEP and GNU gettext

HEADER_KEYS = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Plural-Forms",
)


@dataclass
class Entry:
    """One catalog entry. `msgid` is the English text; `msgstr` "" means untranslated.

    A msgctxt is kept in `msgid` the way GNU MO files key it: "context\x04id"."""

    msgid: str
    msgstr: str = ""
    references: list[str] = field(default_factory=list)  # "path:line"
    flags: list[str] = field(default_factory=list)  # fuzzy, python-brace-format, ...
    comments: list[str] = field(default_factory=list)  # translator comments ("# ")
    extracted: list[str] = field(default_factory=list)  # notes from the extractor ("#. ")
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and not self.fuzzy and not self.obsolete


@dataclass
class Catalog:
    header: dict[str, str]
    entries: list[Entry]
    header_comments: list[str] = field(default_factory=list)

    def by_id(self) -> dict[str, Entry]:
        return {e.msgid: e for e in self.entries if not e.obsolete}

    def header_text(self) -> str:
        keys = [k for k in HEADER_KEYS if k in self.header]
        keys += sorted(k for k in self.header if k not in HEADER_KEYS)
        return "".join(f"{k}: {self.header[k]}\n" for k in keys)


# ---------------------------------------------------------------- reading

_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")\s*$")


def _unquote(token: str) -> str:
    """A PO string literal: C escapes, which Python's literal syntax reads the same way."""
    value = ast.literal_eval(token)
    if not isinstance(value, str):
        raise ValueError(f"not a string: {token}")
    return value


class PoSyntaxError(ValueError):
    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line


def parse_po(text: str) -> Catalog:
    """Parse a PO (or POT) file. Plural forms are refused: the project has none."""
    entries: list[Entry] = []
    header: dict[str, str] = {}
    header_comments: list[str] = []
    cur: Entry | None = None
    field_name: str | None = None
    parts: dict[str, list[str]] = {}
    seen_any = False

    def finish() -> None:
        nonlocal cur, parts, field_name, seen_any
        if cur is None:
            return
        cur.msgid = "".join(parts.get("msgid", []))
        if "msgctxt" in parts:
            cur.msgid = "".join(parts["msgctxt"]) + CONTEXT_SEP + cur.msgid
        cur.msgstr = "".join(parts.get("msgstr", []))
        if cur.msgid == "" and not cur.obsolete:
            for line in cur.msgstr.splitlines():
                key, sep, value = line.partition(":")
                if sep:
                    header[key.strip()] = value.strip()
            if not seen_any:
                header_comments.extend(cur.comments)
        else:
            entries.append(cur)
        seen_any = True
        cur, parts, field_name = None, {}, None

    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            if cur is not None and "msgstr" in parts:
                finish()
            continue
        if line.startswith("#") and not obsolete:
            if cur is not None and "msgstr" in parts:
                finish()
            if cur is None:
                cur = Entry("")
            if line.startswith("#:"):
                cur.references.extend(line[2:].split())
            elif line.startswith("#,"):
                cur.flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#."):
                cur.extracted.append(line[2:].strip())
            elif line.startswith("#|"):
                pass  # previous msgid of a fuzzy entry: we do not keep it
            else:
                cur.comments.append(line[1:].removeprefix(" "))
            continue
        m = _KEYWORD.match(line)
        if m:
            keyword, token = m.groups()
            if keyword == "msgid_plural" or keyword.startswith("msgstr["):
                raise PoSyntaxError(n, f"{keyword} is not used by this project")
            if keyword in ("msgid", "msgctxt") and cur is not None and "msgstr" in parts:
                finish()
            if cur is None:
                cur = Entry("")
            cur.obsolete = cur.obsolete or obsolete
            field_name = keyword
            parts[keyword] = [_unquote(token)]
            continue
        if line.startswith('"') and field_name is not None:
            parts[field_name].append(_unquote(line))
            continue
        raise PoSyntaxError(n, f"cannot read {raw!r}")
    finish()
    return Catalog(header, entries, header_comments)


# ---------------------------------------------------------------- writing


def _quote(text: str) -> str:
    out = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
           .replace("\r", "\\r").replace("\n", "\\n"))
    return f'"{out}"'


def _field(keyword: str, text: str, prefix: str = "") -> list[str]:
    if "\n" not in text.rstrip("\n") or text == "":
        return [f"{prefix}{keyword} {_quote(text)}"]
    pieces = text.splitlines(keepends=True)
    return [f'{prefix}{keyword} ""', *(f"{prefix}{_quote(p)}" for p in pieces)]


def _key_lines(msgid: str, prefix: str = "") -> list[str]:
    context, sep, text = msgid.rpartition(CONTEXT_SEP)
    return [*(_field("msgctxt", context, prefix) if sep else []), *_field("msgid", text, prefix)]


def _entry_lines(e: Entry) -> list[str]:
    lines = [f"# {c}".rstrip() for c in e.comments]
    if e.obsolete:
        return [*lines, *_key_lines(e.msgid, "#~ "), *_field("msgstr", e.msgstr, "#~ ")]
    lines += [f"#. {x}" for x in e.extracted]
    refs = e.references
    for i in range(0, len(refs), 4):  # a few per line keeps diffs readable
        lines.append("#: " + " ".join(refs[i:i + 4]))
    if e.flags:
        lines.append("#, " + ", ".join(e.flags))
    return [*lines, *_key_lines(e.msgid), *_field("msgstr", e.msgstr)]


def write_po(catalog: Catalog) -> str:
    head = [f"# {c}".rstrip() for c in catalog.header_comments]
    head += ['msgid ""', 'msgstr ""']
    head += [_quote(line) for line in catalog.header_text().splitlines(keepends=True)]
    blocks = ["\n".join(head)]
    live = [e for e in catalog.entries if not e.obsolete]
    dead = [e for e in catalog.entries if e.obsolete]
    blocks += ["\n".join(_entry_lines(e)) for e in (*live, *dead)]
    return "\n\n".join(blocks) + "\n"


# ---------------------------------------------------------------- compiling


def compile_mo(catalog: Catalog) -> bytes:
    """The GNU MO file for `catalog`: translated, non-fuzzy entries plus the header."""
    messages = {e.msgid: e.msgstr for e in catalog.entries if e.translated}
    messages[""] = catalog.header_text()
    return mo_bytes(messages.items())


def mo_bytes(pairs: Iterable[tuple[str, str]]) -> bytes:
    """Little-endian MO, revision 0, no hash table (GNUTranslations does not need one)."""
    items = sorted((k.encode("utf-8"), v.encode("utf-8")) for k, v in pairs)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key, value in items:
        offsets.append((len(ids), len(key), len(strs), len(value)))
        ids += key + b"\0"
        strs += value + b"\0"
    n = len(items)
    key_start = 7 * 4 + 16 * n
    value_start = key_start + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + key_start]
        voffsets += [l2, o2 + value_start]
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    table = koffsets + voffsets
    return header + struct.pack(f"<{len(table)}i", *table) + ids + strs
