#!/bin/sh
# Lint systemd units: `systemd-analyze verify` exits 0 on unknown keys and bad values and
# only prints warnings, so any output at all is a failure. A service must also score an
# exposure of 6.0 or less in `systemd-analyze security` (read offline from the file).
# ExecStart is pointed at /bin/true because the Pi's venv does not exist here.
set -eu
MAX_EXPOSURE=${MAX_EXPOSURE:-6.0}
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
  case "$copy" in
    *.service)
      # --threshold takes tenths; the last line is "→ Overall exposure level for X: 1.3 OK".
      threshold=$(echo "$MAX_EXPOSURE" | awk '{ printf "%d", $1 * 10 + 0.5 }')
      if ! out=$(systemd-analyze security --offline=yes --no-pager \
          --threshold="$threshold" "$copy" 2>&1); then
        echo "$out" | grep -F '✗' || true
        echo "$unit: exposure above $MAX_EXPOSURE: $(echo "$out" | tail -n 1)"
        exit 1
      fi
      score=$(echo "$out" | tail -n 1 | sed -n 's/.*: \([0-9][0-9.]*\) \([A-Z]*\).*/\1 \2/p')
      echo "ok: $unit (exposure $score)"
      ;;
    *) echo "ok: $unit" ;;
  esac
done
