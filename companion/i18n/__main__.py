"""`python -m companion.i18n extract|compile|check|todo`: the translation workflow.

    extract   find every message id in companion/, rewrite the template
              companion/locale/companion.pot and merge it into each language's .po
              (translations kept, vanished ids kept as obsolete #~ entries, a reworded id
              gets its old translation marked fuzzy)
    compile   .po -> .mo for each language (what the app reads)
    check     exit 1 on untranslated or fuzzy ids, placeholder mismatches, LCD overflows,
              ids missing from the .pot, or a .mo out of date: what tests/test_i18n.py
              asserts (stale references in the .pot are only a note)
    todo      list the ids a language still needs, with where they are used

`extract --check` and `compile --check` change nothing and exit 1 if a file would change.
"""

from __future__ import annotations

import argparse
import sys

from .catalogs import (
    SOURCE_ROOT,
    compiled,
    mo_path,
    plan_update,
    po_path,
    pot_path,
    translated_languages,
    usable_translations,
)
from .check import english_lcd_overflows, lcd_problems, placeholder_problems, untranslated
from .extract import extract
from .po import parse_po


def _write_if_changed(path: object, text: str | bytes) -> bool:
    from pathlib import Path

    assert isinstance(path, Path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def cmd_extract(check: bool) -> int:
    update = plan_update()
    for w in update.extraction.warnings:
        print(f"warning: {w}", file=sys.stderr)
    files = {pot_path(): update.pot, **{po_path(lang): t for lang, t in update.po.items()}}
    stale = [p for p, t in files.items() if not p.exists() or p.read_text(encoding="utf-8") != t]
    n = len(update.extraction.messages)
    lcd = sum(1 for m in update.extraction.messages.values() if m.lcd)
    print(f"{n} messages ({lcd} shown on the LCD)")
    for lang, st in update.stats.items():
        print(f"{lang}: {st}")
    if check:
        for p in stale:
            print(f"out of date: {p} (run python -m companion.i18n extract)")
        return 1 if stale else 0
    for p, t in files.items():
        if _write_if_changed(p, t):
            print(f"wrote {p}")
    return 0


def cmd_compile(check: bool) -> int:
    bad = 0
    for lang in translated_languages():
        data = compiled(lang)
        path = mo_path(lang)
        if check:
            if not path.exists() or path.read_bytes() != data:
                print(f"out of date: {path} (run python -m companion.i18n compile)")
                bad += 1
        elif _write_if_changed(path, data):
            print(f"wrote {path}")
    return 1 if bad else 0


def cmd_todo(langs: list[str]) -> int:
    messages = list(extract(SOURCE_ROOT).messages.values())
    for lang in langs:
        missing = untranslated(messages, usable_translations(lang))
        print(f"# {lang}: {len(missing)} to translate")
        for m in missing:
            print(f"{m.msgid!r}  ({', '.join(m.references[:3])}){'  [LCD]' if m.lcd else ''}")
    return 0


def cmd_check() -> int:
    update = plan_update()
    messages = list(update.extraction.messages.values())
    failures: list[str] = []
    # New ids must be extracted; a vanished id or a moved reference only makes the template
    # stale (every edit of a game shifts line numbers): that is a note, not a failure.
    on_disk = ({e.msgid for e in parse_po(pot_path().read_text(encoding="utf-8")).entries}
               if pot_path().exists() else set())
    failures += [f"not in the .pot (run python -m companion.i18n extract): {m!r}"
                 for m in update.extraction.messages if m not in on_disk]
    if pot_path().exists() and pot_path().read_text(encoding="utf-8") != update.pot:
        print("note: the .pot's references or vanished ids are stale: run extract to refresh")
    for lang in translated_languages():
        tr = usable_translations(lang)
        failures += [f"{lang}: untranslated {m.msgid!r} ({m.references[0]})"
                     for m in untranslated(messages, tr)]
        failures += [f"{lang}: {p}" for p in placeholder_problems(messages, tr)]
        failures += [f"{lang}: {p}" for p in lcd_problems(messages, tr)]
        if not mo_path(lang).exists() or mo_path(lang).read_bytes() != compiled(lang):
            failures.append(f"{lang}: the .mo is out of date: run python -m companion.i18n "
                            "compile")
    for p in english_lcd_overflows(messages):
        print(f"note (English id): {p}")
    for f in failures:
        print(f)
    print(f"{len(messages)} messages, {len(failures)} problems")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.i18n",
                                description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract", help="update the .pot and merge it into every .po")
    e.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    c = sub.add_parser("compile", help="compile every .po to its .mo")
    c.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    sub.add_parser("check", help="untranslated, placeholders, LCD widths, stale files")
    t = sub.add_parser("todo", help="list the ids a language still needs")
    t.add_argument("lang", nargs="*", default=list(translated_languages()))
    args = p.parse_args(argv)
    if args.command == "extract":
        return cmd_extract(args.check)
    if args.command == "compile":
        return cmd_compile(args.check)
    if args.command == "todo":
        return cmd_todo(args.lang)
    return cmd_check()


if __name__ == "__main__":
    raise SystemExit(main())
