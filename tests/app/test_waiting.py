"""The waiting line on an 18-seat table: before anyone has entered anything it says the
table waits for everyone, never "everyone but" with no name after it; once some are done it
names the few it no longer waits for."""

from __future__ import annotations

import pytest

from companion.app.controller import Controller
from companion.app.demos import demo_for, play_until
from companion.app.demos.mega_civilization import CITIES, SEATS
from companion.engine.actions import Enter
from companion.i18n import translator

LINES = {
    # (shot, language): the line the table shows there
    ("01-setup-civilizations", "en"): "Treasury: waiting for everyone",
    ("01-setup-civilizations", "pl"): "Skarbiec: czekamy na wszystkich",
    ("02-cities-entry", "en"): "Cities: waiting for everyone",
    ("02-cities-entry", "pl"): "Miasta: czekamy na wszystkich",
}


@pytest.mark.parametrize(("shot", "lang"), sorted(LINES))
def test_nobody_done_reads_waiting_for_everyone(shot: str, lang: str) -> None:
    history = play_until(demo_for("mega-civilization"), before_shot=shot)
    assert len(history.setup.seats) == 18
    tr = translator(lang)
    text = Controller(history, None, tr).waiting_text()
    assert text is not None
    assert text.render(tr) == LINES[(shot, lang)]


@pytest.mark.parametrize(("lang", "but"), [("en", "everyone but"), ("pl", "wszystkich poza")])
def test_some_done_names_the_ones_done(lang: str, but: str) -> None:
    history = play_until(demo_for("mega-civilization"), before_shot="02-cities-entry")
    for civ in ("Iberia", "Celt", "Rome"):
        history.apply(Enter(SEATS.index(civ), CITIES[civ]))
    tr = translator(lang)
    text = Controller(history, None, tr).waiting_text()
    assert text is not None
    # Three of eighteen entered their cities: the line names those three, after "but".
    assert text.render(tr).endswith(f"{but}: Iberia, Celt, Rome" if lang == "pl"
                                    else f"{but} Iberia, Celt, Rome")
