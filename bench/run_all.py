"""Every benchmark in one run: `make bench`. Prints figures; asserts nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

for module in ("replay", "frames", "latency", "latency_keys", "latency_mixed",
               "latency_phones", "idle_cpu", "lcd_writes", "instructions"):
    print(f"== bench.{module}", flush=True)
    subprocess.run([sys.executable, "-m", f"bench.{module}"], check=True, cwd=ROOT)
