"""Mega Civilization's calamities are shown in the table's language: on the boxes' choices,
on the table's panel, in the log and in the host's discard menu; each name fits a box's
"<Name x2>" choice in every language."""

from __future__ import annotations

from companion.app.controller import Controller
from companion.app.demos import demo_for, play_until
from companion.engine.games.mega_civilization.calamity_cards import CALAMITIES
from companion.engine.text import Msg, msg
from companion.i18n import LANGUAGES, translator
from companion.i18n.data_names import MEGA_CIV_CALAMITIES

LCD_COLS = 16


def test_every_calamity_is_a_listed_data_name_that_fits_a_box_choice() -> None:
    assert set(MEGA_CIV_CALAMITIES) == {c.short for c in CALAMITIES}, (
        "update companion/i18n/data_names.py")
    for lang in LANGUAGES:
        tr = translator(lang)
        for c in CALAMITIES:
            if lang != "en":
                assert tr(c.short) != c.short, (lang, c.short)  # translated
            assert len(msg("{name} x{k}", name=Msg(c.short), k=2).render(tr)) + 2 <= LCD_COLS


def test_the_calamities_read_in_polish_on_the_table_the_boxes_and_the_host_menu() -> None:
    demo = demo_for("mega-civilization")
    c = Controller(play_until(demo, before_shot="17b-random-discards"), None, translator("pl"))
    tr = c.translate
    # Nubia held Famine twice, Civil War and Piracy; the host dropped a Famine and Piracy.
    panel = c.table_view().panels[0]
    row = next(r for r in panel.rows if r[0].text == "Nubia")
    text = row[1].text
    assert isinstance(text, Msg) and text.render(tr) == "Głód, Wojna dom."
    dropped = row[3].text
    assert isinstance(dropped, Msg) and dropped.render(tr) == "Głód, Piractwo"
    log = [m.render(tr) for m in c.table_view().log]
    assert log[-2:] == ["Nubia odrzuca Głód (losowo)", "Nubia odrzuca Piractwo (losowo)"]
    before = Controller(play_until(demo, after_command="calamities"), None, translator("pl"))
    choices = [ch.label.render(tr) for ch in before.sessions[0].prompt.choices]  # type: ignore[union-attr]
    assert "Głód" in choices and "Famine" not in choices
    reveal = Controller(play_until(demo, before_shot="17-calamities-revealed"), None,
                        translator("pl"))
    menu = [e.label.render(tr) for e in reveal.host_options()]
    assert any(x.endswith("Nubia, Głód") for x in menu)
