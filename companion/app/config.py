"""The config file (TOML): seats, boxes, game, options, language, display, journal path.

Every key is known and typed: an unknown key, a wrong type or an out-of-range box stops the
start with the file, the line, what is wrong and the fix (`ConfigError`); no file, however
bad, gives a traceback. Reference: README.md "Config".
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.actions import Value
from ..engine.errors import ConfigError, MalformedInput
from ..engine.registry import get_game
from ..engine.seats import DEFAULT_COLOURS, Seat
from ..engine.text import Msg, msg
from . import config_check
from .config_check import PHONE, Refused, box_spec, did_you_mean, journal_place, journal_text
from .text_lines import lines_of
from .toml_lines import Path as KeyPath
from .toml_lines import key_lines, line_of, too_deep

BOX_KINDS = ("gpio", "keyboard", "serial", "mock")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
LCDS = ("pcf8574", "pcf8574a", "mcp23008")
# The addresses each backpack kind can be jumpered to (wiring.md): a box's lcd_address must
# be one of its kind's.
LCD_ADDRESSES = {"pcf8574": range(0x20, 0x28), "pcf8574a": range(0x38, 0x40),
                 "mcp23008": range(0x20, 0x28)}
MAX_NESTING = 50  # arrays and inline tables inside each other; tomllib recurses per level
# Every key the file may hold, per table ("" is the top level).
KEYS: dict[str, tuple[str, ...]] = {
    "": ("game", "language", "journal", "lcd", "options", "display", "host", "seat", "phones"),
    "display": ("size", "fullscreen", "show_lcds", "kiosk", "volume", "chime"),
    "phones": ("port", "listen", "url"),
    "host": ("box", "lcd", "lcd_address"),
    "seat": ("name", "colour", "box", "lcd", "lcd_address"),
}


@dataclass(frozen=True)
class SeatConfig:
    seat: Seat
    box: str  # normal form: "gpio:N", "keyboard:N", "serial:<box id>", "mock:N", "phone"
    lcd: str | None = None  # this GPIO box's backpack kind; None: the table's `lcd`
    lcd_address: int | None = None  # its I2C address; None: the kind's default for box N


@dataclass(frozen=True)
class PhonesConfig:
    """`[phones]`: where the phones' web server listens, and the address the QR code shows."""

    port: int = 8080
    listen: str = ""  # "": every interface
    url: str | None = None  # None: http://<this machine's address>:<port>/


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
    lcd: str = "pcf8574"  # the GPIO boxes' LCD backpack kind unless a box says: LCDS
    host_lcd: tuple[str | None, int | None] = (None, None)  # the host's GPIO box: kind, address
    # An appliance (Esc never quits; quitting is the host's confirmed command): True, False,
    # or None to tell by the environment (run by systemd).
    kiosk: bool | None = None
    volume: int = 70  # 0-100: the timer's warnings and zero (0: audio never starts)
    chime: bool = False  # a short chime at every reveal
    path: Path | None = None
    # Where each setting is written ("journal", "display.show_lcds", "options.start_coins"),
    # so that a check made at start (the journal's folder) can name the line too.
    lines: Mapping[str, int] = field(default_factory=dict)

    phones: PhonesConfig = field(default_factory=PhonesConfig)

    def phone_seats(self) -> list[int]:
        """The seats played on phones."""
        return [i for i, sc in enumerate(self.seats) if sc.box == PHONE]

    def wanted_boxes(self) -> list[tuple[int, str]]:
        """(seat, box spec) for every seat, then the host's own box as HOST_SEAT if any."""
        from ..boxes.vocabulary import HOST_SEAT

        wanted = [(i, sc.box) for i, sc in enumerate(self.seats)]
        if self.host_box != "keyboard":
            wanted.append((HOST_SEAT, self.host_box))
        return wanted

    def lcd_of(self, seat: int) -> tuple[str, int | None]:
        """(backpack kind, address or None for the kind's default) of a seat's GPIO box;
        HOST_SEAT for the host's."""
        from ..boxes.vocabulary import HOST_SEAT

        kind, address = (self.host_lcd if seat == HOST_SEAT
                         else (self.seats[seat].lcd, self.seats[seat].lcd_address))
        return kind or self.lcd, address

    def box_lcds(self) -> dict[int, tuple[str, int | None]]:
        """Seat (HOST_SEAT for the host) -> its GPIO box's backpack kind and address."""
        return {seat: self.lcd_of(seat) for seat, _ in self.boxes_of("gpio")}

    def boxes_of(self, kind: str) -> list[tuple[int, str]]:
        """(seat, what follows "kind:") for each wanted box of that kind."""
        prefix = kind + ":"
        return [(seat, box[len(prefix):]) for seat, box in self.wanted_boxes()
                if box.startswith(prefix)]

    def error(self, key: str, problem: Msg | str, fix: Msg | str) -> ConfigError:
        """A problem found after loading (at start), pointed at the line of `key`."""
        return ConfigError(str(self.path) if self.path else "<config>", self.lines.get(key),
                           problem, fix)

    def check_journal(self, journal: Path | None = None) -> None:
        """The journal can be opened or created (a start-time check: it looks at the disk).
        `journal` is a --journal given on the command line instead of the config's."""
        try:
            journal_place(journal or self.journal)
        except Refused as exc:
            if journal is not None:
                raise ConfigError("--journal", None, exc.problem, exc.fix) from exc
            raise self.error("journal", exc.problem, exc.fix) from exc


def load_config(path: Path) -> Config:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(str(path), None, msg("cannot read: {why}", why=str(exc.strerror)),
                          msg("give an existing file with --config, or run `companion demo`")
                          ) from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        raise ConfigError(str(path), line,
                          msg("not UTF-8 text (byte {byte} at column {col})",
                              byte=f"0x{data[exc.start]:02x}", col=column),
                          msg("save the file as UTF-8 (Polish letters are fine in UTF-8)")
                          ) from exc
    text = text.removeprefix("\ufeff")  # a byte-order mark from a Windows editor
    deep = too_deep(text, MAX_NESTING)
    if deep is not None:
        raise ConfigError(str(path), deep, msg("brackets nested more than {n} deep",
                                               n=MAX_NESTING),
                          msg("a config needs two levels at most: check the brackets"))
    try:
        raw = tomllib.loads(text)
    except RecursionError as exc:  # nesting the scan above could not see (cannot happen)
        raise ConfigError(str(path), 1, msg("brackets nested too deep"),
                          msg("a config needs two levels at most: check the brackets")) from exc
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise ConfigError(str(path), int(m.group(1)) if m else None,
                          msg("not valid TOML: {why}", why=str(exc)),
                          msg("check quotes, '=' and [section] headers on that line")) from exc
    return parse_config(raw, text, path)


class _Reader:
    """Typed reads from the parsed file, each failure pointed at its line."""

    def __init__(self, text: str, path: Path | None) -> None:
        self.name = str(path) if path else "<config>"
        self.lines = key_lines(text)
        self.last = max(1, len(lines_of(text)))

    def line(self, where: KeyPath) -> int:
        # A key that is missing is reported where it belongs: its table's header, else line 1.
        return line_of(self.lines, where) or 1

    def fail(self, where: KeyPath, problem: Msg | str, fix: Msg | str) -> ConfigError:
        return ConfigError(self.name, self.line(where), problem, fix)

    def table(self, raw: dict[str, Any], name: str, where: KeyPath) -> dict[str, Any]:
        value = raw.get(name, {})
        if not isinstance(value, dict):
            raise self.fail(where, msg("{key} must be a [{key}] table", key=name),
                            msg("write [{key}] on a line of its own, then its settings",
                                key=name))
        return value

    def known(self, table: dict[str, Any], allowed: tuple[str, ...], where: KeyPath) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail((*where, key), msg("unknown setting {key!r}", key=key),
                                did_you_mean(key, allowed))

    def text(self, table: dict[str, Any], key: str, where: KeyPath, default: str,
             fix: Msg) -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            raise self.fail((*where, key), msg("{key} must be text in quotes, not {value}",
                                               key=key, value=repr(value)), fix)
        return value

    def flag(self, table: dict[str, Any], key: str, where: KeyPath) -> bool:
        value = table.get(key, False)
        if not isinstance(value, bool):
            raise self.fail((*where, key),
                            msg("{key} must be true or false, not {value}", key=key,
                                value=repr(value)),
                            msg("write {key} = true or {key} = false, without quotes", key=key))
        return value

    def checked(self, where: KeyPath, check: Callable[..., str], value: object,
                **how: bool) -> str:
        try:
            return check(value, **how)
        except Refused as exc:
            raise self.fail(where, exc.problem, exc.fix) from exc


def parse_config(raw: dict[str, Any], text: str = "", path: Path | None = None) -> Config:
    r = _Reader(text, path)
    r.known(raw, KEYS[""], ())
    if "game" not in raw:
        raise r.fail((), msg("missing 'game'"),
                     msg('add e.g. game = "camel-up-off-season" (see `companion games`)'))
    game_name = r.text(raw, "game", (), "", msg("pick an id from `companion games`"))
    try:
        game = get_game(game_name)
    except MalformedInput as exc:
        raise r.fail(("game",), exc.message, msg("pick an id from `companion games`")) from exc
    seats = _seats(r, raw)
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise r.fail(("seat", len(seats) - 1),
                     msg("{game} plays with {lo} to {hi} seats, the file has {n}",
                         game=game.id, lo=game.min_seats, hi=game.max_seats, n=len(seats)),
                     msg("add or remove [[seat]] tables"))
    options = r.table(raw, "options", ("options",))
    r.known(options, tuple(o.name for o in game.options), ("options",))
    for spec in game.options:
        if spec.name in options:
            try:
                spec.check(options[spec.name])
            except MalformedInput as exc:
                raise r.fail(("options", spec.name), exc.message,
                             msg("see `companion games` for each game's options")) from exc
    display = r.table(raw, "display", ("display",))
    r.known(display, KEYS["display"], ("display",))
    show_lcds = r.flag(display, "show_lcds", ("display",))
    # What the game itself refuses at setup (a first player past the last seat, a
    # civilization taken twice) is found now, at its line, before anything is created.
    given = sorted(options, key=lambda k: -r.line(("options", k)))  # the last line first
    table = tuple(sc.seat for sc in seats)
    refused = config_check.table_refusal(game, table, options, given, show_lcds)
    if refused is not None:
        raise r.fail(refused[0], refused[1].problem, refused[1].fix)
    size = _size(r, display)
    volume = display.get("volume", 70)
    if isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100:
        raise r.fail(("display", "volume"),
                     msg("volume must be a whole number from 0 to 100, not {value}",
                         value=repr(volume)),
                     msg("write volume = 70 (0: no sound at all)"))
    from ..i18n import LANGUAGES

    language = r.text(raw, "language", (), "en", msg("use one of: {names}",
                                                     names=", ".join(LANGUAGES)))
    if language not in LANGUAGES:
        raise r.fail(("language",), msg("language {lang!r} is not available", lang=language),
                     did_you_mean(language, LANGUAGES))
    host = r.table(raw, "host", ("host",))
    r.known(host, KEYS["host"], ("host",))
    host_box = r.checked(("host", "box"), box_spec, host.get("box", "keyboard"), host=True)
    taken = {sc.box: i for i, sc in enumerate(seats)}
    if host_box in taken:
        raise r.fail(("host", "box"), msg("box {box!r} is both a seat's and the host's",
                                          box=host_box),
                     msg("give the host its own box (seat {n} has it)", n=taken[host_box] + 1))
    lcd_fix = msg('use lcd = "pcf8574" (the common 1602 IIC board, 0x20-0x27), "pcf8574a" (the '
                  'same board with the A chip, 0x38-0x3F) or "mcp23008" (Adafruit backpack)')
    lcd = r.text(raw, "lcd", (), "pcf8574", lcd_fix)
    if lcd not in LCDS:
        raise r.fail(("lcd",), msg("lcd {lcd!r} is not a known LCD backpack", lcd=lcd), lcd_fix)
    phones = _phones(r, raw)
    journal = Path(r.checked(("journal",), journal_text, raw.get("journal", "journal.jsonl")))
    if not journal.is_absolute() and path is not None:
        journal = path.parent / journal
    where = {".".join(str(p) for p in k): n for k, n in r.lines.items()}
    return Config(
        game=game.id, seats=tuple(seats), options=dict(options), language=language,
        journal=journal, size=size, fullscreen=r.flag(display, "fullscreen", ("display",)),
        show_lcds=show_lcds, host_box=host_box, lcd=lcd,
        host_lcd=_box_lcd(r, host, ("host",), raw),
        kiosk=r.flag(display, "kiosk", ("display",)) if "kiosk" in display else None,
        volume=volume, chime=r.flag(display, "chime", ("display",)), path=path, lines=where,
        phones=phones,
    )


def _seats(r: _Reader, raw: dict[str, Any]) -> list[SeatConfig]:
    seats_raw = raw.get("seat")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise r.fail(("seat",), msg("no seats"),
                     msg('add one [[seat]] table per seat with name = "..."'))
    seats: list[SeatConfig] = []
    boxes: dict[str, int] = {}
    names: dict[str, int] = {}  # casefolded: the table and the boxes tell seats by name
    for i, s in enumerate(seats_raw):
        at: KeyPath = ("seat", i)
        if not isinstance(s, dict):
            raise r.fail(("seat",), msg("seat must be [[seat]] tables, not {value}",
                                        value=repr(s)),
                         msg('write each seat as [[seat]] then name = "..." and box = "..."'))
        r.known(s, KEYS["seat"], at)
        name = s.get("name")
        if not isinstance(name, str) or not name.strip():
            raise r.fail((*at, "name"), msg("seat {n} has no name", n=i + 1),
                         msg('give each [[seat]] a name = "..."'))
        same = names.setdefault(" ".join(name.split()).casefold(), i)
        if same != i:
            raise r.fail((*at, "name"), msg("seats {a} and {b} are both named {name!r}",
                                            a=same + 1, b=i + 1, name=name.strip()),
                         msg("give every seat its own name: the table, the score sheet and "
                             "the journal tell seats apart by name"))
        colour = s.get("colour", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            raise r.fail((*at, "colour"), msg("seat {n}: colour {colour!r} is not #rrggbb",
                                              n=i + 1, colour=str(colour)),
                         msg('write colours like colour = "#d64541"'))
        given = s.get("box", f"keyboard:{i}")
        box = r.checked((*at, "box"), box_spec, given)
        if box in boxes and box != PHONE:  # any number of seats may play on phones
            raise r.fail((*at, "box"), msg("box {box!r} is given to two seats (seats {a} and "
                                           "{b})", box=box, a=boxes[box] + 1, b=i + 1),
                         msg("give every seat its own box"))
        boxes[box] = i
        kind, address = _box_lcd(r, s, at, raw)
        seats.append(SeatConfig(Seat(name.strip(), colour), box, kind, address))
    return seats


def _box_lcd(r: _Reader, table: dict[str, Any], at: KeyPath, raw: dict[str, Any]
             ) -> tuple[str | None, int | None]:
    """A box's own `lcd` kind and `lcd_address`, each checked (the address against the kind,
    its own or the table's)."""
    fix = msg('use lcd = "pcf8574" (the common 1602 IIC board, 0x20-0x27), "pcf8574a" (the '
              'same board with the A chip, 0x38-0x3F) or "mcp23008" (Adafruit backpack)')
    kind: str | None = None
    if "lcd" in table:
        kind = r.text(table, "lcd", at, "", fix)
        if kind not in LCDS:
            raise r.fail((*at, "lcd"), msg("lcd {lcd!r} is not a known LCD backpack", lcd=kind),
                         fix)
    if "lcd_address" not in table:
        return kind, None
    address = table["lcd_address"]
    chip = kind or raw.get("lcd", "pcf8574")
    allowed = LCD_ADDRESSES.get(chip, range(0))
    if isinstance(address, bool) or not isinstance(address, int) or address not in allowed:
        raise r.fail((*at, "lcd_address"),
                     msg("lcd_address {value} is not an address a {lcd} backpack can have",
                         value=repr(address), lcd=chip),
                     msg("write it as a number, e.g. lcd_address = 0x{first:02x} ({lcd}: "
                         "0x{first:02x}-0x{last:02x}, set by the A0-A2 jumpers)",
                         first=allowed[0] if allowed else 0, last=allowed[-1] if allowed else 0,
                         lcd=chip))
    return kind, address


def _phones(r: _Reader, raw: dict[str, Any]) -> PhonesConfig:
    """`[phones]`: the port (1-65535), the address to listen on, the address the QR shows."""
    phones = r.table(raw, "phones", ("phones",))
    r.known(phones, KEYS["phones"], ("phones",))
    port = phones.get("port", 8080)
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise r.fail(("phones", "port"), msg("phones port {port} is not a port number",
                                             port=repr(port)),
                     msg("write port = 8080 (1-65535; below 1024 needs root)"))
    listen = r.text(phones, "listen", ("phones",), "",
                    msg('write listen = "" (every interface) or an address like '
                        '"192.168.1.5"'))
    url_fix = msg('write url = "http://companion.local:8080/" or leave it out')
    url = r.text(phones, "url", ("phones",), "", url_fix) or None
    if url is not None and not url.startswith(("http://", "https://")):
        raise r.fail(("phones", "url"), msg("phones url {url} is not an http:// address",
                                            url=repr(url)), url_fix)
    return PhonesConfig(port, listen.strip(), url)


def _size(r: _Reader, display: dict[str, Any]) -> tuple[int, int] | None:
    size_raw = display.get("size", [1280, 720])
    if size_raw == "native":
        return None
    if (isinstance(size_raw, list) and len(size_raw) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 8192
                    for v in size_raw)):
        return (size_raw[0], size_raw[1])
    raise r.fail(("display", "size"), msg("display size {size} is not understood",
                                          size=repr(size_raw)),
                 msg('write size = [1280, 720], [800, 480] or "native" (each side 320 to '
                     '8192)'))
