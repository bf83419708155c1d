"""Scenario lines for the engine's rule tests, written as the boxes and the host would journal
them, and replayed through the same path as `companion replay`: one copy for every game's tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

Line = dict[str, Any]


def replay(tmp_path: Path, game: str, seats: list[str], lines: list[Line],
           options: dict[str, Any]) -> dict[str, Any]:
    """The outcome `companion replay` reports for a journal of `lines` after the setup."""
    from companion.app.cli import replay_outcome

    setup = {"type": "setup", "game": game, "seats": seats, "options": options}
    path = tmp_path / "case.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in [setup, *lines]) + "\n")
    return replay_outcome(path)


def enter(seat: int, value: int | str) -> Line:
    return {"type": "enter", "seat": seat, "value": value}


def host(command: str, **params: Any) -> Line:
    return {"type": "host", "command": command, **params}


def money(out: dict[str, Any]) -> list[int]:
    return [m["money"] for m in out["money"]]


def refused(out: dict[str, Any]) -> list[str]:
    return [r["message"] for r in out["refused"]]
