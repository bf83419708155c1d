"""The dependency rule (design.md): the engine imports only the standard library; app
imports engine; only the CLI wiring (cli, demo, runner) may import hardware and display,
and only inside functions."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIRING = {"cli.py", "demo.py", "runner.py", "selftest.py"}


def imports(path: Path, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text())
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the package
                pkg = path.relative_to(ROOT).parent.parts
                base = list(pkg[: len(pkg) - (node.level - 1)])
                names.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                names.add(node.module)
    return names


def test_engine_imports_only_the_standard_library() -> None:
    for path in (ROOT / "companion" / "engine").rglob("*.py"):
        for name in imports(path, top_level_only=False):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or name.startswith("companion.engine"), (
                f"{path.relative_to(ROOT)} imports {name}"
            )


def test_only_cli_wiring_touches_hardware_and_display() -> None:
    for path in (ROOT / "companion").rglob("*.py"):
        rel = path.relative_to(ROOT)
        if rel.parts[1] == "display":
            continue
        for name in imports(path, top_level_only=True):
            assert not name.startswith(
                ("hardware", "companion.display", "pygame", "gpiozero", "serial", "adafruit")
            ), f"{rel} imports {name} at top level"
        if path.name not in WIRING:
            for name in imports(path, top_level_only=False):
                assert not name.startswith(("hardware", "companion.display")), (
                    f"{rel} imports {name}"
                )
