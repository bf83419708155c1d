"""The config file (TOML): seats, boxes, game, options, language, display, journal path.

A bad file fails at start with the file, the line and a fix (`ConfigError`). Reference:
README.md "Config".
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.actions import Value
from ..engine.errors import ConfigError, MalformedInput
from ..engine.game import resolve_options
from ..engine.registry import get_game
from ..engine.seats import DEFAULT_COLOURS, Seat
from ..engine.text import Msg, msg

BOX_KINDS = ("gpio", "keyboard", "serial", "mock")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class SeatConfig:
    seat: Seat
    box: str  # "gpio:N", "keyboard:N", "serial:<box id>", "mock:N"


@dataclass(frozen=True)
class Config:
    game: str
    seats: tuple[SeatConfig, ...]
    options: dict[str, Value] = field(default_factory=dict)
    language: str = "en"
    journal: Path = Path("journal.jsonl")
    size: tuple[int, int] | None = (1280, 720)  # None = native fullscreen
    fullscreen: bool = False
    show_lcds: bool = False
    host_box: str = "keyboard"
    lcd: str = "pcf8574"  # LCD backpack kind on the GPIO boxes: "pcf8574" or "mcp23008"
    path: Path | None = None

    def wanted_boxes(self) -> list[tuple[int, str]]:
        """(seat, box spec) for every seat, then the host's own box as HOST_SEAT if any."""
        from ..boxes.vocabulary import HOST_SEAT

        wanted = [(i, sc.box) for i, sc in enumerate(self.seats)]
        if self.host_box != "keyboard":
            wanted.append((HOST_SEAT, self.host_box))
        return wanted

    def boxes_of(self, kind: str) -> list[tuple[int, str]]:
        """(seat, what follows "kind:") for each wanted box of that kind."""
        prefix = kind + ":"
        return [(seat, box[len(prefix):]) for seat, box in self.wanted_boxes()
                if box.startswith(prefix)]


def _line_of(text: str, needle: str, last: bool = False) -> int | None:
    """The first (or last) line mentioning `needle`: where the user should look."""
    found = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    if not found:
        return None
    return found[-1] if last else found[0]


def load_config(path: Path) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(str(path), None, msg("cannot read: {why}", why=str(exc.strerror)),
                          msg("give an existing file with --config, or run `companion demo`")
                          ) from exc
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise ConfigError(str(path), int(m.group(1)) if m else None,
                          msg("not valid TOML: {why}", why=str(exc)),
                          msg("check quotes, '=' and [section] headers on that line")) from exc
    return parse_config(raw, text, path)


def parse_config(raw: dict[str, Any], text: str = "", path: Path | None = None) -> Config:
    name = str(path) if path else "<config>"

    def fail(needle: str, problem: Msg | str, fix: Msg | str, last: bool = False) -> ConfigError:
        return ConfigError(name, _line_of(text, needle, last), problem, fix)

    known = {"game", "language", "journal", "options", "display", "seat", "host", "lcd"}
    for key in raw:
        if key not in known:
            raise fail(key, msg("unknown setting {key!r}", key=key),
                       msg("use one of: {names}", names=", ".join(sorted(known))))
    game_name = raw.get("game")
    if not isinstance(game_name, str):
        raise fail("game", msg("missing 'game'"),
                   msg('add e.g. game = "camel-up-off-season" (see `companion games`)'))
    try:
        game = get_game(game_name)
    except MalformedInput as exc:
        raise fail("game", exc.message, msg("pick an id from `companion games`")) from exc
    seats_raw = raw.get("seat")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise fail("[[seat]]", msg("no seats"),
                   msg('add one [[seat]] table per seat with name = "..."'))
    seats: list[SeatConfig] = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"].strip():
            raise fail("[[seat]]", msg("seat {n} has no name", n=i + 1),
                       msg('give each [[seat]] a name = "..."'))
        colour = s.get("colour", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            raise fail(str(colour), msg("seat {n}: colour {colour!r} is not #rrggbb", n=i + 1,
                                        colour=str(colour)),
                       msg('write colours like colour = "#d64541"'))
        box = s.get("box", f"keyboard:{i}")
        kind = str(box).split(":", 1)[0]
        if not isinstance(box, str) or kind not in BOX_KINDS or ":" not in box:
            raise fail(str(box), msg("seat {n}: box {box!r} is not understood", n=i + 1,
                                     box=str(box)),
                       msg('use "gpio:N" (N = box 0-5 in wiring.md), "serial:<box id>", '
                           '"keyboard:N" or "mock:N"'))
        seats.append(SeatConfig(Seat(s["name"].strip(), colour), box))
    boxes = [sc.box for sc in seats]
    dup = sorted({b for b in boxes if boxes.count(b) > 1})
    if dup:
        raise fail(f'"{dup[0]}"', msg("box {box!r} is given to two seats", box=dup[0]),
                   msg("give every seat its own box"), last=True)
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise fail("[[seat]]", msg("{game} plays with {lo} to {hi} seats, the file has {n}",
                                   game=game.id, lo=game.min_seats, hi=game.max_seats,
                                   n=len(seats)), msg("add or remove [[seat]] tables"))
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise fail("options", msg("'options' must be a table"),
                   msg("write [options] then name = value lines"))
    for key in options:
        try:
            resolve_options(game, {key: options[key]})
        except MalformedInput as exc:
            raise fail(key, exc.message, msg("see `companion games` for each game's options")
                       ) from exc
    display = raw.get("display", {})
    if not isinstance(display, dict):
        raise fail("display", msg("'display' must be a table"),
                   msg("write [display] then size = [1280, 720]"))
    size_raw = display.get("size", [1280, 720])
    size: tuple[int, int] | None
    if size_raw == "native":
        size = None
    elif (isinstance(size_raw, list) and len(size_raw) == 2
          and all(isinstance(v, int) and 320 <= v <= 8192 for v in size_raw)):
        size = (size_raw[0], size_raw[1])
    else:
        raise fail("size", msg("display size {size} is not understood", size=repr(size_raw)),
                   msg('write size = [1280, 720], [800, 480] or "native"'))
    language = raw.get("language", "en")
    from ..i18n import LANGUAGES

    if language not in LANGUAGES:
        raise fail("language", msg("language {lang!r} is not available", lang=str(language)),
                   msg("use one of: {names}", names=", ".join(LANGUAGES)))
    host = raw.get("host", {})
    host_box = host.get("box", "keyboard") if isinstance(host, dict) else "keyboard"
    if host_box != "keyboard" and (not isinstance(host_box, str) or ":" not in host_box
                                   or host_box.split(":", 1)[0] not in BOX_KINDS):
        raise fail("[host]", msg("host box {box!r} is not understood", box=str(host_box)),
                   msg('use box = "keyboard" (arrow keys and Return) or a box like "gpio:5"'))
    if host_box in boxes:
        raise fail(f'"{host_box}"', msg("box {box!r} is both a seat's and the host's",
                                        box=str(host_box)),
                   msg("give the host its own box"), last=True)
    lcd = raw.get("lcd", "pcf8574")
    if lcd not in ("pcf8574", "mcp23008"):
        raise fail("lcd", msg("lcd {lcd!r} is not a known LCD backpack", lcd=str(lcd)),
                   msg('use lcd = "pcf8574" (the common 1602 IIC board) or "mcp23008" '
                       '(Adafruit backpack)'))
    journal = Path(str(raw.get("journal", "journal.jsonl")))
    if not journal.is_absolute() and path is not None:
        journal = path.parent / journal
    return Config(
        game=game.id,
        seats=tuple(seats),
        options=dict(options),
        language=str(language),
        journal=journal,
        size=size,
        fullscreen=bool(display.get("fullscreen", False)),
        show_lcds=bool(display.get("show_lcds", False)),
        host_box=str(host_box),
        lcd=str(lcd),
        path=path,
    )
