"""The checks behind a config line: box specs, names that look like a typo, the journal path.

Each check returns the normal form or raises `Refused` with what is wrong and the fix; the
config module adds the file and the line. Box specs are normalised before duplicates are
looked for, so `gpio:00` and `gpio:0` are one box.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..boxes.vocabulary import BOX_ID_CHARS as ID_CHARS
from ..boxes.vocabulary import BOX_ID_MAX as MAX_ID
from ..boxes.vocabulary import BOX_NUMBERS
from ..engine.errors import CompanionError, IllegalAction
from ..engine.game import Game, OptionSpec, public_view, resolve_options
from ..engine.seats import Seat
from ..engine.text import Msg, _identity, msg

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


@dataclass(frozen=True)
class OneLine(Msg):
    """A message made for a 16x2 LCD, on one line: its line break (in any language) is a
    space in a terminal's message."""

    def render(self, translate: Callable[[str], str] = _identity) -> str:
        return " ".join(super().render(translate).split())


def one_line(text: Msg) -> Msg:
    return OneLine(text.id, text.args)


SHOWN_CHOICES = 6  # a fix lists at most this many values


def setup_refusal(game: Game[Any], seats: tuple[Seat, ...], options: Mapping[str, Any],
                  order: Iterable[str]) -> tuple[str | None, Refused] | None:
    """What the game would refuse when it sets the table up with these seats and options
    ("No seat 5 for First Player" with four seats; a civilization taken twice), found before
    anything is created: the option to blame (None: no one option) and the refusal, with
    the values that would fit. `order`: the options as written, the last line first, so a
    value taken twice is blamed where it is written the second time."""
    why = _refusal(game, seats, options)
    if why is None:
        return None
    for key in order:
        rest = {k: v for k, v in options.items() if k != key}
        if _refusal(game, seats, rest) is not None:
            continue  # this option is not what the game refuses
        spec = next(o for o in game.options if o.name == key)
        problem = msg("{key} = {value} does not fit this table: {why}", key=key,
                      value=toml_value(options[key]), why=why)
        return key, Refused(problem, _fits(game, seats, rest, spec))
    return None, Refused(msg("the game cannot be set up with these seats and options: {why}",
                             why=why),
                         msg("change the [options] or the seats (see `companion games`)"))


def _refusal(game: Game[Any], seats: tuple[Seat, ...], options: Mapping[str, Any]
             ) -> Msg | None:
    try:
        game.setup(seats, resolve_options(game, options))
    except IllegalAction as exc:
        return one_line(exc.message)
    except CompanionError:
        return None  # a bad value itself is the option check's to report, with its line
    return None


def _fits(game: Game[Any], seats: tuple[Seat, ...], rest: Mapping[str, Any],
          spec: OptionSpec) -> Msg:
    """The fix: the values of `spec` this table can take (tried, not guessed)."""
    tried = spec.choices or tuple(range(spec.lo, min(spec.hi, spec.lo + 99) + 1))
    good = [v for v in tried if _refusal(game, seats, {**rest, spec.name: v}) is None]
    n = len(seats)
    numbers = [v for v in good if isinstance(v, int)]
    if not spec.choices and numbers and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return msg("with {n} seats use {key} = {lo} to {hi}", n=n, key=spec.name,
                   lo=numbers[0], hi=numbers[-1])
    others = [toml_value(v) for v in good if v != spec.default]
    values = ", ".join(others[:SHOWN_CHOICES]) + (", ..." if len(others) > SHOWN_CHOICES
                                                   else "")
    if spec.default in good:
        if not others:
            return msg("leave {key} out", key=spec.name)
        return msg("leave {key} out, or use one of: {values}", key=spec.name, values=values)
    return msg("with {n} seats use one of: {values}", n=n, values=values)


def table_refusal(game: Game[Any], seats: tuple[Seat, ...], options: Mapping[str, Any],
                  order: Iterable[str], show_lcds: bool
                  ) -> tuple[tuple[str, ...], Refused] | None:
    """The setting (its path) the table cannot start with, and why: an option the game
    refuses at setup (`setup_refusal`), or show_lcds where the game keeps money secret (the
    LCD mock-ups show each seat's box, hidden money and all)."""
    refused = setup_refusal(game, seats, options, order)
    if refused is not None:
        key, why = refused
        return ("options", key) if key else ("options",), why
    state = game.setup(seats, resolve_options(game, options))
    if show_lcds and any(s.money is None for s in public_view(game, state).seats):
        return ("display", "show_lcds"), Refused(
            msg("show_lcds would put every seat's hidden money on the table screen ({game} "
                "keeps money secret)", game=game.id),
            msg("set show_lcds = false: the LCD mock-ups are for the demo"))
    return None


def toml_value(value: object) -> str:
    """A value as it is written in the file: text in double quotes."""
    return f'"{value}"' if isinstance(value, str) else str(value)


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
