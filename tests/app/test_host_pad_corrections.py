"""The host's correction of revealed score pads at the table: "Correct a score pad" opens
three levels (seat, category, value), asks before it runs, and the banner shows the old and
new value and who wins now; the voids are there too, and undo is not."""

from __future__ import annotations

from pathlib import Path

from companion.app.controller import Controller
from companion.app.journal import parse_scenario
from companion.boxes.vocabulary import HOST_SEAT, Intent, SeatIntent
from companion.engine.actions import Correct
from companion.engine.history import History
from companion.engine.registry import get_game
from companion.i18n import translator

EXAMPLE = Path(__file__).resolve().parents[2] / "docs/examples/five-tribes/final_screen.jsonl"


def revealed(lang: str = "en") -> Controller:
    setup, actions = parse_scenario(EXAMPLE)
    c = Controller(History.start(get_game(setup.game), setup), None, translator(lang))
    for action in actions:
        c.history.apply(action)
    assert c.history.last_is_reveal()
    return c


def host(c: Controller, intent: Intent, now: float, step: int = 1) -> None:
    c.handle(SeatIntent(HOST_SEAT, intent, step), now)


def shown(c: Controller) -> str:
    entry = c.host_menu.current(c.host_options())
    assert entry is not None
    return entry.label.render(c.translate)


def open_pads(c: Controller, now: float) -> None:
    for _ in range(len(c.host_options())):
        if shown(c) in ("Correct a score pad", "Popraw kartę punktów"):
            break
        host(c, Intent.PLUS, now)
    host(c, Intent.OK, now)


def test_after_the_pads_reveal_the_menu_offers_the_pad_correction_and_voids() -> None:
    c = revealed()
    offered = [e.label.render() for e in c.host_options()]
    assert "Undo the last entry" not in offered and "Correct a seat's entry" not in offered
    assert offered[:4] == ["Correct a score pad", "Void the round: a dispute",
                           "Void the round: a mistake", "Void the round: a box fault"]


def test_seat_then_category_then_value_then_confirm() -> None:
    c = revealed()
    open_pads(c, 1.0)
    assert shown(c) == "Correct which seat? Ann"
    host(c, Intent.OK, 1.0)
    assert shown(c) == "Correct Ann's pad: Viziers?"
    assert "category" in c.host_hint().render()
    for _ in range(5):
        host(c, Intent.PLUS, 1.0)
    assert shown(c) == "Correct Ann's pad: Tile points?"
    host(c, Intent.OK, 1.0)
    assert shown(c) == "Correct Ann's pad: Tile points? 21"  # just above her 20
    host(c, Intent.PLUS, 1.0, step=25)
    host(c, Intent.PLUS, 1.0, step=5)
    assert shown(c) == "Correct Ann's pad: Tile points? 51"
    host(c, Intent.MINUS, 1.0)
    assert c.host_lcd_lines() == ("Tile points?    ", "Ann: 50         ")
    host(c, Intent.OK_HELD, 1.5)  # back one level: the category again
    assert shown(c) == "Correct Ann's pad: Tile points?"
    host(c, Intent.OK, 2.0)
    for _ in range(29):
        host(c, Intent.PLUS, 2.0)
    host(c, Intent.OK, 2.0)  # asks first
    assert c.history.journal_actions[-1] != Correct(0, 50, "tiles")
    host(c, Intent.OK, 2.5)
    assert c.history.journal_actions[-1] == Correct(0, 50, "tiles")
    banner = c.banner_text()
    assert banner is not None and banner.render() == (
        "Host correction: Ann's score pad, Tile points? 50, not 20. Ann wins with 157 points")


def test_the_pad_correction_texts_fit_a_host_box_in_polish() -> None:
    c = revealed("pl")
    open_pads(c, 1.0)
    seen = [c.host_lcd_lines()]
    host(c, Intent.OK, 1.0)
    seen.append(c.host_lcd_lines())
    host(c, Intent.OK, 1.0)
    seen.append(c.host_lcd_lines())
    assert all(len(line) == 16 for pair in seen for line in pair)
    tr = translator("pl")
    for text in ("Correct a pad", "OK: pick a seat", "Correct: seat?"):
        assert len(tr(text)) <= 16, tr(text)
    assert [tuple(x.rstrip() for x in pair) for pair in seen] == [
        ("Popraw: kogo?", "Ann"), ("Popraw: Ann", "Wezyrowie?"), ("Wezyrowie?", "Ann: 3")]
