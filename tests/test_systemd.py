"""The appliance: the unit says what the issue asks (console KMSDRM, restart on failure, a
writable state dir with the journal, the device groups, absolute paths); the lint that .ci/run
runs fails on a broken copy; systemd/install.sh does every step and keeps an existing config."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "companion.service"
LINT = ROOT / "systemd" / "lint-unit.sh"
INSTALL = ROOT / "systemd" / "install.sh"
needs_systemd = pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                                   reason="systemd-analyze not installed (apt-get install systemd)")


def settings() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def lint(unit: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", str(LINT), str(unit)], capture_output=True, text=True, timeout=60)


def test_the_unit_is_an_appliance() -> None:
    s = settings()
    assert "SDL_VIDEODRIVER=kmsdrm" in s["Environment"]
    assert s["TTYPath"] == ["/dev/tty1"] and s["Conflicts"] == ["getty@tty1.service"]
    assert s["Restart"] == ["on-failure"]
    assert s["StateDirectory"] == ["companion"] and s["WorkingDirectory"] == ["/var/lib/companion"]
    exec_start = s["ExecStart"][0].split()
    assert "--journal" in exec_start
    assert exec_start[exec_start.index("--journal") + 1].startswith("/var/lib/companion/")
    assert set(s["SupplementaryGroups"][0].split()) == {"gpio", "i2c", "dialout", "video",
                                                       "render", "input"}
    paths = [w for v in (s["ExecStart"][0], *s["WorkingDirectory"]) for w in v.split()
             if "/" in w]
    assert paths and all(p.startswith("/") for p in paths), paths  # no relative paths
    assert s["WantedBy"] == ["multi-user.target"]


@needs_systemd
def test_lint_passes_the_unit() -> None:
    run = lint(UNIT)
    assert run.returncode == 0 and run.stdout.strip() == f"ok: {UNIT}", run.stdout + run.stderr


@needs_systemd
@pytest.mark.parametrize("breakage", [
    ("Restart=on-failure", "Restart=sometimes"),  # a bad value: systemd only warns
    ("Type=simple", "Type=simple\nRestartSecs=3"),  # an unknown key: systemd only warns
    ("WorkingDirectory=/var/lib/companion", "WorkingDirectory=var/lib/companion"),  # relative
], ids=["bad-value", "unknown-key", "relative-path"])
def test_lint_fails_on_a_broken_copy(tmp_path: Path, breakage: tuple[str, str]) -> None:
    old, new = breakage
    broken = tmp_path / "companion.service"
    text = UNIT.read_text()
    assert old in text
    broken.write_text(text.replace(old, new))
    run = lint(broken)
    assert run.returncode != 0 and run.stdout.strip(), run.stdout


def dry_run(tmp_path: Path, **env: str) -> list[str]:
    run = subprocess.run(["sh", str(INSTALL)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "DRY_RUN": "1", "NO_APT": "1", **env})
    assert run.returncode == 0, run.stderr
    return [line[2:] for line in run.stdout.splitlines() if line.startswith("+ ")]


def test_install_does_every_step(tmp_path: Path) -> None:
    steps = dry_run(tmp_path, PREFIX=str(tmp_path / "opt"), ETC=str(tmp_path / "etc"))
    joined = "\n".join(steps)
    groups = settings()["SupplementaryGroups"][0].split()
    assert f"usermod --append --groups {','.join(groups)} companion" in steps
    assert f"python3 -m venv {tmp_path}/opt/.venv" in steps
    assert re.search(rf"{tmp_path}/opt/.venv/bin/pip install .* {ROOT}\[pi\]", joined)
    assert f"install -m 644 {ROOT}/companion.example.toml {tmp_path}/etc/companion.toml" in steps
    assert f"install -m 644 {UNIT} /etc/systemd/system/companion.service" in steps
    assert steps[-3:] == ["systemctl daemon-reload", "systemctl enable companion.service",
                          "systemctl restart companion.service"]
    exec_start = settings()["ExecStart"][0].split()[0]
    assert exec_start == "/opt/companion/.venv/bin/companion"  # where the default PREFIX puts it


def test_install_again_keeps_the_config_and_the_venv(tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "companion.toml").write_text("# the table's own seats\n")
    (tmp_path / "opt" / ".venv" / "bin").mkdir(parents=True)
    python = tmp_path / "opt" / ".venv" / "bin" / "python"
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    steps = dry_run(tmp_path, PREFIX=str(tmp_path / "opt"), ETC=str(tmp_path / "etc"))
    assert not any("companion.example.toml" in s for s in steps)
    assert not any("-m venv" in s for s in steps)
    assert any(s.startswith(f"{tmp_path}/opt/.venv/bin/pip install") for s in steps)  # upgrade
