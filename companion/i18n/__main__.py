"""`python -m companion.i18n extract|compile|check|todo`: the translation workflow, on Babel.

    extract   find every message id in companion/ (Babel, with our extraction method),
              rewrite the template companion/locale/companion.pot and merge it into each
              language's .po (Babel's Catalog.update: translations kept, vanished ids kept
              as obsolete #~ entries, a reworded id gets its old translation marked fuzzy)
    compile   .po -> .mo for each language (Babel's write_mo; what the app reads)
    check     exit 1 on untranslated or fuzzy ids, placeholder mismatches, LCD overflows,
              texts built at run time, ids missing from the .pot, or a stale .mo: what
              tests/test_i18n.py asserts
    todo      list the ids a language still needs, with where they are used

`extract --check` and `compile --check` change nothing and exit 1 if a file would change.
Needs the development extra (`pip install -e '.[test]'`): Babel is not an app dependency.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .catalogs import (
    compiled,
    extract_template,
    messages,
    mo_path,
    on_lcd,
    planned_files,
    pot_path,
    read_catalog,
    read_translations,
    run_time_texts,
    translated_languages,
    usable_translations,
    where,
)
from .check import english_lcd_overflows, lcd_problems, placeholder_problems, untranslated


def _stale(path: Path, data: bytes) -> bool:
    return not path.exists() or path.read_bytes() != data


def cmd_extract(check: bool) -> int:
    for w in run_time_texts():
        print(f"warning: {w}", file=sys.stderr)
    template = extract_template()
    found = messages(template)
    print(f"{len(found)} messages ({sum(map(on_lcd, found))} shown on the LCD)")
    stale = 0
    for path, data in planned_files(template):
        if not _stale(path, data):
            continue
        stale += 1
        if check:
            print(f"out of date: {path} (run python -m companion.i18n extract)")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path}")
    return 1 if check and stale else 0


def cmd_compile(check: bool) -> int:
    bad = 0
    for lang in translated_languages():
        data, path = compiled(lang), mo_path(lang)
        if not _stale(path, data):
            continue
        if check:
            print(f"out of date: {path} (run python -m companion.i18n compile)")
            bad += 1
        else:
            path.write_bytes(data)
            print(f"wrote {path}")
    return 1 if bad else 0


def cmd_todo(langs: list[str]) -> int:
    found = messages(extract_template())
    for lang in langs:
        missing = untranslated(found, usable_translations(lang))
        po = read_translations(lang)
        print(f"# {lang}: {len(missing)} to translate (fuzzy: check the suggestion, drop the flag)")
        for m in missing:
            old = po.get(m.id, m.context)
            print(f"{m.id!r}  ({where(m)}){'  [LCD]' if on_lcd(m) else ''}"
                  + (f"  msgctxt {m.context!r}" if m.context else "")
                  + (f"  [fuzzy: {old.string!r}]" if old is not None and old.fuzzy else ""))
    return 0


def check_problems() -> list[str]:
    """Everything `check` fails on (and tests/test_i18n.py asserts), in words."""
    found = messages(extract_template())
    # A help= text built at run time is only a note (it may hold a default's repr); a message
    # call's text built at run time is never translated: a failure.
    failures = [f"{w} (use a literal id with {{placeholders}})" for w in run_time_texts()
                if "= text" not in w.problem]
    on_disk = {(m.id, m.context) for m in read_catalog(pot_path())} if pot_path().exists() \
        else set()
    failures += [f"not in the .pot (run python -m companion.i18n extract): {m.id!r}"
                 for m in found if (m.id, m.context) not in on_disk]
    for lang in translated_languages():
        tr = usable_translations(lang)
        failures += [f"{lang}: untranslated or fuzzy {m.id!r} ({where(m)})"
                     for m in untranslated(found, tr)]
        failures += [f"{lang}: {p}" for p in placeholder_problems(found, tr)]
        failures += [f"{lang}: {p}" for p in lcd_problems(found, tr)]
        if _stale(mo_path(lang), compiled(lang)):
            failures.append(f"{lang}: the .mo is out of date: run python -m companion.i18n "
                            "compile")
    return failures


def cmd_check() -> int:
    for p in english_lcd_overflows(messages(extract_template())):
        print(f"note (English id): {p}")
    for w in run_time_texts():
        if "= text" in w.problem:
            print(f"note: {w}")
    failures = check_problems()
    for f in failures:
        print(f)
    print(f"{len(failures)} problems")
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
