"""Child process for the SIGKILL test: plays a scenario through the same resume path as
`companion run` (open the journal, replay, go on), printing `ack N` after each input the
controller accepted (the moment a box would have shown it confirmed)."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.app.config import Config, SeatConfig
from companion.app.controller import Controller
from companion.app.journal import parse_scenario
from companion.app.runner import open_history
from companion.i18n import translator


def main() -> None:
    journal_path, scenario = Path(sys.argv[1]), Path(sys.argv[2])
    setup, actions = parse_scenario(scenario)
    cfg = Config(game=setup.game, seats=tuple(SeatConfig(s, f"mock:{i}") for i, s in
                                              enumerate(setup.seats)), options=dict(setup.options))
    history, journal, _ = open_history(cfg, journal_path)
    controller = Controller(history, journal, translator("en"))
    done = journal.seq  # every journal line is one scenario action (refused ones are not sent)
    print(f"resumed {done}", flush=True)
    for n in range(done, len(actions)):
        if not controller.submit(actions[n], 0.0, seat=None):
            raise SystemExit(f"scenario action {n} was refused")
        print(f"ack {n}", flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main()
