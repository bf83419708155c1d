"""The engine tests' helper modules (engine_lines, worked_examples) are imported by name: the
suite runs with --import-mode=importlib, which does not put test folders on sys.path, so this
folder is added."""

from __future__ import annotations

import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))
