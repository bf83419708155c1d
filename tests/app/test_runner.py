"""`companion run`'s wiring: boxes from the config (a mock host box included), resuming the
journal, and refusing a journal that belongs to another table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app.config import load_config
from companion.app.controller import Controller
from companion.app.loop import App
from companion.app.runner import build_boxes, open_history
from companion.boxes.vocabulary import HOST_SEAT, Key
from companion.engine.actions import Enter, Host
from companion.engine.errors import ConfigError
from companion.i18n import translator

TableConfig = Callable[..., Path]  # the fixture in conftest.py
BOXES = ("mock:0", "mock:1", "keyboard:0")  # and the host's own box on mock:3


class Clock:
    now = 10.0

    def __call__(self) -> float:
        return self.now


def test_mock_host_box_runs_the_menu_and_shows_it(table_config: TableConfig) -> None:
    cfg = load_config(table_config(BOXES, host="mock:3"))
    history, journal, resumed = open_history(cfg, cfg.journal)
    assert not resumed
    clock = Clock()
    app = App(Controller(history, journal, translator("en")), {}, clock)
    boxes = build_boxes(cfg, app.sink, clock)
    try:
        app.boxes = dict(boxes.boxes)
        assert sorted(app.boxes) == [HOST_SEAT, 0, 1, 2] and set(boxes.keyboard) == {"q", "w", "e"}
        app.refresh()
        rig_host, rig = boxes.boxes[HOST_SEAT], boxes.rig
        assert rig is not None

        def tap(key: Key) -> None:
            """A press on the host's mock box (box 3 of the rig) as long as a finger's."""
            rig.press(3, key)
            clock.now += 0.05
            rig.release(3, key)
            clock.now += 0.05
            app.run_once(0)

        assert rig_host.lcd.text == ("Start auction   ", "Highest bet     ")  # type: ignore[attr-defined]
        tap(Key.PLUS)
        assert rig_host.lcd.text[1].startswith("Lowest bet")  # type: ignore[attr-defined]
        tap(Key.OK)
        assert app.controller.state.current.card == "lowest_bet"
    finally:
        boxes.close()
        journal.close()


def test_resume_keeps_locked_bids_and_refuses_another_tables_journal(
        table_config: TableConfig) -> None:
    cfg = load_config(table_config(BOXES, host="keyboard"))
    history, journal, _ = open_history(cfg, cfg.journal)
    c = Controller(history, journal, translator("en"))
    c.submit(Host.make("start", card="highest_bet"), 0.0, None)
    c.submit(Enter(1, 4), 0.0, 1)
    journal.close()
    again, journal2, resumed = open_history(cfg, cfg.journal)
    journal2.close()
    assert resumed and again.state == c.state and journal2.seq == 2
    assert [s.status for s in again.game.table(again.state).seats] == [
        "thinking",
        "locked",
        "thinking",
    ]
    other = table_config(BOXES, names=("Ann", "Bea", "Cy"), host="keyboard")
    with pytest.raises(ConfigError, match="holds another game"):
        open_history(load_config(other), cfg.journal)


def test_show_lcds_is_refused_where_money_is_hidden(table_config: TableConfig) -> None:
    from companion.app.runner import run_from_config

    config = table_config(BOXES, game="five-tribes", host="mock:3",
                          extra="[display]\nshow_lcds = true\n")
    with pytest.raises(ConfigError, match="hidden money") as refused:
        run_from_config(config)
    assert refused.value.line == 4  # the show_lcds line
    # Refused before the journal or its lock was made: nothing is left beside the config.
    assert [p.name for p in config.parent.iterdir()] == [config.name]
