"""The translation layer: every message has both languages and fits the LCD where shown there.

The catalog checks run on a live extraction of the source (Babel with our extraction method),
so a message id added anywhere in companion/ fails here, by name, until it is translated.
The fix is always the same (docs/translating.md):

    python -m companion.i18n extract      # the new ids land in the .pot and the .po
    (translate them in companion/locale/pl/LC_MESSAGES/companion.po)
    python -m companion.i18n compile      # .po -> .mo
    python -m companion.i18n check        # what these tests assert
"""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract as babel_extract_file
from babel.messages.extract import extract_from_dir

from companion.app.boxui import BoxSession
from companion.app.cli import main
from companion.app.controller import Controller
from companion.engine.actions import Enter, Host
from companion.engine.history import History, Setup
from companion.engine.prompts import Choice, Prompt
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.engine.text import Msg, msg, msg_in
from companion.i18n import LANGUAGES, translator
from companion.i18n.catalogs import (
    METHOD_MAP,
    SOURCE_ROOT,
    compiled,
    extract_template,
    key,
    merge,
    mo_bytes,
    mo_path,
    new_catalog,
    po_bytes,
    pot_path,
    read_catalog,
    run_time_texts,
    translated_languages,
    usable_translations,
    where,
)
from companion.i18n.catalogs import messages as live_messages
from companion.i18n.check import (
    LCD_COLS,
    formatted,
    lcd_problems,
    placeholder_problem,
    placeholder_problems,
    untranslated,
)
from companion.i18n.extract import KEYWORDS, LCD_NOTE, babel_extract, scan_source

FIX = ("run `python -m companion.i18n extract`, translate them in "
       "companion/locale/{lang}/LC_MESSAGES/companion.po, then `python -m companion.i18n "
       "compile` (docs/translating.md)")


@pytest.fixture(scope="module")
def template() -> Catalog:
    """A live extraction of the source (Babel, with our extraction method)."""
    return extract_template(SOURCE_ROOT)


@pytest.fixture(scope="module")
def messages(template: Catalog) -> list[Message]:
    return live_messages(template)


def listing(items: list[str]) -> str:
    return "\n  " + "\n  ".join(items)


# ---------------------------------------------------------------- the catalogs


@pytest.mark.parametrize("lang", translated_languages())
def test_every_message_has_a_translation(lang: str, messages: list[Message]) -> None:
    missing = untranslated(messages, usable_translations(lang))
    assert not missing, (
        f"{len(missing)} message ids have no {lang} translation; " + FIX.format(lang=lang)
        + listing([f"{key(m)!r}  ({where(m)})" for m in missing]))


@pytest.mark.parametrize("lang", translated_languages())
def test_translations_keep_exactly_the_placeholders(lang: str, messages: list[Message]) -> None:
    problems = placeholder_problems(messages, usable_translations(lang))
    assert not problems, f"{lang}: fix these translations:" + listing([str(p) for p in problems])


@pytest.mark.parametrize("lang", translated_languages())
def test_lcd_texts_fit_16_columns(lang: str, messages: list[Message]) -> None:
    """Refusals, prompt labels and choices, seat flashes and the box's own words: at most 2
    lines of 16 columns once formatted (a 6-letter seat name, 3-digit numbers)."""
    problems = lcd_problems(messages, usable_translations(lang))
    assert not problems, f"{lang}: shorten these LCD texts:" + listing([str(p) for p in problems])


@pytest.mark.parametrize("lang", translated_languages())
def test_every_translation_formats_with_realistic_values(lang: str,
                                                         messages: list[Message]) -> None:
    tr = usable_translations(lang)
    for m in messages:
        text = tr.get(key(m), "")
        if "{" in key(m) and "{" in text and not key(m).startswith("%"):
            formatted(text)  # raises nothing; a spec like {amount:+d} gets a number


def test_the_template_lists_every_id_in_the_source(messages: list[Message]) -> None:
    """New ids must reach the template. Ids that vanished (or a file that stopped using
    one) only make it stale until the next extract, harmlessly."""
    on_disk = {key(m) for m in live_messages(read_catalog(pot_path()))}
    new = sorted({key(m) for m in messages} - on_disk)
    assert not new, ("companion/locale/companion.pot misses these ids: run "
                     "`python -m companion.i18n extract`" + listing([repr(i) for i in new]))


@pytest.mark.parametrize("lang", translated_languages())
def test_the_compiled_catalog_matches_the_po(lang: str) -> None:
    assert mo_path(lang).read_bytes() == compiled(lang), (
        f"{mo_path(lang)} is out of date: run `python -m companion.i18n compile`")


@pytest.mark.slow  # parses every module
def test_no_message_is_built_at_run_time() -> None:
    """An f-string inside msg() would be a new catalog key per value: never translated."""
    bad = [str(w) for w in run_time_texts() if "= text" not in w.problem]
    assert not bad, "use a literal id with {placeholders}:" + listing(bad)


def test_languages() -> None:
    assert LANGUAGES == ("en", "pl")
    with pytest.raises(ValueError, match="unknown language"):
        translator("de")


# ---------------------------------------------------------------- the box's own words


def pl_box(prompt: Prompt) -> BoxSession:
    box = BoxSession(0, translator("pl"))
    box.sync(prompt)
    return box


def test_box_hints_stay_whole_beside_a_3_digit_value() -> None:
    sealed = pl_box(Prompt("number", msg("Bid"), lo=0, hi=999, sealed=True, money=999,
                           initial=999))
    assert sealed.lines() == ("Stawka      $999", "<999>   OK=zatw.")
    public = pl_box(Prompt("number", msg("Raise"), lo=0, hi=999, money=999, initial=999))
    assert public.lines()[1] == "<999>   OK=wybór"
    banned = pl_box(Prompt("number", msg("Bid"), lo=0, hi=9, forbidden=frozenset({3}),
                           sealed=True, money=10, initial=3))
    assert banned.lines()[1] == "<3>     zakazane"


def test_box_locked_screen_and_flash_in_polish() -> None:
    locked = pl_box(Prompt("number", msg("Bid"), lo=0, hi=999, sealed=True, locked=True,
                           locked_value=999, unlockable=True, money=999))
    assert locked.lines() == ("ZATW. 999   $999", "trzymaj OK=zmień")
    box = pl_box(Prompt("wait", msg("Wait")))
    box.flash(msg("LOCKED\nhold OK: unlock"), now=0.0)
    assert box.lines() == ("ZATWIERDZONE    ", "trzymaj OK=zmień")
    assert BoxSession(0, translator("pl")).lines() == ("companion       ", "uruchamianie... ")


def test_shop_choices_use_the_short_colour_apart_from_the_colour_name() -> None:
    pl = translator("pl")
    short = msg("{colour} {n}", colour=msg_in("shop colour, 3 letters", "Red"), n=5)
    assert short.render(pl) == "Czer 5"
    assert msg("{colour} {n}", colour=msg("Red"), n=5).render(pl) == "Czerwony 5"
    assert short.render(translator("en")) == "Red 5" == str(short)
    box = pl_box(Prompt("choice", msg("Auction a shop"), choices=(Choice("red5", short),)))
    assert box.lines() == ("Licytuj sklep   ", "<Czer 5>        ")


# ---------------------------------------------------------------- one layer, per game start


def camel_history() -> History:
    game = get_game("camel-up")
    seats = tuple(Seat(n, DEFAULT_COLOURS[i]) for i, n in enumerate(("Ania", "Bruno", "Cezary")))
    history = History.start(game, Setup(game.id, seats))
    history.apply(Host.make("start", card="cannot_bet_2"))
    return history


def test_the_language_can_change_between_games() -> None:
    """Each game start builds its translator: nothing keeps the last language around."""
    shown = {}
    for lang in ("pl", "en", "pl"):
        controller = Controller(camel_history(), None, translator(lang))
        controller.handle(*_enter(controller, 0, 2))
        shown[lang] = controller.lcd_lines(0)
    assert shown["pl"] == ("Zakaz stawki 2  ", "w tej licytacji ")
    assert shown["en"] == ("Cannot bet 2    ", "this auction    ")


def _enter(controller: Controller, seat: int, value: int) -> tuple[object, float]:
    from companion.boxes.vocabulary import Intent, SeatIntent

    controller.sessions[seat].draft = value
    return SeatIntent(seat, Intent.OK), 0.0


def test_the_table_screen_renders_every_msg_in_the_tables_language() -> None:
    import pygame

    from companion.display.table_screen import TableScreen

    history = camel_history()
    for s, v in enumerate((1, 3, 3)):
        history.apply(Enter(s, v))
    view = history.game.table(history.state)
    screen = TableScreen(pygame.Surface((1280, 720)), translator("pl"))
    screen.draw(view, None, msg("Host: {why}", why=msg("Nothing to undo")), {2: False})
    drawn = screen.fonts.cached_texts()
    assert "ODKRYCIE 1: WYGRYWA ANIA" not in drawn  # titles are not upper-cased...
    assert {"Odkrycie 1: wygrywa Ania", "Rozłączone", "Pierwszy gracz"} <= drawn
    assert "Prowadzący: Nie ma czego cofnąć" in drawn
    assert not {"Reveal 1: Ania wins", "Disconnected", "First Player"} & drawn


def _english_renders(tree: ast.AST) -> Iterator[int]:
    """Lines calling `<msg>.render()` with no translator, outside log calls (the service's
    log is for the maintainer, in English) and other objects' render methods (app, self)."""
    logs = {id(n) for call in ast.walk(tree) if isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name) and call.func.value.id in ("log", "logger")
            for n in ast.walk(call)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "render" and not node.args and not node.keywords
                and id(node) not in logs
                and not (isinstance(node.func.value, ast.Name)
                         and node.func.value.id in ("self", "app", "renderer"))):
            yield node.lineno


@pytest.mark.slow  # parses every module
def test_app_display_and_hardware_never_render_a_message_in_english_up_front() -> None:
    """`.render()` without the table's translator fixes English at the moment it runs (at
    import, or when a menu is built): the text must stay a Msg until it is shown."""
    found = []
    for folder in ("companion/app", "companion/display", "companion/boxes"):
        for path in sorted((SOURCE_ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(SOURCE_ROOT)}:{line}" for line in _english_renders(tree)]
    assert not found, "pass the translator: .render(translate)" + listing(found)


def test_catalogs_load_through_the_package_not_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert translator("pl")("Final results") == "Wyniki końcowe"


# ---------------------------------------------------------------- the CLI


def test_help_in_polish_with_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "pl", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("użycie: companion")
    for words in ("argumenty pozycyjne", "opcje:", "pokaż tę pomoc i zakończ",
                  "pokazowa gra według scenariusza", "język wszystkich tekstów"):
        assert words in out
    assert "show this help" not in out and "a scripted" not in out
    assert vars(argparse)["_"] is gettext.gettext  # argparse gets its own words back


def test_help_follows_the_configs_language(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('game = "camel-up"\nlanguage = "pl"\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["run", "--config", str(config), "--help"])
    assert "konfiguracja TOML" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "en", "run", "--config", str(config), "--help"])
    assert "the TOML config" in capsys.readouterr().out


def test_argparse_errors_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "pl", "demo", "--size", "big"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "companion demo: błąd: argument --size: rozmiar 'big': podaj SZEROKOŚĆxWYSOKOŚĆ" in err
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "nonsense"])
    assert "niepoprawny wybór: 'nonsense'" in capsys.readouterr().err


def test_config_errors_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('game = "camel-up"\nlanguage = "pl"\ncolor = "red"\n', encoding="utf-8")
    assert main(["run", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert f"companion: {config}:3: nieznane ustawienie 'color'" in err
    assert "naprawa: dozwolone tutaj: display, game" in err


def test_games_list_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "pl", "games"]) == 0
    out = capsys.readouterr().out
    assert "camel-up-off-season  Camel Up: Off Season  (3-5 graczy)" in out
    assert "monety każdego gracza na start" in out
    assert "    inne nazwy: marra-cash" in out


# ---------------------------------------------------------------- extraction


SNIPPET = '''
from x import IllegalAction, msg, msg_in, N_, Prompt, Choice, Event

LABELS = {"a": msg("Label from a constant")}
TABLE_ONLY = {"b": msg("Only on the table")}
WORDS = (N_("usage: "),)
REFUSED = msg("A shared refusal")


def helper():
    return msg("From a helper")


def refusal(c):
    return msg("Refused {c}", c=c)


class Game:
    name = msg("Some Game")

    def prompt(self, state, seat):
        return Prompt("number", LABELS["a"], info=self._info(), choices=(
            Choice("k", msg_in("short", "Red")),))

    def _info(self):
        return helper()

    def apply(self, state, action):
        if action:
            raise IllegalAction(
                "Not now\\n"
                "try later")
        if state:
            raise IllegalAction(REFUSED if state == 1 else refusal(action))
        log = msg(
            "{name} bids {n}",
            name="x", n=3)
        return (Event(log), Event(msg("You won!"), 2))

    def table(self, state):
        return TABLE_ONLY["b"], msg(f"built {state}")


def cli(p):
    p.add_argument("--x", help="what x does")
'''


def test_extraction_reads_the_ast_and_knows_what_is_on_the_lcd() -> None:
    """Our extraction method, run by Babel with our keyword specs (msg_in: msgctxt + id)."""
    found = babel_extract_file(babel_extract, io.BytesIO(SNIPPET.encode()), keywords=KEYWORDS)
    lcd = {(f"{context}\x04" if context else "") + str(text): LCD_NOTE in comments
           for _, text, comments, context in found}
    assert lcd == {
        "Label from a constant": True,  # read by prompt
        "Only on the table": False,
        "usage: ": False,
        "From a helper": True,  # prompt -> self._info -> helper
        "Some Game": False,
        "short\x04Red": True,
        "Not now\ntry later": True,  # a refusal, on two source lines
        "A shared refusal": True,  # a constant an IllegalAction reads
        "Refused {c}": True,  # built by a helper an IllegalAction calls
        "{name} bids {n}": False,  # a public event
        "You won!": True,  # a private event: flashed on seat 2's box
        "what x does": False,
    }
    warnings = scan_source(SNIPPET, "companion/engine/games/snippet.py").warnings
    assert len(warnings) == 1 and "built at run time" in warnings[0].problem
    assert warnings[0].line == SNIPPET.splitlines().index(
        '        return TABLE_ONLY["b"], msg(f"built {state}")') + 1
    whole = scan_source(SNIPPET, "x.py", lcd="always").found
    assert all(f.lcd for f in whole) and not any(f.lcd for f in scan_source(
        SNIPPET, "x.py", lcd="never").found)


@pytest.mark.slow  # two extractions of the whole package
def test_our_extraction_finds_everything_babels_own_python_extractor_finds(
        messages: list[Message]) -> None:
    """Babel's tokenizing extractor, given our keywords, is a second reader of the source:
    a call form ours missed would show here (it misses help= literals, which ours adds)."""
    ours = {key(m) for m in messages}
    theirs = {(f"{ctx}\x04" if ctx else "") + str(text): f"{path}:{line}"
              for path, line, text, _, ctx in extract_from_dir(
                  str(SOURCE_ROOT), method_map=[(p, "ignore" if m == "ignore" else "python")
                                                for p, m in METHOD_MAP], keywords=KEYWORDS)}
    missed = {k: v for k, v in theirs.items() if k not in ours}
    assert not missed, listing([f"{k!r} ({v})" for k, v in missed.items()])
    assert len(ours) > len(theirs) > 100


def test_placeholder_rules() -> None:
    assert placeholder_problem("{name} bids {n}", "{name}: stawka {n}") is None
    assert placeholder_problem("Take {n}: only\n{n} left", "Weź {n}") is None  # once is enough
    assert "should be" in str(placeholder_problem("{name} bids {n}", "{name} licytuje"))
    assert "should be" in str(placeholder_problem("Gold {amount:+d}", "Złoto {amount}"))
    assert placeholder_problem("%(prog)s: error: %(message)s\n", "%(prog)s: błąd: %(message)s\n"
                               ) is None
    assert placeholder_problem("usage: %s", "użycie:") is not None
    assert "malformed" in str(placeholder_problem("{n} left", "zostało {n"))


def test_lcd_widths_are_measured_with_realistic_values() -> None:
    assert formatted("Not your turn\n{name} is up") == "Not your turn\nMarian is up"
    assert formatted("Gold {amount:+d}") == "Gold +999"
    assert max(len(line) for line in formatted("Maks. stawka {coins}\nmasz {coins}").split(
        "\n")) <= LCD_COLS


# ---------------------------------------------------------------- our catalog format


def sample_catalog() -> Catalog:
    cat = new_catalog("pl")
    cat.add("LOCKED\nhold OK: unlock", "ZATWIERDZONE\ntrzymaj OK=zmień",
            [("companion/app/boxui.py", 102), ("companion/app/boxui.py", 160)],
            auto_comments=[LCD_NOTE], user_comments=["a translator's note"])
    cat.add('say "hi" \\ {n}', 'powiedz „cześć" \\ {n}', [("b.py", 2), ("a.py", 1)])
    cat.add("Red", "Czer", [("m.py", 3)], context="shop colour, 3 letters")
    cat.add("Red", "Czerwony", [("m.py", 2)])
    cat.add("Not sure", "Niepewne", [("c.py", 1)], flags=["fuzzy"])
    cat.add("Untranslated", "", [("c.py", 2)])
    cat.obsolete["Gone"] = Message("Gone", "Znikło")
    return cat


def test_catalog_files_name_files_not_lines_and_sort_by_id() -> None:
    """What keeps parallel branches from conflicting: references without line numbers,
    entries sorted by id (a new one lands in its own place), obsolete ones last."""
    text = po_bytes(sample_catalog()).decode()
    assert "#: companion/app/boxui.py\n" in text and ":102" not in text and ":160" not in text
    assert "#: a.py b.py\n" in text
    ids = [line for line in text.splitlines() if line.startswith("msgid ")]
    assert ids == sorted(ids) and text.index("Untranslated") < text.index('#~ msgid "Gone"')
    assert 'msgctxt "shop colour, 3 letters"\nmsgid "Red"\nmsgstr "Czer"' in text
    assert "Generated-By" not in text and "Plural-Forms: nplurals=3;" in text
    path = Path(__file__).parent / "_i18n_roundtrip.po"
    try:
        path.write_text(text, encoding="utf-8")
        again = read_catalog(path, "pl")
    finally:
        path.unlink()
    assert po_bytes(again).decode() == text  # what we write, we read back unchanged


def test_moving_code_changes_no_catalog_line(tmp_path: Path) -> None:
    module = tmp_path / "companion" / "m.py"
    module.parent.mkdir()
    module.write_text('from x import msg\nA = msg("Hello")\n', encoding="utf-8")
    before = po_bytes(extract_template(tmp_path))
    module.write_text('from x import msg\n\n\n\nA = msg("Hello")\n', encoding="utf-8")
    assert po_bytes(extract_template(tmp_path)) == before
    assert b"#: companion/m.py\n" in before


def test_mo_files_hold_the_usable_translations_only() -> None:
    data = mo_bytes(sample_catalog())
    assert data == mo_bytes(sample_catalog())  # deterministic: git sees real changes only
    assert b"Babel" not in data  # nor does the Babel version that compiled it
    mo = gettext.GNUTranslations(io.BytesIO(data))
    assert mo.gettext("LOCKED\nhold OK: unlock") == "ZATWIERDZONE\ntrzymaj OK=zmień"
    assert mo.gettext('say "hi" \\ {n}') == 'powiedz „cześć" \\ {n}'
    assert mo.pgettext("shop colour, 3 letters", "Red") == "Czer"
    assert translator_over(data)(msg_in("shop colour, 3 letters", "Red")) == "Czer"
    assert mo.gettext("Red") == "Czerwony"
    assert mo.gettext("Not sure") == "Not sure"  # fuzzy: English until confirmed
    assert mo.gettext("Untranslated") == "Untranslated"
    assert mo.gettext("Gone") == "Gone"
    assert mo.info()["language"] == "pl"


def translator_over(mo: bytes) -> object:
    """Render a Msg through a .mo the way the app's translator looks keys up."""
    lookup = gettext.GNUTranslations(io.BytesIO(mo)).gettext

    def render(m: Msg) -> str:
        return m.render(lambda k: lookup(k).rpartition("\x04")[2])

    return render


def test_merging_keeps_translations_and_marks_what_went_away() -> None:
    pot = new_catalog(None)
    for text in ("Red", "Start the auction now", "Brand new", "Back again"):
        pot.add(text, locations=[("m.py", 1)])
    po = new_catalog("pl")
    po.add("Red", "Czerwony")
    po.add("Start the auction", "Zacznij licytację")
    po.add("Old", "Stare")
    po.obsolete["Back again"] = Message("Back again", "Znowu")
    merged = merge(pot, po)
    live = {m.id: m for m in live_messages(merged)}
    assert live["Red"].string == "Czerwony" and not live["Red"].fuzzy
    assert live["Start the auction now"].string == "Zacznij licytację"
    assert live["Start the auction now"].fuzzy  # a reworded id: confirm the old text
    assert not live["Brand new"].string and not live["Brand new"].fuzzy
    assert live["Back again"].string == "Znowu"  # an obsolete id that came back
    assert set(merged.obsolete) == {"Old"}
    assert merged.plural_forms.startswith("nplurals=3")


@pytest.mark.slow  # every catalog and source file, extracted and checked
def test_the_tool_checks_the_repository(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.i18n.__main__ import main as tool

    assert tool(["compile", "--check"]) == 0
    assert tool(["check"]) == 0, capsys.readouterr().out


@pytest.fixture
def no_mo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A checkout where nobody compiled yet: the .mo is missing."""
    import companion.i18n as i18n

    real = i18n._locale_file

    def missing_mo(lang: str, suffix: str) -> object:
        return real(lang, "missing") if suffix == "mo" else real(lang, suffix)

    monkeypatch.setattr(i18n, "_locale_file", missing_mo)
    yield


def test_a_missing_mo_is_an_error_not_english(no_mo: None) -> None:
    with pytest.raises(FileNotFoundError, match=r"python -m companion\.i18n compile"):
        translator("pl")


@pytest.mark.slow  # a fresh interpreter
def test_the_app_translates_with_the_standard_library_only() -> None:
    """Babel is a development tool: the table reads the .mo with gettext alone."""
    code = ("import sys, companion.i18n as i; assert i.translator('pl')('Final results') == "
            "'Wyniki końcowe'; import companion.app.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=SOURCE_ROOT).stdout
    assert out.strip() == "[]"


def test_environment_does_not_choose_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the config or --lang do: a Pi with LANG=pl_PL still follows the config."""
    monkeypatch.setenv("LANGUAGE", "pl")
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert translator("en")("Final results") == "Final results"
    assert Msg("Final results").render() == "Final results"
    assert os.environ["LANG"] == "pl_PL.UTF-8"


def test_check_hardware_reports_in_the_tables_language() -> None:
    from companion.app.config import parse_config
    from companion.app.selftest import CheckEnv, check_hardware

    cfg = parse_config({"game": "camel-up", "language": "pl", "seat": [
        {"name": n, "box": f"keyboard:{i}"} for i, n in enumerate(("Ania", "Bruno", "Cezary"))]})
    lines: list[str] = []
    assert check_hardware(cfg, CheckEnv(out=lines.append, translate=translator(cfg.language),
                                        press_timeout=0.1)) == 0
    assert lines[0] == "Sprawdzam pudełka (3) z konfiguracji"
    assert "  ok: gracz 1 (Ania): klawisze klawiatury 0 (nie ma czego sprawdzać" in lines[1]
    assert lines[-1] == "Wszystkie pudełka (0) działają."


def test_engine_input_errors_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('game = "chess"\nlanguage = "pl"\n', encoding="utf-8")
    assert main(["run", "--config", str(config)]) == 2
    assert "nieznana gra 'chess'; znane gry:" in capsys.readouterr().err
    scenario = tmp_path / "bad.jsonl"
    scenario.write_text('{"type": "setup", "game": "camel-up", "seats": ["A", "B", "C"]}\n'
                        '{"type": "jump"}\n', encoding="utf-8")
    assert main(["--lang", "pl", "replay", str(scenario)]) == 2
    assert f"{scenario}:2: nieznany typ akcji 'jump'" in capsys.readouterr().err


def test_mega_civ_commodity_names_are_listed_and_short_in_every_language() -> None:
    from companion.engine.games.mega_civilization import commodity_table
    from companion.i18n.data_names import MEGA_CIV_COMMODITIES

    in_game = {name for seats in range(5, 19) for _, name, _, _ in commodity_table(seats)}
    assert set(MEGA_CIV_COMMODITIES) == in_game, "update companion/i18n/data_names.py"
    for lang in LANGUAGES:
        tr = translator(lang)
        for name in in_game:
            # "<Gemstones x12>" is a choice on the LCD: name, " x", 2 digits, the brackets
            assert len(msg("{name} x{n}", name=Msg(name), n=12).render(tr)) + 2 <= LCD_COLS, name
