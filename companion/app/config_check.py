"""The checks behind a config line: box specs, names that look like a typo, the journal path.

Each check returns the normal form or raises `Refused` with what is wrong and the fix; the
config module adds the file and the line. Box specs are normalised before duplicates are
looked for, so `gpio:00` and `gpio:0` are one box.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from pathlib import Path

from ..boxes.vocabulary import BOX_ID_CHARS as ID_CHARS
from ..boxes.vocabulary import BOX_ID_MAX as MAX_ID
from ..boxes.vocabulary import BOX_NUMBERS
from ..engine.text import Msg, msg

CLAIM = "*"  # `serial:*1`: the seat is taken at the table (companion.boxes.serial_box)
MAX_CLAIM = 99
NUMBERED = BOX_NUMBERS  # kind -> how many boxes of that kind a table can have
KINDS = ("gpio", "serial", "keyboard", "mock")
PHONE = "phone"  # `box = "phone"`: the seat plays on a phone (companion.boxes.phones), no number


class Refused(Exception):
    """A value the config cannot take: what is wrong and how to fix it."""

    def __init__(self, problem: Msg, fix: Msg) -> None:
        super().__init__(problem)
        self.problem, self.fix = problem, fix


def did_you_mean(word: str, allowed: Iterable[str]) -> Msg:
    """The fix for an unknown name: the allowed names, and the closest one if any is close."""
    names = sorted(allowed)
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    listed = ", ".join(names)
    if close:
        return msg("did you mean {name!r}? Allowed here: {names}", name=close[0], names=listed)
    return msg("allowed here: {names}", names=listed)


def _box_help(host: bool) -> Msg:
    if host:
        return msg('use box = "keyboard" (arrow keys and Return) or a box of its own: '
                   '"gpio:0" to "gpio:{g}", "serial:<box id>" or "mock:0" to "mock:{m}"',
                   g=NUMBERED["gpio"] - 1, m=NUMBERED["mock"] - 1)
    return msg('use "gpio:0" to "gpio:{g}" (wiring.md), "serial:<box id>", "serial:*1" (taken at '
               'the table), "keyboard:0" to "keyboard:{k}", "mock:0" to "mock:{m}" or "phone"',
               g=NUMBERED["gpio"] - 1, k=NUMBERED["keyboard"] - 1, m=NUMBERED["mock"] - 1)


def box_spec(value: object, *, host: bool = False) -> str:
    """A seat's (or the host's) box in its normal form: "gpio:3", "serial:pico-1f", ..."""
    fix = _box_help(host)
    if not isinstance(value, str):
        raise Refused(msg("box must be text in quotes, not {value}", value=repr(value)), fix)
    text = value.strip()
    if host and text == "keyboard":
        return text
    if text.lower() == PHONE:
        if host:
            raise Refused(msg("the host cannot play on a phone"), fix)
        return PHONE
    kind, colon, rest = text.partition(":")
    kind = kind.strip().lower()
    rest = rest.strip()
    if not colon or kind not in KINDS or (host and kind == "keyboard"):
        raise Refused(msg("box {box!r} is not understood", box=value), fix)
    if kind in NUMBERED:
        top = NUMBERED[kind]
        if not rest.isascii() or not rest.isdigit():
            raise Refused(msg("box {box!r}: {kind} boxes are numbered 0 to {hi}", box=value,
                              kind=kind, hi=top - 1), fix)
        if int(rest) >= top:
            raise Refused(msg("box {box!r}: there is no {kind} box {n} (0 to {hi})", box=value,
                              kind=kind, n=int(rest), hi=top - 1), fix)
        return f"{kind}:{int(rest)}"
    if rest.startswith(CLAIM):
        n = rest[len(CLAIM):].strip()
        if not n.isascii() or not n.isdigit() or not 1 <= int(n) <= MAX_CLAIM:
            raise Refused(msg("box {box!r}: a seat taken at the table is serial:*1 to "
                              "serial:*{hi}", box=value, hi=MAX_CLAIM), fix)
        return f"serial:{CLAIM}{int(n)}"
    if not rest or len(rest) > MAX_ID or any(c not in ID_CHARS for c in rest):
        raise Refused(msg("box {box!r}: a box id is 1 to {n} of the letters A-Z a-z, digits "
                          "and _ . -", box=value, n=MAX_ID),
                      msg("copy the id the box shows on its LCD (hardware/firmware/README.md)"))
    return f"serial:{rest}"


def journal_text(value: object) -> str:
    """The `journal` setting's shape: a file name, not empty and not a folder."""
    fix = msg('write journal = "/var/lib/companion/journal.jsonl" (a file; relative paths are '
              'next to the config)')
    if not isinstance(value, str):
        raise Refused(msg("journal must be a file name in quotes, not {value}",
                          value=repr(value)), fix)
    if not value.strip():
        raise Refused(msg("journal is empty"), fix)
    if "\0" in value:
        raise Refused(msg("journal holds a NUL character"), fix)
    if value.endswith(("/", os.sep)):
        raise Refused(msg("journal {path!r} names a folder, not a file", path=value), fix)
    return value


def journal_place(path: Path) -> None:
    """At start: can the journal be opened, or created with the folders it needs?"""
    try:
        _journal_place(path)
    except OSError as exc:
        raise Refused(msg("journal {path}: {why}", path=str(path), why=str(exc.strerror)),
                      msg("point journal at a file the companion may write")) from exc


def _journal_place(path: Path) -> None:
    if path.exists():
        if path.is_dir():
            raise Refused(msg("journal {path} is a folder", path=str(path)),
                          msg("name a file in it, e.g. {path}/journal.jsonl", path=str(path)))
        if not path.is_file():
            raise Refused(msg("journal {path} is not a regular file", path=str(path)),
                          msg("point journal at a plain file"))
        if read_only(path):
            return  # a disk fault, not a config one: the table starts and waits it out
        if not os.access(path, os.R_OK | os.W_OK):
            raise Refused(msg("journal {path} cannot be written by this user", path=str(path)),
                          msg("run as the file's owner (sudo -u companion), or fix its owner "
                              "with chown"))
        return
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise Refused(msg("journal {path}: {parent} is a file, not a folder", path=str(path),
                          parent=str(folder)),
                      msg("put the journal in a folder, not under a file"))
    if read_only(folder):
        return
    if not os.access(folder, os.W_OK | os.X_OK):
        raise Refused(msg("journal {path} cannot be created: the folder {parent} is not "
                          "writable by this user", path=str(path), parent=str(folder)),
                      msg("create the folder for the companion's user (install.sh makes "
                          "/var/lib/companion), or point journal elsewhere"))


def read_only(path: Path) -> bool:
    """Whether `path` sits on a file system mounted read-only (os.access says "not writable"
    there too, but that is the storage's fault, which the running table reports and waits
    out, not the config's)."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False
