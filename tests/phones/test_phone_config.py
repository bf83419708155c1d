"""`box = "phone"` and the `[phones]` table in the config file."""

from __future__ import annotations

import pytest

from companion.app.config import parse_config
from companion.engine.errors import ConfigError

SEATS = '[[seat]]\nname = "Ann"\nbox = "phone"\n[[seat]]\nname = "Bob"\nbox = "phone"\n' \
        '[[seat]]\nname = "Cy"\nbox = "gpio:0"\n'


def load(text: str):  # type: ignore[no-untyped-def]
    import tomllib

    return parse_config(tomllib.loads(text), text)


def test_phone_seats_and_defaults() -> None:
    cfg = load('game = "camel-up"\n' + SEATS.replace('"phone"', '"Phone"', 1))
    assert cfg.phone_seats() == [0, 1]  # any spelling, one normal form; many seats, one kind
    assert (cfg.phones.port, cfg.phones.listen, cfg.phones.url) == (8080, "", None)
    cfg = load('game = "camel-up"\n[phones]\nport = 9000\nlisten = "192.168.1.5"\n' + SEATS)
    assert (cfg.phones.port, cfg.phones.listen) == (9000, "192.168.1.5")


@pytest.mark.parametrize(("extra", "problem", "line"), [
    ("[phones]\nport = 70000\n", "phones port 70000 is not a port number", 3),
    ('[phones]\nport = "80"\n', "phones port '80' is not a port number", 3),
    ("[phones]\nprot = 8080\n", "unknown setting 'prot'\n  fix: did you mean 'port'?", 3),
    ('[phones]\nurl = "ftp://x"\n', "phones url 'ftp://x' is not an http:// address", 3),
    ('[host]\nbox = "phone"\n', "the host cannot play on a phone", 3),
])
def test_bad_phone_settings_name_the_line_and_a_fix(extra: str, problem: str,
                                                    line: int) -> None:
    with pytest.raises(ConfigError) as err:
        load('game = "camel-up"\n' + extra + SEATS)
    text = str(err.value)
    assert problem in text and f":{line}" in text, text


def test_check_hardware_names_a_phone_seat_and_passes_it() -> None:
    from companion.app.selftest import CheckEnv, check_hardware

    cfg = load('game = "camel-up"\n[phones]\nport = 9001\n'
               '[[seat]]\nname = "Ann"\nbox = "phone"\n[[seat]]\nname = "Bob"\n'
               'box = "keyboard:1"\n[[seat]]\nname = "Cy"\nbox = "keyboard:2"\n')
    lines: list[str] = []
    assert check_hardware(cfg, CheckEnv(press_timeout=0.1, out=lines.append)) == 0
    assert any("seat 1 (Ann): a phone" in x and "port 9001" in x for x in lines), lines
