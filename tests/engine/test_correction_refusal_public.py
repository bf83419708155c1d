"""A correction refused because a later entry no longer fits names that entry by its seat,
never by its value: the refusal is shown on the table's banner."""

from __future__ import annotations

from pathlib import Path

from engine_lines import enter, host, refused, replay

SEATS = ["Ann", "Bob", "Cy", "Di"]


def test_a_refused_correction_names_the_later_entry_by_seat_not_value(tmp_path: Path) -> None:
    lines = [host("start", card="highest_bet"), enter(0, 2), enter(1, 3), enter(2, 2),
             enter(3, 1),  # revealed: Bob wins with 3
             enter(0, 7),  # Ann's sale income, after the reveal
             # Bob meant 1: 2, 1, 2, 1 all tie and drop out, a restart: Ann's 7 would land
             # as a bid in it, so the correction is refused and names her entry.
             {"type": "correct", "seat": 1, "value": 1}]
    out = replay(tmp_path, "camel-up-off-season", SEATS, lines, {"start_coins": 10})
    assert refused(out) == ["Not after this correction: Ann's entry; undo back to it first"]
    assert "7" not in refused(out)[0] and "value" not in refused(out)[0]
