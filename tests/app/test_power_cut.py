"""A run killed with SIGKILL at random moments and restarted ends in the same state as one
never killed; no input a box had confirmed is lost, and no locked bid is revealed early."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from companion.app.demos import demo_for, play_until
from companion.app.journal import load, parse_scenario
from companion.engine.actions import Enter, Host, Withdraw, action_to_json
from companion.engine.history import replay
from companion.engine.registry import get_game
from companion.engine.rounds.sealed import SealedRound

CHILD = Path(__file__).with_name("kill_child.py")
GAME = get_game("camel-up")


def scenario_file(tmp_path: Path) -> Path:
    """The demo's script without the deliberate refusals: every line is accepted."""
    demo = demo_for(GAME.id)
    h = play_until(demo)
    lines: list[dict[str, object]] = [{"type": "setup", "game": GAME.id, "seats": list(demo.seats)}]
    lines += [action_to_json(a) for a in h.journal_actions]
    path = tmp_path / "scenario.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return path


def assert_no_bid_public_early(journal: Path) -> None:
    loaded = load(journal)
    state = replay(GAME, loaded.setup, loaded.actions).state
    cur = state.current
    if state.phase == "bidding" and cur is not None and cur.bids.entries:
        twin_bids = SealedRound(cur.bids.seats, {s: 99 for s in cur.bids.entries})
        twin = replace(state, auctions=(*state.auctions[:-1], replace(cur, bids=twin_bids)))
        assert GAME.table(twin) == GAME.table(state)


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    scenario = scenario_file(tmp_path)
    setup, actions = parse_scenario(scenario)
    assert len(actions) > 50 and any(isinstance(a, Withdraw) for a in actions)
    assert any(isinstance(a, Host) for a in actions) and any(isinstance(a, Enter) for a in actions)
    journal = tmp_path / "journal.jsonl"
    rng = random.Random(20261122)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    acked = -1
    kills = 0
    for _ in range(200):
        child = subprocess.Popen([sys.executable, str(CHILD), str(journal), str(scenario)],
                                 stdout=subprocess.PIPE, text=True, env=env)
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("resumed ")
        assert int(first.split()[1]) >= acked + 1  # every confirmed input survived the kill
        kill_after = rng.randint(0, 6)  # acks to let through, then kill mid-stream
        finished = False
        seen = 0
        while True:
            line = child.stdout.readline()
            if line.startswith("ack "):
                acked = int(line.split()[1])
                seen += 1
            if line.strip() == "done" or not line:
                finished = line.strip() == "done"
                break
            if seen >= kill_after:
                time.sleep(rng.uniform(0.0, 0.0005))  # lands between writes, fsyncs and acks
                child.send_signal(signal.SIGKILL)
                kills += 1
                break
        child.wait()
        child.stdout.close()
        assert len(load(journal).actions) >= acked + 1
        assert_no_bid_public_early(journal)
        if finished:
            break
    else:
        raise AssertionError("the scenario never finished")
    assert kills >= 5
    killed = load(journal)
    never_killed = replay(GAME, setup, actions)
    assert killed.actions == actions
    assert GAME.outcome(replay(GAME, killed.setup, killed.actions).state) == GAME.outcome(
        never_killed.state)
