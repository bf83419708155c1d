"""Fixtures for the app tests: a table's config file, written the way a host would.

The suite runs with --import-mode=importlib, which does not put test folders on sys.path,
so this folder is added for its helper module (camel_table), whose name is unique to it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

TableConfig = Callable[..., Path]


@pytest.fixture
def table_config(tmp_path: Path) -> TableConfig:
    """`table_config(boxes, ...)` writes c.toml in tmp_path (its journal j.jsonl beside it):
    seat n named names[n] on boxes[n]; `host` the host's box; `extra` more TOML."""

    def write(boxes: Sequence[str], *, names: Sequence[str] = ("Ann", "Bob", "Cy"),
              game: str = "camel-up", host: str | None = None, extra: str = "") -> Path:
        text = f'game = "{game}"\njournal = "j.jsonl"\n{extra}'
        if host is not None:
            text += f'[host]\nbox = "{host}"\n'
        for name, box in zip(names, boxes, strict=True):
            text += f'[[seat]]\nname = "{name}"\nbox = "{box}"\n'
        path = tmp_path / "c.toml"
        path.write_text(text)
        return path

    return write
