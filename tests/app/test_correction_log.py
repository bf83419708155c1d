"""The host's corrections stay on the table after their banner: each undo, correction and
void is a line of the public log, in the table's language, among the game's own lines, so
the table can always see what the host changed."""

from __future__ import annotations

import pytest
from camel_table import revealed

from companion.app.controller import BANNER_SECONDS, Controller
from companion.engine.actions import Correct, Enter, Void


def log(c: Controller) -> list[str]:
    return [m.render(c.translate) for m in c.table_view().log]


CORRECTED = {"en": "Host correction: Di meant 1, not 0. The result stands.",
             "pl": "Korekta prowadzącego: Di – 1 zamiast 0. Wynik bez zmian."}
VOIDED = {"en": "Host voided the round (a mistake): Ann, Bob, Cy, Di enter again",
          "pl": "Prowadzący unieważnił rundę (pomyłka): Ann, Bob, Cy, Di wpisują ponownie"}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_correction_and_a_void_stay_in_the_log_after_their_banner(lang: str) -> None:
    c = revealed(lang)
    won = log(c)[-1]
    assert c.submit(Correct(3, 1), 2.0, None)
    c.expire(2.0 + BANNER_SECONDS + 1)  # 5 s on: the banner has gone
    assert c.banner_text() is None
    assert log(c)[-2:] == [won, CORRECTED[lang]]
    assert c.submit(Void("mistake"), 8.0, None)
    c.expire(8.0 + BANNER_SECONDS + 1)
    assert c.banner_text() is None
    # The void took the result away; both of the host's changes stay, in order.
    assert won not in log(c)
    assert log(c)[-2:] == [CORRECTED[lang], VOIDED[lang]]
    # The round entered again: its result comes after the host's lines, which stay above.
    for seat, bid in enumerate((1, 2, 0, 3)):
        assert c.submit(Enter(seat, bid), 20.0, seat)
    assert log(c)[-3:-1] == [CORRECTED[lang], VOIDED[lang]]
    assert "Di" in log(c)[-1]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_undo_stays_in_the_log_and_scrolls_off_with_the_lines_before_it(lang: str) -> None:
    c = revealed(lang)
    c.host("start", 2.0, card="lowest_bet")
    assert c.submit(Enter(0, 1), 3.0, 0)
    assert c.host("undo", 4.0)
    c.expire(4.0 + BANNER_SECONDS + 1)
    assert c.banner_text() is None
    # Ann's sealed bid is still a secret: the table says whose entry went, not its value.
    undone = {"en": "Host undid Ann's last entry",
              "pl": "Prowadzący cofnął ostatni wpis: Ann"}[lang]
    assert log(c)[-1] == undone
    # Eight newer lines later it has scrolled off, as any old line does.
    for n in range(4):  # each auction: its card's line and who won it
        for seat in range(4):
            assert c.submit(Enter(seat, 1 if seat == n else 0), 10.0 + n, seat)
        assert c.host("start", 10.5 + n, card="highest_bet")
    assert undone not in log(c) and len(log(c)) == 6
