"""Every benchmark in one run: `make bench`. Prints figures; asserts nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

for script in ("latency.py", "idle_cpu.py", "lcd_writes.py"):
    print(f"== {script}", flush=True)
    subprocess.run([sys.executable, str(HERE / script)], check=True)
