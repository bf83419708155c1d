"""The appliance: the unit says what the issue asks (console KMSDRM, restart always with no
start limit, a watchdog, a writable state dir with the journal, the device groups, absolute
paths, hardening with an exposure of 6.0 or less); the lint that .ci/run runs fails on a broken
or unhardened copy; systemd/install.sh does every step under sh and bash, installs from the
lock, keeps an existing config, and is shellcheck-clean under both shells."""

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
    assert s["Restart"] == ["always"]  # a clean exit (Esc) comes back too
    assert s["StartLimitIntervalSec"] == ["0"] and "StartLimitBurst" not in s  # never gives up
    assert s["Type"] == ["notify"] and int(s["WatchdogSec"][0]) > 0
    assert s["ProtectSystem"] == ["strict"] and s["UMask"] == ["0077"]
    assert s["NoNewPrivileges"] == ["yes"] and s["PrivateTmp"] == ["yes"]
    # The device nodes stay reachable: the groups do the work, not a private /dev.
    assert "PrivateDevices" not in s and "DevicePolicy" not in s
    assert s["StateDirectory"] == ["companion"] and s["WorkingDirectory"] == ["/var/lib/companion"]
    exec_start = s["ExecStart"][0].split()
    assert "--journal" in exec_start
    assert exec_start[exec_start.index("--journal") + 1].startswith("/var/lib/companion/")
    assert set(s["SupplementaryGroups"][0].split()) == {"gpio", "i2c", "dialout", "video",
                                                       "render", "input", "audio"}
    paths = [w for v in (s["ExecStart"][0], *s["WorkingDirectory"]) for w in v.split()
             if "/" in w]
    assert paths and all(p.startswith("/") for p in paths), paths  # no relative paths
    assert s["WantedBy"] == ["multi-user.target"]


@needs_systemd
def test_lint_passes_the_unit() -> None:
    run = lint(UNIT)
    assert run.returncode == 0, run.stdout + run.stderr
    match = re.fullmatch(rf"ok: {re.escape(str(UNIT))} \(exposure (\d+\.\d) \w+\)",
                         run.stdout.strip())
    assert match, run.stdout
    assert float(match.group(1)) <= 6.0


@needs_systemd
@pytest.mark.parametrize("breakage", [
    ("Restart=always", "Restart=sometimes"),  # a bad value: systemd only warns
    ("Type=notify", "Type=notify\nRestartSecs=3"),  # an unknown key: systemd only warns
    ("WorkingDirectory=/var/lib/companion", "WorkingDirectory=var/lib/companion"),  # relative
    ("\n# Hardening", "\n[X-Unhardened]\n# Hardening"),  # the sandbox moved out of [Service]
], ids=["bad-value", "unknown-key", "relative-path", "unhardened"])
def test_lint_fails_on_a_broken_copy(tmp_path: Path, breakage: tuple[str, str]) -> None:
    old, new = breakage
    broken = tmp_path / "companion.service"
    text = UNIT.read_text()
    assert old in text
    broken.write_text(text.replace(old, new))
    run = lint(broken)
    assert run.returncode != 0 and run.stdout.strip(), run.stdout


def dry_run(tmp_path: Path, shell: str = "sh", **env: str) -> list[str]:
    run = subprocess.run([shell, str(INSTALL)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "DRY_RUN": "1", "NO_APT": "1", **env})
    assert run.returncode == 0, run.stderr
    return [line[2:] for line in run.stdout.splitlines() if line.startswith("+ ")]


@pytest.mark.parametrize("shell", ["sh", "bash"])
def test_install_does_every_step(tmp_path: Path, shell: str) -> None:
    steps = dry_run(tmp_path, shell, PREFIX=str(tmp_path / "opt"), ETC=str(tmp_path / "etc"))
    joined = "\n".join(steps)
    groups = settings()["SupplementaryGroups"][0].split()
    # Under bash a variable named GROUPS would hold the caller's group ids: root's "0".
    assert f"usermod --append --groups {','.join(groups)} companion" in steps
    assert f"python3 -m venv {tmp_path}/opt/.venv" in steps
    # The exact versions of the lock, the same file CI's venv is built from (the Makefile).
    assert re.search(rf"{tmp_path}/opt/.venv/bin/pip install .* -c {ROOT}/constraints.txt "
                     rf"{ROOT}\[pi\]", joined)
    assert "-c $(LOCK) -e '.[test]'" in (ROOT / "Makefile").read_text()
    # pip's isolated build environment (hatchling building the checkout) is pinned too
    pin = f"export PIP_CONSTRAINT={ROOT}/constraints.txt"
    assert pin in steps and steps.index(pin) < next(
        i for i, s in enumerate(steps) if s.startswith(f"{tmp_path}/opt/.venv/bin/pip install"))
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


def test_install_updates_apt_first_and_brings_what_kmsdrm_loads(tmp_path: Path) -> None:
    run = subprocess.run(["sh", str(INSTALL)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "DRY_RUN": "1", "PREFIX": str(tmp_path / "opt"),
                              "ETC": str(tmp_path / "etc")})
    assert run.returncode == 0, run.stderr
    steps = [line[2:] for line in run.stdout.splitlines() if line.startswith("+ ")]
    assert steps[0] == "apt-get update"  # a fresh Pi OS image has no package lists
    assert steps[1].startswith("apt-get install -y ")
    packages = set(steps[1].split()[3:])
    # GBM/DRM for the screen, EGL + GLES 2 to draw, Mesa's EGL and DRI (vc4/v3d) drivers.
    assert {"libgbm1", "libdrm2", "libegl1", "libgles2", "libegl-mesa0",
            "libgl1-mesa-dri", "python3-venv"} <= packages


needs_shellcheck = pytest.mark.skipif(
    shutil.which("shellcheck") is None,
    reason="shellcheck not installed (apt-get install shellcheck)")


@needs_shellcheck
@pytest.mark.parametrize("shell", ["sh", "bash"])
def test_scripts_are_shellcheck_clean(shell: str) -> None:
    scripts = sorted(str(p) for p in (ROOT / "systemd").glob("*.sh"))
    run = subprocess.run(["shellcheck", f"--shell={shell}", *scripts], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stdout


@needs_shellcheck
def test_shellcheck_catches_the_groups_variable() -> None:
    """The check is real: the old script's `GROUPS=...` is what shellcheck flags in bash."""
    bad = INSTALL.read_text().replace("DEVICE_GROUPS", "GROUPS")
    run = subprocess.run(["shellcheck", "--shell=bash", "-"], input=bad, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode != 0 and "GROUPS" in run.stdout, run.stdout
