#!/bin/sh
# Install the companion as an appliance on Raspberry Pi OS (Bookworm, booting to the console):
# the `companion` user with the device groups, a venv in /opt/companion, the systemd unit,
# /etc/companion/companion.toml (from companion.example.toml, only if missing), I2C on, and
# the service enabled and (re)started. Run from a checkout: `sudo sh systemd/install.sh`.
# Idempotent: run it again after `git pull` to upgrade; the config and the journal are kept.
# DRY_RUN=1 prints the commands instead of running them (and needs no root).
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${PREFIX:-/opt/companion}
ETC=${ETC:-/etc/companion}
UNIT_DIR=${UNIT_DIR:-/etc/systemd/system}
NAME=companion
STATE=/var/lib/companion
# The unit's SupplementaryGroups: GPIO, the LCDs' I2C bus, serial boxes (/dev/ttyACM*), the
# KMSDRM display (/dev/dri/*) and keyboards (/dev/input/*). Keep in step with the unit.
GROUPS="gpio i2c dialout video render input"
DRY=${DRY_RUN:-0}

run() {
  if [ "$DRY" = 1 ]; then echo "+ $*"; else "$@"; fi
}

if [ "$DRY" != 1 ] && [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root: sudo sh systemd/install.sh" >&2
  exit 1
fi

# Runtime libraries for pygame-ce's KMSDRM driver, and venv support.
if [ "${NO_APT:-0}" != 1 ]; then
  run apt-get install -y --no-install-recommends python3-venv libgbm1 libdrm2 libegl1
fi

# A group missing from SupplementaryGroups= makes the unit fail to start (216/GROUP): create
# any that this system lacks (an empty group is harmless).
for g in $GROUPS; do
  getent group "$g" >/dev/null 2>&1 || run groupadd --system "$g"
done
if ! id -u "$NAME" >/dev/null 2>&1; then
  run useradd --system --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin "$NAME"
fi
run usermod --append --groups "$(printf '%s' "$GROUPS" | tr ' ' ',')" "$NAME"

# The program: a venv of its own, the checkout installed into it (not editable, so the
# checkout may move or go away). ExecStart in the unit points here.
if [ ! -x "$PREFIX/.venv/bin/python" ]; then
  run install -d -m 755 "$PREFIX"
  run python3 -m venv "$PREFIX/.venv"
fi
run "$PREFIX/.venv/bin/pip" install --quiet --disable-pip-version-check --upgrade "$SRC[pi]"

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
echo "companion installed: edit $ETC/companion.toml, then: sudo systemctl restart $NAME"
