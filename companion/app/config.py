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
        raise ConfigError(str(path), None, f"cannot read: {exc.strerror}",
                          "give an existing file with --config, or run `companion demo`") from exc
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise ConfigError(str(path), int(m.group(1)) if m else None, f"not valid TOML: {exc}",
                          "check quotes, '=' and [section] headers on that line") from exc
    return parse_config(raw, text, path)


def parse_config(raw: dict[str, Any], text: str = "", path: Path | None = None) -> Config:
    name = str(path) if path else "<config>"

    def fail(needle: str, problem: str, fix: str, last: bool = False) -> ConfigError:
        return ConfigError(name, _line_of(text, needle, last), problem, fix)

    known = {"game", "language", "journal", "options", "display", "seat", "host", "lcd"}
    for key in raw:
        if key not in known:
            raise fail(key, f"unknown setting {key!r}", f"use one of: {', '.join(sorted(known))}")
    game_name = raw.get("game")
    if not isinstance(game_name, str):
        raise fail("game", "missing 'game'", 'add e.g. game = "camel-up-off-season" (see `companion games`)')
    try:
        game = get_game(game_name)
    except MalformedInput as exc:
        raise fail("game", str(exc), "pick an id from `companion games`") from exc
    seats_raw = raw.get("seat")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise fail("[[seat]]", "no seats", 'add one [[seat]] table per seat with name = "..."')
    seats: list[SeatConfig] = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"].strip():
            raise fail("[[seat]]", f"seat {i + 1} has no name", 'give each [[seat]] a name = "..."')
        colour = s.get("colour", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            raise fail(str(colour), f"seat {i + 1}: colour {colour!r} is not #rrggbb",
                       'write colours like colour = "#d64541"')
        box = s.get("box", f"keyboard:{i}")
        kind = str(box).split(":", 1)[0]
        if not isinstance(box, str) or kind not in BOX_KINDS or ":" not in box:
            raise fail(str(box), f"seat {i + 1}: box {box!r} is not understood",
                       'use "gpio:N" (N = box 0-5 in wiring.md), "serial:<box id>", "keyboard:N" or "mock:N"')
        seats.append(SeatConfig(Seat(s["name"].strip(), colour), box))
    boxes = [sc.box for sc in seats]
    dup = sorted({b for b in boxes if boxes.count(b) > 1})
    if dup:
        raise fail(f'"{dup[0]}"', f"box {dup[0]!r} is given to two seats",
                   "give every seat its own box", last=True)
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise fail("[[seat]]", f"{game.id} plays with {game.min_seats} to {game.max_seats} seats, "
                   f"the file has {len(seats)}", "add or remove [[seat]] tables")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise fail("options", "'options' must be a table", "write [options] then name = value lines")
    for key in options:
        try:
            resolve_options(game, {key: options[key]})
        except MalformedInput as exc:
            raise fail(key, str(exc), "see `companion games` for each game's options") from exc
    display = raw.get("display", {})
    if not isinstance(display, dict):
        raise fail("display", "'display' must be a table", "write [display] then size = [1280, 720]")
    size_raw = display.get("size", [1280, 720])
    size: tuple[int, int] | None
    if size_raw == "native":
        size = None
    elif (isinstance(size_raw, list) and len(size_raw) == 2
          and all(isinstance(v, int) and 320 <= v <= 8192 for v in size_raw)):
        size = (size_raw[0], size_raw[1])
    else:
        raise fail("size", f"display size {size_raw!r} is not understood",
                   'write size = [1280, 720], [800, 480] or "native"')
    language = raw.get("language", "en")
    from ..i18n import LANGUAGES

    if language not in LANGUAGES:
        raise fail("language", f"language {language!r} is not available",
                   f"use one of: {', '.join(LANGUAGES)}")
    host = raw.get("host", {})
    host_box = host.get("box", "keyboard") if isinstance(host, dict) else "keyboard"
    if host_box != "keyboard" and (not isinstance(host_box, str) or ":" not in host_box
                                   or host_box.split(":", 1)[0] not in BOX_KINDS):
        raise fail("[host]", f"host box {host_box!r} is not understood",
                   'use box = "keyboard" (arrow keys and Return) or a box like "gpio:5"')
    if host_box in boxes:
        raise fail(f'"{host_box}"', f"box {host_box!r} is both a seat's and the host's",
                   "give the host its own box", last=True)
    lcd = raw.get("lcd", "pcf8574")
    if lcd not in ("pcf8574", "mcp23008"):
        raise fail("lcd", f"lcd {lcd!r} is not a known LCD backpack",
                   'use lcd = "pcf8574" (the common 1602 IIC board) or "mcp23008" (Adafruit backpack)')
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
