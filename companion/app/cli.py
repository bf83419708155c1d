"""The `companion` command: demo, run, games, replay, check-hardware.

Only this wiring imports `hardware` and `display`, and only inside the command that needs
them, so `companion games` and `companion replay` never touch pygame or GPIO.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine.actions import action_to_json
from ..engine.errors import CompanionError, IllegalAction, MalformedInput
from ..engine.history import History
from ..engine.registry import all_games, get_game
from ..engine.text import msg
from ..i18n import LANGUAGES, Translate, translator
from ..i18n.argparse_words import argparse_in
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
                         "range": [o.lo, o.hi] if not o.choices else None,
                         "help": tr(o.help) if o.help else ""}
                        for o in g.options],
        })
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for r in rows:
        print(msg("{game}  {name}  ({lo}-{hi} seats)", game=r["id"], name=r["name"],
                  lo=r["seats"][0], hi=r["seats"][1]).render(tr))
        if r["aliases"]:
            print(msg("    aliases: {names}", names=", ".join(r["aliases"])).render(tr))
        for o in r["options"]:
            allowed = ("|".join(map(str, o["choices"])) if o["choices"]
                       else f"{o['range'][0]}..{o['range'][1]}")
            print(msg("    option {name} = {default}  ({allowed})  {help}", name=o["name"],
                      default=repr(o["default"]), allowed=allowed,
                      help=o["help"]).render(tr))
    return 0


def replay_outcome(path: Path, translate: Translate | None = None) -> dict[str, Any]:
    """Replay a journal or scenario; refused actions are reported and change nothing.

    Texts are English (the JSON format of docs/journal.md) unless `translate` is given."""
    tr = translate or translator("en")
    setup, actions = parse_scenario(path)
    game = get_game(setup.game)
    history = History.start(game, setup)
    refused: list[dict[str, Any]] = []
    for n, action in enumerate(actions, start=1):
        try:
            history.apply(action)
        except (IllegalAction, MalformedInput) as exc:
            text = exc.message.render(tr)
            refused.append({"index": n, "action": action_to_json(action),
                            "message": text.replace("\n", " ")})
    out = game.outcome(history.state)
    out["accepted"] = len(history.actions)
    out["refused"] = refused
    out["corrections"] = [c.render(tr) for c in history.corrections]
    return out


def cmd_replay(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps(replay_outcome(Path(args.file)), indent=2, ensure_ascii=False))
        return 0
    tr = translator(args.lang)
    out = replay_outcome(Path(args.file), tr)
    for m in out.get("money", []):
        print(f"{m['name']}: {m['money']}")
    for r in out["refused"]:
        print(msg("refused action {n}: {why}", n=r["index"], why=r["message"]).render(tr))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from .demo import run_demo

    return run_demo(out=Path(args.out) if args.out else None, size=args.size,
                    window=args.window, lang=args.lang, speed=args.speed, game=args.game,
                    phone=args.phone)


def cmd_run(args: argparse.Namespace) -> int:
    from .runner import run_from_config

    return run_from_config(Path(args.config), journal=Path(args.journal) if args.journal else None,
                           lang=args.lang)


def cmd_check_hardware(args: argparse.Namespace) -> int:
    from .config import load_config
    from .selftest import CheckEnv, check_hardware

    return check_hardware(load_config(Path(args.config)),
                          CheckEnv(press_timeout=args.timeout, translate=translator(args.lang)))


def _size_type(translate: Translate) -> Callable[[str], tuple[int, int]]:
    def size(text: str) -> tuple[int, int]:
        try:
            w, h = (int(v) for v in text.lower().split("x"))
        except ValueError as exc:
            raise argparse.ArgumentTypeError(msg(
                "size {text!r}: write WIDTHxHEIGHT, e.g. 1280x720", text=text).render(translate)
            ) from exc
        return w, h

    return size


def build_parser(translate: Translate | None = None) -> argparse.ArgumentParser:
    """The CLI; every help text through `translate` (`_` below, so extraction finds them)."""
    _ = translate or translator("en")
    p = argparse.ArgumentParser(prog="companion",
                                description=_("Table companion for auction board games."))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("language of every text (default: the config's, else en)"))
    # `companion demo --lang pl` reads as naturally as `companion --lang pl demo`: every
    # subcommand takes it too (SUPPRESS: absent there, it never undoes the first one).
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                      help=_("language of every text (default: the config's, else en)"))
    sub = p.add_subparsers(dest="command", required=True)

    d = sub.add_parser("demo", parents=[lang],
                       help=_("a scripted 4-seat game on mock boxes"))
    d.add_argument("--out", help=_("folder for PNG frames when there is no display"))
    d.add_argument("--size", type=_size_type(_), default=(1280, 720),
                   help=_("WIDTHxHEIGHT, default 1280x720"))
    d.add_argument("--window", choices=("auto", "yes", "no"), default="auto",
                   help=_("open a window (auto: when a display is available)"))
    d.add_argument("--speed", type=float, default=1.0, help=_("window mode: 2 = twice as fast"))
    d.add_argument("--game", default="camel-up-off-season",
                   help=_("which game's demo to play (an id or alias from `companion games`)"))
    d.add_argument("--phone", action="store_true",
                   help=_("play the first seat on a phone: the real phone server on this "
                          "machine's loopback, joined and pressed over its WebSocket, the "
                          "phone's page drawn beside the table"))
    d.set_defaults(func=cmd_demo)

    r = sub.add_parser("run", parents=[lang],
                       help=_("run a game from a config file, resuming its journal"))
    r.add_argument("--config", default="companion.toml", help=_("the TOML config (README: Config)"))
    r.add_argument("--journal", help=_("journal file (default: the config's 'journal')"))
    r.set_defaults(func=cmd_run)

    g = sub.add_parser("games", parents=[lang],
                       help=_("list the games, seat counts and options"))
    g.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    g.set_defaults(func=cmd_games)

    rp = sub.add_parser("replay", parents=[lang],
                       help=_("replay a journal or scenario and print the outcome"))
    rp.add_argument("file", help=_("the journal or scenario file"))
    rp.add_argument("--json", action="store_true",
                    help=_("print the outcome as JSON (docs/journal.md)"))
    rp.set_defaults(func=cmd_replay)

    ch = sub.add_parser("check-hardware", parents=[lang],
                       help=_("press each button of every configured box, "
                        "show a test pattern, blink the LEDs; report what to fix"))
    ch.add_argument("--config", default="companion.toml",
                    help=_("the TOML config (README: Config)"))
    ch.add_argument("--timeout", type=float, default=30.0,
                    help=_("seconds to press every button, default 30"))
    ch.set_defaults(func=cmd_check_hardware)
    return p


def choose_language(argv: list[str] | None) -> str:
    """--lang, else the config's `language` for `run` and `check-hardware` (their --config,
    or companion.toml), else English. Read before the real parser so that its help is in
    that language."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--lang")
    pre.add_argument("--config")
    known, rest = pre.parse_known_args(sys.argv[1:] if argv is None else argv)
    if known.lang in LANGUAGES:
        return str(known.lang)
    if "run" in rest or "check-hardware" in rest:
        try:
            text = Path(known.config or "companion.toml").read_text(encoding="utf-8")
            language = tomllib.loads(text).get("language")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
            language = None  # `run` itself reports the bad file, in English
        if language in LANGUAGES:
            return str(language)
    return "en"


def main(argv: list[str] | None = None) -> int:
    lang = choose_language(argv)
    tr = translator(lang)
    with argparse_in(tr):
        args = build_parser(tr).parse_args(argv)
    if args.lang is None:
        args.lang = lang
    try:
        rc: int = args.func(args)
        return rc
    except CompanionError as exc:
        if isinstance(exc, IllegalAction | MalformedInput):
            text = exc.message.render(tr)
        else:
            text = str(exc)
        print(msg("companion: {error}", error=text).render(tr), file=sys.stderr)
        return 2
    except (FileNotFoundError, FileExistsError, PermissionError) as exc:
        print(msg("companion: {error}", error=str(exc)).render(tr), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left early (`companion games | head`): nothing of ours failed. As the
        # Python docs advise, point stdout at /dev/null so the interpreter's last flush at
        # exit does not raise a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
