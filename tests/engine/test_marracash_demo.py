"""The MarraCash demo script: accepted line by line, it shows what the issue asks for (an
auction with commission, a move with mover commission, the final screen), and it plays to
the end as real presses on the mock boxes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.demos import Shot, demo_for, play_until
from companion.engine.actions import Action
from companion.engine.history import History
from companion.engine.registry import get_game

GAME = get_game("marracash")
DEMO = demo_for(GAME.id)


def _history() -> History:
    return play_until(DEMO, strict=True)  # raises on any refusal: the script has none


def test_demo_script_is_accepted_and_shows_the_features() -> None:
    h = _history()
    out = GAME.outcome(h.state)
    assert out["phase"] == "over" and out["result"]["winners"] == [1]
    assert {a["commission"] for a in out["auctions"]} >= {20, 40}
    assert any(a["pulled_in"] for a in out["auctions"])
    commissions = [x for m in out["moves"] for x in m["shops"] if x["commission"]]
    assert len(commissions) >= 3 and any(len(m["shops"]) == 2 for m in out["moves"])
    assert sum(m["money"] for m in out["money"]) + out["bank"] == 4 * 240
    view = GAME.table(h.state)
    assert view.final and len(view.panels[-1].rows) == 1 + 4  # the head, every seat's total


@pytest.mark.slow
def test_demo_plays_on_mock_boxes_to_the_final_screen(tmp_path: Path) -> None:
    from companion.app.demo import play

    frames = play(DEMO, tmp_path, (800, 480), use_window=False, lang="en")
    shots = [s.name for s in DEMO.steps if isinstance(s, Shot)]
    assert [f.stem for f in frames] == shots
    # the driver journaled every press it turned into an action, and that replays to the end
    from companion.app.journal import load
    from companion.engine.history import replay

    loaded = load(tmp_path / "journal.jsonl")
    steps: list[Action] = [s for s in DEMO.steps if not isinstance(s, Shot)]
    assert loaded.actions == steps
    again = GAME.outcome(replay(GAME, loaded.setup, loaded.actions).state)
    assert again == GAME.outcome(_history().state) and again["phase"] == "over"
