#!/bin/sh
# Install the companion as an appliance on Raspberry Pi OS Lite (64-bit, booting to the
# console): the runtime libraries (apt), the `companion` user with the device groups, a venv
# in /opt/companion with the exact versions of constraints.txt, the systemd unit,
# /etc/companion/companion.toml (from companion.example.toml, only if missing), I2C on, and
# the service enabled and (re)started. Run from a checkout: `sudo sh systemd/install.sh`
# (bash works too). Safe to run again: after `git pull` it upgrades; the config and the
# journal are kept. DRY_RUN=1 prints the commands instead of running them (needs no root);
# NO_APT=1 skips the apt steps.
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${PREFIX:-/opt/companion}
ETC=${ETC:-/etc/companion}
UNIT_DIR=${UNIT_DIR:-/etc/systemd/system}
NAME=companion
STATE=/var/lib/companion
# The unit's SupplementaryGroups: GPIO, the LCDs' I2C bus, serial boxes (/dev/ttyACM*), the
# KMSDRM display (/dev/dri/*), keyboards (/dev/input/*) and the sound card (/dev/snd/*, the
# trade timer's beeps). Keep in step with the unit.
# (Not "GROUPS": bash keeps the caller's group ids in that name and ignores assignments.)
DEVICE_GROUPS="gpio i2c dialout video render input audio"
# SDL's KMSDRM driver (inside pygame-ce's wheel) loads these at run time: GBM and DRM for the
# screen, EGL and GLES 2 to draw, and Mesa's EGL and DRI drivers (vc4/v3d on a Pi). Pi OS
# Lite ships without most of them.
APT_PACKAGES="python3-venv libgbm1 libdrm2 libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri"
# Python 3.13 (Trixie-based Pi OS): lgpio has no wheel there and builds from source.
APT_BUILD_LGPIO="python3-dev swig liblgpio-dev"
DRY=${DRY_RUN:-0}

run() {
  if [ "$DRY" = 1 ]; then echo "+ $*"; else "$@"; fi
}

if [ "$DRY" != 1 ] && [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root: sudo sh systemd/install.sh" >&2
  exit 1
fi

if [ "${NO_APT:-0}" != 1 ]; then
  # A freshly flashed card has no package lists: without the update, install finds nothing.
  run apt-get update
  packages=$APT_PACKAGES
  if python3 -c 'import sys; sys.exit(sys.version_info < (3, 13))' 2>/dev/null; then
    packages="$packages $APT_BUILD_LGPIO"
  fi
  # Word splitting of $packages is wanted: one argument per package.
  # shellcheck disable=SC2086
  run apt-get install -y --no-install-recommends $packages
fi

# A group missing from SupplementaryGroups= makes the unit fail to start (216/GROUP): create
# any that this system lacks (an empty group is harmless).
for g in $DEVICE_GROUPS; do
  getent group "$g" >/dev/null 2>&1 || run groupadd --system "$g"
done
if ! id -u "$NAME" >/dev/null 2>&1; then
  run useradd --system --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin "$NAME"
fi
run usermod --append --groups "$(printf '%s' "$DEVICE_GROUPS" | tr ' ' ',')" "$NAME"

# The program: a venv of its own, the checkout installed into it (not editable, so the
# checkout may move or go away) with every package at the version in constraints.txt, the
# versions the tests ran with: an upstream release never changes a working table by surprise.
if [ ! -x "$PREFIX/.venv/bin/python" ]; then
  run install -d -m 755 "$PREFIX"
  run python3 -m venv "$PREFIX/.venv"
fi
# -c pins what pip installs, but not what it builds with: pip builds the checkout (hatchling)
# in an isolated environment of its own, which only PIP_CONSTRAINT reaches.
PIP_CONSTRAINT="$SRC/constraints.txt"
export PIP_CONSTRAINT
if [ "$DRY" = 1 ]; then echo "+ export PIP_CONSTRAINT=$PIP_CONSTRAINT"; fi
run "$PREFIX/.venv/bin/pip" install --quiet --disable-pip-version-check --upgrade \
  -c "$SRC/constraints.txt" "${SRC}[pi]"

# The config: only when there is none, so a re-run never overwrites the table's seats.
run install -d -m 755 "$ETC"
if [ ! -e "$ETC/companion.toml" ]; then
  run install -m 644 "$SRC/companion.example.toml" "$ETC/companion.toml"
fi

run install -m 644 "$SRC/systemd/companion.service" "$UNIT_DIR/companion.service"

# I2C for the LCDs (sets dtparam=i2c_arm=on; takes effect at the next boot if it was off).
if command -v raspi-config >/dev/null 2>&1; then
  run raspi-config nonint do_i2c 0
else
  echo "install.sh: no raspi-config here: enable I2C yourself (dtparam=i2c_arm=on)" >&2
fi

run systemctl daemon-reload
run systemctl enable "$NAME.service"
# restart, not only start: a re-run after an upgrade must load the new code.
run systemctl restart "$NAME.service"
if [ "$DRY" = 1 ]; then
  echo "install.sh: dry run: nothing was changed"
else
  echo "companion installed: edit $ETC/companion.toml, then: sudo systemctl restart $NAME"
fi
