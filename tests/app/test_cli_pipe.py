"""The CLI's output piped into a reader that left (`companion games | head -1`)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.slow  # a subprocess
def test_a_reader_that_left_gets_no_traceback() -> None:
    # The read end is closed before the CLI starts, so its first write meets a closed pipe
    # every time (with `| head -1` it would depend on who runs first).
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "companion", "games", "--lang", "en"],
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1
