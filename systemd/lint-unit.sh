#!/bin/sh
# Lint systemd units: `systemd-analyze verify` exits 0 on unknown keys and bad values and
# only prints warnings, so any output at all is a failure. ExecStart is pointed at
# /bin/true because the Pi's venv does not exist here.
set -eu
if ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "lint-unit: systemd-analyze not found (apt-get install systemd); unit not checked" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for unit in "$@"; do
  copy="$tmp/$(basename "$unit")"
  sed 's|^ExecStart=[^ ]*|ExecStart=/bin/true|' "$unit" > "$copy"
  out=$(systemd-analyze verify --man=no "$copy" 2>&1) || { echo "$out"; exit 1; }
  if [ -n "$out" ]; then echo "$out"; exit 1; fi
  echo "ok: $unit"
done
