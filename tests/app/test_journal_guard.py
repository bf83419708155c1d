"""The journal guards its table: seq checked on start, one companion per journal, 0600,
the config's drift reported (the journal wins), empty and torn-setup journals start at once.

The second-instance test runs two real `companion run` processes on one journal (keyboard
boxes, SDL's dummy video driver), as a table would if the service and a hand start met.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.app import cli
from companion.app.config import load_config
from companion.app.journal import Journal, load
from companion.app.resume import open_table
from companion.app.runner import open_history
from companion.engine.actions import Enter, Host, Undo
from companion.engine.errors import JournalError
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat

GAME = get_game("camel-up")
SETUP = Setup(GAME.id, tuple(Seat(n, "#112233") for n in ("Ann", "Bob", "Cy")))
CONFIG = """\
game = "camel-up"
journal = "state/j.jsonl"
[options]
start_coins = {coins}
[[seat]]
name = "Ann"
colour = "#112233"
box = "keyboard:0"
[[seat]]
name = "Bob"
colour = "#112233"
box = "keyboard:1"
[[seat]]
name = "Cy"
colour = "#112233"
box = "keyboard:2"
"""


def written(path: Path, actions: list[object]) -> list[str]:
    """A journal with `actions`, as the companion writes it; its lines."""
    j = Journal.create(path, SETUP)
    for a in actions:
        j.append(a)  # type: ignore[arg-type]
    j.close()
    return path.read_text().splitlines()


def _without_seq(line: str) -> str:
    return json.dumps({k: v for k, v in json.loads(line).items() if k != "seq"})


PLAY = [Host.make("start", card="highest_bet"), Enter(0, 4), Enter(1, 2), Undo(), Enter(1, 3)]


@pytest.mark.parametrize(("edit", "line", "words"), [
    (lambda ls: [*ls[:5], ls[4], *ls[5:]], 6, "seq 4 again: line 5 has it already"),
    (lambda ls: ls[:3] + ls[4:], 4, "seq 4 where 3 belongs: 1 line(s) missing"),
    (lambda ls: [*ls[:2], ls[3], ls[2], *ls[4:]], 3, "seq 3 where 2 belongs"),
    (lambda ls: [*ls[:4], _without_seq(ls[4]), *ls[5:]], 5, "without a whole-number seq"),
    (lambda ls: [*ls[:4], ls[4].replace('"seq":4', '"seq":"4"'), *ls[5:]], 5,
     "without a whole-number seq"),
])
def test_a_broken_sequence_stops_the_start_with_file_line_and_fix(
        tmp_path: Path, edit: object, line: int, words: str) -> None:
    path = tmp_path / "j.jsonl"
    lines = written(path, PLAY)
    path.write_text("\n".join(edit(lines)) + "\n")  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(JournalError) as err:
        load(path)
    text = str(err.value)
    assert text.startswith(f"{path}:{line}: ") and words in text, text
    assert "fix:" in text and "nothing is guessed" in text
    assert path.read_bytes() == before  # nothing guessed, nothing changed


def test_a_duplicated_undo_no_longer_takes_back_one_more_entry(tmp_path: Path) -> None:
    """Before the check, the repeated undo silently undid Bob's 2 as well as Ann's 4."""
    path = tmp_path / "j.jsonl"
    lines = written(path, [Host.make("start", card="highest_bet"), Enter(0, 4), Enter(1, 2),
                           Undo()])
    path.write_text("\n".join([*lines, lines[-1]]) + "\n")
    with pytest.raises(JournalError, match=r"j.jsonl:6: seq 4 again"):
        load(path)


def test_a_scenario_may_leave_seq_out_but_a_given_one_is_checked(tmp_path: Path) -> None:
    from companion.app.journal import parse_scenario

    setup = json.dumps({"type": "setup", "game": "camel-up", "seats": ["A", "B", "C"]})
    start = json.dumps({"type": "host", "command": "start", "card": "lucky_0"})
    p = tmp_path / "s.jsonl"
    p.write_text(f"{setup}\n{start}\n")
    assert len(parse_scenario(p)[1]) == 1
    p.write_text(f"{setup}\n{start}\n" + json.dumps({"seq": 1, "type": "undo"}) + "\n")
    with pytest.raises(JournalError, match=r"s.jsonl:3: seq 1 out of order: 2 belongs here"):
        parse_scenario(p)


def test_journal_0600_and_the_folders_it_makes_0700(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
        cfg = load_config(tmp_path / "c.toml")
        _history, journal, resumed = open_history(cfg, cfg.journal)
        journal.close()
    finally:
        os.umask(old)
    assert not resumed
    assert stat.S_IMODE(cfg.journal.stat().st_mode) == 0o600
    assert stat.S_IMODE(cfg.journal.parent.stat().st_mode) == 0o700


def test_an_older_0640_journal_is_made_private_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    written(path, PLAY[:2])
    os.chmod(path, 0o640)
    Journal(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b'{"type":"setup","journal":1,"ga',
                                     b"\n\n" + b'{"type":"setup","game":"camel'])
def test_an_empty_or_torn_setup_journal_starts_a_new_game_on_the_first_try(
        tmp_path: Path, content: bytes) -> None:
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
    cfg = load_config(tmp_path / "c.toml")
    cfg.journal.parent.mkdir()
    cfg.journal.write_bytes(content)
    history, journal, resumed = open_history(cfg, cfg.journal)
    journal.append(Host.make("start", card="lucky_0"))
    journal.close()
    assert not resumed
    lines = cfg.journal.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "setup" and json.loads(lines[1])["seq"] == 1
    history, journal, resumed = open_history(cfg, cfg.journal)  # and it resumes cleanly
    journal.close()
    assert resumed and len(history.journal_actions) == 1


def test_a_config_option_that_differs_is_one_line_and_the_journal_wins(tmp_path: Path) -> None:
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
    cfg = load_config(tmp_path / "c.toml")
    opened = open_table(cfg, cfg.journal)
    opened.journal.close()
    assert opened.drift is None
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=25).replace('"#112233"\nbox = "keyboa'
                                                                      'rd:1"', '"#2e86de"\nbox = '
                                                                      '"keyboard:1"'))
    cfg = load_config(tmp_path / "c.toml")
    opened = open_table(cfg, cfg.journal)
    opened.journal.close()
    assert opened.drift is not None
    assert opened.drift.render() == (
        "The config differs from the game in the journal: start_coins 25 (the game has 10); "
        "Bob's colour #2e86de (the game has #112233). The journal wins (start a new journal "
        "to use the config's)")
    money = GAME.outcome(opened.history.state)["money"]
    assert [m["money"] for m in money] == [10, 10, 10]  # the journal's 10, not 25


def test_the_drift_note_is_printed_once_and_shown_on_the_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`companion run` itself: one line at start, and the note on the table's banner."""
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
    cfg = load_config(tmp_path / "c.toml")
    opened = open_table(cfg, cfg.journal)
    opened.journal.close()
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=25))
    banners: list[object] = []
    from companion.app import loop

    def once(self: loop.App) -> None:  # one pass of the loop, then stop like SIGTERM would
        self.refresh()
        self.render()
        banners.append(self.controller.banner_text())

    monkeypatch.setattr(loop.App, "run", once)
    assert cli.main(["run", "--config", str(tmp_path / "c.toml")]) == 0
    out = capsys.readouterr().out.splitlines()
    notes = [x for x in out if "differs" in x]
    assert notes == ["companion: The config differs from the game in the journal: start_coins "
                     "25 (the game has 10). The journal wins (start a new journal to use the "
                     "config's)"]
    assert banners and "start_coins 25 (the game has 10)" in str(banners[0])


def test_a_second_open_on_the_same_journal_is_refused(tmp_path: Path) -> None:
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
    cfg = load_config(tmp_path / "c.toml")
    first = open_table(cfg, cfg.journal)
    try:
        with pytest.raises(JournalError, match=rf"another companion \(pid {os.getpid()}\)"):
            open_table(cfg, cfg.journal)
    finally:
        first.journal.close()
    open_table(cfg, cfg.journal).journal.close()  # closing let go of it


@pytest.mark.slow
def test_a_second_companion_run_exits_non_zero_and_names_the_running_one(tmp_path: Path) -> None:
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, "-m", "companion.app.cli", "run", "--config", str(tmp_path / "c.toml")]
    first = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
    try:
        assert first.stdout is not None
        assert "new game" in first.stdout.readline()  # it holds the journal now
        second = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
        assert second.returncode == 2, second.stderr
        assert f"another companion (pid {first.pid}) is running on this journal" in second.stderr
        assert str(tmp_path / "state" / "j.jsonl") in second.stderr and "fix:" in second.stderr
        assert "Traceback" not in second.stderr
        lines = (tmp_path / "state" / "j.jsonl").read_text().splitlines()
        assert len(lines) == 1  # the second one wrote nothing
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(30)
    assert first.returncode == 0
    deadline = time.monotonic() + 30
    again = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
    try:
        assert again.stdout is not None
        assert "resumed after 0 entries" in again.stdout.readline()  # free again once stopped
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(max(1.0, deadline - time.monotonic()))


def test_a_non_utf8_journal_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    written(path, PLAY[:2])
    with path.open("ab") as f:
        f.write('{"seq":3,"type":"enter","seat":1,"value":2,"note":"Zoë"}\n'.encode("latin-1"))
    with pytest.raises(JournalError, match=r"j.jsonl:4: not UTF-8 text \(byte 0xeb\)"):
        load(path)


def test_history_replayed_from_a_guarded_journal_is_the_same(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    written(path, PLAY)
    loaded = load(path)
    assert loaded is not None
    h = History.start(GAME, SETUP)
    for a in PLAY:
        h.apply(a)
    assert loaded.actions == PLAY


def test_a_refused_second_run_opens_no_box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Two companions on one table both read every serial box's port, each taking some of its
    lines: the "key line(s) lost" warnings seen after a restart that met the running one.
    The second is now refused before it opens any box."""
    from companion.app import runner

    opened_boxes: list[object] = []
    monkeypatch.setattr(runner, "build_boxes", lambda *a, **k: opened_boxes.append(a))
    (tmp_path / "c.toml").write_text(CONFIG.format(coins=10))
    cfg = load_config(tmp_path / "c.toml")
    first = open_table(cfg, cfg.journal)
    try:
        assert cli.main(["run", "--config", str(tmp_path / "c.toml")]) == 2
    finally:
        first.journal.close()
    assert "another companion" in capsys.readouterr().err and opened_boxes == []
