"""The `companion` command: demo, run, games, replay, check-hardware.

Only this wiring imports `hardware` and `display`, and only inside the command that needs
them, so `companion games` and `companion replay` never touch pygame or GPIO.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..engine.actions import action_to_json
from ..engine.errors import CompanionError, IllegalAction, MalformedInput
from ..engine.history import History
from ..engine.registry import all_games, get_game
from ..i18n import LANGUAGES, translator
from .journal import parse_scenario


def cmd_games(args: argparse.Namespace) -> int:
    tr = translator(args.lang)
    rows: list[dict[str, Any]] = []
    for g in all_games():
        rows.append({
            "id": g.id,
            "name": g.name.render(tr),
            "aliases": list(g.aliases),
            "seats": [g.min_seats, g.max_seats],
            "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                         "range": [o.lo, o.hi] if not o.choices else None, "help": o.help}
                        for o in g.options],
        })
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['id']}  {r['name']}  ({r['seats'][0]}-{r['seats'][1]} seats)")
        if r["aliases"]:
            print(f"    aliases: {', '.join(r['aliases'])}")
        for o in r["options"]:
            allowed = "|".join(map(str, o["choices"])) if o["choices"] else f"{o['range'][0]}..{o['range'][1]}"
            print(f"    option {o['name']} = {o['default']!r}  ({allowed})  {o['help']}")
    return 0


def replay_outcome(path: Path) -> dict[str, Any]:
    """Replay a journal or scenario; refused actions are reported and change nothing."""
    setup, actions = parse_scenario(path)
    game = get_game(setup.game)
    history = History.start(game, setup)
    refused: list[dict[str, Any]] = []
    for n, action in enumerate(actions, start=1):
        try:
            history.apply(action)
        except (IllegalAction, MalformedInput) as exc:
            text = exc.message.render() if isinstance(exc, IllegalAction) else str(exc)
            refused.append({"index": n, "action": action_to_json(action),
                            "message": text.replace("\n", " ")})
    out = game.outcome(history.state)
    out["accepted"] = len(history.actions)
    out["refused"] = refused
    out["corrections"] = [c.render() for c in history.corrections]
    return out


def cmd_replay(args: argparse.Namespace) -> int:
    out = replay_outcome(Path(args.file))
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        for m in out.get("money", []):
            print(f"{m['name']}: {m['money']}")
        for r in out["refused"]:
            print(f"refused action {r['index']}: {r['message']}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from .demo import run_demo

    return run_demo(out=Path(args.out) if args.out else None, size=args.size,
                    window=args.window, lang=args.lang, speed=args.speed)


def cmd_run(args: argparse.Namespace) -> int:
    from .runner import run_from_config

    return run_from_config(Path(args.config), journal=Path(args.journal) if args.journal else None,
                           lang=args.lang)


def cmd_check_hardware(args: argparse.Namespace) -> int:
    from .config import load_config
    from .selftest import CheckEnv, check_hardware

    return check_hardware(load_config(Path(args.config)), CheckEnv(press_timeout=args.timeout))


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"size {text!r}: write WIDTHxHEIGHT, e.g. 1280x720") from exc
    return w, h


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion",
                                description="Table companion for auction board games.")
    p.add_argument("--lang", choices=LANGUAGES, default=None, help="language of every text")
    sub = p.add_subparsers(dest="command", required=True)

    d = sub.add_parser("demo", help="a scripted 4-seat game on mock boxes")
    d.add_argument("--out", help="folder for PNG frames when there is no display")
    d.add_argument("--size", type=_size, default=(1280, 720), help="WIDTHxHEIGHT, default 1280x720")
    d.add_argument("--window", choices=("auto", "yes", "no"), default="auto",
                   help="open a window (auto: when a display is available)")
    d.add_argument("--speed", type=float, default=1.0, help="window mode: 2 = twice as fast")
    d.set_defaults(func=cmd_demo)

    r = sub.add_parser("run", help="run a game from a config file, resuming its journal")
    r.add_argument("--config", default="companion.toml", help="the TOML config (README: Config)")
    r.add_argument("--journal", help="journal file (default: the config's 'journal')")
    r.set_defaults(func=cmd_run)

    g = sub.add_parser("games", help="list the games, seat counts and options")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=cmd_games)

    rp = sub.add_parser("replay", help="replay a journal or scenario and print the outcome")
    rp.add_argument("file")
    rp.add_argument("--json", action="store_true", help="print the outcome as JSON (docs/journal.md)")
    rp.set_defaults(func=cmd_replay)

    ch = sub.add_parser("check-hardware", help="press each button of every configured box, "
                        "show a test pattern, blink the LEDs; report what to fix")
    ch.add_argument("--config", default="companion.toml", help="the TOML config (README: Config)")
    ch.add_argument("--timeout", type=float, default=30.0,
                    help="seconds to press every button, default 30")
    ch.set_defaults(func=cmd_check_hardware)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.lang is None:
        args.lang = "en"
    try:
        rc: int = args.func(args)
        return rc
    except CompanionError as exc:
        text = exc.message.render(translator(args.lang)) if isinstance(exc, IllegalAction) else str(exc)
        print(f"companion: {text}", file=sys.stderr)
        return 2
    except (FileNotFoundError, FileExistsError, PermissionError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
