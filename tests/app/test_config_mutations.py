"""Every mutation of a good config is refused by `companion run` with the file, the line and
a fix, and never with a traceback.

The mutations are generated from the shipped companion.example.toml (GPIO boxes) and from a
keyboard table (Mega Civilization, 7 keyboard seats, Polish): wrong types, out-of-range and
malformed box specs, unknown keys (with their did-you-mean), duplicates after normalising,
bad encodings and journal paths that cannot work. Each runs through the real CLI entry
(`companion.app.cli.main`); an exception escaping it would be the traceback a user sees, and
fails the test. A config that was wrongly accepted would open the table screen: that is
stopped and fails too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.app import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "companion.example.toml").read_text(encoding="utf-8")
KEYBOARD = """\
# A desktop table: seven keyboard seats.
game = "mega-civilization"
language = "pl"
journal = "journal.jsonl"

[options]
block = "auto"

[display]
size = [800, 480]
show_lcds = false

[host]
box = "keyboard"
""" + "".join(f'\n[[seat]]\nname = "{name}"\nbox = "keyboard:{i}"\n'
              for i, name in enumerate(("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip",
                                        "Łucja")))


@dataclass(frozen=True)
class Mutation:
    name: str
    base: str  # the config text it starts from
    make: Callable[[str, Path], tuple[bytes, int]]  # (file bytes, the line to be named)
    words: str = ""  # English words the message must hold (English configs only)


def _line_index(text: str, line: str, occurrence: int) -> int:
    hits = [i for i, x in enumerate(text.splitlines()) if x == line]
    assert len(hits) >= occurrence, f"{line!r} not in the config"
    return hits[occurrence - 1]


def replace(line: str, new: str, occurrence: int = 1) -> Callable[[str, Path], tuple[bytes, int]]:
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        lines = text.splitlines()
        i = _line_index(text, line, occurrence)
        lines[i] = new.replace("{tmp}", str(tmp))
        return ("\n".join(lines) + "\n").encode("utf-8"), i + 1
    return make


def insert(after: str, new: str, occurrence: int = 1) -> Callable[[str, Path], tuple[bytes, int]]:
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        lines = text.splitlines()
        i = _line_index(text, after, occurrence)
        lines.insert(i + 1, new)
        return ("\n".join(lines) + "\n").encode("utf-8"), i + 2
    return make


def encoded(line: str, new: str, codec: str) -> Callable[[str, Path], tuple[bytes, int]]:
    """`line` replaced by `new` written in another encoding than UTF-8."""
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        lines = text.splitlines()
        i = _line_index(text, line, 1)
        head = ("\n".join(lines[:i]) + "\n").encode("utf-8")
        tail = ("\n" + "\n".join(lines[i + 1:]) + "\n").encode("utf-8")
        return head + new.encode(codec) + tail, i + 1
    return make


def whole(codec: str) -> Callable[[str, Path], tuple[bytes, int]]:
    return lambda text, tmp: (text.encode(codec), 1)


def drop_from(line: str) -> Callable[[str, Path], tuple[bytes, int]]:
    """Cut the file before `line` (the third seat): the seat count is wrong; the last seat
    left is named."""
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        lines = text.splitlines()
        i = _line_index(text, line, 3)
        last = max(j for j in range(i) if lines[j] == "[[seat]]")
        return ("\n".join(lines[:i]) + "\n").encode("utf-8"), last + 1
    return make


def at_line(make: Callable[[str, Path], tuple[bytes, int]], line: int
            ) -> Callable[[str, Path], tuple[bytes, int]]:
    """The same change, named at another line (a missing key: where it belongs)."""
    return lambda text, tmp: (make(text, tmp)[0], line)


def instead_of(table: str, new: str) -> Callable[[str, Path], tuple[bytes, int]]:
    """A whole table (up to the next blank line, or every [[seat]]) replaced by one top-level
    line `new`, written after `language`."""
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        start = text.index(table + "\n")
        end = len(text) if table == "[[seat]]" else text.index("\n\n", start) + 1
        return insert(L, new)(text[:start] + text[end:], tmp)
    return make


def here(make: Callable[[str, Path], tuple[bytes, int]]
         ) -> Callable[[str, Path], tuple[bytes, int]]:
    """The same change with the journal in the test's folder ("state/journal.jsonl", on the
    same line), so a refused start that made its folder or its lock would be seen."""
    def made(text: str, tmp: Path) -> tuple[bytes, int]:
        data, line = make(text, tmp)
        return data.replace(J.encode(), b'journal = "state/journal.jsonl"'), line
    return made


def game_option(game: str, option: str, seats: int = 4
                ) -> Callable[[str, Path], tuple[bytes, int]]:
    """The example as another game (its seats cut to `seats`) with `option` in place of
    start_coins: an option the game refuses only when it sets the table up."""
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        text = text.replace(G, f'game = "{game}"')
        if seats < 4:
            text = text[:text.index('[[seat]]\nname = "Seat 4"')]
        return here(replace("start_coins = 10", option))(text, tmp)
    return make


def two_lines(after: str, first: str, second: str) -> Callable[[str, Path], tuple[bytes, int]]:
    """`first` and `second` written after `after`; the second one's line is to be named."""
    def make(text: str, tmp: Path) -> tuple[bytes, int]:
        lines = text.splitlines()
        i = _line_index(text, after, 1)
        lines[i + 1:i + 1] = [first, second]
        return ("\n".join(lines) + "\n").encode("utf-8"), i + 3
    return make


def example(name: str, make: Callable[[str, Path], tuple[bytes, int]], words: str = ""
            ) -> Mutation:
    return Mutation(name, EXAMPLE, make, words)


def each(what: str, line: str, words: str, values: dict[str, str]) -> list[Mutation]:
    """One example per wrong value (by name) of `line`'s key, each refused with `words`."""
    key = line.partition(" = ")[0]
    return [example(f"{what} {name}", replace(line, f"{key} = {value}"), words)
            for name, value in values.items()]


def keyboard(name: str, make: Callable[[str, Path], tuple[bytes, int]]) -> Mutation:
    return Mutation(name, KEYBOARD, make)


G, L, J = 'game = "camel-up-off-season"', 'language = "en"', \
    'journal = "/var/lib/companion/journal.jsonl"'
S1, B1, B2 = 'name = "Seat 1"', 'box = "gpio:0"', 'box = "gpio:1"'

MUTATIONS = [
    # types
    *each("game", G, "game must be text", {"a number": "5", "a boolean": "true"}),
    example("game unknown", replace(G, 'game = "chess"'), "unknown game"),
    example("game missing", at_line(replace(G, "# no game"), 1), "missing 'game'"),
    example("language a number", replace(L, "language = 1"), "language must be text"),
    example("language unknown", replace(L, 'language = "de"'), "not available"),
    example("language a table", replace(L, "language = {code = 'en'}"), "language must be"),
    example("lcd unknown", replace('lcd = "pcf8574"', 'lcd = "hd44780"'), "LCD backpack"),
    example("lcd a number", replace('lcd = "pcf8574"', "lcd = 27"), "lcd must be text"),
    example("options not a table", instead_of("[options]", "options = 3"), "[options] table"),
    *each("start_coins", "start_coins = 10", "whole number", {
        "text": '"10"', "float": "10.5", "negative": "-1", "boolean": "true",
        "huge": "99999999999999999"}),
    *each("size", 'size = "native"', "display size", {
        "one number": "[800]", "three numbers": "[800, 480, 1]", "text": '"800x480"',
        "too small": "[100, 100]", "booleans": "[true, 480]", "floats": "[800.0, 480.0]"}),
    *each("fullscreen", "fullscreen = true", "true or false", {
        "text false": '"false"', "text true": '"true"', "a number": "1"}),
    example("show_lcds text false", insert("fullscreen = true", 'show_lcds = "false"'),
            "true or false"),
    example("show_lcds a number", insert("fullscreen = true", "show_lcds = 0"),
            "true or false"),
    example("kiosk text", insert("fullscreen = true", 'kiosk = "yes"'), "true or false"),
    example("display not a table", instead_of("[display]", "display = 1"), "[display] table"),
    example("host not a table", instead_of("[host]", 'host = "keyboard"'), "[host] table"),
    *each("name", S1, "has no name", {"empty": '""', "blank": '"   "', "a number": "5"}),
    example("colour a word", insert(S1, 'colour = "red"'), "#rrggbb"),
    example("colour short", insert(S1, 'colour = "#12345"'), "#rrggbb"),
    example("colour a number", insert(S1, "colour = 0xd64541"), "#rrggbb"),
    example("seat not a table", instead_of("[[seat]]", 'seat = "Ann"'), "no seats"),
    # box specs, each kind's range
    example("gpio 6", replace(B1, 'box = "gpio:6"'), "no gpio box 6"),
    *each("gpio", B1, "numbered 0 to 5", {
        "-1": '"gpio:-1"', "x": '"gpio:x"', "1.0": '"gpio:1.0"', "empty": '"gpio:"',
        "superscript": '"gpio:²"'}),
    example("gpio no number", replace(B1, 'box = "gpio"'), "not understood"),
    example("mock 9", replace(B1, 'box = "mock:9"'), "no mock box 9"),
    example("mock 6", replace(B1, 'box = "mock:6"'), "no mock box 6"),
    example("keyboard 18", replace(B1, 'box = "keyboard:18"'), "no keyboard box 18"),
    example("keyboard -1", replace(B1, 'box = "keyboard:-1"'), "numbered 0 to 17"),
    example("usb kind", replace(B1, 'box = "usb:1"'), "not understood"),
    *each("box", B1, "box must be text", {"a number": "0", "a boolean": "true"}),
    example("serial empty id", replace(B1, 'box = "serial:"'), "a box id is"),
    example("serial id with a space", replace(B1, 'box = "serial:my box"'), "a box id is"),
    example("serial id too long", replace(B1, 'box = "serial:' + "a" * 33 + '"'),
            "a box id is"),
    example("serial claim 0", replace(B1, 'box = "serial:*0"'), "serial:*1"),
    example("serial claim x", replace(B1, 'box = "serial:*x"'), "serial:*1"),
    example("host keyboard 0", replace('box = "keyboard"', 'box = "keyboard:0"'),
            "not understood"),
    example("host a number", replace('box = "keyboard"', "box = 3"), "box must be text"),
    example("host gpio 7", replace('box = "keyboard"', 'box = "gpio:7"'), "no gpio box 7"),
    # duplicates after normalising
    *each("gpio 0 twice, as", B2, "given to two seats", {
        "00": '"gpio:00"', "0": '"gpio:0"', "upper case": '"GPIO:0"', "spaced": '" gpio: 0 "'}),
    example("host has a seat's box", replace('box = "keyboard"', 'box = "gpio:001"'),
            "both a seat's and the host's"),
    example("same serial id twice", lambda t, p: replace(B2, 'box = "serial:pico-1"')(
        t.replace(B1, 'box = "serial:pico-1"'), p), "given to two seats"),
    example("claim *01 twice", lambda t, p: replace(B2, 'box = "serial:*01"')(
        t.replace(B1, 'box = "serial:*1"'), p), "given to two seats"),
    example("duplicate key", insert(G, 'game = "marracash"'), "not valid TOML"),
    example("arrays nested too deep", insert(L, "x = " + "[" * 3000 + "]" * 3000),
            "nested more than 50 deep"),
    example("inline tables nested too deep", insert(L, "x = " + "{x = " * 3000), "nested"),
    example("too few seats", drop_from("[[seat]]"), "plays with 3 to 5 seats"),
    # options only the game's setup refuses: named at their line, on one line, with the fix
    example("first_player past the last seat",
            here(replace("start_coins = 10", "first_player = 4")),
            "first_player = 4 does not fit this table: No seat 5 for First Player\n"
            "  fix: with 4 seats use first_player = 0 to 3"),
    example("amun-re start_player past the last seat",
            game_option("amun-re", "start_player = 4"), "with 4 seats use start_player = 0 to 3"),
    example("marracash start_seat past the last seat",
            game_option("marracash", "start_seat = 3", seats=3),
            "with 3 seats use start_seat = 0 to 2"),
    example("five-tribes first_bidder past the last seat",
            game_option("five-tribes", "first_bidder = 3", seats=3),
            "with 3 seats use first_bidder = 0 to 2"),
    # two seats with one name (case and spaces aside)
    example("two seats named Seat 1", here(replace('name = "Seat 2"', S1)),
            "seats 1 and 2 are both named 'Seat 1'"),
    example("Ann twice in another case", here(lambda t, p: replace(
        'name = "Seat 3"', 'name = " ann "')(t.replace(S1, 'name = "Ann"'), p)),
            "seats 1 and 3 are both named 'ann'"),
    # unknown keys, with did-you-mean
    example("top-level langauge", insert(L, 'langauge = "pl"'), "did you mean 'language'"),
    example("top-level colour", insert(L, 'colour = "#d64541"'), "unknown setting 'colour'"),
    example("seat color", insert(S1, 'color = "#d64541"'), "did you mean 'colour'"),
    example("seat nmae", insert(B1, 'nmae = "Ann"'), "did you mean 'name'"),
    example("display fulscreen", insert("fullscreen = true", "fulscreen = true"),
            "did you mean 'fullscreen'"),
    example("display show_lcd", insert("fullscreen = true", "show_lcd = true"),
            "did you mean 'show_lcds'"),
    example("display colour", insert("fullscreen = true", 'colour = "#000000"'),
            "unknown setting 'colour'"),
    example("host boxx", insert('box = "keyboard"', 'boxx = "gpio:5"'), "did you mean 'box'"),
    example("option start_coin", insert("start_coins = 10", "start_coin = 12"),
            "did you mean 'start_coins'"),
    example("unknown table", insert("", "[sound]\nvolume = 3"), "unknown setting 'sound'"),
    # encodings
    example("latin-1 name", encoded(S1, 'name = "Zoë"', "latin-1"), "not UTF-8"),
    example("cp1250 comment", encoded(S1, "# Łódź", "cp1250"), "not UTF-8"),
    example("utf-16 file", whole("utf-16"), "not UTF-8"),
    example("NUL byte", encoded(S1, 'name = "A\0"', "utf-8"), "not valid TOML"),
    # journal paths
    *each("journal", J, "journal is empty", {"empty": '""', "blank": '"   "'}),
    example("journal a number", replace(J, "journal = 7"), "journal must be a file name"),
    example("journal a folder name", replace(J, 'journal = "{tmp}/state/"'), "names a folder"),
    example("journal an existing folder", replace(J, 'journal = "{tmp}"'), "is a folder"),
    example("journal under a file", replace(J, 'journal = "{tmp}/file.txt/j.jsonl"'),
            "is a file, not a folder"),
    example("journal deep under a file", replace(J, 'journal = "{tmp}/file.txt/a/b/j.jsonl"'),
            "is a file, not a folder"),
    example("journal not a regular file", replace(J, 'journal = "/dev/null"'),
            "not a regular file"),
    example("journal in an unwritable folder", replace(J, 'journal = "/sys/journal.jsonl"'),
            "journal"),
    example("journal NUL", replace(J, 'journal = "a\\u0000b"'), "NUL"),
    # the keyboard table (Polish messages: the line is checked, and a fix line)
    keyboard("keyboard 18", replace('box = "keyboard:6"', 'box = "keyboard:18"')),
    keyboard("keyboard -1", replace('box = "keyboard:6"', 'box = "keyboard:-1"')),
    keyboard("keyboard x", replace('box = "keyboard:6"', 'box = "keyboard:x"')),
    keyboard("keyboard 01 twice", replace('box = "keyboard:6"', 'box = "keyboard:01"')),
    keyboard("keyboard spaced twice", replace('box = "keyboard:6"', 'box = "keyboard: 0"')),
    keyboard("host keyboard 3", replace('box = "keyboard"', 'box = "keyboard:3"')),
    keyboard("host takes keyboard 2", replace('box = "keyboard"', 'box = "keyboard:2"')),
    keyboard("option unknown", insert('block = "auto"', 'blok = "west"')),
    keyboard("option bad choice", replace('block = "auto"', 'block = "north"')),
    keyboard("option a number", replace('block = "auto"', "block = 1")),
    keyboard("show_lcds text", replace("show_lcds = false", 'show_lcds = "false"')),
    keyboard("show_lcds text no", replace("show_lcds = false", 'show_lcds = "no"')),
    keyboard("size text", replace("size = [800, 480]", 'size = "800x480"')),
    keyboard("seat color", insert('name = "Ewa"', 'color = "#00ff00"')),
    keyboard("cp1250 name", encoded('name = "Łucja"', 'name = "Łucja"', "cp1250")),
    keyboard("journal under a file", replace('journal = "journal.jsonl"',
                                             'journal = "file.txt/journal.jsonl"')),
    keyboard("journal the config's folder", replace('journal = "journal.jsonl"',
                                                    'journal = "."')),
    keyboard("journal empty", replace('journal = "journal.jsonl"', 'journal = ""')),
    keyboard("civilization taken twice", two_lines('block = "auto"', 'civ_2 = "Rome"',
                                                   'civ_5 = "Rome"')),
    keyboard("civilization of a seat's name taken", lambda t, p: insert(
        'block = "auto"', 'civ_2 = "Egypt"')(t.replace('"Celina"', '"Egypt"'), p)),
    keyboard("block for 12 seats", lambda t, p: replace('block = "auto"', 'block = "west"')(
        t + "".join(f'\n[[seat]]\nname = "Gracz {i}"\nbox = "keyboard:{i}"\n'
                    for i in range(7, 12)), p)),
    keyboard("two seats named Ala", replace('name = "Ewa"', 'name = "ala"')),
]


def test_there_are_at_least_seventy_mutations() -> None:
    assert len(MUTATIONS) >= 70
    assert len({m.name for m in MUTATIONS if m.base is EXAMPLE}) >= 60
    assert sum(m.base is KEYBOARD for m in MUTATIONS) >= 15


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A config wrongly accepted would open the table screen: fail instead of playing."""
    import companion.display.window as window

    def refuse(*args: object) -> None:
        raise AssertionError("this config was accepted")

    monkeypatch.setattr(window, "open_display", refuse)


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize("mutation", MUTATIONS,
                         ids=lambda m: ("kb:" if m.base is KEYBOARD else "ex:") + m.name)
def test_a_mutated_config_is_refused_with_file_line_and_fix(
        mutation: Mutation, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file.txt").write_text("not a folder\n")
    data, line = mutation.make(mutation.base, tmp_path)
    path = tmp_path / "companion.toml"
    path.write_bytes(data)
    rc = cli.main(["run", "--config", str(path)])
    err = capsys.readouterr().err
    assert rc == 2, err
    first, _, fix = err.partition("\n")
    assert first.startswith(f"companion: {path}:{line}: "), (err, line)
    assert fix.strip() and fix.strip() != ":", err  # a fix line ("fix: ..." / "popraw: ...")
    if mutation.words:
        assert mutation.words in err, err
    # A refused start makes nothing: no journal, no folder for it, no lock beside it.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.toml", "file.txt"]
    if mutation.base is KEYBOARD:  # Polish: the LCD's line break never reaches a terminal
        assert err.count("\n") == 2, err


def test_the_good_bases_start() -> None:
    """The mutations start from configs that load (so each refusal is the mutation's)."""
    from companion.app.config import parse_config

    for text in (EXAMPLE, KEYBOARD):
        import tomllib

        parse_config(tomllib.loads(text), text)


@pytest.mark.slow  # a subprocess per config
@pytest.mark.parametrize("line", ['show_lcds = "false"', 'box = "gpio:-1"', "box = 7"])
def test_the_command_itself_prints_no_traceback(line: str, tmp_path: Path) -> None:
    """The installed entry point, in a fresh interpreter: one message, exit 2."""
    text = EXAMPLE.replace('box = "gpio:0"', line if "box" in line else 'box = "gpio:0"')
    if "show_lcds" in line:
        text = text.replace("fullscreen = true", "fullscreen = true\n" + line)
    path = tmp_path / "c.toml"
    path.write_text(text)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-m", "companion.app.cli", "run", "--config",
                          str(path)], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert f"{path}:" in out.stderr and "fix:" in out.stderr
