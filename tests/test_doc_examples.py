"""Every worked example in docs/examples/ replays to exactly the output printed beside it,
so the documented format and outcomes cannot drift from the code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app.cli import replay_outcome

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "docs" / "examples").rglob("*.jsonl"))


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 11


@pytest.mark.parametrize("scenario", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_example_output_matches(scenario: Path) -> None:
    expected = json.loads(scenario.with_suffix(".out.json").read_text())
    assert replay_outcome(scenario) == expected
