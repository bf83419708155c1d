"""Phone tests: a real table (controller, journal, main loop) in a thread, real phone server
on 127.0.0.1, and clients that speak HTTP and WebSocket to it (aiohttp's client, or Debian's
chromium through Selenium).

The suite runs with --import-mode=importlib, which does not put test folders on sys.path,
so this folder is added for its helper module (phone_table), whose name is unique to it.
When chromium or chromedriver is missing, the browser tests are skipped and the end of the
run says so in one line.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

import phone_table


def pytest_terminal_summary(terminalreporter: Any) -> None:
    missing = phone_table.browser_missing()
    if missing:
        terminalreporter.write_line(
            f"PHONE BROWSER TESTS SKIPPED: {missing} "
            "(apt-get install chromium chromium-driver, as .ci/run does)", yellow=True)
