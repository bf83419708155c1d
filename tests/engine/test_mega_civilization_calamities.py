"""Mega Civilization's calamities by name (the default, option `calamities = names`), each
case run as a scenario through `companion replay --json`.

The limits are rules.md 5.4's: at most 3 calamities resolved, at most 2 of them major, no
duplicates; duplicates are discarded first, then the excess at random (the host records
which card the random draw took). Minor calamities are in the game with 9-11 and 15-18
players. Seats are named after civilizations in A.S.T. order; no cities, so the turn reaches
the calamities at once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.app.cli import replay_outcome
from companion.engine.games.mega_civilization import CIV_NAMES
from companion.engine.games.mega_civilization.calamity_cards import (
    excess,
    in_game,
    lock_value,
)


def enter(seat: int, value: int | str) -> dict[str, Any]:
    return {"type": "enter", "seat": seat, "value": value}


def host(command: str, **params: Any) -> dict[str, Any]:
    return {"type": "host", "command": command, **params}


def held(names: list[str]) -> str:
    return "held:" + "+".join(names)


def scenario(tmp_path: Path, n: int, picks: dict[int, list[str]],
             after: list[dict[str, Any]]) -> dict[str, Any]:
    lines = [*(enter(s, 0) for s in range(n)), *(host("skip") for _ in range(n)),
             host("calamities")]
    for s in range(n):
        lines += [enter(s, name) for name in picks.get(s, [])]
        lines.append(enter(s, lock_value(picks.get(s, []))))
    setup = {"type": "setup", "game": "mega-civilization", "seats": list(CIV_NAMES[:n]),
             "options": {"ask_treasury": "no", "start_treasury": 40}}
    path = tmp_path / "case.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in [setup, *lines, *after]) + "\n")
    return replay_outcome(path)


def refused(out: dict[str, Any]) -> list[str]:
    return [r["message"] for r in out["refused"]]


def test_minor_calamities_only_with_9_to_11_and_15_to_18_players() -> None:
    def minors(n: int) -> int:
        return sum(1 for c in in_game(n) if not c.major)
    assert [minors(n) for n in (5, 8, 9, 11, 12, 14, 15, 18)] == [0, 0, 8, 8, 0, 0, 8, 8]
    assert len(in_game(5)) == 16 and len(in_game(9)) == 24


def test_limits_count_duplicates_then_majors_then_the_total() -> None:
    assert excess(["Famine", "Famine", "Flood", "Epidemic"]) == 2  # a duplicate, a 3rd major
    assert excess(["Famine", "Flood", "Tempest", "Banditry"]) == 1  # 4 in all
    assert excess(["Famine", "Flood", "Tempest"]) == 0
    assert excess(["Famine", "Flood", "Piracy", "Tempest"]) == 1  # a 3rd major: then 3 left


def test_calamity_limit_with_random_discards_at_12_players(tmp_path: Path) -> None:
    # Minoa (seat 0) holds Famine twice (one from each block), Flood and Epidemic: the
    # duplicate goes first, then one of the three majors at random.
    picks = {0: ["Famine", "Famine", "Flood", "Epidemic"], 3: ["Piracy"]}
    after = [host("advances"),  # refused: discards are due
             host("discard", seat=0, name="Flood"),  # refused: the duplicate goes first
             host("discard", seat=0, name="Famine"),
             host("discard", seat=0, name="Tempest"),  # refused: not held
             host("discard", seat=0, name="Flood"),  # the random draw took Flood
             host("discard", seat=0, name="Epidemic"),  # refused: within the limit now
             host("discard", seat=3, name="Piracy"),  # refused: within the limit
             host("advances")]
    out = scenario(tmp_path, 12, picks, after)
    assert refused(out) == ["Random discards first", "Duplicates go first",
                            "Tempest not held", "Within the limit nothing to drop",
                            "Within the limit nothing to drop"]
    cal = out["calamities"]
    assert {h["seat"]: h["names"] for h in cal["held"] if h["names"]} == {
        0: ["Famine", "Epidemic"], 3: ["Piracy"]}
    assert cal["dropped"] == [{"seat": 0, "name": "Famine"}, {"seat": 0, "name": "Flood"}]
    assert "Minoa must drop 2 at random" in out["log"]
    assert out["phase"] == "advances"


def test_too_many_majors_must_lose_a_major_with_minors_in_play(tmp_path: Path) -> None:
    # 9 players (minors in the game): 3 majors and a minor; the random draw must be a major.
    picks = {1: ["Famine", "Flood", "Piracy", "Tempest"]}
    after = [host("discard", seat=1, name="Tempest"), host("discard", seat=1, name="Piracy"),
             host("discard", seat=1, name="Flood")]
    out = scenario(tmp_path, 9, picks, after)
    assert refused(out) == ["Too many majors drop a major", "Within the limit nothing to drop"]
    names = {h["seat"]: h["names"] for h in out["calamities"]["held"]}
    assert names[1] == ["Tempest", "Famine", "Flood"]  # by stack; 3 in all, 2 majors
    assert out["calamities"]["dropped"] == [{"seat": 1, "name": "Piracy"}]


def test_a_second_copy_only_with_two_blocks_and_names_stay_sealed(tmp_path: Path) -> None:
    # 5 players: one block, so a second Famine is no card of this game.
    setup_lines = [*(enter(s, 0) for s in range(5)), *(host("skip") for _ in range(5)),
                   host("calamities"), enter(0, "Famine"), enter(0, held(["Famine", "Famine"])),
                   enter(0, held(["Famine"])), enter(1, held(["Flood"]))]
    setup = {"type": "setup", "game": "mega-civilization", "seats": list(CIV_NAMES[:5]),
             "options": {"ask_treasury": "no"}}
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in [setup, *setup_lines]) + "\n")
    out = replay_outcome(path)
    assert refused(out) == ["Not a calamity of this game"]
    assert out["phase"] == "calamity"
    assert not any("Famine" in line or "Flood" in line for line in out["log"])
    assert out["calamities"]["held"] == []
