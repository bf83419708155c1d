"""Config: a good file loads; every bad one fails at start with file, line and a fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.config import load_config
from companion.engine.errors import ConfigError

GOOD = """\
game = "camel-up"
language = "en"
journal = "state/journal.jsonl"

[options]
start_coins = 12

[display]
size = [800, 480]

[[seat]]
name = "Ann"
box = "gpio:0"

[[seat]]
name = "Bob"
colour = "#2e86de"
box = "gpio:1"

[[seat]]
name = "Cy"
box = "keyboard:2"
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "companion.toml"
    p.write_text(text)
    return p


def test_good_config(tmp_path: Path) -> None:
    cfg = load_config(write(tmp_path, GOOD))
    assert cfg.game == "camel-up-off-season" and cfg.size == (800, 480)
    assert [s.seat.name for s in cfg.seats] == ["Ann", "Bob", "Cy"]
    assert cfg.seats[1].seat.colour == "#2e86de" and cfg.options == {"start_coins": 12}
    assert cfg.journal == tmp_path / "state" / "journal.jsonl"


@pytest.mark.parametrize(("change", "line", "words"), [
    (('start_coins = 12', 'start_coins = "lots"'), 6, "must be a whole number"),
    (('box = "gpio:1"', 'box = "gpio:0"'), 18, "given to two seats"),
    (('colour = "#2e86de"', 'colour = "blue"'), 17, "is not #rrggbb"),
    (('size = [800, 480]', 'size = [800]'), 9, "display size"),
    (('game = "camel-up"', 'game = "chess"'), 1, "unknown game"),
    (('box = "keyboard:2"', 'box = "usb"'), 22, "is not understood"),
    (('[options]', '[options'), 5, "not valid TOML"),
])
def test_bad_config_names_file_line_and_fix(tmp_path: Path, change: tuple[str, str], line: int,
                                            words: str) -> None:
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert words in str(err.value)
    assert f"companion.toml:{line}" in str(err.value)
    assert "fix:" in str(err.value)


@pytest.mark.parametrize("odd", ["\u2028", "\u2029", "\u0085"])
def test_a_line_separator_in_a_name_or_comment_keeps_every_line_number(
        tmp_path: Path, odd: str) -> None:
    """TOML allows U+2028, U+2029 and U+0085 raw in strings and comments, and ends lines at
    "\n" only: the message points at the line the editor shows, as tomllib counts it."""
    text = GOOD.replace('name = "Ann"', f'name = "Ann{odd}Lee"  # from a phone{odd}s notes')
    bad = write(tmp_path, text.replace('box = "gpio:1"', 'box = "gpio:0"'))
    with pytest.raises(ConfigError) as err:
        load_config(bad)
    assert "companion.toml:18" in str(err.value) and "given to two seats" in str(err.value)
    assert load_config(write(tmp_path, text)).seats[0].seat.name == f"Ann{odd}Lee"
    crlf = write(tmp_path, text.replace('start_coins = 12', 'start_coins = "x"')
                 .replace("\n", "\r\n"))
    with pytest.raises(ConfigError) as err:
        load_config(crlf)
    assert "companion.toml:6" in str(err.value)


def test_the_shipped_example_config_loads() -> None:
    cfg = load_config(Path(__file__).resolve().parents[2] / "companion.example.toml")
    assert cfg.size is None and cfg.fullscreen and len(cfg.seats) == 4
    assert [s.box for s in cfg.seats] == ["gpio:0", "gpio:1", "gpio:2", "gpio:3"]


def test_kiosk_is_told_by_the_environment_unless_the_config_says(tmp_path: Path) -> None:
    from companion.app.app_commands import under_systemd

    assert load_config(write(tmp_path, GOOD)).kiosk is None
    for flag in (True, False):
        text = GOOD.replace("size = [800, 480]", f"size = [800, 480]\nkiosk = {str(flag).lower()}")
        assert load_config(write(tmp_path, text)).kiosk is flag
    assert under_systemd({"INVOCATION_ID": "5f1c"}) and under_systemd({"NOTIFY_SOCKET": "/run/x"})
    assert not under_systemd({"DISPLAY": ":0"})
