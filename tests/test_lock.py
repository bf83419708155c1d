"""Reproducible installs: constraints.txt (written by `make lock`) pins every dependency that
pyproject.toml asks for, the Pi's and the tests' included, at a version the range allows; and
this very environment was installed from it (the Makefile's venv, which CI uses)."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def pins() -> dict[str, tuple[str, Requirement]]:
    out: dict[str, tuple[str, Requirement]] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            req = Requirement(line)
            (spec,) = req.specifier  # exactly one "==" per line
            assert spec.operator == "==", line
            out[canonicalize_name(req.name)] = (spec.version, req)
    return out


def wanted() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    return [Requirement(r) for r in [*project["dependencies"], *extras["pi"], *extras["test"]]]


def test_every_dependency_is_pinned_within_its_range() -> None:
    locked = pins()
    for req in wanted():
        name = canonicalize_name(req.name)
        assert name in locked, f"{req.name} is not in constraints.txt: run `make lock`"
        version, _ = locked[name]
        assert req.specifier.contains(version, prereleases=True), (req, version)


def test_this_environment_has_the_locked_versions() -> None:
    env = default_environment()
    checked = 0
    for name, (version, req) in pins().items():
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # a pin for the other install (the Pi's GPIO libraries here)
        assert installed == version, f"{name} {installed} installed, {version} locked"
        checked += 1
    assert checked >= 20  # the runtime and test tools really came from the lock


def test_make_lock_uses_a_pinned_uv() -> None:
    """The resolver is pinned too: a new uv could resolve the same ranges to other versions."""
    import re

    makefile = (ROOT / "Makefile").read_text()
    target = makefile[makefile.index("\nlock:"):]
    version = re.search(r"^UV_VERSION := (\d+\.\d+\.\d+)$", makefile, re.M)
    assert version is not None and "uv==$(UV_VERSION)" in target.split("\n\n")[0]
