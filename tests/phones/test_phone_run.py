"""The issue's "done when": `companion run` with a seat on `box = "phone"` and `[phones] port
= N` serves the join page at http://<pi>:N/ naming the unclaimed phone seats; it writes its
claims log and keeps the phones' state beside the journal, bound to the journal's game (an
earlier game's phones.json binds no seat); SIGTERM stops it cleanly."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.app.journal import game_identity


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow  # `companion run` in a subprocess
def test_companion_run_serves_the_join_page(tmp_path: Path) -> None:
    port = free_port()
    config = tmp_path / "c.toml"
    config.write_text(f'game = "camel-up"\nlanguage = "pl"\njournal = "j.jsonl"\n'
                      f'[phones]\nport = {port}\nlisten = "127.0.0.1"\n'
                      '[[seat]]\nname = "Łucja"\nbox = "phone"\n'
                      '[[seat]]\nname = "Bob"\nbox = "keyboard:1"\n'
                      '[[seat]]\nname = "Cyrille"\nbox = "phone"\n')
    # An earlier game's phone held Łucja's seat: a new journal opens it to no old cookie.
    (tmp_path / "phones.json").write_text(json.dumps(
        {"format": 2, "game": "id:an-earlier-game",
         "seats": {"0": {"name": "Łucja", "token": "ab" * 32}}}))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "companion.app.cli", "run", "--config",
                             str(config)], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        page = ""
        end = time.monotonic() + 30
        while time.monotonic() < end and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                    page = r.read().decode()
            except OSError:
                time.sleep(0.2)
        assert "Wybierz swoje miejsce" in page, page  # the table's language
        assert "Łucja" in page and "Cyrille" in page and "Bob" not in page
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 0, out
    assert "Traceback" not in out
    kept = json.loads((tmp_path / "phones.json").read_text())  # bound to this game, emptied
    assert kept["game"] == game_identity(tmp_path / "j.jsonl") and kept["seats"] == {}
