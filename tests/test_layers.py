"""The dependency rule (design.md), read from every module's imports, adapters included.

Layers, lowest first: the engine (standard library only); the box vocabulary and adapters
(`companion.boxes`: never the app or the display); the display (never the app or the
adapters); i18n; the app on top. Within the app, only the wiring modules may import the
concrete adapters and the display, and only inside the function that needs them, so that
`import companion.app.cli` pulls in no pygame, gpiozero or pyserial.
"""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

import pytest

# Every module of the repository read and parsed, the wheel built: `make test` runs these.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

# What each package may import from the companion (besides itself).
ALLOWED = {
    "engine": (),
    "boxes": ("companion.engine",),
    "display": ("companion.engine", "companion.boxes.vocabulary"),
    "i18n": ("companion.engine",),
    "app": ("companion.engine", "companion.boxes", "companion.display", "companion.i18n"),
}
# App modules that wire adapters (through the box factory) and the display together (inside
# functions only).
WIRING = {"cli.py", "demo.py", "demo_phone.py", "runner.py", "selftest.py"}
HARDWARE_LIBS = ("pygame", "gpiozero", "serial", "adafruit", "board", "busio")


def imports(path: Path, top_level_only: bool, root: Path = ROOT) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the package
                pkg = path.relative_to(root).parts[:-1]  # the module's package
                base = list(pkg[: len(pkg) - (node.level - 1)])
                if node.module:
                    names.add(".".join([*base, node.module]))
                else:  # `from . import x`: each name is a module of the package
                    names |= {".".join([*base, a.name]) for a in node.names}
            elif node.module:
                names.add(node.module)
    return names


def modules(package: str, root: Path = PACKAGE) -> list[Path]:
    return sorted((root / package).rglob("*.py"))


def breaches(package: str, root: Path = PACKAGE) -> list[str]:
    """Every import in `package` (inside functions too) of a companion layer it may not use."""
    own = f"companion.{package}"
    wrong = []
    for path in modules(package, root):
        for name in imports(path, top_level_only=False, root=root.parent):
            if not name.startswith("companion") or name.startswith(own):
                continue
            if not name.startswith(ALLOWED[package]):
                wrong.append(f"{path.relative_to(root.parent)} imports {name}")
    return wrong


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_imports_only_the_layers_below_it(package: str) -> None:
    wrong = breaches(package)
    assert not wrong, "\n".join(wrong)


def test_a_planted_wrong_way_import_is_caught(tmp_path: Path) -> None:
    """The rule can fail: an adapter importing the app, even relatively and inside a function,
    and the display importing an adapter, are each reported."""
    boxes, display = tmp_path / "companion" / "boxes", tmp_path / "companion" / "display"
    boxes.mkdir(parents=True)
    display.mkdir()
    (boxes / "bad.py").write_text("def f():\n    from ..app import hostmenu\n")
    (display / "bad.py").write_text("from companion.boxes.lcd import LcdBus\n")
    assert breaches("boxes", tmp_path / "companion") == [
        "companion/boxes/bad.py imports companion.app"]
    assert breaches("display", tmp_path / "companion") == [
        "companion/display/bad.py imports companion.boxes.lcd"]


def test_the_firmware_uses_only_the_line_protocol_and_the_app_never_the_firmware() -> None:
    """hardware/ is not in the wheel: nothing in companion may import it; the firmware shares
    only the line protocol with the host (on the Pico it is a copy beside main.py), and the
    wiring diagram and the breakout board read only the pin table they draw."""
    drawings = {"wiring_diagram.py", "breakout.py", "breakout_drawing.py"}
    for path in sorted((ROOT / "hardware").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if path.name in drawings and isinstance(node, ast.ImportFrom) and (
                    node.module or "").startswith("companion"):
                assert node.module == "companion.boxes.pins", f"{path.name} imports {node.module}"
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion"):
                got = {f"{node.module}.{a.name}" for a in node.names}
                assert got == {"companion.boxes.serial_protocol"}, f"{path.name} imports {got}"
            elif isinstance(node, ast.Import):
                got = {a.name for a in node.names if a.name.startswith("companion")}
                assert not got, f"{path.name} imports {got}"
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in imports(path, top_level_only=False):
            assert not name.startswith("hardware"), f"{path.relative_to(ROOT)} imports {name}"


def test_every_package_is_in_the_rule() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages - {"locale", "assets"} <= set(ALLOWED), packages


def test_engine_imports_only_the_standard_library() -> None:
    for path in modules("engine"):
        for name in imports(path, top_level_only=False):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or name.startswith("companion.engine"), (
                f"{path.relative_to(ROOT)} imports {name}"
            )


def test_no_adapter_imports_the_app() -> None:
    for path in modules("boxes"):
        for name in imports(path, top_level_only=False):
            assert not name.startswith(("companion.app", "companion.display")), (
                f"{path.relative_to(ROOT)} imports {name}"
            )


def test_only_the_wiring_touches_adapters_and_display_and_only_lazily() -> None:
    for path in modules("app"):
        rel = path.relative_to(ROOT)
        for name in imports(path, top_level_only=True):
            assert not name.startswith(HARDWARE_LIBS), f"{rel} imports {name} at top level"
            if name.startswith(("companion.display", "companion.boxes")):
                assert name == "companion.boxes.vocabulary", f"{rel} imports {name} at top level"
        if path.name not in WIRING:
            for name in imports(path, top_level_only=False):
                concrete = name.startswith("companion.boxes") and not name.endswith("vocabulary")
                assert not (concrete or name.startswith("companion.display")), (
                    f"{rel} imports {name}"
                )


def test_the_resolver_sees_relative_imports() -> None:
    """The rule above reads relative imports right (a resolver bug would pass everything)."""
    found = imports(PACKAGE / "boxes" / "keyboard_box.py", top_level_only=True)
    assert "companion.boxes.vocabulary" in found
    found = imports(PACKAGE / "app" / "controller.py", top_level_only=True)
    assert "companion.engine.actions" in found


def test_the_wheel_installs_only_the_companion_package(tmp_path: Path) -> None:
    """`pip wheel .` (hatchling): one top-level package, and no firmware inside it."""
    build = pytest.importorskip("hatchling.builders.wheel")
    wheel = Path(next(build.WheelBuilder(str(ROOT)).build(directory=str(tmp_path))))
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"companion"}, tops
    assert not [n for n in names if "firmware" in n], "the Pico firmware is not for the wheel"
    assert "companion/locale/pl/LC_MESSAGES/companion.mo" in names
