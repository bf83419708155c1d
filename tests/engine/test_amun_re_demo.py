"""The Amun-Re demo script: accepted line by line, it replays the seed's auction example move
for move and the 2003 sacrifice example, and it plays to the final screen as real presses on
the mock boxes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.demos import Shot, demo_for, play_until
from companion.engine.actions import Action
from companion.engine.history import History
from companion.engine.registry import get_game

GAME = get_game("amun-re")
DEMO = demo_for(GAME.id)


def _history() -> History:
    return play_until(DEMO, strict=True)  # raises on any refusal: the script has none


def test_demo_script_replays_the_seed_auction_and_the_sacrifice_example() -> None:
    out = GAME.outcome(_history().state)
    rnd = out["rounds"][0]
    placed = [(p["bidding_round"], p["name"], p["province"], p["bid"]) for p in rnd["placements"]]
    assert placed == [
        (1, "Ann", "Abydos", 3), (1, "Bob", "Sawu", 1), (1, "Cy", "Abydos", 6),
        (1, "Di", "Abydos", 10), (2, "Ann", "Dakhla", 0), (2, "Cy", "Sawu", 6),
        (3, "Bob", "Baharya", 0)]
    assert [(r["province"], r["name"], r["price"]) for r in rnd["result"]] == [
        ("Abydos", "Di", 10), ("Sawu", "Cy", 6), ("Dakhla", "Ann", 0), ("Baharya", "Bob", 0)]
    assert rnd["purchases"][0] == {"seat": 0, "cards": 2, "farmers": 4, "stones": 3, "cost": 19}
    off = rnd["offering"]
    assert off["total"] == 7 and off["temple"] == "3-12" and off["thieves"] == [1, 3]
    # The harvest was computed from the bonuses the host entered: Bob's Baharya caravan pays
    # on the camel tile, Cy's farmers on Sawu 2 each plus its mine.
    assert [m["money"] for m in out["money"]] == [12, 27, 15, 12]
    assert out["phase"] == "over" and [f["bonus"] for f in out["gold_bonus"]] == [0, 6, 2, 0]
    sheet = out["final"]
    assert [t["total"] for t in sheet["totals"]] == [13, 9, 6, 14]
    assert sheet["winner_names"] == ["Di"]
    assert sum(m["money"] for m in out["money"]) + out["supply"] == 4 * 20


@pytest.mark.slow
def test_demo_plays_on_mock_boxes_to_the_final_screen(tmp_path: Path) -> None:
    from companion.app.demo import play
    from companion.app.journal import load
    from companion.engine.history import replay

    frames = play(DEMO, tmp_path, (800, 480), use_window=False, lang="en")
    assert [f.stem for f in frames] == [s.name for s in DEMO.steps if isinstance(s, Shot)]
    loaded = load(tmp_path / "journal.jsonl")
    steps: list[Action] = [s for s in DEMO.steps if not isinstance(s, Shot)]
    assert loaded.actions == steps  # every Enter reached on the box exactly as scripted
    again = GAME.outcome(replay(GAME, loaded.setup, loaded.actions).state)
    assert again == GAME.outcome(_history().state)
